"""The board's layers as data: what a view puts on the board, and each layer's columns.

A :class:`~doria_nb.ui.board.BoardView` draws a dungeon in layers, each a Bokeh glyph (or a
few: :mod:`doria_nb.ui.board.plot`) over one :class:`~bokeh.models.ColumnDataSource`. This
module holds, apart from the view and from Bokeh:

* the small values views hand to the board: :class:`Token` (a figure), :class:`Highlight` (a
  shaded square), :class:`Outline` (a tile footprint);
* the column names of each layer's source and pure builders of its data
  (:func:`square_columns`, :func:`highlight_columns`...), so what a layer shows can be
  tested without a figure, and an update replaces a source's ``.data`` in one assignment.

Coordinates are the engine's: ``Square(x, y)`` covers ``[x, x+1] × [y, y+1]``.

>>> highlight_columns([Highlight(Square(2, 3), "#56B4E9", label="2")])["cx"]
[2.5]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from doria_nb.engine.cards import Marker
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.geometry import Square, reading_order
from doria_nb.engine.tiles import Terrain
from doria_nb.ui.board.style import (
    FIGURE_STYLE,
    OKABE_ITO,
    WALL_HATCH,
    ink_for,
    square_label,
    square_look,
)

__all__ = [
    "FIGURE_COLUMNS",
    "HIGHLIGHT_COLUMNS",
    "LINE_COLUMNS",
    "OUTLINE_COLUMNS",
    "RULER_COLUMNS",
    "SQUARE_COLUMNS",
    "TILE_COLUMNS",
    "Highlight",
    "Outline",
    "Token",
    "figure_columns",
    "highlight_columns",
    "line_columns",
    "outline_columns",
    "ruler_columns",
    "square_columns",
    "tile_columns",
    "tokens_of",
]

SQUARE_COLUMNS = (
    *("cx", "cy", "sx", "sy", "fill", "glyph", "ink", "where", "what"),
    *("hatch", "who", "info"),
)
TILE_COLUMNS = ("left", "right", "top", "bottom", "id", "lx", "ly")
RULER_COLUMNS = ("x", "y", "text")
HIGHLIGHT_COLUMNS = (
    *("cx", "cy", "sx", "sy", "fill", "alpha", "line"),
    *("label", "lx", "ly", "corner", "kx", "ky", "info", "where", "what", "who"),
)
OUTLINE_COLUMNS = (
    *("left", "right", "top", "bottom", "fill", "alpha", "line", "width"),
    *("label", "lx", "ly", "info"),
)
LINE_COLUMNS = ("xs", "ys", "color")
FIGURE_COLUMNS = ("cx", "cy", "letter", "name", "kind", "marker", "fill", "ink")

Columns = dict[str, list[Any]]
"""The data of a ColumnDataSource: equally long lists by column name."""


# -- small values --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Token:
    """A figure on the board: ``letter`` drawn in a circle (a hero) or a square (a monster).

    The rest is optional (old callers give only the first four): ``hp``/``max_hp`` and
    ``pp``/``max_pp`` draw a hero's bars and go into a monster's label, ``colour`` is the
    token's fill (a hero's player colour, :func:`~doria_nb.ui.board.style.hero_colour`; the
    kind's colour when empty), ``level`` a monster's level for its label."""

    square: Square
    letter: str
    kind: str = "hero"
    name: str = ""
    hp: int | None = None
    max_hp: int | None = None
    pp: int | None = None
    max_pp: int | None = None
    colour: str = ""
    level: int | None = None


@dataclass(frozen=True, slots=True)
class Highlight:
    """A shaded square: ``fill`` at ``alpha``, an optional short ``label`` printed in its
    lower-right corner (an AP cost, "+1D"), an optional ``corner`` note in its upper-left
    corner (a jump's TN), a hover text ``info`` and a border colour ``line`` (the fill's by
    default)."""

    square: Square
    fill: str
    alpha: float = 0.5
    label: str = ""
    info: str = ""
    line: str | None = None
    corner: str = ""


@dataclass(frozen=True, slots=True)
class Outline:
    """A rectangle of squares drawn as a frame: the footprint of a tile placement.

    ``left``/``top`` are the top-left square, ``width``/``height`` the size in squares."""

    left: int
    top: int
    width: int
    height: int
    label: str = ""
    emphasised: bool = False
    info: str = ""

    def covers(self, square: Square) -> bool:
        return (
            self.left <= square.x < self.left + self.width
            and self.top <= square.y < self.top + self.height
        )


def tokens_of(figures: Iterable[Any]) -> tuple[Token, ...]:
    """Board tokens of engine figures (anything with ``square``, ``letter``, ``kind`` and
    ``name``, e.g. a situation's figures); tokens pass through. A carried figure (one with a
    ``carried_by``) gets no token: it lies on its carrier's square."""
    out = []
    for fig in figures:
        if getattr(fig, "carried_by", None):
            continue  # carried figures stand on their carrier's square, under its token
        if isinstance(fig, Token):
            out.append(fig)
        else:
            values = dict(getattr(fig, "values", ()) or ())
            hp, pp = values.get("HP"), values.get("PP")
            out.append(
                Token(
                    fig.square,
                    str(getattr(fig, "letter", "") or str(fig.name)[:1]),
                    str(getattr(fig, "kind", "hero")),
                    str(getattr(fig, "name", "")),
                    hp=hp if isinstance(hp, int) else None,
                    pp=pp if isinstance(pp, int) else None,
                )
            )
    return tuple(out)


# -- the data of each layer ----------------------------------------------------------------------


def square_columns(dungeon: Dungeon) -> Columns:
    """One row per square of ``dungeon``, in reading order: its centre, fill, glyph, the ink
    of the glyph, what lies there in words (the hover text), its hatch pattern
    (:data:`~doria_nb.ui.board.style.WALL_HATCH`) and two hover columns the view fills later:
    ``who`` stands there and the ``info`` of a highlight on it."""
    doors = {door.square: door for door in dungeon.doors()}
    data: Columns = {column: [] for column in SQUARE_COLUMNS}
    for square in sorted(dungeon.squares(), key=reading_order):
        fill, glyph, what = square_look(dungeon, square, doors.get(square))
        data["cx"].append(square.x + 0.5)
        data["cy"].append(square.y + 0.5)
        data["sx"].append(square.x)
        data["sy"].append(square.y)
        data["fill"].append(fill)
        data["glyph"].append(glyph)
        data["ink"].append(ink_for(fill))
        data["where"].append(square_label(square))
        data["what"].append(what)
        data["hatch"].append(_hatch(dungeon, square))
        data["who"].append("")
        data["info"].append("")
    return data


def _hatch(dungeon: Dungeon, square: Square) -> str:
    """The square's texture: walls, Rubble and difficult terrain (" " is none)."""
    if dungeon.marker(square) is Marker.RUBBLE:
        return WALL_HATCH["rubble"]
    content = dungeon.content(square)
    terrain = content.terrain if content is not None else None
    if terrain is not None and terrain.wall_like and terrain is not Terrain.STAIRS:
        return WALL_HATCH["wall"]
    return WALL_HATCH.get(terrain.value if terrain is not None else "", " ")


def tile_columns(dungeon: Dungeon) -> Columns:
    """One row per placed tile: its edges and its id, printed at its top-left corner."""
    tiles = dungeon.tiles
    return {
        "left": [t.left for t in tiles],
        "right": [t.right for t in tiles],
        "top": [t.top for t in tiles],
        "bottom": [t.bottom for t in tiles],
        "id": [t.id for t in tiles],
        "lx": [t.left + 0.08 for t in tiles],
        "ly": [t.top + 0.06 for t in tiles],
    }


def figure_columns(tokens: Sequence[Token]) -> Columns:
    """One row per token: its letter in the marker of its kind (:data:`FIGURE_STYLE`), filled
    with the token's own colour if it has one (a hero's player colour)."""
    styles = [FIGURE_STYLE.get(t.kind, FIGURE_STYLE["monster"]) for t in tokens]
    fills = [t.colour or s["fill"] for t, s in zip(tokens, styles, strict=True)]
    return {
        "cx": [t.square.x + 0.5 for t in tokens],
        "cy": [t.square.y + 0.5 for t in tokens],
        "letter": [t.letter for t in tokens],
        "name": [t.name or t.letter for t in tokens],
        "kind": [t.kind for t in tokens],
        "marker": [s["marker"] for s in styles],
        "fill": fills,
        "ink": [ink_for(f) for f in fills],
    }


def highlight_columns(highlights: Sequence[Highlight]) -> Columns:
    """One row per highlight, with the positions of its label and its corner note; ``what``
    and ``who`` (the square's words for the hover) are the view's to fill."""
    items = highlights
    return {
        "cx": [h.square.x + 0.5 for h in items],
        "cy": [h.square.y + 0.5 for h in items],
        "sx": [h.square.x for h in items],
        "sy": [h.square.y for h in items],
        "fill": [h.fill for h in items],
        "alpha": [h.alpha for h in items],
        "line": [h.line or h.fill for h in items],
        "label": [h.label for h in items],
        "lx": [h.square.x + 0.95 for h in items],
        "ly": [h.square.y + 0.97 for h in items],
        "corner": [h.corner for h in items],
        "kx": [h.square.x + 0.06 for h in items],
        "ky": [h.square.y + 0.04 for h in items],
        "info": [h.info for h in items],
        "where": [square_label(h.square) for h in items],
        "what": [""] * len(items),
        "who": [""] * len(items),
    }


def line_columns(
    lines: Sequence[tuple[tuple[float, float], tuple[float, float]]], color: str
) -> Columns:
    """One row per straight line ``((x0, y0), (x1, y1))``, all in ``color``."""
    return {
        "xs": [[a[0], b[0]] for a, b in lines],
        "ys": [[a[1], b[1]] for a, b in lines],
        "color": [color] * len(lines),
    }


def outline_columns(outlines: Sequence[Outline]) -> Columns:
    """One row per outline: the emphasised one yellow with a thick black frame, the others a
    light blue wash with a thin blue frame; the label in the middle."""
    items = outlines
    return {
        "left": [o.left for o in items],
        "right": [o.left + o.width for o in items],
        "top": [o.top for o in items],
        "bottom": [o.top + o.height for o in items],
        "fill": [OKABE_ITO["yellow"] if o.emphasised else OKABE_ITO["sky_blue"] for o in items],
        "alpha": [0.35 if o.emphasised else 0.12 for o in items],
        "line": [OKABE_ITO["black"] if o.emphasised else OKABE_ITO["blue"] for o in items],
        "width": [4 if o.emphasised else 1.5 for o in items],
        "label": [o.label for o in items],
        "lx": [o.left + o.width / 2 for o in items],
        "ly": [o.top + o.height / 2 for o in items],
        "info": [o.info for o in items],
    }


def ruler_columns(left: int, top: int, right: int, bottom: int, step: int = 1) -> Columns:
    """Column numbers along the top margin row and row numbers along the left margin column
    of the shown area ``left..right × top..bottom`` (its edges), every ``step``-th one.

    >>> ruler_columns(-1, -1, 2, 2)["text"]
    ['0', '0']
    """
    ruler: Columns = {"x": [], "y": [], "text": []}
    for x in range(left + 1, right - 1):
        if x % step == 0:
            ruler["x"].append(x + 0.5)
            ruler["y"].append(top + 0.5)
            ruler["text"].append(str(x))
    for y in range(top + 1, bottom - 1):
        if y % step == 0:
            ruler["x"].append(left + 0.5)
            ruler["y"].append(y + 0.5)
            ruler["text"].append(str(y))
    return ruler
