"""BattleTech Battlefield Support: one side's turn of air strikes and artillery on a hex map.

The authority is shared/seeds/004_68165ec3631e0ecf.txt (Japanese); clause IDs are those of
its English working translation (BT-GEN, BT-RULE, BT-HIDDEN, BT-BLUFF, BT-AIR, BT-BOMB,
BT-STRAFE, BT-ART). Numbers come from `engine.systems.battletech.tables`.

The turn, in the order the engine resolves it (and so the order of scripted dice):

1. Declaration (BT-GEN.1-4): every support, its target hex(es); the 3-per-turn limit is
   checked when the scenario is loaded (artillery counts in the turn it is FIRED).
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

- ``scatter_diagram`` "north-clockwise": 1D6 1 = map north, then clockwise (2 NE, 3 SE,
  4 S, 5 SW, 6 NW): hexgrid direction = die - 1.
- ``off_map`` "lost": a bomb or shell that scatters off the map is lost: no effect, not even
  in the area of effect of its would-be impact hex (logged).
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

Further decisions: every unit in an attacked hex is attacked on its own (own direction
roll); a unit in water of depth 2 or more is submerged (hover and naval units float) and is
never affected (BT-RULE.5, logged), and an air strike or bombing aimed where every unit is
submerged is refused by `prepare`; a terrain building hit by a bombing is logged with its
full damage (BT-BOMB.2) but has no effects entry (units of type "building" do). A 'Mech's
record sheet is worn down by `battletech.sheet` (BT-SHEET); the exact odds are in
`battletech.odds`. The log names supports as players do ("Heavy Bombing on 1010").

What needs no dice is the plan of the turn, a `Turn` that `prepare` builds once per
scenario: the stages of the turn, the units in each hex, who is submerged, each strafing
run's attacks; the attacks of a support on a hex or an area of effect (each unit's table
and arc) are worked out the first time a run needs them and kept in dicts the plan owns.
`run` rolls the dice of a plan, `play` is ``run(prepare(scenario), ...)``; the odds build
one plan each. The module keeps no state: a plan lives as long as its
holder (the engine's `runner`), and log text is only built for a real log, so the 200,000
seeded runs of a Monte Carlo check pay for little but their dice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.dice import Dice
from engine.errors import IllegalAttack
from engine.hexgrid import Hex, attack_arcs, distance, ring, step
from engine.log import Log, hex_mark, hexpath, unit_state
from engine.odds import Harm
from engine.scenario import Scenario
from engine.scenario.battletech import FLOATING, Support, Unit, held_name
from engine.systems.battletech import tables as T
from engine.systems.battletech.sheet import Sheet, describe, left_of, take

SUBMERGED_DEPTH = 2
ARC_RANK = {"front": 0, "left": 1, "right": 1, "rear": 2}
PRETTY = {"light_strike": "Light Air Strike", "heavy_strike": "Heavy Air Strike",
          "light_bombing": "Light Bombing", "heavy_bombing": "Heavy Bombing",
          "strafing": "Strafing", "bluff": "Bluff", "thumper": "Thumper",
          "sniper": "Sniper", "long_tom": "Long Tom"}
OPTION_TEXT = {
    "scatter_diagram": "scatter direction 1 = north, then clockwise",
    "off_map": "a scatter off the map is lost",
    "split_arc": "which arc a direction along an arc boundary takes",
    "artillery_centre": "direction in the impact hex of an unscattered shell",
    "asset_locations": "hit locations of non-'Mech assets",
    "ae_vs_infantry": "AE damage multiplier against infantry",
    "building_damage": "which supports damage a building as well as the unit inside",
}


@dataclass(frozen=True)
class Strike:
    """One attack on one unit: `groups` damage groups, each rolled on `table`."""

    unit: int
    source: str
    groups: int
    group_damage: int
    arc: str | None  # None: roll 1D6 (BT-RULE.2); "-": no table
    table: str  # "mech" | "punch" | "none"


@dataclass(frozen=True)
class Volley:
    """What one roll of a support did: where it landed (bombs, shells) and whom it attacks."""

    impact: Hex | None
    strikes: tuple[Strike, ...]


@dataclass(frozen=True)
class Group:
    """One 5-point damage group as it hit: location, armour (front/rear), critical check."""

    damage: int
    location: str
    armour: str
    critical: bool = False

    @property
    def key(self) -> str:
        """The location as odds count it (rear torso armour apart: "CT(R)")."""
        return f"{self.location}(R)" if self.armour == "rear" else self.location


@dataclass(frozen=True)
class Result:
    """A resolved attack on one unit."""

    strike: Strike
    arc: str
    groups: tuple[Group, ...]


Outcome = tuple[Result, ...]
NO_EFFECT = Volley(None, ())

Action = tuple[Callable[..., Volley], tuple[Any, ...]]
"""One independent roll of a support: ``(fn, args)``, run as ``fn(turn, *args, dice, log)``
(the plan is passed in, not bound, so that a plan holds no reference to itself)."""


@dataclass(frozen=True)
class Stage:
    """One support as the Weapon Attack Phase resolves it: its cover, its independent rolls."""

    cover_index: int | None
    covers: tuple[tuple[str, int], ...]  # each Air Cover card laid against it: name, number
    actions: tuple[Action, ...]


@dataclass(frozen=True, eq=False)
class Turn:
    """The plan of one turn (`prepare`): everything that needs no dice, built once.

    `attacks` (a support's attacks on the units of one hex) and `areas` (an artillery
    shell's area of effect around one impact hex) are filled the first time a run needs
    them; they belong to this plan and are dropped with it.
    """

    scn: Scenario
    labels: tuple[str, ...]  # each support's name in the log, then each shell in flight's
    stages: tuple[Stage, ...]
    units_in: dict[Hex, tuple[int, ...]]  # units per hex, in scenario order
    submerged: tuple[bool, ...]  # per unit (BT-RULE.5)
    attacks: dict[tuple[str, Hex, Hex | None], tuple[Volley, tuple[int, ...]]] = field(
        default_factory=dict)
    areas: dict[tuple[str, Hex, Hex | None], tuple[Volley, tuple[int, ...]]] = field(
        default_factory=dict)


def plural(n: int, word: str) -> str:
    """ "1 group", "3 groups": counts in the log as a player says them."""
    return f"{n} {word}" if n == 1 else f"{n} {word}es" if word.endswith("x") else f"{n} {word}s"


# -- the board -------------------------------------------------------------------------


def _depth(scn: Scenario, unit: Unit) -> int:
    return scn.board.terrain_at(unit.hex).water


def _is_submerged(scn: Scenario, unit: Unit) -> bool:
    """BT-RULE.5: the unit stands in water deep enough to submerge it (hover and naval
    units float on it)."""
    return unit.type not in FLOATING and _depth(scn, unit) >= SUBMERGED_DEPTH


def _log_submerged(scn: Scenario, i: int, log: Log) -> None:
    """BT-RULE.5: a submerged unit cannot be attacked; damage aimed at it is ignored."""
    unit = scn.units[i]
    log.step("BT-RULE.5", f"{unit.name} is submerged in depth-{_depth(scn, unit)} water: it "
             "cannot be attacked and the damage is ignored", unit_state(unit.id, "untouched"))


def _table(scn: Scenario, unit: Unit) -> str:
    """BT-RULE.1 and BT-RULE.5: the hit location table an attack on `unit` reads."""
    if unit.type != "mech" and scn.options["asset_locations"] == "none":
        return "none"
    return "punch" if unit.type == "mech" and _depth(scn, unit) == 1 else "mech"


def _arc_from(scn: Scenario, unit: Unit, origin: Hex) -> str:
    """The arc of `unit` an attack coming from hex `origin` strikes (option split_arc)."""
    arcs = attack_arcs(unit.hex, unit.facing, origin)
    pick = min if scn.options["split_arc"] == "defender" else max
    return pick(arcs, key=ARC_RANK.__getitem__)


def _strike(scn: Scenario, i: int, source: str, kind: str, groups: int,
            arc: str | None) -> Strike:
    """An attack of `groups` 5-point groups (BT-RULE.3) on unit `i` (AE vs infantry: BT-RULE.6).

    No dice: a plan builds each attack once (`prepare`, `Turn.attacks`, `Turn.areas`).
    """
    unit = scn.units[i]
    damage = T.GROUP_DAMAGE
    if unit.type == "infantry" and kind in T.AE_KINDS:
        damage *= scn.options["ae_vs_infantry"]
    table = _table(scn, unit)
    return Strike(i, source, groups, damage, "-" if table == "none" else arc, table)


# -- one attack on one unit: direction and hit locations -------------------------------


def attack_direction(dice: Dice) -> str:
    """BT-RULE.2: 1D6, 1-4 every group hits the front, 5-6 the rear."""
    return "front" if dice.d6("attack direction (1D6)") <= 4 else "rear"


def hit_location(table: str, arc: str, damage: int, dice: Dice) -> Group:
    """BT-RULE.3 / BT-RULE.5: one group's location on the 'Mech (2D6) or punch (1D6) table."""
    if table == "none":
        return Group(damage, "-", "-")
    column = T.COLUMN[arc]
    if table == "punch":
        location = T.PUNCH_LOCATIONS[dice.d6("punch location (1D6)")][column]
        critical = False
    else:
        roll = dice.total("hit location (2D6)", 2, 6)
        location = T.MECH_LOCATIONS[roll][column]
        critical = roll == T.CRITICAL_ROLL
    armour = "rear" if arc == "rear" and location in T.TORSOS else "front"
    return Group(damage, location, armour, critical)


def resolve_strike(scn: Scenario, strike: Strike, dice: Dice, log: Log) -> Result:
    """BT-RULE.2, BT-RULE.3, BT-RULE.5: direction, then a location roll per damage group."""
    unit = scn.units[strike.unit]
    arc = strike.arc
    if arc is None:
        arc = attack_direction(dice)
        if not log.silent:
            log.step("BT-RULE.2", f"{strike.source}: attack direction on {unit.name}: {arc}")
    groups = tuple(hit_location(strike.table, arc, strike.group_damage, dice)
                   for _ in range(strike.groups))
    if not log.silent:
        _log_groups(scn, strike, arc, groups, log)
    return Result(strike, arc, groups)


def _log_groups(scn: Scenario, strike: Strike, arc: str, groups: tuple[Group, ...],
                log: Log) -> None:
    """The groups an attack dealt, citing the rule that chose their table and damage."""
    unit = scn.units[strike.unit]
    if strike.group_damage != T.GROUP_DAMAGE:
        log.step("BT-RULE.6", f"{strike.source} is an area-effect (AE) weapon and {unit.name} "
                 f"is infantry: each 5-point group deals {strike.group_damage} "
                 "(option ae_vs_infantry)")
    total = sum(g.damage for g in groups)
    if strike.table == "none":
        log.step("BT-RULE.1", f"{strike.source}: {unit.name} (an asset, option "
                 f"asset_locations) takes {plural(strike.groups, 'group')} with no direction "
                 f"or hit location roll: {' + '.join(str(g.damage) for g in groups)} = {total}",
                 hex_mark(unit.hex.label, "hit"), unit_state(unit.id, "damaged"))
        return
    table = ("PUNCH table (depth-1 water)" if strike.table == "punch"
             else "'Mech hit location table")
    text = ", ".join(f"{g.damage} {g.key}" + (" (critical check)" if g.critical else "")
                     for g in groups)
    log.step("BT-RULE.5" if strike.table == "punch" else "BT-RULE.3",
             f"{strike.source}: {unit.name} takes {plural(strike.groups, 'group')} from the {arc} "
             f"({table}): {text}; total {total}",
             hex_mark(unit.hex.label, "hit"), unit_state(unit.id, "damaged"))


# -- scatter (BT-BOMB.3) -----------------------------------------------------------------


def scatter(scn: Scenario, label: str, target: Hex, margin: int, clause: str, dice: Dice,
            log: Log) -> Hex | None:
    """BT-BOMB.3: 1D6 on the scatter diagram, 1 hex per point of MoF; None when off the map."""
    face = dice.d6("scatter direction (1D6)")
    direction = face - 1  # option scatter_diagram "north-clockwise"
    landing = step(target, direction, margin)
    on_map = scn.board.map.contains(landing)
    if log.silent:
        return landing if on_map else None
    path = scn.board.map.on_map(step(target, direction, k) for k in range(margin + 1))
    names = ("north", "north-east", "south-east", "south", "south-west", "north-west")
    if not on_map:
        log.step(clause, f"{label} scatters {plural(margin, 'hex')} {names[direction]} (die "
                 f"{face}): off the map, the attack is lost with no effect (option off_map)",
                 hexpath([h.label for h in path]), hex_mark(target.label, "target"))
        return None
    log.step(clause, f"{label} scatters {plural(margin, 'hex')} {names[direction]} (die "
             f"{face}) from {target.label} to {scn.board.map.name(landing)}",
             hexpath([h.label for h in path]),
             hex_mark(target.label, "target"), hex_mark(landing.label, "scatter"))
    return landing


def target_roll(label: str, tn: int, dice: Dice) -> tuple[int, bool]:
    """BT-RULE.4: an unmodified 2D6 equal to or higher than the target number succeeds
    (Air Cover rolls against its cover number the same way)."""
    roll = dice.total(f"{label} (2D6)", 2, 6)
    return roll, roll >= tn


def against(roll: int, tn: int) -> str:
    """A target roll in the log's words, citing BT-RULE.4 (unmodified 2D6 against the TN)."""
    return f"2D6 shows {roll} against TN {tn} (BT-RULE.4)"


# -- the supports --------------------------------------------------------------------


def air_strike(turn: Turn, support: Support, label: str, dice: Dice, log: Log) -> Volley:
    """BT-AIR (BT-RULE.4): 2D6 vs TN; success attacks every unit in the target hex."""
    tn = T.AIR_STRIKE_TN[support.kind]
    roll, hit = target_roll(label, tn, dice)
    if not log.silent:
        where = support.target.label
        log.step("BT-AIR", f"{label}: {against(roll, tn)}: success" if hit else
                 f"{label}: {against(roll, tn)}: failure, no effect",
                 hex_mark(where, "hit" if hit else "target"))
    if not hit:
        return NO_EFFECT
    return attack_hex(turn, support, label, support.target, None, log)


def bombing(turn: Turn, support: Support, label: str, dice: Dice, log: Log) -> Volley:
    """BT-BOMB.1-3: success hits the target hex; failure scatters by the margin of failure."""
    tn = T.BOMBING_TN[support.kind]
    roll, hit = target_roll(label, tn, dice)
    if not log.silent:
        where = support.target.label
        log.step("BT-BOMB.1" if hit else "BT-BOMB.3",
                 f"{label}: {against(roll, tn)}: success, the bombs fall on "
                 f"{where}" if hit else f"{label}: {against(roll, tn)}: failure, "
                 f"it misses by {tn - roll} (the margin of failure)",
                 hex_mark(where, "hit" if hit else "target"))
    return land_or_scatter(turn, support, label, hit, tn - roll, attack_hex, "BT-BOMB.3",
                           dice, log)


Effect = Callable[[Turn, Support, str, Hex, Hex | None, Log], Volley]
"""What lands on a hex: the attack on its units (bombing) or an area of effect (artillery);
the last hex is the one the attack direction is taken from when it scattered."""


def land_or_scatter(turn: Turn, support: Support, label: str, hit: bool, margin: int,
                    effect: Effect, clause: str, dice: Dice, log: Log) -> Volley:
    """A hit lands on the target hex; a miss scatters by its margin of failure (BT-BOMB.3;
    artillery: BT-ART-SCATTER) and lands there, its direction from the target hex."""
    if hit:
        return effect(turn, support, label, support.target, None, log)
    landing = scatter(turn.scn, label, support.target, margin, clause, dice, log)
    if landing is None:
        return NO_EFFECT
    return effect(turn, support, label, landing, support.target, log)


def attack_hex(turn: Turn, support: Support, label: str, h: Hex, origin: Hex | None,
               log: Log) -> Volley:
    """An air strike or bombing on hex `h`: every unit there is attacked (BT-AIR, BT-BOMB.1-2),
    in scenario order, but the submerged ones (BT-RULE.5, logged); a bomb also damages a
    building there (BT-BOMB.2, logged). After a scatter (`origin`, BT-BOMB.3) the direction
    comes from the original target hex, else each unit rolls it (BT-RULE.2).

    The attacks need no dice: built the first time, then kept in the plan (`Turn.attacks`).
    """
    key = (label, h, origin)
    found = turn.attacks.get(key)
    if found is None:
        found = turn.attacks[key] = _hex_volley(turn, support, label, h, origin)
    volley, submerged = found
    if not log.silent:
        if _hits_buildings(turn.scn, support.kind):
            _building_damage(turn.scn, h, T.GROUPS[support.kind], log)
        for i in submerged:
            _log_submerged(turn.scn, i, log)
    return volley


def _hex_volley(turn: Turn, support: Support, label: str, h: Hex,
                origin: Hex | None) -> tuple[Volley, tuple[int, ...]]:
    """The volley of `attack_hex` (a bomb's impact is its hex) and the submerged units."""
    scn = turn.scn
    here = _attacked(scn, support.kind, turn.units_in.get(h, ()))
    groups = T.GROUPS[support.kind]
    strikes = tuple(_strike(scn, i, label, support.kind, groups,
                            None if origin is None else _arc_from(scn, scn.units[i], origin))
                    for i in here if not turn.submerged[i])
    impact = h if support.kind in T.BOMBING_TN else None
    return Volley(impact, strikes), tuple(i for i in here if turn.submerged[i])


def _hits_buildings(scn: Scenario, kind: str) -> bool:
    """BT-BOMB.2 and option building_damage: does this support damage a building that has a
    unit inside as well as the unit? Bombing always; air strikes and strafing only with
    "every-strike" (by default they attack the unit inside)."""
    return kind in T.BOMBING_TN or scn.options["building_damage"] == "every-strike"


def _attacked(scn: Scenario, kind: str, here: tuple[int, ...]) -> tuple[int, ...]:
    """The units of one hex an air strike, bombing or strafing run attacks: all of them,
    except a building unit with a unit inside when the support does not reach buildings
    (`_hits_buildings`)."""
    if _hits_buildings(scn, kind) or all(scn.units[i].type == "building" for i in here):
        return here
    return tuple(i for i in here if scn.units[i].type != "building")


def _building_damage(scn: Scenario, h: Hex, groups: int, log: Log) -> None:
    """BT-BOMB.2: a building hex with a 'Mech inside: the building takes the full damage too.

    Also where a bomb scatters to: BT-BOMB.3 applies its damage "as above"; and under an
    air strike with option building_damage "every-strike".
    """
    cf = scn.board.terrain_at(h).building_cf
    if cf is not None:
        damage = groups * T.GROUP_DAMAGE
        log.step("BT-BOMB.2", f"the building in {h.label} (CF {cf}) takes the full {damage} "
                 f"damage as well (CF {max(0, cf - damage)} left)", hex_mark(h.label, "hit"))


def strafe_unit(turn: Turn, i: int, label: str, hit: Volley, dice: Dice, log: Log) -> Volley:
    """BT-STRAFE.2-4: a separate 2D6 vs 7 for one unit in the strafed hexes; `hit` is the
    volley of a hit (built by `prepare`)."""
    unit = turn.scn.units[i]
    if turn.submerged[i]:
        if not log.silent:
            _log_submerged(turn.scn, i, log)
        return NO_EFFECT
    roll, success = target_roll(f"{label} on {unit.name}", T.STRAFING_TN, dice)
    if not log.silent and success:
        log.step("BT-STRAFE.2", f"{label}: {against(roll, T.STRAFING_TN)} for "
                 f"{unit.name}: hit, an attack of {plural(T.GROUPS['strafing'], 'damage group')}, "
                 "each with a hit location roll of its own (BT-STRAFE.3)",
                 unit_state(unit.id, "hit"))
    elif not log.silent:
        log.step("BT-STRAFE.4", f"{label}: {against(roll, T.STRAFING_TN)} for "
                 f"{unit.name}: no effect on it (the other hexes are unaffected)",
                 unit_state(unit.id, "missed"))
    return hit if success else NO_EFFECT


def fire_artillery(turn: Turn, support: Support, label: str, dice: Dice, log: Log) -> Volley:
    """BT-ART.3: a hex that is not pre-plotted: fired now, the shells land next turn."""
    if not log.silent:
        log.step("BT-ART.3", f"{label}: fired, the target hex recorded secretly; in flight, it "
                 f"lands in the Weapon Attack Phase of turn "
                 f"{turn.scn.attack.turn + 1}", hex_mark(support.target.label, "target"))
    return NO_EFFECT


def preplotted_shot(turn: Turn, support: Support, label: str, dice: Dice,
                    log: Log) -> Volley:
    """BT-ART.1: a shot at a pre-plotted hex hits automatically, no roll and no scatter."""
    if not log.silent:
        log.step("BT-ART.1", f"{label}: a pre-plotted hex, an automatic hit with no roll and "
                 "no scatter", hex_mark(support.target.label, "hit"))
    return area_effect(turn, support, label, support.target, None, log)


def spotting_modifier(support: Support) -> int:
    """BT-ART.4: spotted in the firing AND the arrival turn: -2, or -1 if the spotter attacked."""
    if support.spotted != frozenset({"fired", "arrival"}):
        return 0
    return -1 if support.spotter_attacked else -2


def arriving_shot(turn: Turn, support: Support, label: str, dice: Dice,
                  log: Log) -> Volley:
    """BT-ART.3 and BT-ART.4: shells fired last turn land: 2D6 vs 8 + spotting; misses scatter."""
    modifier = spotting_modifier(support)
    tn = T.ARTILLERY_TN + modifier
    if not log.silent:
        _log_spotting(turn.scn, support, label, modifier, tn, log)
    roll, hit = target_roll(label, tn, dice)
    if not log.silent:
        where = support.target.label
        log.step("BT-ART.3", f"{label} lands: {against(roll, tn)}: on target "
                 f"{where}" if hit else f"{label} lands: {against(roll, tn)}: it "
                 f"misses by {tn - roll} (the margin of failure) and scatters",
                 hex_mark(where, "hit" if hit else "target"))
    return land_or_scatter(turn, support, label, hit, tn - roll, area_effect,
                           "BT-ART-SCATTER", dice, log)


def _log_spotting(scn: Scenario, support: Support, label: str, modifier: int, tn: int,
                  log: Log) -> None:
    """BT-ART.4: the spotting of an arriving shell, and the target number it makes."""
    by = f" by {scn.unit(support.spotter).name}" if support.spotter else ""
    if modifier:
        log.step("BT-ART.4", f"{label}: target hex spotted{by} in the turn it was fired and the "
                 f"turn it lands: TN {T.ARTILLERY_TN} {modifier:+d} = {tn}"
                 + (" (the spotter attacked: -1 only, +1 to its own attacks)"
                    if support.spotter_attacked else ""))
    elif support.spotted:
        when = "it was fired" if "fired" in support.spotted else "it lands"
        log.step("BT-ART.4", f"{label}: target hex spotted{by} only in the turn {when}: no "
                 f"modifier (spotting must be in both turns), TN {tn}")


def area_effect(turn: Turn, support: Support, label: str, centre: Hex,
                origin: Hex | None, log: Log) -> Volley:
    """BT-ART: damage groups by ring around the impact hex, direction from the impact hex.

    Units are attacked nearest ring first, in scenario order within a ring (BT-RULE.5:
    submerged ones are ignored). In the impact hex itself the direction comes from the
    original target hex after a scatter (`origin`, as BT-BOMB.3), else option
    artillery_centre. The attacks need no dice: built the first time an impact hex is hit,
    then kept in the plan (`Turn.areas`).
    """
    key = (label, centre, origin)
    found = turn.areas.get(key)
    if found is None:
        found = turn.areas[key] = _area_volley(turn, support.gun, label, centre, origin)
    volley, submerged = found
    if not log.silent:
        scn = turn.scn
        rings = T.ARTILLERY_RINGS[support.gun]
        marks = [hex_mark(h.label, f"aoe-{k}") for k in range(len(rings))
                 for h in scn.board.map.on_map(ring(centre, k))]
        log.step("BT-ART-AOE", f"{label}: area of effect around {centre.label}: "
                 f"{' / '.join(map(str, rings))} groups by ring (target hex, adjacent, "
                 f"radius 2); {plural(len(volley.strikes), 'unit')} inside", *marks)
        for i in submerged:
            _log_submerged(scn, i, log)
    return volley


def _area_volley(turn: Turn, gun: str, label: str, centre: Hex,
                 origin: Hex | None) -> tuple[Volley, tuple[int, ...]]:
    """The volley of `area_effect` and the submerged units inside the area."""
    scn = turn.scn
    rings = T.ARTILLERY_RINGS[gun]
    near = sorted((distance(u.hex, centre), i) for i, u in enumerate(scn.units))
    strikes = []
    submerged = []
    for k, i in near:
        if k >= len(rings):
            continue
        if turn.submerged[i]:
            submerged.append(i)
            continue
        unit = scn.units[i]
        if k:
            arc: str | None = _arc_from(scn, unit, centre)
        elif origin is not None:
            arc = _arc_from(scn, unit, origin)
        else:
            arc = None if scn.options["artillery_centre"] == "roll" else "front"
        strikes.append(_strike(scn, i, label, "artillery", rings[k], arc))
    return Volley(centre, tuple(strikes)), tuple(submerged)


# -- the turn ----------------------------------------------------------------------------


def _labels(scn: Scenario) -> tuple[str, ...]:
    """How the log names each support, then each shell in flight: as a player would say it
    ("Heavy Bombing on 1010", "Strafing run 0905-0909", "Long Tom at 2020"), with "(2nd)"
    and so on when the same is declared twice."""
    hexmap = scn.board.map
    seen: dict[str, int] = {}
    out = []
    for s in (*scn.attack.supports, *scn.attack.in_flight):
        if s.kind == "bluff":
            base = "Bluff"
        elif s.kind == "strafing":
            base = f"Strafing run {'-'.join(hexmap.name(h) for h in (s.hexes[0], s.hexes[-1]))}"
            base = base if len(s.hexes) > 1 else f"Strafing run on {hexmap.name(s.hexes[0])}"
        else:
            word = "at" if s.gun else "on"
            base = f"{PRETTY[s.gun or s.kind]} {word} {hexmap.name(s.target)}"
        seen[base] = seen.get(base, 0) + 1
        out.append(base if seen[base] == 1 else f"{base} ({_ordinal(seen[base])})")
    return tuple(out)


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th')}"


def prepare(scn: Scenario) -> Turn:
    """The plan of the turn: everything that needs no dice, done once (see `Turn`).

    BT-RULE.5: an air strike or bombing aimed at a hex whose every unit is submerged, or a
    strafing run whose every unit is, is refused here (`IllegalAttack`), before any roll.
    """
    units_in: dict[Hex, tuple[int, ...]] = {}
    for i, u in enumerate(scn.units):
        units_in[u.hex] = (*units_in.get(u.hex, ()), i)
    submerged = tuple(_is_submerged(scn, u) for u in scn.units)
    labels = _labels(scn)
    _refuse_submerged_targets(scn, labels, units_in, submerged)
    return Turn(scn, labels, _stages(scn, labels, units_in), units_in, submerged)


def _refuse_submerged_targets(scn: Scenario, labels: tuple[str, ...],
                              units_in: dict[Hex, tuple[int, ...]],
                              submerged: tuple[bool, ...]) -> None:
    """BT-RULE.5: a target fully submerged in water cannot be the target of an air strike."""
    for s, label in zip(scn.attack.supports, labels, strict=False):
        if s.kind in ("bluff", "artillery"):
            continue
        there = [i for h in (s.hexes or (s.target,)) for i in units_in.get(h, ())]
        if there and all(submerged[i] for i in there):
            names = ", ".join(scn.units[i].name for i in there)
            raise IllegalAttack("BT-RULE.5", f"{label}: every unit it could attack ({names}) "
                                "is fully submerged, and a submerged target cannot be the "
                                "target of an air strike")


def _stages(scn: Scenario, labels: tuple[str, ...],
            units_in: dict[Hex, tuple[int, ...]]) -> tuple[Stage, ...]:
    """Every support of the turn, in the order the Weapon Attack Phase resolves them."""
    a = scn.attack
    out = []
    for i, s in enumerate(a.supports):
        label = labels[i]
        if s.kind == "bluff":
            continue
        if s.kind == "strafing":
            actions: tuple[Action, ...] = tuple(
                (strafe_unit, (u, label, Volley(None, (
                    _strike(scn, u, label, "strafing", T.GROUPS["strafing"], None),))))
                for h in s.hexes for u in _attacked(scn, s.kind, units_in.get(h, ())))
        elif s.kind == "artillery" and s.preplotted:
            actions = ((preplotted_shot, (s, label)),)
        elif s.kind == "artillery":
            actions = ((fire_artillery, (s, label)),)
        elif s.kind in T.BOMBING_TN:
            actions = ((bombing, (s, label)),)
        else:
            actions = ((air_strike, (s, label)),)
        covers = tuple((f"{c.kind.capitalize()} Air Cover", T.AIR_COVER[c.kind][s.kind])
                       for c in a.air_cover if c.against == i)
        out.append(Stage(i, covers, actions))
    for j, s in enumerate(a.in_flight):
        label = labels[len(a.supports) + j]
        out.append(Stage(None, (), ((arriving_shot, (s, label)),)))
    return tuple(out)


def covered(turn: Turn, stage: Stage, dice: Dice, log: Log) -> bool:
    """Air Cover: the defender's 2D6 vs the cover number, before the attacker rolls."""
    for name, need in stage.covers:
        roll, discarded = target_roll(name, need, dice)
        if not log.silent:
            index = stage.cover_index
            support = turn.scn.attack.supports[index]
            hexes = support.hexes or (support.target,)
            log.step("BT-AIRCOVER", f"{name} against the {turn.labels[index]}: "
                     + (f"{roll} >= {need}: the attack is discarded" if discarded
                        else f"{roll} < {need}: no effect"),
                     *(hex_mark(h.label, "target") for h in hexes))
        if discarded:
            return True
    return False


def _declare(turn: Turn, log: Log) -> None:
    """BT-GEN.1-4 and BT-HIDDEN: the declarations, the air-strike count, the cards."""
    if log.silent:
        return
    scn, a = turn.scn, turn.scn.attack
    log.options(scn.options, OPTION_TEXT)
    log.step("BT-GEN.1", f"turn {a.turn}, Weapon Attack Phase: {a.side}'s Battlefield Support")
    for s, label in zip(a.supports, turn.labels, strict=False):
        if s.kind == "bluff":
            log.step("BT-GEN.2", f"{a.side} declares a Bluff, laid face down like any offensive "
                     "aerospace card (no target)")
            continue
        hexes = s.hexes or (s.target,)
        role = "strafe" if s.kind == "strafing" else "target"
        log.step("BT-GEN.3", f"{a.side} declares a {label}",
                 *(hex_mark(h.label, role) for h in hexes))
    counted = sum(1 for s in a.supports if s.kind != "bluff")
    log.step("BT-GEN.4", f"{counted} of 3 air strikes this turn (artillery counts in the turn "
             f"it is fired; Bluff and Air Cover do not); {plural(len(a.in_flight), 'shell')} "
             f"fired last turn {'lands' if len(a.in_flight) == 1 else 'land'} in this phase")
    if a.hidden_aerospace:
        log.step("BT-HIDDEN.1", "hidden aerospace rule: agreed before buying support")
        log.step("BT-HIDDEN.3", "offensive aerospace cards laid face down; "
                 f"{plural(len(a.air_cover), 'Air Cover card')} laid face down beside them; "
                 "revealed")
    elif a.air_cover:
        log.step("BT-HIDDEN.2", f"offensive aerospace cards revealed; "
                 f"{plural(len(a.air_cover), 'Air Cover card')} played against them")
    for i, s in enumerate(a.supports):
        if s.kind == "bluff":
            n = sum(1 for c in a.air_cover if c.against == i)
            log.step("BT-BLUFF", f"the face-down card is a Bluff: nothing happens; it and the "
                     f"{plural(n, 'Air Cover card')} laid against it are discarded, no roll")


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
            results += [resolve_strike(scn, s, dice, log) for s in volley.strikes]
    outcome = tuple(results)
    if not log.silent:
        harms = harm(scn, outcome)
        for unit, h in zip(scn.units, harms, strict=True):
            if h.left is not None:
                log.step("BT-SHEET", f"{unit.name}'s record sheet after the turn: "
                         f"{describe(Sheet.of(unit), h.left)}",
                         unit_state(unit.id, "damaged" if h.damage else "untouched"))
        log.step("RESULT", "; ".join(f"{u.name}: {h.damage} damage" for u, h in
                                     zip(scn.units, harms, strict=True)),
                 *(unit_state(u.id, "damaged" if h.damage else "untouched")
                   for u, h in zip(scn.units, harms, strict=True)))
    return outcome


def merge_locations(pairs: Iterable[tuple[str, Any]]) -> tuple[tuple[str, Any], ...]:
    """Damage by location key, summed and sorted."""
    total: dict[str, Any] = {}
    for loc, dmg in pairs:
        total[loc] = total.get(loc, 0) + dmg
    return tuple(sorted(total.items()))


def _sheets_left(scn: Scenario, outcome: Outcome) -> list[Sheet | None]:
    """What each record sheet has left after the turn's attacks (`battletech.sheet`)."""
    left = [Sheet.of(u) for u in scn.units]
    for r in outcome:
        sheet = left[r.strike.unit]
        if sheet is not None:
            left[r.strike.unit] = take(sheet, merge_locations((g.key, g.damage)
                                                              for g in r.groups),
                                       r.arc == "rear")
    return left


def harm(scn: Scenario, outcome: Outcome) -> tuple[Harm, ...]:
    """Per unit: damage groups taken (hits), total damage, damage by location, and for a
    'Mech with a record sheet what is left of it (destroyed with its head or centre torso)."""
    taken: list[list[Group]] = [[] for _ in scn.units]
    for r in outcome:
        taken[r.strike.unit] += r.groups
    out: list[Harm] = []
    for groups, left in zip(taken, _sheets_left(scn, outcome), strict=True):
        hits, damage = len(groups), sum(g.damage for g in groups)
        where = merge_locations((g.key, g.damage) for g in groups)
        out.append(Harm(hits, damage, where, left is not None and left.destroyed, left))
    return tuple(out)


def effects(scn: Scenario, outcome: Outcome) -> dict[str, dict[str, Any]]:
    """Per unit: each attack with its damage groups (location, front/rear armour), the total,
    and what a record sheet has left."""
    out = {}
    sheets = _sheets_left(scn, outcome)
    for i, unit in enumerate(scn.units):
        attacks = [{
            "support": r.strike.source, "arc": r.arc,
            "groups": [{"damage": g.damage, "location": g.location, "armour": g.armour,
                        "critical_check": g.critical} for g in r.groups],
            "damage": sum(g.damage for g in r.groups),
        } for r in outcome if r.strike.unit == i]
        damage = sum(a["damage"] for a in attacks)
        locations = merge_locations((g.key, g.damage) for r in outcome
                                    if r.strike.unit == i for g in r.groups)
        out[unit.id] = {"hit": bool(attacks), "damage": damage, "attacks": attacks,
                        "locations": dict(locations)}
        full, left = Sheet.of(unit), sheets[i]
        if full is not None and left is not None:
            out[unit.id]["record"] = left_of(full, left)
    return out


def next_turn(scn: Scenario) -> dict[str, Any]:
    """BT-ART.3: the next turn's scenario document: this turn's fired artillery in flight.

    A shell's ``spotter`` names who spots in THIS turn; in the next turn it is kept only if
    it spots the arrival too (``spotted`` holds "arrival"), else dropped: who spots the
    arrival is not known yet. Supports used this turn are taken off ``held``: each is used
    once, hit or miss.
    """
    data = dict(scn.data)
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
    attack.update(turn=turn + 1, supports=[], air_cover=[])
    data["attack"] = attack
    data.pop("dice", None)
    return data
