"""The one source of chance: every die and every draw goes through a :class:`Chance`.

A :class:`Chance` wraps one injected :class:`random.Random` and uses only its ``random()``
method, whose sequence Python guarantees across versions (``randrange``, ``choice`` and
``shuffle`` carry no such promise). Every face it produces is kept in :attr:`Chance.outcomes`
so that a saved game can store its chance outcomes and a replay can be checked against them;
every roll is also appended to an :class:`~doria_nb.engine.events.EventLog` when one is given.

:class:`ScriptedChance` plays back faces given in advance: that is how the rulebook's worked
examples ("the player rolls a 5, 8 and 4") become tests.

>>> chance = Chance.seeded(7)
>>> roll = chance.roll("3D+2")
>>> roll.total == sum(chance.outcomes) + 2
True
>>> ScriptedChance([5, 8, 4]).roll("3D").total
17
"""

from __future__ import annotations

import random
from collections.abc import Iterable, MutableSequence
from typing import TypeVar

from doria_nb.engine.dice import FACES, Dice, DieChain, Roll
from doria_nb.engine.errors import ChanceError
from doria_nb.engine.events import DiceRolled, EventLog
from doria_nb.engine.sections import Section

T = TypeVar("T")


class Chance:
    """Rolls dice and draws indices from one seeded :class:`random.Random`."""

    def __init__(self, rng: random.Random, log: EventLog | None = None) -> None:
        if not isinstance(rng, random.Random):
            raise TypeError(
                "Chance needs a random.Random instance (seed it for reproducible play)."
            )
        self._rng = rng
        self.log = log
        self.outcomes: list[int] = []
        """Every face rolled (1-10) and every index drawn, in order."""

    @classmethod
    def seeded(cls, seed: int, log: EventLog | None = None) -> Chance:
        """A chance source whose whole sequence is fixed by ``seed``."""
        return cls(random.Random(seed), log)

    def _unit(self) -> float:
        return self._rng.random()

    def below(self, n: int) -> int:
        """A whole number from 0 to ``n - 1``, each equally likely (a card draw, a shuffle)."""
        if n < 1:
            raise ChanceError(f"Cannot pick one of {n} things.")
        value = self._draw(n)
        self.outcomes.append(value)
        return value

    def d10(self) -> int:
        """One face of a ten-sided die, 1 to 10 (the printed 0 counts 10)."""
        face = self._draw(FACES) + 1
        self.outcomes.append(face)
        return face

    def _draw(self, n: int) -> int:
        return min(int(self._unit() * n), n - 1)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates on :meth:`below`)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def roll(
        self,
        dice: Dice | str,
        *,
        fixed: bool = False,
        who: str = "",
        purpose: str = "",
        rule: Section = Section.CRITICALS_AND_FUMBLES,
    ) -> Roll:
        """Roll ``dice``, exploding every 10, and record the roll.

        ``fixed`` applies the optional rule *Dice Rolling* to this roll: no die is rolled and
        each counts 6. ``who`` names the roller in words; the event keeps it as
        :attr:`DiceRolled.roller <doria_nb.engine.events.DiceRolled.roller>`.
        """
        dice = Dice.parse(dice)
        if fixed:
            result = Roll.fixed_for(dice)
        else:
            result = Roll(dice, tuple(self._roll_chain() for _ in range(dice.count)))
        if self.log is not None:
            self.log.append(DiceRolled(rule=rule, roll=result, roller=who, purpose=purpose))
        return result

    def _roll_chain(self) -> DieChain:
        faces = [self.d10()]
        while faces[-1] == FACES:
            faces.append(self.d10())
        return DieChain(tuple(faces))


class ScriptedChance(Chance):
    """Plays back the faces (and draws) given, in order; for examples, tests and disputes.

    Faces are written as on the table: each 10 (or 0) is followed by the face it exploded into.
    Running out of faces raises :class:`ChanceError` instead of inventing one.
    """

    def __init__(self, faces: Iterable[int], log: EventLog | None = None) -> None:
        super().__init__(random.Random(0), log)
        self._script = list(faces)
        self._position = 0

    @property
    def remaining(self) -> int:
        """How many scripted outcomes have not been used yet."""
        return len(self._script) - self._position

    def _next(self) -> int:
        if self._position >= len(self._script):
            raise ChanceError(
                f"The scripted dice ran out after {len(self._script)} outcomes; add the next face."
            )
        value = self._script[self._position]
        self._position += 1
        return value

    def below(self, n: int) -> int:
        if n < 1:
            raise ChanceError(f"Cannot pick one of {n} things.")
        value = self._next()
        if not 0 <= value < n:
            raise ChanceError(f"The scripted draw {value} is not one of 0 to {n - 1}.")
        self.outcomes.append(value)
        return value

    def d10(self) -> int:
        face = self._next()
        face = FACES if face == 0 else face
        if not 1 <= face <= FACES:
            raise ChanceError(f"The scripted face {face} is not a face of a ten-sided die.")
        self.outcomes.append(face)
        return face
