"""Pieces both board renderers share: the canvas and its layers, ids, classes, the palette,
which steps a drawing shows and the state each unit ends up in.

Nothing here knows a rule: marks are read as the plain dicts of `engine.log`, and any text
that comes from a user (names, sides, labels) reaches the SVG only through svgwrite's text
nodes and attribute values, which ElementTree escapes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from string import Template
from typing import Protocol

import svgwrite
from svgwrite.base import BaseElement
from svgwrite.container import Group
from svgwrite.etree import etree  # ElementTree, patched by svgwrite to write CDATA
from svgwrite.text import Text

from engine.log import Mark, Resolution, Step
from engine.render.labels import Bounds, Label, Placed, Placer
from engine.words import DEFAULT_LANG, Lang, Words, msg, say

PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442",
           "#000000")
"""Okabe-Ito colours, most distinct first; side n gets PALETTE[n % 8]."""

LAYERS = ("grid", "terrain", "floor", "units", "odds", "marks")
"""Layer groups, bottom to top: ``<g id="layer-<name>" class="layer layer-<name>">``. The
floor holds what lies on the map under the units, as a hex marker does on a BattleTech
map: hex highlights and the odds' heat map, so names and odds figures read over them."""

STATE_GLYPHS = {"hit": "\u00d7", "damaged": "!", "dodged": "\u21b7", "shot-down": "\u2298",
                "saved": "\u2713", "missed": "\u2013"}
"""The small badge drawn on a unit for each state (``untouched`` has none)."""

TITLE_STATES = ("hit", "damaged", "dodged", "shot-down", "saved", "missed", "untouched",
                "under-aim")
"""The states a unit's tooltip names (`render.title.<state>`); any other is shown as it is."""

PREVIEW = "aim"
"""The ``data-step`` of the marks drawn before any roll: where the attack is aimed."""

_SAFE_ID = re.compile(r"[A-Za-z0-9_-]+")
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_NOT_TOKEN = re.compile(r"[^a-z0-9-]+")

COMMON_CSS = """
.scatterlab{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.scatterlab text{text-anchor:middle;dominant-baseline:central}
.layer-terrain,.layer-floor,.layer-marks,.layer-odds{pointer-events:none}
.unit .body{stroke:#1a1a1a;stroke-width:$s2}
.unit .name,.unit .kindmark,.mark .tlabel,.mark .slabel,.mark .dir,.odds-label{paint-order:stroke;
 stroke:#fff;stroke-width:$s3;stroke-linejoin:round}
.unit .name{font-size:$fn;fill:#111}
.state-hit .body,.state-damaged .body{stroke:#000;stroke-width:$s4}
.state-damaged .body{fill-opacity:.55}
.state-dodged .body,.state-missed .body,.state-saved .body{stroke-dasharray:$d1}
.state-shot-down .body{stroke-dasharray:$d2}
.glyph circle{fill:#fff;stroke:#000;stroke-width:$s1}
.glyph text{font-size:$fg;font-weight:bold;fill:#000}
.state-hit .glyph circle,.state-damaged .glyph circle{fill:#F0E442}
.mark .head{fill:#000}
.mark .tlabel,.mark .slabel{font-size:$f1;font-weight:bold}
.heat{fill:#CC79A7}
.odds-label{font-size:$f1;font-weight:bold;fill:#000}
.leader{stroke:#333;stroke-width:$s1;pointer-events:none}
.mark.preview .tpl,.mark.preview .hl{stroke:#1d4ed8}
.state-under-aim .body{stroke:#c00;stroke-width:$s4}
"""


@dataclass(frozen=True)
class Box:
    """A rectangle in user units (the viewBox)."""

    x: float
    y: float
    w: float
    h: float


def num(value: float, places: int = 3) -> str:
    """A short decimal for an SVG attribute: rounded, no trailing zeros, never ``-0``."""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def xml_text(text: object) -> str:
    """User text that XML can hold: characters XML 1.0 forbids (control characters, lone
    surrogates) become U+FFFD, so a strange name can never break the document."""
    return _NOT_XML.sub("\ufffd", str(text))


def token(text: object) -> str:
    """A safe CSS class fragment from rule data (lower case letters, digits, hyphens)."""
    return _NOT_TOKEN.sub("-", str(text).lower()).strip("-") or "x"


def unit_element_id(unit_id: str) -> str:
    """The element id of a unit: ``unit-<id>`` when the id is already safe, else
    ``unitx-<hex of its UTF-8 bytes>`` (unique, and never equal to a safe one)."""
    if _SAFE_ID.fullmatch(unit_id):
        return f"unit-{unit_id}"
    return "unitx-" + unit_id.encode("utf-8").hex()


class Piece(Protocol):
    """A unit of any system, as a board draws it: its id, side and name."""

    @property
    def id(self) -> str: ...
    @property
    def side(self) -> str: ...
    @property
    def name(self) -> str: ...


def side_numbers(units: Iterable[Piece]) -> dict[str, int]:
    """Each side's number (0, 1, ...), in order of first appearance among the units."""
    sides: dict[str, int] = {}
    for unit in units:
        sides.setdefault(unit.side, len(sides))
    return sides


def steps_drawn(resolution: Resolution | None, upto_step: int | None) -> list[tuple[int, Step]]:
    """The (index, step) pairs a drawing shows: all, or steps 0..upto_step."""
    if resolution is None:
        return []
    steps = list(enumerate(resolution.steps))
    return steps if upto_step is None else steps[: max(0, upto_step + 1)]


def all_marks(resolution: Resolution | None) -> list[Mark]:
    """Every mark of the resolution (the viewBox covers them all, so it never jumps while
    the page steps through)."""
    return [m for s in resolution.steps for m in s.marks] if resolution else []


def heat_opacity(p: float, top: float) -> str:
    """Fill opacity of a landing cell: by the square root of p / top, so that unlikely
    spots stay visible next to a likely direct hit."""
    return num(0.06 + 0.5 * (p / top) ** 0.5, 2)


def pct_label(p: float) -> str:
    """A probability as a short label: "62%", with "<1%" and ">99%" at the edges."""
    if 0.0 < p < 0.005:
        return "<1%"
    if 0.995 <= p < 1.0:
        return ">99%"
    return f"{round(p * 100)}%"


def stylesheet(template: str, sizes: Mapping[str, float], sides: int) -> str:
    """The embedded CSS: `COMMON_CSS` plus `template`, with the board's stroke, font and
    dash sizes substituted, and one colour rule per side.

    Sizes are written in CSS ``px``, which inside an SVG are user units (inches on a
    table): a unitless font-size is invalid CSS and browsers would fall back to 16 units.
    """
    values = {k: f"{num(v)}px" for k, v in sizes.items()}
    colours = "".join(f".side-{n} .body{{fill:{PALETTE[n % len(PALETTE)]}}}\n"
                      for n in range(sides))
    return Template(COMMON_CSS + template).substitute(values) + colours


class Canvas:
    """An svgwrite drawing with the six layers and helpers for stable ids and classes."""

    def __init__(self, system: str, box: Box, px_per_unit: float, size: float | None,
                 css: str, placer: Placer, lang: Lang = DEFAULT_LANG) -> None:
        scale = px_per_unit if size is None else size / max(box.w, box.h)
        self.dwg = svgwrite.Drawing(size=(num(box.w * scale, 1), num(box.h * scale, 1)),
                                    profile="full", debug=False)
        self.dwg.viewbox(num(box.x), num(box.y), num(box.w), num(box.h))
        self.dwg["class"] = f"scatterlab board system-{token(system)}"
        self.dwg.embed_stylesheet(css)
        self.placer = placer
        self.lang = lang  # the language every word drawn is said in
        # the boxes of the template numbers drawn so far: a later template's number is
        # left out where an earlier one's stands (two Robotech templates that overlap)
        self.numbers: list[Bounds] = []
        # parts of the drawing serialised once and reused (a hex map's grid), each with
        # the text of the marker element that holds its place in the tree (`fragment`)
        self.fragments: list[tuple[str, str]] = []
        self.layers: dict[str, Group] = {}
        for name in LAYERS:
            self.layers[name] = self.dwg.add(self.dwg.g(id=f"layer-{name}",
                                                        class_=f"layer layer-{name}"))

    def say(self, words: Words) -> str:
        """`words` in the board's language."""
        return say(words, self.lang)

    def text(self, content: Words, x: float, y: float, cls: str, **attrs: str) -> Text:
        """A text element (svgwrite escapes `content`: user text is never markup), said in
        the board's language."""
        element = self.dwg.text(xml_text(self.say(content)), class_=cls)
        element.update({k: xml_text(v) for k, v in attrs.items()})
        element["x"] = num(x)
        element["y"] = num(y)
        return element

    def label(self, parent: Group, label: Label, cls: str, owner: object = None,
              relative: bool = False, **attrs: str) -> Placed:
        """Place `label` (`engine.render.labels`) and draw it in `parent` with `cls`: at
        its offset from the anchor when `relative` (inside a unit's translated group),
        else on the board; with a leader line back to the anchor when it had to move."""
        placed = self.placer.place(label, owner)
        ox, oy = (0.0, 0.0) if relative else (label.x, label.y)
        if placed.leader:
            x0, y0, x1, y1 = placed.leader_line(label)
            parent.add(self.dwg.line((num(ox + x0), num(oy + y0)), (num(ox + x1), num(oy + y1)),
                                     class_="leader"))
        parent.add(self.text(label.text, ox + placed.dx, oy + placed.dy, cls, **attrs))
        return placed

    def unit_group(self, unit: Piece, name: str, side: int, kind: str, state: str | None,
                   at: tuple[float, float]) -> Group:
        """The ``<g id="unit-..." class="unit side-n kind-k [state-s]">`` of one unit,
        translated to `at`, with a tooltip title (its `name` as shown), added to the units
        layer."""
        cls = f"unit side-{side} kind-{token(kind)}"
        attrs = {"data-unit": xml_text(unit.id), "data-side": xml_text(unit.side)}
        if state:
            cls += f" state-{token(state)}"
            attrs["data-state"] = xml_text(state)
        group = self.dwg.g(id=unit_element_id(unit.id), class_=cls,
                           transform=f"translate({num(at[0])},{num(at[1])})", **attrs)
        title: Words = name
        if state:
            title = msg("render.title", unit=name, state=msg(f"render.title.{state}")
                        if state in TITLE_STATES else state)
        group.set_desc(title=xml_text(self.say(title)))
        return self.layers["units"].add(group)

    def glyph(self, group: Group, state: str | None, x: float, y: float, r: float) -> None:
        """The state badge (a circle with a symbol) at (x, y) inside a unit group."""
        symbol = STATE_GLYPHS.get(state or "")
        if symbol is None:
            return
        badge = group.add(self.dwg.g(class_="glyph"))
        badge.add(self.dwg.circle((num(x), num(y)), num(r)))
        badge.add(self.text(symbol, x, y, ""))

    def mark(self, kind: str, role: object, step: int | str, layer: str = "marks",
             **attrs: str) -> Group:
        """The ``<g class="mark mark-<kind> role-<role>" data-step="i">`` of one mark, in
        the marks layer over the units, or in `layer` ("floor": under them)."""
        cls = f"mark mark-{token(kind)}" + (f" role-{token(role)}" if role else "")
        if step == PREVIEW:
            cls += " preview"
        attrs = {k: xml_text(v) for k, v in attrs.items()}
        return self.layers[layer].add(self.dwg.g(class_=cls, **{"data-step": str(step)},
                                                 **attrs))

    def arrow_head(self, group: Group, start: tuple[float, float], end: tuple[float, float],
                   size: float) -> None:
        """A filled triangle at `end`, pointing away from `start` (skipped if they meet)."""
        dx, dy = end[0] - start[0], end[1] - start[1]
        length = (dx * dx + dy * dy) ** 0.5
        if length < 1e-9:
            return
        size = min(size, length / 2)
        ux, uy = dx / length, dy / length
        bx, by = end[0] - ux * size, end[1] - uy * size
        half = size * 0.5
        points = [end, (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)]
        group.add(self.dwg.polygon([(num(px), num(py)) for px, py in points], class_="head"))

    def fragment(self, parent: Group, xml: str) -> None:
        """Add `xml`, elements already serialised (`serialised`), to `parent`: a part of
        the drawing made once and reused, such as a hex map's every hex. An empty marker
        element holds its place until `tostring` puts `xml` there."""
        marker = parent.add(self.dwg.g(id=f"fragment-{len(self.fragments)}"))
        self.fragments.append((serialised(marker), xml))

    def tostring(self) -> str:
        """The SVG document as text: svgwrite's element tree serialised straight to a
        string (``Drawing.tostring`` encodes to UTF-8 bytes and decodes them again), with
        each `fragment` in its marker's place (markers are elements, which no escaped
        text or attribute can spell)."""
        text = serialised(self.dwg)
        for marker, xml in self.fragments:
            text = text.replace(marker, xml, 1)
        return text


def layer_span(svg: str, name: str) -> tuple[int, int] | None:
    """Where the layer `name` (`LAYERS`) lies in a board's SVG text: from its opening tag
    to the next layer's (None when it has none, or is the last). The page keeps a layer it
    already shows the same (a hex map's grid, at every Step) and parses only the rest.
    Escaped user text cannot spell an opening tag."""
    start = svg.find(f'<g class="layer layer-{name}"')
    end = svg.find('<g class="layer ', start + 1) if start >= 0 else -1
    return (start, end) if end > 0 else None


def serialised(element: BaseElement) -> str:
    """An svgwrite element and its children as SVG text."""
    return etree.tostring(element.get_xml(), encoding="unicode")


def marks_of(step: Step, kind: str) -> Iterator[Mark]:
    """The marks of one kind in a step."""
    return (m for m in step.marks if m.get("kind") == kind)
