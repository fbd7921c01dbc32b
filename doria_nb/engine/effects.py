"""What spells and potions do: a card's ``effect`` read into a typed record, then applied.

:func:`effect_of` reads the ``effect`` table of a psi or potion card into one frozen record
(:class:`Heal`, :class:`RestorePsi`, :class:`CurePoison`, :class:`ArmorBonus`,
:class:`AttackBonus`, :class:`ExtraAP`, :class:`Immobilize`). A card without an effect, with an
effect the engine does not know, or with parameters it cannot read is refused in words that name
the card, never silently ignored.

:func:`apply_effect` carries an effect out on one character. What the character sheet holds
(Hit Points, Psi Points) changes at once, through :func:`~doria_nb.engine.health.care.heal`, so
it never rises above the maximum (*Hit Points, Initiative Points and Psi Points*). What it does
not hold comes back as operations for the game state (:mod:`doria_nb.engine.effects_ops`).

Critical successes do not make an effect stronger (ruling Y20): on a Target-Number spell they
only lower its Psi Point cost (*Critical successes when using Psi*).

>>> from doria_nb.engine.attributes import Attributes
>>> from doria_nb.engine.cards import CardType, EffectSpec, ItemCard, Zone
>>> from doria_nb.engine.character import Character
>>> tonic = ItemCard(id="t", name="Tonic", type=CardType.POTION, zone=Zone.BODY,
...                  effect=EffectSpec.of("heal", amount=3))
>>> effect_of(tonic)
Heal(card='Tonic', amount=3)
>>> mage = Character("Mage", Attributes(STR=4, CON=6, AGI=7, PER=11, WIS=12, PSI=12))
>>> mage.change_points(hp=-2)
>>> print(apply_effect(effect_of(tonic), mage).explain())
Tonic: Mage regains up to 3 Hit Points. Mage, the Tonic: HP 3 + 3 → 5 (capped at the \
maximum 5).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from doria_nb.engine.cards import AttackKind, CardType, EffectSpec, ItemCard
from doria_nb.engine.character import Character
from doria_nb.engine.effects_ops import (
    POISON_RULE,
    AttackRollBonus,
    ExtraActionPoints,
    Operation,
    RemovePoisonMarkers,
    TemporaryArmor,
    until,
)
from doria_nb.engine.errors import HealthError, PsiError
from doria_nb.engine.health.care import Healing, heal
from doria_nb.engine.sections import Section
from doria_nb.engine.verdict import Verdict

__all__ = [
    "ArmorBonus",
    "AttackBonus",
    "CurePoison",
    "Effect",
    "EffectError",
    "EffectKind",
    "EffectResult",
    "ExtraAP",
    "Heal",
    "Immobilize",
    "RestorePsi",
    "apply_effect",
    "can_apply",
    "effect_of",
]


class EffectError(HealthError, PsiError):
    """A card's effect cannot be read or carried out. It is both a :class:`HealthError` (for
    potions) and a :class:`PsiError` (for spells), so callers of either module catch it."""


class EffectKind(StrEnum):
    """The effect names a card's ``effect`` table may carry."""

    HEAL = "heal"
    RESTORE_PP = "restore_pp"
    CURE_POISON = "cure_poison"
    ARMOR_BUFF = "armor_buff"
    ATTACK_BUFF = "attack_buff"
    EXTRA_AP = "extra_ap"
    IMMOBILIZE = "immobilize"


SELF_TARGET = "self_target"  # who may be aimed at; judged by psi.can_target_self


@dataclass(frozen=True, slots=True)
class Heal:
    """The target regains ``amount`` Hit Points, never above its maximum."""

    card: str
    amount: int

    @property
    def rule(self) -> Section:
        return Section.HP_IP_PP

    def explain(self, who: str = "the target") -> str:
        return f"{self.card}: {who} regains up to {self.amount} Hit Points."


@dataclass(frozen=True, slots=True)
class RestorePsi:
    """The target regains ``amount`` Psi Points, never above its maximum."""

    card: str
    amount: int

    @property
    def rule(self) -> Section:
        return Section.HP_IP_PP

    def explain(self, who: str = "the target") -> str:
        return f"{self.card}: {who} regains up to {self.amount} Psi Points."


@dataclass(frozen=True, slots=True)
class CurePoison:
    """The target loses up to ``markers`` Poison Markers (every one when ``None``)."""

    card: str
    markers: int | None = None

    @property
    def rule(self) -> str:
        return POISON_RULE

    def explain(self, who: str = "the target") -> str:
        lost = "every Poison Marker" if self.markers is None else f"up to {self.markers}"
        return f"{self.card}: {who} loses {lost}" + (
            "." if self.markers is None else " Poison Markers."
        )


@dataclass(frozen=True, slots=True)
class ArmorBonus:
    """An extra armor of AR ``armor`` for ``rounds`` rounds (1: until the end of the round)."""

    card: str
    armor: int
    rounds: int = 1

    @property
    def rule(self) -> Section:
        return Section.GETTING_HIT

    def explain(self, who: str = "the target") -> str:
        return f"{self.card}: {who} gains an extra armor of AR {self.armor} {until(self.rounds)}."


@dataclass(frozen=True, slots=True)
class AttackBonus:
    """``amount`` added to every attack roll for ``rounds`` rounds."""

    card: str
    amount: int
    rounds: int = 1

    @property
    def rule(self) -> Section:
        return Section.ATTACK

    def explain(self, who: str = "the target") -> str:
        return f"{self.card}: {who} adds {self.amount} to every attack roll {until(self.rounds)}."


@dataclass(frozen=True, slots=True)
class ExtraAP:
    """``amount`` Action Points this round."""

    card: str
    amount: int

    @property
    def rule(self) -> Section:
        return Section.PHASE_D

    def explain(self, who: str = "the target") -> str:
        return f"{self.card}: {who} gains {self.amount} Action Points this round."


@dataclass(frozen=True, slots=True)
class Immobilize:
    """Foes hit by the card's magic attack cannot move for ``rounds`` of their activations.
    Part of an attack, resolved by the combat rules, not by :func:`apply_effect` (ruling Y25)."""

    card: str
    rounds: int = 1

    @property
    def rule(self) -> Section:
        return Section.PSI_SPELLS

    def explain(self, who: str = "each foe hit") -> str:
        return f"{self.card}: {who} cannot move until its next activation."


Effect = Heal | RestorePsi | CurePoison | ArmorBonus | AttackBonus | ExtraAP | Immobilize
"""Every effect the engine can read from a card."""

# name -> (required whole-number parameters, optional ones with their default)
_PARAMS: dict[EffectKind, tuple[tuple[str, ...], dict[str, int | None]]] = {
    EffectKind.HEAL: (("amount",), {}),
    EffectKind.RESTORE_PP: (("amount",), {}),
    EffectKind.CURE_POISON: ((), {"markers": None}),
    EffectKind.ARMOR_BUFF: (("armor",), {"rounds": 1}),
    EffectKind.ATTACK_BUFF: (("amount",), {"rounds": 1}),
    EffectKind.EXTRA_AP: (("amount",), {}),
    EffectKind.IMMOBILIZE: ((), {"rounds": 1}),
}
_BUILD: dict[EffectKind, type[Effect]] = {
    EffectKind.HEAL: Heal,
    EffectKind.RESTORE_PP: RestorePsi,
    EffectKind.CURE_POISON: CurePoison,
    EffectKind.ARMOR_BUFF: ArmorBonus,
    EffectKind.ATTACK_BUFF: AttackBonus,
    EffectKind.EXTRA_AP: ExtraAP,
    EffectKind.IMMOBILIZE: Immobilize,
}


def _no_effect(card: ItemCard) -> str:
    if card.attack(AttackKind.MAGIC) is not None:
        return (
            f"The {card.name} has no effect of its own to apply: it is an attack spell, and "
            "its damage is dealt by the combat rules (Psi Spells)."
        )
    if card.type is CardType.PSI and card.check is None:
        return (
            f"The {card.name} has no effect to apply: it is a ward, used when defending "
            "(Psi Resistance)."
        )
    return f"The {card.name} has no effect to apply."


def effect_of(card: ItemCard) -> Effect:
    """The effect printed on ``card``, as a typed record; :class:`EffectError` (in words that
    name the card and the effect) when there is none or it cannot be read.

    >>> from doria_nb.engine.cards import Zone
    >>> effect_of(ItemCard(id="d", name="Detox", type=CardType.PSI, zone=Zone.ONE_HAND,
    ...                    effect=EffectSpec.of("cure_poison", markers=3)))
    CurePoison(card='Detox', markers=3)
    >>> effect_of(ItemCard(id="x", name="Odd Brew", type=CardType.POTION, zone=Zone.BODY,
    ...                    effect=EffectSpec.of("fly")))
    Traceback (most recent call last):
    ...
    doria_nb.engine.effects.EffectError: The Odd Brew's effect 'fly' is not one the engine can \
carry out (it knows heal, restore_pp, cure_poison, armor_buff, attack_buff, extra_ap, immobilize).
    """
    if not isinstance(card, ItemCard):
        raise EffectError(f"Only a card has an effect, not {card!r}.")
    spec = card.effect
    if spec is None:
        raise EffectError(_no_effect(card))
    assert isinstance(spec, EffectSpec)
    try:
        kind = EffectKind(spec.name)
    except ValueError:
        known = ", ".join(k.value for k in EffectKind)
        raise EffectError(
            f"The {card.name}'s effect {spec.name!r} is not one the engine can carry out "
            f"(it knows {known})."
        ) from None
    required, optional = _PARAMS[kind]
    unknown = sorted(k for k, _ in spec.params if k not in (*required, *optional, SELF_TARGET))
    if unknown:
        raise EffectError(
            f"The {card.name}'s {kind} effect has parameters the engine cannot carry out: "
            f"{', '.join(unknown)}."
        )
    values: dict[str, int | None] = {}
    for name in (*required, *optional):
        value = spec.get(name, optional.get(name))
        if value is None and name not in required:
            values[name] = None
            continue
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            shown = "nothing" if value is None else repr(value)
            raise EffectError(
                f"The {card.name}'s {kind} effect needs {name} as a whole number of at least "
                f"1, not {shown}."
            )
        values[name] = value
    return _BUILD[kind](card.name, **values)  # type: ignore[arg-type]


def can_apply(effect: Effect) -> Verdict:
    """Whether :func:`apply_effect` can carry ``effect`` out on a character."""
    if not isinstance(effect, _EFFECT_TYPES):
        return Verdict.no(f"Name an effect read by effect_of(card), not {effect!r}.")
    if isinstance(effect, Immobilize):
        return Verdict.no(
            f"The {effect.card}'s immobilize holds the foes its magic attack hits; it belongs "
            "to the attack, which the combat rules resolve, so it is not applied to a character."
        )
    return Verdict.yes()


_EFFECT_TYPES = (Heal, RestorePsi, CurePoison, ArmorBonus, AttackBonus, ExtraAP, Immobilize)


@dataclass(frozen=True, slots=True)
class EffectResult:
    """An effect carried out on one character: the healing applied to its sheet (if any) and
    the operations the game state must apply."""

    effect: Effect
    who: str
    healing: Healing | None = None
    operations: tuple[Operation, ...] = ()

    @property
    def card(self) -> str:
        return self.effect.card

    def explain(self) -> str:
        """What the effect did: the points restored, or the operations left for the game
        state (each says the effect itself, so it is not repeated)."""
        parts = [] if self.operations else [self.effect.explain(self.who)]
        if self.healing is not None:
            parts.append(self.healing.explain())
        parts.extend(_sentence(operation.explain()) for operation in self.operations)
        return " ".join(parts)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def apply_effect(effect: Effect, target: Character) -> EffectResult:
    """Carry ``effect`` out on ``target``. HP and PP change at once, never above the maxima
    (and healing does not wake an unconscious character, ruling H25); the rest is returned as
    operations. A refused request raises :class:`EffectError` and changes nothing."""
    can_apply(effect).enforce(EffectError)
    if not isinstance(target, Character):
        raise EffectError(f"The {effect.card} needs a character as its target, not {target!r}.")
    who = target.who
    source = f"the {effect.card}"
    if isinstance(effect, Heal):
        return EffectResult(effect, who, heal(target, hp=effect.amount, source=source))
    if isinstance(effect, RestorePsi):
        return EffectResult(effect, who, heal(target, pp=effect.amount, source=source))
    operation: Operation
    if isinstance(effect, CurePoison):
        operation = RemovePoisonMarkers(who, effect.card, effect.markers)
    elif isinstance(effect, ArmorBonus):
        operation = TemporaryArmor(who, effect.card, effect.armor, effect.rounds)
    elif isinstance(effect, AttackBonus):
        operation = AttackRollBonus(who, effect.card, effect.amount, effect.rounds)
    else:
        assert isinstance(effect, ExtraAP)
        operation = ExtraActionPoints(who, effect.card, effect.amount)
    return EffectResult(effect, who, operations=(operation,))
