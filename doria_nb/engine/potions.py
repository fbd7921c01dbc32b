"""Using a potion: what it costs, drunk from one's own mat or a companion's, and what it does.

*Attack or Use Items*: a potion costs its AP (+4 from the Belt, never from the Backpack). *Take,
Use or Repair Other Items*: a potion may be taken from a companion (5 AP more, wherever it lies)
and given to oneself or a character within range 1. Its effect is carried out by
:mod:`doria_nb.engine.effects`; the points it restores never rise above the maximum
(:func:`~doria_nb.engine.health.care.heal`). This module sits beside the effects, above both them
and :mod:`doria_nb.engine.health`, so that the effects can heal through the health rules and a
potion can be used through the effects without an import cycle.
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.cards import CardType, ItemCard
from doria_nb.engine.character import Character
from doria_nb.engine.effects import (
    Effect,
    EffectError,
    EffectResult,
    apply_effect,
    can_apply,
    effect_of,
)
from doria_nb.engine.errors import HealthError, UseError
from doria_nb.engine.health.care import Healing, as_character, other_item_ap
from doria_nb.engine.mat import Location, Purpose
from doria_nb.engine.verdict import Verdict

__all__ = ["PotionUse", "drink_potion", "potion_cost", "potion_effect"]


@dataclass(frozen=True, slots=True)
class PotionUse:
    """A potion drunk (or poured into a companion): who paid how many AP, and the healing."""

    user: str
    holder: str
    card: str
    ap: int
    healing: Healing
    effect: EffectResult | None = None
    """What the potion did (:mod:`doria_nb.engine.effects`); for a potion that restores no
    points, ``healing`` restores nothing and ``effect`` carries the operations."""

    def explain(self) -> str:
        taken = f" taken from {self.holder}" if self.holder != self.user else ""
        head = f"{self.user} uses the {self.card}{taken} for {self.ap} AP."
        if self.effect is not None and self.effect.healing is None:
            return f"{head} {self.effect.explain()}"
        return f"{head} {self.healing.explain()}"


def potion_effect(card: ItemCard) -> Effect:
    """What the potion ``card`` does (:func:`~doria_nb.engine.effects.effect_of`); a card that
    is not a potion, or whose effect cannot be carried out on a character, is refused."""
    if not isinstance(card, ItemCard):
        raise HealthError(f"A potion is a card, not {card!r}.")
    if card.type is not CardType.POTION:
        raise HealthError(f"The {card.name} is not a potion, so it cannot be drunk.")
    effect = effect_of(card)
    can_apply(effect).enforce(EffectError)
    return effect


def potion_cost(user: Character, holder: Character, source: Location) -> Verdict | int:
    """AP for ``user`` to use the potion at ``source`` on ``holder``'s mat, or the reason it
    cannot (*Attack or Use Items*; *Take, Use or Repair Other Items*)."""
    held = holder.mat.get(source)
    if held is None:
        return Verdict.no(f"There is no card in {source} of {holder.who}.")
    try:
        potion_effect(held.card)
    except HealthError as error:
        return Verdict.no(str(error))
    saving = user.ap_saving
    if holder is user:
        verdict = user.can_use(source, Purpose.USE)
        if not verdict:
            return verdict
        return max(user.mat.use_cost(source, Purpose.USE) - saving, 0)
    if held.damaged:
        return Verdict.no(f"The {held.card.name} is damaged: repair it before using it.")
    return max(held.card.ap - saving, 0) + other_item_ap(user)


def drink_potion(
    user: Character,
    source: Location,
    *,
    holder: Character | None = None,
    target: Character | None = None,
) -> PotionUse:
    """``user`` uses the potion at ``source`` of ``holder``'s mat (the user's
    own by default) on ``target`` (the user by default). From one's own mat the potion costs
    its AP (+4 from the Belt, never from the Backpack); from a companion's, wherever it lies,
    5 AP more. The potion is then discarded. Range 1 and the holder's consent are the game's
    to check. Nothing changes when the request is refused.

    Every potion whose effect :mod:`doria_nb.engine.effects` carries out may be used: healing
    and psi potions restore points (``healing``); the others (Antidote, Draught of Haste,
    Stoneskin Tonic) return their operations for the game state in ``effect``."""
    as_character("The user", user)
    holder = as_character("The holder", holder) if holder is not None else user
    target = as_character("The target", target) if target is not None else user
    if not isinstance(source, Location):
        raise HealthError(f"Name where the potion lies (a Location), not {source!r}.")
    cost = potion_cost(user, holder, source)
    if isinstance(cost, Verdict):
        raise UseError(cost.reason)
    card = holder.mat.at(source).card
    effect = potion_effect(card)
    holder.give(source)
    result = apply_effect(effect, target)
    healing = result.healing
    if healing is None:
        top = target.maximum
        healing = Healing(
            target.who,
            (target.hp, target.hp),
            (target.pp, target.pp),
            (top.hp, top.pp),
            (0, 0),
            f"the {card.name}",
        )
    return PotionUse(user.who, holder.who, card.name, cost, healing, result)
