"""The fast movement searches give exactly what the plain ones gave.

:class:`MonsterMoves` runs on square numbers with packed labels and builds its steps only
when a path is asked for; the hero's :func:`reachable` shares the numbered grid. Here a slow
reference, the plain search on squares kept in this file, is compared with them on random
dungeons explored by the rules, with Holes, Rubble and figures scattered on them: the same
costs, labels (AP, squares along walls, reading order), paths step by step, ends and
``within`` cuts.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.cards import Marker
from doria_nb.engine.chance import Chance
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.moves import CLEAR_RUBBLE_AP, MonsterMoves, MonsterStep
from doria_nb.engine.monster_ai.route import _crow_distances
from doria_nb.engine.movement import reachable
from doria_nb.engine.movement.board import _board as _movement_board
from doria_nb.engine.movement.search import _MOVE, _SWAPPED, _Search
from doria_nb.engine.movement.steps import JUMP_AP, SWAP_AP, WALK_AP
from doria_nb.engine.random_dungeon import explore
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.situation.figure import Figure
from doria_nb.engine.tiles import Terrain

PACK = starter_pack()
MONSTERS = ("Orc", "Goblin", "Gargoyle", "Poltergeist", "Ogre", "Archer", "Dark Mage")


class _Reference:
    """The plain monster search on squares, as it was written first: every relaxation
    builds its :class:`MonsterStep`s and concatenates the path."""

    def __init__(self, moves: MonsterMoves, ap: int | None) -> None:
        self.m = moves
        self.d = moves.dungeon
        self.monster = moves.monster
        self.heroes = moves.heroes
        self.occupied = moves._occupied
        self.ap = ap
        self.label: dict[Square, tuple[int, int, int, int]] = {}
        self.came: dict[Square, tuple[MonsterStep, ...]] = {}
        self._search()

    def along_wall(self, square: Square) -> bool:
        return any(not self.d.passable(n) and not self.d.is_hole(n) for n in square.neighbors())

    def _enter(self, square: Square) -> str | None:
        if square in self.heroes:
            return None
        if self.d.passable(square):
            return "walk"
        content = self.d.content(square)
        if content is None:
            return None
        if self.monster.through_walls:
            return "drift"
        hole = self.d.is_hole(square)
        if self.monster.flight and (hole or content.terrain is Terrain.RED_SOLID):
            return "fly"
        return None

    def _edges(self, here: Square) -> Iterator[tuple[tuple[MonsterStep, ...], Square]]:
        d = self.d
        for there in d.neighbors(here):
            kind = self._enter(there)
            if kind is not None:
                extra = d.extra_ap(there) if kind == "walk" else 0
                rule = Section.DIFFICULT_TERRAIN if extra else Section.MONSTER_ACTIVATION
                if kind == "fly":
                    rule = Section.DUNGEON_MARKERS
                if kind == "drift":
                    rule = Section.WALLS
                step = MonsterStep(kind, here, there, WALK_AP + extra, rule)  # type: ignore[arg-type]
                yield (step,), there
            elif d.marker(there) is Marker.RUBBLE and there not in self.occupied:
                clear = MonsterStep(
                    "clear", here, here, CLEAR_RUBBLE_AP, Section.MONSTERS_AND_OBSTACLES, (there,)
                )
                walk = MonsterStep(
                    "walk", here, there, WALK_AP + d.extra_ap(there), Section.MONSTER_ACTIVATION
                )
                yield (clear, walk), there
            elif d.is_hole(there) and not self.monster.flight:
                yield from self._jump(here, there)

    def _jump(
        self, here: Square, first: Square
    ) -> Iterator[tuple[tuple[MonsterStep, ...], Square]]:
        d = self.d
        dx, dy = first.x - here.x, first.y - here.y
        holes = [first]
        landing = Square(first.x + dx, first.y + dy)
        while d.is_hole(landing) and landing in d.neighbors(holes[-1]):
            holes.append(landing)
            landing = Square(landing.x + dx, landing.y + dy)
        if landing not in d.neighbors(holes[-1]) or not d.passable(landing):
            return
        if landing in self.heroes:
            return
        cost = JUMP_AP + d.extra_ap(landing)
        jump = MonsterStep(
            "jump", here, landing, cost, Section.MONSTERS_AND_OBSTACLES, tuple(holes)
        )
        yield (jump,), landing

    def _search(self) -> None:
        start = self.monster.square
        budget = 0 if self.m.held else self.ap
        label = {start: (0, 0, start.y, start.x)}
        came: dict[Square, tuple[MonsterStep, ...]] = {start: ()}
        done: set[Square] = set()
        queue = [(label[start], start)]
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
                bonus = 1 if self.along_wall(there) else 0
                new = (new_cost, walls - bonus, there.y, there.x)
                if there not in label or new < label[there]:
                    label[there] = new
                    came[there] = came[here] + steps
                    heapq.heappush(queue, (new, there))
        self.label = label
        self.came = came


def _board(seed: int) -> Situation:
    """A random explored dungeon with a few Holes and Rubble, 4 heroes (one unconscious, one
    buried on Rubble) and 5 monsters."""
    chance = Chance.seeded(seed)
    dungeon = explore(PACK, chance, tiles=3 + seed % 5, characters=4)
    floor = [sq for sq in dungeon.squares() if dungeon.passable(sq) and not dungeon.door_square(sq)]
    picked: list[Square] = []
    while len(picked) < min(len(floor), 16):
        square = floor[chance.below(len(floor))]
        if square not in picked:
            picked.append(square)
    for square in picked[9:13]:
        dungeon = dungeon.with_marker(square, Marker.HOLE)
    for square in picked[13:16]:
        dungeon = dungeon.with_marker(square, Marker.RUBBLE)
    heroes = [
        Figure.hero("Warrior", "W", picked[0], STR=13, AGI=9, WIS=4, AP=12),
        Figure.hero("Mage", "M", picked[1], STR=4, AGI=7, WIS=12, AP=11),
        Figure.hero("Ranger", "R", picked[2], HP=-1, AP=0, flags={"unconscious"}),
    ]
    if len(picked) > 15:
        heroes.append(
            Figure.hero("Priestess", "Z", picked[15], STR=6, AGI=6, WIS=11, flags={"buried"})
        )
    names = [MONSTERS[(seed + k) % len(MONSTERS)] for k in range(5)]
    monsters = [
        Figure.monster(name, letter, square, flags={"immobilized"} if k == 4 else ())
        for k, (name, letter, square) in enumerate(zip(names, "bcdfj", picked[3:8], strict=True))
    ]
    return Situation(dungeon, (*heroes, *monsters))


def _same(fast: MonsterMoves, slow: _Reference) -> None:
    assert list(fast.cost) == list(slow.label)  # the same squares, found in the same order
    assert fast._label == slow.label
    for square in slow.label:
        assert fast.cost[square] == slow.label[square][0]
        assert fast.walls_along(square) == -slow.label[square][1]
        assert fast.path(square) == slow.came[square]
    free = [s for s in slow.label if fast.free(s)]
    assert fast.ends == tuple(sorted(free, key=lambda s: slow.label[s]))


@pytest.mark.parametrize("seed", range(12))
def test_monster_search_matches_the_plain_search(seed: int) -> None:
    situation = _board(seed)
    for monster in situation.monsters:
        fast = MonsterMoves(situation, monster.letter, pack=PACK)
        _same(fast, _Reference(fast, None))
        for ap in (0, 3, 8, 15):
            limited = MonsterMoves(situation, monster.letter, ap=ap, pack=PACK)
            _same(limited, _Reference(limited, ap))
            cut = fast.within(ap)
            assert cut.cost == limited.cost and cut._label == limited._label
            assert all(cut.path(s) == limited.path(s) for s in limited.cost)
            outside = next((s for s in fast.cost if s not in cut.cost), None)
            if outside is not None:
                with pytest.raises(KeyError):
                    cut.path(outside)


def test_the_monster_search_is_the_same_on_a_copy_of_the_dungeon() -> None:
    """Answers kept per dungeon are never mixed up between two dungeons."""
    situation = _board(3)
    letter = situation.monsters[0].letter
    first = MonsterMoves(situation, letter, pack=PACK)
    d = situation.dungeon
    copy = Situation(Dungeon(d.tiles, d.opened, d.markers, d.treasures), situation.figures)
    again = MonsterMoves(copy, letter, pack=PACK)
    assert again.cost == first.cost
    assert all(again.path(s) == first.path(s) for s in first.cost)


def _reach_facts(dungeon: Dungeon, start: Square, ap: int, **kw: object) -> object:
    reach = reachable(dungeon, start, ap, **kw)  # type: ignore[arg-type]
    return [(sq, reach.cost(sq), str(reach.squares[sq])) for sq in reach], reach.describe()


@pytest.mark.parametrize("seed", range(6))
def test_reachable_is_the_same_on_a_fresh_copy_and_when_asked_again(seed: int) -> None:
    situation = _board(seed)
    d = situation.dungeon
    heroes = [h for h in situation.heroes if not h.unconscious]
    monsters = [m.square for m in situation.monsters]
    for hero in heroes:
        others = [h.square for h in heroes if h.letter != hero.letter]
        kw = {"characters": others, "monsters": monsters}
        fresh = Dungeon(d.tiles, d.opened, d.markers, d.treasures)
        first = _reach_facts(fresh, hero.square, 12, **kw)
        assert _reach_facts(fresh, hero.square, 12, **kw) == first
        assert _reach_facts(d, hero.square, 12, **kw) == first


class _PlainSearch(_Search):
    """The heroes' search as first written: each node's moves come from a generator."""

    def run(self) -> _Search:
        ap = self.ap
        start = self.start * 2 + _MOVE
        best, parent = self.best, self.parent
        best[start] = (0, 0, 0)
        counter = itertools.count()
        heap = [(0, 0, 0, next(counter), start)]
        done: set[int] = set()
        while heap:
            spent, jumps, jumped, _, node = heapq.heappop(heap)
            if node in done:
                continue
            done.add(node)
            if node & 1 == _SWAPPED or ap - spent < 1:
                continue
            for cost, more_jumps, more_jumped, target, edges in self._edges(node >> 1, spent):
                key = (spent + cost, jumps + more_jumps, jumped + more_jumped)
                old = best.get(target)
                if old is None or key < old:
                    best[target] = key
                    parent[target] = (node, edges)
                    heapq.heappush(heap, (*key, next(counter), target))
        return self

    def _edges(self, i: int, spent: int) -> Iterator[tuple]:
        grid = self.grid
        factor = self.board.factor
        left = self.ap - spent
        for n in grid.neighbors[i]:
            if n in self.monsters or not grid.passable[n]:
                continue
            cost = factor * (WALK_AP + grid.extra[n])
            if cost <= left:
                yield cost, 0, 0, n * 2 + _MOVE, (("walk", i, n),)
        if self.swapping and grid.passable[i] and i not in self.characters:
            for n in grid.neighbors[i]:
                if n in self.characters and grid.passable[n]:
                    cost = factor * (SWAP_AP + grid.extra[n])
                    yield cost, 0, 0, n * 2 + _SWAPPED, (("swap", i, n),)
        if self.jumping:
            for line in grid.lines(i):
                for over, n in enumerate(line):
                    if n in self.monsters or (
                        self.max_jump is not None and over + 1 > self.max_jump
                    ):
                        break
                    if over and grid.passable[n]:
                        cost = factor * (JUMP_AP + grid.extra[n])
                        jump = ("jump", i, n)
                        if n not in self.characters:
                            yield cost, 1, over + 1, n * 2 + _MOVE, (jump,)
                        else:
                            yield from self._sidesteps(n, cost, over + 1, left, jump)
                    if not grid.jumpable[n]:
                        break


@pytest.mark.parametrize("seed", range(8))
def test_hero_search_matches_the_plain_search(seed: int) -> None:
    situation = _board(seed)
    d = situation.dungeon
    heroes = [h for h in situation.heroes if not h.unconscious]
    monsters = [m.square for m in situation.monsters]
    for hero in heroes:
        others = [h.square for h in heroes if h.letter != hero.letter]
        for carrying, ap, options in (
            (False, 12, (True, True, None)),
            (False, 30, (True, True, 2)),
            (True, 14, (True, False, None)),
            (False, 9, (False, True, None)),
        ):
            board, _ = _movement_board(d, hero.square, ap, others, monsters, carrying=carrying)
            fast = _Search(board, ap, *options).run()
            slow = _PlainSearch(board, ap, *options).run()
            assert list(fast.best.items()) == list(slow.best.items())
            assert fast.parent == slow.parent
            assert fast.blocked_landings == slow.blocked_landings


def _plain_crow(dungeon: Dungeon, start: Square) -> dict[Square, int]:
    found = {start: 0}
    queue = [start]
    while queue:
        here = queue.pop(0)
        for there in dungeon.neighbors(here):
            if there in found or dungeon.content(there) is None:
                continue
            if dungeon.jumpable(there) or dungeon.door_square(there) or dungeon.marker(there):
                found[there] = found[here] + 1
                queue.append(there)
    return found


@pytest.mark.parametrize("seed", range(6))
def test_crow_distances_match_the_plain_walk(seed: int) -> None:
    situation = _board(seed)
    d = situation.dungeon
    for figure in situation.figures:
        assert _crow_distances(d, figure.square) == _plain_crow(d, figure.square)
    off = Square(-50, -50)
    assert _crow_distances(d, off) == {off: 0}


def test_reachable_keeps_its_answer_per_dungeon_and_question() -> None:
    situation = _board(2)
    d = situation.dungeon
    hero = situation.heroes[0]
    monsters = [m.square for m in situation.monsters]
    first = reachable(d, hero.square, 10, monsters=monsters)
    assert reachable(d, hero.square, 10, monsters=monsters) is first
    assert reachable(d, hero.square, 9, monsters=monsters) is not first
    assert reachable(d, hero.square, 10, monsters=monsters[1:]) is not first
    assert reachable(d, hero.square, 10, monsters=monsters, jumping=False) is not first
    fresh = Dungeon(d.tiles, d.opened, d.markers, d.treasures)
    assert reachable(fresh, hero.square, 10, monsters=monsters) is not first
