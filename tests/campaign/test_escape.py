"""*Escaping a campaign scenario*: at a round's end, through the entrance, XP and Monster
Points kept."""

from __future__ import annotations

import pytest

from doria_nb.engine.campaign import (
    CampaignError,
    CampaignSheet,
    Outcome,
    after_scenario,
    can_escape,
    escape,
)
from doria_nb.engine.game.game import Game
from doria_nb.engine.game.simulate import play_out
from doria_nb.engine.table.records import Phase


def _to_phase_i(game: Game) -> Game:
    from doria_nb.engine.game.bots import bot_action

    for _ in range(400):
        if game.over or game.phase is Phase.I:
            break
        game.apply(bot_action(game))
    assert game.phase is Phase.I
    return game


def test_an_escape_waits_for_the_round_to_end(game: Game) -> None:
    """*Escaping a campaign scenario*: play until the end of the current round first."""
    assert game.phase is Phase.D
    verdict = can_escape(game)
    assert not verdict and "round ends" in verdict.reason
    with pytest.raises(CampaignError, match="round ends"):
        escape(game)
    assert not game.over


def test_the_heroes_escape_and_keep_xp_and_monster_points(sheet: CampaignSheet, game: Game) -> None:
    """*Escaping a campaign scenario*: XP and Monster Points are kept; the scenario is not
    completed, the cards kept stay within the last reward."""
    _to_phase_i(game)
    game.state.group_xp = game.state.group_xp.gain(3)
    assert can_escape(game)
    escape(game)
    assert game.over and not game.result.won
    after = after_scenario(sheet, game, next_scenario="next_one")
    assert after.played[-1].outcome is Outcome.ESCAPED
    assert after.group_xp == game.state.group_xp.xp
    assert after.monster_points == game.state.campaign.points
    assert after.completed == 0 and after.kept_cards == 0


def test_a_triggered_trap_must_be_resolved_first(game: Game) -> None:
    """*Escaping a campaign scenario*: a triggered trap is resolved before the escape."""
    _to_phase_i(game)
    game.state.active_traps.append(object())
    assert "trap" in can_escape(game).reason
    game.state.active_traps.clear()
    assert can_escape(game)


def test_single_scenarios_and_no_escape_scenarios_refuse(game: Game) -> None:
    single = Game.new("the_flooded_archive", seed=2)
    assert "Single Scenario" in can_escape(single).reason
    play_out(game)
    assert "over" in can_escape(game).reason


def test_an_escape_is_taken_as_inputs_and_replays_from_the_save_file(game: Game) -> None:
    """The escape is the group's declaration and the end of Phase I, both in the event log,
    so the saved game loads to the same escaped end (ruling CA8)."""
    _to_phase_i(game)
    inputs = len(game.inputs)
    escape(game)
    assert game.over and game.state.campaign.escaped
    assert [type(i.action).__name__ for i in game.inputs[inputs:]] == ["DeclareEscape", "EndPhase"]
    again = Game.load(game.save())
    assert again.events == game.events and again.over and again.state.campaign.escaped
