"""Field descriptions for the page's forms (engine/build/editing.py) and legality as you edit
(engine/build/legality.py): every field the parsers read is described, each option with its
alternatives and one line, and an illegal setup names its clause and units."""

from __future__ import annotations

import pytest

from engine import scenario as sc
from engine.build import editing, legality, presets, starters
from engine.errors import ScenarioError
from engine.scenario import heresy, robotech

SYSTEMS = ("robotech", "heresy", "battletech")


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_option_has_alternatives_and_a_line(system):
    specs = editing.option_specs(system)
    assert {s.key for s in specs} == set(editing.OPTION_DEFAULTS[system])
    for s in specs:
        assert s.default in s.choices and len(s.choices) >= 1 and s.help


def test_unit_specs_cover_what_the_parsers_read():
    rt = {s.key for s in editing.UNIT_FIELDS["robotech"]}
    assert rt >= {"kind", "x", "y", "base_mm", "df", "gn", "pil", "cp", "mdc",
                  "life_is_cheap", "anti_missile", "squadron", "leadership"}
    hh = {s.key.split(".")[0] for s in editing.UNIT_FIELDS["heresy"]}
    assert hh >= {"unit", "x", "y", "base_mm", "t", "w", "sv", "inv", "fnp", "cover",
                  "vehicle", "hull", "armour", "hp"}
    assert {s.key for s in editing.UNIT_FIELDS["battletech"]} >= {"hex", "type", "facing"}
    assert {s.key for s in editing.WEAPON_FIELDS["robotech"]} >= {"md", "range", "abilities",
                                                                  "volley"}
    flags = next(s for s in editing.WEAPON_FIELDS["robotech"] if s.key == "abilities")
    assert flags.choices == robotech.ABILITIES
    blast = next(s for s in editing.WEAPON_FIELDS["heresy"] if s.key == "blast")
    assert blast.choices == heresy.BLAST_SIZES


def test_read_write_nested_and_when():
    spec = next(s for s in editing.UNIT_FIELDS["heresy"] if s.key == "armour.front")
    unit = {"id": "lr", "vehicle": True}
    assert editing.read(unit, spec) is None
    assert editing.write(unit, spec, 14) == {"id": "lr", "vehicle": True,
                                             "armour": {"front": 14}}
    assert editing.applies(spec, unit) and not editing.applies(spec, {"id": "m"})
    gn = next(s for s in editing.UNIT_FIELDS["robotech"] if s.key == "gn")
    assert not editing.applies(gn, {"kind": "structure"})


def test_coerce_kinds():
    by = {s.key: s for s in editing.UNIT_FIELDS["heresy"] + editing.WEAPON_FIELDS["heresy"]}
    assert editing.coerce(by["t"], "4", "units[0].t") == 4
    assert editing.coerce(by["x"], "12.50", "units[0].x") == 12.5
    assert editing.coerce(by["sv"], "", "units[0].sv") is None
    assert editing.coerce(by["blast"], "5", "attack.weapon.blast") == 5
    with pytest.raises(ScenarioError, match=r"units\[0\]\.t"):
        editing.coerce(by["t"], "four", "units[0].t")
    with pytest.raises(ScenarioError, match="whole number"):
        editing.coerce(by["t"], "4.5", "units[0].t")
    opt = {s.key: s for s in editing.option_specs("battletech")}
    assert editing.coerce(opt["ae_vs_infantry"], "1", "options.ae_vs_infantry") == 1
    rt = {s.key: s for s in editing.option_specs("robotech")}
    assert editing.coerce(rt["natural_rolls"], "False", "options.natural_rolls") is False


def test_an_emptied_text_field_is_left_out() -> None:
    """RT-2: a mecha's squadron emptied in the Build panel leaves the unit in no squadron
    (the parser refuses an empty name), as if it had never been typed."""
    squadron = next(s for s in editing.UNIT_FIELDS["robotech"] if s.key == "squadron")
    value = editing.coerce(squadron, "  ", "units[0].squadron")
    assert value is None
    assert editing.write({"id": "v", "squadron": "Skull"}, squadron, value) == {"id": "v"}


def test_every_option_value_the_form_offers_loads():
    for system in SYSTEMS:
        for spec in editing.option_specs(system):
            for choice in spec.choices:
                doc = starters.starter(system)
                doc["options"] = {spec.key: choice}
                sc.load_dict(doc)


def robotech_volley(friend_at):
    """RT-4 setup: a VF-1's Derringer split over three Regults, a friendly near one."""
    doc = starters.starter("robotech")
    doc["attack"].pop("point")
    for uid, y in (("r1", 16), ("r2", 24), ("r3", 32)):
        doc = presets.with_unit(doc, "regult", side="Zentraedi", at=(30, y), uid=uid)
    doc = presets.with_unit(doc, "spartan", side="UEDF", at=friend_at, uid="b1")
    doc["attack"]["targets"] = ["r1", "r2", "r3", "r3"]
    return doc


def test_RT_4_verdict_names_clause_and_friend():
    bad = legality.check(robotech_volley((30, 35)))
    assert not bad.ok and bad.clause == "RT-4" and bad.units == ("b1",)
    assert bad.clause_words and "RT-4" in bad.text()
    assert legality.check(robotech_volley((10, 40))).ok


def test_field_verdict_keeps_the_path_and_says_it_in_words():
    doc = starters.starter("robotech")
    doc["units"][0]["df"] = 0
    v = legality.check(doc)
    assert (v.ok, v.clause, v.path) == (False, "field", "units[0].df")
    name = doc["units"][0].get("name", doc["units"][0]["id"])
    assert v.text() == f"Not yet: {name}: DF must be a whole number from 1 to 12"


def test_named_units_whole_words_longest_name_first():
    shown = {"r1": "Regult (r1)", "r12": "Regult (r12)", "g": "Glaug", "go": "Glaug Officer",
             "b": "Bat"}
    reason = "Friendly Regult (r12), Glaug Officer under the template (Battle)"
    assert legality.named_units(reason, shown) == ("r12", "go")
    assert legality.named_units("Glaug and Regult (r1)", shown) == ("r1", "g")


def test_HH_1_with_aim_moves_the_hole_of_the_shots_aimed_there():
    doc = starters.starter("heresy")
    moved = editing.with_aim(doc, "aim", (0,), 30.123, 20)
    assert moved["attack"]["aim"] == {"x": 30.12, "y": 20}
    doc["attack"]["each_shot"] = [{"target": "f1"}, {"target": "f1"}]
    moved = editing.with_aim(doc, "aim", (1,), 31, 21)
    assert moved["attack"]["each_shot"] == [{"target": "f1"},
                                            {"target": "f1", "aim": {"x": 31, "y": 21}}]
    assert "aim" not in moved["attack"]


def test_RT_3_with_aim_moves_the_ground_point():
    doc = starters.starter("robotech")
    doc["attack"]["point"] = {"x": 10, "y": 10}
    assert editing.with_aim(doc, "point", (), 12, 14)["attack"]["point"] == {"x": 12, "y": 14}


def test_BT_ART_1_toggle_preplotted_adds_and_takes_a_hex():
    doc = starters.starter("battletech")
    once = editing.toggle_preplotted(doc, "long_tom", "0808")
    assert once["attack"]["preplotted"] == {"long_tom": ["0808"]}
    sc.load_dict(once)
    assert "preplotted" not in editing.toggle_preplotted(once, "long_tom", "0808")["attack"]
    crowded = doc
    for label in ("0101", "0102", "0103", "0104", "0105", "0106"):
        crowded = editing.toggle_preplotted(crowded, "long_tom", label)
    with pytest.raises(ScenarioError, match="preplotted"):
        sc.load_dict(crowded)


def test_missile_targets_are_one_set_picked_in_any_order_the_last_on_the_primary():
    """Issue 22.7: each pick of a divided volley gives a whole set the parser accepts
    (missiles not picked follow the primary), in any order; the last missile on the
    primary is kept; all on one unit is that unit alone; no pick is a ground shot."""
    doc = starters.starter("robotech")
    for y in (16, 24, 32):
        doc = presets.with_unit(doc, "regult", side="Zentraedi", at=(30, y))
    ids = [u["id"] for u in doc["units"][1:]]
    assert doc["attack"]["weapon"]["volley"] == 4
    seen = []
    picks = ["", "", "", ""]
    for i, uid in ((3, ids[2]), (1, ids[1]), (0, ids[0]), (2, ids[1]), (3, ids[0])):
        picks[i] = uid
        doc = editing.with_missile_targets(doc, picks, (20, 22))
        sc.load_dict(doc)  # never refused while being edited
        seen.append(doc["attack"]["targets"])
    assert seen[0] == [ids[2]]  # one pick: the whole volley on it
    assert seen[1] == [ids[1], ids[1], ids[1], ids[2]]  # missile 2 is the first named
    assert seen[-1] == [ids[0], ids[1], ids[1], ids[0]]  # the last on the primary
    assert "point" not in doc["attack"]
    doc = editing.with_missile_targets(doc, [ids[0]] * 4, (20, 22))
    assert doc["attack"]["targets"] == [ids[0]]
    doc = editing.with_missile_targets(doc, ["", "", "", ""], (20, 22))
    assert "targets" not in doc["attack"] and doc["attack"]["point"] == {"x": 20, "y": 22}
