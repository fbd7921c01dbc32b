"""The three new scenarios of the starter pack and the starter campaign: their goals, losing
conditions and special rules, each hook carried out by the game; bots play each to its end
(*End of the Game*, *General Setup*, *Create your own campaigns*)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from doria_nb.content import starter_pack
from doria_nb.content.campaigns import starter_campaigns
from doria_nb.engine.campaign import CampaignSheet, can_escape
from doria_nb.engine.doom.counter import DoomCounter
from doria_nb.engine.doom.play import phase_g
from doria_nb.engine.game import start_game
from doria_nb.engine.game.game import Game
from doria_nb.engine.game.simulate import play_out
from doria_nb.engine.level_up.play import phase_h
from doria_nb.engine.scenario import Goal
from doria_nb.engine.table.records import Phase
from doria_nb.engine.table.state import Asker

NEW = ("the_rat_kings_warren", "the_sunken_chapel", "the_silver_mine")


class View:
    """A hand-made ScenarioView."""

    def __init__(self, **values: int) -> None:
        self.round = values.get("round", 1)
        self.player_count = values.get("player_count", 4)
        self.monsters_defeated = 0
        self.tiles_placed = values.get("tiles_placed", 0)
        self.treasures_searched = values.get("treasures_searched", 0)
        self.tiles_on_board = ("A-1",)

    def heroes_on_tile(self, tile_id: str) -> tuple[str, ...]:
        return ()


def test_the_new_scenarios_differ_in_goal_end_condition_and_special_rules() -> None:
    pack = starter_pack()
    scenarios = [pack.scenario(s) for s in NEW]
    goals = {s.goal.kind for s in scenarios} | {pack.scenario("the_flooded_archive").goal.kind}
    assert len(goals) == 4
    assert len({tuple(d.kind for d in s.defeats) for s in scenarios}) == 3
    hooks = [tuple(r.hook for r in s.special_rules) for s in scenarios]
    assert hooks == [
        ("start_doom",),
        ("phase_h_heal", "no_escape"),
        ("campaign_points_per_treasure", "doom_extra_steps"),
    ]
    for scenario in scenarios:
        assert scenario.name in scenario.briefing()


def test_the_new_goal_kinds() -> None:
    """Goals: search treasures (per player), survive until a round ends."""
    search = Goal.of("search_treasures", per_player=1)
    assert not search.progress(View(treasures_searched=3)).done
    assert search.progress(View(treasures_searched=4)).done
    assert search.describe() == "Search 1 treasure per player ([PlayerCount] x 1)."
    survive = Goal.of("survive_rounds", rounds=8)
    assert not survive.progress(View(round=8)).done
    assert survive.progress(View(round=8), round_ended=True).done


def test_the_new_losing_conditions() -> None:
    pack = starter_pack()
    warren = pack.scenario("the_rat_kings_warren")
    assert warren.lost(View(tiles_placed=9)) is None
    assert warren.lost(View(tiles_placed=10)) is not None
    mine = pack.scenario("the_silver_mine")
    assert mine.lost(View(treasures_searched=2)) is None
    assert mine.lost(View(treasures_searched=3)) is not None
    assert mine.check_end(View(round=8, treasures_searched=3), round_ended=True).won


def test_the_warren_is_awake_the_doom_counter_starts_on_37() -> None:
    """*The Rat King's Warren*: the hook ``start_doom`` sets the marker at setup."""
    from doria_nb.engine.doom.play import start_doom
    from doria_nb.engine.game.setup import new_state
    from doria_nb.engine.options import RulesOptions

    pack = starter_pack()
    for scenario, square in (("the_rat_kings_warren", 37), ("the_flooded_archive", None)):
        state = new_state(pack, pack.scenario(scenario), ["warrior", "mage"], 1, RulesOptions())
        start_doom(state)
        assert state.doom.square == square
    game = Game.new("the_rat_kings_warren", seed=1)
    assert any("square 37" in str(getattr(e, "text", "")) for e in game.events)


def test_the_mine_trembles_one_more_doom_square_each_phase_g() -> None:
    """*The Silver Mine*: the hook ``doom_extra_steps`` adds a square in Phase G."""
    squares = {}
    for scenario in ("the_silver_mine", "the_flooded_archive"):
        game = Game.new(scenario, seed=2)
        state = game.state
        state.doom = DoomCounter(40)
        state.door_opened = True
        phase_g(state, Asker())
        squares[scenario] = state.doom.square
    assert squares["the_flooded_archive"] - squares["the_silver_mine"] == 1


def test_the_blessed_font_heals_heroes_on_the_entrance_in_phase_h() -> None:
    """*The Sunken Chapel*: the hook ``phase_h_heal`` gives 1 HP in Phase H on the start tile."""
    regained = {}
    for scenario in ("the_sunken_chapel", "the_flooded_archive"):
        game = Game.new(scenario, seed=2)
        state = game.state
        warrior = state.heroes["W"].character
        warrior.change_points(hp=-3, reason="test")
        before = warrior.hp
        state.round = 2
        phase_h(state, Asker())
        regained[scenario] = warrior.hp - before
    assert regained == {"the_sunken_chapel": 1, "the_flooded_archive": 0}


def test_the_sunken_chapel_cannot_be_escaped() -> None:
    """*Escaping a campaign scenario*: "some of the scenarios specify that escape ... is not
    possible" — the hook ``no_escape``."""
    sheet = CampaignSheet.begin("c", "C", ["warrior", "mage", "ranger"])
    game = start_game(replace(sheet, next_scenario="the_sunken_chapel"), 1)
    game.state.phase = Phase.I
    assert "cannot be escaped" in can_escape(game).reason


@pytest.mark.parametrize("scenario", NEW)
def test_bots_play_each_new_scenario_to_its_end(scenario: str) -> None:
    for seed in (0, 1):
        game = Game.new(scenario, seed=seed, snapshots=False)
        play_out(game)
        assert game.over, (scenario, seed)


def test_the_starter_campaign() -> None:
    """*Create your own campaigns*: four scenarios, a choice after the Warren."""
    (book,) = starter_campaigns()
    assert book.id == "the_drowned_crown" and book.first == "the_flooded_archive"
    assert len(book.scenarios) == 4 and book.longest_path() == 4
    assert book.entry("the_rat_kings_warren").next == ("the_sunken_chapel", "the_silver_mine")
    assert book.following("the_rat_kings_warren", "the_silver_mine") == "the_silver_mine"
    assert book.following("the_silver_mine") is None


def test_the_silver_mine_adds_monster_points_per_treasure_in_a_campaign() -> None:
    """*Monster level in campaigns*: "campaigns can also define conditions for Monster Points
    within scenarios" — the hook ``campaign_points_per_treasure``."""
    from doria_nb.engine.campaign import after_scenario
    from doria_nb.engine.sections import Section
    from doria_nb.engine.table.ending import end_game

    sheet = CampaignSheet.begin("c", "C", ["warrior", "mage", "ranger"])
    game = start_game(replace(sheet, next_scenario="the_silver_mine"), 1)
    game.state.counters.treasures_searched = 2
    end_game(game.state, True, "held out", Section.END_OF_THE_GAME)
    after = after_scenario(sheet, game, next_scenario=None)
    assert after.played[-1].monster_points == game.state.campaign.points + 2
