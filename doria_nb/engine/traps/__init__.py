"""Traps: drawn, sprung, lasting and disarmed (*Traps and Secret Doors*, *Dungeon Markers*,
*Critical Trap Rolls*, *Phase F: Special Actions*).

One package for the rulebook's trap rules, each module one part of them:

* :mod:`~doria_nb.engine.traps.resolve`: the moment a trap is drawn: whom it strikes, each
  victim's check, what follows;
* :mod:`~doria_nb.engine.traps.lasting`: traps that seal a room or hold a character, what they
  do each Phase F, disarming them, and applying any trap's results to the characters;
* :mod:`~doria_nb.engine.traps.armor`: the one armor that takes a trap's damage (ruling TR7);
* :mod:`~doria_nb.engine.traps.records`: the frozen records all of them return;
* :mod:`~doria_nb.engine.traps.play`: their results applied to a game's state: Hit Points,
  Poison Markers, markers, the trap that lasts, the reward; the Phase F round and disarming.

The facade re-exports the pure part; the game half is read as ``doria_nb.engine.traps.play``
(a trap that opens a Secret Door explores through :mod:`doria_nb.engine.game`, so importing it
here would make every import of the trap rules load the game).
"""

from doria_nb.engine.traps.armor import TrapArmor, armor_for_trap
from doria_nb.engine.traps.lasting import (
    Disarm,
    TrapApplied,
    TrapRound,
    apply_markers,
    apply_trap,
    can_disarm,
    disarm,
    trap_phase_f,
)
from doria_nb.engine.traps.records import (
    ActiveTrap,
    CheckRole,
    Reward,
    TrapError,
    TrapPlan,
    TrapResolution,
    TrapVictims,
)
from doria_nb.engine.traps.resolve import resolve_trap, trap_plan, trap_victims

__all__ = [
    "ActiveTrap",
    "CheckRole",
    "Disarm",
    "Reward",
    "TrapApplied",
    "TrapArmor",
    "TrapError",
    "TrapPlan",
    "TrapResolution",
    "TrapRound",
    "TrapVictims",
    "apply_markers",
    "apply_trap",
    "armor_for_trap",
    "can_disarm",
    "disarm",
    "resolve_trap",
    "trap_phase_f",
    "trap_plan",
    "trap_victims",
]
