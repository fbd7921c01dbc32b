"""doria-nb: the interactive rulebook of the board game *Dungeons of Doria*.

The package is layered (see ``docs/architecture.md``):

* :mod:`doria_nb.engine` - the rules, pure Python and deterministic;
* :mod:`doria_nb.content` - data packs that feed the engine;
* :mod:`doria_nb.ui` - widgets and Bokeh views;
* :mod:`doria_nb.book` - what the chapter notebooks import.

A game is played with one import line: every name of :mod:`doria_nb.engine` is here too,
with :func:`starter_pack`, the book's content (the engine takes its pack as an argument and
falls back to this one). The names load on first use, so ``import doria_nb`` stays cheap.

>>> from doria_nb import Game, Wait
>>> game = Game.new("the_flooded_archive", seed=7)
>>> game.can(Wait(game.turn[0], 1)).ok
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doria_nb import engine
from doria_nb.engine.lazy import lazy_attributes

if TYPE_CHECKING:
    from doria_nb.content import starter_pack
    from doria_nb.engine import *  # noqa: F403 - the engine's public names, listed in HOMES

__version__ = "0.1.0"

HOMES: dict[str, str] = {**engine.HOMES, "starter_pack": "doria_nb.content"}
"""Where each public name lives: the engine's, and the starter pack from the content."""

__all__ = ["starter_pack"]
__all__ += engine.__all__

__getattr__, __dir__ = lazy_attributes(__name__, HOMES)
