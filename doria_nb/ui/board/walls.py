"""Walls and doors drawn as walls and doors: the edges walls present to open ground, and each
door as a leaf on its tile's edge.

A wall square is already dark and hatched (:mod:`doria_nb.ui.board.layers`); here every edge
between a wall-like square (*Walls*: Wall, Red Solid, the stairwell) and a square a figure
could stand on becomes a thick line, so rooms read as rooms. A door (*Revealing a Room Tile*,
*Dungeon Markers*) is a leaf on the outer edge of its door square, and its shape says its
state without colour:

* **closed** (joined to another tile, not opened yet) — a solid orange leaf along the edge;
* **unexplored** (the empty table behind it) — the same leaf with a dashed frame, plus the
  arrow glyph pointing to the unknown;
* **open** — the leaf swung into the room, across the door square's side;
* **blocked** (a Blocked Door marker) — a black leaf, and the ⊠ glyph;
* **walled up** (another tile's wall behind it) — a leaf in wall grey, and the # glyph.

>>> from doria_nb.content.loader import starter_pack
>>> a1 = Dungeon.start(starter_pack().tile("A-1"))
>>> doors = door_columns(a1)
>>> doors["state"], doors["top"][0], doors["bottom"][0]
(['unexplored', 'unexplored', 'unexplored'], 0.0, 0.2)
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.dungeon import Dungeon, DungeonDoor
from doria_nb.engine.geometry import Direction, Square
from doria_nb.ui.board.layers import Columns
from doria_nb.ui.board.style import CLOSED_FILL, OKABE_ITO

__all__ = ["DOOR_COLUMNS", "DOOR_LOOKS", "WALL_COLUMNS", "DoorLook", "door_columns", "wall_columns"]

WALL_COLUMNS = ("xs", "ys", "alpha")
DOOR_COLUMNS = ("left", "right", "top", "bottom", "fill", "line", "dash", "alpha", "state")


@dataclass(frozen=True, slots=True)
class DoorLook:
    """How a door of one state is drawn: fill, frame colour and dash, and whether its leaf
    is swung open into the room."""

    fill: str
    line: str
    dash: str = "solid"
    swung: bool = False


DOOR_LOOKS = {
    "closed": DoorLook(OKABE_ITO["orange"], "#000000"),
    "unexplored": DoorLook(OKABE_ITO["orange"], "#000000", "dashed"),
    "open": DoorLook(OKABE_ITO["orange"], "#000000", swung=True),
    "blocked": DoorLook("#000000", "#000000"),
    "walled up": DoorLook(CLOSED_FILL, "#000000"),
}
"""Door looks by :attr:`DungeonDoor.state`."""

_DEPTH = 0.2
"""A shut leaf's depth into its square."""


def _solid(dungeon: Dungeon, square: Square) -> bool | None:
    """Whether a square is wall-like (``None`` off the dungeon)."""
    content = dungeon.content(square)
    if content is None:
        return None
    return content.terrain.wall_like


def wall_columns(dungeon: Dungeon, alpha: float = 1.0) -> Columns:
    """One line per edge between a wall-like square and an open one of ``dungeon``."""
    data: Columns = {column: [] for column in WALL_COLUMNS}
    for square in dungeon.squares():
        if not _solid(dungeon, square):
            continue
        x, y = square.x, square.y
        for direction, (x0, y0, x1, y1) in (
            (Direction.N, (x, y, x + 1, y)),
            (Direction.S, (x, y + 1, x + 1, y + 1)),
            (Direction.W, (x, y, x, y + 1)),
            (Direction.E, (x + 1, y, x + 1, y + 1)),
        ):
            if _solid(dungeon, square.step(direction)) is False:
                data["xs"].append([x0, x1])
                data["ys"].append([y0, y1])
                data["alpha"].append(alpha)
    return data


def _leaf(door: DungeonDoor, swung: bool) -> tuple[float, float, float, float]:
    """``(left, right, top, bottom)`` of a door's leaf: along the outer edge of its square, or
    swung open across the square's side (from the hinge at the edge)."""
    u0, u1, v0, v1 = (0.0, 0.16, 0.0, 0.8) if swung else (0.06, 0.94, 0.0, _DEPTH)
    x, y = door.square.x, door.square.y
    side = door.side
    if side is Direction.N:
        xs, ys = (x + u0, x + u1), (y + v0, y + v1)
    elif side is Direction.S:
        xs, ys = (x + u0, x + u1), (y + 1 - v1, y + 1 - v0)
    elif side is Direction.W:
        xs, ys = (x + v0, x + v1), (y + u0, y + u1)
    else:
        xs, ys = (x + 1 - v1, x + 1 - v0), (y + u0, y + u1)
    return (round(xs[0], 4), round(xs[1], 4), round(ys[0], 4), round(ys[1], 4))


def door_columns(dungeon: Dungeon, alpha: float = 1.0) -> Columns:
    """One leaf per door of ``dungeon``, drawn by its state (:data:`DOOR_LOOKS`)."""
    data: Columns = {column: [] for column in DOOR_COLUMNS}
    for door in dungeon.doors():
        look = DOOR_LOOKS.get(door.state, DOOR_LOOKS["closed"])
        left, right, top, bottom = _leaf(door, look.swung)
        for column, value in (
            ("left", left),
            ("right", right),
            ("top", top),
            ("bottom", bottom),
            ("fill", look.fill),
            ("line", look.line),
            ("dash", look.dash),
            ("alpha", alpha),
            ("state", door.state),
        ):
            data[column].append(value)
    return data
