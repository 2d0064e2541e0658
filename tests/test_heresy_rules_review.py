"""Horus Heresy / 40K 7th: the rules review of issue 23, point by point, each forced with
scripted dice (or exact odds against a hand-computed figure), named after the clause."""

from __future__ import annotations

import pytest

from engine import scenario as scenarios
from engine.errors import IllegalAttack, ScenarioError
from engine.systems import odds
from engine.words import say
from tests.test_heresy import doc, marine, run


def hull_firer(d: dict) -> dict:
    """`d` with its firer a vehicle whose 12" x 2" hull, facing east, spans x 4-16 and
    y 23-25 (its centre at (10, 24), where the marine firer of `doc` stands)."""
    d["units"][0] = {"id": "f", "side": "loyal", "unit": "firers", "x": 10, "y": 24,
                     "vehicle": True, "hull": {"w": 12, "h": 2, "facing": 90},
                     "armour": {"front": 12, "side": 12, "rear": 10}, "hp": 3}
    return d


def step_texts(steps: list, clause: str) -> list[str]:
    return [say(st.text) for st in steps if st.clause == clause]


def opt_text(steps: list) -> str:
    return next(say(st.text) for st in steps if st.clause == "OPT")


# -- 1. a firer with a hull measures from its hull's edge -----------------------------------


def test_hh_8_a_hull_firer_allocates_wounds_from_its_hull_edge() -> None:
    # a: 2.50" from the hull's edge (6.25" from its centre); b: 4.50" (5.50" from the centre)
    units = [marine("a", 15.5, 19.87), marine("b", 10, 17.87)]
    effects, steps = run(hull_firer(doc(units, dice=[1, 1, "HIT", 6, 1])))
    assert effects["a"]["hits"] == 1 and effects["b"]["hits"] == 0
    assert effects["a"]["wounds_lost"] == 1 and effects["b"]["wounds_lost"] == 0
    assert any("allocated to a" in t for t in step_texts(steps, "HH-8"))


def test_hh_1_a_hull_firer_sees_from_its_hull_edge() -> None:
    # the wall hides t from the hull's centre, not from its front-left corner (16, 23)
    d = hull_firer(doc([marine("t", 15, 10)], dice=[1, 1, "HIT", 6, 1]))
    d["terrain"] = [{"points": [[4, 18], [13, 18]]}]
    effects, steps = run(d)
    assert effects["t"]["wounds_lost"] == 1
    assert any("f can see t" in t for t in step_texts(steps, "HH-1"))
    d["terrain"] = [{"points": [[4, 18], [17, 18]]}]  # now every line from the hull is cut
    with pytest.raises(IllegalAttack) as e:
        run(d)
    assert e.value.clause == "HH-1" and "cannot see t" in say(e.value.reason)


def test_hh_8_a_hull_firer_gives_cover_from_its_hull_edge() -> None:
    # the area lies across the line from the hull's centre to c, not from the hull's edge
    # nearest c (15, 23); AP 3 denies c's 3+ armour, so no save is left to roll
    d = hull_firer(doc([marine("c", 15, 17)], dice=[1, 1, "HIT", 6], weapon={"ap": 3}))
    d["terrain"] = [{"points": [[10, 19], [12.5, 19], [12.5, 21], [10, 21]], "cover": 4}]
    effects, steps = run(d)
    assert effects["c"]["wounds_lost"] == 1
    assert not any("in cover" in t for t in step_texts(steps, "HH-8"))
    d["units"][1]["x"] = 12  # now the line from the hull's edge (12, 23) crosses the area
    effects, steps = run({**d, "dice": [1, 1, "HIT", 6, 4]})
    assert effects["c"]["saved"] == 1
    assert any("in cover: 4+" in t for t in step_texts(steps, "HH-8"))


# -- 2. a model straddling Mega-blast zones takes the best profile ---------------------------

WEAKER_INSIDE = {"blast": 10, "range": 60, "mega": [[6, 4], [8, 2], [4, None]]}
"""Zones whose profiles do not weaken outward: the middle zone's S8 AP2 is the best."""
S_AND_AP_DISAGREE = {"blast": 10, "range": 60, "mega": [[6, 2], [8, 5], [4, None]]}
"""The inner zone has the better AP, the middle one the higher S."""


def straddling(weapon: dict, dice: list, options: dict | None = None) -> tuple[dict, list]:
    """a under the hole (inner zone only); b, of another unit, 1.97" to 3.23" from the
    centre: it straddles the inner (2.5") and middle (3.5") zones."""
    units = [marine("a", 30, 24), marine("b", 32.6, 24, unit="other")]
    return run(doc(units, dice=dice, weapon=weapon, options=options))


def test_hh_13_a_straddling_model_takes_the_best_profile() -> None:
    # a: inner S6 AP4, To Wound 6, saves on 6; b: middle S8 AP2, To Wound 2, no save left
    effects, steps = straddling(WEAKER_INSIDE, [1, 1, "HIT", 6, 6, 2])
    assert effects["a"]["saved"] == 1 and effects["b"]["wounds_lost"] == 1
    under = next(t for t in step_texts(steps, "HH-13") if t.startswith("Under the marker"))
    assert "a (inner)" in under
    assert ("b (middle: it straddles the inner and middle zones and takes the best, S8 AP2, "
            "the likelier to cost it a Wound)") in under
    assert opt_text(steps) == "Rules as written, every reading at its default"


def test_hh_13_straddle_innermost_option_keeps_the_inner_zone() -> None:
    # b takes the inner S6 AP4: To Wound 2, then its 3+ save fails on a 1
    effects, steps = straddling(WEAKER_INSIDE, [1, 1, "HIT", 6, 6, 2, 1],
                                {"straddle": "innermost"})
    assert effects["b"]["wounds_lost"] == 1
    assert any("b (inner: it straddles the inner and middle zones and takes the innermost)"
               in t for t in step_texts(steps, "HH-13"))


def test_hh_13_when_s_and_ap_disagree_the_option_says_which_is_best() -> None:
    # wounds-more: inner S6 AP2 (5/6 to cost a marine a Wound) over middle S8 AP5 (5/18)
    effects, steps = straddling(S_AND_AP_DISAGREE, [1, 1, "HIT", 6, 2])
    assert effects["a"]["wounds_lost"] == effects["b"]["wounds_lost"] == 1
    assert any("b (inner: it straddles" in t for t in step_texts(steps, "HH-13"))
    # higher-strength: middle S8 AP5; To Wound 2, its 3+ save fails on a 1
    effects, steps = straddling(S_AND_AP_DISAGREE, [1, 1, "HIT", 6, 2, 1],
                                {"straddle": "higher-strength"})
    assert effects["b"]["wounds_lost"] == 1
    assert any("b (middle: it straddles the inner and middle zones and takes the best, "
               "S8 AP5, the higher Strength)" in t for t in step_texts(steps, "HH-13"))


@pytest.mark.parametrize("weapon,option,p", [
    (WEAKER_INSIDE, "wounds-more", 5 / 6), (WEAKER_INSIDE, "higher-strength", 5 / 6),
    (WEAKER_INSIDE, "innermost", 5 / 18), (S_AND_AP_DISAGREE, "wounds-more", 5 / 6),
    (S_AND_AP_DISAGREE, "higher-strength", 5 / 18), (S_AND_AP_DISAGREE, "innermost", 5 / 6)])
def test_hh_13_straddling_odds_equal_the_hand_computed_figure(weapon: dict, option: str,
                                                               p: float) -> None:
    # a 152 mm base (2.99" radius) at the hole; BS 10 scatters it 2" at most, so it always
    # straddles the inner and middle zones (and the outer one, S4 AP-: 1/2 x 1/3 = 1/6).
    # Against T4 3+: S6 AP4 5/6 x 1/3 = 5/18; S8 AP2 5/6; S6 AP2 5/6; S8 AP5 5/6 x 1/3 = 5/18
    d = doc([marine("a", 30, 24, base_mm=152)], bs=10, weapon=weapon,
            options={"straddle": option})
    o = odds(scenarios.load_dict(d))
    assert o.method == "exact"
    assert o.units["a"]["p_destroyed"] == pytest.approx(p, abs=1e-6)


# -- 3. readings facts.md marks uncertain are named options ----------------------------------


def test_hh_1_hole_mm_option_sets_the_hole_diameter() -> None:
    # a 25 mm base (0.49" radius), the hole 0.4" off its centre: a 5 mm hole (0.10" radius)
    # pokes out of it; a 3 mm one (0.06") does not
    d = doc([marine("a", 30, 24, base_mm=25)], dice=[1, 1, "HIT", 6, 1], aim={"x": 30.4, "y": 24})
    with pytest.raises(IllegalAttack) as e:
        run(d)
    assert e.value.clause == "HH-1" and "entirely over the base of a" in say(e.value.reason)
    effects, steps = run({**d, "options": {"hole_mm": 3}})
    assert effects["a"]["wounds_lost"] == 1 and "centre hole: 3 mm across" in opt_text(steps)


def test_hh_13_mega_zones_option_sets_the_zone_radii() -> None:
    # b 1.77" to 3.03" from the centre: it straddles the inner (2.5") and middle zones as
    # diameters of 5", 7" and 10"; in three rings of equal width (1.67", 3.33", 5") it lies
    # in the middle one alone
    mega = {"blast": 10, "range": 60, "mega": [[10, 1], [8, 3], [4, 5]]}
    units = [marine("a", 30, 24), marine("b", 32.4, 24, unit="other")]
    _, steps = run(doc(units, dice=[1, 1, "HIT", 1, 1], weapon=mega))
    assert any("b (inner: it straddles" in t for t in step_texts(steps, "HH-13"))
    assert any('inner 5" S10 AP1, middle 7" S8 AP3, outer 10" S4 AP5' in t
               for t in step_texts(steps, "HH-13"))
    _, steps = run(doc(units, dice=[1, 1, "HIT", 1, 1], weapon=mega,
                       options={"mega_zones": "equal-rings"}))
    assert any("a (inner), b (middle)." in t for t in step_texts(steps, "HH-13"))
    assert any('inner 3.33" S10 AP1, middle 6.67" S8 AP3' in t
               for t in step_texts(steps, "HH-13"))
    assert "zones are: three rings of equal width" in opt_text(steps)


# -- 4. smaller -------------------------------------------------------------------------------


@pytest.mark.parametrize("rule", ["gets_hot", "twin_linked"])
def test_hh_19_a_rule_listed_and_its_field_false_is_refused(rule: str) -> None:
    d = doc([marine("a", 30, 24)], weapon={"rules": [rule], rule: False})
    with pytest.raises(ScenarioError) as e:
        scenarios.load_dict(d)
    assert e.value.path == f"attack.weapon.{rule}" and "rules" in str(e.value)
    scenarios.load_dict(doc([marine("a", 30, 24)], weapon={"rules": [rule], rule: True}))


def test_hh_2_a_refusal_rounds_so_its_words_agree_with_its_verdict() -> None:
    edge = 10 + 32 / 25.4 / 2  # the firer's base edge
    d = doc([marine("a", edge + 19.372, 24)], weapon={"range": 19.37})
    with pytest.raises(IllegalAttack) as e:
        run(d)
    assert say(e.value.reason) == 'the hole is 19.372" away, beyond the 19.37" maximum range'
    d = doc([marine("a", edge + 5.998, 24)], weapon={"min_range": 6})
    with pytest.raises(IllegalAttack) as e:
        run(d)
    assert say(e.value.reason).startswith('the hole is 5.998" away, inside the weapon\'s 6" '
                                     "minimum range")


def test_hh_16_breaching_on_an_ap1_weapon_logs_that_it_changes_nothing() -> None:
    # To Wound 6 reaches Breaching (5+), but the weapon's AP 1 is better than AP 2
    d = doc([marine("a", 30, 24)], dice=[1, 1, "HIT", 6], weapon={"ap": 1, "breaching": 5})
    effects, steps = run(d)
    assert effects["a"]["wounds_lost"] == 1
    assert any("1 Breaching roll (5+) changes nothing: the weapon's AP 1 is better than AP 2"
               in t for t in step_texts(steps, "HH-16"))
