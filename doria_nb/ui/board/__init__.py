"""The dungeon board, as a model and a view: :class:`BoardModel` is what a board shows (the
dungeon, figures, highlights, lines, outlines, tile candidates and the selected one, the
keyboard cursor) and what a person does on it (click a square, move the cursor, select a
candidate), with the board in words, all without widgets; :class:`BoardView` draws a model as
one Bokeh figure whose layers are patched in place, with a keyboard strip and the text.

Modules: :mod:`.model` and :mod:`.words` (plain), the parts the view draws with — the looks
(:mod:`.style`), each layer's data (:mod:`.layers`, :mod:`.walls`, :mod:`.tokens`,
:mod:`.candidates`, :mod:`.legend`), the texts and their layout (:mod:`.texts`,
:mod:`.labels`) — and the widgets: the Bokeh figure (:mod:`.plot`), the keyboard strip
(:mod:`.keys`, front end ``widgets/board_keys.js``) and :mod:`.view`.

This facade keeps every name the views and chapters import from ``doria_nb.ui.board``.
"""

from doria_nb.engine.geometry import parse_square
from doria_nb.ui.board.layers import (
    FIGURE_COLUMNS,
    HIGHLIGHT_COLUMNS,
    LINE_COLUMNS,
    OUTLINE_COLUMNS,
    RULER_COLUMNS,
    SQUARE_COLUMNS,
    TILE_COLUMNS,
    Highlight,
    Outline,
    Token,
    tokens_of,
)
from doria_nb.ui.board.model import BoardModel, square_at
from doria_nb.ui.board.style import (
    CLOSED_FILL,
    EMPTY_FILL,
    FIGURE_STYLE,
    GLYPH_MEANINGS,
    OKABE_ITO,
    OPEN_DOOR_FILL,
    TERRAIN_FILL,
    ink_for,
    square_glyph,
    square_label,
)
from doria_nb.ui.board.view import BoardHost, BoardView
from doria_nb.ui.board.words import board_text
from doria_nb.ui.bokeh_widget import BoardWidget
from doria_nb.ui.model_view import report_errors

__all__ = [
    "CLOSED_FILL",
    "EMPTY_FILL",
    "FIGURE_COLUMNS",
    "FIGURE_STYLE",
    "GLYPH_MEANINGS",
    "HIGHLIGHT_COLUMNS",
    "LINE_COLUMNS",
    "OKABE_ITO",
    "OPEN_DOOR_FILL",
    "OUTLINE_COLUMNS",
    "RULER_COLUMNS",
    "SQUARE_COLUMNS",
    "TERRAIN_FILL",
    "TILE_COLUMNS",
    "BoardHost",
    "BoardModel",
    "BoardView",
    "BoardWidget",
    "Highlight",
    "Outline",
    "Token",
    "board_text",
    "ink_for",
    "parse_square",
    "report_errors",
    "square_at",
    "square_glyph",
    "square_label",
    "tokens_of",
]
