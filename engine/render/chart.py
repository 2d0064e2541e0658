"""Small SVG bar charts of one distribution from the odds document (``damage``, ``hits``,
a group's ``removed``): one bar per value, its height the probability, each bar carrying
its exact figure (``data-value``, ``data-p``) and a tooltip with the "at least" reading.

Pure and rule-free like `engine.render`: it only draws the figures `engine.odds` computed.
"""

from __future__ import annotations

from collections.abc import Mapping

import svgwrite

from engine.render.common import num, pct_label, xml_text
from engine.words import DEFAULT_LANG, Lang, Msg, Words, msg, say

WIDTH, HEIGHT = 260.0, 86.0
"""The chart's size in CSS px (the page scales it to its column)."""
TOP, BOTTOM, SIDE = 14.0, 16.0, 4.0
"""Room for the percentages over the bars and the values under them."""
MIN_LABELLED_SLOT = 26.0
"""Narrower bars leave their percentage to the tooltip and the read-out."""

CSS = """
.chart text{font-family:system-ui,sans-serif;font-size:11px;text-anchor:middle;fill:#1b2631}
.chart .bar{fill:#0072B2}
.chart .bar.zero{fill:#9aa5b1}
.chart .axis{stroke:#55616d;stroke-width:1}
"""


WHAT: dict[str, Msg] = {"damage": msg("render.chart.damage"), "hits": msg("render.chart.hits"),
                        "models removed": msg("render.chart.removed"),
                        "templates over it": msg("render.chart.templates"),
                        "damage groups": msg("render.chart.groups")}
"""The values a chart can count, by the English word a caller may name them with."""


def ordered(dist: Mapping[str, float]) -> list[tuple[str, float]]:
    """The (value, p) pairs of a distribution, values in numeric order."""
    return sorted(((str(k), float(p)) for k, p in dist.items()), key=lambda kv: float(kv[0]))


def bar_chart(dist: Mapping[str, float], what: Words,
              at_least: Mapping[str, float] | None = None, *,
              lang: Lang = DEFAULT_LANG) -> str:
    """The SVG text of a bar chart of `dist` (value -> probability), `what` naming the
    values ("damage", "hits", "models removed", or a message) in its title and tooltips,
    said in `lang`."""
    bars = ordered(dist)
    counted = WHAT.get(what, what) if isinstance(what, str) else what
    dwg = svgwrite.Drawing(size=(f"{num(WIDTH)}px", f"{num(HEIGHT)}px"), profile="full",
                           debug=False)
    dwg.viewbox(0, 0, num(WIDTH), num(HEIGHT))
    dwg["class"] = "chart"
    dwg["role"] = "img"
    dwg.embed_stylesheet(CSS)
    words = [msg("render.chart.value", value=v, chance=pct_label(p)) for v, p in bars]
    dwg.set_desc(title=xml_text(say(msg("render.chart.title", what=counted, values=words), lang)))
    slot = (WIDTH - 2 * SIDE) / max(1, len(bars))
    tall = HEIGHT - TOP - BOTTOM
    top = max((p for _, p in bars), default=1.0) or 1.0
    base = HEIGHT - BOTTOM
    for i, (value, p) in enumerate(bars):
        x = SIDE + i * slot
        h = tall * p / top
        rect = dwg.rect((num(x + slot * 0.15), num(base - h)), (num(slot * 0.7), num(h)),
                        class_="bar" + (" zero" if float(value) == 0 else ""),
                        **{"data-value": xml_text(value), "data-p": repr(p)})
        bar = (msg("render.chart.bar", value=value, what=counted, chance=pct_label(p))
               if at_least is None or value not in at_least else
               msg("render.chart.bar_at_least", value=value, what=counted, chance=pct_label(p),
                   at_least=pct_label(float(at_least[value]))))
        rect.set_desc(title=xml_text(say(bar, lang)))
        dwg.add(rect)
        if slot >= MIN_LABELLED_SLOT:
            dwg.add(dwg.text(pct_label(p), insert=(num(x + slot / 2), num(base - h - 4))))
        dwg.add(dwg.text(xml_text(value), insert=(num(x + slot / 2), num(HEIGHT - 3))))
    dwg.add(dwg.line((num(SIDE), num(base)), (num(WIDTH - SIDE), num(base)), class_="axis"))
    return dwg.tostring()
