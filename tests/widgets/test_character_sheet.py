"""The character sheet, driven from Python and through fake front-end messages (no browser).

Rulebook sections: *Calculated Values*, *Character Mat & Character Sheet Anatomy*, *Armor
Encumbrance*, *Equipping Cards and Definition of Symbols*, *Requirements of Equipment Cards*,
*Equip Items*, *Additional Card Properties*, *Repairing Equipment*; rulings H5, H7, H9–H11,
H13–H15.
"""

from __future__ import annotations

import json
import re

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.attributes import Attributes
from doria_nb.engine.character import Character
from doria_nb.engine.errors import UnknownContentError
from doria_nb.engine.mat import Area, Location, Mat, Slot
from doria_nb.ui import WIDGET_CLASSES, CharacterSheet, widget_asset
from doria_nb.ui.character_sheet import (
    CSS_CLASSES,
    DESTINATIONS,
    destination_key,
    encumbrance_text,
    formula_text,
    location_key,
    parse_destination,
    parse_location,
)

PACK = starter_pack()


def front_end(sheet: CharacterSheet, **content) -> None:
    """Deliver ``content`` the way the browser's ``model.send(content)`` arrives."""
    sheet._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def with_cards(character: Character, *card_ids: str) -> Character:
    character.mat = Mat(character.mat.body, character.mat.belt, character.mat.backpack)
    for card_id in card_ids:
        character.receive(PACK.item(card_id), Area.BACKPACK)
    return character


def premade(hero: str) -> Character:
    return Character.from_template(
        PACK.hero(hero), dodge=PACK.dodge, psi_resistance=PACK.psi_resistance
    )


def snapshot(character: Character) -> tuple:
    return (character.mat, character.attributes, character.hp, character.pp, character.maximum)


def values(sheet: CharacterSheet) -> dict[str, dict]:
    return {row["key"]: row for row in sheet.state["values"]}


# --- construction ------------------------------------------------------------------------


def test_the_sheet_is_registered_with_its_front_end_files() -> None:
    assert CharacterSheet in WIDGET_CLASSES
    js = widget_asset("character_sheet.js").read_text(encoding="utf-8")
    css = widget_asset("character_sheet.css").read_text(encoding="utf-8")
    assert "export default" in js
    assert not re.search(r"^\s*import\s", js, re.MULTILINE), "no imports: no build step"
    assert "http" not in js.replace("http://www.w3.org", "")  # no CDN
    for name in (
        "root",
        "body",
        "belt",
        "backpack",
        "card",
        "details",
        "destination",
        "destination_button",
        "move_select",
        "move_button",
        "message",
    ):
        assert CSS_CLASSES[name] in js, name
        assert f".{CSS_CLASSES[name]}" in css or name in ("destination", "details"), name


def test_for_hero_builds_the_premade_with_its_standard_items_in_the_backpack() -> None:
    for hero in ("mage", "Mage", "Shield Maiden", "shield_maiden"):
        sheet = CharacterSheet.for_hero(hero)
        assert sheet.character is not None
        assert sheet.character.template is PACK.hero(sheet.character.template.id)
    sheet = CharacterSheet.for_hero("mage")
    state = sheet.state
    assert state["name"] == "Mage" and state["kind"] == "premade hero (Mage)"
    assert [a["value"] for a in state["attributes"]] == [4, 6, 7, 11, 11, 11]
    assert [card["id"] for card in state["backpack"]] == ["psi_orb", "spell_guard"]
    assert state["belt"] == [] and state["belt_spaces"] == 3
    assert [slot["slot"] for slot in state["body"]] == [s.value for s in Slot]
    assert all(slot["card"] is None for slot in state["body"])
    json.dumps(state)  # plain JSON only


def test_an_unknown_hero_is_refused_with_a_suggestion() -> None:
    with pytest.raises(UnknownContentError, match="did you mean 'mage'"):
        CharacterSheet.for_hero("magee")


def test_an_empty_sheet_and_a_wrong_type() -> None:
    sheet = CharacterSheet()
    assert sheet.state["empty"] is True
    assert sheet.legal_moves() == []
    assert sheet.move("psi_orb", "hand 1") is None
    assert "no character" in sheet.message
    with pytest.raises(TypeError):
        CharacterSheet("mage")  # type: ignore[arg-type]


# --- values with their arithmetic --------------------------------------------------------


def test_calculated_values_show_their_formulas() -> None:
    """*Calculated Values*: (STR+CON)÷2, (AGI+PER)÷2, (WIS+PSI)÷2, rounded down."""
    sheet = CharacterSheet.for_hero("mage")
    rows = values(sheet)
    assert rows["hp"]["formula"] == "(STR 4 + CON 6) ÷ 2 = 5, rounded down"
    assert rows["ip"]["formula"] == "(AGI 7 + PER 11) ÷ 2 = 9, rounded down"
    assert rows["pp"]["formula"] == "(WIS 11 + PSI 11) ÷ 2 = 11, rounded down"
    assert [rows[k]["maximum"] for k in ("hp", "ip", "pp")] == [5, 9, 11]
    assert rows["hp"]["current"] == 5 and rows["ip"]["current"] is None
    odd = Attributes(STR=5, CON=6, AGI=7, PER=8, WIS=9, PSI=15)
    assert formula_text(odd, "hp") == "(STR 5 + CON 6) ÷ 2 = 5, rounded down"


def test_armor_encumbrance_example_with_its_arithmetic() -> None:
    """*Armor Encumbrance*, Example: the Mage at STR 5 with Woolen Jacket, Woolen Shoes and
    Tights (5 AR) loses nothing; the Padded Hood makes 8 AR: 3 IP (ruling H2: the premade
    Mage has STR 4 and spends one point first)."""
    mage = premade("mage")
    mage.gain_points(1)
    mage.raise_attributes({"STR": 1})
    sheet = CharacterSheet(with_cards(mage, "woolen_jacket", "woolen_shoes", "tights"))
    for card_id, slot in (("woolen_jacket", "torso"), ("woolen_shoes", "feet"), ("tights", "legs")):
        assert sheet.move(card_id, slot) is not None, sheet.message
    ip = values(sheet)["ip"]
    assert ip["encumbrance"] == 0
    assert ip["encumbrance_text"] == "AR 5 on the Body ≤ STR 5: no IP lost"
    sheet.character.receive(PACK.item("padded_hood"), Area.BACKPACK)
    sheet.refresh()
    change = sheet.move("padded_hood", "head")
    assert change is not None and change.ap == 10
    assert "IP 9 → 6" in sheet.message
    ip = values(sheet)["ip"]
    assert ip["encumbrance"] == 3
    assert ip["encumbrance_text"] == "AR 8 on the Body − STR 5 = 3 IP"
    assert ip["maximum"] == 6 and ip["maximum_text"] == "9 − 3 encumbrance = 6"
    assert sheet.state["encumbrance_text"] == encumbrance_text(8, 5)


def test_equipment_modifiers_name_their_cards() -> None:
    """*Character Mat & Character Sheet Anatomy*: Equipment Modifiers are recorded below HP,
    IP and PP; current HP moves with the maximum (ruling H7)."""
    warrior = with_cards(premade("warrior"), "amulet_of_vigor", "chain_shirt")
    sheet = CharacterSheet(warrior)
    sheet.move("amulet_of_vigor", "accessory")
    sheet.move("chain_shirt", "torso")
    rows = values(sheet)
    assert rows["hp"]["modifier"] == 2 and rows["hp"]["modifier_text"] == "+2 Amulet of Vigor"
    assert rows["hp"]["maximum"] == 15 and rows["hp"]["current"] == 15
    assert rows["ip"]["modifier"] == -1 and rows["ip"]["modifier_text"] == "−1 Chain Shirt"
    assert rows["ip"]["maximum_text"] == "7 − 1 equipment = 6"


def test_skills_are_available_or_say_why_not() -> None:
    """*Create Heroes*, Warning; ruling H5: Dodge needs AGI 5, Psi Resistance WIS 5."""
    sheet = CharacterSheet(Character.custom("Brute", {"STR": 13, "CON": 13, "AGI": 4, "PER": 9,
                                                       "WIS": 4, "PSI": 7}))  # fmt: skip
    assert sheet.state["skills"] == [
        "✖ Dodge 2D: Using Dodge needs AGI 5; Brute has AGI 4.",
        "✖ Psi Resistance 2D: Using Psi Resistance needs WIS 5; Brute has WIS 4.",
    ]
    assert sheet.state["defense"] == [] and sheet.state["psi_resistance"] == []
    mage = CharacterSheet.for_hero("mage")
    assert mage.state["skills"] == ["✔ Dodge 2D (needs AGI 5)", "✔ Psi Resistance 2D (needs WIS 5)"]


# --- selecting and moving through front-end messages -------------------------------------


def test_clicking_a_card_shows_every_place_with_cost_or_reason() -> None:
    sheet = CharacterSheet.for_hero("mage")
    front_end(sheet, type="select", card="backpack:0")
    assert sheet.selected == "backpack:0"
    details = sheet.state["details"]
    assert details["name"] == "Psi Orb" and details["requirement_text"] == "✔ needs WIS 8, PSI 9"
    places = {d["destination"]: d for d in details["destinations"]}
    assert list(places) == [destination_key(d) for d in DESTINATIONS]
    assert places["hand 1"]["ok"] and places["hand 1"]["ap"] == 10
    assert places["hand 1"]["text"] == "✔ 10 AP"
    assert places["belt"]["ok"] and places["belt"]["ap"] == 10  # out of the Backpack: 10 AP
    assert not places["head"]["ok"] and places["head"]["ap"] is None
    assert places["head"]["text"] == "✖ The Psi Orb is equipped in 1 hand, not in the head."
    assert not places["backpack"]["ok"] and "already" in places["backpack"]["reason"]
    front_end(sheet, type="deselect")
    assert sheet.selected is None and sheet.state["details"] is None


def test_a_requirement_refusal_names_the_attribute_and_changes_nothing() -> None:
    """*Requirements of Equipment Cards*: a card whose requirements are not met can only be
    carried in the Belt or Backpack."""
    mage = with_cards(premade("mage"), "longsword")
    sheet = CharacterSheet(mage)
    card = sheet.state["backpack"][2]
    assert card["id"] == "longsword" and card["requirement_text"] == (
        "✖ needs STR 10 (has 4), AGI 8 (has 7)"
    )
    assert card["requirements_met"] is False
    before = snapshot(mage)
    state_before = {k: v for k, v in sheet.state.items() if k != "message"}
    front_end(sheet, type="move", card="backpack:2", destination="hand 1")
    reason = "Equipping the Longsword needs STR 10, AGI 8; the Mage has STR 4 and AGI 7."
    assert sheet.message == f"✖ {reason} Nothing changed."
    assert sheet.message_kind == "error"
    assert sheet.state["message"] == {"text": sheet.message, "kind": "error"}
    assert snapshot(mage) == before
    assert {k: v for k, v in sheet.state.items() if k != "message"} == state_before
    assert sheet.last_ap is None and sheet.ap_spent == 0
    front_end(sheet, type="select", card="longsword")
    places = {d["destination"]: d for d in sheet.state["details"]["destinations"]}
    assert places["hand 1"]["reason"] == reason
    assert places["belt"]["ok"]  # anything may be carried


def test_a_legal_move_goes_through_the_engine_and_shows_its_cost() -> None:
    sheet = CharacterSheet.for_hero("mage")
    front_end(sheet, type="move", card="backpack:0", destination="hand 1")
    mage = sheet.character
    assert mage.mat.get(Location.body(Slot.HAND_1)).card.id == "psi_orb"
    assert sheet.message == (
        "✔ The Mage moved the Psi Orb from the Backpack, place 1 to the hand 1 (Body): 10 AP."
    )
    assert sheet.last_ap == 10 and sheet.ap_spent == 10
    assert sheet.state["body"][0]["card"]["id"] == "psi_orb"
    assert sheet.selected == "body:hand 1"  # the moved card stays selected
    # Putting it down into the Belt is free (ruling H11); taking it out again costs 4.
    assert sheet.move("body:hand 1", "Belt").ap == 0
    assert sheet.move("belt:0", "hand 2").ap == 4
    assert sheet.ap_spent == 14


def test_a_replaced_card_goes_to_the_belt_and_the_option_says_so() -> None:
    sheet = CharacterSheet(with_cards(premade("adventurer"), "short_sword"))
    sheet.move("side_sword", "hand 1")
    sheet.move("psi_dart", "hand 2")
    front_end(sheet, type="select", card="short_sword")
    places = {d["destination"]: d for d in sheet.state["details"]["destinations"]}
    assert places["hand 1"]["replaces"] == "the Side-Sword it replaces goes to the Belt"
    change = sheet.move("short_sword", "hand 1")
    assert change is not None
    assert "The Side-Sword it replaced went to the Belt." in sheet.message
    assert [c["id"] for c in sheet.state["belt"]] == ["side_sword"]


def test_two_handed_cards_list_both_hands_once_and_fill_hand_2() -> None:
    sheet = CharacterSheet.for_hero("warrior")
    front_end(sheet, type="select", card="combat_hammer")
    places = [d["destination_label"] for d in sheet.state["details"]["destinations"]]
    assert places[0] == "Both hands" and "Hand 2" not in places
    sheet.move("combat_hammer", "hand 2")
    hand_1, hand_2 = sheet.state["body"][:2]
    assert hand_1["card"]["id"] == "combat_hammer"
    assert hand_2["card"] is None and hand_2["filled_by"] == "body:hand 1"
    assert sheet.select("body:hand 2")["key"] == "body:hand 1"


def test_every_listed_move_is_legal_and_every_refused_one_changes_nothing() -> None:
    """The sheet's lists agree with the engine: each legal move succeeds with the AP shown,
    each refused one fails with the reason shown and leaves the character as it was."""
    base_cards = ("longsword", "padded_hood", "healing_potion", "tights", "hunting_bow")
    probe = CharacterSheet(with_cards(premade("ranger"), *base_cards))
    probe.move("tomahawk", "hand 1")
    layout = probe.character.mat
    keys = [location_key(loc) for loc, _ in layout.locations()]
    for key in keys:
        for option in probe.destinations(key):
            character = premade("ranger")
            character.mat = layout
            sheet = CharacterSheet(character)
            before = snapshot(character)
            change = sheet.move(key, option.destination)
            if option.ok:
                assert change is not None, (key, option, sheet.message)
                assert change.ap == option.ap
            else:
                assert change is None
                assert sheet.message == f"✖ {option.reason} Nothing changed."
                assert snapshot(character) == before


def test_legal_moves_lists_only_legal_moves_with_labels() -> None:
    sheet = CharacterSheet.for_hero("mage")
    moves = sheet.legal_moves()
    assert moves and all(m.ok for m in moves)
    assert {m.card for m in moves} == {"backpack:0", "backpack:1"}
    assert "Psi Orb (Backpack 1) → Hand 1: 10 AP" in [m.label for m in moves]
    assert sheet.state["moves"] == [m.as_dict() for m in moves]
    assert all(m.card == "backpack:1" for m in sheet.legal_moves("spell_guard"))


def test_efficiency_lowers_the_costs_shown() -> None:
    """Ruling H15: Efficiency saves 3 AP on every item action."""
    mage = premade("mage")
    mage.set_level(2)
    mage.choose_bonus(PACK.bonus("efficiency"))
    sheet = CharacterSheet(mage)
    place = next(m for m in sheet.destinations("psi_orb") if m.destination == "hand 1")
    assert place.ap == 7
    assert sheet.move("psi_orb", "hand 1").ap == 7 and sheet.last_ap == 7


def test_setup_mode_arranges_cards_for_free_and_says_what_play_would_cost() -> None:
    """*Preparing Characters*: the starting cards can be directly equipped or placed in the
    Belt or Backpack."""
    sheet = CharacterSheet.for_hero("mage", setup=True)
    assert sheet.state["setup"] and "no AP" in sheet.state["setup_text"]
    place = next(m for m in sheet.destinations("psi_orb") if m.destination == "hand 1")
    assert place.text == "✔ free at setup (10 AP in play)"
    sheet.move("psi_orb", "hand 1")
    assert sheet.last_ap == 0 and sheet.ap_spent == 0
    assert "free at setup (10 AP in play)" in sheet.message


def test_damage_and_repair_from_the_front_end() -> None:
    """*Repairing Equipment*; rulings H13 and H14: a damaged card keeps its place and
    bonuses; repairing costs the card's AP (+10 in the Backpack)."""
    sheet = CharacterSheet.for_hero("mage")
    sheet.move("spell_guard", "accessory")
    front_end(sheet, type="damage", card="body:accessory")
    card = sheet.state["body"][-1]["card"]
    assert card["damaged"] and card["damaged_text"] == "⚠ damaged"
    assert "damaged" in card["label"]
    assert sheet.state["details"]["can_repair"] and sheet.state["details"]["repair_text"] == (
        "Repair (6 AP)"
    )
    assert sheet.state["psi_resistance"] == ["Psi Resistance 2D"]  # the damaged ward is out
    front_end(sheet, type="damage", card="body:accessory")
    assert sheet.message == "✖ The Spell Guard is already damaged. Nothing changed."
    front_end(sheet, type="repair", card="body:accessory")
    assert sheet.message == "✔ The Mage repaired the Spell Guard: 6 AP."
    assert not sheet.character.mat.at(Location.body(Slot.ACCESSORY)).damaged
    front_end(sheet, type="repair", card="backpack:0")
    assert sheet.message == "✖ The Psi Orb is not damaged. Nothing changed."


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ({"type": "dance"}, "does not know the request 'dance'"),
        ({"type": "move", "card": "backpack:9", "destination": "head"}, "no card in the Backpack"),
        ({"type": "move", "card": "backpack:0", "destination": "nose"}, "not a place on the mat"),
        ({"type": "select", "card": "pocket:1"}, "names no place on the mat"),
        ({"type": "select", "card": "excalibur"}, "has no card 'excalibur'"),
    ],
)
def test_malformed_requests_explain_and_change_nothing(content: dict, said: str) -> None:
    sheet = CharacterSheet.for_hero("mage")
    before = snapshot(sheet.character)
    front_end(sheet, **content)
    assert said in sheet.message and sheet.message_kind == "error"
    assert snapshot(sheet.character) == before


def test_changing_the_character_resets_the_sheet() -> None:
    sheet = CharacterSheet.for_hero("mage")
    sheet.move("psi_orb", "hand 1")
    sheet.character = premade("warrior")
    assert sheet.state["name"] == "Warrior" and sheet.selected is None
    assert sheet.message == "" and sheet.ap_spent == 0
    sheet.character = None
    assert sheet.state["empty"]


def test_a_summary_for_screen_readers_and_card_labels_in_words() -> None:
    sheet = CharacterSheet.for_hero("mage")
    assert sheet.state["summary"].startswith("Mage: STR 4 CON 6")
    assert "Backpack: Psi Orb, Spell Guard." in sheet.state["summary"]
    label = sheet.state["backpack"][0]["label"]
    assert label == "Psi Orb. Magic 3D+2, damage 2. 10 AP. 2 PP. range 5. ✔ needs WIS 8, PSI 9."


def test_location_and_destination_keys_round_trip() -> None:
    for location in (Location.body(Slot.HAND_2), Location.belt(1), Location.backpack(4)):
        assert parse_location(location_key(location)) == location
    for destination in DESTINATIONS:
        assert parse_destination(destination_key(destination)) == destination
    assert parse_destination("Hand_1") is Slot.HAND_1
    assert parse_destination("BODY") is Area.BODY
