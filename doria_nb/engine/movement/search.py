"""The cost search: the cheapest path to every square a character can end its movement on.

A Dijkstra search over (square, kind) nodes, the dungeon's squares numbered once per dungeon
(:class:`_Grid`, cached while the dungeon lives), keyed by AP spent, then jumps, then squares
jumped: the order in which :func:`~doria_nb.engine.movement.reachable` prefers paths. The
paths found are built into :class:`~doria_nb.engine.movement.Path` objects only when asked
for (:class:`_Paths`).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator, Mapping

from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.geometry import Square
from doria_nb.engine.kept import Kept, PerObject
from doria_nb.engine.movement.board import _DIRECTIONS, _Board, _sign
from doria_nb.engine.movement.grid import grid_tables
from doria_nb.engine.movement.steps import JUMP_AP, SIDESTEP_AP, SWAP_AP, WALK_AP, Path, Step

__all__: list[str] = []


class _Grid:
    """The dungeon's squares numbered 0, 1, 2, ... with what the movement rules ask of each
    (figures aside): the search runs on these numbers, which is several times faster than
    hashing squares. Built once per dungeon from its tiles' own tables
    (:func:`~doria_nb.engine.movement.grid.grid_tables`) and kept while the dungeon lives."""

    def __init__(self, dungeon: Dungeon) -> None:
        self.tables = tables = grid_tables(dungeon)
        self.squares = tables.squares
        self.index = tables.index
        self.passable = tables.passable
        self.jumpable = tables.jumpable
        self.extra = tables.extra
        self.neighbors = tables.neighbors
        self._ahead: dict[int, dict[tuple[int, int], int]] = {}
        self.reaches: Kept[tuple[object, ...], object] = Kept(32)
        """The last answers of :func:`~doria_nb.engine.movement.reachable` on this dungeon,
        by question (kept by :mod:`.reach`)."""
        self._lines: dict[int, tuple[tuple[int, ...], ...]] = {}

    def ahead(self, i: int) -> dict[tuple[int, int], int]:
        """The next square in each direction ``(dx, dy)`` one step from square ``i`` (the
        F-3 passage skips the middle square under the bridge)."""
        found = self._ahead.get(i)
        if found is None:
            square, squares = self.squares[i], self.squares
            found = self._ahead[i] = {
                (_sign(squares[n].x - square.x), _sign(squares[n].y - square.y)): n
                for n in self.neighbors[i]
            }
        return found

    def lines(self, i: int) -> tuple[tuple[int, ...], ...]:
        """The straight lines a jump from square ``i`` may follow, one per direction (ruling
        M1): the squares ahead up to the first one that cannot be jumped over (included, as
        it may still be landed on)."""
        found = self._lines.get(i)
        if found is None:
            lines = []
            for direction in _DIRECTIONS:
                step = direction.value
                line = []
                at = i
                while (nxt := self.ahead(at).get(step)) is not None:
                    line.append(nxt)
                    if not self.jumpable[nxt]:
                        break
                    at = nxt
                lines.append(tuple(line))
            found = self._lines[i] = tuple(lines)
        return found


_grid: PerObject[Dungeon, _Grid] = PerObject(_Grid)
"""The grid of a dungeon, worked out once while this very dungeon is among the last few seen."""


_MOVE, _SWAPPED = 0, 1
"""Node kinds: standing (and free to go on), or having swapped places (the movement ends). A
node is ``square number * 2 + kind``."""

_Edge = tuple[str, int, int]
"""A found step, kept light: (kind, from, to) as square numbers; a :class:`Step` on demand."""
_Found = tuple[int, int, int, int, tuple[_Edge, ...]]
"""An edge of the search: (AP, jumps, squares jumped, node reached, steps)."""


class _Search:
    """Dijkstra over (square, kind) nodes, keyed by (AP spent, jumps, squares jumped).

    Whether a step is allowed depends only on the AP spent so far (walking up to the AP
    available; a jump, a swap or going on after a jump with at least 1 AP left), and spending
    less never forbids anything, so the cheapest arrival at a node is the best one."""

    def __init__(
        self, board: _Board, ap: int, jumping: bool, swapping: bool, max_jump: int | None
    ) -> None:
        self.board = board
        self.grid = grid = _grid(board.dungeon)
        self.ap = ap
        self.jumping = jumping
        self.swapping = swapping
        self.max_jump = max_jump
        index = grid.index
        self.characters = frozenset(index[sq] for sq in board.characters if sq in index)
        self.monsters = frozenset(index[sq] for sq in board.monsters if sq in index)
        self.start = index[board.start]
        self.best: dict[int, tuple[int, int, int]] = {}
        self.parent: dict[int, tuple[int, tuple[_Edge, ...]]] = {}
        self.blocked_landings: set[Square] = set()
        self.built: dict[_Edge, Step] = {}

    def run(self) -> _Search:
        """The search itself, every move of a node inlined: this loop is what every movement
        question waits for."""
        ap = self.ap
        start = self.start * 2 + _MOVE
        best, parent = self.best, self.parent
        best[start] = (0, 0, 0)
        counter = itertools.count()
        heap: list[tuple[int, int, int, int, int]] = [(0, 0, 0, next(counter), start)]
        done: set[int] = set()
        grid = self.grid
        neighbors, passable, jumpable, extra = (
            grid.neighbors,
            grid.passable,
            grid.jumpable,
            grid.extra,
        )
        characters, monsters = self.characters, self.monsters
        factor = self.board.factor
        swapping, jumping, limit = self.swapping, self.jumping, self.max_jump
        lines = grid.lines
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            spent, jumps, jumped, _, node = pop(heap)
            if node in done:
                continue
            done.add(node)
            left = ap - spent
            if node & 1 == _SWAPPED or left < 1:
                continue
            i = node >> 1
            # Walking: never into a monster, a Hole, a wall or a closed door; never below 0 AP.
            # Every move is relaxed at once, in the order walks, swaps, jumps (the pushes'
            # order breaks ties). A node already done is never improved (every move costs
            # AP), so it is skipped before its key is even built.
            for n in neighbors[i]:
                if n in monsters or not passable[n]:
                    continue
                target = n * 2 + _MOVE
                if target in done:
                    continue
                cost = factor * (WALK_AP + extra[n])
                if cost <= left:
                    key = (spent + cost, jumps, jumped)
                    old = best.get(target)
                    if old is None or key < old:
                        best[target] = key
                        parent[target] = (node, (("walk", i, n),))
                        push(heap, (*key, next(counter), target))
            # Swap Places: with an adjacent character, from a square they can take (M7).
            if swapping and passable[i] and i not in characters:
                for n in neighbors[i]:
                    if n in characters and passable[n]:
                        target = n * 2 + _SWAPPED
                        if target in done:
                            continue
                        key = (spent + factor * (SWAP_AP + extra[n]), jumps, jumped)
                        old = best.get(target)
                        if old is None or key < old:
                            best[target] = key
                            parent[target] = (node, (("swap", i, n),))
                            push(heap, (*key, next(counter), target))
            if not jumping:
                continue
            for line in lines(i):
                for over, n in enumerate(line):
                    if n in monsters or (limit is not None and over + 1 > limit):
                        break  # never over or onto a monster
                    if over and passable[n]:
                        cost = factor * (JUMP_AP + extra[n])
                        jump: _Edge = ("jump", i, n)
                        if n not in characters:
                            target = n * 2 + _MOVE
                            if target not in done:
                                key = (spent + cost, jumps + 1, jumped + over + 1)
                                old = best.get(target)
                                if old is None or key < old:
                                    best[target] = key
                                    parent[target] = (node, (jump,))
                                    push(heap, (*key, next(counter), target))
                        else:
                            for more, more_jumps, squares, target, edges in self._sidesteps(
                                n, cost, over + 1, left, jump
                            ):
                                key = (spent + more, jumps + more_jumps, jumped + squares)
                                old = best.get(target)
                                if old is None or key < old:
                                    best[target] = key
                                    parent[target] = (node, edges)
                                    push(heap, (*key, next(counter), target))
                    if not jumpable[n]:
                        break
        return self

    def _sidesteps(
        self, landing: int, cost: int, squares: int, left: int, jump: _Edge
    ) -> Iterator[_Found]:
        """A jump onto another character: the jumper steps aside to a free square next to
        them, only with at least 1 AP left after the jump (*Jumping (5 AP)*, Caution)."""
        grid = self.grid
        sides = [
            n
            for n in grid.neighbors[landing]
            if grid.passable[n] and n not in self.characters and n not in self.monsters
        ]
        if not sides or left - cost < 1:
            self.blocked_landings.add(grid.squares[landing])
            return
        factor = self.board.factor
        for n in sides:
            total = cost + factor * (SIDESTEP_AP + grid.extra[n])
            yield total, 1, squares, n * 2 + _MOVE, (jump, ("sidestep", landing, n))

    # -- results --

    def node(self, square: Square, kind: int) -> int | None:
        """The node of ``square`` and ``kind`` if it was reached."""
        i = self.grid.index.get(square)
        if i is None:
            return None
        node = i * 2 + kind
        return node if node in self.best else None

    def ends(self) -> dict[Square, int]:
        """Every square the character may end on, with the node that ends there."""
        out: dict[Square, int] = {}
        squares = self.grid.squares
        for node, _ in sorted(self.best.items(), key=lambda item: item[1]):
            i = node >> 1
            if i == self.start:
                continue
            if node & 1 == _SWAPPED or i not in self.characters:
                out.setdefault(squares[i], node)
        return out

    def path(self, node: int) -> Path:
        edges: list[_Edge] = []
        while node in self.parent:
            node, found = self.parent[node]
            edges[:0] = found
        built = self.built
        steps = []
        for edge in edges:
            step = built.get(edge)
            if step is None:
                kind, a, b = edge
                square_edge = (kind, self.grid.squares[a], self.grid.squares[b])
                step = built[edge] = _build(self.board, square_edge)
            steps.append(step)
        return Path(self.board.start, tuple(steps))


def _build(board: _Board, edge: tuple[str, Square, Square]) -> Step:
    kind, a, b = edge
    if kind == "walk":
        return board.walk(a, b)
    if kind == "jump":
        return board.jump(a, b)
    if kind == "sidestep":
        return board.sidestep(a, b)
    return board.swap(a, b)


class _Paths(Mapping[Square, Path]):
    """The cheapest path to every reachable square, each built the first time it is asked
    for."""

    def __init__(self, search: _Search) -> None:
        self._search = search
        self._ends: dict[Square, int] = search.ends()
        self._built: dict[Square, Path] = {}

    def __getitem__(self, square: Square) -> Path:
        found = self._built.get(square)
        if found is None:
            node = self._ends[square]  # KeyError for squares out of reach, as a Mapping should
            found = self._built[square] = self._search.path(node)
        return found

    def __iter__(self) -> Iterator[Square]:
        return iter(self._ends)

    def __len__(self) -> int:
        return len(self._ends)

    def __contains__(self, square: object) -> bool:
        return square in self._ends

    def cost(self, square: Square) -> int | None:
        node = self._ends.get(square)
        return None if node is None else self._search.best[node][0]

    def __repr__(self) -> str:
        return f"<{len(self)} reachable squares>"
