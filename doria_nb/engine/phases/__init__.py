"""The phases of a round (*Phases Overview*), one module per phase.

* :mod:`~doria_nb.engine.phases.poison` — *Phase E: Poison*: :func:`poison_check`,
  :class:`PoisonResult`, :func:`apply_poison`, :func:`poison_monster`, :class:`PoisonError`.
* :mod:`~doria_nb.engine.phases.doom` — *Phase G: Doom Counter*: :class:`DoomCounter` and its
  moves with their triggers (Extra Activation, Monster Level Up), :func:`doom_steps`; the
  track itself is :data:`STARTER_DOOM_TRACK` (:mod:`~doria_nb.engine.phases.doom_track`).
* :mod:`~doria_nb.engine.phases.initiative` — *Phase C: Roll for Initiative*:
  :func:`initiative_phase`, :class:`InitiativePhase` and its Initiative Board
  (:class:`BoardGroup`).
* :mod:`~doria_nb.engine.phases.level_up` — *Phase H: Level Up* for one character:
  :func:`level_up_phase`, :class:`LevelUp`.
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
from doria_nb.engine.phases.initiative import (
    BoardGroup,
    InitiativePhase,
    InitiativePhaseError,
    Rolled,
    initiative_phase,
)
from doria_nb.engine.phases.level_up import (
    LevelUp,
    LevelUpError,
    level_up_phase,
    regeneration_points,
)
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
    "BoardGroup",
    "DoomCounter",
    "DoomMove",
    "DoomStep",
    "DoomSteps",
    "DoomTrack",
    "DoomTrigger",
    "ExtraActivation",
    "InitiativePhase",
    "InitiativePhaseError",
    "LevelUp",
    "LevelUpError",
    "MonsterLevelUp",
    "PoisonError",
    "PoisonResult",
    "Rolled",
    "SquareKind",
    "apply_poison",
    "count_doom_steps",
    "doom_steps",
    "initiative_phase",
    "level_up_phase",
    "poison_check",
    "poison_monster",
    "regeneration_points",
]
