"""The odds as players read them: the figures that decide first, in words.

From `Odds.to_dict()` (engine.odds): one row per unit as players count it (a 40K unit of
models is one row, led by the models it loses: HH-7, HH-8 give wounds to the closest model
first, so a model's own chance of being hit says little), the target's unit first, then
the others it can touch, most exposed first; the units with nothing at stake (0 %
everywhere, such as the firer's own) in one line; and the per-model figures apart, for a
fold under the table. Headers are words ("Chance of a hit"), never P(hit).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.names import shown_names
from engine.render.tally import squad_name, squads
from engine.scenario import Scenario
from engine.words import DEFAULT_LANG, Lang, Msg, msg, say


@dataclass(frozen=True)
class Row:
    """One row: `key` (a unit id, or a 40K unit's name for a ``group``), its name, the
    cells under the view's headers, and the ids of its models."""

    key: str
    kind: str
    name: str
    cells: tuple[str, ...]
    units: tuple[str, ...]


@dataclass(frozen=True)
class OddsView:
    """The odds in the order and words the page shows them (see the module)."""

    headers: tuple[str, ...]
    rows: tuple[Row, ...]
    lead: str
    idle: tuple[str, ...]
    model_headers: tuple[str, ...] = ()
    models: tuple[Row, ...] = ()


SHOWN = 0.0005
"""A chance below this reads "0.0 %": "at least N" read-outs stop before it."""


def pct(p: Any) -> str:
    """0.2685 -> "26.9 %"; None -> "—"."""
    return "—" if p is None else f"{100 * float(p):.1f} %"


def mean(dist: Mapping[str, Any] | None) -> float:
    """The expected value of a value -> probability distribution."""
    return sum(float(v) * float(p) for v, p in (dist or {}).items())


def at_least(figures: Mapping[str, Any], name: str, n: int) -> float:
    """P(`name` >= n) from a figure's ``<name>_at_least`` read-out (0 past its end)."""
    table = figures.get(f"{name}_at_least") or {}
    return float(table.get(str(n), 0.0))


def at_stake(figures: Mapping[str, Any]) -> bool:
    """Whether anything can reach it: a hit, damage or a model removed has a chance."""
    if any(float(figures.get(k) or 0) > 0 for k in ("p_hit", "p_damaged")):
        return True
    return any(float(v) > 0 for name in ("hits", "removed", "damage")
               for k, v in (figures.get(name) or {}).items() if float(k) > 0)


BADGE_WORDS: dict[str, Msg] = {"heresy": msg("render.badge.removed"),
                               "robotech": msg("render.badge.damaged"),
                               "battletech": msg("render.badge.damaged")}
"""What the percentage on each unit of the board (after Odds) gives, per system."""


def badge_chance(system: str, figures: Mapping[str, Any]) -> float | None:
    """The chance a unit's odds badge shows (BADGE_WORDS): what the player counts, a 40K
    model removed, a mecha or 'Mech damaged, rather than merely hit."""
    key = "p_destroyed" if system == "heresy" else "p_damaged"
    value = figures.get(key, figures.get("p_hit"))
    return None if value is None else float(value)


def removed_words(figures: Mapping[str, Any], *, lang: Lang = DEFAULT_LANG) -> str:
    """ "at least 1 removed: 26.9 %, at least 2 removed: 4.3 %" (every N with a chance)."""
    return say(msg("render.list", items=_removed(figures)), lang)


def _removed(figures: Mapping[str, Any]) -> list[Msg]:
    table = figures.get("removed_at_least") or {}
    items = sorted((int(float(k)), float(p)) for k, p in table.items())
    return [msg("render.odds.at_least_removed", n=n, chance=pct(p)) for n, p in items
            if n > 0 and p >= SHOWN]


def _targets(scenario: Scenario) -> list[str]:
    """The ids the attack is aimed at, in order (none for BattleTech's hexes)."""
    a = scenario.attack
    if scenario.system == "heresy":
        return [a.target, *(s.target for s in getattr(a, "shots", ()) if s.target)]
    if scenario.system == "robotech":
        return list(a.targets)
    return []


def _order(keys: list[str], first: list[str], exposure: Mapping[str, float]) -> list[str]:
    """`first` (the target's) in their order, then the rest by exposure, most first."""
    head = [k for k in dict.fromkeys(first) if k in keys]
    rest = sorted((k for k in keys if k not in head), key=lambda k: -exposure[k])
    return head + rest


def _heresy(scenario: Scenario, d: Mapping[str, Any], lang: Lang) -> OddsView:
    units, groups = d.get("units") or {}, d.get("groups") or {}
    names = shown_names(scenario.units)
    models = squads(scenario)
    squad_of = {m.id: key for key, ms in models.items() for m in ms}
    live = [k for k in groups if at_stake(groups[k])]
    order = _order(live, [squad_of[t] for t in _targets(scenario) if t in squad_of],
                   {k: at_least(groups[k], "hits", 1) for k in live})
    rows = []
    for key in order:
        g = groups[key]
        rows.append(Row(key, "group", squad_name(key, models.get(key, []), names, lang=lang),
                        (f"{mean(g.get('removed')):.2f}", pct(at_least(g, "removed", 1)),
                         pct(at_least(g, "hits", 1))),
                        tuple(m.id for m in models.get(key, []))))
    idle = tuple(squad_name(k, models.get(k, []), names, lang=lang)
                 for k in groups if k not in live)
    removed = _removed(groups[rows[0].key]) if rows else []
    lead = say(msg("render.unit_line", unit=rows[0].name,
                   what=msg("render.list", items=removed) if removed
                   else msg("render.no_model_removed")) if rows
               else msg("render.odds.none_reached"), lang)
    live_models = [uid for uid in units if at_stake(units[uid])]
    model_rows = tuple(
        Row(uid, "unit", names.get(uid, uid),
            (pct(units[uid].get("p_hit")), pct(units[uid].get("p_damaged")),
             f"{float(units[uid].get('expected_damage') or 0):.2f}"), (uid,))
        for uid in _order(live_models, [m.id for k in order for m in models.get(k, [])],
                          {u: 0.0 for u in live_models}))
    return OddsView(_said(lang, "unit", "removed_mean", "removed_1", "hit"), tuple(rows), lead,
                    idle, _said(lang, "model", "hit", "wound", "wounds_mean"), model_rows)


def _said(lang: Lang, *headers: str) -> tuple[str, ...]:
    """The headers of a table, said in `lang`."""
    return tuple(say(msg(f"render.odds.head.{h}"), lang) for h in headers)


def _single(scenario: Scenario, d: Mapping[str, Any], lang: Lang) -> OddsView:
    units = d.get("units") or {}
    names = shown_names(scenario.units)
    live = [uid for uid in units if at_stake(units[uid])]
    order = _order(live, _targets(scenario),
                   {u: float(units[u].get("expected_damage") or 0) for u in live})
    destroyed = any(units[u].get("p_destroyed") is not None for u in live)
    headers = _said(lang, "unit", "hit", "damage", "damage_mean",
                    *(("destroyed",) if destroyed else ()))
    rows = []
    for uid in order:
        u = units[uid]
        cells = (pct(u.get("p_hit")), pct(u.get("p_damaged")),
                 f"{float(u.get('expected_damage') or 0):.2f}")
        rows.append(Row(uid, "unit", names.get(uid, uid),
                        cells + ((pct(u.get("p_destroyed")),) if destroyed else ()), (uid,)))
    idle = tuple(names.get(uid, uid) for uid in units if uid not in live)
    lead: Msg
    if rows:
        top = units[rows[0].key]
        damaged = pct(top.get("p_damaged"))
        average = f"{float(top.get('expected_damage') or 0):.2f}"
        lead = (msg("render.odds.lead", unit=rows[0].name, damaged=damaged, average=average)
                if top.get("p_destroyed") is None else
                msg("render.odds.lead_destroyed", unit=rows[0].name, damaged=damaged,
                    average=average, destroyed=pct(top.get("p_destroyed"))))
    else:
        lead = msg("render.odds.none_reached")
    return OddsView(headers, tuple(rows), say(lead, lang), idle)


def odds_view(scenario: Scenario, d: Mapping[str, Any], *,
              lang: Lang = DEFAULT_LANG) -> OddsView:
    """The odds of `d` (Odds.to_dict()) for the page (see the module), said in `lang`."""
    return (_heresy(scenario, d, lang) if scenario.system == "heresy"
            else _single(scenario, d, lang))


def idle_words(view: OddsView, *, lang: Lang = DEFAULT_LANG) -> str:
    """The one line for the units with nothing at stake: "Nothing at stake: a, b"."""
    return say(msg("render.odds.idle", units=list(view.idle)), lang) if view.idle else ""
