"""*Phase H: Level Up*: regeneration, the unconscious characters' rest, the heroes' levels,
bonuses and attribute raises (*Character Improvement*, *Hero and Monster Level*,
*Unconsciousness*).

* :mod:`~doria_nb.engine.level_up.rules`: Phase H for one character, pure: Regeneration and
  the unconscious character's recovery and choice to wake;
* :mod:`~doria_nb.engine.level_up.play`: Phase H on a game's state: the setup rewards, the
  level-up rounds, XP turned into Attribute Points, raises, waking and crawling free, and the
  scenario's healing hook.
"""

from doria_nb.engine.level_up.play import phase_h
from doria_nb.engine.level_up.rules import (
    LevelUp,
    LevelUpError,
    level_up_phase,
    regeneration_points,
)

__all__ = ["LevelUp", "LevelUpError", "level_up_phase", "phase_h", "regeneration_points"]
