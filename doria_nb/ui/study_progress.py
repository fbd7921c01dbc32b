"""An ipywidgets progress bar for a balance study running in the kernel: games done of all,
and the cell the last game came from.

Pass :meth:`StudyProgress.advance` as the study's ``on_game``; the bar moves as each game
(or each batch, on a pool or a cluster) comes back, because ipywidgets sends a changed value
to the page while the cell is still running.

>>> from doria_nb.study import design, run_study
>>> cells = design(parties=[("warrior",)], rules=[])
>>> progress = StudyProgress(2)
>>> results = run_study(cells, games_per_cell=2, seed=1, on_game=progress.advance)
>>> progress.finish()
>>> progress.bar.value, progress.text.value
(2, '2 of 2 games played.')
"""

from __future__ import annotations

import ipywidgets as widgets

from doria_nb.engine.game.distribute import GameSummary
from doria_nb.study.design import StudyCell

__all__ = ["StudyProgress"]


class StudyProgress(widgets.VBox):
    """A progress bar of ``total`` games with a line of text under it."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.bar = widgets.IntProgress(value=0, min=0, max=max(1, total), description="Games")
        self.text = widgets.Label(value=f"0 of {total} games played.")
        super().__init__([self.bar, self.text])

    def advance(self, cell: StudyCell, game: GameSummary) -> None:
        """One more game is back: move the bar and say which cell and how it ended."""
        self.bar.value += 1
        verdict = "won" if game.won else "lost"
        self.text.value = (
            f"{self.bar.value} of {self.total} games played; the last: {cell.label}, "
            f"seed {game.seed}, {verdict} in round {game.rounds}."
        )

    def finish(self) -> None:
        """All games are back: the bar is full and says so."""
        self.bar.bar_style = "success"
        self.text.value = f"{self.bar.value} of {self.total} games played."
