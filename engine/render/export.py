"""The picture players share: the board as shown, under its title and the dice it was
rolled with, above the result (one line per unit something happened to) and the key.

    export(scenario, resolution=None, *, upto_step=None, odds=None, box=None) -> str

The board keeps its own aspect ratio (the view `box`, or the engine's whole board); the
picture is WIDTH px wide. The page draws its PNG from this SVG, so both carry the same.
"""

from __future__ import annotations

import re

import svgwrite

from engine.log import Resolution
from engine.odds import Odds
from engine.render import board as boards
from engine.render.common import num, xml_text
from engine.render.legend import legend_group
from engine.render.summary import dice_words
from engine.render.tally import tally_lines
from engine.scenario import Scenario

WIDTH = 800.0
PAD = 16.0
TITLE, TEXT, LINE = 22.0, 14.0, 20.0
"""Font sizes and line height in px."""
SLOT = "<g id=\"board-slot\" />"

SYSTEM_NAMES = {"robotech": "Robotech RPG Tactics", "heresy": "Warhammer 40K / Horus Heresy",
                "battletech": "BattleTech"}

_VIEWBOX = re.compile(r'viewBox="([^"]+)"')
_SIZE = re.compile(r'\s(width|height)="[^"]*"')


def dice_line(scenario: Scenario, resolution: Resolution | None) -> str:
    """The dice the picture shows the result of, each scripted die when there are few."""
    system = SYSTEM_NAMES.get(scenario.system, scenario.system)
    if resolution is None:
        return f"{system} · not rolled yet · {dice_words(scenario)}"
    if scenario.dice and len(scenario.dice) <= 24:
        dice = " ".join(str(d) for d in scenario.dice)
        return f"{system} · scripted dice: {dice}"
    return f"{system} · {dice_words(scenario)}"


def _board_box(text: str, box: tuple[float, float, float, float] | None) -> tuple[float, ...]:
    if box is not None:
        return tuple(float(v) for v in box)
    found = _VIEWBOX.search(text)
    return tuple(float(v) for v in found.group(1).replace(",", " ").split()) if found else (
        0.0, 0.0, WIDTH, WIDTH)


def export(scenario: Scenario, resolution: Resolution | None = None, *,
           upto_step: int | None = None, odds: Odds | None = None,
           box: tuple[float, float, float, float] | None = None) -> str:
    """The SVG text of the shared picture (see the module docstring)."""
    board = boards.board(scenario, resolution, upto_step=upto_step, odds=odds)
    bx, by, bw, bh = _board_box(board, box)
    inner = WIDTH - 2 * PAD
    board_h = inner * bh / bw
    lines = [line.text for line in tally_lines(scenario, resolution, upto_step)]
    if resolution is not None and not lines:
        lines = ["Nothing was hit."]

    dwg = svgwrite.Drawing(profile="full", debug=False)
    dwg["class"] = "scatterlab-export"  # not "scatterlab": the board's stylesheet keys on it
    paper = dwg.add(dwg.rect((0, 0), (num(WIDTH), 0), fill="#ffffff"))
    page = dwg.add(dwg.g(font_family="system-ui, -apple-system, 'Segoe UI', sans-serif",
                         fill="#1b2631"))
    y = PAD + TITLE
    page.add(dwg.text(xml_text(scenario.title or "Scatterlab scenario"),
                      insert=(num(PAD), num(y)), font_size=num(TITLE), font_weight="bold"))
    y += LINE
    page.add(dwg.text(xml_text(dice_line(scenario, resolution)), insert=(num(PAD), num(y)),
                      font_size=num(TEXT), fill="#55616d"))
    y += PAD / 2
    board_y = y
    y += board_h + PAD + TEXT
    if lines:
        page.add(dwg.text("Result", insert=(num(PAD), num(y)), font_size=num(TEXT),
                          font_weight="bold"))
        for line in lines:
            y += LINE
            page.add(dwg.text(xml_text(f"• {line}"), insert=(num(PAD), num(y)),
                              font_size=num(TEXT)))
        y += PAD
    key, key_h = legend_group(dwg, scenario, odds is not None, inner, PAD, y)
    page.add(key)
    y += key_h + PAD
    page.add(dwg.g(id="board-slot"))
    height = y
    dwg["width"], dwg["height"] = f"{num(WIDTH)}px", f"{num(height)}px"
    dwg.viewbox(0, 0, num(WIDTH), num(height))
    paper["height"] = num(height)
    nested = _SIZE.sub("", board.split("?>", 1)[-1], count=2).replace(
        "<svg ", f'<svg x="{num(PAD)}" y="{num(board_y)}" width="{num(inner)}" '
                 f'height="{num(board_h)}" ', 1)
    nested = _VIEWBOX.sub(f'viewBox="{num(bx)} {num(by)} {num(bw)} {num(bh)}"', nested, 1)
    text = dwg.tostring()
    if SLOT not in text:
        raise ValueError("export: the board's place in the picture is missing")
    return text.replace(SLOT, nested)
