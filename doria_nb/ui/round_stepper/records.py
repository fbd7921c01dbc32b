"""What the round stepper records: :class:`PhaseRecord` is one phase of a game as the stepper
saw it, its events and plain copies of the Initiative Board and the situation at its end (the
game's state keeps changing; the record does not). :data:`PHASE_WORDS` says each phase in a
sentence of the book's own.

>>> from doria_nb.engine.table.records import Phase
>>> PhaseRecord(2, Phase.E, (), None, None, done=False).title
'Round 2 · Phase E: Poison (in progress)'
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.events import Event
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.table.records import Phase
from doria_nb.ui.game_views import phase_summary
from doria_nb.ui.initiative_board.state import InitiativeBoardState

__all__ = ["PHASE_WORDS", "PhaseRecord"]

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
