"""Every text of the board as a :class:`~doria_nb.ui.board.labels.Label`, and the laid-out
texts as the data of the board's one text layer.

The layers' builders (:mod:`doria_nb.ui.board.layers`) give positions and words; this module
turns them into labels with their anchors and priorities — figure letters first, the compass,
candidate numbers and the legend, monster labels, highlight labels and corner notes, then the
squares' glyphs (moved to a corner under a token, shrunk to fit their square), tile ids and the
rulers last — and :func:`label_columns` writes what the layout placed into one source, font
sizes in pixels. A hidden text is still said by the hover and the board in words.

>>> labels = ruler_labels({"x": [0.5], "y": [-0.5], "text": ["0"]})
>>> labels[0].text, labels[0].priority
('0', 5)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.geometry import Square
from doria_nb.ui.board.labels import Anchor, Label, Placed, text_width
from doria_nb.ui.board.layers import Columns

__all__ = [
    "BOX_COLUMNS",
    "COMPASS",
    "LABEL_COLUMNS",
    "compass_label",
    "compass_text",
    "glyph_labels",
    "highlight_labels",
    "label_box_columns",
    "label_columns",
    "ruler_labels",
    "tile_labels",
]

LABEL_COLUMNS = ("x", "y", "text", "color", "size", "align", "baseline", "style", "key")
BOX_COLUMNS = ("left", "right", "top", "bottom")
GLYPH_SIZE = 0.42
CORNER_GLYPH_SIZE = 0.24
SMALL = 0.28
"""A highlight label squeezed into a corner, beside a token's letter."""


def glyph_labels(squares: Columns, occupied: set[Square]) -> list[Label]:
    """The squares' glyphs: in the middle, shrunk to fit the square; on a square with a
    token, small in a top corner (the token's letter takes the middle)."""
    labels = []
    for cx, cy, glyph, ink in zip(
        squares["cx"], squares["cy"], squares["glyph"], squares["ink"], strict=True
    ):
        if not glyph:
            continue
        x, y = cx - 0.5, cy - 0.5
        fit = min(GLYPH_SIZE, 0.9 / max(0.1, text_width(glyph, 1.0)))
        corners = (
            Anchor(x + 0.97, y + 0.02, "right", "top", CORNER_GLYPH_SIZE),
            Anchor(x + 0.03, y + 0.02, "left", "top", CORNER_GLYPH_SIZE),
        )
        middle = (Anchor(cx, cy, "center", "middle", fit),)
        anchors = corners if Square(round(x), round(y)) in occupied else middle + corners
        labels.append(Label(glyph, anchors, fit, ink, bold=True, priority=20, key="glyph"))
    return labels


def highlight_labels(highlights: Columns) -> list[Label]:
    """A highlight's label (lower right, else upper right or lower left) and its corner
    note (upper left, else lower left)."""
    labels = []
    for sx, sy, label, corner in zip(
        highlights["sx"], highlights["sy"], highlights["label"], highlights["corner"], strict=True
    ):
        if label:
            labels.append(
                Label(
                    label,
                    (
                        Anchor(sx + 0.95, sy + 0.97, "right", "bottom"),
                        Anchor(sx + 0.99, sy + 0.99, "right", "bottom", SMALL),
                        Anchor(sx + 0.99, sy + 0.01, "right", "top", SMALL),
                        Anchor(sx + 0.01, sy + 0.99, "left", "bottom", SMALL),
                    ),
                    0.34,
                    bold=True,
                    priority=70,
                    key="highlight",
                )
            )
        if corner:
            labels.append(
                Label(
                    corner,
                    (
                        Anchor(sx + 0.06, sy + 0.04, "left", "top"),
                        Anchor(sx + 0.06, sy + 0.96, "left", "bottom"),
                    ),
                    0.27,
                    priority=65,
                    key="corner",
                )
            )
    return labels


def tile_labels(tiles: Columns) -> list[Label]:
    """Each tile's id, white on the wall in its top-left corner."""
    return [
        Label(text, (Anchor(x, y, "left", "top"),), 0.3, "#FFFFFF", priority=40, key="tile")
        for x, y, text in zip(tiles["lx"], tiles["ly"], tiles["id"], strict=True)
    ]


def ruler_labels(rulers: Columns) -> list[Label]:
    """The column and row numbers in the margin."""
    return [
        Label(text, (Anchor(x, y),), 0.32, "#555555", priority=5, key="ruler")
        for x, y, text in zip(rulers["x"], rulers["y"], rulers["text"], strict=True)
    ]


COMPASS = {0: "N↑", 90: "N→", 180: "N↓", 270: "N←"}
"""The compass by the turn of A-1 on the table (ruling B1 in ``docs/rulings.md``)."""


def compass_text(dungeon: Dungeon) -> str:
    """Where north is on the board: *Compass* says A-1 points north from its stairs, so north
    is the top of A-1 as printed, turned with the tile; up when A-1 is not on the table.

    >>> from doria_nb.content.loader import starter_pack
    >>> from doria_nb.engine.geometry import Rotation, Square
    >>> a1 = starter_pack().tile("A-1")
    >>> compass_text(Dungeon.start(a1)), compass_text(Dungeon.start(a1.rotated(Rotation.R90)))
    ('N↑', 'N→')
    """
    for placed in dungeon.tiles:
        if placed.id == "A-1":
            return COMPASS[placed.tile.rotation.degrees]
    return COMPASS[0]


def compass_label(right: float, top: float, text: str = COMPASS[0]) -> Label:
    """The compass in the top-right corner of the margin (see :func:`compass_text`)."""
    return Label(text, (Anchor(right - 0.5, top + 0.5),), 0.34, "#000000", True, 95, "compass")


def label_columns(placed: Sequence[Placed], cell: int) -> Columns:
    """The shown labels as the text layer's data, font sizes in whole pixels for squares
    ``cell`` pixels wide (rounded down, so a text is never larger than its laid-out box)."""
    data: Columns = {column: [] for column in LABEL_COLUMNS}
    for item in placed:
        if not item.shown:
            continue
        label, anchor = item.label, item.anchor
        for column, value in (
            ("x", anchor.x),
            ("y", anchor.y),
            ("text", label.text),
            ("color", label.color),
            ("size", f"{max(7, math.floor(item.size * cell + 1e-9))}px"),
            ("align", anchor.align),
            ("baseline", anchor.baseline),
            ("style", "bold" if label.bold else "normal"),
            ("key", label.key),
        ):
            data[column].append(value)
    return data


def label_box_columns(placed: Sequence[Placed]) -> Columns:
    """The pale boxes behind the shown labels that ask for one (monster labels, candidate
    numbers), a little larger than the text."""
    boxes = [p.box for p in placed if p.shown and p.label.boxed]
    return {
        "left": [b.x0 - 0.03 for b in boxes],
        "right": [b.x1 + 0.03 for b in boxes],
        "top": [b.y0 for b in boxes],
        "bottom": [b.y1 for b in boxes],
    }
