"""Candidate tile placements drawn as the tile itself, and told apart when they overlap.

When a room tile can be placed in several ways (*Revealing a Room Tile*: the players choose
which door of the new tile meets the opened one), each candidate shows the tile as it would lie
— its squares with their fills and hatches, its walls and door leaves — inside a frame. The
**selected** candidate is drawn last, nearly opaque, with its glyphs, in a thick solid black
frame; the others are faded, each framed in its own dash pattern, with its number in a corner
of its own (top-left, top-right, bottom-right, bottom-left, by its position in the list), so
overlapping frames and numbers stay apart.

Door states are those the tile would have once placed (a door meeting another tile's door is
closed, one facing a wall is walled up), computed by placing it on a copy of the dungeon.

>>> from doria_nb.content.loader import starter_pack
>>> from doria_nb.engine.dungeon import PlacedTile
>>> from doria_nb.engine.geometry import Square
>>> pack = starter_pack()
>>> dungeon = Dungeon.start(pack.tile("A-1"))
>>> layers = candidate_layers(dungeon, [PlacedTile(pack.tile("B-1"), Square(9, 0))], 0)
>>> layers.frames["dash"], layers.frames["width"]
(['solid'], [4])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from doria_nb.engine.dungeon import Dungeon, PlacedTile
from doria_nb.engine.errors import DoriaError
from doria_nb.ui.board.labels import Anchor, Label
from doria_nb.ui.board.layers import Columns, square_columns
from doria_nb.ui.board.style import OKABE_ITO
from doria_nb.ui.board.walls import DOOR_COLUMNS, WALL_COLUMNS, door_columns, wall_columns

__all__ = [
    "CANDIDATE_COLUMNS",
    "DASHES",
    "FRAME_COLUMNS",
    "CandidateLayers",
    "candidate_layers",
]

CANDIDATE_COLUMNS = ("cx", "cy", "fill", "hatch", "alpha")
FRAME_COLUMNS = ("left", "right", "top", "bottom", "line", "dash", "width", "alpha", "info")
DASHES = ("dashed", "dotted", "dotdash", "dashdot")
"""The frames of candidates not selected, in turn (the selected one is solid)."""
SELECTED_ALPHA = 0.92
FADED_ALPHA = 0.28
NUMBER_SIZE = 0.5


@dataclass(frozen=True, slots=True)
class CandidateLayers:
    """What the board draws for the candidates: their squares, walls, door leaves, frames
    and labels (the numbers, and the selected tile's glyphs)."""

    squares: Columns
    walls: Columns
    doors: Columns
    frames: Columns
    labels: tuple[Label, ...]


def _placed_dungeon(dungeon: Dungeon, placed: PlacedTile) -> Dungeon:
    """The dungeon with the candidate placed (its doors' states as they would be); the tile
    alone if it cannot be placed there."""
    try:
        return dungeon.with_tile(placed)
    except DoriaError:
        return Dungeon.start(placed.tile, placed.origin)


def _only_tile(columns: Columns, placed: PlacedTile, xs: str, ys: str) -> list[int]:
    return [
        i
        for i, (x, y) in enumerate(zip(columns[xs], columns[ys], strict=True))
        if placed.left <= x < placed.right and placed.top <= y < placed.bottom
    ]


def _pick(columns: Columns, rows: Sequence[int]) -> Columns:
    return {key: [values[i] for i in rows] for key, values in columns.items()}


def candidate_layers(
    dungeon: Dungeon,
    placements: Sequence[PlacedTile],
    selected: int | None = None,
    labels: Sequence[str] = (),
    infos: Sequence[str] = (),
) -> CandidateLayers:
    """The layers of ``placements`` over ``dungeon`` with ``selected`` (an index) on top;
    ``labels`` are the candidates' numbers (1, 2, … by default), ``infos`` their hover texts."""
    squares: Columns = {column: [] for column in CANDIDATE_COLUMNS}
    walls: Columns = {column: [] for column in WALL_COLUMNS}
    doors: Columns = {column: [] for column in DOOR_COLUMNS}
    frames: Columns = {column: [] for column in FRAME_COLUMNS}
    texts: list[Label] = []
    order = [i for i in range(len(placements)) if i != selected]
    if selected is not None and 0 <= selected < len(placements):
        order.append(selected)
    for turn, index in enumerate(order):
        placed = placements[index]
        chosen = index == selected
        alpha = SELECTED_ALPHA if chosen else FADED_ALPHA
        whole = _placed_dungeon(dungeon, placed)
        cells = square_columns(whole)
        rows = _only_tile(cells, placed, "sx", "sy")
        for row in rows:
            squares["cx"].append(cells["cx"][row])
            squares["cy"].append(cells["cy"][row])
            squares["fill"].append(cells["fill"][row])
            squares["hatch"].append(cells["hatch"][row])
            squares["alpha"].append(alpha)
            if chosen and cells["glyph"][row]:
                texts.append(
                    Label(
                        cells["glyph"][row],
                        (Anchor(cells["cx"][row], cells["cy"][row]),),
                        0.38,
                        cells["ink"][row],
                        bold=True,
                        priority=35,
                        key="candidate-glyph",
                    )
                )
        edge = wall_columns(whole, alpha)
        for key, values in _pick(edge, _wall_rows(edge, placed)).items():
            walls[key].extend(values)
        leaves = door_columns(whole, alpha)
        for key, values in _pick(leaves, _only_tile(leaves, placed, "left", "top")).items():
            doors[key].extend(values)
        number = labels[index] if index < len(labels) else str(index + 1)
        frames["left"].append(placed.left)
        frames["right"].append(placed.right)
        frames["top"].append(placed.top)
        frames["bottom"].append(placed.bottom)
        frames["line"].append(OKABE_ITO["black"] if chosen else OKABE_ITO["blue"])
        frames["dash"].append("solid" if chosen else DASHES[turn % len(DASHES)])
        frames["width"].append(4 if chosen else 2)
        frames["alpha"].append(1.0 if chosen else 0.8)
        frames["info"].append(infos[index] if index < len(infos) else f"placement {number}")
        texts.append(_number_label(placed, number, index, chosen))
    return CandidateLayers(squares, walls, doors, frames, tuple(texts))


def _wall_rows(columns: Columns, placed: PlacedTile) -> list[int]:
    return [
        i
        for i, (xs, ys) in enumerate(zip(columns["xs"], columns["ys"], strict=True))
        if placed.left <= min(xs) <= placed.right
        and placed.top <= min(ys) <= placed.bottom
        and max(xs) <= placed.right
        and max(ys) <= placed.bottom
    ]


def _number_label(placed: PlacedTile, number: str, index: int, chosen: bool) -> Label:
    """A candidate's number, boxed, in the corner of its frame its index gives it, with the
    other corners as fallbacks."""
    inset = 0.12
    corners = (
        Anchor(placed.left + inset, placed.top + inset, "left", "top"),
        Anchor(placed.right - inset, placed.top + inset, "right", "top"),
        Anchor(placed.right - inset, placed.bottom - inset, "right", "bottom"),
        Anchor(placed.left + inset, placed.bottom - inset, "left", "bottom"),
    )
    start = index % len(corners)
    anchors = corners[start:] + corners[:start]
    return Label(
        number,
        anchors,
        NUMBER_SIZE,
        "#000000",
        bold=True,
        priority=85 if chosen else 80,
        key=f"candidate:{number}",
        boxed=True,
    )
