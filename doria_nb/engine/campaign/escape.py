"""*Escaping a campaign scenario*: leaving through the entrance when the dungeon is too much.

The group plays the current round to its end; then, if every conscious hero can reach the
scenario's entrance (the start Room Tile) and no triggered trap is still waiting to be
resolved, the scenario ends as an escape. Fights in progress do not matter: monsters do not
bar the way out (ruling CA4). Unconscious heroes are carried out by the others. A scenario whose
special rules say it cannot be escaped (the registered hook ``no_escape``) refuses.

The group may escape "at any time": it *declares* the escape whenever it likes
(the game's input :class:`~doria_nb.engine.table.actions.DeclareEscape`, recorded in the save
file and undone like any other input); the round is played on to its end, and as it ends
(after Phase I, once the scenario's own goals have been judged) the escape is carried out by
:func:`carry_out_declared_escape` — or, when a hero cannot reach the entrance or a trap is
still waiting, it fails in words and the declaration lapses: the group plays on and may
declare again (ruling CA8). :func:`escape` still takes an escape at once while the game waits
in Phase I (ruling CA4). The group keeps its XP and the Monster Points so far; what it keeps
of its cards is settled on the Campaign Sheet
(:func:`~doria_nb.engine.campaign.finish.after_scenario`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from doria_nb.engine.campaign.errors import CampaignError
from doria_nb.engine.movement.reach import reachable
from doria_nb.engine.sections import Section
from doria_nb.engine.table.ending import end_game
from doria_nb.engine.table.events import EscapeDeclared, EscapeFailed
from doria_nb.engine.table.records import IllegalAction, Phase
from doria_nb.engine.verdict import Verdict

__all__ = [
    "NO_ESCAPE_HOOK",
    "can_escape",
    "carry_out_declared_escape",
    "declare",
    "escape",
    "verify_declaration",
]

NO_ESCAPE_HOOK = "no_escape"
"""The special-rule hook of a scenario that cannot be escaped."""

_FAR = 10_000
"""AP standing for "as far as the way goes": only whether the entrance is reachable counts."""


def _reaches_entrance(state: Any, letter: str) -> bool:
    situation = state.situation
    dungeon = situation.dungeon
    fig = situation.figure(letter)
    if dungeon.tile_index(fig.square) == 0:
        return True
    if fig.buried:
        return False
    others = [f.square for f in situation.heroes if f.letter != letter and not f.unconscious]
    reach = reachable(dungeon, fig.square, _FAR, characters=others)
    return any(dungeon.tile_index(square) == 0 for square in reach.squares)


def _not_escapable(state: Any) -> str | None:
    """Why this game cannot be escaped at all (a Single Scenario, a ``no_escape`` scenario),
    or ``None``."""
    if state.campaign is None:
        return "Only a campaign scenario can be escaped; this is a Single Scenario."
    hooked = getattr(state.scenario, "hooked", None)
    if hooked is not None and hooked(NO_ESCAPE_HOOK):
        return f"{state.scenario} cannot be escaped (its scenario setup says so)."
    return None


def _way_blocked(state: Any) -> str | None:
    """Why the heroes cannot leave now (a triggered trap waiting, a hero who cannot reach
    the entrance), or ``None``."""
    if state.active_traps:
        return "A triggered trap must be resolved before the heroes can escape."
    stuck = [
        seat.name
        for seat in state.heroes.values()
        if not state.unconscious(seat.letter) and not _reaches_entrance(state, seat.letter)
    ]
    if stuck:
        return f"{', '.join(stuck)} cannot reach the entrance of the scenario."
    return None


def can_escape(game: Any) -> Verdict:
    """Whether the heroes of the campaign scenario ``game`` may escape now, and if not, why."""
    state = game.state
    reason = _not_escapable(state)
    if reason is not None:
        return Verdict.no(reason)
    if game.over:
        return Verdict.no("The scenario is over already.")
    if game.pending is not None:
        return Verdict.no("The players must first answer the question waiting for them.")
    if state.phase is not Phase.I:
        return Verdict.no(
            "An escape takes effect as a round ends: play the round to its end (the game waits "
            "in Phase I, the shop) and escape then, or declare it now for the round's end."
        )
    reason = _way_blocked(state)
    return Verdict.no(reason) if reason is not None else Verdict.yes()


def _end_as_escape(state: Any) -> None:
    state.campaign = replace(state.campaign, escaped=True, escape_declared=False)
    end_game(
        state,
        False,
        "the heroes escaped through the entrance",
        Section.ESCAPING_A_CAMPAIGN_SCENARIO,
    )


def escape(game: Any) -> None:
    """End the campaign scenario ``game`` as an escape now, at the end of its round; refused in
    words (nothing changes) when :func:`can_escape` says no.

    The escape is taken as the game's own inputs, so that a save file replays it: the group
    declares its escape and ends Phase I, the round ends, and the declaration is carried out
    (ruling CA8; a goal the round met still counts first)."""
    from doria_nb.engine.table.actions import DeclareEscape, EndPhase

    verdict = can_escape(game)
    if not verdict:
        raise CampaignError(verdict.reason)
    if not game.state.campaign.escape_declared:
        game.apply(DeclareEscape(""))
    game.apply(EndPhase(""))


def verify_declaration(state: Any) -> None:
    """Raise :class:`~doria_nb.engine.table.records.IllegalAction` in words unless the group
    may declare an escape now: a campaign scenario that can be escaped, and no escape
    declared already this round. (Whether the way out is free is judged at the round's end.)"""
    reason = _not_escapable(state)
    if reason is not None:
        raise IllegalAction(reason)
    if state.campaign.escape_declared:
        raise IllegalAction(
            "The group has declared its escape already: it is carried out as the round ends."
        )


def declare(state: Any) -> None:
    """The group declares its escape (see the module text)."""
    verify_declaration(state)
    state.campaign = replace(state.campaign, escape_declared=True)
    state.log.append(
        EscapeDeclared(
            Section.ESCAPING_A_CAMPAIGN_SCENARIO,
            f"The group declares its escape in round {state.round}: the round is played to its "
            "end, then the heroes leave if every conscious hero can reach the entrance.",
            round=state.round,
        )
    )


def carry_out_declared_escape(state: Any) -> None:
    """As the round ends: a declared escape ends the scenario, or fails in words and lapses
    (ruling CA8). Nothing happens when no escape was declared."""
    play = getattr(state, "campaign", None)
    if play is None or not play.escape_declared:
        return
    reason = _way_blocked(state)
    if reason is None:
        _end_as_escape(state)
        return
    state.campaign = replace(play, escape_declared=False)
    state.log.append(
        EscapeFailed(
            Section.ESCAPING_A_CAMPAIGN_SCENARIO,
            f"The escape fails at the end of round {state.round}: {reason} The declaration "
            "lapses; the group plays on and may declare its escape again.",
            round=state.round,
        )
    )
