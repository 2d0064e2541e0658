"""What the engine and the page say to a player, in the player's language.

Every sentence a player can read is a `Msg`: a key of the message catalogue
(engine.words.catalogue) and its arguments. The rules and the renderers build messages;
only `say` turns one into text, in English ("en", the default) or Japanese ("ja"). So a
`Resolution` is the same in every language, and switching the page's language re-says what
is on screen without resolving anything again.

A catalogue entry gives each language's text as a `str.format` template whose
placeholders are the message's arguments (``"{unit} dodges and rolls {face}"``), or, for
a sentence whose words depend on a count, plural forms keyed ``"one"`` and ``"other"``,
chosen by the argument ``n`` as the language counts (English: one for 1; Japanese has a
single form, "other"). No sentence is assembled from fragments of another language: a
part that changes (a unit's name, a clause, a list of hits) is an argument, and a part that
is itself words is a `Msg` of its own, said in the same language.

Arguments are said as follows: a `Msg` in the same language; a list or tuple of them as
the language lists things ("a, b, c" / "a、b、c"); a `str` exactly as it is; any other
value (an int, a float) by the template's own format spec (``{mod:+d}``, ``{x:g}``). ``{unit!c}`` says an argument with
its first letter in capitals, for an English sentence that starts with it. A
`str` argument is only for what has no language: names a player typed (units, weapons,
scenarios), hex labels ("0908"), clause IDs ("RT-5"); anything in words is a `Msg`.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal, TypeAlias, get_args

from engine.words.catalogue import CATALOGUE
from engine.words.entries import Entry

Lang = Literal["en", "ja"]
LANGS: tuple[Lang, ...] = get_args(Lang)
DEFAULT_LANG: Lang = "en"

LANG_NAMES: dict[Lang, str] = {"en": "English", "ja": "日本語"}
"""Each language in its own words, for the switch that chooses it."""

_LIST_SEPARATOR: dict[Lang, str] = {"en": ", ", "ja": "、"}


@dataclass(frozen=True)
class Msg:
    """A message: a catalogue key and its arguments (see the module docstring)."""

    key: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def __hash__(self) -> int:  # a message names a mark's source, matched by equality
        return self._hash

    @cached_property
    def _hash(self) -> int:
        """Made once: a support's label keys every strike of its odds (a message's
        arguments are never changed after it is made)."""
        return hash((self.key, tuple(sorted((k, _frozen(v)) for k, v in self.args.items()))))

    def to_dict(self) -> dict[str, Any]:
        """The message as JSON (the odds worker sends errors and notes to the page so)."""
        return {"key": self.key, "args": {k: _arg_to_json(v) for k, v in self.args.items()}}


def msg(key: str, **args: Any) -> Msg:
    """A message of the catalogue's `key` with its arguments:
    ``msg("dice.prompt.one", roll="Strike", sides=6)``."""
    return Msg(key, args)


Words: TypeAlias = "str | Msg"
"""What a step, a label or an error says: a message, or text that has no language (a name).
"""


def say(words: Words, lang: Lang = DEFAULT_LANG) -> str:
    """`words` as text in `lang` (English where the catalogue has no entry in `lang`)."""
    if isinstance(words, str):
        return words
    entry = CATALOGUE[words.key]
    form = _form(entry, lang, words.args)
    return _FORMATTER.vformat(form, (), {k: _said(v, lang) for k, v in words.args.items()})


class _Formatter(string.Formatter):
    """`str.format` with one more conversion, ``!c``: the first letter in capitals (an
    English sentence that starts with an argument: ``"{unit!c} dodges"``)."""

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "c":
            text = str(value)
            return text[:1].upper() + text[1:]
        return super().convert_field(value, conversion)


_FORMATTER = _Formatter()


def is_language(value: object) -> bool:
    """Is `value` one of `LANGS` (a share link's ``lang=``, the command line's ``--lang``)?"""
    return value in LANGS


def _form(entry: Entry, lang: Lang, args: Mapping[str, Any]) -> str:
    text = entry.get(lang) or entry["en"]
    if isinstance(text, str):
        return text
    count = args.get("n")
    if lang == "en" and count == 1 and "one" in text:
        return text["one"]
    return text["other"]


def _said(value: Any, lang: Lang) -> Any:
    if isinstance(value, Msg):
        return say(value, lang)
    if isinstance(value, list | tuple):
        return _LIST_SEPARATOR[lang].join(str(_said(v, lang)) for v in value)
    return value


def _frozen(value: Any) -> Any:
    return tuple(_frozen(v) for v in value) if isinstance(value, list | tuple) else value


def _arg_to_json(value: Any) -> Any:
    if isinstance(value, Msg):
        return value.to_dict()
    if isinstance(value, list | tuple):
        return [_arg_to_json(v) for v in value]
    return value


def as_json(words: Words, lang: Lang | None) -> Any:
    """`words` for a JSON reply: said in `lang`, or with `lang` None a message kept as
    `Msg.to_dict` (for the page to say in the language it shows)."""
    if lang is None and isinstance(words, Msg):
        return words.to_dict()
    return say(words, lang or DEFAULT_LANG)


def from_dict(d: Mapping[str, Any]) -> Msg:
    """A message back from `Msg.to_dict` (a nested argument is a dict with a ``key``)."""
    return Msg(str(d["key"]), {k: _arg_from_json(v) for k, v in dict(d["args"]).items()})


def _arg_from_json(value: Any) -> Any:
    if isinstance(value, dict) and "key" in value and "args" in value:
        return from_dict(value)
    if isinstance(value, list):
        return [_arg_from_json(v) for v in value]
    return value


def placeholders(entry: Entry, lang: Lang) -> set[str]:
    """The argument names the `lang` text(s) of `entry` use (a test compares languages)."""
    text = entry.get(lang)
    forms: Sequence[str] = ([] if text is None else [text] if isinstance(text, str)
                            else list(text.values()))
    return {name.split(".")[0].split("[")[0] for form in forms
            for _, name, _, _ in string.Formatter().parse(form) if name}
