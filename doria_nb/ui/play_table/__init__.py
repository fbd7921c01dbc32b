"""The play table: a whole scenario played in JupyterLab, by people and bots at one screen.

:class:`~doria_nb.ui.play_table.model.TableModel` is the table without a widget (seats,
intents, the questions, undo, saving); :class:`~doria_nb.ui.play_table.view.PlayTable` is the
widget a chapter displays.
"""

from doria_nb.ui.play_table.model import ALL_QUESTIONS, TableModel, Waiting, new_table_game
from doria_nb.ui.play_table.offers import KINDS, Offer, offers
from doria_nb.ui.play_table.seats import SeatKind, Seats

__all__ = [
    "ALL_QUESTIONS",
    "KINDS",
    "Offer",
    "SeatKind",
    "Seats",
    "TableModel",
    "Waiting",
    "new_table_game",
    "offers",
]
