"""Robotech RPG Tactics Blast rule: one test (at least) per clause RT-1 to RT-22.

Each test forces its case with scripted dice and checks the exact damage per unit. The
board: the attacker a1 at (6, 24) fires east at r1 (30, 24), so template direction "1"
points east (bearing 90) and, wound clockwise, "2" points at bearing 150. A 40 mm base
has a radius of 0.7874", so a 5" template covers it when the centres are within 3.2874".
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from engine import scenario as scenarios
from engine import systems
from engine.build import legality
from engine.clauses import CLAUSES, ENGINE_CLAUSES
from engine.dice import ScriptedDice
from engine.errors import IllegalAttack, ScenarioError
from engine.geometry import Point, move
from engine.log import Log
from engine.scenario import Scenario
from engine.systems.robotech import attack, stages, strikes
from engine.systems.robotech.legality import prepare
from engine.words import say

OFF = {"shoot_down": False, "dodge": False, "roll_with_impact": False}
ALL = {"shoot_down": True, "dodge": True, "roll_with_impact": True}
GRENADE = {"name": "64 mm grenade launcher", "md": 6, "range": 36, "abilities": ["blast"]}
MISSILE = {"name": "Blast missile", "md": 9, "range": 36, "abilities": ["blast", "missile"]}


def volley(n: int, *extra: str, md: int = 9) -> dict[str, Any]:
    return {"name": f"Volley {n}", "md": md, "range": 36, "volley": n,
            "abilities": ["blast", "missile", "volley", *extra]}


def unit(uid: str, x: float, y: float, side: str = "red", **kw: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "kind": "mecha", "x": x, "y": y, "base_mm": 40,
            "df": 5, "gn": 1, "pil": 2, "cp": 0, **kw}


def structure(uid: str, x: float, y: float, side: str = "red", **kw: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "kind": "structure", "x": x, "y": y, "base_mm": 40,
            "df": 5, **kw}


def attacker(x: float = 6, y: float = 24, **kw: Any) -> dict[str, Any]:
    return unit("a1", x, y, side="blue", **{"gn": 2, "cp": 2, **kw})


def build(units: list[dict[str, Any]], weapon: dict[str, Any] | None = None,
          targets: list[str] | None = None, point: dict[str, float] | None = None,
          reactions: dict[str, Any] | None = None, options: dict[str, Any] | None = None,
          terrain: list[Any] | None = None, strike_modifier: int = 0) -> Scenario:
    attack: dict[str, Any] = {"attacker": "a1", "weapon": weapon or GRENADE,
                              "reactions": reactions or {"default": OFF}}
    if strike_modifier:
        attack["strike_modifier"] = strike_modifier
    if point is not None:
        attack["point"] = point
    else:
        attack["targets"] = targets or ["r1"]
    doc = {"format": "scatterlab/1", "system": "robotech", "table": {"width": 48, "height": 48},
           "units": units, "attack": attack,
           "options": {"command_points": "mecha", **(options or {})}}
    if terrain:
        doc["terrain"] = [{"points": t} for t in terrain]
    return scenarios.load_dict(doc)



def test_rt_2_range_line_base_edge_to_base_edge_red_past_the_range() -> None:
    # 40 mm bases (0.787" radius): centres 30" apart are 28.43" edge to edge
    s = build([attacker(6, 24), unit("r1", 36, 24)], weapon={**GRENADE, "range": 20})
    (line,) = legality.range_lines(s)
    assert line.clause == "RT-2" and line.moves == ""
    assert (line.start.x, line.start.y) == pytest.approx((6.787, 24), abs=1e-3)
    assert (line.end.x, line.end.y) == pytest.approx((35.213, 24), abs=1e-3)
    assert (line.limit.x, line.limit.y) == pytest.approx((26.787, 24), abs=1e-3)
    (inside,) = legality.range_lines(build([attacker(6, 24), unit("r1", 20, 24)]))
    assert inside.limit is None


def test_rt_3_ground_point_range_line_moves_the_point() -> None:
    weapon = {**GRENADE, "abilities": ["blast", "indirect_fire"]}
    s = build([attacker(6, 24), unit("r1", 40, 24)], weapon=weapon, point={"x": 30, "y": 24})
    (line,) = legality.range_lines(s)
    assert (line.clause, line.moves, line.end, line.limit) == ("RT-3", "point",
                                                               Point(30, 24), None)


def play(s: Scenario, dice: list[Any]) -> tuple[dict[str, stages.UnitResult], list[Any]]:
    """Play with exactly these dice (all must be used); results by unit id, and the steps."""
    d = ScriptedDice(dice)
    log = Log(d)
    out = attack.play(s, d, log)
    assert d.remaining == 0, f"{d.remaining} scripted dice left unused"
    return {u.id: r for u, r in zip(s.units, out, strict=True)}, log.steps


def damage(results: dict[str, stages.UnitResult]) -> dict[str, int]:
    return {uid: r.damage for uid, r in results.items()}


def clauses(steps: list[Any]) -> list[str]:
    return [s.clause for s in steps]


def final_templates(steps: list[Any]) -> list[dict[str, Any]]:
    return [m for s in steps for m in s.marks
            if m["kind"] == "template" and m["role"] == "final"]


def illegal(s: Scenario) -> IllegalAttack:
    d = ScriptedDice([])  # legality comes before any roll
    with pytest.raises(IllegalAttack) as e:
        attack.play(s, d, Log(d))
    return e.value


# -- RT-1: the roll to Strike against DF 5 --------------------------------------------------------


def test_rt_1_strike_of_5_hits_the_point_of_impact() -> None:
    s = build([attacker(), unit("r1", 30, 24)])
    res, steps = play(s, [3])  # 3 + GN 2 = 5
    assert damage(res) == {"a1": 0, "r1": 6}
    assert res["r1"].hits == 1
    assert "RT-1" in clauses(steps) and "RT-12" not in clauses(steps)


def test_rt_1_strike_of_4_misses_and_scatters() -> None:
    s = build([attacker(gn=0), unit("r1", 30, 24)])
    res, steps = play(s, [4, 1, 6, 6, 3])  # 4 misses; direction 1, 12", new Strike 3+1
    assert damage(res) == {"a1": 0, "r1": 0}
    assert res["r1"].hits == 0
    assert "RT-12" in clauses(steps)


def test_rt_1_natural_six_strikes_every_df_only_under_the_old_reading() -> None:
    units = [attacker(gn=0), unit("r1", 30, 24, df=7)]
    res, _ = play(build(units, options={"natural_rolls": True}), [6])
    assert damage(res)["r1"] == 6  # the old reading: a natural 6 reaches DF 7
    for natural in ("point-of-impact", False):
        res, steps = play(build(units, options={"natural_rolls": natural}), [6])
        assert damage(res)["r1"] == 0 and res["r1"].hits == 1  # 6 < DF 7 (RT-9)


def test_rt_1_natural_six_hits_the_point_of_impact_then_totals_decide() -> None:
    # issue 10: a secondary missile at GN 1 rolls 6 - 3 = 3; under "point-of-impact" the
    # natural 6 hits the point of impact, but 3 is below the DF 6 of its target: no damage
    units = [attacker(gn=1), unit("r1", 30, 24), unit("r2", 30, 34, df=6)]
    s = build(units, weapon=volley(2), targets=["r1", "r2"],
              options={"natural_rolls": "point-of-impact"})
    res, steps = play(s, [1, 6, 1, 1, 1, 6])  # missile 1 natural 1: scatters 2", new 6 + 1
    assert damage(res) == {"a1": 0, "r1": 4, "r2": 0}
    said = [st.text for st in steps if st.clause == "RT-17"]
    assert "Strike 6 + GN 1 -3 (secondary target) = 4 against DF 5: a natural 6: hits" in said[1]
    assert "Strike 1 + GN 1 = 2 against DF 5: misses" in said[0]
    spared = next(st.text for st in steps if st.clause == "RT-22")
    assert "r2 DF 6 above the Strike roll 4: no damage (a natural 6" in spared
    res, _ = play(build(units, weapon=volley(2), targets=["r1", "r2"],
                        options={"natural_rolls": True}), [1, 6, 1, 1, 1, 6])
    assert damage(res) == {"a1": 0, "r1": 4, "r2": 9}  # the old reading


def test_rt_1_natural_one_always_misses_the_point_of_impact_unless_the_option_is_off() -> None:
    units = [attacker(gn=4), unit("r1", 30, 24)]
    for natural in ("point-of-impact", True):
        res, steps = play(build(units, options={"natural_rolls": natural}), [1, 1, 6, 6, 3])
        assert damage(res)["r1"] == 0 and "RT-12" in clauses(steps)
        assert "a natural 1: misses" in next(st.text for st in steps if st.clause == "RT-1")
    res, _ = play(build(units, options={"natural_rolls": False}), [1])  # 1 + 4 = 5
    assert damage(res)["r1"] == 6


def test_rt_1_strike_modifier_adds_to_the_first_strike_only() -> None:
    units = [attacker(gn=2), unit("r1", 30, 24), unit("r2", 33, 24)]
    s = build(units, strike_modifier=-1)
    res, steps = play(s, [3, 1, 1, 1, 4])  # 3 + 2 - 1 = 4 misses; 2" east; new 4 + 1 = 5
    assert damage(res) == {"a1": 0, "r1": 3, "r2": 3}
    assert "Strike 3 + GN 2 -1 (modifier) = 4 against DF 5: misses" in steps[4].text
    assert "modifier -1" in steps[1].text
    res, _ = play(build(units, strike_modifier=1), [2])  # 2 + 2 + 1 = 5
    assert damage(res) == {"a1": 0, "r1": 6, "r2": 3}


def test_rt_1_only_blast_weapons_use_this_rule() -> None:
    e = illegal(build([attacker(), unit("r1", 30, 24)], weapon={**GRENADE, "abilities": []}))
    assert e.clause == "RT-1" and "no Blast ability" in e.reason


# -- RT-2, RT-3, RT-4: legality before any roll ---------------------------------------------------


def test_rt_2_a_friendly_mecha_is_not_a_target() -> None:
    s = build([attacker(), unit("b1", 30, 24, side="blue")], targets=["b1"])
    e = illegal(s)
    assert e.clause == "RT-2" and "friendly mecha" in e.reason


def test_rt_2_any_structure_may_be_a_target() -> None:
    s = build([attacker(), structure("s1", 30, 24, side="blue")],
              targets=["s1"])
    res, _ = play(s, [3])
    assert damage(res)["s1"] == 6


def test_rt_2_the_ground_needs_indirect_fire() -> None:
    e = illegal(build([attacker(), unit("r1", 30, 24)], point={"x": 30, "y": 30}))
    assert e.clause == "RT-2" and "Indirect Fire" in e.reason


def test_rt_2_range_is_measured_base_to_base() -> None:
    # centres 24" apart, two 40 mm bases: 24 - 2 * 0.7874 = 22.425"
    units = [attacker(), unit("r1", 30, 24)]
    assert illegal(build(units, weapon={**GRENADE, "range": 22.4})).clause == "RT-2"
    res, _ = play(build(units, weapon={**GRENADE, "range": 22.45}), [3])
    assert damage(res)["r1"] == 6


@pytest.mark.parametrize("wall", [[[18, 10], [18, 40]], [[17, 22], [19, 22], [19, 26], [17, 26]]])
def test_rt_2_terrain_blocks_line_of_sight(wall: list[list[float]]) -> None:
    e = illegal(build([attacker(), unit("r1", 30, 24)], terrain=[wall]))
    assert e.clause == "RT-2" and "line of sight" in e.reason


def test_rt_3_indirect_fire_at_the_ground_seen_by_a_friend() -> None:
    units = [attacker(), unit("b2", 26, 40, side="blue"), unit("r1", 29, 12)]
    weapon = {**GRENADE, "abilities": ["blast", "indirect_fire"]}
    s = build(units, weapon=weapon, point={"x": 30, "y": 12}, terrain=[[[14, 4], [14, 20]]])
    res, steps = play(s, [3])
    assert damage(res) == {"a1": 0, "b2": 0, "r1": 3}  # the ground is no primary target
    check = next(st for st in steps if st.clause == "RT-3")
    assert "in sight of b2" in check.text


def test_rt_3_indirect_fire_needs_a_friendly_line_of_sight() -> None:
    units = [attacker(), unit("r1", 30, 12)]
    weapon = {**GRENADE, "abilities": ["blast", "indirect_fire"]}
    s = build(units, weapon=weapon, targets=["r1"], terrain=[[[14, 4], [14, 20]]])
    e = illegal(s)
    assert e.clause == "RT-3" and "line of sight" in e.reason


def test_rt_3_indirect_fire_at_a_mecha_the_firer_cannot_see() -> None:
    units = [attacker(), unit("b2", 26, 40, side="blue"), unit("r1", 30, 12)]
    weapon = {**GRENADE, "abilities": ["blast", "indirect_fire"]}
    res, _ = play(build(units, weapon=weapon, terrain=[[[14, 4], [14, 20]]]), [3])
    assert damage(res) == {"a1": 0, "b2": 0, "r1": 6}


def test_rt_3_indirect_fire_range() -> None:
    weapon = {**GRENADE, "range": 20, "abilities": ["blast", "indirect_fire"]}
    e = illegal(build([attacker(), unit("r1", 30, 12)], weapon=weapon, point={"x": 30, "y": 24}))
    assert e.clause == "RT-3" and "beyond the range" in e.reason


def test_rt_4_no_friendly_mecha_under_the_template() -> None:
    e = illegal(build([attacker(), unit("r1", 30, 24), unit("b2", 33, 24, side="blue")]))
    assert e.clause == "RT-4" and "b2" in e.reason


def test_rt_4_life_is_cheap_friends_may_be_under_and_have_no_cp() -> None:
    units = [attacker(), unit("r1", 30, 24),
             unit("b2", 33, 24, side="blue", life_is_cheap=True, cp=0)]
    res, _ = play(build(units, reactions={"default": ALL}), [3])  # no dodge roll for b2
    assert damage(res) == {"a1": 0, "r1": 6, "b2": 3}
    assert res["b2"].cp_spent == 0
    units[2]["cp"] = 3  # a CP it could never spend is refused, not dropped
    with pytest.raises(ScenarioError) as e:
        build(units)
    assert e.value.path == "units[2].cp"


def test_rt_4_a_friend_just_outside_the_template_is_fine() -> None:
    res, _ = play(build([attacker(), unit("r1", 30, 24), unit("b2", 33.3, 24, side="blue")]), [3])
    assert damage(res) == {"a1": 0, "r1": 6, "b2": 0}


# -- RT-5 to RT-10: the hit and the reactions -----------------------------------------------------


def test_rt_5_full_md_to_the_target_half_to_everything_under_even_clipped() -> None:
    units = [attacker(), unit("r1", 30, 24),
             unit("r2", 30, 27.28),  # 3.28" away: the template clips its base
             unit("r3", 30, 20.70),  # 3.30" away: just clear
             structure("s1", 27.5, 25.5, df=4)]  # under the template, off the sight line
    res, steps = play(build(units, weapon=MISSILE), [3])
    assert damage(res) == {"a1": 0, "r1": 9, "r2": 4, "r3": 0, "s1": 4}
    assert [r.hits for r in res.values()] == [0, 1, 1, 0, 1]
    tpl = final_templates(steps)[0]
    assert (tpl["x"], tpl["y"], tpl["radius"], tpl["one_at"]) == (30, 24, 2.5, 90)


def test_rt_6_dodge_equal_to_the_strike_roll_costs_one_cp() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=1)]
    react = {"default": ALL}
    res, _ = play(build(units, reactions=react), [4, 4])  # Strike 6; Dodge 4 + PIL 2 = 6
    assert damage(res)["r1"] == 0
    assert (res["r1"].cp_spent, res["r1"].reactions) == (1, ("dodge",))
    res, _ = play(build(units, reactions=react), [4, 3])  # Dodge 5 < 6; no CP left
    assert damage(res)["r1"] == 6
    assert (res["r1"].cp_spent, res["r1"].reactions) == (1, ("dodge-failed",))


def test_rt_6_no_dodge_without_command_points_or_pil_when_the_option_is_off() -> None:
    res, _ = play(build([attacker(), unit("r1", 30, 24, cp=0)], reactions={"default": ALL}), [4])
    assert damage(res)["r1"] == 6
    s = build([attacker(), unit("r1", 30, 24, cp=1)], reactions={"default": ALL},
              options={"dodge_adds_pil": False})
    res, _ = play(s, [4, 5])  # 5 without PIL < 6
    assert damage(res)["r1"] == 6


def test_rt_7_roll_with_impact_halves_rounded_down_minimum_one() -> None:
    react = {"default": {**OFF, "roll_with_impact": True}}
    res, steps = play(build([attacker(), unit("r1", 30, 24, cp=1)], weapon=MISSILE,
                            reactions=react), [3])
    assert damage(res)["r1"] == 4 and res["r1"].cp_spent == 1  # 9 -> 4
    assert "RT-7" in clauses(steps)
    plan = prepare(build([attacker(), unit("r1", 30, 24)]))
    assert [strikes.halve(plan, d) for d in (1, 3, 0)] == [1, 1, 0]


def test_rt_7_after_a_failed_dodge_and_never_against_overwhelming() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=2)]
    res, _ = play(build(units, weapon={**GRENADE, "md": 9}, reactions={"default": ALL}), [3, 2])
    assert damage(res)["r1"] == 4 and res["r1"].cp_spent == 2
    assert res["r1"].reactions == ("dodge-failed", "roll-with-impact")
    heavy = {**GRENADE, "md": 12, "abilities": ["blast", "overwhelming"]}
    res, _ = play(build(units, weapon=heavy, reactions={"default": ALL}), [3, 2])
    assert damage(res)["r1"] == 12 and res["r1"].cp_spent == 1


def test_rt_8_structures_take_full_or_half_with_no_reduction() -> None:
    units = [attacker(), structure("s1", 30, 24, df=3),
             structure("s2", 32, 24, df=3)]
    res, steps = play(build(units, weapon=MISSILE, targets=["s1"], reactions={"default": ALL}),
                      [3])
    assert damage(res) == {"a1": 0, "s1": 9, "s2": 4}
    assert clauses(steps).count("RT-8") == 2


def test_rt_9_df_above_the_strike_roll_takes_no_damage() -> None:
    units = [attacker(), unit("r1", 30, 24, df=7), unit("r2", 32, 24, df=6),
             unit("r3", 28, 25.5, df=5)]
    res, steps = play(build(units, options={"natural_rolls": False}), [4])  # Strike 6
    assert damage(res) == {"a1": 0, "r1": 0, "r2": 3, "r3": 3}
    assert res["r1"].hits == 1  # under the template (p_hit), but no damage
    assert "RT-9" in clauses(steps)


def test_rt_10_a_successful_dodge_does_not_scatter_the_blast() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=1), unit("r2", 32, 24)]
    res, steps = play(build(units, reactions={"default": ALL}), [3, 6])  # no scatter dice
    assert damage(res) == {"a1": 0, "r1": 0, "r2": 3}
    assert "RT-12" not in clauses(steps)
    assert "no scatter" in next(s.text for s in steps if s.clause == "RT-6")


def test_rt_6_dodge_modifier_adds_to_the_roll_and_is_logged() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=1, dodge_modifier=-1)]
    s = build(units, reactions={"default": ALL})
    res, steps = play(s, [4, 5])  # Strike 6; Dodge 5 + PIL 2 - 1 = 6
    assert damage(res)["r1"] == 0
    said = next(st.text for st in steps if st.clause == "RT-6")
    assert "rolls 5 + PIL 2 -1 (modifier) = 6 against the Strike roll, 6: dodged" in said
    res, _ = play(s, [4, 4])  # 4 + 2 - 1 = 5 < 6
    assert damage(res)["r1"] == 6


def test_rt_6_a_natural_six_dodge_compares_its_total_by_default() -> None:
    # issue 10: a natural-6 Dodge used to beat a Strike of 8; D6 6 + PIL 1 = 7 < 8
    units = [attacker(gn=2), unit("r1", 30, 24, cp=1, pil=1)]
    react = {"default": {**OFF, "dodge": True}}
    res, steps = play(build(units, reactions=react), [6])  # Strike 8: no Dodge
    assert damage(res)["r1"] == 6 and res["r1"].cp_spent == 0  # no point spent in vain
    res, steps = play(build(units, reactions=react,
                            options={"natural_rolls": True}), [6, 6])
    assert damage(res)["r1"] == 0
    assert "a natural 6: dodged" in next(st.text for st in steps if st.clause == "RT-6")


# -- reactions per unit: order, keep_cp, the policy best (issue 10) -------------------------------


def test_rt_6_the_policy_best_dodges_rather_than_spend_its_only_cp_on_a_shoot_down() -> None:
    # One Blast Missile, 1 CP, PIL 2 (issue 10). Strike 3 + 2 = 5: a Dodge fails on 1-2 only,
    # expected 9 / 3 = 3, a shoot-down leaves 9 x 5/6 = 7.5. No reactions given: best.
    units = [attacker(), unit("r1", 30, 24, cp=1)]
    s = build(units, weapon=MISSILE, reactions={"r1": "best"})
    res, steps = play(s, [3, 4])  # Dodge 4 + 2 = 6: dodged
    assert damage(res)["r1"] == 0 and res["r1"].reactions == ("dodge",)
    assert "RT-11" not in clauses(steps)
    # today's booleans keep today's meaning: the shoot-down first, then no CP to dodge
    res, steps = play(build(units, weapon=MISSILE, reactions={"default": ALL}), [3, 4])
    assert damage(res)["r1"] == 9 and res["r1"].reactions == ("shoot-down-failed",)


def test_rt_11_the_policy_best_is_the_default_for_a_unit_the_scenario_leaves_out() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=1)]
    doc = {"format": "scatterlab/1", "system": "robotech", "table": {"width": 48, "height": 48},
           "units": units, "attack": {"attacker": "a1", "weapon": MISSILE, "targets": ["r1"]}}
    s = scenarios.load_dict(doc)
    assert s.attack.reactions_of("r1").best
    res, _ = play(s, [3, 4])
    assert res["r1"].reactions == ("dodge",)


def test_rt_11_the_policy_best_shoots_when_a_dodge_cannot_save_it() -> None:
    # Strike 6 + 2 = 8 against PIL 1: no Dodge can reach it, and the missile is
    # Overwhelming (no Roll with Impact), so the one CP shoots
    units = [attacker(), unit("r1", 30, 24, cp=1, pil=1)]
    heavy = {**MISSILE, "abilities": ["blast", "missile", "overwhelming"]}
    res, steps = play(build(units, weapon=heavy, reactions={"r1": {"policy": "best"}}),
                      [6, 6])
    assert damage(res)["r1"] == 0 and res["r1"].reactions == ("shoot-down",)


def test_rt_11_an_order_keeps_the_cp_for_a_reaction_ranked_higher() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=1)]
    order = {"r1": {"order": ["dodge", "shoot_down", "roll_with_impact"]}}
    res, steps = play(build(units, weapon=MISSILE, reactions=order), [3, 4])
    assert res["r1"].reactions == ("dodge",) and "RT-11" not in clauses(steps)
    units = [attacker(), unit("r1", 30, 24, cp=2)]  # two CP: both, where both are allowed
    res, _ = play(build(units, weapon=MISSILE, reactions=order,
                        options={"shoot_and_dodge": True}), [3, 5, 4])
    assert res["r1"].reactions == ("shoot-down-failed", "dodge")
    res, _ = play(build(units, weapon=MISSILE, reactions=order), [3, 4])  # Dodge OR shoot
    assert res["r1"].reactions == ("dodge",)


def test_rt_7_an_order_may_rank_roll_with_impact_above_dodge() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=1)]
    react = {"r1": {"order": ["roll_with_impact", "dodge"]}}
    res, _ = play(build(units, weapon={**GRENADE, "md": 9}, reactions=react), [3])
    assert damage(res)["r1"] == 4 and res["r1"].reactions == ("roll-with-impact",)


def test_rt_6_keep_cp_leaves_command_points_unspent() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=2)]
    react = {"r1": {**ALL, "keep_cp": 1}}
    res, _ = play(build(units, weapon={**GRENADE, "md": 9}, reactions=react), [3, 1])
    assert res["r1"].reactions == ("dodge-failed",) and damage(res)["r1"] == 9
    assert res["r1"].cp_spent == 1
    res, _ = play(build(units, weapon={**GRENADE, "md": 9},
                        reactions={"r1": {"policy": "best", "keep_cp": 2}}), [3])
    assert res["r1"].cp_spent == 0 and damage(res)["r1"] == 9


@pytest.mark.parametrize(("entry", "path"), [
    ({"shoot_down": True, "order": ["dodge"]}, "attack.reactions.r1"),
    ({"order": ["dodge", "dodge"]}, "attack.reactions.r1.order"),
    ({"policy": "worst"}, "attack.reactions.r1.policy"),
    ({"keep_cp": -1}, "attack.reactions.r1.keep_cp"),
])
def test_rt_6_reactions_that_cannot_be_read_are_refused_with_their_path(entry: Any,
                                                                      path: str) -> None:
    with pytest.raises(ScenarioError) as e:
        build([attacker(), unit("r1", 30, 24)], reactions={"r1": entry})
    assert e.value.path == path


def test_rt_8_structures_refuse_mecha_fields_and_reactions() -> None:
    with pytest.raises(ScenarioError) as e:
        build([attacker(), structure("s1", 30, 24, cp=1)], targets=["s1"])
    assert e.value.path == "units[1].cp"
    with pytest.raises(ScenarioError) as e:
        build([attacker(), structure("s1", 30, 24)], targets=["s1"],
              reactions={"s1": ALL})
    assert e.value.path == "attack.reactions.s1" and "RT-8" in say(e.value.reason)


# -- RT-11: shooting the missiles down ------------------------------------------------------------


def test_rt_11_shoot_down_by_would_damage_bars_a_mecha_its_df_protects() -> None:
    units = [attacker(), unit("r1", 30, 24, df=7, cp=1), unit("r2", 32, 24)]
    s = build(units, weapon=MISSILE, targets=["r1"], reactions={"default": ALL},
              options={"natural_rolls": False, "shoot_down_by": "would-damage"})
    res, steps = play(s, [3])  # Strike 5: r1 takes nothing, so it may not shoot
    assert damage(res) == {"a1": 0, "r1": 0, "r2": 4} and "RT-11" not in clauses(steps)


def test_rt_11_shoot_for_others_false_shoots_only_to_save_itself() -> None:
    units = [attacker(), unit("r1", 30, 24, df=7, cp=1), unit("r2", 32, 24)]
    s = build(units, weapon=MISSILE, targets=["r1"], reactions={"default": ALL},
              options={"natural_rolls": False, "shoot_for_others": False})
    res, steps = play(s, [3])
    assert damage(res) == {"a1": 0, "r1": 0, "r2": 4} and "RT-11" not in clauses(steps)
    assert "shoots down missiles to save its friends: no" in say(steps[0].text)


def test_rt_11_booleans_decide_in_turn_a_second_shooter_keeps_its_cp() -> None:
    # r1 and r2 are both under the one missile (Strike 3 + 2 = 5 hits r1). Today's
    # booleans decide in unit order: r1's 6 destroys the missile, so r2, whose turn comes
    # next, sees nothing in the air: it does not shoot and keeps its CP
    units = [attacker(), unit("r1", 30, 24, cp=1), unit("r2", 32, 24, cp=1)]
    res, steps = play(build(units, weapon=MISSILE, reactions={"default": ALL}), [3, 6])
    assert damage(res) == {"a1": 0, "r1": 0, "r2": 0}
    assert res["r1"] == stages.UnitResult(1, 0, 1, ("shoot-down",))
    assert res["r2"] == stages.UnitResult(1, 0, 0, ())
    assert [s.text for s in steps if s.clause == "RT-11"] == [
        "R1 shoots at the missile over it (1 CP) and rolls 6: shot down: they damage no one"]
    # r1 misses: the missile still flies, so r2 shoots at it in its turn
    res, _ = play(build(units, weapon=MISSILE, reactions={"default": ALL}), [3, 2, 6])
    assert res["r2"] == stages.UnitResult(1, 0, 1, ("shoot-down",)) and damage(res)["r1"] == 0


def test_rt_17_roll_labels_name_units_and_missiles_as_the_log_does() -> None:
    units = [attacker(), unit("r1", 30, 24, name="Regult", cp=2),
             unit("r2", 40, 24, name="Glaug", cp=1)]
    s = build(units, weapon=volley(2), targets=["r1", "r2"], reactions={"default": ALL},
              strike_modifier=1, options={"shoot_and_dodge": True, "line_of_sight": "terrain"})
    d = ScriptedDice([3, 1, 2, 3, 4, 5, 2, 4])
    log = Log(d)
    attack.play(s, d, log)
    assert d.remaining == 0
    assert [r.label for step in log.steps for r in step.rolls] == [
        "Strike of missile 1 at Regult (D6 + GN 2, +1 modifier)",
        "Strike of missile 2 at Glaug (D6 + GN 2, +1 modifier, -3 secondary target)",
        "Scatter direction of missile 2 from Glaug (D6)",
        "Scatter distance of missile 2 (2D6 inches)",
        "New Strike of missile 2 where it comes down (D6 + 1)",
        "Shoot-down by Regult (a 6 succeeds)",
        "Dodge by Regult (D6 + PIL 2 against Strike 6)"]


def test_rt_11_an_order_or_the_policy_best_declares_together_before_any_roll() -> None:
    # the same two mecha with an order of priority: both declare seeing the missile, both
    # roll, although r1's 6 already destroyed it
    units = [attacker(), unit("r1", 30, 24, cp=1), unit("r2", 32, 24, cp=1)]
    order = {"default": {"order": ["shoot_down", "dodge", "roll_with_impact"]}}
    res, _ = play(build(units, weapon=MISSILE, reactions=order), [3, 6, 2])
    assert damage(res) == {"a1": 0, "r1": 0, "r2": 0}
    assert [res[u].reactions for u in ("r1", "r2")] == [("shoot-down",), ("shoot-down-failed",)]
    assert res["r2"].cp_spent == 1


def test_rt_11_a_six_destroys_the_missile_for_everyone() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=1), unit("r2", 32, 24),
             structure("s1", 28, 25.5)]
    react = {"default": ALL}
    res, steps = play(build(units, weapon=MISSILE, reactions=react), [3, 6])
    assert damage(res) == {"a1": 0, "r1": 0, "r2": 0, "s1": 0}
    assert res["r1"].reactions == ("shoot-down",) and res["r1"].cp_spent == 1
    assert res["r2"].hits == 1  # it was hit, then the missile was destroyed
    res, _ = play(build(units, weapon=MISSILE, reactions=react), [3, 5])
    assert damage(res) == {"a1": 0, "r1": 9, "r2": 4, "s1": 4}
    assert "RT-11" in clauses(steps)


def test_rt_11_anti_missile_needs_a_six_too_but_no_cp() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=0, anti_missile=True)]
    react = {"default": ALL}
    res, _ = play(build(units, weapon=MISSILE, reactions=react), [3, 5])
    assert damage(res)["r1"] == 9 and res["r1"].cp_spent == 0
    res, _ = play(build(units, weapon=MISSILE, reactions=react), [3, 6])
    assert damage(res)["r1"] == 0


def test_rt_11_any_mecha_under_the_template_may_shoot_even_one_its_df_protects() -> None:
    # Strike 3 + 2 = 5: r1 (DF 7) takes nothing, but it is under the template and shoots
    # down the missile that would hit r2 next to it.
    units = [attacker(), unit("r1", 30, 24, df=7, cp=1), unit("r2", 32, 24)]
    s = build(units, weapon=MISSILE, targets=["r1"], reactions={"default": ALL},
              options={"natural_rolls": False})
    res, steps = play(s, [3, 6])
    assert damage(res) == {"a1": 0, "r1": 0, "r2": 0}
    assert res["r1"].reactions == ("shoot-down",) and res["r1"].cp_spent == 1
    assert (res["r1"].hits, res["r2"].hits) == (1, 1)
    res, _ = play(s, [3, 5])
    assert damage(res) == {"a1": 0, "r1": 0, "r2": 4}


def test_rt_11_no_cp_spent_on_missiles_that_would_damage_no_one_of_its_side() -> None:
    # Strike 5 reaches no DF under the template: r1 (DF 7) does not waste its CP.
    units = [attacker(), unit("r1", 30, 24, df=7, cp=1)]
    s = build(units, weapon=MISSILE, reactions={"default": ALL},
              options={"natural_rolls": False})
    res, steps = play(s, [3])
    assert res["r1"] == stages.UnitResult(1, 0, 0, ())
    assert "RT-11" not in clauses(steps)


def test_rt_11_no_shoot_down_against_a_blast_that_is_not_a_missile() -> None:
    res, _ = play(build([attacker(), unit("r1", 30, 24, cp=1)],
                        reactions={"default": {**OFF, "shoot_down": True}}), [3])
    assert damage(res)["r1"] == 6


def test_rt_11_a_divided_volley_keeps_the_missiles_that_would_not_hit_the_shooter() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=1), unit("r2", 30, 34)]
    s = build(units, weapon=volley(2), targets=["r1", "r2"], reactions={"default": ALL})
    res, _ = play(s, [3, 6, 6])  # missile 2 at r2: natural 6; r1 shoots down missile 1
    assert damage(res) == {"a1": 0, "r1": 0, "r2": 9}


# -- RT-12 to RT-16: the scatter ------------------------------------------------------------------


def test_rt_12_direction_1_points_straight_away_from_the_firer() -> None:
    units = [attacker(), unit("r1", 30, 24), unit("r9", 35, 24)]
    res, steps = play(build(units), [2, 1, 3, 2, 4])  # miss; direction 1, 5"; new Strike 5
    assert damage(res) == {"a1": 0, "r1": 0, "r9": 3}
    tpl = final_templates(steps)[0]
    assert (tpl["x"], tpl["y"]) == pytest.approx((35, 24))


@pytest.mark.parametrize(("winding", "bearing"), [("clockwise", 150), ("counter-clockwise", 30)])
def test_rt_12_template_winding_decides_where_direction_2_points(winding: str,
                                                                   bearing: float) -> None:
    end = move(Point(30, 24), bearing, 6)
    units = [attacker(), unit("r1", 30, 24), unit("r9", end.x, end.y)]
    res, steps = play(build(units, options={"template_winding": winding}), [2, 2, 3, 3, 4])
    assert damage(res)["r9"] == 3
    assert next(m for s in steps for m in s.marks if m["kind"] == "scatter")["distance"] == 6


def test_rt_13_scatter_is_capped_at_the_range_to_the_target() -> None:
    units = [attacker(), unit("r1", 12, 24), unit("r9", 30, 24)]
    res, steps = play(build(units), [2, 1, 6, 6, 4])  # 12" rolled, range 6 - 1.5748
    tpl = final_templates(steps)[0]
    assert tpl["x"] == pytest.approx(12 + 6 - 2 * 0.7874, abs=1e-3)
    assert "RT-13" in clauses(steps)
    assert damage(res) == {"a1": 0, "r1": 0, "r9": 0}


def test_rt_14_new_strike_is_d6_plus_1_for_half_damage_even_on_the_target() -> None:
    units = [attacker(gn=3), unit("r1", 30, 24), unit("r2", 32, 27)]
    s = build(units, weapon=MISSILE)
    res, steps = play(s, [1, 1, 1, 1, 4])  # Strike 1 + 3 = 4 misses; 2" east; new Strike 4 + 1 = 5
    assert damage(res) == {"a1": 0, "r1": 4, "r2": 4}  # r1 is no longer the primary target
    assert "RT-14" in clauses(steps)
    res, _ = play(s, [1, 1, 1, 1, 3])  # 3 + 1 = 4, no GN: below DF 5
    assert damage(res) == {"a1": 0, "r1": 0, "r2": 0}


def test_rt_15_dodge_and_roll_with_impact_against_the_new_strike() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=2), unit("r2", 31, 24, df=6)]
    s = build(units, weapon=MISSILE, reactions={"default": {**ALL, "shoot_down": False}})
    res, _ = play(s, [2, 1, 1, 1, 4, 3])  # new Strike 5; r1 dodges 3 + 2 = 5
    assert damage(res) == {"a1": 0, "r1": 0, "r2": 0}  # r2: DF 6 above the new roll
    res, steps = play(s, [2, 1, 1, 1, 4, 2])  # dodge 4 fails; roll with impact 4 -> 2
    assert damage(res) == {"a1": 0, "r1": 2, "r2": 0}
    assert res["r1"].cp_spent == 2
    assert "RT-15" in clauses(steps)


def test_rt_16_a_dud_never_scatters_twice() -> None:
    units = [attacker(), unit("r1", 30, 24), unit("r2", 31, 24, df=3)]
    res, steps = play(build(units), [2, 1, 1, 1, 1])  # new Strike 1 + 1 = 2: a dud
    assert damage(res) == {"a1": 0, "r1": 0, "r2": 0}
    assert clauses(steps).count("RT-12") == 1 and "RT-16" in clauses(steps)


def test_rt_16_friendly_mecha_can_be_hit_by_the_scatter() -> None:
    units = [attacker(), unit("r1", 30, 24), unit("b2", 35.5, 24, side="blue")]
    res, _ = play(build(units), [2, 1, 3, 2, 4])
    assert damage(res) == {"a1": 0, "r1": 0, "b2": 3}


def test_rt_16_a_scattered_missile_can_be_shot_down() -> None:
    units = [attacker(), unit("r1", 30, 24), unit("r2", 35, 24, cp=1)]
    s = build(units, weapon=MISSILE, reactions={"default": ALL})
    res, _ = play(s, [2, 1, 3, 2, 4, 6])
    assert damage(res) == {"a1": 0, "r1": 0, "r2": 0}
    assert res["r2"].reactions == ("shoot-down",)


# -- RT-17 to RT-22: volleys ----------------------------------------------------------------------


def test_rt_17_each_missile_strikes_separately_with_its_own_template() -> None:
    units = [attacker(), unit("r1", 30, 24), unit("r2", 32, 24)]
    res, steps = play(build(units, weapon=volley(2)), [4, 3])
    assert damage(res) == {"a1": 0, "r1": 18, "r2": 8}
    assert (res["r1"].hits, res["r2"].hits) == (2, 2)
    res, steps = play(build(units, weapon=volley(2)), [4, 2, 1, 6, 6, 4])  # missile 2 scatters
    assert damage(res) == {"a1": 0, "r1": 9, "r2": 4}
    assert len(final_templates(steps)) == 2


def test_rt_18_one_dodge_against_the_highest_of_three_strikes() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=1)]
    s = build(units, weapon=volley(3), reactions={"default": {**OFF, "dodge": True}})
    res, _ = play(s, [3, 4, 5, 5])  # Strikes 5, 6, 7; Dodge 5 + 2 = 7
    assert damage(res)["r1"] == 0 and res["r1"].cp_spent == 1
    res, _ = play(s, [3, 4, 5, 4])  # Dodge 6 beats two of them, not the highest
    assert damage(res)["r1"] == 27


def test_rt_18_four_missiles_are_inescapable() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=1)]
    s = build(units, weapon=volley(4), reactions={"default": {**OFF, "dodge": True}})
    res, steps = play(s, [3, 3, 3, 3])  # no Dodge roll
    assert damage(res)["r1"] == 36 and res["r1"].cp_spent == 0
    assert "cannot dodge: 4 missiles" in next(st.text for st in steps if st.clause == "RT-18")


def test_rt_18_inescapable_weapons_cannot_be_dodged() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=2)]
    s = build(units, weapon=volley(2, "inescapable"), reactions={"default": ALL})
    res, steps = play(s, [3, 3, 1])  # shoot-down 1 fails; no Dodge; roll with impact
    assert damage(res)["r1"] == 9 and res["r1"].cp_spent == 2
    assert res["r1"].reactions == ("shoot-down-failed", "roll-with-impact")
    assert "Inescapable" in next(st.text for st in steps if st.clause == "RT-18")


def test_rt_19_one_roll_with_impact_for_the_whole_volley() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=1)]
    react = {"default": {**OFF, "roll_with_impact": True}}
    res, _ = play(build(units, weapon=volley(3), reactions=react), [3, 3, 3])
    assert damage(res)["r1"] == 13 and res["r1"].cp_spent == 1  # 27 -> 13
    res, _ = play(build(units, weapon=volley(3), reactions=react,
                        options={"impact_halves": "missile"}), [3, 3, 3])
    assert damage(res)["r1"] == 12  # 3 x (9 -> 4)


def test_rt_20_a_whole_volley_miss_scatters_one_template_with_the_full_md_of_one_missile() -> None:
    # four natural 1s; ONE scatter: direction 1, 1 + 1 = 2"; new Strike natural 6
    units = [attacker(), unit("r1", 30, 24), unit("r2", 33, 24)]
    res, steps = play(build(units, weapon=volley(4)), [1, 1, 1, 1, 1, 1, 1, 6])
    assert damage(res) == {"a1": 0, "r1": 9, "r2": 9}  # "the full MD of one missile"
    assert res["r1"].hits == 1
    assert "RT-12" not in clauses(steps) and "RT-14" not in clauses(steps)
    rt20 = [st.text for st in steps if st.clause == "RT-20"]
    assert "full: 9" in rt20[0] and "That one template deals: one missile's full MD" in rt20[0]
    # issue 10: the one template is the volley's, never "missile 1", and cites RT-20
    assert rt20[1].startswith("The volley's template scatters from r1: direction 1")
    assert rt20[2].startswith("The volley's template: new Strike 6 + 1 = 7")
    assert not any("missile 1" in st.text for st in steps if st.clause.startswith("RT-2"))
    half = build(units, weapon=volley(4), options={"volley_miss_damage": "half"})
    res, steps = play(half, [1, 1, 1, 1, 1, 1, 1, 6])
    assert damage(res) == {"a1": 0, "r1": 4, "r2": 4} and res["r1"].hits == 1
    assert "That one template deals: half of one missile's MD" in next(
        st.text for st in steps if st.clause == "RT-20")


def test_rt_20_missiles_that_miss_scatter_separately_otherwise() -> None:
    units = [attacker(), unit("r1", 30, 24)]
    res, steps = play(build(units, weapon=volley(3)), [1, 1, 3, 1, 6, 6, 4, 1, 6, 6, 4])
    assert damage(res)["r1"] == 9
    assert clauses(steps).count("RT-12") == 2 and "RT-20" not in clauses(steps)


def test_rt_21_a_divided_volley_has_a_template_per_missile_and_minus_3() -> None:
    units = [attacker(), unit("r1", 30, 24), unit("r2", 30, 34)]
    s = build(units, weapon=volley(3), targets=["r1", "r2", "r1"])
    # missile 1 at r1: 3 + 2 = 5 hits; missile 2 at r2: 5 + 2 - 3 = 4 misses and scatters
    # away (direction 1, 12", dud); missile 3 at r1: 4 + 2 = 6
    res, steps = play(s, [3, 5, 4, 1, 6, 6, 3])
    assert damage(res) == {"a1": 0, "r1": 18, "r2": 0}
    assert "RT-21" in clauses(steps)
    assert steps[1].text.endswith("volley of 3): missiles 1, 3 at r1; missile 2 at r2")


def test_rt_21_a_divided_volley_names_one_target_per_missile() -> None:
    # issue 10: ["r1", "r2"] for a volley of 4 used to send 3 missiles at r1 silently
    units = [attacker(), unit("r1", 30, 24), unit("r2", 30, 34)]
    with pytest.raises(ScenarioError) as e:
        build(units, weapon=volley(4), targets=["r1", "r2"])
    assert e.value.path == "attack.targets" and "one id per missile (4), not 2" in str(e.value)
    s = build(units, weapon=volley(4), targets=["r1"])
    assert prepare(s).aims[3].target == 1  # one id: the whole volley at it


def test_rt_21_a_divided_volley_that_misses_entirely_scatters_each_missile() -> None:
    units = [attacker(), unit("r1", 30, 24), unit("r2", 30, 34)]
    dice = [1, 1, 1, 1, 1, 6, 1, 1, 1, 6]  # both miss; each scatters 2" east, new Strike 7
    res, steps = play(build(units, weapon=volley(2), targets=["r1", "r2"]), dice)
    assert damage(res) == {"a1": 0, "r1": 4, "r2": 4}
    single = build(units, weapon=volley(2), targets=["r1", "r2"],
                   options={"split_volley_miss": "single"})
    res, steps = play(single, dice[:6])
    assert damage(res) == {"a1": 0, "r1": 9, "r2": 0}  # one template, one missile's full MD
    assert "RT-20" in clauses(steps)


def test_rt_21_each_target_is_checked_for_friends() -> None:
    units = [attacker(), unit("r1", 30, 24), unit("r2", 30, 34), unit("b2", 32, 34, side="blue")]
    assert illegal(build(units, weapon=volley(2), targets=["r1", "r2"])).clause == "RT-4"


def test_rt_22_df_above_a_missile_strike_takes_no_damage_from_that_missile() -> None:
    units = [attacker(), unit("r1", 30, 24), unit("r2", 32, 24, df=7)]
    s = build(units, weapon=volley(2), options={"natural_rolls": False})
    res, steps = play(s, [5, 3])  # Strikes 7 and 5
    assert damage(res) == {"a1": 0, "r1": 18, "r2": 4}
    assert res["r2"].hits == 2 and "RT-22" in clauses(steps)  # under both templates


# -- the log --------------------------------------------------------------------------------------


def test_log_starts_with_the_options_and_cites_known_clauses_only() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=2), unit("r2", 32, 24, cp=1)]
    res, steps = play(build(units, weapon=volley(4), reactions={"default": ALL},
                            options={"shoot_and_dodge": True}),
                      [3, 4, 5, 1, 2, 3, 3, 4, 5, 2, 4])
    assert steps[0].clause == "OPT"
    assert say(steps[0].text).startswith("Rules as written; 2 readings changed: A mecha that shot "
                                    "at the missiles may also Dodge them: yes; ")
    assert steps[-1].clause == "RESULT"
    for st in steps:
        assert st.clause in CLAUSES or st.clause in ENGINE_CLAUSES, st.clause
    rolled = [r.value for st in steps for r in st.rolls]
    assert rolled == [3, 4, 5, 1, 2, 6, 4, 5, 2, 4]  # 2D6 shows as one total
    assert sum(r.hits for r in res.values()) > 0


DEMOS = sorted(Path(__file__).parent.parent.glob("web/demos/robotech-*.json"))


@pytest.mark.parametrize("path", DEMOS, ids=lambda p: p.stem)
def test_every_demo_resolves_citing_known_clauses(path: Path) -> None:
    s = scenarios.loads(path.read_text(encoding="utf-8"))
    assert s.title and s.notes
    res = systems.resolve(s)
    assert res.steps[0].clause == "OPT" and res.steps[-1].clause == "RESULT"
    assert all(st.clause in CLAUSES or st.clause in ENGINE_CLAUSES for st in res.steps)
    assert set(res.effects) == {u.id for u in s.units}


def test_the_demos_show_what_their_notes_teach() -> None:
    eff = {p.stem: systems.resolve(scenarios.loads(p.read_text(encoding="utf-8"))).effects
           for p in DEMOS}
    splash = eff["robotech-direct-hit-splash"]
    assert [splash[u]["damage"] for u in ("r1", "r2", "r3", "s1")] == [3, 0, 0, 3]
    assert eff["robotech-scatter-onto-friendly"]["b2"]["damage"] == 6
    volley4 = eff["robotech-derringer-volley"]
    assert [volley4[u]["damage"] for u in ("r1", "r2", "r3")] == [0, 12, 0]
    assert volley4["r3"]["reactions"] == ["shoot-down"]
    assert "dodge" in volley4["r1"]["reactions"]


def test_rt_5_a_unit_whose_damage_reaches_its_mdc_is_destroyed() -> None:
    units = [attacker(), unit("r1", 30, 24, mdc=6), unit("r2", 32, 24, mdc=4),
             structure("s1", 28, 25.5, mdc=3)]
    s = build(units)
    d = ScriptedDice([3])
    log = Log(d)
    out = attack.play(s, d, log)
    eff = attack.effects(s, out)
    assert [eff[u]["destroyed"] for u in ("r1", "r2", "s1")] == [True, False, True]
    assert [h.destroyed for h in attack.harm(s, out)] == [False, True, False, True]
    assert "r1 takes 6 damage (1 template over it, 0 CP spent), destroyed: 6 reaches its " \
           "MDC 6" in log.steps[-1].text


@pytest.mark.parametrize("path", [p for p in DEMOS if "dice" in json.loads(p.read_text())],
                         ids=lambda p: p.stem)
def test_every_scripted_demo_uses_exactly_all_its_dice(path: Path) -> None:
    s = scenarios.loads(path.read_text(encoding="utf-8"))
    d = ScriptedDice(s.dice)
    attack.play(s, d, Log(d))
    assert d.remaining == 0


def test_effects_are_json_ready() -> None:
    s = build([attacker(), unit("r1", 30, 24, cp=2)], reactions={"default": ALL})
    d = ScriptedDice([3, 2])
    out = attack.play(s, d, Log(d))
    eff = attack.effects(s, out)
    assert json.loads(json.dumps(eff))["r1"] == {
        "hits": 1, "damage": 3, "destroyed": False, "cp_spent": 2,
        "reactions": ["dodge-failed", "roll-with-impact"]}
    marks = systems.rules_of("robotech").landing(s)
    assert math.isclose(sum(p["p"] for p in marks), 1.0, abs_tol=1e-5)
