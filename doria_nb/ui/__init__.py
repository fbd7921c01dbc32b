"""The Python side of the widgets: anywidget classes and composed ipywidgets/Bokeh views.

Each anywidget's front end is a plain ES module under ``widgets/`` (found through
:func:`~doria_nb.ui.assets.widget_asset`, in a checkout or in the installed wheel).
"""

from doria_nb.ui.assets import widget_asset
from doria_nb.ui.board import BoardView
from doria_nb.ui.card_browser import CardBrowser
from doria_nb.ui.character_sheet import CharacterSheet
from doria_nb.ui.check_roller import CheckRoller
from doria_nb.ui.combat_resolver import CombatResolver
from doria_nb.ui.dice_tray import DiceTray
from doria_nb.ui.hero_builder import HeroBuilder
from doria_nb.ui.initiative_board import InitiativeBoard
from doria_nb.ui.monster_stepper import MonsterStepper
from doria_nb.ui.movement_explorer import MovementExplorer
from doria_nb.ui.play_table.setup_view import TableSetup
from doria_nb.ui.play_table.view import PlayTable
from doria_nb.ui.sight_explorer import SightExplorer
from doria_nb.ui.tile_placer import TilePlacer

WIDGET_CLASSES = (DiceTray, CharacterSheet, InitiativeBoard)
"""Every anywidget class of the package (the packaging test checks their front-end files)."""

__all__ = [
    "WIDGET_CLASSES",
    "BoardView",
    "CardBrowser",
    "CharacterSheet",
    "CheckRoller",
    "CombatResolver",
    "DiceTray",
    "HeroBuilder",
    "InitiativeBoard",
    "MonsterStepper",
    "MovementExplorer",
    "PlayTable",
    "SightExplorer",
    "TableSetup",
    "TilePlacer",
    "widget_asset",
]
