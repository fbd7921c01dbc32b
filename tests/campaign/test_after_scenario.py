"""Between scenarios: the Campaign Sheet after a scenario (*Campaign Sheet Anatomy*, *XP in
Campaigns*, *Monster level in campaigns*, *Death of a character in campaigns*)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from doria_nb.engine.campaign import (
    DEATH_CONTINUE_POINTS,
    CampaignError,
    CampaignSheet,
    Outcome,
    after_scenario,
)
from doria_nb.engine.game import start_game
from doria_nb.engine.game.game import Game
from doria_nb.engine.game.simulate import play_out

NEXT = "the_flooded_archive"


def test_a_won_odd_scenario_lets_each_hero_keep_one_more_card(
    sheet: CampaignSheet, game: Game, end: SimpleNamespace
) -> None:
    """*Campaign Sheet Anatomy*: after the 1st scenario each hero keeps 1 card (by default its
    most valuable Loot Card); the Group XP left over are noted."""
    game.state.group_xp = game.state.group_xp.gain(5)
    after = after_scenario(sheet, end.won(game), next_scenario="next_one")
    assert after.kept_cards == 1 and after.completed == 1 and after.next_scenario == "next_one"
    assert all(len(h.kept) <= 1 for h in after.heroes)
    assert after.group_xp == game.state.group_xp.xp == 5
    record = after.played[-1]
    assert record.number == 1 and record.outcome is Outcome.WON
    assert after.monster_points == record.monster_points == game.state.campaign.points


def test_a_won_even_scenario_gives_a_hero_level_and_bonus(
    sheet: CampaignSheet, end: SimpleNamespace
) -> None:
    """*Campaign Sheet Anatomy*: after the 2nd scenario every hero picks a hero bonus; the
    heroes (level 2) stand above the monsters (level 1): +1 Monster Point."""
    second = replace(
        sheet,
        completed=1,
        played=(replace(_record(), monster_points=0),),
        kept_cards=1,
    )
    game = end.won(start_game(second, 2))
    after = after_scenario(second, game, next_scenario=NEXT, bonuses={"mage": "magic_bonus"})
    assert {h.level for h in after.heroes} == {2}
    assert after.hero("mage").bonuses == ("magic_bonus",)
    assert all(len(h.bonuses) == 1 for h in after.heroes)
    assert after.monster_points == game.state.campaign.points + 1
    assert "+1 Monster Point" in after.played[-1].notes
    assert after.kept_cards == 1  # only odd scenarios add a card


def _record():  # type: ignore[no-untyped-def]
    from doria_nb.engine.campaign import ScenarioRecord

    return ScenarioRecord(1, NEXT, "The Flooded Archive", Outcome.WON, 0)


def test_chosen_cards_are_checked(sheet: CampaignSheet, game: Game, end: SimpleNamespace) -> None:
    """A hero keeps only cards it holds, no Standard Item, no more than allowed."""
    end.won(game)
    warrior = game.state.heroes["W"].character
    loot = [c.id for c in warrior.mat.cards if not c.standard]
    standard = next(c.id for c in warrior.mat.cards if c.standard)
    after = after_scenario(sheet, game, next_scenario=NEXT, keep={"warrior": loot[:1]})
    assert after.hero("warrior").kept == tuple(loot[:1])
    for keep, words in (
        (loot[:2], "keep 1 card"),
        ([standard], "Standard Items"),
        (["vorpal_blade"], "does not hold"),
    ):
        with pytest.raises(CampaignError, match=words):
            after_scenario(sheet, game, next_scenario=NEXT, keep={"warrior": keep})


def test_a_scenario_still_running_cannot_be_filled_in(sheet: CampaignSheet, game: Game) -> None:
    with pytest.raises(CampaignError, match="still being played"):
        after_scenario(sheet, game, next_scenario=NEXT)
    single = Game.new(NEXT, seed=1)
    play_out(single)
    with pytest.raises(CampaignError, match="Single Scenario"):
        after_scenario(sheet, single, next_scenario=NEXT)


def test_a_death_ends_the_scenario_and_a_new_character_takes_over(
    sheet: CampaignSheet, game: Game, end: SimpleNamespace
) -> None:
    """*Death of a character in campaigns*: the dead hero's cards are lost; a new character
    gets the same XP (Attribute Points) and hero level as the others; replaying keeps the
    scenario and its number, and the Monster Points so far stay on the total."""
    for seat in game.state.heroes.values():
        seat.character.gain_points(2)
    end.killed(game, "W")
    after = after_scenario(sheet, game, next_scenario="never", proceed="replay")
    record = after.played[-1]
    assert record.outcome is Outcome.DIED and after.completed == 0
    assert after.next_scenario == NEXT and after.scenario_number == 1
    assert after.monster_points == record.monster_points
    warrior = after.hero("warrior")
    assert warrior.kept == () and warrior.saved_points == 0
    from doria_nb.content import starter_pack

    gained = warrior.attributes.total - starter_pack().hero("warrior").attributes.total
    assert gained == 2  # as many points as the others had


def test_going_on_after_a_death_costs_five_monster_points(
    sheet: CampaignSheet, game: Game, end: SimpleNamespace
) -> None:
    """*Death of a character in campaigns*: going on to the next scenario adds 5 Monster Points,
    and the scenario's rewards are given as if it were won."""
    end.killed(game, "M")
    after = after_scenario(sheet, game, next_scenario="next_one", proceed="continue")
    assert after.monster_points == game.state.campaign.points + DEATH_CONTINUE_POINTS
    assert after.completed == 1 and after.kept_cards == 1 and after.next_scenario == "next_one"


def test_the_party_may_go_on_without_the_dead_hero(
    sheet: CampaignSheet, game: Game, end: SimpleNamespace
) -> None:
    """*Death of a character in campaigns*: the campaign may go on with fewer players."""
    end.killed(game, "M")
    after = after_scenario(
        sheet, game, next_scenario=NEXT, proceed="continue", replacements={"mage": None}
    )
    assert [h.hero for h in after.heroes] == ["warrior", "ranger", "priestess"]
    next_game = start_game(after, 1)
    assert next_game.state.player_count == 3 and next_game.state.group_xp.cost == 9


def test_a_lost_scenario_is_replayed_by_default(
    sheet: CampaignSheet, game: Game, end: SimpleNamespace
) -> None:
    """Ruling CA5: a scenario lost without a death is replayed (or gone on from at +5)."""
    after = after_scenario(sheet, end.lost(game), next_scenario="next_one")
    assert after.played[-1].outcome is Outcome.LOST
    assert after.next_scenario == NEXT and after.completed == 0 and after.kept_cards == 0
    with pytest.raises(CampaignError, match="replay or continue"):
        after_scenario(sheet, game, next_scenario=NEXT, proceed="retreat")
