"""The rules, browsable: every clause the engine implements, by system, and where a demo
shows it, so the page can list each clause with its text and open the demo at the step
that cites it (or, for a prohibition, at the refusal).

A step cites a clause when the step's own clause is that ID, when its text names the ID,
or, for a section clause without a number (``BT-BOMB``), when the step's clause is one of
that section's (``BT-BOMB.3``).

A few prohibitions are refused when a scenario is loaded (BT-STRAFE.1, BT-HIDDEN.4,
BT-ART.2), so no demo can hold one: `load_refusals` shows each on a copy of a demo with one
change, in the engine's own words.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine import scenario as sc
from engine import systems
from engine.clauses import CLAUSES, ENGINE_CLAUSES, clause_text
from engine.errors import IllegalAttack, ScenarioError
from engine.log import Step
from engine.scenario import Scenario
from engine.scenario.battletech import preplotted_limit
from engine.scenario.bounds import copied
from engine.words import DEFAULT_LANG, Lang, Msg, msg, say

FAMILIES = (("RT", msg("render.family.RT")), ("HH", msg("render.family.HH")),
            ("BT", msg("render.family.BT")))

Shown = tuple[str, int | None]
"""(demo file, index of the step that cites the clause), or (demo file, None) for a demo
whose attack the clause refuses."""


def rule_ids() -> list[str]:
    """Every clause ID of the rule texts, and the BattleTech facts the engine cites."""
    return [*CLAUSES, *(k for k in ENGINE_CLAUSES if k.startswith("BT-"))]


def rules_by_family(*, lang: Lang = DEFAULT_LANG) -> list[tuple[str, list[tuple[str, str]]]]:
    """(family title, [(clause ID, its text)]) for RT, HH and BT, in clause order, in
    `lang`."""
    ids = rule_ids()
    return [(say(title, lang), [(c, clause_text(c, lang)) for c in ids
                                if c.startswith(prefix + "-")])
            for prefix, title in FAMILIES]


def cites(step: Step, clause: str) -> bool:
    """Whether `step` cites `clause` (see the module docstring)."""
    if step.clause == clause:
        return True
    if re.search(r"(?<![\w.-])" + re.escape(clause) + r"(?![\w-]|\.\d)", say(step.text)):
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


@dataclass(frozen=True)
class LoadRefusal:
    """A demo changed so that the engine refuses it when loading it, in its own words."""

    clause: str
    demo: str
    change: str  # the change, as a player would make it
    reason: str  # the engine's refusal, which names the clause


Edit = Callable[[dict[str, Any], Scenario], Msg]
"""Changes a demo's document in place and says what it changed."""


def _strafe_gap(doc: dict[str, Any], scn: Scenario) -> Msg:
    """BT-STRAFE.1: drop the middle hex of a strafing run, leaving a gap."""
    run = next(s for s in doc["attack"]["supports"] if s["kind"] == "strafing")
    run["hexes"] = [run["hexes"][0], run["hexes"][2]]
    return msg("render.refusal.strafe_gap", first=run["hexes"][0], last=run["hexes"][1])


def _bluff_without_hidden(doc: dict[str, Any], scn: Scenario) -> Msg:
    """BT-HIDDEN.4: keep the Bluff card, drop the hidden aerospace rule."""
    doc["attack"]["hidden_aerospace"] = False
    return msg("render.refusal.bluff")


def _preplot_too_many(doc: dict[str, Any], scn: Scenario) -> Msg:
    """BT-ART.2: one pre-plotted hex more than the play area allows a selection."""
    name, hexes = next(iter(doc["attack"]["preplotted"].items()))
    column, row = hexes[0][:2], int(hexes[0][2:])
    limit = preplotted_limit(scn.board.map)
    doc["attack"]["preplotted"][name] = [f"{column}{row + k:02d}" for k in range(limit + 1)]
    return msg("render.refusal.preplotted", n=limit + 1, name=name, limit=limit)


LOAD_REFUSALS: tuple[tuple[str, str, Edit], ...] = (
    ("BT-STRAFE.1", "battletech-strafing-run.json", _strafe_gap),
    ("BT-HIDDEN.4", "battletech-hidden-bluff.json", _bluff_without_hidden),
    ("BT-ART.2", "rule-battletech-preplotted-thumper.json", _preplot_too_many),
)
"""(clause, demo file, change): the prohibitions the scenario loader enforces."""


def load_refusals(demos: Mapping[str, str], *,
                  lang: Lang = DEFAULT_LANG) -> dict[str, LoadRefusal]:
    """For each clause of `LOAD_REFUSALS` whose demo is among `demos` (file -> JSON text),
    the changed demo and the engine's refusal of it (only when the refusal cites the
    clause: a change the engine refused for another reason shows nothing), said in
    `lang`."""
    found = {}
    for clause, demo, edit in LOAD_REFUSALS:
        if demo not in demos:
            continue
        doc = json.loads(demos[demo])
        changed = copied(doc)
        change = edit(changed, sc.load_dict(doc))
        try:
            sc.load_dict(changed)
        except ScenarioError as refused:
            if say(refused.reason).startswith(clause + ":"):
                found[clause] = LoadRefusal(clause, demo, say(change, lang),
                                            say(refused.reason, lang))
    return found
