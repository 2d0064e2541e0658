"""The README and docs/ stay true to the code: options, demos, commands and links they
name exist."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from scriptfile import load

from engine.scenario import battletech, heresy, robotech

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = sorted((ROOT / "docs").glob("*.md"))
RULES = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("parser", [robotech, heresy, battletech], ids=lambda m: m.__name__)
def test_every_option_is_in_the_rules_doc_with_its_default(parser) -> None:
    system = parser.__name__.rsplit(".", 1)[1]
    for name, default in parser.OPTIONS.items():
        row = re.search(rf"^\| `{name}` \| {system} \| `([^`]*)`", RULES, re.M)
        assert row, f"docs/rules.md options table lacks {system} option {name!r}"
        assert row.group(1) == json.dumps(default), f"docs/rules.md default of {name!r}"


@pytest.mark.parametrize("page", [ROOT / "README.md", *DOCS], ids=lambda p: p.name)
def test_every_demo_named_exists(page: Path) -> None:
    for name in set(re.findall(r"web/demos/([\w-]+\.json)", page.read_text("utf-8"))):
        assert (ROOT / "web" / "demos" / name).exists(), name


@pytest.mark.parametrize("page", [ROOT / "README.md", *DOCS], ids=lambda p: p.name)
def test_every_link_between_readme_and_docs_resolves(page: Path) -> None:
    """Relative links ([text](path) and ![alt](path)) name a file that exists."""
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text("utf-8")):
        if "://" not in target:
            assert (page.parent / target).exists(), f"{page.name} links to {target}"


def test_the_readme_is_a_newcomers_page() -> None:
    """At most 220 lines, the two commands before anything else that is a section."""
    assert len(README.splitlines()) <= 220
    sections = re.findall(r"^## (.+)$", README, re.M)
    assert sections[0] == "Two commands"
    for page in DOCS:
        assert page.name in README, f"README does not link docs/{page.name}"


def ci_readme():
    """.ci/readme.py, the helper .ci/run takes the README's commands with."""
    return load(".ci/readme.py", "ci_readme")


def test_readme_gives_the_two_commands_ci_runs() -> None:
    commands = ci_readme().commands(README)
    assert commands == {"serve": "python3 build.py serve", "test": "python3 run_tests.py"}
    ci = (ROOT / ".ci" / "run").read_text()
    assert "readme.py command serve" in ci and "readme.py command test" in ci


@pytest.mark.parametrize("text, error", [
    ("<!-- command: a -->\nplain text\n", "no fenced block"),
    ("<!-- command: a -->\n```sh\n# comment only\n```\n", "holds 0 commands"),
    ("<!-- command: a -->\n```sh\nx\ny\n```\n", "holds 2 commands"),
    ("<!-- command: a -->\n```\nx\n```\n<!-- command: a -->\n```\ny\n```\n", "twice"),
])
def test_a_broken_command_block_stops_ci(text: str, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        ci_readme().commands(text)


def test_a_command_block_skips_comments_and_blank_lines() -> None:
    text = "<!-- command: go -->\n\n```sh\n# say what\n\n  do it  \n```\n"
    assert ci_readme().commands(text) == {"go": "do it"}
