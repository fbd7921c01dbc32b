"""*End of the Game*: the three ways a scenario ends, each in a real game of the engine — the
goal met, every character unconscious at the same time, a character's death (*Death of a
Character*) — and the scenario's own defeat condition."""

from __future__ import annotations

from doria_nb.engine.game.game import Game
from doria_nb.engine.game.simulate import play_out
from doria_nb.engine.sections import Section
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.game_end import check_end
from doria_nb.engine.table.records import Phase

PARTY = ["warrior", "mage", "ranger", "priestess"]


def _to_phase_i(game: Game) -> Game:
    """Every hero waits out round 1 (the longest wait each time) until the shop opens."""
    while game.phase is not Phase.I:
        waits = [a for a in game.legal_actions() if isinstance(a, act.Wait)]
        game.apply(max(waits, key=lambda a: a.ap))
    return game


def test_the_goal_met_wins_the_scenario() -> None:
    """Chapter 1's won game: the bots meet The Flooded Archive's goal."""
    game = play_out(Game.new("the_flooded_archive", PARTY, seed=5, snapshots=False))
    assert game.result is not None and game.result.won
    assert game.result.rule is Section.END_OF_THE_GAME
    assert "8 of 8 monsters defeated" in game.result.reason


def test_every_character_unconscious_at_once_loses() -> None:
    """Both heroes at −19 HP roll one die minus 19 at Phase C of round 2: neither reaches
    1 AP, and the scenario is lost however few monsters there are."""
    game = _to_phase_i(Game.new("the_flooded_archive", ["warrior", "mage"], seed=1))
    assert not game.over
    for seat in game.state.heroes.values():
        seat.character.change_points(hp=-(seat.character.hp + 19))
    game.apply(act.EndPhase(""))
    assert game.over and game.result is not None and not game.result.won
    assert game.result.rule is Section.END_OF_THE_GAME
    assert game.result.reason.startswith("every character is unconscious at the same time")
    assert game.result.round == 2


def test_one_unconscious_character_does_not_end_it() -> None:
    """With seed 1 the Mage fumbles at that roll too (two ones): with seed 2 he does not."""
    game = _to_phase_i(Game.new("the_flooded_archive", ["warrior", "mage"], seed=2))
    warrior = game.state.heroes["W"].character
    warrior.change_points(hp=-(warrior.hp + 19))
    game.apply(act.EndPhase(""))
    assert not game.over and game.state.unconscious("W") and not game.state.unconscious("M")


def test_a_death_ends_it_at_once() -> None:
    """−20 HP ends the scenario the moment the engine checks, for every player."""
    game = Game.new("the_flooded_archive", ["warrior", "mage"], seed=1)
    mage = game.state.heroes["M"].character
    mage.change_points(hp=-(mage.hp + 19))
    assert not check_end(game.state)
    mage.change_points(hp=-1)
    assert check_end(game.state)
    assert game.result is not None and not game.result.won
    assert game.result.rule is Section.DEATH_OF_A_CHARACTER
    assert game.result.reason.startswith("Mage died with HP -20")


def test_a_bot_game_lost_by_a_death() -> None:
    """Chapter 1's lost game."""
    game = play_out(Game.new("the_flooded_archive", PARTY, seed=0, snapshots=False))
    assert game.result is not None and not game.result.won
    assert game.result.rule is Section.DEATH_OF_A_CHARACTER
