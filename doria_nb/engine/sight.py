"""Line of Sight, decided exactly (*Range and Line of Sight*).

The rule: a square sees another when a straight line can be drawn from **any part** of the one
square to **any part** of the other without crossing a Wall. Walls, Red Solid squares, Rubble,
Blocked Doors and doors not opened yet block sight (*Walls*, *Difficult Terrain*, *Dungeon
Markers*); Holes, Red Dashed squares and figures do not. Which squares block is the caller's
business: a :class:`SightMap` is given the set of ``blocking`` squares, the ``obstacles``
(Blue Solid squares: they do not block, but an attack that must cross one gives the defender
+1D) and, for Room F-3, optional ``levels``.

How lines meet squares (``docs/rulings.md``):

* **Touching is not crossing** (S1). A line may touch the target square at a single corner, as
  in the rulebook's Example 2, and in the same way it may graze a wall's corner or run along a
  wall's side. A wall blocks the lines that pass through its inside.
* **Walls that touch form one wall** (S2). The inside of a wall is the inside of all the
  blocking squares together: a line along the seam between two side-by-side walls is inside the
  wall, and the single point where two diagonally placed walls meet (with open floor on the
  other diagonal) is closed, so no line slips through a diagonal wall.
* **The two squares never block their own line** (S3): a Poltergeist in a Wall sees and is seen.
* **Diagonal neighbours** (S4) share a corner, which is enough, unless both other squares at
  that corner block.
* **Blue Solid** (S5): obstacle squares that touch form one obstacle, as walls do: a line
  crosses it when it passes through the inside of the obstacle squares together (along the
  seam between two of them or through the corner where two meet diagonally included). If some
  clear line crosses no obstacle, the result reports none (no +1D); otherwise it reports those
  crossed by a clear line with as few as the search found. The attacker's and the defender's
  own squares never count.
* **Levels** (S6, *Arrows (Room F-3)*): each square may be given a level name; two squares on
  different named levels never see each other, whatever lies between. A square without a
  level belongs to every level. For F-3, give the lower passage one level and the bridge,
  middle square included, the other.

>>> room = SightMap.from_rows('''
... ........
... .A..#..B
... ....#...
... ''')
>>> a, b = Square(1, 1), Square(7, 1)
>>> result = room.line_of_sight(a, b)
>>> result.visible, str(result.line)
(True, '(3/2, 1) to (15/2, 1)')
>>> print(result.explain())
(1, 1) sees (7, 1): a straight line runs from (3/2, 1) to (15/2, 1) \
without crossing a wall (Range and Line of Sight).
>>> room.block(Square(4, 0)).sees(a, b)     # the wall now reaches the top row: no way past
False

**Exact arithmetic.** Every corner of every square is a lattice point. If any clear line
exists, then one exists through two of the finitely many corners that matter (the corners of
the two squares and the outer corners of the walls and obstacles in between, each in the
directions where a line can be tangent there). The engine tries those lines (the line between
the two centres first), working in integers on a grid of half squares: a line's points are
compared by integer cross products and scaled coordinates, never floats, and no fractions
until the proving line is reported.

**Quick answers.** That search stays the reference; most pairs are settled before it, with
the same answer: nothing in the rectangle the two squares span (the centre line), a column or
row of walls across the whole way, one of the search's own first lines clear, or no line that
can pass the gaps of the walls between them (``tests/unit/test_sight_box.py`` and
``tests/unit/test_sight_fast.py`` compare each with the search).

**Caching.** A :class:`SightMap` is immutable and caches every answer. When a door opens,
Rubble falls or a marker changes, make a new map with :meth:`SightMap.with_blocking`,
:meth:`SightMap.block` or :meth:`SightMap.unblock`: it starts with an empty cache.
"""

from __future__ import annotations

import textwrap
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from doria_nb.engine.errors import SightError
from doria_nb.engine.geometry import Point, Square, distance, reading_order, within_distance
from doria_nb.engine.sections import Section

__all__ = ["SightLine", "SightMap", "SightResult", "squares_marked"]

_CACHE_LIMIT = 100_000
"""Answers kept per map (each pair is kept both ways) before the cache starts afresh, so that a
long-lived map cannot grow without bound (some tens of MB at most)."""


@dataclass(frozen=True, slots=True)
class SightLine:
    """The straight line that proves Line of Sight, from a point of the source square to a point
    of the target square, with exact coordinates (for a widget to draw).

    It runs from the middle of the part of the line inside the source square to the middle of
    the part inside the target square (centre to centre when that line is clear); where the
    line only touches a square at a corner, that corner is its end.
    """

    start: Point
    end: Point

    def __str__(self) -> str:
        return f"{self.start} to {self.end}"

    def reversed(self) -> SightLine:
        return SightLine(self.end, self.start)

    def as_floats(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """``((x0, y0), (x1, y1))`` as floats, for drawing."""
        return (self.start.as_floats(), self.end.as_floats())


@dataclass(frozen=True, slots=True)
class SightResult:
    """Whether ``source`` sees ``target``, and why.

    * ``line``: a clear line between them when they see each other (else ``None``);
    * ``obstacles``: the Blue Solid squares that line crosses. It is empty exactly when some
      clear line avoids them all; otherwise the line crosses as few as the search found. An
      attack that must cross one gives the defender +1D (*Difficult Terrain*): see
      :attr:`hindered`;
    * ``blockers``: when they do not see each other, the blocking squares standing between them
      (those whose inside some straight line between the two squares would pass through);
    * ``levels``: the two different levels, when that is why they do not see each other.

    A result is true or false like a bool.
    """

    source: Square
    target: Square
    visible: bool
    line: SightLine | None = None
    obstacles: frozenset[Square] = frozenset()
    blockers: frozenset[Square] = frozenset()
    levels: tuple[str, str] | None = None
    exposed: bool = False
    """Seen because one of the two is a Poltergeist inside a wall, which every character
    sees from then on (*Walls*)."""

    def __bool__(self) -> bool:
        return self.visible

    @property
    def hindered(self) -> bool:
        """Whether every clear line crosses a Blue Solid obstacle (the defender gets +1D)."""
        return bool(self.obstacles)

    @property
    def rule(self) -> Section:
        """The section that decided the answer."""
        if self.levels is not None:
            return Section.ARROWS_ROOM_F3
        return Section.RANGE_AND_LINE_OF_SIGHT

    def reversed(self) -> SightResult:
        """The same answer seen from the target (Line of Sight is symmetric)."""
        return SightResult(
            source=self.target,
            target=self.source,
            visible=self.visible,
            line=self.line.reversed() if self.line is not None else None,
            obstacles=self.obstacles,
            blockers=self.blockers,
            levels=(self.levels[1], self.levels[0]) if self.levels is not None else None,
            exposed=self.exposed,
        )

    def explain(self) -> str:
        """One or two sentences in words, naming the rule."""
        who = f"{self.source}"
        whom = f"{self.target}"
        if self.levels is not None:
            return (
                f"{who} cannot see {whom}: they are on different levels ({self.levels[0]!r} "
                f"and {self.levels[1]!r}); the upper passage is not visible from below, and "
                f"vice versa ({Section.ARROWS_ROOM_F3})."
            )
        if not self.visible:
            names = ", ".join(str(s) for s in sorted(self.blockers, key=reading_order))
            return (
                f"{who} cannot see {whom}: every straight line between the two squares passes "
                f"through a wall or another blocking square (in the way: {names}) "
                f"({Section.RANGE_AND_LINE_OF_SIGHT})."
            )
        if self.source == self.target:
            return f"{who} sees itself ({Section.RANGE_AND_LINE_OF_SIGHT})."
        if self.exposed:
            return (
                f"{who} and {whom} see each other: a Poltergeist inside a wall can be seen and "
                f"attacked by every character ({Section.WALLS})."
            )
        text = (
            f"{who} sees {whom}: a straight line runs from {self.line} without crossing a "
            f"wall ({Section.RANGE_AND_LINE_OF_SIGHT})."
        )
        if self.obstacles:
            names = ", ".join(str(s) for s in sorted(self.obstacles, key=reading_order))
            one = len(self.obstacles) == 1
            text += (
                f" No clear line avoids the Blue Solid obstacle{'' if one else 's'} at {names}: "
                f"an attack along it gives the defender +1D ({Section.DIFFICULT_TERRAIN})."
            )
        return text


def _squares(value: object, what: str) -> frozenset[Square]:
    if isinstance(value, (Square, str)):
        raise SightError(f"{what} must be a collection of squares, not {value!r}.")
    try:
        squares = frozenset(value)  # type: ignore[arg-type]
    except TypeError:
        raise SightError(f"{what} must be a collection of squares, not {value!r}.") from None
    for square in squares:
        if not isinstance(square, Square):
            raise SightError(f"{what} must hold squares only, not {square!r}.")
    return squares


def _levels(value: Mapping[Square, str] | None) -> Mapping[Square, str]:
    if value is None:
        return MappingProxyType({})
    if not isinstance(value, Mapping):
        raise SightError(f"levels must map squares to level names, not {value!r}.")
    levels: dict[Square, str] = {}
    for square, level in value.items():
        if not isinstance(square, Square):
            raise SightError(f"levels must map squares to level names; {square!r} is no square.")
        if not isinstance(level, str) or not level:
            raise SightError(f"The level of {square!r} must be a name (text), not {level!r}.")
        levels[square] = level
    return MappingProxyType(levels)


def _row_index(cells: frozenset[tuple[int, int]]) -> dict[int, tuple[int, ...]]:
    rows: dict[int, list[int]] = {}
    for x, y in cells:
        rows.setdefault(y, []).append(x)
    return {y: tuple(sorted(xs)) for y, xs in rows.items()}


def _rows_text(rows: str | Sequence[str]) -> list[str]:
    lines = textwrap.dedent(rows).splitlines() if isinstance(rows, str) else list(rows)
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def squares_marked(rows: str | Sequence[str], marks: str) -> tuple[Square, ...]:
    """The squares of a text map (one character per square, the top row first) that show any
    character of ``marks``, in reading order.

    >>> squares_marked('''
    ... .A.
    ... #.B
    ... ''', "AB")
    (Square(x=1, y=0), Square(x=2, y=1))
    """
    found = []
    for y, line in enumerate(_rows_text(rows)):
        for x, char in enumerate(line):
            if char in marks:
                found.append(Square(x, y))
    return tuple(found)


class SightMap:
    """Which squares block Line of Sight, which are Blue Solid obstacles, and their levels.

    Immutable, with a cache of answers; equal maps (same squares) compare equal. A square that
    is both blocking and an obstacle blocks. The board is unbounded: squares not mentioned are
    open floor.

    >>> walls = SightMap(blocking={Square(1, 0), Square(0, 1)})
    >>> walls.sees(Square(0, 0), Square(1, 1))      # the two walls meet at a corner: closed
    False
    >>> walls.unblock(Square(0, 1)).sees(Square(0, 0), Square(1, 1))
    True
    """

    __slots__ = (
        "_blocking",
        "_blue",
        "_blue_rows",
        "_cache",
        "_cells",
        "_levels",
        "_obstacles",
        "_rows",
        "_seen",
    )

    def __init__(
        self,
        blocking: Iterable[Square] = (),
        obstacles: Iterable[Square] = (),
        levels: Mapping[Square, str] | None = None,
    ) -> None:
        squares = _squares(blocking, "blocking")
        self._setup(frozenset((s.x, s.y) for s in squares), obstacles, levels)
        self._blocking: frozenset[Square] | None = squares

    @classmethod
    def _from_cells(
        cls,
        blocking: Iterable[tuple[int, int]],
        obstacles: Iterable[Square] = (),
        levels: Mapping[Square, str] | None = None,
    ) -> SightMap:
        """The same map as ``SightMap(blocking squares, obstacles, levels)``, given the
        blocking squares as ``(x, y)`` pairs of whole numbers, unchecked: for a dungeon, which
        lists a thousand blocking squares or more (its walls and the empty table around it)
        from its own whole numbers. The squares themselves are made only if :attr:`blocking`
        is asked for.

        >>> SightMap._from_cells({(1, 0), (0, 1)}) == SightMap({Square(1, 0), Square(0, 1)})
        True
        """
        made = cls.__new__(cls)
        made._setup(frozenset(blocking), obstacles, levels)
        made._blocking = None
        return made

    @classmethod
    def _from_rows(
        cls,
        rows: dict[int, list[int]],
        obstacles: Iterable[Square] = (),
        levels: Mapping[Square, str] | None = None,
    ) -> SightMap:
        """:meth:`_from_cells` with the blocking squares given row by row, ``{y: [x, ...]}``
        (each x once, in any order), unchecked: a dungeon lists them so, and the map's index
        of blocking squares by row is then sorted row by row.

        >>> SightMap._from_rows({0: [1], 1: [0]}) == SightMap({Square(1, 0), Square(0, 1)})
        True
        """
        made = cls.__new__(cls)
        index = {y: tuple(sorted(xs)) for y, xs in rows.items() if xs}
        cells = frozenset([(x, y) for y, xs in index.items() for x in xs])
        made._setup(cells, obstacles, levels, index)
        made._blocking = None
        return made

    def _setup(
        self,
        cells: frozenset[tuple[int, int]],
        obstacles: Iterable[Square],
        levels: Mapping[Square, str] | None,
        rows: dict[int, tuple[int, ...]] | None = None,
    ) -> None:
        self._obstacles = _squares(obstacles, "obstacles")
        self._levels = _levels(levels)
        self._cells = cells
        self._blue = frozenset((s.x, s.y) for s in self._obstacles) - self._cells
        self._rows = _row_index(self._cells) if rows is None else rows
        self._blue_rows = _row_index(self._blue)
        self._cache: dict[tuple[Square, Square], SightResult] = {}
        self._seen: dict[tuple[Square, Square], bool] = {}

    # -- building -----------------------------------------------------------------------------

    @classmethod
    def from_rows(
        cls,
        rows: str | Sequence[str],
        *,
        blocking: str = "#X",
        obstacles: str = "%",
        levels: Mapping[str, str] | None = None,
    ) -> SightMap:
        """A map from a text picture, one character per square, the top row first.

        By default ``#`` (Wall) and ``X`` (Red Solid) block and ``%`` is Blue Solid; every other
        character is floor. ``levels`` maps characters to level names (e.g. ``{"u": "under",
        "b": "bridge"}`` for Room F-3). Use :func:`squares_marked` to find marked squares.
        """
        lines = _rows_text(rows)
        level_chars = dict(levels or {})
        walls, blue, level_of = [], [], {}
        for y, line in enumerate(lines):
            for x, char in enumerate(line):
                square = Square(x, y)
                if char in blocking:
                    walls.append(square)
                elif char in obstacles:
                    blue.append(square)
                if char in level_chars:
                    level_of[square] = level_chars[char]
        return cls(walls, blue, level_of)

    def with_blocking(self, blocking: Iterable[Square]) -> SightMap:
        """The same map with another set of blocking squares (and a fresh cache)."""
        return SightMap(blocking, self._obstacles, self._levels)

    def block(self, *squares: Square) -> SightMap:
        """The same map with ``squares`` blocking too (Rubble fell, a door was blocked)."""
        return self.with_blocking(self.blocking | _squares(squares, "block()"))

    def unblock(self, *squares: Square) -> SightMap:
        """The same map with ``squares`` no longer blocking (a door was opened, Rubble cleared)."""
        return self.with_blocking(self.blocking - _squares(squares, "unblock()"))

    def with_obstacles(self, obstacles: Iterable[Square]) -> SightMap:
        """The same map with another set of Blue Solid obstacles."""
        return SightMap(self.blocking, obstacles, self._levels)

    def with_levels(self, levels: Mapping[Square, str] | None) -> SightMap:
        """The same map with other levels."""
        return SightMap(self.blocking, self._obstacles, levels)

    # -- reading ------------------------------------------------------------------------------

    @property
    def blocking(self) -> frozenset[Square]:
        found = self._blocking
        if found is None:
            found = self._blocking = frozenset(Square(x, y) for x, y in self._cells)
        return found

    @property
    def obstacles(self) -> frozenset[Square]:
        return self._obstacles

    @property
    def levels(self) -> Mapping[Square, str]:
        return self._levels

    def _key(self) -> tuple[object, ...]:
        return (self._cells, self._obstacles, frozenset(self._levels.items()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SightMap):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        parts = [f"blocking={sorted(self.blocking, key=reading_order)!r}"]
        if self._obstacles:
            parts.append(f"obstacles={sorted(self._obstacles, key=reading_order)!r}")
        if self._levels:
            levels = dict(sorted(self._levels.items(), key=lambda item: reading_order(item[0])))
            parts.append(f"levels={levels!r}")
        return f"SightMap({', '.join(parts)})"

    # -- Line of Sight --------------------------------------------------------------------------

    def sees(self, a: Square, b: Square) -> bool:
        """Whether ``a`` and ``b`` see each other: the ``visible`` of :meth:`line_of_sight`,
        decided the same way without building its proof (the line, the squares in the way),
        which a planner asking square after square does not need."""
        found = self._cache.get((a, b))
        if found is not None:
            return found.visible
        seen = self._seen.get((a, b))
        if seen is not None:
            return seen
        if not isinstance(a, Square) or not isinstance(b, Square):
            raise SightError(f"Line of Sight is between two squares, not {a!r} and {b!r}.")
        level_a, level_b = self._levels.get(a), self._levels.get(b)
        if level_a is not None and level_b is not None and level_a != level_b:
            seen = False
        elif _open_box(a.x, a.y, b.x, b.y, self._rows) and _open_box(
            a.x, a.y, b.x, b.y, self._blue_rows
        ):
            seen = True
        else:
            seen = self._quick_sees(a.x, a.y, b.x, b.y)
        if len(self._seen) >= _CACHE_LIMIT:
            self._seen.clear()
        self._seen[(a, b)] = self._seen[(b, a)] = seen
        return seen

    def line_of_sight(self, a: Square, b: Square) -> SightResult:
        """Whether ``a`` sees ``b``, with the proving line or the squares in the way."""
        cache = self._cache
        found = cache.get((a, b))
        if found is not None:
            return found
        if not isinstance(a, Square) or not isinstance(b, Square):
            raise SightError(f"Line of Sight is between two squares, not {a!r} and {b!r}.")
        result = self._decide(a, b)
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[(a, b)] = result
        cache[(b, a)] = result.reversed()
        return result

    def visible_squares(
        self,
        source: Square,
        within: int | None = None,
        *,
        among: Iterable[Square] | None = None,
        include_blocking: bool = False,
    ) -> frozenset[Square]:
        """The squares ``source`` sees (itself included) that are at most ``within`` steps away
        (counted orthogonally, as range is) and, if given, belong to ``among``.

        Blocking squares are left out unless ``include_blocking`` (a Poltergeist in a wall can
        be seen, but nobody stands on an ordinary wall).

        >>> from doria_nb.engine.geometry import rectangle
        >>> room = SightMap(blocking={Square(2, 2), Square(2, 3), Square(2, 4)})
        >>> seen = room.visible_squares(Square(1, 3), among=rectangle(5, 6))
        >>> for y in range(6):
        ...     print("".join("#" if Square(x, y) in room.blocking else
        ...                   "o" if Square(x, y) in seen else "-" for x in range(5)))
        ooooo
        oooo-
        oo#--
        oo#--
        oo#--
        oooo-
        """
        if not isinstance(source, Square):
            raise SightError(f"Line of Sight starts from a square, not {source!r}.")
        if within is not None and (
            not isinstance(within, int) or isinstance(within, bool) or within < 0
        ):
            raise SightError(f"A range is a whole number of squares, 0 or more, not {within!r}.")
        if among is None:
            if within is None:
                raise SightError(
                    "The board has no edge: give a range (within=...) or the squares to look at "
                    "(among=...)."
                )
            candidates: Iterable[Square] = within_distance(source, within)
        else:
            candidates = _squares(among, "among")
            if within is not None:
                candidates = [s for s in candidates if distance(source, s) <= within]
        blocking = self.blocking
        return frozenset(
            square
            for square in candidates
            if (include_blocking or square not in blocking) and self.sees(source, square)
        )

    def _decide(self, a: Square, b: Square) -> SightResult:
        level_a, level_b = self._levels.get(a), self._levels.get(b)
        if level_a is not None and level_b is not None and level_a != level_b:
            return SightResult(a, b, False, levels=(level_a, level_b))
        if _open_box(a.x, a.y, b.x, b.y, self._rows) and _open_box(
            a.x, a.y, b.x, b.y, self._blue_rows
        ):
            # Nothing blocks or gives cover in the rectangle of squares the two span, so the
            # line between their centres is clear: the answer the search below would give
            # first, without the search (tests/unit/test_sight_box.py compares them).
            return SightResult(a, b, True, line=SightLine(a.center, b.center))
        quick = self._quick(a, b)
        if quick is not None:
            return quick
        return self._searched(a, b)

    def _quick_sees(self, ax: int, ay: int, bx: int, by: int) -> bool:
        """Whether the squares see each other: a wall across the whole way, one of the search's
        first lines clear, or no line through the gaps of the walls between settles most pairs;
        the search settles the rest."""
        cells = self._cells
        if (abs(bx - ax) > 1 or abs(by - ay) > 1) and (
            (ax, ay) not in cells and (bx, by) not in cells
        ):
            if _walled_off(cells, ax, ay, bx, by):
                return False
            near = _nearby(self._rows, ax, ay, bx, by, ((ax, ay), (bx, by)))
            if _first_clear(ax, ay, bx, by, _walls_near(near, cells)) is not None:
                return True
            if _through_gaps_shut(cells, ax, ay, bx, by):
                return False
        return _solve(ax, ay, bx, by, cells, self._rows, self._blue, self._blue_rows)[0]

    def _quick(self, a: Square, b: Square) -> SightResult | None:
        """The search's own answer where it is found without the search (levels and the open
        rectangle aside), else ``None``: a wall across the whole way; the first line among the
        search's first 17 that is clear and crosses no Blue Solid; no line through the gaps."""
        ax, ay, bx, by = a.x, a.y, b.x, b.y
        cells = self._cells
        if (abs(bx - ax) <= 1 and abs(by - ay) <= 1) or (ax, ay) in cells or (bx, by) in cells:
            return None
        ends = ((ax, ay), (bx, by))
        near = None
        if not _walled_off(cells, ax, ay, bx, by):
            near = _nearby(self._rows, ax, ay, bx, by, ends)
            blues = None
            near_blue = _nearby(self._blue_rows, ax, ay, bx, by, ends) if self._blue_rows else []
            if near_blue:
                blue = self._blue
                if ends[0] in blue or ends[1] in blue:  # S5: their own squares give no cover
                    blue = blue - set(ends)
                blues = _walls_near(near_blue, blue)
            witness = _first_clear(ax, ay, bx, by, _walls_near(near, cells), blues)
            if witness is not None:
                return SightResult(a, b, True, line=_line(witness))
            if not _through_gaps_shut(cells, ax, ay, bx, by):
                return None
        if near is None:
            blockers = _in_the_way(self._rows, ax, ay, bx, by)
        else:
            blockers = _between(ax, ay, bx, by, near)
        return SightResult(a, b, False, blockers=frozenset(Square(x, y) for x, y in blockers))

    def _searched(self, a: Square, b: Square) -> SightResult:
        """The answer of the exact search (levels aside): every line that could prove sight."""
        visible, witness, hits, blockers = _solve(
            a.x, a.y, b.x, b.y, self._cells, self._rows, self._blue, self._blue_rows
        )
        if not visible:
            return SightResult(a, b, False, blockers=frozenset(Square(x, y) for x, y in blockers))
        assert witness is not None
        return SightResult(
            a,
            b,
            True,
            line=_line(witness),
            obstacles=frozenset(Square(x, y) for x, y in hits),
        )


# -- the exact search ----------------------------------------------------------------------------
#
# Everything below works on a grid of half squares ("doubled" coordinates): the square (x, y)
# covers [2x, 2x + 2] × [2y, 2y + 2], its corners are even lattice points and its centre the odd
# point (2x + 1, 2y + 1). A candidate line is given by an integer point (ux, uy) on it and an
# integer direction (dx, dy).
#
# A line that is neither horizontal nor vertical is read along x: with k = |dy|, the point of
# abscissa x gets the integer "position" X = x * k for every x where the line crosses a vertical
# grid line, and X = base + y * sdx (sdx = dx * sign(dy)) where it crosses a horizontal one. The
# part of the line inside a square is then the integer interval where its x-range and y-range
# overlap, and "the line passes through the inside of a square" is a strict overlap of integer
# intervals.
#
# A line is clear when the part between the two squares (the gap) meets neither
#   * the open inside of a blocking square,
#   * the inside of a seam, the side shared by two blocking squares (only lines along it), nor
#   * a pinch, the corner where two blocking squares meet diagonally while the other two
#     squares at that corner are open.

_Witness = tuple[int, ...]


def _open_box(ax: int, ay: int, bx: int, by: int, rows: dict[int, tuple[int, ...]]) -> bool:
    """Whether no cell of ``rows`` (cells by row, each row's columns in order) lies in the
    rectangle of squares from (ax, ay) to (bx, by), both included."""
    x_lo, x_hi = min(ax, bx), max(ax, bx)
    for y in range(min(ay, by), max(ay, by) + 1):
        xs = rows.get(y)
        if xs:
            i = bisect_left(xs, x_lo)
            if i < len(xs) and xs[i] <= x_hi:
                return False
    return True


def _nearby(
    rows: dict[int, tuple[int, ...]],
    ax: int,
    ay: int,
    bx: int,
    by: int,
    exclude: tuple[tuple[int, int], tuple[int, int]],
) -> list[tuple[int, int]]:
    """Cells that touch the convex hull of the squares a and b: the segment from (ax, ay) to
    (bx, by) meets the closed box [x - 1, x + 1] × [y - 1, y + 1] around the cell."""
    ddx, ddy = bx - ax, by - ay
    span = abs(ddx) + abs(ddy)
    x_lo, x_hi = min(ax, bx) - 1, max(ax, bx) + 1
    found = []
    for y in range(min(ay, by) - 1, max(ay, by) + 2):
        xs = rows.get(y)
        if not xs:
            continue
        dyy = ddx * (y - ay)
        for i in range(bisect_left(xs, x_lo), bisect_right(xs, x_hi)):
            x = xs[i]
            c = dyy - ddy * (x - ax)
            if -span <= c <= span and (x, y) not in exclude:
                found.append((x, y))
    return found


def _between(ax: int, ay: int, bx: int, by: int, cells: list[tuple[int, int]]) -> list:
    """The cells whose inside meets the inside of the convex hull of the squares a and b."""
    ddx, ddy = bx - ax, by - ay
    span = abs(ddx) + abs(ddy)
    x_lo, x_hi, y_lo, y_hi = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
    return [
        (x, y)
        for x, y in cells
        if x_lo - 1 < x < x_hi + 1
        and y_lo - 1 < y < y_hi + 1
        and abs(ddx * (y - ay) - ddy * (x - ax)) < span
    ]


def _in_the_way(rows: dict[int, tuple[int, ...]], ax: int, ay: int, bx: int, by: int) -> list:
    """The cells of ``rows`` whose inside meets the inside of the convex hull of the squares a
    and b: :func:`_between` of :func:`_nearby`, found row by row by bisection (for a and b not
    among them) rather than cell by cell."""
    ddx, ddy = bx - ax, by - ay
    span = abs(ddx) + abs(ddy)
    x_lo, x_hi = min(ax, bx), max(ax, bx)
    found = []
    for y in range(min(ay, by), max(ay, by) + 1):
        xs = rows.get(y)
        if not xs:
            continue
        # |ddx * (y - ay) - ddy * (x - ax)| < span, an open interval of x (all x if ddy == 0).
        p = ddx * (y - ay)
        first, last = x_lo, x_hi
        if ddy:  # (q - span) / e < x - ax < (q + span) / e
            e = abs(ddy)
            q = p if ddy > 0 else -p
            first = max(first, ax + (q - span) // e + 1)
            last = min(last, ax - (-(q + span) // e) - 1)
        elif abs(p) >= span:
            continue
        for i in range(bisect_left(xs, first), bisect_right(xs, last)):
            found.append((xs[i], y))
    return found


class _Region:
    """Blocking squares (or Blue Solid squares) near the two squares, in doubled coordinates:
    their cells, the seams between two of them and their pinches."""

    __slots__ = ("cells", "hseams", "pinches", "vseams")

    def __init__(
        self,
        near: list[tuple[int, int]],
        every: frozenset[tuple[int, int]],
        points: dict[tuple[int, int], int],
        every_corner: bool,
    ) -> None:
        # Corners that can pin a line go into ``points``, each with a kind: 0 (any line),
        # +1 or -1 (an outer corner of the region: a line pinned there is tangent to it, so its
        # direction (dx, dy) has dx * dy >= 0, respectively <= 0).
        self.cells = [(2 * x, 2 * y) for x, y in near]
        # Seams: (along, across, first cell, second cell). Pinches: (px, py, cell, cell).
        self.hseams: list[tuple[int, int, tuple[int, int], tuple[int, int]]] = []
        self.vseams: list[tuple[int, int, tuple[int, int], tuple[int, int]]] = []
        self.pinches: list[tuple[int, int, tuple[int, int], tuple[int, int]]] = []
        for x, y in near:
            x2, y2 = 2 * x, 2 * y
            if (x, y + 1) in every:
                self.hseams.append((x2, y2 + 2, (x2, y2), (x2, y2 + 2)))
            if (x + 1, y) in every:
                self.vseams.append((y2, x2 + 2, (x2, y2), (x2 + 2, y2)))
            for cx, cy in ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)):
                nw = (cx - 1, cy - 1) in every
                ne = (cx, cy - 1) in every
                sw = (cx - 1, cy) in every
                se = (cx, cy) in every
                count = nw + ne + sw + se
                p = (2 * cx, 2 * cy)
                if count == 2 and nw == se:
                    if nw and cx == x + 1 and cy == y + 1:  # once, from its upper cell
                        self.pinches.append((*p, (x2, y2), (x2 + 2, y2 + 2)))
                    elif ne and cx == x and cy == y + 1:
                        self.pinches.append((*p, (x2, y2), (x2 - 2, y2 + 2)))
                    if every_corner:
                        points[p] = 0
                elif count == 1:
                    kind = 0 if every_corner else -1 if nw or se else 1
                    old = points.get(p, kind)
                    points[p] = kind if old == kind else 0
                elif every_corner:
                    points[p] = 0


def _solve(
    ax: int,
    ay: int,
    bx: int,
    by: int,
    cells: frozenset[tuple[int, int]],
    rows: dict[int, tuple[int, ...]],
    blue: frozenset[tuple[int, int]],
    blue_rows: dict[int, tuple[int, ...]],
    every_corner: bool = False,
) -> tuple[bool, _Witness | None, tuple[tuple[int, int], ...], list[tuple[int, int]]]:
    """``(visible, witness, Blue Solid cells crossed, cells in the way)`` for squares a and b.

    Only lines through two corners that can pin a clear line are tried: corners of a and b and
    outer corners of the walls and of the Blue Solid obstacles, each only in the directions
    where the line can be tangent there. ``every_corner`` tries every line through two corners
    of a, b, walls and obstacles nearby instead (slower; the tests compare the two).
    """
    a, b = (ax, ay), (bx, by)
    if a in cells or b in cells:  # S3: the two squares never block their own line
        cells = cells - {a, b}
    if a in blue or b in blue:  # S5: nor give cover
        blue = blue - {a, b}
    centres: _Witness = (0, 2 * ax + 1, 2 * ay + 1, 2 * bx + 1, 2 * by + 1, 1)
    if abs(bx - ax) <= 1 and abs(by - ay) <= 1:
        # The same square, or squares that share a side or a corner.
        if ax != bx and ay != by:
            if (ax, by) in cells and (bx, ay) in cells:
                return False, None, (), [(ax, by), (bx, ay)]
            if (ax, by) in blue and (bx, ay) in blue:
                return True, centres, tuple(sorted([(ax, by), (bx, ay)])), []
        return True, centres, (), []

    near_walls = _nearby(rows, ax, ay, bx, by, (a, b))
    points: dict[tuple[int, int], int] = {}
    for x, y in (a, b):
        for p in ((2 * x, 2 * y), (2 * x + 2, 2 * y), (2 * x + 2, 2 * y + 2), (2 * x, 2 * y + 2)):
            points[p] = 0
    walls = _Region(near_walls, cells, points, every_corner)
    near_blue = _nearby(blue_rows, ax, ay, bx, by, (a, b)) if blue_rows else []
    blues = _Region(near_blue, blue, points, every_corner) if near_blue else None
    square_a, square_b = (2 * ax, 2 * ay), (2 * bx, 2 * by)

    # The centre line first, then corner to corner, then every other pair of corners.
    first = [(centres[1], centres[2], 2 * (bx - ax), 2 * (by - ay))]
    corners_a = [(2 * ax + i, 2 * ay + j) for i in (0, 2) for j in (0, 2)]
    corners_b = [(2 * bx + i, 2 * by + j) for i in (0, 2) for j in (0, 2)]
    first += [(ux, uy, vx - ux, vy - uy) for ux, uy in corners_a for vx, vy in corners_b]
    best: tuple[set[tuple[int, int]], _Witness] | None = None
    for ux, uy, dx, dy in first:
        if dx < 0 or (dx == 0 and dy < 0):
            dx, dy = -dx, -dy
        found = _clear(ux, uy, dx, dy, square_a, square_b, walls, blues)
        if found is not None:
            if not found[0]:
                return True, found[1], (), []
            if best is None or len(found[0]) < len(best[0]):
                best = found
    listed = list(points.items())
    for i, ((ux, uy), ku) in enumerate(listed):
        for (vx, vy), kv in listed[i + 1 :]:
            dx, dy = vx - ux, vy - uy
            if ku or kv:
                slope = dx * dy
                if slope < 0 and (ku == 1 or kv == 1):
                    continue
                if slope > 0 and (ku == -1 or kv == -1):
                    continue
            if dx < 0 or (dx == 0 and dy < 0):
                dx, dy = -dx, -dy
            found = _clear(ux, uy, dx, dy, square_a, square_b, walls, blues)
            if found is not None:
                if not found[0]:
                    return True, found[1], (), []
                if best is None or len(found[0]) < len(best[0]):
                    best = found
    if best is not None:
        return True, best[1], tuple(sorted((x // 2, y // 2) for x, y in best[0])), []
    return False, None, (), _between(ax, ay, bx, by, near_walls)


def _clear(
    ux: int,
    uy: int,
    dx: int,
    dy: int,
    square_a: tuple[int, int],
    square_b: tuple[int, int],
    walls: _Region,
    blues: _Region | None,
) -> tuple[set[tuple[int, int]], _Witness] | None:
    """Test one line (``dx > 0``, or ``dx == 0 < dy``). ``None`` if it misses a square or is
    blocked between them; else the Blue Solid cells it crosses there and the witness."""
    hits: set[tuple[int, int]] = set()
    if dx and dy:
        if dy > 0:
            k, sdx = dy, dx
        else:
            k, sdx = -dy, -dx
        base = ux * k - uy * sdx
        two_k, two_s = 2 * k, 2 * sdx
        # The part of the line inside each square, as an interval [lo, hi] of positions.
        x0, y0 = square_a
        la = x0 * k
        ha = la + two_k
        ya = base + y0 * sdx
        yb = ya + two_s
        if ya > yb:
            ya, yb = yb, ya
        if ya > la:
            la = ya
        if yb < ha:
            ha = yb
        if la > ha:
            return None
        x0, y0 = square_b
        lb = x0 * k
        hb = lb + two_k
        ya = base + y0 * sdx
        yb = ya + two_s
        if ya > yb:
            ya, yb = yb, ya
        if ya > lb:
            lb = ya
        if yb < hb:
            hb = yb
        if lb > hb:
            return None
        if ha < lb:
            g0, g1 = ha, lb
        else:
            g0, g1 = hb, la
        for x0, y0 in walls.cells:
            lo = x0 * k
            hi = lo + two_k
            ya = base + y0 * sdx
            yb = ya + two_s
            if ya > yb:
                ya, yb = yb, ya
            if ya > lo:
                lo = ya
            if yb < hi:
                hi = yb
            if lo < hi and lo < g1 and g0 < hi:
                return None
        for px, py, _, _ in walls.pinches:
            if dx * (py - uy) == dy * (px - ux) and g0 <= px * k <= g1:
                return None
        if blues is not None:
            for cell in blues.cells:
                x0, y0 = cell
                lo = x0 * k
                hi = lo + two_k
                ya = base + y0 * sdx
                yb = ya + two_s
                if ya > yb:
                    ya, yb = yb, ya
                if ya > lo:
                    lo = ya
                if yb < hi:
                    hi = yb
                if lo < hi and lo < g1 and g0 < hi:
                    hits.add(cell)
            for px, py, first, second in blues.pinches:
                if dx * (py - uy) == dy * (px - ux) and g0 <= px * k <= g1:
                    hits.add(first)
                    hits.add(second)
        return hits, (1, ux, uy, dx, dy, k, la + ha, lb + hb)
    # A horizontal line (y = uy) or a vertical one (x = ux): swap axes for the vertical one.
    horizontal = dy == 0
    if horizontal:
        c = uy
        (xa, ya), (xb, yb) = square_a, square_b
    else:
        c = ux
        (ya, xa), (yb, xb) = square_a, square_b
    if not (ya <= c <= ya + 2 and yb <= c <= yb + 2):
        return None
    if xa < xb:
        g0, g1 = xa + 2, xb
    else:
        g0, g1 = xb + 2, xa
    if c % 2:  # through the insides of the squares of one row (or column)
        row = c - 1
        for wx, wy in walls.cells:
            along, across = (wx, wy) if horizontal else (wy, wx)
            if across == row and along < g1 and g0 < along + 2:
                return None
        if blues is not None:
            for cell in blues.cells:
                along, across = cell if horizontal else (cell[1], cell[0])
                if across == row and along < g1 and g0 < along + 2:
                    hits.add(cell)
    else:  # along a grid line: seams and pinches
        for along, across, _, _ in walls.hseams if horizontal else walls.vseams:
            if across == c and along < g1 and g0 < along + 2:
                return None
        for px, py, _, _ in walls.pinches:
            along, across = (px, py) if horizontal else (py, px)
            if across == c and g0 <= along <= g1:
                return None
        if blues is not None:
            for along, across, first, second in blues.hseams if horizontal else blues.vseams:
                if across == c and along < g1 and g0 < along + 2:
                    hits.add(first)
                    hits.add(second)
            for px, py, first, second in blues.pinches:
                along, across = (px, py) if horizontal else (py, px)
                if across == c and g0 <= along <= g1:
                    hits.add(first)
                    hits.add(second)
    return hits, (2, horizontal, c, xa + 1, xb + 1)


# -- quick answers, before the search ------------------------------------------------------------
#
# The search above is the reference. Most pairs it is asked about are settled more cheaply, and
# exactly, by one of these three (tests/unit/test_sight_fast.py compares them with it):
#
# * **a wall across the whole way** (:func:`_walled_off`): every segment from a to b crosses
#   each column of squares strictly between them (or each row, when they are that far apart
#   up and down). If the blocking squares of one such column close every point of the convex
#   hull of the two squares inside it, every line passes through the inside of the wall: no
#   Line of Sight. Doors left open, corners and grazing lines are never in such a case, so they
#   are left to the others;
# * **one of the search's first lines is clear** (:func:`_first_clear`): the centre line and
#   the 16 lines from a corner of a to a corner of b, tested one by one in the search's order
#   with its own test (:func:`_clear`), but without the search's list of candidate corners. The
#   search returns the first of them that is clear and crosses no Blue Solid, if any is;
# * **no line through the gaps** (:func:`_through_gaps_shut`): a line must pass each column
#   between a and b through one gap of its walls; when no straight line can (a door in a thick
#   wall seen from the side), there is no Line of Sight.
#
# When the answer is "no", the squares in the way are the search's (:func:`_in_the_way`).


def _both_ways(ax: int, ay: int, bx: int, by: int) -> Iterator[tuple[bool, int, int, int, int]]:
    """The squares a and b read along x, then along y (``across``: x and y swapped), each time
    with a left of b, and only when at least one column lies strictly between them: the two
    readings the quick rejections below ask the same question of."""
    for across in (False, True):
        if across:  # rows between them: the same question with x and y swapped
            ax, ay, bx, by = ay, ax, by, bx
        if ax > bx:
            ax, ay, bx, by = bx, by, ax, ay
        if bx - ax >= 2:
            yield across, ax, ay, bx, by


def _walled_off(cells: frozenset[tuple[int, int]], ax: int, ay: int, bx: int, by: int) -> bool:
    """Whether blocking squares of one column strictly between the squares a and b (or of one
    row strictly between them) close the whole convex hull of the two squares there, so that no
    straight line between them is clear (a and b themselves never lie in those columns, so
    S3 leaves the answer alone)."""
    ways = _both_ways(ax, ay, bx, by)
    for across, ax, ay, bx, by in ways:
        dx, dy = bx - ax, by - ay
        span = abs(dy)
        for c in range(ax + 1, bx):
            # Inside the strip c < x < c + 1 the hull runs from y = lo / dx to y = hi / dx at
            # most (its two long sides have the slope dy / dx; no corner lies inside the strip).
            t = dy * (c - ax)
            lo = ay * dx + t - span
            hi = (ay + 1) * dx + t + span
            first = lo // dx
            last = -(-hi // dx)  # the wall must reach from row `first` to row `last - 1`
            if not dy:
                # A flat hull: its top and bottom sides lie on grid lines, along which a line
                # may run beside the wall; the wall must go one square beyond each.
                first -= 1
                last += 1
            if across:
                closed = all((y, c) in cells for y in range(first, last))
            else:
                closed = all((c, y) in cells for y in range(first, last))
            if closed:
                return True
    return False


def _through_gaps_shut(
    cells: frozenset[tuple[int, int]], ax: int, ay: int, bx: int, by: int
) -> bool:
    """Whether no straight line from a to b can pass the gaps that the blocking squares leave
    in the columns strictly between them (and, asked again, in the rows between them): a
    necessary condition for Line of Sight, so ``True`` means no Line of Sight.

    Read along x (a left of b, at least one column between): a line is given by its heights
    u at x = ax + 1 (a's right side) and v at x = bx (b's left side), and its height at x is
    ((bx - x) * u + (x - ax - 1) * v) / (bx - ax - 1). A clear line stays inside the convex hull
    of the two squares, which bounds u and v; and inside each column c between, it runs from
    x = c to x = c + 1 without entering the inside of a run of blocking squares of that column,
    so both its heights at c and at c + 1 lie in one gap between runs: between the lowest and
    the highest point of the hull there that no run covers. Each bound is linear in u and v;
    ``True`` when no (u, v) meets them all (Fourier-Motzkin elimination of u, in integers). The
    lines this admits include every clear line (seams, pinches and the blocking squares of
    other columns are left out), so the answer never denies a clear line.
    """
    ways = _both_ways(ax, ay, bx, by)
    for across, ax, ay, bx, by in ways:
        dx, dy = bx - ax, by - ay
        span = abs(dy)
        x1, x2 = ax + 1, bx
        # Heights are kept times dx, in whole numbers. bounds[x] = (lowest, highest).
        bounds: dict[int, tuple[int, int]] = {}
        for x in (x1, x2):
            t0, t1 = dy * (x - ax), dy * (x - ax - 1)
            bounds[x] = (ay * dx + min(t0, t1), (ay + 1) * dx + max(t0, t1))
        for c in range(x1, x2):
            t = dy * (c - ax)
            lo = ay * dx + t - span
            hi = (ay + 1) * dx + t + span
            # The lowest point of [lo, hi] outside the runs' insides ...
            r, rest = divmod(lo, dx)
            if across:
                blocked = (r, c) in cells and (rest or (r - 1, c) in cells)
            else:
                blocked = (c, r) in cells and (rest or (c, r - 1) in cells)
            low = lo
            if blocked:
                while ((r, c) if across else (c, r)) in cells:
                    r += 1
                low = r * dx
            # ... and the highest.
            r, rest = divmod(hi, dx)
            if not rest:
                r -= 1
            if across:
                blocked = (r, c) in cells and (rest or (r + 1, c) in cells)
            else:
                blocked = (c, r) in cells and (rest or (c, r + 1) in cells)
            high = hi
            if blocked:
                while ((r, c) if across else (c, r)) in cells:
                    r -= 1
                high = (r + 1) * dx
            if low > high:
                return True
            if low == lo and high == hi:
                continue  # no tighter than the hull
            for x in (c, c + 1):
                old = bounds.get(x)
                bounds[x] = (low, high) if old is None else (max(old[0], low), min(old[1], high))
        if _no_line(bounds, x1, x2):
            return True
    return False


def _no_line(bounds: dict[int, tuple[int, int]], x1: int, x2: int) -> bool:
    """Whether no line has, at every x of ``bounds`` (x1 <= x <= x2, x1 < x2), a height
    between its two bounds. With u and v its heights at x1 and x2 and d = x2 - x1, the height
    at x times d is a * u + b * v, a = x2 - x, b = x - x1: u is eliminated pair by pair."""
    d = x2 - x1
    v_lo: tuple[int, int] | None = None  # v >= num / den, den > 0
    v_hi: tuple[int, int] | None = None  # v <= num / den
    rows = []
    for x, (low, high) in bounds.items():
        if low > high:
            return True
        a, b = x2 - x, x - x1
        if a == 0:  # the height at x2 is v itself
            if v_lo is None or low * v_lo[1] > v_lo[0]:
                v_lo = (low, 1)
            if v_hi is None or high * v_hi[1] < v_hi[0]:
                v_hi = (high, 1)
        else:
            rows.append((a, b, low, high))
    for ai, bi, low, _ in rows:  # u >= (low * d - bi * v) / ai ...
        for aj, bj, _, high in rows:  # ... and u <= (high * d - bj * v) / aj
            k = ai * bj - aj * bi
            r = d * (ai * high - aj * low)
            if k == 0:
                if r < 0:
                    return True
            elif k > 0:  # v <= r / k
                if v_hi is None or r * v_hi[1] < v_hi[0] * k:
                    v_hi = (r, k)
            elif v_lo is None or r * v_lo[1] < v_lo[0] * k:  # v >= r / k = (-r) / (-k)
                v_lo = (-r, -k)
    return v_lo is not None and v_hi is not None and v_lo[0] * v_hi[1] > v_hi[0] * v_lo[1]


def _walls_near(near: list[tuple[int, int]], every: frozenset[tuple[int, int]]) -> _Region:
    """The :class:`_Region` of the blocking squares ``near``, without the corners the search
    would pin lines at: the cells, seams and pinches, in the same order."""
    region = _Region.__new__(_Region)
    region.cells = [(2 * x, 2 * y) for x, y in near]
    region.hseams = hseams = []
    region.vseams = vseams = []
    region.pinches = pinches = []
    for x, y in near:
        x2, y2 = 2 * x, 2 * y
        below = (x, y + 1) in every
        right = (x + 1, y) in every
        if below:
            hseams.append((x2, y2 + 2, (x2, y2), (x2, y2 + 2)))
        if right:
            vseams.append((y2, x2 + 2, (x2, y2), (x2 + 2, y2)))
        if not below and not right and (x + 1, y + 1) in every:
            pinches.append((x2 + 2, y2 + 2, (x2, y2), (x2 + 2, y2 + 2)))
        if not below and (x - 1, y + 1) in every and (x - 1, y) not in every:
            pinches.append((x2, y2 + 2, (x2, y2), (x2 - 2, y2 + 2)))
    return region


def _first_clear(
    ax: int, ay: int, bx: int, by: int, walls: _Region, blues: _Region | None = None
) -> _Witness | None:
    """The witness of the first line among the search's first 17 (the centre line, then
    corner to corner in the search's order) that is clear and crosses none of ``blues``, or
    ``None``. The search returns the first such line it meets, and it meets these first."""
    square_a, square_b = (2 * ax, 2 * ay), (2 * bx, 2 * by)
    lines = [(2 * ax + 1, 2 * ay + 1, 2 * (bx - ax), 2 * (by - ay))]
    corners_b = [(2 * bx + i, 2 * by + j) for i in (0, 2) for j in (0, 2)]
    lines += [
        (ux, uy, vx - ux, vy - uy)
        for ux, uy in [(2 * ax + i, 2 * ay + j) for i in (0, 2) for j in (0, 2)]
        for vx, vy in corners_b
    ]
    for ux, uy, dx, dy in lines:
        if dx < 0 or (dx == 0 and dy < 0):
            dx, dy = -dx, -dy
        found = _clear(ux, uy, dx, dy, square_a, square_b, walls, blues)
        if found is not None and not found[0]:
            return found[1]
    return None


def _line(witness: _Witness) -> SightLine:
    """The exact line from a witness of the search (doubled coordinates halved)."""
    kind = witness[0]
    if kind == 0:  # two points, with a common denominator (in doubled coordinates)
        _, x0, y0, x1, y1, den = witness
        return SightLine(
            Point(Fraction(x0, 2 * den), Fraction(y0, 2 * den)),
            Point(Fraction(x1, 2 * den), Fraction(y1, 2 * den)),
        )
    if kind == 1:  # a slanted line and twice the positions of the two middles
        _, ux, uy, dx, dy, k, pa, pb = witness
        # The point at doubled abscissa X = position2 / (2k) has doubled ordinate
        # uy + (X - ux) * dy / dx; halved, with one denominator each.
        den_x, den_y = 4 * k, 4 * k * dx
        base = 2 * k * (uy * dx - ux * dy)

        def point(position2: int) -> Point:
            return Point(Fraction(position2, den_x), Fraction(base + position2 * dy, den_y))

        return SightLine(point(pa), point(pb))
    _, horizontal, c, ma, mb = witness
    if horizontal:
        return SightLine(
            Point(Fraction(ma, 2), Fraction(c, 2)), Point(Fraction(mb, 2), Fraction(c, 2))
        )
    return SightLine(Point(Fraction(c, 2), Fraction(ma, 2)), Point(Fraction(c, 2), Fraction(mb, 2)))
