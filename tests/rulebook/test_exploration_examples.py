"""The rulebook's examples about exploring: *Revealing a Room Tile* (Examples 1 to 3), *Special
Feature: Open Room Tiles*, *Treasure Icon on a Room Tile*, the *FAQ* entry about a Secret Door
on Room Tile E-8 and *Monster icon colors*.

The rulebook shows its examples in pictures that are not in its text, so each test says which
situation it rebuilds with our starter tiles. A-1 always lies at the origin: its doors are
(4, 0) on top, (0, 4) on the left and (8, 4) on the right.
"""

from __future__ import annotations

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.dungeon import Dungeon, Link
from doria_nb.engine.errors import DungeonError
from doria_nb.engine.exploration import (
    Exploration,
    Placement,
    dead_end_sites,
    place_dead_end_door,
)
from doria_nb.engine.geometry import Direction, Rotation, Square
from doria_nb.engine.sections import Section
from doria_nb.engine.tiles import MonsterColor

PACK = starter_pack()
TOP, LEFT, RIGHT = Square(4, 0), Square(0, 4), Square(8, 4)


def start() -> Dungeon:
    return Dungeon.start(PACK.tile("A-1"))


def at(exploration: Exploration, origin: Square, rotation: Rotation) -> Placement:
    (found,) = [p for p in exploration.options() if (p.origin, p.rotation) == (origin, rotation)]
    return found


def reveal(
    dungeon: Dungeon, door: Square, tile_id: str, origin: Square, rotation: Rotation
) -> Dungeon:
    exploration = Exploration.begin(dungeon, door).draw(PACK.tile(tile_id))
    return exploration.place(at(exploration, origin, rotation)).dungeon


def printed_side(placement: Placement) -> Direction:
    """The side of the printed (unturned) tile that holds the door used by ``placement``."""
    (door,) = [
        d
        for d in placement.tile.doors
        if placement.placed.to_table(d.square) in placement.exit.outside
    ]
    return door.side.rotated(placement.rotation.inverse)


# -- Revealing a Room Tile ------------------------------------------------------------------------


def test_example_1_a_single_door_must_meet_the_opened_door() -> None:
    """*Revealing a Room Tile*, Example 1. The situation: the Mage walks right on A-1 and opens
    its right door (8, 4); the drawn tile is A-3, whose only door is printed at the bottom. It
    cannot lie with that door pointing down: it is turned a quarter so that its door lies at
    (9, 4), the two doors side by side, and that is the only placement."""
    exploration = Exploration.begin(start(), RIGHT).draw(PACK.tile("A-3"))
    (only,) = exploration.options()
    assert (only.rotation, only.origin) == (Rotation.R90, Square(9, 1))
    assert printed_side(only) is Direction.S
    assert only.opens == {RIGHT, Square(9, 4)}
    assert only.describe() == (
        "A-3 turned 90° at (9, 1): its door meets the opened door at (8, 4) of A-1"
    )
    for rotation in (Rotation.R0, Rotation.R180, Rotation.R270):
        verdict = exploration.explain(PACK.tile("A-3").rotated(rotation), Square(9, 1))
        assert not verdict
        assert "must meet the opened door at (8, 4) of A-1" in verdict.reason
        assert Section.REVEALING_A_ROOM_TILE in verdict.reason
    done = exploration.place(only)
    assert done.done and done.dungeon.door(RIGHT).state == "open"
    assert Square(9, 4) in done.dungeon.steps(RIGHT)


def test_example_2_a_tile_with_three_doors_fits_with_any_of_them() -> None:
    """*Revealing a Room Tile*, Example 2. The same situation (A-1's right door opened) with
    F-1 drawn: F-1 has three doors (left, right, bottom as printed) and may meet the opened
    door with any of them: three placements, one per door."""
    exploration = Exploration.begin(start(), RIGHT).draw(PACK.tile("F-1"))
    options = exploration.options()
    assert len(options) == 3
    assert {printed_side(p) for p in options} == {Direction.W, Direction.E, Direction.S}
    assert {p.rotation for p in options} == {Rotation.R0, Rotation.R90, Rotation.R180}
    for placement in options:
        assert exploration.place(placement).dungeon.door(RIGHT).passable


def example_3_dungeon() -> Dungeon:
    """Two tiles revealed after A-1 (found by a search over the starter tiles): A-5 turned 180°
    at (0, -7) above A-1's top door, and C-4 at (9, 1) at A-1's right door. A-5's right door
    (8, -4) is still unexplored; C-4's top door (13, 1) is the next one opened."""
    dungeon = reveal(start(), TOP, "A-5", Square(0, -7), Rotation.R180)
    return reveal(dungeon, RIGHT, "C-4", Square(9, 1), Rotation.R0)


def test_example_3_only_one_door_fits_and_it_walls_up_a_door() -> None:
    """*Revealing a Room Tile*, Example 3. The situation (two tiles revealed, see
    :func:`example_3_dungeon`): the Mage opens C-4's top door (13, 1) and draws C-7, which has
    two doors (right, off the middle, and bottom). With its right door against the opened door
    C-7 would lie on top of A-1, so only its bottom door fits; laid that way its wall closes
    A-5's unexplored right door (8, -4) for good: it can't be opened or walked through."""
    dungeon = example_3_dungeon()
    victim = dungeon.door(Square(8, -4))
    assert (victim.tile_id, victim.state) == ("A-5", "unexplored")
    exploration = Exploration.begin(dungeon, Square(13, 1)).draw(PACK.tile("C-7"))
    (only,) = exploration.options()
    assert printed_side(only) is Direction.S
    assert only.origin == Square(9, -8)
    for turned in PACK.tile("C-7").rotations():
        if turned.rotation is only.rotation:
            continue
        for door in turned.doors:
            origin = Square(13 - door.square.x, 0 - door.square.y)
            verdict = exploration.explain(turned, origin)
            assert not verdict and verdict.reason
    placed = exploration.place(only)
    walled = placed.dungeon.door(Square(8, -4))
    assert (walled.link, walled.state, walled.passable) == (Link.WALL, "walled up", False)
    assert walled not in placed.dungeon.unexplored_doors()
    assert "The door at (8, -4) on A-5 is walled up" in " ".join(placed.log())
    with pytest.raises(DungeonError, match="walled up"):
        Exploration.begin(placed.dungeon, Square(8, -4))


# -- Special Feature: Open Room Tiles --------------------------------------------------------


def test_open_room_tiles_example_a_large_room_is_drawn_tile_by_tile() -> None:
    """*Special Feature: Open Room Tiles*, the example. The situation: the Mage opens A-1's right
    door and draws B-7 (two open sides and one door): it must lie with its door at the opened
    door, its open sides then face right (x = 17) and down (y = 8). F-5 (doors only) may go
    along either open side; it goes on the right one. B-4 is drawn next and one of its open
    sides goes along B-7's remaining (bottom) open side; then E-3, with a door on every side,
    fits along B-4's other open side in any direction, and the room is complete: treasure
    markers and monsters are placed at once."""
    exploration = Exploration.begin(start(), RIGHT).draw(PACK.tile("B-7"))
    (b7,) = exploration.options()
    assert printed_side(b7) is Direction.S  # its only door, at the opened door
    exploration = exploration.place(b7)
    assert exploration.needs_tile and len(exploration.exits) == 2

    exploration = exploration.draw(PACK.tile("F-5"))
    assert {p.exit for p in exploration.options()} == set(exploration.exits)
    exploration = exploration.place(at(exploration, Square(18, 2), Rotation.R0))
    assert exploration.dungeon.door(Square(18, 4)).state == "open"  # opened automatically
    (remaining,) = exploration.exits
    assert remaining.side is Direction.S and remaining.tile_id == "B-7"

    exploration = exploration.draw(PACK.tile("B-4"))
    assert {p.rule for p in exploration.options()} == {Section.OPEN_ROOM_TILES}
    assert all(p.joined_by == "its open side lies along" for p in exploration.options())
    exploration = exploration.place(at(exploration, Square(9, 9), Rotation.R90))
    (last_side,) = exploration.exits
    assert last_side.tile_id == "B-4"

    exploration = exploration.draw(PACK.tile("E-3"))
    assert {p.rotation for p in exploration.options()} == set(Rotation)  # any direction
    exploration = exploration.place(at(exploration, Square(7, 18), Rotation.R0))
    assert exploration.done
    dungeon = exploration.dungeon
    assert dungeon.door(Square(10, 18)).state == "open"  # E-3's door onto B-4's open side
    assert exploration.treasure_markers() == (Square(21, 4), Square(11, 22))
    assert exploration.monster_icons() == (
        (Square(15, 2), MonsterColor.WHITE),
        (Square(13, 12), MonsterColor.WHITE),
        (Square(9, 20), MonsterColor.WHITE),
    )
    assert any("Monster icons to spawn" in line for line in exploration.log())

    # B-7 and B-4 form one Large Room (one room for movement and Room Traps), A-1, F-5 and E-3
    # lie behind doors; still, every tile counts on its own for the Doom Counter.
    b7_index, f5_index, b4_index, e3_index = exploration.revealed
    assert dungeon.room_of(Square(12, 4)) == (b7_index, b4_index)
    assert 0 not in dungeon.room_of(Square(12, 4))
    room_squares = [sq for sq in dungeon.squares() if dungeon.tile_index(sq) in (1, 3)]
    assert len({dungeon.tile_index(sq) for sq in room_squares}) == 2
    assert len(exploration.revealed) == 4 and exploration.counts_as_revealing
    assert Square(12, 9) in dungeon.steps(Square(12, 8))  # across the open sides, 1 square
    assert (f5_index, e3_index) == (2, 4)


# -- Treasure Icon on a Room Tile ------------------------------------------------------------------


def test_treasure_example_a_marker_on_the_icon_until_searched() -> None:
    """*Treasure Icon on a Room Tile*, the example. The situation: A-3 (a treasure icon in its
    corner) is placed at A-1's right door; a treasure marker goes on the icon's square (14, 2)
    at once. A character searches it: the marker is removed, and searching there again is of
    no avail."""
    exploration = Exploration.begin(start(), RIGHT).draw(PACK.tile("A-3"))
    placed = exploration.place(exploration.options()[0])
    assert placed.dungeon.treasures == {Square(14, 2)}
    assert placed.treasure_markers() == (Square(14, 2),)
    assert any("Treasure markers go on (14, 2)" in line for line in placed.log())
    searched = placed.dungeon.without_treasure(Square(14, 2))
    assert searched.treasures == frozenset()
    with pytest.raises(DungeonError, match="no treasure marker"):
        searched.without_treasure(Square(14, 2))


# -- FAQ: a Secret Door on E-8 ---------------------------------------------------------------------


def e8_dead_end() -> Dungeon:
    """A-3 at A-1's top door and A-6 at its left door (rooms with one door each), then E-8 at
    its right door, entered through E-8's door: no unopened door is left anywhere, and E-8's
    larger room with its open sides has no connection yet."""
    dungeon = reveal(start(), TOP, "A-3", Square(1, -7), Rotation.R0)
    dungeon = reveal(dungeon, LEFT, "A-6", Square(-5, 2), Rotation.R180)
    return reveal(dungeon, RIGHT, "E-8", Square(9, 0), Rotation.R0)


def test_faq_a_secret_door_on_e8_joins_its_two_rooms() -> None:
    """*FAQ* (Secret Door on Room Tile E-8) with *Dead Ends* and *No connection to the
    dungeon*. The situation: :func:`e8_dead_end`. The dead-end Secret Door goes on the middle
    square of E-8 (12, 4), joining the smaller room with the larger one; E-8's open sides now
    belong to the dungeon and more Room Tiles are drawn for them."""
    dungeon = e8_dead_end()
    assert dungeon.tiles[-1].id == "E-8"
    assert dungeon.unexplored_doors() == ()
    assert dungeon.pending_open_sides() == ()
    assert dead_end_sites(dungeon) == (Square(12, 4),)
    joined = place_dead_end_door(dungeon, Square(12, 4))
    assert joined.dungeon.passable(Square(12, 4))
    assert Square(13, 4) in joined.dungeon.steps(Square(12, 4))
    assert joined.dungeon.pending_open_sides() != ()
    assert joined.needs_tile and not joined.done
    assert {e.tile_id for e in joined.exits} == {"E-8"}
    assert {e.side for e in joined.exits} == {Direction.N, Direction.E}
    assert not joined.counts_as_revealing
    assert joined.monster_icons() == ((Square(14, 2), MonsterColor.WHITE),)
    assert "joining its two rooms" in joined.log()[0]


# -- Monster icon colors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("characters", "colors"),
    [
        (1, {MonsterColor.WHITE: 2}),
        (2, {MonsterColor.WHITE: 2}),
        (3, {MonsterColor.WHITE: 2}),
        (4, {MonsterColor.WHITE: 2, MonsterColor.GREEN: 1}),
        (5, {MonsterColor.WHITE: 2, MonsterColor.GREEN: 1, MonsterColor.YELLOW: 1}),
        (
            6,
            {
                MonsterColor.WHITE: 2,
                MonsterColor.GREEN: 1,
                MonsterColor.YELLOW: 1,
                MonsterColor.RED: 2,
            },
        ),
    ],
)
def test_monster_icon_colors_by_number_of_characters(
    characters: int, colors: dict[MonsterColor, int]
) -> None:
    """*Monster icon colors*. The situation: C-8 (two white, one green, one yellow and two red
    icons) is revealed at A-1's top door, entered by its printed top door. White icons are
    always used, green from 4, yellow from 5, red with 6 characters (one or two characters use
    the icons of three: ruling T9)."""
    exploration = Exploration.begin(start(), TOP, characters=characters)
    exploration = exploration.draw(PACK.tile("C-8"))
    (placement,) = [p for p in exploration.options() if printed_side(p) is Direction.N]
    icons = exploration.place(placement).monster_icons()
    assert len(placement.tile.monster_icons()) == 6
    found: dict[MonsterColor, int] = {}
    for _, color in icons:
        found[color] = found.get(color, 0) + 1
    assert found == colors
