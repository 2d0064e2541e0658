"""Work shared between exact computations (engine/shared.py, issue 24): a value made once
is reused, and a computation reusing it spends exactly the steps it would spend alone, so
it is exact exactly when it would be alone."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.enumeration import Budget, TooManyOutcomes
from engine.shared import Shared

Made = list[str]


def computation(budget: Budget, made: Made, keys: tuple[str, ...]) -> int:
    """A computation of nested values: "outer-K" uses "inner-K" and "common", each of
    them spending steps of its own; the result adds them up."""

    def leaf(name: str, steps: int) -> Callable[[], int]:
        def make() -> int:
            made.append(name)
            budget.check(steps=steps)
            return steps
        return make

    def outer(k: str) -> Callable[[], int]:
        def make() -> int:
            made.append(f"outer-{k}")
            budget.check(steps=5)
            return (budget.memo(f"inner-{k}", leaf(f"inner-{k}", 7))
                    + budget.memo("common", leaf("common", 11)) + 5)
        return make

    total = 0
    for k in keys:
        total += budget.memo(f"outer-{k}", outer(k))
        total += budget.memo("common", leaf("common", 11))
    return total


def computation_keys(keys: tuple[str, ...]) -> set[str]:
    """The values a computation over `keys` makes."""
    return {"common"} | {f"{kind}-{k}" for k in keys for kind in ("inner", "outer")}


def alone(keys: tuple[str, ...]) -> tuple[int, int]:
    budget = Budget()
    made: Made = []
    return computation(budget, made, keys), budget.spent


def test_a_value_is_made_once_within_one_computation() -> None:
    made: Made = []
    budget = Budget()
    assert computation(budget, made, ("a", "a")) == 2 * (5 + 7 + 11 + 11)
    assert made == ["outer-a", "inner-a", "common"]
    assert budget.reused == 0


@pytest.mark.parametrize("first, then", [
    (("a",), ("a",)), (("a",), ("b", "a")), (("b", "a"), ("a",)), (("c",), ("a", "b")),
    (("a", "b"), ("b", "c", "a"))])
def test_a_reused_value_costs_what_it_cost_to_make(first: tuple[str, ...],
                                                   then: tuple[str, ...]) -> None:
    """Whatever an earlier computation made, a later one sharing its store gives the same
    result and spends the same steps as alone; what it did not make is counted reused."""
    shared = Shared()
    computation(Budget(shared=shared), [], first)
    budget = Budget(shared=shared)
    made: Made = []
    result = computation(budget, made, then)
    assert (result, budget.spent) == alone(then)
    own = {"common": 11} | {f"inner-{k}": 7 for k in "abc"} | {f"outer-{k}": 5 for k in "abc"}
    assert budget.reused == budget.spent - sum(own[m] for m in made)
    assert not set(made) & set(computation_keys(first))


def test_a_computation_over_its_steps_alone_is_over_them_with_shared_work() -> None:
    """Exact exactly when alone: the steps a computation needs alone, less one, are too
    few with every value already made."""
    need = alone(("a", "b"))[1]
    shared = Shared()
    computation(Budget(shared=shared), [], ("a", "b"))
    computation(Budget(steps=need, shared=shared), [], ("a", "b"))
    with pytest.raises(TooManyOutcomes):
        computation(Budget(steps=need - 1, shared=shared), [], ("a", "b"))


def test_a_value_whose_making_failed_is_not_kept() -> None:
    shared = Shared()
    with pytest.raises(TooManyOutcomes):
        computation(Budget(steps=8, shared=shared), [], ("a",))
    assert "outer-a" not in shared.done
    made: Made = []
    assert computation(Budget(shared=shared), made, ("a",)) == 5 + 7 + 11 + 11
    assert "outer-a" in made


def test_a_full_store_keeps_no_more_and_answers_the_same() -> None:
    shared = Shared(entries=1)
    budget = Budget(shared=shared)
    made: Made = []
    assert (computation(budget, made, ("a", "a")), budget.spent) == alone(("a", "a"))
    assert len(shared.done) == 1 and made == ["outer-a", "inner-a", "common"]
