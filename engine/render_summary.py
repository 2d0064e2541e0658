"""The result in words: one line per unit something happened to, for the summary under the
page's board, the exported picture, the board's text alternative and the live region.

Nothing here decides a rule. It reads a resolution's effects (the dicts each system's
``effects`` returns) and the unit marks of the steps shown (engine.log), and needs no
svgwrite, so the page can use it before the renderer is loaded.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.log import Resolution, Step
from engine.scenario import Scenario
from engine.systems import DEFAULT_SEED

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


def unit_label(unit: Any) -> str:
    """A unit as players name it: its name, with its id when the name differs."""
    return unit.name if unit.name == unit.id else f"{unit.name} ({unit.id})"


def plural(n: int, word: str) -> str:
    """"1 hit", "2 hits"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _robotech(e: dict) -> str | None:
    """A mecha's Strike hits, reactions and MD damage (RT-1 to RT-22)."""
    hits, damage, cp = int(e.get("hits", 0)), int(e.get("damage", 0)), int(e.get("cp_spent", 0))
    reactions = [REACTION_WORDS.get(r, str(r).replace("-", " ")) for r in e.get("reactions", [])]
    if not (hits or damage or cp or reactions):
        return None
    parts = [f"under {plural(hits, 'template')}"] if hits else []
    parts += reactions
    if cp:
        parts.append(f"{cp} CP spent")
    outcome = f"{damage} damage" if damage else "no damage"
    return f"{', '.join(parts)}: {outcome}" if parts else outcome


def _heresy(e: dict) -> str | None:
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


def _battletech(e: dict) -> str | None:
    """A unit's damage from the turn's support, by hit location (BT-RULE to BT-ART)."""
    damage = int(e.get("damage", 0))
    if not (e.get("hit") or damage):
        return None
    locations = e.get("locations") or {}
    where = ", ".join(f"{loc} {n}" for loc, n in locations.items() if loc not in ("", "-"))
    return f"{damage} damage" + (f" ({where})" if where else "") if damage else "hit, no damage"


_SENTENCES = {"robotech": _robotech, "heresy": _heresy, "battletech": _battletech}


def effect_sentence(system: str, effect: dict) -> str | None:
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
    if not so_far and (upto_step is None or upto_step >= last):
        effects = resolution.effects
        lines = [(u.id, effect_sentence(scenario.system, effects.get(u.id) or {}))
                 for u in scenario.units]
    else:
        upto = last if upto_step is None else upto_step
        states = unit_states(enumerate(resolution.steps[: upto + 1]))
        lines = [(u.id, STATE_WORDS.get(states[u.id], states[u.id]))
                 for u in scenario.units if states.get(u.id, "untouched") != "untouched"]
    by_id = {u.id: u for u in scenario.units}
    return [(uid, f"{unit_label(by_id[uid])}: {text}") for uid, text in lines if text]


def dice_words(scenario: Scenario) -> str:
    """Which dice the resolution uses: the scenario's scripted dice, or its seed."""
    if scenario.dice:
        return f"scripted dice ({len(scenario.dice)})"
    return f"seed {DEFAULT_SEED if scenario.seed is None else scenario.seed}"


def result_text(scenario: Scenario, resolution: Resolution | None,
                upto_step: int | None = None) -> str:
    """The summary as one paragraph (the board's description and the live region)."""
    if resolution is None:
        return "Not rolled yet."
    lines = [line for _, line in summary_lines(scenario, resolution, upto_step)]
    return "; ".join(lines) + "." if lines else "Nothing was hit."
