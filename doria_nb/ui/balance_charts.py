"""Bokeh charts of a balance study: win rates with their 95 % intervals, and what ended the
lost games.

Each function takes the rows of a study (:class:`~doria_nb.study.results.CellSummary`,
:class:`~doria_nb.study.results.DefeatCount`) and returns a
:class:`~doria_nb.ui.bokeh_widget.BoardWidget` holding a finished figure, ready to display.
The figures are built from the data once and never change.

>>> from doria_nb.study.results import CellSummary
>>> row = CellSummary("a", "party", "Warrior", "s", "warrior", "none", 10, 3, 0.3, 0.1, 0.6,
...                   5.0, 5.0, 6.0, 4.0)
>>> chart = win_rate_chart([row], title="By party")
>>> chart_source(chart).data["label"], chart_source(chart).data["rate"]
(['Warrior'], [0.3])
"""

from __future__ import annotations

from collections.abc import Sequence

from bokeh.models import ColumnDataSource, HoverTool, NumeralTickFormatter, Range1d, Whisker
from bokeh.plotting import figure

from doria_nb.study.report import brief
from doria_nb.study.results import CellSummary, DefeatCount
from doria_nb.ui.bokeh_widget import BoardWidget

__all__ = ["chart_source", "defeats_chart", "win_rate_chart"]

BAR_COLOUR = "#0072B2"  # Okabe-Ito blue
BASELINE_COLOUR = "#009E73"  # Okabe-Ito bluish green: the row every other one is compared to
CAUSE_COLOURS = (
    "#D55E00",
    "#E69F00",
    "#56B4E9",
    "#CC79A7",
    "#F0E442",
    "#0072B2",
    "#009E73",
    "#000000",
    "#999999",
)
"""Okabe-Ito colours for the causes of defeat, commonest first; the rest share the last."""

ROW_HEIGHT = 34
LEGEND_ROW = 22
MIN_HEIGHT = 160
WIDTH = 720


def chart_source(widget: BoardWidget) -> ColumnDataSource:
    """The data source of a chart's bars (for tests and for readers who want the numbers)."""
    plot = widget._model  # the figure jupyter_bokeh keeps
    return plot.renderers[0].data_source


def win_rate_chart(
    rows: Sequence[CellSummary], *, title: str, baseline: str | None = None
) -> BoardWidget:
    """Horizontal bars of each row's win rate, with whiskers from the low to the high end of
    its 95 % Wilson interval; the ``baseline`` cell (by name) is drawn in another colour."""
    labels = [row.label for row in rows]
    source = ColumnDataSource(
        {
            "label": labels,
            "rate": [row.win_rate for row in rows],
            "low": [row.win_low for row in rows],
            "high": [row.win_high for row in rows],
            "games": [row.games for row in rows],
            "wins": [row.wins for row in rows],
            "rounds": [row.rounds_mean for row in rows],
            "colour": [BASELINE_COLOUR if row.cell == baseline else BAR_COLOUR for row in rows],
        }
    )
    plot = figure(
        title=title,
        y_range=list(reversed(labels)),
        x_range=Range1d(0, 1),
        width=WIDTH,
        height=max(MIN_HEIGHT, ROW_HEIGHT * len(rows) + 70),
        toolbar_location=None,
        x_axis_label="win rate (bars: 95 % Wilson interval)",
    )
    plot.hbar(
        y="label",
        right="rate",
        height=0.6,
        source=source,
        color="colour",
        alpha=0.85,
    )
    plot.add_layout(
        Whisker(source=source, base="label", lower="low", upper="high", dimension="width")
    )
    plot.xaxis.formatter = NumeralTickFormatter(format="0%")
    plot.ygrid.grid_line_color = None
    plot.add_tools(
        HoverTool(
            tooltips=[
                ("", "@label"),
                ("won", "@wins of @games (@rate{0.0%})"),
                ("95 % interval", "@low{0.0%} to @high{0.0%}"),
                ("mean rounds", "@rounds{0.0}"),
            ]
        )
    )
    return BoardWidget(plot)


def defeats_chart(
    rows: Sequence[CellSummary],
    defeats: Sequence[DefeatCount],
    *,
    title: str,
    causes: int = len(CAUSE_COLOURS) - 1,
) -> BoardWidget:
    """Stacked bars: for each row, the share of its lost games ended by each cause (in
    :func:`~doria_nb.study.report.brief` words). The ``causes`` commonest causes over all rows
    get a colour each; the rest are "other"."""
    totals: dict[str, int] = {}
    for defeat in defeats:
        totals[brief(defeat.cause)] = totals.get(brief(defeat.cause), 0) + defeat.count
    named = sorted(totals, key=lambda name: (-totals[name], name))[:causes]
    stack = [*named, "other"] if len(totals) > len(named) else named
    labels = [row.label for row in rows]
    columns: dict[str, list[object]] = {"label": labels}
    for name in stack:
        columns[name] = [0.0] * len(rows)
    for index, row in enumerate(rows):
        for defeat in defeats:
            if defeat.cell == row.cell:
                key = brief(defeat.cause) if brief(defeat.cause) in named else "other"
                columns[key][index] += defeat.share  # type: ignore[operator]
    source = ColumnDataSource(columns)
    plot = figure(
        title=title,
        y_range=list(reversed(labels)),
        x_range=Range1d(0, 1),
        width=WIDTH,
        height=max(MIN_HEIGHT, ROW_HEIGHT * len(rows) + 80) + LEGEND_ROW * len(stack),
        toolbar_location=None,
        x_axis_label="share of the lost games",
    )
    colours = [CAUSE_COLOURS[min(i, len(CAUSE_COLOURS) - 1)] for i in range(len(stack))]
    renderers = plot.hbar_stack(
        stack, y="label", height=0.6, color=colours, source=source, legend_label=stack
    )
    plot.xaxis.formatter = NumeralTickFormatter(format="0%")
    plot.ygrid.grid_line_color = None
    plot.legend.orientation = "vertical"
    plot.add_layout(plot.legend[0], "below")
    plot.add_tools(
        HoverTool(tooltips=[("", "@label"), ("cause", "$name"), ("share", "@$name{0%}")])
    )
    for renderer, name in zip(renderers, stack, strict=True):
        renderer.name = name
    return BoardWidget(plot)
