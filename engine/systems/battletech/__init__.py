"""BattleTech Battlefield Support, as the engine sees a system (`engine.systems`).

The rules of one turn are in `battletech.rules` (the seed's clauses, step by step), the
tables in `battletech.tables`, record sheets in `battletech.sheet`, and the exact odds in
`battletech.odds` (per-unit marginals); this module gathers what the engine calls, so no
two of them import each other in a circle.
"""

from engine.systems.battletech.odds import landing, marginals, unit_figures
from engine.systems.battletech.rules import Outcome, effects, harm, next_turn, play, prepare, run

__all__ = ["Outcome", "effects", "harm", "landing", "marginals", "next_turn", "play", "prepare",
           "run", "unit_figures"]
