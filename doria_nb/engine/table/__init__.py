"""The table: everything a game in progress holds, below the rules that change it.

:class:`~doria_nb.engine.table.state.GameState` (the board, the seats, the decks, the
tracks), the records it is made of, the events a game logs and the card places of actions.
This package sits below the concept packages (:mod:`doria_nb.engine.shop`,
:mod:`doria_nb.engine.doom`, :mod:`doria_nb.engine.level_up`, :mod:`doria_nb.engine.traps`)
and :mod:`doria_nb.engine.game` on top of them, so each concept can apply its rules to the
state without importing the game:

* :mod:`~doria_nb.engine.table.state`: :class:`GameState`, :class:`Asker`, :class:`NeedDecision`;
* :mod:`~doria_nb.engine.table.records`: phases, hero and monster seats, results, errors;
* :mod:`~doria_nb.engine.table.events`: the game's own events (phase began, action taken, …);
* :mod:`~doria_nb.engine.table.places`: card places written as short keys (``"belt 0"``).
"""

from doria_nb.engine.table.events import (
    ActionTaken,
    GameOver,
    Happened,
    MonsterActed,
    MonsterDefeated,
    MonsterSpawned,
    PhaseBegan,
)
from doria_nb.engine.table.places import location_key, parse_destination, parse_location
from doria_nb.engine.table.records import (
    Counters,
    GameError,
    GameResult,
    HeroSeat,
    IllegalAction,
    MonsterSeat,
    Phase,
    SaveFileError,
)
from doria_nb.engine.table.state import Asker, GameState, NeedDecision, default_answer

__all__ = [
    "ActionTaken",
    "Asker",
    "Counters",
    "GameError",
    "GameOver",
    "GameResult",
    "GameState",
    "Happened",
    "HeroSeat",
    "IllegalAction",
    "MonsterActed",
    "MonsterDefeated",
    "MonsterSeat",
    "MonsterSpawned",
    "NeedDecision",
    "Phase",
    "PhaseBegan",
    "SaveFileError",
    "default_answer",
    "location_key",
    "parse_destination",
    "parse_location",
]
