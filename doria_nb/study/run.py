"""Playing a study: every cell's games handed to one executor at once, so no worker waits
while a cell finishes; each game reported as it comes back.

>>> from doria_nb.study.design import design
>>> cells = design(parties=[("warrior", "priestess")], rules=["no_fumbles"])
>>> results = run_study(cells, games_per_cell=1, seed=2)
>>> results.total, [row.games for row in results.summary()]
(2, [1, 1])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from doria_nb.engine.game.distribute import GameExecutor, GameJob, GameSummary, play_games
from doria_nb.study.design import StudyCell
from doria_nb.study.results import StudyResults
from doria_nb.study.wilson import StudyError

__all__ = ["run_study", "study_jobs"]


def study_jobs(cells: Sequence[StudyCell], games_per_cell: int, seed: int) -> list[GameJob]:
    """The games of a study, cell after cell; every cell plays seeds ``seed`` to
    ``seed + games_per_cell - 1`` (the same seeds, so cells differ by design, not luck)."""
    if isinstance(games_per_cell, bool) or not isinstance(games_per_cell, int):
        raise StudyError(f"Games per cell is a whole number, not {games_per_cell!r}.")
    if games_per_cell < 1:
        raise StudyError(f"Each cell needs at least 1 game, not {games_per_cell}.")
    if not cells:
        raise StudyError("A study needs at least one cell.")
    return [
        GameJob(cell.scenario, cell.party, seed + n, cell.options)
        for cell in cells
        for n in range(games_per_cell)
    ]


def run_study(
    cells: Sequence[StudyCell],
    *,
    games_per_cell: int,
    seed: int = 0,
    executor: GameExecutor | None = None,
    on_game: Callable[[StudyCell, GameSummary], None] | None = None,
) -> StudyResults:
    """Play every cell's games on ``executor`` (``None``: here, one after the other) and
    gather them by cell in seed order. ``on_game(cell, summary)`` hears of each game as it
    comes back. The results do not depend on the executor."""
    jobs = study_jobs(cells, games_per_cell, seed)
    found: dict[int, GameSummary] = {}
    for index, summary in play_games(jobs, executor=executor):
        found[index] = summary
        if on_game is not None:
            on_game(cells[index // games_per_cell], summary)
    games = {
        cell.name: tuple(found[c * games_per_cell + n] for n in range(games_per_cell))
        for c, cell in enumerate(cells)
    }
    return StudyResults(tuple(cells), games)
