"""Health: Hit Points and Psi Points running low, unconsciousness, death, care and repair.

One package for the rulebook's health sections, each module one part of them:

* :mod:`~doria_nb.engine.health.condition`: the initiative roll of a hurt character,
  unconsciousness and death (*Hit Points, Initiative Points and Psi Points*,
  *Unconsciousness*, *Death of a Character*);
* :mod:`~doria_nb.engine.health.care`: healing, potions, the points an unconscious character
  recovers, and reviving;
* :mod:`~doria_nb.engine.health.repair`: what repairing damaged equipment costs, one's own or
  a companion's (*Repair Equipment*, *Repairing Equipment*).

The names a reader needs most are importable from here.
"""

from doria_nb.engine.health.care import (
    UNCONSCIOUS_RECOVERY,
    Healing,
    PotionUse,
    Revival,
    can_revive,
    drink_potion,
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
    "PotionUse",
    "RepairCost",
    "Revival",
    "can_revive",
    "check_death",
    "drink_potion",
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
