"""The Monster Phase played on a game's state (*Monster Activation*: *Monster Order*, *Target of
a Monster*, *Current initiative for monsters*; *Monster modifiers*).

The monster AI (:mod:`doria_nb.engine.monster_ai`) decides what a monster does; this package is
its game half, below :mod:`doria_nb.engine.game` so that the Doom Counter's Extra Activations
(:mod:`doria_nb.engine.doom.play`) and the monsters arriving on a revealed tile
(:mod:`doria_nb.engine.exploring`) make the monsters act without importing the game:

* :mod:`~doria_nb.engine.monster_activation.play`: the monsters' turns — coming onto the board
  (``register_spawn``), acting in order (``monsters_in_order``, ``activate_monster``, at once
  with ``act_at_once``), their AP on the board, levelling up, leaving it;
* :mod:`~doria_nb.engine.monster_activation.modifiers`: the monster modifiers at play (Venomous,
  Explosion, and Phase F's Necromancers and Regenerating monsters).
"""

from doria_nb.engine.monster_activation.modifiers import explode, modifiers_phase_f, venom
from doria_nb.engine.monster_activation.play import (
    act_at_once,
    activate_monster,
    board_ap,
    foe_for,
    level_up_monsters,
    monsters_in_order,
    register_spawn,
)

__all__ = [
    "act_at_once",
    "activate_monster",
    "board_ap",
    "explode",
    "foe_for",
    "level_up_monsters",
    "modifiers_phase_f",
    "monsters_in_order",
    "register_spawn",
    "venom",
]
