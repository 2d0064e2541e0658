"""Where the texts of a zoomed board go when the view cuts some (issue 14.6), pure Python.

A phone's zoomed view of a crowded board (the Mega-blast's five models under their odds
figures, an attacker's arrow at the edge) can leave no clear place beside a unit for the
name the edge cuts: each place next to the Sergeant holds another model's name or an odds
figure. Taken one at a time, such a name stays cut. `arrange` lets it take the place of a
text that can itself move to another clear place beside its own unit, and so on, a few
texts deep (an ejection chain): the texts the view does not cut stay where the board put
them unless one has to make room. The caller gives each text's clear places (inside the
view, off every body but its own unit's and off every text that cannot move); `arrange`
keeps the texts off each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.render.labels import Bounds, overlap

DEPTH = 2
"""How many texts deep a chain of moves may go: a cut name takes a figure's place, the
figure a neighbour's name's, that name a clear place."""
BUDGET = 3000
"""How many places `arrange` tries in all before it gives up on the texts left (a page's
task stays short on the busiest view)."""


@dataclass(frozen=True)
class Text:
    """A name or odds figure of a unit in view: where the board put it (`now`), whether
    the view cuts it there (`cut`: it has to move), and its clear places beside its unit,
    best first."""

    now: Bounds
    cut: bool
    places: Sequence[Bounds]


def arrange(texts: Sequence[Text]) -> dict[int, Bounds]:
    """The new places of the texts that move, by index: each cut text, in turn, takes its
    first place clear of the texts placed so far, else the first from which the texts in
    its way can move on (`DEPTH` deep, no text moved twice in one chain); a cut text with
    neither stays where it is, and is then no obstacle."""
    placed = {i: t.now for i, t in enumerate(texts) if not t.cut}
    moves: dict[int, Bounds] = {}
    tries = [BUDGET]
    for i, text in enumerate(texts):
        if text.cut and (chain := _relocate(texts, i, placed, {i}, DEPTH, tries)):
            placed.update(chain)
            moves.update(chain)
    return moves


def _relocate(texts: Sequence[Text], i: int, placed: dict[int, Bounds], pinned: set[int],
              depth: int, tries: list[int]) -> dict[int, Bounds] | None:
    """The moves that give text `i` (not in `placed`) a place: a clear one if it has one,
    else one whose occupants, none of them `pinned`, all find places in turn."""
    blocked = []
    for box in texts[i].places:
        tries[0] -= 1
        if tries[0] < 0:
            return None
        blockers = [j for j, other in placed.items() if overlap(box, other)]
        if not blockers:
            return {i: box}
        if depth and pinned.isdisjoint(blockers):
            blocked.append((box, blockers))
    for box, blockers in blocked:
        trial = {j: b for j, b in placed.items() if j not in blockers}
        trial[i] = box
        chain = {i: box}
        for j in blockers:
            sub = _relocate(texts, j, trial, pinned | {i, *blockers}, depth - 1, tries)
            if sub is None:
                break
            trial.update(sub)
            chain.update(sub)
        else:
            return chain
    return None
