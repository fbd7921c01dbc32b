"""What a spell or potion does that a :class:`~doria_nb.engine.character.Character` cannot hold.

A character sheet holds Hit Points and Psi Points, so healing is applied to it directly. Poison
Markers, an extra armor until the end of the round, a bonus to attack rolls and Action Points
on the initiative marker belong to the game state (issue #7). An effect therefore hands them
back as frozen *operations*, each naming the rule it carries out and explaining itself; the game
state applies them and ends the temporary ones at the end of the round.

>>> TemporaryArmor("Priestess", "Dense Hide", armor=2).explain()
'Priestess gains an extra armor of AR 2 until the end of the round (Dense Hide); \
it is not a card, so blocking never damages it.'
>>> RemovePoisonMarkers("Warrior", "Antidote").explain()
'Warrior loses every Poison Marker (Antidote).'
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.sections import Section

__all__ = [
    "POISON_RULE",
    "AttackRollBonus",
    "ExtraActionPoints",
    "Operation",
    "RemovePoisonMarkers",
    "TemporaryArmor",
    "until",
]

POISON_RULE = Section.PHASE_E
"""The rulebook section that says poison is healed only by antidotes, detox spells or the
Phase E check (not yet a :class:`~doria_nb.engine.sections.Section` member)."""


def until(rounds: int) -> str:
    """``'until the end of the round'`` or ``'for 2 rounds'``.

    >>> until(1), until(3)
    ('until the end of the round', 'for 3 rounds')
    """
    return "until the end of the round" if rounds == 1 else f"for {rounds} rounds"


@dataclass(frozen=True, slots=True)
class RemovePoisonMarkers:
    """Take up to ``markers`` Poison Markers off ``who`` (every marker when ``None``). Having
    fewer markers than that is no error: the others simply do not exist (ruling Y22)."""

    who: str
    card: str
    markers: int | None = None
    rule: Section = POISON_RULE

    def remaining(self, current: int) -> int:
        """Markers left on a character that had ``current``.

        >>> RemovePoisonMarkers("Mage", "Detox", 3).remaining(5), RemovePoisonMarkers(
        ...     "Mage", "Detox", 3).remaining(2)
        (2, 0)
        """
        return 0 if self.markers is None else max(current - self.markers, 0)

    def explain(self) -> str:
        if self.markers is None:
            return f"{self.who} loses every Poison Marker ({self.card})."
        return f"{self.who} loses up to {self.markers} Poison Markers ({self.card})."


@dataclass(frozen=True, slots=True)
class TemporaryArmor:
    """An extra armor of Armor Rating ``armor`` on ``who`` for ``rounds`` rounds (ruling Y21)."""

    who: str
    card: str
    armor: int
    rounds: int = 1
    rule: Section = Section.GETTING_HIT

    def explain(self) -> str:
        return (
            f"{self.who} gains an extra armor of AR {self.armor} {until(self.rounds)} "
            f"({self.card}); it is not a card, so blocking never damages it."
        )


@dataclass(frozen=True, slots=True)
class AttackRollBonus:
    """``amount`` added to every attack roll of ``who`` for ``rounds`` rounds."""

    who: str
    card: str
    amount: int
    rounds: int = 1
    rule: Section = Section.ATTACK

    def explain(self) -> str:
        return (
            f"{self.who} adds {self.amount} to every attack roll {until(self.rounds)} "
            f"({self.card})."
        )


@dataclass(frozen=True, slots=True)
class ExtraActionPoints:
    """``amount`` Action Points for ``who`` this round: its initiative marker moves up by that
    much (ruling Y23)."""

    who: str
    card: str
    amount: int
    rule: Section = Section.PHASE_D

    def explain(self) -> str:
        return (
            f"{self.who} gains {self.amount} Action Points this round; move its initiative "
            f"marker up by {self.amount} ({self.card})."
        )


Operation = RemovePoisonMarkers | TemporaryArmor | AttackRollBonus | ExtraActionPoints
"""Everything an effect asks the game state to do."""
