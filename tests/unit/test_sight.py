"""Line of Sight (doria_nb.engine.sight; *Range and Line of Sight*, *Walls*, *Difficult
Terrain*, *Dungeon Markers*, *Arrows (Room F-3)*; rulings S1–S6 in
``docs/rulings.md``).

The fast exact search is checked against a slow, independent reference written here: a
segment is clear when it meets no blocking square's open inside, runs along no seam between
two blocking squares and passes through no pinch (the corner where two blocking squares meet
diagonally). The reference tests a segment exactly with whole numbers or fractions (no
division, only products), and samples many points on the borders of the two squares.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from doria_nb.engine.errors import DoriaError, SightError
from doria_nb.engine.geometry import Direction, Point, Square, distance, rectangle
from doria_nb.engine.sections import Section
from doria_nb.engine.sight import (
    SightLine,
    SightMap,
    SightResult,
    _row_index,
    _solve,
    squares_marked,
)

Cell = tuple[int, int]
Num = int | Fraction

# ------------------------------------------------------------------------------------------------
# The slow reference
# ------------------------------------------------------------------------------------------------


def pinches(walls: set[Cell]) -> set[Cell]:
    """Corners where two walls meet diagonally and the other two squares are open."""
    found = set()
    for x, y in walls:
        for cx, cy in ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)):
            nw, ne = (cx - 1, cy - 1) in walls, (cx, cy - 1) in walls
            sw, se = (cx - 1, cy) in walls, (cx, cy) in walls
            if nw + ne + sw + se == 2 and nw == se:
                found.add((cx, cy))
    return found


def _less(a: tuple[Num, Num], b: tuple[Num, Num]) -> bool:
    """a[0]/a[1] < b[0]/b[1] for positive denominators, without dividing."""
    return a[0] * b[1] < b[0] * a[1]


def meets_open_box(p: tuple[Num, Num], q: tuple[Num, Num], box: tuple[Num, Num, Num, Num]) -> bool:
    """Whether the closed segment pq meets the open box (x0, x1) × (y0, y1)."""
    x0, y0, x1, y1 = box
    lowers: list[tuple[Num, Num]] = []  # strict bounds on the segment's parameter t
    uppers: list[tuple[Num, Num]] = []
    for start, delta, lo, hi in ((p[0], q[0] - p[0], x0, x1), (p[1], q[1] - p[1], y0, y1)):
        if delta == 0:
            if not lo < start < hi:
                return False
        elif delta > 0:
            lowers.append((lo - start, delta))
            uppers.append((hi - start, delta))
        else:
            lowers.append((start - hi, -delta))
            uppers.append((start - lo, -delta))
    # t in [0, 1], strictly between every lower and every upper bound
    return (
        all(_less(lo, up) for lo in lowers for up in uppers)
        and all(_less(lo, (1, 1)) for lo in lowers)
        and all(_less((0, 1), up) for up in uppers)
    )


def segment_blocked(
    p: tuple[Num, Num], q: tuple[Num, Num], walls: set[Cell], scale: int = 1
) -> bool:
    """Whether the segment pq (coordinates multiplied by ``scale``) is blocked by ``walls``."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    lox, hix, loy, hiy = min(p[0], q[0]), max(p[0], q[0]), min(p[1], q[1]), max(p[1], q[1])
    for x, y in walls:
        box = (x * scale, y * scale, (x + 1) * scale, (y + 1) * scale)
        if box[2] < lox or box[0] > hix or box[3] < loy or box[1] > hiy:
            continue
        if meets_open_box(p, q, box):
            return True
        # along a seam: the side shared with the wall below / to the right
        below, right = (x, y + 1) in walls, (x + 1, y) in walls
        if below and dy == 0 and p[1] == box[3] and max(lox, box[0]) < min(hix, box[2]):
            return True
        if right and dx == 0 and p[0] == box[2] and max(loy, box[1]) < min(hiy, box[3]):
            return True
    for cx, cy in pinches(walls):
        c = (cx * scale, cy * scale)
        if dx == 0 and dy == 0:
            if c == p:
                return True
            continue
        if (c[0] - p[0]) * dy == (c[1] - p[1]) * dx:
            dot = (c[0] - p[0]) * dx + (c[1] - p[1]) * dy
            if 0 <= dot <= dx * dx + dy * dy:
                return True
    return False


def obstacles_crossed(
    p: tuple[Num, Num], q: tuple[Num, Num], blue: set[Cell], scale: int = 1
) -> set[Cell]:
    """The Blue Solid squares the segment pq crosses: those whose inside it meets, both squares
    of a seam between two of them that it runs along, both squares of a pinch it passes."""
    crossed = set()
    dx, dy = q[0] - p[0], q[1] - p[1]
    lox, hix, loy, hiy = min(p[0], q[0]), max(p[0], q[0]), min(p[1], q[1]), max(p[1], q[1])
    for x, y in blue:
        box = (x * scale, y * scale, (x + 1) * scale, (y + 1) * scale)
        if meets_open_box(p, q, box):
            crossed.add((x, y))
        below, right = (x, y + 1) in blue, (x + 1, y) in blue
        if below and dy == 0 and p[1] == box[3] and max(lox, box[0]) < min(hix, box[2]):
            crossed |= {(x, y), (x, y + 1)}
        if right and dx == 0 and p[0] == box[2] and max(loy, box[1]) < min(hiy, box[3]):
            crossed |= {(x, y), (x + 1, y)}
    for cx, cy in pinches(blue):
        c = (cx * scale, cy * scale)
        if (c[0] - p[0]) * dy == (c[1] - p[1]) * dx:  # on the line (or p == q)
            dot = (c[0] - p[0]) * dx + (c[1] - p[1]) * dy
            if 0 <= dot <= dx * dx + dy * dy and (dx or dy or c == p):
                crossed |= {(cx - 1, cy - 1), (cx, cy), (cx, cy - 1), (cx - 1, cy)}
    return crossed & blue


def border_points(cell: Cell, per_edge: int) -> list[tuple[int, int]]:
    """``4 * per_edge`` points on the border of a square, in coordinates times ``per_edge``."""
    x, y = cell[0] * per_edge, cell[1] * per_edge
    n = per_edge
    points = []
    for i in range(n):
        points += [(x + i, y), (x + n, y + i), (x + n - i, y + n), (x, y + n - i)]
    return points


def dense_reference(a: Cell, b: Cell, walls: set[Cell], per_edge: int = 20) -> bool:
    """Whether some segment between sampled border points of a and b is clear."""
    near = {
        (x, y)
        for x, y in set(walls) - {a, b}
        if min(a[0], b[0]) - 1 <= x <= max(a[0], b[0]) + 1
        and min(a[1], b[1]) - 1 <= y <= max(a[1], b[1]) + 1
    }
    sources, targets = border_points(a, per_edge), border_points(b, per_edge)
    return any(not segment_blocked(p, q, near, per_edge) for p, q in product(sources, targets))


def as_pair(point: Point) -> tuple[Fraction, Fraction]:
    return (point.x, point.y)


def on_square(point: Point, cell: Cell) -> bool:
    return cell[0] <= point.x <= cell[0] + 1 and cell[1] <= point.y <= cell[1] + 1


def sight_map(walls: Iterable[Cell], blue: Iterable[Cell] = ()) -> SightMap:
    return SightMap([Square(*c) for c in walls], [Square(*c) for c in blue])


# ------------------------------------------------------------------------------------------------
# Strategies: small rooms with random walls
# ------------------------------------------------------------------------------------------------


@st.composite
def layouts(draw: st.DrawFn, max_side: int = 7) -> tuple[set[Cell], Cell, Cell]:
    width = draw(st.integers(3, max_side))
    height = draw(st.integers(3, max_side))
    cells = [(x, y) for y in range(height) for x in range(width)]
    style = draw(st.sampled_from(["sparse", "dense", "checker"]))
    if style == "checker":  # many walls meeting at corners: pinches everywhere
        flags = draw(st.lists(st.booleans(), min_size=len(cells), max_size=len(cells)))
        walls = {c for c, keep in zip(cells, flags, strict=True) if keep and sum(c) % 2 == 0}
    else:
        chance = 4 if style == "sparse" else 2
        rolls = draw(st.lists(st.integers(0, chance), min_size=len(cells), max_size=len(cells)))
        walls = {c for c, roll in zip(cells, rolls, strict=True) if roll == 0}
    a = draw(st.sampled_from(cells))
    b = draw(st.sampled_from(cells))
    return walls, a, b


@st.composite
def crowded_layouts(draw: st.DrawFn) -> tuple[set[Cell], Cell, Cell]:
    """Squares on opposite sides of a room full of walls: often they do not see each other."""
    width = draw(st.integers(4, 6))
    height = draw(st.integers(3, 6))
    inner = [(x, y) for y in range(height) for x in range(1, width - 1)]
    flags = draw(st.lists(st.integers(0, 4), min_size=len(inner), max_size=len(inner)))
    walls = {c for c, roll in zip(inner, flags, strict=True) if roll < 2}
    a = (0, draw(st.integers(0, height - 1)))
    b = (width - 1, draw(st.integers(0, height - 1)))
    return walls, a, b


@st.composite
def obstacle_layouts(draw: st.DrawFn) -> tuple[set[Cell], set[Cell], Cell, Cell]:
    walls, a, b = draw(st.one_of(layouts(max_side=6), crowded_layouts()))
    if draw(st.booleans()):  # anywhere
        cells = {(x, y) for x in range(7) for y in range(7)}
    else:  # crowded between the two squares, where they give cover
        cells = {
            (x, y)
            for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1)
            for y in range(min(a[1], b[1]) - 1, max(a[1], b[1]) + 2)
        }
    cells = sorted(cells - walls - {a, b})
    if not cells:
        return walls, set(), a, b
    blue = set(draw(st.lists(st.sampled_from(cells), max_size=8)))
    if draw(st.booleans()):  # a band of obstacles across the room
        x = (a[0] + b[0]) // 2
        blue |= {(x, y) for y in range(-1, 8)} - walls - {a, b}
    return walls, blue, a, b


def free_layouts() -> st.SearchStrategy[tuple[set[Cell], Cell, Cell]]:
    return layouts().filter(lambda case: case[1] not in case[0] and case[2] not in case[0])


# ------------------------------------------------------------------------------------------------
# Properties
# ------------------------------------------------------------------------------------------------

small = st.integers(-6, 6)


@given(small, small, small, small)
def test_an_empty_room_sees_everything(ax: int, ay: int, bx: int, by: int) -> None:
    result = SightMap().line_of_sight(Square(ax, ay), Square(bx, by))
    assert result.visible and not result.obstacles and not result.blockers
    assert result.line is not None
    assert result.line.start == Square(ax, ay).center  # centre to centre when nothing is there
    assert result.line.end == Square(bx, by).center


@settings(max_examples=100)
@given(obstacle_layouts())
def test_line_of_sight_is_symmetric(case: tuple[set[Cell], set[Cell], Cell, Cell]) -> None:
    walls, blue, a, b = case
    forth = sight_map(walls, blue).line_of_sight(Square(*a), Square(*b))
    back = sight_map(walls, blue).line_of_sight(Square(*b), Square(*a))  # a fresh cache
    assert forth.visible == back.visible
    assert forth.blockers == back.blockers
    assert forth.hindered == back.hindered


@settings(max_examples=80)
@given(free_layouts(), st.data())
def test_removing_a_wall_never_takes_sight_away(
    case: tuple[set[Cell], Cell, Cell], data: st.DataObject
) -> None:
    walls, a, b = case
    assume(walls)
    gone = data.draw(st.sampled_from(sorted(walls)))
    before = sight_map(walls).sees(Square(*a), Square(*b))
    after = sight_map(walls - {gone}).sees(Square(*a), Square(*b))
    assert after or not before


@settings(max_examples=80)
@given(layouts(), st.sampled_from(list(Direction)))
def test_adjacent_squares_always_see_each_other(
    case: tuple[set[Cell], Cell, Cell], direction: Direction
) -> None:
    walls, a, _ = case
    source = Square(*a)
    result = sight_map(walls).line_of_sight(source, source.step(direction))
    assert result.visible
    assert result.line == SightLine(source.center, source.step(direction).center)


@settings(max_examples=100)
@given(layouts())
def test_the_line_touches_both_squares_and_crosses_no_wall(
    case: tuple[set[Cell], Cell, Cell],
) -> None:
    walls, a, b = case
    result = sight_map(walls).line_of_sight(Square(*a), Square(*b))
    if not result.visible:
        assert result.line is None and result.blockers
        assert not (result.blockers & {Square(*a), Square(*b)})
        return
    line = result.line
    assert line is not None and not result.blockers
    assert on_square(line.start, a) and on_square(line.end, b)
    assert not segment_blocked(as_pair(line.start), as_pair(line.end), walls - {a, b})


@settings(max_examples=60)
@given(st.one_of(layouts(max_side=6), crowded_layouts()))
def test_never_denied_where_the_dense_reference_finds_a_clear_line(
    case: tuple[set[Cell], Cell, Cell],
) -> None:
    walls, a, b = case
    seen = sight_map(walls).sees(Square(*a), Square(*b))
    event("visible" if seen else "hidden")
    if not seen:
        assert not dense_reference(a, b, walls, per_edge=20)


@settings(max_examples=100)
@given(obstacle_layouts())
def test_the_pruned_search_agrees_with_every_pair_of_corners(
    case: tuple[set[Cell], set[Cell], Cell, Cell],
) -> None:
    """Only tangent lines through outer corners are tried; trying every corner agrees, both on
    sight and on cover."""
    walls, blue, a, b = case
    cells, obstacles = frozenset(walls), frozenset(blue - walls)
    args = (*a, *b, cells, _row_index(cells), obstacles, _row_index(obstacles))
    fast = _solve(*args)
    slow = _solve(*args, every_corner=True)
    assert fast[0] == slow[0]
    assert bool(fast[2]) == bool(slow[2])


@settings(max_examples=60)
@given(free_layouts(), st.data())
def test_visible_squares_agrees_with_line_of_sight(
    case: tuple[set[Cell], Cell, Cell], data: st.DataObject
) -> None:
    walls, a, _ = case
    room = sight_map(walls)
    reach = data.draw(st.integers(0, 5))
    seen = room.visible_squares(Square(*a), reach)
    for square in rectangle(13, 13, Square(a[0] - 6, a[1] - 6)):
        expected = (
            distance(Square(*a), square) <= reach
            and square not in room.blocking
            and room.sees(Square(*a), square)
        )
        assert (square in seen) == expected


# ------------------------------------------------------------------------------------------------
# Blue Solid obstacles
# ------------------------------------------------------------------------------------------------


@settings(max_examples=100)
@given(obstacle_layouts())
def test_reported_obstacles_are_exactly_those_the_line_crosses(
    case: tuple[set[Cell], set[Cell], Cell, Cell],
) -> None:
    walls, blue, a, b = case
    result = sight_map(walls, blue).line_of_sight(Square(*a), Square(*b))
    assert result.visible == sight_map(walls).sees(Square(*a), Square(*b))
    if not result.visible:
        assert not result.obstacles
        return
    assert result.line is not None
    p, q = as_pair(result.line.start), as_pair(result.line.end)
    crossed = obstacles_crossed(p, q, blue)
    assert {(s.x, s.y) for s in result.obstacles} == crossed
    assert result.hindered == bool(crossed)


@settings(max_examples=100)
@given(obstacle_layouts())
def test_a_clear_line_around_the_obstacles_is_preferred(
    case: tuple[set[Cell], set[Cell], Cell, Cell],
) -> None:
    """If the squares would see each other were the obstacles walls, no obstacle is reported
    (the converse need not hold: an obstacle's seams and corners do not block)."""
    walls, blue, a, b = case
    result = sight_map(walls, blue).line_of_sight(Square(*a), Square(*b))
    if sight_map(walls | blue).sees(Square(*a), Square(*b)):
        assert result.visible and not result.obstacles


@settings(max_examples=50)
@given(obstacle_layouts())
def test_cover_only_when_no_sampled_clear_line_avoids_every_obstacle(
    case: tuple[set[Cell], set[Cell], Cell, Cell],
) -> None:
    walls, blue, a, b = case
    result = sight_map(walls, blue).line_of_sight(Square(*a), Square(*b))
    event("hindered" if result.hindered else "not hindered")
    if not result.hindered:
        return
    n = 10
    near = set(walls) - {a, b}
    others = blue - {a, b}
    for p, q in product(border_points(a, n), border_points(b, n)):
        if not segment_blocked(p, q, near, n):
            assert obstacles_crossed(p, q, others, n)


def test_a_blue_solid_square_between_gives_cover_only_when_every_line_crosses_it() -> None:
    room = SightMap.from_rows("""
        .....
        A.%.B
        .....
    """)
    a, b = Square(0, 1), Square(4, 1)
    result = room.line_of_sight(a, b)
    # The line along the obstacle's top side does not cross it (S5 as S1: touching is not
    # crossing), so this single obstacle gives no cover.
    assert result.visible and not result.obstacles
    tall = SightMap.from_rows("""
        ..%..
        A.%.B
        ..%..
    """)
    result = tall.line_of_sight(a, b)
    # S5: obstacle squares side by side are one obstacle; the line along the seam between
    # two of them crosses both.
    assert result.visible and result.hindered
    assert result.obstacles in ({Square(2, 1)}, {Square(2, 0), Square(2, 1)},
                                {Square(2, 1), Square(2, 2)})  # fmt: skip
    assert "+1D (Difficult Terrain)" in result.explain()


def test_obstacles_on_the_attacker_or_defender_square_do_not_count() -> None:
    room = SightMap(obstacles={Square(0, 0), Square(3, 0)})
    result = room.line_of_sight(Square(0, 0), Square(3, 0))
    assert result.visible and not result.obstacles


def test_a_blocking_obstacle_blocks() -> None:
    room = SightMap(blocking={Square(1, -1), Square(1, 0), Square(1, 1)}, obstacles={Square(1, 0)})
    assert not room.sees(Square(0, 0), Square(2, 0))


# ------------------------------------------------------------------------------------------------
# Hand-picked corners and edges (rulings S1, S2, S4)
# ------------------------------------------------------------------------------------------------


def test_a_line_may_run_along_a_wall_side() -> None:
    """S1: a single wall square in the row between two squares does not block: the line along
    its top side touches it without crossing it."""
    room = SightMap.from_rows("""
        .....
        A.#.B
        .....
    """)
    result = room.line_of_sight(Square(0, 1), Square(4, 1))
    assert result.visible and result.line is not None
    assert result.line.start.y == result.line.end.y in (1, 2)  # along the top or bottom side


def test_a_line_may_not_run_along_the_seam_between_two_walls() -> None:
    """S2: between two walls side by side there is no gap: their common side is inside the
    wall."""
    room = SightMap.from_rows("""
        ..#..
        A.#.B
        ..#..
    """)
    result = room.line_of_sight(Square(0, 1), Square(4, 1))
    assert not result.visible
    # In the way: the squares whose inside some line between A and B would pass through.
    assert result.blockers == {Square(2, 1)}
    assert "(in the way: (2, 1))" in result.explain()


def test_a_line_may_graze_a_wall_corner() -> None:
    """S1: from A, the target T is seen along a single line only: it starts at A's corner
    (1, 3), grazes the corner (2, 2) of the wall and touches T's corner (4, 0)."""
    rows = """
        ....T
        .....
        ..#..
        .A#..
        ..#..
    """
    room = SightMap.from_rows(rows)
    result = room.line_of_sight(Square(1, 3), Square(4, 0))
    assert result.visible
    assert result.line == SightLine(Point(1, 3), Point(4, 0))
    # One wall square more above and the corner is no longer a corner: the line enters it.
    assert not room.block(Square(2, 1)).sees(Square(1, 3), Square(4, 0))


def test_a_line_through_the_corner_where_two_walls_meet_diagonally_is_blocked() -> None:
    """S2: the walls (2, 1) and (1, 2) meet at the corner (2, 2), and every line from A to B
    would have to pass exactly through that point. Walls that touch form one wall."""
    rows = """
        A...
        ..#.
        .#..
        ...B
    """
    room = SightMap.from_rows(rows)
    a, b = squares_marked(rows, "A")[0], squares_marked(rows, "B")[0]
    result = room.line_of_sight(a, b)
    assert not result.visible
    assert result.blockers == {Square(2, 1), Square(1, 2)}
    # Open either wall and the diagonal line through (2, 2) is clear.
    assert room.unblock(Square(2, 1)).sees(a, b)
    assert room.unblock(Square(1, 2)).sees(a, b)


def test_diagonal_neighbours_see_each_other_through_their_corner_unless_walls_close_it() -> None:
    """S4: diagonal neighbours share a corner; it is enough, unless both other squares at that
    corner block."""
    a, b = Square(0, 0), Square(1, 1)
    assert SightMap().line_of_sight(a, b).line == SightLine(a.center, b.center)
    assert SightMap(blocking={Square(1, 0)}).sees(a, b)
    assert SightMap(blocking={Square(0, 1)}).sees(a, b)
    closed = SightMap(blocking={Square(1, 0), Square(0, 1)}).line_of_sight(a, b)
    assert not closed.visible and closed.blockers == {Square(1, 0), Square(0, 1)}


def test_a_diagonal_wall_of_staircase_squares_is_closed() -> None:
    rows = """
        ....#
        ...#.
        ..#..
        .#...
        #....
    """
    room = SightMap.from_rows(rows)
    inside = [s for s in rectangle(5, 5) if s.x + s.y < 4]
    outside = [s for s in rectangle(5, 5) if s.x + s.y > 4]
    assert not any(room.sees(a, b) for a in inside for b in outside)


def test_a_line_exactly_touching_the_target_corner_is_enough() -> None:
    """S1: T is seen along two lines only, from A's corner (1, 0) past the wall's corner (2, 1)
    to T's corner (3, 2), and its mirror image; each touches T at a single point."""
    rows = """
        A..
        .#.
        ..T
    """
    room = SightMap.from_rows(rows)
    result = room.line_of_sight(Square(0, 0), Square(2, 2))
    assert result.visible
    assert result.line in (  # or its mirror image, past the corner (1, 2)
        SightLine(Point(1, 0), Point(3, 2)),
        SightLine(Point(0, 1), Point(2, 3)),
    )
    assert not room.block(Square(2, 1), Square(1, 2)).sees(Square(0, 0), Square(2, 2))


def test_a_protruding_corner_reduces_the_field_of_view() -> None:
    """*Range and Line of Sight*: even corners of walls reduce the field of view."""
    room = SightMap.from_rows("""
        .....
        .....
        ..#..
        ..#..
        ..#..
        .....
    """)
    seen = room.visible_squares(Square(1, 3), among=rectangle(5, 6))
    hidden = set(rectangle(5, 6)) - seen - room.blocking
    assert hidden == {Square(4, 1), Square(3, 2), Square(4, 2), Square(3, 3), Square(4, 3),
                      Square(3, 4), Square(4, 4), Square(4, 5)}  # fmt: skip


# ------------------------------------------------------------------------------------------------
# The squares themselves, levels, doors and the cache
# ------------------------------------------------------------------------------------------------


def test_the_two_squares_never_block_their_own_line() -> None:
    """S3: a Poltergeist in a wall sees and is seen; a figure buried under Rubble can be seen
    (the range-1 limit for attacking it is the combat rules' business)."""
    wall = SightMap.from_rows("""
        #######
        #######
        #######
    """)
    assert wall.sees(Square(1, 0), Square(1, 1))  # side by side, both in the wall
    assert not wall.sees(Square(0, 1), Square(6, 1))  # the squares between still block
    rubble = SightMap(blocking={Square(3, 0)})
    assert rubble.sees(Square(0, 0), Square(3, 0))
    assert rubble.sees(Square(3, 0), Square(3, 0))


def test_doors_and_rubble_change_the_map_and_its_answers() -> None:
    """*Dungeon Markers*: an unopened door counts as a wall; once opened, sight passes."""
    rows = """
        #####D#####
        A.........B
        ###########
    """
    corridor = SightMap.from_rows(rows, blocking="#D")
    a, b = Square(0, 1), Square(10, 1)
    assert corridor.sees(a, b)
    door = squares_marked(rows, "D")[0]
    above = Square(5, -2)
    assert not corridor.sees(a, above)
    opened = corridor.unblock(door)
    assert opened.sees(Square(5, 1), above) and not corridor.sees(Square(5, 1), above)
    assert corridor.line_of_sight(a, b) is corridor.line_of_sight(a, b)  # cached
    rubble = opened.block(Square(5, 1))
    assert not rubble.sees(Square(4, 1), Square(6, 1))
    assert rubble != opened and rubble.unblock(Square(5, 1)) == opened
    assert corridor.with_blocking(corridor.blocking) == corridor
    assert hash(corridor.with_blocking(corridor.blocking)) == hash(corridor)


F3 = """
    ##n##
    ##n##
    wwmee
    ##s##
    ##s##
"""
"""Room F-3 as we draw it: a bridge from north to south (n, m, s) over a passage from west to
east (w, e); the middle square m belongs to the bridge."""


def f3() -> SightMap:
    return SightMap.from_rows(F3, levels={"n": "bridge", "m": "bridge", "s": "bridge",
                                          "w": "under", "e": "under"})  # fmt: skip


def test_room_f3_two_levels_do_not_see_each_other() -> None:
    """*Arrows (Room F-3)*: the upper passage is not visible from below, and vice versa; the
    lower passage runs under the middle square, which belongs to the bridge only."""
    room = f3()
    bridge = squares_marked(F3, "nms")
    under = squares_marked(F3, "we")
    assert all(room.sees(p, q) for p in bridge for q in bridge)
    assert all(room.sees(p, q) for p in under for q in under)  # under the bridge
    for p in bridge:
        for q in under:
            result = room.line_of_sight(p, q)
            assert not result.visible and result.levels is not None
            assert result.rule is Section.ARROWS_ROOM_F3
            assert not result.blockers
    assert (
        "different levels ('under' and 'bridge')"
        in room.line_of_sight(Square(0, 2), Square(2, 2)).explain()
    )


def test_squares_without_a_level_see_every_level() -> None:
    room = f3()
    outside = Square(2, -1)  # the corridor north of the tile
    assert room.sees(outside, Square(2, 0)) and room.sees(outside, Square(2, 4))
    assert room.line_of_sight(outside, Square(2, 0)).levels is None


def test_a_result_reads_like_a_verdict() -> None:
    room = SightMap(blocking={Square(1, -1), Square(1, 0), Square(1, 1)})
    seen = room.line_of_sight(Square(0, 0), Square(0, 3))
    assert seen and isinstance(seen, SightResult)
    assert seen.rule is Section.RANGE_AND_LINE_OF_SIGHT
    assert seen.reversed().source == Square(0, 3)
    assert seen.reversed().line == seen.line.reversed()  # type: ignore[union-attr]
    hidden = room.line_of_sight(Square(0, 0), Square(2, 0))
    assert not hidden
    assert hidden.explain().startswith("(0, 0) cannot see (2, 0)")
    assert SightMap().line_of_sight(Square(1, 1), Square(1, 1)).explain() == (
        "(1, 1) sees itself (Range and Line of Sight)."
    )
    assert seen.line is not None
    assert seen.line.as_floats() == ((0.5, 0.5), (0.5, 3.5))


def test_repr_reads_like_a_constructor() -> None:
    room = SightMap(
        blocking={Square(1, 0)}, obstacles={Square(2, 2)}, levels={Square(0, 0): "bridge"}
    )
    assert eval(repr(room)) == room


def test_bad_input_is_refused_in_words() -> None:
    with pytest.raises(SightError, match="collection of squares"):
        SightMap(blocking=Square(0, 0))  # type: ignore[arg-type]
    with pytest.raises(SightError, match="squares only"):
        SightMap(blocking=[(0, 0)])  # type: ignore[list-item]
    with pytest.raises(SightError, match="must be a name"):
        SightMap(levels={Square(0, 0): 1})  # type: ignore[dict-item]
    with pytest.raises(SightError, match="two squares"):
        SightMap().line_of_sight(Square(0, 0), (1, 1))  # type: ignore[arg-type]
    with pytest.raises(SightError, match="no edge"):
        SightMap().visible_squares(Square(0, 0))
    with pytest.raises(DoriaError, match="whole number"):
        SightMap().visible_squares(Square(0, 0), -1)


def test_visible_squares_among_given_squares() -> None:
    room = SightMap(blocking={Square(1, -1), Square(1, 0), Square(1, 1)})
    among = [Square(0, 0), Square(1, 0), Square(2, 0), Square(0, 5)]
    assert room.visible_squares(Square(0, 0), among=among) == {Square(0, 0), Square(0, 5)}
    assert room.visible_squares(Square(0, 0), 3, among=among) == {Square(0, 0)}
    assert room.visible_squares(Square(0, 0), among=among, include_blocking=True) == {
        Square(0, 0),
        Square(1, 0),
        Square(0, 5),
    }


@given(
    st.integers(-40, 40),
    st.integers(-40, 40),
    st.integers(-9, 9).filter(bool),
    st.integers(-9, 9),
    st.integers(1, 9),
    st.integers(-200, 200),
    st.integers(-200, 200),
)
def test_a_slanted_witness_line_is_the_step_by_step_line(
    ux: int, uy: int, dx: int, dy: int, k: int, pa: int, pb: int
) -> None:
    from fractions import Fraction

    from doria_nb.engine.geometry import Point
    from doria_nb.engine.sight import _line

    def point(position2: int) -> Point:
        x2 = Fraction(position2, 2 * k)
        y2 = uy + (x2 - ux) * Fraction(dy, dx)
        return Point(x2 / 2, y2 / 2)

    line = _line((1, ux, uy, dx, dy, k, pa, pb))
    assert (line.start, line.end) == (point(pa), point(pb))
