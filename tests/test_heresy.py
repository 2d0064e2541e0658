"""Horus Heresy / 40K 7th Blast family (HH-1 to HH-20): one test per clause, scripted dice,
exact results; exact odds against the closed form and against Monte Carlo."""

from __future__ import annotations

import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import NormalDist

import pytest

from engine import scenario as scenarios
from engine.build import legality
from engine.clauses import CLAUSES, ENGINE_CLAUSES
from engine.dice import ScriptedDice
from engine.enumeration import Budget, sum_distribution
from engine.errors import IllegalAttack
from engine.geometry import Point, move
from engine.log import Log
from engine.odds import Tally, blocks_of, partition
from engine.render.board import board
from engine.scenario import Scenario
from engine.systems import heresy, joint, odds, resolve
from engine.systems.heresy.scatter import breakpoints, hits_at, land, no_hits
from engine.words import say
from tests.test_suite import assert_same_marginals

TRIALS = 20_000
DEMOS = sorted(Path(__file__).parent.parent.glob("web/demos/heresy-*.json"))
SUITE = sorted(Path(__file__).parent.glob("suite/heresy-*.json"))
SUITE_EXACT = [p for p in SUITE if p.stem in ("heresy-battle-cannon-two-squads",
                                              "heresy-two-shots-squad")]
"""The suite scenarios whose exact odds fit the default budget (the others fall back)."""


def marine(mid: str, x: float, y: float, side: str = "traitor", unit: str = "squad",
           **kw: object) -> dict:
    return {"id": mid, "side": side, "unit": unit, "x": x, "y": y, "base_mm": 32, "t": 4,
            "w": 1, "sv": 3, **kw}


def rhino(mid: str, x: float, y: float, facing: float = 90, side: str = "traitor") -> dict:
    return {"id": mid, "side": side, "unit": mid, "x": x, "y": y, "vehicle": True,
            "hull": {"w": 4.5, "h": 2.75, "facing": facing},
            "armour": {"front": 11, "side": 11, "rear": 10}, "hp": 3}


def doc(units: list[dict], dice: list | None = None, options: dict | None = None,
        **attack: object) -> dict:
    weapon = {"name": "Frag", "s": 4, "ap": 6, "shots": 1, "range": 48, "blast": 3}
    weapon.update(attack.pop("weapon", {}))
    if "mega" in weapon:
        del weapon["s"], weapon["ap"]
    d = {"format": "scatterlab/1", "system": "heresy", "table": {"width": 72, "height": 48},
         "units": [marine("f", 10, 24, side="loyal", unit="firers")] + units,
         "attack": {"firer": "f", "bs": 4, "weapon": weapon, "target": units[0]["id"],
                    **attack}}
    if dice is not None:
        d["dice"] = dice
    if options:
        d["options"] = options
    return d


def run(d: dict) -> tuple[dict, list]:
    s = scenarios.load_dict(d)
    res = resolve(s)
    return res.effects, res.steps


def play(d: dict) -> tuple[tuple, ScriptedDice, Log]:
    s = scenarios.load_dict(d)
    dice = ScriptedDice(d["dice"])
    log = Log(dice)
    return heresy.play(s, dice, log), dice, log


def clauses_of(steps: list) -> list[str]:
    return [st.clause for st in steps]


# -- placement -------------------------------------------------------------------------------


def test_hh_1_target_must_be_an_enemy() -> None:
    d = doc([marine("a", 30, 24, side="loyal")], dice=[])
    with pytest.raises(IllegalAttack) as e:
        run(d)
    assert e.value.clause == "HH-1"


def test_hh_1_hole_over_the_target_base() -> None:
    # base radius 0.63", hole radius 0.098": the hole's centre may sit 0.53" off centre
    d = doc([marine("a", 30, 24)], dice=[], aim={"x": 30.6, "y": 24})
    with pytest.raises(IllegalAttack) as e:
        run(d)
    assert e.value.clause == "HH-1" and "entirely over the base of a" in say(e.value.reason)
    d = doc([marine("a", 30, 24)], dice=[1, 1, "HIT", 6, 1], aim={"x": 30.5, "y": 24})
    effects, steps = run(d)
    aim = steps[2].marks[0]
    assert (aim["role"], aim["x"], aim["y"]) == ("aim", 30.5, 24)
    assert effects["a"]["hits"] == 1


def test_hh_1_hole_over_a_vehicle_hull() -> None:
    d = doc([rhino("r", 30, 24)], dice=[], aim={"x": 32.1, "y": 25.25})
    effects, _ = run({**d, "dice": [1, 1, "HIT", 4]})
    assert effects["r"] == {"unit": "r", "hits": 1, "glancing": 0, "penetrating": 0,
                            "hull_points_lost": 0, "wrecked": False}
    with pytest.raises(IllegalAttack) as e:
        run(doc([rhino("r", 30, 24)], dice=[], aim={"x": 32.2, "y": 24}))
    assert e.value.clause == "HH-1"


def with_terrain(d: dict, *features: list) -> Scenario:
    """The scenario of `d` with terrain features (lists of [x, y] points) on its table."""
    return scenarios.load_dict({**d, "terrain": [{"points": f} for f in features]})


def test_hh_1_target_must_be_visible() -> None:
    d = doc([marine("a", 30, 24)], dice=[])
    with pytest.raises(IllegalAttack) as e:
        resolve(with_terrain(d, [[20, 20], [20, 28]]))
    assert e.value.clause == "HH-1" and "cannot see" in say(e.value.reason)
    with pytest.raises(IllegalAttack):  # a ruin block
        resolve(with_terrain(d, [[19, 20], [21, 20], [21, 28], [19, 28]]))
    # a wall hiding the centre but not the whole base: part of the model is visible
    d["dice"] = [1, 1, "HIT", 1]
    res = resolve(with_terrain(d, [[20, 20], [20, 24.05]]))
    assert res.effects["a"]["hits"] == 1 and "can see" in say(res.steps[2].text)


def test_hh_7_hits_ignore_line_of_sight() -> None:
    # b stands behind a wall the firer cannot see through; the marker scatters onto it
    units = [marine("a", 30, 24), marine("b", 30, 30, unit="other")]
    d = doc(units, dice=[6, 4, 180, 4, 1])  # 6" south: (30, 30), b under the marker
    effects = resolve(with_terrain(d, [[25, 27], [35, 27]])).effects
    assert effects["b"]["hits"] == 1 and effects["b"]["wounds_lost"] == 1
    assert effects["a"]["hits"] == 0


def test_hh_2_hole_within_maximum_range() -> None:
    # range from the firer's base edge (0.63") to the hole: 20.63 - 0.63 = 20
    ok = doc([marine("a", 30.63, 24)], dice=[1, 1, "HIT", 6, 1], weapon={"range": 20.01})
    assert run(ok)[0]["a"]["wounds_lost"] == 1
    far = doc([marine("a", 30.63, 24)], dice=[], weapon={"range": 19.9})
    with pytest.raises(IllegalAttack) as e:
        run(far)
    assert e.value.clause == "HH-2"


def test_hh_2_range_line_from_the_firer_edge_red_past_the_maximum_range() -> None:
    # the firer's base edge is 0.63" from its centre (10, 24); the hole at (30.63, 24)
    near = legality.range_lines(scenarios.load_dict(
        doc([marine("a", 30.63, 24)], weapon={"range": 24})))
    assert [(ln.end, ln.limit, ln.moves) for ln in near] == [(Point(30.63, 24), None, "aim")]
    assert (near[0].start.x, near[0].start.y) == pytest.approx((10.63, 24), abs=1e-3)
    far = legality.range_lines(scenarios.load_dict(
        doc([marine("a", 30.63, 24)], weapon={"range": 12})))
    assert far[0].clause == "HH-2"
    assert (far[0].limit.x, far[0].limit.y) == pytest.approx((22.63, 24), abs=1e-3)
    svg = board(scenarios.load_dict(doc([marine("a", 30.63, 24)],
                                               weapon={"range": 12})), reach=far)
    assert 'class="reach beyond" data-clause="HH-2"' in svg and '12" max' in svg
    assert 'data-aim="0" data-moves="aim"' in svg


def test_hh_2_shots_aimed_alike_share_one_range_line() -> None:
    d = doc([marine("a", 30, 24), marine("b", 30, 30)], weapon={"shots": 3},
            each_shot=[{"target": "a"}, {"target": "b"}, {"target": "a"}])
    lines = legality.range_lines(scenarios.load_dict(d))
    assert [ln.shots for ln in lines] == [(0, 2), (1,)]


def test_hh_5_minimum_range_refused_with_its_own_words() -> None:
    near = doc([marine("a", 30.63, 24)], dice=[], weapon={"range": 48, "min_range": 24})
    with pytest.raises(IllegalAttack) as e:
        run(near)
    assert e.value.clause == "HH-5"
    assert "inside the weapon's 24\" minimum range" in say(e.value.reason)
    assert "maximum" not in say(e.value.reason)


def test_hh_3_no_friendly_even_partially_under_the_marker() -> None:
    # 1.5" marker + 0.63" base: a friendly 2.12" away is partly under it
    d = doc([marine("a", 30, 24), marine("g", 32.12, 24, side="loyal", unit="escort")], dice=[])
    with pytest.raises(IllegalAttack) as e:
        run(d)
    assert e.value.clause == "HH-3"
    d = doc([marine("a", 30, 24), marine("g", 32.14, 24, side="loyal", unit="escort")],
            dice=[1, 1, "HIT", 1])
    effects, _ = run(d)
    assert effects["g"]["hits"] == 0 and effects["a"]["hits"] == 1


def test_hh_3_friendly_vehicle_hull() -> None:
    d = doc([marine("a", 30, 24), rhino("g", 33.7, 24, side="loyal")], dice=[])
    with pytest.raises(IllegalAttack) as e:  # hull's rear edge at 31.45, marker to 31.5
        run(d)
    assert e.value.clause == "HH-3"


def test_hh_11_no_snap_shots() -> None:
    with pytest.raises(IllegalAttack) as e:
        run(doc([marine("a", 30, 24)], dice=[], snap_shot=True))
    assert e.value.clause == "HH-11"


# -- scatter ---------------------------------------------------------------------------------


def final_mark(steps: list) -> dict:
    return [m for st in steps for m in st.marks if m.get("role") == "final"][-1]


def test_hh_4_distance_is_2d6_minus_bs() -> None:
    d = doc([marine("a", 30, 24)], dice=[5, 4, 90])  # 9 - 4 = 5" east
    _, steps = run(d)
    final = final_mark(steps)
    assert final["x"] == pytest.approx(35) and final["y"] == pytest.approx(24)
    arrow = [m for st in steps for m in st.marks if m["kind"] == "scatter"][0]
    assert arrow["distance"] == 5
    scatter = next(st for st in steps if st.clause == "HH-4")
    assert [r.value for r in scatter.rolls] == [9, 90.0]


def test_hh_4_hit_and_minimum_zero() -> None:
    for dice in ([6, 6, "HIT", 4, 4], [2, 1, 135, 4, 4]):  # HIT; 3 - 4 -> 0"
        effects, steps = run(doc([marine("a", 30, 24)], dice=dice))
        final = final_mark(steps)
        assert (final["x"], final["y"]) == (30, 24)
        assert effects["a"] == {"unit": "squad", "hits": 1, "wounds": 1, "saved": 1,
                                "ignored": 0, "wounds_lost": 0, "removed": False}


def test_hh_5_scatter_beyond_range_still_hits() -> None:
    # range 20.5: a bystander 6" behind the target is out of range but is hit
    d = doc([marine("a", 30, 24), marine("b", 36, 24, unit="other")], dice=[6, 4, 90, 4, 1],
            weapon={"range": 20.5})
    effects, steps = run(d)
    assert "HH-5" in clauses_of(steps)
    assert effects["b"]["hits"] == 1 and effects["a"]["hits"] == 0
    assert effects["b"]["wounds_lost"] == 1  # To Wound 4, save 1


def test_hh_5_scatter_onto_own_units_is_logged() -> None:
    units = [marine("a", 30, 24), marine("g", 25, 24, side="loyal", unit="escort")]
    d = doc(units, dice=[6, 3, 270, 4, 1])  # 5" west: (25, 24), the firer's squadmate
    effects, steps = run(d)
    assert effects["g"]["hits"] == 1 and effects["g"]["wounds_lost"] == 1
    assert any(st.clause == "HH-5" and "own side (g)" in say(st.text) for st in steps)


def test_hh_6_centre_beyond_the_table_edge_misses() -> None:
    d = doc([marine("a", 70, 24), marine("b", 71.5, 24)], dice=[6, 3, 90],  # 5" east: x 75
            weapon={"range": 72})
    effects, steps = run(d)
    assert "HH-6" in clauses_of(steps)
    assert effects["a"]["hits"] == effects["b"]["hits"] == 0


def test_hh_6_centre_on_the_table_edge_is_not_beyond_it() -> None:
    d = doc([marine("a", 70, 24), marine("b", 71.5, 24)], dice=[3, 3, 90, 1, 1],
            weapon={"range": 72})  # 2" east: x = 72, the edge itself
    effects, steps = run(d)
    assert "HH-6" not in clauses_of(steps)
    assert effects["a"]["hits"] == effects["b"]["hits"] == 1


def test_hh_7_one_hit_per_model_partially_under() -> None:
    r = 1.5 + 32 / 25.4 / 2
    units = [marine("a", 30, 24), marine("b", 30, 24 + r - 1e-6), marine("c", 30, 24 - r - 0.01),
             marine("d", 30 + r, 24, side="neutral", unit="bystander")]
    effects, steps = run(doc(units, dice=[1, 1, "HIT", 1, 1, 6, 1]))
    assert [effects[k]["hits"] for k in "abcd"] == [1, 1, 0, 1]
    assert "HH-7" in clauses_of(steps)
    # squad: 2 hits -> To Wound [1, 1]; bystander: 1 hit -> To Wound [6], save 1
    assert effects["d"]["wounds"] == 1 and effects["d"]["wounds_lost"] == 1


def test_hh_7_hull_corner_under_the_marker() -> None:
    # hull facing east, front-left corner at (32.25, 22.625); marker centre 1.5" out along
    # the corner's diagonal (up and right), outside both edges' spans
    c = (32.25, 22.625)
    off = 1.5 / math.sqrt(2)
    units = [marine("a", c[0] + off + 0.3, c[1] - off), rhino("r", 30, 24)]
    d = doc(units, dice=[1, 1, "HIT", 1, 4], aim={"x": c[0] + off - 1e-6, "y": c[1] - off})
    effects, _ = run(d)
    assert effects["r"]["hits"] == 1
    d["attack"]["aim"] = {"x": c[0] + off + 0.01, "y": c[1] - off}
    effects, _ = run({**d, "dice": [1, 1, "HIT", 1]})
    assert effects["r"]["hits"] == 0


def test_hh_12_marker_sizes() -> None:
    for blast, hit in ((3, 0), (5, 1), (7, 1), (10, 1)):
        units = [marine("a", 30, 24), marine("b", 33, 24, side="neutral", unit="n")]
        d = doc(units, dice=[1, 1, "HIT", 1, 1][:4 + hit], weapon={"blast": blast})
        effects, steps = run(d)
        assert effects["b"]["hits"] == hit
        assert steps[2].marks[0]["radius"] == blast / 2


# -- re-rolls, multiple blasts ----------------------------------------------------------------


def test_hh_10_full_reroll_rerolls_scatter_die_and_2d6() -> None:
    d = doc([marine("a", 30, 24)], dice=[6, 6, 90, 2, 2, "HIT", 1], reroll="full")
    effects, steps = run(d)
    assert "HH-10" in clauses_of(steps)
    assert effects["a"]["hits"] == 1
    twin = doc([marine("a", 30, 24)], dice=[6, 6, 90, 2, 2, "HIT", 1],
               weapon={"twin_linked": True})
    assert run(twin)[0]["a"]["hits"] == 1


def test_hh_10_reroll_ones_does_not_reroll_the_scatter() -> None:
    d = doc([marine("a", 30, 24)], dice=[6, 6, 90], reroll="ones")
    outcome, dice, _ = play(d)
    assert outcome[1].hits == 0 and dice.remaining == 0
    never = doc([marine("a", 30, 24)], dice=[6, 6, 90], reroll="full", reroll_when="never")
    assert play(never)[0][1].hits == 0


def test_hh_10_reroll_policy_friendly_hit() -> None:
    units = [marine("a", 30, 24), marine("g", 33.5, 24, side="loyal", unit="firers")]
    # 2" east: target still hit, friendly hit too -> "missed-or-friendly" re-rolls
    d = doc(units, dice=[3, 3, 90, 1, 1, "HIT", 6, 1], reroll="full",
            reroll_when="missed-or-friendly")
    effects, steps = run(d)
    assert clauses_of(steps).count("HH-4") == 2
    assert effects["g"]["hits"] == 0 and effects["a"]["wounds_lost"] == 1
    d = doc(units, dice=[3, 3, 90, 1, 1], reroll="full",
            reroll_when="target-missed")  # keeps it
    effects, _ = run(d)
    assert effects["g"]["hits"] == 1 and effects["a"]["hits"] == 1


def test_hh_9_scatter_each_shot_then_all_to_wound_rolls_together() -> None:
    units = [marine("a", 30, 24), marine("b", 31.5, 24), marine("c", 33, 24)]
    # shot 1 HIT: a and b; shot 2 5" east (x 35): c
    dice = [1, 1, "HIT", 6, 3, 90, 5, 5, 5, 1, 2, 6]
    d = doc(units, dice=dice, weapon={"shots": 2})
    effects, steps = run(d)
    assert [effects[k]["hits"] for k in "abc"] == [1, 1, 1]
    wound_steps = [st for st in steps if st.rolls and say(st.rolls[0].label).startswith("To Wound")]
    assert len(wound_steps) == 1 and wound_steps[0].rolls[0].value == [5, 5, 5]
    assert "HH-9" in clauses_of(steps)
    # 3 wounds, closest to the firer first: a fails (1), b fails (2), c saves (6)
    assert [effects[k]["wounds_lost"] for k in "abc"] == [1, 1, 0]
    assert effects["c"]["wounds"] == 1 and effects["c"]["saved"] == 1


# -- wounds ----------------------------------------------------------------------------------


def test_hh_8_to_wound_saves_and_allocation_to_any_model() -> None:
    # two hits on a squad of three: wounds go to the closest first, even the one not hit
    units = [marine("a", 30, 24), marine("b", 31.5, 24), marine("z", 22, 24, w=2, fnp=5)]
    dice = [1, 1, "HIT", 4, 3, 2, 1]  # To Wound S4 v T4: [4, 3] -> 1 wound; save 2, FNP 1
    d = doc(units, dice=dice)
    effects, steps = run(d)
    assert effects["z"] == {"unit": "squad", "hits": 0, "wounds": 1, "saved": 0,
                            "ignored": 0, "wounds_lost": 1, "removed": False}
    d = doc(units, dice=[1, 1, "HIT", 4, 4, 1, 6, 2, 1])  # save 1, FNP 6; save 2, FNP 1
    effects, _ = run(d)
    assert effects["z"]["ignored"] == 1 and effects["z"]["wounds_lost"] == 1


def test_hh_8_closest_model_measured_to_the_base_edge() -> None:
    # c's centre is farther from the firer than a's, but its 60 mm base reaches closer
    units = [marine("a", 30, 24), marine("c", 30.4, 26, base_mm=60)]
    d = doc(units, dice=[1, 1, "HIT", 6, 1, 1])
    effects, steps = run(d)
    assert effects["a"]["hits"] == 1 and effects["c"]["hits"] == 1  # 2.13" + 1.18" reach
    # one wound (To Wound 6, 1): it goes to c, whose base edge is the closest to the firer
    assert effects["c"]["wounds_lost"] == 1 and effects["a"]["wounds_lost"] == 0
    assert any("allocated to c" in say(st.text) for st in steps)


def test_hh_8_log_names_the_denied_save() -> None:
    d = doc([marine("a", 30, 24)], dice=[1, 1, "HIT", 6], weapon={"ap": 3})
    _, steps = run(d)
    step = next(st for st in steps if "allocated to a" in say(st.text))
    assert "AP3 denies its 3+ armour" in say(step.text) and "1 Wound lost" in say(step.text)
    assert step.marks == ({"kind": "unit", "id": "a", "state": "damaged"},)


def test_hh_8_to_wound_chart() -> None:
    from engine.systems.heresy.wounds import to_wound_target
    assert [to_wound_target(s, 4) for s in range(1, 11)] == [
        6, 6, 5, 4, 3, 2, 2, 2, 2, 2]
    assert to_wound_target(3, 4) == 5 and to_wound_target(1, 5) is None


def test_hh_8_instant_death_option() -> None:
    units = [marine("a", 30, 24, w=2, fnp=5)]
    w = {"s": 8, "ap": 2}
    effects, _ = run(doc(units, dice=[1, 1, "HIT", 2], weapon=w))
    assert effects["a"]["wounds_lost"] == 2 and effects["a"]["removed"]
    effects, _ = run(doc(units, dice=[1, 1, "HIT", 2, 5], weapon=w,
                         options={"instant_death": False}))
    assert effects["a"]["wounds_lost"] == 0 and effects["a"]["ignored"] == 1


def test_hh_8_vehicle_penetration_facing_from_the_firer() -> None:
    # firer to the west of a Rhino facing east: rear armour 10; S4 + D6
    d = doc([rhino("r", 30, 24)], dice=[1, 1, "HIT", 6])  # rear 10: 4 + 6 glances
    assert run(d)[0]["r"]["glancing"] == 1
    d = doc([rhino("r", 30, 24)], dice=[1, 1, "HIT", 6], weapon={"s": 5})
    assert run(d)[0]["r"]["penetrating"] == 1
    d = doc([rhino("r", 30, 24)], dice=[1, 1, "HIT", 6], options={"vehicle_facing": "marker"})
    effects, _ = run(d)  # the centre is over the hull: Side 11, 4 + 6 = 10 -> nothing
    assert effects["r"]["glancing"] == effects["r"]["penetrating"] == 0
    ordnance = doc([rhino("r", 30, 24, facing=270)], dice=[1, 1, "HIT", 2, 6],
                   weapon={"s": 5, "rules": ["ordnance"]})
    effects, steps = run(ordnance)  # front 11: max(2, 6) + 5 = 11 -> glancing
    assert effects["r"]["glancing"] == 1 and effects["r"]["hull_points_lost"] == 1


def test_hh_13_mega_blast_zones_and_pools() -> None:
    units = [marine("a", 30, 24), marine("b", 33.4, 24), marine("c", 35.5, 24)]
    mega = {"blast": 10, "range": 60, "mega": [[10, 1], [8, 3], [4, 5]]}
    dice = [1, 1, "HIT", 2, 2, 3]  # inner S10 [2], middle S8 [2], outer S4 [3]
    effects, steps = run(doc(units, dice=dice, weapon=mega))
    assert [effects[k]["hits"] for k in "abc"] == [1, 1, 1]
    texts = [say(st.text) for st in steps if st.clause == "HH-13"]
    assert any("a (inner), b (middle: it straddles the middle and outer zones and takes the "
               "best, S8 AP3, the likelier to cost it a Wound), c (outer)" in t for t in texts)
    # inner and middle wound on 2+, outer S4 v T4 misses on 3; two wounds, AP1 and AP3:
    # both deny the 3+ save; allocated from the centre: a then b
    assert [effects[k]["wounds_lost"] for k in "abc"] == [1, 1, 0]


def test_hh_14_mega_blast_allocates_from_the_marker_centre() -> None:
    # "near" is the squad's model closest to the firer, but 9" from the marker centre
    units = [marine("a", 36, 24), marine("b", 36, 30), marine("near", 27, 24)]
    mega = {"blast": 10, "range": 60, "mega": [[6, 6], [6, 6], [6, 6]]}
    effects, _ = run(doc(units, dice=[1, 1, "HIT", 6, 1], weapon=mega))
    lost = {k: effects[k]["wounds_lost"] for k in ("a", "b", "near")}
    assert lost == {"a": 1, "b": 0, "near": 0}
    plain = doc(units, dice=[1, 1, "HIT", 6, 1], weapon={"s": 6, "ap": 6, "blast": 3})
    assert run(plain)[0]["near"]["wounds_lost"] == 1


def test_hh_14_mega_blast_measures_from_the_centre_to_the_base_edge() -> None:
    # b's centre is 3.2" from the hole, a's 3.0"; b's 60 mm base edge is 2.02" away, a's 2.37"
    units = [marine("t", 30, 24), marine("a", 30, 27), marine("b", 33.2, 24, base_mm=60)]
    mega = {"blast": 10, "range": 60, "mega": [[4, 6], [4, 6], [4, 6]]}
    effects, steps = run(doc(units, dice=[1, 1, "HIT", 1, 1, 6, 1], weapon=mega))
    assert [effects[k]["hits"] for k in "tab"] == [1, 1, 1]
    # one wound: t (under the hole) would take it first; kill t with it and check the order
    two = doc(units, dice=[1, 1, "HIT", 1, 6, 6, 1, 1], weapon=mega)
    effects, steps = run(two)
    allocated = [say(st.text).split("allocated to ")[1].split(":")[0] for st in steps
                 if st.clause == "HH-14"]
    assert allocated == ["t", "b"]


def test_hh_15_mega_blast_hits_vehicles_on_side_armour() -> None:
    # Rhino facing the firer (front 11 vs rear 10 / side 11 ...): armour 14/12/10
    r = rhino("r", 30, 24, facing=270)
    r["armour"] = {"front": 14, "side": 10, "rear": 12}
    mega = {"blast": 10, "range": 60, "mega": [[6, 2], [6, 2], [6, 2]]}
    effects, steps = run(doc([r], dice=[1, 1, "HIT", 4], weapon=mega))
    assert effects["r"]["glancing"] == 1  # 4 + 6 = 10 = side
    assert "HH-15" in clauses_of(steps)


def test_hh_16_breaching_wounds_at_ap2_not_on_vehicles() -> None:
    units = [marine("a", 30, 24, sv=2, inv=5), marine("b", 31, 24.5, sv=2, inv=5)]
    w = {"s": 4, "ap": 4, "breaching": 5}
    # two hits, To Wound [5, 4]: one AP2 (inv 5+ only), one AP4 (2+ armour)
    effects, steps = run(doc(units, dice=[1, 1, "HIT", 5, 4, 4, 6], weapon=w))
    assert "HH-16" in clauses_of(steps)
    saves = [say(r.label) for st in steps for r in st.rolls if say(r.label).startswith("save")]
    assert saves == ["save a (5+)", "save b (2+)"]  # pool AP 2 first, closest first
    assert effects["a"]["wounds_lost"] == 1 and effects["b"]["saved"] == 1
    v = doc([rhino("r", 30, 24)], dice=[1, 1, "HIT", 6], weapon={"s": 4, "breaching": 2})
    assert run(v)[0]["r"]["glancing"] == 1  # rear 10 = 4 + 6, whatever the To Wound


# -- Gets Hot --------------------------------------------------------------------------------


def test_hh_17_gets_hot_uses_the_base_ap() -> None:
    d = doc([marine("a", 30, 24)], dice=[1, 3, 2, 1, 1, "HIT", 1],
            weapon={"gets_hot": True, "ap": 4, "breaching": 2, "shots": 2})
    effects, steps = run(d)
    assert "HH-17" in clauses_of(steps)
    assert effects["f"]["wounds_lost"] == 0 and effects["f"]["gets_hot"] == ["saved"]


def test_hh_18_a_blast_never_takes_the_to_hit_gets_hot() -> None:
    # HH-18 is for weapons that roll To Hit; a blast's Gets Hot, a vehicle's too, is HH-19
    d = doc([marine("a", 30, 24)], dice=[1, 2], weapon={"gets_hot": True})
    d["units"][0] = rhino("f", 10, 24, side="loyal")
    steps = run(d)[1]
    assert "HH-18" not in clauses_of(steps)
    assert any(st.clause == "HH-19" and "a vehicle rolls a D6 instead" in say(st.text)
               for st in steps)
    assert any(st.clause == "HH-19" and "(as HH-18 says)" in say(st.text) for st in steps)


def test_hh_19_vehicle_gets_hot_glances_by_edition() -> None:
    tank = rhino("f", 10, 24, side="loyal")
    for edition, roll, glance in (("hh2", 3, 0), ("7th", 3, 1), ("hh2", 2, 1)):
        d = doc([marine("a", 30, 24)], dice=[1, roll], weapon={"gets_hot": True},
                options={"edition": edition})
        d["units"][0] = tank
        effects, steps = run(d)
        assert effects["f"]["glancing"] == glance and effects["f"]["hull_points_lost"] == glance
        assert "HH-19" in clauses_of(steps)


def test_hh_19_gets_hot_shot_not_fired_and_wound_on_the_firer() -> None:
    d = doc([marine("a", 30, 24)], dice=[1], weapon={"gets_hot": True, "ap": 3})
    outcome, dice, log = play(d)
    assert outcome[0].lost == 1 and outcome[1].hits == 0 and dice.remaining == 0
    assert outcome[0].gets_hot == ("wound",)
    d = doc([marine("a", 30, 24)], dice=[2, 1, 1, "HIT", 1], weapon={"gets_hot": True})
    outcome, _, _ = play(d)
    assert outcome[1].hits == 1 and outcome[0].lost == 0


def test_hh_20_gets_hot_reroll() -> None:
    for extra in ({"reroll": "full"}, {"weapon": {"gets_hot": True, "twin_linked": True}},
                  {"bs": 6}):
        kw = {"weapon": {"gets_hot": True}, **extra}
        d = doc([marine("a", 30, 24)], dice=[1, 4, 1, 1, "HIT", 1], **kw)
        effects, steps = run(d)
        assert "HH-20" in clauses_of(steps) and effects["a"]["hits"] == 1
        assert effects["f"]["wounds_lost"] == 0
    plain = doc([marine("a", 30, 24)], dice=[1, 1], weapon={"gets_hot": True})
    assert run(plain)[0]["f"]["wounds_lost"] == 1  # no re-roll; AP 6: no save, 1 W lost
    again = doc([marine("a", 30, 24)], dice=[1, 1, 1], reroll="full", weapon={"gets_hot": True})
    assert run(again)[0]["f"]["wounds_lost"] == 1  # the re-roll is a 1 too: the wound stands


def test_hh_20_reroll_ones_rerolls_a_gets_hot_one() -> None:
    # HH-20 counts BS 6+ (a re-roll of To Hit 1s) among the abilities that re-roll a Gets Hot
    # 1; HH-10's exclusion of re-roll-1s abilities is about the scatter only
    ones = doc([marine("a", 30, 24)], dice=[1, 4, 6, 6, 90], reroll="ones",
               weapon={"gets_hot": True})
    outcome, dice, log = play(ones)
    assert outcome[0].lost == 0 and outcome[1].hits == 0 and dice.remaining == 0  # no HH-10
    assert "HH-20" in clauses_of(log.steps)
    strict = doc([marine("a", 30, 24)], dice=[1, 1], reroll="ones", weapon={"gets_hot": True},
                 options={"ones_reroll_gets_hot": False})
    assert run(strict)[0]["f"]["wounds_lost"] == 1


# -- log, demos, odds ------------------------------------------------------------------------


@pytest.mark.parametrize("path", DEMOS, ids=lambda p: p.stem)
def test_demo_log_cites_valid_clauses(path: Path) -> None:
    s = scenarios.loads(path.read_text())
    assert s.title and s.notes
    for seed in (None, 1, 2, 3):
        res = resolve(s, seed)
        assert res.steps[0].clause == "OPT" and "Rules as written" in say(res.steps[0].text)
        for st in res.steps:
            assert st.clause in CLAUSES or st.clause in ENGINE_CLAUSES


def test_there_are_at_least_four_demos() -> None:
    assert len(DEMOS) >= 4
    kinds = [json.loads(p.read_text())["attack"]["weapon"] for p in DEMOS]
    assert any(w.get("mega") for w in kinds) and any(w.get("gets_hot") for w in kinds)
    assert any(w.get("blast") == 5 for w in kinds) and any(w.get("blast", 3) == 3 for w in kinds)


def closed_form(d: float, reach: float, bs: int) -> float:
    p = dict(sum_distribution(2, 6))
    still = sum(q for t, q in p.items() if t - bs <= 0)
    out = (1 / 3 + 2 / 3 * still) * (d <= reach)
    for t, q in p.items():
        s = t - bs
        if s > 0:
            k = (s * s + d * d - reach * reach) / (2 * s * d)
            out += 2 / 3 * q * math.acos(max(-1.0, min(1.0, k))) / math.pi
    return out


@pytest.mark.parametrize("dist", [0.5, 1.8, 2.13, 3.0, 4.7, 7.25, 10.0])
@pytest.mark.parametrize("bs,blast", [(4, 3), (2, 5), (1, 7)])
def test_exact_odds_equal_the_closed_form(dist: float, bs: int, blast: int) -> None:
    units = [marine("a", 36, 24), marine("b", 36, 24 - dist, side="neutral", unit="b")]
    d = doc(units, dice=None, bs=bs, weapon={"blast": blast})
    o = odds(scenarios.load_dict(d))
    reach = blast / 2 + 32 / 25.4 / 2
    assert o.method == "exact"
    assert o.units["b"]["p_hit"] == pytest.approx(closed_form(dist, reach, bs), abs=2e-6)


SMALL = {
    "blast": doc([marine("a", 30, 24), marine("b", 31.5, 24.5),
                  marine("c", 33, 22, side="neutral", unit="o")]),
    "twin-linked-gets-hot": doc([marine("a", 30, 24), marine("b", 31.5, 24.5)],
                                weapon={"twin_linked": True, "gets_hot": True, "ap": 3},
                                reroll_when="missed-or-friendly"),
    "marker-facing": doc([marine("a", 30, 24), rhino("v", 32, 26.5)], weapon={"s": 6, "blast": 5},
                         options={"vehicle_facing": "marker"}),
    "each-shot-gets-hot-removes-the-firer": doc(
        [marine("a", 30, 24, t=5), marine("b", 31.5, 30, t=5, unit="other"),
         marine("f2", 11.4, 24, side="loyal", unit="firers")],
        weapon={"shots": 2, "gets_hot": True, "ap": 2, "s": 1}, each_shot=[{}, {"target": "b"}],
        bs=10),
    "best-reroll-defenders-choice": doc(
        [marine("a", 30, 24, sv=None, w=2), marine("b", 31.4, 24, sv=5),
         marine("g", 33.4, 24.5, side="loyal", unit="escort", sv=None)],
        weapon={"twin_linked": True}, options={"allocation": "defender"}),
    "mega-cover-from-the-centre": {**doc(
        [marine("a", 30, 24, sv=None), marine("b", 30, 27.5, sv=None)],
        weapon={"blast": 10, "range": 60, "mega": [[8, 2], [5, 4], [3, 6]]}),
        "terrain": [{"points": [[28, 25.5], [32, 25.5], [32, 26], [28, 26]], "cover": 4}]},
    "mega-mixed-bases": doc([marine("a", 30, 24, sv=None), marine("b", 32.5, 25, base_mm=60,
                                                                  sv=None)],
                            weapon={"blast": 10, "range": 60, "mega": [[8, 2], [5, 4], [3, 6]]}),
}


def assert_marginals_equal_the_joint(s: Scenario) -> None:
    """`heresy.marginals` (shared Gets Hot, per-unit folds of every shot) against the
    generic enumeration of `play` itself, path by path, marginalised onto the same units:
    each model's own harm and each unit's (hits, models removed)."""
    reference = blocks_of(joint(s), partition(len(s.units), heresy.groups(s)))
    assert_same_marginals(heresy.marginals(s, Budget()), reference)


@pytest.mark.parametrize("name", SMALL)
def test_marginals_equal_the_generic_enumeration(name: str) -> None:
    assert_marginals_equal_the_joint(scenarios.load_dict(SMALL[name]))


JOINT_DEMOS = [p for p in DEMOS if p.stem == "heresy-large-blast-own-unit"]
"""The demos whose generic enumeration is quick: the others hold 250,000 dice paths or
more (the blast squad takes 46 s, the Gets Hot and Mega-blast ones pass the budget)."""


@pytest.mark.parametrize("path", JOINT_DEMOS, ids=lambda p: p.stem)
def test_marginals_equal_the_generic_enumeration_on_a_demo(path: Path) -> None:
    d = json.loads(path.read_text())
    d.pop("dice", None)
    assert_marginals_equal_the_joint(scenarios.load_dict(d))


TABLE_SIZE = [p for p in SUITE if p.stem in ("heresy-four-shots-squad",
                                              "heresy-large-blast-six-shots",
                                              "heresy-three-shots-corner-rhino")]


@pytest.mark.parametrize("path", TABLE_SIZE, ids=lambda p: p.stem)
def test_hh_9_table_size_attacks_have_exact_odds_per_unit(path: Path) -> None:
    """Four to six shots at a ten-model squad: each unit folded over its pooled Hits, within
    the budget of ``auto`` odds (test_suite.py checks their figures by Monte Carlo)."""
    s = scenarios.loads(path.read_text())
    for block in heresy.marginals(s, Budget()):
        assert isinstance(block, Tally)
        assert block.totals.total() == pytest.approx(1.0, abs=1e-9)
        assert all(d.total() == pytest.approx(1.0, abs=1e-9) for d in block.each)


def squad_doc() -> dict:
    units = [marine(f"m{i}", 30 + 1.4 * (i % 5), 22 + 1.6 * (i // 5)) for i in range(10)]
    return doc(units, bs=3, weapon={"s": 8, "ap": 3, "blast": 5, "range": 48})


def test_exact_odds_for_a_ten_model_squad_are_fast() -> None:
    s = scenarios.load_dict(squad_doc())
    t = time.perf_counter()
    o = odds(s)
    assert time.perf_counter() - t < 0.5
    total = sum(float(v) for v in o.groups["squad"]["hits"].values())
    assert total == pytest.approx(1.0)


def sample_and_exact(d: dict) -> tuple[dict, dict]:
    """Exact figures and those of 200,000 seeded resolutions of one scenario, both through
    `engine.systems.odds` (run in a worker)."""
    s = scenarios.load_dict(d)
    exact = odds(s, method="exact")
    mc = odds(s, method="monte-carlo", trials=TRIALS, seed=1)
    assert (exact.method, mc.method, mc.trials) == ("exact", "monte-carlo", TRIALS)
    return exact.units, mc.units


@pytest.fixture(scope="module")
def monte_carlo() -> dict[str, tuple[dict, dict]]:
    """Every Monte Carlo run of this module, two at a time (the machine has two cores)."""
    jobs = {"squad": squad_doc()}
    for path in DEMOS + SUITE_EXACT:
        d = json.loads(path.read_text())
        d.pop("dice", None)
        jobs[path.stem] = d
    with ProcessPoolExecutor(2) as pool:
        return dict(zip(jobs, pool.map(sample_and_exact, jobs.values()), strict=True))


def wilson(p: float, z: float) -> tuple[float, float]:
    n = TRIALS
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half - 1e-6, centre + half + 1e-6


def assert_within_interval(exact: dict, mc: dict) -> None:
    """Every exact figure inside the sample's 95 % interval, family-wise: a correct answer
    falls outside a per-figure 95 % interval one time in twenty, and the figures of one
    scenario are many and correlated, so each gets the Bonferroni interval (z for
    0.05 / number of figures) that holds all of them together with 95 % confidence."""
    figures = [(uid, key) for uid in exact for key in ("p_hit", "p_damaged", "p_destroyed")]
    z = NormalDist().inv_cdf(1 - 0.025 / len(figures))
    for uid, key in figures:
        lo, hi = wilson(mc[uid][key], z)
        assert lo <= exact[uid][key] <= hi, (uid, key, exact[uid][key], mc[uid][key], z)


def test_monte_carlo_agrees_on_a_ten_model_squad(monte_carlo: dict) -> None:
    assert_within_interval(*monte_carlo["squad"])


@pytest.mark.parametrize("path", DEMOS + SUITE_EXACT, ids=lambda p: p.stem)
def test_monte_carlo_agrees_on_every_demo_and_suite_scenario(path: Path,
                                                             monte_carlo: dict) -> None:
    assert_within_interval(*monte_carlo[path.stem])


@pytest.mark.parametrize("path", SUITE, ids=lambda p: p.stem)
def test_suite_scenarios_are_valid_seeded_and_unscripted(path: Path) -> None:
    s = scenarios.loads(path.read_text())
    assert s.system == "heresy" and s.seed is not None and s.dice is None and s.title


def test_groups_and_landing_heat_map() -> None:
    s = scenarios.load_dict(squad_doc())
    assert heresy.groups(s) == {"firers": [0], "squad": list(range(1, 11))}
    points = heresy.landing(s)
    assert points[0]["p"] == pytest.approx(1 / 3 + 2 / 3 * 3 / 36, abs=1e-6)  # BS 3: 2D6 <= 3
    assert sum(p["p"] for p in points) == pytest.approx(1.0, abs=1e-4)


ARC_FILES = [Path(__file__).parent / "suite" / "heresy-mega-three-shots-thirty-models.json",
             Path(__file__).parent / "suite" / "heresy-three-shots-corner-rhino.json",
             *sorted((Path(__file__).parent.parent / "web" / "demos").glob("heresy-*.json"))]


@pytest.mark.parametrize("path", ARC_FILES, ids=lambda p: p.stem)
def test_hh_7_a_landing_looked_up_by_arc_is_what_the_marker_covers(path: Path) -> None:
    """Monte Carlo looks a landing up by its arc between breakpoints (`land`, `arc_of`);
    at every distance and at bearings all round, also beside each breakpoint, what it
    looks up is what measuring that landing gives (HH-6, HH-7, HH-14)."""
    fire = heresy.prepare(scenarios.loads(path.read_text("utf-8")))
    table = fire.scenario.board.table
    for shot, aimed in enumerate(fire.shots):
        for s in range(1, 13):
            near = [b + d for b in breakpoints(fire, shot, s) for d in (-1e-4, 1e-4)]
            for bearing in [k * 7.3 for k in range(50)] + [b % 360.0 for b in near]:
                for _ in range(2):  # the first landing alike is measured, the next looked up
                    got = land(fire, shot, s, bearing)
                centre = move(aimed.aim, bearing, s)
                on = table.contains(centre.x, centre.y)
                assert (got.on_table, got.hits) == (on, hits_at(fire, centre) if on
                                                    else no_hits(fire)), (shot, s, bearing)
