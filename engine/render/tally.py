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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.log import Resolution
from engine.names import shown_names, squad_words
from engine.render.summary import (
    inches,
    reaches,
    summary_messages,
)
from engine.scenario import Scenario
from engine.systems.battletech import bsp
from engine.systems.battletech.sheet import location_words
from engine.systems.battletech.turn import support_labels
from engine.words import DEFAULT_LANG, Lang, Msg, Words, msg, say


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


def squad_name(key: str, models: Sequence[Any], shown: Mapping[str, str], *,
               lang: Lang = DEFAULT_LANG) -> str:
    """A 40K unit as players call it, said in `lang` (`engine.names.squad_words`; `shown`:
    every unit's name as shown, `shown_names`, made once for all the squads named)."""
    return say(squad_words(key, models, shown), lang)


def _squad_text(effects: Sequence[dict[str, Any]], removed: Sequence[str]) -> Msg:
    """What a 40K unit of models took: hits, wounds, saves, models removed (HH-7, HH-8)."""
    total = {k: sum(int(e.get(k, 0)) for e in effects)
             for k in ("hits", "wounds", "saved", "ignored", "wounds_lost")}
    parts: list[Words] = [msg("render.hits", n=total["hits"])]
    if total["wounds"]:
        parts.append(msg("render.wounds", n=total["wounds"]))
    if total["saved"]:
        parts.append(msg("render.saved", n=total["saved"]))
    if total["ignored"]:
        parts.append(msg("render.ignored", n=total["ignored"]))
    if removed:
        parts.append(msg("render.models_removed", n=len(removed), models=list(removed)))
    elif total["wounds_lost"]:
        parts.append(msg("render.wounds_lost_none_removed", n=total["wounds_lost"]))
    else:
        parts.append(msg("render.no_model_removed"))
    if any(e.get("gets_hot") for e in effects):
        parts.append(msg("render.gets_hot"))
    return msg("render.list", items=parts)


Said = tuple[str, Msg]
"""(unit id, its line as a message)."""


@dataclass(frozen=True)
class _Line:
    """A `Line` before it is said."""

    key: str
    text: Words
    units: tuple[str, ...]
    detail: tuple[Said, ...] = ()

    def said(self, lang: Lang) -> Line:
        return Line(self.key, say(self.text, lang), self.units,
                    tuple((uid, say(text, lang)) for uid, text in self.detail))


def _heresy(scenario: Scenario, resolution: Resolution, per_unit: list[Said]) -> list[_Line]:
    lines_of = dict(per_unit)
    names = shown_names(scenario.units)
    out = []
    for key, models in squads(scenario).items():
        touched = [(m.id, lines_of[m.id]) for m in models if m.id in lines_of]
        if not touched:
            continue
        ids = tuple(m.id for m in models)
        if len(models) == 1 or all(m.vehicle for m in models):
            out += [_Line(uid, text, (uid,)) for uid, text in touched]
            continue
        effects = [resolution.effects.get(m.id) or {} for m in models]
        removed = [names[m.id] for m, e in zip(models, effects, strict=True) if e.get("removed")]
        text = msg("render.unit_line", unit=squad_words(key, models, names),
                   what=_squad_text(effects, removed))
        out.append(_Line(key, text, ids, tuple(touched)))
    return out


def _missed(resolution: Resolution) -> list[_Line]:
    """Robotech: a line for each template that came down on no unit ("Missile 1
    scattered 8" onto no unit"), from the steps' final templates and scatter arrows."""
    reached = {source for found in reaches(resolution.steps).values() for source, _ in found}
    scattered: dict[Words, float] = {}
    out = []
    for step in resolution.steps:
        for mark in step.marks:
            if mark.get("kind") == "scatter" and mark.get("label"):
                scattered[mark["label"]] = float(mark["distance"])
            if (mark.get("kind") == "template" and mark.get("role") == "final"
                    and mark.get("source") and mark["source"] not in reached):
                source: Words = mark["source"]
                text = (msg("render.scattered_on_no_unit", what=source,
                            distance=inches(scattered[source]))
                        if source in scattered else msg("render.landed_on_no_unit", what=source))
                out.append(_Line(say(source), text, ()))
    return out


def _support(attack: dict[str, Any], labels: dict[str, Msg]) -> Words:
    """The support an attack of a BattleTech effect came from: its label as the log names
    it (`support_labels`, found by the English the effect records), said in the reader's
    language."""
    support: str | None = attack.get("support")
    return msg("render.support") if support is None else labels.get(support, support)


def _battletech(scenario: Scenario, resolution: Resolution, per_unit: list[Said],
                lang: Lang) -> list[_Line]:
    """A line per unit; by support when more than one support reached it (BT-RULE.3); then
    a line for each support that damaged no unit (`_idle_supports`)."""
    labels = {_ident(label): label for label in support_labels(scenario)}
    out = []
    for uid, text in per_unit:
        attacks = (resolution.effects.get(uid) or {}).get("attacks") or []
        sources = [a for a in attacks if int(a.get("damage", 0))]
        detail: tuple[Said, ...] = ()
        line: Msg = text
        if len(sources) > 1:
            detail = tuple((uid, _support_damage(a, labels)) for a in sources)
        elif sources:
            line = msg("render.by_support", line=text, support=_support(sources[0], labels))
        out.append(_Line(uid, line, (uid,), detail))
    return out + _idle_supports(scenario, resolution, lang)


def _support_damage(attack: dict[str, Any], labels: dict[str, Msg]) -> Msg:
    """ "Light Air Strike on 1010: 10 damage (CT 10, LA 5)": one attack's damage."""
    where = _where(attack)
    n = int(attack.get("damage", 0))
    if where:
        return msg("render.support_damage_at", support=_support(attack, labels), n=n,
                   where=where)
    return msg("render.support_damage", support=_support(attack, labels), n=n)


_CITE = re.compile(r" \((?:BT|RT|HH)-[\w.-]+\)|（(?:BT|RT|HH)-[\w.-]+）")
_QUIET = ("BT-GEN", "BT-HIDDEN", "RESULT", "BT-SHEET", "OPT", "SETUP")
"""Steps that declare, pay for or sum up the turn, not what one support did."""


def _idle_supports(scenario: Scenario, resolution: Resolution, lang: Lang) -> list[_Line]:
    """BattleTech: "Light Air Strike on 1010: no unit damaged (2D6 shows 2 against TN 5:
    failure, no effect)", for each support (and shell landing) that damaged no unit, why
    in the words of the last step that names it (Air Cover, a failed roll, a Bluff, a
    shell still in flight, bombs on an empty hex), said in `lang`. A step names a support
    by an argument that is its label (`names`): a second support of the same name has a
    label of its own ("(2nd)")."""
    damaging = {_ident(a.get("support")) for e in resolution.effects.values()
                for a in e.get("attacks") or [] if int(a.get("damage", 0))}
    out = []
    for label in dict.fromkeys(support_labels(scenario)):
        if _ident(label) in damaging:
            continue
        last = next((s.text for s in reversed(resolution.steps)
                     if not s.clause.startswith(_QUIET) and names(s.text, label)), None)
        name = say(label, lang)
        why = "" if last is None else _CITE.sub("", say(last, lang)) \
            .removeprefix(name + ": ").removeprefix(name + "：")
        text = (msg("render.idle_support_why", support=label, why=why) if why
                else msg("render.idle_support", support=label))
        out.append(_Line(_ident(label), text, ()))
    return out


def names(words: Words, label: Msg) -> bool:
    """Does a step's message name the support `label` (one of its arguments is it)?"""
    return isinstance(words, Msg) and any(value == label for value in words.args.values())


def _ident(words: object) -> str:
    """A support's label as the rules name it (in English), to match it by."""
    return say(words) if isinstance(words, Msg) else str(words)


def _where(attack: dict[str, Any]) -> list[Msg]:
    """One attack's damage by hit location ("CT 10", "LA 5")."""
    spots: dict[str, int] = {}
    for g in attack.get("groups") or []:
        loc = str(g.get("location", ""))
        if loc not in ("", "-"):
            key = loc + ("(R)" if g.get("armour") == "rear" else "")
            spots[key] = spots.get(key, 0) + int(g.get("damage", 0))
    return [msg("render.location", location=location_words(k), n=v)
            for k, v in sorted(spots.items())]


def tally_lines(scenario: Scenario, resolution: Resolution | None,
                upto_step: int | None = None, *, so_far: bool = False,
                lang: Lang = DEFAULT_LANG) -> list[Line]:
    """The result in lines as players count it (see the module), said in `lang`. While
    stepping (or while dice are still being entered) the per-unit states of
    engine.render.summary are shown as they are: the units' totals exist only once the
    resolution is complete."""
    per_unit = summary_messages(scenario, resolution, upto_step, so_far=so_far)
    complete = resolution is not None and not so_far and (
        upto_step is None or upto_step >= len(resolution.steps) - 1)
    lines: list[_Line]
    if resolution is None or not complete:
        lines = [_Line(uid, text, (uid,)) for uid, text in per_unit]
    elif scenario.system == "heresy":
        lines = _heresy(scenario, resolution, per_unit)
    elif scenario.system == "battletech":
        lines = _battletech(scenario, resolution, per_unit, lang)
    else:
        lines = [_Line(uid, text, (uid,)) for uid, text in per_unit] + _missed(resolution)
    return [line.said(lang) for line in lines]


def result_text(scenario: Scenario, resolution: Resolution | None,
                upto_step: int | None = None, *, lang: Lang = DEFAULT_LANG) -> str:
    """The summary as one paragraph (the board's description and the live region)."""
    if resolution is None:
        return say(msg("render.not_rolled"), lang)
    lines = [line.text for line in tally_lines(scenario, resolution, upto_step, lang=lang)]
    text = (say(msg("render.sentences", text=say(msg("render.sentence_separator"), lang)
                    .join(lines)), lang) if lines else say(msg("render.nothing_hit"), lang))
    if scenario.system == "battletech" and (spent := bsp.words(scenario.attack)):
        text = say(msg("render.with_bsp", result=text, spent=spent), lang)
    return text
