"""The round stepper's model: watch a real game, phase by phase (*Phases Overview*), bots at
the table, as plain state and intents (no widgets). The view
(:mod:`doria_nb.ui.round_stepper.view`) draws its :meth:`RoundModel.page`.

The model follows a :class:`~doria_nb.engine.game.game.Game`. The default policy
(:func:`~doria_nb.engine.game.bots.bot_action`) chooses every input; the stepper only decides
how far to let the game run and shows what happened:

* **Next phase** plays on until the next phase begins and shows the phase just played: its
  title and rulebook section, a sentence on what the phase is for, its events in words
  (:func:`~doria_nb.ui.game_views.phase_summary`), the Initiative Board and the board at its
  end. One input
  often plays several phases at once (the last hero action of Phase D runs the monsters,
  Phases E to H, and the next round up to its Phase D); those wait in a queue and Next phase
  shows them one by one before the game runs again.
* **Next action** (in Phase D) lets the hero whose marker is highest take one action, and says
  who acted, why it was that hero (the highest marker), what the action cost and the rule it
  followed.
* **Play to the end** plays the game out; **Back** shows the phase before.

The stepper records by subscribing to the game's event log, and keeps plain copies (frozen
records) of what it shows, because the game's state keeps changing. Phases played before it
watched (a new game has already set up and played Phases A to C of round 1) come from the
log; only the last of them has its boards.

>>> stepper = RoundModel(scenario="the_flooded_archive", heroes=("warrior", "mage"), seed=1)
>>> stepper.current.title
'Round 1 · Phase C: Roll for Initiative'
>>> stepper.next_phase().title
'Round 1 · Phase D: Action Phase'
>>> stepper.next_phase().title
'Round 1 · Phase E: Poison'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from textwrap import shorten
from typing import Any

from doria_nb.engine.events import Event
from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.table.events import ActionTaken, GameOver, PhaseBegan
from doria_nb.engine.table.records import Phase
from doria_nb.ui.game_views import ITEM, initiative_state, phase_summary
from doria_nb.ui.initiative_board.state import InitiativeBoardState, acts_next
from doria_nb.ui.initiative_board.words import describe_board
from doria_nb.ui.round_stepper.records import PhaseRecord

__all__ = ["MAX_INPUTS", "Page", "RoundModel"]

MAX_INPUTS = 20_000
"""The most inputs one button press plays (a safety net: a whole game takes a few hundred)."""


@dataclass(frozen=True, slots=True)
class Page:
    """What the stepper shows now: the ``record`` (its heading and events), a ``note`` on
    boards borrowed from a later phase, the Initiative Board ``board`` (naming the phase just
    played) and the ``situation`` to draw, the ``position`` among the phases seen, and the
    words of the last Next action (``step``, ``""`` when there is none)."""

    record: PhaseRecord
    note: str
    board: InitiativeBoardState
    situation: Situation
    position: str
    step: str


class RoundModel:
    """A game, phase by phase; see the module docstring.

    Build it from a ``game`` (it watches that game from now on) or from ``scenario``,
    ``heroes`` and ``seed`` (and ``options``). :attr:`records` are the phases seen so far
    (the last one may be in progress), :attr:`shown` the index of the one shown,
    :attr:`current` that record, :attr:`last_step` the words of the last Next action.
    """

    def __init__(
        self,
        game: Game | None = None,
        *,
        scenario: object = "the_flooded_archive",
        heroes: Sequence[str] = ("warrior", "mage", "ranger", "priestess"),
        seed: int = 0,
        options: RulesOptions | None = None,
    ) -> None:
        if game is None:
            game = Game.new(scenario, tuple(heroes), seed, options=options)
        self.game = game
        self.records: list[PhaseRecord] = []
        self.shown = 0
        self.last_step = ""
        self._live: list[Event] = []
        self._live_key: tuple[int, Phase | None] = (0, None)
        self._status = ""
        self._problem = False
        self._watched: Any = None
        self._watch()
        self.say(self._hint())

    # -- recording ---------------------------------------------------------------------------

    def _watch(self) -> None:
        """Split the game's log so far into phase records and follow it from now on."""
        state = self.game.state
        self._watched = state
        self.records = []
        self._live, self._live_key = [], (0, None)
        for event in state.log:
            if isinstance(event, PhaseBegan):
                self._close(board=None, situation=None)
                self._live_key = (event.round, Phase(event.phase))
            self._live.append(event)
            if isinstance(event, GameOver):
                self._close(board=None, situation=None)
                self._live_key, self._live = (state.round, Phase.OVER), [event]
        if self.records:
            last = self.records[-1]
            self.records[-1] = PhaseRecord(
                last.round,
                last.phase,
                last.events,
                initiative_state(self.game),
                self.game.situation,
            )
        self.shown = max(len(self.records) - 1, 0)
        state.log.subscribe(self._hear)

    def _catch_up(self) -> None:
        """Follow the game's new state after it rebuilt itself (answering a pending question
        replays the inputs): the log is split again and the boards already seen are kept."""
        if self.game.state is self._watched:
            return
        seen = {(r.round, r.phase, len(r.events)): r for r in self.records if r.board}
        shown = self.shown
        self._watch()
        for index, record in enumerate(self.records):
            old = seen.get((record.round, record.phase, len(record.events)))
            if old is not None and record.board is None:
                self.records[index] = old
        self.shown = min(shown, len(self.records))

    def _close(self, *, board: Any, situation: Any) -> None:
        """End the live phase as a record (skipped when nothing happened before round 1)."""
        round_, phase = self._live_key
        if self._live or phase is not None:
            self.records.append(
                PhaseRecord(round_, phase, tuple(self._live), board, situation, done=True)
            )
        self._live = []

    def _hear(self, event: Event) -> None:
        """The log listener: a phase beginning closes the one before, with plain copies of the
        Initiative Board and the position at that moment."""
        if self.game.state is not self._watched:
            return
        if isinstance(event, PhaseBegan):
            self._close(board=initiative_state(self.game), situation=self.game.situation)
            self._live_key = (event.round, Phase(event.phase))
        self._live.append(event)
        if isinstance(event, GameOver):
            self._close(board=initiative_state(self.game), situation=self.game.situation)
            self._live_key = (self.game.state.round, Phase.OVER)
            self._live = [event]

    def _live_record(self) -> PhaseRecord:
        round_, phase = self._live_key
        return PhaseRecord(
            round_,
            phase,
            tuple(self._live),
            initiative_state(self.game),
            self.game.situation,
            done=self.game.over,
        )

    # -- the public API ----------------------------------------------------------------------

    @property
    def status(self) -> str:
        """The status line in words: what just happened, or why a request changed nothing."""
        return self._status

    @property
    def problem(self) -> bool:
        """Whether :attr:`status` says why a request changed nothing."""
        return self._problem

    @property
    def watched(self) -> Any:
        """The game state whose log the model follows (the game rebuilds its state when a
        question is answered; the model follows the new one)."""
        return self._watched

    @property
    def current(self) -> PhaseRecord:
        """The record shown (the live phase when :attr:`shown` is past the last record)."""
        if self.shown < len(self.records):
            return self.records[self.shown]
        return self._live_record()

    def back(self) -> PhaseRecord:
        """Show the phase before; at the first one, say so and stay."""
        if self.shown == 0:
            self.refuse("This is the first phase the stepper has.")
        else:
            self.shown = min(self.shown, len(self.records)) - 1
            self.last_step = ""
            self.say(self._hint())
        return self.current

    def next_phase(self) -> PhaseRecord:
        """Show the next phase: one already played, else play on (bots choosing every input)
        until the next phase begins, and show the phase just played."""
        self.last_step = ""
        if self.shown + 1 < len(self.records):
            self.shown += 1
            self.say(self._hint())
            return self.current
        if self.game.over:
            self.shown = len(self.records)
            self.refuse(f"The game is over. {self.game.result.explain()}")
            return self.current
        before = len(self.records)
        played = self._run(lambda: len(self.records) > before)
        self.shown = before if len(self.records) > before else len(self.records)
        self.say(f"{played} input(s) played by the bots. {self._hint()}")
        return self.current

    def next_action(self) -> PhaseRecord:
        """In Phase D: the hero the game waits for takes one action (the bots' choice); the
        page shows Phase D so far and :attr:`last_step` says who acted, why and by which
        rule."""
        if self.shown + 1 < len(self.records):
            self.refuse("Phases already played are waiting: press Next phase to catch up first.")
            return self.current
        if self.game.over:
            self.refuse(f"The game is over. {self.game.result.explain()}")
            return self.current
        if self.game.phase is not Phase.D:
            self.refuse(
                f"Next action steps through {Section.PHASE_D}; the game is in "
                f"{self.game.phase.title}: press Next phase."
            )
            return self.current
        while self.game.pending is not None:  # a question left open by whoever played last
            self._input()
        board = initiative_state(self.game)
        who = self.game.turn[0]
        marker = board.marker(who)
        tied = [m.label for m in acts_next(board) if m.key != who]
        before_records, before_events = len(self.records), len(self._live)
        self._input()
        while self.game.pending is not None:
            self._input()
        if len(self.records) > before_records:
            events = list(self.records[before_records].events)[before_events:]
        else:
            events = self._live[before_events:]
        self.last_step = _step_words(marker.label, marker.ap, tied, events)
        self.shown = len(self.records) if len(self.records) == before_records else before_records
        if len(self.records) > before_records:
            self.say("That was the last hero action: Phase D is over. Press Next phase.")
        else:
            self.say(self._hint())
        return self.current

    def play_to_end(self) -> PhaseRecord:
        """Play the game out and show its last phase (Back steps through all of them)."""
        if not self.game.over:
            self._run(lambda: False)
        self.last_step = ""
        self.shown = len(self.records)
        result = self.game.result
        words = result.explain() if result else "The game did not end."
        self.say(f"{words} {len(self.records)} phases recorded: press Back to look at them.")
        return self.current

    def describe(self) -> str:
        """The page in words: title, rule, events, the last step, the Initiative Board."""
        page = self.page()
        record = page.record
        parts = [record.title, f"Rulebook: {record.rule}. {record.words}"]
        if self.last_step:
            parts.append(self.last_step)
        parts += record.lines()
        parts.append(describe_board(page.board))
        return "\n".join(parts)

    def page(self) -> Page:
        """What to show now: the record shown, with the boards at its end (those of the first
        later phase that has them, for phases played before the stepper watched)."""
        record = self.current
        note = ""
        board_state, situation = record.board, record.situation
        if board_state is None or situation is None:
            later = next(
                (r for r in self.records[self.shown :] if r.board is not None),
                self._live_record(),
            )
            board_state, situation = later.board, later.situation
            note = (
                "Played before the stepper watched the game: the boards show the end of "
                f"{later.title}."
            )
        assert board_state is not None and situation is not None
        total = len(self.records) + (0 if self.game.over else 1)
        position = (
            f"Phase {min(self.shown, total - 1) + 1} of {total} seen · round {self.game.round}"
        )
        shown = _as_shown(board_state, record)
        return Page(record, note, shown, situation, position, self.last_step)

    # -- working -----------------------------------------------------------------------------

    def _run(self, done: Callable[[], bool]) -> int:
        """Apply the bots' inputs until ``done()`` or the game ends; the count played. A
        question the game leaves to the players gets its first option."""
        played = 0
        while not self.game.over and not done() and played < MAX_INPUTS:
            self._input()
            played += 1
        return played

    def _input(self) -> None:
        if self.game.pending is not None:
            self.game.decide(self.game.pending.choice.keys[0])
        else:
            self.game.apply(bot_action(self.game))
        self._catch_up()

    def _hint(self) -> str:
        if self.game.over and self.shown >= len(self.records) - 1:
            return f"The game is over. {self.game.result.explain()}"
        if self.shown + 1 < len(self.records):
            return "Press Next phase to see the next phase already played."
        if self.game.phase is Phase.D:
            return (
                "Now in Phase D: press Next action for one hero action at a time, "
                "or Next phase to play the phase out."
            )
        return f"Press Next phase to play on ({self.game.phase.title} comes next)."

    def say(self, text: str) -> None:
        """Put ``text`` on the status line."""
        self._status, self._problem = text, False

    def refuse(self, text: str) -> None:
        """Say why a request changed nothing."""
        self._status, self._problem = text, True


def _as_shown(board: InitiativeBoardState, record: PhaseRecord) -> InitiativeBoardState:
    """The Initiative Board of a phase just played names that phase, and the next one the
    game moves to, so the board's phase line never contradicts the page's heading.

    The board of a record is the one at the moment the next phase began, so on its own it
    would name the next phase while the heading names the phase just played.
    """
    if not record.done or record.phase in (None, Phase.OVER):
        return board
    after = board.phase if board.phase and board.phase != record.phase.title else ""
    words = f"end of {record.phase.title}" + (f" · next: {after}" if after else "")
    return replace(board, phase=words)


def _step_words(label: str, ap: int, tied: list[str], events: list[Event]) -> str:
    """Who acted in a Next action, why that hero, and what followed with its rules."""
    why = f"{label} acts: on {ap} AP, the highest marker ({Section.PHASE_D})"
    if tied:
        why += f"; tied with {', '.join(tied)}, the players chose {label}"
    lines = [why + "."]
    taken = [e for e in events if isinstance(e, ActionTaken)]
    if taken:
        first = taken[0]
        lines.append(f"The action: {first.describe()}; rule: {first.rule}.")
        if first.ap[1] <= 0 < first.ap[0]:
            lines.append(
                f"Its marker ends on {first.ap[1]} AP: a last action may take it below 0 "
                "(it rests on the gray 0 square)."
            )
    rest = [
        shorten(line, 140, placeholder=" …")
        for line in phase_summary([e for e in events if e not in taken[:1]])
        if line.startswith(ITEM)
    ]
    if rest:
        lines.append("What followed (the details are under What happened):")
        lines += rest
    return "\n".join(lines)
