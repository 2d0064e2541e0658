"""A scenario error in players' words: the unit and the field by their names, not the JSON
path. ``units[1].df: must be an integer from 1 to 12`` reads "Regult 2: DF must be a whole
number from 1 to 12"; ``attack.targets: a volley divided ...`` reads "Missile targets: a
volley divided ...".

The path stays on the error (`ScenarioError.path`) for the command line and the JSON
output; `worded` only fills `ScenarioError.words`, which the page shows. Field names are
the Build panel's labels (engine.build.editing), options are named as in engine.readings.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from engine import scenario as sc
from engine.build.editing import ATTACK_FIELDS, UNIT_FIELDS, WEAPON_FIELDS, Spec
from engine.errors import ScenarioError
from engine.names import names_as_shown
from engine.readings import reading_name
from engine.scenario import bounds
from engine.words import say

_STEP = re.compile(r"\.?([A-Za-z_]\w*)|\[(\d+)\]")
ATTACK_WORDS = {
    "targets": "Missile targets", "point": "Ground point", "aim": "Where the hole is placed",
    "each_shot": "Shots", "reactions": "Reactions", "supports": "Supports",
    "in_flight": "Shells in flight", "air_cover": "Air Cover",
    "preplotted": "Pre-plotted hexes", "held": "Supports held back", "weapon": "Weapon",
}
"""Parts of the attack the Build panel edits without a field of their own."""
ITEM_WORDS = {"targets": "Missile {n}'s target", "each_shot": "Shot {n}",
              "supports": "Support {n}", "in_flight": "Shell {n}", "air_cover": "Air Cover {n}",
              "dice": "Scripted die {n}", "terrain": "Terrain feature {n}",
              "sheets": "Map sheet {n}"}
"""A numbered item of a list, counted from 1."""
TOP_WORDS = {"table": "Table", "map": "Map", "seed": "Seed", "dice": "Scripted dice",
             "system": "System", "format": "Format", "title": "Title", "notes": "Notes",
             "terrain": "Terrain", "units": "Units", "options": "Options",
             "attack": "Attack", "scenario": "The scenario", "share": "The share link",
             "squad": "The squad", "file": "The file"}
FIELD_WORDS = {"width": "width", "height": "height", "sheets": "sheets", "x": "x",
               "y": "y", "points": "points", "target": "target", "hexes": "hexes",
               "kind": "kind", "gun": "gun", "fired_turn": "turn fired",
               "spotted": "spotted", "spotter": "spotter", "spotter_attacked":
               "spotter attacked", "against": "against", "selection": "selection",
               "count": "count", "shape": "shape", "spacing": "spacing",
               "id": "id", "hull": "hull", "armour": "armour"}
"""Fields with no Build-panel label: their words."""
_VERBS = ("must ", "is ", "names ", "holds ", "has ", "may ", "cannot ", "needs ")
_REASONS = ((re.compile(r"\ban integer\b"), "a whole number"),
            (re.compile(r"\btrue or false\b"), "yes or no"),
            (re.compile(r"\s*\(known: [^)]*\)"), ""),
            (re.compile(r"\bone id per missile\b"), "one target per missile"),
            (re.compile(r"\bTrue\b"), "yes"), (re.compile(r"\bFalse\b"), "no"))


def _label(specs: Sequence[Spec], key: str) -> str:
    for spec in specs:
        if spec.key == key:
            return spec.label
    return FIELD_WORDS.get(key, key.replace("_", " "))


def _steps(path: str) -> list[str | int]:
    return [int(m.group(2)) if m.group(2) else m.group(1) for m in _STEP.finditer(path)]


def _unit_words(doc: Mapping[str, Any], i: int, rest: list[str | int]) -> tuple[str, str]:
    raw = doc.get("units")
    units: list[Any] = raw if isinstance(raw, list) else []
    pairs = [(str(u.get("id", "")), str(u.get("name") or u.get("id") or f"unit {n + 1}"))
             for n, u in enumerate(units) if isinstance(u, dict)]
    shown = names_as_shown(pairs)
    who = (shown.get(pairs[i][0], pairs[i][1]) if i < len(pairs)
           else f"Unit {i + 1}")
    system = str(doc.get("system", ""))
    key = ".".join(str(s) for s in rest if isinstance(s, str))
    return who, _label(UNIT_FIELDS.get(system, ()), key) if key else ""


def path_words(doc: Mapping[str, Any], path: str) -> tuple[str, str]:
    """(who or what, which field) for a path: ("Regult 2", "DF"), ("Missile targets", "")."""
    steps = _steps(path)
    system = str(doc.get("system", ""))
    if not steps:
        return "The scenario", ""
    head, rest = steps[0], steps[1:]
    if head == "units" and rest and isinstance(rest[0], int):
        return _unit_words(doc, rest[0], rest[1:])
    if head == "options" and rest:
        return reading_name(system, str(rest[0])), ""
    if head == "attack" and rest:
        part, more = str(rest[0]), rest[1:]
        if part == "weapon":
            key = ".".join(str(s) for s in more if isinstance(s, str))
            return "Weapon", _label(WEAPON_FIELDS.get(system, ()), key) if key else ""
        if more and isinstance(more[0], int) and part in ITEM_WORDS:
            what = ITEM_WORDS[part].format(n=more[0] + 1)
            key = ".".join(str(s) for s in more[1:] if isinstance(s, str))
            return what, FIELD_WORDS.get(key, key.replace("_", " "))
        if part in ATTACK_WORDS:
            return ATTACK_WORDS[part], ""
        return _label(ATTACK_FIELDS.get(system, ()), part), ""
    where = TOP_WORDS.get(str(head), str(head).replace("_", " ").capitalize())
    if rest and isinstance(rest[0], int) and str(head) in ITEM_WORDS:
        where = ITEM_WORDS[str(head)].format(n=rest[0] + 1)
        rest = rest[1:]
    key = ".".join(str(s) for s in rest if isinstance(s, str))
    return where, FIELD_WORDS.get(key, key.replace("_", " ")) if key else ""


def reason_words(reason: str) -> str:
    """A parser's reason in players' words: "a whole number", "yes or no", no list of JSON
    field names."""
    for pattern, words in _REASONS:
        reason = pattern.sub(words, reason)
    return reason


def error_words(doc: Mapping[str, Any], path: str, reason: str) -> str:
    """The error as the page says it: "Regult 2: DF must be a whole number from 1 to 12"."""
    who, field = path_words(doc if isinstance(doc, Mapping) else {}, path)
    reason = reason_words(reason)
    joined = (f"{field} {reason}" if field and reason.startswith(_VERBS)
              else f"{field}: {reason}" if field else reason)
    if field or not reason.startswith(_VERBS):
        return f"{who}: {joined}"
    return f"{who} {joined}"


def worded(err: ScenarioError, doc: Any) -> ScenarioError:
    """`err` with its players' words (`words`) set from the document it was raised for."""
    err.words = error_words(doc if isinstance(doc, Mapping) else {}, err.path,
                            say(err.reason))
    return err


def load(data: Any) -> sc.Scenario:
    """`engine.scenario.load_dict` (or `loads`, for text) whose refusal carries its words."""
    if isinstance(data, str | bytes):
        data = bounds.parse(data)  # malformed JSON: its reason is words already
    try:
        return sc.load_dict(data)
    except ScenarioError as err:
        raise worded(err, data) from None
