"""Robotech RPG Tactics (seed 000): the system as the engine sees it.

The rules live in `robotech.rules` (legality, strikes, scatter, reactions, `play`), their
exact odds in `robotech.odds` (which uses the rules; the rules never import it), and this
module names what `engine.systems` asks of a system.
"""

from __future__ import annotations

from engine.systems.robotech.odds import landing, marginals
from engine.systems.robotech.rules import effects, harm, play, prepare, range_lines, run

__all__ = ["effects", "harm", "landing", "marginals", "play", "prepare", "range_lines", "run"]
