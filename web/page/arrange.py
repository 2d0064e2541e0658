"""Where the texts of a zoomed board go when the view cuts some (issue 14.6), pure Python.

A phone's zoomed view of a crowded board (the Mega-blast's five models under their odds
figures, an attacker's arrow at the edge) can leave no clear place beside a unit for the
name the edge cuts: each place next to the Sergeant holds another model's name or an odds
figure. Taken one at a time, such a name stays cut. `arrange` lets it take the place of a
text that can itself move to another clear place beside its own unit, and so on, a few
texts deep (an ejection chain): the texts the view does not cut stay where the board put
them unless one has to make room. The caller gives each text's clear places in rings round
its unit (inside the view, off every body but its own unit's and off every text that cannot
move); a text takes a place of a further ring only where the nearer ones, chains and all,
have none. `arrange` keeps the texts off each other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.render.labels import Bounds, overlap

DEPTH = 2
"""How many texts deep a chain of moves may go: a cut name takes a figure's place, the
figure a neighbour's name's, that name a clear place."""
RINGS = 4
"""How many rings of places round its unit a text tries (`Text.ring`)."""
BUDGET = 1500
"""How many places `arrange` tries in all before it gives up on the texts left (a page's
task stays short on the busiest view)."""


@dataclass(frozen=True)
class Text:
    """A name or odds figure of a unit in view: where the board put it (`now`), whether
    the view cuts it there (`cut`: it has to move), the box that holds it and every place
    it may take (`reach`: texts whose reaches do not meet never meet), and its clear places
    round its unit in ring `k` (0: next to it), best first, made the first time they are
    asked for (most texts never move)."""

    now: Bounds
    cut: bool
    reach: Bounds
    places: Callable[[int], Sequence[Bounds]]
    made: dict[int, Sequence[Bounds]] = field(default_factory=dict, compare=False)

    def ring(self, k: int) -> Sequence[Bounds]:
        """The clear places of ring `k`, made once."""
        if k not in self.made:
            self.made[k] = self.places(k)
        return self.made[k]


def arrange(texts: Sequence[Text]) -> dict[int, Bounds]:
    """The new places of the texts that move, by index: each cut text, in turn, takes the
    first place of its nearest ring that has one clear of the texts placed so far, or one
    from which the texts in its way can move on (`DEPTH` deep, no text moved twice in one
    chain); a cut text with neither stays where it is, and is then no obstacle."""
    return _Arrangement(texts).moves()


class _Arrangement:
    """One `arrange`: the texts, which of them may meet (`near`), and the tries left."""

    def __init__(self, texts: Sequence[Text]) -> None:
        self.texts = texts
        self.near = [[j for j, other in enumerate(texts)
                      if j != i and overlap(t.reach, other.reach)] for i, t in enumerate(texts)]
        self.tries = BUDGET

    def moves(self) -> dict[int, Bounds]:
        placed = {i: t.now for i, t in enumerate(self.texts) if not t.cut}
        moves: dict[int, Bounds] = {}
        for i, text in enumerate(self.texts):
            if text.cut and (chain := self.relocate(i, placed, {i}, DEPTH)):
                placed.update(chain)
                moves.update(chain)
        return moves

    def relocate(self, i: int, placed: dict[int, Bounds], pinned: set[int], depth: int
                 ) -> dict[int, Bounds] | None:
        """The moves that give text `i` (not in `placed`) a place, ring by ring: a clear
        one if the ring has one, else one whose occupants, none of them `pinned`, all find
        places in turn."""
        near = self.near[i]
        for k in range(RINGS):
            blocked = []
            for box in self.texts[i].ring(k):
                self.tries -= 1
                if self.tries < 0:
                    return None
                blockers = [j for j in near if j in placed and overlap(box, placed[j])]
                if not blockers:
                    return {i: box}
                if depth and pinned.isdisjoint(blockers):
                    blocked.append((box, blockers))
            for box, blockers in blocked:
                trial = {j: b for j, b in placed.items() if j not in blockers}
                trial[i] = box
                chain = {i: box}
                for j in blockers:
                    sub = self.relocate(j, trial, pinned | {i, *blockers}, depth - 1)
                    if sub is None:
                        break
                    trial.update(sub)
                    chain.update(sub)
                else:
                    return chain
        return None
