"""The game's side of the scenario hooks of :mod:`doria_nb.engine.scenario_kinds`: each
hook a scenario names is carried out at its named point of the standard rules (the
scenario's rules come first, *FAQ*), logged with the special rule's text.

* ``start_doom`` (``square``) — at setup, the Doom Counter marker starts on that square;
* ``doom_extra_steps`` (``steps``) — :func:`doom_extra_steps` adds them in every Phase G;
* ``phase_h_heal`` (``hp``) — :func:`phase_h_heal`: conscious heroes on the start tile
  regain Hit Points in every Phase H.
"""

from __future__ import annotations

from typing import Any

from doria_nb.engine.doom.counter import DoomCounter
from doria_nb.engine.sections import Section
from doria_nb.engine.table.events import Happened

__all__ = ["doom_extra_steps", "phase_h_heal", "setup_hooks"]


def _rules(state: Any, hook: str) -> tuple[Any, ...]:
    hooked = getattr(state.scenario, "hooked", None)
    return hooked(hook) if hooked is not None else ()


def setup_hooks(state: Any) -> None:
    """The hooks that change the set-up (*General Setup*)."""
    for rule in _rules(state, "start_doom"):
        square = int(dict(rule.params).get("square", 40))
        state.doom = DoomCounter(square, state.doom.track)
        state.log.append(Happened(Section.GENERAL_SETUP, rule.text))


def doom_extra_steps(state: Any) -> int:
    """The squares the scenario adds to this Phase G's move."""
    steps = 0
    for rule in _rules(state, "doom_extra_steps"):
        steps += int(dict(rule.params).get("steps", 1))
        state.log.append(Happened(Section.PHASE_G, rule.text))
    return steps


def phase_h_heal(state: Any) -> None:
    """Conscious heroes on the start tile regain the hook's Hit Points."""
    for rule in _rules(state, "phase_h_heal"):
        hp = int(dict(rule.params).get("hp", 1))
        dungeon = state.situation.dungeon
        for seat in state.heroes.values():
            fig = state.situation.figure(seat.letter)
            ch = seat.character
            if fig.unconscious or dungeon.tile_index(fig.square) != 0 or ch.hp >= ch.maximum.hp:
                continue
            ch.change_points(hp=hp, reason=rule.text)
            state.log.append(Happened(Section.PHASE_H, rule.text, seat.letter))
