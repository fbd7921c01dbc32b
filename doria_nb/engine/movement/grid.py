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
and the passage under its bridge included). :class:`_TileTables` keeps that per turned tile;
:func:`grid_tables` puts a dungeon's tables together from its tiles and then asks the dungeon
itself only what the tiles cannot tell:

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

import functools
from dataclasses import dataclass

from doria_nb.engine.cards import Marker
from doria_nb.engine.dungeon import Dungeon, _edge_pair_open
from doria_nb.engine.geometry import Square
from doria_nb.engine.kept import Kept
from doria_nb.engine.tiles import RoomTile, Terrain

__all__ = ["GridTables", "grid_tables", "plain_grid_tables"]

_AROUND = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""The four orthogonal neighbours in the order of :meth:`Square.neighbors`: N, E, S, W."""


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


_PASSABLE = {t: t.walkable and t is not Terrain.DOOR for t in Terrain}
"""A figure may stand on the terrain as printed (a door stands closed on the tile alone)."""
_EXTRA = {t: t.extra_ap for t in Terrain}
_WALL_LIKE = {t: t.wall_like for t in Terrain}


@functools.lru_cache(maxsize=64)
def _rectangle(
    width: int, height: int
) -> tuple[list[tuple[int, int, int, int]], frozenset[int], dict[int, tuple[int, ...]]]:
    """For a tile of ``width`` × ``height`` squares numbered in reading order: the four
    squares around each, N, E, S, W (``-1 - d`` across the tile's edge), the squares of the
    outer ring, and for those the squares around them inside the tile. The same for every
    tile of that size; shared, never changed."""
    size, last = width * height, width - 1
    around = [
        (
            j - width if j >= width else -1,
            j + 1 if j % width != last else -2,
            j + width if j < size - width else -3,
            j - 1 if j % width else -4,
        )
        for j in range(size)
    ]
    ring = frozenset(j for j, four in enumerate(around) if min(four) < 0)
    return around, ring, {j: tuple(n for n in around[j] if n >= 0) for j in ring}


class _TileTables:
    """What one turned tile prints, per square in reading order (number ``j`` is column
    ``j % width`` of row ``j // width``): terrain as if no door were opened and no marker
    placed, and the steps inside the tile.

    ``steps[j]`` lists, in the order N, E, S, W and then the passage under a bridge, the
    numbers of the squares one step away inside the tile; a direction that leaves the tile
    is written ``-1 - d`` (``d`` its place in N, E, S, W), to be settled by the dungeon.
    """

    def __init__(self, tile: RoomTile) -> None:
        width = tile.width
        terrain = [content.terrain for row in tile.grid for content in row]
        size = self.size = len(terrain)
        self.doors = [j for j, t in enumerate(terrain) if t is Terrain.DOOR]
        # Doors stand closed here: the dungeon says which are opened.
        self.passable = [_PASSABLE[t] for t in terrain]
        self.holes = [t is Terrain.HOLE for t in terrain]
        self.jumpable = [p or h for p, h in zip(self.passable, self.holes, strict=True)]
        self.extra = [_EXTRA[t] for t in terrain]
        self.wall_like = [_WALL_LIKE[t] for t in terrain]
        g = self.jumpable  # ground: a figure may stand there, or it is a Hole
        around, ring, inner = _rectangle(width, tile.height)
        along = [
            (n >= 0 and not g[n])
            or (e >= 0 and not g[e])
            or (s >= 0 and not g[s])
            or (w >= 0 and not g[w])
            for n, e, s, w in around
        ]
        steps: list[tuple[int, ...]] = list(around)
        if tile.has_levels:
            # F-3: a square on one level is no step from a square on the other.
            level = [tile.level(Square(j % width, j // width)) for j in range(size)]
            for j, four in enumerate(around):
                if level[j] is not None:
                    steps[j] = tuple(
                        n for n in four if n < 0 or level[n] is None or level[n] == level[j]
                    )
        for a, b in tile.crossings:  # the passage under the bridge
            i, k = a.y * width + a.x, b.y * width + b.x
            steps[i] = (*steps[i], k)
            steps[k] = (*steps[k], i)
        self.steps = steps
        self.along = along
        """Along a wall inside the tile alone (doors closed, no markers)."""
        self.ring = ring
        """The squares of the outer ring: one of their directions leaves the tile."""
        self.outward = {
            j: tuple(_AROUND[-1 - n] for n in steps[j] if n < 0) for j in self.ring if not along[j]
        }
        """For the ring squares not along a wall inside the tile: the directions that leave
        it, where the squares across the edge decide."""
        self.crossing = [j for j in sorted(ring) if not self.wall_like[j]]
        """The ring squares that may join another tile: every one but the walls (a wall
        never does, :func:`~doria_nb.engine.dungeon._edge_pair_open`, unless a Secret Door
        lies on it)."""
        self.closed = list(steps)
        for j in ring:
            if self.wall_like[j]:  # a wall has no level, and no passage leads under it
                self.closed[j] = inner[j]
        """``steps`` with the walls of the ring joining nothing outside the tile."""


_kept_tiles: Kept[int, tuple[RoomTile, _TileTables]] = Kept(512)
"""The tables of the last turned tiles seen, by identity (a tile never changes, and turned
tiles are shared). A tile cannot be weakly referenced, so each entry holds its tile: no
other tile can take its address while it is kept."""


def _tile_tables(tile: RoomTile) -> _TileTables:
    found = _kept_tiles.get(id(tile))
    if found is not None and found[0] is tile:
        return found[1]
    return _kept_tiles.put(id(tile), (tile, _TileTables(tile)))[1]


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
        t = _tile_tables(placed.tile)
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
            t = _tile_tables(dungeon.tiles[owner[square]].tile)
            if i - tile_base in t.ring and t.wall_like[i - tile_base]:
                neighbors[i] = tuple(map(tile_base.__add__, t.steps[i - tile_base]))
                edges.append((i, tile_base))
    for i in special:
        square = squares[i]
        passable[i] = dungeon.passable(square)
        holes[i] = dungeon.is_hole(square)
        jumpable[i] = dungeon.jumpable(square)
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
    # Along a wall: the tile's own answer holds unless a door or a marker changed a square
    # next to it, or the square lies on the ring (then the squares across its edge count).
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
    for i in special:
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
