"""*Escaping a campaign scenario*: leaving through the entrance when the dungeon is too much.

The group plays the current round to its end; then, if every conscious hero can reach the
scenario's entrance (the start Room Tile) and no triggered trap is still waiting to be
resolved, the scenario ends as an escape. Fights in progress do not matter: monsters do not
bar the way out (ruling CA4). Unconscious heroes are carried out by the others. A scenario whose
special rules say it cannot be escaped (the registered hook ``no_escape``) refuses.

The escape is taken at the end of a round, when the game waits in Phase I (the shop): the
rulebook's "play until the end of the current round". The group keeps its XP and the Monster
Points so far; what it keeps of its cards is settled on the Campaign Sheet
(:func:`~doria_nb.engine.campaign.finish.after_scenario`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from doria_nb.engine.campaign.errors import CampaignError
from doria_nb.engine.game.game_end import end_game
from doria_nb.engine.game.records import Phase
from doria_nb.engine.movement.reach import reachable
from doria_nb.engine.sections import Section
from doria_nb.engine.verdict import Verdict

__all__ = ["NO_ESCAPE_HOOK", "can_escape", "escape"]

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


def can_escape(game: Any) -> Verdict:
    """Whether the heroes of the campaign scenario ``game`` may escape now, and if not, why."""
    state = game.state
    if state.campaign is None:
        return Verdict.no("Only a campaign scenario can be escaped; this is a Single Scenario.")
    if game.over:
        return Verdict.no("The scenario is over already.")
    hooked = getattr(state.scenario, "hooked", None)
    if hooked is not None and hooked(NO_ESCAPE_HOOK):
        return Verdict.no(f"{state.scenario} cannot be escaped (its scenario setup says so).")
    if game.pending is not None:
        return Verdict.no("The players must first answer the question waiting for them.")
    if state.phase is not Phase.I:
        return Verdict.no(
            "An escape takes effect as a round ends: play the round to its end (the game waits "
            "in Phase I, the shop) and escape then."
        )
    if state.active_traps:
        return Verdict.no("A triggered trap must be resolved before the heroes can escape.")
    stuck = [
        seat.name
        for seat in state.heroes.values()
        if not state.unconscious(seat.letter) and not _reaches_entrance(state, seat.letter)
    ]
    if stuck:
        return Verdict.no(f"{', '.join(stuck)} cannot reach the entrance of the scenario.")
    return Verdict.yes()


def escape(game: Any) -> None:
    """End the campaign scenario ``game`` as an escape; refused in words (nothing changes)
    when :func:`can_escape` says no."""
    verdict = can_escape(game)
    if not verdict:
        raise CampaignError(verdict.reason)
    state = game.state
    state.campaign = replace(state.campaign, escaped=True)
    end_game(
        state,
        False,
        "the heroes escaped through the entrance",
        Section.ESCAPING_A_CAMPAIGN_SCENARIO,
    )
