"""*Monster level in campaigns* in a running game: Monster Points from the Doom Counter and
only one Level Up per scenario."""

from __future__ import annotations

from doria_nb.engine.campaign import CampaignSheet
from doria_nb.engine.doom.play import run_doom_move
from doria_nb.engine.game import start_game
from doria_nb.engine.game.game import Game
from doria_nb.engine.sections import Section
from doria_nb.engine.table.state import Asker


def test_doom_moves_add_monster_points(game: Game) -> None:
    """*Monster level in campaigns*: every red and orange square crossed is a point."""
    state = game.state
    state.doom = type(state.doom).start()
    before = state.campaign.points
    run_doom_move(state, state.doom.move(3), Asker())  # 40, 39 (red), 38
    assert state.campaign.points == before + 1
    run_doom_move(state, state.doom.move(8), Asker())  # 37 … 30: 36, 33 red, 30 orange
    assert state.campaign.points == before + 4


def test_only_the_first_level_up_counts_in_a_campaign_scenario(sheet: CampaignSheet) -> None:
    """*Monster level in campaigns*: the monsters reach only level 2 in the first scenario;
    later Level Ups are ignored (and said so), but their squares still count as points."""
    game = start_game(sheet, 4)
    state = game.state
    state.doom = type(state.doom).start()
    run_doom_move(state, state.doom.move(22), Asker())  # two full circles: two Level squares
    assert state.result is None
    assert state.monster_level == 2
    assert state.campaign.ignored_level_ups == 1
    assert state.campaign.points == 8  # 3 red and 1 orange per circle
    assert any(e.rule is Section.MONSTER_LEVEL_IN_CAMPAIGNS for e in state.log)
    single = Game.new("the_flooded_archive", seed=4)
    s = single.state
    s.doom = type(s.doom).start()
    run_doom_move(s, s.doom.move(22), Asker())
    assert s.result is None and s.monster_level == 3
