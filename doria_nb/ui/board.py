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
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from html import escape
from typing import Any

import ipywidgets as widgets
from bokeh.events import Tap

from doria_nb.engine.dungeon import Dungeon, PlacedTile
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.geometry import Square, parse_square, reading_order
from doria_nb.ui.board_candidates import CandidateLayers, candidate_layers
from doria_nb.ui.board_keys import ARROWS, BoardKeys, cursor_step
from doria_nb.ui.board_labels import Anchor, Label, Placed, layout_labels
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
from doria_nb.ui.board_legend import LEGEND_SIZE, LegendLayout, legend_keys, legend_layout
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
from doria_nb.ui.board_texts import (
    compass_label,
    compass_text,
    glyph_labels,
    highlight_labels,
    label_box_columns,
    label_columns,
    ruler_labels,
    tile_labels,
)
from doria_nb.ui.board_tokens import (
    bar_columns,
    token_labels,
    token_name,
    token_values,
    token_words,
)
from doria_nb.ui.board_walls import door_columns, wall_columns
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


LEGEND_PIXELS = 10
"""The smallest font size of the legend's words, in pixels."""

# -- helpers -------------------------------------------------------------------------------------


def _put(source: Any, data: dict[str, list[Any]]) -> None:
    """Give ``source`` new data, unless it holds exactly that already: every assignment is a
    patch sent to the page, and most redraws change only a few layers."""
    if dict(source.data) != data:
        source.data = data


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
            values = token_values(token)
            lines.append(
                f"- {token_name(token)} at {square_label(token.square)}"
                + (f": {values}" if values else "")
            )
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
    :attr:`widget` (the :class:`BoardWidget`, a ``BokehModel``, showing it), :attr:`keys` (the
    keyboard strip, :class:`~doria_nb.ui.board_keys.BoardKeys`), :attr:`description` (an HTML
    widget: the board in words, folded), and one ColumnDataSource per layer
    (:attr:`squares_source`...). ``cell`` is the largest size of a square in pixels; the canvas
    shrinks the squares to stay within ``max_width`` × ``max_height``. ``hover`` picks which
    layer answers the mouse: ``"squares"`` (what is on a square and who stands there),
    ``"highlights"`` (that and the highlight's ``info``, on highlighted squares), ``"board"``
    (both, on every square) or ``None``. ``legend`` draws the legend under the squares.
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
        self.dungeon = dungeon
        self.cell = cell
        self.max_width = max_width
        self.max_height = max_height
        self.margin = margin
        self.legend = legend
        self._tap_callbacks: list[Callable[[Square], None]] = []
        self._tokens: tuple[Token, ...] = ()
        self._outlines: tuple[Outline, ...] = ()
        self._highlights: tuple[Highlight, ...] = ()
        self._candidates: tuple[PlacedTile, ...] = ()
        self._candidate_layers: CandidateLayers | None = None
        self._legend: LegendLayout | None = None
        self._rows: dict[Square, int] = {}
        self.cursor: Square | None = None
        """The keyboard cursor's square (``None`` until a key moves it)."""
        self.cursor_home: Square | None = None
        """Where the cursor starts (and Home takes it): a view may set it, e.g. to the acting
        hero's square; by default the first token's square or the board's middle."""
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
        plot = self.model = self.plot.figure
        self._renderers = self.plot.renderers_by_layer
        plot.on_event(Tap, self._on_tap_event)
        self.description = widgets.HTML()
        self.description.add_class("doria-board-text")
        self.keys = BoardKeys()
        self.keys.add_class("doria-board-keys-widget")
        self.keys.on_key(self.key)
        self.set_dungeon(dungeon)
        self.widget = BoardWidget(plot)
        self.widget.add_class("doria-board")

    # -- layers -----------------------------------------------------------------------------

    def set_dungeon(self, dungeon: Dungeon) -> None:
        """Draw ``dungeon`` (its squares, walls, doors, tiles and rulers) in place of the
        last one."""
        self.dungeon = dungeon
        squares = square_columns(dungeon)
        self._rows = {
            Square(x, y): i
            for i, (x, y) in enumerate(zip(squares["sx"], squares["sy"], strict=True))
        }
        squares["who"] = [self._who(square) for square in self._rows]
        squares["info"] = [self._info_of().get(square, "") for square in self._rows]
        _put(self.squares_source, squares)
        _put(self.tiles_source, tile_columns(dungeon))
        if self._candidates:
            self._candidate_layers = self._candidate_layers_of(self._candidates, self._selected)
        self._draw_walls()
        self._redraw()

    def set_figures(self, figures: Iterable[Any]) -> None:
        """Draw these figures (tokens, or engine figures: see :func:`tokens_of`) with their
        bars and labels; the hover says who stands on each square."""
        self._tokens = tokens_of(figures)
        _put(self.figures_source, figure_columns(self._tokens))
        _put(self.sources.bars, bar_columns(self._tokens))
        self._patch_squares("who", {sq: self._who(sq) for sq in self._rows})
        _put(self.highlights_source, self._highlight_data())
        self._redraw()

    def set_highlights(self, highlights: Iterable[Highlight]) -> None:
        """Shade these squares (replacing the last highlights)."""
        self._highlights = tuple(highlights)
        _put(self.highlights_source, self._highlight_data())
        info = self._info_of()
        self._patch_squares("info", {sq: info.get(sq, "") for sq in self._rows})
        self._relayout()

    def set_lines(
        self,
        lines: Iterable[tuple[tuple[float, float], tuple[float, float]]],
        *,
        color: str = OKABE_ITO["black"],
    ) -> None:
        """Draw these straight lines, each ``((x0, y0), (x1, y1))`` in square units."""
        _put(self.lines_source, line_columns(tuple(lines), color))

    def set_outlines(self, outlines: Iterable[Outline]) -> None:
        """Frame these rectangles (tile footprints); the board grows to show them all."""
        self._outlines = tuple(outlines)
        _put(self.outlines_source, outline_columns(self._outlines))
        self._redraw()

    def set_candidates(
        self,
        placements: Sequence[PlacedTile],
        selected: int | None = None,
        *,
        labels: Sequence[str] = (),
        infos: Sequence[str] = (),
    ) -> None:
        """Show tile placements as the tile itself (:mod:`~doria_nb.ui.board_candidates`):
        ``selected`` (an index into ``placements``) drawn on top, the others faded with their
        numbers (``labels``, 1, 2, … by default) in distinct corners and distinct dashes."""
        placements = tuple(placements)
        if selected is not None and not 0 <= selected < len(placements):
            raise ValueError(
                f"The selected placement must be one of the {len(placements)} shown "
                f"(0 to {len(placements) - 1}), not {selected!r}."
            )
        self._candidates = placements
        self._selected = selected
        self._candidate_labels = tuple(labels)
        self._candidate_infos = tuple(infos)
        self._candidate_layers = self._candidate_layers_of(placements, selected)
        self._draw_walls()
        self._redraw()

    def clear_overlays(self) -> None:
        """Remove highlights, lines, outlines and candidates (the dungeon and figures stay)."""
        self.set_highlights(())
        self.set_lines(())
        self.set_outlines(())
        self.set_candidates(())

    # -- drawing ----------------------------------------------------------------------------

    _selected: int | None = None
    _candidate_labels: tuple[str, ...] = ()
    _candidate_infos: tuple[str, ...] = ()

    def _candidate_layers_of(
        self, placements: Sequence[PlacedTile], selected: int | None
    ) -> CandidateLayers | None:
        if not placements:
            return None
        return candidate_layers(
            self.dungeon, placements, selected, self._candidate_labels, self._candidate_infos
        )

    def _draw_walls(self) -> None:
        """The wall edges and door leaves of the dungeon, then those of the candidates."""
        walls = wall_columns(self.dungeon)
        doors = door_columns(self.dungeon)
        layers = self._candidate_layers
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

    def _who(self, square: Square) -> str:
        return "; ".join(token_words(t) for t in self._tokens if t.square == square)

    def _info_of(self) -> dict[Square, str]:
        info: dict[Square, list[str]] = {}
        for h in self._highlights:
            if h.info:
                info.setdefault(h.square, []).append(h.info)
        return {square: "; ".join(texts) for square, texts in info.items()}

    def _highlight_data(self) -> dict[str, list[Any]]:
        data = highlight_columns(self._highlights)
        what = self.squares_source.data["what"]
        data["what"] = [
            what[self._rows[h.square]] if h.square in self._rows else "off the dungeon"
            for h in self._highlights
        ]
        data["who"] = [self._who(h.square) for h in self._highlights]
        return data

    def _patch_squares(self, column: str, values: dict[Square, str]) -> None:
        """Patch the rows of the squares' ``column`` whose value changed."""
        old = self.squares_source.data[column]
        changes = [
            (row, values[sq]) for sq, row in self._rows.items() if old[row] != values.get(sq, "")
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
        """Every text of the board (see :mod:`~doria_nb.ui.board_texts`)."""
        _, top, right, _ = self.extent
        occupied = {t.square for t in self._tokens}
        figures = self.figures_source.data
        labels = token_labels(self._tokens, figures["ink"])
        labels.append(compass_label(right, top, compass_text(self.dungeon)))
        if self._candidate_layers is not None:
            labels += self._candidate_layers.labels
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
            for o in self._outlines
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
        x = self.model.x_range
        y = self.model.y_range
        return (int(x.start), int(y.end), int(x.end), int(y.start))

    @property
    def area(self) -> tuple[int, int, int, int]:
        """``(left, top, right, bottom)`` of the squares the cursor may visit: the dungeon,
        the outlines and candidates (the last column and row included)."""
        top_left, bottom_right = self.dungeon.bounds
        left, top = top_left.x, top_left.y
        right, bottom = bottom_right.x + 1, bottom_right.y + 1
        frames = [(o.left, o.top, o.left + o.width, o.top + o.height) for o in self._outlines]
        frames += [(p.left, p.top, p.right, p.bottom) for p in self._candidates]
        for fl, ft, fr, fb in frames:
            left, top = min(left, fl), min(top, ft)
            right, bottom = max(right, fr), max(bottom, fb)
        return (left, top, right - 1, bottom - 1)

    def _fit(self) -> None:
        """Set the ranges and canvas size so the dungeon, the outlines, the candidates, a
        margin for the rulers and the legend show, each square ``pixels_per_square`` wide."""
        left, top, right, bottom = self.area
        left, top = left - self.margin, top - self.margin
        right, bottom = right + 1 + self.margin, bottom + 1 + self.margin
        keys = (
            legend_keys(
                self.dungeon,
                self._tokens,
                candidates=bool(self._candidates),
                cursor=self.cursor is not None,
            )
            if self.legend
            else []
        )
        # The legend's words at least LEGEND_PIXELS high, for squares as wide as they can be.
        widest = max(8, min(self.cell, self.max_width // (right - left)))
        size = max(LEGEND_SIZE, LEGEND_PIXELS / widest)
        legend = self._legend = legend_layout(keys, left, right, bottom, size)
        squares_bottom, bottom = bottom, bottom + legend.height
        cols, rows = right - left, bottom - top
        cell = max(8, min(self.cell, self.max_width // cols, self.max_height // rows))
        self.pixels_per_square = cell
        plot = self.model
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

    def key(self, key: str) -> None:
        """A key from the keyboard strip: an arrow moves the cursor a square (it appears at
        :attr:`cursor_home` first), Home takes it there, Enter taps the cursor square exactly
        as a click there would; ``"focus"`` shows the cursor."""
        if key == "Enter":
            if self.cursor is None:
                self.set_cursor(self._home())
            assert self.cursor is not None
            self.tap_square(self.cursor)
            return
        if key in ARROWS:
            start = self.cursor if self.cursor is not None else self._home()
            moved = cursor_step(start, key, self.area) if self.cursor is not None else start
            self.set_cursor(moved)
        elif key in ("Home", "focus"):
            if key == "Home" or self.cursor is None:
                self.set_cursor(self._home())
        else:
            raise ValueError(f"The board knows the arrow keys, Enter and Home, not {key!r}.")

    def set_cursor(self, square: Square | None) -> None:
        """Put the keyboard cursor on ``square`` (``None`` hides it)."""
        first = (self.cursor is None) != (square is None)
        self.cursor = square
        _put(
            self.sources.cursor,
            (
                {"cx": [square.x + 0.5], "cy": [square.y + 0.5]}
                if square is not None
                else {"cx": [], "cy": []}
            ),
        )
        self.keys.cursor = f"{square.x},{square.y}" if square is not None else ""
        if first:
            self._redraw()  # the legend gains (or loses) the cursor
        else:
            self._describe()

    def _home(self) -> Square:
        if self.cursor_home is not None:
            return self.cursor_home
        if self._tokens:
            return self._tokens[0].square
        left, top, right, bottom = self.area
        return Square((left + right) // 2, (top + bottom) // 2)

    # -- words ------------------------------------------------------------------------------

    def square_words(self, square: Square) -> str:
        """``square`` in words: where, what lies there, who stands there (with HP), and the
        highlight's info — what the hover says."""
        row = self._rows.get(square)
        parts = [square_label(square)]
        parts.append(
            self.squares_source.data["what"][row] if row is not None else "off the dungeon"
        )
        who = self._who(square)
        if who:
            parts.append(who)
        info = self._info_of().get(square)
        if info:
            parts.append(info)
        return ": ".join(parts[:2]) + "".join(f"; {p}" for p in parts[2:])

    def text(self) -> str:
        """The board in words (:func:`board_text` of the dungeon and figures shown), and the
        keyboard cursor's square."""
        text = board_text(self.dungeon, self._tokens)
        if self.cursor is not None:
            text += f"\nKeyboard cursor on {self.square_words(self.cursor)}."
        return text

    def _describe(self) -> None:
        if self.cursor is not None:
            self.keys.text = f"Cursor on {self.square_words(self.cursor)}"
        self.description.value = (
            "<details><summary>The board in words</summary>"
            f'<pre style="white-space: pre-wrap">{escape(self.text())}</pre></details>'
        )
