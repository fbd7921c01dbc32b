"""The records and the plain controls of the round stepper.

:class:`PhaseRecord` is one phase of a game as the stepper saw it: its events, and plain copies
of the Initiative Board and the situation at its end (the game's state keeps changing; the
record does not). :data:`PHASE_WORDS` says each phase in a sentence of the book's own.
:class:`RoundControls` holds every ipywidget of :class:`~doria_nb.ui.round_stepper.RoundStepper`
except the two boards, and wires the buttons to the stepper's public methods.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

from doria_nb.engine.events import Event
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.table.records import Phase
from doria_nb.ui.game_views import phase_summary
from doria_nb.ui.initiative_board import InitiativeBoardState

__all__ = ["CSS_CLASSES", "PHASE_WORDS", "PhaseRecord", "RoundControls"]

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

PHASE_WORDS: dict[Phase | None, str] = {
    None: "Before the first round the heroes draw their starting cards and equip them.",
    Phase.A: "The Round Marker moves up one square and shows its plain side again.",
    Phase.B: "The shop is filled up to three cards, one from each loot deck.",
    Phase.C: "Every hero rolls initiative: the dice plus IP give the AP of the round; "
    "monsters that survived a round get a marker at their AP value.",
    Phase.D: "The highest marker acts, pays the AP of its action and acts again when it is "
    "highest again; monsters act when theirs is highest.",
    Phase.E: "Poisoned heroes check CON + WIS + 2D; poisoned monsters lose 1 HP a marker.",
    Phase.F: "Special actions: monster modifiers, traps, multiplying Zombies, the scenario.",
    Phase.G: "The Doom Counter moves one square per tile with a hero on it, one more if no "
    "door was opened; red and orange squares set off monster activations and levels.",
    Phase.H: "Group XP become Attribute Points, hero level bonuses, unconscious heroes recover.",
    Phase.I: "The heroes may trade cards for shop cards and discard the ones nobody wants; "
    "a trap blocks its slot until it is paid for.",
    Phase.OVER: "The game is over.",
}
"""Each phase in one sentence of the book's own (the rulebook's section has the details)."""


@dataclass(frozen=True, slots=True)
class PhaseRecord:
    """One phase of round ``round`` (``phase`` ``None``: the setting up before round 1) with
    its ``events``; ``board`` and ``situation`` are the Initiative Board and the position at
    its end (``None`` for phases played before the stepper watched the game); ``done`` is
    whether the phase is over (otherwise: in progress, so far)."""

    round: int
    phase: Phase | None
    events: tuple[Event, ...]
    board: InitiativeBoardState | None
    situation: Situation | None
    done: bool = True

    @property
    def rule(self) -> Section:
        """The rulebook section of the phase."""
        return Section.PREPARING_CHARACTERS if self.phase is None else self.phase.rule

    @property
    def title(self) -> str:
        """``Round 2 · Phase E: Poison`` (and ``(in progress)`` while it runs)."""
        if self.phase is None:
            return "Before round 1 · Setting up"
        if self.phase is Phase.OVER:
            return f"Round {self.round} · The game is over"
        title = f"Round {self.round} · {self.phase.title}"
        return title if self.done else f"{title} (in progress)"

    @property
    def words(self) -> str:
        """The phase in one sentence (:data:`PHASE_WORDS`)."""
        return PHASE_WORDS[self.phase]

    def lines(self) -> list[str]:
        """What happened, in words (:func:`~doria_nb.ui.game_views.phase_summary`)."""
        return phase_summary(self.events) or ["Nothing happened in this phase."]


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
        """Wire every button to ``stepper``; ``guard`` shows a problem in the view instead of a
        traceback."""
        self.back.on_click(guard(lambda _: stepper.back()))
        self.next_phase.on_click(guard(lambda _: stepper.next_phase()))
        self.next_action.on_click(guard(lambda _: stepper.next_action()))
        self.play_out.on_click(guard(lambda _: stepper.play_to_end()))

    def show_status(self, text: str, *, problem: bool) -> None:
        colour = "#b00020" if problem else "inherit"
        self.status.value = (
            f'<p role="status" style="color: {colour}">{"⚠ " if problem else ""}{escape(text)}</p>'
        )
