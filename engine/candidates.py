"""The candidate aims of an attack, per system (issue 16): what `engine.aim` ranks.

An aim is a change to the attack in the scenario document (`Aim.attack`), so the chosen
aim written into the scenario gives exactly the figures it was ranked by. Candidates per
system (`CANDIDATES`), each kept only if the system's `prepare` accepts it (the rules
decide legality, `engine.aim.legal`):

- Horus Heresy: the hole at the points of a `COARSE` grid over the base of every
  enemy model (HH-1: over the target's base; HH-3, no friendly model under the marker,
  and range are the rules' checks), all the weapon's shots at it;
- Robotech: every enemy mecha or structure as the target of every missile (RT-2, RT-4)
  and, with Indirect Fire (RT-3), ground points on a `COARSE` grid around the enemy
  mecha and at the centre of every two or three of them close together;
- BattleTech: for each support that is aimed at a hex, every hex within reach of an
  enemy unit (the others stay as the scenario has them).

Aims at a table point carry their refinement (`Aim.finer`): the points of the cell around
them at half the step, down to the finer `GRID`.
"""

from __future__ import annotations

import collections
import functools
import itertools
import json
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from engine import hexgrid
from engine.names import names_as_shown
from engine.scenario.battletech import GUNS
from engine.systems.battletech.turn import PRETTY, run_ends
from engine.words import Msg, Words, msg

GRID = 0.25
"""Inches between the points of the fine grid: over a base or hull, and on the ground."""
COARSE = 1.0
"""Inches between the first ground points tried around the enemy (Robotech Indirect Fire)."""
GROUND_REACH = 2.0
"""How far from an enemy mecha's centre ground points are tried, in inches."""
BETWEEN = 6.0
"""Enemy units at most this far apart (inches) get a ground point at their centre."""
STRAFE_LENGTHS = range(1, 6)
"""BT-STRAFE.1: a strafing run covers 1 to 5 hexes in one straight line."""
AIR_KINDS = ("light_strike", "heavy_strike", "light_bombing", "heavy_bombing")
"""Supports aimed at one hex that a side may spend in place of one another (`attack.held`)."""


@dataclass(frozen=True)
class Aim:
    """One candidate: what it is in players' words, and the attack fields it sets (a
    value of None removes the field)."""

    label: Words
    attack: tuple[tuple[str, Any], ...]
    point: tuple[float, float] | None = None
    """The table point aimed at, if any (the page draws its score there)."""
    hex: str | None = None
    """The hex aimed at, if any (a strike, bombing or shell; the page shades it)."""
    finer: Callable[[], tuple[Aim, ...]] | None = field(default=None, compare=False,
                                                         repr=False)
    """The candidates tried around this one when it is among the best (made when asked)."""
    refine_refused: bool = False
    """Try `finer` also when the rules refuse this one (the centre of a base under which
    a friendly model would be: an edge of the base may be legal)."""

    def key(self) -> str:
        """What the aim writes, as text: equal keys are the same aim."""
        return json.dumps(self.attack, sort_keys=True)

    def apply(self, doc: dict[str, Any]) -> dict[str, Any]:
        """The scenario document with this aim written into its attack (a new dict)."""
        attack = {**doc["attack"]}
        for key, value in self.attack:
            if value is None:
                attack.pop(key, None)
            else:
                attack[key] = value
        return {**doc, "attack": attack}


def present(value: Any) -> Any:
    """A document as its parser reads it, a member that is null left out as if absent
    (`engine.scenario.fields.Field.get`): the candidates read the document itself, where
    ``"abilities": null`` would otherwise not be the empty list it stands for."""
    if isinstance(value, dict):
        return {k: present(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [present(v) for v in value]
    return value


def firing_side(doc: dict[str, Any]) -> str:
    """The side that attacks: the firer's (Heresy), the attacker's (Robotech), or the
    turn's (BattleTech)."""
    attack = doc["attack"]
    if doc["system"] == "battletech":
        return str(attack["side"])
    firer = attack.get("firer", attack.get("attacker"))
    return next(str(u["side"]) for u in doc["units"] if u["id"] == firer)


def enemy_units(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The units of the sides the attack is not made by (`firing_side`)."""
    side = firing_side(doc)
    return [u for u in doc["units"] if str(u["side"]) != side]


def _names(doc: dict[str, Any]) -> dict[str, str]:
    """Per unit id of `doc`, its name as the page shows it (engine.names): the id follows
    only where two units share the name."""
    return names_as_shown((str(u["id"]), str(u.get("name") or u["id"])) for u in doc["units"])


def _grid(x: float, y: float, radius: float, step: float) -> Iterator[tuple[float, float]]:
    """Points of a square grid of `step` through (x, y), within `radius` of it."""
    n = int(radius / step + 1e-9)
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            if math.hypot(i * step, j * step) <= radius + 1e-9:
                yield round(x + i * step, 4), round(y + j * step, 4)


def _point(x: float, y: float) -> dict[str, float]:
    return {"x": x, "y": y}


def _reach(unit: dict[str, Any]) -> float:
    """How far from a model's centre its base or hull extends, at most (inches)."""
    if "hull" in unit:
        return math.hypot(unit["hull"]["w"], unit["hull"]["h"]) / 2
    return float(unit.get("base_mm", 0)) / 25.4 / 2


def _cell(make: Callable[[float, float, float], Aim], x: float, y: float, step: float,
          keep: Callable[[float, float], bool]) -> Callable[[], tuple[Aim, ...]] | None:
    """The refinement of a point found on a grid of `step`: the eight points around it
    at half the step (its cell), those `keep` accepts, each refined in turn, down to the
    `GRID`."""
    half = step / 2
    if half < GRID - 1e-9:
        return None
    return lambda: tuple(make(*q, half) for q in _grid(x, y, half * math.sqrt(2) + 1e-9, half)
                         if q != (x, y) and keep(*q))


def _hole(unit: dict[str, Any], name: str, x: float, y: float, step: float) -> Aim:
    """The hole at (x, y) over `unit` (shown as `name`), refined over its base or hull:
    every shot aimed there, so a spread of the shots (`attack.each_shot`, which the
    scenario may hold from an earlier Best aim) is removed."""
    reach = _reach(unit)

    def over(qx: float, qy: float) -> bool:
        return math.hypot(qx - unit["x"], qy - unit["y"]) <= reach + 1e-9

    return Aim(msg("aim.hole", spot=_spot(name, x, y)),
               (("target", unit["id"]), ("aim", _point(x, y)), ("each_shot", None)), (x, y),
               finer=_cell(lambda qx, qy, s: _hole(unit, name, qx, qy, s), x, y, step, over),
               refine_refused=True)


def _spot(name: str, x: float, y: float) -> Msg:
    """A point over a unit, as the aims name it: "(30.5, 24) over Tactical Squad"."""
    return msg("aim.spot", x=f"{x:g}", y=f"{y:g}", unit=name)


def heresy_aims(doc: dict[str, Any]) -> list[Aim]:
    """The hole at the centre of every enemy model's base (the target is that model, HH-1),
    refined over it at 0.5" and then at the 0.25" `GRID` (range, sight and HH-3's
    friendly models under the marker are the
    rules' checks too). A hull starts from the points of the `COARSE` grid over the circle
    round its corners (HH-1 refuses those off the hull). Every shot is aimed there; once
    these are ranked, `spread_shots` tries the shots apart."""
    names = _names(doc)
    return [_hole(u, names[u["id"]], x, y, COARSE) for u in enemy_units(doc)
            for x, y in (_grid(u["x"], u["y"], _reach(u), COARSE) if "hull" in u
                         else [(u["x"], u["y"])])]


SPREAD = 4
"""Heresy: the shots of a weapon firing more than one are also spread over the best this
many single aims (HH-9: each shot is aimed on its own)."""
SPREAD_MAX = 30
"""At most this many ways of spreading the shots are tried (fewer aims when more)."""


def _apart(best: list[Aim], gap: float) -> list[Aim]:
    """The `best` aims, best first, leaving out any within `gap` of a better one kept."""
    kept: list[Aim] = []
    for a in best:
        if a.point is not None and all(math.dist(a.point, b.point) >= gap for b in kept
                                       if b.point is not None):
            kept.append(a)
    return kept


def spread_shots(doc: dict[str, Any], best: list[Aim]) -> list[Aim]:
    """HH-9: the weapon's shots spread over the `SPREAD` best single aims at least a
    marker's radius apart (fewer when more than `SPREAD_MAX` ways), every way but all at
    one (those are the single aims), as ``attack.each_shot``; named by how many shots go
    to each hole ("shots: 2 at (47.2, 30) over Marine 3, 1 at (47.2, 15.6) over ...")."""
    weapon = doc["attack"]["weapon"]
    shots = int(weapon.get("shots", 1))
    if shots < 2:
        return []
    radius = 5.0 if weapon.get("mega") else float(weapon.get("blast", 3)) / 2
    best = _apart(best, radius)
    k = min(SPREAD, len(best))
    while k > 1 and math.comb(k + shots - 1, shots) - k > SPREAD_MAX:
        k -= 1
    names = _names(doc)
    out = []
    for combo in itertools.combinations_with_replacement(best[:k], shots):
        if len({a.key() for a in combo}) == 1:
            continue
        per = [dict(a.attack) for a in combo]
        spots = collections.Counter(_spot(names[f["target"]], f["aim"]["x"], f["aim"]["y"])
                                    for f in per)
        out.append(Aim(msg("aim.shots", parts=[msg("aim.shots_part", n=n, spot=spot)
                                               for spot, n in spots.items()]),
                       (("each_shot", [{"target": f["target"], "aim": f["aim"]} for f in per]),
                        ("target", per[0]["target"]), ("aim", None))))
    return out


def _targets(doc: dict[str, Any], ids: list[str]) -> Aim:
    """The volley's missiles at `ids`, the first the primary target (RT-17)."""
    names = _names(doc)
    label = (msg("aim.target", unit=names[ids[0]]) if len(set(ids)) == 1 else
             msg("aim.split", parts=[msg("aim.split_part", n=ids.count(i), unit=names[i])
                                     for i in dict.fromkeys(ids)]))
    return Aim(label, (("targets", list(ids)), ("point", None)))


SPLITS_MAX = 30
"""RT-17: every split of a volley over the enemies near its primary target is tried when
there are at most this many; past it, splits are climbed to one missile at a time."""


def _near(doc: dict[str, Any], primary_id: str) -> list[str]:
    """The enemies within `BETWEEN` of the primary target (where a split volley is worth
    its -3 at a secondary target), the primary first."""
    enemies = {u["id"]: u for u in enemy_units(doc)}
    primary = enemies[primary_id]
    return [primary_id] + [i for i, u in enemies.items() if i != primary_id and math.hypot(
        u["x"] - primary["x"], u["y"] - primary["y"]) <= BETWEEN]


def every_split(doc: dict[str, Any], primary: str, volley: int) -> list[Aim]:
    """RT-17: the volley's missiles but the primary's over the enemies `_near` it, every
    way (the whole volley at `primary` left out: it is a single target)."""
    return [_targets(doc, [primary, *rest])
            for rest in itertools.combinations_with_replacement(_near(doc, primary),
                                                                volley - 1)
            if set(rest) != {primary}]


def split_moves(doc: dict[str, Any], ids: list[str]) -> list[Aim]:
    """RT-17: the volley `ids` with one missile but the primary's moved to another enemy
    `_near` the primary target (never the whole volley back at the primary: that is the
    single target, a candidate of its own)."""
    near = _near(doc, ids[0])
    out: dict[str, Aim] = {}
    for k in range(1, len(ids)):
        for other in near:
            if other != ids[k]:
                moved = [ids[0], *sorted(ids[1:k] + [other] + ids[k + 1:])]
                if set(moved) == {ids[0]}:
                    continue
                aim = _targets(doc, moved)
                out.setdefault(aim.key(), aim)
    return list(out.values())


def robotech_targets(doc: dict[str, Any]) -> list[Aim]:
    """Every enemy mecha or structure as the target of the whole attack (RT-2, RT-4)."""
    names = _names(doc)
    return [Aim(msg("aim.target", unit=names[u["id"]]), (("targets", [u["id"]]), ("point", None)))
            for u in enemy_units(doc)]


def _ground(x: float, y: float, step: float = COARSE) -> Aim:
    """Indirect Fire at a point of the ground (RT-3), refined within its grid cell."""
    return Aim(msg("aim.ground", x=f"{x:g}", y=f"{y:g}"),
               (("point", _point(x, y)), ("targets", None)), (x, y),
               finer=_cell(_ground, x, y, step, lambda qx, qy: True))


def ground_aims(points: Iterable[tuple[float, float]]) -> list[Aim]:
    """Indirect Fire at points of the ground (RT-3), refined at 0.5" and then 0.25"."""
    return [_ground(x, y) for x, y in points]


BETWEEN_MAX = 2_000
"""At most this many centres between enemy units are tried (the first pairs, then the
first threes, in the document's order): a count, so a crowded board stays quick."""


def _groups(units: list[dict[str, Any]]) -> Iterator[tuple[dict[str, Any], ...]]:
    """Every two, then every three enemy units within `BETWEEN` of each other, in the
    order of `itertools.combinations`, found from each unit's near neighbours."""
    near = [[j for j in range(i + 1, len(units)) if math.hypot(
        units[i]["x"] - units[j]["x"], units[i]["y"] - units[j]["y"]) <= BETWEEN]
        for i in range(len(units))]
    close = [set(js) for js in near]
    for i, js in enumerate(near):
        yield from ((units[i], units[j]) for j in js)
    for i, js in enumerate(near):
        yield from ((units[i], units[j], units[k]) for n, j in enumerate(js)
                    for k in js[n + 1:] if k in close[j])


def _between(units: list[dict[str, Any]]) -> Iterator[tuple[float, float]]:
    """The centre of every two or three enemy units within `BETWEEN` of each other (at
    most `BETWEEN_MAX`): where one template may cover them all, a spot a coarse grid can
    step over."""
    for group in itertools.islice(_groups(units), BETWEEN_MAX):
        k = len(group)
        yield (round(math.fsum(u["x"] for u in group) / k, 4),
               round(math.fsum(u["y"] for u in group) / k, 4))


def robotech_ground(doc: dict[str, Any]) -> list[Aim]:
    """Ground points on the `COARSE` grid within `GROUND_REACH` of an enemy and between
    enemy units, if the weapon may fire at the ground (Indirect Fire, RT-3: the rules
    refuse a point out of range or that no friendly mecha can see)."""
    if "indirect_fire" not in doc["attack"]["weapon"].get("abilities", []):
        return []
    enemies = enemy_units(doc)
    points = {p for u in enemies for p in _grid(u["x"], u["y"], GROUND_REACH, COARSE)}
    return ground_aims(sorted(points | set(_between(enemies))))


def _hexes(labels: Iterable[str]) -> list[hexgrid.Hex]:
    out = []
    for label in labels:
        try:
            out.append(hexgrid.Hex.from_label(label))
        except ValueError:
            continue
    return out


def _label(h: hexgrid.Hex) -> str | None:
    try:
        return hexgrid.to_label(h)
    except ValueError:
        return None


def _spent(support: dict[str, Any]) -> Msg:
    """A support as players name it: its kind, or an artillery piece's gun."""
    return PRETTY[str(support.get("gun") or support["kind"])]


def _with_support(doc: dict[str, Any], i: int, label: str, **fields: Any) -> Aim:
    """Support `i` of the turn changed by `fields`, the others as the scenario has them."""
    supports = [dict(s) for s in doc["attack"]["supports"]]
    old = supports[i]
    supports[i] = {**old, **fields}
    kind = _spent(supports[i])
    if kind != _spent(old):
        kind = msg("aim.instead", support=kind, old=_spent(old))
    return Aim(msg("aim.support", support=kind, where=label), (("supports", supports),),
               hex=fields.get("target"))


def _spends(doc: dict[str, Any], support: dict[str, Any]) -> list[dict[str, str]]:
    """Which support to spend at a hex: the support itself and, from what the side still
    holds (`attack.held`; the rules count the copies), every other air strike or bombing
    for an air strike or bombing, every other gun for an artillery shell not tied to a
    selection (facts.md: each support is used once)."""
    held = doc["attack"].get("held", {})
    if support["kind"] in AIR_KINDS:
        return [{"kind": support["kind"]}] + [{"kind": k} for k in AIR_KINDS
                                              if k != support["kind"] and held.get(k, 0) > 0]
    if support["kind"] == "artillery" and not {"selection", "preplotted"} & set(support):
        return [{"gun": support["gun"]}] + [{"gun": g} for g in GUNS
                                            if g != support["gun"] and held.get(g, 0) > 0]
    return [{}]


def strafing_lines(centres: Iterable[hexgrid.Hex], occupied: set[hexgrid.Hex]
                   ) -> list[list[hexgrid.Hex]]:
    """Every straight line of 1 to 5 hexes (BT-STRAFE.1) through one of `centres`, one
    per set of `occupied` hexes it covers: a run attacks each unit in its hexes with a roll
    of its own (BT-STRAFE.2, BT-STRAFE.4), so two runs over the same units have the same
    odds, and the shortest such run is kept."""
    lines: dict[frozenset[hexgrid.Hex], list[hexgrid.Hex]] = {}
    for n in STRAFE_LENGTHS:
        for h in centres:
            for axis in range(3):
                for k in range(n):
                    first = hexgrid.step(h, axis + 3, k) if k else h
                    run = [hexgrid.step(first, axis, j) if j else first for j in range(n)]
                    lines.setdefault(frozenset(run) & occupied, sorted(run))
    return list(lines.values())


def _near_hexes(doc: dict[str, Any], i: int, spend: dict[str, str],
                near: list[tuple[str, hexgrid.Hex]]) -> Callable[[], tuple[Aim, ...]]:
    """The refinement of a support aimed at a hex: the same support at the hexes next to it."""
    return lambda: tuple(_with_support(doc, i, lb, **spend, target=lb) for lb, _ in near)


def battletech_aims(doc: dict[str, Any]) -> list[Aim]:
    """For each support aimed at a hex, every enemy unit's hex, refined to the hexes next
    to it; with `attack.held`, the same with each other air kind (or gun) the side holds
    in its place (which support to spend there, `_spends`); for a strafing run, every
    line of 1 to 5 hexes through an enemy unit's hex (BT-STRAFE.1)."""
    enemy_hexes = sorted(set(_hexes(str(u.get("hex", "")) for u in enemy_units(doc))))
    occupied = set(_hexes(str(u.get("hex", "")) for u in doc["units"]))
    out = []
    for i, support in enumerate(doc["attack"].get("supports", [])):
        if support.get("kind") == "strafing":
            for run in strafing_lines(enemy_hexes, occupied):
                labels = [lb for h in run if (lb := _label(h)) is not None]
                if len(labels) == len(run):  # named by its ends, as the log names a run
                    out.append(_with_support(doc, i, run_ends(labels), hexes=labels))
            continue
        if "target" not in support:
            continue
        for spend in _spends(doc, support):
            for h in enemy_hexes:
                near = [(lb, n) for n in hexgrid.ring(h, 1) if (lb := _label(n)) is not None]
                label = _label(h)
                if label is not None:
                    out.append(replace(_with_support(doc, i, label, **spend, target=label),
                                       finer=_near_hexes(doc, i, spend, near)))
    return out


SUPPORTS_BEST = 2
"""BattleTech: the best this many aims of each support are combined (`combined_supports`)."""
COMBINED_MAX = 30
"""At most this many combinations of supports are tried (fewer aims per support, then fewer
supports, when more)."""


def _changed(doc: dict[str, Any], aim: Aim) -> int | None:
    """The one support of the turn that `aim` changes (None: none, or several)."""
    old = doc["attack"].get("supports", [])
    new = dict(aim.attack).get("supports", old)
    changed = [i for i, (n, o) in enumerate(zip(new, old, strict=True)) if n != o]
    return changed[0] if len(changed) == 1 else None


def combined_supports(doc: dict[str, Any], best: list[Aim]) -> list[Aim]:
    """A turn's supports aimed together: each single-support aim moves one support with
    the others left as the scenario has them, so the best of a turn of several would
    take as many presses of Best aim. Of the `best` aims (best first), the
    `SUPPORTS_BEST` best of each support, every way of taking one of them or leaving it
    as it is, for two supports or more; at most `COMBINED_MAX` ways (one aim per
    support, then only the supports whose best aims come first, when more)."""
    per: dict[int, list[Aim]] = {}
    for a in best:
        if (i := _changed(doc, a)) is not None and len(per.setdefault(i, [])) < SUPPORTS_BEST:
            per[i].append(a)
    moved = list(per)  # in the order of each support's best aim
    k = SUPPORTS_BEST

    def ways() -> int:
        return math.prod(min(k, len(per[i])) + 1 for i in moved) - 1 - sum(
            min(k, len(per[i])) for i in moved)

    while len(moved) > 1 and ways() > COMBINED_MAX:
        if k > 1:
            k -= 1
        else:
            moved.pop()
    old = doc["attack"].get("supports", [])
    out = []
    for choice in itertools.product(*[[None, *per[i][:k]] for i in moved]):
        chosen = [(i, a) for i, a in zip(moved, choice, strict=True) if a is not None]
        if len(chosen) < 2:
            continue
        supports = [dict(s) for s in old]
        for i, a in chosen:
            supports[i] = dict(a.attack)["supports"][i]
        out.append(Aim(_together([a.label for _, a in chosen]), (("supports", supports),)))
    return out


def _together(labels: list[Words]) -> Msg:
    """Single-support aims' labels (``aim.support``) as one, the supports at one hex or
    run named together: "Heavy Bombing + Light Bombing at 1811, Arrow IV at 1709"."""
    at: dict[Any, list[Any]] = {}
    for label in labels:
        assert isinstance(label, Msg) and label.key == "aim.support", label
        at.setdefault(label.args["where"], []).append(label.args["support"])
    return msg("aim.supports", parts=[msg("aim.support", support=functools.reduce(
        lambda first, then: msg("aim.plus", first=first, then=then), kinds), where=where)
        for where, kinds in at.items()])


CANDIDATES: dict[str, Callable[[dict[str, Any]], list[Aim]]] = {
    "heresy": heresy_aims,
    "robotech": lambda doc: robotech_targets(doc) + robotech_ground(doc),
    "battletech": battletech_aims,
}
"""Each system's first candidates, refined around the best (`Aim.finer`)."""
COMBINED: dict[str, Callable[[dict[str, Any], list[Aim]], list[Aim]]] = {
    "heresy": spread_shots,
    "battletech": combined_supports,
}
"""Each system's aims made of the best refined ones (best first), where it has them: a
40K weapon's shots spread, a BattleTech turn's supports aimed together."""
