"""BattleTech Battlefield Support: one side's turn of air strikes and artillery on a hex map.

The authority is shared/seeds/004_68165ec3631e0ecf.txt (Japanese); clause IDs are those of
its English working translation (BT-GEN, BT-RULE, BT-HIDDEN, BT-BLUFF, BT-AIR, BT-BOMB,
BT-STRAFE, BT-ART). Numbers come from `engine.systems.battletech.tables`.

The turn, in the order the engine resolves it (and so the order of scripted dice):

1. Declaration (BT-GEN.1-4): every support, its target hex(es); the 3-per-turn limit is
   checked when the scenario is loaded (artillery counts in the turn it is FIRED); the
   Battlefield Support Points each side spends (`battletech.bsp`).
2. Cards (BT-HIDDEN.2 standard, or BT-HIDDEN.3 with ``attack.hidden_aerospace``): Air
   Cover is laid against offensive cards; a revealed Bluff (BT-BLUFF) is discarded with
   its Air Cover, no roll.
3. Each support in declared order. Air Cover first: for each card laid against it, the
   defender rolls 2D6 against the Air Cover number (stop at the first success, which
   discards the attack). Then the attack:
   - strike (BT-AIR): 2D6 vs TN; each unit in the target hex is attacked.
   - bombing (BT-BOMB): 2D6 vs TN; success attacks every unit in the target hex
     (BT-BOMB.1, BT-BOMB.2); failure scatters (BT-BOMB.3): 1D6 direction, MoF hexes, every
     unit in the landing hex attacked, direction from the original target hex.
   - strafing (BT-STRAFE): one 2D6 vs 7 per unit in the hexes, hex by hex in the order
     given, units in scenario order.
   - artillery with ``preplotted``: hits automatically, no roll, no scatter (BT-ART.1);
     any other artillery in ``supports`` is only FIRED: it is in flight and lands next
     turn (BT-ART.3; `next_turn` builds that turn's scenario).
4. Each artillery of ``attack.in_flight`` lands (BT-ART.3): 2D6 vs 8 with the spotting
   modifier (BT-ART.4); a miss scatters as a bombing does; the area of effect is applied
   by ring around the impact hex.
5. Every attack on a unit: 1D6 direction unless the rule fixes it (BT-RULE.2: 1-4 front,
   5-6 rear), then one hit location roll per 5-point group (BT-RULE.3), on the punch
   table for a 'Mech in depth-1 water (BT-RULE.5).

Readings where the seed is silent, as named options (``scenario.options``; the log's
"OPT" step states them):

- ``scatter_diagram`` "north-clockwise" (or "north-counter-clockwise"): 1D6 1 = map north,
  then clockwise (2 NE, 3 SE, 4 S, 5 SW, 6 NW; MegaMek's convention) or counter-clockwise
  (2 NW ... 6 NE): the seed leaves the diagram to the rest of the document.
- ``off_map`` "lost" (or "area-on-map"): a bomb or shell that scatters off the map is lost:
  no effect, not even in the area of effect of its would-be impact hex (logged), as
  MegaMek plays it; "area-on-map": a shell's area of effect still falls on the map hexes
  it reaches (a bomb has no area: it is lost either way).
- ``split_arc`` "defender" (or "attacker"): a direction taken from a hex (scatter, area of
  effect) that runs exactly along an arc boundary gives two arcs; Total Warfare lets the
  defender choose, taken here as the better protected arc (front, then side, then rear).
- ``artillery_centre`` "roll" (or "front"): a unit in the impact hex of an artillery shell
  that did not scatter has no direction "from the target hex": it rolls 1D6 (BT-RULE.2).
- ``asset_locations`` "none" (or "mech-table"): Assets (BT-RULE.1) other than 'Mechs take
  every damage group with no direction or hit location roll (location "-"); "mech-table"
  treats them as 'Mechs.
- ``ae_vs_infantry`` 2 (or 1): AE supports (bombings, artillery) deal this many times their
  damage to infantry (BT-RULE.6, Damage to Assets).
- ``building_damage`` "bombing" (or "every-strike"): BT-BOMB.2 (a building with a unit
  inside takes the full damage too) is written for bombing; by default air strikes and
  strafing attack only the unit inside; "every-strike" extends BT-BOMB.2 to them.
- ``submerged_spotter`` "refused" (or "allowed"): whether a submerged unit spots for
  artillery (BT-ART.4; checked by the scenario parser, as a building spotter is refused).

- ``direction_roll`` "unit" (or "attack"): each unit in an attacked hex rolls its own
  attack direction, as each unit a strafing run hits does (BT-STRAFE.3); "attack": one
  1D6 per attack (BT-RULE.2's words), taken by every unit it reaches.

Further decisions: every unit in an attacked hex is attacked on its own; a unit in water
of depth 2 or more is submerged (hover and naval units float) and is never affected (BT-
RULE.5, logged), and an air strike or bombing aimed where every unit is submerged is
refused by `prepare`; a terrain building hit by a bombing is logged with its full damage
(BT-BOMB.2) but has no effects entry (units of type "building" do). A 'Mech's record
sheet is worn down by `battletech.sheet` (BT-SHEET); the exact odds are in
`battletech.odds`. The log names supports as players do ("Heavy Bombing on 1010").

What needs no dice is the plan of the turn, a `Turn` that `prepare` builds once per
scenario: the stages of the turn, the units in each hex, who is submerged, each strafing
run's attacks; the attacks of a support on a hex or an area of effect (each unit's table
and arc) are worked out the first time a run needs them and kept in dicts the plan owns.
`run` rolls the dice of a plan, `play` is ``run(prepare(scenario), ...)``; the odds build
one plan each. No module keeps state: a plan lives as long as its
holder (the engine's `runner`), and log text is only built for a real log, so the 200,000
seeded runs of a Monte Carlo check pay for little but their dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.dice import Dice
from engine.errors import IllegalAttack
from engine.hexgrid import Hex
from engine.log import Log, SilentLog, hex_mark, unit_state
from engine.scenario import SEED_MAX, Scenario
from engine.scenario.battletech import held_name
from engine.systems import DEFAULT_SEED
from engine.systems.battletech import bsp
from engine.systems.battletech import tables as T
from engine.systems.battletech.aerospace import air_strike, bombing, strafing_run
from engine.systems.battletech.artillery import arriving_shot, fire_artillery, preplotted_shot
from engine.systems.battletech.attack import resolve_volley, target_roll
from engine.systems.battletech.damage import harm, sheets_left
from engine.systems.battletech.plan import Action, Outcome, Result, Stage, Turn, joined
from engine.systems.battletech.sheet import Sheet, describe
from engine.words import Msg, msg

PRETTY: dict[str, Msg] = {kind: msg(f"bt.kind.{kind}") for kind in (
    "light_strike", "heavy_strike", "light_bombing", "heavy_bombing", "strafing", "bluff",
    "thumper", "sniper", "long_tom")}
"""Each support kind and artillery gun as the seed names it ("Heavy Bombing", 重爆撃)."""


def support_labels(scn: Scenario) -> tuple[Msg, ...]:
    """How the log names each support, then each shell in flight: as a player would say it
    ("Heavy Bombing on 1010", "Strafing run 0905-0909", "Long Tom at 2020"), with "(2nd)"
    and so on when the same is declared twice."""
    hexmap = scn.board.map
    seen: dict[Msg, int] = {}
    out = []
    for s in (*scn.attack.supports, *scn.attack.in_flight):
        if s.kind == "bluff":
            base = PRETTY["bluff"]
        elif s.kind == "strafing":
            ends = run_ends([hexmap.name(h) for h in s.hexes])
            base = msg("bt.label.strafing_run" if len(s.hexes) > 1 else "bt.label.strafing_on",
                       ends=ends)
        else:
            base = msg("bt.label.at" if s.gun else "bt.label.on",
                       support=PRETTY[s.gun or s.kind],
                       hex=hexmap.name(s.target_hex))
        seen[base] = seen.get(base, 0) + 1
        out.append(base if seen[base] == 1 else _nth(base, seen[base]))
    return tuple(out)


def run_ends(names: Sequence[str]) -> str:
    """A strafing run named by its end hexes, as players name it: "0905-0909" (a run of
    one hex: "0905")."""
    return "-".join(dict.fromkeys((names[0], names[-1])))


def _nth(label: Msg, n: int) -> Msg:
    """The `n`th support of the same name: "Heavy Bombing on 1010 (2nd)"."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")
    return msg(f"bt.label.nth.{suffix}", label=label, n=n)


def prepare(scn: Scenario) -> Turn:
    """The plan of the turn: everything that needs no dice, done once (see `Turn`).

    BT-RULE.5: an air strike or bombing aimed at a hex whose every unit is submerged is
    refused here (`IllegalAttack`), before any roll. A strafing run is aimed at hexes, each
    a legal target (an empty one too): its submerged units are skipped and logged.
    """
    units_in: dict[Hex, tuple[int, ...]] = {}
    for i, u in enumerate(scn.units):
        units_in[u.hex] = (*units_in.get(u.hex, ()), i)
    submerged = tuple(scn.board.submerges(u) for u in scn.units)
    labels = support_labels(scn)
    _refuse_submerged_targets(scn, labels, units_in, submerged)
    return Turn(scn, labels, _stages(scn, labels, units_in), units_in, submerged)


def _refuse_submerged_targets(scn: Scenario, labels: tuple[Msg, ...],
                              units_in: dict[Hex, tuple[int, ...]],
                              submerged: tuple[bool, ...]) -> None:
    """BT-RULE.5: a target fully submerged in water cannot be the target of an air strike."""
    for s, label in zip(scn.attack.supports, labels, strict=False):
        if s.kind in ("bluff", "artillery", "strafing"):
            continue
        there = [i for h in s.aimed_at for i in units_in.get(h, ())]
        if there and all(submerged[i] for i in there):
            raise IllegalAttack("BT-RULE.5", msg("bt.refused.submerged", label=label,
                                                 names=[scn.units[i].name for i in there]))


def _stages(scn: Scenario, labels: tuple[Msg, ...],
            units_in: dict[Hex, tuple[int, ...]]) -> tuple[Stage, ...]:
    """Every support of the turn, in the order the Weapon Attack Phase resolves them."""
    a = scn.attack
    out = []
    for i, s in enumerate(a.supports):
        label = labels[i]
        if s.kind == "bluff":
            continue
        if s.kind == "strafing":
            actions: tuple[Action, ...] = strafing_run(scn, s, label, units_in)
        elif s.kind == "artillery" and s.preplotted:
            actions = ((preplotted_shot, (s, label)),)
        elif s.kind == "artillery":
            actions = ((fire_artillery, (s, label)),)
        elif s.kind in T.BOMBING_TN:
            actions = ((bombing, (s, label)),)
        else:
            actions = ((air_strike, (s, label)),)
        covers = tuple((msg(f"bt.cover.{c.kind}"), T.AIR_COVER[c.kind][s.kind])
                       for c in a.air_cover if c.against == i)
        out.append(Stage(label, s.aimed_at, covers, actions))
    for j, s in enumerate(a.in_flight):
        label = labels[len(a.supports) + j]
        out.append(Stage(label, s.aimed_at, (), ((arriving_shot, (s, label)),)))
    return tuple(out)


def covered(turn: Turn, stage: Stage, dice: Dice, log: Log) -> bool:
    """Air Cover: the defender's 2D6 vs the cover number, before the attacker rolls."""
    for name, need in stage.covers:
        roll, discarded = target_roll(name, need, dice)
        if not log.silent:
            log.step("BT-AIRCOVER", msg("bt.aircover.discarded" if discarded
                                        else "bt.aircover.no_effect",
                                        cover=name, label=stage.label, roll=roll, need=need),
                     *(hex_mark(h.label, "target") for h in stage.hexes))
        if discarded:
            return True
    return False


def _declare(turn: Turn, log: Log) -> None:
    """BT-GEN.1-4 and BT-HIDDEN: the declarations, the air-strike count, the cards."""
    if log.silent:
        return
    scn, a = turn.scn, turn.scn.attack
    log.options("battletech", scn.options)
    log.step("BT-GEN.1", msg("bt.gen.turn", turn=a.turn, side=a.side))
    for s, label in zip(a.supports, turn.labels, strict=False):
        if s.kind == "bluff":
            log.step("BT-GEN.2", msg("bt.gen.bluff", side=a.side))
            continue
        hexes = s.aimed_at
        role = "strafe" if s.kind == "strafing" else "target"
        log.step("BT-GEN.3", msg("bt.gen.declares", side=a.side, label=label),
                 *(hex_mark(h.label, role) for h in hexes))
    counted = sum(1 for s in a.supports if s.kind != "bluff")
    log.step("BT-GEN.4", msg("bt.gen.count", counted=counted, n=len(a.in_flight)))
    spent = bsp.words(a)
    if spent:
        log.step("BT-GEN.2", msg("bt.gen.bsp", spent=spent))
    if a.hidden_aerospace:
        log.step("BT-HIDDEN.1", msg("bt.hidden.agreed"))
        log.step("BT-HIDDEN.3", msg("bt.hidden.laid", n=len(a.air_cover)))
    elif a.air_cover:
        log.step("BT-HIDDEN.2", msg("bt.hidden.standard", n=len(a.air_cover)))
    for i, (s, label) in enumerate(zip(a.supports, turn.labels, strict=False)):
        if s.kind == "bluff":
            n = sum(1 for c in a.air_cover if c.against == i)
            log.step("BT-BLUFF", msg("bt.bluff.revealed", label=label, n=n))


def play(scn: Scenario, dice: Dice, log: Log) -> Outcome:
    """One turn of Battlefield Support, step by step (order: the module docstring)."""
    return run(prepare(scn), dice, log)


def run(turn: Turn, dice: Dice, log: Log) -> Outcome:
    """The rolls of a prepared turn: each stage's Air Cover, then its supports' rolls."""
    scn = turn.scn
    _declare(turn, log)
    results: list[Result] = []
    for stage in turn.stages:
        if stage.covers and covered(turn, stage, dice, log):
            continue
        for fn, args in stage.actions:
            volley = fn(turn, *args, dice, log)
            results += resolve_volley(scn, volley.strikes, dice, log)
    outcome = tuple(results)
    if not log.silent:
        harms = harm(scn, outcome)
        for unit, h in zip(scn.units, harms, strict=True):
            full = Sheet.of(unit)
            if full is not None and h.left is not None:
                log.step("BT-SHEET", msg("bt.sheet.after", unit=unit.name,
                                         sheet=describe(full, h.left)),
                         unit_state(unit.id, "damaged" if h.damage else "untouched"))
        log.step("RESULT", joined("bt.join.semicolon", [
                     msg("bt.result.unit", unit=u.name, damage=h.damage)
                     for u, h in zip(scn.units, harms, strict=True)]),
                 *(unit_state(u.id, "damaged" if h.damage else "untouched")
                   for u, h in zip(scn.units, harms, strict=True)))
    return outcome


def next_turn(scn: Scenario, dice: Dice | None = None) -> dict[str, Any]:
    """BT-ART.3: the next turn's scenario document: this turn's fired artillery in flight.

    A new turn rolls new dice: the next turn's seed is this turn's plus one (this turn's
    scripted dice, or no seed, count as `DEFAULT_SEED`), its scripted dice dropped. Given
    this turn's `dice`, the turn is played with them (as Roll plays it) and each record
    sheet's damage is carried on (``record.left``, BT-SHEET).

    A shell's ``spotter`` names who spots in THIS turn; in the next turn it is kept only if
    it spots the arrival too (``spotted`` holds "arrival"), else dropped: who spots the
    arrival is not known yet. Supports used this turn are taken off ``held``: each is used
    once, hit or miss. A turn `prepare` refuses has no next turn: its `IllegalAttack`
    (BT-RULE.5) is raised here too, as `validate` and `resolve` raise it.
    """
    plan = prepare(scn)
    data = dict(scn.data)
    if dice is not None:
        data["units"] = _worn_units(scn, run(plan, dice, SilentLog()))
    attack = dict(data["attack"])
    turn = scn.attack.turn
    flying = []
    for raw, s in zip(attack.get("supports", []), scn.attack.supports, strict=True):
        if s.kind == "artillery" and not s.preplotted:
            shell = dict(raw, fired_turn=turn)
            if "arrival" not in s.spotted:
                shell.pop("spotter", None)
            flying.append(shell)
    attack["in_flight"] = flying
    if scn.attack.held is not None:
        held = dict(scn.attack.held)
        for s in scn.attack.supports:
            held[held_name(s)] -= 1
        attack["held"] = held
    spent = bsp.spent_in_game(scn.attack)
    if spent:
        attack["bsp_spent"] = spent
    attack.update(turn=turn + 1, supports=[], air_cover=[])
    data["attack"] = attack
    data.pop("dice", None)
    seed = DEFAULT_SEED if scn.seed is None or scn.dice else scn.seed
    data["seed"] = seed + 1 if seed < SEED_MAX else 0
    return data


def _worn_units(scn: Scenario, outcome: Outcome) -> list[dict[str, Any]]:
    """The units of the document, each record sheet with what this turn left of it."""
    out = []
    for raw, sheet in zip(scn.data["units"], sheets_left(scn, outcome), strict=True):
        unit = dict(raw)
        if sheet is not None:
            unit["record"] = {**{k: v for k, v in raw["record"].items() if k != "left"},
                              "left": sheet.as_record()}
        out.append(unit)
    return out
