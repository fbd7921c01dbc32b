"""The dungeon board's view: one Bokeh figure of a :class:`~doria_nb.ui.board.model.BoardModel`,
in layers.

Every board-like view of the book (Line of Sight, tile placing, movement, the play chapter)
draws through a :class:`BoardView`. What it shows is its :attr:`BoardView.model` (plain state
and intents); each ``set_*`` method and each key changes the model, then draws what changed.
The figure and its :class:`~bokeh.models.ColumnDataSource`
layers are made once; every update replaces a source's ``.data`` (or patches it), so the page
redraws without rebuilding the plot (see ``DESIGN.md``, *Widgets and views*). The layers, from
the bottom up (their data and glyphs: :mod:`doria_nb.ui.board.layers`):

* **squares**: one rectangle per square, filled by terrain with a colour-blind-safe palette,
  and a text glyph on every square that is not plain floor or wall, so the board reads
  without colour (:mod:`doria_nb.ui.board.style`);
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

The model says the board in words (:meth:`BoardModel.text`, for screen readers, and to read a
position out); the view shows that text folded under the board.

The widget is a :class:`~doria_nb.ui.bokeh_widget.BoardWidget`: jupyter_bokeh drops the patches
that reach the page before a view exists, so a board changed before it is displayed (or a
reloaded page) is sent whole at that moment; views are never rebuilt for an ordinary update.
Views holding a board mix in :class:`BoardHost` for that.

>>> from doria_nb.content.loader import starter_pack
>>> board = BoardView(Dungeon.start(starter_pack().tile("A-1")))
>>> board.squares_source.data["glyph"][4]     # the unexplored north door of A-1 at (4, 0)
'↑'
>>> board.model.cursor is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from html import escape
from typing import Any

import ipywidgets as widgets
from bokeh.events import Tap

from doria_nb.engine.dungeon import Dungeon, PlacedTile
from doria_nb.engine.geometry import Square
from doria_nb.ui.board.keys import BoardKeys
from doria_nb.ui.board.labels import Anchor, Label, Placed, layout_labels
from doria_nb.ui.board.layers import (
    Highlight,
    Outline,
    figure_columns,
    highlight_columns,
    line_columns,
    outline_columns,
    ruler_columns,
    tile_columns,
)
from doria_nb.ui.board.legend import LEGEND_SIZE, LegendLayout, legend_layout
from doria_nb.ui.board.model import BoardModel, Line, square_at
from doria_nb.ui.board.plot import BoardSources, board_plot, resize
from doria_nb.ui.board.style import OKABE_ITO
from doria_nb.ui.board.texts import (
    compass_label,
    compass_text,
    glyph_labels,
    highlight_labels,
    label_box_columns,
    label_columns,
    ruler_labels,
    tile_labels,
)
from doria_nb.ui.board.tokens import bar_columns, token_labels
from doria_nb.ui.board.walls import door_columns, wall_columns
from doria_nb.ui.bokeh_widget import BoardWidget, BokehHost

__all__ = ["LEGEND_PIXELS", "BoardHost", "BoardView"]


LEGEND_PIXELS = 10
"""The smallest font size of the legend's words, in pixels."""


def _put(source: Any, data: dict[str, list[Any]]) -> None:
    """Give ``source`` new data, unless it holds exactly that already: every assignment is a
    patch sent to the page, and most redraws change only a few layers."""
    if dict(source.data) != data:
        source.data = data


class BoardHost(BokehHost):
    """Mixin for a view (an ipywidgets box) holding a :attr:`board`: displaying the view
    first sends the board, and any other Bokeh figure among its children, as it is now
    (:meth:`BoardView.sync_view`, :class:`~doria_nb.ui.bokeh_widget.BokehHost`)."""

    board: BoardView

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        self.board.sync_view()
        return super()._repr_mimebundle_(**kwargs)


class BoardView:
    """One Bokeh figure of a dungeon, with layers to update in place; see the module docstring.

    Parts: :attr:`model` (the :class:`~doria_nb.ui.board.model.BoardModel` it shows),
    :attr:`figure` (the Bokeh figure; :attr:`plot` also has its renderers), :attr:`widget` (the
    :class:`BoardWidget`, a ``BokehModel``, showing it), :attr:`keys` (the keyboard strip,
    :class:`~doria_nb.ui.board.keys.BoardKeys`), :attr:`description` (an HTML widget: the board
    in words, folded), and one ColumnDataSource per layer (:attr:`squares_source`...). ``cell``
    is the largest size of a square in pixels; the canvas shrinks the squares to stay within
    ``max_width`` × ``max_height``. ``hover`` picks which layer answers the mouse:
    ``"squares"`` (what is on a square and who stands there), ``"highlights"`` (that and the
    highlight's ``info``, on highlighted squares), ``"board"`` (both, on every square) or
    ``None``. ``legend`` draws the legend under the squares.
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
        legend: bool = True,
    ) -> None:
        self.model = BoardModel(dungeon)
        """What the board shows, and the intents (plain, no widgets)."""
        self.cell = cell
        self.max_width = max_width
        self.max_height = max_height
        self.margin = margin
        self.legend = legend
        self._legend: LegendLayout | None = None
        self.placed_labels: list[Placed] = []
        """Every text of the board after the last layout, shown or hidden (for tests)."""
        self.pixels_per_square = cell

        sources = self.sources = BoardSources.empty()
        self.squares_source = sources.squares
        self.tiles_source = sources.tiles
        self.rulers_source = sources.rulers
        self.outlines_source = sources.outlines
        self.highlights_source = sources.highlights
        self.lines_source = sources.lines
        self.figures_source = sources.figures
        self.labels_source = sources.labels

        self.plot = board_plot(sources, cell=cell, hover=hover, name=name)
        plot = self.figure = self.plot.figure
        plot.on_event(Tap, self._on_tap_event)
        self.description = widgets.HTML()
        self.description.add_class("doria-board-text")
        self.keys = BoardKeys()
        self.keys.add_class("doria-board-keys-widget")
        self.keys.on_key(self.key)
        self.set_dungeon(dungeon)
        self.widget = BoardWidget(plot)
        self.widget.add_class("doria-board")

    # -- the model's state ------------------------------------------------------------------

    @property
    def dungeon(self) -> Dungeon:
        """The dungeon shown."""
        return self.model.dungeon

    @property
    def cursor(self) -> Square | None:
        """The keyboard cursor's square (``None`` until a key moves it)."""
        return self.model.cursor

    @property
    def cursor_home(self) -> Square | None:
        """Where the cursor starts (and Home takes it): a view may set it, e.g. to the acting
        hero's square; by default the first token's square or the board's middle."""
        return self.model.cursor_home

    @cursor_home.setter
    def cursor_home(self, square: Square | None) -> None:
        self.model.cursor_home = square

    @property
    def area(self) -> tuple[int, int, int, int]:
        """The squares the cursor may visit (:attr:`BoardModel.area`)."""
        return self.model.area

    def square_words(self, square: Square) -> str:
        """``square`` in words, as the hover says it (:meth:`BoardModel.square_words`)."""
        return self.model.square_words(square)

    def text(self) -> str:
        """The board in words (:meth:`BoardModel.text`)."""
        return self.model.text()

    # -- layers -----------------------------------------------------------------------------

    def set_dungeon(self, dungeon: Dungeon) -> None:
        """Draw ``dungeon`` (its squares, walls, doors, tiles and rulers) in place of the
        last one."""
        self.model.set_dungeon(dungeon)
        _put(self.squares_source, self.model.square_data())
        _put(self.tiles_source, tile_columns(dungeon))
        self._draw_walls()
        self._redraw()

    def set_figures(self, figures: Iterable[Any]) -> None:
        """Draw these figures (tokens, or engine figures: see :func:`tokens_of`) with their
        bars and labels; the hover says who stands on each square."""
        self.model.set_figures(figures)
        tokens = self.model.tokens
        _put(self.figures_source, figure_columns(tokens))
        _put(self.sources.bars, bar_columns(tokens))
        self._patch_squares("who", {sq: self.model.who(sq) for sq in self.model.rows})
        _put(self.highlights_source, self._highlight_data())
        self._redraw()

    def set_highlights(self, highlights: Iterable[Highlight]) -> None:
        """Shade these squares (replacing the last highlights)."""
        self.model.set_highlights(highlights)
        _put(self.highlights_source, self._highlight_data())
        info = self.model.info()
        self._patch_squares("info", {sq: info.get(sq, "") for sq in self.model.rows})
        self._relayout()

    def set_lines(self, lines: Iterable[Line], *, color: str = OKABE_ITO["black"]) -> None:
        """Draw these straight lines, each ``((x0, y0), (x1, y1))`` in square units."""
        self.model.set_lines(lines, color=color)
        _put(self.lines_source, line_columns(self.model.lines, color))

    def set_outlines(self, outlines: Iterable[Outline]) -> None:
        """Frame these rectangles (tile footprints); the board grows to show them all."""
        self.model.set_outlines(outlines)
        _put(self.outlines_source, outline_columns(self.model.outlines))
        self._redraw()

    def set_candidates(
        self,
        placements: Sequence[PlacedTile],
        selected: int | None = None,
        *,
        labels: Sequence[str] = (),
        infos: Sequence[str] = (),
    ) -> None:
        """Show tile placements as the tile itself (:mod:`~doria_nb.ui.board.candidates`):
        ``selected`` (an index into ``placements``) drawn on top, the others faded with their
        numbers (``labels``, 1, 2, … by default) in distinct corners and distinct dashes."""
        self.model.set_candidates(placements, selected, labels=labels, infos=infos)
        self._draw_walls()
        self._redraw()

    def select_candidate(self, index: int | None) -> None:
        """Draw the candidate at ``index`` on top (:meth:`BoardModel.select_candidate`)."""
        self.model.select_candidate(index)
        self._draw_walls()
        self._redraw()

    def clear_overlays(self) -> None:
        """Remove highlights, lines, outlines and candidates (the dungeon and figures stay)."""
        self.set_highlights(())
        self.set_lines(())
        self.set_outlines(())
        self.set_candidates(())

    # -- drawing ----------------------------------------------------------------------------

    def _draw_walls(self) -> None:
        """The wall edges and door leaves of the dungeon, then those of the candidates."""
        walls = wall_columns(self.model.dungeon)
        doors = door_columns(self.model.dungeon)
        layers = self.model.candidate_layers()
        squares: dict[str, list[Any]] = {c: [] for c in self.sources.candidates.data}
        frames: dict[str, list[Any]] = {c: [] for c in self.sources.frames.data}
        if layers is not None:
            for key in walls:
                walls[key] = walls[key] + layers.walls[key]
            for key in doors:
                doors[key] = doors[key] + layers.doors[key]
            squares, frames = layers.squares, layers.frames
        _put(self.sources.walls, walls)
        _put(self.sources.doors, doors)
        _put(self.sources.candidates, squares)
        _put(self.sources.frames, frames)

    def _highlight_data(self) -> dict[str, list[Any]]:
        highlights = self.model.highlights
        data = highlight_columns(highlights)
        data["what"] = [self.model.what(h.square) for h in highlights]
        data["who"] = [self.model.who(h.square) for h in highlights]
        return data

    def _patch_squares(self, column: str, values: dict[Square, str]) -> None:
        """Patch the rows of the squares' ``column`` whose value changed."""
        old = self.squares_source.data[column]
        changes = [
            (row, values[sq])
            for sq, row in self.model.rows.items()
            if old[row] != values.get(sq, "")
        ]
        if changes:
            self.squares_source.patch({column: changes})

    _held = 0
    _pending = ""

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Make several changes, then fit the canvas and lay the texts out once (a view
        redrawing the whole board uses it: every layout is work, every change a patch)."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            if not self._held:
                pending, self._pending = self._pending, ""
                if pending == "fit":
                    self._redraw()
                elif pending == "layout":
                    self._relayout()

    def _redraw(self) -> None:
        """Fit the canvas, then lay the texts out and describe the board."""
        if self._held:
            self._pending = "fit"
            return
        self._fit()
        self._relayout()

    def _labels(self) -> list[Label]:
        """Every text of the board (see :mod:`~doria_nb.ui.board.texts`)."""
        model = self.model
        _, top, right, _ = self.extent
        occupied = {t.square for t in model.tokens}
        figures = self.figures_source.data
        labels = token_labels(model.tokens, figures["ink"])
        labels.append(compass_label(right, top, compass_text(model.dungeon)))
        layers = model.candidate_layers()
        if layers is not None:
            labels += layers.labels
        if self._legend is not None:
            labels += self._legend.labels  # empty without a legend
        labels += [
            Label(
                o.label,
                (Anchor(o.left + o.width / 2, o.top + o.height / 2),),
                0.5,
                bold=True,
                priority=80,
                key="outline",
                boxed=True,
            )
            for o in model.outlines
            if o.label
        ]
        labels += highlight_labels(self.highlights_source.data)
        labels += glyph_labels(self.squares_source.data, occupied)
        labels += tile_labels(self.tiles_source.data)
        labels += ruler_labels(self.rulers_source.data)
        return labels

    def _relayout(self) -> None:
        """Lay every text out without overlaps and send the shown ones."""
        if self._held:
            self._pending = self._pending or "layout"
            return
        cell = self.pixels_per_square
        self.placed_labels = layout_labels(self._labels(), min_size=7 / cell)
        _put(self.labels_source, label_columns(self.placed_labels, cell))
        _put(self.sources.label_boxes, label_box_columns(self.placed_labels))
        self._describe()

    # -- geometry ---------------------------------------------------------------------------

    @property
    def extent(self) -> tuple[int, int, int, int]:
        """``(left, top, right, bottom)`` of the shown area, in square units (the edges)."""
        x = self.figure.x_range
        y = self.figure.y_range
        return (int(x.start), int(y.end), int(x.end), int(y.start))

    def _fit(self) -> None:
        """Set the ranges and canvas size so the dungeon, the outlines, the candidates, a
        margin for the rulers and the legend show, each square ``pixels_per_square`` wide."""
        left, top, right, bottom = self.model.area
        left, top = left - self.margin, top - self.margin
        right, bottom = right + 1 + self.margin, bottom + 1 + self.margin
        keys = self.model.legend_keys() if self.legend else []
        # The legend's words at least LEGEND_PIXELS high, for squares as wide as they can be.
        widest = max(8, min(self.cell, self.max_width // (right - left)))
        size = max(LEGEND_SIZE, LEGEND_PIXELS / widest)
        legend = self._legend = legend_layout(keys, left, right, bottom, size)
        squares_bottom, bottom = bottom, bottom + legend.height
        cols, rows = right - left, bottom - top
        cell = max(8, min(self.cell, self.max_width // cols, self.max_height // rows))
        self.pixels_per_square = cell
        plot = self.figure
        plot.x_range.start, plot.x_range.end = left, right
        plot.y_range.start, plot.y_range.end = bottom, top
        plot.width, plot.height = cols * cell, rows * cell
        resize(self.plot, cell)
        step = 1 if cell >= 16 else 5
        _put(self.rulers_source, ruler_columns(left, top, right, squares_bottom, step))
        _put(self.sources.swatches, legend.swatches)

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

    # -- clicks and keys --------------------------------------------------------------------

    def on_tap(self, callback: Callable[[Square], None]) -> None:
        """Call ``callback(square)`` when the board is tapped (the square under the pointer,
        which may be off the dungeon) or Enter is pressed on the keyboard cursor."""
        self.model.on_click(callback)

    def _on_tap_event(self, event: Tap) -> None:
        if event.x is None or event.y is None:
            return
        self.model.click(square_at(event.x, event.y))

    def tap(self, x: float, y: float) -> None:
        """Deliver a Tap at ``(x, y)`` through the Bokeh document, exactly as a click in the
        browser arrives (jupyter_bokeh hands it to ``Document.callbacks.trigger_event``)."""
        event = Tap(self.figure, x=x, y=y)
        document = self.figure.document
        if document is None:  # pragma: no cover - BokehModel always gives the figure one
            self._on_tap_event(event)
        else:
            document.callbacks.trigger_event(event)

    def tap_square(self, square: Square) -> None:
        """:meth:`tap` the middle of ``square``."""
        self.tap(square.x + 0.5, square.y + 0.5)

    def key(self, key: str) -> None:
        """A key from the keyboard strip (:meth:`BoardModel.key`): an arrow moves the cursor,
        Home takes it home, ``"focus"`` shows it; Enter taps the cursor square exactly as a
        click there would."""
        was = self.model.cursor
        clicked = self.model.key(key)
        self._draw_cursor(was)
        if clicked is not None:
            self.tap_square(clicked)

    def set_cursor(self, square: Square | None) -> None:
        """Put the keyboard cursor on ``square`` (``None`` hides it)."""
        was = self.model.cursor
        self.model.set_cursor(square)
        self._draw_cursor(was)

    def _draw_cursor(self, was: Square | None) -> None:
        """Draw the model's cursor, which was on ``was``."""
        square = self.model.cursor
        _put(
            self.sources.cursor,
            (
                {"cx": [square.x + 0.5], "cy": [square.y + 0.5]}
                if square is not None
                else {"cx": [], "cy": []}
            ),
        )
        self.keys.cursor = f"{square.x},{square.y}" if square is not None else ""
        if (was is None) != (square is None):
            self._redraw()  # the legend gains (or loses) the cursor
        else:
            self._describe()

    # -- words ------------------------------------------------------------------------------

    _described: tuple[Any, ...] = ()

    def _describe(self) -> None:
        """Say the board in words, unless nothing it says changed since the last time (the
        dungeon's map is long to write)."""
        said = self.model.said()
        if said == self._described:
            return
        self._described = said
        cursor = self.model.cursor
        if cursor is not None:
            self.keys.text = f"Cursor on {self.model.square_words(cursor)}"
        self.description.value = (
            "<details><summary>The board in words</summary>"
            f'<pre style="white-space: pre-wrap">{escape(self.text())}</pre></details>'
        )
