"""Hero numbers owned by the seat, read by the monster AI through a view (issue 17 item 4).

A game's characters keep STR, AGI, WIS, active armor and HP on their seats, a monster its
range on its seat; :meth:`GameState.board` lends them to the AI as a read-only view on the
situation (:meth:`Situation.with_numbers`), never written onto a figure, so nothing has to be
taken off the figures after a spawn or an activation. The view is read by
:meth:`Situation.value` before a figure's own values, and is no part of the position.
"""

from __future__ import annotations

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.cards import AttackKind
from doria_nb.engine.errors import MonsterAIError, SituationError
from doria_nb.engine.game.game import Game
from doria_nb.engine.game.simulate import play_out
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai import activate
from doria_nb.engine.situation import Situation
from doria_nb.engine.spawning import place_group

PACK = starter_pack()
LENT = ("STR", "AGI", "WIS", "AR", "HP")

CORRIDOR = Situation.from_text("""
map:
  #########
  #A..o..C#
  ####D####
figures:
  A = hero Archer
  C = hero Cleric
  o = monster Orc AP 1
""")


def test_the_view_is_read_before_the_figures_own_values() -> None:
    lent = CORRIDOR.with_numbers({"A": {"STR": 9}, "o": {"RNG": 2}})
    assert lent.value("A", "STR") == 9 and lent.figure("A").value("STR") is None
    assert lent.value("o", "RNG") == 2 and lent.value("o", "AP") == 1
    assert lent.value("C", "STR", 4) == 4
    assert dict(lent.numbers_of("o")) == {"AP": 1, "RNG": 2}


def test_the_view_is_no_part_of_the_position() -> None:
    lent = CORRIDOR.with_numbers({"A": {"STR": 9}})
    assert lent == CORRIDOR and hash(lent) == hash(CORRIDOR)
    assert lent.to_text() == CORRIDOR.to_text()
    assert lent.with_numbers({}).value("A", "STR") is None


def test_the_view_stays_with_the_board_as_figures_move_and_come() -> None:
    lent = CORRIDOR.with_numbers({"A": {"STR": 9}})
    assert lent.moved("A", Square(2, 1)).value("A", "STR") == 9
    assert lent.without("C").value("A", "STR") == 9
    grown = lent.with_figure(lent.figure("C").at(Square(6, 1)))
    assert grown.value("A", "STR") == 9


def test_the_view_is_read_only_and_checked() -> None:
    numbers = {"A": {"STR": 9}}
    lent = CORRIDOR.with_numbers(numbers)
    numbers["A"]["STR"] = 1  # the caller's dict is copied, not kept
    assert lent.value("A", "STR") == 9
    with pytest.raises(TypeError):
        lent.numbers["A"]["STR"] = 1  # type: ignore[index]
    for bad in ({"A": {"STR": "nine"}}, {"A": {"STR": True}}, {1: {"STR": 9}}, [("A", 9)]):
        with pytest.raises(SituationError):
            CORRIDOR.with_numbers(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("archer", "bard", "target"), [(3, 9, "A"), (9, 3, "C")])
def test_the_monster_ai_chooses_its_target_by_the_lent_numbers(
    archer: int, bard: int, target: str
) -> None:
    lent = CORRIDOR.with_numbers({"A": {"STR": archer}, "C": {"STR": bard}})
    assert activate(lent, "o", pack=PACK).target.result == (target,)


def test_without_the_view_the_ai_asks_for_the_numbers() -> None:
    with pytest.raises(MonsterAIError, match="has no STR value"):
        activate(CORRIDOR, "o", pack=PACK)


def test_spawning_breaks_a_tie_by_the_lent_numbers() -> None:
    hall = Situation.from_text("""
map:
  #######
  #A.w.C#
  ###D###
figures:
  A = hero Archer
  C = hero Cleric
""")
    for archer, bard, second in ((3, 9, Square(2, 1)), (9, 3, Square(4, 1))):
        lent = hall.with_numbers({"A": {"STR": archer}, "C": {"STR": bard}})
        squares, _ = place_group(lent, Square(3, 1), 2, attack=AttackKind.MELEE)
        assert squares == (Square(3, 1), second)


def test_the_game_lends_the_seats_numbers_and_never_writes_them_on_figures() -> None:
    game = Game.new("the_flooded_archive", ("warrior", "mage", "ranger"), seed=3)
    state = game.state
    letter, seat = next(iter(state.heroes.items()))
    board = state.board()
    assert board.figures == state.situation.figures
    assert board.value(letter, "STR") == seat.character.attributes.STR
    assert board.value(letter, "HP") == seat.character.hp
    seat.character.change_points(hp=-2, reason="a test")
    assert state.board().value(letter, "HP") == seat.character.hp  # read from the seat anew
    assert board.value(letter, "HP") == seat.character.hp + 2  # an earlier view is a snapshot
    play_out(game)
    assert game.over and not state.situation.numbers
    for figure in state.situation.heroes:
        assert not {key for key, _ in figure.values} & set(LENT)
    for figure in state.situation.monsters:
        assert "RNG" not in dict(figure.values)
