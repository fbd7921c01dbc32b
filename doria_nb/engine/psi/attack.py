"""Attack spells as the combat rules need them (*Psi Spells*, *Critical successes when using
Psi*, *Monster Psi attacks*).

A magic attack is rolled and judged like any attack, but the target answers with psi
resistance, and the caster pays the spell's Psi Points whether it hits or not. Each critical
adds 1 damage, even to a spell that does no damage otherwise; criticals never lower an attack
spell's cost. Monsters pay nothing for their magic.

:func:`spell_attack` turns a psi card into a frozen :class:`SpellAttack` that the combat module
consumes (this module does not import the combat package). The Mage's Thunderstorm (*Psi
Spells*, Example):

>>> from doria_nb.engine.cards import Attack, CardType, Element, ItemCard, Zone
>>> from doria_nb.engine.chance import ScriptedChance
>>> from doria_nb.engine.dice import Dice
>>> storm = ItemCard(
...     id="thunderstorm", name="Thunderstorm", type=CardType.PSI, zone=Zone.TWO_HANDS,
...     ap=16, range=5, pp=4,
...     attacks=(Attack(AttackKind.MAGIC, Dice(4, 2), damage=3, element=Element.AIR),),
... )
>>> attack = spell_attack(storm)
>>> print(attack.explain())
Thunderstorm: magic attack 4D+2, damage 3 (+1 per critical), air, range 5, 16 AP, 4 PP; \
the target defends with psi resistance.
>>> attack.roll(ScriptedChance([6, 2, 8, 4])).total
22
>>> attack.damage_with(criticals=2)
5
>>> attack.pay(before=3).explain()
'4 PP paid (PP 3 → -1). Psi Points are now negative (Hit Points, Initiative Points and Psi Points).'
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.cards import AttackKind, CardType, Element, ItemCard
from doria_nb.engine.chance import Chance
from doria_nb.engine.dice import Dice, Roll
from doria_nb.engine.errors import PsiError
from doria_nb.engine.psi.points import (
    MONSTER_PSI_ATTACKS,
    PSI_SPELLS,
    PsiPayment,
    monster_psi_cost,
    whole,
)
from doria_nb.engine.sections import Section

__all__ = ["CRITICAL_DAMAGE", "SpellAttack", "spell_attack"]

CRITICAL_DAMAGE = 1
"""Damage each critical of an attack spell adds (*Critical successes when using Psi*)."""


@dataclass(frozen=True, slots=True)
class SpellAttack:
    """An attack spell as the combat rules use it.

    ``dice`` is the card's magic attack roll (the caster's magic bonuses are added by the
    character, as for any attack); ``pp`` is what this caster pays per cast (0 for a monster);
    ``area`` is the card's area note (``"blast 1"``, ``"chain 2"``, ...), ``None`` for a single
    target. A spell is magical: it can hurt Poltergeists, and it is resisted with psi
    resistance, not parried with defense.
    """

    card_id: str
    spell: str
    dice: Dice
    damage: int
    element: Element | None
    range: int
    ap: int
    pp: int
    area: str | None = None
    monster: bool = False

    kind: AttackKind = AttackKind.MAGIC
    magical: bool = True
    rule: Section = PSI_SPELLS

    def damage_with(self, criticals: int) -> int:
        """Damage of a hit with ``criticals`` critical results: +1 each, even on a spell whose
        printed damage is 0 (*Critical successes when using Psi*)."""
        whole("The number of criticals", criticals, minimum=0)
        return self.damage + CRITICAL_DAMAGE * criticals

    def pay(self, before: int) -> PsiPayment:
        """The Psi Points paid for one cast, hit or miss: the full cost (criticals never lower
        it). A monster pays nothing."""
        return PsiPayment(self.pp, before, rule=self.rule)

    def roll(self, chance: Chance, *, who: str = "") -> Roll:
        """Roll the spell's attack dice (no bonuses), recorded as a magic attack."""
        return chance.roll(
            self.dice, who=who, purpose=f"{self.spell} magic attack", rule=Section.COMPARATIVE_ROLLS
        )

    def explain(self) -> str:
        parts = [f"magic attack {self.dice}", f"damage {self.damage} (+1 per critical)"]
        if self.element is not None:
            parts.append(str(self.element))
        if self.area:
            parts.append(f"area {self.area}")
        parts.append(f"range {self.range}")
        parts.append(f"{self.ap} AP")
        parts.append("no PP (monsters count no Psi Points)" if self.monster else f"{self.pp} PP")
        return f"{self.spell}: {', '.join(parts)}; the target defends with psi resistance."


def spell_attack(card: ItemCard, *, monster: bool = False) -> SpellAttack:
    """The attack of psi card ``card`` (its magic attack), for a character or, with
    ``monster=True``, for a monster, which pays no Psi Points (*Monster Psi attacks*).

    Raises :class:`PsiError` for a card that is not an attack spell.
    """
    if not isinstance(card, ItemCard):
        raise PsiError(f"An attack spell is a psi card, not {card!r}.")
    if card.type is not CardType.PSI:
        raise PsiError(
            f"The {card.name} is a {card.type} card, not a spell; its attacks are not spells."
        )
    attack = card.attack(AttackKind.MAGIC)
    if attack is None:
        what = "a Target-Number spell" if card.check is not None else "not an attack spell"
        raise PsiError(f"The {card.name} is {what}: it has no magic attack.")
    reach = attack.range if attack.range is not None else (card.range or 0)
    return SpellAttack(
        card_id=card.id,
        spell=card.name,
        dice=attack.dice,
        damage=attack.damage,
        element=attack.element,
        range=reach,
        ap=card.ap,
        pp=monster_psi_cost(card.pp) if monster else card.pp,
        area=attack.area,
        monster=monster,
        rule=MONSTER_PSI_ATTACKS if monster else PSI_SPELLS,
    )
