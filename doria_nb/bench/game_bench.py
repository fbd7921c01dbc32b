"""The ``games`` benchmark: whole games of the starter scenario played by four bot heroes.

Several runs of the same seeds are timed one after the other; for each the games per second
and decisions (inputs) per second are printed, then the median of the runs side by side with
the replay (loading each saved game, which re-checks every input and every die) and the save
file's size. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time

from doria_nb.bench.registry import benchmark

PARTY = ("warrior", "mage", "ranger", "priestess")


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=20, help="games per run (20)")
    parser.add_argument("--runs", type=int, default=5, help="runs of the same seeds (5)")
    parser.add_argument("--quick", action="store_true", help="a tiny run, for the tests")


@benchmark("games", "whole bot-played games of the starter scenario (4 heroes)", _configure)
def game_benchmark(args: argparse.Namespace) -> int:
    from doria_nb.engine.game.game import Game
    from doria_nb.engine.game.simulate import play_out

    games = 2 if args.quick else args.games
    runs = 1 if args.quick else args.runs
    per_game: list[float] = []
    rates: list[tuple[float, float]] = []
    replays: list[float] = []
    sizes: list[int] = []
    wins = inputs_total = 0
    for run in range(runs):
        start = time.perf_counter()
        inputs = 0
        for seed in range(games):
            t0 = time.perf_counter()
            game = play_out(Game.new("the_flooded_archive", PARTY, seed, snapshots=False))
            per_game.append(time.perf_counter() - t0)
            inputs += len(game.inputs)
            if run == 0:
                wins += bool(game.result and game.result.won)
                text = game.save()
                sizes.append(len(text.encode()))
                t1 = time.perf_counter()
                Game.load(text)
                replays.append(time.perf_counter() - t1)
        seconds = time.perf_counter() - start - (sum(replays) if run == 0 else 0)
        rates.append((games / seconds, inputs / seconds))
        inputs_total = inputs
        print(
            f"run {run + 1}: {games} games, {inputs} decisions: {games / seconds:.2f} games/s, "
            f"{inputs / seconds:.0f} decisions/s"
        )
    print(
        f"median of {runs} run(s): {statistics.median(r[0] for r in rates):.2f} games/s, "
        f"{statistics.median(r[1] for r in rates):.0f} decisions/s; median game "
        f"{statistics.median(per_game) * 1e3:.0f} ms; {inputs_total / games:.0f} decisions a game"
    )
    print(
        f"replay (load a save file): median {statistics.median(replays) * 1e3:.0f} ms a game; "
        f"save file median {statistics.median(sizes) / 1024:.1f} KiB; won {wins} of {games}"
    )
    return 0
