"""Balance studies: many bot-played games by party composition and by optional rule, with
win rates and their confidence intervals, rounds and causes of defeat.

A layer above the engine (it imports the engine and the starter content, never the UI or the
book). ``python -m doria_nb.study --games 10000`` runs one from the shell; the book's balance
chapter plots a cached one. The games can run here, on a process pool or on a Dask cluster
(:mod:`doria_nb.study.executors`); the results never depend on which.
"""

from __future__ import annotations

from doria_nb.study.design import DEFAULT_CELLS, StudyCell, design
from doria_nb.study.executors import open_executor
from doria_nb.study.results import (
    CellSummary,
    DefeatCount,
    StudyResults,
    read_defeats,
    read_summary,
    write_csv,
)
from doria_nb.study.run import run_study
from doria_nb.study.wilson import StudyError, wilson_interval

__all__ = [
    "DEFAULT_CELLS",
    "CellSummary",
    "DefeatCount",
    "StudyCell",
    "StudyError",
    "StudyResults",
    "design",
    "open_executor",
    "read_defeats",
    "read_summary",
    "run_study",
    "wilson_interval",
    "write_csv",
]
