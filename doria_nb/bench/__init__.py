"""Benchmarks that print figures: ``uv run python -m doria_nb.bench <name>``.

Speed is measured here, never asserted in tests. Each benchmark is a subcommand registered
with :func:`~doria_nb.bench.registry.benchmark`, one module each; ``python -m doria_nb.bench
--help`` lists them:

``odds``
    exact odds of comparative rolls, side by side with icepool (:mod:`.odds_bench`);
``dungeon``
    placements, Line of Sight and ``reachable()`` on random dungeons (:mod:`.dungeon_bench`);
``monsters``
    monster activations on random dungeons with heroes and monsters (:mod:`.monster_bench`);
``search``
    the monster movement search and heroes' ``reachable()`` on the same boards
    (:mod:`.search_bench`);
``games``
    whole bot-played games of the starter scenario: games and decisions per second, replay
    (:mod:`.game_bench`);
``play``
    the play table: apply, undo and decide at round 1 and round 15, loading, a click's redraw
    (:mod:`.play_bench`);
``board``
    drawing the board on crowded dungeons: a new dungeon, figures, a click's redraw, the label
    layout (:mod:`.board_bench`).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from doria_nb.bench import (
    board_bench,
    dungeon_bench,
    game_bench,
    monster_bench,
    odds_bench,
    play_bench,
    search_bench,
)
from doria_nb.bench.registry import BENCHMARKS, Benchmark, benchmark

__all__ = ["BENCHMARKS", "Benchmark", "benchmark", "build_parser", "main"]

_REGISTERED = (
    *(odds_bench, dungeon_bench, monster_bench, search_bench, game_bench, play_bench),
    board_bench,
)
"""Imported for their registrations."""


def build_parser() -> argparse.ArgumentParser:
    """The command line: one subcommand per registered benchmark."""
    parser = argparse.ArgumentParser(
        prog="python -m doria_nb.bench", description="Benchmarks that print figures."
    )
    commands = parser.add_subparsers(dest="benchmark", required=True, metavar="BENCHMARK")
    for entry in BENCHMARKS.values():
        sub = commands.add_parser(entry.name, help=entry.help, description=entry.help)
        entry.configure(sub)
        sub.set_defaults(run=entry.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark named on the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    return int(args.run(args))
