"""*Escaping a campaign scenario*, declared during the round: "the characters can escape
most of the scenarios at any time … play until the end of the current round" (ruling CA8)."""

from __future__ import annotations

import pytest

from doria_nb.engine.campaign import CampaignSheet, Outcome, after_scenario, outcome_of
from doria_nb.engine.campaign.escape import carry_out_declared_escape
from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.sections import Section
from doria_nb.engine.table.actions import DeclareEscape, action_from_json
from doria_nb.engine.table.records import IllegalAction, Phase


def _play_round_out(game: Game) -> None:
    """The bots play until the round ends (or the game)."""
    start = game.round
    for _ in range(2_000):
        if game.over or game.round > start:
            return
        if game.pending is not None:
            game.decide(game.pending.choice.default)
        else:
            game.apply(bot_action(game))


def _declarations(game: Game) -> list[str]:
    return [
        e.describe()
        for e in game.events
        if getattr(e, "rule", None) is Section.ESCAPING_A_CAMPAIGN_SCENARIO
    ]


def test_an_escape_is_declared_mid_round_and_taken_as_the_round_ends(
    sheet: CampaignSheet, game: Game
) -> None:
    """The group declares in Phase D; the round is played to its end; then the heroes, all
    near the entrance in round 1, leave: the scenario ends as an escape."""
    assert game.phase is Phase.D and DeclareEscape("") in game.legal_actions()
    game.apply(DeclareEscape(""))
    assert game.inputs[-1].action == DeclareEscape("") and not game.over
    assert game.state.campaign.escape_declared
    assert "declares its escape in round 1" in _declarations(game)[-1]
    _play_round_out(game)
    assert game.over and game.result.rule is Section.ESCAPING_A_CAMPAIGN_SCENARIO
    assert game.result.round == 1 and outcome_of(game) is Outcome.ESCAPED
    after = after_scenario(sheet, game, next_scenario=None)
    assert after.played[-1].outcome is Outcome.ESCAPED and after.completed == 0


def test_the_declaration_is_an_input_saved_and_undone(game: Game) -> None:
    """A declaration is recorded like any input: it saves, loads, and can be taken back."""
    game.apply(DeclareEscape(""))
    assert action_from_json(DeclareEscape("").to_json()) == DeclareEscape("")
    again = Game.load(game.save())
    assert again.state.campaign == game.state.campaign and again.events == game.events
    game.undo()
    assert not game.state.campaign.escape_declared and not _declarations(game)
    _play_round_out(game)
    assert game.round == 2 or (game.over and outcome_of(game) is not Outcome.ESCAPED)


def test_a_second_declaration_and_a_single_scenario_are_refused(game: Game) -> None:
    game.apply(DeclareEscape(""))
    with pytest.raises(IllegalAction, match="declared its escape already"):
        game.apply(DeclareEscape(""))
    single = Game.new("the_flooded_archive", seed=2)
    with pytest.raises(IllegalAction, match="Single Scenario"):
        single.apply(DeclareEscape(""))
    assert DeclareEscape("") not in single.legal_actions()


def test_a_declared_escape_fails_in_words_when_a_trap_waits_and_lapses(game: Game) -> None:
    """Ruling CA8: at the round's end a waiting trap (or a hero who cannot reach the
    entrance) makes the escape fail; the declaration lapses and the group plays on."""
    game.apply(DeclareEscape(""))
    state = game.state
    state.active_traps.append(object())
    carry_out_declared_escape(state)
    assert state.result is None and not state.campaign.escape_declared
    assert "The escape fails at the end of round 1: A triggered trap" in _declarations(game)[-1]
    assert "may declare its escape again" in _declarations(game)[-1]
    state.active_traps.clear()
    game.apply(DeclareEscape(""))
    assert game.state.campaign.escape_declared
