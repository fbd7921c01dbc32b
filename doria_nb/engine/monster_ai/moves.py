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
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from doria_nb.engine.cards import ContentPack, Marker
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.records import MonsterProfile, monster_profile
from doria_nb.engine.movement.steps import JUMP_AP, WALK_AP
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.tiles import Terrain

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
    """

    def __init__(self, dungeon: Dungeon) -> None:
        self.dungeon = dungeon
        self._passable: dict[Square, bool] = {}
        self._hole: dict[Square, bool] = {}
        self._wall: dict[Square, bool] = {}
        self._extra: dict[Square, int] = {}

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


_GROUNDS: OrderedDict[int, _Ground] = OrderedDict()
_KEPT = 16


def ground(dungeon: Dungeon) -> _Ground:
    """The shared answers for ``dungeon`` (the last few dungeons are kept)."""
    found = _GROUNDS.get(id(dungeon))
    if found is None or found.dungeon is not dungeon:
        found = _GROUNDS[id(dungeon)] = _Ground(dungeon)
        while len(_GROUNDS) > _KEPT:
            _GROUNDS.popitem(last=False)
    else:
        _GROUNDS.move_to_end(id(dungeon))
    return found


_Label = tuple[int, int, int, int]  # AP, -squares along walls, y, x


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
        self.cost: dict[Square, int] = {}
        self._label: dict[Square, _Label] = {}
        self._came: dict[Square, tuple[MonsterStep, ...]] = {}
        self._search()

    # -- what a square is to this monster --

    def _stand(self, square: Square) -> bool:
        if self._ground.passable(square):
            return True
        if self.monster.through_walls:
            return self.dungeon.content(square) is not None and not self._ground.hole(square)
        return False

    def _enter(self, square: Square) -> StepKind | None:
        """How this monster may move onto ``square`` by a plain step, if at all."""
        if square in self.heroes:
            return None
        if self._ground.passable(square):
            return "walk"
        content = self.dungeon.content(square)
        if content is None:
            return None
        if self.monster.through_walls:
            return "drift"
        hole = self._ground.hole(square)
        if self.monster.flight and (hole or content.terrain is Terrain.RED_SOLID):
            return "fly"
        return None

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
        found = [s for s in self.cost if self.ends_here(s)]
        return tuple(sorted(found, key=lambda s: self._label[s]))

    def walls_along(self, square: Square) -> int:
        """How many squares of the path to ``square`` lie along a wall."""
        return -self._label[square][1]

    def path(self, square: Square) -> tuple[MonsterStep, ...]:
        """The steps of the chosen path to ``square`` (empty for the monster's own square)."""
        if square not in self._came:
            raise KeyError(square)
        return self._came[square]

    def squares_on_path(self, square: Square) -> tuple[Square, ...]:
        return (self.monster.square, *(step.end for step in self.path(square)))

    # -- the search --

    def _edges(self, here: Square) -> Iterator[tuple[tuple[MonsterStep, ...], Square]]:
        d = self.dungeon
        g = self._ground
        for there in d.neighbors(here):
            kind = self._enter(there)
            if kind is not None:
                extra = g.extra(there) if kind == "walk" else 0
                rule = Section.DIFFICULT_TERRAIN if extra else Section.MONSTER_ACTIVATION
                if kind == "fly":
                    rule = Section.DUNGEON_MARKERS
                if kind == "drift":
                    rule = Section.WALLS
                yield (MonsterStep(kind, here, there, WALK_AP + extra, rule),), there
            elif g.rubble(there) and there not in self._occupied:
                clear = MonsterStep(
                    "clear", here, here, CLEAR_RUBBLE_AP, Section.MONSTERS_AND_OBSTACLES, (there,)
                )
                walk = MonsterStep(
                    "walk", here, there, WALK_AP + g.extra(there), Section.MONSTER_ACTIVATION
                )
                yield (clear, walk), there
            elif g.hole(there) and not self.monster.flight:
                yield from self._jump(here, there)

    def _jump(
        self, here: Square, first: Square
    ) -> Iterator[tuple[tuple[MonsterStep, ...], Square]]:
        d = self.dungeon
        g = self._ground
        dx, dy = first.x - here.x, first.y - here.y
        holes = [first]
        landing = Square(first.x + dx, first.y + dy)
        while g.hole(landing) and landing in d.neighbors(holes[-1]):
            holes.append(landing)
            landing = Square(landing.x + dx, landing.y + dy)
        if landing not in d.neighbors(holes[-1]) or not g.passable(landing):
            return
        if landing in self.heroes:
            return
        jump = MonsterStep(
            "jump",
            here,
            landing,
            JUMP_AP + g.extra(landing),
            Section.MONSTERS_AND_OBSTACLES,
            tuple(holes),
        )
        # Onto a free square, or onto another monster's square: from there it steps on behind
        # that monster (the rulebook's "free square behind it and 6 AP": 5 for the jump and
        # 1 for the step, paid in full), or pushes it aside to attack from its square.
        yield (jump,), landing

    @property
    def held(self) -> bool:
        """Whether the monster is held in place (an ``immobilized`` figure, e.g. caught by
        Vine Tendrils): it cannot move this activation, only attack from where it stands."""
        return "immobilized" in self.situation.figure(self.monster.letter).flags

    def _search(self) -> None:
        start = self.monster.square
        budget = 0 if self.held else self.ap
        label: dict[Square, _Label] = {start: (0, 0, start.y, start.x)}
        came: dict[Square, tuple[MonsterStep, ...]] = {start: ()}
        done: set[Square] = set()
        queue: list[tuple[_Label, Square]] = [(label[start], start)]
        while queue:
            lab, here = heapq.heappop(queue)
            if here in done or lab != label[here]:
                continue
            done.add(here)
            cost, walls = lab[0], lab[1]
            for steps, there in self._edges(here):
                new_cost = cost + sum(step.cost for step in steps)
                if budget is not None and new_cost > budget:
                    continue
                bonus = 1 if self._ground.along_wall(there) else 0
                new = (new_cost, walls - bonus, there.y, there.x)
                if there not in label or new < label[there]:
                    label[there] = new
                    came[there] = came[here] + steps
                    heapq.heappush(queue, (new, there))
        self._label = label
        self._came = came
        self.cost = {s: lab[0] for s, lab in label.items()}

    def within(self, ap: int) -> MonsterMoves:
        """The same search cut to what ``ap`` AP pay for in full. (A cheapest path's every
        part is a cheapest path too, so cutting the whole search gives the same paths as
        searching with the limit.)"""
        cut = copy.copy(self)
        cut.ap = ap
        cut.cost = {s: c for s, c in self.cost.items() if c <= ap}
        cut._label = {s: lab for s, lab in self._label.items() if lab[0] <= ap}
        cut._came = {s: steps for s, steps in self._came.items() if s in cut.cost}
        return cut

    def ap_left(self, square: Square) -> int | None:
        """The AP left after moving to ``square``, when the search had an AP budget."""
        if self.ap is None:
            return None
        return self.ap - self.cost[square]
