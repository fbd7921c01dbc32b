"""The ``search`` benchmark: the movement searches a bot-played game spends its time in.

On random 10-tile dungeons with 6 heroes and 8 monsters (the boards of the ``monsters``
benchmark), it times:

* one monster's movement search without an AP limit (:class:`MonsterMoves`, what every
  activation starts with), the first time on a dungeon and again on the same dungeon;
* one whole activation (target, route, attack);
* one hero's :func:`reachable` with 10 AP and the other figures on the board: the first call
  on a dungeon, a new question on a dungeon seen before, and the same question asked again.

Figures are printed, never asserted; run it before and after a change to compare.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from doria_nb.bench.registry import benchmark

if TYPE_CHECKING:
    from doria_nb.engine.cards import ContentPack
    from doria_nb.engine.situation import Situation
    from doria_nb.engine.situation.figure import Figure


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tiles", type=int, default=10, help="tiles per dungeon (10)")
    parser.add_argument("--seeds", type=int, default=5, help="how many random boards (5)")
    parser.add_argument("--repeat", type=int, default=3, help="timed rounds per board (3)")
    parser.add_argument("--quick", action="store_true", help="a tiny run, for the tests")


def _line(what: str, times: list[float]) -> str:
    return (
        f"{what}: median {statistics.median(times) * 1e3:.2f} ms, mean "
        f"{statistics.fmean(times) * 1e3:.2f} ms, max {max(times) * 1e3:.2f} ms "
        f"over {len(times)} runs"
    )


def _timed(times: list[float], run: Callable[[], object]) -> None:
    begin = time.perf_counter()
    run()
    times.append(time.perf_counter() - begin)


_FIGURES = {
    "first_search": "monster search, first on a dungeon",
    "search": "monster search, dungeon seen before",
    "activate": "one activation (target, route, attack)",
    "first_reach": "reachable(10 AP), first on a dungeon",
    "reach": "reachable(10 AP), dungeon seen before, new question",
    "reach_again": "reachable(10 AP), the same question again",
}
"""What is timed, by key, with the words printed."""


def _board_times(
    situation: Situation, pack: ContentPack, repeat: int, times: dict[str, list[float]]
) -> None:
    """Time the searches on one board, adding to ``times``."""
    from doria_nb.engine.monster_ai import MonsterMoves, activate
    from doria_nb.engine.movement import reachable

    dungeon = situation.dungeon
    monsters = [m.letter for m in situation.monsters]
    heroes = list(situation.heroes)
    hero_squares = [h.square for h in heroes]
    foes = [m.square for m in situation.monsters]

    def reach_of(hero: Figure) -> Callable[[], object]:
        others = [sq for sq in hero_squares if sq != hero.square]
        return partial(reachable, dungeon, hero.square, 10, characters=others, monsters=foes)

    _timed(times["first_search"], partial(MonsterMoves, situation, monsters[0], pack=pack))
    _timed(times["first_reach"], reach_of(heroes[0]))
    for turn in range(repeat):
        for letter in monsters:
            _timed(times["search"], partial(MonsterMoves, situation, letter, pack=pack))
            _timed(times["activate"], partial(activate, situation, letter, pack=pack))
        for hero in heroes[1:] if turn == 0 else heroes:
            _timed(times["reach" if turn == 0 else "reach_again"], reach_of(hero))


@benchmark("search", "monster movement searches and reachable() on random boards", _configure)
def search_benchmark(args: argparse.Namespace) -> int:
    """Time the monster search, activations and heroes' reachable() on random boards."""
    from doria_nb.bench.monster_bench import HEROES, MONSTER_MIX
    from doria_nb.content.loader import starter_pack
    from doria_nb.engine.chance import Chance
    from doria_nb.engine.dungeon import Dungeon
    from doria_nb.engine.random_dungeon import explore
    from doria_nb.engine.situation import Situation
    from doria_nb.engine.situation.figure import Figure

    pack = starter_pack()
    seeds = 1 if args.quick else args.seeds
    tiles = min(args.tiles, 4) if args.quick else args.tiles
    repeat = 1 if args.quick else max(1, args.repeat)
    times: dict[str, list[float]] = {name: [] for name in _FIGURES}
    boards = 0
    for seed in range(seeds):
        chance = Chance.seeded(seed)
        built = explore(pack, chance, tiles=tiles, characters=6)
        free = [sq for sq in built.squares() if built.passable(sq) and not built.door_square(sq)]
        free = [sq for sq in free if sq in built.connected_squares]
        wanted = len(HEROES) + len(MONSTER_MIX)
        if len(free) < wanted:
            continue
        picked: list = []
        while len(picked) < wanted:
            square = free[chance.below(len(free))]
            if square not in picked:
                picked.append(square)
        # A fresh copy of the dungeon: nothing cached for it yet.
        dungeon = Dungeon(built.tiles, built.opened, built.markers, built.treasures)
        figures = [
            Figure.hero(name, letter, square, STR=s, AGI=a, WIS=w, AP=10 + i)
            for i, ((name, letter, s, a, w), square) in enumerate(zip(HEROES, picked, strict=False))
        ]
        figures += [
            Figure.monster(name, letter, square)
            for name, letter, square in zip(
                MONSTER_MIX, "bcdfjklq", picked[len(HEROES) :], strict=True
            )
        ]
        situation = Situation(dungeon, tuple(figures))
        boards += 1
        _board_times(situation, pack, repeat, times)
    if not boards:
        print("no board had room for 14 figures")
        return 1
    print(
        f"{boards} random boards of up to {tiles} tiles, {len(HEROES)} heroes and "
        f"{len(MONSTER_MIX)} monsters each"
    )
    for name, what in _FIGURES.items():
        if times[name]:
            print(_line(what, times[name]))
    return 0
