"""The record of one attack: every step written out, every decision, the damage arithmetic.

:class:`AttackResolution` is frozen. It does not change the character it was resolved for:
:class:`~doria_nb.engine.character.Character` is mutable, so the resolution carries the
changes as operations (:class:`ItemDamage`, :class:`PointsLoss`) and :meth:`AttackResolution.apply`
applies them, once, to the same character in the same state it was resolved in. The monster
is a frozen :class:`~doria_nb.engine.combat.foe.Foe`: ``foe_after`` is the new value.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from enum import StrEnum

from doria_nb.engine.attack_bonus import Step
from doria_nb.engine.cards import AttackKind
from doria_nb.engine.character import Character
from doria_nb.engine.checks import ComparativeResult, Outcome, OutcomeKind
from doria_nb.engine.combat.foe import Foe
from doria_nb.engine.decisions import Decided
from doria_nb.engine.dice import Dice, Roll
from doria_nb.engine.errors import CombatError
from doria_nb.engine.mat import Location, Mat
from doria_nb.engine.sections import Section

__all__ = [
    "AttackResolution",
    "CharacterChange",
    "Damage",
    "Direction",
    "ItemDamage",
    "PointsLoss",
]


class Direction(StrEnum):
    """Who attacks whom."""

    HERO_ATTACKS = "hero attacks monster"
    MONSTER_ATTACKS = "monster attacks hero"


def across_blue_solid(defense: Dice, hindered: bool, who: str, steps: list[Step]) -> Dice:
    """The defender's roll, 1D more when the attack crosses a Blue Solid Line (*Difficult
    Terrain*), with the step written down."""
    if not hindered:
        return defense
    more = defense.with_dice(1)
    steps.append(
        Step(
            Section.DIFFICULT_TERRAIN,
            f"The attack crosses a Blue Solid Line: {who} rolls 1D more ({more}).",
        )
    )
    return more


@dataclass(frozen=True, slots=True)
class ItemDamage:
    """Place a Damaged marker on the card at ``location`` (``card`` names it)."""

    location: Location
    card: str
    reason: str


@dataclass(frozen=True, slots=True)
class PointsLoss:
    """Lose ``hp`` Hit Points and ``pp`` Psi Points (both 0 or more)."""

    hp: int
    pp: int
    reason: str


CharacterChange = ItemDamage | PointsLoss
"""An operation a resolution asks to apply to its character."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(frozen=True, slots=True)
class Damage:
    """The damage arithmetic of a hit.

    ``base`` is the weapon's or monster's damage (bonuses included), ``criticals`` one point
    each; ``armor`` the AR that reduced it (0 if none), ``armor_name`` the armor used (for a
    character) or ``"monster armor"``; ``ignored`` armor bypassed by the attack's element;
    ``taken`` the HP lost.

    >>> Damage(4, 1, "Leather Armor", 3, (), 2).text()
    '4 damage + 1 critical = 5; AR 3 armor used (Leather Armor): 2 HP lost'
    >>> Damage(2, 0, None, 0, ("Leather Armor (AR 3)",), 2).text()
    '2 damage; Leather Armor (AR 3) ignored (vulnerable to the element); 2 HP lost'
    """

    base: int
    criticals: int
    armor_name: str | None
    armor: int
    ignored: tuple[str, ...]
    taken: int

    @property
    def total(self) -> int:
        return self.base + self.criticals

    def text(self) -> str:
        head = f"{self.base} damage"
        if self.criticals:
            head += f" + {_plural(self.criticals, 'critical')} = {self.total}"
        parts = [head]
        if self.ignored:
            parts.append(f"{', '.join(self.ignored)} ignored (vulnerable to the element)")
        if self.armor_name is not None:
            parts.append(f"AR {self.armor} armor used ({self.armor_name}): {self.taken} HP lost")
        elif self.ignored:
            parts.append(f"{self.taken} HP lost")
        else:
            parts.append(f"no armor: {self.taken} HP lost")
        return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class AttackResolution:
    """One attack from the choice of defense to the HP lost.

    ``comparison`` is the judged roll (after any Psi Points added, ``psi_points``); it is None
    only when the defender had no defense roll at all (ruling C9), and then ``attack_roll``
    alone decided. ``changes`` are the operations on the character; ``hp``/``pp`` the
    character's values before and after them; ``foe_before``/``foe_after`` the monster.
    """

    direction: Direction
    attacker: str
    defender: str
    kind: AttackKind
    attack_roll: Roll
    comparison: ComparativeResult | None
    hit: bool
    criticals: int
    psi_points: int
    ap: int
    decisions: tuple[Decided, ...]
    steps: tuple[Step, ...]
    damage: Damage | None
    changes: tuple[CharacterChange, ...]
    character: str
    mat_before: Mat
    hp: tuple[int, int]
    pp: tuple[int, int]
    foe_before: Foe
    foe_after: Foe

    @property
    def outcome(self) -> Outcome:
        """The outcome class (as the odds count them)."""
        if self.comparison is not None:
            return self.comparison.outcome
        return Outcome(OutcomeKind.HIT if self.hit else OutcomeKind.FUMBLE, self.criticals)

    @property
    def items_damaged(self) -> tuple[ItemDamage, ...]:
        return tuple(c for c in self.changes if isinstance(c, ItemDamage))

    @property
    def hp_lost(self) -> int:
        return self.hp[0] - self.hp[1]

    def explain(self) -> str:
        """Every step on its own line, with the rule in brackets."""
        return "\n".join(f"{step.text} [{step.rule}]" for step in self.steps)

    def to_html(self) -> str:
        """An ordered list of the steps (escaped), for the book and the widgets."""
        items = "".join(
            f'<li><span class="doria-step">{html.escape(step.text)}</span> '
            f'<span class="doria-rule">{html.escape(str(step.rule))}</span></li>'
            for step in self.steps
        )
        title = html.escape(f"{self.attacker} attacks {self.defender}")
        return f'<div class="doria-combat"><strong>{title}</strong><ol>{items}</ol></div>'

    def apply(self, character: Character) -> None:
        """Apply the changes to ``character``, which must be the one resolved, unchanged
        since; otherwise :class:`CombatError` and nothing changes."""
        if (
            character.name != self.character
            or character.mat != self.mat_before
            or (character.hp, character.pp) != (self.hp[0], self.pp[0])
        ):
            raise CombatError(
                f"This attack was resolved for {self.character} with HP {self.hp[0]} and PP "
                f"{self.pp[0]} and the mat as it was then; {character.name} has changed since "
                "(or is someone else): resolve the attack again."
            )
        for change in self.changes:
            if isinstance(change, ItemDamage):
                character.damage_item(change.location)
        loss_hp = sum(c.hp for c in self.changes if isinstance(c, PointsLoss))
        loss_pp = sum(c.pp for c in self.changes if isinstance(c, PointsLoss))
        if loss_hp or loss_pp:
            reasons = "; ".join(c.reason for c in self.changes if isinstance(c, PointsLoss))
            character.change_points(hp=-loss_hp, pp=-loss_pp, reason=reasons)
