"""A Best aim ranking as it is shown (engine/aim.py ranks): each aim with its figures
(`Scored`), and the `Ranking` with the counts of the aims left out, as JSON for the command
line and the page, and as scores over the board."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from engine.candidates import Aim
from engine.odds import Odds
from engine.words import DEFAULT_LANG, Lang, as_json

TOP = 5
"""The aims a ranking shows (the page's table, the command line's default ``--top``)."""


@dataclass(frozen=True)
class Scored:
    """An aim with its figures: the objective's `value`, what it costs the own side."""

    aim: Aim
    value: float
    enemy_damage: float
    enemy_destroyed: float
    friendly_damage: float
    friendly_destroyed: float
    friendly_risk: float
    odds: Odds
    margin: float = 0.0
    """The 95 % half-width of `value` when it is a Monte Carlo estimate (0: exact)."""

    def to_dict(self, lang: Lang | None = DEFAULT_LANG) -> dict[str, Any]:
        """The figures as JSON, the aim's name said in `lang` (with `lang` None it stays a
        message, `Msg.to_dict`, for the page to say in the language it shows)."""
        out: dict[str, Any] = {
            "aim": as_json(self.aim.label, lang),
            "attack": dict(self.aim.attack),
            "value": round(self.value, 6), "enemy_damage": round(self.enemy_damage, 6),
            "enemy_destroyed": round(self.enemy_destroyed, 6),
            "friendly_damage": round(self.friendly_damage, 6),
            "friendly_destroyed": round(self.friendly_destroyed, 6),
            "friendly_risk": round(self.friendly_risk, 6)}
        if self.odds.method != "exact":
            out |= {"margin": round(self.margin, 6), "runs": self.odds.trials}
        if self.aim.point is not None:
            out["point"] = list(self.aim.point)
        if self.aim.hex is not None:
            out["hex"] = self.aim.hex
        return out


@dataclass(frozen=True)
class Ranking:
    """Every legal aim scored, best first, and how many candidates were left out."""

    scored: tuple[Scored, ...]
    illegal: int
    out_of_reach: int
    over_risk: int = 0
    """Legal aims left out by the friendly-risk limit."""
    untried: int = 0
    """Candidates past the ranking's `Allowance`, never tried."""
    estimated: bool = False
    """Exact odds were out of reach of every legal aim tried (`out_of_reach` counts them),
    so every score is a Monte Carlo estimate (module docstring)."""
    bounded: int = 0
    """Legal aims not scored: their expected enemy damage could not reach the best shown
    (`Allowance.below`)."""
    rounds: tuple[int, ...] = ()
    """The Monte Carlo runs of each round of an estimated ranking (engine.aim.estimate_runs;
    empty when exact)."""

    def why_none(self) -> str | None:
        """Why no aim is listed, None when one is: ``"nothing"`` (the attack has no
        candidate: no enemy unit to aim at, no support aimed at a hex), ``"risk"`` (the
        aims scored are all past the friendly-risk limit) or ``"rules"`` (the rules
        refuse every candidate tried). Aims out of reach of exact odds are estimated, so
        never the reason. The command line and the page say it in their words."""
        if self.scored:
            return None
        if self.over_risk:
            return "risk"
        return "rules" if self.illegal or self.untried else "nothing"

    def to_dict(self, top: int = TOP, lang: Lang | None = DEFAULT_LANG) -> dict[str, Any]:
        """The `top` aims and the counts as JSON, the aims named in `lang` (`Scored.to_dict`),
        whether they are estimated, and why none is listed (`why_none`, null when one
        is)."""
        return {"aims": [s.to_dict(lang) for s in self.scored[:top]],
                "candidates": len(self.scored), "illegal": self.illegal,
                "out_of_reach": self.out_of_reach, "over_risk": self.over_risk,
                "untried": self.untried, "bounded": self.bounded,
                "estimated": self.estimated,
                "why_none": self.why_none()}

    def overlay(self) -> list[dict[str, Any]]:
        """The score over every candidate point or hex, for the board: the best value of
        the aims there (``{"x", "y", "value"}`` or ``{"hex", "value"}``)."""
        best: dict[Any, float] = {}
        for r in self.scored:
            where = r.aim.point or r.aim.hex
            if where is not None and r.value > best.get(where, -math.inf):
                best[where] = r.value
        return [{"hex": w, "value": round(v, 6)} if isinstance(w, str) else
                {"x": w[0], "y": w[1], "value": round(v, 6)} for w, v in best.items()]


def contenders(best: list[Scored], top: int = TOP) -> list[Scored]:
    """Of these estimated aims (best first), the `top` best and those that may still be
    among them: whose value plus its margin reaches the `top`-th highest value less its
    margin (`top` aims are, each within its 95 % margin, above any aim that does not).
    An estimated ranking re-runs only these (`engine.aim`)."""
    if len(best) <= top:
        return best
    floor = sorted((r.value - r.margin for r in best), reverse=True)[top - 1]
    return best[:top] + [r for r in best[top:] if r.value + r.margin >= floor]
