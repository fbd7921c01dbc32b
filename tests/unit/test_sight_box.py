"""The quick answer of Line of Sight over an open rectangle is the exact search's answer.

When no blocking square and no Blue Solid square lies in the rectangle of squares two squares
span, :class:`~doria_nb.engine.sight.SightMap` answers "visible, centre to centre" without the
search. Here that answer is compared with the search's own
(:meth:`~doria_nb.engine.sight.SightMap._searched`) for every pair of squares of random
dungeons explored by the rules (with Rubble and Blue Solid among the squares) and of random
small maps: whenever the quick answer is given, the search gives exactly the same result, and
every other pair is still answered by the search.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doria_nb.content.loader import starter_pack
from doria_nb.engine.cards import Marker
from doria_nb.engine.chance import Chance
from doria_nb.engine.geometry import Square, rectangle
from doria_nb.engine.random_dungeon import explore
from doria_nb.engine.sight import SightMap, _open_box

PACK = starter_pack()


def _quick(sight: SightMap, a: Square, b: Square) -> bool:
    return _open_box(a.x, a.y, b.x, b.y, sight._rows) and _open_box(
        a.x, a.y, b.x, b.y, sight._blue_rows
    )


@pytest.mark.parametrize("seed", range(6))
def test_the_quick_answer_is_the_search_answer_on_random_dungeons(seed: int) -> None:
    chance = Chance.seeded(seed)
    dungeon = explore(PACK, chance, tiles=2 + seed % 3, characters=4)
    floor = [sq for sq in dungeon.squares() if dungeon.passable(sq) and not dungeon.door_square(sq)]
    for square in dict.fromkeys(floor[chance.below(len(floor))] for _ in range(4)):
        dungeon = dungeon.with_marker(square, Marker.RUBBLE)
    sight = dungeon.sight_map
    squares = list(dungeon.squares())[:: 2 + seed % 2]
    quick = 0
    for a, b in itertools.combinations(squares, 2):
        if _quick(sight, a, b):
            quick += 1
            assert sight._decide(a, b) == sight._searched(a, b), (a, b)
    assert quick  # the quick answer was given, and checked, somewhere


cells = st.sets(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=14)


@settings(max_examples=150, deadline=None)
@given(walls=cells, blue=cells, a=st.tuples(st.integers(0, 7), st.integers(0, 7)))
def test_the_quick_answer_is_the_search_answer_on_small_maps(
    walls: set[tuple[int, int]], blue: set[tuple[int, int]], a: tuple[int, int]
) -> None:
    sight = SightMap(
        blocking={Square(*c) for c in walls}, obstacles={Square(*c) for c in blue - walls}
    )
    source = Square(*a)
    for b in rectangle(8, 8):
        expected = sight._searched(source, b)
        assert sight._decide(source, b) == expected
        if _quick(sight, source, b):
            assert expected.visible and not expected.obstacles


@pytest.mark.parametrize("seed", range(4))
def test_sees_is_the_visible_of_line_of_sight_on_random_dungeons(seed: int) -> None:
    """:meth:`SightMap.sees` (no proof built) answers as ``line_of_sight(...).visible``, asked
    first or after the full answer, both ways round."""
    chance = Chance.seeded(100 + seed)
    dungeon = explore(PACK, chance, tiles=3 + seed, characters=4)
    floor = [sq for sq in dungeon.squares() if dungeon.passable(sq) and not dungeon.door_square(sq)]
    for square in dict.fromkeys(floor[chance.below(len(floor))] for _ in range(4)):
        dungeon = dungeon.with_marker(square, Marker.RUBBLE)
    fresh, full = dungeon.sight_map.with_blocking(dungeon.sight_map.blocking), dungeon.sight_map
    squares = list(dungeon.squares())[:: 3 + seed % 2]
    seen = 0
    for a, b in itertools.combinations(squares, 2):
        visible = full.line_of_sight(a, b).visible
        assert fresh.sees(a, b) == visible == full.sees(b, a) == fresh.sees(b, a), (a, b)
        assert dungeon.sees(a, b) == visible
        seen += visible
    assert 0 < seen < len(squares) * (len(squares) - 1) // 2  # both answers were checked


@settings(max_examples=150, deadline=None)
@given(
    walls=cells,
    blue=cells,
    a=st.tuples(st.integers(0, 7), st.integers(0, 7)),
    b=st.tuples(st.integers(0, 7), st.integers(0, 7)),
)
def test_sees_is_the_visible_of_line_of_sight_on_small_maps(
    walls: set[tuple[int, int]],
    blue: set[tuple[int, int]],
    a: tuple[int, int],
    b: tuple[int, int],
) -> None:
    levels = {Square(0, 0): "under", Square(7, 7): "bridge"}
    sight = SightMap([Square(*c) for c in walls], [Square(*c) for c in blue], levels)
    fresh = sight.with_levels(levels)
    sa, sb = Square(*a), Square(*b)
    assert fresh.sees(sa, sb) == sight.line_of_sight(sa, sb).visible
