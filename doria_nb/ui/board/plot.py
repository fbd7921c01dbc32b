"""The Bokeh plot of a board: its sources, the glyphs of every layer, hover and sizes.

:func:`board_plot` makes the figure of a :class:`~doria_nb.ui.board.BoardView` once: no axes,
toolbar, grid or border (its frame is its whole canvas, so a square maps to a pixel from the
ranges alone), a flipped y range (rows go down, as on the table), and the glyphs of every layer
over :class:`BoardSources`, from the bottom up: squares (filled and hatched), wall edges, door
leaves, tile frames, tile candidates and their frames, outlines, highlights, lines, HP/PP bars,
figures, the keyboard cursor, the legend's swatches, the boxes behind boxed labels, and one text
layer holding every text of the board, laid out by the view so that none overlaps another
(:mod:`doria_nb.ui.board.texts`). What the layers show is their sources' data;
:func:`resize` scales markers and line widths with the squares.

>>> plot = board_plot(BoardSources.empty(), cell=34, hover="squares", name="demo")
>>> sorted(plot.renderers_by_layer)[:6]
['bars', 'candidates', 'cursor', 'cursor_ring', 'doors', 'figures']
>>> plot.figure.x_range.start, plot.figure.y_range.start > plot.figure.y_range.end
(0, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bokeh.models import ColumnDataSource, HoverTool, Range1d
from bokeh.plotting import figure

from doria_nb.ui.board.candidates import CANDIDATE_COLUMNS, FRAME_COLUMNS
from doria_nb.ui.board.layers import (
    FIGURE_COLUMNS,
    HIGHLIGHT_COLUMNS,
    LINE_COLUMNS,
    OUTLINE_COLUMNS,
    RULER_COLUMNS,
    SQUARE_COLUMNS,
    TILE_COLUMNS,
)
from doria_nb.ui.board.legend import SWATCH, SWATCH_COLUMNS
from doria_nb.ui.board.style import EMPTY_FILL, OKABE_ITO
from doria_nb.ui.board.texts import BOX_COLUMNS, LABEL_COLUMNS
from doria_nb.ui.board.tokens import BAR_COLUMNS
from doria_nb.ui.board.walls import DOOR_COLUMNS, WALL_COLUMNS

__all__ = [
    "FIGURE_SCALE",
    "HOVERS",
    "BoardPlot",
    "BoardSources",
    "board_plot",
    "draw_layers",
    "resize",
]

FIGURE_SCALE = 0.7
"""A figure's marker size, as a fraction of a square's size in pixels (room for the bars)."""

_WHO = ("", "@who")
HOVERS = {
    "squares": ("squares", [("square", "@where"), ("", "@what"), _WHO]),
    "highlights": ("highlights", [("square", "@where"), ("", "@what"), _WHO, ("", "@info")]),
    "board": ("squares", [("square", "@where"), ("", "@what"), _WHO, ("", "@info")]),
}
"""Which layer answers the mouse, by the view's ``hover`` choice, and its tooltip: the square's
full description (terrain, features, who stands there with HP), and with ``"highlights"`` a
highlight's ``info`` on highlighted squares only, with ``"board"`` on every square (the info
of a highlight, if any)."""

WALL_WIDTH = 4
"""Wall edges and door frames, in pixels at the largest squares (scaled with them)."""


@dataclass(frozen=True, slots=True)
class BoardSources:
    """The ColumnDataSource of every layer, made empty once for a board's life."""

    squares: ColumnDataSource
    tiles: ColumnDataSource
    rulers: ColumnDataSource
    outlines: ColumnDataSource
    highlights: ColumnDataSource
    lines: ColumnDataSource
    figures: ColumnDataSource
    walls: ColumnDataSource
    doors: ColumnDataSource
    bars: ColumnDataSource
    candidates: ColumnDataSource
    frames: ColumnDataSource
    cursor: ColumnDataSource
    swatches: ColumnDataSource
    label_boxes: ColumnDataSource
    labels: ColumnDataSource

    @classmethod
    def empty(cls) -> BoardSources:
        def source(columns: Sequence[str]) -> ColumnDataSource:
            return ColumnDataSource(data={column: [] for column in columns})

        return cls(
            squares=source(SQUARE_COLUMNS),
            tiles=source(TILE_COLUMNS),
            rulers=source(RULER_COLUMNS),
            outlines=source(OUTLINE_COLUMNS),
            highlights=source(HIGHLIGHT_COLUMNS),
            lines=source(LINE_COLUMNS),
            figures=source(FIGURE_COLUMNS),
            walls=source(WALL_COLUMNS),
            doors=source(DOOR_COLUMNS),
            bars=source(BAR_COLUMNS),
            candidates=source(CANDIDATE_COLUMNS),
            frames=source(FRAME_COLUMNS),
            cursor=source(("cx", "cy")),
            swatches=source(SWATCH_COLUMNS),
            label_boxes=source(BOX_COLUMNS),
            labels=source(LABEL_COLUMNS),
        )


def _quads(plot: Any, source: ColumnDataSource, **style: Any) -> Any:
    return plot.quad(left="left", right="right", top="top", bottom="bottom", source=source, **style)


def _squares(plot: Any, source: ColumnDataSource, *, alpha: Any, hatch_alpha: Any) -> Any:
    """Whole squares filled and hatched from ``source`` (the dungeon's, or a candidate's at
    its ``alpha`` column)."""
    return plot.rect(
        x="cx",
        y="cy",
        width=1,
        height=1,
        source=source,
        fill_color="fill",
        fill_alpha=alpha,
        line_color="#B5B0A5",
        line_alpha=alpha,
        line_width=0.5,
        hatch_pattern="hatch",
        hatch_color="#2B2B2B",
        hatch_alpha=hatch_alpha,
        hatch_scale=8,
        hatch_weight=1,
    )


def draw_layers(plot: Any, sources: BoardSources, *, cell: int) -> dict[str, Any]:
    """Add every layer's glyphs to ``plot``, bottom up; ``cell`` is a square's size in pixels.

    Returns the renderers by layer name: those that take hover tools, and those
    :func:`resize` scales (``"walls"``, ``"doors"``, ``"figures"``...). Every text of the
    board is in the one ``"labels"`` layer, laid out by the view."""
    r: dict[str, Any] = {}
    r["squares"] = _squares(plot, sources.squares, alpha=1.0, hatch_alpha=0.35)
    r["walls"] = plot.multi_line(
        xs="xs",
        ys="ys",
        source=sources.walls,
        line_color="#1A1A1A",
        line_alpha="alpha",
        line_width=WALL_WIDTH,
        line_cap="square",
    )
    r["doors"] = _quads(
        plot,
        sources.doors,
        fill_color="fill",
        fill_alpha="alpha",
        line_color="line",
        line_alpha="alpha",
        line_dash="dash",
        line_width=1.5,
    )
    r["tiles"] = _quads(plot, sources.tiles, fill_color=None, line_color="#000000", line_width=2)
    r["candidates"] = _squares(plot, sources.candidates, alpha="alpha", hatch_alpha="alpha")
    r["frames"] = _quads(
        plot,
        sources.frames,
        fill_color=None,
        line_color="line",
        line_dash="dash",
        line_width="width",
        line_alpha="alpha",
    )
    r["outlines"] = _quads(
        plot,
        sources.outlines,
        fill_color="fill",
        fill_alpha="alpha",
        line_color="line",
        line_width="width",
    )
    r["highlights"] = plot.rect(
        x="cx",
        y="cy",
        width=0.92,
        height=0.92,
        source=sources.highlights,
        fill_color="fill",
        fill_alpha="alpha",
        line_color="line",
        line_width=2,
    )
    r["lines"] = plot.multi_line(
        xs="xs", ys="ys", line_color="color", line_width=3, source=sources.lines
    )
    r["bars"] = _quads(plot, sources.bars, fill_color="fill", line_color="line", line_width=0.8)
    r["figures"] = plot.scatter(
        x="cx",
        y="cy",
        marker="marker",
        fill_color="fill",
        line_color="#000000",
        line_width=1.5,
        size=cell * FIGURE_SCALE,
        source=sources.figures,
    )
    r["cursor"] = plot.rect(
        x="cx",
        y="cy",
        width=0.94,
        height=0.94,
        source=sources.cursor,
        fill_color=None,
        line_color=OKABE_ITO["yellow"],
        line_width=6,
    )
    r["cursor_ring"] = plot.rect(
        x="cx",
        y="cy",
        width=0.94,
        height=0.94,
        source=sources.cursor,
        fill_color=None,
        line_color="#000000",
        line_width=2.5,
        line_dash="dashed",
    )
    r["swatches"] = plot.scatter(
        x="cx",
        y="cy",
        marker="marker",
        size=cell * SWATCH,
        source=sources.swatches,
        fill_color="fill",
        line_color="#000000",
        line_width=1,
        hatch_pattern="hatch",
        hatch_color="#2B2B2B",
        hatch_alpha=0.35,
        hatch_scale=6,
    )
    r["label_boxes"] = _quads(
        plot,
        sources.label_boxes,
        fill_color="#FFFFFF",
        fill_alpha=0.85,
        line_color="#000000",
        line_width=0.8,
    )
    r["labels"] = plot.text(
        x="x",
        y="y",
        text="text",
        text_color="color",
        text_font_size="size",
        text_align="align",
        text_baseline="baseline",
        text_font_style="style",
        source=sources.labels,
    )
    return r


@dataclass(frozen=True, slots=True)
class BoardPlot:
    """The figure of a board and the renderers of its layers by name."""

    figure: Any
    renderers_by_layer: dict[str, Any]


def board_plot(sources: BoardSources, *, cell: int, hover: str | None, name: str) -> BoardPlot:
    """The board's figure over ``sources``, with every layer's glyphs and the hover tool of
    ``hover`` (a key of :data:`HOVERS`, or ``None``); ranges and size are the view's to set."""
    plot = figure(
        x_range=Range1d(0, 1),
        y_range=Range1d(1, 0),  # flipped: rows go down, as on the table
        width=cell,
        height=cell,
        tools="",
        toolbar_location=None,
        x_axis_location=None,
        y_axis_location=None,
        min_border=0,
        outline_line_color=None,
        background_fill_color=EMPTY_FILL,
        border_fill_color=EMPTY_FILL,
        match_aspect=True,
        name=name,
    )
    plot.xgrid.visible = False
    plot.ygrid.visible = False
    renderers = draw_layers(plot, sources, cell=cell)
    if hover is not None:
        if hover not in HOVERS:
            raise ValueError(f"hover must be one of {sorted(HOVERS)} or None, not {hover!r}.")
        layer, tooltips = HOVERS[hover]
        plot.add_tools(HoverTool(renderers=[renderers[layer]], tooltips=tooltips))
    return BoardPlot(plot, renderers)


def resize(plot: BoardPlot, cell: int) -> None:
    """Scale the figure markers, legend swatches, walls and the cursor of ``plot`` to squares
    ``cell`` pixels wide (the texts' sizes are in their layer's data)."""
    layers = plot.renderers_by_layer
    layers["figures"].glyph.size = cell * FIGURE_SCALE
    layers["swatches"].glyph.size = cell * SWATCH
    layers["walls"].glyph.line_width = max(2, round(WALL_WIDTH * cell / 34))
    layers["cursor"].glyph.line_width = max(3, round(6 * cell / 34))
