"""The named readings (a scenario's ``options``) in players' words.

Each system's parser holds its options' defaults and alternatives
(engine/scenario/<system>.py: OPTIONS, OPTION_CHOICES); here each option gets the name a
player gives it ("Dodge adds the pilot's PIL") and each alternative its words ("yes",
"the closest model"), so that no JSON name, true or false reaches the page or the log's
first step. The JSON keeps its keys: only what is shown changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.scenario import battletech, heresy, robotech

YES_NO = {True: "yes", False: "no"}

READINGS: dict[str, dict[str, tuple[str, Mapping[Any, str]]]] = {
    "robotech": {
        "natural_rolls": ("A natural 6 succeeds and a 1 fails", {
            False: "never: totals decide", "strike-and-dodge": "on the first Strike and the Dodge",
            "point-of-impact": "on the first Strike only", True: "on every Strike and Dodge"}),
        "dodge_adds_pil": ("Dodge adds the pilot's PIL", YES_NO),
        "template_winding": ("The template's numbers run", {
            "clockwise": "clockwise", "counter-clockwise": "counter-clockwise"}),
        "split_volley_miss": ("A divided volley that misses entirely", {
            "separate": "scatters missile by missile", "single": "lands as one template"}),
        "volley_miss_damage": ("That one template deals", {
            "full": "one missile's full MD", "half": "half of one missile's MD"}),
        "impact_halves": ("Roll with Impact halves", {
            "volley": "the volley's total", "missile": "each missile's damage"}),
        "shoot_down_by": ("A missile may be shot down by", {
            "under-template": "any mecha under its template",
            "would-damage": "only a mecha it would damage"}),
        "shoot_for_others": ("A mecha shoots down missiles to save its friends", YES_NO),
        "shoot_and_dodge": ("A mecha that shot at the missiles may also Dodge them", YES_NO),
        "inescapable_count": ("Four missiles make a volley Inescapable when", {
            "under-template": "their templates are over the mecha",
            "would-damage": "they strike it"}),
        "impact_minimum": ("The least damage Roll with Impact leaves", {1: "1", 0: "0"}),
        "line_of_sight": ("Line of sight is blocked by", {
            "bases": "bases, but not those of the firer's squadron",
            "terrain": "terrain only"}),
        "command_points": ("Command Points are spent from", {
            "side": "one pool per side", "mecha": "each mecha's own"}),
    },
    "heresy": {
        "edition": ("Edition", {"hh2": "Horus Heresy 2nd edition", "7th": "40K 7th edition"}),
        "vehicle_facing": ("A vehicle's armour facing is seen from", {
            "firer": "the firer", "marker": "the marker's centre"}),
        "instant_death": ("Instant Death", YES_NO),
        "pool_order": ("Wound Pools are allocated", {
            "best-first": "best first", "worst-first": "worst first"}),
        "ones_reroll_gets_hot": ("Re-rolls of 1s re-roll a Gets Hot 1", YES_NO),
        "allocation": ("Wounds go to", {
            "closest": "the closest model first", "defender": "the models the defender chooses"}),
        "breaching_ap": ("A Breaching wound is", {
            "better": "AP 2, or the weapon's AP if better", "literal": "always AP 2"}),
        "hole_mm": ("The marker's centre hole", {
            0: "a point (0 mm)", 3: "3 mm across", 4: "4 mm across", 5: "5 mm across",
            6: "6 mm across"}),
        "mega_zones": ("A Mega-blast's zones are", {
            "diameters": "5\", 7\" and 10\" across", "equal-rings": "three rings of equal width"}),
        "straddle": ("A model across two zones takes", {
            "wounds-more": "the profile likelier to cost a Wound",
            "higher-strength": "the higher Strength", "innermost": "the innermost zone's"}),
    },
    "battletech": {
        "scatter_diagram": ("Scatter direction 1 is north, then", {
            "north-clockwise": "clockwise", "north-counter-clockwise": "counter-clockwise"}),
        "off_map": ("A scatter off the map", {
            "lost": "has no effect", "area-on-map": "still reaches the map with its area"}),
        "split_arc": ("An attack along an arc's boundary uses", {
            "defender": "the defender's better arc", "attacker": "the attacker's arc"}),
        "artillery_centre": ("A unit in an unscattered shell's hex", {
            "roll": "rolls for front or rear", "front": "takes it in front"}),
        "asset_locations": ("Vehicles and other assets take damage", {
            "none": "without hit locations", "mech-table": "on the 'Mech table"}),
        "ae_vs_infantry": ("Area-effect damage against infantry", {
            2: "doubled", 1: "not doubled"}),
        "building_damage": ("A building and the unit inside are both damaged by", {
            "bombing": "a bombing only", "every-strike": "every strike"}),
        "submerged_spotter": ("A unit under deep water spots for artillery", {
            "refused": "no", "allowed": "yes"}),
        "direction_roll": ("Front or rear is rolled", {
            "unit": "for each unit attacked", "attack": "once for the whole attack"}),
    },
}
"""Per system, per option: its name in words and each alternative's words."""

DEFAULTS: dict[str, Mapping[str, Any]] = {
    "robotech": robotech.OPTIONS, "heresy": heresy.OPTIONS, "battletech": battletech.OPTIONS}


def _same(a: Any, b: Any) -> bool:
    """Equal and of one type (True is not 1 here: natural_rolls holds both kinds)."""
    return type(a) is type(b) and a == b


def reading_name(system: str, option: str) -> str:
    """An option as players name it: "Dodge adds the pilot's PIL"."""
    entry = READINGS.get(system, {}).get(option)
    return entry[0] if entry else option.replace("_", " ").capitalize()


def choice_words(system: str, option: str, value: Any) -> str:
    """One alternative of an option in words: "yes", "the closest model first"."""
    entry = READINGS.get(system, {}).get(option)
    for choice, words in (entry[1] if entry else {}).items():
        if _same(choice, value):
            return words
    if isinstance(value, bool):
        return YES_NO[value]
    return str(value).replace("_", " ").replace("-", " ")


def reading_words(system: str, option: str, value: Any) -> str:
    """One reading as the log cites it: "(reading: Wounds go to: the closest model first)"."""
    return f"(reading: {reading_name(system, option)}: {choice_words(system, option, value)})"


def changed(system: str, options: Mapping[str, Any]) -> list[str]:
    """The options set to something other than their default, in the parser's order."""
    defaults = DEFAULTS.get(system, {})
    return [k for k, v in options.items() if k in defaults and not _same(v, defaults[k])]


def readings_line(system: str, options: Mapping[str, Any]) -> str:
    """The readings a resolution used, as one line: "Rules as written, every reading at its
    default", or "Rules as written; 2 readings changed: Dodge adds the pilot's PIL: no; ..."."""
    moved = changed(system, options)
    if not moved:
        return "Rules as written, every reading at its default"
    count = "1 reading" if len(moved) == 1 else f"{len(moved)} readings"
    return f"Rules as written; {count} changed: " + "; ".join(
        f"{reading_name(system, k)}: {choice_words(system, k, options[k])}" for k in moved)
