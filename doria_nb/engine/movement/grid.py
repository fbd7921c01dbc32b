"""The dungeon's squares numbered, with what the searches ask of each, built tile by tile.

Every search of the engine (a hero's reach, a monster's moves, walking distances, the squares
a monster attacks from) runs on square numbers: the dungeon's own order of squares
(:meth:`~doria_nb.engine.dungeon.Dungeon.squares`, tile by tile, each tile in reading
order), so every placed tile holds a run of consecutive numbers. Per number they read what
the dungeon says of that square: whether a figure may stand there, whether a jump may pass
over it, whether it is a Hole, its extra AP, whether Rubble lies there, whether it lies along
a wall, and the numbers one step from it.

Asking the dungeon square by square for ~600 squares takes several milliseconds, paid again
on every new dungeon (a door opened, a marker placed or taken), and a monster's first
activation there waits for it. Yet almost all of it is printed on the tiles, which never
change: a square's terrain, and which squares are one step apart inside a tile (F-3's levels
and the passage under its bridge included).
:class:`~doria_nb.engine.tile_tables.TileTables` keeps that per turned tile, worked out as the
tile is placed; :func:`grid_tables` puts a dungeon's tables together from its tiles and then
asks the dungeon itself only what the tiles cannot tell:

* the steps across the edge between two tiles, from the squares of a tile's outer ring that
  are not walls (or hold a Secret Door): the dungeon's own rule,
  :func:`~doria_nb.engine.dungeon._edge_pair_open`, decides each;
* every door square and every square with a marker: :meth:`~.Dungeon.passable`,
  :meth:`~.Dungeon.jumpable`, :meth:`~.Dungeon.is_hole` and :meth:`~.Dungeon.marker` of the
  dungeon answer for them;
* whether a square lies along a wall, for the squares next to those, and for the ring squares
  whose own tile does not settle it.

:func:`plain_grid_tables` is the same tables asked square by square of the dungeon, the
reference: ``tests/unit/test_grid_tables.py`` checks that both agree on random dungeons with
markers, opened doors and Secret Doors.
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.cards import Marker
from doria_nb.engine.dungeon import Dungeon, _edge_pair_open
from doria_nb.engine.geometry import Square
from doria_nb.engine.tile_tables import AROUND as _AROUND
from doria_nb.engine.tile_tables import tile_tables

__all__ = ["GridTables", "grid_tables", "plain_grid_tables"]


@dataclass(slots=True)
class GridTables:
    """Per square number: what a dungeon says of that square (figures aside)."""

    squares: list[Square]
    index: dict[Square, int]
    passable: list[bool]
    jumpable: list[bool]
    holes: list[bool]
    extra: list[int]
    rubbles: list[bool]
    walls: list[bool]
    """Along a wall: one of the four squares next to it (by coordinates) is neither ground
    (a square a figure may stand on) nor a Hole, or lies off the dungeon."""
    neighbors: list[tuple[int, ...]]
    """The numbers of :meth:`~.Dungeon.neighbors`, in the same order."""
    opened: list[bool]
    """Open to a walk that ignores figures, doors and markers: a square a jump may pass
    over, a door, or a square with a marker."""


def plain_grid_tables(dungeon: Dungeon) -> GridTables:
    """The tables asked of the dungeon square by square: the reference for
    :func:`grid_tables`."""
    squares = list(dungeon.squares())
    index = {square: i for i, square in enumerate(squares)}
    passable = [dungeon.passable(sq) for sq in squares]
    holes = [dungeon.is_hole(sq) for sq in squares]
    walls = [
        any(not dungeon.passable(n) and not dungeon.is_hole(n) for n in sq.neighbors())
        for sq in squares
    ]
    jumpable = [dungeon.jumpable(sq) for sq in squares]
    return GridTables(
        squares=squares,
        index=index,
        passable=passable,
        jumpable=jumpable,
        holes=holes,
        extra=[dungeon.extra_ap(sq) for sq in squares],
        rubbles=[dungeon.marker(sq) is Marker.RUBBLE for sq in squares],
        walls=walls,
        neighbors=[tuple(index[n] for n in dungeon.neighbors(sq)) for sq in squares],
        opened=[
            bool(j or dungeon.door_square(sq) or dungeon.marker(sq))
            for j, sq in zip(jumpable, squares, strict=True)
        ],
    )


def grid_tables(dungeon: Dungeon) -> GridTables:
    """The same tables as :func:`plain_grid_tables`, put together from each tile's own
    tables, asking the dungeon only about tile edges, doors and markers."""
    squares = list(dungeon.squares())
    index = dict(zip(squares, range(len(squares)), strict=True))
    passable: list[bool] = []
    holes: list[bool] = []
    jumpable: list[bool] = []
    extra: list[int] = []
    walls: list[bool] = []
    neighbors: list[tuple[int, ...]] = []
    special: list[int] = []  # door squares and squares with a marker
    edges: list[tuple[int, int]] = []  # (number, its tile's first number): steps to settle
    ring: list[tuple[int, tuple[tuple[int, int], ...]]] = []  # (number, directions out)
    markers = dungeon._markers
    bases: list[int] = []
    base = 0
    for placed in dungeon.tiles:
        t = tile_tables(placed.tile)
        bases.append(base)
        passable += t.passable
        holes += t.holes
        jumpable += t.jumpable
        extra += t.extra
        walls += t.along
        add = base.__add__
        neighbors += [tuple(map(add, steps)) for steps in t.closed]
        special += map(add, t.doors)
        ring += [(base + j, out) for j, out in t.outward.items()]
        edges += [(base + j, base) for j in t.crossing]
        base += t.size
    owner = dungeon._owner
    for square, marker in markers.items():
        i = index[square]
        special.append(i)
        if marker is Marker.SECRET_DOOR:
            # A Secret Door on a wall of the ring may join the tile across it.
            tile_base = bases[owner[square]]
            t = tile_tables(dungeon.tiles[owner[square]].tile)
            if i - tile_base in t.ring and t.wall_like[i - tile_base]:
                neighbors[i] = tuple(map(tile_base.__add__, t.steps[i - tile_base]))
                edges.append((i, tile_base))
    changed: list[int] = []  # special squares whose ground is not the tile's own
    for i in special:
        square = squares[i]
        printed = jumpable[i]  # as the tile prints it: ground (floor or a Hole) or not
        passable[i] = dungeon.passable(square)
        holes[i] = dungeon.is_hole(square)
        jumpable[i] = dungeon.jumpable(square)
        if (passable[i] or holes[i]) != printed:
            changed.append(i)
    # Steps across the edge between two tiles, in the dungeon's own order (N, E, S, W).
    for i, tile_base in edges:
        square = squares[i]
        found = []
        for n in neighbors[i]:
            if n >= tile_base:
                found.append(n)
                continue
            dx, dy = _AROUND[tile_base - 1 - n]
            across = Square(square.x + dx, square.y + dy)
            if owner.get(across) is not None and _edge_pair_open(dungeon, square, across):
                found.append(index[across])
        neighbors[i] = tuple(found)
    # Along a wall: the tile's own answer holds unless a door or a marker made a square next
    # to it ground or not ground, or the square lies on the ring (then the squares across its
    # edge count).
    ground = [p or h for p, h in zip(passable, holes, strict=True)]

    def along(i: int) -> bool:
        square = squares[i]
        x, y = square.x, square.y
        for dx, dy in _AROUND:
            k = index.get(Square(x + dx, y + dy))
            if k is None or not ground[k]:
                return True
        return False

    for i, outward in ring:
        square = squares[i]
        for dx, dy in outward:
            k = index.get(Square(square.x + dx, square.y + dy))
            if k is None or not ground[k]:
                walls[i] = True
                break
    for i in changed:
        square = squares[i]
        for dx, dy in _AROUND:
            k = index.get(Square(square.x + dx, square.y + dy))
            if k is not None:
                walls[k] = along(k)
    rubbles = [False] * len(squares)
    opened = list(jumpable)
    for i in special:
        opened[i] = True
        if markers.get(squares[i]) is Marker.RUBBLE:
            rubbles[i] = True
    return GridTables(
        squares=squares,
        index=index,
        passable=passable,
        jumpable=jumpable,
        holes=holes,
        extra=extra,
        rubbles=rubbles,
        walls=walls,
        neighbors=neighbors,
        opened=opened,
    )
