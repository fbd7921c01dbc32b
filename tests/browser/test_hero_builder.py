"""The hero builder in a real JupyterLab: build a custom hero, draw its loot, equip a card.

A reader starts from a premade hero, switches to a custom one, types a 50-point allocation
(seeing the engine's error while the points do not add up), creates the hero, draws the
starting loot with a fixed seed, and equips a card with the keyboard-friendly select and Move
button; the card appears on the Body and the sheet's values and AP text change.
"""

from __future__ import annotations

import json
import os

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.character import Character
from doria_nb.ui import HeroBuilder
from doria_nb.ui.character_sheet import parse_destination, parse_location

pytestmark = pytest.mark.browser

ALLOCATION = {"STR": 11, "CON": 10, "AGI": 9, "PER": 8, "WIS": 6, "PSI": 6}
SEED = 13
BUILDER = ".doria-hero-builder >> nth=0"
SHEET = ".doria-character-sheet"


VIEW = ".doria-hero-builder"
"""The widget view whose texts the predicates read."""


def expected_move() -> tuple[str, str, str]:
    """The first legal move onto the Body that changes a maximum value, for the same hero and
    seed, worked out by the engine in this process: (option value, card name, slot)."""
    builder = HeroBuilder(attributes=ALLOCATION)
    builder.draw(seed=SEED)
    character = builder.character
    assert character is not None
    for move in builder.sheet.legal_moves():
        if move.destination in ("belt", "backpack"):
            continue
        source, slot = parse_location(move.card), parse_destination(move.destination)
        trial = Character(character.name, character.attributes, mat=character.mat)
        trial.move(source, slot)
        if trial.maximum != character.maximum:
            return f"{move.card}|{move.destination}", move.card_name, move.destination
    raise AssertionError(f"seed {SEED} deals no card that changes a value when equipped")


def test_build_a_custom_hero_draw_loot_and_equip(lab) -> None:
    option, card_name, slot = expected_move()
    name = "_hero_builder.ipynb"
    lab.server.write_notebook(
        name,
        "from doria_nb.book import setup\n\nsetup()",
        "from doria_nb.ui import HeroBuilder\n\nbuilder = HeroBuilder()\nbuilder",
    )
    lab.open(name)
    lab.run_all()
    lab.assert_clean()

    page = lab.page
    builder = page.locator(BUILDER)
    builder.wait_for()
    builder.scroll_into_view_if_needed()

    # Start from a premade hero, then make it a custom one.
    hero = builder.locator(".doria-hero-select select").first
    str_readout = builder.locator(".doria-attr-STR .widget-readout").first
    lab.round_trip(
        lambda: hero.select_option(label="Warrior (premade)"),
        "document.querySelector('.doria-attr-STR .widget-readout')?.textContent.trim() === '13'",
        name="choose a premade hero -> its attributes",
    )
    hero.select_option(label="Custom hero (spread 50 points)")
    lab.wait_for(f"{lab.text_of(VIEW, '.doria-points')}.includes('50 / 50')")

    # STR first: 48 points, so the engine's message shows and Create is disabled.
    str_readout.scroll_into_view_if_needed()
    str_readout.fill(str(ALLOCATION["STR"]))
    lab.round_trip(
        lambda: str_readout.press("Enter"),
        f"{lab.text_of(VIEW, '.doria-builder-error')}.includes('2 more to distribute')",
        name="attribute typed -> engine error",
    )
    create = builder.locator("button.doria-create-button").first
    assert create.is_disabled()
    assert "48 / 50" in (builder.locator(".doria-points").first.text_content() or "")

    for attribute, value in ALLOCATION.items():
        readout = builder.locator(f".doria-attr-{attribute} .widget-readout").first
        if (readout.text_content() or "").strip() == str(value):
            continue
        readout.scroll_into_view_if_needed()
        readout.fill(str(value))
        readout.press("Enter")
    lab.wait_for(f"{lab.text_of(VIEW, '.doria-points')}.includes('50 / 50')")
    lab.wait_for(f"{lab.text_of(VIEW, '.doria-builder-error')} === ''")
    lab.wait_for(
        "!document.querySelector('.doria-hero-builder button.doria-create-button').disabled"
    )
    derived = builder.locator(".doria-builder-derived").first.text_content() or ""
    assert "(STR 11 + CON 10) ÷ 2 = 10, rounded down" in derived

    create.scroll_into_view_if_needed()
    lab.round_trip(
        lambda: create.click(),
        f"{lab.text_of(VIEW, '.doria-sheet-name')} === 'Custom Hero'",
        name="Create hero -> sheet",
    )

    seed = builder.locator(".doria-seed-input input").first
    seed.scroll_into_view_if_needed()
    seed.fill(str(SEED))
    seed.press("Enter")
    draw = builder.locator("button.doria-draw-button").first
    lab.round_trip(
        lambda: draw.click(),
        f"{lab.text_of(VIEW, '.doria-draw-log')}.includes('seed {SEED}, 6 of 6 cards')",
        name="Draw starting loot -> hand",
    )
    lab.wait_for(f"{lab.text_of(VIEW, '.doria-mat-backpack')}.includes({json.dumps(card_name)})")

    sheet = builder.locator(SHEET).first
    body = sheet.locator(".doria-mat-body").first
    values_before = sheet.locator(".doria-sheet-values").first.text_content() or ""
    assert card_name not in (body.text_content() or "")

    select = sheet.locator("select.doria-move-select").first
    select.scroll_into_view_if_needed()
    select.select_option(value=option)
    move = sheet.locator("button.doria-move-button").first
    lab.round_trip(
        lambda: move.press("Enter"),  # keyboard: focus the Move button and press Enter
        f"{lab.text_of(VIEW, '.doria-sheet-message')}.includes('free at setup (10 AP in play)')",
        name="select + Move -> card on the Body",
    )
    slot_node = body.locator(f".doria-slot[data-slot='{slot}']").first
    assert card_name in (slot_node.text_content() or "")
    message = sheet.locator(".doria-sheet-message").first.text_content() or ""
    assert message.startswith(f"✔ Custom Hero moved the {card_name}")
    assert "Maximum" in message
    values_after = sheet.locator(".doria-sheet-values").first.text_content() or ""
    assert values_after != values_before
    # The moved card is selected: its details list where it may go, in words.
    details = sheet.locator(".doria-card-details").first.text_content() or ""
    assert card_name in details and "✖" in details

    if shots := os.environ.get("DORIA_SCREENSHOTS"):
        # JupyterLab scrolls the notebook inside its own panel: make the page tall enough
        # for the whole widget, then photograph it.
        page.set_viewport_size({"width": 1400, "height": 3600})
        lab.settle()
        builder.scroll_into_view_if_needed()
        builder.screenshot(path=f"{shots}/hero_builder.png")
    lab.assert_clean()


def test_the_starter_pack_still_has_the_cards_this_test_uses() -> None:
    """Guards the browser test's setup (runs with it, needs no browser of its own)."""
    assert starter_pack().loot_deck()
    assert expected_move()[0].startswith("backpack:")
