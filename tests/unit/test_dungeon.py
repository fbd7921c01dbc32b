"""The dungeon on the table: placed tiles, door states and links, stepping and sight across
tiles, markers and treasure markers (doria_nb.engine.dungeon; *Revealing a Room Tile*,
*Special Feature: Open Room Tiles*, *Dungeon Markers*, *Treasure Icon on a Room Tile*, *No
connection to the dungeon*).

Coordinates: A-1 lies at the origin, so its doors are (4, 0) on top, (0, 4) on the left and
(8, 4) on the right; A-3 turned 90° at (9, 1) puts its only door at (9, 4), against A-1's right
door.
"""

from __future__ import annotations

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.cards import Marker
from doria_nb.engine.dungeon import Dungeon, DungeonDoor, Link, PlacedTile
from doria_nb.engine.errors import DungeonError
from doria_nb.engine.geometry import Direction, Rotation, Square
from doria_nb.engine.tiles import RoomTile

PACK = starter_pack()
RIGHT_DOOR = Square(8, 4)
A3_DOOR = Square(9, 4)


def tile(tile_id: str, rotation: Rotation = Rotation.R0) -> RoomTile:
    return PACK.tile(tile_id).rotated(rotation)


def start() -> Dungeon:
    return Dungeon.start(tile("A-1"))


def with_a3(*, opened: bool) -> Dungeon:
    """A-1 with A-3 laid against its right door, the two doors opened or still closed."""
    dungeon = start().with_tile(PlacedTile(tile("A-3", Rotation.R90), Square(9, 1)))
    return dungeon.with_opened(RIGHT_DOOR, A3_DOOR) if opened else dungeon


def corridor() -> Dungeon:
    """F-2 alone: a corridor one square wide, (1, 1) to (1, 5) between walls."""
    return Dungeon.start(tile("F-2"))


# -- placed tiles --------------------------------------------------------------------------


def test_a_placed_tile_maps_between_its_own_and_table_squares() -> None:
    placed = PlacedTile(tile("A-3"), Square(10, -2))
    assert placed.to_table(Square(3, 6)) == Square(13, 4)
    assert placed.to_local(Square(13, 4)) == Square(3, 6)
    assert (placed.left, placed.top, placed.right, placed.bottom) == (10, -2, 17, 5)
    assert Square(10, -2) in placed and Square(16, 4) in placed
    assert Square(17, 4) not in placed and "A-3" not in placed  # type: ignore[operator]
    assert str(placed) == "A-3 at (10, -2)"
    assert str(PlacedTile(tile("A-3", Rotation.R90), Square(0, 0))) == "A-3 turned 90° at (0, 0)"
    assert len(list(placed.squares())) == 49


def test_tiles_that_touch_do_not_overlap() -> None:
    a1 = PlacedTile(tile("A-1"))
    assert not a1.overlaps(PlacedTile(tile("A-3"), Square(9, 0)))
    assert not a1.overlaps(PlacedTile(tile("A-3"), Square(0, 9)))
    assert a1.overlaps(PlacedTile(tile("A-3"), Square(8, 8)))


def test_a_placed_tile_needs_a_tile_and_a_square() -> None:
    with pytest.raises(DungeonError, match="RoomTile"):
        PlacedTile("A-1")  # type: ignore[arg-type]
    with pytest.raises(DungeonError, match="Square"):
        PlacedTile(tile("A-1"), (0, 0))  # type: ignore[arg-type]


def test_a_dungeon_refuses_no_tiles_overlaps_and_strangers() -> None:
    with pytest.raises(DungeonError, match="one room tile"):
        Dungeon(())
    with pytest.raises(DungeonError, match="overlap"):
        start().with_tile(PlacedTile(tile("A-3"), Square(5, 5)))
    with pytest.raises(DungeonError, match="placed tiles"):
        Dungeon((tile("A-1"),))  # type: ignore[arg-type]


# -- doors: states and links ------------------------------------------------------------------


def test_a_lone_start_tile_has_three_unexplored_doors() -> None:
    dungeon = start()
    doors = list(dungeon.doors())
    assert [d.square for d in doors] == [Square(4, 0), Square(0, 4), RIGHT_DOOR]
    assert [d.side for d in doors] == [Direction.N, Direction.W, Direction.E]
    assert {d.link for d in doors} == {Link.NOTHING}
    assert {d.state for d in doors} == {"unexplored"}
    assert dungeon.unexplored_doors() == tuple(doors)
    right = dungeon.door(RIGHT_DOOR)
    assert (right.inside, right.outside) == (Square(7, 4), Square(9, 4))
    assert not right.passable


def test_doors_side_by_side_are_joined_and_closed_until_opened() -> None:
    dungeon = with_a3(opened=False)
    for square in (RIGHT_DOOR, A3_DOOR):
        door = dungeon.door(square)
        assert (door.link, door.state, door.opened) == (Link.DOOR, "closed", False)
    assert RIGHT_DOOR not in {d.square for d in dungeon.unexplored_doors()}
    opened = dungeon.with_opened(RIGHT_DOOR, A3_DOOR)
    for square in (RIGHT_DOOR, A3_DOOR):
        door = opened.door(square)
        assert (door.state, door.passable) == ("open", True)
    assert str(opened.door(RIGHT_DOOR)) == "door at (8, 4) on A-1, open"


def test_a_door_facing_a_wall_is_walled_up_for_good() -> None:
    # A-3 as printed at (9, 1): its wall (9, 4) stands against A-1's right door.
    dungeon = start().with_tile(PlacedTile(tile("A-3"), Square(9, 1)))
    door = dungeon.door(RIGHT_DOOR)
    assert (door.link, door.state) == (Link.WALL, "walled up")
    assert not dungeon.with_opened(RIGHT_DOOR).passable(RIGHT_DOOR)
    assert door not in dungeon.unexplored_doors()


def test_a_door_facing_an_open_side_is_joined_to_it() -> None:
    # B-8 turned 270° has its open side on the left, along x = 9, rows 1 to 7.
    dungeon = start().with_tile(PlacedTile(tile("B-8", Rotation.R270), Square(9, 0)))
    assert dungeon.door(RIGHT_DOOR).link is Link.OPEN
    (side,) = dungeon.open_sides()
    assert side.link is Link.DOOR and not side.pending
    assert dungeon.with_opened(RIGHT_DOOR).passable(RIGHT_DOOR)


def test_asking_for_a_door_that_is_not_there_is_an_error() -> None:
    with pytest.raises(DungeonError, match="no door"):
        start().door(Square(4, 4))


# -- standing, stepping, sight -------------------------------------------------------------------


def test_closed_door_is_a_wall_until_opened() -> None:
    """Ruling T11: a door not yet opened counts as a Wall for movement and Line of Sight (*Dungeon
    Markers*); once opened it is walked and seen through like floor."""
    closed = with_a3(opened=False)
    assert not closed.passable(RIGHT_DOOR)
    assert RIGHT_DOOR not in closed.steps(Square(7, 4))
    assert not closed.jumpable(RIGHT_DOOR)
    assert not closed.line_of_sight(Square(7, 4), Square(11, 4)).visible
    assert closed.char_at(RIGHT_DOOR) == "D"
    # An unexplored door on the edge of the dungeon is a Wall as well.
    assert not start().passable(RIGHT_DOOR)
    opened = closed.with_opened(RIGHT_DOOR, A3_DOOR)
    assert opened.passable(RIGHT_DOOR) and opened.jumpable(RIGHT_DOOR)
    assert opened.steps(RIGHT_DOOR) == (A3_DOOR, Square(7, 4))
    assert opened.line_of_sight(Square(7, 4), Square(11, 4)).visible
    assert opened.char_at(RIGHT_DOOR) == "/"


def test_steps_cross_the_edge_between_tiles_only_through_doors_and_open_sides() -> None:
    dungeon = with_a3(opened=True)
    # Across the edge from A-1's wall (8, 3) lies A-3's wall (9, 3): no step either way.
    assert Square(9, 3) not in dungeon.neighbors(Square(8, 3))
    assert A3_DOOR in dungeon.neighbors(RIGHT_DOOR)
    assert dungeon.neighbors(Square(30, 30)) == ()
    # Open sides: B-7 turned 90° at (9, 0) and B-4 turned 90° at (9, 9) meet along y = 8 / 9.
    hall = start().with_tile(PlacedTile(tile("B-7", Rotation.R90), Square(9, 0)))
    hall = hall.with_tile(PlacedTile(tile("B-4", Rotation.R90), Square(9, 9)))
    assert Square(12, 9) in hall.steps(Square(12, 8))
    assert Square(12, 8) in hall.steps(Square(12, 9))
    assert hall.tiles_connected(1, 2) and not hall.tiles_connected(0, 1)


def test_tiles_are_directly_connected_only_through_an_opened_door() -> None:
    assert with_a3(opened=True).tiles_connected(0, 1)
    assert with_a3(opened=True).tiles_connected(1, 0)
    assert not with_a3(opened=False).tiles_connected(0, 1)
    assert with_a3(opened=False).tiles_connected(1, 1)


def test_a_blocked_door_marker_shuts_an_opened_door() -> None:
    """*Dungeon Markers*: a Blocked Door cannot be passed and blocks Line of Sight."""
    dungeon = with_a3(opened=True).with_marker(RIGHT_DOOR, Marker.BLOCKED_DOOR)
    door = dungeon.door(RIGHT_DOOR)
    assert (door.blocked, door.state, door.passable) == (True, "blocked", False)
    assert RIGHT_DOOR not in dungeon.steps(Square(7, 4))
    assert not dungeon.line_of_sight(Square(7, 4), Square(11, 4)).visible
    assert dungeon.char_at(RIGHT_DOOR) == "K"
    assert not dungeon.tiles_connected(0, 1)
    cleared = dungeon.without_marker(RIGHT_DOOR)
    assert cleared.passable(RIGHT_DOOR) and cleared.marker(RIGHT_DOOR) is None


def test_a_blocked_unexplored_door_cannot_reveal_anything() -> None:
    dungeon = start().with_marker(Square(4, 0), Marker.BLOCKED_DOOR)
    assert Square(4, 0) not in {d.square for d in dungeon.unexplored_doors()}
    assert Square(4, 0) not in dungeon.connected_squares


def test_rubble_blocks_the_square_and_sight() -> None:
    """*Dungeon Markers*: Rubble blocks its square like a Wall and cannot be jumped."""
    plain = corridor()
    assert plain.line_of_sight(Square(1, 1), Square(1, 5)).visible
    rubble = plain.with_marker(Square(1, 3), Marker.RUBBLE)
    assert not rubble.passable(Square(1, 3)) and not rubble.jumpable(Square(1, 3))
    assert not rubble.line_of_sight(Square(1, 1), Square(1, 5)).visible
    assert rubble.char_at(Square(1, 3)) == "R"


def test_a_hole_marker_is_jumped_and_seen_across() -> None:
    """*Dungeon Markers*: a Hole marker is a Red Dashed square."""
    hole = corridor().with_marker(Square(1, 3), Marker.HOLE)
    assert hole.is_hole(Square(1, 3)) and not hole.passable(Square(1, 3))
    assert hole.jumpable(Square(1, 3))
    assert hole.line_of_sight(Square(1, 1), Square(1, 5)).visible
    assert Square(1, 3) not in hole.steps(Square(1, 2))
    # The corridor is still one connected piece: Holes are crossed by jumping (ruling T5).
    assert Square(1, 5) in hole.connected_squares
    assert not hole.is_hole(Square(30, 30)) and not hole.jumpable(Square(30, 30))


def test_markers_go_on_the_right_squares_one_at_a_time() -> None:
    dungeon = start()
    with pytest.raises(DungeonError, match="not on a room tile"):
        dungeon.with_marker(Square(20, 20), Marker.RUBBLE)
    with pytest.raises(DungeonError, match="off the dungeon"):
        Dungeon(dungeon.tiles, markers=((Square(20, 20), Marker.HOLE),))
    with pytest.raises(DungeonError, match="at most one marker"):
        Dungeon(dungeon.tiles, markers=((Square(4, 4), Marker.HOLE), (Square(4, 4), Marker.AIR)))
    with pytest.raises(DungeonError, match="already holds a Hole marker"):
        dungeon.with_marker(Square(4, 4), Marker.HOLE).with_marker(Square(4, 4), Marker.RUBBLE)
    with pytest.raises(DungeonError, match="Blocked Door marker goes on a door"):
        dungeon.with_marker(Square(4, 4), Marker.BLOCKED_DOOR)
    with pytest.raises(DungeonError, match="wall square"):
        dungeon.with_marker(Square(4, 4), Marker.SECRET_DOOR)
    with pytest.raises(DungeonError, match="no marker"):
        dungeon.without_marker(Square(4, 4))


def test_a_secret_door_never_goes_on_the_stairs() -> None:
    """The stairs of A-1 are out of play, not a Wall (ruling T8): no Secret Door there."""
    with pytest.raises(DungeonError, match="stairs"):
        start().with_marker(Square(4, 8), Marker.SECRET_DOOR)


def test_a_secret_door_on_an_outer_wall_is_an_unexplored_door() -> None:
    """*Dead Ends*: the Secret Door is treated like a normal, unopened door."""
    square = Square(8, 2)
    dungeon = start().with_marker(square, Marker.SECRET_DOOR)
    door = dungeon.door(square)
    assert door == DungeonDoor(square, 0, "A-1", Direction.E, Link.NOTHING, False, False, True)
    assert door in dungeon.unexplored_doors()
    assert str(door) == "secret door at (8, 2) on A-1, unexplored"
    assert dungeon.door_square(square) and not dungeon.passable(square)
    assert dungeon.char_at(square) == "Q"
    opened = dungeon.with_opened(square)
    assert opened.passable(square) and opened.char_at(square) == "/"
    assert opened.line_of_sight(Square(6, 2), square).visible


def test_a_secret_door_inside_a_tile_joins_its_two_rooms() -> None:
    """*FAQ* (E-8), ruling T4: an opened Secret Door on E-8's middle square joins the rooms;
    it is no door of the outer wall."""
    site = Square(3, 4)
    e8 = Dungeon.start(tile("E-8"))
    assert Square(5, 4) not in e8.steps(site)
    joined = e8.with_marker(site, Marker.SECRET_DOOR).with_opened(site)
    assert joined.passable(site)
    assert Square(4, 4) in joined.steps(site) and Square(2, 4) in joined.steps(site)
    assert site not in {d.square for d in joined.doors()}
    assert joined.line_of_sight(Square(1, 4), Square(6, 4)).visible
    assert not e8.line_of_sight(Square(1, 4), Square(6, 4)).visible


# -- connection, rooms, treasure ---------------------------------------------------------------


def test_a_part_of_a_tile_without_connection_draws_no_tiles() -> None:
    """*No connection to the dungeon*: E-8 entered through its door leaves its larger room, and
    the open sides of it, unconnected."""
    dungeon = start().with_tile(PlacedTile(tile("E-8"), Square(9, 0)))
    dungeon = dungeon.with_opened(RIGHT_DOOR, Square(9, 4))
    assert Square(10, 4) in dungeon.connected_squares
    assert Square(14, 4) not in dungeon.connected_squares
    sides = list(dungeon.open_sides())
    assert len(sides) == 2 and not any(s.connected or s.pending for s in sides)
    assert dungeon.pending_open_sides() == ()
    assert "not connected to the dungeon" in str(sides[0])


def test_room_of_follows_open_sides_up_to_doors() -> None:
    hall = start().with_tile(PlacedTile(tile("B-7", Rotation.R90), Square(9, 0)))
    hall = hall.with_tile(PlacedTile(tile("B-4", Rotation.R90), Square(9, 9)))
    assert hall.room_of(Square(12, 4)) == (1, 2)
    assert hall.room_of(Square(12, 12)) == (1, 2)
    assert hall.room_of(Square(4, 4)) == (0,)
    with pytest.raises(DungeonError, match="not on a room tile"):
        hall.room_of(Square(40, 40))


def test_treasure_markers_lie_on_revealed_icons_until_searched() -> None:
    """*Treasure Icon on a Room Tile*."""
    dungeon = with_a3(opened=True)
    (treasure,) = dungeon.treasures
    assert treasure == Square(14, 2)
    assert dungeon.char_at(treasure) == "$"
    searched = dungeon.without_treasure(treasure)
    assert searched.treasures == frozenset() and searched.char_at(treasure) == "."
    with pytest.raises(DungeonError, match="no treasure marker"):
        searched.without_treasure(treasure)
    assert dungeon.treasures == {treasure}  # the earlier dungeon is unchanged


def test_a_dungeon_is_immutable() -> None:
    dungeon = start()
    dungeon.with_marker(Square(4, 4), Marker.HOLE)
    dungeon.with_opened(RIGHT_DOOR)
    dungeon.with_tile(PlacedTile(tile("A-3"), Square(20, 20)))
    assert dungeon == start()
    assert dungeon.markers == () and dungeon.opened == frozenset() and len(dungeon.tiles) == 1


def test_the_dungeon_in_text() -> None:
    dungeon = with_a3(opened=True).with_marker(Square(4, 4), Marker.HOLE)
    assert dungeon.bounds == (Square(0, 0), Square(15, 8))
    text = str(dungeon).splitlines()
    assert text[4] == "D...o...//.....#"
    assert dungeon.char_at(Square(40, 40)) == " "
    assert repr(dungeon) == "<Dungeon of 2 tiles: A-1 at (0, 0), A-3 turned 90° at (9, 1)>"
    described = dungeon.describe()
    assert "door at (8, 4) on A-1, open" in described
    assert "Hole marker at (4, 4)" in described and "treasure marker at (14, 2)" in described
    assert dungeon.level(Square(4, 4)) is None and dungeon.extra_ap(Square(10, 3)) == 0
    assert dungeon.extra_ap(Square(12, 3)) == 1  # A-3's Blue Solid square, turned
    with pytest.raises(DungeonError, match="not on the dungeon"):
        dungeon.line_of_sight(Square(4, 4), Square(40, 40))


def test_range_under_the_f3_bridge_skips_its_middle_square() -> None:
    """*Arrows (Room F-3)*, ruling T3: the two squares on either side of the bridge's middle
    square are one apart on the level below, for range as for steps; elsewhere range is the
    orthogonal count (*Adjacent*)."""
    f3 = Dungeon.start(starter_pack().tile("F-3"))
    above, below = Square(2, 1), Square(2, 3)
    assert below in f3.neighbors(above)
    assert f3.range(above, below) == 1
    assert f3.range(Square(2, 0), Square(2, 4)) == 3
    assert f3.range(Square(1, 2), Square(3, 2)) == 2  # along the bridge: nothing skipped
    assert f3.range(above, Square(3, 2)) == 2


@pytest.mark.parametrize("characters", [1, 4])
def test_connection_grown_tile_by_tile_is_the_connection_walked_anew(
    monkeypatch: pytest.MonkeyPatch, characters: int
) -> None:
    """A dungeon grown by ``with_tile`` from one whose connected squares are known grows
    that answer; over random explorations (Secret Doors at dead ends, open sides, doors met by
    walls) every grown dungeon's answer is the walk from the first tile."""
    import random

    from doria_nb.engine import dungeon as dungeon_module
    from doria_nb.engine.chance import Chance
    from doria_nb.engine.random_dungeon import explore

    grown: list[Dungeon] = []
    grown_ways: list[bool] = []
    with_tile, grow = Dungeon.with_tile, dungeon_module._grown_walk

    def recording(self: Dungeon, *args: object, **kwargs: object) -> Dungeon:
        new = with_tile(self, *args, **kwargs)  # type: ignore[arg-type]
        grown.append(new)
        return new

    def counted(before: Dungeon, after: Dungeon) -> set[Square] | None:
        found = grow(before, after)
        grown_ways.append(found is not None)
        return found

    monkeypatch.setattr(Dungeon, "with_tile", recording)
    monkeypatch.setattr(dungeon_module, "_grown_walk", counted)
    for seed in range(40):
        explore(PACK, Chance(random.Random(seed)), tiles=4 + seed % 12, characters=characters)
    assert len(grown) > 200 and sum(grown_ways) > 150
    for new in grown:
        assert new.connected_squares == new._connected_squares_plain()
        # the kept unexplored doors are those worked out anew
        connected = new._connected_squares_plain()
        assert new.unexplored_doors() == tuple(
            d
            for d in new.doors()
            if d.link is Link.NOTHING and not d.opened and not d.blocked and d.inside in connected
        )


def test_sight_map_levels_are_read_only_on_tiles_with_levels() -> None:
    """The sight map asks a square's level only on a tile with a bridge; its levels are
    every square's :meth:`Dungeon.level`, named."""
    bridge = PACK.tile("F-3")
    dungeon = Dungeon((PlacedTile(PACK.tile("A-1")), PlacedTile(bridge, Square(20, 0))))
    expected = {
        sq: {0: "under", 1: "bridge"}[level]
        for sq in dungeon.squares()
        if (level := dungeon.level(sq)) is not None
    }
    assert expected and dict(dungeon.sight_map._levels) == expected
