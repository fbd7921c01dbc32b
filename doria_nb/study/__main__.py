"""``python -m doria_nb.study``: a balance study from the shell, with a progress bar on stderr
and its results written as CSV.

    uv run python -m doria_nb.study --games 10000 --executor process --workers 2
    uv run python -m doria_nb.study --games 10000 --executor dask --scheduler tcp://host:8786

``--games`` is the whole study; it is shared evenly among the cells (five parties and five
optional rules by default: 1,000 games each for 10,000). See ``docs/study.md``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from doria_nb.study.design import DEFAULT_PARTIES, DEFAULT_RULES, SCENARIO, design
from doria_nb.study.executors import EXECUTOR_KINDS, open_executor
from doria_nb.study.progress import ProgressBar
from doria_nb.study.report import summary_text
from doria_nb.study.results import write_csv
from doria_nb.study.run import run_study
from doria_nb.study.wilson import StudyError

__all__ = ["main", "parser"]


def parser() -> argparse.ArgumentParser:
    """The command line of the study."""
    p = argparse.ArgumentParser(
        prog="python -m doria_nb.study",
        description="Balance study: bot-played games by party and by optional rule.",
    )
    p.add_argument("--games", type=int, default=1000, help="games in all (1000)")
    p.add_argument("--seed", type=int, default=0, help="first seed of every cell (0)")
    p.add_argument("--scenario", default=SCENARIO, help=f"scenario id ({SCENARIO})")
    p.add_argument(
        "--party",
        action="append",
        help="a party as hero ids, comma-separated; repeat for more parties "
        "(default: five parties, the starter four first)",
    )
    p.add_argument(
        "--rules",
        default=",".join(DEFAULT_RULES),
        help="sets of optional rules played with the first party, comma-separated, "
        "named as in the soak's --options ('' for none)",
    )
    p.add_argument("--executor", choices=EXECUTOR_KINDS, default="process")
    p.add_argument("--workers", type=int, help="worker processes (default: the cores)")
    p.add_argument("--scheduler", help="a Dask scheduler address, e.g. tcp://10.0.0.5:8786")
    p.add_argument("--out", type=Path, default=Path("study-results"), help="CSV folder")
    p.add_argument("--no-games-csv", action="store_true", help="skip games.csv (one row a game)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        parties = (
            [tuple(h.strip() for h in text.split(",") if h.strip()) for text in args.party]
            if args.party
            else DEFAULT_PARTIES
        )
        rules = [name.strip() for name in args.rules.split(",") if name.strip()]
        cells = design(scenario=args.scenario, parties=parties, rules=rules)
        per_cell = args.games // len(cells)
        if per_cell < 1:
            raise StudyError(
                f"{args.games} games cannot be shared among {len(cells)} cells: "
                f"ask for at least {len(cells)}."
            )
        total = per_cell * len(cells)
        with open_executor(args.executor, workers=args.workers, scheduler=args.scheduler) as run:
            print(
                f"{total} games: {len(cells)} cells × {per_cell}, seeds {args.seed} to "
                f"{args.seed + per_cell - 1}, on {run.description}.",
                file=sys.stderr,
            )
            bar = None if args.no_progress else ProgressBar(total)
            start = time.perf_counter()
            results = run_study(
                cells,
                games_per_cell=per_cell,
                seed=args.seed,
                executor=run.executor,
                on_game=None if bar is None else (lambda _cell, _game: bar.advance()),
            )
            seconds = time.perf_counter() - start
            if bar is not None:
                bar.close()
    except StudyError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    paths = write_csv(results, args.out, with_games=not args.no_games_csv)
    print(summary_text(results))
    print(
        f"\n{total} games in {seconds:.1f} s ({total / seconds:.1f} games/s) on "
        f"{run.description}; CSV: {', '.join(str(p) for p in paths)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
