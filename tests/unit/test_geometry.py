"""The grid: squares, directions, distances and quarter turns (doria_nb.engine.geometry;
*Adjacent*, and the rotations room tiles need)."""

from __future__ import annotations

import copy
import dataclasses
import enum
import pickle
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doria_nb.engine import geometry
from doria_nb.engine.errors import DoriaError, GeometryError
from doria_nb.engine.geometry import (
    Direction,
    Point,
    Rotation,
    Square,
    adjacent,
    bounds,
    direction_to,
    distance,
    reading_order,
    rectangle,
    rotate,
    rotated_size,
    within_distance,
)

coords = st.integers(min_value=-50, max_value=50)
squares = st.builds(Square, coords, coords)
rotations = st.sampled_from(list(Rotation))
directions = st.sampled_from(list(Direction))


@st.composite
def tile_squares(draw: st.DrawFn) -> tuple[tuple[int, int], Square]:
    width = draw(st.integers(1, 9))
    height = draw(st.integers(1, 9))
    square = Square(draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    return (width, height), square


# -- squares ------------------------------------------------------------------------------------


def test_a_square_is_a_frozen_hashable_value_whose_repr_is_a_constructor() -> None:
    square = Square(3, -2)
    assert eval(repr(square)) == square
    assert {square: 1}[Square(3, -2)] == 1
    with pytest.raises(AttributeError):
        square.x = 4  # type: ignore[misc]


@pytest.mark.parametrize("bad", [1.5, "2", True, None])
def test_a_square_has_whole_coordinates(bad: object) -> None:
    with pytest.raises(GeometryError, match="whole number"):
        Square(bad, 0)  # type: ignore[arg-type]
    with pytest.raises(DoriaError):
        Square(0, bad)  # type: ignore[arg-type]


@given(st.lists(st.tuples(coords, coords), max_size=60))
def test_a_square_hashes_like_its_coordinates_so_sets_of_squares_keep_their_order(
    places: list[tuple[int, int]],
) -> None:
    """The hash is the one a frozen dataclass gives, ``hash((x, y))``: a set or dict of squares
    is walked in the same order as before, so event logs (and their pins) cannot change."""
    made = [Square(x, y) for x, y in places]
    assert [hash(square) for square in made] == [hash(place) for place in places]
    assert [(s.x, s.y) for s in set(made)] == list(set(places))
    assert [(s.x, s.y) for s in dict.fromkeys(reversed(made))] == list(
        dict.fromkeys(reversed(places))
    )


def test_a_square_never_equals_a_tuple_nor_orders_against_one() -> None:
    square = Square(1, 2)
    assert square != (1, 2) and (1, 2) not in [square] and square not in [(1, 2)]
    assert square == Square(x=1, y=2)
    assert square != Square(2, 1) and square != Point(Fraction(1), Fraction(2))
    with pytest.raises(TypeError):
        _ = square < (1, 3)  # type: ignore[operator]
    with pytest.raises(AttributeError):
        square._hash = 0  # type: ignore[attr-defined]


def test_a_square_is_still_a_frozen_dataclass_that_copies_and_pickles() -> None:
    square = Square(-3, 7)
    assert dataclasses.is_dataclass(square) and type(square).__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert [f.name for f in dataclasses.fields(square)] == ["x", "y"]
    assert dataclasses.asdict(square) == {"x": -3, "y": 7}
    assert dataclasses.replace(square, y=0) == Square(-3, 0)
    for twin in (
        pickle.loads(pickle.dumps(square)),
        copy.copy(square),
        copy.deepcopy(square),
    ):
        assert twin == square and hash(twin) == hash(square) and type(twin) is Square
    match square:
        case Square(x, y):
            assert (x, y) == (-3, 7)


def test_squares_at_the_same_place_are_shared_but_bad_input_is_never_kept() -> None:
    assert Square(4, 5) is Square(4, 5) is Square(x=4, y=5)
    with pytest.raises(GeometryError):
        Square(True, 9)  # type: ignore[arg-type]
    assert type(Square(1, 9).x) is int  # True == 1, yet no square of True was kept

    class Column(enum.IntEnum):
        FIRST = 1

    odd = Square(Column.FIRST, 9)  # a whole number that is not a plain int: built, not kept
    assert odd == Square(1, 9) and odd is not Square(1, 9) and type(Square(1, 9).x) is int


def test_the_shared_squares_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(geometry, "_SHARED_SQUARES_LIMIT", len(geometry._shared_squares))
    far = Square(10**9, -(10**9))
    assert far == Square(10**9, -(10**9)) and far is not Square(10**9, -(10**9))
    assert (10**9, -(10**9)) not in geometry._shared_squares


def test_squares_order_by_x_then_y_and_reading_order_goes_row_by_row() -> None:
    cells = [Square(1, 0), Square(0, 1), Square(0, 0)]
    assert sorted(cells) == [Square(0, 0), Square(0, 1), Square(1, 0)]
    assert sorted(cells, key=reading_order) == [Square(0, 0), Square(1, 0), Square(0, 1)]


def test_y_grows_to_the_south() -> None:
    assert Square(5, 5).step(Direction.N) == Square(5, 4)
    assert Square(5, 5).step(Direction.E) == Square(6, 5)
    assert Square(5, 5).step(Direction.S, 2) == Square(5, 7)
    assert Square(5, 5).shifted(-1, 3) == Square(4, 8)


def test_corners_and_centre_of_a_square_are_exact() -> None:
    assert Square(2, 1).corners() == ((2, 1), (3, 1), (3, 2), (2, 2))
    assert Square(2, 1).center == Point(Fraction(5, 2), Fraction(3, 2))


def test_points_are_exact() -> None:
    assert Point(1, 2) == Point(Fraction(1), Fraction(2))
    assert str(Point(Fraction(-1, 3), 2)) == "(-1/3, 2)"
    with pytest.raises(GeometryError):
        Point(0.5, 0)  # type: ignore[arg-type]


# -- Adjacent and distance ----------------------------------------------------------------------


@given(squares)
def test_the_neighbours_are_the_four_adjacent_squares(square: Square) -> None:
    neighbours = square.neighbors()
    assert len(set(neighbours)) == 4
    assert all(adjacent(square, n) and distance(square, n) == 1 for n in neighbours)
    assert [direction_to(square, n) for n in neighbours] == list(Direction)


@given(squares)
def test_diagonal_squares_are_not_adjacent_and_two_steps_away(square: Square) -> None:
    """*Adjacent*: only orthogonal squares; range and walking distance never go diagonally."""
    for dx in (-1, 1):
        for dy in (-1, 1):
            other = square.shifted(dx, dy)
            assert not adjacent(square, other)
            assert distance(square, other) == 2
    assert not adjacent(square, square)


@given(squares, squares, squares)
def test_distance_is_a_metric(a: Square, b: Square, c: Square) -> None:
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)
    assert adjacent(a, b) == adjacent(b, a) == (distance(a, b) == 1)


def test_direction_to_needs_adjacent_squares() -> None:
    assert direction_to(Square(0, 0), Square(-1, 0)) is Direction.W
    with pytest.raises(GeometryError, match="not adjacent"):
        direction_to(Square(0, 0), Square(1, 1))


@given(squares, st.integers(0, 6))
def test_within_distance_is_the_diamond_of_a_range(center: Square, reach: int) -> None:
    found = list(within_distance(center, reach))
    assert len(found) == len(set(found)) == 2 * reach * reach + 2 * reach + 1
    assert all(distance(center, s) <= reach for s in found)
    assert found == sorted(found, key=reading_order)


def test_within_distance_rejects_a_negative_reach() -> None:
    with pytest.raises(GeometryError):
        list(within_distance(Square(0, 0), -1))


def test_rectangle_and_bounds() -> None:
    cells = list(rectangle(3, 2, Square(1, 1)))
    assert len(cells) == 6 and cells[0] == Square(1, 1) and cells[-1] == Square(3, 2)
    assert bounds(cells) == (Square(1, 1), Square(3, 2))
    with pytest.raises(GeometryError):
        bounds([])
    with pytest.raises(GeometryError):
        list(rectangle(0, 2))


# -- directions and rotations -------------------------------------------------------------------


def test_directions_have_deltas_and_opposites() -> None:
    assert [(d.dx, d.dy) for d in Direction] == [(0, -1), (1, 0), (0, 1), (-1, 0)]
    assert [d.opposite for d in Direction] == [Direction.S, Direction.W, Direction.N, Direction.E]
    assert Direction["W"] is Direction.W


@given(directions, rotations, rotations)
def test_turning_directions_composes(d: Direction, r: Rotation, s: Rotation) -> None:
    assert d.rotated(r).rotated(s) == d.rotated(r.then(s))
    assert d.rotated(r).rotated(r.inverse) == d
    assert d.rotated(Rotation.R180) == d.opposite
    assert d.opposite.rotated(r) == d.rotated(r).opposite


def test_rotations_from_degrees() -> None:
    assert [Rotation.from_degrees(deg) for deg in (0, 90, 180, 270, 360, -90)] == [
        Rotation.R0,
        Rotation.R90,
        Rotation.R180,
        Rotation.R270,
        Rotation.R0,
        Rotation.R270,
    ]
    assert [r.degrees for r in Rotation] == [0, 90, 180, 270]
    with pytest.raises(GeometryError, match="multiple of 90"):
        Rotation.from_degrees(45)
    with pytest.raises(GeometryError):
        Direction.N.rotated(1)  # type: ignore[arg-type]


@given(tile_squares(), rotations)
def test_rotating_a_tile_moves_every_square_onto_the_turned_tile(
    case: tuple[tuple[int, int], Square], rotation: Rotation
) -> None:
    size, square = case
    width, height = rotated_size(size, rotation)
    turned = rotate(square, rotation, size)
    assert 0 <= turned.x < width and 0 <= turned.y < height
    assert rotate(turned, rotation.inverse, (width, height)) == square


@given(tile_squares(), rotations)
def test_rotation_is_a_bijection_of_the_tile(
    case: tuple[tuple[int, int], Square], rotation: Rotation
) -> None:
    size, _ = case
    turned = {rotate(s, rotation, size) for s in rectangle(*size)}
    assert turned == set(rectangle(*rotated_size(size, rotation)))


@settings(max_examples=80)
@given(tile_squares(), rotations, directions)
def test_squares_and_sides_turn_together(
    case: tuple[tuple[int, int], Square], rotation: Rotation, direction: Direction
) -> None:
    """The neighbour on side ``d`` ends up on side ``d.rotated(r)`` of the turned square."""
    size, square = case
    neighbour = square.step(direction)
    if not (0 <= neighbour.x < size[0] and 0 <= neighbour.y < size[1]):
        return
    turned = rotate(square, rotation, size)
    assert rotate(neighbour, rotation, size) == turned.step(direction.rotated(rotation))


@given(tile_squares())
def test_four_quarter_turns_come_back(case: tuple[tuple[int, int], Square]) -> None:
    size, square = case
    for _ in range(4):
        square = rotate(square, Rotation.R90, size)
        size = rotated_size(size, Rotation.R90)
    assert (size, square) == case


def test_rotate_checks_its_arguments() -> None:
    with pytest.raises(GeometryError, match="not on a tile"):
        rotate(Square(3, 0), Rotation.R90, (3, 2))
    with pytest.raises(GeometryError):
        rotate(Square(0, 0), 90, (3, 2))  # type: ignore[arg-type]
    with pytest.raises(GeometryError):
        rotate(Square(0, 0), Rotation.R90, (3,))  # type: ignore[arg-type]


def test_a_kept_centre_is_the_centre_worked_out_anew() -> None:
    from fractions import Fraction

    from doria_nb.engine.geometry import Point

    for x in range(-5, 6):
        for y in range(-5, 6):
            square = Square(x, y)
            fresh = Point(Fraction(2 * x + 1, 2), Fraction(2 * y + 1, 2))
            assert square.center == fresh and square.center is square.center
            assert type(square.center.x) is Fraction and type(square.center.y) is Fraction
