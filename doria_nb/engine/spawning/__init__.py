"""Spawning: monsters coming onto the board, with their modifiers and the figure limit.

One package for the rulebook's spawning sections, each module one part of them:

* :mod:`~doria_nb.engine.spawning.icons`: a monster for each icon of a room tile just revealed
  (*Monster Icons on a Room Tile*, *Monster icon colors*, *No connection to the dungeon*);
* :mod:`~doria_nb.engine.spawning.draw`: drawing a monster with the modifiers before it
  (*Monster modifiers*, the optional *Limit Modifiers*), and the figure limit that turns a
  figure the box lacks into an Extra Activation (*Multiple monsters per monster icon*);
* :mod:`~doria_nb.engine.spawning.placement`: where the monsters of one icon stand (*Multiple
  monsters per monster icon*);
* :mod:`~doria_nb.engine.spawning.refill`: the refill at the stairs before an Extra Activation
  (*Phase G: Doom Counter*);
* :mod:`~doria_nb.engine.spawning.zombies`: Zombies multiplying (*Phase F: Special Actions*);
* :mod:`~doria_nb.engine.spawning.records`: what a spawn returns;
* :mod:`~doria_nb.engine.spawning.context`: what every spawn needs from the table, in one
  object the game state builds (:class:`SpawnContext`);
* :mod:`~doria_nb.engine.spawning.board`: letters, walking distances and trace words shared by
  the others.

The package builds on the monster AI (:mod:`doria_nb.engine.monster_ai`: the monster deck,
*Monster Order*, traces), never the other way round. The names a reader needs most are
importable from here.
"""

from doria_nb.engine.spawning.board import free_letters
from doria_nb.engine.spawning.context import SpawnContext
from doria_nb.engine.spawning.icons import spawn_monsters
from doria_nb.engine.spawning.placement import place_group
from doria_nb.engine.spawning.records import ExtraActivation, Spawned, SpawnResult
from doria_nb.engine.spawning.refill import entrance_squares, refill_at_entrance
from doria_nb.engine.spawning.zombies import ZombieRising, raise_zombies

__all__ = [
    "ExtraActivation",
    "SpawnContext",
    "SpawnResult",
    "Spawned",
    "ZombieRising",
    "entrance_squares",
    "free_letters",
    "place_group",
    "raise_zombies",
    "refill_at_entrance",
    "spawn_monsters",
]
