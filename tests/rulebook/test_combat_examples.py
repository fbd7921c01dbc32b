"""The rulebook's combat examples, rebuilt with the dice they give.

Each test names the section and example. Where an example gives only a total, the test says
which faces it uses to make that total; where it names no item, the test says which starter
card stands in for it.
"""

from __future__ import annotations

from doria_nb.content import starter_pack
from doria_nb.engine.cards import AttackKind
from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.character import Character
from doria_nb.engine.combat import (
    Foe,
    ItemDamage,
    attack_options,
    resolve_hero_attack,
    resolve_monster_attack,
)
from doria_nb.engine.decisions import ChoiceKind
from doria_nb.engine.mat import Mat, Slot

PACK = starter_pack()


def hero(hero_id: str, mat: Mat) -> Character:
    template = PACK.hero(hero_id)
    return Character(template.name, template.attributes, mat=mat, template=template)


def test_attack_and_defense_warrior_longsword_hits_the_orc() -> None:
    """*Attack* example (3+4+0, the 0 rerolled as 6: 3D+5 = 28) and *Defense* example (the
    Orc's 2D+5 = 8+6+5 = 19): hit, not critical. The Orc's AR 1 takes 1 of the Longsword's 2
    damage (starter pack numbers)."""
    warrior = hero("warrior", Mat().with_body(Slot.HAND_1, PACK.item("longsword")))
    orc = Foe.of(PACK.monster("orc"))
    (longsword,) = attack_options(warrior)
    result = resolve_hero_attack(warrior, orc, longsword, ScriptedChance([3, 4, 0, 6, 8, 6]))
    assert result.attack_roll.total == 28
    assert result.comparison is not None and result.comparison.defense.total == 19
    assert result.hit and result.criticals == 0
    assert result.damage is not None and result.damage.text() == (
        "2 damage; AR 1 armor used (monster armor): 1 HP lost"
    )
    assert (orc.hp, result.foe_after.hp) == (4, 3)
    assert "3+4+(10+6)+5 = 28" in result.explain()


def test_getting_hit_ogre_damage_reduced_by_one_armor() -> None:
    """*Getting Hit and Armor Rating* example: the Warrior (defense 21, two armors of AR 3)
    is hit by an Ogre's 29 for 4 damage; one armor takes 3, 1 HP is lost (13 → 12), and the
    second armor may not be used for the same attack. Faces: Ogre 3D+8 = 7+7+7+8; Warrior's
    Longsword defense 2D+3 = 9+9+3."""
    mat = (
        Mat()
        .with_body(Slot.HAND_1, PACK.item("longsword"))
        .with_body(Slot.TORSO, PACK.item("leather_armor"))
        .with_body(Slot.HEAD, PACK.item("leather_helmet"))
    )
    warrior = hero("warrior", mat)
    ogre = Foe.of(PACK.monster("ogre"))
    result = resolve_monster_attack(
        ogre, warrior, ScriptedChance([7, 7, 7, 9, 9]), answers={"defense": "hand 1"}
    )
    assert result.attack_roll.total == 29
    assert result.comparison is not None and result.comparison.defense.total == 21
    assert result.hit and result.criticals == 0
    armor = [d for d in result.decisions if d.choice.kind is ChoiceKind.ARMOR]
    assert len(armor) == 1 and armor[0].option.value == 3
    assert len(result.items_damaged) == 1
    assert result.hp == (13, 12)
    result.apply(warrior)
    assert warrior.hp == 12
    assert sum(held.damaged for _, held in warrior.mat.locations()) == 1


def test_armor_vulnerability_gargoyle_earth_ignores_both_armors() -> None:
    """*Armor vulnerability* example: the Ranger (defense 14, two armors of AR 3, both
    vulnerable to earth) is hit by a Gargoyle's 17 for 2 earth damage: no armor counts, none
    is damaged, 2 HP are lost. Faces: Gargoyle 2D+5 = 6+6+5; Ranger's Dodge 2D = 7+7."""
    mat = (
        Mat()
        .with_body(Slot.TORSO, PACK.item("leather_armor"))
        .with_body(Slot.HEAD, PACK.item("leather_helmet"))
    )
    ranger = hero("ranger", mat)
    gargoyle = Foe.of(PACK.monster("gargoyle"))
    result = resolve_monster_attack(gargoyle, ranger, ScriptedChance([6, 6, 7, 7]))
    assert result.attack_roll.total == 17 and result.hit
    assert not any(d.choice.kind is ChoiceKind.ARMOR for d in result.decisions)
    assert result.items_damaged == ()
    assert result.damage is not None and result.damage.taken == 2
    assert sorted(result.damage.ignored) == ["Leather Armor (AR 3)", "Leather Helmet (AR 3)"]


def test_critical_hits_mercenary_double_critical() -> None:
    """*Critical hits* example: the Mage (defense 8, one armor of AR 2) against a Mercenary's
    36 for 3 damage: two criticals make 5 damage, the armor is damaged and 3 HP are lost.
    Faces: Mercenary 3D+4 = (10+6)+8+8+4; Mage's Dodge 2D = 5+3; the armor is a Woolen
    Jacket (AR 2)."""
    mage = hero("mage", Mat().with_body(Slot.TORSO, PACK.item("woolen_jacket")))
    mercenary = Foe.of(PACK.monster("mercenary"))
    result = resolve_monster_attack(mercenary, mage, ScriptedChance([10, 6, 8, 8, 5, 3]))
    assert result.attack_roll.total == 36
    assert result.criticals == 2
    assert result.damage is not None
    assert result.damage.text() == (
        "3 damage + 2 criticals = 5; AR 2 armor used (Woolen Jacket): 3 HP lost"
    )
    assert [c.card for c in result.items_damaged] == ["Woolen Jacket"]
    assert result.hp_lost == 3


def test_fumbles_in_combat_warrior_fumbles_psi_resistance() -> None:
    """*Additional Combat Rules*, Fumbles in combat example: the Warrior's 2D psi resistance
    shows 1+1 against a magic attack of 18: 1 critical for the 16 points below and 1 for the
    fumble, 2 extra damage. Faces: Dark Mage 2D+7 = 5+6+7 (damage 2); no armor."""
    warrior = hero("warrior", Mat())
    dark_mage = Foe.of(PACK.monster("dark_mage"))
    result = resolve_monster_attack(dark_mage, warrior, ScriptedChance([5, 6, 1, 1]))
    assert result.kind is AttackKind.MAGIC
    assert result.comparison is not None and result.comparison.defender_fumbled
    assert result.criticals == 2
    assert result.damage is not None and result.damage.total == 4
    assert result.psi_points == 0  # Psi Points cannot undo a fumble's hit
    assert result.items_damaged == ()  # the skill has no card to damage


def test_psi_resistance_mage_spends_three_pp() -> None:
    """*Psi Resistance* example: the Mage's spell is damaged, so he resists a Dark Mage's 19
    with his 2D skill: 9+8 = 17, and adds 3 PP after the roll to reach 20: the attack fails.
    Faces: Dark Mage 2D+7 = 6+6+7; the damaged spell is a Spell Guard."""
    mage = hero("mage", Mat().with_body(Slot.ACCESSORY, PACK.item("spell_guard"), damaged=True))
    dark_mage = Foe.of(PACK.monster("dark_mage"))
    result = resolve_monster_attack(dark_mage, mage, ScriptedChance([6, 6, 9, 8]))
    assert [o.key for o in result.decisions[0].choice.options] == ["psi resistance"]
    assert result.psi_points == 3
    spend = result.decisions[1]
    assert spend.choice.kind is ChoiceKind.PSI_POINTS and spend.choice.fact("needed") == 3
    assert spend.answer == "3" and spend.by.startswith("policy")
    assert not result.hit
    assert result.comparison is not None and result.comparison.defense.total == 20
    assert result.pp == (11, 8) and result.hp == (mage.hp, mage.hp)


def test_psi_spells_thunderstorm_ignores_air_vulnerable_armor() -> None:
    """*Psi Spells* example: the Mage's Thunderstorm (4D+2) rolls 6+2+8+4 = 22; a monster
    whose armor is vulnerable to air may not use it. Here the Gargoyle (AR 2, weak to air;
    psi resistance 2D = 8+7) takes the spell's 3 air damage in full; the spell's 4 PP are
    spent."""
    mage = hero("mage", Mat().with_body(Slot.HAND_1, PACK.item("thunderstorm")))
    gargoyle = Foe.of(PACK.monster("gargoyle"))
    (spell,) = attack_options(mage)
    result = resolve_hero_attack(mage, gargoyle, spell, ScriptedChance([6, 2, 8, 4, 8, 7]))
    assert result.attack_roll.total == 22 and result.hit
    assert result.damage is not None and result.damage.taken == 3
    assert result.foe_after.hp == gargoyle.hp - 3
    assert result.pp == (11, 7)
    assert not any(isinstance(c, ItemDamage) for c in result.changes)
