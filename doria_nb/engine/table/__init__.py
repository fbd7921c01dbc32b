"""The table: a game in progress as data, below the rules that change it.

:class:`~doria_nb.engine.table.state.GameState` (the board, the seats, the decks, the
tracks), the records it is made of, the events a game logs, and the actions the players give.
This package sits below the concept packages (:mod:`doria_nb.engine.shop`,
:mod:`doria_nb.engine.doom`, :mod:`doria_nb.engine.level_up`, :mod:`doria_nb.engine.traps`)
and :mod:`doria_nb.engine.game` on top of them, so each concept can apply its rules to the
state without importing the game:

* :mod:`~doria_nb.engine.table.state`: :class:`GameState`, :class:`Asker`, :class:`NeedDecision`;
* :mod:`~doria_nb.engine.table.records`: phases, hero and monster seats, results, errors;
* :mod:`~doria_nb.engine.table.events`: the game's own events (phase began, action taken, …);
* :mod:`~doria_nb.engine.table.places`: card places written as short keys (``"belt 0"``);
* :mod:`~doria_nb.engine.table.ending`: ending a game (its result, once);
* :mod:`~doria_nb.engine.table.options_json`: the optional rules in a JSON file (a save
  file's, a Campaign Sheet's);
* :mod:`~doria_nb.engine.table.actions`: every input a game takes (``Move``, ``Buy``, …), as
  frozen records, and :mod:`~doria_nb.engine.table.action_text` reading them back from their
  words. They live here, not in :mod:`doria_nb.engine.game`, because each concept's game half
  checks its own actions (the shop its ``Buy``, the traps their ``Disarm``).

The actions are exported by :mod:`doria_nb.engine` (``from doria_nb.engine import Move``);
this facade re-exports the state, its records, events and places.
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
