"""The character sheet's arithmetic and cards in words (no widget).

Rulebook sections: *Calculated Values*, *Armor Encumbrance*, *Character Mat & Character Sheet
Anatomy* (Equipment Modifiers), *Requirements of Equipment Cards*; ruling H5.
"""

from __future__ import annotations

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.attributes import Attributes
from doria_nb.engine.character import Character
from doria_nb.engine.mat import Area, Slot
from doria_nb.ui.character_sheet import premade_character
from doria_nb.ui.character_sheet.texts import (
    MINUS,
    bonus_words,
    capital,
    card_lines,
    encumbrance_text,
    formula_text,
    maximum_text,
    modifier_text,
    requirement_status,
    signed,
    skill_text,
    values_change,
)

PACK = starter_pack()
WEAK = Attributes(STR=4, CON=6, AGI=4, PER=11, WIS=4, PSI=11)


def equipped(hero: str, *placed: tuple[str, Slot]) -> Character:
    """A premade hero with each card received into the Backpack and then moved to its slot."""
    character = premade_character(hero)
    for card_id, slot in placed:
        character.receive(PACK.item(card_id), Area.BACKPACK)
        character.move(character.mat.find(card_id), slot)
    return character


def test_signed_and_capital() -> None:
    assert [signed(2), signed(0), signed(-3)] == ["+2", "+0", f"{MINUS}3"]
    assert capital("the Mage") == "The Mage" and capital("") == ""


def test_formula_text_of_each_value_and_an_unknown_key() -> None:
    assert formula_text(WEAK, "pp") == "(WIS 4 + PSI 11) ÷ 2 = 7, rounded down"
    with pytest.raises(KeyError, match="use hp, ip or pp"):
        formula_text(WEAK, "ap")


def test_encumbrance_at_the_boundary_loses_nothing() -> None:
    assert encumbrance_text(5, 5) == "AR 5 on the Body ≤ STR 5: no IP lost"
    assert encumbrance_text(6, 5) == f"AR 6 on the Body {MINUS} STR 5 = 1 IP"


@pytest.mark.parametrize(
    ("base", "modifier", "lost", "text"),
    [
        (9, 0, 0, "9, no modifiers"),
        (9, 2, 0, "9 + 2 equipment = 11"),
        (7, -1, 0, f"7 {MINUS} 1 equipment = 6"),
        (9, 0, 3, f"9 {MINUS} 3 encumbrance = 6"),
        (9, -1, 3, f"9 {MINUS} 1 equipment {MINUS} 3 encumbrance = 5"),
    ],
)
def test_maximum_text(base: int, modifier: int, lost: int, text: str) -> None:
    assert maximum_text(base, modifier, lost) == text


def test_skill_text_from_attributes_or_a_character() -> None:
    dodge = PACK.dodge
    assert skill_text(dodge, WEAK) == "✖ Dodge 2D: Using Dodge needs AGI 5; the hero has AGI 4."
    assert skill_text(dodge, premade_character("mage")) == "✔ Dodge 2D (needs AGI 5)"


def test_modifiers_and_bonuses_name_the_cards_on_the_body() -> None:
    warrior = equipped("warrior", ("amulet_of_vigor", Slot.ACCESSORY), ("chain_shirt", Slot.TORSO))
    assert modifier_text(warrior, "hp") == "+2 Amulet of Vigor"
    assert modifier_text(warrior, "ip") == f"{MINUS}1 Chain Shirt"
    assert modifier_text(warrior, "pp") == "none"
    assert bonus_words(warrior) == []
    torc = equipped("warrior", ("berserker_torc", Slot.ACCESSORY))
    assert bonus_words(torc) == ["+1 to melee attacks", f"{MINUS}1 to defense rolls"]


def test_values_change_says_only_what_changed() -> None:
    before = premade_character("warrior").maximum
    after = equipped("warrior", ("amulet_of_vigor", Slot.ACCESSORY)).maximum
    assert values_change(before, after) == f"Maximum HP {before.hp} → {before.hp + 2}."
    assert values_change(before, before) == ""


def test_requirement_status() -> None:
    longsword = PACK.item("longsword")
    assert requirement_status(longsword, WEAK) == (
        False,
        "✖ needs STR 10 (has 4), AGI 8 (has 4)",
    )
    strong = Attributes(STR=12, CON=6, AGI=9, PER=5, WIS=4, PSI=4)
    assert requirement_status(longsword, strong) == (True, "✔ needs STR 10, AGI 8")
    assert requirement_status(PACK.item("healing_potion"), WEAK) == (True, "no requirements")


@pytest.mark.parametrize(
    ("card_id", "lines"),
    [
        ("combat_hammer", ["Melee 3D+4, damage 3", "Defense 2D+2", "14 AP", "range 1"]),
        ("chain_shirt", ["AR 4 (not against ice)", "12 AP", f"{MINUS}1 IP"]),
        ("spell_guard", ["Psi resistance 3D+1", "6 AP"]),
        ("amulet_of_vigor", ["5 AP", "+2 HP"]),
        ("berserker_torc", ["5 AP", f"+1 melee, {MINUS}1 defense"]),
    ],
)
def test_card_lines(card_id: str, lines: list[str]) -> None:
    assert card_lines(PACK.item(card_id)) == lines
