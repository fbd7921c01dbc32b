"""The sight explorer, driven from Python as a reader would drive it (no browser).

Rulebook sections: *Range and Line of Sight* (the line, the blocking squares) and *Difficult
Terrain* (Blue Solid crossed: +1D for the defender).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.geometry import Square
from doria_nb.ui.board import Token
from doria_nb.ui.sight_explorer import CSS_CLASSES, SIGHT_COLOURS, SightExplorer

PACK = starter_pack()


def room(tile_id: str) -> Dungeon:
    return Dungeon.start(PACK.tile(tile_id))


def labels(explorer: SightExplorer) -> dict[tuple[int, int], str]:
    data = explorer.board.highlights_source.data
    return {
        (x, y): label for x, y, label in zip(data["sx"], data["sy"], data["label"], strict=True)
    }


def test_starts_with_an_instruction_and_nothing_drawn() -> None:
    explorer = SightExplorer(room("A-1"))
    assert "Click a square" in explorer.status.value
    assert explorer.result is None
    assert explorer.board.highlights_source.data["cx"] == []
    assert CSS_CLASSES["root"] in explorer._dom_classes
    assert CSS_CLASSES["status"] in explorer.status._dom_classes


def test_two_clicks_draw_the_line_that_proves_sight() -> None:
    dungeon = room("A-1")
    explorer = SightExplorer(dungeon)
    explorer.board.tap_square(Square(1, 1))
    assert "Looking from (1, 1)" in explorer.status.value
    assert explorer.from_input.value == "1,1" and explorer.to_input.value == ""
    assert labels(explorer) == {(1, 1): "A"}
    explorer.board.tap_square(Square(7, 6))
    expected = dungeon.line_of_sight(Square(1, 1), Square(7, 6))
    assert expected.visible
    assert explorer.result == expected
    assert explorer.to_input.value == "7,6"
    a, b = expected.line.as_floats()
    assert explorer.board.lines_source.data["xs"] == [[a[0], b[0]]]
    assert explorer.board.lines_source.data["ys"] == [[a[1], b[1]]]
    assert labels(explorer) == {(1, 1): "A", (7, 6): "B"}
    assert "sees" in explorer.status.value
    assert "Range and Line of Sight" in explorer.explanation.value
    # A third click starts over from the new square.
    explorer.board.tap_square(Square(4, 4))
    assert explorer.result is None and labels(explorer) == {(4, 4): "A"}
    assert explorer.board.lines_source.data["xs"] == []


def test_blocked_sight_shades_the_blocking_squares_and_draws_no_line() -> None:
    dungeon = room("D-3")
    explorer = SightExplorer(dungeon)
    explorer.board.tap_square(Square(7, 2))
    explorer.board.tap_square(Square(5, 3))
    expected = dungeon.line_of_sight(Square(7, 2), Square(5, 3))
    assert not expected.visible and expected.blockers
    assert explorer.result == expected
    assert explorer.board.lines_source.data["xs"] == []
    shaded = labels(explorer)
    for square in expected.blockers:
        assert shaded[(square.x, square.y)] == "✕"
    fills = explorer.board.highlights_source.data["fill"]
    assert fills.count(SIGHT_COLOURS["blocker"]) == len(expected.blockers)
    assert "cannot see" in explorer.status.value
    assert "2 blocking squares" in explorer.status.value


def test_blue_solid_crossed_is_marked_plus_1d() -> None:
    dungeon = room("C-4")  # a row of Blue Solid squares between rows 1 and 3
    explorer = SightExplorer(dungeon, start=Square(4, 1), target=Square(4, 3))
    result = explorer.result
    assert result is not None and result.visible and result.hindered
    assert labels(explorer)[(4, 2)] == "+1D"
    assert "+1D" in explorer.status.value
    assert "Difficult Terrain" in explorer.explanation.value


def test_the_text_fields_do_what_clicks_do() -> None:
    dungeon = room("D-3")
    explorer = SightExplorer(dungeon)
    explorer.from_input.value = "(7, 2)"
    assert explorer.result is None  # waits for the second square
    explorer.to_input.value = "5 3"
    assert explorer.result == dungeon.line_of_sight(Square(7, 2), Square(5, 3))
    explorer.to_input.value = "1,1"
    assert explorer.result == dungeon.line_of_sight(Square(7, 2), Square(1, 1))
    explorer.check_button.click()
    assert explorer.result == dungeon.line_of_sight(Square(7, 2), Square(1, 1))


def test_bad_typing_shows_a_message_and_keeps_the_last_answer() -> None:
    explorer = SightExplorer(room("A-1"), start=Square(1, 1), target=Square(7, 1))
    before = (explorer.result, dict(explorer.board.highlights_source.data))
    explorer.to_input.value = "seven"
    assert "two whole numbers" in explorer.status.value
    assert "doria-problem" in explorer.status.value
    explorer.to_input.value = "40,40"
    assert "off the dungeon" in explorer.status.value
    assert (explorer.result, dict(explorer.board.highlights_source.data)) == before
    explorer.to_input.value = ""
    explorer.check_button.click()
    assert "Type both squares" in explorer.status.value


def test_a_click_off_the_dungeon_says_so_and_changes_nothing() -> None:
    explorer = SightExplorer(room("A-1"))
    explorer.board.tap_square(Square(2, 2))
    explorer.board.tap(15.5, -3.2)
    assert "(15, -4) is off the dungeon" in explorer.status.value
    assert explorer.source_square == Square(2, 2)
    explorer.board.tap_square(Square(6, 6))
    assert explorer.result is not None and explorer.result.target == Square(6, 6)


def test_check_raises_in_words_for_squares_off_the_dungeon() -> None:
    explorer = SightExplorer(room("A-1"))
    with pytest.raises(DoriaError, match="off the dungeon"):
        explorer.check(Square(0, 20), Square(1, 1))


def test_clear_forgets_everything() -> None:
    explorer = SightExplorer(room("A-1"), start=Square(1, 1), target=Square(7, 1))
    explorer.clear_button.click()
    assert explorer.result is None
    assert explorer.from_input.value == explorer.to_input.value == ""
    assert explorer.board.highlights_source.data["cx"] == []
    assert explorer.board.lines_source.data["xs"] == []


def test_a_situation_s_figures_are_drawn_and_named() -> None:
    situation = SimpleNamespace(
        dungeon=room("A-1"),
        figures=(
            Token(Square(2, 3), "W", "hero", "Warrior"),
            Token(Square(6, 5), "O", "monster", "Orc"),
        ),
    )
    explorer = SightExplorer(situation, start=Square(2, 3), target=Square(6, 5))
    assert explorer.board.figures_source.data["letter"] == ["W", "O"]
    assert "Warrior at (2, 3)" in explorer.status.value
    assert "Orc at (6, 5)" in explorer.status.value


def test_a_real_situation_works_too() -> None:
    from doria_nb.engine.situation import Situation

    situation = Situation.from_text(
        "map:\n  ###D####\n  #H..~o.#\n  #......#\n  ########\n"
        "figures:\n  H = hero Huntress AP 19\n  o = monster Orc AP 10\n"
    )
    explorer = SightExplorer(situation, start=Square(1, 1), target=Square(5, 1))
    assert explorer.result == situation.line_of_sight("Huntress", "Orc")
    assert "Huntress at (1, 1)" in explorer.status.value
    assert explorer.board.figures_source.data["kind"] == ["hero", "monster"]
