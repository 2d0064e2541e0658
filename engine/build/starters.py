"""A new scenario to build on: the smallest document of each system the parser accepts.

Robotech and Heresy need a unit that attacks, so a starter holds one shooter with a
common weapon from the presets (engine/build/presets/), aimed at nothing yet: the page shows
what the rules still miss (a target) until the player picks one. BattleTech starts with
an empty 2 x 2 map and no support.
"""

from __future__ import annotations

from typing import Any

from engine.build import presets
from engine.scenario import FORMAT
from engine.words import DEFAULT_LANG, Lang, msg, say

TABLES = {"robotech": (48, 48), "heresy": (72, 48)}


def starter(system: str, lang: Lang = DEFAULT_LANG) -> dict[str, Any]:
    """The starter document of `system` (see the module docstring), titled in `lang`."""
    doc: dict[str, Any] = {"format": FORMAT, "system": system,
                           "title": say(msg("build.starter_title"), lang),
                           "seed": 1, "units": []}
    if system == "battletech":
        doc["map"] = {"sheets": [2, 2]}
        doc["attack"] = {"turn": 1, "side": "attacker", "supports": []}
        return doc
    width, height = TABLES[system]
    doc["table"] = {"width": width, "height": height}
    if system == "robotech":
        doc = presets.with_unit(doc, "vf1-battloid", side="UEDF", at=(6, height / 2),
                                uid="a1", lang=lang)
        doc["attack"] = {"attacker": "a1", "point": {"x": width / 2, "y": height / 2}}
        return presets.with_weapon(doc, "derringer", lang)
    doc = presets.with_unit(doc, "tactical", side="loyal", at=(8, height / 2), uid="f1",
                            lang=lang)
    doc["units"][0]["unit"] = "firer"
    doc["attack"] = {"firer": "f1", "bs": 4, "target": "f1"}
    return presets.with_weapon(doc, "frag-missile", lang)
