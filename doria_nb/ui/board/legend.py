"""The board's legend: the symbols present on this board, in rows under the squares.

:func:`legend_keys` says which entries of :data:`LEGEND` the board shows (floor, walls, each
door state, terrain, markers, icons, tokens, tile candidates), so the legend stays short;
:func:`legend_layout` sets them in rows below the dungeon (under its bottom margin), each a
small swatch with its glyph and a few words, so the legend never covers a square. The words
are ours; the sections are *Walls*, *Difficult Terrain*, *Dungeon Markers*, *Additional
Symbols on Room Tiles or Markers* and *Revealing a Room Tile*.

>>> from doria_nb.content.loader import starter_pack
>>> a1 = Dungeon.start(starter_pack().tile("A-1"))
>>> legend_keys(a1)
['floor', 'wall', 'unexplored door', 'stairs', 'start', 'entrance', 'compass']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from doria_nb.engine.cards import Marker
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.tiles import Feature, Terrain
from doria_nb.ui.board.labels import Anchor, Label, text_width
from doria_nb.ui.board.layers import Columns, Token
from doria_nb.ui.board.style import (
    CLOSED_FILL,
    FIGURE_STYLE,
    OKABE_ITO,
    OPEN_DOOR_FILL,
    TERRAIN_FILL,
    WALL_HATCH,
    ink_for,
)

__all__ = [
    "LEGEND",
    "LEGEND_SIZE",
    "SWATCH_COLUMNS",
    "LegendEntry",
    "LegendLayout",
    "legend_keys",
    "legend_layout",
]


@dataclass(frozen=True, slots=True)
class LegendEntry:
    """One line of the legend: a swatch (fill, hatch, glyph) and its meaning."""

    fill: str
    symbol: str
    meaning: str
    hatch: str = " "
    marker: str = "square"


_FLOOR = TERRAIN_FILL[Terrain.FLOOR]
LEGEND = {
    "floor": LegendEntry(_FLOOR, "", "floor"),
    "wall": LegendEntry(TERRAIN_FILL[Terrain.WALL], "", "wall", WALL_HATCH["wall"]),
    "closed door": LegendEntry(OPEN_DOOR_FILL, "D", "closed door (leaf on the edge)"),
    "unexplored door": LegendEntry(OPEN_DOOR_FILL, "↑", "unexplored door, arrow to the unknown"),
    "open door": LegendEntry(_FLOOR, "/", "open door (leaf swung in)"),
    "blocked door": LegendEntry(CLOSED_FILL, "⊠", "Blocked Door"),
    "walled up door": LegendEntry(CLOSED_FILL, "#", "door walled up"),
    "secret door": LegendEntry(OKABE_ITO["orange"], "S?", "Secret Door"),
    "hole": LegendEntry(TERRAIN_FILL[Terrain.HOLE], "○", "Hole: jump over"),
    "red solid": LegendEntry(TERRAIN_FILL[Terrain.RED_SOLID], "X", "Red Solid: as a wall"),
    "blue dashed": LegendEntry(
        TERRAIN_FILL[Terrain.BLUE_DASHED], "~", "difficult: +1 AP", WALL_HATCH["blue_dashed"]
    ),
    "blue solid": LegendEntry(
        TERRAIN_FILL[Terrain.BLUE_SOLID],
        "%",
        "difficult: +1 AP, +1D cover",
        WALL_HATCH["blue_solid"],
    ),
    "bridge": LegendEntry(TERRAIN_FILL[Terrain.BRIDGE], "=", "bridge"),
    "stairs": LegendEntry(TERRAIN_FILL[Terrain.STAIRS], "≡", "stairs"),
    "rubble": LegendEntry(CLOSED_FILL, "▲", "Rubble", WALL_HATCH["rubble"]),
    "element": LegendEntry(_FLOOR, "Fi", "Fire / Ice / Air marker"),
    "loot": LegendEntry(_FLOOR, "$", "Loot marker: search"),
    "monster icon": LegendEntry(_FLOOR, "Mw", "monster icon (w g y r)"),
    "rune": LegendEntry(_FLOOR, "*b", "rune (b p o g)"),
    "start": LegendEntry(_FLOOR, "I", "start position"),
    "entrance": LegendEntry(_FLOOR, "E", "stairs entrance"),
    "secret site": LegendEntry(TERRAIN_FILL[Terrain.WALL], "?", "secret-door site"),
    "hero": LegendEntry(
        OKABE_ITO["blue"],
        "H",
        "hero: bars HP left, PP right",
        marker=FIGURE_STYLE["hero"]["marker"],
    ),
    "monster": LegendEntry(FIGURE_STYLE["monster"]["fill"], "M", "monster: name, level, HP"),
    "candidates": LegendEntry(OKABE_ITO["yellow"], "1", "tile placement (selected on top)"),
    "cursor": LegendEntry(_FLOOR, "⌖", "keyboard cursor"),
    "compass": LegendEntry(_FLOOR, "N", "north (compass)"),
}
"""Every legend entry the board may show, in the order it shows them."""

LEGEND_SIZE = 0.3
"""The legend's font size, in squares."""
SWATCH = 0.56
ROW = 0.72
GAP = 0.45
SWATCH_COLUMNS = ("cx", "cy", "fill", "hatch", "marker")

_TERRAIN_KEYS = {
    Terrain.WALL: "wall",
    Terrain.HOLE: "hole",
    Terrain.RED_SOLID: "red solid",
    Terrain.BLUE_DASHED: "blue dashed",
    Terrain.BLUE_SOLID: "blue solid",
    Terrain.BRIDGE: "bridge",
    Terrain.STAIRS: "stairs",
    Terrain.FLOOR: "floor",
}
_MARKER_KEYS = {
    Marker.HOLE: "hole",
    Marker.RUBBLE: "rubble",
    Marker.BLOCKED_DOOR: "blocked door",
    Marker.FIRE: "element",
    Marker.ICE: "element",
    Marker.AIR: "element",
    Marker.SECRET_DOOR: "secret door",
}
_DOOR_KEYS = {
    "closed": "closed door",
    "unexplored": "unexplored door",
    "open": "open door",
    "blocked": "blocked door",
    "walled up": "walled up door",
}


def _feature_key(feature: Feature) -> str | None:
    if feature.monster_color is not None:
        return "monster icon"
    if feature.rune_color is not None:
        return "rune"
    if feature.start_position is not None:
        return "start"
    return {Feature.ENTRANCE: "entrance", Feature.SECRET_DOOR_SITE: "secret site"}.get(feature)


def legend_keys(
    dungeon: Dungeon,
    tokens: Sequence[Token] = (),
    *,
    candidates: bool = False,
    cursor: bool = False,
) -> list[str]:
    """The keys of :data:`LEGEND` present on a board of ``dungeon`` with ``tokens`` (and tile
    ``candidates`` or a keyboard ``cursor`` shown), in the legend's order."""
    present: set[str] = {"compass"}
    doors = {door.square: door for door in dungeon.doors()}
    for square in dungeon.squares():
        content = dungeon.content(square)
        assert content is not None
        door = doors.get(square)
        marker = dungeon.marker(square)
        if door is not None:
            if door.secret and door.state != "open":
                present.add("secret door")
            present.add(_DOOR_KEYS.get(door.state, "closed door"))
        else:
            present.add(_TERRAIN_KEYS.get(content.terrain, ""))
        if marker is not None:
            present.add(_MARKER_KEYS[marker])
        if square in dungeon.treasures:
            present.add("loot")
        present.update(_feature_key(f) or "" for f in content.features)
    present.update(t.kind for t in tokens)
    if candidates:
        present.add("candidates")
    if cursor:
        present.add("cursor")
    return [key for key in LEGEND if key in present]


@dataclass(frozen=True, slots=True)
class LegendLayout:
    """The legend set in rows: its swatches (a ColumnDataSource's data), its labels (symbols
    in the swatches, meanings beside them) and how many rows of squares it takes."""

    swatches: Columns
    labels: tuple[Label, ...]
    height: int


def legend_layout(
    keys: Iterable[str], left: float, right: float, top: float, size: float = LEGEND_SIZE
) -> LegendLayout:
    """Set the entries ``keys`` in rows from ``top`` (in square units) between ``left`` and
    ``right``: each row holds as many entries as fit, the next row starts below. ``size`` is
    the font size in squares (larger than :data:`LEGEND_SIZE` on small squares, so the words
    stay readable). The height is whole squares, so the board keeps whole squares."""
    swatches: Columns = {column: [] for column in SWATCH_COLUMNS}
    labels: list[Label] = []
    x, row = left + 0.2, 0
    keys = list(keys)
    for key in keys:
        entry = LEGEND[key]
        width = SWATCH + 0.12 + text_width(entry.meaning, size)
        if x + width > right - 0.1 and x > left + 0.2:
            x, row = left + 0.2, row + 1
        cy = top + 0.2 + row * max(ROW, size * 1.5) + SWATCH / 2
        cx = x + SWATCH / 2
        swatches["cx"].append(cx)
        swatches["cy"].append(cy)
        swatches["fill"].append(entry.fill)
        swatches["hatch"].append(entry.hatch)
        swatches["marker"].append(entry.marker)
        if entry.symbol:
            size = min(LEGEND_SIZE, 0.5 / max(1, len(entry.symbol)) * 1.6)
            labels.append(
                Label(
                    entry.symbol,
                    (Anchor(cx, cy, "center", "middle"),),
                    size,
                    ink_for(entry.fill),
                    bold=True,
                    priority=90,
                    key=f"legend-symbol:{key}",
                )
            )
        labels.append(
            Label(
                entry.meaning,
                (Anchor(x + SWATCH + 0.12, cy, "left", "middle"),),
                size,
                priority=90,
                key=f"legend:{key}",
            )
        )
        x += width + GAP
    rows = row + 1 if keys else 0
    height = 0 if not keys else int(-(-(0.3 + rows * max(ROW, size * 1.5)) // 1))
    return LegendLayout(swatches, tuple(labels), height)
