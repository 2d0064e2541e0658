"""The rules, browsable (issue 14.11), without a browser: every clause is shown by a demo
step that cites it, by a demo the rules refuse, or, for a prohibition the scenario loader
enforces, by a demo changed to break it, refused in the engine's own words."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import scenario as sc
from engine.render.rules import LOAD_REFUSALS, load_refusals, rule_ids, where_shown

DEMOS = Path(__file__).resolve().parent.parent / "web" / "demos"
TEXTS = {p.name: p.read_text("utf-8") for p in sorted(DEMOS.glob("*.json"))}


@pytest.mark.parametrize("clause", [c for c, _, _ in LOAD_REFUSALS])
def test_BT_STRAFE_1_BT_HIDDEN_4_BT_ART_2_refused_at_load_with_an_example(clause):
    example = load_refusals(TEXTS)[clause]
    assert example.reason.startswith(clause + ":") and example.change
    sc.loads(TEXTS[example.demo])  # the demo itself is legal: only the change is refused


def test_every_clause_is_shown_by_a_demo_step_or_a_refusal():
    shown = where_shown((name, sc.loads(text)) for name, text in TEXTS.items())
    assert set(rule_ids()) - set(shown) - set(load_refusals(TEXTS)) == set()
