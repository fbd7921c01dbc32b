"""A Bokeh bar chart of outcome classes (fumble, miss, hit, hit +1 crit, ...) and where a roll
landed, with the same information as a caption in words.

Independent of any roller: give :meth:`OutcomeChart.show` an engine ``outcome_distribution()``
(a list of ``(Outcome, probability)``), then :meth:`~OutcomeChart.mark_landed` the outcome a roll
gave. The check roller uses it; a combat resolver can reuse it for its own outcomes.

The figure, its :class:`~bokeh.models.ColumnDataSource` and the widget showing it are made
once; every update replaces or patches the source's columns, so the page redraws the bars
without rebuilding the plot. The widget is a :class:`~doria_nb.ui.bokeh_widget.BoardWidget`:
a plain ``jupyter_bokeh.BokehModel`` would show the chart as it was built (an empty frame),
because the first :meth:`~OutcomeChart.show` happens before the chart is on the page. A view
holding the chart mixes in :class:`~doria_nb.ui.bokeh_widget.BokehHost`.

>>> from doria_nb.engine import odds
>>> from doria_nb.engine.checks import Outcome, OutcomeKind
>>> chart = OutcomeChart()
>>> chart.show(odds.target_check("2D", 25, 35).outcome_distribution(), check=True, title="TN 35")
>>> chart.source.data["label"][:4]
['fumble', 'failure', 'success', 'success +1 crit']
>>> chart.mark_landed(Outcome(OutcomeKind.HIT, 1))
>>> chart.landed_label, chart.source.data["marker"][:4]
('success +1 crit', ['', '', '', '▼ you'])
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import ipywidgets as widgets
from bokeh.models import (
    ColumnDataSource,
    FactorRange,
    HoverTool,
    NumeralTickFormatter,
    Range1d,
)
from bokeh.plotting import figure

from doria_nb.engine.checks import Outcome, OutcomeKind
from doria_nb.ui.bokeh_widget import BoardWidget
from doria_nb.ui.odds_text import escape_html, format_probability

KIND_COLOURS = {
    OutcomeKind.FUMBLE: "#D55E00",  # Okabe-Ito vermillion
    OutcomeKind.MISS: "#E69F00",  # Okabe-Ito orange
    OutcomeKind.HIT: "#0072B2",  # Okabe-Ito blue
}
"""Bar colours by outcome kind; the x-axis labels say the same in words."""

CHART_MIN_PROBABILITY = 5e-5
"""Outcome classes rarer than this are left out of the chart (unless a roll lands there);
the caption says how many and how likely they are together."""

LANDED_HATCH = "x"
NO_HATCH = " "
LANDED_MARKER = "▼ you"

LANDED_LINE_WIDTH = 3.0
LINE_WIDTH = 1.0

COLUMNS = (
    "key",
    "label",
    "kind",
    "criticals",
    "p",
    "pct",
    "color",
    "hatch",
    "line_width",
    "marker",
    "landed",
)
"""The source's columns: one row per drawn outcome class, worst first."""


def outcome_key(outcome: Outcome) -> str:
    """A stable row key of an outcome class, e.g. ``'hit:2'``."""
    return f"{outcome.kind.value}:{outcome.criticals}"


def outcome_columns(
    distribution: Iterable[tuple[Outcome, float]], *, check: bool
) -> dict[str, list[Any]]:
    """The source columns of ``distribution`` (in its order), with nothing marked as landed."""
    pairs = list(distribution)
    return {
        "key": [outcome_key(outcome) for outcome, _ in pairs],
        "label": [outcome.label(check=check) for outcome, _ in pairs],
        "kind": [outcome.kind.value for outcome, _ in pairs],
        "criticals": [outcome.criticals for outcome, _ in pairs],
        "p": [float(p) for _, p in pairs],
        "pct": [format_probability(p) for _, p in pairs],
        "color": [KIND_COLOURS[outcome.kind] for outcome, _ in pairs],
        "hatch": [NO_HATCH] * len(pairs),
        "line_width": [LINE_WIDTH] * len(pairs),
        "marker": [""] * len(pairs),
        "landed": [0] * len(pairs),
    }


def _outcome_figure(source: ColumnDataSource, *, title: str, width: int, height: int) -> figure:
    """The bar figure drawn from ``source``: bars, percentages above them, the landed marker."""
    plot = figure(
        x_range=FactorRange(factors=[]),
        y_range=Range1d(0, 1),
        height=height,
        width=width,
        toolbar_location=None,
        tools="",
        title=title,
    )
    bars = plot.vbar(
        x="label",
        top="p",
        width=0.8,
        source=source,
        fill_color="color",
        line_color="#000000",
        line_width="line_width",
        hatch_pattern="hatch",
        hatch_color="#000000",
        hatch_scale=10,
    )
    for column, y_offset, style in (
        ("pct", -2, {"text_font_size": "11px"}),
        ("marker", -18, {"text_font_size": "13px", "text_font_style": "bold"}),
    ):
        # Above each bar: its percentage, and the landed marker above that.
        plot.text(
            x="label",
            y="p",
            text=column,
            source=source,
            text_align="center",
            text_baseline="bottom",
            y_offset=y_offset,
            **style,
        )
    plot.add_tools(
        HoverTool(renderers=[bars], tooltips=[("outcome", "@label"), ("probability", "@pct")])
    )
    plot.yaxis.formatter = NumeralTickFormatter(format="0%")
    plot.yaxis.axis_label = "probability"
    plot.xaxis.major_label_orientation = 0.6
    plot.xgrid.grid_line_color = None
    return plot


class OutcomeChart:
    """The outcome classes of a roll as bars, the landed one hatched and marked "▼ you".

    Parts to put in a view: :attr:`widget` (also :attr:`chart`, a
    :class:`~doria_nb.ui.bokeh_widget.BoardWidget`) and
    :attr:`caption` (an HTML widget saying the chart in words, empty until the first
    :meth:`show`). :attr:`figure` and :attr:`source` stay the same objects for the chart's
    life. Classes rarer than ``min_probability`` are not drawn unless a roll lands there.
    """

    def __init__(
        self,
        *,
        title: str = "Outcome odds",
        width: int = 620,
        height: int = 300,
        min_probability: float = CHART_MIN_PROBABILITY,
    ) -> None:
        self.min_probability = min_probability
        self.source = ColumnDataSource(data=outcome_columns([], check=False))
        self.figure = _outcome_figure(self.source, title=title, width=width, height=height)
        self.widget = BoardWidget(self.figure)
        self.caption = widgets.HTML()
        self._distribution: list[tuple[Outcome, float]] = []
        self._check = False
        self._left_out: tuple[int, float] = (0, 0.0)
        self._drew_extra = False

    @property
    def chart(self) -> BoardWidget:
        """The widget showing the figure (the same as :attr:`widget`)."""
        return self.widget

    @property
    def landed_label(self) -> str | None:
        """The label of the class marked as landed (``None`` when none is)."""
        data = self.source.data
        for label, landed in zip(data["label"], data["landed"], strict=True):
            if landed:
                return label
        return None

    def show(
        self,
        distribution: Iterable[tuple[Outcome, float]],
        *,
        check: bool,
        title: str | None = None,
    ) -> None:
        """Draw a new distribution (nothing marked); ``check`` picks the target-number check
        labels (``success``/``failure``) over the comparative ones (``hit``/``miss``);
        ``title`` replaces the figure's title when given."""
        self._distribution = [(outcome, float(p)) for outcome, p in distribution]
        self._check = check
        if title is not None:
            self.figure.title.text = title
        self._lay_out()

    def mark_landed(self, outcome: Outcome) -> None:
        """Hatch and mark the bar of ``outcome`` (and only it); a class the chart leaves out
        (too rare, or beyond the odds' truncation) is drawn first."""
        key = outcome_key(outcome)
        if key not in self.source.data["key"]:
            self._lay_out(landed=outcome)
        self._patch_landed(self.source.data["key"].index(key))

    def clear_landed(self) -> None:
        """Unmark the landed bar, and drop a bar drawn only because a roll landed there."""
        if self._drew_extra:
            self._lay_out()
        else:
            self._patch_landed(None)

    def _lay_out(self, landed: Outcome | None = None) -> None:
        """Replace the source's rows: the classes worth drawing, plus ``landed``, worst first."""
        drawn = [
            (outcome, p)
            for outcome, p in self._distribution
            if p >= self.min_probability or outcome == landed
        ]
        if landed is not None and all(outcome != landed for outcome, _ in drawn):
            # The roll landed in a class the odds leave out (beyond the truncation): show it.
            drawn.append((landed, 0.0))
        drawn.sort(key=lambda pair: pair[0].sort_key)
        left_out = [p for outcome, p in self._distribution if (outcome, p) not in drawn]
        self._left_out = (len(left_out), sum(left_out))
        self._drew_extra = landed is not None
        columns = outcome_columns(drawn, check=self._check)
        top = max(columns["p"], default=0.0)
        self.figure.x_range.factors = columns["label"]
        self.figure.y_range.end = max(0.1, min(1.2, top * 1.3 + 0.04))
        self.source.data = columns
        self._update_caption()

    def _patch_landed(self, index: int | None) -> None:
        """Mark row ``index`` as landed and every other row as not, patching only changes."""
        patches: dict[str, list[tuple[int, Any]]] = {
            "hatch": [],
            "line_width": [],
            "marker": [],
            "landed": [],
        }
        for i, was in enumerate(self.source.data["landed"]):
            now = int(i == index)
            if was != now:
                patches["hatch"].append((i, LANDED_HATCH if now else NO_HATCH))
                patches["line_width"].append((i, LANDED_LINE_WIDTH if now else LINE_WIDTH))
                patches["marker"].append((i, LANDED_MARKER if now else ""))
                patches["landed"].append((i, now))
        if patches["landed"]:
            self.source.patch(patches)
        self._update_caption()

    def _update_caption(self) -> None:
        data = self.source.data
        rows = []
        for label, pct, landed in zip(data["label"], data["pct"], data["landed"], strict=True):
            mark = f" <strong>{escape_html(LANDED_MARKER)}</strong>" if landed else ""
            rows.append(f"<li>{escape_html(label)}: {escape_html(pct)}{mark}</li>")
        landed_label = self.landed_label
        lead = (
            f"The roll landed on <strong>{escape_html(landed_label)}</strong> "
            "(hatched bar, “▼ you”)."
            if landed_label
            else "Roll to mark where you land."
        )
        count, total = self._left_out
        rare = (
            f"<p>{count} rarer outcome classes (together {format_probability(total)}) "
            "are not drawn.</p>"
            if count
            else ""
        )
        self.caption.value = (
            f'<div class="doria-chart-caption-body"><p>{lead} The chart in words:</p>'
            f'<ul class="doria-outcome-list">{"".join(rows)}</ul>{rare}</div>'
        )
