"""Casting psi spells with a Target Number (*Psi Spells*, *Target numbers*, *Critical successes
when using Psi*).

A Target-Number spell (healing, blessings, Detox, ...) is rolled with the two attributes its
card names + 2D against the card's Target Number (plus its ML part, if any). Its Psi Points are
paid whatever the roll, and every critical success takes 1 PP off the cost, down to 0 at most.

Attack spells are not cast here: they are attacks, judged by the combat rules against the
target's psi resistance; :mod:`doria_nb.engine.psi.attack` describes them for the combat module.
Enchanted weapons are in :mod:`doria_nb.engine.psi.weapons`, spending PP on psi resistance in
:mod:`doria_nb.engine.psi.points`.

The pure :func:`evaluate_cast` judges dice already rolled; :func:`cast_spell` rolls them first;
:func:`cast` does it for a :class:`~doria_nb.engine.character.Character` and takes the PP from
its sheet. The Priestess' Dense Hide (*Target numbers*, Example):

>>> from doria_nb.engine.attributes import Attribute, Attributes
>>> from doria_nb.engine.cards import CardType, CheckSpec, ItemCard, Zone
>>> from doria_nb.engine.chance import ScriptedChance
>>> hide = ItemCard(
...     id="dense_hide", name="Dense Hide", type=CardType.PSI, zone=Zone.ONE_HAND, pp=2,
...     check=CheckSpec((Attribute.CON, Attribute.PSI), 28),
... )
>>> priestess = Attributes(STR=6, CON=10, AGI=7, PER=8, WIS=9, PSI=12)
>>> result = cast_spell(hide, priestess, 9, ScriptedChance([8, 5]), on_self=True)
>>> print(result.explain())
Dense Hide: CON 10 + PSI 12 + 2D (8+5) = 35 against TN 28: success with 0 critical successes; \
2 PP paid (PP 9 → 7).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from doria_nb.engine.attributes import Attributes
from doria_nb.engine.cards import AttackKind, CardType, ItemCard
from doria_nb.engine.chance import Chance
from doria_nb.engine.checks import CHECK_DICE, CheckResult, evaluate_check
from doria_nb.engine.dice import Roll
from doria_nb.engine.errors import PsiError, UseError
from doria_nb.engine.mat import Purpose
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.psi.points import (
    PSI_SPELLS,
    PSI_TARGET_NUMBERS,
    PsiPayment,
    monster_psi_cost,
    successes,
    whole,
)
from doria_nb.engine.sections import Section
from doria_nb.engine.verdict import Verdict

if TYPE_CHECKING:
    from doria_nb.engine.character import Character
    from doria_nb.engine.effects import EffectResult
    from doria_nb.engine.mat import Location

__all__ = [
    "SELF_TARGET_PARAM",
    "SpellCast",
    "can_cast",
    "can_target_self",
    "cast",
    "cast_spell",
    "evaluate_cast",
    "exempt_caster",
    "monster_psi_cost",
    "spell_cost",
]

SELF_TARGET_PARAM = "self_target"
"""An effect parameter a card sets to ``false`` when its spell may not be aimed at the caster
(e.g. Soothing Light: "It cannot target the caster")."""

T = TypeVar("T", bound=Hashable)


def spell_cost(card: ItemCard, criticals: int = 0) -> int:
    """PP a character pays for ``card``: its printed cost, 1 less per critical success of a
    Target-Number spell, never below 0 (ruling Y2). Attack spells ignore ``criticals``: their
    criticals add damage instead (*Critical successes when using Psi*).

    >>> from doria_nb.engine.attributes import Attribute
    >>> from doria_nb.engine.cards import CheckSpec, Zone
    >>> heal = ItemCard(id="h", name="Heal", type=CardType.PSI, zone=Zone.ONE_HAND, pp=3,
    ...                 check=CheckSpec((Attribute.CON, Attribute.PSI), 30))
    >>> [spell_cost(heal, c) for c in range(5)]
    [3, 2, 1, 0, 0]
    """
    _spell(card)
    whole("The number of critical successes", criticals, minimum=0)
    if card.check is None:
        return card.pp
    return max(card.pp - criticals, 0)


def _spell(card: object) -> ItemCard:
    if not isinstance(card, ItemCard):
        raise PsiError(f"Only a psi card can be cast, not {card!r}.")
    if card.type is not CardType.PSI:
        raise PsiError(f"The {card.name} is a {card.type} card, not a psi spell.")
    return card


def can_target_self(card: ItemCard) -> Verdict:
    """Whether the caster may aim ``card`` at itself.

    Ruling Y1: the caster's exemption from its own spell (*Psi Spells*) is about being harmed:
    an attack spell never hits its caster (area spells pass over the caster's square) and
    cannot be aimed at it; a Target-Number spell may be cast on oneself, as the Priestess does
    with Dense Hide (*Target numbers*, Example), unless its card says otherwise
    (``self_target = false`` in its effect).
    """
    _spell(card)
    if card.attack(AttackKind.MAGIC) is not None:
        return Verdict.no(
            f"The {card.name} is an attack spell; its caster is exempt from its own spell "
            "and cannot be its target (Psi Spells)."
        )
    if card.effect is not None and card.effect.get(SELF_TARGET_PARAM, True) is False:
        return Verdict.no(f"The {card.name} cannot target its caster (its card says so).")
    return Verdict.yes()


def exempt_caster(caster: T, affected: Iterable[T]) -> tuple[T, ...]:
    """The figures a spell affects, without its caster (*Psi Spells*: the caster is always
    exempt from its own spell). Order is kept.

    >>> exempt_caster("Mage", ["Orc", "Mage", "Warrior"])
    ('Orc', 'Warrior')
    """
    return tuple(figure for figure in affected if figure != caster)


@dataclass(frozen=True, slots=True)
class SpellCast:
    """A Target-Number spell cast: the check and the Psi Points paid for it."""

    spell: str
    check: CheckResult
    payment: PsiPayment
    on_self: bool = False
    who: str = ""
    target_note: str = ""
    """How the TN was reached when it depends on the Monster Level, e.g. ``'24 + 2×ML 2'``."""
    rule: Section = PSI_TARGET_NUMBERS
    effect: EffectResult | None = None
    """What the spell did to its target (only from :func:`cast` with a known target, on a
    success): healing applied and operations for the game state."""

    @property
    def success(self) -> bool:
        return self.check.success

    @property
    def critical_successes(self) -> int:
        return self.check.critical_successes

    @property
    def pp_paid(self) -> int:
        return self.payment.paid

    @property
    def pp_after(self) -> int:
        return self.payment.after

    @property
    def spell_damaged(self) -> bool:
        """Never: a fumble on a Target-Number spell fails it, but only fumbles of attacks and
        defenses damage the card used (ruling Y5, *Fumbles in combat*)."""
        return False

    def explain(self) -> str:
        """The arithmetic of the check, the verdict and the PP paid."""
        check = self.check
        terms = [f"{name} {value}" if name else str(value) for name, value in check.bonuses]
        dice = check.roll.describe().split(" = ")[0]
        terms.append(f"{check.roll.dice} ({dice})")
        head = f"{self.spell}: " + " + ".join(terms) + f" = {check.total} against TN {check.target}"
        if self.target_note:
            head += f" ({self.target_note})"
        if check.fumbled:
            verdict = "fumble (two ones), the spell fails"
        elif check.success:
            verdict = f"success with {successes(check.critical_successes)}"
        else:
            verdict = "failure, the spell has no effect"
        text = f"{head}: {verdict}; {self.payment.explain()}"
        return f"{text} {self.effect.explain()}" if self.effect is not None else text


def can_cast(
    card: ItemCard,
    attributes: Attributes,
    pp: int,
    *,
    monster_level: int = 1,
    on_self: bool = False,
    who: str = "the caster",
) -> Verdict:
    """Whether ``card`` can be cast as a Target-Number spell with these attributes. Too few PP
    is never a reason (ruling Y3: PP may fall below 0)."""
    try:
        _spell(card)
        whole("The current Psi Points", pp)
        whole("The Monster Level", monster_level, minimum=1)
    except PsiError as error:
        return Verdict.no(str(error))
    if not isinstance(attributes, Attributes):
        return Verdict.no(f"Casting needs the caster's Attributes, not {attributes!r}.")
    if card.check is None:
        if card.attack(AttackKind.MAGIC) is not None:
            return Verdict.no(
                f"The {card.name} is an attack spell: it is rolled as a magic attack against "
                "the target's psi resistance, not against a Target Number."
            )
        return Verdict.no(f"The {card.name} has no Target Number to cast against.")
    reason = card.requirements.explain(f"Casting the {card.name}", who, attributes)
    if reason:
        return Verdict.no(reason)
    if on_self:
        return can_target_self(card)
    return Verdict.yes()


def evaluate_cast(
    card: ItemCard,
    attributes: Attributes,
    pp: int,
    roll: Roll,
    *,
    monster_level: int = 1,
    on_self: bool = False,
    options: RulesOptions | None = None,
    who: str = "",
) -> SpellCast:
    """Judge a Target-Number spell whose 2D are already rolled: attributes + 2D against the
    card's TN at ``monster_level``; the cost is paid either way, less 1 per critical success."""
    can_cast(
        card, attributes, pp, monster_level=monster_level, on_self=on_self, who=who or "the caster"
    ).enforce(PsiError)
    assert card.check is not None
    if not isinstance(roll, Roll) or roll.dice != CHECK_DICE:
        raise PsiError(
            f"Target-Number spells are always rolled with 2D, not {getattr(roll, 'dice', roll)}."
        )
    bonuses: dict[str, int] = {a.value: attributes[a] for a in card.check.attributes}
    check = evaluate_check(roll, card.check.target(monster_level), bonuses, options=options)
    payment = PsiPayment.of(card.pp, before=pp, criticals=check.critical_successes)
    spec = card.check
    note = f"{spec.tn} + {spec.per_level}×ML {monster_level}" if spec.per_level else ""
    return SpellCast(card.name, check, payment, on_self=on_self, who=who, target_note=note)


def cast_spell(
    card: ItemCard,
    attributes: Attributes,
    pp: int,
    chance: Chance,
    *,
    monster_level: int = 1,
    on_self: bool = False,
    options: RulesOptions | None = None,
    who: str = "",
) -> SpellCast:
    """Roll 2D for a Target-Number spell and judge it (see :func:`evaluate_cast`). Nothing is
    rolled when the request is refused."""
    can_cast(
        card, attributes, pp, monster_level=monster_level, on_self=on_self, who=who or "the caster"
    ).enforce(PsiError)
    roll = chance.roll(
        CHECK_DICE, who=who, purpose=f"cast {card.name}", rule=Section.COMPARATIVE_ROLLS
    )
    return evaluate_cast(
        card,
        attributes,
        pp,
        roll,
        monster_level=monster_level,
        on_self=on_self,
        options=options,
        who=who,
    )


def cast(
    character: Character,
    source: Location,
    chance: Chance,
    *,
    monster_level: int = 1,
    on_self: bool = False,
    options: RulesOptions | None = None,
    target: Character | None = None,
) -> SpellCast:
    """``character`` casts the Target-Number spell at ``source`` on its mat and pays its PP.

    The card must be usable from where it lies (Body, or Belt for a one-handed card). A refused
    request raises :class:`PsiError` (or the mat's ``UseError``) before any die is rolled and
    changes nothing; otherwise the character's PP change by the amount paid.

    On a success the card's effect (:mod:`doria_nb.engine.effects`) is carried out on the
    target: the caster when ``on_self`` (or ``target`` is the caster), else ``target``. With no
    target named the effect is left to the caller (``apply_effect(effect_of(card), target)``)
    and ``effect`` stays ``None``. A card whose effect cannot be carried out is refused before
    the roll when a target is named. Range and Line of Sight are the game's to check.
    """
    from doria_nb.engine.character import Character
    from doria_nb.engine.effects import EffectError, apply_effect, can_apply, effect_of

    character.can_use(source, Purpose.USE).enforce(UseError)
    card = character.mat.at(source).card
    if target is not None and not isinstance(target, Character):
        raise PsiError(f"The target of the {card.name} must be a character, not {target!r}.")
    if on_self and target is not None and target is not character:
        raise PsiError(f"Cast the {card.name} on the caster or on {target.who}, not on both.")
    on_self = on_self or target is character
    recipient = character if on_self else target
    effect = None
    if recipient is not None and card.effect is not None:
        effect = effect_of(card)
        can_apply(effect).enforce(EffectError)
    result = cast_spell(
        card,
        character.attributes,
        character.pp,
        chance,
        monster_level=monster_level,
        on_self=on_self,
        options=options,
        who=character.who,
    )
    character.change_points(pp=-result.pp_paid, reason=f"{card.name} cast ({PSI_SPELLS})")
    if result.success and effect is not None and recipient is not None:
        result = replace(result, effect=apply_effect(effect, recipient))
    return result
