"""Combat resolutions: options, rules, decisions, and bad input that changes nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.attributes import Attributes
from doria_nb.engine.cards import AttackKind, Element
from doria_nb.engine.chance import Chance, ScriptedChance
from doria_nb.engine.character import Character
from doria_nb.engine.combat import (
    Foe,
    ItemDamage,
    attack_options,
    resolve_hero_attack,
    resolve_monster_attack,
)
from doria_nb.engine.decisions import ChoiceKind
from doria_nb.engine.errors import CombatError
from doria_nb.engine.mat import Area, Location, Mat, Slot
from doria_nb.engine.options import RulesOptions

PACK = starter_pack()


def hero(hero_id: str, mat: Mat, **kwargs: object) -> Character:
    template = PACK.hero(hero_id)
    return Character(template.name, template.attributes, mat=mat, template=template, **kwargs)  # type: ignore[arg-type]


def snapshot(character: Character) -> tuple[object, ...]:
    return (character.mat, character.hp, character.pp, character.attributes)


def foe(monster_id: str, **kwargs: object) -> Foe:
    return Foe.of(PACK.monster(monster_id), **kwargs)  # type: ignore[arg-type]


# -- attack options ------------------------------------------------------------------------------


def test_belt_weapon_costs_four_more_and_two_handed_never_from_belt() -> None:
    mat = (
        Mat()
        .with_body(Slot.HAND_1, PACK.item("longsword"))
        .with_belt(PACK.item("dagger"), PACK.item("longbow"))
    )
    options = attack_options(hero("warrior", mat))
    assert [(o.name, o.ap, o.from_belt) for o in options] == [
        ("Longsword", 12, False),
        ("Dagger", 9, True),
    ]


def test_damaged_weapon_offers_no_attack() -> None:
    mat = Mat().with_body(Slot.HAND_1, PACK.item("longsword"), damaged=True)
    assert attack_options(hero("warrior", mat)) == ()


def test_hero_bonuses_add_a_die_and_damage() -> None:
    warrior = hero(
        "warrior",
        Mat().with_body(Slot.HAND_1, PACK.item("longsword")),
        level=3,
        hero_bonuses=(PACK.bonus("melee_bonus"), PACK.bonus("damage_bonus")),
    )
    (option,) = attack_options(warrior)
    assert (str(option.dice), option.damage) == ("4D+5", 3)


# -- a hero attacks ------------------------------------------------------------------------------


def test_blue_solid_gives_the_monster_one_die_more() -> None:
    warrior = hero("warrior", Mat().with_body(Slot.HAND_1, PACK.item("longsword")))
    (sword,) = attack_options(warrior)
    result = resolve_hero_attack(
        warrior, foe("orc"), sword, ScriptedChance([5, 5, 5, 2, 2, 2]), hindered=True
    )
    assert result.comparison is not None and str(result.comparison.defense.dice) == "3D+5"
    assert "Blue Solid" in result.explain()


def test_fumbled_attack_damages_the_weapon_and_misses() -> None:
    warrior = hero("warrior", Mat().with_body(Slot.HAND_1, PACK.item("longsword")))
    (sword,) = attack_options(warrior)
    result = resolve_hero_attack(warrior, foe("orc"), sword, ScriptedChance([1, 1, 9, 2, 2]))
    assert not result.hit and result.foe_after == result.foe_before
    assert result.items_damaged == (ItemDamage(Location.body(Slot.HAND_1), "Longsword", "fumble"),)
    result.apply(warrior)
    assert warrior.mat.at(Location.body(Slot.HAND_1)).damaged
    assert attack_options(warrior) == ()


def test_critical_fail_damages_the_weapon_on_a_critical_failure() -> None:
    warrior = hero("warrior", Mat().with_body(Slot.HAND_1, PACK.item("dagger")))
    (dagger,) = attack_options(warrior)
    faces = [2, 3, 9, 9]  # 2D+3 = 8 against the Orc's 2D+5 = 23
    plain = resolve_hero_attack(warrior, foe("orc"), dagger, ScriptedChance(faces))
    assert plain.items_damaged == ()
    strict = resolve_hero_attack(
        warrior,
        foe("orc"),
        dagger,
        ScriptedChance(faces),
        options=RulesOptions(critical_fail=True),
    )
    assert [c.card for c in strict.items_damaged] == ["Dagger"]


def test_enchanted_weapon_wakes_the_element_the_armor_fears() -> None:
    scoundrel = hero("scoundrel", Mat().with_body(Slot.HAND_1, PACK.item("flame_tongue")))
    (blade,) = attack_options(scoundrel)
    orc = foe("orc")  # AR 1, weak to fire
    result = resolve_hero_attack(scoundrel, orc, blade, ScriptedChance([9, 9, 9, 1, 2]))
    assert result.decisions[0].answer == "fire"
    assert result.damage is not None and result.damage.taken == 2 + result.criticals
    assert result.pp == (scoundrel.pp, scoundrel.pp - 1)
    declined = resolve_hero_attack(
        scoundrel, orc, blade, ScriptedChance([9, 9, 9, 1, 2]), answers={"enchantment": "none"}
    )
    assert declined.damage is not None and declined.damage.taken == 1 + declined.criticals
    assert declined.pp[0] == declined.pp[1]


def test_vulnerability_without_armor_has_no_effect() -> None:
    orc = foe("orc")
    no_armor = Foe("Orc", replace(orc.stats, armor=0), 4)
    warrior = hero("warrior", Mat().with_body(Slot.HAND_1, PACK.item("longsword")))
    (sword,) = attack_options(warrior)
    result = resolve_hero_attack(warrior, no_armor, sword, ScriptedChance([9, 9, 9, 1, 2]))
    assert result.damage is not None and result.damage.taken == 2 + result.criticals
    assert "does not matter" in result.explain()


def test_monster_armor_is_never_damaged_and_hp_can_reach_zero() -> None:
    warrior = hero("warrior", Mat().with_body(Slot.HAND_1, PACK.item("longsword")))
    (sword,) = attack_options(warrior)
    orc = foe("orc", hp=1)
    result = resolve_hero_attack(warrior, orc, sword, ScriptedChance([9, 9, 9, 1, 2]))
    assert result.foe_after.defeated and result.foe_after.stats == orc.stats
    assert "defeated" in result.explain()


# -- a monster attacks ---------------------------------------------------------------------------


def test_defense_fumble_damages_the_shield_and_adds_a_critical() -> None:
    mat = Mat().with_body(Slot.HAND_1, PACK.item("squire_shield"))
    maiden = hero("shield_maiden", mat)
    result = resolve_monster_attack(foe("orc"), maiden, ScriptedChance([2, 2, 2, 1, 1]))
    assert result.hit and result.criticals == 1
    assert [c.card for c in result.items_damaged] == ["Squire Shield"]


def test_critical_fail_on_defense_damages_the_item() -> None:
    mat = Mat().with_body(Slot.HAND_1, PACK.item("squire_shield"))
    maiden = hero("shield_maiden", mat)
    faces = [9, 9, 9, 2, 3]  # Orc 29 against 2D+5 = 10: beaten by 19
    assert resolve_monster_attack(foe("orc"), maiden, ScriptedChance(faces)).items_damaged == ()
    strict = resolve_monster_attack(
        foe("orc"), maiden, ScriptedChance(faces), options=RulesOptions(critical_fail=True)
    )
    assert [c.card for c in strict.items_damaged] == ["Squire Shield"]


def test_dodge_when_told_and_no_armor_when_told() -> None:
    mat = (
        Mat()
        .with_body(Slot.HAND_1, PACK.item("squire_shield"))
        .with_body(Slot.TORSO, PACK.item("leather_armor"))
    )
    maiden = hero("shield_maiden", mat)
    result = resolve_monster_attack(
        foe("orc"),
        maiden,
        ScriptedChance([9, 9, 9, 2, 3]),
        answers={"defense": "dodge", "armor": "none"},
    )
    assert result.decisions[0].option.label == "Dodge 2D"
    assert result.items_damaged == ()
    assert result.damage is not None and result.damage.taken == 2 + result.criticals


def test_blue_solid_gives_the_defender_one_die_more() -> None:
    mage = hero("mage", Mat())
    result = resolve_monster_attack(
        foe("orc"), mage, ScriptedChance([2, 2, 2, 9, 9, 9]), hindered=True
    )
    assert result.comparison is not None and str(result.comparison.defense.dice) == "3D"
    assert not result.hit


def test_dice_rolling_fixes_the_monster_dice() -> None:
    mage = hero("mage", Mat())
    result = resolve_monster_attack(
        foe("orc"), mage, ScriptedChance([9, 9]), options=RulesOptions(dice_rolling=True)
    )
    assert result.attack_roll.total == 3 * 6 + 2


def test_no_defense_roll_counts_zero() -> None:
    weak = Character("Clumsy", Attributes(STR=9, CON=9, AGI=4, PER=8, WIS=4, PSI=8))
    result = resolve_monster_attack(foe("orc"), weak, ScriptedChance([5, 5, 5]))
    assert result.comparison is None and result.hit and result.criticals == 1
    assert "ruling C9" in result.explain()


def test_magic_psi_points_can_be_declined() -> None:
    mage = hero("mage", Mat())
    result = resolve_monster_attack(
        foe("dark_mage"), mage, ScriptedChance([6, 6, 9, 8]), answers={"psi points": "0"}
    )
    assert result.hit and result.psi_points == 0 and result.pp == (11, 11)


# -- bad input changes nothing --------------------------------------------------------------------


def refused(call: object, character: Character, chance: Chance, match: str) -> None:
    before = (snapshot(character), list(chance.outcomes))
    with pytest.raises(CombatError, match=match):
        call()  # type: ignore[operator]
    assert (snapshot(character), list(chance.outcomes)) == before


def test_weapon_attack_on_a_poltergeist_is_refused() -> None:
    scoundrel = hero("scoundrel", Mat().with_body(Slot.HAND_1, PACK.item("flame_tongue")))
    (blade,) = attack_options(scoundrel)
    chance = Chance.seeded(1)
    refused(
        lambda: resolve_hero_attack(scoundrel, foe("poltergeist"), blade, chance),
        scoundrel,
        chance,
        "only by magic",
    )


def test_stale_option_for_a_damaged_weapon_is_refused() -> None:
    warrior = hero("warrior", Mat().with_body(Slot.HAND_1, PACK.item("longsword")))
    (sword,) = attack_options(warrior)
    warrior.damage_item(Location.body(Slot.HAND_1))
    chance = Chance.seeded(1)
    refused(
        lambda: resolve_hero_attack(warrior, foe("orc"), sword, chance),
        warrior,
        chance,
        "damaged",
    )


def test_other_refusals() -> None:
    warrior = hero("warrior", Mat().with_body(Slot.HAND_1, PACK.item("longsword")))
    (sword,) = attack_options(warrior)
    chance = Chance.seeded(1)
    orc = foe("orc")
    cases = [
        (lambda: resolve_hero_attack(warrior, foe("orc", hp=0), sword, chance), "defeated"),
        (lambda: resolve_hero_attack(warrior, orc, sword, chance, ap_available=5), "12 AP"),
        (lambda: resolve_hero_attack(warrior, orc, sword, chance, hindered=1), "True or False"),
        (lambda: resolve_hero_attack(warrior, orc, sword, chance, answers={"luck": "x"}), "kind"),
        (lambda: resolve_hero_attack(warrior, orc, sword, chance, answers={"armor": "x"}), "only"),
        (
            lambda: resolve_monster_attack(orc, warrior, chance, answers={"psi points": "2"}),
            "magic",
        ),
        (lambda: resolve_monster_attack(orc, warrior, chance, answers={"armor": "head"}), "armor"),
        (lambda: resolve_monster_attack(orc, warrior, chance, answers={"defense": "x"}), "not an"),
        (
            lambda: resolve_monster_attack(
                foe("dark_mage"), warrior, chance, answers={"psi points": "99"}
            ),
            "0 to",
        ),
        (lambda: resolve_monster_attack(foe("orc", hp=0), warrior, chance), "defeated"),
    ]
    for call, match in cases:
        refused(call, warrior, chance, match)


def test_apply_only_once_and_only_to_the_same_state() -> None:
    mage = hero("mage", Mat().with_body(Slot.TORSO, PACK.item("woolen_jacket")))
    result = resolve_monster_attack(foe("mercenary"), mage, ScriptedChance([10, 6, 8, 8, 5, 3]))
    other = hero("mage", Mat().with_body(Slot.TORSO, PACK.item("woolen_jacket")))
    result.apply(mage)
    assert mage.hp == result.hp[1]
    before = snapshot(mage)
    with pytest.raises(CombatError, match="changed since"):
        result.apply(mage)
    assert snapshot(mage) == before
    assert other.hp == result.hp[0]


def test_html_is_escaped_and_lists_every_step() -> None:
    mage = hero("mage", Mat())
    result = resolve_monster_attack(foe("orc"), mage, ScriptedChance([9, 9, 9, 1, 2]))
    page = result.to_html()
    assert page.count("<li>") == len(result.steps)
    assert "≥" in page and "<script" not in page


def test_spell_attack_records_kind_and_element() -> None:
    mage = hero("mage", Mat().with_body(Slot.HAND_1, PACK.item("ice_shard")))
    (spell,) = attack_options(mage)
    assert spell.kind is AttackKind.MAGIC and spell.element is Element.ICE and spell.pp == 2
    belt = Location(Area.BELT, index=0)
    assert belt.area is Area.BELT


def test_armor_answer_made_useless_by_the_element() -> None:
    ranger = hero("ranger", Mat().with_body(Slot.TORSO, PACK.item("leather_armor")))
    result = resolve_monster_attack(
        foe("gargoyle"), ranger, ScriptedChance([6, 6, 7, 7]), answers={"armor": "torso"}
    )
    assert result.items_damaged == () and result.hp_lost == 2
    assert "cannot take this hit" in result.explain()


def test_default_defense_is_the_best_roll_and_costs_no_ap() -> None:
    maiden = hero("shield_maiden", Mat().with_body(Slot.HAND_1, PACK.item("squire_shield")))
    result = resolve_monster_attack(foe("orc"), maiden, ScriptedChance([2, 2, 2, 9, 9]))
    defense = result.decisions[0]
    assert defense.choice.kind is ChoiceKind.DEFENSE and defense.answer == "hand 1"
    assert [o.key for o in defense.choice.options] == ["hand 1", "dodge"]
    assert result.ap == 0 and not result.hit


def test_fumbled_psi_resistance_item_is_damaged() -> None:
    mage = hero("mage", Mat().with_body(Slot.ACCESSORY, PACK.item("mind_ward")))
    result = resolve_monster_attack(foe("dark_mage"), mage, ScriptedChance([5, 6, 1, 1]))
    assert result.decisions[0].option.label == "Mind Ward 2D+3"
    assert [c.card for c in result.items_damaged] == ["Mind Ward"]
    assert result.criticals == 1 + 1  # 18 - 5 = 13 below, + 1 for the fumble


def test_psi_points_cannot_save_a_fumbled_resistance_but_may_go_below_zero() -> None:
    """Rulings Y3, Y6 and C4: the Warrior fumbles his psi resistance (1+1) against 18 and adds
    10 PP, more than he has: still hit (a fumble fails), the PP only lower the criticals to the
    fumble's one, and his PP fall below 0."""
    warrior = hero("warrior", Mat())
    result = resolve_monster_attack(
        foe("dark_mage"), warrior, ScriptedChance([5, 6, 1, 1]), answers={"psi points": "10"}
    )
    assert result.hit and result.criticals == 1
    assert result.pp == (warrior.pp, warrior.pp - 10) and warrior.pp - 10 < 0
    deadly = str(warrior.pp + 20)
    chance = ScriptedChance([5, 6, 1, 1])
    refused(
        lambda: resolve_monster_attack(
            foe("dark_mage"), warrior, chance, answers={"psi points": deadly}
        ),
        warrior,
        chance,
        "Psi Points",
    )
