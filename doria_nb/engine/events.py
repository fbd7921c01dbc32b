"""Frozen events: the record of everything that happened, and which rule made it happen.

Every change the engine makes, and every die it rolls, is appended to an :class:`EventLog` as
a frozen :class:`Event`. Narration, widget animation, undo and replay read the log; nothing
ever edits an event after the fact.

One convention for naming figures: an event's ``who`` is always the letter of the figure on
the board it is about (``"W"``, ``"a"``), or empty when no one figure is. Names are for
words: a roll of the dice, which happens below the board, names its roller in
``DiceRolled.roller`` (``"Warrior"``), never in ``who``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from doria_nb.engine.sections import Section

if TYPE_CHECKING:
    from doria_nb.engine.dice import Roll


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, and the rulebook section that made it happen."""

    rule: Section

    def describe(self) -> str:
        return f"{type(self).__name__} ({self.rule})"


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """A roll of the dice, with every die's chain of faces.

    ``roller`` names who rolled it, in words (``"Warrior"``, ``"the Orc"``), and ``purpose``
    says what for (``"attack"``, ``"defense"``, ``"check"``). A roll has no ``who``: dice are
    rolled by rules that need no board, so no figure letter is known to them (see the module
    docstring for the convention).
    """

    roll: Roll
    roller: str = ""
    purpose: str = ""

    def describe(self) -> str:
        subject = " ".join(part for part in (self.roller, self.purpose) if part) or "roll"
        return f"{subject}: {self.roll.dice} rolled {self.roll.describe()}"


Listener = Callable[[Event], None]


class EventLog:
    """An append-only list of events that listeners (widgets, narrators) may follow."""

    def __init__(self) -> None:
        self._events: list[Event] = []
        self._listeners: list[Listener] = []

    def append(self, event: Event) -> None:
        self._events.append(event)
        for listener in self._listeners:
            listener(event)

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` with every event appended from now on."""
        self._listeners.append(listener)

    def __iter__(self) -> Iterator[Event]:
        return iter(tuple(self._events))

    def __len__(self) -> int:
        return len(self._events)

    def __getitem__(self, index: int) -> Event:
        return self._events[index]

    def __repr__(self) -> str:
        return f"<EventLog with {len(self._events)} events>"
