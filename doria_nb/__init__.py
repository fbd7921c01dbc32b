"""doria-nb: the interactive rulebook of the board game *Dungeons of Doria*.

The package is layered (see ``docs/architecture.md``):

* :mod:`doria_nb.engine` - the rules, pure Python and deterministic;
* :mod:`doria_nb.content` - data packs that feed the engine;
* :mod:`doria_nb.ui` - widgets and Bokeh views;
* :mod:`doria_nb.book` - what the chapter notebooks import.
"""

__version__ = "0.1.0"
