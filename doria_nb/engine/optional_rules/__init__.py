"""The optional rules that need more than a switch (*Optional Rules*).

Which optional rules a group plays is :class:`~doria_nb.engine.options.RulesOptions`; most
of the twenty are a few lines where the rule they change is carried out. The ones with rules
of their own live here, one module each:

* :mod:`~doria_nb.engine.optional_rules.combat`: *Close Quarters Combat*, *Combat Modifiers*
  and *Dominance*, which change an attack on the board;
* :mod:`~doria_nb.engine.optional_rules.fate`: *Fate Points* and *Easier Overall Game*;
* :mod:`~doria_nb.engine.optional_rules.monsters`: *Monster Difficulty* and *Limit Modifiers*.
"""

from doria_nb.engine.optional_rules.combat import (
    LARGE_MONSTERS,
    SIZE_MODIFIERS,
    SMALL_MONSTERS,
    Size,
    attack_bonus,
    close_quarters,
    combat_modifiers,
    distance_modifier,
    dominance,
    higher_ground,
    monster_size,
)
from doria_nb.engine.optional_rules.fate import (
    FatePointsError,
    FatePool,
    fate_reroll,
    fate_reroll_comparison,
    reroll,
    starting_bonus_picks,
)
from doria_nb.engine.optional_rules.monsters import (
    difficulty_note,
    limit_modifiers,
    monster_difficulty_stats,
    starting_monster_level,
)

__all__ = [
    "LARGE_MONSTERS",
    "SIZE_MODIFIERS",
    "SMALL_MONSTERS",
    "FatePointsError",
    "FatePool",
    "Size",
    "attack_bonus",
    "close_quarters",
    "combat_modifiers",
    "difficulty_note",
    "distance_modifier",
    "dominance",
    "fate_reroll",
    "fate_reroll_comparison",
    "higher_ground",
    "limit_modifiers",
    "monster_difficulty_stats",
    "monster_size",
    "reroll",
    "starting_bonus_picks",
    "starting_monster_level",
]
