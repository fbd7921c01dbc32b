"""What a board shows, as plain state with its intents: :class:`BoardModel`.

A :class:`~doria_nb.ui.board.view.BoardView` draws one model. The model holds the dungeon,
the figures (:class:`~doria_nb.ui.board.layers.Token`), the highlighted squares, the lines,
the outlines, the tile candidates and the selected one, and the keyboard cursor; it answers
what the board says in words (:meth:`BoardModel.square_words`, :meth:`BoardModel.text`), the
area the cursor may visit, and the candidates' layers. Its intents are those of a person at the
board: click a square (:meth:`BoardModel.click`, handed to whoever registered with
:meth:`BoardModel.on_click`), press a key that moves the cursor (:meth:`BoardModel.key`),
select a candidate (:meth:`BoardModel.select_candidate`). No widget library is imported here
(``tests/architecture/test_widget_models.py``), so all of it is tested without a figure.

>>> from doria_nb.content.loader import starter_pack
>>> board = BoardModel(Dungeon.start(starter_pack().tile("A-1")))
>>> board.set_figures([Token(Square(4, 1), "W")])
>>> board.key("ArrowDown")            # the cursor appears on the first figure
>>> board.key("ArrowDown")
>>> board.cursor
Square(x=4, y=2)
>>> board.key("Enter")                # Enter clicks the cursor's square
Square(x=4, y=2)
>>> board.square_words(Square(4, 1))
'(4, 1): floor; W (hero)'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from doria_nb.engine.dungeon import Dungeon, PlacedTile
from doria_nb.engine.geometry import Square
from doria_nb.ui.board.candidates import CandidateLayers, candidate_layers
from doria_nb.ui.board.layers import Columns, Highlight, Outline, Token, square_columns, tokens_of
from doria_nb.ui.board.legend import legend_keys
from doria_nb.ui.board.style import OKABE_ITO, square_label
from doria_nb.ui.board.tokens import token_words
from doria_nb.ui.board.words import board_text

__all__ = ["ARROWS", "KEYS", "BoardModel", "Line", "cursor_step", "square_at"]

ARROWS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
"""How each arrow key moves the cursor (rows grow downwards)."""
KEYS = frozenset({*ARROWS, "Enter", "Home"})
"""The keys the keyboard strip sends."""

Line = tuple[tuple[float, float], tuple[float, float]]
"""A straight line ``((x0, y0), (x1, y1))`` in square units."""


def cursor_step(square: Square, key: str, area: tuple[int, int, int, int]) -> Square:
    """The cursor after arrow ``key`` from ``square``, kept inside ``area``
    (``left, top, right, bottom``, the last column and row included).

    >>> cursor_step(Square(2, 3), "ArrowLeft", (0, 0, 8, 8))
    Square(x=1, y=3)
    >>> cursor_step(Square(0, 3), "ArrowLeft", (0, 0, 8, 8))   # the edge of the board stops it
    Square(x=0, y=3)
    """
    dx, dy = ARROWS[key]
    left, top, right, bottom = area
    return Square(min(max(square.x + dx, left), right), min(max(square.y + dy, top), bottom))


def square_at(x: float, y: float) -> Square:
    """The square containing the point ``(x, y)`` of the board (square units).

    >>> square_at(0.0, 0.99), square_at(-0.2, 3.5)
    (Square(x=0, y=0), Square(x=-1, y=3))
    """
    return Square(math.floor(x), math.floor(y))


class BoardModel:
    """What one board shows and what a person may do on it; see the module docstring.

    The state is plain: :attr:`dungeon`, :attr:`tokens`, :attr:`highlights`, :attr:`lines`
    (and :attr:`line_color`), :attr:`outlines`, :attr:`candidates` with :attr:`selected`
    (an index, or ``None``) and their :attr:`candidate_labels` and :attr:`candidate_infos`,
    :attr:`cursor` and :attr:`cursor_home`. Change it through the ``set_*`` methods and the
    intents; everything else is derived from it.
    """

    def __init__(self, dungeon: Dungeon) -> None:
        self.dungeon = dungeon
        self.tokens: tuple[Token, ...] = ()
        self.highlights: tuple[Highlight, ...] = ()
        self.lines: tuple[Line, ...] = ()
        self.line_color = OKABE_ITO["black"]
        self.outlines: tuple[Outline, ...] = ()
        self.candidates: tuple[PlacedTile, ...] = ()
        self.selected: int | None = None
        self.candidate_labels: tuple[str, ...] = ()
        self.candidate_infos: tuple[str, ...] = ()
        self.cursor: Square | None = None
        """The keyboard cursor's square (``None`` until a key moves it)."""
        self.cursor_home: Square | None = None
        """Where the cursor starts (and Home takes it): a view may set it, e.g. to the acting
        hero's square; by default the first token's square or the board's middle."""
        self._clicks: list[Callable[[Square], None]] = []
        self._squares: tuple[Dungeon, Columns, dict[Square, int]] | None = None
        self._who: tuple[tuple[Token, ...], dict[Square, str]] | None = None
        self._layers: list[CandidateLayers | None] = []
        """The candidates' layers once made (emptied when the dungeon or candidates change)."""

    # -- the state --------------------------------------------------------------------------

    def set_dungeon(self, dungeon: Dungeon) -> None:
        """Show ``dungeon`` in place of the last one."""
        self.dungeon = dungeon
        self._layers = []

    def set_figures(self, figures: Iterable[Any]) -> None:
        """Show these figures (tokens, or engine figures: see
        :func:`~doria_nb.ui.board.layers.tokens_of`)."""
        self.tokens = tokens_of(figures)

    def set_highlights(self, highlights: Iterable[Highlight]) -> None:
        """Shade these squares (replacing the last highlights)."""
        self.highlights = tuple(highlights)

    def set_lines(self, lines: Iterable[Line], *, color: str = OKABE_ITO["black"]) -> None:
        """Show these straight lines, in ``color``."""
        self.lines = tuple(lines)
        self.line_color = color

    def set_outlines(self, outlines: Iterable[Outline]) -> None:
        """Frame these rectangles (tile footprints)."""
        self.outlines = tuple(outlines)

    def set_candidates(
        self,
        placements: Sequence[PlacedTile],
        selected: int | None = None,
        *,
        labels: Sequence[str] = (),
        infos: Sequence[str] = (),
    ) -> None:
        """Show tile placements (:mod:`~doria_nb.ui.board.candidates`), ``selected`` (an
        index into ``placements``, or ``None``) on top, with their ``labels`` (1, 2, … by
        default) and hover ``infos``."""
        placements = tuple(placements)
        _check_selected(selected, len(placements))
        self.candidates = placements
        self.selected = selected
        self.candidate_labels = tuple(labels)
        self.candidate_infos = tuple(infos)
        self._layers = []

    def select_candidate(self, index: int | None) -> None:
        """Select the candidate at ``index`` (``None``: none); the others stay shown. An
        index outside the candidates is refused with a :class:`ValueError`."""
        _check_selected(index, len(self.candidates))
        self.selected = index
        self._layers = []

    def clear_overlays(self) -> None:
        """Remove highlights, lines, outlines and candidates (the dungeon and figures stay)."""
        self.set_highlights(())
        self.set_lines(())
        self.set_outlines(())
        self.set_candidates(())

    # -- intents ----------------------------------------------------------------------------

    def on_click(self, callback: Callable[[Square], None]) -> None:
        """Call ``callback(square)`` on every :meth:`click`."""
        self._clicks.append(callback)

    def click(self, square: Square) -> None:
        """A click on ``square`` (it may be off the dungeon): every registered callback hears
        of it, in the order they registered."""
        for callback in self._clicks:
            callback(square)

    def set_cursor(self, square: Square | None) -> None:
        """Put the keyboard cursor on ``square`` (``None`` hides it)."""
        self.cursor = square

    def key(self, key: str) -> Square | None:
        """A key from the keyboard strip: an arrow moves the cursor a square (it appears at
        :meth:`home` first), Home takes it there, ``"focus"`` shows it; Enter shows it and
        returns the square to click (the view clicks it as a click there arrives). Anything
        else is refused with a :class:`ValueError`."""
        if key == "Enter":
            if self.cursor is None:
                self.set_cursor(self.home())
            return self.cursor
        if key in ARROWS:
            if self.cursor is None:
                self.set_cursor(self.home())  # it appears first, then moves
            else:
                self.set_cursor(cursor_step(self.cursor, key, self.area))
        elif key in ("Home", "focus"):
            if key == "Home" or self.cursor is None:
                self.set_cursor(self.home())
        else:
            raise ValueError(f"The board knows the arrow keys, Enter and Home, not {key!r}.")
        return None

    # -- derived ----------------------------------------------------------------------------

    @property
    def area(self) -> tuple[int, int, int, int]:
        """``(left, top, right, bottom)`` of the squares the cursor may visit: the dungeon,
        the outlines and candidates (the last column and row included)."""
        top_left, bottom_right = self.dungeon.bounds
        left, top = top_left.x, top_left.y
        right, bottom = bottom_right.x + 1, bottom_right.y + 1
        frames = [(o.left, o.top, o.left + o.width, o.top + o.height) for o in self.outlines]
        frames += [(p.left, p.top, p.right, p.bottom) for p in self.candidates]
        for fl, ft, fr, fb in frames:
            left, top = min(left, fl), min(top, ft)
            right, bottom = max(right, fr), max(bottom, fb)
        return (left, top, right - 1, bottom - 1)

    def home(self) -> Square:
        """Where the cursor appears: :attr:`cursor_home`, else the first token's square, else
        the middle of :attr:`area`."""
        if self.cursor_home is not None:
            return self.cursor_home
        if self.tokens:
            return self.tokens[0].square
        left, top, right, bottom = self.area
        return Square((left + right) // 2, (top + bottom) // 2)

    def _square_table(self) -> tuple[Columns, dict[Square, int]]:
        """The dungeon's square columns and each square's row in them, made once a dungeon."""
        if self._squares is None or self._squares[0] is not self.dungeon:
            columns = square_columns(self.dungeon)
            rows = {
                Square(x, y): i
                for i, (x, y) in enumerate(zip(columns["sx"], columns["sy"], strict=True))
            }
            self._squares = (self.dungeon, columns, rows)
        return self._squares[1], self._squares[2]

    @property
    def rows(self) -> dict[Square, int]:
        """Each square of the dungeon -> its row in :meth:`square_data`."""
        return self._square_table()[1]

    def square_data(self) -> Columns:
        """The squares' layer: every square of the dungeon (a new copy each call), with who
        stands there and the highlights' info."""
        columns, rows = self._square_table()
        data = {column: list(values) for column, values in columns.items()}
        info = self.info()
        data["who"] = [self.who(square) for square in rows]
        data["info"] = [info.get(square, "") for square in rows]
        return data

    def what(self, square: Square) -> str:
        """What lies on ``square``, in words ("off the dungeon" off it)."""
        columns, rows = self._square_table()
        row = rows.get(square)
        return columns["what"][row] if row is not None else "off the dungeon"

    def who(self, square: Square) -> str:
        """Who stands on ``square``, in words (from a map made once per set of tokens)."""
        if self._who is None or self._who[0] is not self.tokens:
            words: dict[Square, list[str]] = {}
            for token in self.tokens:
                words.setdefault(token.square, []).append(token_words(token))
            self._who = (self.tokens, {sq: "; ".join(w) for sq, w in words.items()})
        return self._who[1].get(square, "")

    def info(self) -> dict[Square, str]:
        """Each highlighted square with an info -> its highlights' infos, in words."""
        info: dict[Square, list[str]] = {}
        for h in self.highlights:
            if h.info:
                info.setdefault(h.square, []).append(h.info)
        return {square: "; ".join(texts) for square, texts in info.items()}

    def candidate_layers(self) -> CandidateLayers | None:
        """The candidates drawn as tiles (``None`` without candidates), made once until the
        dungeon or the candidates change."""
        if not self._layers:
            self._layers.append(
                candidate_layers(
                    self.dungeon,
                    self.candidates,
                    self.selected,
                    self.candidate_labels,
                    self.candidate_infos,
                )
                if self.candidates
                else None
            )
        return self._layers[0]

    def legend_keys(self) -> list[str]:
        """The legend's entries for what the board shows
        (:func:`~doria_nb.ui.board.legend.legend_keys`)."""
        return legend_keys(
            self.dungeon,
            self.tokens,
            candidates=bool(self.candidates),
            cursor=self.cursor is not None,
        )

    def square_words(self, square: Square) -> str:
        """``square`` in words: where, what lies there, who stands there (with HP), and the
        highlight's info — what the hover says."""
        parts = [square_label(square), self.what(square)]
        who = self.who(square)
        if who:
            parts.append(who)
        info = self.info().get(square)
        if info:
            parts.append(info)
        return ": ".join(parts[:2]) + "".join(f"; {p}" for p in parts[2:])

    def text(self) -> str:
        """The board in words (:func:`~doria_nb.ui.board.words.board_text` of the dungeon and
        figures shown), and the keyboard cursor's square."""
        text = board_text(self.dungeon, self.tokens)
        if self.cursor is not None:
            text += f"\nKeyboard cursor on {self.square_words(self.cursor)}."
        return text

    def said(self) -> tuple[Any, ...]:
        """What :meth:`text` depends on: the text is the same while this is equal."""
        return (self.dungeon, self.tokens, self.cursor, self.info().get(self.cursor))  # type: ignore[arg-type]


def _check_selected(selected: int | None, count: int) -> None:
    if selected is not None and not 0 <= selected < count:
        raise ValueError(
            f"The selected placement must be one of the {count} shown "
            f"(0 to {count - 1}), not {selected!r}."
        )
