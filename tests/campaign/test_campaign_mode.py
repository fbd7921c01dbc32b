"""*Campaign Mode* set-up and *XP in Campaigns*: a game started from a Campaign Sheet."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.attributes import Attributes
from doria_nb.engine.campaign import CampaignError, CampaignSheet, CampaignSheetError, CampaignStart
from doria_nb.engine.game import start_game
from doria_nb.engine.game.game import Game
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.table.records import GameError
from doria_nb.soak.games import invariant_problems

NAMES = ("STR", "CON", "AGI", "PER", "WIS", "PSI")


def _standard(game: Game) -> Counter[str]:
    return Counter(
        c.id for s in game.state.heroes.values() for c in s.character.template.standard_items
    )


def _grown(sheet: CampaignSheet) -> CampaignSheet:
    """The sheet after some scenarios: the Warrior stronger, level 2 with a bonus, cards kept."""
    warrior = sheet.heroes[0]
    values = warrior.attributes.as_dict() | {"STR": warrior.attributes.STR + 2}
    grown = replace(
        warrior,
        attributes=Attributes.of(values),
        level=2,
        bonuses=("damage_bonus",),
        saved_points=1,
        kept=("runic_spear", "focus_ring"),
    )
    return replace(
        sheet,
        heroes=(grown, *sheet.heroes[1:]),
        kept_cards=2,
        group_xp=7,
        monster_points=23,
        played=(),
    )


def test_heroes_are_carried_over_with_their_levels(sheet: CampaignSheet) -> None:
    """*Campaign Mode*: the heroes of the sheet play on with their attributes, hero level,
    bonuses and saved points, at full HP and PP."""
    game = start_game(_grown(sheet), 5)
    warrior = game.state.heroes["W"].character
    pack = starter_pack()
    assert warrior.attributes.STR == pack.hero("warrior").attributes.STR + 2
    assert warrior.level == 2 and [b.id for b in warrior.hero_bonuses] == ["damage_bonus"]
    assert warrior.saved_points == 1
    assert warrior.hp == warrior.maximum.hp and warrior.pp == warrior.maximum.pp


def test_kept_cards_are_in_hand_and_no_card_is_made_or_lost(sheet: CampaignSheet) -> None:
    """*Campaign Sheet Anatomy*: the kept Loot Cards come along and the hand is refilled to
    6 around them; every card of the pack is still exactly once somewhere."""
    plain = start_game(sheet, 5)
    game = start_game(_grown(sheet), 5)
    warrior = game.state.heroes["W"].character
    held = [c.id for c in warrior.mat.cards]
    assert "runic_spear" in held and "focus_ring" in held
    loot = [c for c in warrior.mat.cards if not c.standard]
    plain_loot = [c for c in plain.state.heroes["W"].character.mat.cards if not c.standard]
    assert len(loot) == len(plain_loot)
    assert invariant_problems(game, _standard(game)) == []


def test_group_xp_cost_is_tripled_and_left_over_xp_carried(sheet: CampaignSheet) -> None:
    """*XP in Campaigns* and *Campaigns*: three times [PlayerCount] Group XP per Attribute
    Point; the XP left over at the last scenario's end stand on the track."""
    game = start_game(_grown(sheet), 5)
    assert game.state.group_xp.cost == 12 and game.state.group_xp.xp == 7
    assert Game.new("the_flooded_archive", seed=5).state.group_xp.cost == 4


def test_the_monsters_start_at_the_campaign_level(sheet: CampaignSheet) -> None:
    """*Monster level in campaigns*: 23 Monster Points, Monster Level 3 for the scenario."""
    game = start_game(_grown(sheet), 5)
    assert game.state.monster_level == 3 and game.state.campaign.main_level == 3
    harder = replace(_grown(sheet), options=RulesOptions(monster_difficulty="level_2"))
    assert start_game(harder, 5).state.monster_level == 3  # already above level 2


def test_no_hero_bonus_within_a_campaign_scenario(sheet: CampaignSheet) -> None:
    """*Campaigns*: the rounds 7, 13 and 18 give no hero level within a campaign scenario."""
    from doria_nb.engine.level_up.play import phase_h
    from doria_nb.engine.table.state import Asker

    game = start_game(sheet, 5)
    single = Game.new("the_flooded_archive", seed=5)
    for g in (game, single):
        g.state.round = 7
        phase_h(g.state, Asker())
    assert {s.character.level for s in game.state.heroes.values()} == {1}
    assert {s.character.level for s in single.state.heroes.values()} == {2}


def test_a_campaign_game_saves_and_loads(sheet: CampaignSheet) -> None:
    """The campaign start is part of the save file; a loaded game replays identically."""
    from doria_nb.engine.game.simulate import play_out

    game = start_game(_grown(sheet), 8)
    play_out(game, inputs=40)
    loaded = Game.load(game.save())
    assert loaded.events == game.events
    assert loaded.state.campaign == game.state.campaign


def test_bad_starts_are_refused_in_words(sheet: CampaignSheet) -> None:
    with pytest.raises(GameError, match="CampaignStart"):
        Game.new("the_flooded_archive", seed=1, campaign={"heroes": []})
    with pytest.raises(CampaignError, match="game's order"):
        Game.new(
            "the_flooded_archive",
            ["mage", "warrior"],
            seed=1,
            campaign=CampaignStart(sheet.heroes[:2]),
        )
    weak = replace(
        sheet.heroes[0],
        attributes=Attributes.of(dict.fromkeys(NAMES, 1)),
    )
    with pytest.raises(CampaignError, match="only rise"):
        start_game(replace(sheet, heroes=(weak, *sheet.heroes[1:])), 1)
    with pytest.raises(CampaignSheetError, match="does not fit"):
        odd = replace(sheet.heroes[0], kept=("vorpal_blade",))
        start_game(replace(sheet, heroes=(odd, *sheet.heroes[1:]), kept_cards=1), 1)
    with pytest.raises(CampaignError, match="over"):
        start_game(replace(sheet, next_scenario=None), 1)
