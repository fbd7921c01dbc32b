"""A game in progress and what plays it: :class:`Game`, its records, the bots, simulations.

``from doria_nb.engine.game import Game`` works; the names load on first use (see
:mod:`doria_nb.engine.lazy`) because the game's own modules import one another through this
package. The actions live in :mod:`doria_nb.engine.table.actions`; :mod:`doria_nb.engine`
exports everything a player needs in one place (``simulate`` among them: here the name
``simulate`` is the module :mod:`doria_nb.engine.game.simulate`).

>>> from doria_nb.engine.game import Game
>>> Game.__module__
'doria_nb.engine.game.game'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doria_nb.engine.lazy import lazy_attributes

if TYPE_CHECKING:
    from doria_nb.engine.game.bots import bot_action
    from doria_nb.engine.game.campaign_game import start_game
    from doria_nb.engine.game.game import Game, Input, Pending, Setup
    from doria_nb.engine.game.legal import LegalActions
    from doria_nb.engine.game.simulate import SimulationReport, play_out
    from doria_nb.engine.table.records import (
        GameError,
        GameResult,
        IllegalAction,
        Phase,
        SaveFileError,
    )

_GAME = "doria_nb.engine.game.game"
_RECORDS = "doria_nb.engine.table.records"
_SIMULATE = "doria_nb.engine.game.simulate"

HOMES: dict[str, str] = {
    "Game": _GAME,
    "GameError": _RECORDS,
    "GameResult": _RECORDS,
    "IllegalAction": _RECORDS,
    "Input": _GAME,
    "LegalActions": "doria_nb.engine.game.legal",
    "Pending": _GAME,
    "Phase": _RECORDS,
    "SaveFileError": _RECORDS,
    "Setup": _GAME,
    "SimulationReport": _SIMULATE,
    "bot_action": "doria_nb.engine.game.bots",
    "play_out": _SIMULATE,
    "start_game": "doria_nb.engine.game.campaign_game",
}
"""Where each public name lives (a test checks it against the imports above)."""

__all__ = [
    "Game",
    "GameError",
    "GameResult",
    "IllegalAction",
    "Input",
    "LegalActions",
    "Pending",
    "Phase",
    "SaveFileError",
    "Setup",
    "SimulationReport",
    "bot_action",
    "play_out",
    "start_game",
]

__getattr__, __dir__ = lazy_attributes(__name__, HOMES)
