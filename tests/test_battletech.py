"""BattleTech Battlefield Support (seed 004): one test per clause, scripted dice, exact results."""

from __future__ import annotations

import json
import math
from pathlib import Path
from statistics import NormalDist
from typing import Any

import pytest

from engine.__main__ import main
from engine.clauses import CLAUSES, ENGINE_CLAUSES
from engine.dice import ScriptedDice
from engine.enumeration import Budget, TooManyOutcomes, sum_distribution
from engine.errors import IllegalAttack, ScenarioError
from engine.hexgrid import Hex, HexMap
from engine.log import Log
from engine.odds import blocks_of, partition
from engine.scenario import Scenario, load_dict
from engine.scenario.battletech import preplotted_limit
from engine.systems import battletech as bt
from engine.systems import joint, odds, resolve
from engine.systems.battletech.artillery import spotting_modifier
from engine.words import say

DEMOS = sorted(Path(__file__).parent.parent.glob("web/demos/battletech-*.json"))
P2D6 = dict(sum_distribution(2, 6))


def p_at_least(tn: int) -> float:
    return sum(p for t, p in P2D6.items() if t >= tn)


def mech(uid: str, hex_: str, side: str = "davion", facing: int = 0, **kw: Any) -> dict:
    return {"id": uid, "side": side, "hex": hex_, "facing": facing, **kw}


def make(units: list[dict], supports: list[dict] = (), *, in_flight: list[dict] = (),
         air_cover: list[dict] = (), terrain: dict | None = None, sheets=(2, 2),
         options: dict | None = None, hidden: bool = False, preplotted: dict | None = None,
         turn: int = 2, held: dict | None = None, **more: Any) -> Scenario:
    attack: dict[str, Any] = {"turn": turn, "side": "kurita", "supports": list(supports),
                              "in_flight": list(in_flight), "air_cover": list(air_cover),
                              "hidden_aerospace": hidden, **more}
    if preplotted is not None:
        attack["preplotted"] = preplotted
    if held is not None:
        attack["held"] = held
    return load_dict({"system": "battletech", "options": options or {},
                      "map": {"sheets": list(sheets), "terrain": terrain or {}},
                      "units": units, "attack": attack})


def run(scn: Scenario, dice: list) -> tuple[bt.Outcome, Log]:
    scripted = ScriptedDice(dice)
    log = Log(scripted)
    outcome = bt.play(scn, scripted, log)
    assert scripted.remaining == 0, "every scripted die is used"
    return outcome, log


def marginal(scn: Scenario, i: int = 0):
    """The exact distribution of one unit's harm (its block of `marginals`)."""
    [block] = [b for b in bt.marginals(scn) if b.units == (i,)]
    return block.dist.map(lambda o: o[0])


def groups_of(scn: Scenario, outcome: bt.Outcome, uid: str) -> list[tuple[int, str, str]]:
    """(damage, location, armour) of each group a unit took, in order."""
    return [(g["damage"], g["location"], g["armour"])
            for a in bt.effects(scn, outcome)[uid]["attacks"] for g in a["groups"]]


def clauses(log: Log) -> list[str]:
    return [s.clause for s in log.steps]


def fails(path: str, clause: str, build) -> None:
    with pytest.raises(ScenarioError) as e:
        build()
    assert e.value.path == path and clause in say(e.value.reason)


# -- BT-GEN: declaration and the 3-per-turn limit ---------------------------------------


def test_bt_gen_1_support_is_resolved_in_the_weapon_attack_phase():
    _, log = run(make([mech("a", "1010")], [{"kind": "light_strike", "target": "1010"}]),
                 [1, 1])
    assert clauses(log)[:2] == ["OPT", "BT-GEN.1"]
    assert "Weapon Attack Phase" in say(log.steps[1].text)


def test_bt_gen_2_each_support_is_declared_by_name():
    scn = make([mech("a", "1010")], [{"kind": "heavy_strike", "target": "1010"},
                                     {"kind": "bluff"}], hidden=True)
    _, log = run(scn, [1, 1])
    declared = [say(s.text) for s in log.steps if s.clause in ("BT-GEN.2", "BT-GEN.3")]
    assert "Heavy Air Strike on 1010" in declared[0] and "Bluff" in declared[1]


def test_bt_gen_3_target_hexes_are_declared_and_marked():
    scn = make([mech("a", "1010")], [{"kind": "strafing", "hexes": ["1010", "1011"]}])
    _, log = run(scn, [1, 1])
    step = next(s for s in log.steps if s.clause == "BT-GEN.3")
    assert [m["hex"] for m in step.marks] == ["1010", "1011"]
    assert {m["role"] for m in step.marks} == {"strafe"}


def test_bt_gen_4_at_most_three_air_strikes_artillery_counted_when_fired():
    strike = {"kind": "light_strike", "target": "1010"}
    fired = {"kind": "artillery", "gun": "thumper", "target": "1212"}
    fails("attack.supports", "BT-GEN.4",
          lambda: make([mech("a", "1010")], [strike, strike, strike, fired]))
    # Bluff, Air Cover and shells fired last turn do not count
    scn = make([mech("a", "1010")], [strike, strike, fired, {"kind": "bluff"}],
               in_flight=[dict(fired, target="1515")], air_cover=[{"kind": "light",
                                                                    "against": 0}], hidden=True)
    assert len(scn.attack.supports) == 4
    _, log = run(scn, [6, 6, 1, 1, 1, 1, 1])  # cover discards; miss; shell lost nowhere
    assert "3 of 3 air strikes" in next(say(s.text) for s in log.steps if s.clause == "BT-GEN.4")


# -- BT-RULE: rules for every strike -----------------------------------------------------


def test_bt_rule_1_assets_take_strikes_as_mechs_do():
    units = [mech("tank", "1010", type="vehicle"), mech("bldg", "1010", type="building")]
    scn = make(units, [{"kind": "light_strike", "target": "1010"}],
               options={"building_damage": "every-strike"})
    out, log = run(scn, [3, 3])  # success; assets roll no direction nor location
    assert groups_of(scn, out, "tank") == [(5, "-", "-")] * 2
    assert clauses(log).count("BT-RULE.1") == 2 and "BT-RULE.2" not in clauses(log)
    assert bt.effects(scn, out)["bldg"]["damage"] == 10
    scn = make(units[:1], [{"kind": "light_strike", "target": "1010"}],
               options={"asset_locations": "mech-table"})
    out, _ = run(scn, [3, 3, 1, 3, 4, 6, 6])
    assert groups_of(scn, out, "tank") == [(5, "CT", "front"), (5, "Head", "front")]


def test_bt_rule_2_direction_1_to_4_front_5_to_6_rear_for_every_group():
    scn = make([mech("a", "1010")], [{"kind": "heavy_strike", "target": "1010"}])
    out, _ = run(scn, [3, 3, 4, 3, 4, 2, 4, 4, 4, 1, 1])
    assert groups_of(scn, out, "a") == [(5, "CT", "front"), (5, "RT", "front"),
                                        (5, "LT", "front"), (5, "CT", "front")]
    out, log = run(scn, [3, 3, 5, 3, 4, 2, 4, 4, 4, 3, 3])
    assert groups_of(scn, out, "a") == [(5, "CT", "rear"), (5, "RT", "rear"),
                                        (5, "LT", "rear"), (5, "RT", "rear")]
    assert "BT-RULE.2" in clauses(log)
    assert bt.harm(scn, out)[0].locations == (("CT(R)", 5), ("LT(R)", 5), ("RT(R)", 10))


def test_bt_rule_3_heavy_bombing_is_five_groups_of_five_each_rolled():
    scn = make([mech("a", "1010")], [{"kind": "heavy_bombing", "target": "1010"}])
    out, log = run(scn, [4, 3, 6, 1, 1, 2, 3, 3, 4, 5, 5, 6, 6])
    assert groups_of(scn, out, "a") == [(5, "CT", "rear"), (5, "RL", "front"),
                                        (5, "CT", "rear"), (5, "LA", "front"),
                                        (5, "Head", "front")]
    assert bt.effects(scn, out)["a"]["damage"] == 25
    assert bt.effects(scn, out)["a"]["attacks"][0]["groups"][0]["critical_check"] is True
    assert "BT-RULE.3" in clauses(log)


def test_bt_rule_4_unmodified_2d6_equal_to_tn_succeeds():
    scn = make([mech("a", "1010")], [{"kind": "heavy_strike", "target": "1010"}])
    out, _ = run(scn, [2, 4, 1] + [3, 4] * 4)  # 6 = TN 6: success
    assert bt.effects(scn, out)["a"]["damage"] == 20
    out, log = run(scn, [1, 4])  # 5 < 6: failure, no effect
    assert bt.effects(scn, out)["a"]["damage"] == 0
    assert "failure" in next(say(s.text) for s in log.steps if s.clause == "BT-AIR")
    assert any("2D6 shows 5 against TN 6 (BT-RULE.4): failure" in say(s.text) for s in log.steps)


def test_bt_rule_4_every_target_roll_cites_it():
    scn = make([mech("a", "1010")], [{"kind": "strafing", "hexes": ["1010"]},
                                     {"kind": "light_bombing", "target": "1012"}])
    _, log = run(scn, [1, 1, 1, 1, 6])  # both miss; the bomb scatters
    rolls = [s for s in log.steps if "2D6 shows" in say(s.text)]
    assert len(rolls) == 2 and all("(BT-RULE.4)" in say(s.text) for s in rolls)


def test_bt_rule_5_submerged_units_are_ignored_depth_1_uses_the_punch_table():
    terrain = {"1010": {"water": 2}, "1011": {"water": 1}}
    units = [mech("deep", "1010"), mech("wading", "1011")]
    scn = make(units, [{"kind": "strafing", "hexes": ["1010", "1011"]}], terrain=terrain)
    out, log = run(scn, [4, 4, 5, 1, 3, 6])  # only the wading 'Mech rolls
    assert groups_of(scn, out, "wading") == [(5, "LA", "front"), (5, "CT", "rear"),
                                             (5, "Head", "front")]
    assert bt.effects(scn, out)["deep"]["damage"] == 0
    assert clauses(log).count("BT-RULE.5") == 2  # ignored; punch table
    # a bomb scattering onto a submerged unit is ignored too
    scn = make([mech("deep", "1009")], [{"kind": "light_bombing", "target": "1010"}],
               terrain={"1009": {"water": 3}})
    out, log = run(scn, [2, 2, 1])
    assert bt.effects(scn, out)["deep"]["damage"] == 0 and "BT-RULE.5" in clauses(log)


def test_bt_rule_6_ae_supports_deal_double_damage_to_infantry():
    inf = mech("inf", "1010", type="infantry")
    out, log = run(make([inf], [{"kind": "light_bombing", "target": "1010"}]), [3, 3])
    assert bt.harm(make([inf]), out)[0].damage == 30
    step = next(s for s in log.steps if s.clause == "BT-RULE.6")
    assert "infantry" in say(step.text) and "10" in say(step.text)
    out, log = run(make([inf], [{"kind": "light_strike", "target": "1010"}]), [3, 3])
    assert bt.harm(make([inf]), out)[0].damage == 10  # a strike is not AE
    assert "BT-RULE.6" not in clauses(log)
    scn = make([inf], [{"kind": "light_bombing", "target": "1010"}],
               options={"ae_vs_infantry": 1})
    out, _ = run(scn, [3, 3])
    assert bt.harm(scn, out)[0].damage == 15


# -- BT-HIDDEN, BT-BLUFF and Air Cover ---------------------------------------------------


def test_bt_hidden_1_the_rule_is_agreed_and_logged():
    scn = make([mech("a", "1010")], [{"kind": "light_strike", "target": "1010"}], hidden=True)
    _, log = run(scn, [1, 1])
    assert "BT-HIDDEN.1" in clauses(log) and "BT-HIDDEN.3" in clauses(log)


def test_bt_aircover_rolls_before_the_attacker_and_discards_on_success():
    support = [{"kind": "heavy_bombing", "target": "1010"}]
    scn = make([mech("a", "1010")], support, air_cover=[{"kind": "heavy", "against": 0}])
    out, log = run(scn, [3, 3])  # 6 >= 6 (Heavy Air Cover vs Heavy Bombing): discarded
    assert bt.effects(scn, out)["a"]["damage"] == 0
    assert "discarded" in say(log.steps[-2].text) and log.steps[-2].clause == "BT-AIRCOVER"
    assert "Heavy Bombing" in say(log.steps[-2].text)
    assert log.steps[-2].marks == ({"kind": "hex", "hex": "1010", "role": "target"},)
    out, _ = run(scn, [2, 3, 4, 3, 1] + [3, 4] * 5)  # 5 < 6: the bombing goes ahead
    assert bt.effects(scn, out)["a"]["damage"] == 25
    # two covers: the second rolls only if the first failed
    scn = make([mech("a", "1010")], support, air_cover=[{"kind": "light", "against": 0},
                                                        {"kind": "heavy", "against": 0}])
    out, _ = run(scn, [5, 5, 6, 6])
    assert bt.effects(scn, out)["a"]["damage"] == 0


def test_bt_hidden_3_cards_face_down_then_revealed_normal_rules_apply():
    scn = make([mech("a", "1010")], [{"kind": "light_strike", "target": "1010"}],
               air_cover=[{"kind": "light", "against": 0}], hidden=True)
    out, log = run(scn, [1, 1, 3, 3, 1, 3, 4, 3, 4])  # cover 2 < 3; strike 6 hits
    step = next(s for s in log.steps if s.clause == "BT-HIDDEN.3")
    assert "face down" in say(step.text) and "revealed" in say(step.text)
    assert groups_of(scn, out, "a") == [(5, "CT", "front")] * 2


def test_bt_hidden_4_bluff_only_with_the_hidden_rule():
    fails("attack.supports[0].kind", "BT-HIDDEN.4",
          lambda: make([mech("a", "1010")], [{"kind": "bluff"}]))


def test_bt_bluff_is_discarded_with_its_air_cover_no_roll_and_only_one_per_side():
    scn = make([mech("a", "1010")], [{"kind": "bluff"}, {"kind": "light_strike",
                                                         "target": "1010"}],
               air_cover=[{"kind": "heavy", "against": 0}], hidden=True)
    out, log = run(scn, [1, 1])  # the only roll is the strike's
    bluff = next(s for s in log.steps if s.clause == "BT-BLUFF")
    assert "1 Air Cover" in say(bluff.text) and bluff.rolls == ()
    laid = next(s for s in log.steps if s.clause == "BT-GEN.2" and "Bluff" in say(s.text))
    assert "face down" in say(laid.text) and not laid.marks
    fails("attack.supports[1].kind", "BT-BLUFF",
          lambda: make([], [{"kind": "bluff"}, {"kind": "bluff"}], hidden=True))


def test_bt_hidden_2_standard_rule_cards_revealed_then_air_cover_played():
    scn = make([mech("a", "1010")], [{"kind": "light_strike", "target": "1010"}],
               air_cover=[{"kind": "light", "against": 0}])
    out, log = run(scn, [1, 1, 1, 1])  # cover 2 < 3; strike 2 < 5
    assert "BT-HIDDEN.2" in clauses(log) and "BT-HIDDEN.3" not in clauses(log)
    assert clauses(log).index("BT-HIDDEN.2") < clauses(log).index("BT-AIRCOVER")


def test_air_cover_cannot_target_artillery():
    fails("attack.air_cover[0].against", "artillery",
          lambda: make([], [{"kind": "artillery", "gun": "sniper", "target": "1010"}],
                       air_cover=[{"kind": "light", "against": 0}]))


# -- BT-AIR -------------------------------------------------------------------------------


def test_bt_air_light_tn5_two_groups_heavy_tn6_four_groups_failure_no_effect():
    light = make([mech("a", "1010")], [{"kind": "light_strike", "target": "1010"}])
    out, _ = run(light, [1, 4, 2, 6, 6, 6, 5])
    assert groups_of(light, out, "a") == [(5, "Head", "front"), (5, "LA", "front")]
    out, _ = run(light, [1, 3])
    assert bt.harm(light, out)[0].damage == 0
    heavy = make([mech("a", "1010")], [{"kind": "heavy_strike", "target": "1010"}])
    assert marginal(heavy).probability(lambda o: o.damage == 20) == pytest.approx(
        p_at_least(6))
    assert marginal(light).probability(lambda o: o.damage == 10) == pytest.approx(
        p_at_least(5))


# -- BT-BOMB ------------------------------------------------------------------------------


def test_bt_bomb_light_tn5_heavy_tn7():
    for kind, tn in (("light_bombing", 5), ("heavy_bombing", 7)):
        scn = make([mech("a", "1010")], [{"kind": kind, "target": "1010"}])
        assert marginal(scn).probability(lambda o: o.hit) == pytest.approx(p_at_least(tn))


def test_bt_bomb_1_success_hits_every_unit_in_the_target_hex_each_rolling():
    units = [mech("a", "1010"), mech("b", "1010", side="kurita")]
    scn = make(units, [{"kind": "light_bombing", "target": "1010"}])
    out, log = run(scn, [3, 3, 1, 3, 4, 3, 4, 3, 4, 6, 1, 1, 1, 1, 1, 1])
    assert groups_of(scn, out, "a") == [(5, "CT", "front")] * 3
    assert groups_of(scn, out, "b") == [(5, "CT", "rear")] * 3
    assert "BT-BOMB.1" in clauses(log)


def test_bt_bomb_2_building_hex_with_a_mech_both_take_full_damage():
    units = [mech("a", "1010"), mech("bldg", "1010", type="building")]
    scn = make(units, [{"kind": "heavy_bombing", "target": "1010"}],
               terrain={"1010": {"building": {"cf": 40}}})
    out, log = run(scn, [4, 4, 1] + [3, 4] * 5)
    effects = bt.effects(scn, out)
    assert effects["a"]["damage"] == 25 and effects["bldg"]["damage"] == 25
    step = next(s for s in log.steps if s.clause == "BT-BOMB.2")
    assert "full 25" in say(step.text) and "CF 15 left" in say(step.text)


def test_bt_bomb_3_scatter_by_margin_hits_a_friend_direction_from_the_target_hex():
    # target 1010 (even column); MoF 2, die 2 = north-east: 1209 (even column again)
    units = [mech("enemy", "1010"), mech("friend", "1209", side="kurita", facing=0)]
    scn = make(units, [{"kind": "heavy_bombing", "target": "1010"}])
    out, log = run(scn, [2, 3, 2] + [3, 4] * 5)
    # 1010 lies south-west of the friend facing north: its left side arc
    assert bt.effects(scn, out)["friend"]["attacks"][0]["arc"] == "left"
    assert groups_of(scn, out, "friend") == [(5, "LT", "front")] * 5
    assert bt.effects(scn, out)["enemy"]["damage"] == 0
    scatter_step = next(s for s in log.steps if "scatters" in say(s.text))
    assert scatter_step.clause == "BT-BOMB.3"
    assert scatter_step.marks[0] == {"kind": "hexpath", "hexes": ["1010", "1110", "1209"],
                                     "role": "scatter"}
    assert "BT-RULE.2" not in clauses(log)  # no 1D6 for direction


@pytest.mark.parametrize(("target", "mof", "die", "landing"), [
    ("0101", 1, 4, "0102"),  # odd column, die 4 = south
    ("0101", 1, 3, "0201"),  # odd column, die 3 = south-east: the lower even column
    ("0102", 2, 2, "0301"),  # odd column, die 2 = north-east twice
    ("0202", 1, 6, "0102"),  # even column, die 6 = north-west
    ("0202", 1, 5, "0103"),  # even column, die 5 = south-west
    ("0205", 3, 1, "0202"),  # die 1 = north, 3 hexes
    ("1517", 1, 4, "1518"),  # across the sheet border, south (rows 17 -> 18)
    ("1509", 1, 2, "1608"),  # across the sheet border, north-east (columns 15 -> 16)
])
def test_bt_bomb_3_scatter_on_odd_even_columns_and_across_sheets(target, mof, die, landing):
    scn = make([mech("x", landing)], [{"kind": "light_bombing", "target": target}])
    out, _ = run(scn, [1, 4 - mof, die, 4, 3, 4, 3, 4, 3])
    assert bt.harm(scn, out)[0].damage == 15


def test_bt_bomb_3_a_bomb_scattering_onto_a_building_with_a_mech_damages_both():
    # damage at the landing hex is applied "as above" (BT-BOMB.2 included): 1010 missed by 1
    # (roll 4 vs 5), die 4 = south: 1011, a building with a 'Mech inside
    scn = make([mech("a", "1011")], [{"kind": "light_bombing", "target": "1010"}],
               terrain={"1011": {"building": {"cf": 40}}})
    out, log = run(scn, [1, 3, 4, 3, 4, 3, 4, 3, 4])
    assert groups_of(scn, out, "a") == [(5, "CT", "front")] * 3  # from 1010, north: front
    step = next(s for s in log.steps if s.clause == "BT-BOMB.2")
    text = say(step.text)
    assert "1011" in text and "full 15" in text and "CF 25 left" in text


def test_bt_bomb_3_a_scatter_off_the_map_is_lost():
    scn = make([mech("x", "0101")], [{"kind": "heavy_bombing", "target": "0101"}])
    out, log = run(scn, [1, 1, 1])  # MoF 5 north from row 1: off the map
    assert out == ()
    step = log.steps[-2]
    text = say(step.text)
    assert step.clause == "BT-BOMB.3" and "off the map" in text and "lost" in text
    landing = {x["hex"]: x["p"] for x in bt.landing(scn)}
    assert landing["0101"] == pytest.approx(p_at_least(7), abs=1e-6)
    assert sum(landing.values()) < 1 - 1e-3  # the shells lost off the map land nowhere


# -- BT-STRAFE ----------------------------------------------------------------------------


@pytest.mark.parametrize("hexes", [
    ["1010", "1012"],  # a gap
    ["1010", "1011", "1111"],  # a bend
    ["1010", "1011", "1012", "1013", "1014", "1015"],  # six hexes
    ["1010", "1011", "1013", "1012", "1014", "1016"],  # six hexes, shuffled, with a gap
])
def test_bt_strafe_1_one_to_five_contiguous_hexes_in_a_straight_line(hexes):
    path = "attack.supports[0].hexes"
    if len(hexes) > 5:
        with pytest.raises(ScenarioError, match="1 to 5"):
            make([], [{"kind": "strafing", "hexes": hexes}])
    else:
        fails(path, "BT-STRAFE.1", lambda: make([], [{"kind": "strafing", "hexes": hexes}]))


def test_bt_strafe_1_the_hexes_may_be_listed_in_any_order():
    # BT-STRAFE.1 asks for contiguous hexes in a straight line, not for an order: they are
    # resolved from the first hex given if it is an end of the line, else along the line
    scn = make([], [{"kind": "strafing", "hexes": ["1011", "1010", "1012"]}])
    assert [h.label for h in scn.attack.supports[0].hexes] == ["1010", "1011", "1012"]
    scn = make([], [{"kind": "strafing", "hexes": ["0302", "0201", "0101"]}])
    assert [h.label for h in scn.attack.supports[0].hexes] == ["0302", "0201", "0101"]


def test_bt_strafe_1_straight_lines_on_odd_and_even_columns_and_across_sheets():
    for hexes in (["0101", "0201", "0302"], ["1417", "1418", "1419"],
                  ["1508", "1608", "1709"], ["0202", "0102"]):
        assert make([], [{"kind": "strafing", "hexes": hexes}]).attack.supports[0].hexes


def test_bt_strafe_2_a_separate_roll_for_each_unit_in_the_hexes():
    units = [mech("a", "1010"), mech("b", "1010"), mech("c", "1012"), mech("off", "1111")]
    scn = make(units, [{"kind": "strafing", "hexes": ["1010", "1011", "1012"]}])
    out, log = run(scn, [1, 1, 1, 2, 3, 4, 1] + [3, 4] * 3)
    assert [bt.harm(scn, out)[i].damage for i in range(4)] == [0, 0, 15, 0]
    rolls = [say(r.label) for s in log.steps for r in s.rolls if "Strafing run" in say(r.label)]
    assert len(rolls) == 3


def test_bt_strafe_target_number_7_independently_per_unit():
    units = [mech("a", "1010", type="vehicle"), mech("b", "1011", type="vehicle")]
    scn = make(units, [{"kind": "strafing", "hexes": ["1010", "1011"]}])
    p = p_at_least(7)
    assert joint(scn).probability(lambda o: o[0].hit and o[1].hit) == pytest.approx(p * p)
    assert marginal(scn, 1).probability(lambda o: o.damage == 15) == pytest.approx(p)


def test_bt_strafe_3_three_groups_each_attack_with_its_own_direction():
    units = [mech("a", "1010"), mech("b", "1011")]
    scn = make(units, [{"kind": "strafing", "hexes": ["1010", "1011"]}])
    out, _ = run(scn, [4, 3, 1, 3, 4, 3, 4, 3, 4,
                       4, 3, 6, 3, 4, 3, 4, 3, 4])
    assert groups_of(scn, out, "a") == [(5, "CT", "front")] * 3
    assert groups_of(scn, out, "b") == [(5, "CT", "rear")] * 3
    _, log = run(scn, [4, 3, 1, 3, 4, 3, 4, 3, 4, 4, 3, 6, 3, 4, 3, 4, 3, 4])
    hits = [say(s.text) for s in log.steps if s.clause == "BT-STRAFE.2"]
    assert len(hits) == 2 and all("3 damage groups" in t and "(BT-STRAFE.3)" in t for t in hits)


def test_bt_strafe_4_a_failure_in_one_hex_does_not_affect_the_others():
    units = [mech("a", "1010"), mech("b", "1011")]
    scn = make(units, [{"kind": "strafing", "hexes": ["1010", "1011"]}])
    out, log = run(scn, [1, 1, 6, 6, 1, 6, 6, 6, 6, 6, 6])
    assert [h.damage for h in bt.harm(scn, out)] == [0, 15]
    assert clauses(log).count("BT-STRAFE.4") == 1


# -- BT-ART -------------------------------------------------------------------------------


@pytest.mark.parametrize(("gun", "expected"), [
    ("thumper", {"c": 15, "n": 5, "r2": 0}),
    ("sniper", {"c": 20, "n": 10, "r2": 0}),
    ("long_tom", {"c": 25, "n": 15, "r2": 5}),
])
def test_bt_art_aoe_by_ring_direction_from_the_target_hex(gun, expected):
    # target 1010; 1009 adjacent (north), 1012 at radius 2 (south); units face north
    units = [mech("c", "1010"), mech("n", "1009"), mech("r2", "1012")]
    scn = make(units, preplotted={gun: ["1010"]},
               supports=[{"kind": "artillery", "gun": gun, "target": "1010",
                          "preplotted": True}])
    rings = {"thumper": (3, 1), "sniper": (4, 2), "long_tom": (5, 3, 1)}[gun]
    dice = [5] + [3, 4] * rings[0] + [3, 4] * rings[1] + [3, 4] * (rings[2:] or (0,))[0]
    out, _ = run(scn, dice)
    assert {u: e["damage"] for u, e in bt.effects(scn, out).items()} == expected
    effects = bt.effects(scn, out)
    assert effects["c"]["attacks"][0]["arc"] == "rear"  # rolled 5 (option artillery_centre)
    assert effects["n"]["attacks"][0]["arc"] == "rear"  # from 1010, south of it
    if gun == "long_tom":
        assert effects["r2"]["attacks"][0]["arc"] == "front"  # 1010 is north of 1012


def test_bt_art_aoe_rings_cross_sheet_borders_and_stop_at_the_map_edge():
    units = [mech("east", "1609"), mech("south", "1518"), mech("corner", "0102")]
    scn = make(units, preplotted={"t1": ["1509"], "t2": ["0101"]},
               supports=[{"kind": "artillery", "gun": "thumper", "target": "1509",
                          "selection": "t1"},
                         {"kind": "artillery", "gun": "thumper", "target": "0101",
                          "selection": "t2"}])
    out, log = run(scn, [3, 4, 3, 4])
    assert [h.damage for h in bt.harm(scn, out)] == [5, 0, 5]
    corner = [s for s in log.steps if s.clause == "BT-ART-AOE"][-1]
    assert sorted(m["hex"] for m in corner.marks) == ["0101", "0102", "0201"]


def test_bt_art_split_arc_on_a_boundary_is_an_option():
    # 1010 lies 2 hexes due west of 1210 (bearing 270): a 'Mech there facing north has the
    # attack along its left|front boundary
    units = [mech("r2", "1210")]
    spec = {"kind": "artillery", "gun": "long_tom", "target": "1010", "preplotted": True}
    for choice, arc in (("defender", "front"), ("attacker", "left")):
        scn = make(units, [spec], preplotted={"long_tom": ["1010"]},
                   options={"split_arc": choice})
        out, _ = run(scn, [3, 4])
        assert bt.effects(scn, out)["r2"]["attacks"][0]["arc"] == arc


def test_bt_art_1_preplotted_hits_automatically_without_a_roll():
    scn = make([mech("a", "1010")], preplotted={"thumper": ["1010"]},
               supports=[{"kind": "artillery", "gun": "thumper", "target": "1010",
                          "preplotted": True}], options={"artillery_centre": "front"})
    out, log = run(scn, [3, 4, 3, 4, 3, 4])  # only hit locations
    assert groups_of(scn, out, "a") == [(5, "CT", "front")] * 3
    assert "BT-ART.1" in clauses(log)
    fails("attack.supports[0].target", "BT-ART.1",
          lambda: make([], preplotted={"thumper": ["1111"]},
                       supports=[{"kind": "artillery", "gun": "thumper", "target": "1010",
                                  "preplotted": True}]))
    fails("attack.preplotted.b[0]", "BT-ART.1",
          lambda: make([], preplotted={"a": ["1010"], "b": ["1010"]}))


def test_bt_art_1_a_shot_at_its_preplotted_hex_hits_automatically_unflagged():
    # the hex is one of the selection's pre-plotted hexes: no roll, no flight, even when the
    # support does not say "preplotted"
    scn = make([mech("a", "1010")], preplotted={"thumper": ["1010"]},
               supports=[{"kind": "artillery", "gun": "thumper", "target": "1010"}],
               options={"artillery_centre": "front"})
    assert scn.attack.supports[0].preplotted
    out, log = run(scn, [3, 4, 3, 4, 3, 4])
    assert groups_of(scn, out, "a") == [(5, "CT", "front")] * 3
    assert "BT-ART.1" in clauses(log) and "BT-ART.3" not in clauses(log)
    assert load_dict(bt.next_turn(scn)).attack.in_flight == ()
    # another selection's pre-plotted hex is an ordinary target (fired now, lands next turn)
    scn = make([mech("a", "1010")], preplotted={"sniper": ["1010"]},
               supports=[{"kind": "artillery", "gun": "thumper", "target": "1010"}])
    assert not scn.attack.supports[0].preplotted


def test_bt_art_1_a_shot_at_a_preplotted_hex_is_never_in_flight():
    shell = {"kind": "artillery", "gun": "thumper", "target": "1010"}
    fails("attack.in_flight[0]", "BT-ART.1",
          lambda: make([], in_flight=[dict(shell, preplotted=True)],
                       preplotted={"thumper": ["1010"]}))
    fails("attack.in_flight[0]", "BT-ART.1",
          lambda: make([], in_flight=[shell], preplotted={"thumper": ["1010"]}))


def test_bt_art_2_preplotted_limits_per_selection_and_per_sheet():
    assert preplotted_limit(HexMap(2, 2)) == 5
    assert preplotted_limit(HexMap(3, 2)) == 8
    assert preplotted_limit(HexMap(4, 2)) == 11
    six = ["0101", "0301", "0501", "0701", "0901", "1101"]
    fails("attack.preplotted.a", "BT-ART.2", lambda: make([], preplotted={"a": six}))
    fails("attack.preplotted.b[0]", "BT-ART.2",
          lambda: make([], preplotted={"a": six[:5], "b": ["1301"]}))
    assert make([], preplotted={"a": six[:5], "b": ["1701"]}, sheets=(2, 2))


def test_bt_art_3_fired_at_a_hex_not_preplotted_lands_next_turn():
    fire = {"kind": "artillery", "gun": "sniper", "target": "1010"}
    scn = make([mech("a", "1010")], [fire], turn=3)
    out, log = run(scn, [])  # no roll this turn
    assert out == () and "lands in the Weapon Attack Phase of turn 4" in say(log.steps[-2].text)
    nxt = load_dict(bt.next_turn(scn))
    assert nxt.attack.turn == 4 and nxt.attack.supports == ()
    assert nxt.attack.in_flight[0].fired_turn == 3
    out, log = run(nxt, [4, 4, 3] + [3, 4] * 4)  # 8 >= 8: on target, front
    assert groups_of(nxt, out, "a") == [(5, "CT", "front")] * 4
    fails("attack.in_flight[0].fired_turn", "BT-ART.3",
          lambda: make([], in_flight=[dict(fire, fired_turn=1)], turn=3))


def test_bt_art_scatter_a_missed_shell_scatters_and_centres_its_area_there():
    # 1010 missed by 2 (roll 6 vs 8), die 4 = south: lands 1012; 1013 adjacent
    units = [mech("land", "1012"), mech("adj", "1013")]
    scn = make(units, in_flight=[{"kind": "artillery", "gun": "thumper", "target": "1010"}])
    out, log = run(scn, [3, 3, 4] + [3, 4] * 4)
    effects = bt.effects(scn, out)
    assert (effects["land"]["damage"], effects["adj"]["damage"]) == (15, 5)
    assert effects["land"]["attacks"][0]["arc"] == "front"  # 1010 is north of it
    assert effects["adj"]["attacks"][0]["arc"] == "front"  # 1012 is north of it
    assert "BT-ART-SCATTER" in clauses(log)


def test_bt_art_4_spotting_both_turns_minus_2_or_minus_1_if_the_spotter_attacked():
    shell = {"kind": "artillery", "gun": "thumper", "target": "1010"}
    for spotted, attacked, hit in ((["fired", "arrival"], False, True),
                                   (["fired", "arrival"], True, False),
                                   (["arrival"], False, False)):
        scn = make([mech("a", "1010")], in_flight=[dict(shell, spotted=spotted,
                                                        spotter_attacked=attacked)])
        assert spotting_modifier(scn.attack.in_flight[0]) == (
            (-1 if attacked else -2) if len(spotted) == 2 else 0)
        p = marginal(scn).probability(lambda o: o.damage == 15)
        assert (p == pytest.approx(p_at_least(6))) is hit


# -- odds, effects, log, demos -----------------------------------------------------------


@pytest.mark.parametrize("scn", [
    # Air Cover, then a strike on a 'Mech in depth-1 water (punch table, rolled direction)
    make([mech("w", "1110"), mech("x", "1111")],
         [{"kind": "light_strike", "target": "1110"}],
         air_cover=[{"kind": "light", "against": 0}], terrain={"1110": {"water": 1}}),
    # a shell landing: hit or scatter, rings, directions from the impact or target hex
    make([mech("a", "1010"), mech("b", "1009", type="vehicle"), mech("c", "1008", facing=2)],
         in_flight=[{"kind": "artillery", "gun": "thumper", "target": "1009"}]),
    # a bombing: on target (an asset), or scattered by its margin onto a 'Mech (arc from the
    # target hex), infantry (AE doubled) or a 'Mech in depth-1 water (punch table)
    make([mech("a", "1010", type="vehicle"), mech("b", "1110", facing=3),
          mech("c", "1009", type="infantry"), mech("w", "1011")],
         [{"kind": "light_bombing", "target": "1010"}], terrain={"1011": {"water": 1}}),
    # strafing under Heavy Air Cover: one roll per unit, assets and AE-free infantry
    make([mech("a", "1010", type="vehicle"), mech("b", "1011", type="infantry")],
         [{"kind": "strafing", "hexes": ["1010", "1011", "1012"]}],
         air_cover=[{"kind": "heavy", "against": 0}]),
], ids=["cover-strike-punch", "artillery-scatter", "bombing-scatter", "strafing-cover"])
def test_exact_matches_the_generic_enumeration_of_play(scn):
    assert_agree(scn)


def _figures(dist) -> dict[str, float]:
    """Every figure the odds read from one unit's harm, unrounded: damage and hits
    histograms, damage by location, destruction, and what a record sheet has left."""
    out: dict[str, float] = {}
    for h, p in dist.items():
        for key in (f"damage={h.damage}", f"hits={h.hits}", f"destroyed={h.destroyed}",
                    f"left={getattr(h, 'left', None)}"):
            out[key] = out.get(key, 0.0) + p
        for loc, dmg in h.locations:
            out[f"at {loc}"] = out.get(f"at {loc}", 0.0) + p * dmg
    return out


def assert_agree(scn: Scenario) -> None:
    """`marginals` agrees to 1e-9 with the generic enumeration of `play`, unit by unit."""
    reference = blocks_of(joint(scn), partition(len(scn.units)))
    for ours, theirs in zip(bt.marginals(scn), reference, strict=True):
        assert ours.units == theirs.units
        a, b = _figures(ours.dist.map(lambda o: o[0])), _figures(theirs.dist.map(lambda o: o[0]))
        assert set(a) == set(b)
        assert all(abs(a[k] - b[k]) <= 1e-9 for k in a), (a, b)


@pytest.mark.parametrize("path", DEMOS, ids=lambda p: p.name)
def test_marginals_agree_with_the_generic_enumeration_on_every_demo(path):
    # The demos' 'Mechs roll 5 to 13 hit locations of 2D6 each, too many paths for the
    # generic enumeration; so the demo is enumerated with every unit an asset (no direction
    # or location roll): every shared event of the demo (cover, target rolls, scatters,
    # strafing rolls, areas) exactly as written. The location folds are checked against the
    # generic enumeration on the small scenarios above.
    data = json.loads(path.read_text())
    data.pop("dice", None)
    for u in data["units"]:
        u["type"] = "vehicle" if u.get("type", "mech") == "mech" else u["type"]
        u.pop("record", None)
    assert_agree(load_dict(data))


def test_exact_odds_by_hand_for_the_bombing_demo():
    scn = load_dict(json.loads((DEMOS[0].parent / "battletech-bombing-scatter.json")
                               .read_text()))
    units = odds(scn).units
    assert units["atlas"]["p_hit"] == pytest.approx(21 / 36, abs=1e-6)
    assert units["dragon"]["p_hit"] == pytest.approx(4 / 36 / 6, abs=1e-6)  # MoF 2, NE
    assert units["panther"]["p_hit"] == pytest.approx(5 / 36 / 6, abs=1e-6)  # MoF 1, NE
    assert units["atlas"]["expected_damage"] == pytest.approx(25 * 21 / 36, abs=1e-6)
    # head: 1/36 per group, 5 groups of 5 when on target
    assert units["atlas"]["expected_by_location"]["Head"] == pytest.approx(
        21 / 36 * 5 * 5 / 36, abs=1e-6)
    # rear torsos take (5/36 + 6/36) CT + ... : CT(R) = P(rear) * P(2 or 7) per group
    assert units["atlas"]["expected_by_location"]["CT(R)"] == pytest.approx(
        21 / 36 * 2 / 6 * 25 * 7 / 36, abs=1e-6)
    landing = {x["hex"]: x["p"] for x in bt.landing(scn)}
    assert landing["1010"] == pytest.approx(21 / 36, abs=1e-6)
    assert sum(landing.values()) == pytest.approx(1.0, abs=1e-5)  # never off this map


SUITE = sorted(Path(__file__).parent.glob("suite/battletech-*.json"))
MC_RUNS = 20_000


def _wilson(p: float, n: int, z: float) -> tuple[float, float]:
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


@pytest.mark.parametrize("path", SUITE + DEMOS, ids=lambda p: p.name)
def test_marginals_agree_with_20000_seeded_resolutions(path):
    """Every unit's p_hit and P(20 or more damage), exact, inside the interval of 20,000
    seeded runs; the 95 % level is shared out over all of a file's figures (Bonferroni)."""
    scn = load_dict(json.loads(path.read_text()))
    exact = odds(scn, method="exact").units
    sampled = odds(scn, method="monte-carlo", trials=MC_RUNS, seed=3).units
    figures = [(uid, name) for uid in exact for name in ("p_hit", "p_damage_20_or_more")]
    z = NormalDist().inv_cdf(1 - 0.05 / (2 * len(figures)))
    misses = []
    for uid, name in figures:
        lo, hi = _wilson(sampled[uid][name], MC_RUNS, z)
        if not lo - 1e-6 <= exact[uid][name] <= hi + 1e-6:
            misses.append(f"{uid} {name}: {exact[uid][name]} not in [{lo}, {hi}]")
    assert misses == []


def test_suite_scenarios_are_valid_seeded_and_unscripted():
    assert {p.name for p in SUITE} >= {"battletech-two-lances.json", "battletech-company.json",
                                        "battletech-strafing-16.json"}
    for path in SUITE:
        data = json.loads(path.read_text())
        assert "seed" in data and "dice" not in data
        scn = load_dict(data)
        assert len(scn.units) >= 12
        assert odds(scn).method == "exact"


@pytest.mark.parametrize("path", DEMOS, ids=lambda p: p.name)
def test_demo_validates_resolves_and_every_step_cites_a_clause(path, capsys):
    data = json.loads(path.read_text())
    assert data["title"] and data["notes"] and "seed" in data and data["map"]["sheets"] == [2, 2]
    assert main(["validate", str(path)]) == 0
    capsys.readouterr()
    assert main(["resolve", str(path), "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    known = set(CLAUSES) | set(ENGINE_CLAUSES)
    assert all(s["clause"] in known for s in res["steps"])
    assert res["steps"][0]["clause"] == "OPT"
    assert main(["resolve", str(path), "--seed", "99"]) == 0
    capsys.readouterr()
    assert main(["odds", str(path), "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["method"] == "exact" and set(figures["units"]) == {u["id"] for u in
                                                                      data["units"]}


def test_demo_scripts_show_their_case():
    def effects(name):
        scn = load_dict(json.loads((DEMOS[0].parent / name).read_text()))
        from engine.systems import resolve
        return resolve(scn).effects
    bomb = effects("battletech-bombing-scatter.json")
    assert bomb["dragon"]["damage"] == 25 and bomb["atlas"]["damage"] == 0
    strafe = effects("battletech-strafing-run.json")
    assert [strafe[u]["damage"] for u in ("hunchback", "centurion", "wolverine", "locust")] == [
        15, 0, 15, 15]
    tom = effects("battletech-long-tom-spotted.json")
    assert (tom["marauder"]["damage"], tom["warhammer"]["damage"],
            tom["stinger"]["damage"], tom["rifleman"]["damage"]) == (25, 15, 5, 0)
    atlas = effects("battletech-long-tom-atlas.json")
    assert (atlas["atlas"]["damage"], atlas["hunchback"]["damage"]) == (25, 15)
    assert atlas["atlas"]["record"]["armour"]["CT(R)"] == [0, 14]
    assert atlas["atlas"]["record"]["structure"]["CT"] == [25, 31]
    assert atlas["atlas"]["record"]["armour"]["Head"] == [4, 9]
    hidden = effects("battletech-hidden-bluff.json")
    assert (hidden["thunderbolt"]["damage"], hidden["griffin"]["damage"],
            hidden["platoon"]["damage"]) == (0, 15, 30)


def test_effects_list_each_group_with_location_armour_and_total():
    scn = make([mech("a", "1010"), mech("b", "2020")],
               [{"kind": "light_strike", "target": "1010"}])
    out, _ = run(scn, [3, 3, 6, 1, 1, 3, 3])
    assert bt.effects(scn, out) == {
        "a": {"hit": True, "damage": 10, "locations": {"CT(R)": 5, "RT(R)": 5},
              "attacks": [{"support": "Light Air Strike on 1010", "arc": "rear",
                           "damage": 10, "groups": [
                               {"damage": 5, "location": "CT", "armour": "rear",
                                "critical_check": True},
                               {"damage": 5, "location": "RT", "armour": "rear",
                                "critical_check": False}]}]},
        "b": {"hit": False, "damage": 0, "attacks": [], "locations": {}},
    }


def test_hex_labels_used_by_the_rules_round_trip():
    for label in ("0101", "0102", "0201", "1517", "1518", "1609", "3034"):
        assert Hex.from_label(label).label == label


def test_bt_art_4_spotting_in_one_turn_only_gives_no_modifier_and_says_why():
    scn = make([mech("a", "1010")],
               in_flight=[{"kind": "artillery", "gun": "thumper", "target": "1010",
                           "spotted": ["arrival"]}])
    out, log = run(scn, [3, 4, 4, 3, 4])  # 7 < 8: MoF 1, die 4 = south; 1 group adjacent
    assert groups_of(scn, out, "a") == [(5, "CT", "rear")]
    step = next(s for s in log.steps if s.clause == "BT-ART.4")
    assert "TN 8" in say(step.text) and "both" in say(step.text)


def test_bt_art_4_a_spotter_spots_one_hex_per_turn():
    shell = {"kind": "artillery", "gun": "thumper", "spotted": ["fired", "arrival"],
             "spotter": "j"}
    units = [mech("j", "2026", side="kurita"), mech("a", "1010")]
    # one hex, any number of shells: fine (as for indirect fire)
    scn = make(units, in_flight=[dict(shell, target="1010"), dict(shell, target="1010")])
    assert [s.spotter for s in scn.attack.in_flight] == ["j", "j"]
    # two hexes in the same turn (one landing, one fired now): refused
    fails("attack.in_flight[0].spotter", "BT-ART.4",
          lambda: make(units, [dict(shell, target="1212")],
                       in_flight=[dict(shell, target="1010")]))
    # the spotter is one of the firing side's units, spotting in this turn
    fails("attack.in_flight[0].spotter", "BT-ART.4",
          lambda: make(units, in_flight=[dict(shell, target="1010", spotter="a")]))
    fails("attack.in_flight[0].spotter", "BT-ART.4",
          lambda: make(units, in_flight=[dict(shell, target="1010", spotter="zz")]))
    fails("attack.in_flight[0].spotter", "BT-ART.4",
          lambda: make(units, in_flight=[dict(shell, target="1010", spotted=["fired"])]))


# -- record sheets (BT-SHEET) -------------------------------------------------------------

ATLAS = {"armour": {"Head": 9, "CT": 47, "CT(R)": 14, "LT": 32, "LT(R)": 10, "RT": 32,
                    "RT(R)": 10, "LA": 34, "RA": 34, "LL": 41, "RL": 41},
         "structure": {"Head": 3, "CT": 31, "LT": 21, "RT": 21, "LA": 17, "RA": 17, "LL": 21,
                       "RL": 21}}
"""The Atlas AS7-D's record sheet (public data, as in MegaMek's unit file)."""


def sheet(armour: int = 20, structure: int = 20, **kw: int) -> dict:
    """A small record sheet: every armour and structure the same, but what `kw` sets
    (``LA_armour=0``, ``CT_R_armour=2``)."""
    out = {"armour": dict.fromkeys(ATLAS["armour"], armour),
           "structure": dict.fromkeys(ATLAS["structure"], structure)}
    for key, v in kw.items():
        loc, part = key.rsplit("_", 1)
        out[part][loc.replace("_R", "(R)")] = v
    return out


def test_bt_sheet_armour_then_structure_then_inward_and_the_arm_goes_with_its_torso():
    small = sheet(LA_armour=5, LA_structure=5, LT_armour=5, LT_structure=5)
    scn = make([mech("a", "1010", record=small)], [{"kind": "heavy_strike", "target": "1010"}])
    out, log = run(scn, [3, 3, 1] + [5, 5] * 4)  # success, front, 4 groups on LA (10)
    rec = bt.effects(scn, out)["a"]["record"]
    # LA armour 5, LA structure 5, then LT armour 5 and LT structure 5: both destroyed
    assert rec["armour"]["LA"] == [0, 5] and rec["structure"]["LA"] == [0, 5]
    assert rec["armour"]["LT"] == [0, 5] and rec["structure"]["LT"] == [0, 5]
    assert rec["armour"]["CT"] == [20, 20] and rec["destroyed_locations"] == ["LT", "LA"]
    assert rec["destroyed"] is False and bt.harm(scn, out)[0].destroyed is False
    step = next(s for s in log.steps if s.clause == "BT-SHEET")
    assert "LT destroyed, LA destroyed" in say(step.text)
    # a side torso destroyed takes its arm, even an untouched one
    scn = make([mech("a", "1010", record=sheet(RT_armour=0, RT_structure=5))],
               [{"kind": "light_strike", "target": "1010"}])
    out, _ = run(scn, [3, 3, 1, 3, 3, 3, 3])  # 2 groups on RT (6)
    rec = bt.effects(scn, out)["a"]["record"]
    assert rec["destroyed_locations"] == ["RT", "RA"] and rec["armour"]["CT"] == [15, 20]


def test_bt_sheet_rear_hits_wear_rear_armour_and_transfer_to_the_rear():
    small = sheet(LT_R_armour=5, LT_structure=5, CT_R_armour=5)
    scn = make([mech("a", "1010", record=small)], [{"kind": "heavy_strike", "target": "1010"}])
    out, _ = run(scn, [3, 3, 6] + [4, 4] * 4)  # rear, 4 groups on LT (8)
    rec = bt.effects(scn, out)["a"]["record"]
    assert rec["armour"]["LT(R)"] == [0, 5] and rec["armour"]["LT"] == [20, 20]
    assert rec["structure"]["LT"] == [0, 5] and rec["armour"]["CT(R)"] == [0, 5]
    assert rec["armour"]["CT"] == [20, 20] and rec["structure"]["CT"] == [15, 20]


def test_bt_sheet_head_or_centre_torso_destroyed_destroys_the_mech_in_the_odds():
    scn = make([mech("a", "1010", record=sheet(Head_armour=0, Head_structure=3))],
               [{"kind": "light_strike", "target": "1010"}])
    out, _ = run(scn, [3, 3, 1, 6, 6, 1, 1])  # a head hit
    assert bt.harm(scn, out)[0].destroyed and bt.effects(scn, out)["a"]["record"]["destroyed"]
    fig = odds(scn).units["a"]
    p_head = 1 - (35 / 36) ** 2
    assert fig["p_destroyed"] == pytest.approx(p_at_least(5) * p_head, abs=1e-6)
    assert fig["p_location_destroyed"]["Head"] == fig["p_destroyed"]
    assert fig["p_armour_breached"]["Head"] == 1.0  # no head armour to begin with


def test_bt_sheet_odds_per_location_by_hand():
    scn = make([mech("a", "1010", record=sheet(LA_armour=0, LA_structure=10, RA_armour=5))],
               [{"kind": "light_strike", "target": "1010"}])
    fig = odds(scn).units["a"]
    p_la = 5 / 36  # 10 or 11 on 2D6: LA from the front and from the rear
    assert fig["p_location_destroyed"]["LA"] == pytest.approx(p_at_least(5) * p_la ** 2,
                                                              abs=1e-6)
    assert fig["p_armour_breached"]["RA"] == pytest.approx(
        p_at_least(5) * (1 - (1 - 5 / 36) ** 2), abs=1e-6)  # 3 or 4: RA, 5 points each


@pytest.mark.parametrize("scn", [
    make([mech("a", "1010", record=sheet(3, 4, CT_R_armour=2))],
         [{"kind": "light_strike", "target": "1010"},
          {"kind": "artillery", "gun": "thumper", "target": "1011"}],
         preplotted={"thumper": ["1011"]}),
    make([mech("a", "1010", facing=2, record=sheet(2, 3))],
         in_flight=[{"kind": "artillery", "gun": "thumper", "target": "1009"}]),
], ids=["strike-then-shell", "shell"])
def test_bt_sheet_marginals_agree_with_the_generic_enumeration(scn):
    assert_agree(scn)


def test_bt_sheet_is_for_mechs_only_and_complete():
    fails("units[0].record", "'Mechs only",
          lambda: make([mech("t", "1010", type="vehicle", record=ATLAS)]))
    partial = {"armour": dict(ATLAS["armour"]), "structure": dict(ATLAS["structure"])}
    del partial["armour"]["CT(R)"]
    fails("units[0].record.armour.CT(R)", "required",
          lambda: make([mech("a", "1010", record=partial)]))
    fails("units[0].record.structure.Head", "from 1",
          lambda: make([mech("a", "1010", record=sheet(Head_structure=0))]))


def test_bt_sheet_a_long_tom_on_an_atlas():
    scn = make([mech("atlas", "1010", record=ATLAS)], preplotted={"long_tom": ["1010"]},
               supports=[{"kind": "artillery", "gun": "long_tom", "target": "1010"}])
    fig = odds(scn).units["atlas"]
    assert fig["p_hit"] == 1.0 and fig["expected_damage"] == 25
    assert fig["p_damage_20_or_more"] == 1.0
    # 5 groups of 5 cannot get through 47 + 31 points of centre torso; 3 head hits of 5
    # go through 9 + 3 (about 10 x (1/36)^3)
    assert fig["p_location_destroyed"]["CT"] == 0.0
    assert fig["p_destroyed"] == fig["p_location_destroyed"]["Head"]
    assert 1e-4 < fig["p_destroyed"] < 3e-4
    assert fig["p_armour_breached"]["CT(R)"] > 0


# -- issue 10: the table as it is, one use per support, nothing silently dropped -------------


def test_bt_art_aoe_sheets_side_by_side_join_into_a_seam_column():
    # a pre-plotted Long Tom on sheet A's 1508: the seam hex 1608 is adjacent (3 groups),
    # sheet B's 0108 (1708) two hexes away (1 group), its 0208 three (nothing)
    units = [mech("seam", "1608"), mech("b1", "B:0108"), mech("b2", "B:0208")]
    scn = make(units, [{"kind": "artillery", "gun": "long_tom", "target": "1508"}],
               preplotted={"long_tom": ["1508"]})
    assert [u.hex.label for u in scn.units] == ["1608", "1708", "1808"]
    out, _ = run(scn, [3, 4] * 3 + [3, 4])
    assert [h.damage for h in bt.harm(scn, out)] == [15, 5, 0]
    # the log names a hex of sheet B both ways
    scn = make([], [{"kind": "light_strike", "target": "B:0108"}])
    _, log = run(scn, [1, 1])
    assert "Light Air Strike on 1708 (B:0108)" in say(log.steps[2].text)
    fails("units[0].hex", "sheets A to D", lambda: make([mech("x", "E:0101")]))


def test_bt_gen_3_every_hex_label_is_four_digits_or_named_on_its_sheet():
    for bad in (" 1010", "1010 ", "10 10", "009008", "101010", "x\"]", "B:1601", "1010\n"):
        fails("units[0].hex", "hex", lambda bad=bad: make([mech("a", bad)]))
        fails("attack.supports[0].target", "hex",
              lambda bad=bad: make([], [{"kind": "light_strike", "target": bad}]))
        fails("attack.supports[0].hexes[1]", "hex",
              lambda bad=bad: make([], [{"kind": "strafing", "hexes": ["1010", bad]}]))
        fails("attack.preplotted.thumper[0]", "hex",
              lambda bad=bad: make([], preplotted={"thumper": [bad]}))
        fails(f"map.terrain.{bad}", "hex", lambda bad=bad: make([], terrain={bad: {"water": 1}}))
    fails("units[0].hex", "hex label", lambda: make([mech("a", 1010)]))
    scn = make([mech("a", "C:0101")], [{"kind": "strafing", "hexes": ["B:0101", "B:0102"]}],
               terrain={"D:1517": {"water": 1}})
    assert scn.units[0].hex.label == "0118"
    assert [h.label for h in scn.attack.supports[0].hexes] == ["1701", "1702"]
    assert scn.board.terrain_at(Hex.from_label("3134")).water == 1
    fails("map.terrain.3134", "twice", lambda: make([], terrain={"D:1517": {"water": 1},
                                                                 "3134": {"water": 2}}))


def test_bt_gen_3_fields_of_another_kind_of_support_are_refused_with_their_path():
    fails("attack.supports[0].target", "not a known field",
          lambda: make([], [{"kind": "strafing", "hexes": ["1010"], "target": "1010"}]))
    fails("attack.supports[0].target", "not a known field",
          lambda: make([], [{"kind": "bluff", "target": "1010"}], hidden=True))
    fails("attack.supports[0].hexes", "not a known field",
          lambda: make([], [{"kind": "light_strike", "target": "1010", "hexes": ["1010"]}]))
    fails("attack.supports[0].hexes", "not a known field",
          lambda: make([], [{"kind": "light_bombing", "target": "1010", "hexes": ['x"]']}]))
    fails("attack.supports[0].gun", "not a known field",
          lambda: make([], [{"kind": "heavy_bombing", "target": "1010", "gun": "sniper"}]))
    fails("attack.supports[0].hexes", "BT-STRAFE.1",
          lambda: make([], [{"kind": "strafing", "hexes": ["1010", "1010"]}]))


def test_bt_rule_5_a_strike_at_submerged_units_is_refused_before_any_roll():
    deep = {"1010": {"water": 2}}
    units = [mech("sub", "1010"), mech("dry", "1012")]
    for support in ({"kind": "heavy_strike", "target": "1010"},
                    {"kind": "light_bombing", "target": "1010"}):
        scn = make(units, [support], terrain=deep)
        with pytest.raises(IllegalAttack) as e:
            bt.prepare(scn)
        assert e.value.clause == "BT-RULE.5" and "submerged" in say(e.value.reason)
        with pytest.raises(IllegalAttack):
            resolve(scn)
    # a hex with a unit that is not submerged, an empty hex, artillery, strafing (a strafed
    # hex is a legal target, its submerged units skipped: issue 23): all allowed
    units.append(mech("hover", "1010", type="hover"))
    assert bt.prepare(make(units, [{"kind": "heavy_strike", "target": "1010"}], terrain=deep))
    assert bt.prepare(make(units[:2], [{"kind": "heavy_strike", "target": "1011"}]))
    assert bt.prepare(make(units[:2], [{"kind": "artillery", "gun": "sniper", "target": "1010"}],
                           terrain=deep))
    assert bt.prepare(make(units[:2], [{"kind": "strafing", "hexes": ["1009", "1010"]}],
                           terrain=deep))


def test_bt_rule_5_hover_and_naval_units_float_and_only_mechs_use_the_punch_table():
    units = [mech("h", "1010", type="hover"), mech("n", "1010", type="naval"),
             mech("v", "1010", type="vehicle")]
    scn = make(units, [{"kind": "light_strike", "target": "1010"}],
               terrain={"1010": {"water": 3}})
    out, log = run(scn, [3, 3])
    assert [h.damage for h in bt.harm(scn, out)] == [10, 10, 0]
    submerged = [s for s in log.steps if s.clause == "BT-RULE.5"]
    assert len(submerged) == 1 and "v is submerged" in say(submerged[0].text)
    # in depth-1 water a vehicle read on the 'Mech table (mech-table) rolls 2D6, not 1D6
    scn = make([mech("v", "1010", type="vehicle")], [{"kind": "light_strike", "target": "1010"}],
               terrain={"1010": {"water": 1}}, options={"asset_locations": "mech-table"})
    out, _ = run(scn, [3, 3, 1, 3, 4, 6, 6])
    assert groups_of(scn, out, "v") == [(5, "CT", "front"), (5, "Head", "front")]


def test_bt_bomb_2_reach_is_an_option_air_strikes_attack_the_unit_inside_by_default():
    units = [mech("a", "1010"), mech("bldg", "1010", type="building")]
    terrain = {"1010": {"building": {"cf": 40}}}
    scn = make(units, [{"kind": "light_strike", "target": "1010"}], terrain=terrain)
    out, log = run(scn, [3, 3, 1, 3, 4, 3, 4])
    assert [h.damage for h in bt.harm(scn, out)] == [10, 0] and "BT-BOMB.2" not in clauses(log)
    scn = make(units, [{"kind": "light_strike", "target": "1010"}], terrain=terrain,
               options={"building_damage": "every-strike"})
    out, log = run(scn, [3, 3, 1, 3, 4, 3, 4])
    assert [h.damage for h in bt.harm(scn, out)] == [10, 10] and "BT-BOMB.2" in clauses(log)
    assert "damaged by: every strike" in say(log.steps[0].text)
    # strafing: by default only the 'Mech inside is rolled for
    scn = make(units, [{"kind": "strafing", "hexes": ["1010"]}], terrain=terrain)
    out, _ = run(scn, [1, 1])
    assert [h.damage for h in bt.harm(scn, out)] == [0, 0]
    # a building alone in its hex is attacked like any asset
    scn = make(units[1:], [{"kind": "light_strike", "target": "1010"}])
    out, _ = run(scn, [3, 3])
    assert bt.harm(scn, out)[0].damage == 10


def test_bt_gen_2_each_support_is_used_once_and_held_bounds_how_many():
    tom = {"kind": "artillery", "gun": "long_tom", "target": "1212"}
    fails("attack.supports[1]", "used once",
          lambda: make([], [dict(tom, selection="t"), dict(tom, selection="t", target="1313")]))
    fails("attack.supports[0]", "used once",
          lambda: make([], [dict(tom, selection="t")], in_flight=[dict(tom, selection="t")]))
    # a selection shooting at its pre-plotted hexes fires once too
    fails("attack.supports[1]", "used once",
          lambda: make([], [tom, dict(tom, target="1313")],
                       preplotted={"long_tom": ["1212", "1313"]}))
    assert make([], [tom, dict(tom, target="1313")])  # two Long Toms, unnamed: two bought
    strike = {"kind": "light_strike", "target": "1010"}
    fails("attack.supports[1]", "holds 1 of 'light_strike'",
          lambda: make([], [strike, strike], held={"light_strike": 1}))
    fails("attack.supports[0]", "holds 0 of 'long_tom'",
          lambda: make([], [tom], held={"light_strike": 1}))
    fails("attack.held.artillery", "not a known field",
          lambda: make([], [tom], held={"artillery": 1}))
    fails("attack.held.bluff", "from 0 to 1", lambda: make([], held={"bluff": 2}))  # BT-BLUFF
    scn = make([], [strike, tom], held={"light_strike": 2, "long_tom": 1})
    assert load_dict(bt.next_turn(scn)).attack.held == {"light_strike": 1, "long_tom": 0}


def test_bt_art_4_next_turn_is_valid_when_the_spotter_spotted_only_the_firing_turn():
    units = [mech("j", "2026", side="kurita"), mech("a", "1010")]
    shot = {"kind": "artillery", "gun": "thumper", "target": "1010", "spotted": ["fired"],
            "spotter": "j"}
    nxt = load_dict(bt.next_turn(make(units, [shot], turn=3)))
    [shell] = nxt.attack.in_flight
    assert shell.spotter is None and shell.spotted == frozenset({"fired"})
    # spotted in both turns, the spotter stays: it spots the arrival
    both = dict(shot, spotted=["fired", "arrival"])
    [shell] = load_dict(bt.next_turn(make(units, [both], turn=3))).attack.in_flight
    assert shell.spotter == "j" and spotting_modifier(shell) == -2


def test_bt_art_1_a_hex_listed_twice_in_one_selection_says_so():
    with pytest.raises(ScenarioError) as e:
        make([], preplotted={"thumper": ["1010", "1111", "1010"]})
    assert e.value.path == "attack.preplotted.thumper[2]"
    assert "listed twice in selection 'thumper'" in say(e.value.reason)
    assert "already pre-plotted by" not in say(e.value.reason)


def test_bt_art_2_a_seam_hex_counts_on_both_sheets_it_joins():
    five_a = ["0101", "0301", "0501", "0701", "0901"]
    fails("attack.preplotted.b[0]", "sheet A",
          lambda: make([], preplotted={"a": five_a, "b": ["1601"]}))
    five_b = ["1801", "2001", "2201", "2401", "2601"]
    fails("attack.preplotted.b[0]", "sheet B",
          lambda: make([], preplotted={"a": five_b, "b": ["1601"]}))
    assert make([], preplotted={"a": five_a[:4], "b": ["1601"]})


def test_marginals_check_their_budget_so_auto_odds_can_fall_back():
    scn = load_dict(json.loads((SUITE[0].parent / "battletech-company.json").read_text()))
    with pytest.raises(TooManyOutcomes):
        bt.marginals(scn, Budget(states=3))
    with pytest.raises(TooManyOutcomes):
        bt.marginals(scn, Budget(seconds=0.0))
    assert len(bt.marginals(scn, Budget())) == 24


def test_next_turn_is_a_new_turn_new_seed_and_the_record_sheet_damage_carried():
    """Issue 22.8: the next turn rolls new dice (its seed moves on; scripted dice count as
    the default seed) and, given this turn's dice, each record sheet starts from what
    this turn left of it (``record.left``): its damage adds up over the turns."""
    small = sheet(LA_armour=5, LA_structure=5, LT_armour=5, LT_structure=5)
    strike = [{"kind": "heavy_strike", "target": "1010"}]
    scn = make([mech("a", "1010", record=small)], strike)
    dice = [3, 3, 1] + [5, 5] * 4  # LA and LT destroyed (the test above)
    doc = bt.next_turn(scn, ScriptedDice(dice))
    assert doc["seed"] == 2 and "dice" not in doc
    left = doc["units"][0]["record"]["left"]
    assert left["structure"]["LA"] == 0 and left["structure"]["LT"] == 0
    assert left["armour"]["CT"] == 20 and doc["units"][0]["record"]["armour"] == small["armour"]
    nxt = load_dict(dict(doc, attack=dict(doc["attack"], supports=strike)))
    out, _ = run(nxt, [3, 3, 1] + [5, 5] * 4)  # the same four groups on LA again
    rec = bt.effects(nxt, out)["a"]["record"]
    assert rec["destroyed_locations"] == ["LT", "LA"]  # turn 1's, against the printed sheet
    assert rec["armour"]["CT"] == [0, 20] and rec["structure"]["CT"] == [20, 20]  # on inward
    first = bt.effects(scn, run(scn, dice)[0])["a"]["record"]
    assert first["armour"]["CT"] == [20, 20]  # turn 1 alone left the CT whole
    assert bt.next_turn(nxt)["seed"] == 3
    # without dice: the sheet is left as it was, only the turn and the seed move on
    assert "left" not in bt.next_turn(scn)["units"][0]["record"]
    fails("units[0].record.left.structure.LA", "to 5",
          lambda: make([mech("a", "1010", record=dict(small, left=dict(small, structure=dict(
              small["structure"], LA=6))))]))
