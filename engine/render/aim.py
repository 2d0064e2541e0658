"""The "Best aim" overlay (issue 16): the score of every candidate aim, drawn as a dot
at its table point or hex centre in ``<g class="aim-scores">`` of the odds layer.

Each dot is ``<circle class="aim-score" data-value="...">`` (with ``data-hex`` on a hex
map); its colour runs from `LOW` for the lowest score shown to `HIGH` for the best, and the
best dot also has class ``aim-best``. The page's legend says the same in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.hexgrid import Hex, hex_to_pixel
from engine.render.common import Canvas, num
from engine.render.hexmap import HEX

LOW = (253, 231, 37)
"""Colour of the lowest score (yellow)."""
HIGH = (68, 1, 84)
"""Colour of the best score (dark purple): the ends of the viridis scale."""
TABLE_RADIUS = 0.15
"""Inches: a dot on the table (the candidates are at least 0.25" apart)."""
HEX_RADIUS = HEX * 0.45
"""Pixels: a dot in a hex."""


def colour(value: float, low: float, top: float) -> str:
    """The colour of `value` between the lowest and the best score shown."""
    t = 1.0 if top <= low else (value - low) / (top - low)
    r, g, b = (round(a + (z - a) * t) for a, z in zip(LOW, HIGH, strict=True))
    return f"#{r:02x}{g:02x}{b:02x}"


def _centre(score: dict[str, Any]) -> tuple[float, float, float, dict[str, str]] | None:
    if "hex" in score:
        try:
            x, y = hex_to_pixel(Hex.from_label(str(score["hex"])), HEX)
        except ValueError:
            return None
        return x, y, HEX_RADIUS, {"data-hex": str(score["hex"])}
    return float(score["x"]), float(score["y"]), TABLE_RADIUS, {}


def draw_scores(canvas: Canvas, scores: Sequence[dict[str, Any]]) -> None:
    """Every candidate's score (`engine.ranking.Ranking.overlay`) over the board."""
    if not scores:
        return
    values = [float(s["value"]) for s in scores]
    low, top = min(values), max(values)
    group = canvas.layers["odds"].add(canvas.dwg.g(class_="aim-scores"))
    for s, value in sorted(zip(scores, values, strict=True), key=lambda sv: sv[1]):
        place = _centre(s)
        if place is None:
            continue
        x, y, r, attrs = place
        cls = "aim-score aim-best" if value == top else "aim-score"
        group.add(canvas.dwg.circle((num(x), num(y)), num(r), class_=cls,
                                    fill=colour(value, low, top), fill_opacity="0.85",
                                    **{"data-value": num(value, 4), **attrs}))
