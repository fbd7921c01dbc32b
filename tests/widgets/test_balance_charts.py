"""The balance chapter's charts and progress bar (issue #16, item 3): the bars carry the
study's figures, whiskers span the Wilson intervals, and the defeats stack to the losses."""

from __future__ import annotations

import pytest
from bokeh.models import Whisker

from doria_nb.engine.game.distribute import GameSummary
from doria_nb.study.design import StudyCell
from doria_nb.study.results import CellSummary, DefeatCount
from doria_nb.ui.balance_charts import (
    BAR_COLOUR,
    BASELINE_COLOUR,
    chart_source,
    defeats_chart,
    win_rate_chart,
)
from doria_nb.ui.study_progress import StudyProgress


def _row(cell: str, wins: int, games: int = 10, kind: str = "party") -> CellSummary:
    from doria_nb.study.wilson import wilson_interval

    low, high = wilson_interval(wins, games)
    return CellSummary(
        cell, kind, cell.title(), "s", cell, "none", games, wins, wins / games, low, high,
        5.0, 5.0, 4.0, 6.0,
    )  # fmt: skip


ROWS = [_row("base", 3), _row("pair", 6), _row("solo", 0)]


def test_the_win_rate_bars_carry_rates_intervals_and_the_baseline_colour() -> None:
    chart = win_rate_chart(ROWS, title="By party", baseline="base")
    data = chart_source(chart).data
    assert data["label"] == ["Base", "Pair", "Solo"]
    assert data["rate"] == [0.3, 0.6, 0.0]
    assert data["low"][2] == 0.0 and data["high"][1] > 0.6 > data["low"][1]
    assert data["colour"] == [BASELINE_COLOUR, BAR_COLOUR, BAR_COLOUR]
    plot = chart._model
    assert list(plot.y_range.factors) == ["Solo", "Pair", "Base"]  # the first row on top
    whiskers = [item for item in plot.center if isinstance(item, Whisker)]
    assert len(whiskers) == 1 and whiskers[0].lower == "low"


def test_the_defeat_bars_stack_each_rows_causes_and_group_the_rare_ones() -> None:
    defeats = [
        DefeatCount("base", "Mage died", 5, 5 / 7),
        DefeatCount("base", "Warrior died", 2, 2 / 7),
        DefeatCount("pair", "Priestess died", 3, 0.75),
        DefeatCount("pair", "Warrior died", 1, 0.25),
    ]
    chart = defeats_chart(ROWS[:2], defeats, title="Defeats", causes=2)
    data = chart_source(chart).data
    # The two commonest causes over all rows get their own colour; the rest are "other".
    assert set(data) == {"label", "Mage died", "Priestess died", "other"}
    assert data["Mage died"] == [pytest.approx(5 / 7), 0.0]
    assert data["other"] == [pytest.approx(2 / 7), pytest.approx(0.25)]
    for index in range(2):
        assert sum(data[k][index] for k in data if k != "label") == pytest.approx(1.0)


def test_the_progress_bar_moves_with_each_game_and_says_when_it_is_done() -> None:
    progress = StudyProgress(3)
    cell = StudyCell("the_flooded_archive", ("warrior",))
    progress.advance(cell, GameSummary(7, True, "won", 4, 30, 200, 0.1))
    assert progress.bar.value == 1
    assert progress.text.value == (
        "1 of 3 games played; the last: Warrior, seed 7, won in round 4."
    )
    progress.finish()
    assert progress.bar.bar_style == "success" and progress.text.value.startswith("1 of 3")
