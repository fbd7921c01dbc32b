"""The rulebook's campaign examples, exactly: *Monster level in campaigns* (the marker on 38
a second time: 5 Monster Points; 18 points, +1, 19, still level 2; "10 Points equal Level 2";
only level 2 in the first scenario), *Campaigns* (3 characters need 9 Group XP),
*Special Rules for 1 or 2 Players* (6 monsters in a campaign) and *Optional Rule: Campaign
Loot* (what 3 gold per card buys)."""

from __future__ import annotations

from dataclasses import replace

from doria_nb.content import starter_pack
from doria_nb.engine.campaign import (
    CampaignSheet,
    Outcome,
    ScenarioRecord,
    after_scenario,
    check_kept,
    main_level,
)
from doria_nb.engine.cards import ItemCard
from doria_nb.engine.doom.counter import DoomCounter
from doria_nb.engine.doom.play import run_doom_move
from doria_nb.engine.game import start_game
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.table.ending import end_game
from doria_nb.engine.table.state import Asker

PARTY = ("warrior", "mage", "ranger", "priestess")
SCENARIO = "the_flooded_archive"


def _sheet() -> CampaignSheet:
    return CampaignSheet.begin("c", "Example", PARTY, first_scenario=SCENARIO)


def test_marker_on_38_a_second_time_gives_5_monster_points() -> None:
    """*Monster level in campaigns*, example: at the end of the first scenario the marker has
    landed on 38 for a second time, after a full round through the Monster Level Up: the
    monsters collected 5 Monster Points in the first scenario (and reached level 2)."""
    sheet = _sheet()
    game = start_game(sheet, 4)
    state = game.state
    state.doom = DoomCounter.start()
    run_doom_move(state, state.doom.move(11 + 3), Asker())  # head … 30, head, 40, 39, 38
    assert state.doom.square == 38
    assert state.campaign.points == 5 and state.monster_level == 2
    end_game(state, True, "goal met", Section.END_OF_THE_GAME)
    after = after_scenario(sheet, game, next_scenario=SCENARIO)
    assert after.played[0].monster_points == 5 and after.monster_points == 5


def test_eighteen_points_plus_one_is_nineteen_still_level_2() -> None:
    """*Monster level in campaigns*, example: at the end of the fourth scenario 18 Monster
    Points are collected; the heroes rise to level 3 (another hero bonus); the monsters, still
    level 2, get +1 Monster Point: 19, so they barely stay at level 2 for scenario 5."""
    played = tuple(ScenarioRecord(n, SCENARIO, "S", Outcome.WON, 4) for n in (1, 2, 3))
    sheet = _sheet()
    level_2 = tuple(replace(h, level=2, bonuses=("damage_bonus",)) for h in sheet.heroes)
    sheet = replace(
        sheet, heroes=level_2, played=played, completed=3, monster_points=12, kept_cards=2
    )
    game = start_game(sheet, 6)
    state = game.state
    assert state.monster_level == 2  # 12 points
    state.campaign = replace(state.campaign, points=6)  # this scenario's squares: 12 + 6 = 18
    end_game(state, True, "goal met", Section.END_OF_THE_GAME)
    after = after_scenario(sheet, game, next_scenario=SCENARIO)
    assert after.played[-1].monster_points == 6
    assert {h.level for h in after.heroes} == {3}
    assert all(len(h.bonuses) == 2 for h in after.heroes)
    assert after.monster_points == 19 and after.monster_level == 2
    assert start_game(after, 1).state.monster_level == 2


def test_ten_points_equal_level_2_and_doom_increases_do_not_carry_over() -> None:
    """*Monster level in campaigns*: after each scenario the level resets to the minimum the
    total gives (10 points: level 2); the Doom Counter's increase does not carry over."""
    assert main_level(10) == 2 and main_level(9) == 1
    sheet = _sheet()
    game = start_game(sheet, 4)
    state = game.state
    state.doom = DoomCounter.start()
    run_doom_move(state, state.doom.move(11), Asker())  # one Level Up: level 2 now
    assert state.monster_level == 2
    end_game(state, True, "goal met", Section.END_OF_THE_GAME)
    after = after_scenario(sheet, game, next_scenario=SCENARIO)
    assert after.monster_points == 4
    assert start_game(after, 2).state.monster_level == 1


def test_only_level_2_in_the_first_scenario() -> None:
    """*Monster level in campaigns*: "the monsters can only reach level 2 in the first
    scenario"; *Phase G*: in campaign scenarios only the first Level Up applies."""
    game = start_game(_sheet(), 4)
    state = game.state
    state.doom = DoomCounter.start()
    run_doom_move(state, state.doom.move(22), Asker())  # two Level squares
    assert state.result is None and state.monster_level == 2
    assert state.campaign.ignored_level_ups == 1


def test_three_characters_need_nine_group_xp() -> None:
    """*Campaigns*: a group of 3 characters gains 1 Attribute Point per 9 Group XP; *Special
    Rules for 1 or 2 Players*: 2 players defeat 6 monsters (Campaign) for a point each."""
    three = CampaignSheet.begin("c", "C", PARTY[:3], first_scenario=SCENARIO)
    assert start_game(three, 1).state.group_xp.cost == 9
    two = CampaignSheet.begin("c", "C", PARTY[:2], first_scenario=SCENARIO)
    assert start_game(two, 1).state.group_xp.cost == 6


def _items(*golds: int) -> list[ItemCard]:
    loot = [c for c in starter_pack().loot_deck() if c.gold and not c.standard]
    picked = []
    for gold in golds:
        card = next(c for c in loot if c.gold == gold and c not in picked)
        picked.append(card)
    return picked


def test_campaign_loot_three_gold_per_card() -> None:
    """*Optional Rule: Campaign Loot*: instead of 1 card, items worth 3 gold: three items of
    1 gold, or one of 3 gold, or one of 2 gold and one of 1 gold — but not two of 2 gold."""
    on = RulesOptions(campaign_loot=True)
    for golds in ((1, 1, 1), (3,), (2, 1)):
        assert check_kept(_items(*golds), 1, on), golds
    assert not check_kept(_items(2, 2), 1, on)
    assert not check_kept(_items(1, 1, 1, 1), 1, on)
    assert check_kept(_items(2, 2), 2, on)  # two cards' worth
    off = RulesOptions()
    assert check_kept(_items(3), 1, off) and not check_kept(_items(1, 1), 1, off)
