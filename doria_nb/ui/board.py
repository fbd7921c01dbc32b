"""The dungeon board: one Bokeh figure of a :class:`~doria_nb.engine.dungeon.Dungeon`, in layers.

Every board-like view of the book (Line of Sight, tile placing, movement, the play chapter)
draws through a :class:`BoardView`. The figure and its :class:`~bokeh.models.ColumnDataSource`
layers are made once; every update replaces a source's ``.data`` (or patches it), so the page
redraws without rebuilding the plot (see ``DESIGN.md``, *Widgets and views*). The layers, from
the bottom up (their data and glyphs: :mod:`doria_nb.ui.board_layers`):

* **squares**: one rectangle per square, filled by terrain with a colour-blind-safe palette,
  and a text glyph on every square that is not plain floor or wall, so the board reads
  without colour (:mod:`doria_nb.ui.board_style`);
* **tiles**: the outline of each placed tile and its id;
* **outlines**: footprints of candidate tile placements (quads), the selected one emphasised;
* **highlights**: squares shaded with a per-square colour and opacity, an optional label (an
  AP cost, "+1D") and corner note (a jump's TN), with a hover text;
* **lines**: straight lines in square units (the line that proves Line of Sight);
* **figures**: heroes as letters in blue circles, monsters as letters in vermillion squares;
* **rulers**: column numbers above the board and row numbers left of it.

Coordinates are the engine's: ``Square(x, y)`` covers ``[x, x+1] × [y, y+1]`` and ``y`` grows
downwards, so the y range is flipped. The figure has no axes, toolbar or border: its frame is
the whole canvas, so a browser test maps a square to a pixel from the canvas box and the ranges
alone (:meth:`BoardView.pixel_of`). Clicks come back through ``figure.on_event(Tap, ...)`` as
the :class:`Square` under the pointer (:meth:`BoardView.on_tap`).

:func:`board_text` says the board in words (for screen readers, and to read a position out).

The widget is a :class:`~doria_nb.ui.bokeh_widget.BoardWidget`: jupyter_bokeh drops the patches
that reach the page before a view exists, so a board changed before it is displayed (or a
reloaded page) is sent whole at that moment; views are never rebuilt for an ordinary update.
Views holding a board mix in :class:`BoardHost` for that.

This module also keeps every name the views import from it (the palette, the values, the
helpers), wherever they are defined.

>>> from doria_nb.content.loader import starter_pack
>>> board = BoardView(Dungeon.start(starter_pack().tile("A-1")))
>>> board.squares_source.data["glyph"][4]     # the unexplored north door of A-1 at (4, 0)
'↑'
>>> square_at(4.7, 0.2)
Square(x=4, y=0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import ipywidgets as widgets
from bokeh.events import Tap

from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.geometry import Square, parse_square, reading_order
from doria_nb.ui.board_layers import (
    FIGURE_COLUMNS,
    HIGHLIGHT_COLUMNS,
    LINE_COLUMNS,
    OUTLINE_COLUMNS,
    RULER_COLUMNS,
    SQUARE_COLUMNS,
    TILE_COLUMNS,
    Highlight,
    Outline,
    Token,
    figure_columns,
    highlight_columns,
    line_columns,
    outline_columns,
    ruler_columns,
    square_columns,
    tile_columns,
    tokens_of,
)
from doria_nb.ui.board_plot import BoardSources, board_plot, resize
from doria_nb.ui.board_style import (
    CLOSED_FILL,
    EMPTY_FILL,
    FIGURE_STYLE,
    GLYPH_MEANINGS,
    OKABE_ITO,
    OPEN_DOOR_FILL,
    TERRAIN_FILL,
    ink_for,
    square_glyph,
    square_label,
)
from doria_nb.ui.bokeh_widget import BoardWidget, BokehHost

__all__ = [
    "CLOSED_FILL",
    "EMPTY_FILL",
    "FIGURE_COLUMNS",
    "FIGURE_STYLE",
    "GLYPH_MEANINGS",
    "HIGHLIGHT_COLUMNS",
    "LINE_COLUMNS",
    "OKABE_ITO",
    "OPEN_DOOR_FILL",
    "OUTLINE_COLUMNS",
    "RULER_COLUMNS",
    "SQUARE_COLUMNS",
    "TERRAIN_FILL",
    "TILE_COLUMNS",
    "BoardHost",
    "BoardView",
    "BoardWidget",
    "Highlight",
    "Outline",
    "Token",
    "board_text",
    "ink_for",
    "parse_square",
    "report_errors",
    "square_at",
    "square_glyph",
    "square_label",
    "tokens_of",
]


# -- helpers -------------------------------------------------------------------------------------


def square_at(x: float, y: float) -> Square:
    """The square containing the point ``(x, y)`` of the board (square units).

    >>> square_at(0.0, 0.99), square_at(-0.2, 3.5)
    (Square(x=0, y=0), Square(x=-1, y=3))
    """
    return Square(math.floor(x), math.floor(y))


def board_text(dungeon: Dungeon, figures: Iterable[Any] = ()) -> str:
    """The board in words: the dungeon's description, the figures, the map and its legend.

    >>> from doria_nb.content.loader import starter_pack
    >>> text = board_text(Dungeon.start(starter_pack().tile("A-1")), [Token(Square(4, 1), "W")])
    >>> print(text.splitlines()[0])
    A dungeon of 1 room tile.
    >>> "- W (hero) at (4, 1)" in text
    True
    """
    lines = [dungeon.describe()]
    tokens = tokens_of(figures)
    if tokens:
        lines.append("Figures:")
        for token in sorted(tokens, key=lambda t: reading_order(t.square)):
            name = f" {token.name}" if token.name and token.name != token.letter else ""
            lines.append(f"- {token.letter}{name} ({token.kind}) at {square_label(token.square)}")
    top_left, _ = dungeon.bounds
    lines.append(
        "Map, one character a square, rows from the top; its top-left character is square "
        f"{square_label(top_left)}:"
    )
    lines.append(str(dungeon))
    lines.append("Board glyphs: " + "; ".join(f"{k} {v}" for k, v in GLYPH_MEANINGS.items()))
    return "\n".join(lines)


def report_errors(show: Callable[[str], None]) -> Callable[[Callable[..., Any]], Any]:
    """Decorate a view's event handler so that a problem is shown in the view, in words,
    instead of a traceback in the kernel log: a rule's :class:`DoriaError` as its message,
    anything else as a short apology naming the error."""

    def decorate(handler: Callable[..., Any]) -> Callable[..., Any]:
        def guarded(*args: Any, **kwargs: Any) -> Any:
            try:
                return handler(*args, **kwargs)
            except DoriaError as error:
                show(str(error))
            except Exception as error:  # a view never shows a traceback
                show(f"Something went wrong here ({type(error).__name__}: {error}).")
            return None

        guarded.__name__ = getattr(handler, "__name__", "handler")
        guarded.__doc__ = handler.__doc__
        return guarded

    return decorate


class BoardHost(BokehHost):
    """Mixin for a view (an ipywidgets box) holding a :attr:`board`: displaying the view
    first sends the board, and any other Bokeh figure among its children, as it is now
    (:meth:`BoardView.sync_view`, :class:`~doria_nb.ui.bokeh_widget.BokehHost`)."""

    board: BoardView

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        self.board.sync_view()
        return super()._repr_mimebundle_(**kwargs)


# -- the view ------------------------------------------------------------------------------------


class BoardView:
    """One Bokeh figure of a dungeon, with layers to update in place; see the module docstring.

    Parts: :attr:`model` (the Bokeh figure; :attr:`plot` also has its renderers),
    :attr:`widget` (the :class:`BoardWidget`, a ``BokehModel``, showing it), :attr:`description`
    (an HTML widget: the board in words, folded), and one ColumnDataSource per layer
    (:attr:`squares_source`...). ``cell`` is the largest size of a square in pixels; the canvas
    shrinks the squares to stay within ``max_width`` × ``max_height``. ``hover`` picks which
    layer answers the mouse: ``"squares"`` (what is on a square), ``"highlights"`` (the
    highlight's ``info``) or ``None``.
    """

    def __init__(
        self,
        dungeon: Dungeon,
        *,
        cell: int = 34,
        max_width: int = 900,
        max_height: int = 720,
        margin: int = 1,
        hover: str | None = "squares",
        name: str = "doria-board",
    ) -> None:
        self.dungeon = dungeon
        self.cell = cell
        self.max_width = max_width
        self.max_height = max_height
        self.margin = margin
        self._tap_callbacks: list[Callable[[Square], None]] = []
        self._tokens: tuple[Token, ...] = ()
        self._outlines: tuple[Outline, ...] = ()
        self.pixels_per_square = cell

        sources = BoardSources.empty()
        self.squares_source = sources.squares
        self.tiles_source = sources.tiles
        self.rulers_source = sources.rulers
        self.outlines_source = sources.outlines
        self.highlights_source = sources.highlights
        self.lines_source = sources.lines
        self.figures_source = sources.figures

        self.plot = board_plot(sources, cell=cell, hover=hover, name=name)
        plot = self.model = self.plot.figure
        self._renderers = self.plot.renderers_by_layer
        plot.on_event(Tap, self._on_tap_event)
        self.description = widgets.HTML()
        self.description.add_class("doria-board-text")
        self.set_dungeon(dungeon)
        self.widget = BoardWidget(plot)
        self.widget.add_class("doria-board")

    # -- layers -----------------------------------------------------------------------------

    def set_dungeon(self, dungeon: Dungeon) -> None:
        """Draw ``dungeon`` (its squares, tiles and rulers) in place of the last one."""
        self.dungeon = dungeon
        self.squares_source.data = square_columns(dungeon)
        self.tiles_source.data = tile_columns(dungeon)
        self._fit()
        self._describe()

    def set_figures(self, figures: Iterable[Any]) -> None:
        """Draw these figures (tokens, or engine figures: see :func:`tokens_of`)."""
        self._tokens = tokens_of(figures)
        self.figures_source.data = figure_columns(self._tokens)
        self._describe()

    def set_highlights(self, highlights: Iterable[Highlight]) -> None:
        """Shade these squares (replacing the last highlights)."""
        self.highlights_source.data = highlight_columns(tuple(highlights))

    def set_lines(
        self,
        lines: Iterable[tuple[tuple[float, float], tuple[float, float]]],
        *,
        color: str = OKABE_ITO["black"],
    ) -> None:
        """Draw these straight lines, each ``((x0, y0), (x1, y1))`` in square units."""
        self.lines_source.data = line_columns(tuple(lines), color)

    def set_outlines(self, outlines: Iterable[Outline]) -> None:
        """Frame these rectangles (tile footprints); the board grows to show them all."""
        self._outlines = tuple(outlines)
        self.outlines_source.data = outline_columns(self._outlines)
        self._fit()

    def clear_overlays(self) -> None:
        """Remove highlights, lines and outlines (the dungeon and figures stay)."""
        self.set_highlights(())
        self.set_lines(())
        self.set_outlines(())

    # -- geometry ---------------------------------------------------------------------------

    @property
    def extent(self) -> tuple[int, int, int, int]:
        """``(left, top, right, bottom)`` of the shown area, in square units (the edges)."""
        x = self.model.x_range
        y = self.model.y_range
        return (int(x.start), int(y.end), int(x.end), int(y.start))

    def _fit(self) -> None:
        """Set the ranges and canvas size so the dungeon, the outlines and a margin for the
        rulers show, each square ``pixels_per_square`` wide."""
        top_left, bottom_right = self.dungeon.bounds
        left, top = top_left.x, top_left.y
        right, bottom = bottom_right.x + 1, bottom_right.y + 1
        for o in self._outlines:
            left, top = min(left, o.left), min(top, o.top)
            right, bottom = max(right, o.left + o.width), max(bottom, o.top + o.height)
        left, top = left - self.margin, top - self.margin
        right, bottom = right + self.margin, bottom + self.margin
        cols, rows = right - left, bottom - top
        cell = max(8, min(self.cell, self.max_width // cols, self.max_height // rows))
        self.pixels_per_square = cell
        plot = self.model
        plot.x_range.start, plot.x_range.end = left, right
        plot.y_range.start, plot.y_range.end = bottom, top
        plot.width, plot.height = cols * cell, rows * cell
        resize(self.plot, cell)
        step = 1 if cell >= 16 else 5
        self.rulers_source.data = ruler_columns(left, top, right, bottom, step)

    def pixel_of(self, square: Square) -> tuple[float, float]:
        """The centre of ``square`` in canvas pixels from the canvas's top-left corner (the
        figure's frame is its whole canvas)."""
        left, top, _, _ = self.extent
        cell = self.pixels_per_square
        return ((square.x + 0.5 - left) * cell, (square.y + 0.5 - top) * cell)

    def sync_view(self) -> None:
        """Make sure a view displayed from now on shows the board as it is (see
        :class:`BoardWidget`); the explorers call it when built and when displayed."""
        self.widget.sync()

    # -- clicks -----------------------------------------------------------------------------

    def on_tap(self, callback: Callable[[Square], None]) -> None:
        """Call ``callback(square)`` when the board is tapped (the square under the pointer,
        which may be off the dungeon)."""
        self._tap_callbacks.append(callback)

    def _on_tap_event(self, event: Tap) -> None:
        if event.x is None or event.y is None:
            return
        square = square_at(event.x, event.y)
        for callback in self._tap_callbacks:
            callback(square)

    def tap(self, x: float, y: float) -> None:
        """Deliver a Tap at ``(x, y)`` through the Bokeh document, exactly as a click in the
        browser arrives (jupyter_bokeh hands it to ``Document.callbacks.trigger_event``)."""
        event = Tap(self.model, x=x, y=y)
        document = self.model.document
        if document is None:  # pragma: no cover - BokehModel always gives the figure one
            self._on_tap_event(event)
        else:
            document.callbacks.trigger_event(event)

    def tap_square(self, square: Square) -> None:
        """:meth:`tap` the middle of ``square``."""
        self.tap(square.x + 0.5, square.y + 0.5)

    # -- words ------------------------------------------------------------------------------

    def text(self) -> str:
        """The board in words (:func:`board_text` of the dungeon and figures shown)."""
        return board_text(self.dungeon, self._tokens)

    def _describe(self) -> None:
        self.description.value = (
            "<details><summary>The board in words</summary>"
            f'<pre style="white-space: pre-wrap">{escape(self.text())}</pre></details>'
        )
