"""The picture players share: the board as shown, under its title and the dice it was
rolled with, above the result (one line per unit something happened to), the odds
summary when odds were computed, the key and the app's address.

    export(scenario, resolution=None, *, upto_step=None, odds=None, box=None,
           address="") -> str

The board keeps its own aspect ratio (the view `box`, grown to take in the attacker, or
the engine's whole board; issue 22.11); the picture is WIDTH px wide. The page draws its
PNG from this SVG, so both carry the same.
"""

from __future__ import annotations

import re

import svgwrite

from engine.hexgrid import hex_to_pixel
from engine.log import Resolution
from engine.names import shown_names
from engine.odds import Odds
from engine.render import board as boards
from engine.render.common import num, xml_text
from engine.render.hexmap import HEX
from engine.render.labels import text_width
from engine.render.legend import legend_group
from engine.render.oddswords import odds_view
from engine.render.summary import dice_message
from engine.render.tabletop import font_size
from engine.render.tally import tally_lines
from engine.scenario import Scenario
from engine.words import DEFAULT_LANG, Lang, msg, say

WIDTH = 800.0
PAD = 16.0
TITLE, TEXT, LINE = 22.0, 14.0, 20.0
"""Font sizes and line height in px."""
SLOT = "<g id=\"board-slot\" />"

SYSTEM_NAMES = {"robotech": "Robotech RPG Tactics", "heresy": "Warhammer 40K / Horus Heresy",
                "battletech": "BattleTech"}

_VIEWBOX = re.compile(r'viewBox="([^"]+)"')
_SIZE = re.compile(r'\s(width|height)="[^"]*"')


def dice_line(scenario: Scenario, resolution: Resolution | None, *,
              lang: Lang = DEFAULT_LANG) -> str:
    """The dice the picture shows the result of, each scripted die when there are few."""
    system = SYSTEM_NAMES.get(scenario.system, scenario.system)
    if resolution is None:
        return say(msg("render.export.not_rolled", system=system,
                       dice=dice_message(scenario)), lang)
    if scenario.dice and len(scenario.dice) <= 24:
        dice = " ".join(str(d) for d in scenario.dice)
        return say(msg("render.export.scripted", system=system, dice=dice), lang)
    return say(msg("render.export.dice", system=system, dice=dice_message(scenario)), lang)


def odds_line(scenario: Scenario, odds: Odds, *, lang: Lang = DEFAULT_LANG) -> str:
    """One line of the odds, as the page's odds panel leads with them
    (engine.render.oddswords): a 40K unit's models removed, another unit's damage."""
    return say(msg("render.export.odds", lead=odds_view(scenario, odds.to_dict(),
                                                        lang=lang).lead), lang)


def _attackers(scenario: Scenario) -> set[str]:
    attack = scenario.attack
    return {str(getattr(attack, key)) for key in ("attacker", "firer") if hasattr(attack, key)}


def _with_attacker(scenario: Scenario, box: tuple[float, ...]) -> tuple[float, ...]:
    """The view `box` grown, at its aspect ratio, to take in the attacker and its name."""
    x, y, w, h = box
    for unit in scenario.units:
        if unit.id not in _attackers(scenario):
            continue
        if scenario.system == "battletech":
            (ax, ay), pad = hex_to_pixel(unit.hex, HEX), 2 * HEX
        else:
            f = font_size(scenario)
            name = shown_names(scenario.units)[unit.id]
            ax, ay, pad = unit.x, unit.y, max(3 * f, text_width(name, f) / 2 + f)
        x0, y0 = min(x, ax - pad), min(y, ay - pad)
        x1, y1 = max(x + w, ax + pad), max(y + h, ay + pad)
        grow = max((x1 - x0) / w, (y1 - y0) / h)
        if grow > 1:
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            x, y, w, h = cx - w * grow / 2, cy - h * grow / 2, w * grow, h * grow
    return (x, y, w, h)


def _board_box(text: str, box: tuple[float, float, float, float] | None) -> tuple[float, ...]:
    if box is not None:
        return tuple(float(v) for v in box)
    found = _VIEWBOX.search(text)
    return tuple(float(v) for v in found.group(1).replace(",", " ").split()) if found else (
        0.0, 0.0, WIDTH, WIDTH)


def export(scenario: Scenario, resolution: Resolution | None = None, *,
           upto_step: int | None = None, odds: Odds | None = None,
           box: tuple[float, float, float, float] | None = None, address: str = "",
           lang: Lang = DEFAULT_LANG) -> str:
    """The SVG text of the shared picture (see the module docstring)."""
    board = boards.board(scenario, resolution, upto_step=upto_step, odds=odds,
                         aimed=resolution is None, lang=lang)
    bx, by, bw, bh = _with_attacker(scenario, _board_box(board, box))
    inner = WIDTH - 2 * PAD
    board_h = inner * bh / bw
    lines = [line.text for line in tally_lines(scenario, resolution, upto_step, lang=lang)]
    if resolution is not None and not lines:
        lines = [say(msg("render.nothing_hit"), lang)]
    if odds is not None:
        lines.append(odds_line(scenario, odds, lang=lang))

    dwg = svgwrite.Drawing(profile="full", debug=False)
    dwg["class"] = "scatterlab-export"  # not "scatterlab": the board's stylesheet keys on it
    paper = dwg.add(dwg.rect((0, 0), (num(WIDTH), 0), fill="#ffffff"))
    page = dwg.add(dwg.g(font_family="system-ui, -apple-system, 'Segoe UI', sans-serif",
                         fill="#1b2631"))
    y = PAD + TITLE
    page.add(dwg.text(xml_text(scenario.title or say(msg("render.export.untitled"), lang)),
                      insert=(num(PAD), num(y)), font_size=num(TITLE), font_weight="bold"))
    y += LINE
    page.add(dwg.text(xml_text(dice_line(scenario, resolution, lang=lang)),
                      insert=(num(PAD), num(y)), font_size=num(TEXT), fill="#55616d"))
    y += PAD / 2
    board_y = y
    y += board_h + PAD + TEXT
    if lines:
        heading = msg("render.export.result" if resolution is not None
                      else "render.export.odds_heading")
        page.add(dwg.text(say(heading, lang), insert=(num(PAD), num(y)), font_size=num(TEXT),
                          font_weight="bold"))
        for line in lines:
            y += LINE
            page.add(dwg.text(xml_text(f"• {line}"), insert=(num(PAD), num(y)),
                              font_size=num(TEXT)))
        y += PAD
    key, key_h = legend_group(dwg, scenario, odds is not None, inner, PAD, y, lang=lang)
    page.add(key)
    y += key_h + PAD
    if address:
        y += TEXT / 2
        page.add(dwg.text(xml_text(say(msg("render.export.made_with", address=address), lang)),
                          insert=(num(PAD), num(y)), font_size=num(TEXT), fill="#55616d"))
        y += PAD
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
