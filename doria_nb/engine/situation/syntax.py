"""What reading and writing a situation text share: its sections, its tokens, its words.

The section names, the id of the tile a ``map:`` is read into, how a line splits into tokens,
which words may make up a figure's name (so that the writer quotes a name the reader would
otherwise take for the rest of the line), and the treasures a text need not list.
"""

from __future__ import annotations

import re

from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.geometry import Square
from doria_nb.engine.situation.figure import _KEY_RE, FLAGS

__all__ = ["MAP_ID", "SECTIONS"]

MAP_ID = "MAP"
"""The id of the one room tile a ``map:`` section is read into."""

SECTIONS = ("map", "tiles", "open", "markers", "treasures", "figures")
"""The sections of a situation text, in the canonical order."""

_KEYWORDS = frozenset({"at", "on", "carried"})
_SQUARE_RE = re.compile(r"\(?\s*([+-]?\d{1,4})\s*,\s*([+-]?\d{1,4})\s*\)?")
_TOKEN_RE = re.compile(
    r'"[^"]*"?|\(\s*[+-]?\d+\s*,\s*[+-]?\d+\s*\)|[+-]?\d+\s*,\s*[+-]?\d+|[^\s"]+'
)


def _first_name_word(word: str) -> bool:
    return not (
        word in _KEYWORDS
        or word in FLAGS
        or _KEY_RE.fullmatch(word)
        or _SQUARE_RE.fullmatch(word)
        or word.startswith('"')
    )


def _next_name_word(word: str) -> bool:
    return (word[0].isupper() or word[0].isdigit()) and _first_name_word(word)


def _default_treasures(dungeon: Dungeon) -> frozenset[Square]:
    return frozenset(
        placed.to_table(square) for placed in dungeon.tiles for square in placed.tile.treasures
    )
