"""The starter monsters and modifiers load, and keep every number the rulebook states
(doria_nb/content/starter/monsters/; docs/content-balance.md, "Monsters")."""

from __future__ import annotations

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.cards import AttackKind, Element
from doria_nb.engine.dice import Dice
from doria_nb.engine.monsters import MonsterCard, MonsterModifier, Priority

NAMED = [
    "orc", "goblin", "mummy", "zombie", "slimecrawler", "dark_mage", "gargoyle",
    "poltergeist", "ogre", "troll", "shaman", "mercenary", "ghoul", "archer",
]  # fmt: skip


def normal_monsters() -> list[MonsterCard]:
    return [m for m in starter_pack().monsters if not m.special]


def test_at_least_14_normal_monsters_each_with_levels_1_to_4() -> None:
    monsters = normal_monsters()
    assert len(monsters) >= 14
    for monster in monsters:
        assert [level.level for level in monster.levels] == [1, 2, 3, 4], monster.id


@pytest.mark.parametrize("monster_id", NAMED)
def test_every_monster_the_rulebook_names_is_in_the_normal_deck(monster_id: str) -> None:
    monster = starter_pack().monster(monster_id)
    assert not monster.special
    assert monster in starter_pack().monster_deck()


def test_dragons_and_female_zombie_are_special_and_out_of_the_deck() -> None:
    pack = starter_pack()
    special = [m for m in pack.monsters if m.special]
    assert {m.id for m in special} >= {"female_zombie"}
    assert sum(m.category == "Dragon" for m in special) == 2
    assert not any(card in special for card in pack.monster_deck())


def test_orc_defends_with_2d_plus_5_at_level_1_and_has_priority_a() -> None:
    orc = starter_pack().monster("orc")
    assert orc.levels[0].defense == Dice(2, 5)
    assert orc.priority is Priority.A


def test_shaman_has_priority_d() -> None:
    assert starter_pack().monster("shaman").priority is Priority.D


def test_gargoyle() -> None:
    gargoyle = starter_pack().monster("gargoyle")
    first = gargoyle.levels[0]
    assert (first.ap, first.damage, first.element) == (10, 2, Element.EARTH)
    assert gargoyle.figures == 2 and gargoyle.flight


def test_slimecrawler_is_ranged_with_range_5() -> None:
    slime = starter_pack().monster("slimecrawler")
    assert slime.attack is AttackKind.RANGED
    assert all(level.range == 5 for level in slime.levels)


def test_ogre_and_mercenary_damage() -> None:
    assert starter_pack().monster("ogre").levels[0].damage == 4
    assert starter_pack().monster("mercenary").levels[0].damage == 3


def test_ghoul_and_archer_ignore_the_closest_target_rule() -> None:
    pack = starter_pack()
    assert pack.monster("ghoul").ignores_closest and pack.monster("archer").ignores_closest
    assert not pack.monster("orc").ignores_closest


def test_poltergeist_flies_through_walls_and_is_only_hurt_by_magic() -> None:
    ghost = starter_pack().monster("poltergeist")
    assert ghost.only_hurt_by_magic and ghost.flight and ghost.through_walls


def test_mummy_armor_is_vulnerable_to_an_element() -> None:
    mummy = starter_pack().monster("mummy")
    assert all(level.vulnerable is not None and level.armor > 0 for level in mummy.levels)


def test_zombie_multiplies_and_goblins_come_in_groups() -> None:
    pack = starter_pack()
    assert pack.monster("zombie").multiplies
    assert pack.monster("goblin").per_icon >= 2


def test_dark_mage_is_magic_with_branching_lightning_text() -> None:
    mage = starter_pack().monster("dark_mage")
    assert mage.attack is AttackKind.MAGIC
    assert mage.area is not None and "range 2" in mage.area
    assert mage.levels[0].range == 6


@pytest.mark.parametrize("monster_id", ["ogre", "troll", "shaman"])
def test_area_attackers_have_an_area_text(monster_id: str) -> None:
    assert starter_pack().monster(monster_id).area


def test_at_least_10_modifiers_including_the_rulebook_ones() -> None:
    modifiers = starter_pack().modifiers
    assert len(modifiers) >= 10
    names = {m.name for m in modifiers}
    expected = {"Colossal", "Explosion", "Horde", "Fire Creature", "Blocker", "Faster"}
    assert expected | {"Necromancer"} <= names
    assert all(isinstance(m, MonsterModifier) for m in modifiers)


def test_modifier_effects() -> None:
    pack = starter_pack()
    assert pack.modifier("horde").count == 3
    assert pack.modifier("faster").ap > 0
    assert pack.modifier("fire_creature").element is Element.FIRE
    assert pack.modifier("necromancer").special_action
    assert all(m.loot > 0 or m.xp > 0 for m in pack.modifiers)
