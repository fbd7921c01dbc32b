"""The Character Mat: zones, Belt, Backpack, AP costs, legality, damage and repair
(doria_nb.engine.mat)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doria_nb.content import load_pack, starter_pack
from doria_nb.engine.attributes import Attributes
from doria_nb.engine.cards import AttackKind, Element
from doria_nb.engine.character import Character
from doria_nb.engine.errors import EquipError, RepairError
from doria_nb.engine.mat import (
    BELT_SPACES,
    Area,
    Held,
    Location,
    Mat,
    Purpose,
    Slot,
    move_cost,
    reach_cost,
)

MINI = Path(__file__).resolve().parents[1] / "content" / "fixtures" / "mini"
PACK = load_pack(MINI)
STRONG = Attributes(STR=13, CON=13, AGI=13, PER=13, WIS=13, PSI=13)
MAGE = Attributes(STR=4, CON=6, AGI=7, PER=11, WIS=11, PSI=11)


def card(card_id: str):
    return PACK.item(card_id)


def test_costs_of_moving_between_areas() -> None:
    assert move_cost(Area.BELT, Area.BODY) == 4
    assert move_cost(Area.BACKPACK, Area.BODY) == 10
    assert move_cost(Area.BACKPACK, Area.BELT) == 10
    assert move_cost(Area.BODY, Area.BELT) == 0
    assert move_cost(Area.BODY, Area.BACKPACK) == 0
    assert move_cost(Area.BELT, Area.BACKPACK) == 0
    assert move_cost(None, Area.BODY) == 0
    assert [reach_cost(a) for a in Area] == [0, 4, 10]


def test_equip_from_belt_and_backpack() -> None:
    mat = Mat().with_belt(card("longsword")).with_backpack(card("leather_armor"))
    change = mat.equip(Location.belt(0), Slot.HAND_1, attributes=STRONG)
    assert change.ap == 4
    assert change.after.get(Location.body(Slot.HAND_1)) == Held(card("longsword"))
    change = change.after.equip(Location.backpack(0), Slot.TORSO, attributes=STRONG)
    assert change.ap == 10
    assert change.after.armor_total == 3
    assert change.before is not change.after
    # The original mat is unchanged: mats are values.
    assert mat.belt == (Held(card("longsword")),)


def test_equip_checks_zone_and_requirements() -> None:
    mat = Mat().with_backpack(card("longsword"), card("padded_hood"), card("log_trap"))
    wrong_zone = mat.can_equip(Location.backpack(0), Slot.HEAD, attributes=STRONG)
    assert not wrong_zone
    assert wrong_zone.reason == "The Longsword is equipped in 1 hand, not in the head."
    weak = mat.can_equip(Location.backpack(0), Slot.HAND_1, attributes=MAGE, who="the Mage")
    assert weak.reason == "Equipping the Longsword needs STR 9, AGI 7; the Mage has STR 4."
    with pytest.raises(EquipError, match="the Mage has STR 4"):
        mat.equip(Location.backpack(1), Slot.HEAD, attributes=MAGE, who="the Mage")
    trap = mat.can_equip(Location.backpack(2), Area.BODY, attributes=STRONG)
    assert "only equipment is placed on the Body" in trap.reason
    assert "no card" in mat.can_equip(Location.backpack(9), attributes=STRONG).reason
    assert (
        "choose a Body slot"
        in mat.can_equip(Location.backpack(0), Area.BELT, attributes=STRONG).reason
    )


def test_cards_that_cannot_be_used_can_still_be_carried() -> None:
    mat = Mat().with_backpack(card("longsword"))
    change = mat.move(Location.backpack(0), Area.BELT, attributes=MAGE)
    assert change.ap == 10
    assert change.after.belt == (Held(card("longsword")),)
    assert not change.after.can_use(Location.belt(0), Purpose.ATTACK, attributes=MAGE)


def test_replaced_card_goes_to_belt_then_backpack() -> None:
    mat = Mat().with_body(Slot.HEAD, card("padded_hood")).with_backpack(card("leather_helmet"))
    change = mat.equip(Location.backpack(0), Slot.HEAD, attributes=STRONG)
    assert change.after.get(Location.body(Slot.HEAD)).card.id == "leather_helmet"
    assert change.after.belt == (Held(card("padded_hood")),)
    assert [m.dest for m in change.moved] == [Location.body(Slot.HEAD), Location.belt(0)]
    full = (
        Mat().with_belt(*[card("dagger")] * BELT_SPACES).with_body(Slot.HEAD, card("padded_hood"))
    )
    full = full.with_backpack(card("leather_helmet"))
    change = full.equip(Location.backpack(0), Slot.HEAD, attributes=STRONG)
    assert change.after.backpack[-1] == Held(card("padded_hood"))
    refused = full.can_equip(
        Location.backpack(0), Slot.HEAD, attributes=STRONG, replaced_to=Area.BELT
    )
    assert "Belt is full" in refused.reason


def test_two_handed_cards_fill_both_hands() -> None:
    mat = (
        Mat()
        .with_body(Slot.HAND_1, card("longsword"))
        .with_body(Slot.HAND_2, card("leather_shield"))
        .with_backpack(card("combat_hammer"))
    )
    change = mat.equip(Location.backpack(0), Slot.HAND_2, attributes=STRONG)
    after = change.after
    assert after.occupant(Slot.HAND_2) == (Slot.HAND_1, Held(card("combat_hammer")))
    assert not after.is_free(Slot.HAND_1) and not after.is_free(Slot.HAND_2)
    assert {h.card.id for h in after.belt} == {"longsword", "leather_shield"}
    assert change.ap == 10
    # Hand 2 of a two-hander names the same card.
    assert after.get(Location.body(Slot.HAND_2)) == Held(card("combat_hammer"))
    down = after.unequip(Slot.HAND_2, Area.BACKPACK)
    assert down.ap == 0 and down.after.is_free(Slot.HAND_1)
    with pytest.raises(EquipError, match="both hands"):
        Mat(((Slot.HAND_2, Held(card("combat_hammer"))),))


def test_one_handed_cards_take_the_first_free_hand() -> None:
    mat = Mat().with_backpack(card("dagger"), card("longsword"), card("leather_shield"))
    mat = mat.equip(Location.backpack(0), attributes=STRONG).after
    mat = mat.equip(Location.backpack(0), attributes=STRONG).after
    assert [slot for slot, _ in mat.body] == [Slot.HAND_1, Slot.HAND_2]
    full = mat.can_equip(Location.backpack(0), attributes=STRONG)
    assert "name the slot" in full.reason
    assert mat.equip(Location.backpack(0), Slot.HAND_1, attributes=STRONG).after.belt


def test_body_cards_go_anywhere_on_the_body() -> None:
    mat = Mat().with_backpack(card("healing_potion"), card("spell_guard"))
    mat = mat.equip(Location.backpack(0), Slot.FEET, attributes=MAGE).after
    assert mat.get(Location.body(Slot.FEET)).card.id == "healing_potion"
    mat = mat.equip(Location.backpack(0), attributes=MAGE).after
    assert mat.find("spell_guard").area is Area.BODY


def test_belt_capacity() -> None:
    mat = Mat().with_backpack(*[card("dagger")] * (BELT_SPACES + 1))
    for _ in range(BELT_SPACES):
        mat = mat.move(Location.backpack(0), Area.BELT, attributes=STRONG).after
    assert mat.belt_room == 0
    refused = mat.can_move(Location.backpack(0), Area.BELT, attributes=STRONG)
    assert refused.reason.startswith(f"The Belt holds {BELT_SPACES} cards and is full")
    with pytest.raises(EquipError):
        Mat(belt=tuple(Held(card("dagger")) for _ in range(BELT_SPACES + 1)))


def test_moves_that_go_nowhere_are_refused() -> None:
    mat = Mat().with_body(Slot.HEAD, card("padded_hood")).with_belt(card("dagger"))
    assert (
        "already in the head"
        in mat.can_move(Location.body(Slot.HEAD), Slot.HEAD, attributes=STRONG).reason
    )
    assert (
        "already in the Belt" in mat.can_move(Location.belt(0), Area.BELT, attributes=STRONG).reason
    )
    assert not mat.can_unequip(Slot.TORSO)
    assert "Belt or the Backpack" in mat.can_unequip(Slot.HEAD, Area.BODY).reason


def test_receiving_a_thrown_card_moves_only_the_replaced_one() -> None:
    mat = Mat().with_body(Slot.HAND_1, card("dagger")).with_body(Slot.HAND_2, card("longsword"))
    change = mat.receive(card("rune_blade"), Slot.HAND_1, attributes=STRONG)
    assert change.ap == 0
    assert change.moved[0].source is None
    assert change.after.belt == (Held(card("dagger")),)
    # The replaced dagger may go to another free Body slot that fits it, but not onto a taken one.
    refused = mat.can_receive(
        card("rune_blade"), Slot.HAND_1, attributes=STRONG, replaced_to=Slot.HAND_2
    )
    assert "is taken" in refused.reason
    armor_mat = Mat().with_body(Slot.HEAD, card("healing_potion"))
    moved = armor_mat.receive(
        card("padded_hood"), Slot.HEAD, attributes=STRONG, replaced_to=Slot.TORSO
    )
    assert moved.after.get(Location.body(Slot.TORSO)).card.id == "healing_potion"


def test_give_costs_as_throw_items() -> None:
    mat = Mat().with_body(Slot.HEAD, card("padded_hood")).with_belt(card("dagger"))
    mat = mat.with_backpack(card("healing_potion"))
    assert mat.give(Location.body(Slot.HEAD)).ap == 0
    assert mat.give(Location.belt(0)).ap == 4
    change = mat.give(Location.backpack(0))
    assert change.ap == 10 and change.moved[0].dest is None and len(change.after) == 2


def test_using_items_from_where_they_lie() -> None:
    mat = (
        Mat()
        .with_body(Slot.HAND_1, card("longsword"))
        .with_belt(card("dagger"), card("hunting_bow"), card("leather_shield"))
        .with_backpack(card("throwing_axe"))
    )
    sword, dagger, bow, shield = (
        Location.body(Slot.HAND_1),
        Location.belt(0),
        Location.belt(1),
        Location.belt(2),
    )
    assert mat.can_use(sword, Purpose.ATTACK, attributes=STRONG)
    assert mat.use_cost(sword) == 12
    assert mat.can_use(dagger, Purpose.ATTACK, attributes=STRONG)
    assert mat.use_cost(dagger) == 5 + 4
    bow_verdict = mat.can_use(bow, Purpose.ATTACK, attributes=STRONG)
    assert "never used from the Belt" in bow_verdict.reason
    shield_verdict = mat.can_use(shield, Purpose.DEFENSE, attributes=STRONG)
    assert shield_verdict.reason == "The Leather Shield defends only when equipped on the Body."
    backpack = mat.can_use(Location.backpack(0), Purpose.ATTACK, attributes=STRONG)
    assert "take it out first (10 AP)" in backpack.reason
    assert mat.can_use(sword, Purpose.DEFENSE, attributes=STRONG)
    assert mat.use_cost(sword, Purpose.DEFENSE) == 0
    assert (
        "no ranged attack"
        in mat.can_use(sword, Purpose.ATTACK, attributes=STRONG, kind=AttackKind.RANGED).reason
    )
    assert (
        "no psi resistance" in mat.can_use(sword, Purpose.PSI_RESISTANCE, attributes=STRONG).reason
    )
    assert mat.usable(Purpose.ATTACK, attributes=STRONG) == (sword, dagger)


def test_damaged_cards_lose_their_primary_function_only() -> None:
    mat = Mat().with_body(Slot.HAND_1, card("longsword")).with_body(Slot.HEAD, card("hypno_hat"))
    mat = mat.damage(Location.body(Slot.HAND_1)).after
    mat = mat.damage(Location.body(Slot.HEAD)).after
    assert (
        "damaged: repair it"
        in mat.can_use(Location.body(Slot.HAND_1), Purpose.ATTACK, attributes=STRONG).reason
    )
    assert mat.armor_total == 1 and mat.active_armor == 0
    assert mat.armor_options() == ()
    assert mat.bonuses.psi_resistance == 2 and mat.bonuses.magic == 1
    assert mat.at(Location.body(Slot.HEAD)).sale_value == 1
    with pytest.raises(RepairError, match="already damaged"):
        mat.damage(Location.body(Slot.HEAD))


def test_armor_options_respect_vulnerability() -> None:
    mat = (
        Mat().with_body(Slot.TORSO, card("leather_armor")).with_body(Slot.HEAD, card("padded_hood"))
    )
    assert len(mat.armor_options()) == 2
    assert [h.card.id for _, h in mat.armor_options(Element.EARTH)] == ["padded_hood"]
    assert [h.card.id for _, h in mat.armor_options(Element.FIRE)] == ["leather_armor"]


def test_belt_and_backpack_do_not_count_for_armor_or_bonuses() -> None:
    mat = Mat().with_belt(card("plate_arms")).with_backpack(card("amulet_of_vigor"))
    assert mat.armor_total == 0 and not mat.bonuses and mat.encumbrance(1) == 0


def test_repair_costs_and_sets() -> None:
    mat = (
        Mat()
        .with_body(Slot.TORSO, card("leather_armor"), damaged=True)
        .with_belt(card("leather_helmet"), damaged=True)
        .with_backpack(card("leather_armor"), damaged=True)
    )
    options = {o.set_name: o for o in mat.repair_options()}
    assert options["Leather"].ap == 9 + 4
    assert len(options["Leather"].locations) == 2
    assert mat.repair_cost(Location.body(Slot.TORSO)) == 8
    assert mat.repair_cost(Location.belt(0)) == 9 + 4
    assert mat.repair_cost(Location.backpack(0)) == 8 + 10
    assert (
        "repaired separately"
        in mat.can_repair([Location.body(Slot.TORSO), Location.backpack(0)]).reason
    )
    change = mat.repair([Location.body(Slot.TORSO), Location.belt(0)])
    assert change.ap == 13
    assert not change.after.at(Location.body(Slot.TORSO)).damaged
    assert not change.after.at(Location.belt(0)).damaged
    assert change.after.at(Location.backpack(0)).damaged
    assert "not damaged" in change.after.can_repair(Location.belt(0)).reason


def test_only_one_armor_set_is_repaired_together() -> None:
    mat = (
        Mat()
        .with_body(Slot.TORSO, card("leather_armor"), damaged=True)
        .with_body(Slot.FEET, card("padded_boots"), damaged=True)
        .with_body(Slot.HAND_1, card("longsword"), damaged=True)
    )
    feet, torso = Location.body(Slot.FEET), Location.body(Slot.TORSO)
    assert "one armor set" in mat.can_repair([torso, feet]).reason
    assert "one armor set" in mat.can_repair([torso, Location.body(Slot.HAND_1)]).reason
    assert "named twice" in mat.can_repair([torso, torso]).reason
    assert not mat.can_repair([])
    assert all(o.set_name is None for o in mat.repair_options())
    describe = mat.repair_options()[0].describe(mat)
    assert describe == "Repair Longsword: 12 AP"


def test_location_constructors_and_describe() -> None:
    assert repr(Location.body("head")) == "Location.body(Slot.HEAD)"
    assert repr(Location.belt(1)) == "Location.belt(1)"
    assert str(Location.backpack(0)) == "the Backpack, place 1"
    with pytest.raises(EquipError):
        Location(Area.BODY)
    with pytest.raises(EquipError):
        Location(Area.BELT, index=-1)
    mat = Mat().with_body(Slot.HEAD, card("padded_hood"), damaged=True).with_belt(card("dagger"))
    assert mat.describe() == ("Body: head: Padded Hood (damaged). Belt: Dagger. Backpack: nothing.")
    assert repr(mat.at(Location.body(Slot.HEAD))) == "Held('padded_hood', damaged=True)"
    assert mat.find("dagger") == Location.belt(0) and mat.find("nothing") is None
    assert hash(mat) == hash(
        Mat().with_belt(card("dagger")).with_body(Slot.HEAD, card("padded_hood"), damaged=True)
    )


# -- kept answers against answers worked out anew ---------------------------------------------

_STARTER = sorted(starter_pack().items, key=lambda c: c.id)
_ATTRIBUTES = [STRONG, MAGE, Attributes(STR=8, CON=8, AGI=8, PER=8, WIS=8, PSI=8)]


@settings(max_examples=60)
@given(
    st.lists(
        st.tuples(
            st.lists(st.tuples(st.sampled_from(_STARTER), st.booleans()), max_size=9),
            st.sampled_from(_ATTRIBUTES),
        ),
        min_size=1,
        max_size=4,
    ),
    st.sampled_from(_STARTER),
)
def test_kept_mat_answers_are_the_answers_worked_out_anew(
    mats: list[tuple[list[tuple[object, bool]], Attributes]], thrown: object
) -> None:
    """A mat keeps its bonuses, usable cards and move and receive verdicts by value: asked
    of one mat, then of an equal one built apart, then of other mats and attributes, every
    answer is the one worked out anew."""
    for cards, attributes in mats * 2:  # twice: the second time from the memory
        hero = Character("Test", attributes)
        for c, damaged in cards:
            hero.receive_where_it_fits(Held(c, damaged))  # type: ignore[arg-type]
        mat = Mat(hero.mat.body, hero.mat.belt, hero.mat.backpack)  # equal, not the same
        assert mat.bonuses == mat._bonuses()
        assert mat.active_armor == mat._active_armor()
        for purpose in Purpose:
            for kind in (None, *AttackKind):
                assert mat.usable(purpose, attributes=attributes, kind=kind) == mat._usable(
                    purpose, attributes, kind
                )
        for location, _ in mat.locations():
            for dest in (*Slot, *Area):
                assert mat.can_move(location, dest, attributes=attributes) == mat._can_move(
                    location, dest, attributes, "the character", None
                )
        for dest in (*Slot, *Area):
            for held in (Held(thrown), Held(thrown, damaged=True)):  # type: ignore[arg-type]
                assert mat.can_receive(held, dest, attributes=attributes) == mat._can_receive(
                    held, dest, attributes, "the character", None
                )


def test_shared_locations_are_the_locations_built_anew() -> None:
    for slot in Slot:
        assert Location.body(slot) == Location(Area.BODY, slot=slot)
        assert Location.body(slot.value) is Location.body(slot)
    for i in range(40):
        assert Location.belt(i) == Location(Area.BELT, index=i)
        assert Location.backpack(i) == Location(Area.BACKPACK, index=i)
    for bad in (-1, 1.0, "1"):
        with pytest.raises(EquipError):
            Location.belt(bad)  # type: ignore[arg-type]
        with pytest.raises(EquipError):
            Location.backpack(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Location.body("elbow")


def test_a_mat_keeps_the_hash_a_frozen_dataclass_gives() -> None:
    import copy
    import dataclasses
    import pickle

    mat = Mat().with_body(Slot.HAND_1, card("longsword")).with_belt(card("leather_armor"))
    mat = mat.with_backpack(card("longsword"), damaged=True)
    fresh = hash(tuple(getattr(mat, f.name) for f in dataclasses.fields(mat) if f.compare))
    assert fresh == hash((mat.body, mat.belt, mat.backpack))
    assert hash(mat) == fresh and hash(mat) == fresh
    for again in (copy.copy(mat), copy.deepcopy(mat), pickle.loads(pickle.dumps(mat))):
        assert again == mat and hash(again) == fresh and again.body == mat.body
    assert repr(mat).startswith("Mat(body=") and "_hash" not in repr(mat)
