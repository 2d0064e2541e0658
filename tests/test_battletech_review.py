"""BattleTech Battlefield Support (seed 004): the rules review of issue 23, points 11 to 17,
each forced with scripted dice (or odds against a hand-computed figure), named after the
clause it proves."""

from __future__ import annotations

import json

import pytest

from engine.__main__ import main
from engine.dice import ScriptedDice
from engine.errors import IllegalAttack
from engine.render.tally import result_text
from engine.scenario import load_dict
from engine.systems import battletech as bt
from engine.systems import odds, resolve
from engine.systems.battletech import bsp
from engine.words import say
from tests.test_battletech import assert_agree, fails, make, mech, p_at_least, run, sheet

# -- point 11: each damage group is its own hit, applied in the order rolled -------------


def test_bt_rule_3_each_group_is_its_own_hit_in_the_order_rolled():
    # a Heavy Air Strike rolls LT, LA, CT, CT on a 'Mech whose LT has 0 armour, 1 structure
    scn = make([mech("a", "1010", record=sheet(LT_armour=0, LT_structure=1))],
               [{"kind": "heavy_strike", "target": "1010"}])
    out, _ = run(scn, [3, 3, 1, 4, 4, 5, 5, 3, 4, 3, 4])  # hit, front, 8 LT 10 LA 7 CT 7 CT
    rec = bt.effects(scn, out)["a"]["record"]
    # the LT falls to the first group (1 structure, 4 on to the CT) and takes the LA with it;
    # the second group's LA hit goes through the lost LA and LT to the CT: 4 + 5 + 5 + 5
    assert rec["destroyed_locations"] == ["LT", "LA"]
    assert rec["armour"]["CT"] == [1, 20] and rec["structure"]["CT"] == [20, 20]
    assert rec["armour"]["LA"] == [20, 20]  # nothing lands on an arm already gone


def test_bt_rule_3_odds_of_destruction_group_by_group_by_hand():
    # a Light Strike (2 groups) on LT 0 + 1 and CT 4 + 5 from the front: destroyed after an
    # LT hit then a CT, LT or LA hit (5/36 x 17/36), or a CT hit then a CT or LT hit
    # (7/36 x 12/36); from the rear 20 points of armour stand everywhere
    scn = make([mech("a", "1010", record=sheet(LT_armour=0, LT_structure=1, CT_armour=4,
                                               CT_structure=5))],
               [{"kind": "light_strike", "target": "1010"}])
    front = (5 * 17 + 7 * 12) / 36 ** 2
    expected = p_at_least(5) * 4 / 6 * front
    assert odds(scn).units["a"]["p_destroyed"] == pytest.approx(expected, abs=1e-6)
    assert_agree(scn)


# -- point 15: strafing and BT-RULE.5 agree; BT-STRAFE.1 named ---------------------------


def test_bt_rule_5_a_strafed_hex_is_a_legal_target_its_submerged_unit_skipped():
    # the run's only unit is submerged: the run is legal (as an empty run is), the unit is
    # skipped and logged, no die is rolled for it
    scn = make([mech("sub", "1010")], [{"kind": "strafing", "hexes": ["1010", "1011"]}],
               terrain={"1010": {"water": 2}})
    out, log = run(scn, [])
    assert out == ()
    step = next(s for s in log.steps if s.clause == "BT-RULE.5")
    assert step.text.startswith("sub is submerged")
    # beside a unit that is not submerged, only that one rolls
    scn = make([mech("sub", "1010"), mech("dry", "1011")],
               [{"kind": "strafing", "hexes": ["1010", "1011"]}], terrain={"1010": {"water": 2}})
    out, _ = run(scn, [1, 1])  # the dry unit's 2D6 misses
    assert out == ()


@pytest.mark.parametrize("n", [0, 6])
def test_bt_strafe_1_a_run_of_0_or_6_hexes_is_refused_naming_the_clause(n):
    hexes = [f"10{r:02d}" for r in range(1, n + 1)]
    fails("attack.supports[0].hexes", "BT-STRAFE.1",
          lambda: make([], [{"kind": "strafing", "hexes": hexes}]))


# -- point 14: no next turn from an illegal one ------------------------------------------


def test_bt_rule_5_next_turn_refuses_an_illegal_turn_with_its_clause(tmp_path, capsys):
    scn = make([mech("sub", "1010")], [{"kind": "heavy_strike", "target": "1010"}],
               terrain={"1010": {"water": 2}})
    with pytest.raises(IllegalAttack) as e:
        bt.next_turn(scn)
    assert e.value.clause == "BT-RULE.5"
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(scn.data), "utf-8")
    capsys.readouterr()
    assert main(["validate", str(path)]) == 1
    refused = capsys.readouterr().err
    assert main(["next-turn", str(path)]) == 1
    assert capsys.readouterr().err == refused  # the same clause, the same words


# -- point 13: who spots for artillery --------------------------------------------------

SHELL = {"kind": "artillery", "gun": "thumper", "target": "1010",
         "spotted": ["fired", "arrival"], "spotter": "j"}


def test_bt_art_4_a_building_does_not_spot():
    # a 'Mech spots (BT-ART.4), and so does an Asset (BT-RULE.1), never a building
    vehicle = make([mech("j", "2026", side="kurita", type="vehicle")], in_flight=[SHELL])
    assert vehicle.attack.in_flight[0].spotter == "j"
    fails("attack.in_flight[0].spotter", "BT-ART.4",
          lambda: make([mech("j", "2026", side="kurita", type="building")], in_flight=[SHELL]))
    fails("attack.supports[0].spotter", "building",
          lambda: make([mech("j", "2026", side="kurita", type="building")],
                       [dict(SHELL, spotted=["fired"])]))


def test_bt_art_4_a_submerged_spotter_is_refused_unless_the_option_allows_it():
    units = [mech("j", "2026", side="kurita"), mech("h", "2027", side="kurita", type="hover")]
    deep = {"2026": {"water": 2}, "2027": {"water": 2}}
    fails("attack.in_flight[0].spotter", "submerged",
          lambda: make(units, in_flight=[SHELL], terrain=deep))
    # a hover unit floats (BT-RULE.5): it spots from the water
    assert make(units, in_flight=[dict(SHELL, spotter="h")], terrain=deep)
    scn = make(units, in_flight=[SHELL], terrain=deep, options={"submerged_spotter": "allowed"})
    _, log = run(scn, [4, 2])  # 6 vs TN 6: on target
    assert "under deep water spots for artillery: yes" in say(log.steps[0].text)
    assert any(s.clause == "BT-ART.4" and "TN 8 -2 = 6" in s.text for s in log.steps)


# -- point 12: building_damage "every-strike" reaches strafing too -------------------------


def test_bt_bomb_2_every_strike_a_strafed_building_takes_the_full_damage_with_the_unit():
    # a 'Mech inside a building unit, in a terrain building: one roll, for the 'Mech; on a
    # hit the building takes the full damage at the same time, with no roll of its own
    units = [mech("m", "1010"), mech("b", "1010", type="building")]
    strafe = [{"kind": "strafing", "hexes": ["1010"]}]
    terrain = {"1010": {"building": {"cf": 40}}}
    scn = make(units, strafe, terrain=terrain, options={"building_damage": "every-strike"})
    out, log = run(scn, [4, 4, 1, 3, 4, 3, 4, 3, 4])  # 8: hit; front; 3 groups (7: CT)
    assert [h.damage for h in bt.harm(scn, out)] == [15, 15]
    bomb = [s.text for s in log.steps if s.clause == "BT-BOMB.2"]
    assert any("1010 (CF 40) takes the full 15" in t for t in bomb)
    assert any(t.startswith("b (the building m is in) takes the full damage") for t in bomb)
    # a miss spares both
    out, _ = run(scn, [1, 1])
    assert out == ()
    # by default strafing attacks the unit inside only
    scn = make(units, strafe, terrain=terrain)
    out, log = run(scn, [4, 4, 1, 3, 4, 3, 4, 3, 4])
    assert [h.damage for h in bt.harm(scn, out)] == [15, 0]
    assert not any(s.clause == "BT-BOMB.2" for s in log.steps)


def test_bt_bomb_2_every_strike_strafing_odds_agree_with_play():
    units = [mech("v", "1010", type="vehicle"), mech("b", "1010", type="building")]
    scn = make(units, [{"kind": "strafing", "hexes": ["1010"]}],
               options={"building_damage": "every-strike"})
    fig = odds(scn).units
    assert fig["b"]["p_hit"] == pytest.approx(p_at_least(7), abs=1e-6)  # the vehicle's roll
    assert_agree(scn)


# -- point 16: options with a real alternative -------------------------------------------

LONG_TOM = {"kind": "artillery", "gun": "long_tom", "target": "0102"}


def test_bt_bomb_3_scatter_diagram_counter_clockwise():
    # a Light Bombing on 1010 misses by 1 (4 vs TN 5); scatter die 2
    units = [mech("ne", "1110"), mech("nw", "0910")]
    bombing = [{"kind": "light_bombing", "target": "1010"}]
    scn = make(units, bombing)
    out, _ = run(scn, [2, 2, 2] + [3, 4] * 3)  # 2 = north-east: onto "ne"
    assert [h.damage for h in bt.harm(scn, out)] == [15, 0]
    scn = make(units, bombing, options={"scatter_diagram": "north-counter-clockwise"})
    out, log = run(scn, [2, 2, 2] + [3, 4] * 3)  # 2 = north-west: onto "nw"
    assert [h.damage for h in bt.harm(scn, out)] == [0, 15]
    assert any("north-west (die 2)" in s.text for s in log.steps if s.clause == "BT-BOMB.3")
    # only a miss by 1 (2D6 shows 4: 3/36) with die 2 reaches the hex north-west
    assert odds(scn).units["nw"]["p_hit"] == pytest.approx(3 / 36 / 6, abs=1e-6)


def test_bt_art_scatter_off_map_area_on_map_still_reaches_the_mech_beside_it():
    # a Long Tom on 0102 lands 6 vs TN 8, misses by 2 and scatters north (die 1) to the
    # hex beyond 0101, off the map; the 'Mech in 0101 is adjacent to it
    scn = make([mech("a", "0101")], in_flight=[LONG_TOM])
    out, log = run(scn, [3, 3, 1])
    assert out == () and "lost with no effect" in log.steps[-2].text
    scn = make([mech("a", "0101")], in_flight=[LONG_TOM], options={"off_map": "area-on-map"})
    out, log = run(scn, [3, 3, 1] + [3, 4] * 3)  # 3 groups, direction from the impact hex
    assert [h.damage for h in bt.harm(scn, out)] == [15]
    scatter = next(s.text for s in log.steps if s.clause == "BT-ART-SCATTER")
    assert "off the map" in scatter and "(reading: A scatter off the map:" in scatter
    fig = odds(scn).units["a"]
    assert fig["p_hit"] == pytest.approx(_p_off_map_reaches_0101(), abs=1e-6)
    assert sum(h["p"] for h in bt.landing(scn)) < 1  # nothing lands on a hex off the map
    # a bomb has no area of effect: off the map it is lost either way
    scn = make([mech("a", "0101")], [{"kind": "light_bombing", "target": "0102"}],
               options={"off_map": "area-on-map"})
    out, log = run(scn, [1, 2, 1])  # 3 vs TN 5: misses by 2, north: off the map
    assert out == () and "lost with no effect" in log.steps[-2].text


def _p_off_map_reaches_0101() -> float:
    """By hand: a Long Tom at 0102 reaches a 'Mech in 0101 on target (adjacent), or after a
    scatter of MoF k in direction d whose impact hex is within 2 of 0101 (ring 2: 1 group)."""
    from engine.hexgrid import Hex, distance, step
    target, mech_at = Hex.from_label("0102"), Hex.from_label("0101")
    p = p_at_least(8)
    for roll in range(2, 8):
        for d in range(6):
            if distance(step(target, d, 8 - roll), mech_at) <= 2:
                p += P2D6_EXACT[roll] / 6
    return p


P2D6_EXACT = {t: (6 - abs(t - 7)) / 36 for t in range(2, 13)}


def test_bt_rule_2_direction_roll_per_attack_one_die_for_the_hex():
    units = [mech("a", "1010"), mech("b", "1010")]
    strike = [{"kind": "light_strike", "target": "1010"}]
    # per unit (default): each rolls its direction
    scn = make(units, strike)
    out, _ = run(scn, [3, 3, 1] + [3, 4] * 2 + [6] + [3, 4] * 2)
    assert [r.arc for r in out] == ["front", "rear"]
    # per attack: one 1D6 for the hex, every unit takes it
    scn = make(units, strike, options={"direction_roll": "attack"})
    out, log = run(scn, [3, 3, 6] + [3, 4] * 4)
    assert [r.arc for r in out] == ["rear", "rear"]
    step = next(s for s in log.steps if s.clause == "BT-RULE.2")
    assert "a and b" in step.text and "once for the whole attack" in say(log.steps[0].text)
    # the odds agree with play (two 'Mechs in depth-1 water: 1D6 punch locations)
    assert_agree(make(units, strike, terrain={"1010": {"water": 1}},
                      options={"direction_roll": "attack"}))


# -- point 17: Battlefield Support Points ---------------------------------------------------

BSP_TURN = [{"kind": "heavy_bombing", "target": "1010"},  # 4 BSP
            {"kind": "artillery", "gun": "long_tom", "target": "2020"}]  # 6 BSP, fired now


def test_bt_gen_2_bsp_spent_this_turn_and_in_the_game_per_side():
    # kurita: 4 + 6 (the Long Tom counts when fired), 5 in earlier turns; davion's Heavy Air
    # Cover 2; the shell in flight was paid for when it was fired
    scn = make([mech("a", "0101")], BSP_TURN, air_cover=[{"kind": "heavy", "against": 0}],
               in_flight=[{"kind": "artillery", "gun": "thumper", "target": "3030"}],
               bsp={"kurita": 20}, bsp_spent={"kurita": 5})
    dice = [1, 1, 1, 1, 3, 6, 6]  # cover fails; the bombing scatters; the shell lands
    _, log = run(scn, dice)
    step = next(s for s in log.steps if "Battlefield Support Points" in say(s.text))
    assert step.clause == "BT-GEN.2"
    assert "kurita 10 this turn, 15 in the game (of 20)" in step.text
    assert "davion 2 this turn, 2 in the game" in step.text
    words = result_text(scn, resolve(scn, dice=ScriptedDice(dice)))
    assert words.endswith("Battlefield Support Points spent: kurita 10 this turn, 15 in the "
                          "game (of 20); davion 2 this turn, 2 in the game.")
    # the next turn carries the game's spending on, and spends only what it declares
    nxt = load_dict(bt.next_turn(scn))
    assert nxt.attack.bsp_spent == {"kurita": 15, "davion": 2}


def test_bt_gen_2_a_turn_over_the_sides_bsp_budget_is_refused():
    fails("attack.supports", "Battlefield Support Points",
          lambda: make([mech("a", "1010")], BSP_TURN, bsp={"kurita": 14}, bsp_spent={"kurita": 5}))
    fails("attack.air_cover", "Battlefield Support Points",
          lambda: make([mech("a", "1010")], BSP_TURN[:1], bsp={"davion": 1},
                       air_cover=[{"kind": "heavy", "against": 0}]))
    assert make([mech("a", "1010")], BSP_TURN, bsp={"kurita": 15}, bsp_spent={"kurita": 5})
    # with no other side on the map the Air Cover is the defender's, unnamed
    scn = make([], BSP_TURN[:1], air_cover=[{"kind": "light", "against": 0}])
    assert bsp.words(scn.attack) == ("kurita 4 this turn, 4 in the game; the defender 1 this "
                                     "turn, 1 in the game")
