"""Is this setup legal? The page's question as the player edits, answered by the engine.

`check` loads the document (a malformed field: its path and reason) and prepares the
attack (`engine.systems.runner`: the rules' legality clauses, before any roll), and says
which clause forbids it, in its words, and which units the reason names, so the board can
mark them (the friendly mecha under a Robotech template, RT-4).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.build import fieldwords
from engine.build.reach import RangeLine
from engine.clauses import clause_text
from engine.errors import IllegalAttack, ScenarioError
from engine.names import shown_names
from engine.scenario import Scenario
from engine.systems import rules_of, runner
from engine.words import DEFAULT_LANG, Lang, Msg, Words, msg, say


@dataclass(frozen=True)
class Verdict:
    """`ok`, or why not: the clause (or "field"), the field path, the reason, the clause's
    words and the ids of the units the reason names."""

    ok: bool
    clause: str = ""
    path: str = ""
    reason: Words = ""
    clause_words: str = ""
    """The clause's text in English (`text` says it in the reader's language)."""
    units: tuple[str, ...] = field(default_factory=tuple)
    words: Words = ""
    """A malformed field's error in players' words (engine.build.fieldwords)."""

    def message(self, lang: Lang = DEFAULT_LANG) -> Msg:
        """The line beside Roll as a message; the clause's own words in `lang` (clause
        texts are not messages: engine.clauses)."""
        if self.ok:
            return msg("build.verdict.legal")
        if self.clause == "field":
            return msg("build.verdict.not_yet", words=self.words)
        clause_words = clause_text(self.clause, lang) if self.clause_words else ""
        if clause_words:
            return msg("build.verdict.illegal_worded", clause=self.clause,
                       clause_words=clause_words, reason=self.reason)
        return msg("build.verdict.illegal", clause=self.clause, reason=self.reason)

    def text(self, lang: Lang = DEFAULT_LANG) -> str:
        """One line for the page beside Roll, in `lang`."""
        return say(self.message(lang), lang)


def named_units(reason: str, shown: Mapping[str, str]) -> tuple[str, ...]:
    """The ids of the units a reason names, by their names as shown (`shown`, per id; see
    engine.names), as whole words, in document order. Longer names are matched first, so
    "Regult (r12)" is not also read as "Regult (r1)", nor "Glaug Officer" as "Glaug"."""
    found: set[str] = set()
    rest = reason
    for uid, name in sorted(shown.items(), key=lambda kv: -len(kv[1])):
        pattern = rf"(?<![\w-]){re.escape(name)}(?![\w-])"
        if re.search(pattern, rest):
            found.add(uid)
            rest = re.sub(pattern, " ", rest)
    return tuple(uid for uid in shown if uid in found)


def check(doc: dict[str, Any]) -> Verdict:
    """Load and prepare `doc`: the first reason it cannot be rolled, or ok."""
    try:
        scenario = fieldwords.load(doc)
    except ScenarioError as err:
        return Verdict(False, "field", err.path, err.reason, words=err.words)
    try:
        runner(scenario)
    except IllegalAttack as err:
        return Verdict(False, err.clause, "attack", err.reason, clause_text(err.clause) or "",
                       named_units(say(err.reason), shown_names(scenario.units)))
    return Verdict(True)


def range_lines(scenario: Scenario) -> tuple[RangeLine, ...]:
    """The attack's reach for the board as the player edits (`engine.build.reach`): a line per
    aim, red past the weapon's range; none for BattleTech, whose supports have no range."""
    rules = rules_of(scenario.system)
    return rules.range_lines(scenario) if hasattr(rules, "range_lines") else ()
