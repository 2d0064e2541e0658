"""The key to the board: what each colour, badge, template, arrow, hex mark and the odds
heat map mean, drawn as a small SVG (for the page, under the board) or as a group inside
the exported picture (`engine.render.export`).

Swatches carry their look as attributes, not the board's classes, so the key draws the
same at any size and never picks up the board's stylesheet, which is in inches.
"""

from __future__ import annotations

import svgwrite
from svgwrite.base import BaseElement
from svgwrite.container import Group

from engine.render.common import PALETTE, STATE_GLYPHS, num, side_numbers, xml_text
from engine.render.oddswords import BADGE_WORDS
from engine.scenario import Scenario
from engine.words import DEFAULT_LANG, Lang, Msg, Words, msg, say

ROW = 20.0
"""Height of one entry in CSS px."""
FONT = 12.0

STATE_WORDS: dict[str, Msg] = {state: msg(f"render.state.{state}") for state in (
    "hit", "damaged", "dodged", "shot-down", "saved", "missed")}

TABLE_MARKS = tuple((kind, msg(f"render.key.{kind}"))
                    for kind in ("preview", "under", "final", "aim", "arrow"))
HEX_MARKS = tuple((kind, msg(f"render.key.{kind}"))
                  for kind in ("hex-preview", "target", "hit", "scatter", "aoe", "strafe"))
HEX_FILLS = {"hex-preview": ("none", 0.0, "4 3"), "target": ("none", 0.0, "4 3"),
             "hit": ("#D55E00", 0.3, ""), "scatter": ("#000000", 0.12, "2 2"),
             "aoe": ("#E69F00", 0.45, ""), "strafe": ("#CC79A7", 0.3, "")}
AIM_BLUE = "#1d4ed8"
"""The stroke of the aim drawn before Roll (the board's ``.mark.preview``)."""


def entries(scenario: Scenario, with_odds: bool) -> list[tuple[str, str | None, Words]]:
    """The key's entries, in order: (kind, what to draw, words)."""
    out: list[tuple[str, str | None, Words]] = [
        ("side", PALETTE[n % len(PALETTE)], msg("render.key.side", side=side))
        for side, n in side_numbers(scenario.units).items()]
    out += [("glyph", STATE_GLYPHS[s], w) for s, w in STATE_WORDS.items()]
    marks = HEX_MARKS if scenario.system == "battletech" else TABLE_MARKS
    out += [("mark", kind, words) for kind, words in marks]
    if with_odds:
        out.append(("heat", None, msg("render.key.heat")))
        out.append(("pct", None, BADGE_WORDS[scenario.system]))
    return out


def _swatch(dwg: svgwrite.Drawing, kind: str, what: str | None, x: float, y: float
            ) -> BaseElement:
    """The little picture of one entry, centred at (x, y)."""
    if kind == "side":
        return dwg.circle((num(x), num(y)), 6, fill=str(what), stroke="#1a1a1a")
    if kind == "glyph":
        g = dwg.g()
        g.add(dwg.circle((num(x), num(y)), 7, fill="#ffffff", stroke="#000000"))
        g.add(dwg.text(str(what), insert=(num(x), num(y + 4)), font_size=num(FONT - 1),
                       font_weight="bold", text_anchor="middle"))
        return g
    if kind == "heat":
        return dwg.circle((num(x), num(y)), 7, fill="#CC79A7", fill_opacity=0.5)
    if kind == "pct":
        return dwg.text("62%", insert=(num(x), num(y + 4)), font_size=num(FONT - 2),
                        font_weight="bold", text_anchor="middle")
    if what == "arrow":
        g = dwg.g()
        g.add(dwg.line((num(x - 9), num(y)), (num(x + 5), num(y)), stroke="#000000",
                       stroke_width=2))
        g.add(dwg.polygon([(num(x + 9), num(y)), (num(x + 3), num(y - 4)),
                           (num(x + 3), num(y + 4))], fill="#000000"))
        return g
    if what == "under":
        return dwg.circle((num(x), num(y)), 6, fill="#ffffff", stroke="#cc0000",
                          stroke_width=2.5)
    if what in ("final", "aim", "preview"):
        return dwg.circle((num(x), num(y)), 7, fill="#000000",
                          fill_opacity=0.07 if what == "final" else 0,
                          stroke=AIM_BLUE if what == "preview" else "#000000",
                          stroke_width=1.5, stroke_dasharray="none" if what == "final" else "3 2")
    fill, opacity, dash = HEX_FILLS[str(what)]
    points = [(x + 8 * dx, y + 7 * dy) for dx, dy in
              ((1, 0), (0.5, 1), (-0.5, 1), (-1, 0), (-0.5, -1), (0.5, -1))]
    return dwg.polygon([(num(px), num(py)) for px, py in points], fill=fill,
                       fill_opacity=num(opacity, 2),
                       stroke=AIM_BLUE if what == "hex-preview" else "#000000", stroke_width=1.5,
                       stroke_dasharray=dash or "none")


def legend_group(dwg: svgwrite.Drawing, scenario: Scenario, with_odds: bool, width: float,
                 x0: float = 0.0, y0: float = 0.0, *,
                 lang: Lang = DEFAULT_LANG) -> tuple[Group, float]:
    """The key as a group at (x0, y0), in as many columns of about 260 px as fit in
    `width`; returns the group and its height."""
    items = entries(scenario, with_odds)
    columns = max(1, int(width // 260))
    rows = -(-len(items) // columns)
    col_w = width / columns
    group = dwg.g(class_="legend", font_family="system-ui, sans-serif",
                  font_size=num(FONT), fill="#1b2631")
    for i, (kind, what, words) in enumerate(items):
        cx = x0 + (i // rows) * col_w + 12
        cy = y0 + (i % rows) * ROW + ROW / 2
        group.add(_swatch(dwg, kind, what, cx, cy))
        group.add(dwg.text(xml_text(say(words, lang)), insert=(num(cx + 16), num(cy + 4))))
    return group, rows * ROW


def legend(scenario: Scenario, with_odds: bool = False, width: float = 420.0, *,
           lang: Lang = DEFAULT_LANG) -> str:
    """The key as a standalone SVG `width` px wide, for the page."""
    dwg = svgwrite.Drawing(profile="full", debug=False)
    group, height = legend_group(dwg, scenario, with_odds, width, lang=lang)
    dwg.add(group)
    dwg["width"], dwg["height"] = f"{num(width)}px", f"{num(height)}px"
    dwg.viewbox(0, 0, num(width), num(height))
    dwg["class"] = "legend-key"
    dwg["role"] = "img"
    words = say(msg("render.key.separator"), lang).join(
        say(w, lang) for _, _, w in entries(scenario, with_odds))
    dwg.set_desc(title=xml_text(say(msg("render.key.title", entries=words), lang)))
    return dwg.tostring()
