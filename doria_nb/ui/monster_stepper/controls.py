"""The plain controls of the monster stepper's view, and how they show the model.

:class:`StepperControls` holds every ipywidget of :class:`~doria_nb.ui.monster_stepper.view.
MonsterStepper` except the board: the monster list, Back and Next, the trace panel, the tie
list with its Choose button, the status line, the edit bar (mode, the new figure's name and
values, a square field, Add and Remove) and the load/share row. It wires them to the view's
public methods (so every board tap has a keyboard way) and redraws them from the model
(:class:`~doria_nb.ui.monster_stepper.model.StepperModel`); the rules stay in the model and
the engine. :func:`trace_html` is the trace panel.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.errors import DoriaError
from doria_nb.ui.board import BoardView, square_label
from doria_nb.ui.monster_stepper.edit import (
    HERO_VALUES,
    hero_names,
    hero_values,
    monster_names,
)
from doria_nb.ui.monster_stepper.model import MODES, FigureRequest, StepperModel

__all__ = ["CSS_CLASSES", "MODES", "StepperControls", "trace_html"]

CSS_CLASSES = {
    "root": "doria-monster-stepper",
    "monster": "doria-monster-choice",
    "back": "doria-stepper-back",
    "next": "doria-stepper-next",
    "next_monster": "doria-stepper-next-monster",
    "position": "doria-stepper-position",
    "trace": "doria-trace-panel",
    "options": "doria-tie-options",
    "choose": "doria-tie-choose",
    "status": "doria-status",
    "mode": "doria-edit-mode",
    "hero_name": "doria-new-hero",
    "monster_name": "doria-new-monster",
    "square": "doria-new-square",
    "add_hero": "doria-add-hero",
    "add_monster": "doria-add-monster",
    "remove_choice": "doria-remove-choice",
    "remove": "doria-remove",
    "paste": "doria-situation-text",
    "load": "doria-load",
    "code": "doria-situation-code",
}
"""The stable CSS classes of the view's parts (for browser tests and styling)."""

_WIDE = {"description_width": "initial"}


def trace_html(stepper: StepperModel) -> str:
    """The trace panel: the stage shown (its rule and words), then every stage so far."""
    stage = stepper.current
    if stage is None:
        return '<div class="doria-trace-panel-body"><p>No activation to show.</p></div>'
    total = len(stepper.stages)

    def lines(text: str) -> str:
        return "<br>".join(escape(line) for line in text.split("\n"))

    so_far = "".join(
        f"<li><b>{escape(s.title)}</b> ({escape(s.rule)}): {lines(s.text)}</li>"
        for s in stepper.stages[: stepper.stage + 1]
    )
    return (
        '<div class="doria-trace-panel-body">'
        f'<p class="doria-stage-title"><b>Step {stepper.stage + 1} of {total}: '
        f"{escape(stage.title)}</b></p>"
        f'<p class="doria-stage-rule">Rule: <i>{escape(stage.rule)}</i></p>'
        f'<p class="doria-stage-text">{lines(stage.text)}</p>'
        "<details open><summary>The explanation so far</summary>"
        f'<ol style="max-height: 16em; overflow-y: auto">{so_far}</ol></details></div>'
    )


class StepperControls:
    """The stepper's plain widgets; see the module docstring."""

    def __init__(self, pack: ContentPack | None) -> None:
        self.pack = pack
        self._syncing = False
        self._code = ""
        self.monster = widgets.Dropdown(description="Monster", style=_WIDE)
        self.back = widgets.Button(description="Back", icon="arrow-left", tooltip="Step back")
        self.next = widgets.Button(description="Next", icon="arrow-right", tooltip="Next step")
        self.next_monster = widgets.Button(
            description="Next monster",
            icon="forward",
            tooltip="Play this activation out and activate the next monster in Monster Order",
        )
        self.position = widgets.HTML()
        self.trace = widgets.HTML()
        self.options = widgets.Dropdown(description="Players' choice", style=_WIDE)
        self.choose = widgets.Button(description="Choose", tooltip="Settle the tie this way")
        self.status = widgets.HTML()
        self.mode = widgets.ToggleButtons(
            options=MODES, value="step", description="A tap on the board", style=_WIDE
        )
        self.hero_name = widgets.Combobox(
            description="Hero",
            options=hero_names(pack),
            value="Adventurer",
            ensure_option=False,
            style=_WIDE,
            layout=widgets.Layout(width="16em"),
        )
        self.values = {
            key: widgets.IntText(
                value=5, description=key, style=_WIDE, layout=widgets.Layout(width="7em")
            )
            for key in HERO_VALUES
        }
        self.monster_name = widgets.Dropdown(
            description="Monster", options=monster_names(pack), style=_WIDE
        )
        self.square = widgets.Text(
            description="Square",
            placeholder="x,y e.g. 3,2",
            style=_WIDE,
            layout=widgets.Layout(width="12em"),
        )
        self.add_hero = widgets.Button(description="Add hero", tooltip="Add the hero there")
        self.add_monster = widgets.Button(description="Add monster")
        self.remove_choice = widgets.Dropdown(description="Figure", style=_WIDE)
        self.remove = widgets.Button(description="Remove", tooltip="Take the figure off")
        self.paste = widgets.Textarea(
            placeholder="Paste a situation (text, or a code starting doria1:)",
            layout=widgets.Layout(width="95%", height="7em"),
        )
        self.load = widgets.Button(description="Load", tooltip="Show the pasted situation")
        self.code = widgets.Text(
            description="Code to share", style=_WIDE, layout=widgets.Layout(width="95%")
        )
        for name, css in CSS_CLASSES.items():
            part = getattr(self, name, None)
            if isinstance(part, widgets.DOMWidget):
                part.add_class(css)
        self._fill_values("Adventurer")

    def layout(self, board: BoardView) -> list[widgets.Widget]:
        """The children of the stepper, top to bottom."""
        heading = widgets.HTML("<b>Change the situation</b>")
        return [
            widgets.HBox([self.monster, self.back, self.next, self.position, self.next_monster]),
            board.widget,
            self.trace,
            widgets.HBox([self.options, self.choose]),
            self.status,
            heading,
            self.mode,
            widgets.HBox([self.hero_name, *self.values.values()]),
            widgets.HBox([self.monster_name, self.square, self.add_hero, self.add_monster]),
            widgets.HBox([self.remove_choice, self.remove]),
            self.paste,
            self.load,
            self.code,
            board.description,
        ]

    def connect(self, stepper: Any, guard: Callable[[Callable[..., Any]], Any]) -> None:
        """Wire every control (and the board's taps) to the view ``stepper``'s public
        methods; ``guard`` shows a problem in the view instead of a traceback."""
        stepper.board.on_tap(guard(stepper.tap))
        self.next.on_click(guard(lambda _: stepper.next()))
        self.back.on_click(guard(lambda _: stepper.back()))
        self.next_monster.on_click(guard(lambda _: stepper.next_monster()))

        def chosen(_: Any) -> None:
            if self.options.value is None:
                stepper.refuse("Pick one of the tied options in the list first.")
            else:
                stepper.choose(self.options.value)

        self.choose.on_click(guard(chosen))

        def monster(change: dict[str, Any]) -> None:
            if not self._syncing and change["new"] is not None:
                stepper.select(change["new"])

        self.monster.observe(guard(monster), names="value")

        def add(kind: str) -> Callable[[Any], None]:
            def handler(_: Any) -> None:
                kind_, name, values = self.new_figure_request(kind)
                stepper.add_figure(kind_, name, self.square.value, **values)

            return handler

        self.add_hero.on_click(guard(add("hero")))
        self.add_monster.on_click(guard(add("monster")))

        def remove(_: Any) -> None:
            if self.remove_choice.value is None:
                stepper.refuse("Pick the figure to remove in the list first.")
            else:
                stepper.remove_figure(self.remove_choice.value)

        self.remove.on_click(guard(remove))
        self.load.on_click(guard(lambda _: stepper.load(self.paste.value)))
        self.hero_name.observe(guard(lambda c: self._fill_values(c["new"])), names="value")

        def keep_code(change: dict[str, Any]) -> None:
            if change["new"] != self._code:  # read-only: a typed change is put back
                self.code.value = self._code

        self.code.observe(keep_code, names="value")

    def new_figure_request(self, kind: str) -> FigureRequest:
        """``(kind, name, values)`` of the figure the edit bar describes."""
        if kind == "hero":
            values = {key: int(box.value) for key, box in self.values.items()}
            return "hero", str(self.hero_name.value), values
        if kind == "monster":
            if self.monster_name.value is None:
                raise DoriaError("Pick a monster in the list first.")
            return "monster", str(self.monster_name.value), {}
        raise DoriaError(f"Choose 'Add hero' or 'Add monster', not {kind!r}.")

    def _fill_values(self, name: str) -> None:
        values = hero_values(name, self.pack)
        if values is not None:
            for key, box in self.values.items():
                box.value = values[key]

    # -- showing ----------------------------------------------------------------------------

    def show_situation(self, stepper: StepperModel) -> None:
        """Refill the lists and the code from the model's situation."""
        situation = stepper.situation
        self._syncing = True
        try:
            self.monster.options = [
                (f"{f.letter}: {f.name} at {square_label(f.square)}", f.letter)
                for f in situation.monsters
            ]
            self.monster.value = stepper.monster
            self.remove_choice.options = [
                (f"{f.letter}: {f.name} ({f.kind})", f.letter) for f in situation.figures
            ]
            self.remove_choice.value = None
        finally:
            self._syncing = False
        self._code = situation.code
        self.code.value = self._code

    def show_stage(self, stepper: StepperModel) -> None:
        """Redraw the trace panel, the position, Back/Next and the tie list."""
        stage = stepper.current
        total = len(stepper.stages)
        self.trace.value = trace_html(stepper)
        self.position.value = (
            f'<span class="doria-stepper-count">Step {stepper.stage + 1} of {total}</span>'
            if total
            else ""
        )
        self.back.disabled = stage is None or stepper.stage == 0
        self.next.disabled = stage is None or stepper.stage + 1 >= total
        self.next_monster.disabled = not stepper.can_go_on
        options = stage.options if stage is not None else ()
        words = {f.letter: f.label for f in stepper.situation.figures}
        self.options.options = [(words.get(k) or square_label_of(k), k) for k in options]
        self.options.value = (
            stage.highlighted[0] if stage is not None and stage.kind == "choice" else None
        )
        self.options.disabled = not options
        self.choose.disabled = not options

    def show_status(self, text: str, *, problem: bool) -> None:
        """The status line (a problem is marked, and announced to screen readers)."""
        if problem:
            self.status.value = (
                f'<p class="doria-status-body doria-problem" role="alert">⚠ {escape(text)}</p>'
            )
        else:
            self.status.value = f'<p class="doria-status-body">{escape(text)}</p>'


def square_label_of(key: str) -> str:
    """``"(3, 2)"`` for the key ``"3,2"``."""
    x, y = key.split(",")
    return f"({x}, {y})"
