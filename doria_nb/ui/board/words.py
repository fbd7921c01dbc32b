"""The board in words: :func:`board_text`, for screen readers and to read a position out.

>>> from doria_nb.content.loader import starter_pack
>>> from doria_nb.engine.geometry import Square
>>> from doria_nb.ui.board.layers import Token
>>> text = board_text(Dungeon.start(starter_pack().tile("A-1")), [Token(Square(4, 1), "W")])
>>> print(text.splitlines()[0])
A dungeon of 1 room tile.
>>> "- W (hero) at (4, 1)" in text
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.geometry import reading_order
from doria_nb.ui.board.layers import tokens_of
from doria_nb.ui.board.style import GLYPH_MEANINGS, square_label
from doria_nb.ui.board.tokens import token_name, token_values

__all__ = ["board_text"]


def board_text(dungeon: Dungeon, figures: Iterable[Any] = ()) -> str:
    """The board in words: the dungeon's description, the figures, the map and its legend."""
    lines = [dungeon.describe()]
    tokens = tokens_of(figures)
    if tokens:
        lines.append("Figures:")
        for token in sorted(tokens, key=lambda t: reading_order(t.square)):
            values = token_values(token)
            lines.append(
                f"- {token_name(token)} at {square_label(token.square)}"
                + (f": {values}" if values else "")
            )
    top_left, _ = dungeon.bounds
    lines.append(
        "Map, one character a square, rows from the top; its top-left character is square "
        f"{square_label(top_left)}:"
    )
    lines.append(str(dungeon))
    lines.append("Board glyphs: " + "; ".join(f"{k} {v}" for k, v in GLYPH_MEANINGS.items()))
    return "\n".join(lines)
