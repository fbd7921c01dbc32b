"""A campaign at the play table, the model without widgets (*Campaign Mode*, *Campaign Sheet
Anatomy*, *Create your own campaigns*): begin or continue from a sheet, the choices between
scenarios, the next scenario."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from doria_nb.content.campaigns import starter_campaigns
from doria_nb.engine.campaign import (
    CampaignError,
    CampaignSheet,
    CampaignSheetError,
    CreatedHero,
    Outcome,
    ScenarioRecord,
    dump_sheet,
)
from doria_nb.ui.play_table.campaign import CampaignTable

BOOK = starter_campaigns()[0]
BOTS = ["warrior", "mage"]


@pytest.fixture(scope="module")
def played() -> CampaignTable:
    """The Drowned Crown's first scenario, played by the bots to its end."""
    return CampaignTable.begin(BOOK, BOTS, 3, bots=BOTS)


def _at_branch() -> CampaignSheet:
    """A sheet whose next scenario is the Rat King's Warren, where the campaign branches."""
    sheet = CampaignSheet.begin(BOOK.id, BOOK.name, BOTS, first_scenario=BOOK.first)
    first = ScenarioRecord(1, BOOK.first, "The Flooded Archive", Outcome.WON, 4)
    return replace(
        sheet, played=(first,), completed=1, monster_points=4, kept_cards=1,
        next_scenario="the_rat_kings_warren",
    )  # fmt: skip


def test_the_starter_campaign_begins_on_the_table(played: CampaignTable) -> None:
    """*Campaign Mode*: the sheet begins at the book's first scenario, played on the table."""
    assert played.sheet.next_scenario == BOOK.first
    assert played.table is not None and played.table.game.state.campaign is not None
    assert played.table.game.over and played.scenario_over


def test_the_choices_after_a_scenario(played: CampaignTable) -> None:
    """*Campaign Sheet Anatomy*: after the 1st scenario each hero may keep 1 card if it counts
    as completed; a scenario not won may be replayed or gone on from (ruling CA5)."""
    choices = played.choices()
    assert choices.allowance == 1 and choices.allowance_if_replayed == 0
    assert choices.proceed == (("continue",) if choices.won else ("replay", "continue"))
    assert choices.branches == ("the_rat_kings_warren",)
    assert not choices.bonuses  # only after an even-numbered scenario
    for hero, kept in choices.default_keep.items():
        assert len(kept) <= 1 and set(kept) <= {card for card, _ in choices.cards[hero]}


def test_refused_choices_leave_the_sheet_as_it_was(played: CampaignTable) -> None:
    before = played.sheet
    with pytest.raises(CampaignError, match="not 'stay'"):
        played.fill_in(proceed="stay")
    with pytest.raises(CampaignError, match="not 'the_silver_mine'"):
        played.fill_in(branch="the_silver_mine")
    hero, cards = next((h, c) for h, c in played.choices().cards.items() if len(c) >= 2)
    with pytest.raises(CampaignError, match="keep 1 card"):
        played.fill_in(keep={hero: [card for card, _ in cards[:2]]})
    with pytest.raises(CampaignError, match="Fill in the Campaign Sheet"):
        played.next_scenario()
    assert played.sheet is before and played.scenario_over


def test_fill_in_then_the_next_scenario(played: CampaignTable) -> None:
    """The sheet after the scenario; then the following scenario of the book on the table."""
    played.fill_in(proceed="continue")
    assert len(played.sheet.played) == 1 and not played.scenario_over
    assert played.sheet.next_scenario == "the_rat_kings_warren"
    table = played.next_scenario()
    assert table.game.setup.scenario == "the_rat_kings_warren"
    assert table.game.state.campaign.scenario_number == 2


def test_a_branch_and_the_hero_bonus_after_an_even_scenario() -> None:
    """*Create your own campaigns*: the group picks the branch the book offers; *Campaign
    Sheet Anatomy*: after the 2nd scenario each hero picks a bonus."""
    run = CampaignTable.resume(dump_sheet(_at_branch()), starter_campaigns(), 5, bots=BOTS)
    assert run.table.game.setup.scenario == "the_rat_kings_warren"
    choices = run.choices()
    assert choices.branches == ("the_sunken_chapel", "the_silver_mine")
    assert set(choices.bonuses) == set(choices.cards)
    hero = next(iter(choices.bonuses))
    level = run.sheet.hero(hero).level
    bonus = choices.bonuses[hero][-1][0]
    run.fill_in(proceed="continue", branch="the_silver_mine", bonuses={hero: bonus})
    assert run.sheet.next_scenario == "the_silver_mine"
    assert bonus in run.sheet.hero(hero).bonuses and run.sheet.hero(hero).level == level + 1


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "doria-nb campaign sheet", "version": 1}', "damaged"),
    ],
)
def test_a_damaged_sheet_is_refused_in_words(text: str, words: str) -> None:
    with pytest.raises(CampaignSheetError, match=words):
        CampaignTable.resume(text, starter_campaigns())


def test_a_sheet_of_another_campaign_or_one_over_is_refused() -> None:
    other = CampaignSheet.begin("elsewhere", "Elsewhere", BOTS, first_scenario=BOOK.first)
    with pytest.raises(CampaignError, match="not one of this pack's campaigns"):
        CampaignTable.resume(dump_sheet(other), starter_campaigns())
    over = replace(_at_branch(), next_scenario=None)
    with pytest.raises(CampaignError, match="is over"):
        CampaignTable.resume(dump_sheet(over), starter_campaigns())
    data = json.loads(dump_sheet(_at_branch()))
    data["next_scenario"] = "the_lost_vault"
    with pytest.raises(CampaignError, match="not in The Drowned Crown"):
        CampaignTable.resume(json.dumps(data), starter_campaigns())


def test_a_created_hero_plays_a_campaign_at_the_table() -> None:
    """*Optional Rule: Create Heroes* at the table: the created hero's seat is a bot's."""
    hero = CreatedHero("Brunhild", {"STR": 13, "CON": 12, "AGI": 9, "PER": 6, "WIS": 5, "PSI": 5})
    run = CampaignTable.begin(BOOK, ["mage", hero], 8, bots=["mage", "created_brunhild"])
    assert run.table.game.over and run.sheet.options.create_heroes
    run.fill_in(proceed="continue")
    assert run.sheet.hero("created_brunhild").is_created


def test_a_saved_campaign_scenario_loaded_at_the_table_continues_the_campaign() -> None:
    """The table's save and load: a campaign scenario of this sheet is taken over; a Single
    Scenario or another scenario is refused in words and the campaign keeps its game."""
    from doria_nb.ui.play_table.model import TableModel

    sheet = CampaignSheet.begin(BOOK.id, BOOK.name, BOTS, first_scenario=BOOK.first)
    run = CampaignTable(sheet, BOOK, seed=2)
    table = run.next_scenario()
    assert not table.game.over  # persons play: the table waits for them
    loaded = TableModel.load(table.save())
    assert "continues the campaign" in run.adopt(loaded) and run.table is loaded
    single = TableModel.new(BOOK.first, BOTS, 2)
    with pytest.raises(CampaignError, match="Single Scenario"):
        run.adopt(single)
    other = CampaignTable(replace(sheet, next_scenario="the_silver_mine"), BOOK).next_scenario()
    with pytest.raises(CampaignError, match="next scenario is the_flooded_archive"):
        run.adopt(other)
    assert run.table is loaded
