"""What a player may edit without JSON: a description of every field the rules read.

The page builds its forms from these descriptions (web/page/forms.py), so it holds no
rule: each `Spec` says where a value lives in the scenario document, its label, what it
may hold (its range or its alternatives) and one line on what it means at the table. The
ranges are the parsers' own (engine/scenario/<system>.py), which stay the judge: a value
`coerce` accepts is only converted, never validated twice. Option alternatives come from
the parsers' OPTION_CHOICES, with one line each (engine.words.build, the README's option table).

Kinds: ``int``, ``number``, ``text``, ``bool``, ``choice`` (one of ``choices``),
``flags`` (a list holding any of ``choices``: abilities, weapon rules), ``save`` (an
integer 2-6 or none), ``hex`` (a BattleTech label) and ``unit`` (a unit id).
``when`` names the unit field that must be true (or the kind it must have) for the
field to apply, e.g. a Heresy hull only for a vehicle.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import ScenarioError
from engine.readings import choice_words, reading_name
from engine.scenario import battletech, heresy, robotech
from engine.scenario.bounds import copied
from engine.words import Words, msg


@dataclass(frozen=True)
class Spec:
    """One editable field: its path inside its object, label, kind, range and meaning."""

    key: str
    label: Words
    kind: str
    lo: float | None = None
    hi: float | None = None
    choices: tuple[Any, ...] = ()
    help: Words = ""
    when: str | None = None
    default: Any = None
    choice_words: tuple[Words, ...] = ()
    """How each of `choices` reads on the page (empty: as written, hyphens as spaces)."""


def _choice(key: str, label: Words, kind: str, choices: tuple[Any, ...], **more: Any) -> Spec:
    """A field of fixed choices (a "choice" or "flags"), each read as its message
    ``build.choice.<key>.<choice>``."""
    return Spec(key, label, kind, choices=choices,
                choice_words=tuple(msg(f"build.choice.{key}.{c}") for c in choices), **more)


POSITION = (Spec("x", msg("build.label.x"), "number", 0, 400, help=msg("build.help.x")),
            Spec("y", msg("build.label.y"), "number", 0, 400, help=msg("build.help.y")))
IDENTITY = (Spec("name", msg("build.label.name"), "text", help=msg("build.help.name")),
            Spec("side", msg("build.label.side"), "text", help=msg("build.help.side")))

UNIT_FIELDS: dict[str, tuple[Spec, ...]] = {
    "robotech": IDENTITY + (
        _choice("kind", msg("build.label.kind"), "choice", robotech.UNIT_KINDS,
                default="mecha", help=msg("build.help.kind")),
        *POSITION,
        Spec("base_mm", msg("build.label.base_mm"), "number", 1, 500, default=40),
        Spec("df", msg("build.label.df"), "int", 1, 12, help=msg("build.help.df")),
        Spec("gn", msg("build.label.gn"),
             "int", 0, 10, when="mecha", default=0, help=msg("build.help.gn")),
        Spec("pil", msg("build.label.pil"),
             "int", 0, 10, when="mecha", default=0, help=msg("build.help.pil")),
        Spec("cp", msg("build.label.cp"), "int", 0, 50, when="mecha", default=0,
             help=msg("build.help.cp")),
        Spec("leadership", msg("build.label.leadership"), "int", 0, 10, when="mecha", default=0,
             help=msg("build.help.leadership")),
        Spec("squadron", msg("build.label.squadron"), "text", when="mecha",
             help=msg("build.help.squadron")),
        Spec("mdc", msg("build.label.mdc"), "int", 0, 10000, help=msg("build.help.mdc")),
        Spec("life_is_cheap", msg("build.label.life_is_cheap"), "bool", when="mecha", default=False,
             help=msg("build.help.life_is_cheap")),
        Spec("anti_missile", msg("build.label.anti_missile"), "bool", when="mecha", default=False,
             help=msg("build.help.anti_missile")),
    ),
    "heresy": IDENTITY + (
        Spec("unit", msg("build.label.unit"), "text", help=msg("build.help.unit")),
        *POSITION,
        Spec("base_mm", msg("build.label.base_mm"), "number", 1, 500, default=32),
        Spec("t", msg("build.label.t"), "int", 1, 10, default=4),
        Spec("w", msg("build.label.w"), "int", 1, 20, default=1),
        Spec("sv", msg("build.label.sv"), "save", 2, 6, help=msg("build.help.sv")),
        Spec("inv", msg("build.label.inv"), "save", 2, 6, help=msg("build.help.inv")),
        Spec("fnp", msg("build.label.fnp"), "save", 2, 6, help=msg("build.help.fnp")),
        Spec("cover", msg("build.label.cover"), "save", 2, 6, help=msg("build.help.cover")),
        Spec("vehicle", msg("build.label.vehicle"), "bool", default=False),
        Spec("hull.w", msg("build.label.hull.w"), "number", 0.1, 40, when="vehicle"),
        Spec("hull.h", msg("build.label.hull.h"), "number", 0.1, 40, when="vehicle"),
        Spec("hull.facing", msg("build.label.hull.facing"),
             "number", 0, 360, when="vehicle", default=0),
        Spec("armour.front", msg("build.label.armour.front"), "int", 1, 14, when="vehicle"),
        Spec("armour.side", msg("build.label.armour.side"), "int", 1, 14, when="vehicle"),
        Spec("armour.rear", msg("build.label.armour.rear"), "int", 1, 14, when="vehicle"),
        Spec("hp", msg("build.label.hp"), "int", 0, 20, when="vehicle", default=3),
    ),
    "battletech": IDENTITY + (
        Spec("hex", msg("build.label.hex"), "hex", help=msg("build.help.hex")),
        _choice("type", msg("build.label.type"), "choice", battletech.UNIT_TYPES,
                default="mech"),
        Spec("facing", msg("build.label.facing"),
             "int", 0, 5, default=0, help=msg("build.help.facing")),
    ),
}

WEAPON_FIELDS: dict[str, tuple[Spec, ...]] = {
    "robotech": (
        Spec("name", msg("build.label.weapon"), "text"),
        Spec("md", msg("build.label.md"), "int", 0, 1000, help=msg("build.help.md")),
        Spec("range", msg("build.label.rg"), "number", 0.1, 1000),
        _choice("abilities", msg("build.label.abilities"), "flags", robotech.ABILITIES,
                default=["blast"]),
        Spec("volley", msg("build.label.volley"),
             "int", 1, 12, default=1, help=msg("build.help.volley")),
    ),
    "heresy": (
        Spec("name", msg("build.label.weapon"), "text"),
        Spec("s", msg("build.label.s"), "int", 1, 10),
        Spec("ap", msg("build.label.ap"), "save", 1, 6, help=msg("build.help.ap")),
        Spec("shots", msg("build.label.shots"), "int", 1, 20, default=1),
        Spec("range", msg("build.label.range"), "number", 0.1, 1000),
        Spec("min_range", msg("build.label.min_range"), "number", 0, 1000, default=0),
        Spec("blast", msg("build.label.blast"), "choice", choices=heresy.BLAST_SIZES, default=3,
             help=msg("build.help.blast")),
        _choice("rules", msg("build.label.rules"), "flags", ("ordnance",), default=[]),
        Spec("gets_hot", msg("build.label.gets_hot"), "bool", default=False),
        Spec("twin_linked", msg("build.label.twin_linked"), "bool", default=False),
        Spec("breaching", msg("build.label.breaching"),
             "save", 2, 6, help=msg("build.help.breaching")),
    ),
}

ATTACK_FIELDS: dict[str, tuple[Spec, ...]] = {
    "robotech": (Spec("attacker", msg("build.label.attacker"), "unit"),),
    "heresy": (
        Spec("firer", msg("build.label.firer"), "unit"),
        Spec("target", msg("build.label.target"), "unit"),
        Spec("bs", msg("build.label.bs"), "int", 1, 10),
        _choice("reroll", msg("build.label.reroll"), "choice", heresy.REROLLS,
                default="none"),
        _choice("reroll_when", msg("build.label.reroll_when"), "choice", heresy.REROLL_WHEN,
                default="target-missed"),
        Spec("snap_shot", msg("build.label.snap_shot"),
             "bool", default=False, help=msg("build.help.snap_shot")),
    ),
    "battletech": (
        Spec("turn", msg("build.label.turn"), "int", 0, 1000, default=1),
        Spec("side", msg("build.label.firing_side"), "text"),
        Spec("hidden_aerospace", msg("build.label.hidden_aerospace"), "bool", default=False,
             help=msg("build.help.hidden_aerospace")),
    ),
}

REACTION_FIELDS = tuple(Spec(k, msg(f"build.label.{k}"), "bool", default=True)
                        for k in ("shoot_down", "dodge", "roll_with_impact"))

OPTION_DEFAULTS: dict[str, Mapping[str, object]] = {
    "robotech": robotech.OPTIONS, "heresy": heresy.OPTIONS, "battletech": battletech.OPTIONS}
OPTION_CHOICES: dict[str, Mapping[str, tuple[object, ...]]] = {
    "robotech": robotech.OPTION_CHOICES, "heresy": heresy.OPTION_CHOICES,
    "battletech": battletech.OPTION_CHOICES}


def option_specs(system: str) -> tuple[Spec, ...]:
    """Every named option of `system` with its alternatives, default and one line."""
    return tuple(Spec(name, reading_name(system, name), "choice",
                      choices=OPTION_CHOICES[system][name], default=default,
                      help=msg(f"build.option.{system}.{name}"),
                      choice_words=tuple(choice_words(system, name, c)
                                         for c in OPTION_CHOICES[system][name]))
                 for name, default in OPTION_DEFAULTS[system].items())


def applies(spec: Spec, obj: dict[str, Any]) -> bool:
    """Whether `spec` applies to this unit (`when`: a true field, or the unit's kind)."""
    if spec.when is None:
        return True
    if spec.when == "mecha":
        kind: object = obj.get("kind", "mecha")
        return kind == "mecha"
    return bool(obj.get(spec.when))


def read(obj: dict[str, Any], spec: Spec) -> Any:
    """The value `spec` points at in `obj` (its default when absent)."""
    value: Any = obj
    for part in spec.key.split("."):
        if not isinstance(value, dict) or part not in value:
            return spec.default
        value = value[part]
    return value


def write(obj: dict[str, Any], spec: Spec, value: Any) -> dict[str, Any]:
    """A copy of `obj` with `spec`'s field set to `value` (None removes it)."""
    out = copied(obj)
    *parents, last = spec.key.split(".")
    node = out
    for part in parents:
        node = node.setdefault(part, {})
    if value is None:
        node.pop(last, None)
    else:
        node[last] = value
    return out


def coerce(spec: Spec, raw: Any, path: str) -> Any:
    """The document value for what the player typed or ticked (a ScenarioError naming
    `path` when it is not even of the field's kind; the parser checks the range)."""
    if spec.kind in ("bool", "flags"):
        return raw if spec.kind == "flags" else bool(raw)
    text = str(raw).strip()
    if spec.kind == "text" and not text:
        return None  # an emptied text field is left out, as if never typed
    if spec.kind in ("text", "hex", "unit"):
        return text
    if spec.kind == "choice":
        for c in spec.choices:
            if str(c) == text or (isinstance(c, bool) and text.lower() == str(c).lower()):
                return c
        raise ScenarioError(path, msg("scenario.one_of",
                                      choices=[str(c) for c in spec.choices]))
    if spec.kind == "save" and text in ("", "-", "none"):
        return None
    if text == "" and spec.kind == "int" and spec.default is None:
        return None
    try:
        number = float(text)
    except ValueError:
        raise ScenarioError(path, msg("build.reason.number", text=repr(text))) from None
    if spec.kind in ("int", "save"):
        if number != int(number):
            raise ScenarioError(path, msg("build.reason.whole_number"))
        return int(number)
    return int(number) if number == int(number) else round(number, 3)


def with_aim(doc: dict[str, Any], moves: str, shots: tuple[int, ...], x: float, y: float
             ) -> dict[str, Any]:
    """`doc` with an aim moved to (x, y) (`engine.build.reach.RangeLine.moves`): ``"aim"``, the
    hole of the Heresy shots `shots` (HH-1), in ``attack.each_shot`` when the document aims
    shot by shot, else ``attack.aim``; ``"point"``, a Robotech ground point (RT-3)."""
    out = copied(doc)
    attack = out["attack"]
    point = {"x": round(x, 2), "y": round(y, 2)}
    if moves == "point":
        attack["point"] = point
    elif "each_shot" in attack:
        for i in shots:
            attack["each_shot"][i]["aim"] = point
    else:
        attack["aim"] = point
    return out


def with_preplotted(doc: dict[str, Any], selection: str, hexes: list[str]) -> dict[str, Any]:
    """`doc` with the BattleTech artillery selection's pre-plotted hexes set to `hexes`
    (``attack.preplotted``, BT-ART.1; none: the selection is dropped). The parser holds
    them to BT-ART.2's limits, naming the field."""
    out = copied(doc)
    plotted = out["attack"].setdefault("preplotted", {})
    plotted[selection] = list(hexes)
    if not hexes:
        del plotted[selection]
    if not plotted:
        del out["attack"]["preplotted"]
    return out


def toggle_preplotted(doc: dict[str, Any], selection: str, hex_label: str) -> dict[str, Any]:
    """`doc` with `hex_label` added to, or taken from, a selection's pre-plotted hexes."""
    hexes = list(doc["attack"].get("preplotted", {}).get(selection, []))
    hexes = [h for h in hexes if h != hex_label] if hex_label in hexes else [*hexes, hex_label]
    return with_preplotted(doc, selection, hexes)


def with_missile_targets(doc: dict[str, Any], picks: list[str], point: tuple[float, float]
                         ) -> dict[str, Any]:
    """`doc` with a Robotech volley's targets set from one pick per missile ("" for none),
    taken as one set, in any order (RT-17, RT-21): the primary target is missile 1's pick,
    else the first missile's that names one; a missile with no pick follows the primary, so
    every partial set is a whole one (one id per missile, the last on the primary too); a
    volley all on one unit is that unit alone; no pick at all makes it a ground shot at
    `point` (RT-3). The parser and `legality.check` then judge the set as a whole."""
    out = copied(doc)
    attack = out["attack"]
    primary = next((p for p in picks if p), "")
    if not primary:
        attack.pop("targets", None)
        attack["point"] = {"x": point[0], "y": point[1]}
        return out
    attack.pop("point", None)
    targets = [p or primary for p in picks]
    attack["targets"] = targets if len(set(targets)) > 1 else [primary]
    return out
