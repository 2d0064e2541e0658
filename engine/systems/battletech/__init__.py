"""BattleTech Battlefield Support, as the engine sees a system (`engine.systems`).

The rules of one turn follow the seed's parts: `battletech.turn` plays the turn (the
declarations, Air Cover, each support in order, `next_turn`), `battletech.aerospace` the
air strikes, bombing and strafing, `battletech.artillery` the artillery,
`battletech.scatter` a miss's scatter, `battletech.attack` what applies to every strike on
a unit, `battletech.damage` what the turn did to each unit, and `battletech.bsp` the
Battlefield Support Points each side spends; `battletech.plan` holds the plan a turn is
played from, `battletech.tables` the tables, `battletech.sheet` record sheets, and
`battletech.odds` the exact odds (per-unit marginals). This module gathers what the engine
calls.
"""

from engine.systems.battletech.damage import effects, harm
from engine.systems.battletech.odds import landing, marginals, unit_figures
from engine.systems.battletech.plan import Outcome
from engine.systems.battletech.turn import next_turn, play, prepare, run

__all__ = ["Outcome", "effects", "harm", "landing", "marginals", "next_turn", "play", "prepare",
           "run", "unit_figures"]
