"""The play table's set-up form in Campaign mode, clicked through as ipywidgets objects (no
browser): begin The Drowned Crown, the bots play the scenario to its end, fill in the sheet,
start the next scenario; continue from a pasted sheet; a damaged sheet refused in words."""

from __future__ import annotations

import json

import pytest

from doria_nb.engine.campaign import load_sheet
from doria_nb.ui.play_table.campaign_view import CampaignView
from doria_nb.ui.play_table.setup_view import CAMPAIGN, TableSetup


def _campaign_form(bots: tuple[str, ...] = ("warrior", "mage")) -> TableSetup:
    form = TableSetup()
    form.mode.value = CAMPAIGN
    for hero, seat in form.heroes.items():
        seat.value = "bot" if hero in bots else ""
    form.seed.value = 3
    return form


def test_start_finish_and_next_scenario_by_clicks() -> None:
    form = _campaign_form()
    assert form.campaign.value == "the_drowned_crown"
    assert form.scenario.layout.display == "none" and form.campaign_box.layout.display == ""
    form.start_button.click()
    view = form.campaign_view
    assert isinstance(view, CampaignView), form.status.value
    assert "✔" in form.status.value
    assert view.run.table.game.over  # the bots played the scenario to its end
    assert view.after.layout.display == "" and not view.fill_button.disabled
    assert view.next_button.disabled
    assert set(view.keep) <= {"warrior", "mage"} and view.proceed.options
    view.fill_button.click()
    assert "✔" in view.status.value, view.status.value
    assert view.after.layout.display == "none" and not view.next_button.disabled
    sheet = load_sheet(view.sheet_json.value)
    assert len(sheet.played) == 1 and sheet.played[0].scenario == "the_flooded_archive"
    view.next_button.click()
    assert "✔" in view.status.value, view.status.value
    assert view.table is not None and view.table.model is view.run.table
    assert view.run.table.game.state.campaign is not None
    assert view.run.table.game.setup.scenario == sheet.next_scenario


def test_continue_from_a_pasted_sheet_and_refuse_a_damaged_one() -> None:
    form = _campaign_form()
    form.start_button.click()
    form.campaign_view.fill_button.click()
    text = form.campaign_view.sheet_json.value
    again = _campaign_form()
    damaged = json.loads(text)
    damaged["completed"] = 7
    again.sheet_text.value = json.dumps(damaged)
    again.continue_button.click()
    assert "✖" in again.status.value and "damaged" in again.status.value
    assert again.campaign_view is None and again.place.children == ()
    again.sheet_text.value = text
    again.continue_button.click()
    assert "✔" in again.status.value, again.status.value
    assert again.campaign_view.run.sheet == load_sheet(text)


def test_a_single_scenario_still_starts_as_before() -> None:
    form = TableSetup()
    form.start_button.click()
    assert "✔" in form.status.value and form.table is not None
    assert form.campaign_view is None


def test_the_escape_button_declares_the_escape_for_the_round_s_end() -> None:
    """*Escaping a campaign scenario* at the table: the button records the declaration
    (undone like other inputs); with the bots playing the round out the heroes leave."""
    from doria_nb.content.campaigns import starter_campaigns
    from doria_nb.engine.campaign import CampaignSheet, Outcome, outcome_of
    from doria_nb.engine.game import start_game
    from doria_nb.ui.play_table.model import ALL_QUESTIONS, TableModel
    from doria_nb.ui.play_table.view import PlayTable

    book = starter_campaigns()[0]
    sheet = CampaignSheet.begin(book.id, book.name, ["warrior", "mage"], first_scenario=book.first)
    table = PlayTable(TableModel(start_game(sheet, 3, ask=ALL_QUESTIONS)))
    assert table.escape_button.layout.display == "" and not table.escape_button.disabled
    table.escape_button.click()
    assert "Escape declared" in table.message.value, table.message.value
    assert table.escape_button.disabled and table.escape_button.description == "Escape declared"
    table.undo_button.click()
    assert not table.game.state.campaign.escape_declared and not table.escape_button.disabled
    table.escape_button.click()
    for letter in list(table.model.seats.people):
        table.model.set_seat(letter, "bot")
    if table.model.waiting.kind == "shop":
        table.model.play_bots_now()
    assert table.game.over and outcome_of(table.game) is Outcome.ESCAPED
    single = PlayTable.new("the_flooded_archive", ["warrior"], seed=2)
    assert single.escape_button.layout.display == "none"


def test_a_hero_created_in_the_builder_begins_the_campaign() -> None:
    """*Optional Rule: Create Heroes* at the table: "Create a hero…" opens the hero builder;
    a valid allocation joins the party, an invalid one is refused in words."""
    form = _campaign_form(bots=("mage",))
    builder = form.open_builder()
    builder.name_input.value = "Brunhild"
    builder.attributes = {"STR": 13, "CON": 12, "AGI": 9, "PER": 6, "WIS": 5, "PSI": 4}
    add = form.builder_box.children[0].children[0]
    add.click()
    assert "✖" in form.status.value and "1 more to distribute" in form.status.value
    assert form.created == []
    builder.attributes = {"PSI": 5}
    form.builder_box.children[0].children[1].value = "bot"
    add.click()
    assert "Brunhild joins the party" in form.status.value and "Brunhild (bot)" in (
        form.created_list.value
    )
    form.start_button.click()
    run = form.campaign_view.run
    assert run.sheet.hero("created_brunhild").created.total == 50
    assert run.sheet.options.create_heroes and run.table.game.over


def test_the_hero_builder_gives_a_created_hero_only_for_a_custom_one() -> None:
    from doria_nb.engine.errors import HeroCreationError
    from doria_nb.ui.hero_builder import HeroBuilder

    builder = HeroBuilder("warrior")
    with pytest.raises(HeroCreationError, match="premade hero"):
        builder.created_hero()
    builder = HeroBuilder(
        name="Odo",
        attributes={"STR": 13, "CON": 13, "AGI": 9, "PER": 5, "WIS": 5, "PSI": 5},
        standard=["psi_dart"],
    )
    hero = builder.created_hero()
    assert hero.hero_id == "created_odo" and hero.standard == ("psi_dart",)
