"""The board's model without any widget: what a board shows (the dungeon, figures, highlights,
outlines, tile candidates, the keyboard cursor), the board in words, and the intents — click a
square, move the cursor, select a candidate.

Rulebook sections: *Revealing a Room Tile* (the candidates), *Dungeon Markers* and *Walls*
(what a square says). That the model imports no widget library is checked in
``tests/architecture/test_widget_models.py``.
"""

from __future__ import annotations

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.exploration import Exit, placements
from doria_nb.engine.geometry import Square
from doria_nb.ui.board.layers import Highlight, Outline, Token
from doria_nb.ui.board.model import ARROWS, BoardModel, cursor_step, square_at

PACK = starter_pack()


def a1() -> Dungeon:
    return Dungeon.start(PACK.tile("A-1"))


def east_placements(tile: str) -> list:
    dungeon = a1()
    exit = Exit.of_door(dungeon.door(Square(8, 4)))
    return [p.placed for p in placements(dungeon, PACK.tile(tile), exit)]


def test_the_squares_layer_has_every_square_once_with_who_and_info() -> None:
    board = BoardModel(a1())
    board.set_figures([Token(Square(4, 1), "W")])
    board.set_highlights([Highlight(Square(4, 2), "#56B4E9", info="1 AP")])
    data = board.square_data()
    assert len(data["cx"]) == 81 == len(board.rows)
    row = board.rows[Square(4, 1)]
    assert (data["sx"][row], data["sy"][row]) == (4, 1)
    assert data["who"][row] == "W (hero)" and data["info"][row] == ""
    assert data["info"][board.rows[Square(4, 2)]] == "1 AP"
    # Each call is a new copy: a view may patch it without touching the model's table.
    data["who"][row] = "changed"
    assert board.square_data()["who"][row] == "W (hero)"


def test_a_square_in_words_says_where_what_who_and_the_highlight_info() -> None:
    board = BoardModel(a1())
    board.set_figures([Token(Square(3, 2), "O", "monster", "Orc", hp=5, max_hp=7, level=2)])
    board.set_highlights(
        [Highlight(Square(3, 2), "#000000", info="target"), Highlight(Square(3, 2), "#000000")]
    )
    assert board.square_words(Square(3, 2)) == (
        "(3, 2): floor; O Orc (monster, level 2): HP 5/7; target"
    )
    assert board.square_words(Square(4, 0)) == "(4, 0): door, unexplored"
    assert board.square_words(Square(40, 0)) == "(40, 0): off the dungeon"
    assert board.info() == {Square(3, 2): "target"}


def test_the_board_in_words_names_the_figures_and_the_cursor() -> None:
    board = BoardModel(a1())
    board.set_figures([Token(Square(4, 1), "W")])
    text = board.text()
    assert text.splitlines()[0] == "A dungeon of 1 room tile."
    assert "- W (hero) at (4, 1)" in text and "Keyboard cursor" not in text
    said = board.said()
    board.set_cursor(Square(4, 1))
    assert board.text().endswith("Keyboard cursor on (4, 1): floor; W (hero).")
    assert board.said() != said


def test_the_cursor_area_grows_with_outlines_and_candidates() -> None:
    board = BoardModel(a1())
    assert board.area == (0, 0, 8, 8)
    board.set_outlines([Outline(-3, 2, 3, 3)])
    assert board.area == (-3, 0, 8, 8)
    candidates = east_placements("C-6")
    board.set_candidates(candidates)
    assert board.area[2] == candidates[0].right - 1
    board.clear_overlays()
    assert board.area == (0, 0, 8, 8)
    assert (board.outlines, board.candidates, board.highlights, board.lines) == ((), (), (), ())


def test_the_cursor_appears_at_home_moves_within_the_area_and_enter_clicks_it() -> None:
    board = BoardModel(a1())
    assert board.home() == Square(4, 4)  # the middle, without figures
    board.set_figures([Token(Square(2, 3), "W")])
    assert board.home() == Square(2, 3)  # the first figure
    assert board.key("focus") is None and board.cursor == Square(2, 3)
    board.key("ArrowRight")
    board.key("ArrowDown")
    assert board.cursor == Square(3, 4)
    board.key("focus")  # the focus shows the cursor, it does not move it
    assert board.cursor == Square(3, 4)
    for _ in range(20):
        board.key("ArrowUp")
    assert board.cursor == Square(3, 0)  # the board's edge stops it
    board.cursor_home = Square(7, 7)
    board.key("Home")
    assert board.cursor == Square(7, 7)
    assert board.key("Enter") == Square(7, 7)
    with pytest.raises(ValueError, match="arrow keys, Enter and Home, not 'Delete'"):
        board.key("Delete")
    assert board.cursor == Square(7, 7)


def test_enter_without_a_cursor_shows_it_at_home_and_clicks_there() -> None:
    board = BoardModel(a1())
    board.cursor_home = Square(1, 1)
    assert board.key("Enter") == Square(1, 1) and board.cursor == Square(1, 1)


def test_a_click_reaches_every_callback_in_order() -> None:
    board = BoardModel(a1())
    heard: list[tuple[str, Square]] = []
    board.on_click(lambda square: heard.append(("first", square)))
    board.on_click(lambda square: heard.append(("second", square)))
    board.click(square_at(-0.5, 2.2))  # off the dungeon too
    assert heard == [("first", Square(-1, 2)), ("second", Square(-1, 2))]


def test_candidates_are_selected_by_index_and_refused_outside() -> None:
    candidates = east_placements("C-6")
    board = BoardModel(a1())
    assert board.candidate_layers() is None
    board.set_candidates(candidates, selected=0, labels=("a", "b"))
    first = board.candidate_layers()
    assert first is not None and first is board.candidate_layers()  # made once
    board.select_candidate(1)
    assert board.selected == 1 and board.candidate_layers() is not first
    with pytest.raises(ValueError, match="must be one of the 2 shown"):
        board.select_candidate(2)
    with pytest.raises(ValueError, match="must be one of the 2 shown"):
        board.set_candidates(candidates, selected=5)
    assert board.selected == 1 and board.candidate_labels == ("a", "b")
    assert "candidates" in board.legend_keys()


def test_the_legend_gains_the_cursor_when_it_shows() -> None:
    board = BoardModel(a1())
    assert "cursor" not in board.legend_keys()
    board.key("Home")
    assert "cursor" in board.legend_keys()


def test_lines_keep_their_colour() -> None:
    board = BoardModel(a1())
    board.set_lines([((0.5, 0.5), (3.5, 2.5))], color="#D55E00")
    assert board.lines == (((0.5, 0.5), (3.5, 2.5)),) and board.line_color == "#D55E00"


def test_a_cursor_step_stays_inside_the_area() -> None:
    area = (0, 0, 2, 2)
    assert {cursor_step(Square(1, 1), key, area) for key in ARROWS} == {
        Square(1, 0),
        Square(1, 2),
        Square(0, 1),
        Square(2, 1),
    }
    assert cursor_step(Square(2, 2), "ArrowRight", area) == Square(2, 2)
