"""The rulebook's examples about Line of Sight (*Range and Line of Sight*).

The examples refer to pictures that are not in the rulebook's text, so their exact squares are
unknown. Each test below says which sentence it rebuilds and on what grid of our own. Example 1
(the Huntress, the Mage, the Mummy and the Zombie) names no positions at all and is not
rebuilt.
"""

from __future__ import annotations

from doria_nb.engine.geometry import Point, Square
from doria_nb.engine.sight import SightLine, SightMap, squares_marked

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
