"""The engine's own error types: every failure a user can cause is one of these.

- `ScenarioError`: a scenario (file, share link or edited field) is malformed; it names the
  field path and the reason, e.g. ``units[3].df: must be an integer from 1 to 12``, and
  keeps the same in players' words for the page ("Regult 2: DF must be a whole number
  from 1 to 12", engine.build.fieldwords).
- `IllegalAttack`: the scenario is well formed but the rules forbid the attack; it names
  the clause that forbids it, e.g. ``RT-4: friendly mecha a2 would be under the template``.
- `DiceError`: scripted dice ran out or hold a value the die cannot show.
- `NotImplementedYet`: the rule system is known but its rules are not implemented.
"""

from __future__ import annotations

from engine.words import DEFAULT_LANG, Lang, Words, msg, say


class ScatterlabError(Exception):
    """Base of every error the engine raises on purpose: `message` says what went wrong
    (a message of engine.words; ``str(error)`` is it in English)."""

    def __init__(self, message: Words) -> None:
        self.message = message
        super().__init__(say(message))

    def said(self, lang: Lang = DEFAULT_LANG) -> str:
        """The error in `lang`."""
        return say(self.message, lang)


class ScenarioError(ScatterlabError, ValueError):
    """A malformed scenario: `path` is the field (``units[3].df``), `reason` says why."""

    def __init__(self, path: str, reason: Words) -> None:
        self.path = path
        self.reason = reason
        self.words = reason
        """The error in players' words, naming the unit and the field (no JSON path): set
        from the document by `engine.build.fieldwords.worded`; the reason alone until then."""
        super().__init__(msg("error.at", path=path, reason=reason) if path else reason)


class IllegalAttack(ScatterlabError):
    """The rules forbid this attack: `clause` is the rule clause ID that forbids it."""

    def __init__(self, clause: str, reason: Words) -> None:
        self.clause = clause
        self.reason = reason
        super().__init__(msg("error.at", path=clause, reason=reason))


class DiceError(ScatterlabError):
    """Scripted dice ran out, or a scripted value is one the die cannot show."""


class NotImplementedYet(ScatterlabError):
    """The scenario's rule system has no rules implemented in this build."""
