"""The balance chapter's cached study: the CSV files behind its charts, and how to make them.

Playing a thousand games would take minutes, too long for a chapter that must run under
nbval in seconds, so the chapter reads a study stored with the book. Regenerate it (after a
change of rules or content changes play) with::

    uv run python -m doria_nb.study --games 1000 --workers 2 --out doria_nb/book/data/balance

>>> rows = cached_summary()
>>> rows[0].cell, sum(row.games for row in rows) >= 100
('warrior+mage+ranger+priestess', True)
"""

from __future__ import annotations

from pathlib import Path

from doria_nb.study.results import CellSummary, DefeatCount, read_defeats, read_summary

__all__ = ["CACHED_STUDY", "REGENERATE", "cached_defeats", "cached_summary"]

CACHED_STUDY = Path(__file__).resolve().parent / "data" / "balance"
"""The folder of the stored study: ``summary.csv``, ``defeats.csv``, ``games.csv``."""

REGENERATE = (
    "uv run python -m doria_nb.study --games 1000 --workers 2 --out doria_nb/book/data/balance"
)
"""The shell command that plays the stored study again and rewrites its files."""


def cached_summary() -> list[CellSummary]:
    """One row per cell of the stored study (parties first, then optional rules)."""
    return read_summary(CACHED_STUDY / "summary.csv")


def cached_defeats() -> list[DefeatCount]:
    """The causes of defeat of the stored study, per cell, commonest first."""
    return read_defeats(CACHED_STUDY / "defeats.csv")
