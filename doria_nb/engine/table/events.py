"""The game's own events, next to the dice (``DiceRolled``) and the characters' events.

Every change a game makes is one of these, citing the rule that made it: the log is the
game's story (narration, the round stepper), and a replay must reproduce it exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from doria_nb.engine.events import Event
from doria_nb.engine.geometry import Square

__all__ = [
    "ActionTaken",
    "GameOver",
    "Happened",
    "MonsterActed",
    "MonsterDefeated",
    "MonsterSpawned",
    "PhaseBegan",
]


@dataclass(frozen=True, slots=True)
class PhaseBegan(Event):
    """A phase of round ``round`` begins."""

    round: int
    phase: str

    def describe(self) -> str:
        return f"Round {self.round}: {self.rule}"


@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    """A hero (or a monster) starts an action: its Initiative Marker moves from ``ap[0]`` to
    ``ap[1]`` (*Phase D: Action Phase*)."""

    who: str
    action: str
    ap: tuple[int, int]

    def describe(self) -> str:
        return f"{self.action} ({self.ap[0]} → {self.ap[1]} AP)"


@dataclass(frozen=True, slots=True)
class MonsterActed(ActionTaken):
    """A monster's activation (*Monster Activation*): the :class:`ActionTaken` the log always
    had, with the monster AI's whole record beside it for views that show it step by step —
    ``activation`` (a :class:`~doria_nb.engine.monster_ai.Activation`: the board before and
    after, the target and route traces, the movement, the attack), the ties the players
    settled (``settled``: ``(("target", "M"), ...)``) and the options each of those ties had
    (``tied``). The record takes no part in comparing events: the words say what happened."""

    activation: Any = field(default=None, compare=False, repr=False)
    settled: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)
    tied: tuple[tuple[str, tuple[str, ...]], ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Happened(Event):
    """Anything else the rules made happen, in words (a tile laid, a monster defeated)."""

    text: str
    who: str = ""

    def describe(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class MonsterSpawned(Happened):
    """Monsters came onto the board (*Monster Icons*): the card ``monster`` (its id) with the
    ``modifiers`` drawn with it (ids), as the figures ``letters`` on ``squares`` (one each;
    none when the box had no figure left).

    A :class:`Happened` with its words unchanged, so narrators that print ``text`` go on as
    before, while a program reads the fields instead of parsing the words. ``who`` is empty:
    no one figure did it (letters are in ``letters``)."""

    monster: str = ""
    modifiers: tuple[str, ...] = ()
    letters: tuple[str, ...] = ()
    squares: tuple[Square, ...] = ()


@dataclass(frozen=True, slots=True)
class MonsterDefeated(Happened):
    """The monster figure ``who`` (its letter), of the card ``monster`` (its id), was defeated
    and left the board (*Defeated Monsters*); the words are those of :class:`Happened`."""

    monster: str = ""


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended."""

    won: bool
    reason: str

    def describe(self) -> str:
        return f"{'Victory' if self.won else 'Defeat'}: {self.reason}"
