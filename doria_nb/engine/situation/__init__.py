"""Situations: a whole board position (dungeon and figures) written as a short text.

A situation is what a group needs to settle a dispute or to rebuild one of the rulebook's
pictures: which tiles lie where, which doors are open, which markers are down, and who stands
where with how many Action Points. It is written by hand in a small text format
(``docs/situation-format.md`` is the contract), read with :meth:`Situation.from_text`, written
back in one canonical form with :meth:`Situation.to_text`, and shared as a one-line
:attr:`Situation.code`.

The dungeon is given in one of two ways. A ``map:`` draws the whole board as one room, with
the figures' letters standing on it; ``tiles:`` lays room tiles of a content pack (the starter
pack unless another is given), and the figures stand ``at`` table squares. Either way the
figures are declared under ``figures:``, one per line.

>>> situation = Situation.from_text('''
... # The Orc blocks the corridor
... map:
...   ###D####
...   #H..~o.#
...   #..$...#
...   ########
... figures:
...   H = hero Huntress AP 19 STR 7 AGI 10 HP 22
...   o = monster Orc AP 10 on ~
... ''')
>>> print(situation)
###D####
#H..~o.#
#..$...#
########
>>> situation.figure("Orc").square, situation.figure("H").ap
(Square(x=5, y=1), 19)
>>> situation.at(Square(1, 1)).name
'Huntress'
>>> bool(situation.line_of_sight("Huntress", "Orc"))
True
>>> print(situation.to_text())
# The Orc blocks the corridor
map:
  ###D####
  #H..~o.#
  #..$...#
  ########
figures:
  H = hero Huntress AP 19 HP 22 STR 7 AGI 10
  o = monster Orc AP 10 on ~
>>> Situation.from_code(situation.code) == situation
True
>>> situation.code.startswith("doria1:")
True

Positions are ``Square(x, y)``, written ``x,y``: ``x`` counts columns from the left, ``y`` rows
from the top, both from 0 (the map's top-left square is ``0,0``). Messages about the text count
lines and columns from 1, as an editor does.
"""

# The package, one job a module: figure (Figure, its flags and values), standing (where
# figures may stand), model (Situation), syntax (what reading and writing share), reader
# (from_text and its messages), writer (the canonical to_text), code (share codes), picture
# (the SVG drawing).

from __future__ import annotations

from doria_nb.engine.geometry import Square  # noqa: F401 - the doctests above use it
from doria_nb.engine.situation.code import CODE_PREFIX
from doria_nb.engine.situation.figure import FIGURE_LETTERS, FLAGS, Figure
from doria_nb.engine.situation.figure import KINDS as KINDS
from doria_nb.engine.situation.figure import Kind as Kind
from doria_nb.engine.situation.model import Situation
from doria_nb.engine.situation.standing import Where as Where
from doria_nb.engine.situation.syntax import MAP_ID, SECTIONS

__all__ = [
    "CODE_PREFIX",
    "FIGURE_LETTERS",
    "FLAGS",
    "MAP_ID",
    "SECTIONS",
    "Figure",
    "Situation",
]
