"""Texts a zoomed view cuts, made room for (web/page/arrange.py, pure Python)."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

from page.arrange import DEPTH, RINGS, Text, arrange  # noqa: E402

from engine.render.labels import overlap  # noqa: E402

EVERYWHERE = (-1e9, -1e9, 1e9, 1e9)


def text(now: tuple[float, float, float, float], cut: bool, rings: list) -> Text:
    """A text with these rings of places, none past them."""
    return Text(now, cut, EVERYWHERE, lambda k: rings[k] if k < len(rings) else [])


def box(x: float, y: float, w: float = 4.0, h: float = 1.0) -> tuple[float, float, float,
                                                                      float]:
    return (x, y, x + w, y + h)


def test_a_cut_text_takes_its_first_clear_place_and_the_rest_stay():
    texts = [text(box(-3, 0), True, [[box(0, 0), box(0, 2)]]),
             text(box(0, 0), False, [[box(10, 0)]])]
    assert arrange(texts) == {0: box(0, 2)}


def test_a_further_ring_only_where_the_nearer_has_no_place_chains_and_all():
    """Making room next to the unit beats a clear place further out (with its leader);
    where no room can be made, the further place is taken."""
    near, far = box(0, 0), box(0, 5)
    texts = [text(box(-9, 0), True, [[near], [far]]), text(near, False, [[box(0, 2)]])]
    assert arrange(texts) == {0: near, 1: box(0, 2)}
    stuck = [text(box(-9, 0), True, [[near], [far]]), text(near, False, [[]])]
    assert arrange(stuck) == {0: far}


def test_a_cut_text_takes_a_neighbour_s_place_when_the_neighbour_can_move_on():
    """The Sergeant's name, cut above the view, goes below him where his odds figure was;
    the figure goes above him, where another model's name was, and that name to the
    right of its own model: a chain of two moves beyond the cut name."""
    sergeant = text(box(0, -9), True, [[box(0, 2)]])
    figure = text(box(0, 2), False, [[box(0, -2)]])
    name = text(box(2, -2), False, [[box(8, -2)]])
    assert arrange([sergeant, figure, name]) == {0: box(0, 2), 1: box(0, -2), 2: box(8, -2)}


def test_a_cut_text_with_no_way_out_stays_and_nothing_moves_for_it():
    texts = [text(box(-3, 0), True, [[box(0, 0)]]), text(box(0, 0), False, [[box(0.5, 0)]])]
    assert arrange(texts) == {}


def test_no_chain_is_longer_than_its_depth():
    """Texts in a row, each of which may move one place on, into the next one's: a cut
    text taking the first place moves all of them, which is done only `DEPTH` deep."""
    def row(n: int) -> list[Text]:
        return [text(box(-9, 0), True, [[box(0, 0)]])] + [
            text(box(4 * k, 0), False, [[box(4 * k + 4, 0)]]) for k in range(n)]

    assert arrange(row(DEPTH)) == {0: box(0, 0)} | {k + 1: box(4 * k + 4, 0)
                                                   for k in range(DEPTH)}
    assert arrange(row(DEPTH + 1)) == {}


places = st.lists(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 6)), max_size=4),
                  max_size=3)
texts = st.lists(st.tuples(st.booleans(), st.integers(0, 12), st.integers(0, 6), places),
                 min_size=1, max_size=7)


@given(texts)
def test_texts_end_clear_of_each_other_each_at_one_of_its_places(drawn):
    """However crowded: a moved text takes one of its own places, no two texts that end
    placed overlap (a cut text left where it was is none), and a text not cut moves only
    to make room."""
    given_texts = [text(box(x, y), cut, [[box(px, py) for px, py in ring] for ring in rings])
                   for cut, x, y, rings in drawn]
    uncut = [i for i, t in enumerate(given_texts) if not t.cut]
    if any(overlap(given_texts[i].now, given_texts[j].now)
           for i, j in itertools.combinations(uncut, 2)):
        return  # the board never draws its texts over each other
    moves = arrange(given_texts)
    assert all(any(place in given_texts[i].ring(k) for k in range(RINGS))
               for i, place in moves.items())
    final = {i: moves.get(i, t.now) for i, t in enumerate(given_texts)
             if not t.cut or i in moves}
    assert not any(overlap(final[i], final[j]) for i, j in itertools.combinations(final, 2))
    if not any(t.cut for t in given_texts):
        assert moves == {}


def test_the_places_of_a_text_that_need_not_move_are_never_made():
    """Finding a text's clear places costs the page's time: only a text that moves, or
    has to make room, has its places made, and each ring once."""
    asked: list[int] = []

    def places(k: int) -> list:
        asked.append(k)
        return [box(0, 2)] if k == 1 else []

    lazy = Text(box(0, 0), False, EVERYWHERE, places)
    assert arrange([text(box(-3, 0), True, [[box(5, 5)]]), lazy]) == {0: box(5, 5)}
    assert asked == []
    assert arrange([text(box(-3, 0), True, [[box(0, 0)]]), lazy]) == {0: box(0, 0), 1: box(0, 2)}
    assert asked == [0, 1]


def test_texts_whose_reaches_do_not_meet_are_never_compared():
    """A text's `reach` holds every place it may take: one out of another's reach is not
    in its way, even where the caller's boxes would say so (the check is skipped)."""
    def lone(now, cut, reach, *rings):
        return Text(now, cut, reach, lambda k: rings[k] if k < len(rings) else [])

    left, right = (-10, -1, 0, 2), (5, -1, 20, 2)
    texts = [lone(box(-9, 0), True, left, [box(0, 0)]), lone(box(0, 0), False, right)]
    assert arrange(texts) == {0: box(0, 0)}
