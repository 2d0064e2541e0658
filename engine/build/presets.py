"""Presets: common units, weapons, buildings and supports of each game, as data.

One file per system, ``engine/build/presets/<system>.json``, read by the command line and the
page alike. Each preset holds the scenario fields it fills in (``fields``), a label, the
key of its source (the file's ``sources`` say where each block of numbers comes from) and
optional display-only figures (``info``, e.g. a 'Mech's tonnage, which no rule reads).
Applying a preset returns a NEW scenario document; the engine's parser stays the judge of
it (tests/test_presets.py applies every preset and loads the result).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Container, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import ScenarioError
from engine.scenario.bounds import copied
from engine.words import DEFAULT_LANG, Lang, msg

PRESET_DIR = Path(__file__).resolve().parent / "presets"
KINDS: dict[str, tuple[str, ...]] = {
    "robotech": ("units", "weapons"),
    "heresy": ("units", "weapons"),
    "battletech": ("units", "buildings", "supports"),
}
PRESET_KEYS = ("id", "label", "translations", "source", "fields", "info", "note")


@dataclass(frozen=True)
class Preset:
    """One entry of a preset file: what it fills in, and where its numbers come from."""

    id: str
    label: str
    kind: str
    source: str
    fields: dict[str, Any]
    info: dict[str, Any] = field(default_factory=dict)
    note: str = ""
    translations: dict[str, str] = field(default_factory=dict)
    """The label in another language where it has words to translate ("Light building",
    "heavy tank"); a label that is a name alone (a 'Mech's) has none and stays as it is."""

    def said(self, lang: Lang = DEFAULT_LANG) -> str:
        """The label in `lang`: its translation, else the label itself."""
        return self.translations.get(lang) or self.label


@dataclass(frozen=True)
class Catalog:
    """A system's presets by kind, and the sources their numbers come from."""

    system: str
    sources: dict[str, str]
    kinds: dict[str, tuple[Preset, ...]]

    def find(self, kind: str, preset_id: str) -> Preset:
        """The preset `preset_id` of `kind`; a ScenarioError naming it otherwise."""
        for p in self.kinds.get(kind, ()):
            if p.id == preset_id:
                return p
        raise ScenarioError(f"presets.{self.system}.{kind}",
                          msg("build.preset.none", id=repr(preset_id)))


def parse_catalog(system: str, data: Any) -> Catalog:
    """Check a preset file's shape (ids unique per kind, every source named) and build it."""
    where = f"presets.{system}"
    if not isinstance(data, dict) or data.get("system") != system:
        raise ScenarioError(where, msg("build.preset.object", system=repr(system)))
    sources = data.get("sources")
    if not isinstance(sources, dict) or not sources:
        raise ScenarioError(f"{where}.sources", msg("build.preset.sources"))
    kinds = {}
    for kind in KINDS[system]:
        entries, seen = [], set()
        for i, raw in enumerate(data.get(kind, [])):
            path = f"{where}.{kind}[{i}]"
            unknown = set(raw) - set(PRESET_KEYS)
            if unknown:
                raise ScenarioError(path, msg("build.preset.unknown_keys",
                                              keys=repr(sorted(unknown))))
            if raw.get("source") not in sources:
                raise ScenarioError(f"{path}.source", msg("build.preset.source"))
            if raw["id"] in seen:
                raise ScenarioError(f"{path}.id", msg("build.preset.duplicate", id=repr(raw["id"])))
            seen.add(raw["id"])
            entries.append(Preset(raw["id"], raw["label"], kind, raw["source"],
                                  dict(raw["fields"]), dict(raw.get("info", {})),
                                  raw.get("note", ""), dict(raw.get("translations", {}))))
        kinds[kind] = tuple(entries)
    return Catalog(system, dict(sources), kinds)


def catalog(system: str) -> Catalog:
    """The presets of `system`, read from engine/build/presets/<system>.json."""
    if system not in KINDS:
        raise ScenarioError("system", msg("build.preset.no_system", system=repr(system)))
    text = (PRESET_DIR / f"{system}.json").read_text("utf-8")
    return parse_catalog(system, json.loads(text))


def first_free(stem: str, taken: Container[str], sep: str = "-") -> str:
    """`stem`, or if it is `taken` the first of stem-2, stem-3, ... (joined by `sep`) that
    is not."""
    return stem if stem not in taken else next(numbered(stem, taken, sep, start=2))


def numbered(stem: str, taken: Container[str], sep: str = " ", start: int = 1
             ) -> Iterator[str]:
    """stem 1, stem 2, ... (from `start`, joined by `sep`) that are not `taken`, in order."""
    for n in itertools.count(start):
        if (name := f"{stem}{sep}{n}") not in taken:
            yield name


def new_id(doc: dict[str, Any], stem: str) -> str:
    """An id made from `stem` that no unit of `doc` has yet (stem, stem-2, stem-3, ...)."""
    return first_free(stem[:36] or "unit", {str(u.get("id")) for u in doc.get("units", [])})


def names_taken(doc: dict[str, Any]) -> set[str]:
    """The names of the units of `doc` (a unit with no name goes by its id)."""
    return {str(u.get("name", u.get("id"))) for u in doc.get("units", [])}


def new_name(doc: dict[str, Any], label: str) -> str:
    """A name from `label` that no unit of `doc` has yet (label, label 2, label 3, ...): a
    second Regult added is "Regult 2", so that the board, the result and the odds need no
    id to tell the two apart (`engine.names`)."""
    return first_free(label, names_taken(doc), " ")


def unit_from(preset: Preset, *, uid: str, side: str, at: tuple[float, float] | str,
              name: str) -> dict[str, Any]:
    """A unit document from a unit preset, named `name`, at `at`: (x, y) inches, or a hex
    label."""
    unit: dict[str, Any] = {"id": uid, "side": side, "name": name}
    if isinstance(at, str):
        unit["hex"] = at
    else:
        unit["x"], unit["y"] = round(float(at[0]), 2), round(float(at[1]), 2)
    unit.update(copied(preset.fields))
    return unit


def with_unit(doc: dict[str, Any], preset_id: str, *, side: str,
              at: tuple[float, float] | str, uid: str | None = None,
              lang: Lang = DEFAULT_LANG) -> dict[str, Any]:
    """`doc` with one more unit, made from the unit preset `preset_id` and named by its
    label in `lang` (numbered where a unit has that name already: `new_name`)."""
    preset = catalog(doc["system"]).find("units", preset_id)
    out = copied(doc)
    unit = unit_from(preset, uid=uid or new_id(out, preset.id), side=side, at=at,
                     name=new_name(out, preset.said(lang)))
    out.setdefault("units", []).append(unit)
    return out


def with_weapon(doc: dict[str, Any], preset_id: str, lang: Lang = DEFAULT_LANG
                ) -> dict[str, Any]:
    """`doc` with its attack's weapon replaced by the weapon preset `preset_id`
    (Robotech and Heresy; the weapon is named by the preset's label in `lang`)."""
    preset = catalog(doc["system"]).find("weapons", preset_id)
    out = copied(doc)
    weapon = {"name": preset.said(lang), **copied(preset.fields)}
    out.setdefault("attack", {})["weapon"] = weapon
    volley = weapon.get("volley", 1)
    targets = out["attack"].get("targets")
    if isinstance(targets, list) and len(targets) > volley:
        out["attack"]["targets"] = targets[:volley]  # a volley names at most one per missile
    return out


def with_support(doc: dict[str, Any], preset_id: str, target: str | list[str]
                 ) -> dict[str, Any]:
    """`doc` with one more BattleTech support fired this turn, at a hex (strafing: the
    list of its hexes; a Bluff has no target)."""
    preset = catalog(doc["system"]).find("supports", preset_id)
    out = copied(doc)
    support = copied(preset.fields)
    if support["kind"] == "strafing":
        support["hexes"] = [target] if isinstance(target, str) else list(target)
    elif support["kind"] != "bluff":
        support["target"] = target if isinstance(target, str) else target[0]
    out.setdefault("attack", {}).setdefault("supports", []).append(support)
    return out


def with_building(doc: dict[str, Any], preset_id: str, hex_label: str) -> dict[str, Any]:
    """`doc` with a building (its Construction Factor) on the BattleTech map's hex."""
    preset = catalog(doc["system"]).find("buildings", preset_id)
    out = copied(doc)
    terrain = out.setdefault("map", {}).setdefault("terrain", {})
    terrain.setdefault(hex_label, {}).update(copied(preset.fields))
    return out
