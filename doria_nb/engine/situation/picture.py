"""A situation as a small SVG picture, shown by Jupyter (:meth:`Situation._repr_svg_`)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from doria_nb.engine.geometry import Square

if TYPE_CHECKING:
    from doria_nb.engine.situation.model import Situation

__all__: list[str] = []

_CELL = 18
_FILL = {
    "#": "#4a4a4a",
    "X": "#7f2704",
    "S": "#969696",
    "D": "#a6611a",
    "K": "#a6611a",
    "Q": "#a6611a",
    "/": "#dfc27d",
    "x": "#ffffff",
    "o": "#ffffff",
    "~": "#c6dbef",
    "%": "#9ecae1",
    "R": "#737373",
    " ": "none",
}


def _svg(situation: Situation) -> str:
    """The board as a small SVG picture: squares shaded by what they are, the map character
    on icons and markers, each figure a circle with its letter (heroes light, monsters dark)."""
    c = _CELL
    top_left, bottom_right = situation.dungeon.bounds
    width = (bottom_right.x - top_left.x + 1) * c
    height = (bottom_right.y - top_left.y + 1) * c
    label = escape(situation.describe().replace("\n", " "))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{label}">'
    ]
    letters = {f.square: f for f in situation.figures if f.carried_by is None}
    for y in range(top_left.y, bottom_right.y + 1):
        for x in range(top_left.x, bottom_right.x + 1):
            square = Square(x, y)
            char = situation.dungeon.char_at(square)
            if char == " ":
                continue
            px, py = (x - top_left.x) * c, (y - top_left.y) * c
            parts.append(
                f'<rect x="{px + 0.5}" y="{py + 0.5}" width="{c - 1}" height="{c - 1}" '
                f'fill="{_FILL.get(char, "#f3efe4")}" stroke="#bdbdbd"/>'
            )
            figure = letters.get(square)
            text = figure.letter if figure else (char if char not in "#.:X~%/S" else "")
            if figure is not None:
                dark = figure.is_monster
                parts.append(
                    f'<circle cx="{px + c / 2}" cy="{py + c / 2}" r="{c * 0.45}" '
                    f'fill="{"#333333" if dark else "#ffffff"}" stroke="#111"/>'
                )
            if text:
                colour = "#ffffff" if figure is not None and figure.is_monster else "#111"
                parts.append(
                    f'<text x="{px + c / 2}" y="{py + c * 0.72}" font-size="{c * 0.65}" '
                    f'text-anchor="middle" font-family="monospace" fill="{colour}">'
                    f"{escape(text)}</text>"
                )
    parts.append("</svg>")
    return "".join(parts)
