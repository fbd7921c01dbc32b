"""The phases of a round (*Phases Overview*), one module per phase.

* :mod:`~doria_nb.engine.phases.poison` — *Phase E: Poison*: :func:`poison_check`,
  :class:`PoisonResult`, :func:`apply_poison`, :func:`poison_monster`, :class:`PoisonError`.
* :mod:`~doria_nb.engine.phases.doom` — *Phase G: Doom Counter*: :class:`DoomCounter` and its
  moves with their triggers (Extra Activation, Monster Level Up), :func:`doom_steps`; the
  track itself is :data:`STARTER_DOOM_TRACK` (:mod:`~doria_nb.engine.phases.doom_track`).
"""

from doria_nb.engine.phases.doom import (
    DoomCounter,
    DoomMove,
    DoomStep,
    DoomSteps,
    DoomTrack,
    DoomTrigger,
    ExtraActivation,
    MonsterLevelUp,
    count_doom_steps,
    doom_steps,
)
from doria_nb.engine.phases.doom_track import HEAD, STARTER_DOOM_TRACK, SquareKind
from doria_nb.engine.phases.poison import (
    PoisonError,
    PoisonResult,
    apply_poison,
    poison_check,
    poison_monster,
)

__all__ = [
    "HEAD",
    "STARTER_DOOM_TRACK",
    "DoomCounter",
    "DoomMove",
    "DoomStep",
    "DoomSteps",
    "DoomTrack",
    "DoomTrigger",
    "ExtraActivation",
    "MonsterLevelUp",
    "PoisonError",
    "PoisonResult",
    "SquareKind",
    "apply_poison",
    "count_doom_steps",
    "doom_steps",
    "poison_check",
    "poison_monster",
]
