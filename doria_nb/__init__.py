"""doria-nb: the interactive rulebook of the board game *Dungeons of Doria*.

The package is layered (see ``docs/architecture.md``):

* :mod:`doria_nb.engine` - the rules, pure Python and deterministic;
* :mod:`doria_nb.content` - data packs that feed the engine;
* :mod:`doria_nb.ui` - widgets and Bokeh views;
* :mod:`doria_nb.book` - what the chapter notebooks import.

A game is played with one import line: every name of :mod:`doria_nb.engine` is here too,
with :func:`starter_pack`, the book's content. The engine takes its pack as an argument and
never imports the content; this package, which Python runs before any module of
``doria_nb``, is where the layers are assembled: it names the starter pack as the engine's
default pack (:func:`doria_nb.engine.packs.use_default_pack` with
:func:`doria_nb.defaults.starter_default`), so a game started without a pack plays the book's
cards. The names and the pack load on first use, so ``import doria_nb`` stays cheap.

>>> from doria_nb import Game, Wait
>>> game = Game.new("the_flooded_archive", seed=7)
>>> game.can(Wait(game.turn[0], 1)).ok
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doria_nb import engine
from doria_nb.defaults import starter_default
from doria_nb.engine.lazy import lazy_attributes
from doria_nb.engine.packs import use_default_pack

if TYPE_CHECKING:
    from doria_nb.content import starter_pack
    from doria_nb.engine import *  # noqa: F403 - the engine's public names, listed in HOMES

__version__ = "0.1.0"

HOMES: dict[str, str] = {**engine.HOMES, "starter_pack": "doria_nb.content"}
"""Where each public name lives: the engine's, and the starter pack from the content."""

__all__ = ["starter_pack"]
__all__ += engine.__all__

__getattr__, __dir__ = lazy_attributes(__name__, HOMES)

use_default_pack(starter_default)
"""The layers assembled: a game started without a pack plays the book's starter pack."""
