"""What a ward costs (*Psi Resistance*).

Resisting with an equipped spell costs nothing when the character protects itself; shielding
someone else, or blocking melee and ranged attacks, costs what the card says. Adding Psi
Points to a psi resistance roll after it is made is part of resolving the attack
(:mod:`doria_nb.engine.combat.monster_attack`).
"""

from __future__ import annotations

from doria_nb.engine.cards import ItemCard
from doria_nb.engine.errors import PsiError

__all__ = ["ward_cost"]


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
