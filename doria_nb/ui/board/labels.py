"""Texts on the board without overlaps: each label's box in square units, and a layout step.

Every text the board prints (square glyphs, tile ids, figure letters, monster names, AP costs,
jump TNs, legend entries, rulers, candidate numbers) is a :class:`Label` with one or more
:class:`Anchor` positions to choose from, in order of preference, and a priority. The layout
(:func:`layout_labels`) takes the labels from the highest priority down and gives each the
first anchor whose box meets no box already placed; a label with no free anchor is hidden
(the hover text and the board in words still say it). So no two texts on the board are drawn
on top of each other, and what must always show (a figure's letter) wins over what may move
(a monster's name) and over what may hide (a square's glyph under a token).

A box is measured from the text and the font size alone (:func:`text_box`): its height is the
font size, its width the sum of an estimate per character (narrow, normal, wide), both as a
fraction of a square, so a test can check the layout without a browser. The estimates are a
little generous so that the real text fits in its box.

>>> a = Label("Orc L2 HP 5/7", (Anchor(2.0, 1.0, "center", "bottom"),), 0.3)
>>> b = Label("Mw", (Anchor(2.5, 0.8, "center", "middle"), Anchor(2.5, 1.5, "center", "top")), 0.4)
>>> [p.anchor.y for p in layout_labels([a, b]) if p.shown]
[1.0, 1.5]
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = [
    "Anchor",
    "Box",
    "Label",
    "Placed",
    "char_width",
    "layout_labels",
    "text_box",
    "text_width",
]

_NARROW = frozenset("il1!|.,:;'/()[]Ijtf ")
_WIDE = frozenset("MWmw@%⊠▲○≡⚔▶↑→↓←·★◆●■✦⬤")
LINE_HEIGHT = 1.0
"""A text's box height as a multiple of its font size (the em box: ascender to descender of
the board's sans-serif font)."""


def char_width(char: str) -> float:
    """The width of ``char`` as a fraction of the font size (an estimate that errs wide).

    >>> char_width("i"), char_width("a"), char_width("W")
    (0.4, 0.66, 1.0)
    """
    if char in _NARROW:
        return 0.4
    if char in _WIDE or ord(char) > 0x2000:
        return 1.0
    return 0.66


@functools.lru_cache(maxsize=4096)
def _ems(text: str) -> float:
    return sum(char_width(c) for c in text)


def text_width(text: str, size: float) -> float:
    """The width of ``text`` in square units when its font is ``size`` squares high."""
    return _ems(text) * size


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle in square units: ``x0 <= x <= x1``, ``y0 <= y <= y1`` (y grows down)."""

    x0: float
    y0: float
    x1: float
    y1: float

    def meets(self, other: Box, gap: float = 0.0) -> bool:
        """Whether the two boxes overlap (touching edges, or closer than ``gap``, do not)."""
        return (
            self.x0 < other.x1 + gap
            and other.x0 < self.x1 + gap
            and self.y0 < other.y1 + gap
            and other.y0 < self.y1 + gap
        )


@dataclass(frozen=True, slots=True)
class Anchor:
    """Where a text may go: the point ``(x, y)`` and how the text sits on it (``align``:
    left, center, right; ``baseline``: top, middle, bottom, as Bokeh's text glyph), with an
    optional font ``size`` replacing the label's."""

    x: float
    y: float
    align: str = "center"
    baseline: str = "middle"
    size: float | None = None


@dataclass(frozen=True, slots=True)
class Label:
    """A text to print: ``text`` at one of ``anchors`` (the first that is free), its font
    ``size`` in squares, ``color``, ``bold``, a ``priority`` (higher is placed first) and a
    ``key`` naming where it comes from (for tests and the view). ``boxed`` labels get a pale
    background box so they read over squares."""

    text: str
    anchors: tuple[Anchor, ...]
    size: float
    color: str = "#000000"
    bold: bool = False
    priority: int = 0
    key: str = ""
    boxed: bool = False


@dataclass(frozen=True, slots=True)
class Placed:
    """A label after the layout: the ``anchor`` it got and its ``box``, or hidden."""

    label: Label
    anchor: Anchor
    box: Box
    shown: bool

    @property
    def size(self) -> float:
        return self.anchor.size if self.anchor.size is not None else self.label.size


def text_box(text: str, anchor: Anchor, size: float) -> Box:
    """The box of ``text`` set at ``anchor`` with a font ``size`` squares high.

    >>> box = text_box("II", Anchor(2.5, 3.5), 0.5)
    >>> [round(v, 3) for v in (box.x0, box.y0, box.x1, box.y1)]
    [2.3, 3.25, 2.7, 3.75]
    """
    width = text_width(text, size)
    height = size * LINE_HEIGHT
    x0 = {"left": anchor.x, "center": anchor.x - width / 2, "right": anchor.x - width}[anchor.align]
    y0 = {"top": anchor.y, "middle": anchor.y - height / 2, "bottom": anchor.y - height}[
        anchor.baseline
    ]
    return Box(x0, y0, x0 + width, y0 + height)


def layout_labels(
    labels: Iterable[Label], obstacles: Sequence[Box] = (), *, min_size: float = 0.0
) -> list[Placed]:
    """Place ``labels`` without overlaps (see the module text), in their given order.

    ``obstacles`` are boxes no label may meet (none by default); ``min_size`` is the smallest
    font size the board prints (in squares: tiny squares keep readable text), so boxes are
    measured as drawn. Empty texts are kept, hidden, so the result lines up with the input."""
    labels = list(labels)
    order = sorted(range(len(labels)), key=lambda i: -labels[i].priority)
    taken = _Grid()
    for box in obstacles:
        taken.add(box)
    placed: dict[int, Placed] = {}
    for index in order:
        label = labels[index]
        first = _sized(label, label.anchors[0], min_size)
        result = Placed(label, first, text_box(label.text, first, first.size or 0.0), False)
        if label.text:
            for anchor in label.anchors:
                anchor = _sized(label, anchor, min_size)
                box = text_box(label.text, anchor, anchor.size or 0.0)
                if not taken.meets(box):
                    result = Placed(label, anchor, box, True)
                    taken.add(box)
                    break
        placed[index] = result
    return [placed[i] for i in range(len(labels))]


class _Grid:
    """Placed boxes, bucketed by the whole squares they touch, so a board of hundreds of
    texts is laid out quickly."""

    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], list[Box]] = {}

    @staticmethod
    def _keys(box: Box) -> list[tuple[int, int]]:
        return [
            (x, y)
            for x in range(math.floor(box.x0), math.floor(box.x1) + 1)
            for y in range(math.floor(box.y0), math.floor(box.y1) + 1)
        ]

    def add(self, box: Box) -> None:
        for key in self._keys(box):
            self._cells.setdefault(key, []).append(box)

    def meets(self, box: Box) -> bool:
        return any(
            box.meets(other) for key in self._keys(box) for other in self._cells.get(key, ())
        )


def _sized(label: Label, anchor: Anchor, min_size: float) -> Anchor:
    """``anchor`` with its font size set: its own or the label's, at least ``min_size``."""
    size = anchor.size if anchor.size is not None else label.size
    if anchor.size is not None and size >= min_size:
        return anchor
    return Anchor(anchor.x, anchor.y, anchor.align, anchor.baseline, max(size, min_size))
