"""The outcome chart on its own, with no roller around it (no browser).

Rulebook section: *Critical Rolls and Fumbles* (the outcome classes the bars stand for).
"""

from __future__ import annotations

from typing import Any

import pytest
from bokeh.document import Document
from bokeh.models import ColumnDataSource
from jupyter_bokeh import BokehModel

from doria_nb.engine import odds
from doria_nb.engine.checks import Outcome, OutcomeKind
from doria_nb.ui.bokeh_widget import BoardWidget
from doria_nb.ui.outcome_chart import (
    CHART_MIN_PROBABILITY,
    COLUMNS,
    KIND_COLOURS,
    LANDED_HATCH,
    LANDED_MARKER,
    NO_HATCH,
    OutcomeChart,
    outcome_columns,
    outcome_key,
)

FUMBLE = Outcome(OutcomeKind.FUMBLE)
MISS = Outcome(OutcomeKind.MISS)
MISS_1 = Outcome(OutcomeKind.MISS, 1)
HIT = Outcome(OutcomeKind.HIT)
HIT_1 = Outcome(OutcomeKind.HIT, 1)
HIT_7 = Outcome(OutcomeKind.HIT, 7)

# Given out of order on purpose: the chart draws worst first.
SMALL = [(HIT, 0.5), (FUMBLE, 0.1), (HIT_1, 0.05), (MISS, 0.3), (MISS_1, 0.05)]
WORST_FIRST = ["fumble", "miss (1 crit fail)", "miss", "hit", "hit +1 crit"]
PERCENTS = ["10.00%", "5.00%", "30.00%", "50.00%", "5.00%"]


def shown(distribution=SMALL, *, check: bool = False, title: str = "Test odds") -> OutcomeChart:
    chart = OutcomeChart()
    chart.show(distribution, check=check, title=title)
    return chart


def marked(chart: OutcomeChart) -> list[int]:
    return [i for i, flag in enumerate(chart.source.data["landed"]) if flag]


# --- showing a distribution --------------------------------------------------------------


def test_a_new_chart_is_empty_and_says_nothing_yet() -> None:
    chart = OutcomeChart()
    assert list(chart.source.data) == list(COLUMNS)
    assert all(values == [] for values in chart.source.data.values())
    assert chart.caption.value == ""
    assert chart.landed_label is None
    assert chart.figure.title.text == "Outcome odds"


def test_show_draws_one_row_per_class_worst_first() -> None:
    chart = shown()
    data = chart.source.data
    assert data["label"] == WORST_FIRST
    assert data["key"] == ["fumble:0", "miss:1", "miss:0", "hit:0", "hit:1"]
    assert data["kind"] == ["fumble", "miss", "miss", "hit", "hit"]
    assert data["criticals"] == [0, 1, 0, 0, 1]
    assert data["p"] == [0.1, 0.05, 0.3, 0.5, 0.05]
    assert data["pct"] == PERCENTS
    assert data["color"][0] == KIND_COLOURS[OutcomeKind.FUMBLE]
    assert data["color"][-1] == KIND_COLOURS[OutcomeKind.HIT]
    assert set(data["hatch"]) == {NO_HATCH} and set(data["marker"]) == {""}
    assert list(chart.figure.x_range.factors) == WORST_FIRST
    assert chart.figure.title.text == "Test odds"
    assert chart.figure.y_range.end == pytest.approx(0.5 * 1.3 + 0.04)


def test_check_labels_say_success_and_failure() -> None:
    chart = shown(check=True)
    assert chart.source.data["label"] == [
        "fumble",
        "failure (1 crit fail)",
        "failure",
        "success",
        "success +1 crit",
    ]


def test_show_without_a_title_keeps_the_old_one() -> None:
    chart = shown(title="First")
    chart.show(SMALL, check=False)
    assert chart.figure.title.text == "First"


def test_rare_classes_are_left_out_and_counted_in_the_caption() -> None:
    distribution = odds.comparative("2D", "2D").outcome_distribution()
    chart = shown(distribution)
    rare = [p for _, p in distribution if p < CHART_MIN_PROBABILITY]
    assert rare, "2D vs 2D has classes too rare to draw"
    assert len(chart.source.data["label"]) == len(distribution) - len(rare)
    assert f"{len(rare)} rarer outcome classes" in chart.caption.value


def test_the_threshold_can_be_chosen() -> None:
    chart = OutcomeChart(min_probability=0.2)
    chart.show(SMALL, check=False)
    assert chart.source.data["label"] == ["miss", "hit"]
    assert "3 rarer outcome classes (together 20.00%) are not drawn" in chart.caption.value


def test_the_caption_says_the_chart_in_words() -> None:
    caption = shown().caption.value
    assert "Roll to mark where you land." in caption
    for label, pct in zip(WORST_FIRST, PERCENTS, strict=True):
        assert f"<li>{label}: {pct}</li>" in caption
    assert "rarer outcome classes" not in caption


def test_the_figure_source_and_widget_are_made_once() -> None:
    chart = OutcomeChart()
    figure, source, widget = chart.figure, chart.source, chart.widget
    renderers = list(figure.renderers)
    chart.show(SMALL, check=False)
    chart.mark_landed(HIT)
    chart.mark_landed(HIT_7)
    chart.clear_landed()
    chart.show(odds.target_check("2D", 20, 30).outcome_distribution(), check=True)
    assert (chart.figure, chart.source, chart.widget) == (figure, source, widget)
    assert list(figure.renderers) == renderers
    assert isinstance(widget, BokehModel) and widget._model is figure
    assert chart.chart is widget


# --- marking where a roll landed ---------------------------------------------------------


def test_mark_landed_hatches_and_marks_only_that_bar() -> None:
    chart = shown()
    chart.mark_landed(HIT)
    data = chart.source.data
    (i,) = marked(chart)
    assert data["label"][i] == "hit"
    assert data["hatch"][i] == LANDED_HATCH and data["marker"][i] == LANDED_MARKER
    assert data["line_width"][i] > data["line_width"][0]
    assert chart.landed_label == "hit"
    assert "The roll landed on <strong>hit</strong>" in chart.caption.value
    assert f"<li>hit: 50.00% <strong>{LANDED_MARKER}</strong></li>" in chart.caption.value


def test_a_new_mark_moves_the_old_one() -> None:
    chart = shown()
    chart.mark_landed(HIT)
    chart.mark_landed(FUMBLE)
    data = chart.source.data
    assert marked(chart) == [0]
    assert data["hatch"].count(LANDED_HATCH) == 1 and data["marker"].count(LANDED_MARKER) == 1
    assert chart.landed_label == "fumble"


def test_marking_updates_the_source_by_patching() -> None:
    chart = shown()
    columns = chart.source.data
    chart.mark_landed(HIT)
    chart.mark_landed(MISS)
    chart.clear_landed()
    assert chart.source.data is columns  # patched in place, not replaced
    chart.show(SMALL, check=False)
    assert chart.source.data is not columns  # a new distribution replaces the columns


def test_a_class_not_drawn_is_added_when_a_roll_lands_there() -> None:
    chart = shown()
    chart.mark_landed(HIT_7)  # not in the distribution at all (beyond the odds' truncation)
    data = chart.source.data
    assert data["label"] == [*WORST_FIRST, "hit +7 crit"]
    assert data["p"][-1] == 0.0
    assert marked(chart) == [len(WORST_FIRST)]
    assert list(chart.figure.x_range.factors) == data["label"]


def test_clear_landed_unmarks_and_drops_a_bar_drawn_only_for_the_roll() -> None:
    chart = shown()
    chart.mark_landed(HIT)
    chart.clear_landed()
    assert marked(chart) == [] and chart.landed_label is None
    assert set(chart.source.data["hatch"]) == {NO_HATCH}
    assert "Roll to mark where you land." in chart.caption.value
    chart.mark_landed(HIT_7)
    chart.clear_landed()
    assert chart.source.data["label"] == WORST_FIRST
    assert marked(chart) == []


def test_show_clears_the_mark() -> None:
    chart = shown()
    chart.mark_landed(MISS)
    chart.show(SMALL, check=True)
    assert marked(chart) == [] and chart.landed_label is None


# --- the columns -------------------------------------------------------------------------


def test_outcome_columns_and_keys() -> None:
    columns = outcome_columns([(HIT_1, 0.25)], check=False)
    assert list(columns) == list(COLUMNS)
    assert columns["key"] == [outcome_key(HIT_1)] == ["hit:1"]
    assert columns["landed"] == [0] and columns["hatch"] == [NO_HATCH]
    assert outcome_columns([], check=True) == {name: [] for name in COLUMNS}


# --- what the page gets ------------------------------------------------------------------


def sent_figure(widget) -> Any:
    """The figure a view rendered now would build from the widget's ``render_bundle``."""
    bundle = widget.render_bundle
    (doc_json,) = bundle["docs_json"].values()
    return Document.from_json(doc_json).roots[0]


def sent_column(widget, column: str) -> list[Any]:
    return list(sent_figure(widget).select_one({"type": ColumnDataSource}).data[column])


def test_a_chart_changed_before_display_sends_its_current_state() -> None:
    """jupyter_bokeh sends later changes as patches that only views already on the page
    apply: a chart filled before display (as every roller does) showed an empty frame."""
    chart = OutcomeChart()
    assert isinstance(chart.widget, BoardWidget)
    chart.show(SMALL, check=False, title="Before display")
    assert sent_column(chart.widget, "label") == []  # not sent yet: patches only
    chart.widget._repr_mimebundle_()  # displayed
    assert sent_figure(chart.widget).title.text == "Before display"
    assert sent_column(chart.widget, "label") == WORST_FIRST
    assert sent_column(chart.widget, "pct") == PERCENTS
    # A roll after display, then a reloaded page: it gets the landed bar too.
    chart.mark_landed(HIT)
    chart.widget.get_state()
    assert sent_column(chart.widget, "marker")[WORST_FIRST.index("hit")] == LANDED_MARKER
