"""Armor against a trap's damage (ruling TR7): one armor, chosen by the player, takes it.

*Getting Hit and Armor Rating* lets a character take a hit on one armor of its choice, which
is then damaged; the rulebook sets armor aside only for the fall damage of a failed jump
("Equipped armor is always ignored for this type of damage"). So a character struck by a
trap may take the damage on one undamaged armor on its Body: the armor's AR comes off the
damage and the armor gets a Damaged marker. Under the named reading ``traps_ignore_armor``
trap damage goes straight to the Hit Points. The starter traps name no element the cards'
vulnerabilities could ignore, so every undamaged armor is offered.

>>> from doria_nb.content import starter_pack
>>> from doria_nb.engine.attributes import Attributes
>>> from doria_nb.engine.character import Character
>>> from doria_nb.engine.mat import Slot
>>> warrior = Character("Warrior", Attributes(STR=13, CON=12, AGI=9, PER=8, WIS=6, PSI=4))
>>> warrior.mat = warrior.mat.with_body(Slot.TORSO, starter_pack().item("tri_anon_armor"))
>>> taken = armor_for_trap(warrior, 3, "Boulder Trap")
>>> taken.name, taken.absorbed, taken.hp_lost
('Tri-Anon Armor', 3, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from doria_nb.engine.character import Character
from doria_nb.engine.combat.monster_attack import armor_choice
from doria_nb.engine.decisions import Policy, default_policy
from doria_nb.engine.mat import Location

__all__ = ["TrapArmor", "armor_for_trap"]

# The same question serves a Door Event card's damage (ruling DE5).


@dataclass(frozen=True, slots=True)
class TrapArmor:
    """The armor that took a trap's ``damage``: where it is, its name, the points it
    absorbed; ``hp_lost`` is the rest."""

    location: Location
    name: str
    damage: int
    absorbed: int

    @property
    def hp_lost(self) -> int:
        return self.damage - self.absorbed

    def explain(self, who: str) -> str:
        return (
            f"{who} takes the {self.damage} damage on the {self.name}: {self.absorbed} absorbed, "
            f"{self.hp_lost} HP lost; the {self.name} is damaged (ruling TR7)."
        )


def armor_for_trap(
    character: Character, damage: int, card_name: str, policy: Policy | None = None
) -> TrapArmor | None:
    """The armor ``character`` takes ``damage`` from the trap ``card_name`` on, asked of
    ``policy`` (the default policy: the best armor), or ``None``: no damage, no undamaged
    armor, or the player takes it on none."""
    choice, _, places = armor_choice(character, character.mat, damage, None)
    if choice is None:
        return None
    choice = replace(
        choice, question=f"Which armor takes the {damage} damage of the {card_name} (one at most)?"
    )
    answer = (policy or default_policy)(choice)
    if answer not in places:
        return None
    location = places[answer]
    held = character.mat.at(location)
    return TrapArmor(location, held.card.name, damage, min(held.active_armor, damage))
