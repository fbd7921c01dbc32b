"""The sight explorer: pick two squares of a dungeon and see whether they see each other.

A composed ipywidgets view (a :class:`ipywidgets.VBox`): the board (a
:class:`~doria_nb.ui.board.BoardView`), two plain text fields "From square" and "To square"
(the keyboard's way to do what clicks do), a status line and the engine's explanation. Click a
square, then another (or type both as ``x,y``): the board draws the straight line that proves
Line of Sight, or shades the squares standing in the way; Blue Solid squares that every clear
line must cross are marked "+1D" (the defender's bonus, *Difficult Terrain*). The answer is the
engine's (:meth:`Dungeon.line_of_sight <doria_nb.engine.dungeon.Dungeon.line_of_sight>`, rule
*Range and Line of Sight*); the view only draws it.

Give it a dungeon, or anything with a ``dungeon`` (and optionally ``figures``, drawn as
tokens), such as a situation::

    SightExplorer(dungeon, start=Square(2, 3), target=Square(6, 5))
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.geometry import Square, reading_order
from doria_nb.engine.sight import SightResult
from doria_nb.ui.board import (
    OKABE_ITO,
    BoardHost,
    BoardView,
    Highlight,
    Token,
    parse_square,
    report_errors,
    square_label,
    tokens_of,
)

__all__ = ["CSS_CLASSES", "SIGHT_COLOURS", "SightExplorer"]

CSS_CLASSES = {
    "root": "doria-sight-explorer",
    "from": "doria-sight-from",
    "to": "doria-sight-to",
    "check": "doria-sight-check",
    "clear": "doria-sight-clear",
    "status": "doria-status",
    "explanation": "doria-explanation",
}
"""The stable CSS classes of the view's parts (for browser tests and styling)."""

SIGHT_COLOURS = {
    "from": OKABE_ITO["blue"],
    "to": OKABE_ITO["bluish_green"],
    "blocker": OKABE_ITO["vermillion"],
    "obstacle": OKABE_ITO["yellow"],
}
"""Highlight colours; each also has a label on the square: A, B, ✕ and +1D."""


class SightExplorer(BoardHost, widgets.VBox):
    """Line of Sight between two squares, drawn on the board; see the module docstring.

    After a check, :attr:`result` is the engine's :class:`SightResult` (``None`` before one
    or after a problem), :attr:`source_square` and :attr:`target_square` the two squares.
    """

    def __init__(
        self,
        dungeon: Dungeon | Any,
        *,
        start: Square | None = None,
        target: Square | None = None,
        **kwargs: Any,
    ) -> None:
        if isinstance(dungeon, Dungeon):
            self.dungeon = dungeon
            figures: tuple[Token, ...] = ()
        else:
            self.dungeon = dungeon.dungeon
            figures = tokens_of(getattr(dungeon, "figures", ()))
        self.board = BoardView(self.dungeon)
        self.board.set_figures(figures)
        self._tokens = figures
        self.result: SightResult | None = None
        self.source_square: Square | None = None
        self.target_square: Square | None = None
        self._picking = "from"
        self._syncing = False

        self.from_input = widgets.Text(
            description="From square",
            placeholder="x,y e.g. 2,3",
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.to_input = widgets.Text(
            description="To square",
            placeholder="x,y e.g. 6,5",
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.check_button = widgets.Button(
            description="Check sight", tooltip="Check Line of Sight between the two squares"
        )
        self.clear_button = widgets.Button(description="Clear", tooltip="Start over")
        self.status = widgets.HTML()
        self.explanation = widgets.HTML()
        for part, css in (
            (self.from_input, "from"),
            (self.to_input, "to"),
            (self.check_button, "check"),
            (self.clear_button, "clear"),
            (self.status, "status"),
            (self.explanation, "explanation"),
        ):
            part.add_class(CSS_CLASSES[css])
        super().__init__(
            [
                self.board.widget,
                widgets.HBox(
                    [self.from_input, self.to_input, self.check_button, self.clear_button]
                ),
                self.status,
                self.explanation,
                self.board.description,
            ],
            **kwargs,
        )
        self.add_class(CSS_CLASSES["root"])

        guard = report_errors(self._show_problem)
        self.board.on_tap(guard(self._on_square))
        self.from_input.observe(guard(self._on_typed), names="value")
        self.to_input.observe(guard(self._on_typed), names="value")
        self.check_button.on_click(guard(lambda _b: self._check_typed(explicit=True)))
        self.clear_button.on_click(guard(lambda _b: self.clear()))

        if start is not None and target is not None:
            self.check(start, target)
        elif start is not None:
            self._pick_from(start)
        else:
            self._say("Click a square to look from (or type it below), then the square to look at.")
        self.board.sync_view()

    # -- public -----------------------------------------------------------------------------

    def check(self, start: Square, target: Square) -> SightResult:
        """Check Line of Sight from ``start`` to ``target``, show and return the answer.

        Raises :class:`DoriaError` (shown in the view too) when a square is off the dungeon.
        """
        for square in (start, target):
            self._require_on_dungeon(square)
        result = self.dungeon.line_of_sight(start, target)
        self.source_square, self.target_square = start, target
        self._set_inputs(start, target)
        self._picking = "from"
        self.result = result
        self._draw(result)
        return result

    def clear(self) -> None:
        """Forget both squares and the answer."""
        self.source_square = self.target_square = None
        self.result = None
        self._picking = "from"
        self._set_inputs(None, None)
        self.board.clear_overlays()
        self.explanation.value = ""
        self._say("Click a square to look from (or type it below), then the square to look at.")

    # -- clicks and typing --------------------------------------------------------------------

    def _on_square(self, square: Square) -> None:
        """A tap on the board: the first square picks where to look from, the second where
        to look at."""
        if self.dungeon.content(square) is None:
            self._show_problem(
                f"{square_label(square)} is off the dungeon: click a square of a room tile."
            )
            return
        if self._picking == "from":
            self._pick_from(square)
        else:
            assert self.source_square is not None
            self.check(self.source_square, square)

    def _pick_from(self, square: Square) -> None:
        self._require_on_dungeon(square)
        self.source_square, self.target_square = square, None
        self.result = None
        self._picking = "to"
        self._set_inputs(square, None)
        self.board.set_lines(())
        self.board.set_highlights([self._mark(square, "from")])
        self.explanation.value = ""
        self._say(f"Looking from {self._name(square)} (A). Now click the square to look at (B).")

    def _on_typed(self, _change: dict[str, Any]) -> None:
        if not self._syncing:
            self._check_typed(explicit=False)

    def _check_typed(self, *, explicit: bool) -> None:
        texts = (self.from_input.value.strip(), self.to_input.value.strip())
        if not all(texts):
            if explicit:
                self._show_problem("Type both squares as x,y (for example 2,3 and 6,5).")
            return
        start, target = (parse_square(text) for text in texts)
        self.check(start, target)

    # -- showing ------------------------------------------------------------------------------

    def _require_on_dungeon(self, square: Square) -> None:
        if self.dungeon.content(square) is None:
            raise DoriaError(
                f"{square_label(square)} is off the dungeon: pick a square of a room tile."
            )

    def _set_inputs(self, start: Square | None, target: Square | None) -> None:
        self._syncing = True
        try:
            self.from_input.value = "" if start is None else f"{start.x},{start.y}"
            self.to_input.value = "" if target is None else f"{target.x},{target.y}"
        finally:
            self._syncing = False

    def _mark(self, square: Square, role: str) -> Highlight:
        label = {"from": "A", "to": "B", "blocker": "✕", "obstacle": "+1D"}[role]
        info = {
            "from": "looking from here",
            "to": "looking at this square",
            "blocker": "blocks the view",
            "obstacle": "Blue Solid crossed: +1D for the defender",
        }[role]
        return Highlight(square, SIGHT_COLOURS[role], alpha=0.6, label=label, info=info)

    def _draw(self, result: SightResult) -> None:
        marks = [self._mark(result.source, "from")]
        if result.target != result.source:
            marks.append(self._mark(result.target, "to"))
        for square in sorted(result.blockers, key=reading_order):
            marks.append(self._mark(square, "blocker"))
        for square in sorted(result.obstacles, key=reading_order):
            marks.append(self._mark(square, "obstacle"))
        self.board.set_highlights(marks)
        self.board.set_lines([result.line.as_floats()] if result.line is not None else [])
        a, b = self._name(result.source), self._name(result.target)
        if result.visible:
            summary = f"{a} <strong>sees</strong> {b}: the black line proves it."
            if result.hindered:
                where = ", ".join(
                    square_label(s) for s in sorted(result.obstacles, key=reading_order)
                )
                summary += (
                    f" Every clear line crosses Blue Solid ({where}, marked +1D): an attack "
                    "along it gives the defender +1D."
                )
        elif result.levels is not None:
            summary = f"{a} <strong>cannot see</strong> {b}: they are on different levels."
        else:
            count = len(result.blockers)
            summary = (
                f"{a} <strong>cannot see</strong> {b}: {count} blocking "
                f"square{'s' * (count != 1)} stand{'s' * (count == 1)} in the way (marked ✕)."
            )
        self.status.value = f'<p class="doria-status-body">{summary}</p>'
        self.explanation.value = (
            f'<p class="doria-explanation-body"><em>{escape(result.explain())}</em></p>'
        )

    def _name(self, square: Square) -> str:
        """A square in words, with the figure standing on it if any."""
        for token in self._tokens:
            if token.square == square:
                return escape(f"{token.name or token.letter} at {square_label(square)}")
        return square_label(square)

    def _say(self, text: str) -> None:
        self.status.value = f'<p class="doria-status-body">{escape(text)}</p>'

    def _show_problem(self, text: str) -> None:
        self.status.value = (
            f'<p class="doria-status-body doria-problem" role="alert">⚠ {escape(text)}</p>'
        )
