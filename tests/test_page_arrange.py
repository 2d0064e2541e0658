"""Texts a zoomed view cuts, made room for (web/page/arrange.py, pure Python)."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

from page.arrange import DEPTH, Text, arrange  # noqa: E402

from engine.render.labels import overlap  # noqa: E402


def box(x: float, y: float, w: float = 4.0, h: float = 1.0) -> tuple[float, float, float,
                                                                      float]:
    return (x, y, x + w, y + h)


def test_a_cut_text_takes_its_first_clear_place_and_the_rest_stay():
    texts = [Text(box(-3, 0), True, [box(0, 0), box(0, 2)]),
             Text(box(0, 0), False, [box(10, 0)])]
    assert arrange(texts) == {0: box(0, 2)}


def test_a_cut_text_takes_a_neighbour_s_place_when_the_neighbour_can_move_on():
    """The Sergeant's name, cut above the view, goes below him where his odds figure was;
    the figure goes above him, where another model's name was, and that name to the
    right of its own model: a chain of two moves beyond the cut name."""
    sergeant = Text(box(0, -9), True, [box(0, 2)])
    figure = Text(box(0, 2), False, [box(0, -2)])
    name = Text(box(2, -2), False, [box(8, -2)])
    assert arrange([sergeant, figure, name]) == {0: box(0, 2), 1: box(0, -2), 2: box(8, -2)}


def test_a_cut_text_with_no_way_out_stays_and_nothing_moves_for_it():
    texts = [Text(box(-3, 0), True, [box(0, 0)]), Text(box(0, 0), False, [box(0.5, 0)])]
    assert arrange(texts) == {}


def test_no_chain_is_longer_than_its_depth():
    """Texts in a row, each of which may move one place on, into the next one's: a cut
    text taking the first place moves all of them, which is done only `DEPTH` deep."""
    def row(n: int) -> list[Text]:
        return [Text(box(-9, 0), True, [box(0, 0)])] + [
            Text(box(4 * k, 0), False, [box(4 * k + 4, 0)]) for k in range(n)]

    assert arrange(row(DEPTH)) == {0: box(0, 0)} | {k + 1: box(4 * k + 4, 0)
                                                   for k in range(DEPTH)}
    assert arrange(row(DEPTH + 1)) == {}


places = st.lists(st.tuples(st.integers(0, 12), st.integers(0, 6)), max_size=5)
texts = st.lists(st.tuples(st.booleans(), st.integers(0, 12), st.integers(0, 6), places),
                 min_size=1, max_size=7)


@given(texts)
def test_texts_end_clear_of_each_other_each_at_one_of_its_places(drawn):
    """However crowded: a moved text takes one of its own places, no two texts that end
    placed overlap (a cut text left where it was is none), and a text not cut moves only
    to make room."""
    given_texts = [Text(box(x, y), cut, [box(px, py) for px, py in ps])
                   for cut, x, y, ps in drawn]
    uncut = [i for i, t in enumerate(given_texts) if not t.cut]
    if any(overlap(given_texts[i].now, given_texts[j].now)
           for i, j in itertools.combinations(uncut, 2)):
        return  # the board never draws its texts over each other
    moves = arrange(given_texts)
    assert all(place in given_texts[i].places for i, place in moves.items())
    final = {i: moves.get(i, t.now) for i, t in enumerate(given_texts)
             if not t.cut or i in moves}
    assert not any(overlap(final[i], final[j]) for i, j in itertools.combinations(final, 2))
    if not any(t.cut for t in given_texts):
        assert moves == {}
