"""The movement question a game asks for a hero, in one object the state builds
(``GameState.movement_board``; issue 17 item 4): the seat's AP, never below 0, and the board
around the hero as the situation gives it; a letter that is no hero is refused in words."""

from __future__ import annotations

import pytest

from doria_nb.engine.errors import MovementError
from doria_nb.engine.game.game import Game
from doria_nb.engine.game.hero_checks import hero_reach

PARTY = ("warrior", "mage", "ranger")


def test_the_state_builds_the_board_with_the_seats_ap() -> None:
    state = Game.new("the_flooded_archive", PARTY, seed=7).state
    letter = next(iter(state.heroes))
    seat = state.heroes[letter]
    seat.ap = 9
    board = state.movement_board(letter)
    assert board == state.situation.movement_board(letter, ap=9)
    assert board.start == state.situation.figure(letter).square
    others = {state.situation.figure(other).square for other in state.heroes if other != letter}
    assert set(board.characters) == others
    assert hero_reach(state, letter) == board.reach()
    seat.ap = -3  # a jump may end below 0 AP; the next movement starts from 0
    assert state.movement_board(letter).ap == 0
    assert state.movement_board(letter).reach().squares.keys() <= {board.start}


def test_a_letter_that_is_no_hero_is_refused() -> None:
    state = Game.new("the_flooded_archive", PARTY, seed=7).state
    with pytest.raises(MovementError, match="No hero of this game has the letter 'q'"):
        state.movement_board("q")
