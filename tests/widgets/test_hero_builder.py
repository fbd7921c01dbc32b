"""The hero builder, driven from Python as a reader would drive it (no browser).

Rulebook sections: *Preparing Characters*, *Optional Rule: Create Heroes*, *Calculated Values*,
*Special Rules for 1 or 2 Players*; rulings H0, H5, H19 and H20.
"""

from __future__ import annotations

import html

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.attributes import check_creation
from doria_nb.engine.cards import CardType
from doria_nb.engine.chance import Chance
from doria_nb.engine.errors import HeroCreationError, StartingEquipmentError, UnknownContentError
from doria_nb.engine.mat import Location, Slot
from doria_nb.engine.starting import LootPile, deal_custom, settle
from doria_nb.ui import CharacterSheet, HeroBuilder
from doria_nb.ui.hero_builder import CSS_CLASSES, CUSTOM, DEFAULT_CUSTOM

PACK = starter_pack()
VALID = {"STR": 13, "CON": 13, "AGI": 9, "PER": 5, "WIS": 5, "PSI": 5}


def text(widget) -> str:
    return html.unescape(widget.value)


def trap_seed(wanted: int = 1) -> int:
    """A seed whose first six loot cards hold at least ``wanted`` traps or events."""
    for seed in range(200):
        pile = LootPile.of(PACK, Chance.seeded(seed))
        cards = [pile.draw() for _ in range(6)]
        if sum(c.type in (CardType.TRAP, CardType.EVENT) for c in cards) >= wanted:
            return seed
    raise AssertionError("no seed deals a trap")


# --- the allocation ----------------------------------------------------------------------


def test_default_is_a_valid_custom_hero_with_its_classes() -> None:
    builder = HeroBuilder()
    assert builder.hero == CUSTOM and builder.attributes == DEFAULT_CUSTOM
    assert builder.points == 50 and builder.errors == []
    assert "Points used: <strong>50 / 50</strong>" in builder.points_html.value
    assert not builder.create_button.disabled
    assert isinstance(builder.sheet, CharacterSheet) and builder.sheet.state["empty"]
    assert CSS_CLASSES["root"] in builder._dom_classes
    for attribute, slider in builder.sliders.items():
        assert f"doria-attr-{attribute}" in slider._dom_classes
        assert (slider.min, slider.max) == (1, 13)
    for part, css in (
        (builder.hero_select, "doria-hero-select"),
        (builder.points_html, "doria-points"),
        (builder.error_html, "doria-builder-error"),
        (builder.create_button, "doria-create-button"),
        (builder.draw_button, "doria-draw-button"),
        (builder.seed_input, "doria-seed-input"),
    ):
        assert css in part._dom_classes


def test_the_live_derived_values_follow_the_sliders() -> None:
    builder = HeroBuilder()
    builder.sliders["STR"].value = 12
    builder.sliders["PSI"].value = 5
    derived = text(builder.derived_html)
    assert "(STR 12 + CON 9) ÷ 2 = 10, rounded down" in derived
    assert "(WIS 8 + PSI 5) ÷ 2 = 6, rounded down" in derived
    assert "Points used: <strong>50 / 50</strong>" in builder.points_html.value
    builder.sliders["AGI"].value = 4
    assert "✖ Dodge 2D: Using Dodge needs AGI 5; the hero has AGI 4." in text(builder.derived_html)


@pytest.mark.parametrize(
    ("allocation", "problem"),
    [
        ({**VALID, "PSI": 3}, "the points add up to 48: 2 more to distribute"),
        ({**VALID, "PSI": 8}, "the points add up to 53: 3 too many"),
        ({"STR": 1, "CON": 1, "AGI": 1, "PER": 1, "WIS": 1, "PSI": 1}, "44 more to distribute"),
    ],
)
def test_an_invalid_allocation_shows_the_engines_message_and_disables_create(
    allocation: dict, problem: str
) -> None:
    """*Create Heroes*: exactly 50 points, each attribute from 1 to 13."""
    builder = HeroBuilder()
    builder.attributes = allocation
    engine = check_creation(allocation).reason
    assert problem in engine
    assert builder.errors == [engine]
    assert engine in text(builder.error_html) and 'role="alert"' in builder.error_html.value
    assert builder.create_button.disabled
    assert "✖ Points used" in builder.points_html.value
    with pytest.raises(HeroCreationError, match=problem):
        builder.create()
    assert builder.character is None and builder.sheet.state["empty"]
    builder.create_button.click()  # disabled in the browser; from Python it must not raise
    assert builder.character is None
    builder.attributes = VALID
    assert builder.errors == [] and not builder.create_button.disabled
    assert text(builder.error_html) == ""


def test_attributes_out_of_range_or_unknown_are_refused() -> None:
    builder = HeroBuilder()
    with pytest.raises(HeroCreationError, match="outside 1 to 13"):
        builder.attributes = {**VALID, "STR": 14}
    with pytest.raises(ValueError, match="not an attribute"):
        builder.attributes = {"LUCK": 3}
    assert builder.attributes == DEFAULT_CUSTOM


def test_a_name_is_needed() -> None:
    builder = HeroBuilder()
    builder.name_input.value = "  "
    assert builder.errors == ["Give the hero a name."]
    assert builder.create_button.disabled


# --- premade heroes ----------------------------------------------------------------------


def test_a_premade_hero_loads_its_attributes_and_changing_one_makes_it_custom() -> None:
    builder = HeroBuilder()
    builder.hero_select.value = "mage"
    assert builder.attributes == PACK.hero("mage").attributes.as_dict()
    assert builder.name == "Mage" and builder.errors == []
    builder.sliders["STR"].value = 5
    builder.sliders["CON"].value = 5
    assert builder.hero == CUSTOM and builder.name == "Custom Hero"
    assert builder.attributes["STR"] == 5 and builder.points == 50
    with pytest.raises(UnknownContentError, match="did you mean"):
        builder.hero = "magee"
    builder.hero = "Priestess"
    assert builder.hero == "priestess"


def test_create_a_premade_hero_with_its_standard_items() -> None:
    builder = HeroBuilder("warrior")
    builder.create_button.click()
    warrior = builder.character
    assert warrior is not None and warrior.template is PACK.hero("warrior")
    assert [c.id for c in warrior.mat.cards] == ["combat_hammer", "tri_anon_armor"]
    assert builder.sheet.character is warrior
    assert builder.sheet.state["name"] == "Warrior" and builder.sheet.state["setup"]
    assert "Created Warrior" in text(builder.status_html)


def test_create_a_custom_hero() -> None:
    builder = HeroBuilder(attributes=VALID, name="Gorm", standard=["wooden_club"])
    gorm = builder.create()
    assert gorm.name == "Gorm" and gorm.template is None
    assert gorm.attributes.as_dict() == VALID
    assert [c.id for c in gorm.mat.cards] == ["wooden_club"]
    assert builder.sheet.state["kind"] == "custom hero"
    builder.sliders["STR"].value = 12
    builder.sliders["CON"].value = 12
    builder.sliders["AGI"].value = 11
    assert "press <em>Create hero</em>" in builder.status_html.value
    assert builder.create().attributes.STR == 12


# --- starting loot -----------------------------------------------------------------------


def test_the_same_seed_deals_the_same_hand() -> None:
    first = HeroBuilder(attributes=VALID).draw(seed=11)
    again = HeroBuilder(attributes=VALID).draw(seed=11)
    other = HeroBuilder(attributes=VALID).draw(seed=12)
    assert first.cards == again.cards
    assert [c.id for c in first.cards] != [c.id for c in other.cards]


def test_the_custom_hand_matches_the_engine_and_is_capped_at_six() -> None:
    """*Create Heroes*: a custom hero starts with at most 6 cards (ruling H20)."""
    seed = trap_seed()
    builder = HeroBuilder(attributes=VALID, seed=seed)
    builder.draw_button.click()
    pile = LootPile.of(PACK, Chance.seeded(seed))
    expected = settle(deal_custom("Custom Hero", pile, 4), pile)
    assert builder.hand is not None and builder.hand.custom
    assert builder.hand.cards == expected.cards and len(builder.hand.cards) == 6
    assert builder.hand_seed == seed
    assert builder.refills, "the seed was chosen to deal a trap"
    log = text(builder.draw_log_html)
    assert f"seed {seed}, 6 of 6 cards" in log
    for discarded, drawn in builder.refills:
        assert all(c.type in (CardType.TRAP, CardType.EVENT) for c in discarded)
        assert len(discarded) == len(drawn)
        assert f"discarded {discarded[0].name}" in log
    assert not builder.hand.traps
    # The hero is built with the hand in the Backpack, ready to equip at no AP cost.
    assert builder.character is not None
    assert builder.character.mat.cards == builder.hand.cards
    assert len(builder.sheet.state["backpack"]) == 6


def test_kept_traps_stay_off_the_mat_and_pay_in_the_first_phase_h() -> None:
    """*Preparing Characters*: Gold and XP of kept traps go to the group in the first
    Phase H (ruling H19)."""
    seed = trap_seed()
    builder = HeroBuilder(attributes=VALID)
    hand = builder.draw(seed=seed, replace_traps=False)
    assert builder.refills == []
    kept = [c for c in hand.cards if not c.is_equipment]
    assert kept
    assert all(c.is_equipment for c in builder.character.mat.cards)
    assert len(builder.character.mat.cards) == 6 - len(kept)
    if hand.traps:
        assert "first Phase H" in text(builder.draw_log_html)
    assert "not placed on the mat" in text(builder.status_html)


def test_a_premade_hand_holds_its_standard_items_first() -> None:
    builder = HeroBuilder("ranger")
    hand = builder.draw(seed=5)
    assert [c.id for c in hand.cards[:2]] == ["tomahawk", "bark_bracers"]
    assert len(hand.cards) == 6 and not hand.custom
    assert "Tomahawk (Standard Item)" in text(builder.draw_log_html)


def test_small_groups_draw_more_cards() -> None:
    """*Special Rules for 1 or 2 Players*: hands fill to 8 with two characters, 10 alone."""
    builder = HeroBuilder(attributes=VALID, character_count=1)
    assert len(builder.draw(seed=2).cards) == 10
    builder.count_select.value = 2
    assert len(builder.draw(seed=2).cards) == 8


def test_too_many_standard_items_for_a_custom_hero_is_shown() -> None:
    builder = HeroBuilder(attributes=VALID, character_count=4)
    builder.standard_select.value = tuple(c.id for c in PACK.standard_items[:7])
    with pytest.raises(StartingEquipmentError, match="at most 6 cards"):
        builder.draw(seed=1)
    assert "at most 6 cards" in text(builder.error_html)
    builder.draw_button.click()  # the button shows the error instead of raising


def test_drawing_first_then_finishing_the_allocation() -> None:
    """*Create Heroes*: "It is allowed to first draw and exchange cards before distributing
    attribute points"."""
    builder = HeroBuilder()
    builder.attributes = {**VALID, "PSI": 1}
    hand = builder.draw(seed=4)
    assert builder.character is None
    assert "Finish the allocation" in text(builder.status_html)
    builder.attributes = VALID
    hero = builder.create()
    assert hero.mat.cards == tuple(c for c in hand.cards if c.is_equipment)


def test_choosing_another_premade_puts_the_hand_back() -> None:
    builder = HeroBuilder("mage")
    builder.draw(seed=3)
    builder.hero_select.value = "warrior"
    assert builder.hand is None and "put back" in text(builder.status_html)
    assert builder.create().mat.cards == PACK.hero("warrior").standard_items


# --- equipping in the embedded sheet ------------------------------------------------------


def test_equip_a_drawn_card_in_the_sheet_for_free() -> None:
    builder = HeroBuilder("mage")
    builder.draw(seed=3)
    sheet = builder.sheet
    sheet._handle_msg(
        {
            "content": {
                "data": {
                    "method": "custom",
                    "content": {"type": "move", "card": "psi_orb", "destination": "hand 1"},
                }
            },
            "buffers": [],
        }
    )
    assert builder.character.mat.at(Location.body(Slot.HAND_1)).card.id == "psi_orb"
    assert sheet.last_ap == 0 and "free at setup (10 AP in play)" in sheet.message
