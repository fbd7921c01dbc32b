"""The movement grid put together from the tiles' own tables is the dungeon's, square by square.

:func:`~doria_nb.engine.movement.grid.grid_tables` builds a dungeon's numbered tables from
tables kept per turned tile, asking the dungeon only about tile edges, doors and markers;
:func:`~doria_nb.engine.movement.grid.plain_grid_tables` asks the dungeon about every
square. Both are compared on every tile of the starter pack in every turn (F-3's levels and
the passage under its bridge included) and on random dungeons explored by the rules, with
every kind of marker scattered on them, doors and Secret Doors opened (Secret Doors on
facing walls of two tiles too) and Blocked Doors.
"""

from __future__ import annotations

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.cards import Marker
from doria_nb.engine.chance import Chance
from doria_nb.engine.dungeon import Dungeon, PlacedTile
from doria_nb.engine.errors import DungeonError
from doria_nb.engine.geometry import Rotation, Square
from doria_nb.engine.movement.grid import GridTables, grid_tables, plain_grid_tables
from doria_nb.engine.random_dungeon import explore

PACK = starter_pack()


def _same(fast: GridTables, plain: GridTables) -> None:
    for name in GridTables.__slots__:
        assert getattr(fast, name) == getattr(plain, name), name


@pytest.mark.parametrize("tile_id", [t.id for t in PACK.tiles])
def test_every_tile_in_every_turn(tile_id: str) -> None:
    for rotation in Rotation:
        dungeon = Dungeon.start(PACK.tile(tile_id).rotated(rotation), Square(3, -2))
        _same(grid_tables(dungeon), plain_grid_tables(dungeon))
        doors = [door.square for door in dungeon.doors()]
        opened = dungeon.with_opened(*doors)
        _same(grid_tables(opened), plain_grid_tables(opened))


def _scattered(dungeon: Dungeon, chance: Chance) -> Dungeon:
    """``dungeon`` with markers of every kind, doors opened and Secret Doors (some facing
    each other across the edge between two tiles, opened)."""
    squares = list(dungeon.squares())
    floor = [sq for sq in squares if dungeon.passable(sq) and not dungeon.door_square(sq)]
    placed: dict[Square, Marker] = {}
    for marker in (Marker.HOLE, Marker.RUBBLE, Marker.FIRE, Marker.ICE, Marker.AIR):
        for _ in range(3):
            placed.setdefault(floor[chance.below(len(floor))], marker)
    doors = [door.square for door in dungeon.doors()]
    for square in doors[: len(doors) // 3]:
        placed.setdefault(square, Marker.BLOCKED_DOOR)
    # Walls of two tiles side by side: a Secret Door on both joins the tiles.
    facing = [
        (sq, n)
        for sq in squares
        for n in sq.neighbors()
        if dungeon.tile_index(n) not in (None, dungeon.tile_index(sq))
        and dungeon.content(sq).terrain.wall_like  # type: ignore[union-attr]
        and dungeon.content(n).terrain.wall_like  # type: ignore[union-attr]
    ]
    secret: list[Square] = []
    for _ in range(4):
        if facing:
            secret.extend(facing[chance.below(len(facing))])
    walls = [sq for sq in squares if dungeon.content(sq).terrain.wall_like]  # type: ignore[union-attr]
    secret += [walls[chance.below(len(walls))] for _ in range(4)]
    for square in secret:
        if square not in placed:
            try:
                dungeon.check_marker(square, Marker.SECRET_DOOR, placed)
            except DungeonError:
                continue
            placed[square] = Marker.SECRET_DOOR
    dungeon = dungeon.with_markers(placed.items())
    opening = [sq for sq in (*doors, *secret) if chance.below(3)]
    return dungeon.with_opened(*opening)


@pytest.mark.parametrize("seed", range(16))
def test_random_dungeons_with_markers_and_doors(seed: int) -> None:
    chance = Chance.seeded(seed)
    dungeon = explore(PACK, chance, tiles=2 + seed % 9, characters=4)
    _same(grid_tables(dungeon), plain_grid_tables(dungeon))
    changed = _scattered(dungeon, chance)
    _same(grid_tables(changed), plain_grid_tables(changed))


@pytest.mark.parametrize("seed", range(8))
def test_one_step_apart_goes_both_ways(seed: int) -> None:
    """The attack table reads the squares a blow comes from as the target's own neighbours
    (:meth:`~doria_nb.engine.monster_ai.attack_from._Table.into_squares`): that holds because
    :meth:`Dungeon.neighbors` is symmetric, F-3 and Secret Doors included."""
    chance = Chance.seeded(seed)
    dungeon = _scattered(explore(PACK, chance, tiles=2 + seed, characters=4), chance)
    f3 = Dungeon.start(PACK.tile("F-3"))
    for d in (dungeon, f3):
        for square in d.squares():
            for n in d.neighbors(square):
                assert square in d.neighbors(n), (square, n)


@pytest.mark.parametrize("seed", range(10))
def test_the_sight_map_from_tiles_is_the_plain_one(seed: int) -> None:
    """:attr:`Dungeon.sight_map`, built from each tile's own answer, equals the map worked out
    square by square: the same blocking squares (walls, doors, markers, the empty table),
    Blue Solid obstacles and levels."""
    chance = Chance.seeded(seed)
    dungeon = explore(PACK, chance, tiles=2 + seed, characters=4)
    changed = _scattered(dungeon, chance)
    for d in (dungeon, changed):
        fast, plain = d.sight_map, d._plain_sight_map()
        assert fast == plain
        assert fast.blocking == plain.blocking and fast.obstacles == plain.obstacles
        assert dict(fast.levels) == dict(plain.levels)


@pytest.mark.parametrize("tile_id", [t.id for t in PACK.tiles])
def test_the_sight_map_of_every_tile_in_every_turn(tile_id: str) -> None:
    for rotation in Rotation:
        dungeon = Dungeon.start(PACK.tile(tile_id).rotated(rotation), Square(-1, 2))
        opened = dungeon.with_opened(*(door.square for door in dungeon.doors()))
        for d in (dungeon, opened):
            assert d.sight_map == d._plain_sight_map()
            assert dict(d.sight_map.levels) == dict(d._plain_sight_map().levels)


def _plain_range(dungeon: Dungeon, a: Square, b: Square) -> int:
    """:meth:`Dungeon.range` as it was first written, on squares: the reference."""
    count = abs(a.x - b.x) + abs(a.y - b.y)
    for pa, qa, middle in dungeon._crossings:
        if middle in (a, b):
            continue
        along_column = pa.x == qa.x and a.x == b.x == middle.x
        along_row = pa.y == qa.y and a.y == b.y == middle.y
        if (along_column and min(a.y, b.y) < middle.y < max(a.y, b.y)) or (
            along_row and min(a.x, b.x) < middle.x < max(a.x, b.x)
        ):
            count -= 1
    return count


@pytest.mark.parametrize("rotation", list(Rotation))
def test_range_across_the_bridge_is_the_plain_range(rotation: Rotation) -> None:
    """:meth:`Dungeon.range` (F-3's middle square skipped along its passage, ruling T3) on
    whole numbers gives what the plain count on squares gives, for every pair of squares of
    F-3 in each turn, placed next to A-1."""
    f3 = PACK.tile("F-3").rotated(rotation)
    dungeon = Dungeon.start(PACK.tile("A-1")).with_tile(PlacedTile(f3, Square(0, 9)))
    squares = list(dungeon.squares())[::2]
    skipped = 0
    for a in squares:
        for b in squares:
            assert dungeon.range(a, b) == _plain_range(dungeon, a, b), (a, b)
            skipped += dungeon.range(a, b) != abs(a.x - b.x) + abs(a.y - b.y)
    assert skipped  # the passage was crossed somewhere
