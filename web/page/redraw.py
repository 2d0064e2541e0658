"""What a redraw of the board keeps (web/page/board.py's `show_svg`): each top-level group
of the board shown that the engine drew the same, and a hex map's grid, which is not even
parsed again when its text is the same. The browser then styles and lays out only what
changed: a BattleTech Step no longer lays out the whole map."""

from __future__ import annotations

from .dom import Element, absent, attr

KEPT_LAYER = "grid"
"""The layer a redraw keeps without parsing it again when its text is the same: a hex
map's grid, 128 KB of the Long Tom board's 132 KB."""
SAME = "data-same"
"""On the kept layer, the hash of its text; on its place holder in a new drawing, "keep"."""
Kept = tuple[tuple[int, int], str] | None
"""Where a board's text holds its `KEPT_LAYER`, and the hash of that layer's text."""


def kept_layer(text: str) -> Kept:
    """Where `text` holds its `KEPT_LAYER` and the hash of its text (None: it has none)."""
    from engine.render.common import layer_span  # svgwrite: loaded once a board is drawn

    span = layer_span(text, KEPT_LAYER)
    return None if span is None else (span, str(hash(text[span[0]:span[1]])))


def kept_node(svg: Element) -> Element | None:
    """The board's `KEPT_LAYER` group, None if it has none."""
    node = svg.querySelector(f":scope > g.layer-{KEPT_LAYER}")
    return None if absent(node) else node


def without_kept(shown: Element, text: str, kept: Kept) -> str:
    """`text` with its `KEPT_LAYER` (`kept_layer`) left empty when the board `shown` has
    the same one (`mark_kept`): an empty group, marked to be kept, holds its place for
    `morph`."""
    node = kept_node(shown)
    if kept is None or node is None or attr(node, SAME) != kept[1]:
        return text
    (start, end), _ = kept
    return f'{text[:start]}<g class="layer layer-{KEPT_LAYER}" {SAME}="keep"/>{text[end:]}'


def mark_kept(svg: Element, kept: Kept) -> None:
    """Mark the board's `KEPT_LAYER` with the hash of its text (`without_kept`)."""
    node = kept_node(svg)
    # only when it differs: set again, it would have the group styled again
    if kept is not None and node is not None and attr(node, SAME) != kept[1]:
        node.setAttribute(SAME, kept[1])


PAGE_MADE = ":scope > title, :scope > desc, :scope > g.offview"
"""What the page adds to the engine's <svg> (`describe_board`, `point_to_attacker`)."""
PAGE_SET = ("viewBox", "style", "data-fit")
"""The shown <svg>'s attributes that `morph` leaves to the page (`set_box`, `show_svg`)."""


def morph(shown: Element, new: Element) -> None:
    """Make the board `shown` the engine's `new` one, keeping each of its top-level
    groups that `new` has unchanged (a hex map's grid, 2,700 elements on the Long Tom
    demo, is the same at every Step): the browser then styles and lays out only what
    changed, where a new <svg> had it lay out the whole board again. The page's own
    nodes go (each draw adds them again), and its attributes are the new one's but the
    viewBox, the box shown, which `restore_view` sets (the new one's is the board's Fit:
    set in between, it would have the browser lay every text out at Fit's scale too)."""
    for node in shown.querySelectorAll(PAGE_MADE):
        node.remove()
    for name in [a.name for a in shown.attributes]:
        if not new.hasAttribute(name) and name not in PAGE_SET:
            shown.removeAttribute(name)
    for a in new.attributes:
        if a.name not in PAGE_SET and shown.getAttribute(a.name) != a.value:
            shown.setAttribute(a.name, a.value)
    old, fresh = list(shown.children), list(new.children)
    for i, child in enumerate(fresh):
        if i >= len(old):
            shown.appendChild(child)
        elif attr(child, SAME) != "keep" and not old[i].isEqualNode(child):
            old[i].replaceWith(child)
    for extra in old[len(fresh):]:
        extra.remove()
