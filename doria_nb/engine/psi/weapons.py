"""Enchanted weapons: spending Psi Points to give one attack an element (*Enchanted Weapons*).

An enchanted weapon works without psi; before an attack its wielder may pay (usually 1 PP) to
make that one attack carry one of the weapon's elements, so that armor vulnerable to it is
ignored and monsters weak to it (the Mummy) can be hurt. Only one element per attack. The
weapon stays a weapon: its attack is still not magical and cannot hurt a Poltergeist.

>>> from doria_nb.engine.cards import Attack, AttackKind, CardType, ItemCard, Zone
>>> from doria_nb.engine.dice import Dice
>>> tongue = ItemCard(
...     id="flame_tongue", name="Flame Tongue", type=CardType.WEAPON, zone=Zone.ONE_HAND,
...     enchanted=True, attacks=(Attack(AttackKind.MELEE, Dice(3, 3), damage=2),),
...     elements=(Element.FIRE,),
... )
>>> activation = activate_element(tongue, "fire", pp=5)
>>> (activation.element, activation.pp_after)
(<Element.FIRE: 'fire'>, 4)
>>> print(activation.explain())
Flame Tongue: 1 PP paid (PP 5 → 4). This attack is a fire attack; the weapon stays \
non-magical and still cannot hurt a Poltergeist.
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.attributes import Attributes
from doria_nb.engine.cards import CardType, Element, ItemCard
from doria_nb.engine.errors import PsiError
from doria_nb.engine.psi.points import ENCHANTED_WEAPONS, PsiPayment, whole
from doria_nb.engine.sections import Section
from doria_nb.engine.verdict import Verdict

__all__ = [
    "ELEMENT_COST",
    "ElementActivation",
    "activate_element",
    "can_activate_element",
    "element_cost",
]

ELEMENT_COST = 1
"""The usual PP cost of activating one element (*Enchanted Weapons*); a card that prints a PP
cost uses its own."""


def element_cost(card: ItemCard) -> int:
    """PP to activate one element of ``card``: the card's printed PP, else 1."""
    return card.pp or ELEMENT_COST


@dataclass(frozen=True, slots=True)
class ElementActivation:
    """One attack of an enchanted weapon made with one of its elements."""

    weapon: str
    element: Element
    payment: PsiPayment
    magical: bool = False
    """Always ``False``: the element does not make the weapon magical (no Poltergeists)."""
    rule: Section = ENCHANTED_WEAPONS

    @property
    def pp_after(self) -> int:
        return self.payment.after

    def explain(self) -> str:
        return (
            f"{self.weapon}: {self.payment.explain()} This attack is a {self.element} attack; "
            "the weapon stays non-magical and still cannot hurt a Poltergeist."
        )


def _element(value: object) -> Element | None:
    if isinstance(value, Element):
        return value
    if isinstance(value, str):
        try:
            return Element(value.strip().lower())
        except ValueError:
            return None
    return None


def can_activate_element(
    card: ItemCard,
    element: Element | str,
    pp: int,
    *,
    attributes: Attributes | None = None,
    active: Element | None = None,
    who: str = "the wielder",
) -> Verdict:
    """Whether ``element`` of weapon ``card`` can be activated for the next attack.

    ``active`` is the element already activated for this attack, if any (one per attack).
    ``attributes``, when given, must meet the weapon's requirements. Too few PP is not a reason
    (ruling Y3).
    """
    if not isinstance(card, ItemCard):
        return Verdict.no(f"Only an enchanted weapon has elements to activate, not {card!r}.")
    try:
        whole("The current Psi Points", pp)
    except PsiError as error:
        return Verdict.no(str(error))
    if card.type is not CardType.WEAPON:
        return Verdict.no(f"The {card.name} is not a weapon; only weapons carry enchantments.")
    if not card.elements:
        return Verdict.no(f"The {card.name} has no element to activate.")
    chosen = _element(element)
    names = " or ".join(str(e) for e in card.elements)
    if chosen is None:
        return Verdict.no(f"{element!r} is not an element; the {card.name} offers {names}.")
    if chosen not in card.elements:
        return Verdict.no(f"The {card.name} can strike with {names}, not {chosen}.")
    if active is not None:
        return Verdict.no(
            f"Only one element per attack: {active} is already active for this attack."
        )
    if attributes is not None:
        reason = card.requirements.explain(f"Using the {card.name}", who, attributes)
        if reason:
            return Verdict.no(reason)
    return Verdict.yes()


def activate_element(
    card: ItemCard,
    element: Element | str,
    pp: int,
    *,
    attributes: Attributes | None = None,
    active: Element | None = None,
    who: str = "the wielder",
) -> ElementActivation:
    """Pay to make the next attack of ``card`` an ``element`` attack; the PP are spent before
    the attack whether it hits or not. Raises :class:`PsiError` when it cannot be done."""
    can_activate_element(card, element, pp, attributes=attributes, active=active, who=who).enforce(
        PsiError
    )
    chosen = _element(element)
    assert chosen is not None
    payment = PsiPayment(element_cost(card), pp, rule=ENCHANTED_WEAPONS)
    return ElementActivation(card.name, chosen, payment)
