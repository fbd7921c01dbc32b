"""The Doom Counter (*Phase G: Doom Counter*, *Hero and Monster Level*).

One package for the rulebook's Doom Counter, each module one part of it:

* :mod:`~doria_nb.engine.doom.track`: the track of the Initiative Board, its squares and their
  kinds, and the starter board's layout (ruling D1);
* :mod:`~doria_nb.engine.doom.counter`: the marker on its track, the steps of Phase G, and each
  move with the triggers it sets off (Extra Activation, Monster Level Up); pure values;
* :mod:`~doria_nb.engine.doom.play`: a move played on a game's state: Phase G, the monsters'
  level-ups and Extra Activations, the scenario's extra steps and start square.

The facade re-exports the pure part; the game half is read as ``doria_nb.engine.doom.play``
(it runs the Monster Phase of :mod:`doria_nb.engine.monster_activation`, so importing it here
would make every import of the counter load the game's state).
"""

from doria_nb.engine.doom.counter import (
    MAX_ROOM_TILES,
    DoomCounter,
    DoomMove,
    DoomStep,
    DoomSteps,
    DoomTrigger,
    ExtraActivation,
    MonsterLevelUp,
    count_doom_steps,
    doom_steps,
    doom_track_for,
)
from doria_nb.engine.doom.track import (
    HEAD,
    RED_38_36_34_DOOM_TRACK,
    STARTER_DOOM_TRACK,
    DoomTrack,
    SquareKind,
)

__all__ = [
    "HEAD",
    "MAX_ROOM_TILES",
    "RED_38_36_34_DOOM_TRACK",
    "STARTER_DOOM_TRACK",
    "DoomCounter",
    "DoomMove",
    "DoomStep",
    "DoomSteps",
    "DoomTrack",
    "DoomTrigger",
    "ExtraActivation",
    "MonsterLevelUp",
    "SquareKind",
    "count_doom_steps",
    "doom_steps",
    "doom_track_for",
]
