"""The README stays true to the code: options, demos and commands it names exist."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.scenario import battletech, heresy, robotech

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("parser", [robotech, heresy, battletech], ids=lambda m: m.__name__)
def test_every_option_is_in_the_readme_with_its_default(parser) -> None:
    system = parser.__name__.rsplit(".", 1)[1]
    for name, default in parser.OPTIONS.items():
        row = re.search(rf"^\| `{name}` \| {system} \| `([^`]*)`", README, re.M)
        assert row, f"README options table lacks {system} option {name!r}"
        assert row.group(1) == json.dumps(default), f"README default of {name!r}"


def test_every_demo_the_readme_names_exists() -> None:
    for name in set(re.findall(r"web/demos/([\w-]+\.json)", README)):
        assert (ROOT / "web" / "demos" / name).exists(), name


def test_readme_gives_the_two_commands() -> None:
    assert "python3 build.py serve" in README
    assert "bash .ci/run" in README
    assert "python3 -m pytest" in (ROOT / ".ci" / "run").read_text()
