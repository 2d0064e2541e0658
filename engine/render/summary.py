"""The result in words: one line per unit something happened to, for the summary under the
page's board, the exported picture, the board's text alternative and the live region.

Nothing here decides a rule. It reads a resolution's effects (the dicts each system's
``effects`` returns) and the unit marks of the steps shown (engine.log), and needs no
svgwrite, so the page can use it before the renderer is loaded.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.log import Resolution, Step
from engine.names import shown_names
from engine.scenario import Scenario
from engine.systems import DEFAULT_SEED
from engine.systems.battletech.sheet import location_words
from engine.words import DEFAULT_LANG, Lang, Msg, Words, msg, say

STATE_WORDS: dict[str, Msg] = {state: msg(f"render.state.{state}") for state in (
    "hit", "damaged", "dodged", "shot-down", "saved", "missed", "untouched")}
"""How a unit's state at a step reads in the summary while stepping."""

REACTION_WORDS: dict[str, Msg] = {reaction: msg(f"render.reaction.{reaction}") for reaction in (
    "dodge", "dodge-failed", "roll-with-impact", "shoot-down", "shoot-down-failed")}
"""Robotech reactions (RT-6 to RT-11) as a player says them."""


def unit_states(steps: Iterable[tuple[int, Step]]) -> dict[str, str]:
    """Each unit's state in the last of `steps` that mentions it."""
    states: dict[str, str] = {}
    for _, step in steps:
        for mark in step.marks:
            if mark.get("kind") == "unit" and "id" in mark and mark.get("state"):
                states[str(mark["id"])] = str(mark["state"])
    return states


def _outcome(parts: list[Words], outcome: Msg) -> Msg:
    """ "3 hits, 1 saved: no Wound lost" (the outcome alone when there are no parts)."""
    return msg("render.parts_outcome", parts=parts, outcome=outcome) if parts else outcome


def _robotech(e: dict[str, Any], reached: bool = False) -> Msg | None:
    """A mecha's Strike hits, reactions and MD damage (RT-1 to RT-22); `reached`: the
    line already says which templates reached it, so the count of them is left out."""
    hits, damage, cp = int(e.get("hits", 0)), int(e.get("damage", 0)), int(e.get("cp_spent", 0))
    reactions: list[Words] = [REACTION_WORDS.get(r, str(r).replace("-", " "))
                              for r in e.get("reactions", [])]
    if not (hits or damage or cp or reactions):
        return None
    parts: list[Words] = [msg("render.under", n=hits)] if hits and not reached else []
    parts += reactions
    if cp:
        parts.append(msg("render.cp_spent", n=cp))
    outcome = msg("render.damage", n=damage) if damage else msg("render.no_damage")
    return _outcome(parts, outcome)


def _heresy(e: dict[str, Any]) -> Msg | None:
    """A model's hits, wounds, saves and removal, or a vehicle's glancing and penetrating
    hits and Hull Points (HH-1 to HH-20)."""
    hits = int(e.get("hits", 0))
    if "hull_points_lost" in e:
        if not hits:
            return None
        parts: list[Words] = [msg("render.hits", n=hits)]
        for key in ("glancing", "penetrating"):
            if e.get(key):
                parts.append(msg(f"render.{key}", n=e[key]))
        lost = int(e.get("hull_points_lost", 0))
        outcome = msg("render.wrecked") if e.get("wrecked") else (
            msg("render.hull_points_lost", n=lost) if lost else msg("render.no_hull_point_lost"))
        return _outcome(parts, outcome)
    lost, hot = int(e.get("wounds_lost", 0)), list(e.get("gets_hot") or [])
    if not (hits or lost or hot):
        return None
    parts = [msg("render.hits", n=hits)] if hits else []
    if e.get("wounds"):
        parts.append(msg("render.wounds", n=int(e["wounds"])))
    if e.get("saved"):
        parts.append(msg("render.saved", n=e["saved"]))
    if e.get("ignored"):
        parts.append(msg("render.ignored", n=e["ignored"]))
    if hot:
        parts.append(msg("render.gets_hot"))
    outcome = msg("render.removed") if e.get("removed") else (
        msg("render.wounds_lost", n=lost) if lost else msg("render.no_wound_lost"))
    return _outcome(parts, outcome)


def _battletech(e: dict[str, Any]) -> Msg | None:
    """A unit's damage from the turn's support, by hit location (BT-RULE to BT-ART)."""
    damage = int(e.get("damage", 0))
    if not (e.get("hit") or damage):
        return None
    locations = e.get("locations") or {}
    where = [msg("render.location", location=location_words(loc), n=n)
             for loc, n in locations.items() if loc not in ("", "-")]
    if not damage:
        return msg("render.hit_no_damage")
    return msg("render.damage_at", n=damage, where=where) if where else msg("render.damage",
                                                                             n=damage)


Reach = tuple[Words, float | None]
"""A Robotech template that came down on a unit: its source ("missile 3", "the blast"; the
message of the template's mark, matched by equality) and how far it scattered first
(None: it landed where it was aimed)."""


def reaches(steps: Iterable[Step]) -> dict[str, list[Reach]]:
    """Robotech (RT-5, RT-12 to RT-20): per unit id, the templates whose Strike reached it,
    read from the steps' marks: a final template's ``source`` and the scatter arrow of the
    same name before it."""
    scattered: dict[Words, float] = {}
    found: dict[str, list[Reach]] = {}
    for step in steps:
        for mark in step.marks:
            if mark.get("kind") == "scatter" and mark.get("label"):
                scattered[mark["label"]] = float(mark["distance"])
        source: Words | None = next((m["source"] for m in step.marks
                                     if m.get("kind") == "template"
                                     and m.get("role") == "final" and m.get("source")), None)
        if source is None:
            continue
        for mark in step.marks:
            if mark.get("kind") == "unit" and mark.get("state") == "hit":
                found.setdefault(str(mark["id"]), []).append((source, scattered.get(source)))
    return found


def inches(d: float) -> str:
    """7 -> '7"', 6.25 -> '6.2"' (Japanese players write inches so too)."""
    return f'{d:g}"' if d == int(d) else f'{d:.1f}"'


def and_list(words: Sequence[Words]) -> Words:
    """"a", "a and b", "a, b and c" ("a", "aとb", "a、bとc")."""
    if len(words) == 1:
        return words[0]
    return msg("render.and", items=list(words[:-1]), last=words[-1])


def missile_number(source: Words) -> str | None:
    """The number of a Robotech missile a template's source names (``rt.missile``: "3"),
    or None (the blast, the volley's template)."""
    return str(source.args["n"]) if isinstance(source, Msg) and source.key == "rt.missile" \
        else None


def reach_words(reached: list[Reach]) -> Words:
    """What came down on a unit: "Missiles 1 and 2 landed on",
    'Missile 3 scattered 7" onto' (said before the unit's name in English, after it in
    Japanese: `render.reached`)."""
    direct = [source for source, d in reached if d is None]
    parts: list[Words] = []
    if direct:
        numbers = [n for n in map(missile_number, direct) if n is not None]
        names = (msg("render.missiles", numbers=and_list(numbers))
                 if len(numbers) == len(direct) > 1 else and_list(direct))
        parts.append(msg("render.landed_on", what=names))
    parts += [msg("render.scattered_onto", what=source, distance=inches(d))
              for source, d in reached if d is not None]
    return msg("render.and_then", items=parts[:-1], last=parts[-1]) if len(parts) > 1 \
        else parts[0]


_SENTENCES = {"robotech": _robotech, "heresy": _heresy, "battletech": _battletech}


def effect_sentence(system: str, effect: dict[str, Any]) -> Msg | None:
    """What happened to one unit as a short sentence; None when nothing did."""
    return _SENTENCES[system](effect)


def summary_lines(scenario: Scenario, resolution: Resolution | None,
                  upto_step: int | None = None, *, so_far: bool = False,
                  lang: Lang = DEFAULT_LANG) -> list[tuple[str, str]]:
    """(unit id, line) for every unit something happened to: its final effect after the
    whole resolution, or its state at step `upto_step` while stepping (or at the last
    step of a resolution still waiting for dice, `so_far`: it has no effects yet)."""
    return [(uid, say(line, lang)) for uid, line in summary_messages(
        scenario, resolution, upto_step, so_far=so_far)]


def summary_messages(scenario: Scenario, resolution: Resolution | None,
                     upto_step: int | None = None, *, so_far: bool = False
                     ) -> list[tuple[str, Msg]]:
    """`summary_lines` as messages, to say in any language."""
    if resolution is None:
        return []
    last = len(resolution.steps) - 1
    names = shown_names(scenario.units)
    if so_far or (upto_step is not None and upto_step < last):
        upto = last if upto_step is None else upto_step
        states = unit_states(enumerate(resolution.steps[: upto + 1]))
        return [(u.id, msg("render.unit_line", unit=names[u.id],
                           what=STATE_WORDS.get(states[u.id], states[u.id])))
                for u in scenario.units if states.get(u.id, "untouched") != "untouched"]
    effects = resolution.effects
    reached = reaches(resolution.steps) if scenario.system == "robotech" else {}
    lines = []
    for u in scenario.units:
        effect = effects.get(u.id) or {}
        if u.id in reached:
            damage = _robotech(effect, reached=True) or msg("render.no_damage")
            lines.append((u.id, msg("render.reached", reach=reach_words(reached[u.id]),
                                    unit=names[u.id], what=damage)))
        elif sentence := effect_sentence(scenario.system, effect):
            lines.append((u.id, msg("render.unit_line", unit=names[u.id], what=sentence)))
    return lines


def dice_words(scenario: Scenario, *, lang: Lang = DEFAULT_LANG) -> str:
    """Which dice the resolution uses: the scenario's scripted dice, or its seed."""
    return say(dice_message(scenario), lang)


def dice_message(scenario: Scenario) -> Msg:
    """`dice_words` as a message."""
    if scenario.dice:
        return msg("render.scripted_dice", n=len(scenario.dice))
    return msg("render.seed", seed=DEFAULT_SEED if scenario.seed is None else scenario.seed)
