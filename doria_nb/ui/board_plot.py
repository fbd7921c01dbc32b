"""The Bokeh plot of a board: its sources, the glyphs of every layer, hover and sizes.

:func:`board_plot` makes the figure of a :class:`~doria_nb.ui.board.BoardView` once: no axes,
toolbar, grid or border (its frame is its whole canvas, so a square maps to a pixel from the
ranges alone), a flipped y range (rows go down, as on the table), and the glyphs of every layer
over :class:`BoardSources`, from the bottom up: squares and their glyphs, tile frames and ids,
rulers, outlines and their labels, highlights with labels and corner notes, lines, figures and
their letters. What the layers show is their sources' data
(:mod:`doria_nb.ui.board_layers`); :func:`resize` scales the texts and figure markers with the
squares when the view changes the canvas size.

>>> plot = board_plot(BoardSources.empty(), cell=34, hover="squares", name="demo")
>>> sorted(plot.renderers_by_layer)
['figures', 'highlights', 'lines', 'outlines', 'squares', 'tiles']
>>> plot.figure.x_range.start, plot.figure.y_range.start > plot.figure.y_range.end
(0, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bokeh.models import ColumnDataSource, HoverTool, Range1d
from bokeh.plotting import figure

from doria_nb.ui.board_layers import (
    FIGURE_COLUMNS,
    HIGHLIGHT_COLUMNS,
    LINE_COLUMNS,
    OUTLINE_COLUMNS,
    RULER_COLUMNS,
    SQUARE_COLUMNS,
    TILE_COLUMNS,
)
from doria_nb.ui.board_style import EMPTY_FILL

__all__ = [
    "FIGURE_SCALE",
    "HOVERS",
    "TEXT_LAYERS",
    "BoardPlot",
    "BoardSources",
    "TextLayer",
    "board_plot",
    "draw_layers",
    "resize",
]

FIGURE_SCALE = 0.78
"""A figure's marker size, as a fraction of a square's size in pixels."""

HOVERS = {
    "squares": ("squares", [("square", "@where"), ("", "@what")]),
    "highlights": ("highlights", [("square", "@where"), ("", "@info")]),
}
"""Which layer answers the mouse, by the view's ``hover`` choice, and its tooltip: what is on
a square, or a highlight's ``info``."""


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
        )


@dataclass(frozen=True, slots=True)
class TextLayer:
    """A text glyph of the board: column ``text`` of source ``source`` printed at ``(x, y)``,
    its font size ``scale`` times a square's size."""

    source: str
    x: str
    y: str
    text: str
    color: str
    align: str
    baseline: str
    scale: float
    bold: bool = False


TEXT_LAYERS = {
    "glyphs": TextLayer("squares", "cx", "cy", "glyph", "ink", "center", "middle", 0.42, True),
    "tile_ids": TextLayer("tiles", "lx", "ly", "id", "#FFFFFF", "left", "top", 0.36),
    "rulers": TextLayer("rulers", "x", "y", "text", "#555555", "center", "middle", 0.36),
    "outline_labels": TextLayer(
        "outlines", "lx", "ly", "label", "#000000", "center", "middle", 0.5, True
    ),
    "highlight_labels": TextLayer(
        "highlights", "lx", "ly", "label", "#000000", "right", "bottom", 0.34, True
    ),
    "highlight_corners": TextLayer(
        "highlights", "kx", "ky", "corner", "#000000", "left", "top", 0.27
    ),
    "letters": TextLayer(
        "figures", "cx", "cy", "letter", "#FFFFFF", "center", "middle", 0.46, True
    ),
}
"""The board's texts: square glyphs, tile ids, rulers, outline labels, highlight labels and
corner notes, figure letters."""


def draw_layers(
    plot: Any, sources: BoardSources, *, cell: int
) -> tuple[dict[str, Any], dict[str, tuple[Any, float]]]:
    """Add every layer's glyphs to ``plot``, bottom up; ``cell`` is a square's size in pixels.

    Returns ``(renderers, texts)``: the renderers that take hover tools and are resized
    (``"squares"``, ``"tiles"``, ``"outlines"``, ``"highlights"``, ``"lines"``,
    ``"figures"``), and each text renderer with its font size as a fraction of a square.
    """
    renderers: dict[str, Any] = {}
    texts: dict[str, tuple[Any, float]] = {}

    def add_text(key: str) -> None:
        layer = TEXT_LAYERS[key]
        renderer = plot.text(
            x=layer.x,
            y=layer.y,
            text=layer.text,
            text_color=layer.color,
            text_align=layer.align,
            text_baseline=layer.baseline,
            text_font_style="bold" if layer.bold else "normal",
            source=getattr(sources, layer.source),
        )
        texts[key] = (renderer, layer.scale)

    renderers["squares"] = plot.rect(
        x="cx",
        y="cy",
        width=1,
        height=1,
        source=sources.squares,
        fill_color="fill",
        line_color="#B5B0A5",
        line_width=0.5,
    )
    add_text("glyphs")
    renderers["tiles"] = plot.quad(
        left="left",
        right="right",
        top="top",
        bottom="bottom",
        source=sources.tiles,
        fill_color=None,
        line_color="#000000",
        line_width=2,
    )
    add_text("tile_ids")
    add_text("rulers")
    renderers["outlines"] = plot.quad(
        left="left",
        right="right",
        top="top",
        bottom="bottom",
        source=sources.outlines,
        fill_color="fill",
        fill_alpha="alpha",
        line_color="line",
        line_width="width",
    )
    add_text("outline_labels")
    renderers["highlights"] = plot.rect(
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
    add_text("highlight_labels")
    add_text("highlight_corners")
    renderers["lines"] = plot.multi_line(
        xs="xs", ys="ys", line_color="color", line_width=3, source=sources.lines
    )
    renderers["figures"] = plot.scatter(
        x="cx",
        y="cy",
        marker="marker",
        fill_color="fill",
        line_color="#000000",
        line_width=1.5,
        size=cell * FIGURE_SCALE,
        source=sources.figures,
    )
    add_text("letters")
    return renderers, texts


@dataclass(frozen=True, slots=True)
class BoardPlot:
    """The figure of a board, the renderers of its layers by name, and each text renderer
    with its font size as a fraction of a square."""

    figure: Any
    renderers_by_layer: dict[str, Any]
    texts: dict[str, tuple[Any, float]]


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
    renderers, texts = draw_layers(plot, sources, cell=cell)
    if hover is not None:
        if hover not in HOVERS:
            raise ValueError(f"hover must be one of {sorted(HOVERS)} or None, not {hover!r}.")
        layer, tooltips = HOVERS[hover]
        plot.add_tools(HoverTool(renderers=[renderers[layer]], tooltips=tooltips))
    return BoardPlot(plot, renderers, texts)


def resize(plot: BoardPlot, cell: int) -> None:
    """Scale the texts and the figure markers of ``plot`` to squares ``cell`` pixels wide."""
    for renderer, scale in plot.texts.values():
        renderer.glyph.text_font_size = f"{max(7, round(cell * scale))}px"
    plot.renderers_by_layer["figures"].glyph.size = cell * FIGURE_SCALE
