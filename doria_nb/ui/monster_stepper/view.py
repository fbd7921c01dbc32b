"""The monster stepper: walk through a monster's activation one decision at a time, on the board.

A composed ipywidgets view (a :class:`ipywidgets.VBox`) of one plain model
(:class:`~doria_nb.ui.monster_stepper.model.StepperModel`, where the state and the stepping
live), the board (:class:`~doria_nb.ui.board.BoardView`) and the controls
(:class:`~doria_nb.ui.monster_stepper.controls.StepperControls`). The model asks the engine
what a monster does and cuts the answer into stages (:mod:`doria_nb.ui.monster_stepper.stages`)
with Next and Back: who acts first (*Monster Order*, when there are several monsters), each
criterion of *Target of a Monster* (the characters still in the running marked ✓, the ones
ruled out ✕), each criterion of *Fastest Way to the Target* (candidate squares, the ruled-out
ones dimmed), the movement (the path, numbered, and any monster pushed aside) and the attack
(lines from the attacker to the defender and to every character struck). A trace panel names
the stage's rule and says it in words, with the whole explanation so far. The view only draws
the engine's answer (:mod:`doria_nb.ui.monster_stepper.marks`).

Where the rules leave a tie to the players, the last stage asks: the tied options are marked
``?`` on the board; tap one, or pick it in the list and press Choose. The stepper asks the
engine again with that choice (``target=``, ``square=``, ``push_to=``) and goes on.

An edit bar changes the situation: add a hero or a monster on a square (tap the board in an
"add" mode, or type the square), remove a figure, paste a situation text or a ``doria1:`` code,
copy the current code. An illegal request shows the engine's reason and changes nothing.
Every board tap has a plain control that does the same (keyboard users, tests).

>>> stepper = MonsterStepper('''
... map:
...   #D#####
...   #o...M#
...   #######
... figures:
...   o = monster Goblin
...   M = hero Mage
... ''')
>>> [stage.kind for stage in stepper.stages], stepper.parts.position.value
(['target', 'route', 'move', 'attack'], '<span class="doria-stepper-count">Step 1 of 4</span>')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as widgets

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai import Activation, Trace
from doria_nb.engine.situation import Figure, Situation
from doria_nb.ui.board import BoardHost, BoardView, report_errors
from doria_nb.ui.board.layers import line_columns
from doria_nb.ui.model_view import model_keywords, then_redraw
from doria_nb.ui.monster_stepper.controls import CSS_CLASSES, StepperControls
from doria_nb.ui.monster_stepper.marks import stage_marks
from doria_nb.ui.monster_stepper.model import StepperModel
from doria_nb.ui.monster_stepper.stages import Stage

__all__ = ["CSS_CLASSES", "MonsterStepper"]

T = TypeVar("T")


class MonsterStepper(BoardHost, widgets.VBox):
    """A monster's activation, stage by stage, on the board; see the module docstring.

    The state is the model's (:attr:`model`): :attr:`situation` is the position shown,
    :attr:`monster` the letter of the monster activated, :attr:`activation` the engine's
    answer (``None`` when there is no monster or the engine cannot decide; :attr:`status` then
    says why), :attr:`stages` its stages and :attr:`stage` the index of the one shown.
    """

    def __init__(
        self, situation: Situation | str, monster: str | None = None, **keywords: Any
    ) -> None:
        """``situation`` and ``monster`` and the keywords of
        :class:`~doria_nb.ui.monster_stepper.model.StepperModel` (``pack``, ``level``,
        ``options``) set up the activation; any other keyword goes to the
        :class:`ipywidgets.VBox`."""
        self.model = StepperModel(situation, monster, **model_keywords(StepperModel, keywords))
        """The state and the stepping (plain, no widgets)."""
        self.board = BoardView(self.model.situation.dungeon, hover="highlights")
        self.parts = StepperControls(self.model.pack)
        super().__init__(self.parts.layout(self.board), **keywords)
        self.add_class(CSS_CLASSES["root"])
        self._situation_drawn = 0
        self._stage_drawn: tuple[object, ...] = ()
        self.parts.connect(self, report_errors(self.refuse))
        self._render()
        self.board.sync_view()

    # -- the model's state -----------------------------------------------------------------

    @property
    def widget(self) -> MonsterStepper:
        """The view itself (it is the widget to display)."""
        return self

    @property
    def pack(self) -> ContentPack | None:
        return self.model.pack

    @property
    def situation(self) -> Situation:
        """The position shown."""
        return self.model.situation

    @property
    def monster(self) -> str | None:
        """The letter of the monster activated."""
        return self.model.monster

    @property
    def activation(self) -> Activation | None:
        """The engine's answer (None when there is no monster or the engine cannot decide)."""
        return self.model.activation

    @property
    def order(self) -> Trace | None:
        """The engine's Monster Order of the monsters on the board."""
        return self.model.order

    @property
    def stages(self) -> tuple[Stage, ...]:
        """The stages of the activation."""
        return self.model.stages

    @property
    def stage(self) -> int:
        """The index of the stage shown."""
        return self.model.stage

    @property
    def status(self) -> str:
        """The status line in words: what just happened, or why a request changed nothing."""
        return self.model.status

    @property
    def choices(self) -> dict[str, str]:
        """The ties the players settled so far: ``{"target": "M", "square": "2,2"}``."""
        return self.model.choices

    @property
    def current(self) -> Stage | None:
        """The stage shown (``None`` without an activation)."""
        return self.model.current

    @property
    def can_go_on(self) -> bool:
        """Whether :meth:`next_monster` can play the activation out and go on."""
        return self.model.can_go_on

    # -- the Python API (what the controls do) ---------------------------------------------

    def next(self) -> Stage | None:
        """Show the next stage; at the last one, say why not and stay."""
        return self._drawn(self.model.next)

    def back(self) -> Stage | None:
        """Show the stage before; at the first one, say so and stay."""
        return self._drawn(self.model.back)

    def choose(self, key: str | Square) -> bool:
        """Settle the tie with ``key`` (see :meth:`StepperModel.choose`)."""
        return self._drawn(lambda: self.model.choose(key))

    def next_monster(self) -> bool:
        """Play the shown activation out and step through the next monster in order."""
        return self._drawn(self.model.next_monster)

    def select(self, monster: str) -> bool:
        """Activate the monster ``monster`` (letter or name) instead, from its first stage."""
        return self._drawn(lambda: self.model.select(monster))

    def load(self, text: str) -> bool:
        """Show the situation in ``text`` instead; bad text changes nothing."""
        return self._drawn(lambda: self.model.load(text))

    def add_figure(
        self, kind: str, name: str, square: Square | str, **values: int
    ) -> Figure | None:
        """Add a hero or monster called ``name`` on ``square`` (see
        :meth:`StepperModel.add_figure`)."""
        return self._drawn(lambda: self.model.add_figure(kind, name, square, **values))

    def remove_figure(self, letter: str) -> bool:
        """Take the figure ``letter`` (or name) off the board."""
        return self._drawn(lambda: self.model.remove_figure(letter))

    def tap(self, square: Square) -> None:
        """What a tap on the board does, by the edit bar's mode: add the figure of the edit
        bar on the square, remove the figure there, or (stepping through) pick a tied option
        there or activate the monster there."""
        mode = self.parts.mode.value
        request = self.parts.new_figure_request(mode) if mode in ("hero", "monster") else None
        self._drawn(lambda: self.model.tap(square, mode, request))

    def refuse(self, text: str) -> None:
        """Say why a request changed nothing."""
        self._drawn(lambda: self.model.refuse(text))

    # -- drawing ---------------------------------------------------------------------------

    def _drawn(self, intent: Callable[[], T]) -> T:
        return then_redraw(intent, self._render)

    def _render(self) -> None:
        model = self.model
        if model.situation_count != self._situation_drawn:
            if model.situation.dungeon != self.board.dungeon:
                self.board.set_dungeon(model.situation.dungeon)
            self.parts.show_situation(model)
            self._situation_drawn = model.situation_count
        # The stage is drawn again when the stage shown (or what Next monster may do) changed.
        key = (model.situation_count, model.activation, model.stages, model.stage)
        key += (model.can_go_on,)
        if key != self._stage_drawn:
            self._show_stage()
            self._stage_drawn = key
        self.parts.show_status(model.status, problem=model.problem)

    def _show_stage(self) -> None:
        model = self.model
        stage, activation = model.current, model.activation
        board = self.board
        if stage is None or activation is None:
            board.set_figures(model.situation.figures)
            board.set_highlights(())
            board.set_lines(())
        else:
            shown = activation.after if stage.kind in ("move", "attack") else activation.before
            marks = stage_marks(stage, activation)
            board.set_figures(shown.figures)
            board.set_highlights(marks.highlights)
            data: dict[str, list[Any]] = {"xs": [], "ys": [], "color": []}
            for line, colour in marks.lines:
                for column, values in line_columns((line,), colour).items():
                    data[column].extend(values)
            board.lines_source.data = data
        self.parts.show_stage(model)
