"""What a character can attack with right now (*Attack*; *Using weapons and spells from the
Belt or Backpack*).

Every undamaged weapon or attack spell in the hands, and every one-handed one in the Belt
(for 4 AP more), whose requirements the character meets; one option per attack kind the card
offers, and an attack uses one of them (*Utilizing both hands*: never two hands at once;
*Damaged equipment*: a damaged card offers no attack; its passive bonuses stay). No
ammunition is counted: ranged weapons never run out (*Ranged combat ammunition*). The dice,
damage and range already include the bonuses of the Body and the hero
bonuses (extra attack die, Damage Bonus, Range×2, Efficiency), as
:class:`~doria_nb.engine.character.Character` computes them.

>>> from doria_nb.content import starter_pack
>>> from doria_nb.engine.character import Character
>>> from doria_nb.engine.mat import Mat, Slot
>>> pack = starter_pack()
>>> mat = Mat().with_body(Slot.HAND_1, pack.item("longsword")).with_belt(pack.item("dagger"))
>>> warrior = Character("Warrior", pack.hero("warrior").attributes, mat=mat)
>>> [f"{o.label}" for o in attack_options(warrior)]
['Longsword (hand 1): melee 3D+5, damage 2, 12 AP', 'Dagger (Belt 1): melee 2D+3, damage 1, 9 AP']
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.cards import AttackKind, CardType, Element
from doria_nb.engine.character import Character
from doria_nb.engine.dice import Dice
from doria_nb.engine.kept import Kept
from doria_nb.engine.mat import Area, Location, Purpose
from doria_nb.engine.psi.weapons import element_cost

__all__ = ["AttackOption", "attack_options", "cap", "where"]


@dataclass(frozen=True, slots=True)
class AttackOption:
    """One way to attack: the card at ``location`` with its attack of ``kind``.

    ``ap`` is the full AP cost (card AP, +4 from the Belt, less with Efficiency); ``pp`` the
    Psi Points a spell costs whether it hits or not; ``elements`` the elements an enchanted
    weapon may wake, one per attack, for ``enchant_pp`` each.
    """

    location: Location
    card_id: str
    name: str
    kind: AttackKind
    dice: Dice
    damage: int
    range: int
    ap: int
    element: Element | None = None
    pp: int = 0
    elements: tuple[Element, ...] = ()
    enchant_pp: int = 0

    @property
    def from_belt(self) -> bool:
        return self.location.area is Area.BELT

    @property
    def label(self) -> str:
        element = f" {self.element}" if self.element else ""
        pp = f", {self.pp} PP" if self.pp else ""
        return (
            f"{self.name} ({where(self.location)}): {self.kind} {self.dice}, damage {self.damage}"
            f"{element}, {self.ap} AP{pp}"
        )


def cap(text: str) -> str:
    """``text`` with its first letter upper-case (unlike ``str.capitalize``, the rest
    stays: 'the Dark Mage' → 'The Dark Mage')."""
    return text[:1].upper() + text[1:]


def where(location: Location) -> str:
    """A short place name: ``'hand 1'``, ``'torso'``, ``'Belt 2'``."""
    if location.slot is not None:
        return str(location.slot)
    return f"{location.area} {(location.index or 0) + 1}"


_OPTIONS: Kept[tuple[object, ...], tuple[AttackOption, ...]] = Kept(512)
"""The answers of :func:`attack_options` for the last few characters, by everything they
depend on: the (frozen) mat, attributes and hero bonuses."""


def attack_options(character: Character) -> tuple[AttackOption, ...]:
    """Every attack the character can make now, hands first, then the Belt.

    The answer depends only on the character's mat, attributes and hero bonuses, all frozen
    values, so it is kept for them: bots and the board ask it many times a turn."""
    key = (type(character), character.mat, character.attributes, character.hero_bonuses)
    try:
        found = _OPTIONS.get(key)
    except TypeError:  # something unhashable in place of a frozen value: no keeping
        return _attack_options(character)
    if found is None:
        found = _OPTIONS.put(key, _attack_options(character))
    return found


def _attack_options(character: Character) -> tuple[AttackOption, ...]:
    found: list[AttackOption] = []
    for location in character.mat.usable(Purpose.ATTACK, attributes=character.attributes):
        card = character.mat.at(location).card
        for attack in card.attacks:
            kind = attack.kind
            is_spell = card.type is CardType.PSI
            enchanted = card.enchanted and bool(card.elements) and not is_spell
            found.append(
                AttackOption(
                    location=location,
                    card_id=card.id,
                    name=card.name,
                    kind=kind,
                    dice=character.attack_dice(location, kind),
                    damage=character.attack_damage(location, kind),
                    range=character.attack_range(location, kind),
                    ap=character.use_cost(location, Purpose.ATTACK),
                    element=attack.element,
                    pp=card.pp if is_spell else 0,
                    elements=card.elements if enchanted else (),
                    enchant_pp=element_cost(card) if enchanted else 0,
                )
            )
    return tuple(found)
