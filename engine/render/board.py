"""Draw a scenario, a resolution and odds as SVG text (svgwrite), like ``chess.svg.board``.

    board(scenario, resolution=None, *, upto_step=None, odds=None, size=None) -> str

Pure: the same arguments always give the same text; nothing here decides a rule, it only
reads the scenario's units, the marks the rules attached to each step (engine.log) and the
odds. Tabletop systems (robotech, heresy) are drawn in inches (`engine.render.tabletop`),
BattleTech on a hex map in pixels of a fixed hex size (`engine.render.hexmap`).

What the page and exported files can rely on:

- ``<svg class="scatterlab board system-<system>">`` with an embedded ``<style>``.
- Layers, bottom to top: ``<g id="layer-grid">``, ``layer-terrain``, ``layer-floor``,
  ``layer-units``, ``layer-odds``, ``layer-marks`` (each also has class ``layer
  layer-<name>``; floor, odds and marks are translucent and, like terrain, ignore the
  pointer, so units stay draggable).
- Units: ``<g id="unit-<id>" class="unit side-<n> kind-<kind> [state-<state>]"
  data-unit="<id>" data-side="<side>" [data-state] transform="translate(x,y)">``; ``n``
  numbers the sides in order of first appearance; an id with characters outside
  [A-Za-z0-9_-] gets the element id ``unitx-<hex of its UTF-8>`` (data-unit stays exact).
  The body is ``.body``, the name ``.name``, the state badge ``.glyph``. Only unit groups
  carry ``data-unit``; no unit carries ``data-hex`` (a dragged token never hides the hex
  under the pointer).
- Marks: ``<g class="mark mark-<kind> role-<role>" data-step="<i>">`` (kinds template,
  scatter, hex, hexpath, strafe-line); hex marks carry ``data-hex`` and lie on the floor,
  under the units, the others in the marks layer; paths carry ``data-hexes``.
  Before any roll (`aimed`), where the attack is aimed: ``g.mark.preview`` with
  ``data-step="aim"``, and the friendly units a template would cover in
  ``state-under-aim``.
- Labels (names ``.name``, template tags ``.tlabel``, scatter distances ``.slabel``, odds
  figures) are placed by `engine.render.labels`; one that had to move away from its
  anchor has a ``line.leader`` back to it.
- Hex maps: each hex is ``<path data-hex="CCRR">`` in ``g.hexes``; its number in
  ``g.hexlabels``, hidden by the board's last ``<style>`` where a label covers it.
- Odds: ``g.heat`` on the floor (landing discs or hexes, opacity by probability) and
  ``text.odds-label[data-for="<unit id>"]`` with each unit's chance of being hit, beside
  the unit.
- Best aim: ``g.aim-scores`` of ``circle.aim-score[data-value]``, the score of every
  candidate aim (`engine.render.aim`): over the models on a table, on the floor of a hex
  map, as a ``.aim-ring`` round a unit's token in its hex.
- Range lines (a tabletop board being set up): ``g.reach-lines`` of ``line.reach`` (within
  range), ``line.reach.beyond[data-clause]`` (past it, red) and ``circle.aim-handle``
  ``[data-aim=<line>][data-moves=aim|point]``, the one mark that takes the pointer.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from engine.build.reach import RangeLine
from engine.log import Resolution, Step
from engine.odds import Odds
from engine.render import aim as render_aim
from engine.render import hexmap as render_hex
from engine.render import tabletop as render_table
from engine.render.aimed import aim_marks
from engine.render.common import PREVIEW, Canvas, all_marks, steps_drawn
from engine.render.summary import unit_states
from engine.scenario import Scenario
from engine.words import DEFAULT_LANG, Lang


def _painter(scenario: Scenario) -> ModuleType:
    """The module that draws this system's board."""
    return render_hex if scenario.system == "battletech" else render_table


def board(scenario: Scenario, resolution: Resolution | None = None, *,
          upto_step: int | None = None, odds: Odds | None = None,
          size: float | None = None, aim_scores: list[dict[str, Any]] | None = None,
          reach: Sequence[RangeLine] = (), aimed: bool = False,
          lang: Lang = DEFAULT_LANG) -> str:
    """The SVG text of the board with the units, the marks of the resolution's steps
    0..`upto_step` (all when None), the `odds` overlay, the score of every candidate
    aim (`aim_scores`, `engine.ranking.Ranking.overlay`) and the attack's range lines
    (`reach`, `engine.build.legality.range_lines`: a tabletop board being set up).

    `size` is the longer side of the drawing in pixels (width/height attributes); by
    default 16 px per inch on a table, 1 px per unit on a hex map. The viewBox covers
    every mark of the whole resolution, so it stays the same while stepping.

    `aimed` (with no resolution): where the attack is aimed before any roll, dashed, in
    ``g.mark.preview[data-step="aim"]``, and the friendly units the aim puts under a
    template in state ``under-aim`` (`engine.render.aimed`). Every label is placed by one
    `engine.render.labels.Placer`, clear of every template of the whole resolution.
    """
    painter = _painter(scenario)
    steps = steps_drawn(resolution, upto_step)
    preview, under = aim_marks(scenario) if aimed and resolution is None else ([], set())
    marks = all_marks(resolution) + preview
    canvas = Canvas(scenario.system, painter.viewbox(scenario, marks),
                    painter.PX_PER_UNIT, size, painter.css(scenario),
                    painter.placer(scenario, marks), lang)
    painter.draw_board(canvas, scenario)
    painter.draw_units(canvas, scenario, {uid: "under-aim" for uid in under}
                       | unit_states(steps))
    if preview:
        painter.draw_step(canvas, scenario, PREVIEW, Step(PREVIEW, "", marks=tuple(preview)))
    for index, step in steps:
        painter.draw_step(canvas, scenario, index, step)
    if odds is not None:
        painter.draw_odds(canvas, scenario, odds)
    if aim_scores:
        render_aim.draw_scores(canvas, scenario, aim_scores)
    if reach:
        render_table.draw_reach(canvas, scenario, reach)
    if painter is render_hex:  # hex numbers give way to every label placed
        render_hex.finish(canvas, scenario)
    return canvas.tostring()
