"""The result as players count it: one line per unit on the table, with the line per
model folded behind it.

- 40K / Heresy (HH-7, HH-8): the models sharing a ``unit`` name are one unit, counted
  together: "Tactical Squad: 3 hits, 2 wounds, 1 removed (Marine 5)"; a unit of one model
  (a vehicle, a lone firer) keeps its model's line.
- Robotech (RT-5, RT-12 to RT-21): a line per mecha reached, then one per missile (or
  blast) that came down on no unit, so every missile is accounted for.
- BattleTech (BT-RULE.3): a line per unit, by hit location, saying which support did
  which damage when more than one reached it.

Pure reading of a resolution, like engine.render.summary (whose per-unit lines it folds);
no svgwrite, so the page can use it before the renderer is loaded.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.log import Resolution
from engine.names import shown_names
from engine.render.summary import (
    inches,
    plural,
    reaches,
    summary_lines,
)
from engine.scenario import Scenario
from engine.systems.battletech import bsp
from engine.systems.battletech.turn import support_labels
from engine.words import DEFAULT_LANG, Lang, say


@dataclass(frozen=True)
class Line:
    """One line of the result: `text` about the units `units` (ids), with `detail`, the
    (unit id, line) per model folded behind it (empty when the line says it all)."""

    key: str
    text: str
    units: tuple[str, ...]
    detail: tuple[tuple[str, str], ...] = ()


def squads(scenario: Scenario) -> dict[str, list[Any]]:
    """40K / Heresy: unit name -> its models, in document order (HH-7: a unit is the
    models sharing the name); every other system's units stand alone."""
    grouped: dict[str, list[Any]] = {}
    for u in scenario.units:
        grouped.setdefault(str(getattr(u, "unit", u.id)) if scenario.system == "heresy"
                           else u.id, []).append(u)
    return grouped


def _is_id(text: str) -> bool:
    """A machine name ("tactical", "leman-russ-1") rather than a player's ("Tactical Squad")."""
    return text == text.lower() and " " not in text


def _base(name: str) -> str:
    """A model's name without its number: "Tactical Marine 3" -> "Tactical Marine"."""
    head, _, tail = name.rpartition(" ")
    return head if head and tail.isdigit() else name


def squad_name(scenario: Scenario, key: str, models: Sequence[Any], *,
               lang: Lang = DEFAULT_LANG) -> str:
    """A 40K unit as players call it: its ``unit`` name when a player wrote one ("Tactical
    Squad"), a lone model's own name, or the name its models share ("Tactical Marine
    squad"); the unit name in words otherwise."""
    if not _is_id(key):
        return key
    if len(models) == 1:
        return shown_names(scenario.units)[models[0].id]
    bases = {_base(m.name) for m in models}
    if len(bases) == 1 and not _is_id(base := bases.pop()):
        return f"{base} squad"
    words = key.replace("-", " ").replace("_", " ")
    return words[:1].upper() + words[1:]


def _squad_text(effects: Sequence[dict[str, Any]], removed: Sequence[str]) -> str:
    """What a 40K unit of models took: hits, wounds, saves, models removed (HH-7, HH-8)."""
    total = {k: sum(int(e.get(k, 0)) for e in effects)
             for k in ("hits", "wounds", "saved", "ignored", "wounds_lost")}
    parts = [plural(total["hits"], "hit")]
    if total["wounds"]:
        parts.append(plural(total["wounds"], "wound"))
    if total["saved"]:
        parts.append(f"{total['saved']} saved")
    if total["ignored"]:
        parts.append(f"{total['ignored']} ignored")
    if removed:
        parts.append(f"{len(removed)} removed ({', '.join(removed)})")
    elif total["wounds_lost"]:
        parts.append(f"{plural(total['wounds_lost'], 'Wound')} lost, no model removed")
    else:
        parts.append("no model removed")
    if any(e.get("gets_hot") for e in effects):
        parts.append("the weapon Gets Hot")
    return ", ".join(parts)


def _heresy(scenario: Scenario, resolution: Resolution,
            per_unit: list[tuple[str, str]]) -> list[Line]:
    lines_of = dict(per_unit)
    names = shown_names(scenario.units)
    out = []
    for key, models in squads(scenario).items():
        touched = [(m.id, lines_of[m.id]) for m in models if m.id in lines_of]
        if not touched:
            continue
        ids = tuple(m.id for m in models)
        if len(models) == 1 or all(m.vehicle for m in models):
            out += [Line(uid, text, (uid,)) for uid, text in touched]
            continue
        effects = [resolution.effects.get(m.id) or {} for m in models]
        removed = [names[m.id] for m, e in zip(models, effects, strict=True) if e.get("removed")]
        text = f"{squad_name(scenario, key, models)}: {_squad_text(effects, removed)}"
        out.append(Line(key, text, ids, tuple(touched)))
    return out


def _missed(resolution: Resolution) -> list[Line]:
    """Robotech: a line for each template that came down on no unit ("Missile 1
    scattered 8" onto no unit"), from the steps' final templates and scatter arrows."""
    reached = {source for found in reaches(resolution.steps).values() for source, _ in found}
    scattered: dict[str, float] = {}
    out = []
    for step in resolution.steps:
        for mark in step.marks:
            if mark.get("kind") == "scatter" and mark.get("label"):
                scattered[str(mark["label"])] = float(mark["distance"])
            if (mark.get("kind") == "template" and mark.get("role") == "final"
                    and mark.get("source") and str(mark["source"]) not in reached):
                source = str(mark["source"])
                how = (f"scattered {inches(scattered[source])} and came down"
                       if source in scattered else "landed")
                out.append(Line(source, f"{source[:1].upper()}{source[1:]} {how} on no unit",
                                ()))
    return out


def _battletech(scenario: Scenario, resolution: Resolution, per_unit: list[tuple[str, str]]
                ) -> list[Line]:
    """A line per unit; by support when more than one support reached it (BT-RULE.3); then
    a line for each support that damaged no unit (`_idle_supports`)."""
    out = []
    for uid, text in per_unit:
        attacks = (resolution.effects.get(uid) or {}).get("attacks") or []
        sources = [a for a in attacks if int(a.get("damage", 0))]
        detail: tuple[tuple[str, str], ...] = ()
        if len(sources) > 1:
            detail = tuple((uid, f"{a.get('support', 'support')}: {a.get('damage', 0)} damage"
                            + _where(a)) for a in sources)
        elif sources:
            text += f", by the {sources[0].get('support', 'support')}"
        out.append(Line(uid, text, (uid,), detail))
    return out + _idle_supports(scenario, resolution)


_CITE = re.compile(r" \((?:BT|RT|HH)-[\w.-]+\)")
_QUIET = ("BT-GEN", "BT-HIDDEN", "RESULT", "BT-SHEET", "OPT", "SETUP")
"""Steps that declare, pay for or sum up the turn, not what one support did."""


def _idle_supports(scenario: Scenario, resolution: Resolution) -> list[Line]:
    """BattleTech: "Light Air Strike on 1010: no unit damaged (2D6 shows 2 against TN 5:
    failure, no effect)", for each support (and shell landing) that damaged no unit, why
    in the words of the last step that names it (Air Cover, a failed roll, a Bluff, a
    shell still in flight, bombs on an empty hex)."""
    damaging = {str(a.get("support")) for e in resolution.effects.values()
                for a in e.get("attacks") or [] if int(a.get("damage", 0))}
    out = []
    for label in dict.fromkeys(say(name) for name in support_labels(scenario)):
        if label in damaging:
            continue
        named = re.compile(re.escape(label) + r"(?! \(\d+(?:st|nd|rd|th)\))")
        said = [text for text in (say(s.text) for s in resolution.steps
                                  if not s.clause.startswith(_QUIET)) if named.search(text)]
        why = _CITE.sub("", said[-1]).removeprefix(label + ": ") if said else ""
        out.append(Line(label, f"{label}: no unit damaged" + (f" ({why})" if why else ""),
                        ()))
    return out


def _where(attack: dict[str, Any]) -> str:
    """ " (CT 10, LA 5)": one attack's damage by hit location."""
    spots: dict[str, int] = {}
    for g in attack.get("groups") or []:
        loc = str(g.get("location", ""))
        if loc not in ("", "-"):
            key = loc + ("(R)" if g.get("armour") == "rear" else "")
            spots[key] = spots.get(key, 0) + int(g.get("damage", 0))
    return f" ({', '.join(f'{k} {v}' for k, v in sorted(spots.items()))})" if spots else ""


def tally_lines(scenario: Scenario, resolution: Resolution | None,
                upto_step: int | None = None, *, so_far: bool = False,
                lang: Lang = DEFAULT_LANG) -> list[Line]:
    """The result in lines as players count it (see the module). While stepping (or while
    dice are still being entered) the per-unit states of engine.render.summary are shown
    as they are: the units' totals exist only once the resolution is complete."""
    per_unit = summary_lines(scenario, resolution, upto_step, so_far=so_far)
    complete = resolution is not None and not so_far and (
        upto_step is None or upto_step >= len(resolution.steps) - 1)
    if resolution is None or not complete:
        return [Line(uid, text, (uid,)) for uid, text in per_unit]
    if scenario.system == "heresy":
        return _heresy(scenario, resolution, per_unit)
    if scenario.system == "battletech":
        return _battletech(scenario, resolution, per_unit)
    return [Line(uid, text, (uid,)) for uid, text in per_unit] + _missed(resolution)


def result_text(scenario: Scenario, resolution: Resolution | None,
                upto_step: int | None = None, *, lang: Lang = DEFAULT_LANG) -> str:
    """The summary as one paragraph (the board's description and the live region)."""
    if resolution is None:
        return "Not rolled yet."
    lines = [line.text for line in tally_lines(scenario, resolution, upto_step)]
    text = "; ".join(lines) + "." if lines else "Nothing was hit."
    if scenario.system == "battletech" and (spent := bsp.words(scenario.attack)):
        text += f" Battlefield Support Points spent: {say(spent)}."
    return text
