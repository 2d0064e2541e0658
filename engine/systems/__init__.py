"""The rule systems, and the two things the engine does with any of them.

Each system is one module, ``engine.systems.<system>``, providing:

- ``prepare(scenario) -> plan``: what needs no dice, done once per attack (legality,
  which raises `IllegalAttack` before any roll; geometry; who stands where);
- ``run(plan, dice, log) -> outcome``: the rules, step by step, asking `dice` for every
  roll and writing every step to `log` with its clause ID. The outcome is hashable.
  (``play(scenario, dice, log)``, the two in one, is what tests and readers call.)
- ``harm(scenario, outcome) -> tuple[Harm, ...]``: one `Harm` per unit, in unit order.
- ``effects(scenario, outcome) -> dict[str, dict]``: per unit id, what happened (JSON).
- optionally ``marginals(scenario, budget, plan=None) -> Marginals``: the exact harm of
  every block of coupled units (`engine.odds.fold_blocks`: shared events enumerated once,
  each block's own rolls folded per block), built from the same rule functions as `play`,
  checking `budget` (`engine.enumeration.Budget`) as it grows, from `plan` when the caller has
  prepared it; the generic enumeration of `play` is the reference it must agree with;
- (being retired) ``exact(scenario) -> Distribution[tuple[Harm, ...]]``, the joint harm
  distribution of every unit, for a system without `marginals` yet;
- optionally ``unit_figures(scenario, index, dist) -> dict``: figures of one unit beyond
  the common ones, from its marginal `dist` of `Harm` (BattleTech record sheets);
- optionally ``groups(scenario) -> dict[str, list[int]]`` (unit indices per group) and
  ``landing(scenario) -> list[dict]`` (where the marker lands, for the odds overlay).

`resolve` runs the rules once with seeded or scripted dice (or any `Dice`: the player's
own, entered one at a time) and refuses scripted dice it did not use; `odds` runs them
over every dice outcome, or, where the tree is past its budget (counts, never a clock),
samples them until a precision target or a count of runs, and says which. Plans are
values held by the caller, never remembered by a module: the engine keeps no global state.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from engine.dice import Dice, ScriptedDice, SeededDice
from engine.enumeration import Budget, Distribution, TooManyOutcomes, enumerate_outcomes
from engine.errors import NotImplementedYet
from engine.log import Log, Resolution, SilentLog
from engine.montecarlo import FIRST_CHECK, Sample, estimate
from engine.odds import (
    Marginals,
    Odds,
    Outcome,
    blocks_of,
    expected_damage,
    partition,
    reported,
    summarize,
)
from engine.scenario import Scenario
from engine.words import Msg, msg

SYSTEMS = ("robotech", "heresy", "battletech")
DEFAULT_SEED = 1
DEFAULT_TRIALS = 200_000
"""The cap of Monte Carlo runs; a run usually stops earlier, at the precision."""
DEFAULT_PRECISION = 0.01
"""Monte Carlo stops once every reported probability is within +/- this (95 %)."""
UNIT_RUNS = 1_000_000
"""The fallback of ``auto`` odds runs at most this many unit-runs (runs times the units on
the board, what one run looks at), and never fewer than `FIRST_CHECK` runs: a count from
the scenario alone, so that a 500-unit board answers in seconds and every machine gives
the same figures."""


def rules_of(system: str) -> ModuleType:
    """The module implementing `system` (`NotImplementedYet` for a system it lacks)."""
    if system not in SYSTEMS:
        raise NotImplementedYet(f"no rules for the system {system!r}")
    return importlib.import_module(f"engine.systems.{system}")


def dice_for(scenario: Scenario, seed: int | None = None) -> tuple[Dice, int | None]:
    """The dice a resolution uses: `seed` if given, else the scenario's scripted dice,
    else the scenario's seed, else `DEFAULT_SEED`. Returns the dice and the seed used."""
    if seed is None and scenario.dice is not None:
        return ScriptedDice(scenario.dice), None
    if seed is None:
        seed = scenario.seed if scenario.seed is not None else DEFAULT_SEED
    return SeededDice(seed), seed


def resolve(scenario: Scenario, seed: int | None = None, *,
            dice: Dice | None = None) -> Resolution:
    """Resolve the scenario's attack once, step by step, with `dice` if given, else the
    dice of `dice_for`. Scripted results the rules did not ask for are a `DiceError`
    saying how many were left (a demo whose dice no longer fit its story fails loudly)."""
    rules = rules_of(scenario.system)
    if dice is None:
        dice, used = dice_for(scenario, seed)
    else:
        used = dice.seed if isinstance(dice, SeededDice) else None
    log = Log(dice)
    outcome = runner(scenario)(dice, log)
    dice.check_all_used()
    return Resolution(scenario.system, used, dict(scenario.options), tuple(log.steps),
                      rules.effects(scenario, outcome))


def runner(scenario: Scenario, plan: Any = None) -> Callable[[Dice, Log], Any]:
    """The scenario's attack as a function of (dice, log), prepared once (or from the
    system's `plan` of it); illegal attacks raise here, before any roll."""
    rules = rules_of(scenario.system)
    plan = rules.prepare(scenario) if plan is None else plan
    return lambda dice, log: rules.run(plan, dice, log)


def sampler(scenario: Scenario, plan: Any = None) -> Callable[[Dice], Outcome]:
    """One silent run of the rules reduced to the harm per unit, as a function of the
    dice (Monte Carlo and the generic enumeration run it many times)."""
    rules = rules_of(scenario.system)
    run = runner(scenario, plan)
    silent = SilentLog()
    return lambda dice: rules.harm(scenario, run(dice, silent))


def groups_of(scenario: Scenario) -> dict[str, list[int]]:
    """The scenario's groups of units (unit indices per group name), if its system has any."""
    rules = rules_of(scenario.system)
    return rules.groups(scenario) if hasattr(rules, "groups") else {}


def joint(scenario: Scenario, budget: int | Budget = 250_000) -> Distribution[Outcome]:
    """The generic enumeration: `play` over every dice path, the joint harm of all units
    (the reference the systems' own exact code must agree with; raises `TooManyOutcomes`
    past `budget` paths)."""
    return enumerate_outcomes(sampler(scenario), budget=budget)


def exact(scenario: Scenario, budget: Budget | None = None, plan: Any = None) -> Marginals:
    """The exact harm of every block of coupled units (raises `TooManyOutcomes` past
    `budget`, by default `Budget()`), from the system's `plan` of the attack if given."""
    rules = rules_of(scenario.system)
    budget = budget or Budget()
    if hasattr(rules, "marginals"):
        marginals: Marginals = rules.marginals(scenario, budget, plan)
        return marginals
    blocks = partition(len(scenario.units), groups_of(scenario))
    dist = rules.exact(scenario) if hasattr(rules, "exact") else joint(scenario, budget)
    return blocks_of(dist, blocks)


def readings(groups: dict[str, list[int]]) -> Callable[[Outcome], tuple[int, ...]]:
    """The integer figures the odds report of one outcome (per unit hits, damage,
    destroyed; per group hits and models removed): what Monte Carlo's precision watches."""
    members = list(groups.values())

    def read(outcome: Outcome) -> tuple[int, ...]:
        per_unit = tuple(v for h in outcome for v in (h.hits, h.damage, int(h.destroyed)))
        return per_unit + tuple(v for idx in members for v in (
            sum(outcome[i].hits for i in idx), sum(outcome[i].destroyed for i in idx)))

    return read


def odds(scenario: Scenario, *, method: str = "auto", trials: int = DEFAULT_TRIALS,
         seed: int = 0, precision: float | None = None, seconds: float | None = None,
         budget: Budget | None = None, plan: Any = None, landing: bool = True,
         start: Sample[Any] | None = None) -> Odds:
    """The odds of every outcome for every unit.

    `method` is ``"exact"``, ``"monte-carlo"`` or ``"auto"``: exact within `budget` (by
    default `Budget()`: counts, so the answer depends on the scenario alone), falling back
    to Monte Carlo when it is out of reach, and saying so. Monte Carlo runs until every
    reported probability is within +/- `precision` (95 %), or `trials` runs, or (only
    when asked for) `seconds`, whichever comes first, and records which. Left unset, the
    fallback of ``"auto"`` stops at `DEFAULT_PRECISION` or at `fallback_trials`, and
    ``"monte-carlo"`` asked for by name runs its `trials` (0 lifts a limit). `plan`: the
    system's plan of the attack, if the caller has prepared it; without `landing`, where
    the markers land is left out (Best aim's candidates, engine/aim.py). `start`: the
    `Odds.sample` of an earlier ``"monte-carlo"`` call with the same seed and fewer
    `trials`, to go on from (`engine.montecarlo.estimate`).
    """
    rules = rules_of(scenario.system)
    if plan is None:  # one plan for both: Monte Carlo reuses what exact kept
        plan = rules.prepare(scenario)
    ids = [u.id for u in scenario.units]
    groups = groups_of(scenario)
    lands = rules.landing(scenario) if landing and hasattr(rules, "landing") else []
    why: Msg | None = None
    if method != "monte-carlo":
        try:
            marginals = exact(scenario, budget or Budget(), plan)
        except TooManyOutcomes as e:
            if method == "exact":
                raise
            why = too_large(e)
        else:
            units, group_figs = summarize(marginals, ids, groups)
            _add_unit_figures(rules, scenario, marginals, units)
            return Odds("exact", None, units, group_figs, lands)
        precision = DEFAULT_PRECISION if precision is None else precision
        trials = min(trials, fallback_trials(scenario))
    sample = estimate(sampler(scenario, plan), trials, seed, seconds=seconds or None,
                      precision=precision or None, readings=readings(groups), start=start)
    blocks = blocks_of(sample.distribution, partition(len(ids), groups))
    units, group_figs = summarize(blocks, ids, groups, sample)
    _add_unit_figures(rules, scenario, blocks, units)
    note = monte_carlo_note(sample, precision, seconds)
    return Odds("monte-carlo", sample.trials, units, group_figs, lands,
                note if why is None else msg("render.mc.after_exact", why=why, note=note),
                sample.stop, sample.half_width, sample)


def damage_bound(scenario: Scenario, budget: Budget, plan: Any = None) -> dict[str, float] | None:
    """Per unit id, a figure its exact ``expected_damage`` never exceeds, from the system's
    ``bound`` (an attack whose harm dominates it, exact within `budget`), or None where
    the system has none for this attack."""
    rules = rules_of(scenario.system)
    marginals = rules.bound(scenario, budget, plan) if hasattr(rules, "bound") else None
    if marginals is None:
        return None
    units, _ = summarize(marginals, [u.id for u in scenario.units], {})
    return {u: float(figures["expected_damage"]) for u, figures in units.items()}


def damage_ceiling(scenario: Scenario, budget: Budget, plan: Any = None
                   ) -> dict[str, float] | None:
    """Per unit id, a figure its exact ``expected_damage`` never exceeds whatever the
    reactions, from the system's ``ceiling`` (cheaper than `damage_bound`, and looser), or
    None where the system has none."""
    rules = rules_of(scenario.system)
    if not hasattr(rules, "ceiling"):
        return None
    figures = rules.ceiling(scenario, budget, plan)
    return {u.id: reported(f) for u, f in zip(scenario.units, figures, strict=True)}


def unit_damages(scenario: Scenario, budget: Budget, plan: Any = None, rough: bool = False
                 ) -> Callable[[int], float] | None:
    """Each unit's exact ``expected_damage`` on its own (by index, the figure `odds`
    reports), from the system's ``unit_blocks`` (exact within `budget`, each unit's work
    kept in its store, so the attack's whole odds reuse it), or None where the system
    cannot work out one unit without the others. `rough`: a cheaper figure, never below
    the exact one wherever the system's ``bound`` has one (its ``unit_blocks``' rough)."""
    rules = rules_of(scenario.system)
    blocks = (rules.unit_blocks(scenario, budget, plan, rough=rough)
              if hasattr(rules, "unit_blocks") else None)
    if blocks is None:
        return None
    return lambda index: expected_damage(blocks(index).harm_of(0))


def fallback_trials(scenario: Scenario) -> int:
    """The cap of runs of ``auto`` odds' Monte Carlo for this scenario (`UNIT_RUNS`)."""
    return max(FIRST_CHECK, UNIT_RUNS // max(1, len(scenario.units)))


def _add_unit_figures(rules: ModuleType, scenario: Scenario, marginals: Marginals,
                      units: dict[str, dict[str, Any]]) -> None:
    """The system's own per-unit figures (``unit_figures``), beside the common ones."""
    if not hasattr(rules, "unit_figures"):
        return
    for block in marginals:
        for pos, i in enumerate(block.units):
            dist = block.harm_of(pos)
            units[scenario.units[i].id].update(rules.unit_figures(scenario, i, dist))


def monte_carlo_note(sample: Sample[Any], precision: float | None,
                     seconds: float | None) -> Msg:
    """What a Monte Carlo run did and why it stopped, in one sentence (its figures depend
    on the scenario and the seed alone, but for a time limit asked for)."""
    if sample.stop == "precision":
        reason = msg("render.mc.precision", precision=precision)
    elif sample.stop == "time":
        reason = msg("render.mc.time", seconds=seconds)
    else:
        reason = msg("render.mc.trials")
    return msg("render.mc.note", trials=sample.trials, reason=reason,
               half_width=sample.half_width)


def too_large(error: TooManyOutcomes) -> Msg:
    """Why exact odds were out of reach: "exact enumeration too large (more than 10,000,000
    steps)", in the reader's words."""
    return msg("render.mc.too_large", limit=error.limit)
