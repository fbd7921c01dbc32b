"""The Bokeh widget of the book on its own (no browser): it sends the figure as it is now.

jupyter_bokeh's ``BokehModel`` sends a figure whole once (``render_bundle``) and later changes
only as patches that views already on the page apply; a page that renders the widget later
builds the figure from ``render_bundle``. These tests read ``render_bundle`` back into a Bokeh
document, exactly what a newly rendered view would show.
"""

from __future__ import annotations

import json
from typing import Any

import ipywidgets as widgets
from bokeh.document import Document
from bokeh.models import ColumnDataSource
from bokeh.plotting import figure
from jupyter_bokeh import BokehModel

from doria_nb.ui.bokeh_widget import (
    BoardWidget,
    BokehHost,
    bokeh_widgets_in,
    sync_bokeh_widgets,
)


def sent_figure(widget: BoardWidget, bundle: Any = None) -> Any:
    """The figure a view rendered now would build (from ``bundle``, by default the widget's
    ``render_bundle``; a JSON string as ``get_state()`` gives it is read too)."""
    bundle = widget.render_bundle if bundle is None else bundle
    if isinstance(bundle, str):
        bundle = json.loads(bundle)
    (doc_json,) = bundle["docs_json"].values()
    return Document.from_json(doc_json).roots[0]


def chart() -> tuple[Any, ColumnDataSource, BoardWidget]:
    source = ColumnDataSource(data={"x": [], "y": []})
    plot = figure(title="first", width=200, height=150, toolbar_location=None)
    plot.scatter("x", "y", source=source)
    return plot, source, BoardWidget(plot)


def sent_xs(widget: BoardWidget, bundle: Any = None) -> list[Any]:
    return list(sent_figure(widget, bundle).select_one({"type": ColumnDataSource}).data["x"])


def test_a_change_before_display_is_sent_when_displayed() -> None:
    plot, source, widget = chart()
    assert isinstance(widget, BokehModel)
    source.data = {"x": [1, 2], "y": [3, 4]}
    plot.title.text = "changed"
    # A plain BokehModel would stop here: the page builds the figure as first sent.
    assert sent_xs(widget) == [] and sent_figure(widget).title.text == "first"
    assert widget.stale
    bundle = widget._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == widget.model_id
    assert sent_xs(widget) == [1, 2] and sent_figure(widget).title.text == "changed"
    assert not widget.stale


def test_nothing_is_resent_without_a_change() -> None:
    _, source, widget = chart()
    sent = widget.render_bundle
    widget.sync()
    widget._repr_mimebundle_()
    assert widget.render_bundle is sent
    source.stream({"x": [5], "y": [6]})  # a stream is a change too
    assert widget.stale
    widget.sync()
    assert widget.render_bundle is not sent and sent_xs(widget) == [5]


def test_a_reloaded_page_gets_the_current_figure() -> None:
    """A reloaded page asks for every widget's whole state: ``get_state()`` with no key."""
    _, source, widget = chart()
    source.data = {"x": [7], "y": [8]}
    partial = widget.get_state("combine_events")  # one trait: no resend
    assert "render_bundle" not in partial and widget.stale
    state = widget.get_state()
    assert sent_xs(widget, state["render_bundle"]) == [7]
    assert not widget.stale


def test_a_host_syncs_every_bokeh_widget_among_its_children() -> None:
    class Host(BokehHost, widgets.VBox):
        pass

    plot_a, source_a, widget_a = chart()
    _, source_b, widget_b = chart()
    host = Host([widget_a, widgets.HBox([widgets.Label("nested"), widget_b])])
    assert list(bokeh_widgets_in(host)) == [widget_a, widget_b]
    source_a.data = {"x": [1], "y": [1]}
    source_b.data = {"x": [2], "y": [2]}
    host._repr_mimebundle_()
    assert sent_xs(widget_a) == [1] and sent_xs(widget_b) == [2]
    plot_a.title.text = "again"
    sync_bokeh_widgets(host)
    assert sent_figure(widget_a).title.text == "again"
