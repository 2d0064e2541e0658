"""The rules, browsable: every clause the engine implements, by system, and where a demo
shows it, so the page can list each clause with its text and open the demo at the step
that cites it (or, for a prohibition, at the refusal).

A step cites a clause when the step's own clause is that ID, when its text names the ID,
or, for a section clause without a number (``BT-BOMB``), when the step's clause is one of
that section's (``BT-BOMB.3``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine import systems
from engine.clauses import CLAUSES, ENGINE_CLAUSES, clause_text
from engine.errors import IllegalAttack
from engine.log import Step
from engine.scenario import Scenario

FAMILIES = (("RT", "Robotech RPG Tactics: Blast"), ("HH", "Warhammer 40K / Horus Heresy: Blast"),
            ("BT", "BattleTech: Battlefield Support"))

Shown = tuple[str, int | None]
"""(demo file, index of the step that cites the clause), or (demo file, None) for a demo
whose attack the clause refuses."""


def rule_ids() -> list[str]:
    """Every clause ID of the rule texts, and the BattleTech facts the engine cites."""
    return [*CLAUSES, *(k for k in ENGINE_CLAUSES if k.startswith("BT-"))]


def rules_by_family() -> list[tuple[str, list[tuple[str, str]]]]:
    """(family title, [(clause ID, its text)]) for RT, HH and BT, in clause order."""
    ids = rule_ids()
    return [(title, [(c, clause_text(c)) for c in ids if c.startswith(prefix + "-")])
            for prefix, title in FAMILIES]


def cites(step: Step, clause: str) -> bool:
    """Whether `step` cites `clause` (see the module docstring)."""
    if step.clause == clause:
        return True
    if re.search(r"(?<![\w.-])" + re.escape(clause) + r"(?![\w-]|\.\d)", step.text):
        return True
    return "." not in clause and step.clause.startswith(clause + ".")


def where_shown(demos: Iterable[tuple[str, Scenario]]) -> dict[str, Shown]:
    """For each clause, the first demo step (in the demos' order) that cites it, or the
    first demo whose attack it refuses."""
    found: dict[str, Shown] = {}
    ids = rule_ids()
    for name, scenario in demos:
        try:
            steps = systems.resolve(scenario).steps
        except IllegalAttack as refused:
            found.setdefault(refused.clause, (name, None))
            continue
        for index, step in enumerate(steps):
            for clause in ids:
                if clause not in found and cites(step, clause):
                    found[clause] = (name, index)
    return found
