"""Stage 1 of Robotech's exact odds (`robotech.odds`): each missile on its own, its Strike
and where it comes down (RT-1, RT-12 to RT-17, RT-20's one template), enumerated from the
very functions `play` runs and kept in the `Budget`'s store by the aim, so that missiles,
and the candidates of a Best aim ranking, aimed alike share them."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from engine.enumeration import Budget, Distribution, enumerate_outcomes
from engine.geometry import Point
from engine.log import SilentLog
from engine.systems.robotech.legality import units_under
from engine.systems.robotech.scatter import scatter, scattered_hit
from engine.systems.robotech.stages import Aim, Landing, Plan, Record, Strike
from engine.systems.robotech.strikes import direct_hit, strike


def flight(plan: Plan, aim: Aim, budget: Budget) -> Distribution[tuple[bool, Landing]]:
    """One missile alone: (did it miss its Strike, where and how it landed), stage by
    stage as `land` composes them: the Strike; on a hit the template on the target
    (`direct_hit`), on a miss the scatter and new Strike (`scattered`), computed once for
    every missing face."""
    silent = SilentLog()
    missed = scattered(plan, aim, False, budget).map(lambda landed: (True, landed))

    def landed(roll: Strike) -> Distribution[tuple[bool, Landing]]:
        if not roll.hits_point():
            return missed
        return Distribution.certain((False, Landing(aim.centre,
                                                    direct_hit(plan, aim, roll, silent))))

    return enumerate_outcomes(lambda d: strike(plan, aim, d, silent)).bind(landed)


def scattered(plan: Plan, aim: Aim, whole: bool, budget: Budget) -> Distribution[Landing]:
    """RT-12 to RT-16 (`whole`: RT-20's one template): where a missed template comes down
    (`scatter`), then what its new Strike does there (`scattered_hit`), each point
    enumerated once. Kept in `budget`'s store by the aim: RT-20's one template lands
    and strikes as a missile's own scatter from the same aim unless everything it strikes
    takes the full MD (``volley_miss_damage`` "full"), so the two are made once."""
    full = whole and plan.options["volley_miss_damage"] == "full"
    return budget.memo(("robotech.scattered", replace(aim, index=0), full),
                       partial(landings, plan, aim, full,
                               budget.memo(("robotech.struck", full), dict)))


def landings(plan: Plan, aim: Aim, whole: bool,
             struck: dict[tuple[int, ...], Distribution[Record]]) -> Distribution[Landing]:
    """The landings that `scattered` keeps, made. What the new Strike does depends on the
    units under the template, not on where it stands nor on the aim, so its faces are
    rolled once per set of units under it (most points of a scatter cover the same few,
    or none), kept in `struck` for every aim that scatters there."""
    silent = SilentLog()
    centres = enumerate_outcomes(lambda d: scatter(plan, aim, d, silent, whole))

    def landed(c: Point) -> Distribution[Landing]:
        under = tuple(units_under(plan.circles, c))
        if under not in struck:
            struck[under] = enumerate_outcomes(
                lambda d: scattered_hit(plan, aim, c, d, silent, whole, under))
        return struck[under].map(lambda record: Landing(c, record))

    return centres.bind(landed)


def single_scatter(plan: Plan, budget: Budget) -> Distribution[Landing]:
    """RT-20: the one template a whole-volley miss scatters from the first target (as
    `land_whole_miss` does)."""
    return scattered(plan, plan.aims[0], True, budget)


def flights(plan: Plan, budget: Budget) -> list[Distribution[tuple[bool, Landing]]]:
    """Every missile's own distribution, kept in `budget`'s store by its aim (the missile's
    number only names it in the log), so that missiles, and candidates, aimed alike share
    it."""
    return [budget.memo(("robotech.flight", replace(a, index=0)),
                        partial(flight, plan, a, budget)) for a in plan.aims]
