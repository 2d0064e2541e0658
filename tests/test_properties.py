"""Property tests past loading (issues 12 and 27): every document Hypothesis makes that loads also
resolves with a seed, renders, dumps and round-trips through a share link; anything else
fails with the engine's own error (`ScenarioError`, `IllegalAttack`, `DiceError`), never
another exception. Documents are the test scenarios and the demos with values replaced:
numbers nudged, text that includes lone surrogates, arbitrary JSON, nesting past the limit.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import aim, systems
from engine import scenario as scenarios
from engine.enumeration import Budget
from engine.errors import DiceError, IllegalAttack, ScenarioError
from engine.render.board import board
from engine.scenario import bounds
from engine.scenario.bounds import MAX_DEPTH

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(ROOT / "web"))  # the page's save format is pure Python
BASES = [json.loads(p.read_text("utf-8")) for p in
         sorted((ROOT / "tests" / "scenarios").glob("*.json"))
         + sorted((ROOT / "web" / "demos").glob("*.json")) if p.name != "index.json"]
ENGINE_ERRORS = (ScenarioError, IllegalAttack, DiceError)
FAST = settings(max_examples=200, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

AWKWARD = st.text(st.characters() | st.sampled_from(
    ["\ud800", "\udc00", "\udfff", "\x00", "\u202e", "<", "\""]), max_size=12)
"""Text with lone surrogates and other awkward characters."""
TEXT = st.text(max_size=12) | AWKWARD
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20)
    | st.floats(allow_nan=True, allow_infinity=True) | TEXT,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(TEXT, children,
                                                                       max_size=4),
    max_leaves=20,
)


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a document (keys and list indices)."""
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += paths(v, (*path, i))
    return out


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def replacement(old: Any) -> st.SearchStrategy[Any]:
    """A new value for `old`: mostly one of its own kind (so that many documents still
    load and go on to be resolved), sometimes anything, sometimes deep nesting."""
    if isinstance(old, bool):
        kind: st.SearchStrategy[Any] = st.booleans()
    elif isinstance(old, int):
        kind = (st.integers(old - 2, old + 2) | st.integers(-10**18, 10**18)
                | st.integers(10**300, 10**400))
    elif isinstance(old, float):
        kind = st.floats(old - 2, old + 2)
    elif isinstance(old, str):
        kind = st.text(max_size=12) | st.just(old) | st.just(old + "\udc00")
    else:
        kind = JSON
    deep = st.integers(MAX_DEPTH - 6, MAX_DEPTH + 6).map(nested)
    return st.one_of(*[kind] * 12, AWKWARD, JSON, deep)


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:
    """A test scenario or demo with one to three values replaced, or one key removed."""
    doc = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths(doc)[1:]))
        parent, key = _get(doc, path[:-1]), path[-1]
        if isinstance(parent, dict) and draw(st.integers(0, 9)) == 0:
            del parent[key]
        else:
            parent[key] = draw(replacement(parent[key]))
    return doc


def resolves_renders_and_shares(doc: dict[str, Any], seed: int) -> None:
    """The property: loaded means it resolves, renders, dumps and round-trips a share
    link; anything refused is refused with the engine's own error."""
    try:
        scenario = scenarios.load_dict(doc)
    except ScenarioError:
        return
    text = scenarios.dumps(scenario).encode("utf-8")
    assert scenarios.to_dict(scenarios.loads(text)) == scenario.data
    back = scenarios.decode_share(scenarios.encode_share(scenario, seed=seed))
    assert scenarios.to_dict(back) == {**scenario.data, "seed": seed}
    board(scenario, aimed=True)  # the page draws the aim before Roll, legal or not
    try:
        resolution = systems.resolve(scenario, seed)
    except ENGINE_ERRORS:
        return
    json.dumps(resolution.to_dict(), ensure_ascii=False).encode("utf-8")
    board(scenario, resolution)


@FAST
@given(documents(), st.integers(0, scenarios.SEED_MAX))
def test_documents_that_load_resolve_render_and_share(doc: dict[str, Any], seed: int) -> None:
    resolves_renders_and_shares(doc, seed)


@FAST
@given(documents(), st.integers(0, 2**32))
def test_documents_as_text_load_or_fail_with_the_engines_error(doc: dict[str, Any],
                                                               seed: int) -> None:
    """The same through JSON text (surrogates written as \\u escapes), as files and share
    links arrive."""
    text = json.dumps(doc, allow_nan=True)
    try:
        scenario = scenarios.loads(text)
    except ScenarioError:
        return
    resolves_renders_and_shares(scenario.data, seed)


def depth_of(value: Any) -> int:
    """Levels of nested objects and lists (a scalar has none)."""
    if isinstance(value, dict | list):
        items = value.values() if isinstance(value, dict) else value
        return 1 + max((depth_of(v) for v in items), default=0)
    return 0


@FAST
@given(st.sampled_from(BASES), st.integers(0, 3 * MAX_DEPTH), st.sampled_from(["[", "{\"a\":"]))
def test_nesting_past_the_limit_is_a_scenario_error(base: dict[str, Any], depth: int,
                                                    opener: str) -> None:
    """The units wrapped in `depth` more levels: refused as too deep exactly when the
    document nests deeper than the limit, else refused for the units' shape."""
    closer = "]" if opener == "[" else "}"
    text = json.dumps({**base, "units": None}).replace(
        '"units": null', '"units": ' + opener * depth + json.dumps(base["units"]) + closer * depth)
    too_deep = depth_of(json.loads(text)) > MAX_DEPTH
    try:
        scenarios.loads(text)
    except ScenarioError as e:
        assert depth > 0
        assert ("nests deeper than 20 levels" in str(e)) == too_deep, str(e)
    else:
        assert depth == 0


SAVES = settings(max_examples=100, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@SAVES
@given(documents(), st.integers(0, 2**32))
def test_documents_give_odds_aims_and_saves_or_the_engines_error(doc: dict[str, Any],
                                                                 seed: int) -> None:
    """Issue 27: a generated document through the one parser, then `odds` (a small
    budget, so that both the exact code and the Monte Carlo fallback run), `aim` (a few
    candidates), and the page's save format: a round trip, or the engine's own error."""
    from page import saveformat

    text = json.dumps(doc, allow_nan=True, indent=seed % 3 or None)
    try:
        scenario = scenarios.load_dict(bounds.parse(text))
    except ScenarioError:
        return
    save = saveformat.decode(saveformat.encode(scenario))
    assert scenarios.to_dict(save.scenario) == scenario.data
    try:
        odds = systems.odds(scenario, trials=200, seed=seed, budget=Budget(steps=100_000))
        json.dumps(odds.to_dict())
        ranking = aim.rank(scenario, allowance=aim.Allowance(steps=100_000, candidates=4))
        json.dumps(ranking.to_dict())
    except ENGINE_ERRORS:
        return


def _loads(doc: dict[str, Any]) -> bool:
    try:
        scenarios.load_dict(doc)
    except ScenarioError:
        return False
    return True


VALID = [doc for doc in BASES if _loads(doc)]


@st.composite
def new_attacks(draw: st.DrawFn) -> tuple[dict[str, Any], Any]:
    """A test scenario or demo that loads, and a new attack for it: its own with one to
    three values inside replaced or one key removed, or any JSON."""
    doc = draw(st.sampled_from(VALID))
    if draw(st.integers(0, 9)) == 0:
        return doc, draw(JSON)
    attack = copy.deepcopy(doc["attack"])
    for _ in range(draw(st.integers(1, 3))):
        inside = paths(attack)[1:]
        if not inside:
            break
        path = draw(st.sampled_from(inside))
        parent, key = _get(attack, path[:-1]), path[-1]
        if isinstance(parent, dict) and draw(st.integers(0, 9)) == 0:
            del parent[key]
        else:
            parent[key] = draw(replacement(parent[key]))
    return doc, attack


@FAST
@given(new_attacks())
def test_a_new_attack_alone_loads_as_the_whole_document_would(case: tuple[dict[str, Any], Any]
                                                              ) -> None:
    """Best aim parses each candidate's attack alone (`scenario.with_attack`): it gives
    the scenario `load_dict` gives of the whole document with that attack, or fails at the
    same field for the same reason."""
    doc, attack = case
    try:
        whole = scenarios.load_dict({**doc, "attack": attack})
    except ScenarioError as e:
        try:
            scenarios.with_attack(scenarios.load_dict(doc), attack)
        except ScenarioError as got:
            assert (got.path, str(got)) == (e.path, str(e))
            return
        raise AssertionError(f"with_attack accepted what load_dict refused: {e}") from None
    alone = scenarios.with_attack(scenarios.load_dict(doc), attack)
    assert alone.attack == whole.attack and alone.data == whole.data
    assert scenarios.dumps(alone) == scenarios.dumps(whole)


SOME_SCENARIO = scenarios.load_dict(BASES[0])


@FAST
@given(JSON)
def test_dumps_writes_the_text_json_dumps_writes(data: Any) -> None:
    """`dumps` writes a document a member or an item at a time (so that the page can pause
    between two): its text is `json.dumps`'s to the character, indented or compact."""
    scenario = dataclasses.replace(SOME_SCENARIO, data=data)
    for indent in (2, 4, None):
        assert scenarios.dumps(scenario, indent=indent) == json.dumps(
            data, indent=indent, ensure_ascii=False)


@FAST
@given(JSON)
def test_a_copied_document_is_equal_and_shares_nothing_mutable(data: Any) -> None:
    """`bounds.copied` (the copy `to_dict` and the Build actions make): the same JSON, and
    no object or list of the copy is one of the original's."""
    copy_of = bounds.copied(data)
    assert json.dumps(copy_of) == json.dumps(data)

    def mutable_ids(value: Any) -> set[int]:
        if isinstance(value, dict):
            return {id(value)}.union(*map(mutable_ids, value.values()))
        if isinstance(value, list):
            return {id(value)}.union(*map(mutable_ids, value))
        return set()

    assert not mutable_ids(copy_of) & mutable_ids(data)
