"""The "Best aim" overlay (issue 16): the score of every candidate aim, drawn as a dot
at its table point or hex centre in ``<g class="aim-scores">``: over the models on a
table, on the floor of a hex map (under the tokens), where a hex with a unit in it has a
ring round its token instead of a dot over it, so the unit stays in sight.

Each dot is ``<circle class="aim-score" data-value="...">`` (with ``data-hex`` on a hex
map; a ring also has class ``aim-ring``); its colour runs from `LOW` for the lowest score
shown to `HIGH` for the best, and the best dot also has class ``aim-best``. The page's
legend says the same in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.hexgrid import Hex, hex_to_pixel
from engine.render.common import Canvas, num
from engine.render.hexmap import HEX, TOKEN_RADIUS
from engine.scenario import Scenario

LOW = (253, 231, 37)
"""Colour of the lowest score (yellow)."""
HIGH = (68, 1, 84)
"""Colour of the best score (dark purple): the ends of the viridis scale."""
TABLE_RADIUS = 0.15
"""Inches: a dot on the table (the candidates are at least 0.25" apart)."""
HEX_RADIUS = HEX * 0.45
"""Pixels: a dot in a hex."""
RING_WIDTH = 5.0
"""Pixels: the width of the ring round a token, just outside it."""


def colour(value: float, low: float, top: float) -> str:
    """The colour of `value` between the lowest and the best score shown."""
    t = 1.0 if top <= low else (value - low) / (top - low)
    r, g, b = (round(a + (z - a) * t) for a, z in zip(LOW, HIGH, strict=True))
    return f"#{r:02x}{g:02x}{b:02x}"


def _centre(score: dict[str, Any]) -> tuple[float, float, float, dict[str, str]] | None:
    """Where a score's dot goes: its centre, radius and data attributes."""
    if "hex" in score:
        try:
            x, y = hex_to_pixel(Hex.from_label(str(score["hex"])), HEX)
        except ValueError:
            return None
        return x, y, HEX_RADIUS, {"data-hex": str(score["hex"])}
    return float(score["x"]), float(score["y"]), TABLE_RADIUS, {}


def draw_scores(canvas: Canvas, scenario: Scenario, scores: Sequence[dict[str, Any]]) -> None:
    """Every candidate's score (`engine.ranking.Ranking.overlay`) on the board (module
    docstring)."""
    if not scores:
        return
    values = [float(s["value"]) for s in scores]
    low, top = min(values), max(values)
    hexes = scenario.system == "battletech"
    occupied = {u.hex.label for u in scenario.units} if hexes else set()
    group = canvas.layers["floor" if hexes else "odds"].add(canvas.dwg.g(class_="aim-scores"))
    for s, value in sorted(zip(scores, values, strict=True), key=lambda sv: sv[1]):
        place = _centre(s)
        if place is None:
            continue
        x, y, r, attrs = place
        cls = "aim-score aim-best" if value == top else "aim-score"
        paint = {"fill": colour(value, low, top), "fill_opacity": "0.85"}
        if attrs.get("data-hex") in occupied:
            cls += " aim-ring"
            r = TOKEN_RADIUS + RING_WIDTH / 2
            paint = {"fill": "none", "stroke": paint["fill"], "stroke_width": num(RING_WIDTH)}
        group.add(canvas.dwg.circle((num(x), num(y)), num(r), class_=cls, **paint,
                                    **{"data-value": num(value, 4), **attrs}))
