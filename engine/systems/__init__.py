"""The rule systems, and the two things the engine does with any of them.

Each system is one module, ``engine.systems.<system>``, providing:

- ``prepare(scenario) -> plan``: what needs no dice, done once per attack (legality,
  which raises `IllegalAttack` before any roll; geometry; who stands where);
- ``run(plan, dice, log) -> outcome``: the rules, step by step, asking `dice` for every
  roll and writing every step to `log` with its clause ID. The outcome is hashable.
  (``play(scenario, dice, log)``, the two in one, is what tests and readers call.)
- ``harm(scenario, outcome) -> tuple[Harm, ...]``: one `Harm` per unit, in unit order.
- ``effects(scenario, outcome) -> dict[str, dict]``: per unit id, what happened (JSON).
- optionally ``marginals(scenario, budget) -> Marginals``: the exact harm of every block
  of coupled units (`engine.odds.fold_blocks`: shared events enumerated once, each
  block's own rolls folded per block), built from the same rule functions as `play`, and
  checking `budget` (`engine.dice.Budget`) as it grows; the generic enumeration of
  `play` is the reference it must agree with;
- (being retired) ``exact(scenario) -> Distribution[tuple[Harm, ...]]``, the joint harm
  distribution of every unit, for a system without `marginals` yet;
- optionally ``unit_figures(scenario, index, dist) -> dict``: figures of one unit beyond
  the common ones, from its marginal `dist` of `Harm` (BattleTech record sheets);
- optionally ``groups(scenario) -> dict[str, list[int]]`` (unit indices per group) and
  ``landing(scenario) -> list[dict]`` (where the marker lands, for the odds overlay).

`resolve` runs the rules once with seeded or scripted dice; `odds` runs them over every
dice outcome (or samples them where the tree is too large, and says so). Plans are values
held by the caller, never remembered by a module: the engine keeps no global state.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from engine.dice import (
    Budget,
    Dice,
    Distribution,
    ScriptedDice,
    SeededDice,
    TooManyOutcomes,
    enumerate_outcomes,
    estimate,
)
from engine.errors import NotImplementedYet
from engine.log import Log, Resolution, SilentLog
from engine.odds import Marginals, Odds, Outcome, blocks_of, partition, summarize
from engine.scenario import Scenario

SYSTEMS = ("robotech", "heresy", "battletech")
DEFAULT_SEED = 1
DEFAULT_TRIALS = 200_000


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


def resolve(scenario: Scenario, seed: int | None = None) -> Resolution:
    """Resolve the scenario's attack once, step by step (see `dice_for` for the dice)."""
    rules = rules_of(scenario.system)
    dice, used = dice_for(scenario, seed)
    log = Log(dice)
    outcome = runner(scenario)(dice, log)
    return Resolution(scenario.system, used, dict(scenario.options), tuple(log.steps),
                      rules.effects(scenario, outcome))


def runner(scenario: Scenario) -> Callable[[Dice, Log], Any]:
    """The scenario's attack as a function of (dice, log), prepared once; illegal attacks
    raise here, before any roll."""
    rules = rules_of(scenario.system)
    plan = rules.prepare(scenario)
    return lambda dice, log: rules.run(plan, dice, log)


def sampler(scenario: Scenario) -> Callable[[Dice], Outcome]:
    """One silent run of the rules reduced to the harm per unit, as a function of the
    dice (Monte Carlo and the generic enumeration run it many times)."""
    rules = rules_of(scenario.system)
    run = runner(scenario)
    silent = SilentLog()
    return lambda dice: rules.harm(scenario, run(dice, silent))


def groups_of(scenario: Scenario) -> dict[str, list[int]]:
    """The scenario's groups of units (unit indices per group name), if its system has any."""
    rules = rules_of(scenario.system)
    return rules.groups(scenario) if hasattr(rules, "groups") else {}


def joint(scenario: Scenario, budget: int = 250_000) -> Distribution[Outcome]:
    """The generic enumeration: `play` over every dice path, the joint harm of all units
    (the reference the systems' own exact code must agree with; raises `TooManyOutcomes`)."""
    return enumerate_outcomes(sampler(scenario), budget=budget)


def exact(scenario: Scenario, budget: Budget | None = None) -> Marginals:
    """The exact harm of every block of coupled units (raises `TooManyOutcomes` past
    `budget`, by default `Budget()`)."""
    rules = rules_of(scenario.system)
    budget = budget or Budget()
    if hasattr(rules, "marginals"):
        return rules.marginals(scenario, budget)
    blocks = partition(len(scenario.units), groups_of(scenario))
    dist = rules.exact(scenario) if hasattr(rules, "exact") else joint(scenario, budget.states)
    return blocks_of(dist, blocks)


def odds(scenario: Scenario, *, method: str = "auto", trials: int = DEFAULT_TRIALS,
         seed: int = 0) -> Odds:
    """The odds of every outcome for every unit.

    `method` is ``"exact"``, ``"monte-carlo"`` or ``"auto"`` (exact, falling back to
    Monte Carlo with `trials` runs when the outcome tree is too large, and saying so).
    """
    rules = rules_of(scenario.system)
    ids = [u.id for u in scenario.units]
    groups = groups_of(scenario)
    landing = rules.landing(scenario) if hasattr(rules, "landing") else []
    note = ""
    if method != "monte-carlo":
        try:
            marginals = exact(scenario)
        except TooManyOutcomes as e:
            if method == "exact":
                raise
            note = f"exact enumeration too large ({e}); Monte Carlo with {trials} runs"
        else:
            units, group_figs = summarize(marginals, ids, groups)
            _add_unit_figures(rules, scenario, marginals, units)
            return Odds("exact", None, units, group_figs, landing)
    sample = estimate(sampler(scenario), trials, seed)
    blocks = blocks_of(sample.distribution, partition(len(ids), groups))
    units, group_figs = summarize(blocks, ids, groups, sample)
    _add_unit_figures(rules, scenario, blocks, units)
    return Odds("monte-carlo", trials, units, group_figs, landing, note)


def _add_unit_figures(rules: ModuleType, scenario: Scenario, marginals: Marginals,
                      units: dict[str, dict[str, Any]]) -> None:
    """The system's own per-unit figures (``unit_figures``), beside the common ones."""
    if not hasattr(rules, "unit_figures"):
        return
    for block in marginals:
        for pos, i in enumerate(block.units):
            dist = block.dist.map(lambda o, pos=pos: o[pos])
            units[scenario.units[i].id].update(rules.unit_figures(scenario, i, dist))
