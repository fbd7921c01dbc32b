"""Moving a character: walking, jumping, swapping places, and what each move costs.

The movement actions of the *Action Phase*, on a :class:`~doria_nb.engine.dungeon.Dungeon`:

* **Walking** (*Walking (1 AP per square)*): 1 AP a step to an orthogonal neighbour, +1 AP onto
  difficult terrain (*Difficult Terrain*). A walker may pass through other characters but never
  stop on one, and never enters or passes a monster, a wall, a Hole or a closed door
  (*Occupied squares*). Walking never takes a character below 0 AP.
* **Jumping** (*Jumping (5 AP)*): in a straight line over one or more squares (Holes, other
  characters, difficult terrain, open ground; never a monster, a wall, Red Solid, Rubble or a
  closed door) onto a free square: 5 AP however far (+1 onto difficult terrain), Target Number
  10 per square covered, rolled after the whole movement (:func:`jump_check`). A jump needs at
  least 1 AP and may end below 0, but then the movement is over.
* **Swap Places** (*Swap Places (5 AP)*): with an adjacent character, who takes the mover's
  square; it may end a walk or a jump.
* **Carrying** an unconscious character doubles every cost (*Carry Characters (2 - 10 AP)*).

:func:`reachable` finds every square a character can end its movement on, each with its
cheapest :class:`Path` (fewest AP, then fewest jumps, then the lowest Target Numbers), and says
in words why any other square cannot be reached. :func:`check_path` verifies a route a player
chose; :func:`path_from` builds one from the squares clicked. Cases the rulebook leaves open
are decided in ``docs/rulings.md`` (entries M1 to M14) and quoted where applied.

>>> from doria_nb.engine.tiles import RoomTile
>>> corridor = Dungeon.start(RoomTile.from_map("T", "corridor", '''
... #######
... #..x..#
... #D#####
... '''))
>>> reach = reachable(corridor, Square(2, 1), 10)
>>> print(reach.path(Square(4, 1)))
jump 2 squares over a Hole (5 AP, TN 20): 5 AP
>>> reach.why_not(Square(3, 1))
'(3, 1) is a Hole: nobody can stand on it, but it can be jumped over.'

A jump costs 5 AP however far it goes, so the cheapest way to the far end is the longer jump,
at a higher Target Number; ``max_jump`` caps how far a jump may go (ruling M2):

>>> print(reach.path(Square(5, 1)))
jump 3 squares over a Hole and open ground (5 AP, TN 30): 5 AP
>>> print(reachable(corridor, Square(2, 1), 10, max_jump=2).path(Square(5, 1)))
jump 2 squares over a Hole (5 AP, TN 20), walk 1 square (1 AP): 6 AP
"""

# The package, one job a module: steps (Step, Path, the AP prices and rules between steps),
# board (the per-square rules for one mover), search (the cheapest-path search), reach
# (reachable and Reach), jumps (jump checks and odds), verify (path_from, check_path,
# can_move_to, path_to), mover (MovementBoard: one mover and the board around it, asking the
# others), doors (doors and Rubble).

from __future__ import annotations

from doria_nb.engine.dungeon import Dungeon  # noqa: F401 - the doctests above use it
from doria_nb.engine.geometry import Square  # noqa: F401 - the doctests above use it
from doria_nb.engine.movement.doors import can_clear_rubble, can_open_door, clear_rubble
from doria_nb.engine.movement.jumps import JumpResult, jump_check, jump_checks, jump_odds
from doria_nb.engine.movement.mover import MovementBoard
from doria_nb.engine.movement.reach import Reach, reachable
from doria_nb.engine.movement.steps import (
    CARRY_FACTOR,
    JUMP_AP,
    RUBBLE_AP,
    SIDESTEP_AP,
    SWAP_AP,
    TN_PER_SQUARE,
    WALK_AP,
    Path,
    Step,
    StepKind,
    move_cost,
)
from doria_nb.engine.movement.verify import can_move_to, check_path, path_from, path_to

__all__ = [
    "CARRY_FACTOR",
    "JUMP_AP",
    "RUBBLE_AP",
    "SIDESTEP_AP",
    "SWAP_AP",
    "TN_PER_SQUARE",
    "WALK_AP",
    "JumpResult",
    "MovementBoard",
    "Path",
    "Reach",
    "Step",
    "StepKind",
    "can_clear_rubble",
    "can_move_to",
    "can_open_door",
    "check_path",
    "clear_rubble",
    "jump_check",
    "jump_checks",
    "jump_odds",
    "move_cost",
    "path_from",
    "path_to",
    "reachable",
]
