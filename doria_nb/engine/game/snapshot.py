"""Snapshots of a game's state: a copy that shares every frozen value and copies the rest.

Undo, answering a question and :meth:`~doria_nb.engine.game.game.Game.copy` need the state as
it was before an input. Replaying every input from the start gives it too (and stays the check
a save file goes through), but costs time that grows with the game; a snapshot costs about the
same at round 1 and at round 15, because nearly everything in a :class:`GameState` is a frozen
value (the board's :class:`~doria_nb.engine.situation.Situation`, the decks, the Doom Counter,
every event) that two states can share. :func:`snapshot` copies only what can change:

* containers (lists, dicts, sets; tuples only when something inside them is copied);
* objects that are not frozen dataclasses (a hero's seat and :class:`Character`, the
  :class:`~doria_nb.engine.chance.Chance` with its random generator and outcomes);
* the :class:`~doria_nb.engine.events.EventLog`: its list of events, not the events, and none
  of its listeners (a widget following the old state must follow the new one itself).

Anything of a kind it does not know raises :class:`SnapshotError` rather than being shared by
mistake, so a new mutable kind of state shows up in the tests at once.

>>> from doria_nb.engine.game.game import Game
>>> game = Game.new(heroes=["warrior", "mage"], seed=2)
>>> copy = snapshot(game.state)
>>> copy.situation is game.state.situation, copy.heroes is game.state.heroes
(True, False)
>>> copy.heroes["W"].character is game.state.heroes["W"].character
False
"""

from __future__ import annotations

import copy
import random
from dataclasses import fields, is_dataclass
from enum import Enum
from types import FunctionType, MappingProxyType
from typing import Any, TypeVar

from doria_nb.engine.errors import DoriaError
from doria_nb.engine.events import EventLog

__all__ = ["SnapshotError", "snapshot"]

T = TypeVar("T")

_ATOMS = (str, int, float, bool, bytes, type(None), Enum, type, FunctionType, range)


class SnapshotError(DoriaError, TypeError):
    """A part of the game's state whose kind :func:`snapshot` does not know how to copy."""


def snapshot(value: T) -> T:
    """A copy of ``value`` (a game state) that shares its frozen parts; see the module text."""
    return _Copier().copy(value)


class _Copier:
    def __init__(self) -> None:
        self.memo: dict[int, Any] = {}

    def copy(self, value: Any) -> Any:
        if isinstance(value, _ATOMS):
            return value
        cls = type(value)
        if is_dataclass(value) and cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return value
        done = self.memo.get(id(value))
        if done is not None:
            return done
        if cls is tuple or cls is frozenset:
            items = [self.copy(item) for item in value]
            same = all(a is b for a, b in zip(items, value, strict=True))
            return value if same else cls(items)
        if cls is list:
            new_list: list[Any] = []
            self.memo[id(value)] = new_list
            new_list.extend(self.copy(item) for item in value)
            return new_list
        if cls is dict:
            new_dict: dict[Any, Any] = {}
            self.memo[id(value)] = new_dict
            for key, item in value.items():
                new_dict[self.copy(key)] = self.copy(item)
            return new_dict
        if cls is set:
            new_set: set[Any] = set()
            self.memo[id(value)] = new_set
            new_set.update(self.copy(item) for item in value)
            return new_set
        if cls is MappingProxyType:
            raise SnapshotError("A read-only mapping is part of a game's state outside a value.")
        if isinstance(value, EventLog):
            return self._log(value)
        if isinstance(value, random.Random):
            generator = cls()
            generator.setstate(value.getstate())
            self.memo[id(value)] = generator
            return generator
        return self._object(value)

    def _log(self, log: EventLog) -> EventLog:
        new = EventLog()
        new._events = list(log._events)  # the events are frozen: shared, not copied
        self.memo[id(log)] = new
        return new

    def _object(self, value: Any) -> Any:
        cls = type(value)
        if is_dataclass(value):
            new = copy.copy(value)
            self.memo[id(value)] = new
            for f in fields(value):
                object.__setattr__(new, f.name, self.copy(getattr(value, f.name)))
            return new
        if hasattr(value, "__dict__") and not hasattr(cls, "__slots__"):
            new = cls.__new__(cls)
            self.memo[id(value)] = new
            for name, item in vars(value).items():
                new.__dict__[name] = self.copy(item)
            return new
        raise SnapshotError(
            f"A game's state holds a {cls.__module__}.{cls.__qualname__}, which a snapshot does "
            "not know how to copy (make it a frozen value, or teach doria_nb.engine.game.snapshot)."
        )
