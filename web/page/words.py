"""Players' words for what the engine says in its own: JSON paths become the names of
units and supports, and no repository path reaches the page. Pure Python (no DOM), so the
command-line tests can check it too."""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.names import shown_name
from engine.scenario import Scenario
from engine.words import DEFAULT_LANG, LANGS, Lang, msg, say

_UNIT_FIELD = re.compile(r"units\[(\d+)\](?:\.(\w+))?")
_NAMED_SUPPORT = re.compile(r"(?:attack\.)?(?:supports|in_flight)\[\d+\]:?\s+(?=[A-Z])")
_SUPPORT = re.compile(r"(?:attack\.)?(supports|in_flight)\[(\d+)\]")
_REPO_PATH = re.compile(r"[;,]?\s*\(?(?:see )?(?:\.\./)?shared/[\w./-]+\)?|\s*\(facts\.md[^)]*\)")


def in_words(scenario: Scenario, text: str, lang: Lang = DEFAULT_LANG) -> str:
    """`text` (said in `lang`) with its JSON paths in players' words: ``units[3].x``
    becomes "Regult (r1)'s x", ``supports[0] Heavy Bombing`` "Heavy Bombing", a bare
    ``supports[1]`` "support 2"; repository paths ("see shared/rules/facts.md") are
    dropped. A field's name stays as the document spells it (``df``): it has no language."""
    def unit(m: re.Match[str]) -> str:
        i = int(m.group(1))
        units = scenario.units
        who = (shown_name(units[i], units) if i < len(units)
               else say(msg("page.in_words.unit", i=i + 1), lang))
        return (say(msg("page.in_words.field", who=who, field=m.group(2).replace("_", " ")),
                    lang) if m.group(2) else who)

    text = _UNIT_FIELD.sub(unit, text)
    text = _NAMED_SUPPORT.sub("", text)
    text = _SUPPORT.sub(lambda m: say(msg("page.in_words.support" if m.group(1) == "supports"
                                          else "page.in_words.shell", i=int(m.group(2)) + 1),
                                      lang), text)
    return _REPO_PATH.sub("", text)


def chosen_language(link: str | None, stored: str | None, browser: Iterable[str]) -> Lang:
    """The language a visit starts in (page/language.py): the link's ``lang=``, else the
    choice stored by the switch, else the browser's first Japanese or English language
    (``ja-JP`` is Japanese), else English."""
    for value in (link, stored):
        for lang in LANGS:
            if value == lang:
                return lang
    for tag in browser:
        base = tag.lower().split("-")[0]
        for lang in LANGS:
            if base == lang:
                return lang
    return DEFAULT_LANG
