"""The grid of the dungeon: squares, directions, distances and quarter turns.

**Coordinates.** ``Square(x, y)`` is a square of the board: ``x`` grows to the east (to the
right), ``y`` grows to the south (downwards), the way a map is read from its top-left corner.
North is "up" (``Direction.N`` has ``dy == -1``). Geometrically a square is the closed unit
square ``[x, x+1] × [y, y+1]``, so its four corners are lattice points (points with whole
coordinates); :mod:`doria_nb.engine.sight` builds on that to decide Line of Sight exactly.

**Adjacent and distance** (*Adjacent*): only the four orthogonal neighbours are adjacent, and
range and walking distance are counted orthogonally, never diagonally, so the distance between
two squares is ``|dx| + |dy|`` (what geometers call the Manhattan distance).

>>> a, b = Square(2, 3), Square(5, 1)
>>> distance(a, b)
5
>>> adjacent(a, Square(2, 4)), adjacent(a, Square(3, 4))
(True, False)
>>> a.step(Direction.N)
Square(x=2, y=2)
>>> [s for s in Square(0, 0).neighbors()]
[Square(x=0, y=-1), Square(x=1, y=0), Square(x=0, y=1), Square(x=-1, y=0)]

**Quarter turns.** A room tile is laid in one of four orientations. :class:`Rotation` turns
clockwise as seen on the map, in 90° steps; :func:`rotate` moves a square of a tile of a given
``(width, height)`` to where it lies once the tile is turned (a turned tile of width ``w`` and
height ``h`` is ``h`` wide and ``w`` high), and :meth:`Direction.rotated` turns a side:

>>> rotate(Square(0, 0), Rotation.R90, (7, 5))    # the top-left corner goes top-right
Square(x=4, y=0)
>>> rotated_size((7, 5), Rotation.R90)
(5, 7)
>>> Direction.N.rotated(Rotation.R90)              # the north side becomes the east side
<Direction.E: (1, 0)>
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from doria_nb.engine.errors import GeometryError

__all__ = [
    "Direction",
    "Point",
    "Rotation",
    "Square",
    "adjacent",
    "bounds",
    "direction_to",
    "distance",
    "parse_square",
    "reading_order",
    "rectangle",
    "rotate",
    "rotated_size",
    "within_distance",
]


def _whole(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise GeometryError(f"{what} must be a whole number, not {value!r}.")
    return value


class Direction(Enum):
    """One of the four orthogonal directions; the value is the step ``(dx, dy)``.

    Remember that ``y`` grows to the south: north is ``(0, -1)``.

    >>> Direction.E.dx, Direction.E.dy
    (1, 0)
    >>> Direction.N.opposite
    <Direction.S: (0, 1)>
    >>> Direction((0, 1)) is Direction.S
    True
    >>> [d.name for d in Direction]    # clockwise, from north
    ['N', 'E', 'S', 'W']
    """

    N = (0, -1)
    E = (1, 0)
    S = (0, 1)
    W = (-1, 0)

    @property
    def dx(self) -> int:
        """The step to the east (-1, 0 or 1)."""
        return self.value[0]

    @property
    def dy(self) -> int:
        """The step to the south (-1, 0 or 1)."""
        return self.value[1]

    @property
    def opposite(self) -> Direction:
        """The direction turned around: N ↔ S, E ↔ W."""
        return Direction((-self.value[0], -self.value[1]))

    def rotated(self, rotation: Rotation) -> Direction:
        """Where this direction (or a tile's side) points after turning the tile by ``rotation``.

        >>> [d.rotated(Rotation.R90).name for d in Direction]
        ['E', 'S', 'W', 'N']
        >>> Direction.E.rotated(Rotation.R270)
        <Direction.N: (0, -1)>
        """
        if not isinstance(rotation, Rotation):
            raise GeometryError(f"A rotation must be a Rotation, not {rotation!r}.")
        return _CLOCKWISE[(_CLOCKWISE.index(self) + rotation.value) % 4]


_CLOCKWISE = (Direction.N, Direction.E, Direction.S, Direction.W)


class Rotation(Enum):
    """A turn of a room tile, clockwise as seen on the map, in quarter turns (the value).

    >>> Rotation.from_degrees(270)
    <Rotation.R270: 3>
    >>> Rotation.R90.then(Rotation.R270)       # a quarter turn and three more: back home
    <Rotation.R0: 0>
    >>> Rotation.R90.inverse, Rotation.R180.degrees
    (<Rotation.R270: 3>, 180)
    """

    R0 = 0
    R90 = 1
    R180 = 2
    R270 = 3

    @property
    def degrees(self) -> int:
        """The turn in degrees, clockwise: 0, 90, 180 or 270."""
        return 90 * self.value

    @property
    def inverse(self) -> Rotation:
        """The turn that undoes this one."""
        return Rotation(-self.value % 4)

    def then(self, other: Rotation) -> Rotation:
        """This turn followed by ``other``."""
        if not isinstance(other, Rotation):
            raise GeometryError(f"A rotation must be a Rotation, not {other!r}.")
        return Rotation((self.value + other.value) % 4)

    @classmethod
    def from_degrees(cls, degrees: int) -> Rotation:
        """The rotation for a clockwise turn of ``degrees`` (any multiple of 90, even negative).

        >>> Rotation.from_degrees(-90)
        <Rotation.R270: 3>
        """
        degrees = _whole(degrees, "A rotation in degrees")
        if degrees % 90:
            raise GeometryError(
                f"A room tile turns in steps of 90°; {degrees}° is not a multiple of 90."
            )
        return cls(degrees // 90 % 4)


_SHARED_SQUARES_LIMIT = 1 << 16
"""How many squares :class:`_SharedSquares` keeps: far more than any board, yet bounded."""

_shared_squares: dict[tuple[int, int], Square] = {}


_centers: dict[Square, Point] = {}
"""The :attr:`Square.center` of each square asked (as many as squares are shared)."""


class _SharedSquares(type):
    """The kind of :class:`Square`: ``Square(x, y)`` hands back one shared square per place.

    Bot games build squares by the hundred thousand (every neighbour, every step of every
    search), and a frozen dataclass is slow to build. A square is a value, so two squares at
    the same place may as well be the same object: the first ``Square(3, 4)`` is built and
    kept, later ones are looked up. Only squares of exact whole numbers are kept (anything
    else goes through the checks of ``__init__``, which raise for bad input), and at most
    :data:`_SHARED_SQUARES_LIMIT` of them.
    """

    def __call__(cls, x: int, y: int) -> Square:
        exact = type(x) is int and type(y) is int
        if exact:
            found = _shared_squares.get((x, y))
            if found is not None and found.__class__ is cls:
                return found
        made: Square = super().__call__(x, y)
        if exact and cls is Square and len(_shared_squares) < _SHARED_SQUARES_LIMIT:
            _shared_squares[(x, y)] = made
        return made


@dataclass(frozen=True, order=True)
class Square(metaclass=_SharedSquares):
    """A square of the board, ``x`` columns east and ``y`` rows south of the origin.

    Frozen and hashable (a dict key, a set member); ordered by ``x`` then ``y``. Use
    :func:`reading_order` to sort row by row as a map is read.

    >>> Square(3, 4)
    Square(x=3, y=4)
    >>> Square(3, 4).corners()
    ((3, 4), (4, 4), (4, 5), (3, 5))
    >>> Square(3, 4).center
    Point(x=Fraction(7, 2), y=Fraction(9, 2))

    Squares are the keys of nearly every table of the engine, so they are made cheap: the hash
    is worked out once, when the square is built, and is the very value a frozen dataclass
    gives (``hash((x, y))``), so sets and dicts of squares keep the same order; equal squares
    are usually the same object (see :class:`_SharedSquares`). A square never equals a tuple:

    >>> hash(Square(3, 4)) == hash((3, 4)), Square(3, 4) == (3, 4)
    (True, False)
    """

    __slots__ = ("_hash", "x", "y")

    x: int
    y: int

    def __init__(self, x: int, y: int) -> None:
        if type(x) is not int or type(y) is not int:  # the usual case is checked fast
            _whole(x, "A square's x (column)")
            _whole(y, "A square's y (row)")
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)
        object.__setattr__(self, "_hash", hash((x, y)))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined]  # a slot, set by __init__, no field

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self.x == other.x and self.y == other.y  # type: ignore[attr-defined]
        return NotImplemented

    def __reduce__(self) -> tuple[type[Square], tuple[int, int]]:
        """Pickle and copy a square as the call that builds it (its fields are frozen)."""
        return (Square, (self.x, self.y))

    def __str__(self) -> str:
        """``(x, y)``, as players and messages write a square."""
        return f"({self.x}, {self.y})"

    def step(self, direction: Direction, steps: int = 1) -> Square:
        """The square ``steps`` squares away in ``direction``.

        >>> Square(0, 0).step(Direction.W, 3)
        Square(x=-3, y=0)
        """
        dx, dy = direction.value
        return Square(self.x + dx * steps, self.y + dy * steps)

    def shifted(self, dx: int, dy: int) -> Square:
        """The square ``dx`` columns east and ``dy`` rows south of this one."""
        return Square(self.x + dx, self.y + dy)

    def neighbors(self) -> tuple[Square, Square, Square, Square]:
        """The four adjacent squares, clockwise from north: N, E, S, W (*Adjacent*)."""
        x, y = self.x, self.y
        return (Square(x, y - 1), Square(x + 1, y), Square(x, y + 1), Square(x - 1, y))

    def corners(self) -> tuple[tuple[int, int], ...]:
        """The four corner points, clockwise from the north-west one."""
        x, y = self.x, self.y
        return ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))

    @property
    def center(self) -> Point:
        """The middle of the square (worked out once per place: a point is a value)."""
        found = _centers.get(self)
        if found is None:
            found = Point(Fraction(2 * self.x + 1, 2), Fraction(2 * self.y + 1, 2))
            if len(_centers) < _SHARED_SQUARES_LIMIT:
                _centers[self] = found
        return found


@dataclass(frozen=True, slots=True)
class Point:
    """An exact point of the plane (not a square): coordinates are fractions.

    Used where a line must be drawn exactly, e.g. the line that proves Line of Sight.

    >>> p = Point(Fraction(7, 2), 4)
    >>> p
    Point(x=Fraction(7, 2), y=Fraction(4, 1))
    >>> str(p), p.as_floats()
    ('(7/2, 4)', (3.5, 4.0))
    """

    x: Fraction
    y: Fraction

    def __post_init__(self) -> None:
        for name in ("x", "y"):
            value = getattr(self, name)
            if type(value) is Fraction:  # the usual case (a centre, a crossing): kept as is
                continue
            if isinstance(value, bool) or not isinstance(value, int | Fraction):
                raise GeometryError(
                    f"A point's {name} must be a whole number or a fraction, not {value!r}."
                )
            object.__setattr__(self, name, Fraction(value))

    def __str__(self) -> str:
        return f"({self.x}, {self.y})"

    def as_floats(self) -> tuple[float, float]:
        """The point as floats, for drawing."""
        return (float(self.x), float(self.y))


def adjacent(a: Square, b: Square) -> bool:
    """Whether ``a`` and ``b`` are orthogonal neighbours (*Adjacent*: never diagonal).

    >>> adjacent(Square(0, 0), Square(1, 0)), adjacent(Square(0, 0), Square(1, 1))
    (True, False)
    """
    return abs(a.x - b.x) + abs(a.y - b.y) == 1


def distance(a: Square, b: Square) -> int:
    """Range and walking distance on an open floor: steps between orthogonal neighbours.

    Walls and other obstacles are not taken into account: this is the distance "as the crow
    walks" on the grid (*Adjacent*). A square one step diagonally away is 2 away.

    >>> distance(Square(0, 0), Square(1, 1)), distance(Square(4, 2), Square(4, 2))
    (2, 0)
    """
    return abs(a.x - b.x) + abs(a.y - b.y)


def direction_to(a: Square, b: Square) -> Direction:
    """The direction from ``a`` to its adjacent square ``b`` (which side of ``a`` they share).

    >>> direction_to(Square(2, 2), Square(2, 1))
    <Direction.N: (0, -1)>
    """
    if not adjacent(a, b):
        raise GeometryError(f"{b!r} is not adjacent to {a!r}: they share no side.")
    return Direction((b.x - a.x, b.y - a.y))


def within_distance(center: Square, reach: int) -> Iterator[Square]:
    """The squares at most ``reach`` steps from ``center`` (a diamond), in reading order.

    >>> len(list(within_distance(Square(0, 0), 2)))
    13
    >>> list(within_distance(Square(5, 5), 1))
    [Square(x=5, y=4), Square(x=4, y=5), Square(x=5, y=5), Square(x=6, y=5), Square(x=5, y=6)]
    """
    reach = _whole(reach, "A reach")
    if reach < 0:
        raise GeometryError(f"A reach counts squares and cannot be negative ({reach}).")
    cx, cy = center.x, center.y
    for dy in range(-reach, reach + 1):
        width = reach - abs(dy)
        for dx in range(-width, width + 1):
            yield Square(cx + dx, cy + dy)


def rectangle(width: int, height: int, origin: Square | None = None) -> Iterator[Square]:
    """The squares of a ``width`` × ``height`` rectangle whose top-left square is ``origin``
    (``Square(0, 0)`` by default), in reading order.

    >>> list(rectangle(2, 2, Square(3, 1)))
    [Square(x=3, y=1), Square(x=4, y=1), Square(x=3, y=2), Square(x=4, y=2)]
    """
    _check_size((width, height))
    ox, oy = (origin.x, origin.y) if origin is not None else (0, 0)
    for y in range(height):
        for x in range(width):
            yield Square(ox + x, oy + y)


def bounds(squares: Iterable[Square]) -> tuple[Square, Square]:
    """The top-left and bottom-right squares of the smallest rectangle holding ``squares``.

    >>> bounds([Square(3, 1), Square(0, 4), Square(2, 2)])
    (Square(x=0, y=1), Square(x=3, y=4))
    """
    xs: list[int] = []
    ys: list[int] = []
    for square in squares:
        xs.append(square.x)
        ys.append(square.y)
    if not xs:
        raise GeometryError("No squares were given, so they have no bounds.")
    return Square(min(xs), min(ys)), Square(max(xs), max(ys))


def reading_order(square: Square) -> tuple[int, int]:
    """A sort key that orders squares row by row, from the top, left to right.

    >>> sorted([Square(1, 0), Square(0, 1), Square(0, 0)], key=reading_order)
    [Square(x=0, y=0), Square(x=1, y=0), Square(x=0, y=1)]
    """
    return (square.y, square.x)


def _check_size(size: tuple[int, int]) -> tuple[int, int]:
    try:
        width, height = size
    except (TypeError, ValueError):
        raise GeometryError(f"A size is (width, height), not {size!r}.") from None
    _whole(width, "A width")
    _whole(height, "A height")
    if width < 1 or height < 1:
        raise GeometryError(f"A tile is at least 1 × 1 square, not {width} × {height}.")
    return width, height


def rotated_size(size: tuple[int, int], rotation: Rotation) -> tuple[int, int]:
    """The ``(width, height)`` of a tile of ``size`` once turned by ``rotation``.

    >>> rotated_size((7, 5), Rotation.R180), rotated_size((7, 5), Rotation.R270)
    ((7, 5), (5, 7))
    """
    width, height = _check_size(size)
    if not isinstance(rotation, Rotation):
        raise GeometryError(f"A rotation must be a Rotation, not {rotation!r}.")
    return (height, width) if rotation.value % 2 else (width, height)


def rotate(square: Square, rotation: Rotation, size: tuple[int, int]) -> Square:
    """Where ``square`` of a tile of ``size`` = ``(width, height)`` lies after turning the tile
    clockwise by ``rotation`` (coordinates relative to the tile's top-left square).

    The square's sides turn with it: what was on its north side is then on the side
    ``Direction.N.rotated(rotation)``.

    >>> size = (3, 2)                    # 3 wide, 2 high
    >>> [rotate(Square(2, 0), r, size) for r in Rotation]   # the top-right square
    [Square(x=2, y=0), Square(x=1, y=2), Square(x=0, y=1), Square(x=0, y=0)]
    >>> rotate(rotate(Square(2, 0), Rotation.R90, size), Rotation.R270, (2, 3))
    Square(x=2, y=0)
    """
    width, height = _check_size(size)
    if not isinstance(rotation, Rotation):
        raise GeometryError(f"A rotation must be a Rotation, not {rotation!r}.")
    x, y = square.x, square.y
    if not (0 <= x < width and 0 <= y < height):
        raise GeometryError(f"{square!r} is not on a tile of {width} × {height} squares.")
    if rotation is Rotation.R0:
        return square
    if rotation is Rotation.R90:
        return Square(height - 1 - y, x)
    if rotation is Rotation.R180:
        return Square(width - 1 - x, height - 1 - y)
    return Square(y, width - 1 - x)


MAX_SQUARE_TEXT = 40
"""The longest typed square read (characters): a pasted page is refused before it is split."""


def parse_square(text: str) -> Square:
    """A square typed by a player: two whole numbers, column then row, e.g. ``"4,1"``,
    ``"(4, 1)"`` or ``"4 1"``. Raises :class:`GeometryError` with a message in words.

    >>> parse_square(" (4, 1) ")
    Square(x=4, y=1)
    """
    if len(text) > MAX_SQUARE_TEXT:
        raise GeometryError(
            f"Type a square as two whole numbers, column then row, e.g. 4,1 (this text is "
            f"{len(text):,} characters long; at most {MAX_SQUARE_TEXT} are read)."
        )
    cleaned = text.strip().strip("()[]").replace(",", " ").split()
    if len(cleaned) != 2:
        raise GeometryError(
            f"Type a square as two whole numbers, column then row, e.g. 4,1 (not {text!r})."
        )
    try:
        x, y = (int(part) for part in cleaned)
    except ValueError:
        raise GeometryError(
            f"Type a square as two whole numbers, column then row, e.g. 4,1 (not {text!r})."
        ) from None
    return Square(x, y)
