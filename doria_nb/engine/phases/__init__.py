"""The phases of a round (*Phases Overview*) that are one rule each, one module per phase.

The phases that are a whole concept of the rulebook have their own package: the shop
(Phases B and I, :mod:`doria_nb.engine.shop`), the Doom Counter (Phase G,
:mod:`doria_nb.engine.doom`), *Phase H: Level Up* (:mod:`doria_nb.engine.level_up`) and the
traps' Phase F (:mod:`doria_nb.engine.traps`). What is left here:

* :mod:`~doria_nb.engine.phases.initiative` — *Phase C: Roll for Initiative*:
  :func:`initiative_phase`, :class:`InitiativePhase` and its Initiative Board
  (:class:`BoardGroup`).
* :mod:`~doria_nb.engine.phases.poison` — *Phase E: Poison*: :func:`poison_check`,
  :class:`PoisonResult`, :func:`apply_poison`, :func:`poison_monster`, :class:`PoisonError`.
"""

from doria_nb.engine.phases.initiative import (
    BoardGroup,
    InitiativePhase,
    InitiativePhaseError,
    Rolled,
    initiative_phase,
)
from doria_nb.engine.phases.poison import (
    PoisonError,
    PoisonResult,
    apply_poison,
    poison_check,
    poison_monster,
)

__all__ = [
    "BoardGroup",
    "InitiativePhase",
    "InitiativePhaseError",
    "PoisonError",
    "PoisonResult",
    "Rolled",
    "apply_poison",
    "initiative_phase",
    "poison_check",
    "poison_monster",
]
