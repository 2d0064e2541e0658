"""What a scenario document may be, checked before any work is done on it.

A document reaches the engine from a file, a share link or the page's editor, so it is
untrusted text. Before a parser reads a field, the document must:

- be at most `MAX_DOCUMENT` characters of JSON in its compact form (no whitespace outside
  text), whatever indentation the text has, and at most `MAX_TEXT` characters as given;
- nest objects and lists at most `MAX_DEPTH` levels deep, counted on the text *before* it
  is parsed (so neither `json.loads` nor a copy can run out of stack, in CPython or in
  Pyodide, whose stack is much smaller);
- name every key of an object once (a repeated key would silently win);
- hold only text that UTF-8 can encode (no lone surrogates such as ``"\\udc00"``), only
  finite numbers from -`MAX_NUMBER` to `MAX_NUMBER` (so no arithmetic on a field can
  overflow, and every number is exact in JavaScript too; an integer of more digits is
  never even converted), and only JSON values (objects with text keys, lists, text,
  numbers, true, false, null).

`parse` is the one parser of every input: a file, a share link, a save, an import, the
page's JSON box, the command line.

Every refusal is a `ScenarioError` naming the path of the offending value.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, TypeVar, cast

from engine.errors import ScenarioError
from engine.words import Msg, Words, msg, say

T = TypeVar("T")

MAX_DOCUMENT = 1_000_000
"""Characters of JSON a scenario document may hold, measured on its compact form."""

MAX_TEXT = 4 * MAX_DOCUMENT
"""Characters the text of a document may hold as given, indentation included (an indented
export of a document at the limit is well within it)."""

MAX_NUMBER = 2**53
"""The largest magnitude of any number in a document: exact as a JavaScript number, far
past any field's own range, small enough that no arithmetic on it overflows."""

_DIGITS = len(str(MAX_NUMBER))

MAX_DEPTH = 20
"""Levels of nested objects and lists (a real scenario needs 5: terrain points)."""

_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)
"""A JSON string (to its closing quote, or to the end when it has none: each character is
read once, whatever the text) or a bracket."""


class _RepeatedKeys(dict):  # type: ignore[type-arg]
    """An object whose text named `key` twice: refused by `check_value` with its path."""

    key: str = ""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            marked = _RepeatedKeys(obj)
            marked.key = key
            return marked
        obj[key] = value
    return obj


class _NotJson(ValueError):
    """A value JSON has no such number for (NaN, Infinity), refused with its words."""

    def __init__(self, words: Msg) -> None:
        self.words = words
        super().__init__(say(words))


def _constant(name: str) -> float:
    raise _NotJson(msg("scenario.not_json_number", name=name))


class _Huge(float):
    """An integer of more digits than `MAX_NUMBER` has, kept unconverted (converting
    thousands of digits is slow, and Python refuses more than 4,300): refused by
    `check_value` with its path."""


def _integer(text: str) -> int | float:
    return int(text) if len(text.lstrip("-")) <= _DIGITS else _Huge("inf")


def check_depth(text: str) -> None:
    """Refuse JSON text nesting deeper than `MAX_DEPTH`, without parsing it."""
    depth = 0
    for token in _TOKENS.findall(text):
        if token[0] == '"':
            continue
        depth += 1 if token in "[{" else -1
        if depth > MAX_DEPTH:
            raise ScenarioError("scenario", msg("scenario.deeper", max=MAX_DEPTH))


def _too_large() -> ScenarioError:
    return ScenarioError("scenario", msg("scenario.too_large", max=MAX_DOCUMENT))


def compact_length(data: Any) -> int:
    """The characters of `data` as compact JSON (what `MAX_DOCUMENT` measures)."""
    return len(json.dumps(data, separators=(",", ":"), ensure_ascii=False))


def parse(text: str | bytes) -> Any:
    """JSON text to a value, within every bound above (checked again on the value)."""
    if len(text) > MAX_TEXT:
        raise _too_large()
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ScenarioError("scenario", msg("scenario.not_utf8")) from None
    check_depth(text)
    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant,
                          parse_int=_integer)
    except ValueError as e:
        detail: Words = e.words if isinstance(e, _NotJson) else str(e)
        raise ScenarioError("scenario", msg("scenario.not_json", detail=detail)) from None
    check_value(data)
    if len(text) > MAX_DOCUMENT and compact_length(data) > MAX_DOCUMENT:
        raise _too_large()
    return data


def _child(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def check_value(data: Any, path: str = "", depth: int = 1) -> None:
    """Refuse a document (already parsed, or built by the page) outside the bounds: too
    deep, a repeated key, unencodable text, a number that is not finite or past
    `MAX_NUMBER`, a non-JSON value; or, given its `path` and `depth` in one, a part of
    a document. Walks it with its own stack, so no depth can exhaust Python's."""
    todo: list[tuple[Any, str, int]] = [(data, path, depth)]
    while todo:
        value, path, depth = todo.pop()
        if isinstance(value, dict | list) and depth > MAX_DEPTH:
            raise ScenarioError(path or "scenario", msg("scenario.deeper", max=MAX_DEPTH))
        if isinstance(value, _RepeatedKeys):
            raise ScenarioError(_child(path, value.key), msg("scenario.repeated"))
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise ScenarioError(path or "scenario", msg("scenario.key_not_text"))
                _check_text(key, path or "scenario", msg("scenario.key_unencodable"))
                todo.append((item, _child(path, key), depth + 1))
        elif isinstance(value, list):
            todo.extend((item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value))
        elif isinstance(value, str):
            _check_text(value, path or "scenario", msg("scenario.text_unencodable"))
        elif isinstance(value, _Huge) or _past_max(value):
            raise ScenarioError(path or "scenario", msg("scenario.number_bound", max=MAX_NUMBER))
        elif isinstance(value, float) and not math.isfinite(value):
            raise ScenarioError(path or "scenario", msg("scenario.finite"))
        elif value is not None and not isinstance(value, bool | int | float):
            raise ScenarioError(path or "scenario", msg("scenario.not_json_value"))


def copied(value: T) -> T:
    """A copy of a JSON value that shares nothing mutable with it: what `copy.deepcopy`
    makes of one, a few times faster, and made of calls into the engine, so that the page
    can give the browser a turn inside the copy of a large document (web/page/slices.py:
    the standard library's copy never pauses). A value within `MAX_DEPTH` never nests
    deep enough to exhaust the stack."""
    if isinstance(value, dict):
        return cast(T, {key: copied(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return cast(T, type(value)(copied(item) for item in value))
    return value


def _past_max(value: Any) -> bool:
    """A number of magnitude past `MAX_NUMBER` (an int compared as an int: one of 400
    digits cannot be converted to a float)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) > MAX_NUMBER
    return isinstance(value, float) and math.isfinite(value) and abs(value) > MAX_NUMBER


def _check_text(text: str, path: str, refusal: Msg) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ScenarioError(path, refusal) from None
