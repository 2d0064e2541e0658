"""The result in words: one line per unit something happened to, for the summary under the
page's board, the exported picture, the board's text alternative and the live region.

Nothing here decides a rule. It reads a resolution's effects (the dicts each system's
``effects`` returns) and the unit marks of the steps shown (engine.log), and needs no
svgwrite, so the page can use it before the renderer is loaded.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from engine.log import Resolution, Step
from engine.names import shown_names
from engine.scenario import Scenario
from engine.systems import DEFAULT_SEED
from engine.words import DEFAULT_LANG, Lang, say

STATE_WORDS = {"hit": "hit", "damaged": "damaged", "dodged": "dodged", "shot-down": "shot down",
               "saved": "saved", "missed": "missed", "untouched": "untouched"}
"""How a unit's state at a step reads in the summary while stepping."""

REACTION_WORDS = {"dodge": "dodged", "dodge-failed": "failed to dodge",
                  "roll-with-impact": "rolled with the impact",
                  "shoot-down": "shot a missile down",
                  "shoot-down-failed": "failed to shoot a missile down"}
"""Robotech reactions (RT-6 to RT-11) as a player says them."""


def unit_states(steps: Iterable[tuple[int, Step]]) -> dict[str, str]:
    """Each unit's state in the last of `steps` that mentions it."""
    states: dict[str, str] = {}
    for _, step in steps:
        for mark in step.marks:
            if mark.get("kind") == "unit" and "id" in mark and mark.get("state"):
                states[str(mark["id"])] = str(mark["state"])
    return states


def plural(n: int, word: str) -> str:
    """"1 hit", "2 hits"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _robotech(e: dict[str, Any], reached: bool = False) -> str | None:
    """A mecha's Strike hits, reactions and MD damage (RT-1 to RT-22); `reached`: the
    line already says which templates reached it, so the count of them is left out."""
    hits, damage, cp = int(e.get("hits", 0)), int(e.get("damage", 0)), int(e.get("cp_spent", 0))
    reactions = [REACTION_WORDS.get(r, str(r).replace("-", " ")) for r in e.get("reactions", [])]
    if not (hits or damage or cp or reactions):
        return None
    parts = [f"under {plural(hits, 'template')}"] if hits and not reached else []
    parts += reactions
    if cp:
        parts.append(f"{cp} CP spent")
    outcome = f"{damage} damage" if damage else "no damage"
    return f"{', '.join(parts)}: {outcome}" if parts else outcome


def _heresy(e: dict[str, Any]) -> str | None:
    """A model's hits, wounds, saves and removal, or a vehicle's glancing and penetrating
    hits and Hull Points (HH-1 to HH-20)."""
    hits = int(e.get("hits", 0))
    if "hull_points_lost" in e:
        if not hits:
            return None
        parts = [plural(hits, "hit")]
        for key in ("glancing", "penetrating"):
            if e.get(key):
                parts.append(f"{e[key]} {key}")
        lost = int(e.get("hull_points_lost", 0))
        outcome = "wrecked" if e.get("wrecked") else (
            f"{plural(lost, 'Hull Point')} lost" if lost else "no Hull Point lost")
        return f"{', '.join(parts)}: {outcome}"
    lost, hot = int(e.get("wounds_lost", 0)), list(e.get("gets_hot") or [])
    if not (hits or lost or hot):
        return None
    parts = [plural(hits, "hit")] if hits else []
    if e.get("wounds"):
        parts.append(plural(int(e["wounds"]), "wound"))
    if e.get("saved"):
        parts.append(f"{e['saved']} saved")
    if e.get("ignored"):
        parts.append(f"{e['ignored']} ignored")
    if hot:
        parts.append("the weapon Gets Hot")
    outcome = "removed" if e.get("removed") else (
        f"{plural(lost, 'Wound')} lost" if lost else "no Wound lost")
    return f"{', '.join(parts)}: {outcome}" if parts else outcome


def _battletech(e: dict[str, Any]) -> str | None:
    """A unit's damage from the turn's support, by hit location (BT-RULE to BT-ART)."""
    damage = int(e.get("damage", 0))
    if not (e.get("hit") or damage):
        return None
    locations = e.get("locations") or {}
    where = ", ".join(f"{loc} {n}" for loc, n in locations.items() if loc not in ("", "-"))
    return f"{damage} damage" + (f" ({where})" if where else "") if damage else "hit, no damage"


Reach = tuple[str, float | None]
"""A Robotech template that came down on a unit: its source ("missile 3", "the blast") and
how far it scattered first (None: it landed where it was aimed)."""


def reaches(steps: Iterable[Step]) -> dict[str, list[Reach]]:
    """Robotech (RT-5, RT-12 to RT-20): per unit id, the templates whose Strike reached it,
    read from the steps' marks: a final template's ``source`` and the scatter arrow of the
    same name before it."""
    scattered: dict[str, float] = {}
    found: dict[str, list[Reach]] = {}
    for step in steps:
        for mark in step.marks:
            if mark.get("kind") == "scatter" and mark.get("label"):
                scattered[say(mark["label"])] = float(mark["distance"])
        source = next((say(m["source"]) for m in step.marks if m.get("kind") == "template"
                       and m.get("role") == "final" and m.get("source")), None)
        if source is None:
            continue
        for mark in step.marks:
            if mark.get("kind") == "unit" and mark.get("state") == "hit":
                found.setdefault(str(mark["id"]), []).append((source, scattered.get(source)))
    return found


def inches(d: float) -> str:
    """7 -> '7"', 6.25 -> '6.2"'."""
    return f'{d:g}"' if d == int(d) else f'{d:.1f}"'


def and_list(words: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def reach_words(reached: list[Reach]) -> str:
    """What came down on a unit, before its name: "Missiles 1 and 2 landed on",
    'Missile 3 scattered 7" onto'."""
    direct = [source for source, d in reached if d is None]
    parts = []
    if direct:
        numbers = [m.group(1) for m in map(MISSILE.fullmatch, direct) if m]
        names = (f"missiles {and_list(numbers)}" if len(numbers) == len(direct) > 1
                 else and_list(direct))
        parts.append(f"{names} landed on")
    parts += [f"{source} scattered {inches(d)} onto" for source, d in reached if d is not None]
    text = and_list(parts)
    return text[0].upper() + text[1:]


MISSILE = re.compile(r"missile (\d+)")


_SENTENCES = {"robotech": _robotech, "heresy": _heresy, "battletech": _battletech}


def effect_sentence(system: str, effect: dict[str, Any]) -> str | None:
    """What happened to one unit as a short sentence; None when nothing did."""
    return _SENTENCES[system](effect)


def summary_lines(scenario: Scenario, resolution: Resolution | None,
                  upto_step: int | None = None, *, so_far: bool = False) -> list[tuple[str, str]]:
    """(unit id, line) for every unit something happened to: its final effect after the
    whole resolution, or its state at step `upto_step` while stepping (or at the last
    step of a resolution still waiting for dice, `so_far`: it has no effects yet)."""
    if resolution is None:
        return []
    last = len(resolution.steps) - 1
    names = shown_names(scenario.units)
    if so_far or (upto_step is not None and upto_step < last):
        upto = last if upto_step is None else upto_step
        states = unit_states(enumerate(resolution.steps[: upto + 1]))
        return [(u.id, f"{names[u.id]}: {STATE_WORDS.get(states[u.id], states[u.id])}")
                for u in scenario.units if states.get(u.id, "untouched") != "untouched"]
    effects = resolution.effects
    reached = reaches(resolution.steps) if scenario.system == "robotech" else {}
    lines = []
    for u in scenario.units:
        effect = effects.get(u.id) or {}
        if u.id in reached:
            damage = _robotech(effect, reached=True) or "no damage"
            lines.append((u.id, f"{reach_words(reached[u.id])} {names[u.id]}: {damage}"))
        elif sentence := effect_sentence(scenario.system, effect):
            lines.append((u.id, f"{names[u.id]}: {sentence}"))
    return lines


def dice_words(scenario: Scenario, *, lang: Lang = DEFAULT_LANG) -> str:
    """Which dice the resolution uses: the scenario's scripted dice, or its seed."""
    if scenario.dice:
        return f"scripted dice ({len(scenario.dice)})"
    return f"seed {DEFAULT_SEED if scenario.seed is None else scenario.seed}"
