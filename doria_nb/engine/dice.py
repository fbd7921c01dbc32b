"""Dice expressions and rolled dice: ten-sided, exploding, with fumbles.

Everything in Dungeons of Doria is rolled with ten-sided dice whose zero counts 10
(*Comparative Rolls and Target Numbers*). A die that shows 10 *explodes*: it is rolled again
and the new face is added, as often as 10 comes up (*Critical Rolls and Fumbles*). So one die
is a **chain** of faces, every face but the last being 10.

A *fumble* is read from the **original** faces, the first face of each chain: two or more
original ones, however many dice were rolled. A one rolled after a ten belongs to a chain worth
11 and is not a one. A single die fumbles on a one (see ``docs/rulings.md``, *one die showing
1*).

>>> d = Dice.parse("3D+5")
>>> d
Dice(count=3, modifier=5)
>>> str(d)
'3D+5'
>>> roll = Roll.from_faces(d, [3, 4, 10, 6])
>>> roll.total, roll.chains[2].value
(28, 16)
>>> roll.describe()
'3+4+(10+6)+5 = 28'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from doria_nb.engine.errors import DiceExpressionError

FACES = 10
"""Faces of every die in the game; the face printed 0 counts as 10."""

EXPECTED_VALUE_RULE_FACE = 6
"""What every monster die counts under the optional rule *Dice Rolling*."""

_EXAMPLE = "write it like '3D+2', '2D' or '4D-1'"

MAX_EXPRESSION = 40
"""The longest dice expression read (characters, spaces included): a pasted page is refused
at once, before any number in it is read (an integer of thousands of digits would not even
convert)."""


@dataclass(frozen=True, slots=True)
class Dice:
    """A dice expression: ``count`` ten-sided dice plus a fixed ``modifier``.

    ``Dice.parse`` reads the rulebook's notation and ``str`` writes it back, so that
    ``Dice.parse(str(d)) == d`` for every valid expression.

    >>> Dice.parse("2D") + 5
    Dice(count=2, modifier=5)
    >>> Dice.parse("4d - 1").with_dice(+1)
    Dice(count=5, modifier=-1)
    """

    count: int
    modifier: int = 0

    MAX_COUNT: ClassVar[int] = 20
    """More dice than any card, bonus and modifier stack in the game can give."""
    MAX_MODIFIER: ClassVar[int] = 999

    def __post_init__(self) -> None:
        if not isinstance(self.count, int) or isinstance(self.count, bool):
            raise DiceExpressionError(
                f"The number of dice must be a whole number, not {self.count!r}."
            )
        if not isinstance(self.modifier, int) or isinstance(self.modifier, bool):
            raise DiceExpressionError(
                f"The added number must be a whole number, not {self.modifier!r}."
            )
        if self.count < 1:
            raise DiceExpressionError(
                f"{self.count}D rolls no dice: a roll needs at least 1 die ({_EXAMPLE})."
            )
        if self.count > self.MAX_COUNT:
            raise DiceExpressionError(
                f"{self.count}D is more dice than the {self.MAX_COUNT} a single roll may use."
            )
        if abs(self.modifier) > self.MAX_MODIFIER:
            raise DiceExpressionError(
                f"{self.modifier:+d} is too large an addition; keep it within ±{self.MAX_MODIFIER}."
            )

    @classmethod
    def parse(cls, text: object) -> Dice:
        """Read a dice expression such as ``"3D+2"``, ``"2D"``, ``"4D-1"`` or ``"1D"``.

        Lower-case ``d`` and spaces around the sign are accepted. Anything else raises
        :class:`DiceExpressionError` with a message that says what is wrong.
        """
        if isinstance(text, Dice):
            return text
        if not isinstance(text, str):
            raise DiceExpressionError(
                f"A dice expression must be text, not {type(text).__name__} {text!r}: {_EXAMPLE}."
            )
        if len(text) > MAX_EXPRESSION:
            raise DiceExpressionError(
                f"A dice expression is a few characters; this text is {len(text):,} characters "
                f"long (at most {MAX_EXPRESSION} are read): {_EXAMPLE}."
            )
        return _parse(text)

    def __str__(self) -> str:
        if self.modifier == 0:
            return f"{self.count}D"
        return f"{self.count}D{self.modifier:+d}"

    def __add__(self, bonus: int) -> Dice:
        if not isinstance(bonus, int) or isinstance(bonus, bool):
            return NotImplemented
        return Dice(self.count, self.modifier + bonus)

    def __sub__(self, malus: int) -> Dice:
        if not isinstance(malus, int) or isinstance(malus, bool):
            return NotImplemented
        return Dice(self.count, self.modifier - malus)

    def with_dice(self, extra: int) -> Dice:
        """The same expression with ``extra`` dice more (or fewer, if negative)."""
        return Dice(self.count + extra, self.modifier)

    @property
    def minimum(self) -> int:
        """The lowest total the expression can reach (every die a 1)."""
        return self.count + self.modifier

    @property
    def fixed_total(self) -> int:
        """The total under the optional rule *Dice Rolling*: every die counts 6."""
        return self.count * EXPECTED_VALUE_RULE_FACE + self.modifier


_TOKEN = re.compile(r"\s*(?:(?P<num>\d+)|(?P<d>[dD])|(?P<sign>[+-])|(?P<other>\S))")


def _parse(text: str) -> Dice:
    shown = text.strip()
    if not shown:
        raise DiceExpressionError(f"The dice expression is empty: {_EXAMPLE}.")
    tokens: list[tuple[str, str]] = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup
        assert kind is not None
        value = match.group(kind)
        if kind == "other":
            raise DiceExpressionError(
                f"'{shown}' contains {value!r}, which is not part of a dice expression: {_EXAMPLE}."
            )
        tokens.append((kind, value))
    kinds = [kind for kind, _ in tokens]
    if "d" not in kinds:
        raise DiceExpressionError(f"'{shown}' has no D for the dice: {_EXAMPLE}.")
    if kinds[0] != "num":
        raise DiceExpressionError(
            f"'{shown}' does not say how many dice to roll: put the number before the D, "
            f"like '1{shown.lstrip()}'."
            if kinds[0] == "d"
            else f"'{shown}' must start with the number of dice: {_EXAMPLE}."
        )
    if len(kinds) < 2 or kinds[1] != "d":
        raise DiceExpressionError(f"'{shown}' must be a number of dice followed by D: {_EXAMPLE}.")
    count = int(tokens[0][1])
    rest = tokens[2:]
    modifier = 0
    if rest:
        if rest[0][0] != "sign":
            raise DiceExpressionError(
                f"'{shown}' has {rest[0][1]!r} after the D; only '+N' or '-N' may follow: "
                f"{_EXAMPLE}."
            )
        if len(rest) == 1:
            raise DiceExpressionError(
                f"'{shown}' ends with '{rest[0][1]}' but no number follows it: {_EXAMPLE}."
            )
        if rest[1][0] != "num":
            raise DiceExpressionError(f"'{shown}' needs a number after '{rest[0][1]}': {_EXAMPLE}.")
        if len(rest) > 2:
            extra = "".join(value for _, value in rest[2:])
            head = f"{count}D{rest[0][1]}{rest[1][1]}"
            raise DiceExpressionError(
                f"'{shown}' has '{extra}' left over after '{head}'; a dice expression adds "
                f"one number at most: {_EXAMPLE}."
            )
        modifier = int(rest[1][1]) * (-1 if rest[0][1] == "-" else 1)
    return Dice(count, modifier)


@dataclass(frozen=True, slots=True)
class DieChain:
    """One die as rolled: its faces in order, each 10 followed by the face it exploded into.

    >>> DieChain((10, 10, 3)).value
    23
    >>> DieChain((10, 1)).is_original_one
    False
    """

    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        faces = self.faces
        if not faces:
            raise DiceExpressionError("A die needs at least one face.")
        for face in faces:
            if not isinstance(face, int) or not 1 <= face <= FACES:
                raise DiceExpressionError(
                    f"A ten-sided die shows 1 to 10 (0 counts 10), not {face!r}."
                )
        if any(face != FACES for face in faces[:-1]) or faces[-1] == FACES:
            raise DiceExpressionError(
                f"The faces {list(faces)} are not one exploding die: every face but the last "
                "must be a 10, and a 10 is always rolled again."
            )

    @property
    def value(self) -> int:
        """What the die counts: the sum of its faces."""
        return sum(self.faces)

    @property
    def original(self) -> int:
        """The first face, the one that counts for fumbles."""
        return self.faces[0]

    @property
    def is_original_one(self) -> bool:
        """True when the die's first face is a 1 (a 1 after a 10 counts 11 and is not)."""
        return self.faces[0] == 1

    @property
    def exploded(self) -> bool:
        return len(self.faces) > 1

    def describe(self) -> str:
        if not self.exploded:
            return str(self.value)
        return "(" + "+".join(str(face) for face in self.faces) + ")"


@dataclass(frozen=True, slots=True)
class Roll:
    """A dice expression as it was rolled.

    ``fixed`` marks a roll made under the optional rule *Dice Rolling*, where every die simply
    counts 6: nothing explodes and nothing can fumble.
    """

    dice: Dice
    chains: tuple[DieChain, ...]
    fixed: bool = False

    def __post_init__(self) -> None:
        if len(self.chains) != self.dice.count:
            raise DiceExpressionError(
                f"{self.dice} rolls {self.dice.count} dice, but {len(self.chains)} were given."
            )
        if self.fixed and any(chain.faces != (EXPECTED_VALUE_RULE_FACE,) for chain in self.chains):
            raise DiceExpressionError("Under Dice Rolling every die counts 6 and nothing else.")

    @classmethod
    def from_faces(cls, dice: Dice | str, faces: Iterable[int]) -> Roll:
        """Build a roll from the faces in the order they were read off the table.

        Each 10 is followed by the face it exploded into, so ``[3, 4, 10, 6]`` for 3D means
        the dice 3, 4 and 10+6. A 0 may be written for a 10, as it is printed on the die.
        """
        dice = Dice.parse(dice)
        chains: list[DieChain] = []
        current: list[int] = []
        for face in faces:
            face = FACES if face == 0 else face
            current.append(face)
            if face != FACES:
                chains.append(DieChain(tuple(current)))
                current = []
        if current:
            raise DiceExpressionError(
                f"The faces end on a 10 that was never rolled again: {list(faces)}."
            )
        return cls(dice, tuple(chains))

    @classmethod
    def fixed_for(cls, dice: Dice | str) -> Roll:
        """The roll the optional rule *Dice Rolling* gives a monster: every die a 6."""
        dice = Dice.parse(dice)
        chain = DieChain((EXPECTED_VALUE_RULE_FACE,))
        return cls(dice, (chain,) * dice.count, fixed=True)

    @property
    def dice_total(self) -> int:
        """The sum of the dice alone."""
        return sum(chain.value for chain in self.chains)

    @property
    def total(self) -> int:
        """The dice plus the expression's modifier."""
        return self.dice_total + self.dice.modifier

    @property
    def faces(self) -> tuple[int, ...]:
        """All faces in rolling order, explosions included."""
        return tuple(face for chain in self.chains for face in chain.faces)

    @property
    def original_ones(self) -> int:
        """How many dice show a 1 as their first face."""
        return sum(chain.is_original_one for chain in self.chains)

    @property
    def shows_fumble(self) -> bool:
        """The dice show a fumble: two or more original ones, or a lone die showing 1.

        Whether the fumble counts is the checker's business (the optional rule *No Fumbles*
        switches fumbles off).
        """
        if self.fixed:
            return False
        if self.dice.count == 1:
            return self.original_ones == 1
        return self.original_ones >= 2

    def describe(self) -> str:
        """The arithmetic of the roll, e.g. ``'3+4+(10+6)+5 = 28'``."""
        if self.fixed:
            parts = "+".join([str(EXPECTED_VALUE_RULE_FACE)] * self.dice.count)
        else:
            parts = "+".join(chain.describe() for chain in self.chains)
        if self.dice.modifier:
            sign = "+" if self.dice.modifier > 0 else "-"
            parts += f"{sign}{abs(self.dice.modifier)}"
        if len(self.chains) == 1 and not self.dice.modifier and not self.chains[0].exploded:
            return f"{self.total}"
        return f"{parts} = {self.total}"
