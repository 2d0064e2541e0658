"""Scenario documents: load, validate, dump, and pack into share links.

A scenario is one JSON document (shared/spec/scenario.md): a battlefield, the units on it
and one attack (for BattleTech, one turn of support). Loading validates everything and
builds typed, frozen objects for the rules; every error is a `ScenarioError` naming the
field path and the reason. The document itself is kept (`Scenario.data`) so that dumping,
sharing and the page's edits round-trip exactly what the user wrote.

Share links carry the document compressed: ``1`` + base64url(zlib(compact JSON)).

Bounds (`engine.scenario.bounds`) come first: a document of at most 1,000,000 characters,
20 levels of nesting, no repeated key, only encodable text; a share link of at most
`MAX_SHARE` characters; at most `MAX_UNITS` units.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from engine.errors import ScenarioError
from engine.scenario import battletech, bounds, heresy, robotech
from engine.scenario.bounds import MAX_DOCUMENT
from engine.scenario.fields import Field
from engine.words import DEFAULT_LANG, LANGS, Lang, Words, msg

FORMAT = "scatterlab/1"


class Parser(NamedTuple):
    """A system's parsers: of all but the attack (options, board, units), then of the
    attack on them (`with_attack` parses it alone)."""

    setting: Callable[[Field], tuple[Any, tuple[Any, ...], dict[str, Any]]]
    attack: Callable[[Field, Any, tuple[Any, ...], dict[str, Any]], Any]


PARSERS: dict[str, Parser] = {
    "robotech": Parser(robotech.parse_setting, robotech.parse_attack),
    "heresy": Parser(heresy.parse_setting, heresy.parse_attack),
    "battletech": Parser(battletech.parse_setting, battletech.parse_attack),
}
COMMON_FIELDS = ("format", "system", "title", "notes", "translations", "seed", "dice",
                 "options", "units", "attack")
TITLE_MAX = 120
NOTES_MAX = 10_000
TRANSLATED: tuple[Lang, ...] = tuple(lang for lang in LANGS if lang != DEFAULT_LANG)
"""The languages a scenario's ``translations`` may give its title and notes in (its own
``title`` and ``notes`` are English, the default)."""
BOARD_FIELDS = {"robotech": ("table", "terrain"), "heresy": ("table", "terrain"),
                "battletech": ("map",)}
SHARE_VERSION = "1"
MAX_SHARE = 250_000
"""Characters a share string may hold (a 500-unit army with long names fits)."""
MAX_UNITS = 500
"""Units a scenario may hold: far more than any real army, few enough to stay quick."""
SEED_MAX = 2**53 - 1  # exact in JSON and JavaScript numbers
_SHARE_BODY = re.compile(r"[A-Za-z0-9_-]*")
_MAX_SHARED_BYTES = 4 * MAX_DOCUMENT  # UTF-8 of MAX_DOCUMENT characters, at most


@dataclass(frozen=True, eq=False)
class Scenario:
    """A validated scenario. `board`, `units` and `attack` are the system's own types."""

    system: str
    title: str
    notes: str
    seed: int | None
    dice: tuple[Any, ...] | None
    options: dict[str, Any]
    board: Any
    units: tuple[Any, ...]
    attack: Any
    data: dict[str, Any]

    def unit(self, unit_id: str) -> Any:
        """The unit with this id (the loader guarantees ids are unique)."""
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)


def _dice_entry(f: Field) -> Any:
    v = f.value
    if v == "HIT" or (isinstance(v, int | float) and not isinstance(v, bool)):
        return f.number(0, 360) if isinstance(v, float) else v
    raise f.fail(msg("scenario.dice_entry"))


def load_dict(data: Any) -> Scenario:
    """Validate a parsed JSON document and build the `Scenario`."""
    bounds.check_value(data)
    root = Field(data)
    root.object()
    system = root["system"].choice(tuple(PARSERS))
    root.only(COMMON_FIELDS + BOARD_FIELDS[system])
    if len(root["units"].list()) > MAX_UNITS:
        raise root["units"].fail(msg("scenario.max_units", n=MAX_UNITS))
    if root.get("format", FORMAT).value != FORMAT:
        raise root["format"].fail(msg("scenario.format", format=repr(FORMAT)))
    parser = PARSERS[system]
    board, units, options = parser.setting(root)
    attack = parser.attack(root, board, units, options)
    dice = None
    if root.has("dice"):
        dice = tuple(_dice_entry(d) for d in root["dice"].items(max_len=10_000))
    seed = root["seed"].integer(0, SEED_MAX) if root.has("seed") else None
    _translations(root.get("translations", {}))
    return Scenario(
        system=system,
        title=root.get("title", "").string(TITLE_MAX, nonempty=False),
        notes=root.get("notes", "").string(NOTES_MAX, nonempty=False),
        seed=seed,
        dice=dice,
        options=options,
        board=board,
        units=units,
        attack=attack,
        data=bounds.copied(data),
    )


def with_attack(scenario: Scenario, attack: Any) -> Scenario:
    """The scenario with `attack` in place of its own: what `load_dict` gives of its
    document with that attack (and raises, with the same field and reason), parsing only
    the attack, since nothing else in a document reads it and the rest is the scenario's,
    valid already. Best aim tries hundreds of aims on one board (engine/aim.py). Its
    document shares all but the attack with `scenario`'s: no scenario's document is
    edited in place (`to_dict` gives a copy)."""
    bounds.check_value(attack, "attack", 2)
    data = {**scenario.data, "attack": bounds.copied(attack)}
    parsed = PARSERS[scenario.system].attack(Field(data), scenario.board, scenario.units,
                                             scenario.options)
    return replace(scenario, attack=parsed, data=data)


def _translations(f: Field) -> None:
    """``translations``: per language of `TRANSLATED`, the title and notes in it, within the
    bounds of ``title`` and ``notes`` (shared/spec/scenario.md)."""
    for _, words in f.only(TRANSLATED).entries():
        words.only(("title", "notes"))
        words.get("title", "").string(TITLE_MAX, nonempty=False)
        words.get("notes", "").string(NOTES_MAX, nonempty=False)


def titled(scenario: Scenario, lang: Lang = DEFAULT_LANG) -> tuple[str, str]:
    """The scenario's title and notes in `lang`: its ``translations`` for it where they give
    them, else its own (English) ``title`` and ``notes``."""
    given = scenario.data.get("translations", {}).get(lang, {}) if lang != DEFAULT_LANG else {}
    return given.get("title") or scenario.title, given.get("notes") or scenario.notes


def loads(text: str | bytes) -> Scenario:
    """Parse and validate a scenario from JSON text (within the bounds of `bounds`)."""
    return load_dict(bounds.parse(text))


def to_dict(scenario: Scenario) -> dict[str, Any]:
    """The scenario as a JSON-ready document (a copy: edit it, then `load_dict` it)."""
    return bounds.copied(scenario.data)


def dumps(scenario: Scenario, *, indent: int | None = 2) -> str:
    """The scenario as JSON text: `json.dumps`'s, made an object member or a list item at
    a time down to the units, so that the page can give the browser a turn between two
    (web/page/slices.py: the standard library's indenting encoder never pauses, and a
    document of 500 units takes it tens of milliseconds in Pyodide)."""
    if indent is None:
        return json.dumps(scenario.data, ensure_ascii=False)
    return _indented(scenario.data, " " * indent, 2)


def _indented(value: Any, pad: str, levels: int) -> str:
    """`value` as `json.dumps` indents it by `pad`, its members or items `levels` levels
    down each written on their own."""
    if levels == 0 or not isinstance(value, dict | list) or not value:
        return json.dumps(value, indent=len(pad), ensure_ascii=False)
    if isinstance(value, dict):
        parts = [f"{json.dumps(key, ensure_ascii=False)}: {_indented(item, pad, levels - 1)}"
                 for key, item in value.items()]
    else:
        parts = [_indented(item, pad, levels - 1) for item in value]
    inner = ",\n".join(pad + part.replace("\n", "\n" + pad) for part in parts)
    ends = "{}" if isinstance(value, dict) else "[]"
    return f"{ends[0]}\n{inner}\n{ends[1]}"


def fingerprint(scenario: Scenario) -> str:
    """A short digest of the document: equal documents, equal fingerprints (the page uses
    it to tell whether the board pre-rendered at build time already shows this scenario)."""
    canonical = json.dumps(scenario.data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def with_seed(scenario: Scenario, seed: int) -> Scenario:
    """The same scenario with another dice seed (and its scripted dice dropped)."""
    data = to_dict(scenario)
    data["seed"] = seed
    data.pop("dice", None)
    return load_dict(data)


def encode_share(scenario: Scenario, seed: int | None = None) -> str:
    """A short URL-safe string holding the whole scenario (and `seed`, when given); a
    `ScenarioError` naming "share" when it would be longer than `MAX_SHARE`."""
    data = to_dict(scenario)
    if seed is not None:
        data["seed"] = seed
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    if len(packed) + len(SHARE_VERSION) > MAX_SHARE:
        raise ScenarioError("share", msg("scenario.share.too_large", size=len(packed) + 1,
                                         max=MAX_SHARE))
    return SHARE_VERSION + packed


def decode_share(text: str) -> Scenario:
    """The scenario a share string holds; a `ScenarioError` naming "share" otherwise."""
    if not isinstance(text, str) or not text.startswith(SHARE_VERSION):
        raise ScenarioError("share", msg("scenario.share.not_share", version=SHARE_VERSION))
    if len(text) > MAX_SHARE:
        raise ScenarioError("share", msg("scenario.share.too_long", max=MAX_SHARE))
    body = text[len(SHARE_VERSION):]
    if not _SHARE_BODY.fullmatch(body):
        raise ScenarioError("share", msg("scenario.share.bad_characters"))
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, _MAX_SHARED_BYTES + 1)
        damage: Words | None = None
        if inflater.unconsumed_tail or len(raw) > _MAX_SHARED_BYTES:
            damage = msg("scenario.share.larger", max=MAX_DOCUMENT)
        elif not inflater.eof:
            damage = msg("scenario.share.truncated")
        elif inflater.unused_data:
            damage = msg("scenario.share.trailing")
        else:
            doc = raw.decode("utf-8")
    except (ValueError, binascii.Error, zlib.error, UnicodeDecodeError) as e:
        damage = str(e)  # the library's own words: it names what it could not read
    if damage is not None:
        raise ScenarioError("share", msg("scenario.share.damaged", detail=damage))
    return loads(doc)
