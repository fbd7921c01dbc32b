"""The quick answers of Line of Sight are the exact search's answers.

Before the search, :class:`~doria_nb.engine.sight.SightMap` settles most pairs more cheaply:
a column (or row) of blocking squares closing the whole way between the two squares
(:func:`~doria_nb.engine.sight._walled_off`: no Line of Sight), one of the search's first 17
lines found clear with the search's own line test (:func:`~doria_nb.engine.sight._first_clear`),
or no line passing the gaps of the walls between them
(:func:`~doria_nb.engine.sight._through_gaps_shut`: no Line of Sight).
Here both are compared with the search, the reference (:func:`~doria_nb.engine.sight._solve`,
:meth:`~doria_nb.engine.sight.SightMap._searched`), on random dungeons explored by the rules
(with Rubble, Blue Solid and Room F-3's levels where the tiles bring them) and on random maps:
walls, wall bands with gaps, Blue Solid cover, long ranges. ``sees`` must give the search's
verdict and ``line_of_sight`` the search's whole result (line, cover, squares in the way).
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doria_nb.content.loader import starter_pack
from doria_nb.engine.cards import Marker
from doria_nb.engine.chance import Chance
from doria_nb.engine.geometry import Square
from doria_nb.engine.random_dungeon import explore
from doria_nb.engine.sight import (
    SightMap,
    _between,
    _first_clear,
    _in_the_way,
    _line,
    _nearby,
    _open_box,
    _Region,
    _row_index,
    _solve,
    _through_gaps_shut,
    _walled_off,
    _walls_near,
)

PACK = starter_pack()
Cell = tuple[int, int]


def _reference_sees(sight: SightMap, a: Square, b: Square) -> bool:
    return _solve(a.x, a.y, b.x, b.y, sight._cells, sight._rows, sight._blue, sight._blue_rows)[0]


def _compare(sight: SightMap, a: Square, b: Square, counts: dict[str, int]) -> None:
    """The quick answers for a and b, both ways round, against the search's."""
    for p, q in ((a, b), (b, a)):
        expected = _reference_sees(sight, p, q)
        assert sight._quick_sees(p.x, p.y, q.x, q.y) == expected, (p, q)
        quick = sight._quick(p, q)
        if quick is not None:
            assert quick == sight._searched(p, q), (p, q)
            counts["visible" if quick.visible else "walled off"] += 1
        level_p, level_q = sight.levels.get(p), sight.levels.get(q)
        if level_p is None or level_q is None or level_p == level_q:
            assert sight._decide(p, q) == sight._searched(p, q), (p, q)
            fresh = SightMap(sight.blocking, sight.obstacles, sight.levels)
            assert fresh.sees(p, q) == expected
            assert fresh.line_of_sight(q, p).visible == expected


@pytest.mark.parametrize("seed", range(6))
def test_quick_answers_are_the_search_answers_on_random_dungeons(seed: int) -> None:
    chance = Chance.seeded(300 + seed)
    dungeon = explore(PACK, chance, tiles=3 + seed % 4, characters=4)
    floor = [sq for sq in dungeon.squares() if dungeon.passable(sq) and not dungeon.door_square(sq)]
    for square in dict.fromkeys(floor[chance.below(len(floor))] for _ in range(5)):
        dungeon = dungeon.with_marker(square, Marker.RUBBLE)
    sight = dungeon.sight_map
    squares = list(dungeon.squares())[seed % 3 :: 3]
    counts = {"visible": 0, "walled off": 0}
    for a, b in itertools.combinations(squares, 2):
        open_box = _open_box(a.x, a.y, b.x, b.y, sight._rows) and _open_box(
            a.x, a.y, b.x, b.y, sight._blue_rows
        )
        if not open_box:
            assert sight._quick_sees(a.x, a.y, b.x, b.y) == _reference_sees(sight, a, b), (a, b)
            quick = sight._quick(a, b)
            if quick is not None:
                assert quick == sight._searched(a, b), (a, b)
                counts["visible" if quick.visible else "walled off"] += 1
    assert counts["visible"] and counts["walled off"]  # both quick answers were given, checked


def _random_map(rng: random.Random, side: int) -> tuple[set[Cell], set[Cell], dict[Cell, str]]:
    """Walls scattered and in bands (a column or row with gaps, like a room's wall with doors),
    some Blue Solid squares, and sometimes two levels."""
    walls = {(x, y) for x in range(side) for y in range(side) if rng.random() < 0.08}
    for _ in range(rng.randrange(4)):
        c, lo, hi = rng.randrange(side), rng.randrange(side), rng.randrange(side)
        band = {(c, y) for y in range(min(lo, hi) - 1, max(lo, hi) + 2)}
        if rng.random() < 0.5:  # a thick wall
            band |= {(c + 1, y) for _, y in band}
        if rng.random() < 0.5:
            band = {(y, x) for x, y in band}
        gaps = {cell for cell in band if rng.random() < 0.1}
        walls |= band - gaps
    cover = rng.choice((0.02, 0.12))
    blue = {(x, y) for x in range(side) for y in range(side) if rng.random() < cover} - walls
    levels: dict[Cell, str] = {}
    if rng.random() < 0.2:
        for x in range(side):
            levels[(x, side // 2)] = "bridge"
            levels[(side // 2, x)] = "under"
    return walls, blue, levels


@pytest.mark.parametrize("seed", range(12))
def test_quick_answers_are_the_search_answers_on_random_maps(seed: int) -> None:
    rng = random.Random(seed)
    side = 8 + seed
    walls, blue, levels = _random_map(rng, side)
    sight = SightMap(
        {Square(*c) for c in walls},
        {Square(*c) for c in blue},
        {Square(*c): name for c, name in levels.items()},
    )
    counts = {"visible": 0, "walled off": 0}
    squares = [Square(x, y) for x in range(-1, side + 1) for y in range(-1, side + 1)]
    for _ in range(400):
        a, b = rng.choice(squares), rng.choice(squares)
        _compare(sight, a, b, counts)
    assert sum(counts.values())


@st.composite
def banded_maps(draw: st.DrawFn) -> tuple[set[Cell], set[Cell], Cell, Cell]:
    """A wall band between two squares, with gaps and bumps, plus loose walls and Blue Solid."""
    side = draw(st.integers(4, 14))
    cell = st.tuples(st.integers(-1, side), st.integers(-1, side))
    c = draw(st.integers(1, side - 2))
    lo, hi = sorted(draw(st.tuples(st.integers(-2, side + 1), st.integers(-2, side + 1))))
    band = {(c, y) for y in range(lo, hi + 1)}
    if draw(st.booleans()):  # a thick wall, with a door through it or not
        band |= {(c + 1, y) for y in range(lo, hi + 1)}
        door = draw(st.integers(lo, hi))
        if draw(st.booleans()):
            band -= {(c, door), (c + 1, door)}
    if band:
        band -= set(draw(st.lists(st.sampled_from(sorted(band)), max_size=2)))
    if draw(st.booleans()):
        band = {(y, x) for x, y in band}
    walls = band | set(draw(st.lists(cell, max_size=10)))
    blue = set(draw(st.lists(cell, max_size=6))) - walls
    return walls, blue, draw(cell), draw(cell)


@settings(max_examples=300, deadline=None)
@given(banded_maps())
def test_quick_answers_are_the_search_answers_across_wall_bands(
    case: tuple[set[Cell], set[Cell], Cell, Cell],
) -> None:
    walls, blue, a, b = case
    sight = SightMap({Square(*c) for c in walls}, {Square(*c) for c in blue})
    _compare(sight, Square(*a), Square(*b), {"visible": 0, "walled off": 0})


@settings(max_examples=200, deadline=None)
@given(
    st.sets(st.tuples(st.integers(0, 9), st.integers(0, 9)), max_size=40),
    st.tuples(st.integers(0, 9), st.integers(0, 9)),
    st.tuples(st.integers(0, 9), st.integers(0, 9)),
)
def test_a_wall_across_the_way_and_a_clear_first_line_never_meet(
    walls: set[Cell], a: Cell, b: Cell
) -> None:
    """Where the wall closes the way, or no line passes the gaps, the search finds nothing;
    where a first line is clear, the search finds a line (the first one found is that line)."""
    cells = frozenset(walls - {a, b})
    rows = {y: tuple(sorted(x for x, yy in cells if yy == y)) for _, y in cells}
    visible, witness, _, _ = _solve(*a, *b, cells, rows, frozenset(), {})
    if _walled_off(cells, *a, *b) or _through_gaps_shut(cells, *a, *b):
        assert not visible
    if abs(a[0] - b[0]) > 1 or abs(a[1] - b[1]) > 1:
        near = _nearby(rows, *a, *b, (a, b))
        first = _first_clear(*a, *b, _walls_near(near, cells))
        if first is not None:
            assert visible and first == witness


@settings(max_examples=200, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=30))
def test_walls_near_are_the_search_regions_walls(walls: set[Cell]) -> None:
    every = frozenset(walls)
    near = sorted(every)
    region = _Region(near, every, {}, False)
    lite = _walls_near(near, every)
    assert (lite.cells, lite.hseams, lite.vseams, lite.pinches) == (
        region.cells,
        region.hseams,
        region.vseams,
        region.pinches,
    )


@pytest.mark.parametrize("seed", range(4))
def test_no_line_through_the_gaps_means_the_search_finds_none(seed: int) -> None:
    """Rooms split by thick walls with doors: where :func:`_through_gaps_shut` says no line
    passes the gaps, the search finds no line either; and it does say so, often."""
    rng = random.Random(1000 + seed)
    shut = 0
    for _ in range(15):
        side = rng.randrange(8, 16)
        walls: set[Cell] = set()
        for _ in range(rng.randrange(1, 4)):
            c = rng.randrange(1, side - 2)
            band = {(c + i, y) for y in range(-1, side + 1) for i in range(rng.choice((1, 2)))}
            door = rng.randrange(side)
            band -= {(x, y) for x, y in band if abs(y - door) < rng.choice((1, 1, 2))}
            if rng.random() < 0.5:
                band = {(y, x) for x, y in band}
            walls |= band
        walls |= {(rng.randrange(side), rng.randrange(side)) for _ in range(rng.randrange(6))}
        cells = frozenset(walls)
        rows = {y: tuple(sorted(x for x, yy in cells if yy == y)) for _, y in cells}
        free = [(x, y) for x in range(side) for y in range(side) if (x, y) not in cells]
        for _ in range(60):
            a, b = rng.choice(free), rng.choice(free)
            if _through_gaps_shut(cells, *a, *b):
                shut += 1
                assert not _solve(*a, *b, cells, rows, frozenset(), {})[0], (sorted(walls), a, b)
    assert shut > 50


def _line_as_first_written(witness: tuple[int, ...]) -> tuple[object, ...]:
    """The proving line's two ends from a slanted witness, as :func:`_line` first computed
    them (fraction by fraction)."""
    _, ux, uy, dx, dy, k, pa, pb = witness
    ends = []
    for position2 in (pa, pb):
        x2 = Fraction(position2, 2 * k)
        y2 = uy + (x2 - ux) * Fraction(dy, dx)
        ends.append((x2 / 2, y2 / 2))
    return tuple(ends)


@settings(max_examples=200, deadline=None)
@given(
    st.sets(st.tuples(st.integers(0, 9), st.integers(0, 9)), max_size=25),
    st.tuples(st.integers(0, 9), st.integers(0, 9)),
    st.tuples(st.integers(0, 9), st.integers(0, 9)),
)
def test_the_proving_line_is_computed_as_first_written(walls: set[Cell], a: Cell, b: Cell) -> None:
    cells = frozenset(walls - {a, b})
    rows = {y: tuple(sorted(x for x, yy in cells if yy == y)) for _, y in cells}
    _, witness, _, _ = _solve(*a, *b, cells, rows, frozenset(), {})
    if witness is not None and witness[0] == 1:
        line = _line(witness)
        assert ((line.start.x, line.start.y), (line.end.x, line.end.y)) == (
            _line_as_first_written(witness)
        )


@settings(max_examples=300, deadline=None)
@given(
    st.sets(st.tuples(st.integers(-2, 11), st.integers(-2, 11)), max_size=60),
    st.tuples(st.integers(0, 9), st.integers(0, 9)),
    st.tuples(st.integers(0, 9), st.integers(0, 9)),
)
def test_the_squares_in_the_way_found_row_by_row_are_the_searchs(
    walls: set[Cell], a: Cell, b: Cell
) -> None:
    cells = frozenset(walls - {a, b})
    rows = {y: tuple(sorted(x for x, yy in cells if yy == y)) for _, y in cells}
    expected = _between(*a, *b, _nearby(rows, *a, *b, (a, b)))
    assert sorted(_in_the_way(rows, *a, *b)) == sorted(expected)


@pytest.mark.parametrize("seed", range(8))
def test_a_dungeons_map_has_its_blocking_squares_indexed_by_row(seed: int) -> None:
    """The dungeon lists its blocking squares row by row (:meth:`SightMap._from_rows`): the
    index is the one worked out from the squares, and the map is the square-by-square one."""
    chance = Chance.seeded(500 + seed)
    dungeon = explore(PACK, chance, tiles=2 + seed, characters=4)
    floor = [sq for sq in dungeon.squares() if dungeon.passable(sq) and not dungeon.door_square(sq)]
    for square in dict.fromkeys(floor[chance.below(len(floor))] for _ in range(3)):
        dungeon = dungeon.with_marker(square, Marker.RUBBLE)
    sight = dungeon.sight_map
    assert sight._rows == _row_index(sight._cells)
    assert sight._blue_rows == _row_index(sight._blue)
    assert sight == dungeon._plain_sight_map()
