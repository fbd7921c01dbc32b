"""A study's results as a plain-text table: win rate with its interval, rounds, and the
commonest cause of defeat, one line per cell."""

from __future__ import annotations

from collections import defaultdict

from doria_nb.study.results import DefeatCount, StudyResults

__all__ = ["summary_text"]


def summary_text(results: StudyResults) -> str:
    """One line per cell: what it varies, wins of games, the win rate and its 95 % Wilson
    interval, mean rounds, and the commonest cause of defeat with its share of the losses."""
    worst: dict[str, DefeatCount] = {}
    by_cell: defaultdict[str, list[DefeatCount]] = defaultdict(list)
    for row in results.defeats():
        by_cell[row.cell].append(row)
    for cell, rows in by_cell.items():
        worst[cell] = rows[0]
    lines = [f"{'cell':46} {'won':>11} {'win rate (95% CI)':>22} {'rounds':>6}  commonest defeat"]
    for row in results.summary():
        what = row.label if row.kind == "party" else f"+ {row.label}"
        defeat = worst.get(row.cell)
        lost = f"{defeat.cause} ({defeat.share:.0%})" if defeat else "-"
        lines.append(
            f"{what[:46]:46} {row.wins:>5}/{row.games:<5} "
            f"{row.win_rate:>6.1%} ({row.win_low:5.1%}–{row.win_high:5.1%}) "
            f"{row.rounds_mean:>6.1f}  {lost}"
        )
    return "\n".join(lines)
