"""The ``board`` benchmark: how long the board takes to draw, on small and large dungeons.

For random dungeons of 1, 4 and 10 room tiles (explored by the rules), crowded as a table at
its busiest — a hero on every fourth floor square and a monster on every seventh, each with a
label and bars, and a highlight with an AP cost and a TN on every floor square — it times, as
medians in ms over the repeats:

* ``dungeon`` — drawing a new dungeon (squares, walls, doors, legend, layout);
* ``figures`` — moving the figures (bars, hover words, the texts laid out again);
* ``redraw`` — what a view does after a click: figures, highlights and outlines in one batch
  (:meth:`~doria_nb.ui.board.BoardView.batch`), one fit and one layout;
* ``layout`` — the label layout alone, with the number of texts shown and hidden.

Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from doria_nb.bench.registry import benchmark

__all__ = ["board_benchmark"]


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quick", action="store_true", help="a tiny run, for the tests")
    parser.add_argument("--repeat", type=int, default=7, help="timed runs per figure")


def _median_ms(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def _row(board: Any, dungeon: Any, tokens: list[Any], marks: list[Any], repeat: int) -> None:
    """Time and print one dungeon's figures (see the module text)."""
    from doria_nb.ui.board import Token

    shifted = [Token(t.square, t.letter, t.kind, t.name, (t.hp or 0) - 1) for t in tokens]

    def redraw() -> None:
        with board.batch():
            board.set_figures(tokens)
            board.set_highlights(marks)
            board.set_outlines(())

    new_dungeon = _median_ms(lambda: board.set_dungeon(dungeon), repeat)
    figures = _median_ms(lambda: (board.set_figures(shifted), board.set_figures(tokens)), repeat)
    clicks = _median_ms(redraw, repeat)
    layout = _median_ms(board._relayout, repeat)
    shown = sum(p.shown for p in board.placed_labels)
    hidden = sum(1 for p in board.placed_labels if p.label.text and not p.shown)
    print(
        f"{len(dungeon.tiles):>5} {shown:>6} {hidden:>6} {new_dungeon:>8.1f} "
        f"{figures / 2:>8.1f} {clicks:>8.1f} {layout:>8.1f}"
    )


@benchmark(
    "board", "drawing the board: dungeon, figures, a click's redraw, label layout", _configure
)
def board_benchmark(args: argparse.Namespace) -> int:
    """Time the board's drawing on crowded random dungeons of growing size."""
    from doria_nb.content.loader import starter_pack
    from doria_nb.engine.chance import Chance
    from doria_nb.engine.random_dungeon import explore
    from doria_nb.ui.board import BoardView, Highlight, Token
    from doria_nb.ui.board.style import hero_colour

    pack = starter_pack()
    sizes = (1, 4) if args.quick else (1, 4, 10)
    repeat = 1 if args.quick else max(1, args.repeat)
    print(
        f"{'tiles':>5} {'texts':>6} {'hidden':>6} {'dungeon':>8} {'figures':>8} "
        f"{'redraw':>8} {'layout':>8}  (ms, median of {repeat})"
    )
    for size in sizes:
        dungeon = explore(pack, Chance.seeded(size), tiles=size)
        floor = [s for s in sorted(dungeon.squares()) if dungeon.passable(s)]
        tokens = [
            Token(s, "H", "hero", "Hero", 5, 9, 1, 3, hero_colour(i))
            for i, s in enumerate(floor[::4])
        ] + [
            Token(s, "m", "monster", "Skeleton Archer", 7, 9, level=3)
            for s in floor[2::7]
            if s not in floor[::4]
        ]
        marks = [
            Highlight(s, "#56B4E9", label=str(i % 12), corner="TN9") for i, s in enumerate(floor)
        ]
        _row(BoardView(dungeon, hover="board"), dungeon, tokens, marks, repeat)
    return 0
