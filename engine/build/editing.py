"""What a player may edit without JSON: a description of every field the rules read.

The page builds its forms from these descriptions (web/page/forms.py), so it holds no
rule: each `Spec` says where a value lives in the scenario document, its label, what it
may hold (its range or its alternatives) and one line on what it means at the table. The
ranges are the parsers' own (engine/scenario/<system>.py), which stay the judge: a value
`coerce` accepts is only converted, never validated twice. Option alternatives come from
the parsers' OPTION_CHOICES, with one line each (OPTION_HELP, the README's option table).

Kinds: ``int``, ``number``, ``text``, ``bool``, ``choice`` (one of ``choices``),
``flags`` (a list holding any of ``choices``: abilities, weapon rules), ``save`` (an
integer 2-6 or none), ``hex`` (a BattleTech label) and ``unit`` (a unit id).
``when`` names the unit field that must be true (or the kind it must have) for the
field to apply, e.g. a Heresy hull only for a vehicle.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import ScenarioError
from engine.readings import choice_words, reading_name
from engine.scenario import battletech, heresy, robotech


@dataclass(frozen=True)
class Spec:
    """One editable field: its path inside its object, label, kind, range and meaning."""

    key: str
    label: str
    kind: str
    lo: float | None = None
    hi: float | None = None
    choices: tuple[Any, ...] = ()
    help: str = ""
    when: str | None = None
    default: Any = None
    choice_words: tuple[str, ...] = ()
    """How each of `choices` reads on the page (empty: as written, hyphens as spaces)."""


POSITION = (Spec("x", 'x (")', "number", 0, 400, help="inches from the left edge"),
            Spec("y", 'y (")', "number", 0, 400, help="inches from the top edge"))
IDENTITY = (Spec("name", "Name", "text", help="shown on the board"),
            Spec("side", "Side", "text", help="units of one side are friends"))

UNIT_FIELDS: dict[str, tuple[Spec, ...]] = {
    "robotech": IDENTITY + (
        Spec("kind", "Kind", "choice", choices=robotech.UNIT_KINDS, default="mecha",
             help="structures have no GN, PIL or Command Points"),
        *POSITION,
        Spec("base_mm", "Base (mm)", "number", 1, 500, default=40),
        Spec("df", "DF", "int", 1, 12, help="a Strike must reach it to damage (RT-6)"),
        Spec("gn", "GN", "int", 0, 10, when="mecha", default=0, help="added to its Strike"),
        Spec("pil", "PIL", "int", 0, 10, when="mecha", default=0, help="added to a Dodge"),
        Spec("cp", "CP", "int", 0, 50, when="mecha", default=0,
             help="its own Command Points, read when each mecha spends its own (option)"),
        Spec("leadership", "Leadership", "int", 0, 10, when="mecha", default=0,
             help="adds to its side's pool of Command Points"),
        Spec("squadron", "Squadron", "text", when="mecha",
             help="mecha of one squadron do not block each other's line of sight"),
        Spec("mdc", "MDC", "int", 0, 10000, help="damage capacity (shown only)"),
        Spec("life_is_cheap", "Life is Cheap", "bool", when="mecha", default=False,
             help="no Command Points to spend"),
        Spec("anti_missile", "Anti-Missile", "bool", when="mecha", default=False,
             help="may shoot down missiles without a CP"),
    ),
    "heresy": IDENTITY + (
        Spec("unit", "Unit", "text", help="models with the same unit name are one unit"),
        *POSITION,
        Spec("base_mm", "Base (mm)", "number", 1, 500, default=32),
        Spec("t", "T", "int", 1, 10, default=4),
        Spec("w", "W", "int", 1, 20, default=1),
        Spec("sv", "Sv", "save", 2, 6, help="armour save"),
        Spec("inv", "Inv", "save", 2, 6, help="invulnerable save"),
        Spec("fnp", "FNP", "save", 2, 6, help="Feel No Pain"),
        Spec("cover", "Cover", "save", 2, 6, help="cover save against this attack"),
        Spec("vehicle", "Vehicle", "bool", default=False),
        Spec("hull.w", 'Hull length (")', "number", 0.1, 40, when="vehicle"),
        Spec("hull.h", 'Hull width (")', "number", 0.1, 40, when="vehicle"),
        Spec("hull.facing", "Facing (°)", "number", 0, 360, when="vehicle", default=0),
        Spec("armour.front", "Front AV", "int", 1, 14, when="vehicle"),
        Spec("armour.side", "Side AV", "int", 1, 14, when="vehicle"),
        Spec("armour.rear", "Rear AV", "int", 1, 14, when="vehicle"),
        Spec("hp", "Hull Points", "int", 0, 20, when="vehicle", default=3),
    ),
    "battletech": IDENTITY + (
        Spec("hex", "Hex", "hex", help="CCRR, e.g. 0908"),
        Spec("type", "Type", "choice", choices=battletech.UNIT_TYPES, default="mech"),
        Spec("facing", "Facing", "int", 0, 5, default=0, help="0 = north, then clockwise"),
    ),
}

WEAPON_FIELDS: dict[str, tuple[Spec, ...]] = {
    "robotech": (
        Spec("name", "Weapon", "text"),
        Spec("md", "MD", "int", 0, 1000, help="damage per missile or shot"),
        Spec("range", 'RG (")', "number", 0.1, 1000),
        Spec("abilities", "Abilities", "flags", choices=robotech.ABILITIES,
             default=["blast"]),
        Spec("volley", "Volley", "int", 1, 12, default=1, help="missiles fired (Volley)"),
    ),
    "heresy": (
        Spec("name", "Weapon", "text"),
        Spec("s", "S", "int", 1, 10),
        Spec("ap", "AP", "save", 1, 6, help="none: AP -"),
        Spec("shots", "Shots", "int", 1, 20, default=1),
        Spec("range", 'Range (")', "number", 0.1, 1000),
        Spec("min_range", 'Minimum range (")', "number", 0, 1000, default=0),
        Spec("blast", 'Marker (")', "choice", choices=heresy.BLAST_SIZES, default=3,
             help="3 Blast, 5 Large, 7 Massive, 10 Apocalyptic"),
        Spec("rules", "Rules", "flags", choices=("ordnance",), default=[]),
        Spec("gets_hot", "Gets Hot", "bool", default=False),
        Spec("twin_linked", "Twin-linked", "bool", default=False),
        Spec("breaching", "Breaching", "save", 2, 6, help="wound rolls of X+ are AP 2"),
    ),
}

ATTACK_FIELDS: dict[str, tuple[Spec, ...]] = {
    "robotech": (Spec("attacker", "Attacker", "unit"),),
    "heresy": (
        Spec("firer", "Firer", "unit"),
        Spec("target", "Target", "unit"),
        Spec("bs", "BS", "int", 1, 10),
        Spec("reroll", "Re-roll To Hit", "choice", choices=heresy.REROLLS, default="none"),
        Spec("reroll_when", "Re-roll the scatter when", "choice",
             choices=heresy.REROLL_WHEN, default="target-missed"),
        Spec("snap_shot", "Snap shot", "bool", default=False, help="refused (HH-11)"),
    ),
    "battletech": (
        Spec("turn", "Turn", "int", 0, 1000, default=1),
        Spec("side", "Firing side", "text"),
        Spec("hidden_aerospace", "Hidden aerospace", "bool", default=False,
             help="Bluff cards allowed (BT-HIDDEN)"),
    ),
}

REACTION_FIELDS = tuple(Spec(k, label, "bool", default=True) for k, label in (
    ("shoot_down", "Shoot down"), ("dodge", "Dodge"), ("roll_with_impact", "Roll with Impact")))

OPTION_HELP: dict[str, dict[str, str]] = {
    "robotech": {
        "natural_rolls": "totals decide every Strike and Dodge; or a natural 6 always "
                         "succeeds and a 1 always fails the first Strike and the Dodge; or "
                         "the first Strike only; or every Strike and Dodge",
        "dodge_adds_pil": "a Dodge is D6 + PIL; off: the D6 alone",
        "template_winding": "which way the template's numbers run, seen from above",
        "split_volley_miss": "a split volley that misses entirely: each missile scatters, "
                             "or one template",
        "volley_miss_damage": "that one template deals one missile's full MD, or half",
        "impact_halves": "one Roll with Impact halves the volley's total, or each missile's",
        "shoot_down_by": "any mecha under the template may shoot a missile down, or only "
                         "one the missile would damage",
        "shoot_for_others": "a mecha shoots down missiles that would damage only its side's "
                            "others, or only to save itself",
        "shoot_and_dodge": "a mecha that tried to shoot the missiles down may not also "
                           "Dodge them, or it may do both",
        "inescapable_count": "four missiles make a volley Inescapable when their templates "
                             "are over the mecha, or only when they strike it",
        "impact_minimum": "the least a Roll with Impact leaves of any damage: 1, or 0",
        "line_of_sight": "bases block line of sight but those of the firer's squadron, or "
                         "only terrain does",
        "command_points": "a side's mecha spend one pool of Command Points, or each its own",
    },
    "heresy": {
        "edition": "Gets Hot on a vehicle glances on 1-2 (HH2) or 1-3 (7th)",
        "vehicle_facing": "armour facing seen from the firer, or from the marker's centre",
        "instant_death": "S of at least twice T removes all Wounds, no Feel No Pain",
        "pool_order": "which Wound Pool (zone, AP) is allocated first",
        "ones_reroll_gets_hot": "re-roll-1s abilities (BS 6+) re-roll a Gets Hot 1",
        "allocation": "each wound to the closest model, or to any model the defender "
                      "chooses (fewest models lost)",
        "breaching_ap": "a Breaching wound takes AP 2 or the weapon's AP if better, or "
                        "always AP 2",
        "hole_mm": "the marker's centre hole, in millimetres across (not printed in the "
                   "rules)",
        "mega_zones": "a Mega-blast's 5\"/7\"/10\" zones are diameters, or three rings of "
                      "equal width",
        "straddle": "a model across Mega-blast zones takes the profile likelier to cost it a "
                    "Wound, the higher Strength, or the innermost zone's",
    },
    "battletech": {
        "scatter_diagram": "scatter D6: 1 is map north, then clockwise, or counter-clockwise",
        "off_map": "a bomb or shell that scatters off the map has no effect, or a shell's "
                   "area of effect still reaches the map",
        "split_arc": "an attack on an arc boundary uses the defender's better arc, or "
                     "the attacker's",
        "artillery_centre": "a unit in an unscattered shell's hex rolls 1D6 for front or "
                            "rear, or takes it in front",
        "asset_locations": "vehicles and other assets take damage without hit locations, "
                           "or on the 'Mech table",
        "ae_vs_infantry": "area-effect damage multiplier against infantry (BT-RULE.6)",
        "building_damage": "only a bombing damages a building and the unit inside, or "
                           "every strike does",
        "submerged_spotter": "a unit under deep water cannot spot for artillery, or it can",
        "direction_roll": "each unit in an attacked hex rolls its own front or rear, or one "
                          "roll for the whole attack",
    },
}
OPTION_DEFAULTS: dict[str, Mapping[str, object]] = {
    "robotech": robotech.OPTIONS, "heresy": heresy.OPTIONS, "battletech": battletech.OPTIONS}
OPTION_CHOICES: dict[str, Mapping[str, tuple[object, ...]]] = {
    "robotech": robotech.OPTION_CHOICES, "heresy": heresy.OPTION_CHOICES,
    "battletech": battletech.OPTION_CHOICES}


def option_specs(system: str) -> tuple[Spec, ...]:
    """Every named option of `system` with its alternatives, default and one line."""
    return tuple(Spec(name, reading_name(system, name), "choice",
                      choices=OPTION_CHOICES[system][name], default=default,
                      help=OPTION_HELP[system][name],
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
    out = copy.deepcopy(obj)
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
        raise ScenarioError(path, f"must be one of {', '.join(str(c) for c in spec.choices)}")
    if spec.kind == "save" and text in ("", "-", "none"):
        return None
    if text == "" and spec.kind == "int" and spec.default is None:
        return None
    try:
        number = float(text)
    except ValueError:
        raise ScenarioError(path, f"must be a number ({text!r})") from None
    if spec.kind in ("int", "save"):
        if number != int(number):
            raise ScenarioError(path, "must be a whole number")
        return int(number)
    return int(number) if number == int(number) else round(number, 3)


def with_aim(doc: dict[str, Any], moves: str, shots: tuple[int, ...], x: float, y: float
             ) -> dict[str, Any]:
    """`doc` with an aim moved to (x, y) (`engine.build.reach.RangeLine.moves`): ``"aim"``, the
    hole of the Heresy shots `shots` (HH-1), in ``attack.each_shot`` when the document aims
    shot by shot, else ``attack.aim``; ``"point"``, a Robotech ground point (RT-3)."""
    out = copy.deepcopy(doc)
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
    out = copy.deepcopy(doc)
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
    out = copy.deepcopy(doc)
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
