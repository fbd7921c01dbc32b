"""The plain state the character sheet draws, built by a pure function (no widget).

Rulebook sections: *Calculated Values*, *Character Mat & Character Sheet Anatomy*, *Armor
Encumbrance*, *Repairing Equipment*, *Preparing Characters*; rulings H7, H13 and H14.
"""

from __future__ import annotations

import json

from doria_nb.content.loader import starter_pack
from doria_nb.engine.mat import Area, Location, Slot
from doria_nb.ui.character_sheet import CharacterSheet, premade_character
from doria_nb.ui.character_sheet.drawn import (
    body_state,
    calculated_values,
    card_state,
    selected_details,
    sheet_state,
)
from doria_nb.ui.character_sheet.moves import legal_moves
from doria_nb.ui.mat_places import DESTINATIONS, destination_key

PACK = starter_pack()


def test_no_character_is_an_empty_sheet() -> None:
    assert sheet_state(None, setup=True, message="hi", message_kind="ok") == {
        "empty": True,
        "name": "",
        "summary": "No character yet.",
        "message": {"text": "hi", "kind": "ok"},
        "setup": True,
    }


def test_the_state_is_plain_json_and_building_it_changes_nothing() -> None:
    mage = premade_character("mage")
    mat, maximum = mage.mat, mage.maximum
    first = sheet_state(mage, selected="backpack:0")
    assert json.loads(json.dumps(first)) == first
    assert sheet_state(mage, selected="backpack:0") == first
    assert (mage.mat, mage.maximum) == (mat, maximum)


def test_the_widget_sends_exactly_this_state() -> None:
    sheet = CharacterSheet.for_hero("warrior", setup=True)
    sheet.move("combat_hammer", "hand 1")
    assert sheet.state == sheet_state(
        sheet.character,
        setup=True,
        selected=sheet.selected,
        message=sheet.message,
        message_kind=sheet.message_kind,
        last_ap=sheet.last_ap,
        ap_spent=sheet.ap_spent,
    )


def test_the_sheet_of_a_premade_hero() -> None:
    state = sheet_state(premade_character("mage"), last_ap=4, ap_spent=9)
    assert state["empty"] is False
    assert (state["name"], state["kind"], state["level"]) == ("Mage", "premade hero (Mage)", 1)
    assert [a["key"] for a in state["attributes"]] == ["STR", "CON", "AGI", "PER", "WIS", "PSI"]
    assert state["attribute_total"] == sum(a["value"] for a in state["attributes"])
    assert [card["id"] for card in state["backpack"]] == ["psi_orb", "spell_guard"]
    assert state["belt"] == [] and state["selected"] is None and state["details"] is None
    assert state["skills"][0] == "✔ Dodge 2D (needs AGI 5)"
    assert state["moves"] == [m.as_dict() for m in legal_moves(premade_character("mage"))]
    assert (state["last_ap"], state["ap_spent"]) == (4, 9)
    assert state["setup"] is False and state["setup_text"] == ""
    assert state["message"] == {"text": "", "kind": "info"}


def test_calculated_values_carry_their_arithmetic() -> None:
    """*Calculated Values* and ruling H7: equipment moves the maximum and the current HP."""
    warrior = premade_character("warrior")
    warrior.receive(PACK.item("amulet_of_vigor"), Area.BACKPACK)
    warrior.move(warrior.mat.find("amulet_of_vigor"), Slot.ACCESSORY)
    hp, ip, pp = calculated_values(warrior)
    assert [hp["key"], ip["key"], pp["key"]] == ["hp", "ip", "pp"]
    assert hp["formula"].endswith("rounded down") and hp["modifier"] == 2
    assert hp["modifier_text"] == "+2 Amulet of Vigor"
    assert hp["maximum"] == hp["base"] + 2 == hp["current"]
    assert hp["maximum_text"] == f"{hp['base']} + 2 equipment = {hp['maximum']}"
    assert ip["current"] is None and ip["encumbrance_text"].startswith("AR ")
    assert hp["encumbrance_text"] == "" and pp["modifier_text"] == "none"


def test_a_two_handed_card_fills_both_hands_on_the_body() -> None:
    warrior = premade_character("warrior")
    warrior.move(warrior.mat.find("combat_hammer"), Slot.HAND_1)
    cards = {
        "body:hand 1": card_state(
            warrior.mat.at(Location.body(Slot.HAND_1)), Location.body(Slot.HAND_1), warrior
        )
    }
    hand_1, hand_2, head, *_ = body_state(warrior.mat, cards)
    assert hand_1["card"]["id"] == "combat_hammer" and hand_1["label"] == "Hand 1"
    assert hand_2 == {
        "slot": "hand 2",
        "label": "Hand 2",
        "card": None,
        "filled_by": "body:hand 1",
        "filled_text": "Combat Hammer (both hands)",
    }
    assert head == {"slot": "head", "label": "Head", "card": None}


def test_the_selected_card_lists_every_destination() -> None:
    state = sheet_state(premade_character("mage"), selected="backpack:0", setup=True)
    details = state["details"]
    assert details["key"] == "backpack:0" and details["name"] == "Psi Orb"
    assert [d["destination"] for d in details["destinations"]] == [
        destination_key(d) for d in DESTINATIONS
    ]
    hand = details["destinations"][0]
    assert hand["ok"] and hand["text"] == "✔ free at setup (10 AP in play)"
    assert details["can_damage"] is True and details["can_repair"] is False
    assert "repair_text" not in details
    assert "no AP cost" in state["setup_text"]


def test_a_damaged_card_offers_its_repair_with_the_cost() -> None:
    """*Repairing Equipment*, ruling H14: repairing in the Backpack costs 10 AP more."""
    mage = premade_character("mage")
    mage.damage_item(Location.backpack(1))
    card = card_state(mage.mat.at(Location.backpack(1)), Location.backpack(1), mage)
    assert card["damaged"] and card["damaged_text"] == "⚠ damaged"
    assert card["label"].endswith(". damaged.")
    details = selected_details(mage, card, setup=False)
    assert details["can_repair"] and not details["can_damage"]
    assert details["repair_text"] == "Repair (16 AP)"
    in_setup = selected_details(mage, card, setup=True)
    assert in_setup["repair_text"] == "Repair (free at setup (16 AP in play))"


def test_card_state_in_words() -> None:
    mage = premade_character("mage")
    card = card_state(mage.mat.at(Location.backpack(0)), Location.backpack(0), mage)
    assert card["label"] == (
        "Psi Orb. Magic 3D+2, damage 2. 10 AP. 2 PP. range 5. ✔ needs WIS 8, PSI 9."
    )
    assert card["requirements_met"] is True and card["where"] == str(Location.backpack(0))
    assert "Standard Item" in card["flags"]
