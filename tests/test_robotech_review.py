"""Issue 23, the Robotech review (points 5 to 10): each reading the rules judges found,
forced with scripted dice (or against a hand-computed figure), named after its clause.

The board is test_robotech's: the attacker a1 (blue) at (6, 24) fires east at r1 (30, 24).
"""

from __future__ import annotations

from typing import Any

import pytest
from test_robotech import ALL, GRENADE, MISSILE, OFF, attacker, build, clauses, damage, play, unit

from engine import systems

BEST = {"default": "best"}


def full_damage_chance(s: Any, uid: str, md: int) -> float:
    """The exact chance that unit `uid` takes `md` damage."""
    return systems.odds(s, method="exact").units[uid]["damage"].get(str(md), 0.0)


# -- point 5: a side never reacts against its own attack --------------------------------------


def friendly_under(reactions: dict[str, Any]) -> Any:
    units = [attacker(), unit("r1", 30, 24),
             unit("b2", 32, 24, side="blue", life_is_cheap=True, anti_missile=True)]
    return build(units, weapon=MISSILE, reactions=reactions)


def test_rt_11_a_friendly_mecha_does_not_shoot_its_own_sides_missile_down() -> None:
    res, steps = play(friendly_under(BEST), [3])  # Strike 5: no shoot-down roll for b2
    assert damage(res) == {"a1": 0, "r1": 9, "b2": 4} and res["b2"].reactions == ()
    said = next(st.text for st in steps if st.clause == "RT-11")
    assert said.startswith("No reaction from b2, of the attacker's side")


def test_rt_11_a_friendly_mecha_reacts_when_the_scenario_gives_it_reactions() -> None:
    res, _ = play(friendly_under({**BEST, "b2": "best"}), [3, 6])  # b2's 6 shoots it down
    assert damage(res) == {"a1": 0, "r1": 0, "b2": 0} and res["b2"].reactions == ("shoot-down",)


def test_rt_11_the_odds_of_the_target_count_on_no_friendly_shoot_down() -> None:
    # r1 (no reactions) takes the full 9 only from a direct hit: Strike D6 + 2 >= 5, 4 in 6;
    # a friend's shoot-down would have cut it to 4/6 x 5/6
    s = friendly_under({"default": "best", "r1": OFF})
    assert full_damage_chance(s, "r1", 9) == pytest.approx(4 / 6, abs=1e-6)
