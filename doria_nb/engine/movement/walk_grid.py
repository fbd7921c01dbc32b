"""Walking distances on the dungeon's numbered squares, kept per dungeon.

Placing spawned monsters asks, for every group, how far each conscious character is from
every square (*Multiple monsters per monster icon*): a breadth-first walk over the whole
dungeon, several per spawn, on a dungeon that has not changed. :func:`walk_distances` runs
that walk on the square numbers of the movement grid
(:func:`~doria_nb.engine.movement.search._grid`: neighbours as lists of whole numbers, built
once per dungeon) and keeps each answer while the dungeon lives. It gives exactly what the
plain walk on squares, :func:`~doria_nb.engine.spawning.board.plain_walking_distances`,
gives, in the same order (``tests/unit/test_walk_grid.py`` checks it).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.geometry import Square
from doria_nb.engine.kept import PerObject
from doria_nb.engine.movement.search import _grid

__all__ = ["walk_distances"]


class _Walks:
    """One dungeon's walking answers: per square number whether a walker (and a flier) may
    step there, and the distances already worked out, by question."""

    def __init__(self, dungeon: Dungeon) -> None:
        grid = _grid(dungeon)
        self.grid = grid
        walk = list(grid.passable)
        fly = [p or h for p, h in zip(walk, grid.tables.holes, strict=True)]
        self.open = {False: walk, True: fly}
        self.kept: dict[tuple[tuple[Square, ...], bool], dict[Square, int]] = {}

    def distances(self, sources: tuple[Square, ...], flight: bool) -> dict[Square, int]:
        key = (sources, flight)
        found = self.kept.get(key)
        if found is not None:
            return found
        index, squares, neighbors = self.grid.index, self.grid.squares, self.grid.neighbors
        opened = self.open[flight]
        found = dict.fromkeys(sources, 0)
        steps = {index[s]: 0 for s in found if s in index}
        queue = deque(steps)
        while queue:
            here = queue.popleft()
            far = steps[here] + 1
            for there in neighbors[here]:
                if there in steps or not opened[there]:
                    continue
                steps[there] = far
                queue.append(there)
        for i, n in steps.items():
            found.setdefault(squares[i], n)
        self.kept[key] = found
        return found


_walks: PerObject[Dungeon, _Walks] = PerObject(_Walks)


def walk_distances(dungeon: Dungeon, sources: Iterable[Square], flight: bool) -> dict[Square, int]:
    """Walking distance from the nearest of ``sources`` to every square a figure can stand on
    and reach, figures aside (with ``flight`` also across Holes), in the order a
    breadth-first walk finds them. The answer is shared: read it, never change it."""
    return _walks(dungeon).distances(tuple(sources), flight)
