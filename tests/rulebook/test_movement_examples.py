"""The rulebook's examples about movement (*Occupied squares*, *Jumping (5 AP)*).

The examples describe pictures that are not in the rulebook's text, so the exact squares are
unknown. Each test below rebuilds the situation its sentences describe on a room of our own,
drawn as a picture: '#' wall, '.' floor, 'x' Hole, '~' Blue Dashed (difficult terrain), '$'
the treasure, 'D' a door, and the figures '@' (the character who moves), 'C' (another
character) and 'M' (a monster). Squares are ``Square(column, row)`` from 0 at the top left.

The Huntress has STR 7 and AGI 10, the Mage STR 4 and AGI 7, as the examples say.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.geometry import Square, reading_order
from doria_nb.engine.movement import Reach, jump_check, jump_checks, reachable
from doria_nb.engine.tiles import RoomTile

HUNTRESS = {"strength": 7, "agility": 10}
MAGE = {"strength": 4, "agility": 7}


@dataclass
class Scene:
    dungeon: Dungeon
    mover: Square
    characters: list[Square]
    monsters: list[Square]
    treasure: Square | None

    def reach(self, ap: int, **options: object) -> Reach:
        return reachable(
            self.dungeon,
            self.mover,
            ap,
            characters=self.characters,
            monsters=self.monsters,
            **options,  # type: ignore[arg-type]
        )


def scene(picture: str) -> Scene:
    """Read a picture: figures stand on floor squares; the rest is a room tile map."""
    rows = textwrap.dedent(picture).strip("\n").splitlines()
    figures: dict[str, list[Square]] = {"@": [], "C": [], "M": []}
    text = []
    for y, row in enumerate(rows):
        line = row.strip().replace(" ", "")
        for x, char in enumerate(line):
            if char in figures:
                figures[char].append(Square(x, y))
        text.append("".join("." if char in figures else char for char in line))
    tile = RoomTile.from_map("R", "rebuilt", "\n".join(text))
    (mover,) = figures["@"]
    treasure = min(tile.treasures, key=reading_order) if tile.treasures else None
    dungeon = Dungeon.start(tile)
    return Scene(dungeon, mover, figures["C"], figures["M"], treasure)


# The Huntress's room for *Occupied squares* Examples 1 and 2 and *Jumping (5 AP)* Example 1.
# The Huntress (@) stands three columns left of and one row below the treasure ($). The
# straight ways are cut: a monster stands between her and the treasure, a Hole lies beyond it,
# and walls close the room's east side. Her only way on foot goes north and round the Hole:
# 7 squares. South of her, a Hole lies between two squares of difficult terrain (~), and from
# the far one two squares lead to the treasure.
HUNTRESS_ROOM = """
    # # D # # #
    # # . . . #
    # # . x . #
    # # . M $ #
    # # @ # . #
    # # ~ x ~ #
    # # # # # #
"""


def test_occupied_squares_example_1_the_only_way_to_the_treasure_is_7_squares() -> None:
    """*Occupied squares*, Example 1: the Huntress ignores the monsters and goes straight to
    the treasure chest; every other way is blocked by monsters or Holes, so she walks the one
    route left: 7 squares, 7 AP."""
    room = scene(HUNTRESS_ROOM)
    assert room.treasure == Square(4, 3)
    reach = room.reach(19, **HUNTRESS)
    path = reach.path(room.treasure)
    assert str(path) == "walk 7 squares (7 AP): 7 AP"
    assert path.squares == (
        Square(2, 4),
        Square(2, 3),
        Square(2, 2),
        Square(2, 1),
        Square(3, 1),
        Square(4, 1),
        Square(4, 2),
        Square(4, 3),
    )
    assert reach.left(room.treasure) == 12
    # Walking alone gives the same answer: no jump helps here.
    assert room.reach(19, jumping=False).cost(room.treasure) == 7


def test_occupied_squares_example_2_with_5_ap_the_treasure_is_out_of_reach() -> None:
    """*Occupied squares*, Example 2: with only 5 AP left, the treasure 7 squares away cannot
    be reached this round with a walking action; walking never goes below 0 AP. (A jump does
    not help either: after the jump her AP are gone and the movement ends.)"""
    room = scene(HUNTRESS_ROOM)
    for reach in (room.reach(5, jumping=False), room.reach(5)):
        assert room.treasure not in reach
        why = reach.why_not(room.treasure)
        assert why.startswith("(4, 3) needs 7 AP but only 5 AP are left")
        assert "walking can never take a character below 0 AP" in why


def test_jumping_example_1_the_huntress_jumps_the_hole_for_10_ap() -> None:
    """*Jumping (5 AP)*, Example 1: another monster now blocks her way round, so the Huntress
    (STR 7, AGI 10, 19 AP) jumps the Hole: 2 AP onto the difficult terrain at its edge, 6 AP
    to jump 2 squares onto difficult terrain on the far side, 2 AP on to the treasure: 10 AP.
    After the movement she rolls STR + AGI + 2D against TN 20: 7 + 10 + 6 + 8 = 31, a safe
    landing."""
    room = scene(HUNTRESS_ROOM)
    room.monsters.append(Square(4, 2))  # "another monster blocks the way"
    reach = room.reach(19, **HUNTRESS)
    path = reach.path(room.treasure)
    assert str(path) == (
        "walk 1 square (2 AP), jump 2 squares over a Hole (6 AP, TN 20), "
        "walk 2 squares (2 AP): 10 AP"
    )
    assert [step.cost for step in path.steps] == [2, 6, 1, 1]
    (jump,) = path.jumps
    assert jump.start == Square(2, 5) and jump.end == Square(4, 5)
    assert jump.target_number == 20
    result = jump_check(jump, 7, 10, ScriptedChance([6, 8]))
    assert result.check.total == 31
    assert result.success
    assert result.damage == 0
    assert reach.left(room.treasure) == 9


# The Mage's crossing for *Jumping (5 AP)* Example 2. The Mage (@) stands two squares from the
# edge of a Hole two squares wide. One row down, the Hole is only one square wide, but a
# monster stands on the square beyond it. The Huntress (C) has crossed already and stands on
# the far side, below the Mage's landing square, with a free square behind her.
MAGE_CROSSING = """
    # # # # # # #
    # @ . # # # #
    # # . x x . #
    # # . x M C #
    # # # # # . #
    # # # # # D #
"""


def test_jumping_example_2_the_mage_fumbles_a_3_square_jump() -> None:
    """*Jumping (5 AP)*, Example 2: a monster blocks the narrow crossing, so the Mage (STR 4,
    AGI 7) jumps 3 squares (TN 30): 2 AP to the Hole, 5 AP for the jump, 2 AP to get behind
    the Huntress, 9 AP. He rolls two ones, 4 + 7 + 1 + 1 = 13: a critical failure made one
    worse by the Fumble, so the fall costs 3 × 3 = 9 HP; he still lands where he meant to."""
    room = scene(MAGE_CROSSING)
    behind = Square(5, 4)
    reach = room.reach(20, **MAGE)
    path = reach.path(behind)
    assert str(path) == (
        "walk 2 squares (2 AP), jump 3 squares over 2 Holes (5 AP, TN 30), "
        "walk 2 squares (2 AP): 9 AP"
    )
    assert Square(5, 3) in path.squares  # he passes the Huntress
    (result,) = jump_checks(path, 4, 7, ScriptedChance([1, 1]))
    assert result.check.total == 13
    assert result.check.fumbled
    assert result.check.critical_failures == 2
    assert result.damage == 9
    assert "3 squares × (1 + 2 critical failures) = 9 HP" in result.explain()
    # The narrow crossing would have been a 2-square jump, but the monster stands on its
    # landing square.
    assert "monster" in reach.why_not(Square(4, 3))


# *Jumping (5 AP)* Example 3: the same crossing, the Huntress on the Mage's landing square,
# surrounded by monsters (north, east, south) and the Hole (west).
SURROUNDED = """
    # # # # # # # #
    # @ . # # M # #
    # # . x x C M #
    # # . x M M . #
    # # # # # . . #
    # # # # # D # #
"""


def test_jumping_example_3_no_free_square_beside_the_huntress() -> None:
    """*Jumping (5 AP)*, Example 3: the Huntress has crossed but is surrounded by monsters, so
    the Mage cannot follow her across the Hole: a jump onto her square needs a free square
    next to her to step aside to, and there is none. Once a monster beside her is defeated,
    he can."""
    room = scene(SURROUNDED)
    huntress = Square(5, 2)
    reach = room.reach(30, **MAGE)
    across = {Square(x, y) for x in range(5, 7) for y in range(1, 5)}
    assert not across & set(reach)
    why = reach.why_not(huntress)
    assert "Another character stands on (5, 2)" in why
    assert "would need a free square next to them to step aside to, and there is none" in why
    # Defeat the monster south of her, and the Mage jumps onto her square and steps aside.
    room.monsters.remove(Square(5, 3))
    path = room.reach(30, **MAGE).path(Square(5, 3))
    assert str(path) == (
        "walk 2 squares (2 AP), jump 3 squares over 2 Holes (5 AP, TN 30), "
        "step aside to (5, 3) (1 AP): 8 AP"
    )


# Corridors with a Hole of one and of three squares, for the Target Numbers of *Jumping*.
SHORT_JUMP = """
    # D # # #
    # @ x . #
    # # # # #
"""
LONG_JUMP = """
    # D # # # # #
    # @ x x x . #
    # # # # # # #
"""


def test_jumping_2_squares_is_tn_20_and_4_squares_tn_40() -> None:
    """*Jumping (5 AP)*, the running-text example: "2 squares will result in a Target Number
    of 20, 4 squares will result in a target of 40" (10 per square, the landing square
    counted, the take-off square not)."""
    short = scene(SHORT_JUMP).reach(19, **HUNTRESS).path(Square(3, 1))
    assert short.target_numbers == (20,)
    far = scene(LONG_JUMP).reach(19, **HUNTRESS).path(Square(5, 1))
    assert far.target_numbers == (40,)
