"""The rulebook's examples about Line of Sight (*Range and Line of Sight*).

The examples refer to pictures that are not in the rulebook's text, so their exact squares are
unknown. Each test below says which sentence it rebuilds and on what grid of our own. Example 1
(the Huntress, the Mage, the Mummy and the Zombie) names no positions, so its grid is ours:
every sentence of it holds there.
"""

from __future__ import annotations

from doria_nb.engine.geometry import Point, Square, distance
from doria_nb.engine.sight import SightLine, SightMap, squares_marked

TWO_ROOMS = """
    #############
    #....H#Z....#
    #.....#.....#
    #.....#.....#
    #...M.D.U...#
    #.....#.....#
    #.....#.....#
    #############
"""
"""Our grid for Example 1: two rooms joined by an open door D; the Mage M stands in the left
room, two squares from the door; the Mummy U is in the right room straight across from him,
the Zombie Z round the corner, along the wall by the door; the Huntress H is in the left
room's far corner."""


def _one_step_closer(square: Square, goal: Square) -> list[Square]:
    """The squares next to ``square`` one step closer to ``goal``."""
    steps = [
        square.shifted(1, 0),
        square.shifted(-1, 0),
        square.shifted(0, 1),
        square.shifted(0, -1),
    ]
    return [s for s in steps if distance(s, goal) < distance(square, goal)]


def test_example_1_the_mage_sees_the_mummy_and_both_monsters_only_from_the_door() -> None:
    """*Range and Line of Sight*, Example 1, the Mage's two spells: "The Mage has a spell with
    range 4 and does have Line of Sight to the Mummy. However, another spell that could hit
    both the Mummy and the Zombie at once can only be used from the door, where both monsters
    will be visible." From his square the Mummy is 4 away and in sight, the Zombie is not in
    sight; from the door both are in sight and within range 4."""
    room = SightMap.from_rows(TWO_ROOMS)
    (mage,), (door,) = squares_marked(TWO_ROOMS, "M"), squares_marked(TWO_ROOMS, "D")
    (mummy,), (zombie,) = squares_marked(TWO_ROOMS, "U"), squares_marked(TWO_ROOMS, "Z")
    assert room.sees(mage, mummy) and distance(mage, mummy) == 4
    assert not room.sees(mage, zombie)
    assert room.sees(door, mummy) and room.sees(door, zombie)
    assert max(distance(door, mummy), distance(door, zombie)) <= 4
    # Only the door sees both within range 4 (among the squares the Mage can stand on).
    floor = [s for s in room.visible_squares(door, 12) if s not in (mummy, zombie)]
    both = [
        s for s in floor if all(room.sees(s, m) and distance(s, m) <= 4 for m in (mummy, zombie))
    ]
    assert door in both and all(s.x > mage.x for s in both)


def test_example_1_the_huntress_must_advance_two_squares_to_see_the_mummy() -> None:
    """*Range and Line of Sight*, Example 1, the Huntress: her range-6 weapon reaches the
    Mummy (6 squares) but she has no Line of Sight on any monster; "would have to advance at
    least 2 squares towards the Mage to see the Mummy": one step is not enough, two are."""
    room = SightMap.from_rows(TWO_ROOMS)
    (huntress,), (mage,) = squares_marked(TWO_ROOMS, "H"), squares_marked(TWO_ROOMS, "M")
    (mummy,), (zombie,) = squares_marked(TWO_ROOMS, "U"), squares_marked(TWO_ROOMS, "Z")
    assert distance(huntress, mummy) == 6
    assert not room.sees(huntress, mummy) and not room.sees(huntress, zombie)
    one = _one_step_closer(huntress, mage)
    assert one and not any(room.sees(s, mummy) for s in one)
    two = [t for s in one for t in _one_step_closer(s, mage)]
    assert two and all(room.sees(t, mummy) for t in two)


ENTRANCE = """
    ######M###
    ######.###
    ..........
    ...H......
    ..........
"""
"""Our grid for Example 2: a room (rows 2 to 4) whose entrance is a passage through a wall two
squares thick; the monster M stands in the passage, at the entrance; the Huntress H stands in
the room, off to the side."""


def test_example_2_a_line_that_touches_the_monster_square_is_enough() -> None:
    """*Range and Line of Sight*, Example 2: "the green line touches the monster square, so Line
    of Sight exists". From H, exactly one straight line reaches M's square: from H's corner
    (4, 4), past the wall's corner (6, 2), to M's corner (7, 1). It only touches M's square, and
    that is enough."""
    room = SightMap.from_rows(ENTRANCE)
    huntress = squares_marked(ENTRANCE, "H")[0]
    monster = squares_marked(ENTRANCE, "M")[0]
    result = room.line_of_sight(huntress, monster)
    assert result.visible
    assert result.line == SightLine(Point(4, 4), Point(7, 1))
    # One step to the west, or one square further out, and no line reaches the monster.
    assert not room.sees(huntress.shifted(-1, 0), monster)
    assert not room.sees(huntress, monster.shifted(0, -1))


def test_example_2_squares_touched_by_the_field_of_view_are_visible() -> None:
    """*Range and Line of Sight*, Example 2: with a longer range the Huntress "could easily
    attack all squares touched by the green field". On our grid, the squares of the passage are
    touched by her field of view, the squares beyond the entrance are not."""
    room = SightMap.from_rows(ENTRANCE)
    huntress = squares_marked(ENTRANCE, "H")[0]
    passage = {Square(6, 0), Square(6, 1)}
    beyond = {Square(x, -1) for x in range(10)}
    seen = room.visible_squares(huntress, 12)
    assert passage <= seen
    assert not beyond & seen
