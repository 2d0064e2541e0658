"""Horus Heresy / 40K 7th: the rules review of issue 10, item by item, each forced with
scripted dice and checked exactly (tests named after the clause they prove)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import scenario as scenarios
from engine.dice import ScriptedDice
from engine.errors import IllegalAttack, ScenarioError
from engine.log import Log
from engine.systems import heresy, resolve
from engine.systems.heresy.placement import hole_radius
from engine.words import say
from tests.test_heresy import clauses_of, doc, marine, rhino, run

DEMOS = sorted(Path(__file__).parent.parent.glob("web/demos/heresy-*.json"))
AREA = [[18, 20], [22, 20], [22, 28], [18, 28]]
"""A 4" x 8" area of cover between the firer (10, 24) and targets near (30, 24)."""


def with_cover(d: dict, points: list, save: int) -> dict:
    return {**d, "terrain": [{"points": points, "cover": save}]}


# -- units ------------------------------------------------------------------------------------


def test_hh_7_a_unit_is_one_sides_models() -> None:
    d = doc([marine("a", 30, 24, unit="tactical"),
             marine("g", 12, 30, side="loyal", unit="tactical")])
    with pytest.raises(ScenarioError) as e:
        scenarios.load_dict(d)
    assert e.value.path == "units[2].unit" and "one side's" in str(e.value)


# -- HH-9: each shot aimed on its own ---------------------------------------------------------


def test_hh_9_each_shot_has_its_own_target_and_aim() -> None:
    units = [marine("a", 30, 24), marine("b", 30, 34, unit="other")]
    d = doc(units, dice=[1, 1, "HIT", 1, 1, "HIT", 6, 1, 6, 1], weapon={"shots": 2},
            each_shot=[{}, {"target": "b", "aim": {"x": 30.2, "y": 34}}])
    effects, steps = run(d)
    assert effects["a"]["wounds_lost"] == 1 and effects["b"]["wounds_lost"] == 1
    aims = [m for st in steps for m in st.marks if m.get("role") == "aim"]
    assert [(m["x"], m["y"]) for m in aims] == [(30, 24), (30.2, 34)]
    assert any(say(st.text).startswith("For shot 2,") for st in steps if st.clause == "HH-1")


def test_hh_9_each_shot_is_checked_against_hh_1_to_hh_3() -> None:
    units = [marine("a", 30, 24), marine("b", 30, 34, unit="other"),
             marine("g", 31.5, 34, side="loyal", unit="escort")]
    d = doc(units, dice=[], weapon={"shots": 2}, each_shot=[{}, {"target": "b"}])
    with pytest.raises(IllegalAttack) as e:
        run(d)
    assert e.value.clause == "HH-3" and say(e.value.reason).startswith("shot 2: friendly model g")
    d = doc(units, dice=[], weapon={"shots": 2}, each_shot=[{}, {"target": "g"}])
    with pytest.raises(IllegalAttack) as e:
        run(d)
    assert e.value.clause == "HH-1"
    assert "shot 2: the target g is not an enemy" in say(e.value.reason)
    with pytest.raises(ScenarioError) as e:
        scenarios.load_dict(doc(units, weapon={"shots": 2}, each_shot=[{}]))
    assert e.value.path == "attack.each_shot"


# -- HH-1 to HH-3: the hole a disc, aim "auto" ------------------------------------------------


def test_hh_1_aim_auto_finds_a_legal_hole_over_the_base() -> None:
    # a friendly 2" east of the target: at the target's centre the 3" marker (1.5" +
    # 0.63" base) would touch it, so the hole must move west over the 60 mm base
    units = [marine("a", 30, 24, base_mm=60), marine("g", 32, 24, side="loyal", unit="escort")]
    with pytest.raises(IllegalAttack) as e:
        run(doc(units, dice=[]))
    assert e.value.clause == "HH-3"
    effects, steps = run(doc(units, dice=[1, 1, "HIT", 6, 1], aim="auto"))
    aim = next(m for st in steps for m in st.marks if m.get("role") == "aim")
    radius = 60 / 25.4 / 2
    off = ((aim["x"] - 30) ** 2 + (aim["y"] - 24) ** 2) ** 0.5
    assert off <= radius - hole_radius({"hole_mm": 5}) + 1e-9
    assert ((aim["x"] - 32) ** 2 + (aim["y"] - 24) ** 2) ** 0.5 > 1.5 + 0.63
    assert effects["a"]["wounds_lost"] == 1 and effects["g"]["hits"] == 0


def test_hh_1_aim_auto_says_when_no_position_is_legal() -> None:
    units = [marine("a", 30, 24), marine("g", 31.3, 24, side="loyal", unit="escort")]
    with pytest.raises(IllegalAttack) as e:
        run(doc(units, dice=[], aim="auto"))
    assert e.value.clause == "HH-1"
    assert "no position of the hole over a is legal" in say(e.value.reason)


# -- HH-19: a firer removed by its own Gets Hot ----------------------------------------------


def test_hh_19_firer_removed_by_gets_hot_fires_no_more() -> None:
    # shot 1 Gets Hot on a 1, the W1 firer fails its 3+ save (AP 2 denies it: no roll)
    d = doc([marine("a", 30, 24)], dice=[1], weapon={"shots": 3, "gets_hot": True, "ap": 2})
    s = scenarios.load_dict(d)
    dice = ScriptedDice(d["dice"])
    outcome = heresy.play(s, dice, Log(dice))
    assert dice.remaining == 0 and outcome[1].hits == 0 and outcome[0].lost == 1
    steps = resolve(s).steps
    assert any(st.clause == "HH-19" and "f is removed by its own Gets Hot: shots 2 to 3 are "
               "not fired" in say(st.text) for st in steps)
    assert resolve(s).effects["f"]["removed"]


def test_hh_19_a_firer_with_wounds_left_fires_on() -> None:
    d = doc([marine("a", 30, 24)], dice=[1, 2, 1, 1, "HIT", 6],
            weapon={"shots": 2, "gets_hot": True, "ap": 2})
    d["units"][0]["w"] = 2
    effects, steps = run(d)
    assert effects["f"]["wounds_lost"] == 1 and effects["a"]["wounds_lost"] == 1


# -- HH-10: the re-roll policy ----------------------------------------------------------------


def test_hh_10_best_rerolls_a_scatter_onto_own_models() -> None:
    # 2" east: the target is still hit, but so are two of the firer's own models
    units = [marine("a", 30, 24), marine("g1", 33.2, 23, side="loyal", unit="escort"),
             marine("g2", 33.2, 25, side="loyal", unit="escort")]
    first = [3, 3, 90]
    effects, steps = run(doc(units, dice=first + [1, 1, "HIT", 6, 1],
                             weapon={"twin_linked": True}))
    assert clauses_of(steps).count("HH-4") == 2
    assert any(st.clause == "HH-10" and "expected to do better" in say(st.text) for st in steps)
    assert effects["g1"]["hits"] == 0 and effects["a"]["wounds_lost"] == 1
    kept, _ = run(doc(units, dice=first + [6, 1, 1, 6, 1], weapon={"twin_linked": True},
                      reroll_when="target-missed"))
    assert kept["g1"]["hits"] == kept["g2"]["hits"] == kept["a"]["hits"] == 1


def test_hh_10_best_keeps_a_good_scatter() -> None:
    effects, steps = run(doc([marine("a", 30, 24)], dice=[1, 1, "HIT", 6, 1], reroll="full"))
    assert "HH-10" not in clauses_of(steps) and effects["a"]["wounds_lost"] == 1


# -- HH-8: allocation -------------------------------------------------------------------------


def test_hh_8_defenders_choice_loses_the_fewest_models() -> None:
    # a W1 marine is closest; the W3 sergeant stands 1.6" behind; two wounds
    units = [marine("a", 30, 24), marine("sgt", 31.6, 24, w=3)]
    dice = [1, 1, "HIT", 6, 6, 1, 1]  # two wounds; both saves fail
    closest, steps = run(doc(units, dice=dice))
    assert closest["a"]["removed"] and closest["sgt"]["wounds_lost"] == 1
    chosen, steps = run(doc(units, dice=dice, options={"allocation": "defender"}))
    assert chosen["a"]["wounds_lost"] == 0 and chosen["sgt"]["wounds_lost"] == 2
    assert steps[0].clause == "OPT"
    assert "Wounds go to: the models the defender chooses" in say(steps[0].text)


# -- HH-14: cover from terrain ----------------------------------------------------------------


def test_hh_14_cover_area_between_the_firer_and_the_model() -> None:
    # AP 3 denies the 3+ armour; the area gives a 4+ cover save
    d = doc([marine("a", 30, 24)], dice=[1, 1, "HIT", 6, 4], weapon={"ap": 3})
    effects, steps = run(with_cover(d, AREA, 4))
    assert effects["a"]["saved"] == 1
    assert any("(AP3 denies its 3+ armour; in cover: 4+)" in say(st.text) for st in steps)
    bare, _ = run({**d, "dice": [1, 1, "HIT", 6]})
    assert bare["a"]["wounds_lost"] == 1
    # an area of cover does not block sight (HH-1)
    assert scenarios.load_dict(with_cover(d, AREA, 4)).board.blocking == ()


def test_hh_14_mega_blast_cover_from_the_marker_centre() -> None:
    # the area lies between the firer and the models, not between the centre and them
    mega = {"blast": 10, "range": 60, "mega": [[6, 3], [6, 3], [6, 3]]}
    d = with_cover(doc([marine("a", 30, 24)], dice=[1, 1, "HIT", 6], weapon=mega), AREA, 4)
    effects, _ = run(d)
    assert effects["a"]["wounds_lost"] == 1  # no save: armour denied, no cover from the centre
    behind = with_cover(doc([marine("a", 30, 24), marine("b", 30, 27.5)], dice=[
        1, 1, "HIT", 6, 6, 4], weapon=mega, aim={"x": 30, "y": 24.4}),
        [[28, 25.5], [32, 25.5], [32, 26], [28, 26]], 4)
    effects, steps = run(behind)  # b sees the centre through the area: 4+ cover
    assert effects["a"]["wounds_lost"] == 1 and effects["b"]["saved"] == 1


def test_hh_19_gets_hot_never_takes_cover() -> None:
    d = doc([marine("a", 30, 24)], dice=[1], weapon={"gets_hot": True, "ap": 3})
    d["units"][0]["cover"] = 2
    effects, _ = run(with_cover(d, [[8, 22], [12, 22], [12, 26], [8, 26]], 2))
    assert effects["f"]["wounds_lost"] == 1


# -- HH-14: each Mega-blast shot's pools from its own centre ---------------------------------


def test_hh_14_each_mega_blast_shot_allocates_from_its_own_centre() -> None:
    mega = {"blast": 10, "range": 60, "mega": [[6, 6], [6, 6], [6, 6]], "shots": 2}
    units = [marine("a", 30, 24, sv=None), marine("b", 30, 28.5, sv=None),
             marine("c", 30, 33, sv=None)]
    # shot 1 on a hits a (inner) and b (outer); shot 2 on c hits c (inner) and b (outer);
    # To Wound, zone by zone: the two inner Hits wound (6, 6), the two outer ones not
    d = doc(units, dice=[1, 1, "HIT", 1, 1, "HIT", 6, 6, 1, 1], weapon=mega,
            each_shot=[{}, {"target": "c"}])
    effects, steps = run(d)
    assert [effects[k]["hits"] for k in "abc"] == [1, 2, 1]
    # each shot's wound goes to the model closest to that shot's centre: a, then c
    assert [effects[k]["wounds_lost"] for k in "abc"] == [1, 0, 1]


# -- HH-16: Breaching keeps the better AP -----------------------------------------------------


def test_hh_16_breaching_keeps_the_better_ap() -> None:
    w = {"s": 4, "ap": 1, "breaching": 4}
    _, steps = run(doc([marine("a", 30, 24)], dice=[1, 1, "HIT", 5], weapon=w))
    assert any("a S4 AP1 wound" in say(st.text) for st in steps)
    _, steps = run(doc([marine("a", 30, 24)], dice=[1, 1, "HIT", 5], weapon=w,
                       options={"breaching_ap": "literal"}))
    assert any("a S4 AP2 wound" in say(st.text) for st in steps)


# -- refused input ----------------------------------------------------------------------------


def refused_at(change: object) -> str:
    """The path of the error a changed Rhino-target scenario is refused with."""
    d = doc([rhino("r", 30, 24)])
    change(d)  # type: ignore[operator]
    with pytest.raises(ScenarioError) as e:
        scenarios.load_dict(d)
    return e.value.path


def test_hh_8_fields_of_the_other_kind_of_model_are_refused() -> None:
    assert refused_at(lambda d: d["units"][1].update(hp=0)) == "units[1].hp"
    assert refused_at(lambda d: d["units"][1].update(t=7)) == "units[1].t"
    assert refused_at(lambda d: d["units"][0].update(hp=3)) == "units[0].hp"
    assert refused_at(lambda d: d["units"][0].update(hull={"w": 1, "h": 1})) == "units[0].hull"


def test_hh_13_s_and_ap_beside_mega_are_refused() -> None:
    mega = {"mega": [[8, 2], [6, 4], [4, 6]], "blast": 10}
    assert refused_at(lambda d: d["attack"]["weapon"].update(mega)) == "attack.weapon.s"
    assert refused_at(lambda d: (d["attack"]["weapon"].update(mega),
                                 d["attack"]["weapon"].pop("s"))) == "attack.weapon.ap"


def test_hh_10_a_reroll_policy_without_a_reroll_is_refused() -> None:
    assert refused_at(lambda d: d["attack"].update(reroll_when="never")) == "attack.reroll_when"


def test_hh_9_unknown_fields_of_a_shot_are_refused() -> None:
    assert refused_at(lambda d: d["attack"].update(each_shot=[{"target": "r", "range": 3}])
                      ) == "attack.each_shot[0].range"


def test_hh_14_a_cover_save_must_be_2_to_6() -> None:
    assert refused_at(lambda d: d.update(terrain=[{"points": AREA, "cover": 1}])
                      ) == "terrain[0].cover"


# -- demos: their dice, their words ------------------------------------------------------------


@pytest.mark.parametrize("path", DEMOS, ids=lambda p: p.stem)
def test_hh_9_every_demo_uses_exactly_its_scripted_dice(path: Path) -> None:
    s = scenarios.loads(path.read_text())
    if s.dice is None:
        return
    dice = ScriptedDice(s.dice)
    heresy.play(s, dice, Log(dice))
    assert dice.remaining == 0


@pytest.mark.parametrize("path", DEMOS, ids=lambda p: p.stem)
def test_hh_8_demo_logs_speak_in_players_words(path: Path) -> None:
    s = scenarios.loads(path.read_text())
    for seed in (None, 1, 2):
        for st in resolve(s, seed).steps:
            assert st.clause
            for bad in ("units[", "supports[", "shared/", ".md", "None", "Hits(", "(0, "):
                assert bad not in say(st.text), (st.clause, say(st.text))


def test_hh_8_odds_give_the_models_removed_per_unit() -> None:
    from engine.systems import odds
    units = [marine("a", 30, 24), marine("b", 31.4, 24)]
    o = odds(scenarios.load_dict(doc(units, weapon={"ap": 3})))
    removed = o.groups["squad"]["removed"]
    assert abs(sum(removed.values()) - 1) < 1e-5 and "2" in removed
    assert o.units["a"]["p_destroyed"] == pytest.approx(o.units["a"]["p_damaged"])


def test_hh_9_marginals_check_the_budget() -> None:
    from engine.enumeration import Budget, TooManyOutcomes
    d = json.loads((Path(__file__).parent / "suite" / "heresy-large-blast-six-shots.json")
                   .read_text())
    with pytest.raises(TooManyOutcomes):
        heresy.marginals(scenarios.load_dict(d), Budget(states=20))


def test_hh_19_a_vehicle_wrecked_by_gets_hot_fires_no_more() -> None:
    # a 1 Hull Point firer glances itself on shot 1 (D6 2): shots 2 and 3 are not fired
    d = doc([marine("a", 30, 24)], dice=[1, 2], weapon={"shots": 3, "gets_hot": True})
    d["units"][0] = {**rhino("f", 10, 24, side="loyal"), "unit": "firers", "hp": 1}
    effects, steps = run(d)
    assert effects["f"]["wrecked"] and effects["a"]["hits"] == 0
    assert any("f is wrecked by its own Gets Hot: shots 2 to 3 are not fired" in say(st.text)
               for st in steps)
