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
from engine.words import Msg, Words, msg

YES_NO: dict[bool, Msg] = {True: msg("common.yes"), False: msg("common.no")}


def _value_key(value: Any) -> str:
    """An alternative as its message key ends: ``true``/``false``, or as written."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _readings(system: str, choices: Mapping[str, tuple[Any, ...]],
              yes_no: tuple[str, ...]) -> dict[str, tuple[Msg, Mapping[Any, Msg]]]:
    return {option: (msg(f"readings.{system}.{option}"),
                     YES_NO if option in yes_no else
                     {v: msg(f"readings.{system}.{option}.{_value_key(v)}") for v in values})
            for option, values in choices.items()}


READINGS: dict[str, dict[str, tuple[Msg, Mapping[Any, Msg]]]] = {
    "robotech": _readings("robotech", robotech.OPTION_CHOICES, (
        "dodge_adds_pil", "shoot_for_others", "shoot_and_dodge")),
    "heresy": _readings("heresy", heresy.OPTION_CHOICES, (
        "instant_death", "ones_reroll_gets_hot")),
    "battletech": _readings("battletech", battletech.OPTION_CHOICES, ()),
}
"""Per system, per option: its name in words and each alternative's words (messages of
engine.words.readings)."""

DEFAULTS: dict[str, Mapping[str, Any]] = {
    "robotech": robotech.OPTIONS, "heresy": heresy.OPTIONS, "battletech": battletech.OPTIONS}


def _same(a: Any, b: Any) -> bool:
    """Equal and of one type (True is not 1 here: natural_rolls holds both kinds)."""
    return type(a) is type(b) and a == b


def reading_name(system: str, option: str) -> Words:
    """An option as players name it: "Dodge adds the pilot's PIL" (an option no system has:
    its JSON name)."""
    entry = READINGS.get(system, {}).get(option)
    return entry[0] if entry else option.replace("_", " ").capitalize()


def choice_words(system: str, option: str, value: Any) -> Words:
    """One alternative of an option in words: "yes", "the closest model first"."""
    entry = READINGS.get(system, {}).get(option)
    for choice, words in (entry[1] if entry else {}).items():
        if _same(choice, value):
            return words
    if isinstance(value, bool):
        return YES_NO[value]
    return str(value).replace("_", " ").replace("-", " ")


def reading_phrase(system: str, option: str, value: Any) -> Msg:
    """One reading named: "reading: Wounds go to: the closest model first"."""
    return msg("readings.reading", name=reading_name(system, option),
               choice=choice_words(system, option, value))


def reading_words(system: str, option: str, value: Any) -> Msg:
    """One reading as the log cites it: "(reading: Wounds go to: the closest model first)"."""
    return msg("readings.cited", reading=reading_phrase(system, option, value))


def changed(system: str, options: Mapping[str, Any]) -> list[str]:
    """The options set to something other than their default, in the parser's order."""
    defaults = DEFAULTS.get(system, {})
    return [k for k, v in options.items() if k in defaults and not _same(v, defaults[k])]


def readings_line(system: str, options: Mapping[str, Any]) -> Msg:
    """The readings a resolution used, as one line: "Rules as written, every reading at its
    default", or "Rules as written; 2 readings changed: Dodge adds the pilot's PIL: no; ..."."""
    moved = changed(system, options)
    if not moved:
        return msg("readings.as_written")
    said = [msg("readings.one", name=reading_name(system, k),
                choice=choice_words(system, k, options[k])) for k in moved]
    readings = said[-1]
    for one in reversed(said[:-1]):
        readings = msg("readings.then", first=one, rest=readings)
    return msg("readings.changed", n=len(moved), readings=readings)
