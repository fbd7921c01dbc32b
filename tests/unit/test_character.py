"""Characters: calculated values, equipment modifiers, encumbrance, skills, hero bonus effects,
improvement, and the verify/can/do contract (doria_nb.engine.character)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doria_nb.content import load_pack
from doria_nb.engine.attributes import Attributes, DerivedValues
from doria_nb.engine.cards import AttackKind, CardType
from doria_nb.engine.character import (
    AttributesRaised,
    Character,
    HeroBonusChosen,
    ItemsMoved,
    ValuesChanged,
)
from doria_nb.engine.dice import Dice
from doria_nb.engine.errors import EquipError, HeroCreationError, ProgressionError, UseError
from doria_nb.engine.events import EventLog
from doria_nb.engine.mat import Area, Location, Mat, Purpose, Slot
from doria_nb.engine.options import RulesOptions

MINI = Path(__file__).resolve().parents[1] / "content" / "fixtures" / "mini"
PACK = load_pack(MINI)
STRONG = Attributes(STR=13, CON=13, AGI=13, PER=13, WIS=13, PSI=13)


def item(card_id: str):
    return PACK.item(card_id)


def hero(hero_id: str, log: EventLog | None = None) -> Character:
    return Character.from_template(PACK.hero(hero_id), log=log)


def state(character: Character) -> tuple:
    return (
        character.attributes, character.mat, character.hp, character.pp,
        character.saved_points, character.level, character.hero_bonuses,
    )  # fmt: skip


# -- creation -----------------------------------------------------------------------------------


def test_premade_hero_from_template() -> None:
    warrior = hero("warrior")
    assert warrior.who == "the Warrior"
    assert warrior.base == DerivedValues(hp=13, ip=7, pp=5)
    assert warrior.hp == 13 and warrior.pp == 5 and warrior.ip == 7
    assert [h.card.id for h in warrior.mat.backpack] == ["combat_hammer", "tri_anon_armor"]
    assert "HP 13/13" in repr(warrior)


def test_custom_heroes_need_exactly_fifty_points() -> None:
    ok = Character.custom("Alba", {"STR": 8, "CON": 8, "AGI": 9, "PER": 9, "WIS": 8, "PSI": 8})
    assert ok.attributes.total == 50 and ok.who == "Alba"
    with pytest.raises(HeroCreationError, match="49: 1 more to distribute"):
        Character.custom("Alba", {"STR": 8, "CON": 8, "AGI": 9, "PER": 8, "WIS": 8, "PSI": 8})
    with pytest.raises(HeroCreationError, match="STR 14 is above 13"):
        Character.custom("Alba", {"STR": 14, "CON": 8, "AGI": 9, "PER": 5, "WIS": 7, "PSI": 7})
    with pytest.raises(HeroCreationError, match="PSI 0 is below the minimum of 1"):
        Character.custom("Alba", {"STR": 13, "CON": 13, "AGI": 13, "PER": 11, "WIS": 0, "PSI": 0})
    with pytest.raises(HeroCreationError):
        Character("x", {"STR": 1})  # type: ignore[arg-type]


# -- calculated values and equipment ------------------------------------------------------------


def test_equipment_modifiers_raise_maximum_and_current_together() -> None:
    log = EventLog()
    mage = hero("mage", log)
    mage.change_points(hp=-3)
    assert mage.hp == 2
    mage.receive(item("amulet_of_vigor"), Slot.ACCESSORY)
    assert mage.modifiers == DerivedValues(hp=2, ip=0, pp=1)
    assert mage.maximum.hp == 7 and mage.hp == 4
    assert mage.maximum.pp == 12 and mage.pp == 12
    assert mage.bonuses.defense == 1
    assert any(isinstance(e, ValuesChanged) for e in log)
    mage.unequip(Slot.ACCESSORY, Area.BACKPACK)
    assert mage.maximum.hp == 5 and mage.hp == 2


def test_plate_arms_cost_one_ip() -> None:
    warrior = hero("warrior")
    warrior.receive(item("plate_arms"), Slot.ARMS)
    assert warrior.ip == 6 and warrior.modifiers.ip == -1 and warrior.encumbrance == 0


def test_encumbrance_counts_body_armor_damaged_included() -> None:
    mage = Character("Mage", Attributes(STR=4, CON=6, AGI=7, PER=11, WIS=11, PSI=11))
    mage.receive(item("woolen_jacket"), Slot.TORSO)
    mage.receive(item("woolen_shoes"), Slot.FEET)
    assert mage.encumbrance == 0 and mage.ip == 9
    mage.receive(item("tights"), Slot.LEGS)
    assert mage.mat.armor_total == 5 and mage.encumbrance == 1 and mage.ip == 8
    mage.damage_item(Location.body(Slot.LEGS))
    assert mage.encumbrance == 1, "damaged armor still weighs"
    mage.unequip(Slot.LEGS, Area.BELT)
    assert mage.encumbrance == 0, "armor in the Belt is ignored"


def test_overloaded_hero_has_negative_ip_and_rolls_one_die_less() -> None:
    weakling = Character("Weakling", Attributes(STR=1, CON=1, AGI=1, PER=1, WIS=1, PSI=1))
    for card_id, slot in [
        ("leather_armor", Slot.TORSO),
        ("padded_hood", Slot.HEAD),
        ("padded_boots", Slot.FEET),
    ]:
        weakling.mat = weakling.mat.with_body(slot, item(card_id))
    assert weakling.encumbrance == 8 - 1 and weakling.ip == 1 - 7
    assert weakling.initiative_dice() == Dice(1, -6)


def test_initiative_dice() -> None:
    mage = hero("mage")
    assert mage.initiative_dice() == Dice(2, 9)
    mage.change_points(hp=-11, pp=-14)
    assert (mage.hp, mage.pp) == (-6, -3)
    assert mage.initiative_dice() == Dice(1, 3)
    assert mage.initiative_dice(solo=True) == Dice(1, 9)
    mage.hero_bonuses = (PACK.bonus("initiative_bonus"),)
    assert mage.initiative_dice() == Dice(2, 3)


def test_change_points_heals_up_to_the_maximum_only() -> None:
    warrior = hero("warrior")
    warrior.change_points(hp=-5, pp=-2)
    warrior.change_points(hp=100, pp=1)
    assert (warrior.hp, warrior.pp) == (13, 4)
    with pytest.raises(ProgressionError):
        warrior.change_points(hp=1.5)  # type: ignore[arg-type]


# -- the mat through the character --------------------------------------------------------------


def test_requirement_message_names_the_hero() -> None:
    mage = hero("mage")
    mage.mat = mage.mat.with_belt(item("longsword"))
    verdict = mage.can_equip(Location.belt(0), Slot.HAND_1)
    assert verdict.reason == "Equipping the Longsword needs STR 9, AGI 7; the Mage has STR 4."
    before = state(mage)
    with pytest.raises(EquipError, match="the Mage has STR 4"):
        mage.equip(Location.belt(0), Slot.HAND_1)
    assert state(mage) == before


def test_failed_requests_leave_the_character_unchanged() -> None:
    log = EventLog()
    warrior = hero("warrior", log)
    before, events = state(warrior), len(log)
    with pytest.raises(EquipError):
        warrior.equip(Location.backpack(0), Slot.HEAD)
    with pytest.raises(EquipError):
        warrior.move(Location.backpack(7), Area.BELT)
    with pytest.raises(UseError):
        warrior.use_cost(Location.backpack(0))
    with pytest.raises(ProgressionError):
        warrior.raise_attributes({"STR": 1})
    with pytest.raises(ProgressionError):
        warrior.choose_bonus(PACK.bonus("melee_bonus"))
    assert state(warrior) == before and len(log) == events


def test_equip_logs_an_event_with_the_ap() -> None:
    log = EventLog()
    warrior = hero("warrior", log)
    change = warrior.equip(Location.backpack(0), Slot.HAND_1)
    assert change.ap == 10
    moved = [e for e in log if isinstance(e, ItemsMoved)]
    assert moved[-1].ap == 10 and moved[-1].character == "Warrior"
    assert "Combat Hammer: the Backpack, place 1 → the hand 1 (Body)" in moved[-1].describe()


def test_efficiency_saves_three_ap_on_item_actions() -> None:
    warrior = hero("warrior")
    warrior.hero_bonuses = (PACK.bonus("efficiency"),)
    assert warrior.equip(Location.backpack(0), Slot.HAND_1).ap == 7
    warrior.mat = warrior.mat.with_belt(item("dagger"))
    change = warrior.move(Location.backpack(0), Area.BELT)
    assert change.ap == 7
    assert warrior.use_cost(Location.body(Slot.HAND_1)) == 14 - 3
    assert warrior.use_cost(Location.belt(0)) == 5 + 4 - 3
    assert warrior.unequip(Slot.HAND_1, Area.BACKPACK).ap == 0
    warrior.damage_item(Location.belt(1))
    assert {o.ap for o in warrior.repair_options()} == {10 + 4 - 3}
    assert warrior.repair(Location.belt(1)).ap == 11


def test_give_and_receive() -> None:
    warrior, mage = hero("warrior"), hero("mage")
    held, change = warrior.give(Location.backpack(1))
    assert held.card.id == "tri_anon_armor" and change.ap == 10
    assert not mage.can_receive(held, Slot.TORSO)
    mage.receive(held, Area.BACKPACK)
    assert mage.mat.find("tri_anon_armor") == Location.backpack(2)


# -- attacks, defenses and skills ---------------------------------------------------------------


def test_attack_dice_damage_and_range_with_bonuses() -> None:
    adventurer = hero("adventurer")
    adventurer.mat = adventurer.mat.with_body(Slot.HAND_1, item("throwing_axe"))
    axe = Location.body(Slot.HAND_1)
    assert adventurer.attack_dice(axe, AttackKind.MELEE) == Dice(2, 4)
    assert adventurer.attack_range(axe, AttackKind.RANGED) == 4
    assert adventurer.attack_range(axe, AttackKind.MELEE) == 1
    adventurer.level = 4
    for bonus in ("melee_bonus", "damage_bonus", "double_range"):
        adventurer.choose_bonus(PACK.bonus(bonus))
    adventurer.mat = adventurer.mat.with_body(Slot.HEAD, item("wizard_hat"))
    assert adventurer.attack_dice(axe, AttackKind.MELEE) == Dice(3, 4)
    assert adventurer.attack_dice(axe, AttackKind.RANGED) == Dice(2, 3)
    assert adventurer.attack_damage(axe, AttackKind.MELEE) == 3
    assert adventurer.attack_range(axe, AttackKind.RANGED) == 8
    with pytest.raises(UseError):
        adventurer.attack_dice(axe, AttackKind.MAGIC)
    mage = hero("mage")
    mage.mat = mage.mat.with_body(Slot.HAND_1, item("fire_bolt")).with_body(
        Slot.HEAD, item("wizard_hat")
    )
    bolt = Location.body(Slot.HAND_1)
    assert mage.attack_dice(bolt, AttackKind.MAGIC) == Dice(3, 2)
    assert mage.attack_range(bolt, AttackKind.MAGIC) == 0
    mage.level = 2
    mage.choose_bonus(PACK.bonus("double_range"))
    assert mage.attack_range(bolt, AttackKind.MAGIC) == 1, "range 0 becomes range 1"


def test_defense_and_psi_resistance_options() -> None:
    mage = hero("mage")
    assert [o.name for o in mage.defense_options()] == ["Dodge"]
    assert [(o.name, o.dice) for o in mage.psi_resistance_options()] == [
        ("Psi Resistance", Dice(2))
    ]
    mage.equip(Location.backpack(1))  # Spell Guard, anywhere on the Body
    options = mage.psi_resistance_options()
    assert [(o.name, str(o.dice)) for o in options] == [
        ("Spell Guard", "3D+1"),
        ("Psi Resistance", "2D"),
    ]
    mage.receive(item("hypno_hat"), Slot.HEAD)
    assert [str(o.dice) for o in mage.psi_resistance_options()] == ["3D+3", "2D+2"]
    mage.level = 2
    mage.choose_bonus(PACK.bonus("defense_bonus"))
    assert [str(o.dice) for o in mage.psi_resistance_options()] == ["4D+3", "3D+2"]
    assert [str(o.dice) for o in mage.defense_options()] == ["3D"]


def test_skills_need_their_minimum_attributes() -> None:
    clumsy = Character.custom(
        "Clumsy", {"STR": 13, "CON": 13, "AGI": 4, "PER": 13, "WIS": 4, "PSI": 3}
    )
    assert clumsy.can_use_skill(clumsy.dodge).reason == "Using Dodge needs AGI 5; Clumsy has AGI 4."
    assert clumsy.defense_options() == ()
    assert clumsy.psi_resistance_options() == ()
    clumsy.mat = clumsy.mat.with_body(Slot.HAND_1, item("longsword"))
    assert [o.name for o in clumsy.defense_options()] == []  # AGI 4 < 7: the sword is unusable
    clumsy.mat = Mat().with_body(Slot.HAND_1, item("leather_shield"))
    assert [o.name for o in clumsy.defense_options()] == ["Leather Shield"]


def test_potions_are_used_anywhere_but_the_backpack() -> None:
    mage = hero("mage")
    mage.receive(item("healing_potion"), Slot.LEGS)
    mage.receive(item("healing_potion"), Area.BELT)
    assert mage.use_cost(Location.body(Slot.LEGS), Purpose.USE) == 5
    assert mage.use_cost(Location.belt(0), Purpose.USE) == 9
    mage.receive(item("healing_potion"), Area.BACKPACK)
    assert not mage.can_use(Location.backpack(2), Purpose.USE)
    assert (
        "is armor"
        in Character("x", STRONG, mat=Mat().with_body(Slot.HEAD, item("padded_hood")))
        .can_use(Location.body(Slot.HEAD), Purpose.USE)
        .reason
    )


# -- improvement --------------------------------------------------------------------------------


def test_raising_attributes_spends_saved_points() -> None:
    log = EventLog()
    adventurer = hero("adventurer", log)
    adventurer.gain_points(2)
    verdict = adventurer.can_raise({"STR": 2, "CON": 1})
    assert verdict.reason == (
        "Raising 3 attribute levels needs 3 Attribute Points; the Adventurer has 2 saved."
    )
    assert "at least one" in adventurer.can_raise({}).reason
    assert "whole positive" in adventurer.can_raise({"STR": -1}).reason
    sheet = adventurer.raise_attributes({"STR": 1, "CON": 1})
    assert sheet.maximum.hp == 10 and sheet.saved_points == 0
    assert any(isinstance(e, AttributesRaised) for e in log)
    with pytest.raises(ProgressionError):
        adventurer.gain_points(-1)


def test_hero_bonus_choice_rules() -> None:
    log = EventLog()
    warrior = hero("warrior", log)
    melee = PACK.bonus("melee_bonus")
    assert "level 1" in warrior.can_choose_bonus(melee).reason
    warrior.set_level(3)
    assert warrior.bonuses_to_choose == 2
    warrior.choose_bonus(melee)
    assert "only once" in warrior.can_choose_bonus(melee).reason
    warrior.choose_bonus(PACK.bonus("regeneration"))
    assert "all already chosen" in warrior.can_choose_bonus(PACK.bonus("damage_bonus")).reason
    assert [e.bonus for e in log if isinstance(e, HeroBonusChosen)] == [
        "melee_bonus",
        "regeneration",
    ]
    with pytest.raises(ProgressionError, match="only rises"):
        warrior.set_level(2)
    warrior.change_points(hp=-4, pp=-4)
    warrior.regenerate()
    assert (warrior.hp, warrior.pp) == (10, 2)
    assert warrior.sheet().hero_bonuses == ("melee_bonus", "regeneration")


# -- properties ---------------------------------------------------------------------------------

EQUIPMENT = [
    card
    for card in PACK.items
    if card.type is not CardType.TRAP and card.type is not CardType.EVENT
]
CARDS = list(PACK.items)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(CARDS), max_size=6),
    st.lists(st.tuples(st.booleans(), st.integers(0, 20), st.sampled_from(CARDS)), max_size=10),
    st.sampled_from(["warrior", "mage", "adventurer"]),
)
def test_backpack_content_never_changes_the_sheet(start, steps, hero_id) -> None:
    character = hero(hero_id)
    character.mat = Mat().with_body(Slot.HEAD, PACK.item("padded_hood")).with_backpack(*start)
    sheet = character.sheet()
    for add, index, card in steps:
        if add or not character.mat.backpack:
            character.receive(card, Area.BACKPACK)
        else:
            character.give(Location.backpack(index % len(character.mat.backpack)))
        assert character.sheet() == sheet


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(EQUIPMENT),
    st.lists(st.sampled_from(EQUIPMENT), max_size=4),
    st.sampled_from([Area.BELT, Area.BACKPACK]),
    st.integers(-5, 0),
)
def test_equip_then_unequip_restores_the_sheet(card, worn, back_to, wound) -> None:
    character = Character("Tester", STRONG)
    for other in worn:
        if character.can_receive(other, Area.BODY):
            character.receive(other, Area.BODY)
    character.change_points(hp=wound)
    character.receive(card, Area.BACKPACK)
    source = Location.backpack(len(character.mat.backpack) - 1)
    if not character.can_equip(source):
        return
    sheet = character.sheet()
    change = character.equip(source)
    slot = change.moved[0].dest.slot
    assert slot is not None
    if len(change.moved) > 1:
        return  # a replaced card went elsewhere; the mat is not the same any more
    if not character.can_unequip(slot, back_to):
        # The Belt can be full (3 cards, ruling H9): then the engine refuses, changing nothing.
        before = character.sheet()
        with pytest.raises(EquipError, match="Belt holds 3 cards"):
            character.unequip(slot, back_to)
        assert character.sheet() == before
        back_to = Area.BACKPACK
    character.unequip(slot, back_to)
    assert character.sheet() == sheet


def test_characters_copy_cleanly() -> None:
    warrior = hero("warrior")
    clone = copy.copy(warrior)
    clone.change_points(hp=-1)
    assert warrior.hp == 13


def test_custom_heroes_need_the_create_heroes_option() -> None:
    """*Create Heroes* is an optional rule: a game without it refuses custom heroes."""
    allocation = {"STR": 8, "CON": 8, "AGI": 9, "PER": 9, "WIS": 8, "PSI": 8}
    with pytest.raises(HeroCreationError, match="Create Heroes is off"):
        Character.custom("Alba", allocation, options=RulesOptions())
    alba = Character.custom("Alba", allocation, options=RulesOptions(create_heroes=True))
    assert alba.attributes.total == 50
    assert RulesOptions(create_heroes=True).enabled() == ["Create Heroes"]


def test_receiving_at_a_location_instead_of_a_slot_is_refused_in_words() -> None:
    from doria_nb.content import starter_pack
    from doria_nb.engine.errors import DoriaError
    from doria_nb.engine.mat import Location

    hero = Character.from_template(starter_pack().hero("warrior"))
    before = hero.mat
    with pytest.raises(DoriaError, match="Body slot or an area"):
        hero.receive(starter_pack().item("dagger"), Location.belt(0))  # type: ignore[arg-type]
    assert hero.mat == before


def test_kept_maxima_are_the_maxima_worked_out_anew() -> None:
    """:meth:`Character._maximum_of` keeps its answers by attributes and mat; for every
    premade hero of the starter pack with every starter card received in turn, the kept
    answer (asked twice, and for an equal mat built apart) is the one worked out anew."""
    from doria_nb.content import starter_pack
    from doria_nb.engine.mat import Mat

    pack = starter_pack()
    for template in pack.heroes:
        hero = Character.from_template(template)
        for card in sorted(pack.items, key=lambda c: c.id):
            hero.receive_where_it_fits(card)
            mat = Mat(hero.mat.body, hero.mat.belt, hero.mat.backpack)
            for _ in range(2):
                assert Character._maximum_of(hero.attributes, mat) == Character._maximum_plain(
                    hero.attributes, mat
                )
            assert hero.maximum == Character._maximum_plain(hero.attributes, hero.mat)
