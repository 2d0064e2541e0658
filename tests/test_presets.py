"""Presets (engine/build/presets/*.json): every preset, applied, gives a scenario the parser
accepts; every block names its source; starters are valid documents."""

from __future__ import annotations

import pytest

from engine import scenario as sc
from engine.build import presets, starters
from engine.errors import IllegalAttack, ScenarioError
from engine.systems import runner

SYSTEMS = tuple(presets.KINDS)


def all_presets():
    for system in SYSTEMS:
        cat = presets.catalog(system)
        for kind, entries in cat.kinds.items():
            for p in entries:
                yield system, kind, p


@pytest.mark.parametrize("system", SYSTEMS)
def test_starter_loads(system):
    sc.load_dict(starters.starter(system))


def test_a_unit_added_twice_is_numbered_not_told_apart_by_its_id():
    """A second and third Regult are "Regult 2" and "Regult 3": the board, the result and
    the odds name them apart without their ids (engine.names)."""
    doc = starters.starter("robotech")
    for x in (30, 34, 38):
        doc = presets.with_unit(doc, "regult", side="enemy", at=(x, 20))
    assert [u["name"] for u in doc["units"][-3:]] == ["Regult", "Regult 2", "Regult 3"]
    assert [u["id"] for u in doc["units"][-3:]] == ["regult", "regult-2", "regult-3"]


@pytest.mark.parametrize(("system", "kind", "preset"), list(all_presets()),
                         ids=lambda v: getattr(v, "id", v))
def test_every_preset_applies(system, kind, preset):
    doc = starters.starter(system)
    if kind == "units":
        at = "0808" if system == "battletech" else (20, 20)
        taken = {u.get("name") for u in doc["units"]}
        doc = presets.with_unit(doc, preset.id, side="enemy", at=at)
        # a name the board has already is numbered (the starter's own attacker)
        assert doc["units"][-1]["name"] == (
            f"{preset.label} 2" if preset.label in taken else preset.label)
    elif kind == "weapons":
        doc = presets.with_weapon(doc, preset.id)
        assert doc["attack"]["weapon"]["name"] == preset.label
    elif kind == "buildings":
        doc = presets.with_building(doc, preset.id, "0808")
    else:
        if preset.fields["kind"] == "bluff":
            doc["attack"]["hidden_aerospace"] = True
        doc = presets.with_support(doc, preset.id, "0808")
    sc.load_dict(doc)


def test_sources_cover_every_block():
    for system in SYSTEMS:
        cat = presets.catalog(system)
        used = {p.source for entries in cat.kinds.values() for p in entries}
        assert used <= set(cat.sources), system
        assert all(len(text) > 40 for text in cat.sources.values())


def test_unknown_preset_names_it():
    with pytest.raises(ScenarioError, match="no preset 'nope'"):
        presets.catalog("heresy").find("units", "nope")


def test_bad_file_refused():
    with pytest.raises(ScenarioError, match="sources"):
        presets.parse_catalog("heresy", {"system": "heresy", "sources": {}})
    with pytest.raises(ScenarioError, match="duplicate"):
        presets.parse_catalog("heresy", {
            "system": "heresy", "sources": {"s": "x"},
            "units": [{"id": "a", "label": "A", "source": "s", "fields": {}},
                      {"id": "a", "label": "A", "source": "s", "fields": {}}]})


def test_new_id_skips_taken():
    doc = {"units": [{"id": "regult"}, {"id": "regult-2"}]}
    assert presets.new_id(doc, "regult") == "regult-3"
    assert presets.new_id(doc, "glaug") == "glaug"


def test_weapon_trims_targets_to_volley():
    doc = starters.starter("robotech")
    doc = presets.with_unit(doc, "regult", side="Zentraedi", at=(30, 24), uid="r1")
    doc["attack"].pop("point")
    doc["attack"]["targets"] = ["r1", "r1", "r1", "r1"]
    doc = presets.with_weapon(doc, "monster-m400")
    assert doc["attack"]["targets"] == ["r1"]
    sc.load_dict(doc)


def test_heresy_starter_asks_for_a_target():
    """HH-1: the starter's firer aims at itself until a target is picked."""
    with pytest.raises(IllegalAttack, match="HH-1"):
        runner(sc.load_dict(starters.starter("heresy")))


def test_battle_cannon_preset_is_the_codex_profile():
    w = presets.with_weapon(starters.starter("heresy"), "battle-cannon")["attack"]["weapon"]
    loaded = sc.load_dict(presets.with_weapon(starters.starter("heresy"), "battle-cannon"))
    assert (w["s"], w["ap"], w["range"], w["blast"]) == (8, 3, 72, 5)
    assert "ordnance" in loaded.attack.weapon.rules
