"""Where to aim (issue 16): every legal aim of the scenario's attack, ranked by its exact odds.

Every candidate of `engine.candidates` is scored, kept only if the system's `prepare`
accepts it (`legal`). Aims at a table point are then refined: in the coarse grid's cells
around the `REFINE` best, the points of the finer grid are tried too.

Scores come from `engine.systems.odds` with exact odds (a candidate whose exact odds are
out of reach is left out, and counted). When exact odds are out of reach of every legal
aim tried (a 6-missile volley into ten mecha, three Mega-blasts over thirty models), the
ranking is **estimated** instead (`Ranking.estimated`), as ``auto`` odds fall back: the same
search scored by seeded Monte Carlo (`estimate_runs`), then the best re-run with more runs,
round by round (`_narrow`), each score with its 95 % margin (`Scored.margin`). The seed is
fixed (`ESTIMATE_SEED`), so an estimated ranking too depends on the scenario alone. The
`objective` is one of `engine.objectives` (expected enemy damage by default).

Beside it stand the friendly losses: expected friendly damage and expected friendly units
destroyed, and `friendly_risk`. **Friendly risk** is the sum over the firing side's own
units (the firer included) of each unit's chance of being hit at all (`p_hit`), capped at
1: the union bound on the chance that at least one friendly unit is hit, never less than
that chance (the odds are per unit, so the exact chance of "any" is not available), and
equal to it when at most one friendly unit can be hit. A limit on it
(``friendly_risk=0.05``: "no more than 5 % chance to hit my own models") keeps only the
aims within it.

**Shared work** (issue 24). The candidates of one ranking differ only in their aim, and
share what does not depend on it: the scenario's board and units, parsed once (a
candidate parses its attack alone, `scenario.with_attack`), one prepared plan per candidate
for both its legality and its odds (no landing overlay computed for a candidate), and one
`engine.shared.Shared` store for every candidate's exact odds, where a system's odds may
keep what they compute by keys naming what the value depends on (`Budget.memo`): a
refined candidate then finds there what its parent computed that it needs again. A
reused value is charged at its cost, so each candidate's odds are exact exactly when they
would be alone; the ranking's `Allowance` counts the work really done.
"""

from __future__ import annotations

import bisect
import contextlib
import math
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from engine import scenario as scenarios
from engine import systems
from engine.candidates import (
    CANDIDATES,
    COMBINED,
    SPLITS_MAX,
    Aim,
    enemy_units,
    every_split,
    firing_side,
    present,
    split_moves,
)
from engine.enumeration import STEPS, Budget, TooManyOutcomes
from engine.errors import ScatterlabError
from engine.montecarlo import Z95
from engine.objectives import check_objective, objective_value, spread
from engine.odds import Odds
from engine.ranking import TOP, Ranking, Scored, contenders
from engine.shared import Shared

REFINE = 3
"""How many of the best first candidates are refined (and as many of the best within the
friendly-risk limit)."""
AIM_STEPS = 150_000_000
"""The steps of work (`engine.enumeration.Budget`) the exact odds of every candidate of one
ranking may take together (each at most the `STEPS` of `odds`); past them the candidates
left are out of reach. A count, so the ranking depends on the scenario alone, never on
the machine's speed."""
REACH_MISSES = 1
"""Once this many candidates are out of reach of exact odds with none in reach before
them, the candidates left are untried (and the ranking estimated): the aims of one attack
cost alike, so a second miss only confirmed the first, at its price (on the Derringer
volley into ten mecha, 3.3 s of the ranking's 8.8 s)."""
REACH_STEPS = 20_000_000
"""The steps of the allowance that candidates out of reach of exact odds may spend in all
(two candidates' worth of `STEPS`): past them the candidates left are untried, since on a
board where exact odds cost that much the next candidate would cost as much (a 500-unit
Derringer volley spent 3.5 s on each of 15 candidates before the allowance ran out)."""
MAX_CANDIDATES = 2_000
"""At most this many candidates are tried in one ranking (the first ones and their
refinements, in order); the others are counted untried."""
UNIT_CANDIDATES = 50_000
"""At most this many candidates times units on the board are tried (legal or not: each
is checked by the rules over the whole board) in one ranking, so that a 500-unit board
tries 100 and stays quick; never more than `MAX_CANDIDATES`."""
ESTIMATE_RUNS = (50, 200, 600)
"""Monte Carlo runs per aim of an estimated ranking, round by round: every candidate of the
search, then of the best `ESTIMATE_KEEP`-th of them (at least `TOP`) those that may still be
among the `TOP` best (`ranking.contenders`), then the `TOP` best, each
round going on from the aim's earlier runs (six missiles into ten mecha: about 25 ms per
100 runs in CPython; three Mega-blasts over thirty models: 50 ms)."""
BOUND_SLACK = 1e-9
"""An aim is pruned only when its bound is below the floor by more than this (float
rounding of figures that may be equal)."""
ESTIMATE_UNITS = 60
"""Past this many units on the board, each round of an estimated ranking runs fewer times
(`estimate_runs`): a Monte Carlo run costs about in proportion to the units the rules look
at, and a 500-unit board's 100 candidates at `ESTIMATE_RUNS` took 27 to 37 s."""
ESTIMATE_KEEP = 4
"""Each round of an estimated ranking re-runs this fraction of the aims of the last one."""
ESTIMATE_SEED = 1
"""The seed of every estimated score: each aim meets the same dice stream."""


Prepared = tuple[scenarios.Scenario, Any]
"""A candidate's scenario and the system's plan of its attack (`prepare`'s)."""
LegalAim = tuple[Aim, scenarios.Scenario, Any]
"""A legal aim with what `legal` prepared for it."""


def legal(base: scenarios.Scenario, aim: Aim) -> Prepared | None:
    """The scenario `base` with `aim` and its plan, if it is valid and the rules accept
    the attack (the plan is the one its odds start from). Only the attack is parsed again
    (`scenario.with_attack`)."""
    try:
        s = scenarios.with_attack(base, aim.apply(base.data)["attack"])
        plan = systems.rules_of(s.system).prepare(s)
    except ScatterlabError:
        return None
    return s, plan


def score(s: scenarios.Scenario, aim: Aim, objective: str = "damage",
          budget: Budget | None = None, plan: Any = None, runs: int | None = None,
          start: Odds | None = None) -> Scored:
    """An aim's exact figures within `budget` (raises `TooManyOutcomes` where they are out
    of reach), or with `runs` its Monte Carlo estimate (`ESTIMATE_SEED`) and margin, going
    on from the runs of `start` (an estimate of the same aim with fewer), from the
    system's `plan` of the attack if prepared; its odds leave out where the markers
    land."""
    side = firing_side(s.data)
    odds = (systems.odds(s, method="exact", budget=budget, plan=plan, landing=False)
            if runs is None else
            systems.odds(s, method="monte-carlo", trials=runs, seed=ESTIMATE_SEED, plan=plan,
                         landing=False, start=None if start is None else start.sample))
    enemies = {u["id"] for u in enemy_units(s.data)}
    friends = [u.id for u in s.units if str(u.side) == side]
    groups = {name: [s.units[i].id for i in idx]
              for name, idx in systems.groups_of(s).items()}
    value = objective_value(odds, enemies, objective, groups)
    margin = 0.0 if runs is None else (
        Z95 * spread(odds, enemies, objective, value, [u.id for u in s.units])
        / math.sqrt(runs))
    return Scored(aim, value,
                  math.fsum(odds.units[u]["expected_damage"] for u in enemies),
                  math.fsum(odds.units[u]["p_destroyed"] for u in enemies),
                  math.fsum(odds.units[u]["expected_damage"] for u in friends),
                  math.fsum(odds.units[u]["p_destroyed"] for u in friends),
                  min(1.0, math.fsum(odds.units[u]["p_hit"] for u in friends)), odds, margin)


def estimate_runs(units: int) -> tuple[int, ...]:
    """The runs of each round of an estimated ranking on a board of `units` units:
    `ESTIMATE_RUNS`, shrunk in proportion past `ESTIMATE_UNITS` units (a 500-unit board:
    6, 24 and 72), so that its Monte Carlo costs about what a 60-unit board's does; every
    round still runs more than the one before. The margins shown grow to match."""
    scale = min(1.0, ESTIMATE_UNITS / max(1, units))
    out: list[int] = []
    for runs in ESTIMATE_RUNS:
        out.append(max(round(runs * scale), out[-1] + 1 if out else 1))
    return tuple(out)


def candidate_count(s: scenarios.Scenario) -> int:
    """How many candidates one ranking of this scenario tries (`UNIT_CANDIDATES`)."""
    return min(MAX_CANDIDATES, UNIT_CANDIDATES // max(1, len(s.units)))


class Allowance:
    """What one ranking may spend, counted: `steps` of work done for every candidate's
    exact odds together (each within the `STEPS` of `odds`, what it would spend alone, so
    a candidate is exact exactly when its scenario's odds are; those out of reach within
    `reach` of them), `candidates` tried and the `shared` store of their work.
    `progress`, if given, is told the count of candidates tried after each one. Once
    `estimate` is called, candidates are scored by Monte Carlo with `runs` runs, which
    spend no steps; an aim scored again with more goes on from its earlier runs (the same
    seed's stream: the figures of one run of that many)."""

    def __init__(self, steps: int = AIM_STEPS, candidates: int = MAX_CANDIDATES,
                 progress: Callable[[int], None] | None = None,
                 reach: int = REACH_STEPS) -> None:
        self.steps = steps
        self.reach = reach
        self.candidates = candidates
        self.progress = progress
        self.tried = 0
        self.untried = 0
        self.shared = Shared()
        self.prepared: dict[str, Prepared | None] = {}
        """Each candidate's `legal` by its key: an estimated ranking's search, and its
        later rounds, try the same candidates again (on a 500-unit board each costs
        about 40 ms)."""
        self.keep = 0
        self.limit: float | None = None
        self.values: list[float] = []
        """The exact values of the aims scored within the friendly-risk `limit`, sorted."""
        self.bounded = 0
        self.runs: int | None = None
        self.estimates: dict[str, Odds] = {}
        """Each aim's latest estimate, by its key: a later round goes on from its runs."""
        self.missed = 0
        self.found = 0

    def spent(self) -> bool:
        """Whether nothing is left: the candidates that follow are untried."""
        return self.tried >= self.candidates or self.exhausted()

    def exhausted(self) -> bool:
        """Whether no exact odds are left to spend: the legal aims that follow are untried."""
        return self.runs is None and (
            self.steps <= 0 or self.reach <= 0 or self.missed >= REACH_MISSES > self.found)

    def prune(self, keep: int, limit: float | None) -> None:
        """From now on, skip an aim whose expected enemy damage cannot reach the `keep`-th
        best found within the friendly-risk `limit` (`below`)."""
        self.keep, self.limit = keep, limit

    def bound(self, s: scenarios.Scenario, plan: Any) -> dict[str, float] | None:
        """Per enemy unit, a figure its expected damage under this aim never exceeds (the
        system's `systems.damage_bound`, exact within the steps left and charged like its
        odds), or None where there is none."""
        bounds = self.enemy_figures(systems.damage_bound, s, plan)
        return None if bounds is None else {u["id"]: bounds[u["id"]] for u in enemy_units(s.data)}

    def ceiling(self, s: scenarios.Scenario, plan: Any) -> float:
        """A figure the aim's expected enemy damage never exceeds, whatever the reactions
        (`systems.damage_ceiling`, looser than `bound` and cheaper), charged like it;
        infinity where there is none."""
        figures = self.enemy_figures(systems.damage_ceiling, s, plan)
        return math.inf if figures is None else math.fsum(
            figures[u["id"]] for u in enemy_units(s.data))

    def enemy_figures(self, figures: Callable[[scenarios.Scenario, Budget, Any],
                                              dict[str, float] | None],
                      s: scenarios.Scenario, plan: Any) -> dict[str, float] | None:
        """Per unit, the figures of `systems.damage_bound` or `damage_ceiling` for this aim,
        made within the steps left and charged like its odds (the work done, not what was
        reused); None where the system has none or they are out of reach."""
        budget = Budget(steps=min(STEPS, self.steps), seconds=math.inf, shared=self.shared)
        try:
            return figures(s, budget, plan)
        except TooManyOutcomes:
            return None
        finally:
            self.steps -= budget.spent - budget.reused

    def pruning(self) -> bool:
        """Whether an aim may be bounded now: exact odds are being computed, and as many aims
        as the ranking shows are scored."""
        return self.runs is None and 0 < self.keep <= len(self.values)

    def below(self, bound: float) -> bool:
        """Whether an aim of this `bound` cannot reach the `keep`-th best value found so far
        within the friendly-risk limit, and so cannot be among the best shown."""
        return self.pruning() and bound < self.values[-self.keep] - BOUND_SLACK

    def estimate(self, runs: int) -> None:
        """From now on, score by Monte Carlo with `runs` runs; the first time, every
        candidate may be tried again (the count of those tried goes on, for `progress`)."""
        if self.runs is None:
            self.candidates += self.tried
            self.untried = 0
        self.runs = runs

    def score(self, s: scenarios.Scenario, aim: Aim, objective: str, plan: Any,
              bounds: dict[str, float] | None = None) -> Scored | None:
        """`score` within what is left, counting the work it did (not what it reused),
        and on `reach` too when the candidate is out of reach; once estimating, the Monte
        Carlo estimate. With the aim's `bounds` per enemy unit, None when its units worked
        out one at a time show that it cannot reach the `keep`-th best (`refuted`)."""
        if self.runs is not None:
            scored = score(s, aim, objective, plan=plan, runs=self.runs,
                           start=self.estimates.get(aim.key()))
            self.estimates[aim.key()] = scored.odds
            return scored
        budget = Budget(steps=min(STEPS, self.steps), seconds=math.inf, shared=self.shared)
        try:
            if bounds is not None and self.refuted(s, plan, bounds, budget):
                return None
            scored = score(s, aim, objective, budget, plan)
        except TooManyOutcomes:
            self.reach -= budget.spent - budget.reused
            self.missed += 1
            raise
        finally:
            self.steps -= budget.spent - budget.reused
        self.found += 1
        if _allowed(scored, self.limit):
            bisect.insort(self.values, scored.value)
        return scored

    def refuted(self, s: scenarios.Scenario, plan: Any, bounds: dict[str, float],
                budget: Budget) -> bool:
        """Whether the aim cannot reach the `keep`-th best value found so far, shown unit
        by unit: the enemy units, the largest bound first, each have a tighter figure put
        in place of their bound, until the sum falls below that value or no unit left
        could lower it (a unit bounded by 0 takes no damage): first their rough bound,
        then their exact expected damage (`systems.unit_damages`, within `budget`, whose
        store the aim's whole odds then reuse)."""
        if not self.pruning():
            return False
        index = {u.id: i for i, u in enumerate(s.units)}
        floor = self.values[-self.keep] - BOUND_SLACK
        order = [u for u in sorted(bounds, key=lambda u: (-bounds[u], u)) if bounds[u] > 0]
        known = dict(bounds)
        for rough in (True, False):
            figure = systems.unit_damages(s, budget, plan, rough)
            if figure is None:
                return False
            for uid in order:
                known[uid] = min(known[uid], figure(index[uid]))
                if math.fsum(known.values()) < floor:
                    return True
        return False

    def legal(self, base: scenarios.Scenario, aim: Aim) -> Prepared | None:
        """`legal`, made once per candidate of the ranking."""
        key = aim.key()
        if key not in self.prepared:
            self.prepared[key] = legal(base, aim)
        return self.prepared[key]

    def try_one(self) -> None:
        """One more candidate tried."""
        self.tried += 1
        if self.progress is not None:
            self.progress(self.tried)


def _rank(base: scenarios.Scenario, aims: Iterable[Aim], objective: str, allowance: Allowance,
          held: list[LegalAim] | None = None) -> tuple[list[Scored], list[Aim], int]:
    """The aims scored; those the rules refuse; how many were out of reach of exact odds
    (those past the `allowance` are counted on it, untried): `_scored` of the legal ones."""
    refused, legal_ones = [], []
    for aim in aims:
        if allowance.spent():
            allowance.untried += 1
            continue
        allowance.try_one()
        prepared = allowance.legal(base, aim)
        if prepared is None:
            refused.append(aim)
        else:
            legal_ones.append((aim, *prepared))
    scored, out_of_reach = _scored(legal_ones, objective, allowance, held)
    return scored, refused, out_of_reach


def _scored(legal_ones: list[LegalAim], objective: str, allowance: Allowance,
            held: list[LegalAim] | None = None) -> tuple[list[Scored], int]:
    """The legal aims scored, and how many were out of reach of exact odds. Ranked by
    expected enemy damage with exact odds, they are scored from the highest bound down;
    once as many aims as the ranking keeps are scored, an aim whose ceiling or bound is
    below the `keep`-th best found is not (`Allowance.below`; the bound is made only when
    the ceiling is not), nor one whose units worked out one at a time show that it cannot
    reach it (`Allowance.refuted`): it is counted `bounded`, or, given `held`, put there
    to be scored again against a later floor."""
    prune = objective == "damage"
    bounds: dict[int, dict[str, float] | None] = {}
    ceilings: dict[int, float] = {}

    def bound_of(i: int) -> dict[str, float] | None:
        """The bound of legal aim `i` once aims may be pruned (made once), else None."""
        if prune and allowance.pruning() and i not in bounds:
            bounds[i] = allowance.bound(*legal_ones[i][1:])
        return bounds.get(i)

    def ceiling_of(i: int) -> float:
        """The ceiling of legal aim `i` once aims may be pruned (made once), else infinity."""
        if prune and allowance.pruning() and i not in ceilings:
            ceilings[i] = allowance.ceiling(*legal_ones[i][1:])
        return ceilings.get(i, math.inf)

    def highest(i: int) -> float:
        """What aim `i` may reach at most, as far as it must be known: the highest first."""
        ceiling = ceiling_of(i)
        return -ceiling if allowance.below(ceiling) else -_total(bound_of(i))

    scored, out_of_reach = [], 0
    for i in sorted(range(len(legal_ones)), key=highest):
        aim, s, plan = legal_ones[i]
        if allowance.exhausted():
            allowance.untried += 1
            continue
        try:
            out = allowance.below(ceiling_of(i)) or allowance.below(_total(bound_of(i)))
            one = None if out else allowance.score(s, aim, objective, plan, bound_of(i))
        except TooManyOutcomes:
            out_of_reach += 1
            continue
        if one is not None:
            scored.append(one)
        elif held is not None:
            held.append(legal_ones[i])
        else:
            allowance.bounded += 1
    return scored, out_of_reach


def _total(bounds: dict[str, float] | None) -> float:
    """An aim's bound on its expected enemy damage (infinity: none)."""
    return math.inf if bounds is None else math.fsum(bounds.values())


def _order(r: Scored) -> tuple[float, float, str]:
    """Best first: the larger value, then the smaller friendly risk, then the aim's key (so
    that the order never depends on the order the aims were scored in)."""
    return (-r.value, r.friendly_risk, r.aim.key())


def _allowed(r: Scored, limit: float | None) -> bool:
    """Whether a scored aim's friendly risk is within the player's `limit` (None: any)."""
    return limit is None or r.friendly_risk <= limit + 1e-12


def _around(scored: list[Scored], limit: float | None, done: set[str]) -> list[Aim]:
    """The aims to refine next: of the `REFINE` best, and of the `REFINE` best within the
    friendly-risk `limit`, those not refined yet."""
    within = [r for r in scored if _allowed(r, limit)]
    return [r.aim for r in scored[:REFINE] + within[:REFINE]
            if r.aim.finer is not None and r.aim.key() not in done]


def _finer(aims: Iterable[Aim], seen: set[str]) -> list[Aim]:
    """The finer candidates of `aims` not tried before (added to `seen`)."""
    out = []
    for a in aims:
        for f in a.finer() if a.finer is not None else ():
            if (k := f.key()) not in seen:
                seen.add(k)
                out.append(f)
    return out


def _climb_splits(base: scenarios.Scenario, doc: dict[str, Any], scored: list[Scored],
                  objective: str,
                  limit: float | None, seen: set[str], allowance: Allowance,
                  held: list[LegalAim] | None = None) -> tuple[list[Scored], list[Aim], int]:
    """RT-17: the best whole volley at one target (within the friendly-risk `limit`; a
    ground point, RT-3, names none and is passed over) split over the enemies near it:
    every way when there are at most `SPLITS_MAX`, else
    one missile at a time (`split_moves`), keeping the best move while it improves the
    objective. Every split tried is scored, or ruled out or `held` (`_scored`). `doc`:
    `base`'s document as the candidates read it (`present`)."""
    volley = int(doc["attack"]["weapon"]["volley"])
    within = [r for r in scored if dict(r.aim.attack).get("targets") and _allowed(r, limit)]
    if not within:
        return [], [], 0
    best = within[0]
    ids = list(dict(best.aim.attack)["targets"])
    ids += [ids[0]] * (volley - len(ids))
    every = [a for a in every_split(doc, ids[0], volley) if a.key() not in seen]
    if len(every) <= SPLITS_MAX:
        seen |= {a.key() for a in every}
        return _rank(base, every, objective, allowance, held)
    tried: list[Scored] = []
    refused: list[Aim] = []
    out_of_reach = 0
    while True:
        moves = [a for a in split_moves(doc, ids) if a.key() not in seen]
        seen |= {a.key() for a in moves}
        more, no, o = _rank(base, moves, objective, allowance, held)
        tried, refused, out_of_reach = tried + more, refused + no, out_of_reach + o
        better = [r for r in more if _allowed(r, limit)]
        if not better:
            break
        top = min(better, key=_order)
        if _order(top)[:2] >= _order(best)[:2]:  # a move that only ties is no better
            break
        best, ids = top, list(dict(top.aim.attack)["targets"])
    return tried, refused, out_of_reach


@contextlib.contextmanager
def _hold_all_but_the_best(allowance: Allowance) -> Iterator[list[LegalAim]]:
    """Within the block, the `allowance` keeps only the best aim (if it keeps any): an aim
    that cannot reach the best found so far is held in the list given, not counted
    `bounded`, for `_scored` to take again once the block has set the values the best
    shown must reach."""
    keep = allowance.keep
    allowance.keep = min(keep, 1)
    try:
        yield []
    finally:
        allowance.keep = keep


def _search(base: scenarios.Scenario, objective: str, limit: float | None,
            allowance: Allowance) -> tuple[list[Scored], int, int]:
    """Every candidate scored, best first, refined around the best again and again until
    the best have nothing finer (a refused candidate that asks for it is refined too);
    then a 40K weapon's shots spread over the best single aims, or a BattleTech turn's
    supports aimed together (`COMBINED`). A Robotech volley is
    split (`_climb_splits`) first, from the best enemy unit to aim at, before the ground
    points of Indirect Fire: its best aims then set early the value that the others'
    bounds must reach (`Allowance.below`). Until the climb is done only the best of them
    is needed, so the others are held while they cannot beat it, and taken again after it
    (`_hold_all_but_the_best`): those that cannot reach the fifth best are then not scored.
    With the count of candidates the rules refuse and of those out of reach of exact
    odds."""
    doc, system = present(base.data), base.system
    first = CANDIDATES[system](doc)
    seen = {a.key() for a in first}
    scored: list[Scored] = []
    refused: list[Aim] = []
    out_of_reach = 0
    if system == "robotech" and int(doc["attack"]["weapon"].get("volley", 1)) > 1:
        at_units = [a for a in first if dict(a.attack).get("targets")]
        first = [a for a in first if not dict(a.attack).get("targets")]
        with _hold_all_but_the_best(allowance) as held:
            scored, refused, out_of_reach = _rank(base, at_units, objective, allowance, held)
            scored.sort(key=_order)
            more, no, o = _climb_splits(base, doc, scored, objective, limit, seen, allowance,
                                        held)
            scored, refused, out_of_reach = scored + more, refused + no, out_of_reach + o
        # the highest bound first, as in any batch (each bound was made above: reused)
        held.sort(key=lambda a: -_total(allowance.bound(a[1], a[2])))
        more, o = _scored(held, objective, allowance)
        scored, out_of_reach = scored + more, out_of_reach + o
    more, no, o = _rank(base, first, objective, allowance)
    scored, refused, out_of_reach = scored + more, refused + no, out_of_reach + o
    done: set[str] = set()
    around = [a for a in refused if a.refine_refused]
    while True:
        scored.sort(key=_order)
        around += _around(scored, limit, done)
        if not around:
            break
        done |= {a.key() for a in around}
        more, no, o = _rank(base, _finer(around, seen), objective, allowance)
        scored, out_of_reach = scored + more, out_of_reach + o
        refused += no
        around = [a for a in no if a.refine_refused and a.key() not in done]
    if system in COMBINED:
        singles = [r.aim for r in scored if _allowed(r, limit)]
        more, no, o = _rank(base, COMBINED[system](doc, singles), objective, allowance)
        scored, refused, out_of_reach = scored + more, refused + no, out_of_reach + o
        scored.sort(key=_order)
    return scored, len(refused), out_of_reach


def _narrow(base: scenarios.Scenario, scored: list[Scored], objective: str, limit: float | None,
            allowance: Allowance, rounds: tuple[int, ...]) -> list[Scored]:
    """An estimated ranking's later rounds (`rounds`, the runs of each: `estimate_runs`):
    of the best `ESTIMATE_KEEP`-th of the aims (at least `TOP`; those within the
    friendly-risk `limit` first) those that may still be among the `TOP` best
    (`ranking.contenders`) re-run with more runs, and in the last round the `TOP` best,
    until they are all run that often; best first. Within what the `allowance` has left."""
    for runs in rounds[1:]:
        last = runs == rounds[-1]
        count = TOP if last else max(TOP, len(scored) // ESTIMATE_KEEP)
        allowance.estimate(runs)
        while True:
            best = sorted(scored, key=lambda r: (not _allowed(r, limit), _order(r)))
            again = [r.aim for r in (best[:count] if last else contenders(best[:count]))
                     if r.odds.trials is not None and r.odds.trials < runs]
            again = again[:max(0, allowance.candidates - allowance.tried)]
            if not again:
                break
            more, _, _ = _rank(base, again, objective, allowance)
            done = {r.aim.key() for r in more}
            scored = [r for r in scored if r.aim.key() not in done] + more
    return sorted(scored, key=_order)


def rank(s: scenarios.Scenario, *, objective: str = "damage",
         friendly_risk: float | None = None, allowance: Allowance | None = None,
         progress: Callable[[int], None] | None = None, keep: int = TOP) -> Ranking:
    """Every legal aim of the scenario's attack, best first by `objective` (ties: the
    smaller friendly risk first), keeping only those whose `friendly_risk` is at most
    the limit given (`_search`). Every candidate's exact odds spend from one `Allowance`
    (by default `AIM_STEPS` and `candidate_count`, telling `progress` the candidates
    tried), so the ranking depends on the scenario alone; where they are out of reach of
    every legal aim tried, the search is run again by Monte Carlo and narrowed
    (`_narrow`, module docstring). Ranked by expected enemy damage, an aim whose bound
    cannot reach the `keep`-th best exact value found before it is not scored (counted
    `bounded`): the best `keep` are those of the whole ranking. The CLI's ``aim`` command
    and the page's "Best aim" call this."""
    check_objective(objective, (u.id for u in s.units))
    allowance = allowance or Allowance(candidates=candidate_count(s), progress=progress)
    allowance.prune(keep, friendly_risk)
    scored, refused, out_of_reach = _search(s, objective, friendly_risk, allowance)
    estimated = not scored and out_of_reach > 0
    rounds = estimate_runs(len(s.units)) if estimated else ()
    if estimated:
        allowance.estimate(rounds[0])
        scored, refused, _ = _search(s, objective, friendly_risk, allowance)
        scored = _narrow(s, scored, objective, friendly_risk, allowance, rounds)
    within = [r for r in scored if _allowed(r, friendly_risk)]
    return Ranking(tuple(within), refused, out_of_reach, len(scored) - len(within),
                   allowance.untried, estimated, allowance.bounded, rounds)


def aimed(s: scenarios.Scenario, aim: Aim) -> scenarios.Scenario:
    """The scenario with the chosen aim written into its attack."""
    return scenarios.load_dict(aim.apply(scenarios.to_dict(s)))
