"""Plain view records of a game in progress: the Initiative Board now, a phase's story in words.

Pure functions, no widget: :func:`initiative_state` reads a
:class:`~doria_nb.engine.game.game.Game` and builds the
:class:`~doria_nb.ui.initiative_board.InitiativeBoardState` the
:class:`~doria_nb.ui.initiative_board.InitiativeBoard` draws (heroes by name, monsters by name
and letter, who acts next, the Doom Counter, the Round Marker, the Group XP);
:func:`phase_summary` turns a run of the game's events into lines a reader follows (*Phases
Overview*): one heading per phase, one bullet per action or happening, the dice and item
details indented under the action they belong to.

>>> from doria_nb.engine.game.game import Game
>>> game = Game.new("the_flooded_archive", ("warrior", "mage"), seed=1)
>>> state = initiative_state(game)
>>> state.round, state.phase, state.xp_per_point
(1, 'Phase D: Action Phase', 2)
>>> state.active in game.turn
True
>>> phase_summary(game.events)[-1]
'Round 1: Phase D: Action Phase'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from doria_nb.engine.events import DiceRolled, Event
from doria_nb.engine.game.hero_checks import next_up
from doria_nb.engine.table.events import ActionTaken, GameOver, Happened, PhaseBegan
from doria_nb.engine.table.records import Phase
from doria_nb.ui.initiative_board.state import BoardMarker, InitiativeBoardState

__all__ = ["DETAIL", "ITEM", "game_markers", "initiative_state", "phase_summary"]

ITEM = "• "
"""How a line of :func:`phase_summary` for an action or a happening starts."""

DETAIL = "    – "
"""How a detail line (a die roll, an item moved, points changed) starts."""


def _monster_label(seat: Any) -> str:
    return f"{seat.name} {seat.letter}"


def game_markers(game: Any) -> tuple[BoardMarker, ...]:
    """The Initiative Markers of ``game`` now: every hero (by name; unconscious ones, and those
    knocked out at this round's roll, off the track) and every monster with a marker on the
    board (a monster that spawned this round has none yet, *Phase C: Roll for Initiative*)."""
    state = game.state
    markers = [
        BoardMarker(
            seat.letter,
            seat.name,
            "hero",
            int(seat.ap),
            unconscious=bool(seat.out_this_round or state.unconscious(seat.letter)),
        )
        for seat in state.heroes.values()
    ]
    markers += [
        BoardMarker(seat.letter, _monster_label(seat), "monster", int(seat.ap), acted=seat.acted)
        for seat in state.monsters.values()
        if seat.ap is not None
    ]
    return tuple(markers)


def _active(game: Any) -> str | None:
    """Who acts next in Phase D, as the game orders it
    (:func:`~doria_nb.engine.game.hero_checks.next_up`: the hero the game waits for, else the
    highest monster still to act, which the game activates by itself); ``None`` outside
    Phase D."""
    state = game.state
    if state.phase is not Phase.D or state.result is not None:
        return None
    group = next_up(state)
    return None if group is None else group.names[0]


def initiative_state(game: Any) -> InitiativeBoardState:
    """The Initiative Board of ``game`` as it stands (a plain, frozen copy: the game may move
    on, the record does not). ``xp_per_point`` is what one Attribute Point costs
    ([PlayerCount], three times that in campaigns, *Character Improvement*)."""
    state = game.state
    markers = game_markers(game)
    return InitiativeBoardState(
        markers=markers,
        active=_active(game),
        doom=state.doom.square,
        doom_track=state.doom.track,
        round=state.round,
        door_opened=bool(state.door_opened),
        group_xp=state.group_xp.xp,
        xp_per_point=state.group_xp.cost,
        phase=state.phase.title,
    )


def _says_nothing(event: Event) -> bool:
    """Events whose words are only their class name (the character's points changed: the
    bullet of the action that changed them already says how)."""
    return event.describe() == f"{type(event).__name__} ({event.rule})"


def _lines(prefix: str, text: str) -> list[str]:
    rows = [row for row in text.splitlines() if row.strip()] or [""]
    indent = " " * len(prefix)
    return [prefix + rows[0], *(indent + row for row in rows[1:])]


def phase_summary(events: Iterable[Event]) -> list[str]:
    """The events in words, grouped: a heading for each phase begun (``Round 2: Phase E:
    Poison``), a bullet for each action taken or thing that happened (an action names its AP
    and the rule it follows), and under it, indented, the dice rolled and the items moved for
    it. Dice rolled just before an action (an attack rolls, then moves the marker) are shown
    under that action.

    >>> from doria_nb.engine.sections import Section
    >>> for line in phase_summary([
    ...     PhaseBegan(Section.PHASE_D, 1, "D"),
    ...     ActionTaken(Section.WAIT, "I", "Priestess waits 4 AP", (4, 0)),
    ... ]):
    ...     print(line)
    Round 1: Phase D: Action Phase
    • Priestess waits 4 AP (4 → 0 AP) [Wait]
    """
    lines: list[str] = []
    dice: list[str] = []

    def flush() -> None:
        for text in dice:
            lines.extend(_lines(DETAIL, text))
        dice.clear()

    for event in events:
        if _says_nothing(event):
            continue
        if isinstance(event, PhaseBegan):
            flush()
            lines.append(event.describe())
        elif isinstance(event, DiceRolled):
            dice.append(event.describe())
        elif isinstance(event, ActionTaken):
            lines.extend(_lines(ITEM, f"{event.describe()} [{event.rule}]"))
            flush()
        elif isinstance(event, (Happened, GameOver)):
            flush()
            lines.extend(_lines(ITEM, event.describe()))
        else:
            flush()
            lines.extend(_lines(DETAIL, event.describe()))
    flush()
    return lines
