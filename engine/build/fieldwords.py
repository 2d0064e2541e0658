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
from engine.words import Msg, Words, msg, say

_STEP = re.compile(r"\.?([A-Za-z_]\w*)|\[(\d+)\]")
ATTACK_PARTS = ("targets", "point", "aim", "each_shot", "reactions", "supports", "in_flight",
                "air_cover", "preplotted", "held", "weapon")
"""Parts of the attack the Build panel edits without a field of their own
(``build.place.<part>``)."""
ITEMS = ("targets", "each_shot", "supports", "in_flight", "air_cover", "dice", "terrain",
         "sheets")
"""Lists whose items are named by their number, counted from 1 (``build.item.<list>``)."""
TOP = ("table", "map", "seed", "dice", "system", "format", "title", "notes", "translations",
       "terrain", "units", "options", "attack", "scenario", "share", "squad", "file")
"""Top-level parts of a scenario (and of what the page loads) by their names
(``build.place.<part>``)."""
FIELDS = ("width", "height", "sheets", "x", "y", "points", "target", "hexes", "kind", "gun",
          "fired_turn", "spotted", "spotter", "spotter_attacked", "against", "selection",
          "count", "shape", "spacing", "id", "hull", "armour")
"""Fields with no Build-panel label (``build.field.<key>``)."""
_VERBS = ("must ", "is ", "names ", "holds ", "has ", "may ", "cannot ", "needs ")
_PLAYERS = {"scenario.kind.integer": "build.kind.whole_number",
            "scenario.boolean": "build.reason.boolean",
            "scenario.unknown_field": "build.reason.unknown_field",
            "scenario.rt.split_volley": "scenario.rt.split_volley.players",
            "scenario.literal.true": "common.yes", "scenario.literal.false": "common.no"}
"""A parser's reason and the players' words for it: "a whole number", "yes or no", no
list of JSON field names, "one target per missile"."""


def _field(key: str) -> Words:
    return msg(f"build.field.{key}") if key in FIELDS else key.replace("_", " ")


def _label(specs: Sequence[Spec], key: str) -> Words:
    for spec in specs:
        if spec.key == key:
            return spec.label
    return _field(key)


def _steps(path: str) -> list[str | int]:
    return [int(m.group(2)) if m.group(2) else m.group(1) for m in _STEP.finditer(path)]


def _unit_words(doc: Mapping[str, Any], i: int, rest: list[str | int]) -> tuple[Words, Words]:
    raw = doc.get("units")
    units: list[Any] = raw if isinstance(raw, list) else []
    pairs = [(str(u.get("id", "")), str(u.get("name") or u.get("id") or f"unit {n + 1}"))
             for n, u in enumerate(units) if isinstance(u, dict)]
    shown = names_as_shown(pairs)
    who: Words = msg("build.unit_n.start", n=i + 1)
    if i < len(pairs):
        who = shown.get(pairs[i][0], pairs[i][1])
        unnamed = units[i] if isinstance(units[i], dict) else {}
        if not (unnamed.get("name") or unnamed.get("id")) and who == f"unit {i + 1}":
            who = msg("build.unit_n", n=i + 1)  # neither name nor id: its number, in words
    system = str(doc.get("system", ""))
    key = ".".join(str(s) for s in rest if isinstance(s, str))
    return who, _label(UNIT_FIELDS.get(system, ()), key) if key else ""


def path_words(doc: Mapping[str, Any], path: str) -> tuple[Words, Words]:
    """(who or what, which field) for a path: ("Regult 2", "DF"), ("Missile targets", "")."""
    steps = _steps(path)
    system = str(doc.get("system", ""))
    if not steps:
        return msg("build.place.scenario"), ""
    head, rest = steps[0], steps[1:]
    if head == "units" and rest and isinstance(rest[0], int):
        return _unit_words(doc, rest[0], rest[1:])
    if head == "options" and rest:
        return reading_name(system, str(rest[0])), ""
    if head == "attack" and rest:
        part, more = str(rest[0]), rest[1:]
        if part == "weapon":
            key = ".".join(str(s) for s in more if isinstance(s, str))
            return (msg("build.place.weapon"),
                    _label(WEAPON_FIELDS.get(system, ()), key) if key else "")
        if more and isinstance(more[0], int) and part in ITEMS:
            what = msg(f"build.item.{part}", n=more[0] + 1)
            key = ".".join(str(s) for s in more[1:] if isinstance(s, str))
            return what, _field(key)
        if part in ATTACK_PARTS:
            return msg(f"build.place.{part}"), ""
        return _label(ATTACK_FIELDS.get(system, ()), part), ""
    where: Words = (msg(f"build.place.{head}") if head in TOP
                    else str(head).replace("_", " ").capitalize())
    if rest and isinstance(rest[0], int) and str(head) in ITEMS:
        where = msg(f"build.item.{head}", n=rest[0] + 1)
        rest = rest[1:]
    key = ".".join(str(s) for s in rest if isinstance(s, str))
    return where, _field(key) if key else ""


def reason_words(reason: Words) -> Words:
    """A parser's reason in players' words: "a whole number", "yes or no", no list of JSON
    field names (`_PLAYERS`, in every message the reason holds)."""
    if isinstance(reason, str):
        return reason  # a library's words (a hex label's, a JSON parser's)
    return Msg(_PLAYERS.get(reason.key, reason.key),
               {k: _players_arg(v) for k, v in reason.args.items()})


def _players_arg(value: Any) -> Any:
    if isinstance(value, Msg):
        return reason_words(value)
    if isinstance(value, list | tuple):
        return [_players_arg(v) for v in value]
    return value


def error_words(doc: Mapping[str, Any], path: str, reason: Words) -> Msg:
    """The error as the page says it: "Regult 2: DF must be a whole number from 1 to 12".
    A reason that reads after its field (English: it starts with "must", "is"...) is said
    after it ("DF must be", 「DFは…」), any other as a sentence of its own."""
    who, field = path_words(doc if isinstance(doc, Mapping) else {}, path)
    reason = reason_words(reason)
    predicate = say(reason).startswith(_VERBS)
    if field:
        key = "build.said.field_predicate" if predicate else "build.said.field_sentence"
        return msg(key, who=who, field=field, reason=reason)
    return msg("build.said.predicate" if predicate else "build.said.sentence",
               who=who, reason=reason)


def worded(err: ScenarioError, doc: Any) -> ScenarioError:
    """`err` with its players' words (`words`) set from the document it was raised for."""
    err.words = error_words(doc if isinstance(doc, Mapping) else {}, err.path, err.reason)
    return err


def load(data: Any) -> sc.Scenario:
    """`engine.scenario.load_dict` (or `loads`, for text) whose refusal carries its words."""
    if isinstance(data, str | bytes):
        data = bounds.parse(data)  # malformed JSON: its reason is words already
    try:
        return sc.load_dict(data)
    except ScenarioError as err:
        raise worded(err, data) from None
