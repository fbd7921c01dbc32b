"""What the optional rules on the board add to one attack (:class:`AttackBonus`), and the
written step of an attack (:class:`Step`): the records the combat and the optional rules share.

The rules themselves (*Close Quarters Combat*, *Combat Modifiers*, *Dominance*) are worked out
in :mod:`doria_nb.engine.optional_rules`, the attacks in :mod:`doria_nb.engine.combat`, which
applies them; both import these records from here, below both, so that combat does not depend on
how a bonus was found and the optional rules do not import the combat.
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.dice import Dice
from doria_nb.engine.sections import Section

__all__ = ["AttackBonus", "Step"]


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a resolution, in player words, with the rule that made it."""

    rule: Section
    text: str


@dataclass(frozen=True, slots=True)
class AttackBonus:
    """What the optional rules add to one attack: ``dice`` more (or fewer) on the attack roll,
    ``points`` added to it, ``damage`` added to a hit, and the ``steps`` that say why.

    >>> b = AttackBonus(dice=-1, points=3)
    >>> b.on(Dice.parse("2D+1")), b.on(Dice.parse("1D"))
    (Dice(count=1, modifier=4), Dice(count=1, modifier=3))
    """

    dice: int = 0
    points: int = 0
    damage: int = 0
    steps: tuple[Step, ...] = ()

    def __add__(self, other: AttackBonus) -> AttackBonus:
        if not isinstance(other, AttackBonus):
            return NotImplemented
        return AttackBonus(
            self.dice + other.dice,
            self.points + other.points,
            self.damage + other.damage,
            self.steps + other.steps,
        )

    def __bool__(self) -> bool:
        return bool(self.dice or self.points or self.damage or self.steps)

    def on(self, dice: Dice) -> Dice:
        """``dice`` with the bonus: never fewer than 1 die (ruling OR1)."""
        return Dice(max(dice.count + self.dice, 1), dice.modifier + self.points)

    @property
    def roll_only(self) -> AttackBonus:
        """The part that changes the attack roll (shared by every defender of an area
        attack), without the damage."""
        return AttackBonus(self.dice, self.points, 0, self.steps)
