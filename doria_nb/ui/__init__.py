"""The Python side of the widgets: anywidget classes and composed ipywidgets/Bokeh views.

Each anywidget's front end is a plain ES module under ``widgets/`` (found through
:func:`~doria_nb.ui.assets.widget_asset`, in a checkout or in the installed wheel).
"""

from doria_nb.ui.assets import widget_asset
from doria_nb.ui.check_roller import CheckRoller
from doria_nb.ui.dice_tray import DiceTray

WIDGET_CLASSES = (DiceTray,)
"""Every anywidget class of the package (the packaging test checks their front-end files)."""

__all__ = ["WIDGET_CLASSES", "CheckRoller", "DiceTray", "widget_asset"]
