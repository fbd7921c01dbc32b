"""Paying Psi Points: what a spell or a psi effect costs, and the PP left after paying.

Every psi rule ends in the same arithmetic: a printed cost, possibly lowered, taken from the
current Psi Points. This module does that arithmetic once, as a frozen :class:`PsiPayment`
that writes itself out.

* *Psi Spells*: the cost is paid when the spell is cast, whether it works or not.
* *Critical successes when using Psi*: each critical success of a Target-Number spell takes
  1 PP off its cost; the cost never falls below 0 (ruling Y2: a spell never gives PP back).
* *Hit Points, Initiative Points and Psi Points*: Psi Points may fall below 0, so paying is
  never refused for want of PP (ruling Y3); the payment only reports the new value, and the
  health rules judge what negative PP (or -20 PP) means.
* *Monster Psi attacks*: monsters count no Psi Points, so their magic costs nothing.
* *Psi Resistance*: a ward protecting its own caster is free; shielding a companion, or a
  spell's melee/ranged defense, costs the card's PP (:func:`ward_cost`).

>>> PsiPayment.of(4, before=9).explain()
'4 PP paid (PP 9 → 5).'
>>> PsiPayment.of(2, before=7, criticals=1).explain()
'2 PP - 1 for 1 critical success = 1 PP paid (PP 7 → 6).'
>>> PsiPayment.of(3, before=1).after
-2
>>> monster_psi_cost(4)
0
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.cards import ItemCard
from doria_nb.engine.errors import PsiError
from doria_nb.engine.sections import Section

__all__ = [
    "CRITICAL_SUCCESSES_PSI",
    "DEATH_AT",
    "ENCHANTED_WEAPONS",
    "MONSTER_PSI_ATTACKS",
    "PSI_POINTS",
    "PSI_RESISTANCE",
    "PSI_SPELLS",
    "PSI_TARGET_NUMBERS",
    "PsiPayment",
    "monster_psi_cost",
    "successes",
    "ward_cost",
    "whole",
]

DEATH_AT = -20
"""A character at -20 Psi Points (or less) dies (*Death of a Character*)."""


PSI_SPELLS = Section.PSI_SPELLS
PSI_TARGET_NUMBERS = Section.TARGET_NUMBERS
CRITICAL_SUCCESSES_PSI = Section.CRITICAL_SUCCESSES_PSI
MONSTER_PSI_ATTACKS = Section.MONSTER_PSI_ATTACKS
PSI_RESISTANCE = Section.PSI_RESISTANCE
ENCHANTED_WEAPONS = Section.ENCHANTED_WEAPONS
PSI_POINTS = Section.HP_IP_PP


def whole(name: str, value: object, *, minimum: int | None = None) -> int:
    """``value`` as a whole number, or a :class:`PsiError` naming ``name``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise PsiError(f"{name} must be a whole number, not {value!r}.")
    if minimum is not None and value < minimum:
        raise PsiError(f"{name} must be at least {minimum}, not {value}.")
    return value


def successes(n: int) -> str:
    """``'1 critical success'``, ``'2 critical successes'``."""
    return f"{n} critical success" if n == 1 else f"{n} critical successes"


@dataclass(frozen=True, slots=True)
class PsiPayment:
    """Psi Points paid for one spell or psi effect.

    ``cost`` is the printed cost, ``criticals`` the critical successes that lower it (only for
    Target-Number spells), ``before`` the current PP before paying. ``paid`` is never above
    ``cost`` and never below 0.
    """

    cost: int
    before: int
    criticals: int = 0
    rule: Section = PSI_SPELLS

    def __post_init__(self) -> None:
        whole("A Psi Point cost", self.cost, minimum=0)
        whole("The current Psi Points", self.before)
        whole("The number of critical successes", self.criticals, minimum=0)

    @classmethod
    def of(cls, cost: int, *, before: int, criticals: int = 0) -> PsiPayment:
        """Pay ``cost`` from ``before`` PP, lowered by ``criticals`` (never below 0)."""
        rule = CRITICAL_SUCCESSES_PSI if criticals else PSI_SPELLS
        return cls(cost, before, criticals, rule)

    @property
    def reduction(self) -> int:
        """PP the criticals actually took off (at most the whole cost)."""
        return min(self.criticals, self.cost)

    @property
    def paid(self) -> int:
        return self.cost - self.reduction

    @property
    def after(self) -> int:
        return self.before - self.paid

    @property
    def negative(self) -> bool:
        """The payer ends below 0 PP (see *Hit Points, Initiative Points and Psi Points*)."""
        return self.after < 0

    @property
    def deadly(self) -> bool:
        """The payer ends at -20 PP or below (*Death of a Character*)."""
        return self.after <= DEATH_AT

    def explain(self) -> str:
        """The cost arithmetic and the PP before and after."""
        if self.criticals == 0:
            text = f"{self.paid} PP paid"
        elif self.criticals <= self.cost:
            text = (
                f"{self.cost} PP - {self.criticals} for "
                f"{successes(self.criticals)} = {self.paid} PP paid"
            )
        else:
            text = (
                f"{self.cost} PP, and {successes(self.criticals)} take off at most "
                f"{self.cost}: {self.paid} PP paid (the cost never falls below 0)"
            )
        text += f" (PP {self.before} → {self.after})."
        if self.deadly:
            text += f" At {self.after} PP the character dies (Death of a Character)."
        elif self.negative:
            text += f" Psi Points are now negative ({PSI_POINTS})."
        return text


def monster_psi_cost(printed_cost: int = 0) -> int:
    """What a monster pays for a magic attack: nothing, whatever a card prints (*Monster Psi
    attacks*). The combat module calls this for monster casters."""
    whole("A Psi Point cost", printed_cost, minimum=0)
    return 0


def ward_cost(card: ItemCard, *, protecting_self: bool = True) -> int:
    """PP for one roll with a spell used in defense: nothing when a spell's psi resistance
    protects its own caster; otherwise (a companion shielded, or a spell's melee/ranged
    defense) the card's printed PP.

    >>> from doria_nb.engine.cards import CardType, Zone
    >>> from doria_nb.engine.dice import Dice
    >>> mirror = ItemCard(id="m", name="Mirror Ward", type=CardType.PSI, zone=Zone.BODY, pp=2,
    ...                   psi_resistance=Dice(3))
    >>> ward_cost(mirror), ward_cost(mirror, protecting_self=False)
    (0, 2)
    """
    if not isinstance(card, ItemCard):
        raise PsiError(f"A ward is a card, not {card!r}.")
    if card.psi_resistance is None and card.defense is None:
        raise PsiError(f"The {card.name} gives no defense or psi resistance roll.")
    if protecting_self and card.psi_resistance is not None:
        return 0
    return card.pp
