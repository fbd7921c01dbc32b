"""The board view on its own, driven from Python (no browser).

Rulebook sections: *Revealing a Room Tile* (doors and their states), *Difficult Terrain* and
*Walls* (what the squares show), *Dungeon Markers*, *Treasure Icon on a Room Tile*.
"""

from __future__ import annotations

import pytest
from bokeh.events import Tap
from jupyter_bokeh import BokehModel

from doria_nb.content.loader import starter_pack
from doria_nb.engine.cards import Marker
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.geometry import Square
from doria_nb.engine.tiles import Terrain
from doria_nb.ui.board import (
    FIGURE_STYLE,
    TERRAIN_FILL,
    BoardView,
    BoardWidget,
    Highlight,
    Outline,
    Token,
    board_text,
    ink_for,
    parse_square,
    report_errors,
    square_at,
    square_glyph,
)

PACK = starter_pack()


def a1() -> Dungeon:
    return Dungeon.start(PACK.tile("A-1"))


def row_of(board: BoardView, square: Square) -> int:
    data = board.squares_source.data
    return next(
        i
        for i, (x, y) in enumerate(zip(data["sx"], data["sy"], strict=True))
        if (x, y) == (square.x, square.y)
    )


def test_every_square_of_the_dungeon_is_drawn_once_with_its_terrain_colour() -> None:
    board = BoardView(a1())
    data = board.squares_source.data
    assert len(data["cx"]) == 81 == len(set(zip(data["sx"], data["sy"], strict=True)))
    assert data["fill"][row_of(board, Square(0, 0))] == TERRAIN_FILL[Terrain.WALL]
    assert data["fill"][row_of(board, Square(1, 1))] == TERRAIN_FILL[Terrain.FLOOR]
    assert data["fill"][row_of(board, Square(4, 8))] == TERRAIN_FILL[Terrain.STAIRS]
    # Centres are in square units: Square(x, y) covers [x, x+1] x [y, y+1].
    assert (data["cx"][row_of(board, Square(3, 5))], data["cy"][row_of(board, Square(3, 5))]) == (
        3.5,
        5.5,
    )


def test_glyphs_tell_the_squares_apart_without_colour() -> None:
    board = BoardView(a1())
    data = board.squares_source.data
    glyph = {(x, y): g for x, y, g in zip(data["sx"], data["sy"], data["glyph"], strict=True)}
    # Unexplored doors point to the unknown; start positions in Roman numerals.
    assert glyph[(4, 0)] == "↑" and glyph[(0, 4)] == "←" and glyph[(8, 4)] == "→"
    assert glyph[(2, 3)] == "I" and glyph[(6, 5)] == "VI"
    assert glyph[(4, 7)] == "E" and glyph[(4, 8)] == "≡"
    assert glyph[(1, 1)] == "" and glyph[(0, 0)] == ""
    what = dict(zip(data["where"], data["what"], strict=True))
    assert what["(4, 0)"] == "door, unexplored"
    assert what["(4, 3)"] == "floor, start position II"


def test_treasure_monster_icons_and_markers_have_glyphs() -> None:
    dungeon = Dungeon.start(PACK.tile("A-3"))
    placed = dungeon.tiles[0]
    treasure = placed.to_table(placed.tile.treasures[0])
    icon, _ = placed.tile.monster_icons()[0]
    # A start tile's treasure icon gets no marker; give it one, as revealing the tile would.
    with_marker = Dungeon(dungeon.tiles, treasures=frozenset({treasure}))
    assert square_glyph(with_marker, treasure) == "$"
    assert square_glyph(dungeon, treasure) == ""  # no treasure marker lies there
    assert square_glyph(with_marker, placed.to_table(icon)) == "Mw"
    rubble = with_marker.with_marker(Square(3, 3), Marker.RUBBLE)
    assert square_glyph(rubble, Square(3, 3)) == "▲"
    hole = with_marker.with_marker(Square(3, 3), Marker.HOLE)
    assert square_glyph(hole, Square(3, 3)) == "○"
    assert square_glyph(with_marker, Square(2, 3)) == "%"  # Blue Solid
    assert square_glyph(with_marker, Square(50, 50)) == ""


def test_an_opened_door_shows_open() -> None:
    dungeon = a1().with_opened(Square(4, 0))
    board = BoardView(dungeon)
    i = row_of(board, Square(4, 0))
    assert board.squares_source.data["glyph"][i] == "/"
    assert board.squares_source.data["what"][i] == "door, open"


def test_tiles_layer_frames_each_tile_with_its_id() -> None:
    board = BoardView(a1())
    data = board.tiles_source.data
    assert data["id"] == ["A-1"]
    assert (data["left"], data["right"], data["top"], data["bottom"]) == ([0], [9], [0], [9])


def test_the_view_is_a_flipped_bokeh_figure_without_axes_or_toolbar() -> None:
    board = BoardView(a1(), legend=False)
    assert isinstance(board.widget, BokehModel)
    assert board.widget._model is board.figure
    plot = board.figure
    assert plot.toolbar_location is None
    assert plot.min_border == 0 or plot.min_border_left == 0
    # One square of margin around the 9 x 9 tile, rows going down (start > end).
    assert (plot.x_range.start, plot.x_range.end) == (-1, 10)
    assert (plot.y_range.start, plot.y_range.end) == (10, -1)
    assert board.extent == (-1, -1, 10, 10)
    assert plot.width == plot.height == 11 * board.pixels_per_square
    assert board.pixel_of(Square(-1, -1)) == (board.pixels_per_square / 2,) * 2
    texts = board.rulers_source.data["text"]
    assert texts[:9] == [str(x) for x in range(9)]


def test_big_boards_shrink_their_squares_to_fit() -> None:
    board = BoardView(a1(), cell=40, max_width=220, max_height=900)
    assert board.pixels_per_square == 220 // 11
    assert board.figure.width <= 220


def test_layers_update_in_place_and_set_dungeon_keeps_the_figure() -> None:
    board = BoardView(a1(), legend=False)
    plot, widget, source = board.figure, board.widget, board.squares_source
    board.set_figures(
        [Token(Square(2, 3), "W", "hero", "Warrior"), Token(Square(4, 1), "O", "monster", "Orc")]
    )
    data = board.figures_source.data
    assert data["letter"] == ["W", "O"]
    assert data["marker"] == [FIGURE_STYLE["hero"]["marker"], FIGURE_STYLE["monster"]["marker"]]
    assert data["fill"][0] != data["fill"][1]
    board.set_highlights([Highlight(Square(1, 1), "#56B4E9", 0.4, "3", "walk 3 squares")])
    assert board.highlights_source.data["label"] == ["3"]
    assert board.highlights_source.data["info"] == ["walk 3 squares"]
    board.set_lines([((1.5, 1.5), (7.5, 4.0))])
    assert board.lines_source.data["xs"] == [[1.5, 7.5]]
    assert board.lines_source.data["ys"] == [[1.5, 4.0]]
    board.set_outlines([Outline(9, 1, 7, 7, "1", emphasised=True), Outline(9, 2, 7, 7, "2")])
    outlines = board.outlines_source.data
    assert outlines["left"] == [9, 9] and outlines["right"] == [16, 16]
    assert outlines["width"][0] > outlines["width"][1]
    # The board grows to show the footprints.
    assert board.extent == (-1, -1, 17, 10)
    board.set_dungeon(a1().with_opened(Square(8, 4)))
    assert board.figure is plot and board.widget is widget and board.squares_source is source
    board.clear_overlays()
    assert board.highlights_source.data["cx"] == []
    assert board.lines_source.data["xs"] == []
    assert board.outlines_source.data["left"] == []
    assert board.extent == (-1, -1, 10, 10)


def test_a_tap_arrives_as_the_square_under_the_pointer() -> None:
    board = BoardView(a1())
    got: list[Square] = []
    board.on_tap(got.append)
    board.tap(4.9, 0.1)
    board.tap_square(Square(2, 3))
    board.tap(-0.5, 12.2)  # off the dungeon: still a square
    # A Tap built like the one jupyter_bokeh deserializes from the browser.
    board.figure.document.callbacks.trigger_event(Tap(board.figure, sx=10, sy=10, x=7.2, y=8.8))
    assert got == [Square(4, 0), Square(2, 3), Square(-1, 12), Square(7, 8)]


def test_square_at_and_parse_square() -> None:
    assert square_at(3.0, 4.999) == Square(3, 4)
    assert square_at(-0.01, 0) == Square(-1, 0)
    assert parse_square("3,4") == parse_square("(3, 4)") == parse_square("3 4") == Square(3, 4)
    for bad in ("", "3", "a,b", "1,2,3", "1.5,2"):
        with pytest.raises(DoriaError, match="two whole numbers"):
            parse_square(bad)


def test_board_text_says_the_board_in_words() -> None:
    text = board_text(a1(), [Token(Square(2, 3), "W", "hero", "Warrior")])
    assert "A dungeon of 1 room tile." in text
    assert "door at (4, 0) on A-1, unexplored" in text
    assert "- W Warrior (hero) at (2, 3)" in text
    assert "####D####" in text
    assert "unexplored door" in text
    board = BoardView(a1())
    board.set_figures([Token(Square(2, 3), "W", "hero", "Warrior")])
    assert "Warrior" in board.description.value
    assert "<details>" in board.description.value


def test_ink_is_readable_on_every_fill() -> None:
    assert ink_for(TERRAIN_FILL[Terrain.FLOOR]) == "#000000"
    assert ink_for(TERRAIN_FILL[Terrain.WALL]) == "#FFFFFF"
    assert ink_for(TERRAIN_FILL[Terrain.BLUE_SOLID]) == "#FFFFFF"
    assert ink_for(TERRAIN_FILL[Terrain.BLUE_DASHED]) == "#000000"


def test_report_errors_shows_problems_in_words() -> None:
    shown: list[str] = []

    @report_errors(shown.append)
    def handler(kind: str) -> str:
        if kind == "rule":
            raise DoriaError("That door is walled up.")
        if kind == "bug":
            raise KeyError("x")
        return "fine"

    assert handler("ok") == "fine"
    assert handler("rule") is None and shown[-1] == "That door is walled up."
    assert handler("bug") is None and shown[-1].startswith("Something went wrong here (KeyError")


def test_the_widget_sends_a_fresh_figure_when_displayed_after_changes() -> None:
    """jupyter_bokeh drops patches that reach the page before a view exists: a board changed
    before it is displayed (or a page reloaded) must get the figure as it is now."""
    board = BoardView(a1())
    widget = board.widget
    assert isinstance(widget, BoardWidget)
    before = widget.render_bundle
    board.set_highlights([Highlight(Square(1, 1), "#123456", label="marked")])
    assert widget.render_bundle is before  # live views get a patch; the bundle waits
    bundle = widget._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == widget.model_id
    assert "#123456" in str(widget.render_bundle)
    sent = widget.render_bundle
    board.sync_view()  # nothing changed since: nothing is sent again
    assert widget.render_bundle is sent
    board.set_lines([((0.5, 0.5), (2.5, 2.5))])
    widget.get_state()  # what a reloaded page asks for
    assert widget.render_bundle is not sent and "2.5" in str(widget.render_bundle)


def test_explorers_send_the_board_when_displayed() -> None:
    from doria_nb.ui.sight_explorer import SightExplorer

    explorer = SightExplorer(a1())
    explorer.check(Square(1, 1), Square(7, 6))
    assert "looking at this square" not in str(explorer.board.widget.render_bundle)
    explorer._repr_mimebundle_()
    assert "looking at this square" in str(explorer.board.widget.render_bundle)
