"""What one Robotech unit's reactions can tell apart in the missiles over it (RT-6, RT-7,
RT-11, RT-18), for the exact odds (`robotech.odds`): a `Canon` keeps of an Impact only
what its own Dodge and Roll with Impact (`defence_canon`) or a shooter's shoot-down
decision (`decision_canon`) read, so that missiles that differ only in what no reaction
reads are one outcome.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.systems.robotech.defence import INESCAPABLE_MISSILES, counts_templates, dodge_bonus
from engine.systems.robotech.shootdowns import Threat, will_shoot
from engine.systems.robotech.stages import Impact, Plan


class Canon(NamedTuple):
    """What one unit's reactions can tell apart in the Impact of the missiles over it,
    kept so under sums: the striking missiles up to `striking` (4: Inescapable, RT-18; 1 where
    no Dodge can matter), the damage up to `damage` (0: exact), each Strike total by its
    class (`strike`, from the total `low`: totals that a Dodge, or this shooter's decision,
    cannot tell apart share one, the lowest), and the damage halved missile by missile only
    if `halved`; the templates over the unit up to `templates` (4 where RT-18 counts them,
    option ``inescapable_count``; 0: not kept)."""

    striking: int
    damage: int
    low: int
    strike: tuple[int, ...]
    halved: bool
    templates: int = 0

    def of(self, hit: Impact | None) -> Impact | None:
        if hit is None or not (hit.striking or hit.damage or self.templates and hit.templates):
            return None
        return self.kept(hit)

    def kept(self, hit: Impact) -> Impact | None:
        damage = min(hit.damage, self.damage) if self.damage else hit.damage
        count = min(hit.striking, self.striking)
        templates = min(hit.templates, self.templates)
        if not count and not damage and not templates:
            return None
        return Impact(templates, count, damage, hit.halved if self.halved else 0,
                      self.klass(hit.strike) if hit.striking else 0)

    def klass(self, total: int) -> int:
        return self.strike[min(max(total - self.low, 0), len(self.strike) - 1)]

    def plus(self, a: Impact | None, b: Impact | None) -> Impact | None:
        """Two kept Impacts summed, kept again."""
        if a is None:
            return b
        if b is None:
            return a
        return self.kept(a.plus(b))

    def join(self, a: Threat | None, b: Threat) -> Threat:
        """Two Threats to one shooter, summed."""
        if a is None:
            return b
        return Threat(self.plus(a.own, b.own), a.others or b.others)


FACES = 7
"""Strike totals from `low` (every face dodges) to `low` + 6 (none does)."""


def may_dodge_at_all(plan: Plan, index: int) -> bool:
    """Can this unit ever roll a Dodge against this attack (the Strike then matters)?"""
    unit = plan.units[index]
    react = plan.reactions_of(unit)
    return (unit.is_mecha and react.allows("dodge") and plan.cp[index] - react.keep >= 1
            and not plan.scenario.attack.weapon.has("inescapable"))


def defence_canon(plan: Plan, index: int) -> Canon:
    """What unit `index`'s own Dodge and Roll with Impact read of the missiles left."""
    low = dodge_bonus(plan, plan.units[index]) + 1
    halved = plan.options["impact_halves"] == "missile"
    if not may_dodge_at_all(plan, index):
        return Canon(1, 0, low, (0,) * FACES, halved)
    return Canon(INESCAPABLE_MISSILES, 0, low, tuple(range(low, low + FACES)), halved,
                 template_cap(plan))


def template_cap(plan: Plan) -> int:
    """How many templates over a unit its Dodge can tell apart (RT-18's count)."""
    return INESCAPABLE_MISSILES if counts_templates(plan) else 0


def decision_canon(plan: Plan, index: int) -> Canon:
    """What shooter `index`'s decision (`will_shoot`) reads of the missiles over it. A
    decision of priority reads only whether they damage it (unless it ranks a Dodge or a
    Roll with Impact higher); so does one of the policy best against an Overwhelming
    weapon (no Roll with Impact: the expected damages it compares scale with the damage),
    which reads the Strike only through runs of totals giving the same decisions."""
    unit = plan.units[index]
    react = plan.reactions_of(unit)
    low = dodge_bonus(plan, unit) + 1
    ranked = react.order[:react.order.index("shoot_down")]
    if not react.best and not ranked:
        return Canon(0, 1, low, (0,) * FACES, False)
    if not plan.scenario.attack.weapon.has("overwhelming"):
        return Canon(INESCAPABLE_MISSILES, 0, low, tuple(range(low, low + FACES)),
                     plan.options["impact_halves"] == "missile", template_cap(plan))
    classes: list[int] = []
    seen: tuple[bool, ...] = ()
    first = low
    for total in range(low, low + FACES):
        says = tuple(will_shoot(plan, index, Threat(Impact(t, c, d, 0, total), o))
                     for c in range(1, INESCAPABLE_MISSILES + 1)
                     for t in range(c, template_cap(plan) + 1) or (0,)
                     for d in (0, 1) for o in (False, True))
        if says != seen:
            seen, first = says, total
        classes.append(first)
    return Canon(INESCAPABLE_MISSILES, 1, low, tuple(classes), False, template_cap(plan))
