"""The rules engine of *Dungeons of Doria*: the names a Python user plays a game with.

Everything a game needs is importable from here (and from :mod:`doria_nb` itself, which adds
the book's starter content pack)::

    from doria_nb.engine import Game, Wait

The names are loaded on first use (see :mod:`doria_nb.engine.lazy`), so importing one engine
module does not load the whole game. The engine never imports the content, the widgets or the
book: a game's content pack is an argument (``Game.new(..., pack=...)``), and
:func:`doria_nb.starter_pack` is the book's default.

>>> import doria_nb.engine as engine
>>> engine.Wait("R", 3) == engine.Wait("R", 3)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doria_nb.engine.lazy import lazy_attributes

if TYPE_CHECKING:
    from doria_nb.engine.decisions import Choice, ChoiceKind
    from doria_nb.engine.events import DiceRolled, Event
    from doria_nb.engine.game.bots import bot_action
    from doria_nb.engine.game.game import Game
    from doria_nb.engine.game.legal import LegalActions
    from doria_nb.engine.game.simulate import SimulationReport, play_out, simulate
    from doria_nb.engine.geometry import Square
    from doria_nb.engine.odds import comparative, roll_distribution, target_check
    from doria_nb.engine.options import RulesOptions
    from doria_nb.engine.table.actions import (
        Action,
        Attack,
        Buy,
        Cast,
        ClearRubble,
        ClearTrap,
        Disarm,
        Discard,
        Drink,
        EndPhase,
        Equip,
        Join,
        Leave,
        Move,
        OpenDoor,
        PickUp,
        PutDown,
        Repair,
        Revive,
        Search,
        Take,
        Throw,
        Wait,
    )
    from doria_nb.engine.table.events import (
        ActionTaken,
        AttackMade,
        DoomCounterMoved,
        GameOver,
        Happened,
        Jumped,
        LevelUpDone,
        MonsterActed,
        MonsterDefeated,
        MonsterSpawned,
        PhaseBegan,
    )
    from doria_nb.engine.table.records import (
        GameError,
        GameResult,
        IllegalAction,
        Phase,
        SaveFileError,
    )
    from doria_nb.engine.verdict import Verdict

_ACTIONS = "doria_nb.engine.table.actions"
_RECORDS = "doria_nb.engine.table.records"
_ODDS = "doria_nb.engine.odds"
_SIMULATE = "doria_nb.engine.game.simulate"
_EVENTS = "doria_nb.engine.table.events"

HOMES: dict[str, str] = {
    "Action": _ACTIONS,
    "ActionTaken": _EVENTS,
    "Attack": _ACTIONS,
    "AttackMade": _EVENTS,
    "Buy": _ACTIONS,
    "Cast": _ACTIONS,
    "Choice": "doria_nb.engine.decisions",
    "ChoiceKind": "doria_nb.engine.decisions",
    "ClearRubble": _ACTIONS,
    "ClearTrap": _ACTIONS,
    "DiceRolled": "doria_nb.engine.events",
    "Disarm": _ACTIONS,
    "DoomCounterMoved": _EVENTS,
    "Discard": _ACTIONS,
    "Drink": _ACTIONS,
    "EndPhase": _ACTIONS,
    "Equip": _ACTIONS,
    "Event": "doria_nb.engine.events",
    "Game": "doria_nb.engine.game.game",
    "GameError": _RECORDS,
    "GameOver": _EVENTS,
    "GameResult": _RECORDS,
    "Happened": _EVENTS,
    "IllegalAction": _RECORDS,
    "Join": _ACTIONS,
    "Jumped": _EVENTS,
    "Leave": _ACTIONS,
    "LevelUpDone": _EVENTS,
    "LegalActions": "doria_nb.engine.game.legal",
    "MonsterActed": _EVENTS,
    "MonsterDefeated": _EVENTS,
    "MonsterSpawned": _EVENTS,
    "Move": _ACTIONS,
    "OpenDoor": _ACTIONS,
    "Phase": _RECORDS,
    "PhaseBegan": _EVENTS,
    "PickUp": _ACTIONS,
    "PutDown": _ACTIONS,
    "Repair": _ACTIONS,
    "Revive": _ACTIONS,
    "RulesOptions": "doria_nb.engine.options",
    "SaveFileError": _RECORDS,
    "Search": _ACTIONS,
    "SimulationReport": _SIMULATE,
    "Square": "doria_nb.engine.geometry",
    "Take": _ACTIONS,
    "Throw": _ACTIONS,
    "Verdict": "doria_nb.engine.verdict",
    "Wait": _ACTIONS,
    "bot_action": "doria_nb.engine.game.bots",
    "comparative": _ODDS,
    "play_out": _SIMULATE,
    "roll_distribution": _ODDS,
    "simulate": _SIMULATE,
    "target_check": _ODDS,
}
"""Where each public name lives (a test checks it against the imports above)."""

__all__ = [
    "Action",
    "ActionTaken",
    "Attack",
    "AttackMade",
    "Buy",
    "Cast",
    "Choice",
    "ChoiceKind",
    "ClearRubble",
    "ClearTrap",
    "DiceRolled",
    "Disarm",
    "Discard",
    "DoomCounterMoved",
    "Drink",
    "EndPhase",
    "Equip",
    "Event",
    "Game",
    "GameError",
    "GameOver",
    "GameResult",
    "Happened",
    "IllegalAction",
    "Join",
    "Jumped",
    "Leave",
    "LegalActions",
    "LevelUpDone",
    "MonsterActed",
    "MonsterDefeated",
    "MonsterSpawned",
    "Move",
    "OpenDoor",
    "Phase",
    "PhaseBegan",
    "PickUp",
    "PutDown",
    "Repair",
    "Revive",
    "RulesOptions",
    "SaveFileError",
    "Search",
    "SimulationReport",
    "Square",
    "Take",
    "Throw",
    "Verdict",
    "Wait",
    "bot_action",
    "comparative",
    "play_out",
    "roll_distribution",
    "simulate",
    "target_check",
]

__getattr__, __dir__ = lazy_attributes(__name__, HOMES)
