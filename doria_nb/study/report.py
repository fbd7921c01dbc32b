"""A study's results as a plain-text table: win rate with its interval, rounds, and the
commonest cause of defeat, one line per cell."""

from __future__ import annotations

from collections.abc import Sequence

from doria_nb.study.results import CellSummary, DefeatCount, StudyResults

__all__ = ["brief", "summary_table", "summary_text"]

BRIEF = 56
"""The most characters of a cause of defeat in a table or a chart's legend."""


def brief(cause: str, limit: int = BRIEF) -> str:
    """A cause of defeat short enough for a table: a scenario's ending without its
    explanation after the colon, and at most ``limit`` characters.

    >>> brief("The river floods the vaults for good when round 20 ends: if the goal is not met")
    'The river floods the vaults for good when round 20 ends'
    >>> brief("every character is unconscious at the same time", limit=20)
    'every character is…'
    >>> brief("Mage died")
    'Mage died'
    """
    head = cause.split(": ")[0]
    return head if len(head) <= limit else head[: limit - 1].rstrip() + "…"


def summary_table(rows: Sequence[CellSummary], defeats: Sequence[DefeatCount]) -> str:
    """One line per cell: what it varies, wins of games, the win rate and its 95 % Wilson
    interval, mean rounds, and the commonest cause of defeat with its share of the losses
    (``defeats`` lists each cell's causes commonest first, as :func:`write_csv` does)."""
    commonest: dict[str, DefeatCount] = {}
    for defeat in defeats:
        commonest.setdefault(defeat.cell, defeat)
    lines = [f"{'cell':46} {'won':>11} {'win rate (95% CI)':>22} {'rounds':>6}  commonest defeat"]
    for row in rows:
        what = row.label if row.kind == "party" else f"+ {row.label}"
        defeat = commonest.get(row.cell)
        lost = f"{brief(defeat.cause)} ({defeat.share:.0%})" if defeat else "-"
        lines.append(
            f"{what[:46]:46} {row.wins:>5}/{row.games:<5} "
            f"{row.win_rate:>6.1%} ({row.win_low:5.1%}–{row.win_high:5.1%}) "
            f"{row.rounds_mean:>6.1f}  {lost}"
        )
    return "\n".join(lines)


def summary_text(results: StudyResults) -> str:
    """:func:`summary_table` of a study just played."""
    return summary_table(results.summary(), results.defeats())
