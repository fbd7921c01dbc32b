"""Walking distances on numbered squares are the plain walk's, square for square and in order.

:func:`~doria_nb.engine.spawning.board.walking_distances` (used to place spawned
monsters) runs on the movement grid's square numbers and keeps its answers per dungeon; the
reference :func:`~doria_nb.engine.spawning.board.plain_walking_distances` walks the
squares themselves. Both are asked on random dungeons with Holes, from one source and from
several (one off the dungeon), for walkers and fliers.
"""

from __future__ import annotations

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.cards import Marker
from doria_nb.engine.chance import Chance
from doria_nb.engine.geometry import Square
from doria_nb.engine.random_dungeon import explore
from doria_nb.engine.spawning.board import plain_walking_distances, walking_distances

PACK = starter_pack()


@pytest.mark.parametrize("seed", range(12))
def test_walking_distances_match_the_plain_walk(seed: int) -> None:
    chance = Chance.seeded(seed)
    dungeon = explore(PACK, chance, tiles=2 + seed % 7, characters=4)
    floor = [sq for sq in dungeon.squares() if dungeon.passable(sq) and not dungeon.door_square(sq)]
    holes = [floor[chance.below(len(floor))] for _ in range(6)]
    for square in dict.fromkeys(holes):
        dungeon = dungeon.with_marker(square, Marker.HOLE)
    starts = [floor[chance.below(len(floor))] for _ in range(3)]
    off = Square(min(s.x for s in floor) - 3, min(s.y for s in floor) - 3)
    for sources in ([starts[0]], starts, [off, *starts[1:]], [holes[0]]):
        for flight in (False, True):
            fast = walking_distances(dungeon, sources, flight)
            plain = plain_walking_distances(dungeon, sources, flight)
            assert list(fast.items()) == list(plain.items())
            assert walking_distances(dungeon, sources, flight) is fast  # kept per dungeon
