"""Where a card on the mat may go, asked of the engine without a widget.

Rulebook sections: *Equip Items*, *Equipping Cards and Definition of Symbols*, *Requirements of
Equipment Cards*, *Preparing Characters*; rulings H11 and H15.
"""

from __future__ import annotations

import re

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.errors import EquipError
from doria_nb.engine.mat import Area, Location, Slot
from doria_nb.ui.character_sheet import premade_character
from doria_nb.ui.character_sheet.moves import (
    SheetMove,
    card_destinations,
    cost_text,
    legal_moves,
    locate_card,
)
from doria_nb.ui.mat_places import DESTINATIONS, destination_key

PACK = starter_pack()


def places(moves: list[SheetMove]) -> dict[str, SheetMove]:
    return {move.destination: move for move in moves}


def test_cost_text() -> None:
    assert cost_text(10, setup=False) == "10 AP"
    assert cost_text(0, setup=False) == cost_text(0, setup=True) == "free (0 AP)"
    assert cost_text(4, setup=True) == "free at setup (4 AP in play)"


def test_locate_a_card_by_key_location_or_id() -> None:
    mage = premade_character("mage")
    assert locate_card(mage, "backpack:1") == Location.backpack(1)
    assert locate_card(mage, Location.backpack(0)) == Location.backpack(0)
    assert locate_card(mage, " spell_guard ") == Location.backpack(1)


@pytest.mark.parametrize(
    ("card", "said"),
    [
        ("excalibur", "The Mage has no card 'excalibur' on the mat; the cards are psi_orb, "),
        ("backpack:5", "There is no card in the Backpack"),
        ("body:head", "There is no card in the head"),
        (7, "Name a card by its place or id, not 7."),
    ],
)
def test_locating_a_missing_card_says_why(card: object, said: str) -> None:
    with pytest.raises(EquipError, match=re.escape(said)):
        locate_card(premade_character("mage"), card)  # type: ignore[arg-type]


def test_hand_2_of_a_two_handed_card_is_found_at_hand_1() -> None:
    warrior = premade_character("warrior")
    warrior.move(warrior.mat.find("combat_hammer"), Slot.HAND_1)
    assert locate_card(warrior, "body:hand 2") == Location.body(Slot.HAND_1)


def test_every_destination_with_its_verdict_and_cost() -> None:
    mage = premade_character("mage")
    before = mage.mat
    moves = card_destinations(mage, "psi_orb")
    assert [m.destination for m in moves] == [destination_key(d) for d in DESTINATIONS]
    hand = places(moves)["hand 1"]
    assert (hand.ok, hand.ap, hand.text) == (True, 10, "✔ 10 AP")
    assert hand.label == "Psi Orb (Backpack 1) → Hand 1: 10 AP"
    assert (hand.card, hand.card_id, hand.card_name) == ("backpack:0", "psi_orb", "Psi Orb")
    head = places(moves)["head"]
    assert (head.ok, head.ap, head.label) == (False, None, "")
    assert head.text == f"✖ {head.reason}" and "not in the head" in head.reason
    assert mage.mat == before  # asking changes nothing
    assert hand.as_dict()["destination_label"] == "Hand 1"


def test_setup_shows_what_a_move_would_cost_in_play() -> None:
    hand = places(card_destinations(premade_character("mage"), "psi_orb", setup=True))["hand 1"]
    assert hand.ap == 10 and hand.text == "✔ free at setup (10 AP in play)"


def test_a_two_handed_card_lists_both_hands_once() -> None:
    moves = card_destinations(premade_character("warrior"), "combat_hammer")
    labels = [m.destination_label for m in moves]
    assert labels[0] == "Both hands" and "Hand 2" not in labels
    assert len(moves) == len(DESTINATIONS) - 1


def test_a_move_onto_an_occupied_slot_says_where_the_old_card_goes() -> None:
    adventurer = premade_character("adventurer")
    adventurer.receive(PACK.item("short_sword"), Area.BACKPACK)
    adventurer.move(adventurer.mat.find("side_sword"), Slot.HAND_1)
    adventurer.move(adventurer.mat.find("psi_dart"), Slot.HAND_2)
    hand = places(card_destinations(adventurer, "short_sword"))["hand 1"]
    assert hand.replaces == "the Side-Sword it replaces goes to the Belt"
    assert hand.text.endswith("; the Side-Sword it replaces goes to the Belt")
    assert hand.label.endswith("(the Side-Sword it replaces goes to the Belt)")


def test_legal_moves_of_the_mat_or_of_one_card() -> None:
    mage = premade_character("mage")
    everything = legal_moves(mage)
    assert everything and all(m.ok for m in everything)
    assert {m.card for m in everything} == {"backpack:0", "backpack:1"}
    one = legal_moves(mage, "spell_guard")
    assert one == [m for m in everything if m.card == "backpack:1"]


def test_efficiency_lowers_the_cost() -> None:
    """Ruling H15: Efficiency saves 3 AP on every item action."""
    mage = premade_character("mage")
    mage.set_level(2)
    mage.choose_bonus(PACK.bonus("efficiency"))
    assert places(card_destinations(mage, "psi_orb"))["hand 1"].ap == 7
