"""Ending a game: the result, once, with the rule that ended it (*End of the Game*).

Below the game and the concepts that end a game on their own (a campaign's escape,
:mod:`doria_nb.engine.campaign.escape`), so they end it without importing the game; beside it,
:mod:`doria_nb.engine.table.game_end` judges deaths and the scenario's goal (the game checks
after each action, the Doom Counter's Extra Activations after each monster).
"""

from __future__ import annotations

from doria_nb.engine.sections import Section
from doria_nb.engine.table.events import GameOver
from doria_nb.engine.table.records import GameResult, Phase
from doria_nb.engine.table.state import GameState

__all__ = ["end_game"]


def end_game(state: GameState, won: bool, reason: str, rule: Section) -> None:
    """End the game once with ``won`` and its reason, logging :class:`GameOver`."""
    if state.result is not None:
        return
    state.result = GameResult(won, reason, rule, state.round)
    state.phase = Phase.OVER
    state.log.append(GameOver(rule, won, reason))
