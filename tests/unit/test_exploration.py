"""Exploring: opening a door, drawing room tiles, every legal placement and why the others are
not, Large Rooms, Secret Doors, dead ends and the tile deck (doria_nb.engine.exploration;
*Revealing a Room Tile*, *Special Feature: Open Room Tiles*, *No connection to the dungeon*,
*Traps and Secret Doors*, *Secret Doors*, *Dead Ends*, *Monster icon colors*; rulings E1–E9 in
``docs/rulings.md``).

Coordinates: A-1 lies at the origin, its doors are (4, 0) on top, (0, 4) on the left and (8, 4)
on the right.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doria_nb.content.loader import starter_pack
from doria_nb.engine.cards import Marker
from doria_nb.engine.chance import Chance
from doria_nb.engine.dungeon import Dungeon, Link, PlacedTile
from doria_nb.engine.errors import DungeonError, PlayerCountError
from doria_nb.engine.exploration import (
    Exit,
    Exploration,
    Placement,
    TileDeck,
    check_placement,
    dead_end_sites,
    newly_connected_icons,
    open_joined_door,
    place_dead_end_door,
    placements,
    secret_door_trap_sites,
)
from doria_nb.engine.geometry import Direction, Rotation, Square
from doria_nb.engine.sections import Section
from doria_nb.engine.tiles import MonsterColor, RoomTile

PACK = starter_pack()
A1 = PACK.tile("A-1")
OTHER_TILES = tuple(t for t in PACK.tiles if t.id != "A-1")
TOP, LEFT, RIGHT = Square(4, 0), Square(0, 4), Square(8, 4)


def tile(tile_id: str, rotation: Rotation = Rotation.R0) -> RoomTile:
    return PACK.tile(tile_id).rotated(rotation)


def start() -> Dungeon:
    return Dungeon.start(A1)


def at(exploration: Exploration, origin: Square, rotation: Rotation | None = None) -> Placement:
    """The one option of the drawn tile at ``origin`` (and ``rotation``, if given)."""
    (found,) = [
        p
        for p in exploration.options()
        if p.origin == origin and (rotation is None or p.rotation is rotation)
    ]
    return found


def reveal(
    dungeon: Dungeon,
    door: Square,
    tile_id: str,
    origin: Square,
    rotation: Rotation | None = None,
) -> Exploration:
    """Open ``door``, draw ``tile_id`` and place it at ``origin`` (turned by ``rotation``, or
    its only turn there)."""
    exploration = Exploration.begin(dungeon, door).draw(PACK.tile(tile_id))
    return exploration.place(at(exploration, origin, rotation))


def no_room_above() -> Dungeon:
    """A-1 with A-6 laid two rows above its top door: no tile fits at that door (every tile
    reaching the square in front of it is at least 3 squares tall and would cover A-6)."""
    return start().with_tile(PlacedTile(tile("A-6"), Square(2, -6)))


def hemmed_hall() -> Dungeon:
    """B-4 as the first tile, its two open sides (x = 0 and x = 8, rows 1 to 5) waiting, with a
    corridor (F-2) one column beyond each: no tile fits at either open side."""
    return Dungeon(
        (
            PlacedTile(tile("B-4")),
            PlacedTile(tile("F-2"), Square(-4, 1)),
            PlacedTile(tile("F-6"), Square(10, 1)),
        )
    )


def blocked_start() -> Dungeon:
    """A-1 alone with its three doors Blocked: a dead end at once."""
    dungeon = start()
    for door in (TOP, LEFT, RIGHT):
        dungeon = dungeon.with_marker(door, Marker.BLOCKED_DOOR)
    return dungeon


# -- beginning -------------------------------------------------------------------------------


def test_begin_opens_an_unexplored_door_and_waits_for_a_tile() -> None:
    exploration = Exploration.begin(start(), RIGHT)
    assert exploration.door == Exit("door", (RIGHT,), Direction.E, 0, "A-1")
    assert exploration.exits == (exploration.door,)
    assert exploration.needs_tile and not exploration.done and not exploration.chain
    assert exploration.options() == () and exploration.counts_as_revealing
    assert exploration.log() == (
        f"The door at (8, 4) on A-1 is opened ({Section.REVEAL_A_ROOM_TILE}).",
    )
    assert exploration.door.outside == (Square(9, 4),)
    assert str(exploration.door) == "the opened door at (8, 4) of A-1"


def test_begin_refuses_doors_that_reveal_nothing() -> None:
    with pytest.raises(DungeonError, match="no door at"):
        Exploration.begin(start(), Square(4, 4))
    with pytest.raises(DungeonError, match="Blocked Door"):
        Exploration.begin(blocked_start(), RIGHT)
    with pytest.raises(DungeonError, match="open already"):
        Exploration.begin(start().with_opened(RIGHT), RIGHT)
    with pytest.raises(PlayerCountError):
        Exploration.begin(start(), RIGHT, characters=7)
    walled = start().with_tile(PlacedTile(tile("A-3"), Square(9, 1)))
    with pytest.raises(DungeonError, match="walled up"):
        Exploration.begin(walled, RIGHT)
    far = start().with_tile(PlacedTile(tile("A-3"), Square(20, 20)))
    with pytest.raises(DungeonError, match="No character can reach"):
        Exploration.begin(far, Square(23, 26))


def test_a_door_cannot_be_opened_twice() -> None:
    done = reveal(start(), RIGHT, "A-3", Square(9, 1))
    with pytest.raises(DungeonError, match="joined to a door"):
        Exploration.begin(done.dungeon, RIGHT)
    with pytest.raises(DungeonError, match="open already"):
        open_joined_door(done.dungeon, RIGHT)


# -- drawing and placing ---------------------------------------------------------------------


def test_drawing_lists_every_placement_and_placing_lays_the_tile() -> None:
    exploration = Exploration.begin(start(), RIGHT).draw(tile("A-3", Rotation.R180))
    assert exploration.drawn == PACK.tile("A-3")  # a drawn tile is taken as printed
    assert not exploration.needs_tile
    (option,) = exploration.options()
    assert (option.rotation, option.origin) == (Rotation.R90, Square(9, 1))
    assert option.rule is Section.REVEALING_A_ROOM_TILE
    assert option.opens == {RIGHT, Square(9, 4)}
    assert option.covers(Square(9, 1)) and not option.covers(Square(8, 1))
    assert len(option.squares()) == 49 and str(option) == option.describe()
    done = exploration.place(option)
    assert done.done and not done.needs_tile and done.revealed == (1,)
    assert done.dungeon.tiles[1] == option.placed
    assert done.dungeon.door(RIGHT).state == "open"
    assert done.treasure_markers() == (Square(14, 2),)
    assert done.monster_icons() == ((Square(14, 6), MonsterColor.WHITE),)
    log = done.log()
    assert log[1] == "A-3 (Storeroom) is drawn: 1 legal placement."
    assert "No open side is left: the exploration is complete." in log
    assert log[-1].startswith("Monster icons to spawn with 3 characters: white at (14, 6)")


def test_drawing_and_placing_out_of_turn_are_errors() -> None:
    waiting = Exploration.begin(start(), RIGHT)
    drawn = waiting.draw(PACK.tile("A-3"))
    with pytest.raises(DungeonError, match="drawn and waits to be placed"):
        drawn.draw(PACK.tile("A-4"))
    with pytest.raises(DungeonError, match="room tile"):
        waiting.draw("A-3")  # type: ignore[arg-type]
    with pytest.raises(DungeonError, match="already in the dungeon"):
        waiting.draw(A1)
    with pytest.raises(DungeonError, match="No tile is drawn"):
        waiting.place(drawn.options()[0])
    done = drawn.place(drawn.options()[0])
    with pytest.raises(DungeonError, match="complete"):
        done.draw(PACK.tile("A-4"))
    with pytest.raises(DungeonError, match="already in the dungeon"):
        Exploration.begin(done.dungeon, TOP).draw(PACK.tile("A-3"))


def test_placing_anything_but_an_option_is_refused_with_the_reason() -> None:
    drawn = Exploration.begin(start(), RIGHT).draw(PACK.tile("A-3"))
    option = drawn.options()[0]
    wrong_turn = Placement(
        tile("A-3"), option.origin, option.exit, option.rule, option.joined_by, option.opens
    )
    with pytest.raises(DungeonError, match="must meet the opened door"):
        drawn.place(wrong_turn)
    on_top = Placement(option.tile, Square(5, 1), option.exit, option.rule, option.joined_by)
    with pytest.raises(DungeonError, match="on top of A-1"):
        drawn.place(on_top)
    elsewhere = Exploration.begin(start(), TOP).draw(PACK.tile("A-3"))
    with pytest.raises(DungeonError):
        drawn.place(elsewhere.options()[0])


def test_a_failed_request_leaves_the_exploration_unchanged() -> None:
    drawn = Exploration.begin(start(), RIGHT).draw(PACK.tile("A-3"))
    snapshot = (drawn.dungeon, drawn.drawn, drawn.door, drawn.revealed, drawn.entries)
    bad = Placement(tile("A-3"), Square(9, 1), drawn.door, Section.REVEALING_A_ROOM_TILE, "")
    requests = (
        lambda: drawn.place(bad),
        lambda: drawn.draw(PACK.tile("A-4")),
        drawn.set_aside,
        lambda: open_joined_door(drawn.dungeon, RIGHT),
        lambda: place_dead_end_door(drawn.dungeon, Square(8, 3)),
    )
    for request in requests:
        with pytest.raises(DungeonError):
            request()
        assert (drawn.dungeon, drawn.drawn, drawn.door, drawn.revealed, drawn.entries) == snapshot
    assert drawn == Exploration.begin(start(), RIGHT).draw(PACK.tile("A-3"))
    assert drawn.dungeon == start()


def test_explain_says_why_a_placement_is_not_legal() -> None:
    waiting = Exploration.begin(start(), RIGHT)
    assert "draw one first" in waiting.explain(PACK.tile("A-3"), Square(9, 1)).reason
    drawn = waiting.draw(PACK.tile("A-3"))
    assert "was drawn, not A-4" in drawn.explain(PACK.tile("A-4"), Square(9, 1)).reason
    assert drawn.explain(tile("A-3", Rotation.R90), Square(9, 1))
    verdict = drawn.explain(tile("A-3", Rotation.R90), Square(9, 2))
    assert not verdict and "must meet the opened door at (8, 4) of A-1" in verdict.reason
    assert "no door on the side facing it" in drawn.explain(PACK.tile("A-3"), Square(9, 1)).reason
    assert "on top of A-1" in drawn.explain(tile("A-3", Rotation.R90), Square(2, 1)).reason
    doorless = waiting.draw(PACK.tile("B-8"))
    reason = doorless.explain(PACK.tile("B-8"), Square(9, 0)).reason
    assert "has no door, so one of its open sides must meet" in reason


def test_check_placement_for_open_sides_names_the_rule() -> None:
    hall = reveal(start(), RIGHT, "B-7", Square(9, 0)).dungeon
    (east, south) = (Exit.of_open_side(s) for s in hall.pending_open_sides())
    assert str(east) == "the open side (17, 1)–(17, 7) of B-7"
    assert east.outside[0] == Square(18, 1)
    open_tile = check_placement(hall, PACK.tile("B-4"), Square(30, 30), east, chain=True)
    assert "open sides must lie along" in open_tile.reason and "T2" in open_tile.reason
    doors_only = check_placement(hall, PACK.tile("F-5"), Square(30, 30), east, chain=True)
    assert "has only doors" in doors_only.reason
    assert check_placement(hall, PACK.tile("F-5"), Square(18, 2), east, chain=True)
    assert south.side is Direction.S


# -- Open Room Tiles: drawing on, rulings E2 and E3 ------------------------------------------------


def test_an_open_room_tile_keeps_the_exploration_drawing() -> None:
    """*Special Feature: Open Room Tiles*: B-7 at a door leaves two open sides to fill."""
    exploration = reveal(start(), RIGHT, "B-7", Square(9, 0))
    assert exploration.needs_tile and exploration.chain and exploration.door is None
    assert [e.kind for e in exploration.exits] == ["open side", "open side"]
    assert exploration.log()[-1].startswith("2 open sides still face the empty table")


def test_the_shorter_open_side_lies_entirely_along_the_longer() -> None:
    """Ruling E2 (with T2): B-4's 5-square open side goes along B-7's 7-square one in 3 places
    per turn; B-2's 7-square side meets B-4's 5-square side in 3 places per turn too."""
    exploration = reveal(start(), RIGHT, "B-7", Square(9, 0))
    south = [e for e in exploration.exits if e.side is Direction.S]
    options = [p for p in exploration.draw(PACK.tile("B-4")).options() if p.exit in south]
    assert sorted((p.rotation.value, p.origin.x) for p in options) == [
        (1, 9),
        (1, 10),
        (1, 11),
        (3, 9),
        (3, 10),
        (3, 11),
    ]
    hall = Dungeon.start(tile("B-4"))
    longer = Exploration.continue_open_sides(hall).draw(PACK.tile("B-2"))
    east = [p for p in longer.options() if p.exit.side is Direction.E]
    assert sorted({p.origin.y for p in east}) == [-2, -1, 0]
    for p in east:
        (span,) = p.tile.open_sides_on(Direction.W)
        ys = {p.placed.to_table(sq).y for sq in span.squares}
        assert ys >= {1, 2, 3, 4, 5}


def test_an_open_side_faced_only_in_part_draws_no_more() -> None:
    """Ruling E2: the rest of a partly faced open side is the edge of the room."""
    exploration = reveal(start(), RIGHT, "B-7", Square(9, 0))
    drawn = exploration.draw(PACK.tile("B-4"))
    placed = drawn.place(at(drawn, Square(9, 9), Rotation.R90))
    south = next(s for s in placed.dungeon.open_sides() if s.tile_id == "B-7" and s.side.dy)
    assert south.link is Link.OPEN and not south.pending
    assert placed.dungeon.door(RIGHT).state == "open"


def test_doors_meeting_a_tile_of_a_large_room_open_at_placement() -> None:
    """Ruling E3: during a Large Room draw, F-5's door on B-7's open side opens, and so does any
    door of the new tile that meets another tile's door or open side."""
    exploration = reveal(start(), RIGHT, "B-7", Square(9, 0)).draw(PACK.tile("F-5"))
    placed = exploration.place(at(exploration, Square(18, 2), Rotation.R0))
    assert placed.dungeon.door(Square(18, 4)).state == "open"
    assert placed.dungeon.tiles_connected(1, 2)
    assert placed.dungeon.door(Square(24, 4)).state == "unexplored"


def test_a_door_meeting_a_later_tile_stays_closed_until_opened() -> None:
    """Ruling E5: a tile that comes to lie with its door against an older closed door (here
    laid by hand, as a trap or a scenario might: A-3 turned to meet A-1's right door) joins
    nothing until the door is opened; open_joined_door opens the pair and reveals nothing."""
    dungeon = start().with_tile(PlacedTile(tile("A-3").rotated(Rotation.R90), Square(9, 1)))
    pair = dungeon.door(RIGHT)
    assert (pair.link, pair.state) == (Link.DOOR, "closed")
    assert dungeon.door(Square(9, 4)).state == "closed"
    assert not dungeon.tiles_connected(0, 1)
    with pytest.raises(DungeonError, match="only a door facing the unexplored table"):
        Exploration.begin(dungeon, RIGHT)
    opened = open_joined_door(dungeon, RIGHT)
    assert opened.door(RIGHT).passable and opened.door(Square(9, 4)).passable
    assert len(opened.tiles) == len(dungeon.tiles)
    assert opened.tiles_connected(0, 1)


def test_open_joined_door_refuses_doors_it_cannot_open() -> None:
    with pytest.raises(DungeonError, match="unexplored table"):
        open_joined_door(start(), RIGHT)
    with pytest.raises(DungeonError, match="Blocked Door"):
        open_joined_door(blocked_start(), RIGHT)
    walled = start().with_tile(PlacedTile(tile("A-3"), Square(9, 1)))
    with pytest.raises(DungeonError, match="closes it for good"):
        open_joined_door(walled, RIGHT)
    # A door against an open side opens alone: there is no door across.
    open_side = start().with_tile(PlacedTile(tile("B-8", Rotation.R270), Square(9, 0)))
    assert open_joined_door(open_side, RIGHT).opened == {RIGHT}


# -- tiles that fit nowhere, the deck: rulings E6 and E7 ---------------------------------------


def test_a_tile_that_fits_nowhere_goes_under_the_deck() -> None:
    """Ruling E6."""
    drawn = Exploration.begin(no_room_above(), TOP).draw(PACK.tile("F-2"))
    assert drawn.options() == ()
    assert not drawn.explain(PACK.tile("F-2"), Square(3, -7))
    aside = drawn.set_aside()
    assert aside.drawn is None and aside.needs_tile and aside.door == drawn.door
    assert aside.log()[-1] == "F-2 fits nowhere and goes under the deck (ruling E6)."
    with pytest.raises(DungeonError, match="No tile is drawn"):
        aside.set_aside()
    fits = Exploration.begin(start(), RIGHT).draw(PACK.tile("A-3"))
    with pytest.raises(DungeonError, match="can be placed"):
        fits.set_aside()


def test_an_open_side_no_tile_fits_keeps_waiting() -> None:
    """Ruling E6: the exploration goes on drawing for it."""
    exploration = Exploration.continue_open_sides(hemmed_hall())
    assert len(exploration.exits) == 2
    for tile_id in ("B-2", "F-5", "A-6", "C-1"):
        drawn = exploration.draw(PACK.tile(tile_id))
        assert drawn.options() == ()
        exploration = drawn.set_aside()
        assert exploration.needs_tile and len(exploration.exits) == 2


def test_the_tile_deck_is_shuffled_reproducibly_and_drawn_from_the_top() -> None:
    first = TileDeck.shuffled(PACK.tiles, Chance.seeded(7), leave_out=("A-1",))
    again = TileDeck.shuffled(PACK.tiles, Chance.seeded(7), leave_out=("A-1",))
    other = TileDeck.shuffled(PACK.tiles, Chance.seeded(8), leave_out=("A-1",))
    assert first == again and first != other
    assert len(first) == first.remaining == len(PACK.tiles) - 1
    assert "A-1" not in {t.id for t in first.tiles}
    assert {t.id for t in first.tiles} == {t.id for t in other.tiles}
    top, rest = first.draw()
    assert top == first.tiles[0] and rest.tiles == first.tiles[1:]
    under = rest.to_bottom(top.rotated(Rotation.R90))
    assert under.tiles[-1] == top and len(under) == len(first)


def test_an_empty_deck_reveals_no_room() -> None:
    """Ruling E7."""
    with pytest.raises(DungeonError, match="deck is empty"):
        TileDeck().draw()
    last, empty = TileDeck((PACK.tile("A-3"),)).draw()
    assert last.id == "A-3" and len(empty) == 0
    with pytest.raises(DungeonError, match="door stays closed"):
        empty.draw()


# -- Secret Doors: traps and dead ends, rulings E4, E5, E8 ----------------------------------------


def test_a_secret_door_trap_opens_in_the_middle_of_a_free_wall_side() -> None:
    """*Secret Doors*; ruling E8: the tile drawn behind it is no revealed room for the Doom
    Counter."""
    sites = secret_door_trap_sites(start(), Square(4, 4))
    # The top middle is a door, so the next wall square; the bottom middle is the stairs (out
    # of play, ruling T8), so the wall square nearest the middle.
    assert sites == (Square(3, 0), Square(8, 3), Square(2, 8), Square(0, 3))
    trap = Exploration.through_secret_door(start(), Square(8, 3))
    assert not trap.counts_as_revealing and trap.needs_tile
    assert trap.dungeon.marker(Square(8, 3)) is Marker.SECRET_DOOR
    drawn = trap.draw(PACK.tile("A-3"))
    (option,) = drawn.options()
    assert option.origin == Square(9, 0) and option.opens == {Square(8, 3), Square(9, 3)}
    done = drawn.place(option)
    assert done.dungeon.passable(Square(8, 3)) and done.dungeon.tiles_connected(0, 1)
    assert Exploration.through_secret_door(start(), Square(8, 3), trap=False).counts_as_revealing
    with pytest.raises(DungeonError, match="not on the dungeon"):
        secret_door_trap_sites(start(), Square(40, 40))


def test_a_secret_door_needs_the_empty_table_behind_it() -> None:
    walled_in = start().with_tile(PlacedTile(tile("A-3"), Square(9, 0)))
    with pytest.raises(DungeonError, match="empty table behind it"):
        Exploration.through_secret_door(walled_in, Square(8, 3))
    with pytest.raises(DungeonError, match="never goes on an existing door"):
        Exploration.through_secret_door(start(), RIGHT)
    with pytest.raises(DungeonError, match="wall square"):
        Exploration.through_secret_door(start(), Square(4, 4))


def walled_in_start() -> Dungeon:
    """A-1 with a tile against every side and every one of its doors walled up: A-3 on the
    right (its wall against A-1's right door, floor beyond), A-6 above, F-4 on the left, E-6
    below (their corners against A-1's top and left doors)."""
    return Dungeon(
        (
            PlacedTile(tile("A-1")),
            PlacedTile(tile("A-3"), Square(9, 1)),
            PlacedTile(tile("A-6"), Square(0, -5)),
            PlacedTile(tile("F-4"), Square(-5, 0)),
            PlacedTile(tile("E-6"), Square(0, 9)),
        )
    )


def test_a_secret_door_trap_on_a_walled_up_door_opens_into_the_next_tile() -> None:
    """*Secret Doors*, ruling E5: only when the character's tile has no free wall side; only
    where the wall behind the door can open onto floor (not a corner of the next tile)."""
    dungeon = walled_in_start()
    assert {d.state for d in dungeon.doors() if d.tile_index == 0} == {"walled up"}
    assert secret_door_trap_sites(dungeon, Square(4, 4)) == (RIGHT,)
    passage = Exploration.through_secret_door(dungeon, RIGHT)
    assert passage.done and not passage.counts_as_revealing and not passage.needs_tile
    after = passage.dungeon
    assert after.passable(RIGHT) and after.passable(Square(9, 4))
    assert after.marker(Square(9, 4)) is Marker.SECRET_DOOR
    assert Square(10, 4) in after.steps(Square(9, 4)) and after.tiles_connected(0, 1)
    assert len(after.tiles) == len(dungeon.tiles)
    assert passage.log()[0].startswith("A Secret Door opens through the walled-up door")
    with pytest.raises(DungeonError, match="no square a figure can stand on"):
        Exploration.through_secret_door(dungeon, TOP)


def test_a_dead_end_waits_while_any_door_is_unopened() -> None:
    assert dead_end_sites(start()) == ()
    with pytest.raises(DungeonError, match="a door is still unopened"):
        place_dead_end_door(start(), Square(8, 3))
    assert dead_end_sites(Dungeon.start(tile("B-4"))) == ()


def test_the_dead_end_secret_door_is_an_ordinary_unopened_door() -> None:
    """*Dead Ends*, ruling E4: the middle of a free wall side of the last tile; opening it later
    reveals a room as any door does (and counts for the Doom Counter)."""
    dungeon = blocked_start()
    assert dead_end_sites(dungeon) == (Square(3, 0), Square(8, 3), Square(2, 8), Square(0, 3))
    with pytest.raises(DungeonError, match="the places are: "):
        place_dead_end_door(dungeon, Square(4, 8))
    appeared = place_dead_end_door(dungeon, Square(8, 3))
    assert appeared.done and not appeared.counts_as_revealing
    assert appeared.log()[0].startswith("A Secret Door appears at (8, 3) on A-1")
    door = appeared.dungeon.door(Square(8, 3))
    assert door.secret and door.state == "unexplored"
    assert appeared.dungeon.unexplored_doors() == (door,)
    assert dead_end_sites(appeared.dungeon) == ()
    last = Exploration.begin(blocked_start().without_marker(RIGHT), RIGHT)
    last = last.draw(PACK.tile("A-3"))
    assert "No unopened door is left anywhere" in last.place(last.options()[0]).log()[-1]
    opened = Exploration.begin(appeared.dungeon, Square(8, 3))
    assert opened.counts_as_revealing
    placed = opened.draw(PACK.tile("A-3")).place(opened.draw(PACK.tile("A-3")).options()[0])
    assert placed.dungeon.passable(Square(8, 3))


def test_a_surrounded_last_tile_sends_the_secret_door_elsewhere() -> None:
    """*Dead Ends*, ruling E4: the last tile (a corridor, F-2 turned) has a tile against every
    side, so the free wall sides of every other tile that a hero can reach are offered."""
    corridor = PlacedTile(tile("F-2", Rotation.R90), Square(9, 3))
    dungeon = Dungeon(
        (
            PlacedTile(tile("A-1")),
            PlacedTile(tile("F-4"), Square(9, -2)),
            PlacedTile(tile("A-6"), Square(9, 6)),
            PlacedTile(tile("F-6"), Square(16, 1)),
            corridor,
        ),
        opened=frozenset({RIGHT, Square(9, 4)}),
    )
    dungeon = dungeon.with_marker(TOP, Marker.BLOCKED_DOOR).with_marker(LEFT, Marker.BLOCKED_DOOR)
    assert dungeon.door(Square(15, 4)).state == "walled up"
    assert dead_end_sites(dungeon) == (Square(3, 0), Square(2, 8), Square(0, 3))


def test_e8_waiting_icons_spawn_when_its_rooms_are_joined() -> None:
    """*No connection to the dungeon*, ruling E9: E-8 entered by its door keeps the icons of its
    larger room waiting; the Secret Door that joins the rooms brings them in."""
    exploration = Exploration.begin(start(), RIGHT, characters=4).draw(PACK.tile("E-8"))
    placed = exploration.place(exploration.options()[0])
    waiting = ((Square(14, 2), MonsterColor.WHITE), (Square(15, 4), MonsterColor.GREEN))
    assert placed.monster_icons() == () and placed.waiting_icons() == waiting
    assert placed.log()[-1] == (
        "Icons without a connection wait: (14, 2), (15, 4) (No connection to the dungeon)."
    )
    dungeon = placed.dungeon.with_marker(TOP, Marker.BLOCKED_DOOR)
    dungeon = dungeon.with_marker(LEFT, Marker.BLOCKED_DOOR)
    joined = place_dead_end_door(dungeon, Square(12, 4), characters=4)
    assert joined.woken == waiting and joined.monster_icons() == waiting
    assert newly_connected_icons(dungeon, joined.dungeon, 3) == waiting[:1]
    assert newly_connected_icons(dungeon, joined.dungeon, 4, skip=(1,)) == ()


def test_a_large_room_draw_that_reaches_a_waiting_part_wakes_its_icons() -> None:
    """*No connection to the dungeon*, ruling E9: B-1 starts the dungeon, E-8 (turned 180°)
    lies at (18, 0) with no connection. B-4 laid along B-1's open side meets E-8's larger room
    with its other open side: E-8's icons spawn with B-4's, and E-8's last open side now waits
    for a tile."""
    e8 = PlacedTile(tile("E-8", Rotation.R180), Square(18, 0))
    dungeon = Dungeon((PlacedTile(tile("B-1")), e8))
    exploration = Exploration.continue_open_sides(dungeon, characters=4)
    assert [e.tile_id for e in exploration.exits] == ["B-1"]
    drawn = exploration.draw(PACK.tile("B-4"))
    placed = drawn.place(at(drawn, Square(9, 0), Rotation.R0))
    e8_icons = tuple((e8.to_table(sq), color) for sq, color in e8.tile.monster_icons())
    assert placed.woken == e8_icons
    assert placed.monster_icons()[-2:] == e8_icons
    assert [(e.tile_id, e.side) for e in placed.exits] == [("E-8", Direction.S)]
    assert newly_connected_icons(dungeon, placed.dungeon, 4, skip=(1,)) == ()


def test_counts_as_revealing() -> None:
    """Ruling E8: a door opened by a hero counts as revealing a room, a Secret Door trap not."""
    assert Exploration.begin(start(), RIGHT).counts_as_revealing
    assert not Exploration.through_secret_door(start(), Square(8, 3)).counts_as_revealing
    assert not Exploration.continue_open_sides(start()).counts_as_revealing


# -- random explorations: every placement follows its rule (property tests) ------------------


def legal_by_the_rules(dungeon: Dungeon, turned: RoomTile, origin: Square, exit: Exit) -> bool:
    """The placement rules written out independently of the engine (rulings E1, E2, T2)."""
    placed = PlacedTile(turned, origin)
    if any(placed.overlaps(other) for other in dungeon.tiles):
        return False
    facing = exit.side.opposite
    outside = set(exit.outside)
    if exit.kind == "door":
        (target,) = exit.outside
        if turned.doors:  # E1: a door against the opened door
            return any(placed.to_table(d.square) == target for d in turned.doors_on(facing))
        return any(  # a door-less tile: an open-side square in front of the door
            placed.to_table(sq) == target
            for span in turned.open_sides_on(facing)
            for sq in span.squares
        )
    if turned.is_open:  # E2: the shorter open side entirely along the longer
        for span in turned.open_sides_on(facing):
            new = {placed.to_table(sq) for sq in span.squares}
            if new <= outside or outside <= new:
                return True
        return False
    return any(placed.to_table(d.square) in outside for d in turned.doors_on(facing))


def scan(exploration: Exploration) -> dict[tuple[Rotation, Square], bool]:
    """Every turn of the drawn tile at every origin near the exits: legal or not."""
    assert exploration.drawn is not None
    out: dict[tuple[Rotation, Square], bool] = {}
    for exit in exploration.exits:
        xs = [sq.x for sq in exit.squares]
        ys = [sq.y for sq in exit.squares]
        for rotation in Rotation:
            turned = exploration.drawn.rotated(rotation)
            for x in range(min(xs) - 9, max(xs) + 3):
                for y in range(min(ys) - 9, max(ys) + 3):
                    key = (rotation, Square(x, y))
                    legal = legal_by_the_rules(exploration.dungeon, turned, key[1], exit)
                    out[key] = out.get(key, False) or legal
    return out


@dataclass
class Walk:
    """A random exploration in progress."""

    dungeon: Dungeon
    deck: TileDeck
    placed: int = 0


def check_options(exploration: Exploration) -> None:
    assert exploration.drawn is not None
    scanned = scan(exploration)
    legal = {key for key, ok in scanned.items() if ok}
    keys = [(p.rotation, p.origin) for p in exploration.options()]
    assert len(keys) == len(set(keys))  # each way to lay the tile is offered once
    assert set(keys) == legal
    for (rotation, origin), ok in scanned.items():
        turned = exploration.drawn.rotated(rotation)
        checks = [
            check_placement(exploration.dungeon, turned, origin, e, chain=exploration.chain)
            for e in exploration.exits
        ]
        assert any(checks) == ok
        verdict = exploration.explain(turned, origin)
        assert verdict.ok == ok
        if not ok:
            assert verdict.reason


def check_placed(before: Exploration, option: Placement, after: Exploration) -> None:
    dungeon = after.dungeon
    index = len(dungeon.tiles) - 1
    assert not any(option.placed.overlaps(t) for t in before.dungeon.tiles)
    assert dungeon.tiles[index] == option.placed and after.revealed[-1] == index
    # The new tile is joined to the tile of its exit through an opened door or open sides.
    assert dungeon.tiles_connected(index, option.exit.tile_index)
    for square in option.opens:
        assert dungeon.passable(square)
    # Every tile stays connected to A-1.
    connected = dungeon.connected_squares
    for placed in dungeon.tiles:
        assert any(square in connected for square, _ in placed.squares())
    if before.chain:  # E3: no closed door left where the new tile meets another one
        for door in dungeon.doors():
            meets_new = door.tile_index == index or dungeon.tile_index(door.outside) == index
            if meets_new and door.link in (Link.DOOR, Link.OPEN):
                assert door.opened


@settings(max_examples=12)
@given(st.data())
def test_random_explorations_follow_the_placement_rules(data: st.DataObject) -> None:
    """Random explorations from A-1 with the starter tiles: the options are exactly the
    placements the rules allow (checked against the rules written out here and against
    check_placement and explain), no tile overlaps, every tile stays joined to the dungeon."""
    order = data.draw(st.permutations(OTHER_TILES), label="deck")
    walk = Walk(start(), TileDeck(tuple(order)))
    exploration: Exploration | None = None
    misses = 0
    while walk.placed < 8 and misses <= len(walk.deck):
        if exploration is None or exploration.done:
            doors = walk.dungeon.unexplored_doors()
            if not doors:
                break
            door = data.draw(st.sampled_from(doors), label="door")
            exploration = Exploration.begin(walk.dungeon, door.square)
        drawn_tile, walk.deck = walk.deck.draw()
        drawn = exploration.draw(drawn_tile)
        check_options(drawn)
        if not drawn.options():
            exploration = drawn.set_aside()
            walk.deck = walk.deck.to_bottom(drawn_tile)
            misses += 1
            continue
        option = data.draw(st.sampled_from(drawn.options()), label="placement")
        exploration = drawn.place(option)
        check_placed(drawn, option, exploration)
        walk.dungeon = exploration.dungeon
        walk.placed += 1
        misses = 0


@settings(max_examples=30)
@given(st.sampled_from(OTHER_TILES), st.sampled_from([TOP, LEFT, RIGHT]))
def test_every_tile_at_every_door_of_a1(drawn_tile: RoomTile, door: Square) -> None:
    """Each starter tile drawn at each door of A-1: options against the rules written out."""
    exploration = Exploration.begin(start(), door).draw(drawn_tile)
    check_options(exploration)
    assert placements(start(), drawn_tile, exploration.exits[0]) == exploration.options()
