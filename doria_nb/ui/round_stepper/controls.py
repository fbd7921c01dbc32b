"""The plain controls of the round stepper's view.

:class:`RoundControls` holds every ipywidget of
:class:`~doria_nb.ui.round_stepper.view.RoundStepper` except the two boards, wires the buttons
to the view's public methods and shows a page; :func:`page_html` is a record's heading and
events as HTML.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from doria_nb.ui.round_stepper.model import Page
from doria_nb.ui.round_stepper.records import PhaseRecord

__all__ = ["CSS_CLASSES", "RoundControls", "page_html"]

CSS_CLASSES = {
    "root": "doria-round-stepper",
    "back": "doria-round-back",
    "next_phase": "doria-round-next-phase",
    "next_action": "doria-round-next-action",
    "play_out": "doria-round-play-out",
    "position": "doria-round-position",
    "title": "doria-round-title",
    "events": "doria-round-events",
    "step": "doria-round-step",
    "status": "doria-status",
}
"""The stable CSS classes of the view's parts (for browser tests and styling)."""

_WIDE = {"description_width": "initial"}


def page_html(record: PhaseRecord, note: str) -> tuple[str, str]:
    """The heading (title, rule, sentence, note) and the events list of ``record``."""
    heading = (
        f'<h3 class="doria-round-heading">{escape(record.title)}</h3>'
        f'<p class="doria-round-rule">Rulebook: <i>{escape(str(record.rule))}</i> — '
        f"{escape(record.words)}</p>"
    )
    if note:
        heading += f'<p class="doria-round-note"><small>{escape(note)}</small></p>'
    rows = "".join(f"{escape(line)}\n" for line in record.lines())
    events = (
        "<details open><summary>What happened</summary>"
        '<pre style="white-space: pre-wrap; max-height: 22em; overflow-y: auto">'
        f"{rows}</pre></details>"
    )
    return heading, events


class RoundControls:
    """The stepper's plain widgets; see the module docstring."""

    def __init__(self) -> None:
        self.back = widgets.Button(
            description="Back", icon="arrow-left", tooltip="Show the phase before"
        )
        self.next_phase = widgets.Button(
            description="Next phase",
            icon="forward",
            tooltip="Play on to the start of the next phase and show the phase just played",
        )
        self.next_action = widgets.Button(
            description="Next action",
            icon="step-forward",
            tooltip="In Phase D: let the hero whose marker is highest take one action",
        )
        self.play_out = widgets.Button(
            description="Play to the end", icon="fast-forward", tooltip="Play the game out"
        )
        self.position = widgets.HTML()
        self.title = widgets.HTML()
        self.events = widgets.HTML()
        self.step = widgets.HTML()
        self.status = widgets.HTML()
        for name, widget in (
            ("back", self.back),
            ("next_phase", self.next_phase),
            ("next_action", self.next_action),
            ("play_out", self.play_out),
            ("position", self.position),
            ("title", self.title),
            ("events", self.events),
            ("step", self.step),
            ("status", self.status),
        ):
            widget.add_class(CSS_CLASSES[name])

    def layout(self, initiative: widgets.Widget, board: Any) -> list[widgets.Widget]:
        """The children of the stepper, top to bottom."""
        return [
            widgets.HBox(
                [self.back, self.next_phase, self.next_action, self.play_out, self.position]
            ),
            self.status,
            self.title,
            self.step,
            initiative,
            self.events,
            board.widget,
            board.description,
        ]

    def connect(self, stepper: Any, guard: Callable[[Callable[..., Any]], Any]) -> None:
        """Wire every button to the view ``stepper``'s public methods; ``guard`` shows a problem
        in the view instead of a traceback."""
        self.back.on_click(guard(lambda _: stepper.back()))
        self.next_phase.on_click(guard(lambda _: stepper.next_phase()))
        self.next_action.on_click(guard(lambda _: stepper.next_action()))
        self.play_out.on_click(guard(lambda _: stepper.play_to_end()))

    def show_page(self, page: Page) -> None:
        """Show the page's heading, events, last action and position."""
        self.title.value, self.events.value = page_html(page.record, page.note)
        self.step.value = (
            '<div class="doria-round-step-text" style="line-height: 1.4">'
            f"<b>Last action:</b> {_html(page.step)}</div>"
            if page.step
            else ""
        )
        self.position.value = f"<span>{escape(page.position)}</span>"

    def show_status(self, text: str, *, problem: bool) -> None:
        """The status line (a problem is marked in colour and with ⚠)."""
        colour = "#b00020" if problem else "inherit"
        self.status.value = (
            f'<p role="status" style="color: {colour}">{"⚠ " if problem else ""}{escape(text)}</p>'
        )


def _html(text: str) -> str:
    return "<br>".join(escape(line) for line in text.splitlines())
