"""A jupyter_bokeh widget that always shows its figure as it is now, not as it was built.

How ``jupyter_bokeh.BokehModel`` (4.x) works: the Python side serialises the whole figure once,
into its ``render_bundle`` trait, when the widget is made. Every later change of the figure (a
``ColumnDataSource`` given new data, a title or range changed) becomes a ``PATCH-DOC`` custom
message. The page keeps no Bokeh document per *model*: each *view* builds its own document from
``render_bundle`` when it renders, and only views that exist apply a patch. So a change made
before a view renders is lost for good:

* a figure changed in the cell that builds it (the usual case: a view fills its chart or board
  before it is returned for display) is shown as first built, e.g. an empty chart;
* a reloaded page (or a notebook reopened with a live kernel) gets ``render_bundle`` from the
  kernel and shows the figure as it was when the widget was made;
* a second display of the widget shows its first state, not the first display's.

:class:`BoardWidget` fixes this without rebuilding anything: it notes that the document changed
since ``render_bundle`` was made, and sends a fresh bundle when it matters: when it is displayed
(``_repr_mimebundle_``), when the page asks for the widget states (``get_state()`` with no key,
what a reload does), and on :meth:`BoardWidget.sync`. The page re-renders a view whose
``render_bundle`` changes, so views already shown redraw from it. Patches still carry every
ordinary update to the views on the page.

A widget inside a container (an ``ipywidgets.VBox`` view) is not displayed itself: the
container is. Such views mix in :class:`BokehHost`, which syncs every :class:`BoardWidget`
among its children when the view is displayed.

>>> from bokeh.plotting import figure
>>> plot = figure(title="before")
>>> widget = BoardWidget(plot)
>>> plot.title.text = "after"          # a patch no view is there to apply
>>> "after" in str(widget.render_bundle)
False
>>> widget.sync()
>>> "after" in str(widget.render_bundle)
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from jupyter_bokeh import BokehModel

__all__ = ["BoardWidget", "BokehHost", "bokeh_widgets_in", "sync_bokeh_widgets"]


class BoardWidget(BokehModel):
    """A :class:`~jupyter_bokeh.BokehModel` whose front-end state follows the figure; see the
    module docstring. Use it for every Bokeh figure of the book (boards and charts alike)."""

    _stale = False

    def _document_patched(self, event: Any) -> None:
        self._stale = True
        super()._document_patched(event)

    @property
    def stale(self) -> bool:
        """Whether the figure changed since it was last sent whole."""
        return self._stale

    def sync(self) -> None:
        """Send the figure as it is now, if it changed since it was last sent whole (views
        already on the page then redraw from it)."""
        if self._stale:
            self._stale = False
            self.render_bundle = self._model_to_traits(self._model)

    def get_state(self, key: Any = None, drop_defaults: bool = False) -> dict[str, Any]:
        if key is None:  # the whole state: a reloaded page asking for it
            self.sync()
        return super().get_state(key, drop_defaults)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        self.sync()
        return super()._repr_mimebundle_(**kwargs)


def bokeh_widgets_in(widget: Any) -> Iterator[BoardWidget]:
    """Every :class:`BoardWidget` in ``widget`` and its children, depth first."""
    if isinstance(widget, BoardWidget):
        yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from bokeh_widgets_in(child)


def sync_bokeh_widgets(widget: Any) -> None:
    """:meth:`BoardWidget.sync` every Bokeh widget in ``widget`` (a container view)."""
    for found in bokeh_widgets_in(widget):
        found.sync()


class BokehHost:
    """Mixin for a view (an ipywidgets container) holding Bokeh widgets: displaying the view
    first sends each of its figures as it is now (see the module docstring).

    Put it before the ipywidgets class: ``class CheckRoller(BokehHost, widgets.VBox)``.
    """

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        sync_bokeh_widgets(self)
        return super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
