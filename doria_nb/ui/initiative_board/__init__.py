"""The Initiative Board drawn in the browser, as plain records and a view: the markers and the
board's state (:mod:`.state`, with who acts next as the engine rules it), the board in words
and as plain JSON (:mod:`.words`), and the widget that draws that JSON (:mod:`.widget`).
"""

from doria_nb.ui.initiative_board.state import (
    BoardMarker,
    InitiativeBoardError,
    InitiativeBoardState,
    acts_next,
    marker_square,
)
from doria_nb.ui.initiative_board.widget import CSS_CLASS, InitiativeBoard
from doria_nb.ui.initiative_board.words import board_json, describe_board

__all__ = [
    "CSS_CLASS",
    "BoardMarker",
    "InitiativeBoard",
    "InitiativeBoardError",
    "InitiativeBoardState",
    "acts_next",
    "board_json",
    "describe_board",
    "marker_square",
]
