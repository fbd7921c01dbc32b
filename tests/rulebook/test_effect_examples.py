"""The rulebook's examples and statements about what spells and potions do, rebuilt with the
engine (``doria_nb.engine.effects``; issue #6).

Each test names its section and says how the situation was reconstructed. The heroes follow
ruling H3 (``docs/rulings.md``): the premade Priestess, after spending Attribute Points.
"""

from __future__ import annotations

import dataclasses

from doria_nb.content import starter_pack
from doria_nb.engine.cards import EffectSpec
from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.character import Character
from doria_nb.engine.effects import CurePoison, apply_effect, effect_of
from doria_nb.engine.effects_ops import POISON_RULE, RemovePoisonMarkers, TemporaryArmor
from doria_nb.engine.mat import Location, Slot
from doria_nb.engine.potions import drink_potion
from doria_nb.engine.psi import cast

PACK = starter_pack()


def priestess_with(points: dict[str, int]) -> Character:
    priestess = Character.from_template(PACK.hero("priestess"))
    priestess.gain_points(sum(points.values()))
    priestess.raise_attributes(points)
    return priestess


def test_dense_hide_on_herself_gives_her_the_extra_armor() -> None:
    """*Psi Spells* → *Target numbers*, Example: the Priestess (CON 10, PSI 12) casts Dense
    Hide on herself and reaches 35 against TN 28, a success. What success means comes from the
    starter card: an extra armor of AR 2 until the end of the round, handed to the game state."""
    priestess = priestess_with({"CON": 2})
    priestess.mat = priestess.mat.with_body(Slot.HAND_1, PACK.item("dense_hide"))
    result = cast(priestess, Location.body(Slot.HAND_1), ScriptedChance([8, 5]), on_self=True)
    assert result.check.total == 35 and result.success
    assert result.effect is not None
    assert result.effect.operations == (TemporaryArmor(priestess.who, "Dense Hide", 2, 1),)


def test_a_failed_healing_spell_heals_nothing_but_costs_its_psi_points() -> None:
    """*Comparative Rolls and Target Numbers* → *Target numbers*, Example 2: the Priestess (CON
    8, PSI 15) heals another character, needs 32 and reaches 30 (15+8+5+2): the spell fails.
    *Psi Spells*: the Psi Points are lost anyway. Rebuilt from the starter Healing Spell with
    the example's TN of 32; the wounded companion keeps every lost Hit Point."""
    card = PACK.item("healing_spell")
    card = dataclasses.replace(card, check=dataclasses.replace(card.check, tn=32))
    priestess = priestess_with({"PSI": 3})
    priestess.mat = priestess.mat.with_body(Slot.HAND_1, card)
    warrior = Character.from_template(PACK.hero("warrior"))
    warrior.change_points(hp=-6)
    hp, pp = warrior.hp, priestess.pp
    result = cast(priestess, Location.body(Slot.HAND_1), ScriptedChance([2, 5]), target=warrior)
    assert result.check.total == 30 and not result.success
    assert result.effect is None and warrior.hp == hp
    assert priestess.pp == pp - 3


def test_potions_regenerate_hit_points_and_psi_points_up_to_the_maximum() -> None:
    """*Hit Points, Initiative Points and Psi Points*: Hit Points come back with healing potions
    (or while unconscious), Psi Points with psi potions; healing stops at the maximum."""
    mage = Character.from_template(PACK.hero("mage"))
    mage.change_points(hp=-4, pp=-1)
    mage.receive(PACK.item("healing_potion"), Slot.ACCESSORY)
    use = drink_potion(mage, Location.body(Slot.ACCESSORY))
    assert mage.hp == mage.maximum.hp and use.healing.wasted == 2
    mage.receive(PACK.item("small_psi_potion"), Slot.ACCESSORY)
    drink_potion(mage, Location.body(Slot.ACCESSORY))
    assert mage.pp == mage.maximum.pp


def test_poison_is_healed_by_antidote_potions_and_detox_spells() -> None:
    """*Phase E: Poison*: apart from the Phase E check, poison is healed only by antidote
    potions or detox spells. The starter Antidote removes every marker, Detox up to 3; both
    come back as an operation citing the poison rule, since markers lie on the character sheet
    of the game state, not in the engine's Character."""
    adventurer = Character.from_template(PACK.hero("adventurer"))
    antidote = apply_effect(effect_of(PACK.item("antidote")), adventurer)
    detox = apply_effect(effect_of(PACK.item("detox")), adventurer)
    assert antidote.operations == (RemovePoisonMarkers(adventurer.who, "Antidote"),)
    assert detox.operations == (RemovePoisonMarkers(adventurer.who, "Detox", 3),)
    assert all(op.rule == POISON_RULE for op in (*antidote.operations, *detox.operations))
    # the Example's Adventurer holds 3 markers: either card clears them all
    assert [op.remaining(3) for op in (*antidote.operations, *detox.operations)] == [0, 0]
    # a healing card is not a cure
    assert not isinstance(effect_of(PACK.item("healing_potion")), CurePoison)
    assert EffectSpec.of("cure_poison") == PACK.item("antidote").effect
