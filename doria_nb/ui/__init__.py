"""The Python side of the widgets: anywidget classes and composed ipywidgets/Bokeh views.

Each anywidget's front end is a plain ES module under ``widgets/`` (found through
:func:`~doria_nb.ui.assets.widget_asset`, in a checkout or in the installed wheel).
"""

from doria_nb.ui.assets import widget_asset
from doria_nb.ui.card_browser import CardBrowser
from doria_nb.ui.character_sheet import CharacterSheet
from doria_nb.ui.check_roller import CheckRoller
from doria_nb.ui.dice_tray import DiceTray
from doria_nb.ui.hero_builder import HeroBuilder

WIDGET_CLASSES = (DiceTray, CharacterSheet)
"""Every anywidget class of the package (the packaging test checks their front-end files)."""

__all__ = [
    "WIDGET_CLASSES",
    "CardBrowser",
    "CharacterSheet",
    "CheckRoller",
    "DiceTray",
    "HeroBuilder",
    "widget_asset",
]
