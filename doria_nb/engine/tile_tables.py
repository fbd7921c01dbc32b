"""What each room tile gives the searches and Line of Sight, worked out once per turned tile.

A dungeon's numbered squares (:mod:`doria_nb.engine.movement.grid`) and its
:class:`~doria_nb.engine.sight.SightMap` (:attr:`~doria_nb.engine.dungeon.Dungeon.sight_map`)
are put together from its placed tiles. What a tile prints never changes, and turned tiles are
shared (:meth:`~doria_nb.engine.tiles.RoomTile.rotated`), so the part of those tables that
depends on the tile alone is kept per turned tile:

* :class:`TileTables`: the tile's squares numbered in reading order, with what the movement
  rules ask of each as printed (doors closed, no markers) and the steps inside the tile (F-3's
  levels and the passage under its bridge included);
* :class:`TileSight`: which of its squares block sight as printed, its doors (the dungeon
  says whether each is open), its Blue Solid squares and its levels.

A dungeon asks for them as its tiles are placed (:class:`~doria_nb.engine.dungeon.Dungeon`),
so their cost is paid once per tile, not on a dungeon's first search. How they combine with
doors, markers and tile edges, and the tests that check the result against the dungeon asked
square by square, are in :mod:`doria_nb.engine.movement.grid` and
``tests/unit/test_grid_tables.py``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from doria_nb.engine.geometry import Square
from doria_nb.engine.kept import Kept
from doria_nb.engine.tiles import RoomTile, Terrain

__all__ = ["LEVEL_NAMES", "TileSight", "TileTables", "tile_sight", "tile_tables"]

AROUND = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""The four orthogonal neighbours in the order of :meth:`Square.neighbors`: N, E, S, W."""

LEVEL_NAMES = {0: "under", 1: "bridge"}
"""The names of F-3's two levels for Line of Sight."""


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


class TileTables:
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
            j: tuple(AROUND[-1 - n] for n in steps[j] if n < 0) for j in self.ring if not along[j]
        }
        """For the ring squares not along a wall inside the tile: the directions that leave
        it, where the squares across the edge decide."""
        self.crossing = [j for j in sorted(ring) if not self.wall_like[j]]
        """The ring squares that may join another tile: every one but the walls (a wall
        never does, :func:`~doria_nb.engine.dungeon._edge_pair_open`, unless a Secret Door
        lies on it)."""
        self.closed = list(steps)
        """``steps`` with the walls of the ring joining nothing outside the tile."""
        for j in ring:
            if self.wall_like[j]:  # a wall has no level, and no passage leads under it
                self.closed[j] = inner[j]


_kept_tiles: Kept[int, tuple[RoomTile, TileTables]] = Kept(1024)
"""The tables of the last turned tiles seen, by identity (a tile never changes, and turned
tiles are shared). A tile cannot be weakly referenced, so each entry holds its tile: no
other tile can take its address while it is kept."""


def tile_tables(tile: RoomTile) -> TileTables:
    """The :class:`TileTables` of ``tile``, worked out the first time it is asked for."""
    found = _kept_tiles.get(id(tile))
    if found is not None and found[0] is tile:
        return found[1]
    return _kept_tiles.put(id(tile), (tile, TileTables(tile)))[1]


@dataclass(frozen=True, slots=True)
class TileSight:
    """What one turned tile says about Line of Sight, in the tile's own squares as ``(x, y)``:
    the squares its terrain blocks (doors aside), its doors (the dungeon says whether each
    blocks), its Blue Solid squares and, on a tile with a bridge, each square's level name."""

    walls: tuple[tuple[int, int], ...]
    doors: tuple[tuple[int, int], ...]
    blue: tuple[tuple[int, int], ...]
    levels: tuple[tuple[tuple[int, int], str], ...]


_kept_sight: Kept[int, tuple[RoomTile, TileSight]] = Kept(1024)
"""The :class:`TileSight` of the last turned tiles seen, by identity (a tile never changes;
each entry holds its tile, so no other tile can take its address)."""


def tile_sight(tile: RoomTile) -> TileSight:
    """The :class:`TileSight` of ``tile``, worked out the first time it is asked for."""
    found = _kept_sight.get(id(tile))
    if found is not None and found[0] is tile:
        return found[1]
    cells = [
        ((x, y), content.terrain)
        for y, row in enumerate(tile.grid)
        for x, content in enumerate(row)
    ]
    levels: tuple[tuple[tuple[int, int], str], ...] = ()
    if tile.has_levels:
        levels = tuple(
            (xy, LEVEL_NAMES[level])
            for xy, _ in cells
            if (level := tile.level(Square(*xy))) is not None
        )
    made = TileSight(
        walls=tuple(xy for xy, t in cells if t is not Terrain.DOOR and t.blocks_sight),
        doors=tuple(xy for xy, t in cells if t is Terrain.DOOR),
        blue=tuple(xy for xy, t in cells if t is Terrain.BLUE_SOLID),
        levels=levels,
    )
    return _kept_sight.put(id(tile), (tile, made))[1]
