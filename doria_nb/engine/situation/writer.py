"""Writing a situation in its canonical text: what :meth:`Situation.to_text` returns.

The canonical form lists the sections in their order, the markers by kind, the figures with
their values in a fixed order, and quotes a figure's name only when it would not read back
the same: ``Situation.from_text(s.to_text()) == s``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doria_nb.engine.cards import Marker
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.geometry import Rotation, Square, reading_order
from doria_nb.engine.situation.figure import Figure
from doria_nb.engine.situation.syntax import (
    _TOKEN_RE,
    MAP_ID,
    _default_treasures,
    _first_name_word,
    _next_name_word,
)
from doria_nb.engine.tiles import OPEN_CHAR

if TYPE_CHECKING:
    from doria_nb.engine.situation.model import Situation

__all__: list[str] = []


def _coords(square: Square) -> str:
    return f"{square.x},{square.y}"


def _is_map(dungeon: Dungeon) -> bool:
    if len(dungeon.tiles) != 1:
        return False
    placed = dungeon.tiles[0]
    tile = placed.tile
    return (
        tile.id == MAP_ID
        and placed.origin == Square(0, 0)
        and tile.rotation is Rotation.R0
        and not tile.legend
    )


def _write(situation: Situation) -> str:
    dungeon = situation.dungeon
    lines = [f"# {situation.title}"] if situation.title else []
    as_map = _is_map(dungeon)
    under: dict[str, str] = {}
    opened = set(dungeon.opened)
    if as_map:
        placed = dungeon.tiles[0]
        tile = placed.tile
        letters = {f.square: f for f in situation.figures if f.carried_by is None}
        # A figure on an unconscious hero's marker is drawn; the marker is written with 'at'.
        letters.update(
            {f.square: f for f in situation.figures if f.carried_by is None and not f.unconscious}
        )
        lines.append("map:")
        for y in range(tile.height):
            row = []
            for x in range(tile.width):
                square = Square(x, y)
                char = tile.char_at(square)
                if char == "D" and square in opened:
                    char = "/"
                    opened.discard(square)
                figure = letters.get(square)
                if figure is not None:
                    if char != (OPEN_CHAR if tile.on_edge(square) else "."):
                        under[figure.letter] = char
                    char = figure.letter
                row.append(char)
            lines.append("  " + "".join(row))
    else:
        lines.append("tiles:")
        for placed in dungeon.tiles:
            turn = placed.tile.rotation.degrees
            lines.append(
                f"  {placed.id} at {_coords(placed.origin)}" + (f" turned {turn}" if turn else "")
            )
    if opened:
        lines.append("open: " + " ".join(_coords(sq) for sq in sorted(opened, key=reading_order)))
    if dungeon.markers:
        groups: dict[Marker, list[Square]] = {}
        for square, marker in dungeon.markers:
            groups.setdefault(marker, []).append(square)
        entries = [
            f"{marker.value} " + " ".join(_coords(sq) for sq in groups[marker])
            for marker in Marker
            if marker in groups
        ]
        lines.append("markers: " + "; ".join(entries))
    if dungeon.treasures != _default_treasures(dungeon):
        squares = sorted(dungeon.treasures, key=reading_order)
        lines.append("treasures: " + (" ".join(_coords(sq) for sq in squares) or "none"))
    if situation.figures:
        lines.append("figures:")
        for figure in situation.figures:
            drawn = not as_map or letters.get(figure.square) is figure
            lines.append("  " + _figure_line(figure, as_map and drawn, under.get(figure.letter)))
    return "\n".join(lines)


def _figure_line(figure: Figure, as_map: bool, under: str | None) -> str:
    parts = [f"{figure.letter} = {figure.kind} {_name_text(figure.name)}"]
    parts += [f"{key} {value}" for key, value in figure.values]
    parts += sorted(figure.flags)
    if figure.carried_by is not None:
        parts.append(f"carried by {figure.carried_by}")
    elif not as_map:
        parts.append(f"at {_coords(figure.square)}")
    elif under is not None:
        parts.append(f"on {under}")
    return " ".join(parts)


def _name_text(name: str) -> str:
    """``name`` as written in a figure line: bare when it reads back the same, else quoted."""
    words = name.split(" ")
    bare = (
        " ".join(name.split()) == name
        and _TOKEN_RE.findall(name) == words
        and _first_name_word(words[0])
        and all(_next_name_word(w) for w in words[1:])
    )
    return name if bare else f'"{name}"'
