"""The ``dungeon`` benchmark: placements, Line of Sight and reachable() on random dungeons."""

from __future__ import annotations

import argparse
import statistics
import time

from doria_nb.bench.registry import benchmark, rate


def _configure_dungeon(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tiles", type=int, default=10, help="tiles per dungeon (10)")
    parser.add_argument("--seeds", type=int, default=5, help="how many random dungeons (5)")
    parser.add_argument("--pairs", type=int, default=2000, help="Line of Sight pairs (2000)")
    parser.add_argument("--starts", type=int, default=20, help="reachable() starts (20)")
    parser.add_argument("--quick", action="store_true", help="a tiny run, for the tests")


@benchmark(
    "dungeon", "placements, Line of Sight and reachable() on random dungeons", _configure_dungeon
)
def dungeon_benchmark(args: argparse.Namespace) -> int:
    """Explore random dungeons by the rules and time the three questions players ask most."""
    from doria_nb.content.loader import starter_pack
    from doria_nb.engine.chance import Chance
    from doria_nb.engine.exploration import Exit, placements
    from doria_nb.engine.random_dungeon import explore

    seeds = 1 if args.quick else args.seeds
    pairs_wanted = 50 if args.quick else args.pairs
    starts_wanted = 2 if args.quick else args.starts
    pack = starter_pack()
    start = time.perf_counter()
    dungeons = [explore(pack, Chance.seeded(seed), tiles=args.tiles) for seed in range(seeds)]
    built = time.perf_counter() - start
    tiles_laid = sum(len(d.tiles) - 1 for d in dungeons)
    print(
        f"{seeds} random dungeons of up to {args.tiles} tiles: {tiles_laid} tiles laid by the "
        f"rules in {built * 1e3:.0f} ms ({rate(tiles_laid, built)} tiles)"
    )

    queries = found = 0
    start = time.perf_counter()
    for dungeon in dungeons:
        laid = {t.id for t in dungeon.tiles}
        for door in dungeon.unexplored_doors():
            for tile in pack.tiles:
                if tile.id not in laid:
                    found += len(placements(dungeon, tile, Exit.of_door(door)))
                    queries += 1
    spent = time.perf_counter() - start
    print(
        f"placements: {queries} (door, tile) questions, {found} legal placements in "
        f"{spent * 1e3:.0f} ms: {rate(queries, spent)} questions, "
        f"{rate(found, spent)} placements enumerated"
    )

    chance = Chance.seeded(0)
    for label, fresh in (("uncached", True), ("cached", False)):
        asked = 0
        spent = 0.0
        for dungeon in dungeons:
            squares = [sq for sq in dungeon.squares() if dungeon.passable(sq)]
            pairs = [
                (squares[chance.below(len(squares))], squares[chance.below(len(squares))])
                for _ in range(pairs_wanted // seeds)
            ]
            sight = dungeon.sight_map
            if fresh:
                sight = sight.with_blocking(sight.blocking)
            else:
                for a, b in pairs:
                    sight.line_of_sight(a, b)
            begin = time.perf_counter()
            for a, b in pairs:
                sight.line_of_sight(a, b)
            spent += time.perf_counter() - begin
            asked += len(pairs)
        print(
            f"Line of Sight, {label}: {asked} queries in {spent * 1e3:.1f} ms: {rate(asked, spent)}"
        )

    try:
        from doria_nb.engine.movement import reachable
    except ImportError:  # pragma: no cover - movement arrives with the dungeon issue
        print("reachable: doria_nb.engine.movement is not available")
        return 0
    for jumping in (False, True):
        times: list[float] = []
        sizes: list[int] = []
        for dungeon in dungeons:
            squares = [sq for sq in dungeon.squares() if dungeon.passable(sq)]
            for _ in range(max(1, starts_wanted // seeds)):
                origin = squares[chance.below(len(squares))]
                begin = time.perf_counter()
                reach = reachable(dungeon, origin, 30, jumping=jumping)
                times.append(time.perf_counter() - begin)
                sizes.append(len(reach.squares))
        print(
            f"reachable(30 AP, {'with' if jumping else 'no'} jumps): median "
            f"{statistics.median(times) * 1e3:.2f} ms, max {max(times) * 1e3:.2f} ms over "
            f"{len(times)} starts, median {statistics.median(sizes):.0f} squares reached"
        )
    return 0
