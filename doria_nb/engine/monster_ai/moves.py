"""How a monster moves: walking, jumping Holes, clearing Rubble, flying, drifting through walls.

Monsters move by rules of their own (*Monsters and Obstacles/Holes*, *Dungeon Markers*):

* they walk orthogonally, 1 AP a square and 1 more onto difficult terrain, the same as heroes;
* they never pass through a character, but pass through other monsters (ruling A3); they may
  end only on a free square, except by pushing a monster aside (see :mod:`.push`);
* a Hole is jumped in a straight line for 5 AP (plus the landing square's terrain) without a
  roll; a jump may begin with any AP left and so end below 0 AP (then no attack). Landing on
  another monster needs a free square right behind it and enough AP to step there (the
  rulebook's "6 or more AP"); landing on a character is not possible;
* Rubble in the way is cleared for 10 AP from the square next to it (with fewer AP left it
  is still cleared and the AP go below 0), then the monster may step on;
* Gargoyles and Poltergeists fly over Holes and squares with a red border; Poltergeists also
  drift through walls, Rubble and closed doors, and may stop inside a wall.

:class:`MonsterMoves` is a cheapest-path search from the monster's square. Among equally
cheap paths it keeps the one with the most squares along a wall (*Fastest Way to the Target*:
the shortest route along a Wall). With ``ap`` it keeps only what this activation can do.

>>> from doria_nb.engine.situation import Situation
>>> s = Situation.from_text('''
... map:
...   #D#####
...   #o.x.M#
...   #######
... figures:
...   o = monster Orc
...   M = hero Mage
... ''')
>>> moves = MonsterMoves(s, "o")
>>> moves.cost[Square(4, 1)], [str(step) for step in moves.path(Square(4, 1))]
(6, ['walk to (2, 1) (1 AP)', 'jump over (3, 1) to (4, 1) (5 AP, no roll for monsters)'])
"""

from __future__ import annotations

import copy
import heapq
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from doria_nb.engine.cards import ContentPack, Marker
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.geometry import Square
from doria_nb.engine.kept import PerObject
from doria_nb.engine.monster_ai.records import MonsterProfile, monster_profile
from doria_nb.engine.movement.search import _grid
from doria_nb.engine.movement.steps import JUMP_AP, WALK_AP
from doria_nb.engine.sections import Section

if TYPE_CHECKING:
    from doria_nb.engine.situation import Situation

__all__ = ["CLEAR_RUBBLE_AP", "MonsterMoves", "MonsterStep", "along_wall"]

CLEAR_RUBBLE_AP = 10
"""What clearing a Rubble marker costs a monster (*Dungeon Markers*)."""

StepKind = Literal["walk", "fly", "drift", "jump", "clear"]


@dataclass(frozen=True, slots=True)
class MonsterStep:
    """One part of a monster's movement: its kind, from where to where, its AP and rule.

    ``over`` lists the Holes jumped, or the Rubble cleared; ``overspend`` is true for the two
    steps a monster may take with too few AP (a jump, clearing Rubble), ending its movement.
    """

    kind: StepKind
    start: Square
    end: Square
    cost: int
    rule: Section
    over: tuple[Square, ...] = ()

    @property
    def overspend(self) -> bool:
        return self.kind in ("jump", "clear")

    def __str__(self) -> str:
        at = f"({self.end.x}, {self.end.y})"
        if self.kind == "jump":
            holes = ", ".join(f"({s.x}, {s.y})" for s in self.over)
            return f"jump over {holes} to {at} ({self.cost} AP, no roll for monsters)"
        if self.kind == "clear":
            rubble = self.over[0]
            return f"clear the Rubble on ({rubble.x}, {rubble.y}) ({self.cost} AP)"
        verb = {"walk": "walk", "fly": "fly", "drift": "drift through the wall"}[self.kind]
        return f"{verb} to {at} ({self.cost} AP)"


def along_wall(dungeon: Dungeon, square: Square) -> bool:
    """Whether ``square`` lies along a wall: one of its four neighbours is a wall, Red Solid,
    a closed or Blocked door, Rubble, or off the dungeon (a Hole is not a wall)."""
    return ground(dungeon).along_wall(square)


class _Ground:
    """The per-square questions a monster's search asks of one dungeon, each answered once.

    A dungeon is immutable, so the answers can be kept for as long as the dungeon is in use.
    The search itself runs on the square numbers of the movement grid
    (:func:`~doria_nb.engine.movement.search._grid`, shared with the heroes' search): per
    number, whether it is a Hole, Rubble, along a wall, and its place in reading
    order; per kind of monster (flying, drifting through walls), how it may step onto each.
    """

    def __init__(self, dungeon: Dungeon) -> None:
        self.dungeon = dungeon
        self._passable: dict[Square, bool] = {}
        self._hole: dict[Square, bool] = {}
        self._wall: dict[Square, bool] = {}
        self._extra: dict[Square, int] = {}
        grid = _grid(dungeon)
        self.grid = grid
        squares = grid.squares
        self.holes = grid.tables.holes
        self.rubbles = grid.tables.rubbles
        # Along a wall: a square next to it (across any edge) is neither ground nor a Hole;
        # off the dungeon counts as a wall.
        self.walls = grid.tables.walls
        places = [(sq.y, sq.x) for sq in squares]
        ordered = sorted(range(len(squares)), key=places.__getitem__)
        self.order = ordered
        self.rank = [0] * len(squares)
        for r, i in enumerate(ordered):
            self.rank[i] = r
        n = len(squares)
        self.tail = [
            n * n + r - (n if wall else 0) for r, wall in zip(self.rank, self.walls, strict=True)
        ]
        """The low part of a packed search label for arriving on each square (see
        :meth:`MonsterMoves._search`): its place in reading order, less one unit of ``n``
        when it lies along a wall."""
        self._kinds: dict[tuple[bool, bool], tuple[list[str | None], list[int], list[bool]]] = {}
        self._jumps: dict[tuple[int, int], tuple[int, tuple[Square, ...]] | None] = {}
        self._crow: dict[Square, dict[Square, int]] = {}

    def extra(self, square: Square) -> int:
        found = self._extra.get(square)
        if found is None:
            found = self._extra[square] = self.dungeon.extra_ap(square)
        return found

    def rubble(self, square: Square) -> bool:
        return self.dungeon.marker(square) is Marker.RUBBLE

    def passable(self, square: Square) -> bool:
        found = self._passable.get(square)
        if found is None:
            found = self._passable[square] = self.dungeon.passable(square)
        return found

    def hole(self, square: Square) -> bool:
        found = self._hole.get(square)
        if found is None:
            found = self._hole[square] = self.dungeon.is_hole(square)
        return found

    def along_wall(self, square: Square) -> bool:
        found = self._wall.get(square)
        if found is None:
            found = self._wall[square] = any(
                not self.passable(n) and not self.hole(n) for n in square.neighbors()
            )
        return found

    def kinds(
        self, flight: bool, through_walls: bool
    ) -> tuple[list[str | None], list[int], list[bool]]:
        """For a monster that flies and/or drifts through walls: per square number, how it
        steps onto the square when no hero stands there (``None``: not by a plain step), the
        AP of that step, and whether it may stand there (figures aside)."""
        found = self._kinds.get((flight, through_walls))
        if found is None:
            grid = self.grid
            kinds: list[str | None] = []
            costs: list[int] = []
            for i in range(len(grid.squares)):
                if grid.passable[i]:
                    kinds.append("walk")
                    costs.append(WALK_AP + grid.extra[i])
                    continue
                if through_walls:
                    kinds.append("drift")
                elif flight and self.holes[i]:
                    # Flight crosses Holes, never Red Solid: that is a Wall (ruling A13).
                    kinds.append("fly")
                else:
                    kinds.append(None)
                costs.append(WALK_AP)
            stand = [
                grid.passable[i] or (through_walls and not self.holes[i])
                for i in range(len(grid.squares))
            ]
            found = self._kinds[(flight, through_walls)] = (kinds, costs, stand)
        return found

    def crow_walk(self, start: Square) -> dict[Square, int]:
        """Walking distances from ``start`` with every figure, door and marker out of the
        way (Holes and Rubble count as ground), for :func:`.route.approach`; worked out once
        per square. The answer is shared: read it, never change it."""
        found = self._crow.get(start)
        if found is not None:
            return found
        grid = self.grid
        begin = grid.index.get(start)
        if begin is None:
            found = {start: 0}
        else:
            opened, neighbors = grid.tables.opened, grid.neighbors
            steps = {begin: 0}
            queue = deque([begin])
            while queue:
                here = queue.popleft()
                for there in neighbors[here]:
                    if there in steps or not opened[there]:
                        continue
                    steps[there] = steps[here] + 1
                    queue.append(there)
            squares = grid.squares
            found = {squares[i]: n for i, n in steps.items()}
        self._crow[start] = found
        return found

    def jump(self, here: int, first: int) -> tuple[int, tuple[Square, ...]] | None:
        """A monster's jump from square number ``here`` over the Hole ``first`` next to it:
        the landing square's number and the Holes jumped, or ``None`` when it cannot land
        (figures aside)."""
        key = (here, first)
        if key in self._jumps:
            return self._jumps[key]
        d = self.dungeon
        grid = self.grid
        a, b = grid.squares[here], grid.squares[first]
        dx, dy = b.x - a.x, b.y - a.y
        holes = [b]
        landing = Square(b.x + dx, b.y + dy)
        while self.hole(landing) and landing in d.neighbors(holes[-1]):
            holes.append(landing)
            landing = Square(landing.x + dx, landing.y + dy)
        found: tuple[int, tuple[Square, ...]] | None = None
        if landing in d.neighbors(holes[-1]) and self.passable(landing):
            found = (grid.index[landing], tuple(holes))
        self._jumps[key] = found
        return found


ground: PerObject[Dungeon, _Ground] = PerObject(_Ground)
"""The shared answers for a dungeon (the last few dungeons are kept)."""


_Label = tuple[int, int, int, int]  # AP, -squares along walls, y, x

_Parent = tuple[int, str, int]
"""How the search reached a square: (the square number it came from, the kind of move, the
neighbour's square number: the square stepped onto, the Rubble cleared, the first Hole of a
jump)."""


class MonsterMoves:
    """Every square the monster can get to, with the cheapest path (the most squares along a
    wall among equally cheap ones).

    ``cost[square]`` is the AP of that path; :meth:`path` lists its :class:`MonsterStep`s.
    With ``ap`` given, only squares reached with every step paid in full are kept (those
    are the squares from which an attack is still allowed); the steps a monster may take
    with too few AP are handled by :func:`.route.walk_toward`. ``ends`` are the squares it
    may stop on (no other figure there); squares of other monsters can be passed but not
    stopped on.
    """

    def __init__(
        self,
        situation: Situation,
        who: str | MonsterProfile,
        *,
        ap: int | None = None,
        pack: ContentPack | None = None,
        level: int = 1,
    ) -> None:
        self.situation = situation
        self.monster = (
            who
            if isinstance(who, MonsterProfile)
            else monster_profile(situation, who, pack=pack, level=level)
        )
        self.ap = ap
        self.dungeon = situation.dungeon
        self.heroes = frozenset(
            h.square for h in situation.heroes if not h.unconscious and h.carried_by is None
        )
        self.others = frozenset(
            m.square for m in situation.monsters if m.letter != self.monster.letter
        )
        # Unconscious characters do not occupy their square (*Unconsciousness*).
        self._occupied = frozenset(
            f.square
            for f in situation.figures
            if f.carried_by is None and f.letter != self.monster.letter and not f.unconscious
        )
        self._ground = ground(self.dungeon)
        self._kinds = self._ground.kinds(self.monster.flight, self.monster.through_walls)
        self.cost: dict[Square, int] = {}
        self._keys: dict[int, int] = {}
        """The search's packed label of each square reached, by square number."""
        self._packing = (1, 1)
        """How a packed label is read: (the number of squares, the weight of one AP)."""
        self._labels: dict[Square, _Label] | None = None
        self._parent: dict[int, _Parent] = {}
        """How the search reached each square, by square number."""
        self._paths: dict[Square, tuple[MonsterStep, ...]] = {}
        self._search()

    # -- what a square is to this monster --

    def _stand(self, square: Square) -> bool:
        i = self._ground.grid.index.get(square)
        return False if i is None else self._kinds[2][i]

    def free(self, square: Square) -> bool:
        """Whether the monster could stand on ``square``: ground it may stop on (never a
        Hole) with no other figure there (an unconscious character's marker does not count)."""
        return self._stand(square) and square not in self._occupied

    def ends_here(self, square: Square) -> bool:
        """Whether the monster may stop on ``square``: free, and reached by the search."""
        return square in self.cost and self.free(square)

    @property
    def ends(self) -> tuple[Square, ...]:
        """The squares the monster may stop on, cheapest first."""
        return tuple(self.in_label_order([s for s in self.cost if self.ends_here(s)]))

    def in_label_order(self, squares: list[Square]) -> list[Square]:
        """``squares`` (all reached) sorted by their :meth:`label`. The packed labels the
        search kept are ordered as the labels are, one whole number per square (no two
        squares share one: the reading order is part of it), so they are sorted instead."""
        if self._labels is not None:
            return sorted(squares, key=self._labels.__getitem__)
        keys, index = self._keys, self._ground.grid.index
        return [square for _, square in sorted([(keys[index[s]], s) for s in squares])]

    def walls_along(self, square: Square) -> int:
        """How many squares of the path to ``square`` lie along a wall."""
        return -self.label(square)[1]

    def label(self, square: Square) -> _Label:
        """The search's label of a square reached: (AP, -squares along walls, y, x), the order
        in which routes are preferred (*Fastest Way to the Target*)."""
        if self._labels is not None:
            return self._labels[square]
        if square not in self.cost:
            raise KeyError(square)
        n, big = self._packing
        cost, rest = divmod(self._keys[self._ground.grid.index[square]], big)
        return (cost, rest // n - n, square.y, square.x)

    @property
    def _label(self) -> dict[Square, _Label]:
        """Every reached square's label, made the first time it is asked for (an activation
        reads only a few of them)."""
        if self._labels is None:
            self._labels = {s: self.label(s) for s in self.cost}
        return self._labels

    def path(self, square: Square) -> tuple[MonsterStep, ...]:
        """The steps of the chosen path to ``square`` (empty for the monster's own square)."""
        if square not in self.cost:
            raise KeyError(square)
        found = self._paths.get(square)
        if found is None:
            parent = self._parent.get(self._ground.grid.index.get(square, -1))
            if parent is None:
                found = ()
            else:
                here, kind, there = parent
                start = self._ground.grid.squares[here]
                found = self.path(start) + self._steps(start, kind, there)
            self._paths[square] = found
        return found

    def _steps(self, here: Square, kind: str, there: int) -> tuple[MonsterStep, ...]:
        """The :class:`MonsterStep`s of one move of the search, built when a path is asked
        for."""
        g = self._ground
        grid = g.grid
        if kind == "jump":
            jumped = g.jump(grid.index[here], there)
            assert jumped is not None
            landing, holes = jumped
            cost = JUMP_AP + grid.extra[landing]
            end = grid.squares[landing]
            return (MonsterStep("jump", here, end, cost, Section.MONSTERS_AND_OBSTACLES, holes),)
        end = grid.squares[there]
        extra = grid.extra[there]
        if kind == "clear":
            clear = MonsterStep(
                "clear", here, here, CLEAR_RUBBLE_AP, Section.MONSTERS_AND_OBSTACLES, (end,)
            )
            walk = MonsterStep("walk", here, end, WALK_AP + extra, Section.MONSTER_ACTIVATION)
            return (clear, walk)
        if kind == "walk":
            rule = Section.DIFFICULT_TERRAIN if extra else Section.MONSTER_ACTIVATION
            return (MonsterStep("walk", here, end, WALK_AP + extra, rule),)
        rule = Section.DUNGEON_MARKERS if kind == "fly" else Section.WALLS
        return (MonsterStep(kind, here, end, WALK_AP, rule),)  # type: ignore[arg-type]

    def squares_on_path(self, square: Square) -> tuple[Square, ...]:
        return (self.monster.square, *(step.end for step in self.path(square)))

    # -- the search --

    @property
    def held(self) -> bool:
        """Whether the monster is held in place (an ``immobilized`` figure, e.g. caught by
        Vine Tendrils): it cannot move this activation, only attack from where it stands."""
        return "immobilized" in self.situation.figure(self.monster.letter).flags

    def _search(self) -> None:
        """Dijkstra over the grid's square numbers. A label (AP, -squares along walls, y, x)
        is packed into one whole number ordered the same way, so the heap compares ints."""
        start = self.monster.square
        budget = 0 if self.held else self.ap
        g = self._ground
        grid = g.grid
        begin = grid.index.get(start)
        if begin is None:  # off the dungeon: no neighbours, nowhere to go
            self._labels = {start: (0, 0, start.y, start.x)}
            self.cost = {start: 0}
            return
        index, squares = grid.index, grid.squares
        heroes = {index[s] for s in self.heroes if s in index}
        occupied = {index[s] for s in self._occupied if s in index}
        kinds, kind_costs, _ = self._kinds
        holes, rubbles, tail, rank, order = g.holes, g.rubbles, g.tail, g.rank, g.order
        neighbors, extra = grid.neighbors, grid.extra
        flight = self.monster.flight
        jump = g.jump
        n = len(squares)
        big = n * (n + 1)  # the weight of one AP; walls + n lies in 0..n, the rank in 0..n-1
        clear_cost = CLEAR_RUBBLE_AP + WALK_AP
        first = n * n + rank[begin]
        best: dict[int, int] = {begin: first}
        parent: dict[int, _Parent] = {}
        queue = [first]
        pop, push = heapq.heappop, heapq.heappush
        while queue:
            key = pop(queue)
            here = order[key % n]
            if key != best[here]:
                # A better label was found since this one was pushed. (A label, once popped,
                # is final: every step costs at least 1 AP, so no later one can beat it, and
                # a key is pushed only when it improves; so this is the only check needed.)
                continue
            cost = key // big
            base = key - cost * big - n * n - rank[here]  # walls * n, walls <= 0
            for there in neighbors[here]:
                kind = None if there in heroes else kinds[there]
                if kind is not None:
                    step = kind_costs[there]
                    end = there
                elif rubbles[there] and there not in occupied:
                    kind = "clear"
                    step = clear_cost + extra[there]
                    end = there
                elif holes[there] and not flight:
                    jumped = jump(here, there)
                    if jumped is None or jumped[0] in heroes:
                        continue
                    kind = "jump"
                    end = jumped[0]
                    step = JUMP_AP + extra[end]
                else:
                    continue
                new_cost = cost + step
                if budget is not None and new_cost > budget:
                    continue
                new = new_cost * big + base + tail[end]
                old = best.get(end)
                if old is None or new < old:
                    best[end] = new
                    parent[end] = (here, kind, there)
                    push(queue, new)
        self._keys = best
        self._packing = (n, big)
        self.cost = {squares[i]: key // big for i, key in best.items()}
        self._parent = parent

    def within(self, ap: int) -> MonsterMoves:
        """The same search cut to what ``ap`` AP pay for in full. (A cheapest path's every
        part is a cheapest path too, so cutting the whole search gives the same paths as
        searching with the limit.)"""
        cut = copy.copy(self)
        cut.ap = ap
        cut.cost = {s: c for s, c in self.cost.items() if c <= ap}
        if self._labels is not None:
            cut._labels = {s: lab for s, lab in self._labels.items() if lab[0] <= ap}
        cut._paths = {s: steps for s, steps in self._paths.items() if s in cut.cost}
        return cut

    def ap_left(self, square: Square) -> int | None:
        """The AP left after moving to ``square``, when the search had an AP budget."""
        if self.ap is None:
            return None
        return self.ap - self.cost[square]
