"""Health: Hit Points and Psi Points running low, unconsciousness, death, care and repair.

One package for the rulebook's health sections, each module one part of them:

* :mod:`~doria_nb.engine.health.condition`: the initiative roll of a hurt character,
  unconsciousness and death (*Hit Points, Initiative Points and Psi Points*,
  *Unconsciousness*, *Death of a Character*);
* :mod:`~doria_nb.engine.health.care`: healing, the points an unconscious character recovers,
  and reviving (using a potion goes through the effects: :mod:`doria_nb.engine.potions`);
* :mod:`~doria_nb.engine.health.repair`: what repairing damaged equipment costs, one's own or
  a companion's (*Repair Equipment*, *Repairing Equipment*).

The names a reader needs most are importable from here.
"""

from doria_nb.engine.health.care import (
    UNCONSCIOUS_RECOVERY,
    Healing,
    Revival,
    can_revive,
    heal,
    recover_unconscious,
    revive,
)
from doria_nb.engine.health.condition import (
    DEATH_THRESHOLD,
    MAX_ACTION_POINTS,
    DeathCheck,
    InitiativeDice,
    InitiativeResult,
    check_death,
    initiative_dice,
    initiative_of,
    judge_initiative,
    roll_initiative,
)
from doria_nb.engine.health.repair import RepairCost, plan_repair, repair

__all__ = [
    "DEATH_THRESHOLD",
    "MAX_ACTION_POINTS",
    "UNCONSCIOUS_RECOVERY",
    "DeathCheck",
    "Healing",
    "InitiativeDice",
    "InitiativeResult",
    "RepairCost",
    "Revival",
    "can_revive",
    "check_death",
    "heal",
    "initiative_dice",
    "initiative_of",
    "judge_initiative",
    "plan_repair",
    "recover_unconscious",
    "repair",
    "revive",
    "roll_initiative",
]
