"""Reading untrusted JSON with field paths: every error says where and why.

``Field(data)["units"][3]["df"].integer(1, 12)`` either returns the value or raises
``ScenarioError("units[3].df", "must be an integer from 1 to 12")``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any

from engine.errors import ScenarioError
from engine.words import Msg, Words, msg

_MISSING = object()


class Field:
    """A value inside a JSON document, with the path that leads to it."""

    __slots__ = ("value", "path")

    def __init__(self, value: Any, path: str = "") -> None:
        self.value = value
        self.path = path

    def fail(self, reason: Words) -> ScenarioError:
        """The error to raise for this field (raise it: ``raise f.fail("...")``)."""
        return ScenarioError(self.path or "scenario", reason)

    # -- structure ---------------------------------------------------------------------

    def _child(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def object(self) -> dict[str, Any]:
        if not isinstance(self.value, dict):
            raise self.fail(msg("scenario.object"))
        return self.value

    def __getitem__(self, key: str | int) -> Field:
        if isinstance(key, int):
            items = self.list()
            if not 0 <= key < len(items):
                raise self.fail(msg("scenario.items.at_least", n=key + 1))
            return Field(items[key], f"{self.path}[{key}]")
        obj = self.object()
        if key not in obj:
            raise ScenarioError(self._child(key), msg("scenario.required"))
        return Field(obj[key], self._child(key))

    def get(self, key: str, default: Any = None) -> Field:
        """The field `key`, or a field holding `default` when it is absent or null."""
        obj = self.object()
        value = obj.get(key, _MISSING)
        if value is _MISSING or value is None:
            return Field(default, self._child(key))
        return Field(value, self._child(key))

    def has(self, key: str) -> bool:
        return self.object().get(key) is not None

    def only(self, allowed: Sequence[str]) -> Field:
        """Reject keys not in `allowed` (a typo must not be silently ignored)."""
        for key in self.object():
            if key not in allowed:
                raise ScenarioError(self._child(str(key)),
                                    msg("scenario.unknown_field", known=list(allowed)))
        return self

    def list(self, min_len: int = 0, max_len: int | None = None) -> list[Any]:
        if not isinstance(self.value, list):
            raise self.fail(msg("scenario.list"))
        n = len(self.value)
        if n < min_len or (max_len is not None and n > max_len):
            if max_len is None:
                raise self.fail(msg("scenario.items.at_least", n=min_len))
            raise self.fail(msg("scenario.items.between", lo=min_len, hi=max_len))
        return self.value

    def items(self, min_len: int = 0, max_len: int | None = None) -> Iterator[Field]:
        for i, v in enumerate(self.list(min_len, max_len)):
            yield Field(v, f"{self.path}[{i}]")

    def entries(self) -> Iterator[tuple[str, Field]]:
        for k, v in self.object().items():
            yield k, Field(v, self._child(k))

    # -- scalars -------------------------------------------------------------------------

    def integer(self, lo: int | None = None, hi: int | None = None) -> int:
        v = self.value
        if (isinstance(v, int) and not isinstance(v, bool) and (lo is None or v >= lo)
                and (hi is None or v <= hi)):
            return v
        raise self.fail(_range_phrase(msg("scenario.kind.integer"), lo, hi))

    def number(self, lo: float | None = None, hi: float | None = None,
               *, positive: bool = False) -> float:
        v = self.value
        ok = isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
        if ok and positive and v <= 0:
            raise self.fail(msg("scenario.positive"))
        if ok and (lo is None or v >= lo) and (hi is None or v <= hi):
            return float(v)
        raise self.fail(_range_phrase(msg("scenario.kind.number"), lo, hi))

    def boolean(self) -> bool:
        if not isinstance(self.value, bool):
            raise self.fail(msg("scenario.boolean"))
        return self.value

    def string(self, max_len: int = 200, *, nonempty: bool = True) -> str:
        v = self.value
        if not isinstance(v, str) or (nonempty and not v) or len(v) > max_len:
            raise self.fail(msg("scenario.text.nonempty" if nonempty else "scenario.text",
                                n=max_len))
        return v

    def choice(self, choices: Sequence[str]) -> str:
        v = self.value
        if not isinstance(v, str) or v not in choices:
            raise self.fail(one_of(choices))
        return v


def _shown(bound: float) -> str:
    """A bound as a reader expects it: integers in full (9007199254740991, never 9.0072e+15),
    other numbers in their shortest form."""
    if isinstance(bound, int) or bound.is_integer():
        return str(int(bound))
    return repr(bound)


def _range_phrase(kind: Msg, lo: float | None, hi: float | None) -> Msg:
    if lo is not None and hi is not None:
        return msg("scenario.range.between", kind=kind, lo=_shown(lo), hi=_shown(hi))
    if lo is not None:
        return msg("scenario.range.at_least", kind=kind, lo=_shown(lo))
    if hi is not None:
        return msg("scenario.range.at_most", kind=kind, hi=_shown(hi))
    return msg("scenario.must_be", kind=kind)


def literal(value: Any) -> Words:
    """A JSON value as a refusal quotes it: text and numbers as Python writes them
    (``'mecha'``, ``5``), true and false as words of the language."""
    if isinstance(value, bool):
        return msg("scenario.literal.true" if value else "scenario.literal.false")
    return repr(value)


def one_of(choices: Sequence[Any]) -> Msg:
    """The reason a value is none of `choices`: "must be one of 'mecha', 'structure'"."""
    return msg("scenario.one_of", choices=[literal(c) for c in choices])
