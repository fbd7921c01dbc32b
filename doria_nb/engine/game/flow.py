"""The round, phase by phase (*Phases Overview*): everything the game does by itself between
the players' inputs.

:func:`advance` runs the phases in order until the players must act — a hero's turn in
Phase D, the shop in Phase I — or the game ends. Monsters act on their own when their marker
is highest; questions the rules leave to the players go to the :class:`Asker`.

The phases' bodies live in :mod:`round_phases` (A, B, C, E, F), :mod:`doria_nb.engine.doom.play`
(G) and :mod:`doria_nb.engine.level_up.play` (H); the end of the game in :mod:`game_end`.
"""

from __future__ import annotations

from collections.abc import Callable

from doria_nb.engine.decisions import Choice
from doria_nb.engine.doom.counter import doom_steps
from doria_nb.engine.doom.play import phase_g, run_doom_move
from doria_nb.engine.doom.play import phase_g as _phase_g  # noqa: F401 (tests)
from doria_nb.engine.game.hero_checks import next_up
from doria_nb.engine.game.round_phases import phase_a, phase_b, phase_c, phase_e, phase_f
from doria_nb.engine.level_up.play import phase_h
from doria_nb.engine.monster_activation.play import act_at_once, monsters_in_order
from doria_nb.engine.table.ending import end_game
from doria_nb.engine.table.events import PhaseBegan
from doria_nb.engine.table.game_end import check_end, scenario_end
from doria_nb.engine.table.records import Phase
from doria_nb.engine.table.state import GameState

__all__ = ["advance", "check_end", "doom_steps", "end_game", "run_doom_move"]

Asker = Callable[[Choice], str]


def advance(state: GameState, asker: Asker) -> None:
    """Run the game until the players must act or it is over."""
    while state.result is None:
        if state.phase is Phase.D:
            if _action_phase_step(state, asker):
                return
            if check_end(state):
                return
            continue
        if state.phase is Phase.I:
            if _shop_waits(state) and not state.shop_closed:
                return
            state.shop_closed = False
            _end_of_round(state)
            if state.result is not None:
                return
            state.phase = Phase.A
            continue
        phase = state.phase
        if phase is Phase.A:
            state.round += 1
            state.door_opened = False
        state.log.append(PhaseBegan(phase.rule, state.round, phase.value))
        _RUN[phase](state, asker)
        if check_end(state):
            return
        state.phase = _NEXT[phase]
        if state.phase in (Phase.D, Phase.I):
            state.log.append(PhaseBegan(state.phase.rule, state.round, state.phase.value))


def _action_phase_step(state: GameState, asker: Asker) -> bool:
    """One step of Phase D: ``True`` when a hero must act (the game waits for input). The
    highest marker goes (:func:`~doria_nb.engine.game.hero_checks.next_up`): heroes wait for
    the players, monsters tied on one value go by *Monster Order*, and with no marker left
    that can act (at least 1 AP; ruling GM10) the phase ends."""
    group = next_up(state) if state.result is None else None
    if group is not None and group.side == "character":
        return True
    if group is not None:
        first = monsters_in_order(state, list(group.names), asker)[0]
        act_at_once(state, first, asker)
        return False
    state.phase = Phase.E
    return False


def _shop_waits(state: GameState) -> bool:
    """Whether the shop still has a card on offer (Phase I waits for the players)."""
    shop = state.shop
    return shop is not None and any(slot is not None for slot in shop.slots)


def _end_of_round(state: GameState) -> None:
    """As the round ends: effects of the round wear off and the scenario's goals and losing
    conditions are judged (ruling SC1); then a declared escape is carried out or fails
    (ruling CA8), and heroes leaving go."""
    from doria_nb.engine.campaign.escape import carry_out_declared_escape
    from doria_nb.engine.effects_play import expire
    from doria_nb.engine.game.party import leave_now

    expire(state)
    scenario_end(state, round_ended=True)
    if state.result is None:
        carry_out_declared_escape(state)
    if state.result is None:
        leave_now(state)


_NEXT = {
    Phase.A: Phase.B,
    Phase.B: Phase.C,
    Phase.C: Phase.D,
    Phase.D: Phase.E,
    Phase.E: Phase.F,
    Phase.F: Phase.G,
    Phase.G: Phase.H,
    Phase.H: Phase.I,
    Phase.I: Phase.A,
}


_RUN: dict[Phase, Callable[[GameState, Asker], None]] = {
    Phase.A: phase_a,
    Phase.B: phase_b,
    Phase.C: phase_c,
    Phase.E: phase_e,
    Phase.F: phase_f,
    Phase.G: phase_g,
    Phase.H: phase_h,
}
