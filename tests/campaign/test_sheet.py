"""*Campaign Sheet Anatomy*: the sheet as data, refusing what a sheet cannot hold."""

from __future__ import annotations

from dataclasses import replace

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.attributes import Attributes
from doria_nb.engine.campaign import (
    CampaignSheet,
    CampaignSheetError,
    HeroRecord,
    Outcome,
    ScenarioRecord,
)
from doria_nb.engine.options import RulesOptions

NAMES = ("STR", "CON", "AGI", "PER", "WIS", "PSI")
PARTY = ("warrior", "mage", "ranger", "priestess")


def test_a_fresh_sheet_holds_the_premade_heroes_at_level_1() -> None:
    """*Campaigns*: the heroes start the campaign as the pack makes them."""
    sheet = CampaignSheet.begin("c", "C", PARTY, first_scenario="the_flooded_archive")
    pack = starter_pack()
    assert [h.attributes for h in sheet.heroes] == [pack.hero(h).attributes for h in PARTY]
    assert {h.level for h in sheet.heroes} == {1}
    assert sheet.scenario_number == 1 and sheet.monster_points == 0 and sheet.monster_level == 1
    assert sheet.kept_cards == 0 and not sheet.over
    assert "Monster Points: 0 (Monster Level 1)" in sheet.describe()


def test_small_groups_and_easier_overall_game_start_higher() -> None:
    """*Special Rules for 1 or 2 Players*: two characters start at hero level 2;
    *Easier Overall Game* adds its levels."""
    assert CampaignSheet.begin("c", "C", ["warrior", "mage"]).hero_level == 2
    easier = RulesOptions(easier_overall_game=1)
    assert CampaignSheet.begin("c", "C", PARTY, options=easier).hero_level == 2


def _hero(**changes: object) -> HeroRecord:
    base = HeroRecord(
        "warrior",
        "Warrior",
        Attributes.of(dict.fromkeys(NAMES, 8)),
    )
    return replace(base, **changes)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"level": 0}, "hero level"),
        ({"level": 2, "bonuses": ("melee_bonus", "damage_bonus")}, "at most 1 hero bonus"),
        ({"level": 3, "bonuses": ("melee_bonus", "melee_bonus")}, "twice"),
        ({"saved_points": -1}, "saved Attribute Points"),
        ({"name": ""}, "name"),
        ({"kept": "sword"}, "list of ids"),
    ],
)
def test_a_hero_record_refuses_what_a_sheet_cannot_hold(changes: dict, words: str) -> None:
    """*Hero and Monster Level*: one bonus per level above 1, each once; counts are whole."""
    with pytest.raises(CampaignSheetError, match=words):
        _hero(**changes)


def test_the_sheet_refuses_inconsistent_totals() -> None:
    """*Monster level in campaigns*: Monster Points are never taken away; a hero keeps no
    more cards than the rewards allow; each premade hero once."""
    sheet = CampaignSheet.begin("c", "C", PARTY)
    record = ScenarioRecord(1, "x", "X", Outcome.WON, 7)
    with pytest.raises(CampaignSheetError, match="never taken away"):
        replace(sheet, played=(record,), completed=1, monster_points=6)
    with pytest.raises(CampaignSheetError, match="completed"):
        replace(sheet, completed=1)
    with pytest.raises(CampaignSheetError, match="allow 0"):
        replace(sheet, heroes=(replace(sheet.heroes[0], kept=("longsword",)),))
    with pytest.raises(CampaignSheetError, match="once"):
        replace(sheet, heroes=(sheet.heroes[0], sheet.heroes[0]))
    with pytest.raises(CampaignSheetError, match="from 0 to 4"):
        replace(sheet, kept_cards=5)
    with pytest.raises(CampaignSheetError, match="ended"):
        ScenarioRecord(1, "x", "X", "drew", 0)  # type: ignore[arg-type]


def test_unknown_heroes_are_refused_in_words() -> None:
    with pytest.raises(CampaignSheetError, match="dragon"):
        CampaignSheet.begin("c", "C", ["dragon"])
    with pytest.raises(CampaignSheetError, match="1 to 6 heroes"):
        CampaignSheet.begin("c", "C", [])
