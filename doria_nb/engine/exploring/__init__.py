"""Exploring played on a game's state (*Revealing a Room Tile*, *Secret Doors*, *Dead Ends*).

The pure rules of laying a room tile are :mod:`doria_nb.engine.exploration`; this package is
their game half, below :mod:`doria_nb.engine.game` so that a trap opening a Secret Door
(:mod:`doria_nb.engine.traps.play`) explores without importing the game:

* :mod:`~doria_nb.engine.exploring.play`: the tiles drawn and laid (``explore``) and the
  monsters arriving on them (``arrive``);
* :mod:`~doria_nb.engine.exploring.secret_doors`: the Secret Door event card, a Secret Door
  opened by a trap, and the dead-end Secret Door.
"""

from doria_nb.engine.exploring.play import arrive, explore
from doria_nb.engine.exploring.secret_doors import dead_end, open_secret_door, play_event

__all__ = ["arrive", "dead_end", "explore", "open_secret_door", "play_event"]
