"""Robotech Blast: one unit's own defence, Dodge and Roll with Impact (RT-6, RT-7, RT-8,
RT-10, RT-15, RT-18, RT-19), and what a mecha expects of it when it decides.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.log import Log, unit_state
from engine.readings import reading_words
from engine.scenario.robotech import REACTIONS, Unit
from engine.systems.robotech.stages import DODGE, Defence, Impact, Plan, strike_roll
from engine.systems.robotech.strikes import halve
from engine.systems.robotech.words import who
from engine.words import Msg, Words, msg

INESCAPABLE_MISSILES = 4
SAME = 1e-12
"""Expected damages closer than this are equal (policy best breaks such ties)."""


def reserved(plan: Plan, unit: Unit, hit: Impact | None, now: str) -> int:
    """Priority: the CP a mecha keeps, when it is about to spend one on `now`, for the
    reactions it ranks higher that come later in the rule and could still help."""
    order = plan.reactions_of(unit).order
    later = REACTIONS[REACTIONS.index(now) + 1:]
    return sum(1 for r in order[:order.index(now)] if r in later and helps(plan, unit, hit, r))


def helps(plan: Plan, unit: Unit, hit: Impact | None, reaction: str) -> bool:
    """Could a Dodge or a Roll with Impact change the damage of `hit` (CP aside)?"""
    if hit is None or hit.damage <= 0:
        return False
    if reaction == "dodge":
        return not inescapable(plan, hit) and dodge_chance(plan, unit, hit.strike) > 0
    return (reaction == "roll_with_impact" and not plan.scenario.attack.weapon.has("overwhelming")
            and reduced(plan, hit) < hit.damage)


def expected_defence(plan: Plan, unit: Unit, hit: Impact | None, budget: int,
                     may_dodge: bool = True) -> float:
    """Policy best: the least expected damage of `hit` with `budget` CP for Dodge (if it
    `may_dodge`) and Roll with Impact (a Dodge, then a Roll with Impact if it fails and a
    CP is left)."""
    if hit is None or hit.damage <= 0:
        return 0.0
    if may_dodge and budget >= 1 and helps(plan, unit, hit, "dodge"):
        fail = 1 - dodge_chance(plan, unit, hit.strike)
        return min(taken(plan, unit, hit, budget), fail * taken(plan, unit, hit, budget - 1))
    return taken(plan, unit, hit, budget)


def taken(plan: Plan, unit: Unit, hit: Impact, budget: int) -> int:
    """The damage of `hit` after a Roll with Impact if `budget` allows one that helps."""
    return (reduced(plan, hit) if budget >= 1 and helps(plan, unit, hit, "roll_with_impact")
            else hit.damage)


def dodge_bonus(plan: Plan, unit: Unit) -> int:
    """What a Dodge adds to its D6: PIL (option ``dodge_adds_pil``) and the unit's modifier."""
    return (unit.pil if plan.options["dodge_adds_pil"] else 0) + unit.dodge_modifier


def dodges(plan: Plan, unit: Unit, face: int, strike_total: int) -> bool:
    """RT-6 / RT-15 / RT-18: does a Dodge die showing `face` equal or beat the Strike?"""
    return strike_roll(plan, face, face + dodge_bonus(plan, unit), DODGE).reaches(strike_total)


def dodge_chance(plan: Plan, unit: Unit, strike_total: int) -> float:
    """The chance that a Dodge equals or beats `strike_total` (the faces for which
    `dodges` holds, counted: a face f dodges when f + bonus >= the Strike, and with
    ``natural_rolls`` true or "strike-and-dodge" a 6 always does and a 1 never does)."""
    faces = min(6, max(0, 7 - strike_total + dodge_bonus(plan, unit)))
    if plan.options["natural_rolls"] in (True, "strike-and-dodge"):
        faces = min(5, max(1, faces))
    return faces / 6


def dodge(plan: Plan, unit: Unit, hit: Impact, dice: Dice, log: Log) -> bool:
    """RT-6 / RT-15 / RT-18: D6 + PIL + modifier equal or beat the highest Strike roll: no
    damage. A successful Dodge leaves the template where it is (RT-10)."""
    pil = unit.pil if plan.options["dodge_adds_pil"] else 0
    name = who(unit, plan.units)
    dice_words: Words = "D6"
    if pil:
        dice_words = msg("rt.dice.pil", dice=dice_words, pil=pil)
    if unit.dodge_modifier:
        dice_words = msg("rt.dice.dodge_modifier", dice=dice_words, mod=unit.dodge_modifier)
    face = dice.d6(msg("rt.roll.dodge", unit=name, dice=dice_words, strike=hit.strike))
    ok = dodges(plan, unit, face, hit.strike)
    if not log.silent:
        total = face + dodge_bonus(plan, unit)
        sum_words: Words | int = face
        if pil:
            sum_words = msg("rt.sum.pil", sum=sum_words, pil=pil)
        if unit.dodge_modifier:
            sum_words = msg("rt.sum.modifier", sum=sum_words, mod=unit.dodge_modifier)
        of = (msg("rt.highest_strike", n=hit.striking) if hit.striking > 1
              else msg("rt.the_strike"))
        outcome = msg("rt.dodge.dodged") if ok else msg("rt.dodge.fails")
        if ok != (total >= hit.strike):
            outcome = msg("rt.natural", face=face, outcome=outcome)
        log.step("RT-18" if plan.volley else "RT-6",
                 msg("rt.dodge", unit=name, sum=sum_words, total=total, of=of,
                     strike=hit.strike, outcome=outcome),
                 unit_state(unit.id, "dodged" if ok else "hit"))
    return ok


def counts_templates(plan: Plan) -> bool:
    """RT-18's "4 missiles ... hit" a mecha read as RT-11's "hit": every missile whose
    template is over it (option ``inescapable_count`` "under-template"), or only those
    whose Strike reaches its DF ("would-damage")."""
    return bool(plan.options["inescapable_count"] == "under-template")


def inescapable(plan: Plan, hit: Impact) -> Msg | None:
    """RT-18: why no Dodge is possible against these missiles (None when one is)."""
    weapon = plan.scenario.attack.weapon
    if counts_templates(plan) and hit.templates >= INESCAPABLE_MISSILES:
        return msg("rt.inescapable.over", n=hit.templates,
                   reading=reading_words("robotech", "inescapable_count", "under-template"))
    if hit.striking >= INESCAPABLE_MISSILES:
        return msg("rt.inescapable.strike", n=hit.striking)
    return msg("rt.inescapable.weapon", weapon=weapon.name) if weapon.has("inescapable") else None


def dodge_after_shot(plan: Plan) -> bool:
    """May a mecha that tried to shoot the missiles down also Dodge them? Not by default:
    "Dodge OR shoot down" (the Quick Start's Command Point uses; option
    ``shoot_and_dodge``)."""
    return bool(plan.options["shoot_and_dodge"])


def may_dodge(plan: Plan, unit: Unit, hit: Impact, budget: int) -> bool:
    """Could a Dodge be rolled at all: allowed, a CP to spend, and a chance to help."""
    return (plan.reactions_of(unit).allows("dodge") and budget >= 1
            and helps(plan, unit, hit, "dodge"))


def will_dodge(plan: Plan, unit: Unit, hit: Impact, budget: int, shot: bool) -> bool:
    """RT-6 / RT-18: with a CP the mecha may spend, at most 3 missiles, a chance to succeed,
    not after its own shoot-down (`shot`) unless ``shoot_and_dodge``, and as its
    `Reactions` say (priority: a CP for a Roll with Impact it ranks higher is kept; best:
    when it lowers the expected damage)."""
    react = plan.reactions_of(unit)
    if (shot and not dodge_after_shot(plan)) or not may_dodge(plan, unit, hit, budget):
        return False
    if react.best:
        fail = 1 - dodge_chance(plan, unit, hit.strike)
        return fail * taken(plan, unit, hit, budget - 1) < taken(plan, unit, hit, budget) - SAME
    return budget - 1 >= reserved(plan, unit, hit, "dodge")


def reduced(plan: Plan, hit: Impact) -> int:
    """RT-7 / RT-19: the damage after one Roll with Impact (option ``impact_halves``)."""
    return halve(plan, hit.damage) if plan.options["impact_halves"] == "volley" else hit.halved


def roll_with_impact(plan: Plan, unit: Unit, hit: Impact, log: Log) -> int:
    """RT-7 / RT-19: one Roll with Impact (1 CP) halves the damage, rounded down, at least
    ``impact_minimum``."""
    damage = reduced(plan, hit)
    if not log.silent:
        log.step("RT-19" if plan.volley else "RT-7",
                 msg("rt.impact", unit=who(unit, plan.units), damage=hit.damage,
                     reduced=damage), unit_state(unit.id, "damaged"))
    return damage


def will_roll_with_impact(plan: Plan, unit: Unit, hit: Impact, budget: int) -> bool:
    """RT-7: with a CP the mecha may spend and its policy's leave, not against Overwhelming,
    when it lowers the damage."""
    return (plan.reactions_of(unit).allows("roll_with_impact")
            and budget >= 1 and helps(plan, unit, hit, "roll_with_impact"))


def defend(plan: Plan, index: int, hit: Impact | None, spent: int, shot: bool, dice: Dice,
           log: Log) -> Defence:
    """One unit against the missiles left: structures take it all (RT-8); a mecha may Dodge
    (RT-6, RT-15, RT-18; not after its own shoot-down, `shot`, unless ``shoot_and_dodge``),
    then Roll with Impact (RT-7, RT-15, RT-19), with the CP its purse has left (`spent`:
    already gone from it) and it may spend."""
    if hit is None or not hit.damage:
        return Defence(0, 0)
    unit = plan.units[index]
    if not unit.is_mecha:
        if not log.silent:
            log.step("RT-8", msg("rt.structure", unit=who(unit, plan.units), damage=hit.damage),
                     unit_state(unit.id, "damaged"))
        return Defence(hit.damage, 0)
    why = None if log.silent else inescapable(plan, hit)
    if why is not None:
        log.step("RT-18", msg("rt.cannot_dodge", unit=who(unit, plan.units), why=why))
    budget = plan.cp[index] - spent - plan.reactions_of(unit).keep
    tried: tuple[str, ...] = ()
    if (not log.silent and shot and not dodge_after_shot(plan)
            and may_dodge(plan, unit, hit, budget)):
        log.step("RT-18" if plan.volley else "RT-6",
                 msg("rt.shot_so_no_dodge", unit=who(unit, plan.units),
                     reading=reading_words("robotech", "shoot_and_dodge", False)))
    if will_dodge(plan, unit, hit, budget, shot):
        if dodge(plan, unit, hit, dice, log):
            return Defence(0, 1, ("dodge",))
        budget -= 1
        tried = ("dodge-failed",)
    if will_roll_with_impact(plan, unit, hit, budget):
        return Defence(roll_with_impact(plan, unit, hit, log), len(tried) + 1,
                       tried + ("roll-with-impact",))
    return Defence(hit.damage, len(tried), tried)


MOST_SPENT = 3
"""What one mecha may spend on one attack: a shoot-down, a Dodge, a Roll with Impact."""


def pool_binds(plan: Plan) -> bool:
    """Can one mecha's spending change what another may do? Only when several that may spend
    share a purse (a side's pool, option ``command_points``) holding less than
    `MOST_SPENT` per mecha plus the most any of them keeps: a decision reads a purse only
    up to `MOST_SPENT`, so with that much each decides as if it alone drew on it."""
    spenders: dict[str, list[int]] = {}
    for i, u in enumerate(plan.units):
        if plan.cp[i] and plan.reactions_of(u).order:
            spenders.setdefault(plan.purses[i], []).append(i)
    return any(len(idx) > 1 and plan.cp[idx[0]] < MOST_SPENT * len(idx) + max(
        plan.reactions_of(plan.units[i]).keep for i in idx) for idx in spenders.values())
