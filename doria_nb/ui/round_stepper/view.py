"""The round stepper: watch a real game, phase by phase (*Phases Overview*), bots at the table.

A composed ipywidgets view (a :class:`ipywidgets.VBox`) of one plain model
(:class:`~doria_nb.ui.round_stepper.model.RoundModel`: the game followed, the phases recorded,
the intents Next phase, Next action, Back and Play to the end), the
:class:`~doria_nb.ui.initiative_board.InitiativeBoard`, the board
(:class:`~doria_nb.ui.board.BoardView`) and the buttons and texts
(:class:`~doria_nb.ui.round_stepper.controls.RoundControls`). Every button calls the model's
intent, then the view draws the model's :meth:`~doria_nb.ui.round_stepper.model.RoundModel.page`.

>>> stepper = RoundStepper(scenario="the_flooded_archive", heroes=("warrior", "mage"), seed=1)
>>> stepper.current.title
'Round 1 · Phase C: Roll for Initiative'
>>> stepper.next_phase().title
'Round 1 · Phase D: Action Phase'
>>> stepper.initiative.state.phase
'end of Phase D: Action Phase · next: Phase E: Poison'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as widgets

from doria_nb.engine.game.game import Game
from doria_nb.ui.board import BoardHost, BoardView, report_errors
from doria_nb.ui.initiative_board import InitiativeBoard
from doria_nb.ui.model_view import model_keywords, then_redraw
from doria_nb.ui.round_stepper.controls import CSS_CLASSES, RoundControls
from doria_nb.ui.round_stepper.model import RoundModel
from doria_nb.ui.round_stepper.records import PhaseRecord

__all__ = ["CSS_CLASSES", "RoundStepper"]

T = TypeVar("T")


class RoundStepper(BoardHost, widgets.VBox):
    """A game, phase by phase; see the module docstring.

    Build it from a ``game`` (it watches that game from now on) or from ``scenario``,
    ``heroes`` and ``seed`` (and ``options``). The state is the model's (:attr:`model`):
    :attr:`records` are the phases seen so far (the last one may be in progress),
    :attr:`shown` the index of the one shown, :attr:`current` that record, :attr:`last_step`
    the words of the last Next action.
    """

    def __init__(self, game: Game | None = None, **keywords: Any) -> None:
        """``game`` or the keywords of :class:`~doria_nb.ui.round_stepper.model.RoundModel`
        (``scenario``, ``heroes``, ``seed``, ``options``) give the game; any other keyword goes
        to the :class:`ipywidgets.VBox`."""
        self.model = RoundModel(game, **model_keywords(RoundModel, keywords))
        """The game followed and the phases recorded (plain, no widgets)."""
        page = self.model.page()
        self.board = BoardView(page.situation.dungeon, hover="squares")
        self.initiative = InitiativeBoard(page.board)
        self.parts = RoundControls()
        super().__init__(self.parts.layout(self.initiative, self.board), **keywords)
        self.add_class(CSS_CLASSES["root"])
        self.parts.connect(self, report_errors(self.refuse))
        self._render()
        self.board.sync_view()

    # -- the model's state -----------------------------------------------------------------

    @property
    def widget(self) -> RoundStepper:
        """The view itself (it is the widget to display)."""
        return self

    @property
    def game(self) -> Game:
        """The game followed."""
        return self.model.game

    @property
    def records(self) -> list[PhaseRecord]:
        """The phases seen so far."""
        return self.model.records

    @property
    def shown(self) -> int:
        """The index of the record shown."""
        return self.model.shown

    @property
    def current(self) -> PhaseRecord:
        """The record shown (the live phase when :attr:`shown` is past the last record)."""
        return self.model.current

    @property
    def last_step(self) -> str:
        """The words of the last Next action (``""`` after any other button)."""
        return self.model.last_step

    @property
    def status(self) -> str:
        """The status line in words: what just happened, or why a request changed nothing."""
        return self.model.status

    def describe(self) -> str:
        """The page in words: title, rule, events, the last step, the Initiative Board."""
        return self.model.describe()

    # -- the Python API (what the buttons do) ----------------------------------------------

    def back(self) -> PhaseRecord:
        """Show the phase before; at the first one, say so and stay."""
        return self._drawn(self.model.back)

    def next_phase(self) -> PhaseRecord:
        """Show the next phase (played on by the bots when needed)."""
        return self._drawn(self.model.next_phase)

    def next_action(self) -> PhaseRecord:
        """In Phase D: the hero the game waits for takes one action (the bots' choice)."""
        return self._drawn(self.model.next_action)

    def play_to_end(self) -> PhaseRecord:
        """Play the game out and show its last phase (Back steps through all of them)."""
        return self._drawn(self.model.play_to_end)

    def refuse(self, text: str) -> None:
        """Say why a request changed nothing."""
        self._drawn(lambda: self.model.refuse(text))

    # -- drawing ---------------------------------------------------------------------------

    def _drawn(self, intent: Callable[[], T]) -> T:
        return then_redraw(intent, self._render)

    def _render(self) -> None:
        page = self.model.page()
        self.parts.show_page(page)
        self.initiative.show(page.board)
        if page.situation.dungeon != self.board.dungeon:
            self.board.set_dungeon(page.situation.dungeon)
        self.board.set_figures(page.situation.figures)
        self.parts.show_status(self.model.status, problem=self.model.problem)
