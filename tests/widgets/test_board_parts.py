"""The parts the board view is built from, on their own: style, layer data, the Bokeh plot.

:mod:`tests.widgets.test_board` tests them through a :class:`BoardView`; these tests pin what
each part promises by itself, and that the package ``doria_nb.ui.board`` still offers every
name the views and chapters import from it.
"""

from __future__ import annotations

import pytest
from bokeh.models import HoverTool

from doria_nb.content.loader import starter_pack
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.geometry import Square
from doria_nb.ui import board
from doria_nb.ui.board import layers as board_layers
from doria_nb.ui.board import plot as board_plot
from doria_nb.ui.board import style as board_style
from doria_nb.ui.board.layers import (
    FIGURE_COLUMNS,
    HIGHLIGHT_COLUMNS,
    OUTLINE_COLUMNS,
    SQUARE_COLUMNS,
    TILE_COLUMNS,
    Highlight,
    Outline,
    Token,
    figure_columns,
    highlight_columns,
    outline_columns,
    ruler_columns,
    square_columns,
    tile_columns,
)
from doria_nb.ui.board.plot import (
    FIGURE_SCALE,
    HOVERS,
    BoardSources,
    resize,
)


def test_board_still_offers_every_name_of_its_parts() -> None:
    for name in board.__all__:
        value = getattr(board, name)
        for part in (board_style, board_layers):
            if name in part.__all__:
                assert getattr(part, name) is value, name
    assert board.BoardWidget.__module__ == "doria_nb.ui.bokeh_widget"


def test_each_builder_fills_exactly_its_layer_s_columns() -> None:
    dungeon = Dungeon.start(starter_pack().tile("A-1"))
    assert tuple(square_columns(dungeon)) == SQUARE_COLUMNS
    assert tuple(tile_columns(dungeon)) == TILE_COLUMNS
    assert tuple(figure_columns([Token(Square(1, 1), "W")])) == FIGURE_COLUMNS
    assert tuple(highlight_columns([Highlight(Square(1, 1), "#000000")])) == HIGHLIGHT_COLUMNS
    assert tuple(outline_columns([Outline(0, 0, 2, 2)])) == OUTLINE_COLUMNS
    # Every column of a layer has one entry per item.
    for columns in (square_columns(dungeon), highlight_columns([])):
        assert len({len(values) for values in columns.values()}) == 1


def test_rulers_number_the_columns_and_rows_inside_the_margin() -> None:
    ruler = ruler_columns(-1, -1, 10, 10)
    assert ruler["text"] == [str(n) for n in range(9)] * 2
    assert set(ruler["y"][:9]) == {-0.5} and set(ruler["x"][9:]) == {-0.5}
    sparse = ruler_columns(-1, -1, 30, 4, step=5)
    assert sparse["text"] == ["0", "5", "10", "15", "20", "25", "0"]


def test_the_plot_has_one_text_layer_and_the_chosen_hover() -> None:
    for hover, (layer, tooltips) in HOVERS.items():
        plot = board_plot.board_plot(BoardSources.empty(), cell=20, hover=hover, name="t")
        (tool,) = plot.figure.select({"type": HoverTool})
        assert tool.renderers == [plot.renderers_by_layer[layer]]
        assert tool.tooltips == tooltips
        # Who stands on the square is in every tooltip.
        assert ("", "@who") in tooltips
        # Every text is in one layer, its font sizes in its data (a field, not one value).
        labels = plot.renderers_by_layer["labels"]
        assert labels.glyph.text_font_size == "size"
    silent = board_plot.board_plot(BoardSources.empty(), cell=20, hover=None, name="t")
    assert not silent.figure.select({"type": HoverTool})
    with pytest.raises(ValueError, match="hover must be one of"):
        board_plot.board_plot(BoardSources.empty(), cell=20, hover="tiles", name="t")


def test_resize_scales_markers_and_walls_with_the_squares() -> None:
    plot = board_plot.board_plot(BoardSources.empty(), cell=34, hover=None, name="t")
    resize(plot, 20)
    assert plot.renderers_by_layer["figures"].glyph.size == 20 * FIGURE_SCALE
    walls = plot.renderers_by_layer["walls"].glyph.line_width
    resize(plot, 34)
    assert plot.renderers_by_layer["walls"].glyph.line_width > walls
