"""Battlefield Support Points: what each side spent this turn and in the game.

The costs are the Battlefield Support table's (facts.md; `engine.scenario.battletech`
holds them, as it refuses a turn past a side's budget). The resolution log states the
spending (`turn`), the result's words repeat it, and `next_turn` carries the game's
spending on.
"""

from __future__ import annotations

from engine.scenario.battletech import THE_DEFENDER, Attack
from engine.systems.battletech.plan import joined
from engine.words import Words, msg


def spending(attack: Attack) -> list[tuple[str, int, int, int | None]]:
    """Per side that spends, has spent or holds points: BSP this turn, in the game so far
    (this turn included), and its budget (None: not given); the attacker first."""
    now = attack.bsp_this_turn()
    budget = attack.bsp or {}
    sides = dict.fromkeys([*now, *attack.bsp_spent, *budget])
    out = []
    for side in sides:
        turn = now.get(side, 0)
        game = attack.bsp_spent.get(side, 0) + turn
        if game or side in budget:
            out.append((side, turn, game, budget.get(side)))
    return out


def words(attack: Attack) -> Words | None:
    """The spending in players' words ("Kurita 10 this turn, 15 in the game (of 20)"), or
    None when no side has spent or holds any."""
    parts: list[Words] = [
        msg("bt.bsp.side", side=_side(side), turn=turn, game=game) if budget is None
        else msg("bt.bsp.side_of", side=_side(side), turn=turn, game=game, budget=budget)
        for side, turn, game, budget in spending(attack)]
    return joined("bt.join.semicolon", parts) if parts else None


def _side(side: str) -> Words:
    """A side as the log names it: as typed, or "the defender" where the scenario names none
    (`Attack.bsp_this_turn`), in words."""
    return msg("bt.bsp.defender") if side == THE_DEFENDER else side


def spent_in_game(attack: Attack) -> dict[str, int]:
    """Each side's spending in the game after this turn (the next turn's ``bsp_spent``)."""
    return {side: game for side, _, game, _ in spending(attack) if game}
