"""Every rule clause is proved by a test named after it (shared/rules/clauses.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.clauses import CLAUSES, ENGINE_CLAUSES, clause_text

TEST_NAMES = [name for path in Path(__file__).parent.glob("test_*.py")
              for name in re.findall(r"^def (test_\w+)", path.read_text("utf-8"), re.M)]
RULE_IDS = [*CLAUSES, *(k for k in ENGINE_CLAUSES if k.startswith("BT-"))]


@pytest.mark.parametrize("clause", RULE_IDS)
def test_every_clause_has_a_test_named_after_it(clause: str) -> None:
    slug = re.sub(r"[-.]", "_", clause.lower())
    assert any(re.match(rf"test_{slug}(_|$)", name) for name in TEST_NAMES), clause


def test_clause_texts_are_known() -> None:
    assert len(CLAUSES) == 22 + 20 + 30  # RT, HH, BT (25 numbered + 5 section clauses)
    assert all(clause_text(c) for c in RULE_IDS)
    assert clause_text("OPT") and clause_text("nonsense") == ""
