"""The monsters' turns at the table, step by step: each activation since a person last acted,
each decision with the rule that made it, drawn on the board as it was at that moment.

:class:`MonsterPanel` holds a position (which activation, which stage); Next and Back move
through the stages of every activation in turn, "Skip to the end of the monsters" leaves the
replay and shows the board as it is now. While a stage is shown, :meth:`MonsterPanel.frame`
gives the board to draw: the figures of that moment and the stage's marks
(:func:`~doria_nb.ui.monster_stepper.marks.stage_marks`, the same drawings as the monster
stepper of chapter 09).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

from doria_nb.ui.monster_stepper.marks import stage_marks
from doria_nb.ui.play_table.turns import MonsterTurn

__all__ = ["MONSTER_CSS", "Frame", "MonsterPanel"]

MONSTER_CSS = {
    "panel": "doria-play-monsters",
    "text": "doria-play-monster-text",
    "back": "doria-play-monster-back",
    "next": "doria-play-monster-next",
    "skip": "doria-play-monster-skip",
}


@dataclass(frozen=True, slots=True)
class Frame:
    """What the board shows for one stage: the figures then, highlights and lines."""

    figures: tuple[Any, ...]
    highlights: tuple[Any, ...]
    lines: tuple[Any, ...]


class MonsterPanel:
    """See the module text. ``on_change()`` is called when the shown stage changes."""

    def __init__(self, on_change: Callable[[], None]) -> None:
        self.turns: tuple[MonsterTurn, ...] = ()
        self.turn = 0
        self.stage = 0
        self.replaying = False
        self.text = widgets.HTML()
        self.text.add_class(MONSTER_CSS["text"])
        self.back = widgets.Button(description="Back", icon="step-backward")
        self.next = widgets.Button(description="Next step", icon="step-forward")
        self.skip = widgets.Button(description="Skip to the end of the monsters", icon="forward")
        for key in ("back", "next", "skip"):
            getattr(self, key).add_class(MONSTER_CSS[key])
        self.box = widgets.VBox([widgets.HBox([self.back, self.next, self.skip]), self.text])
        self.box.add_class(MONSTER_CSS["panel"])
        self._on_change = on_change
        self.back.on_click(lambda _: self.step(-1))
        self.next.on_click(lambda _: self.step(1))
        self.skip.on_click(lambda _: self.end())
        self._draw()

    def show(self, turns: tuple[MonsterTurn, ...]) -> None:
        """New turns to step through (from the first stage of the first one)."""
        self.turns = turns
        self.turn = self.stage = 0
        self.replaying = bool(turns)
        self._draw()

    def step(self, by: int) -> None:
        """The next (``by=1``) or previous (``-1``) stage, across activations."""
        if not self.turns:
            return
        if not self.replaying:
            self.replaying = True
            self.turn, self.stage = (len(self.turns) - 1, 0) if by < 0 else (0, 0)
        else:
            self.stage += by
            if self.stage >= len(self.turns[self.turn].stages):
                if self.turn + 1 < len(self.turns):
                    self.turn, self.stage = self.turn + 1, 0
                else:
                    self.end()
                    return
            elif self.stage < 0:
                if self.turn > 0:
                    self.turn -= 1
                    self.stage = len(self.turns[self.turn].stages) - 1
                else:
                    self.stage = 0
        self._draw()
        self._on_change()

    def end(self) -> None:
        """Leave the replay: the board shows the game as it is now."""
        self.replaying = False
        self._draw()
        self._on_change()

    def frame(self) -> Frame | None:
        """The board of the stage shown, or ``None`` outside the replay."""
        if not self.replaying or not self.turns:
            return None
        turn = self.turns[self.turn]
        stage = turn.stages[self.stage]
        activation = turn.activation
        shown = activation.after if stage.kind in ("move", "attack") else activation.before
        marks = stage_marks(stage, activation)
        return Frame(shown.figures, marks.highlights, marks.lines)

    def _draw(self) -> None:
        if not self.turns:
            self.box.layout.display = "none"
            return
        self.box.layout.display = ""
        count = len(self.turns)
        if not self.replaying:
            lines = "".join(f"<li>{escape(t.title)}</li>" for t in self.turns)
            self.text.value = (
                f"<p><b>The monsters acted {count} time{'s' * (count != 1)}</b> since your last "
                f"input. Press Next step to watch each decision on the board.</p><ol>{lines}</ol>"
            )
            self.next.description = "Watch step by step"
            self.back.disabled = True
            self.skip.disabled = True
            return
        turn = self.turns[self.turn]
        stage = turn.stages[self.stage]
        attack = (
            f"<p><small>{escape(turn.attack)}</small></p>"
            if stage.kind == "attack" and turn.attack
            else ""
        )
        self.text.value = (
            f"<p><b>Monster {self.turn + 1} of {count}</b> · step {self.stage + 1} of "
            f"{len(turn.stages)}: <b>{escape(stage.title)}</b><br>"
            f"<small>Rulebook: <i>{escape(stage.rule)}</i></small></p>"
            f"<p>{escape(stage.text)}</p>{attack}"
        )
        self.next.description = "Next step"
        self.back.disabled = False
        self.skip.disabled = False
