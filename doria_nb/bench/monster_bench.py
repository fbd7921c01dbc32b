"""The ``monsters`` benchmark: how long a monster takes to decide, on a busy random dungeon.

Random 10-tile dungeons are explored by the rules; on each, 6 heroes and 8 monsters (a mix of
melee, ranged, magic, area and flying monsters from the starter pack) stand on random free
squares. Every monster is activated on that board (``activate``: target, route, attack), then
each once more on the same board (what a game does: its dungeon changes only when a door
opens or a marker moves, and the answers kept per dungeon serve every activation until
then), and the whole monster phase is run once; the times are printed as median, 95th
percentile and maximum. Ties the players would settle are timed the same: the engine stops there.
"""

from __future__ import annotations

import argparse
import statistics
import time

from doria_nb.bench.registry import benchmark

MONSTER_MIX = (
    "Orc",
    "Goblin",
    "Slimecrawler",
    "Dark Mage",
    "Gargoyle",
    "Ogre",
    "Archer",
    "Mummy",
)
"""The eight monsters placed on each board."""

HEROES = (
    ("Warrior", "W", 13, 9, 4),
    ("Mage", "M", 4, 7, 12),
    ("Huntress", "H", 7, 10, 6),
    ("Adventurer", "A", 9, 8, 6),
    ("Priestess", "Z", 6, 6, 11),
    ("Ranger", "R", 8, 11, 5),
)
"""Six heroes with their letters, STR, AGI and WIS."""


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tiles", type=int, default=10, help="tiles per dungeon (10)")
    parser.add_argument("--seeds", type=int, default=5, help="how many random boards (5)")
    parser.add_argument("--quick", action="store_true", help="a tiny run, for the tests")


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def _line(what: str, times: list[float]) -> str:
    return (
        f"{what}: median {statistics.median(times) * 1e3:.1f} ms, 95th percentile "
        f"{_percentile(times, 0.95) * 1e3:.1f} ms, max {max(times) * 1e3:.1f} ms "
        f"over {len(times)} runs"
    )


@benchmark("monsters", "monster activations on random dungeons (6 heroes, 8 monsters)", _configure)
def monster_benchmark(args: argparse.Namespace) -> int:
    """Time ``activate`` for every monster and one whole monster phase per board."""
    from doria_nb.content.loader import starter_pack
    from doria_nb.engine.chance import Chance
    from doria_nb.engine.monster_ai import activate, monster_phase
    from doria_nb.engine.random_dungeon import explore
    from doria_nb.engine.situation import Situation
    from doria_nb.engine.situation.figure import Figure

    pack = starter_pack()
    seeds = 1 if args.quick else args.seeds
    tiles = min(args.tiles, 4) if args.quick else args.tiles
    activations: list[float] = []
    again: list[float] = []
    phases: list[float] = []
    outcomes = {"attacks": 0, "moves only": 0, "players decide": 0}
    boards = 0
    for seed in range(seeds):
        chance = Chance.seeded(seed)
        dungeon = explore(pack, chance, tiles=tiles, characters=6)
        free = [
            sq for sq in dungeon.squares() if dungeon.passable(sq) and not dungeon.door_square(sq)
        ]
        free = [sq for sq in free if sq in dungeon.connected_squares]
        if len(free) < len(HEROES) + len(MONSTER_MIX):
            continue
        picked: list = []
        while len(picked) < len(HEROES) + len(MONSTER_MIX):
            square = free[chance.below(len(free))]
            if square not in picked:
                picked.append(square)
        figures = [
            Figure.hero(name, letter, square, STR=s, AGI=a, WIS=w, AP=10 + i)
            for i, ((name, letter, s, a, w), square) in enumerate(zip(HEROES, picked, strict=False))
        ]
        letters = "bcdfjklq"
        figures += [
            Figure.monster(name, letter, square)
            for name, letter, square in zip(
                MONSTER_MIX, letters, picked[len(HEROES) :], strict=True
            )
        ]
        situation = Situation(dungeon, tuple(figures))
        boards += 1
        for monster in situation.monsters:
            begin = time.perf_counter()
            act = activate(situation, monster.letter, pack=pack)
            activations.append(time.perf_counter() - begin)
            if act.pending is not None:
                outcomes["players decide"] += 1
            elif act.attack is not None:
                outcomes["attacks"] += 1
            else:
                outcomes["moves only"] += 1
        for monster in situation.monsters:  # the same board again: its tables are kept
            begin = time.perf_counter()
            activate(situation, monster.letter, pack=pack)
            again.append(time.perf_counter() - begin)
        begin = time.perf_counter()
        monster_phase(situation, pack=pack, order=_any_order(situation, pack))
        phases.append(time.perf_counter() - begin)
    if not activations:
        print("no board had room for 14 figures")
        return 1
    print(
        f"{boards} random boards of up to {tiles} tiles, {len(HEROES)} heroes and "
        f"{len(MONSTER_MIX)} monsters each"
    )
    print(_line("one activation (target, route, attack)", activations))
    print(_line("the same activation asked again (the dungeon's answers kept)", again))
    print(_line("a whole monster phase (8 monsters)", phases))
    shown = ", ".join(f"{count} {what}" for what, count in outcomes.items())
    print(f"outcomes of the single activations: {shown}")
    return 0


def _any_order(situation: object, pack: object) -> tuple[str, ...]:
    """The monster order with its ties settled in the trace's own listing."""
    from doria_nb.engine.monster_ai import monster_order

    trace = monster_order(situation, pack=pack)  # type: ignore[arg-type]
    return tuple(k for group in trace.ranking for k in group)
