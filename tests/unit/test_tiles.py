"""Room tiles: the map format, rotations, doors and open sides, levels, validation
(doria_nb.engine.tiles; *Revealing a Room Tile*, *Special Feature: Open Room Tiles*,
*Additional Symbols on Room Tiles or Markers*, *Difficult Terrain*, *Dungeon Markers*)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.engine.cards import Marker
from doria_nb.engine.errors import DoriaError, PlayerCountError, TileError
from doria_nb.engine.geometry import Direction, Rotation, Square, rotate
from doria_nb.engine.tiles import (
    LEGEND,
    MARKER_RULES,
    Feature,
    MonsterColor,
    RoomTile,
    RuneColor,
    Terrain,
    TileSquare,
    active_monster_colors,
    icon_player_count,
    monster_icon_active,
    parse_legend,
)

ROTATIONS = (Rotation.R0, Rotation.R90, Rotation.R180, Rotation.R270)
CLOCKWISE = (Direction.N, Direction.E, Direction.S, Direction.W)

ROOM = """
#####::#
#w.$...:
D..~~..:
#......#
###D####
"""


def room() -> RoomTile:
    return RoomTile.from_map("Z-1", "Test Room", ROOM)


def tile_error(text_map: str, **kwargs: object) -> TileError:
    with pytest.raises(TileError) as info:
        RoomTile.from_map("Z-9", "Broken", text_map, **kwargs)  # type: ignore[arg-type]
    return info.value


# -- reading a map -------------------------------------------------------------------------------


def test_a_map_is_read_square_by_square() -> None:
    tile = room()
    assert tile.size == (8, 5)
    assert tile[Square(0, 0)] == TileSquare(Terrain.WALL)
    assert tile[Square(1, 1)] == TileSquare(features=(Feature.MONSTER_WHITE,))
    assert tile[Square(3, 1)].treasure
    assert tile[Square(3, 2)].terrain is Terrain.BLUE_DASHED
    assert tile.monster_icons() == ((Square(1, 1), MonsterColor.WHITE),)
    assert tile.treasures == (Square(3, 1),)


def test_doors_and_open_sides_are_found_on_each_side() -> None:
    tile = room()
    assert [(d.side, d.offset, d.square) for d in tile.doors] == [
        (Direction.W, 2, Square(0, 2)),
        (Direction.S, 3, Square(3, 4)),
    ]
    spans = {(s.side, s.start, s.length) for s in tile.open_sides}
    assert spans == {(Direction.N, 5, 2), (Direction.E, 1, 2)}
    assert tile.open_sides_on(Direction.E)[0].squares == (Square(7, 1), Square(7, 2))
    assert tile.open_sides_on(Direction.N)[0].offsets == range(5, 7)
    assert tile.doors_on(Direction.W)[0].square == Square(0, 2)
    assert tile.exits == 4
    assert tile.is_open
    assert not tile.is_dead_end
    assert tile.side_length(Direction.N) == 8
    assert tile.side_length(Direction.E) == 5


def test_str_writes_the_map_back() -> None:
    assert str(room()) == ROOM.strip()
    assert RoomTile.from_map("Z-1", "Test Room", str(room())) == room()


def test_indented_maps_and_blank_lines_are_fine() -> None:
    indented = "\n".join("        " + line for line in ROOM.strip().splitlines())
    assert RoomTile.from_map("Z-1", "Test Room", f"\n\n{indented}\n\n") == room()


def test_every_standard_character_has_a_square_and_a_name() -> None:
    chars = set(LEGEND)
    assert {"#", ".", ":", "D", "x", "X", "~", "%", "=", "S", "?", "$", "e"} <= chars
    assert {"w", "g", "y", "r", "B", "P", "O", "G", "1", "2", "3", "4", "5", "6"} <= chars
    for char, (square, name) in LEGEND.items():
        assert isinstance(square, TileSquare)
        assert name
        if char not in ".:":
            assert square.char == char
    every_feature = {f for square, _ in LEGEND.values() for f in square.features}
    assert every_feature == set(Feature)
    every_terrain = {square.terrain for square, _ in LEGEND.values()}
    assert every_terrain == set(Terrain)


def test_a_tile_legend_combines_terrain_and_icons() -> None:
    tile = RoomTile.from_map(
        "Z-2",
        "Swamp",
        """
        ##D##
        #WT.#
        #.Q.#
        #####
        """,
        legend={"W": "~w", "T": "%$", "Q": "~B"},
    )
    assert tile[Square(1, 1)] == TileSquare(Terrain.BLUE_DASHED, (Feature.MONSTER_WHITE,))
    assert tile[Square(2, 1)] == TileSquare(Terrain.BLUE_SOLID, (Feature.TREASURE,))
    assert tile[Square(2, 2)] == TileSquare(Terrain.BLUE_DASHED, (Feature.RUNE_BLUE,))
    assert str(tile).splitlines()[1] == "#WT.#"
    again = RoomTile.from_map("Z-2", "Swamp", str(tile), legend=dict(tile.legend))
    assert again == tile


def test_legend_errors_say_what_is_allowed() -> None:
    with pytest.raises(TileError, match="'#' is a standard map character"):
        parse_legend({"#": "~w"})
    with pytest.raises(TileError, match="uses 'q', which is not a standard map character"):
        parse_legend({"W": "~q"})
    with pytest.raises(TileError, match="two terrains"):
        parse_legend({"W": "~%"})
    with pytest.raises(TileError, match="one printable character"):
        parse_legend({"WW": "~"})
    with pytest.raises(TileError, match="only on squares a figure can stand on"):
        parse_legend({"W": "#w"})
    with pytest.raises(TileError, match="at most one monster icon"):
        parse_legend({"W": "wg"})


def test_squares_keep_their_icons_in_a_fixed_order() -> None:
    one = TileSquare(features=(Feature.RUNE_ORANGE, Feature.TREASURE))
    two = TileSquare(features=(Feature.TREASURE, Feature.RUNE_ORANGE))
    assert one == two
    assert hash(one) == hash(two)
    assert one.features == (Feature.TREASURE, Feature.RUNE_ORANGE)
    assert one.rune_color is RuneColor.ORANGE
    with pytest.raises(TileError, match="same icon twice"):
        TileSquare(features=(Feature.TREASURE, Feature.TREASURE))
    with pytest.raises(TileError, match="secret-door site"):
        TileSquare(Terrain.FLOOR, (Feature.SECRET_DOOR_SITE,))


def test_feature_helpers() -> None:
    assert Feature.monster(MonsterColor.YELLOW) is Feature.MONSTER_YELLOW
    assert Feature.rune(RuneColor.PURPLE) is Feature.RUNE_PURPLE
    assert Feature.start(6) is Feature.START_VI
    assert Feature.START_III.start_position == 3
    assert Feature.MONSTER_RED.monster_color is MonsterColor.RED
    assert Feature.TREASURE.monster_color is None
    with pytest.raises(TileError):
        Feature.start(7)


def test_terrain_follows_difficult_terrain_and_walls() -> None:
    assert Terrain.BLUE_DASHED.extra_ap == Terrain.BLUE_SOLID.extra_ap == 1
    assert Terrain.FLOOR.extra_ap == 0
    assert Terrain.BLUE_SOLID.gives_cover and not Terrain.BLUE_DASHED.gives_cover
    assert not Terrain.BLUE_SOLID.blocks_sight and not Terrain.HOLE.blocks_sight
    assert Terrain.RED_SOLID.blocks_sight and Terrain.WALL.blocks_sight
    assert not Terrain.HOLE.walkable and Terrain.HOLE.jumpable
    assert not Terrain.RED_SOLID.walkable and not Terrain.RED_SOLID.jumpable
    assert Terrain.BLUE_DASHED.walkable and Terrain.BRIDGE.walkable and Terrain.DOOR.walkable
    assert not Terrain.STAIRS.walkable


# -- rotations ---------------------------------------------------------------------------------


def test_four_quarter_turns_return_the_tile() -> None:
    tile = room()
    turned = tile
    for _ in range(4):
        turned = turned.rotated(Rotation.R90)
    assert turned == tile
    assert tile.rotated(Rotation.R0) == tile
    assert tile.rotated(Rotation.R180).rotated(Rotation.R180) == tile
    assert tile.rotated(Rotation.R270).unrotated() == tile


def test_a_quarter_turn_moves_the_top_door_to_the_right() -> None:
    tile = RoomTile.from_map("Z-3", "Nook", "#D#\n#.#\n###")
    turned = tile.rotated(Rotation.R90)
    assert turned.rotation is Rotation.R90
    assert [d.side for d in turned.doors] == [Direction.E]
    assert str(turned) == "###\n#.D\n###"
    assert repr(turned) == "<RoomTile Z-3 'Nook' 3×3 turned R90: 1 door>"


def test_rotating_squares_agrees_with_geometry() -> None:
    tile = room()
    for rotation in ROTATIONS:
        turned = tile.rotated(rotation)
        for square, content in tile.squares():
            assert turned[rotate(square, rotation, tile.size)] == content
            assert tile.rotate_square(square, rotation) == rotate(square, rotation, tile.size)


def test_the_compass_turns_with_the_tile() -> None:
    tile = RoomTile.from_map("Z-4", "Compass", "#D#\n#.#\n###", north="N")
    assert [t.north for t in tile.rotations()] == list(CLOCKWISE)
    with pytest.raises(TileError, match="north must be one of"):
        RoomTile.from_map("Z-4", "Compass", "#D#\n#.#\n###", north="up")


# Random well-formed tiles: an interior of standable squares, doors and open sides on the
# outer wall (corners always wall).
_INTERIOR = st.sampled_from([".", ".", ".", "~", "%", "w", "g", "y", "r", "$", "B", "O"])


@st.composite
def tiles(draw: st.DrawFn) -> RoomTile:
    width = draw(st.integers(3, 9))
    height = draw(st.integers(3, 9))
    rows = [["#"] * width for _ in range(height)]
    for y in range(1, height - 1):
        for x in range(1, width - 1):
            rows[y][x] = draw(_INTERIOR)
    sides = [
        [(x, 0) for x in range(1, width - 1)],
        [(width - 1, y) for y in range(1, height - 1)],
        [(x, height - 1) for x in range(1, width - 1)],
        [(0, y) for y in range(1, height - 1)],
    ]
    for squares in sides:
        fixed = draw(st.lists(st.sampled_from("#D::"), min_size=len(squares),
                              max_size=len(squares)))  # fmt: skip
        # an open side is at least 2 squares wide; a door has wall on both sides
        for i, char in enumerate(fixed):
            left = fixed[i - 1] if i else "#"
            right = fixed[i + 1] if i + 1 < len(fixed) else "#"
            if char == ":" and left != ":" and right != ":":
                fixed[i] = "#"
        for i, char in enumerate(fixed):
            left = fixed[i - 1] if i else "#"
            right = fixed[i + 1] if i + 1 < len(fixed) else "#"
            if char == "D" and (left != "#" or right != "#"):
                fixed[i] = "#"
        for (x, y), char in zip(squares, fixed, strict=True):
            rows[y][x] = char
    if not any("D" in row or ":" in row for row in rows):
        rows[0][1] = "D"
        if width > 3:
            rows[0][2] = "#"
    return RoomTile.from_map("Z-5", "Random", "\n".join("".join(row) for row in rows))


@given(tiles(), st.sampled_from(ROTATIONS))
def test_rotation_keeps_doors_open_sides_and_icons(tile: RoomTile, rotation: Rotation) -> None:
    turned = tile.rotated(rotation)
    quarters = ROTATIONS.index(rotation)
    assert turned.size == (tile.size if quarters % 2 == 0 else tile.size[::-1])
    assert len(turned.doors) == len(tile.doors)
    assert sorted(s.length for s in turned.open_sides) == sorted(s.length for s in tile.open_sides)
    assert Counter(c for _, c in turned.squares()) == Counter(c for _, c in tile.squares())
    sides = Counter(CLOCKWISE[(CLOCKWISE.index(d.side) + quarters) % 4] for d in tile.doors)
    assert Counter(d.side for d in turned.doors) == sides
    assert {rotate(d.square, rotation, tile.size) for d in tile.doors} == {
        d.square for d in turned.doors
    }
    for door in turned.doors:
        assert turned.on_edge(door.square)
        assert door.square in turned.side_squares(door.side)
        assert turned.side_squares(door.side)[door.offset] == door.square
    for span in turned.open_sides:
        assert span.length >= 2
        assert all(turned.on_edge(sq) for sq in span.squares)
    again = turned
    for _ in range(4 - quarters):
        again = again.rotated(Rotation.R90)
    assert again.grid == tile.grid


@given(tiles())
def test_random_tiles_write_their_map_back(tile: RoomTile) -> None:
    assert RoomTile.from_map(tile.id, tile.name, str(tile)) == tile


# -- levels: the F-3 bridge ---------------------------------------------------------------------

BRIDGE = """
##D##
##.##
D===D
##.##
##D##
"""


def test_a_bridge_makes_two_levels() -> None:
    tile = RoomTile.from_map("Z-6", "Bridge", BRIDGE)
    assert tile.has_levels
    below, above = tile.levels
    assert below == {Square(2, 0), Square(2, 1), Square(2, 3), Square(2, 4)}
    assert above == {Square(0, 2), Square(1, 2), Square(2, 2), Square(3, 2), Square(4, 2)}
    assert tile.level(Square(2, 2)) == 1
    assert tile.level(Square(2, 1)) == 0
    assert tile.level(Square(0, 0)) is None
    assert tile.crossings == {(Square(2, 1), Square(2, 3))}
    assert set(tile.steps(Square(2, 1))) == {Square(2, 0), Square(2, 3)}
    assert set(tile.steps(Square(2, 2))) == {Square(1, 2), Square(3, 2)}
    assert {d.side: d.level for d in tile.doors} == {
        Direction.N: 0, Direction.S: 0, Direction.W: 1, Direction.E: 1
    }  # fmt: skip
    assert len(tile.areas) == 2
    turned = tile.rotated(Rotation.R90)
    assert len(turned.levels[0]) == 4
    assert {d.side: d.level for d in turned.doors}[Direction.N] == 1


def test_a_level_without_an_exit_is_refused() -> None:
    error = tile_error("#####\n#.#.#\nD===D\n#...#\n#####")
    assert error.problem == (
        "the level under the bridge has no door or open side: nobody could reach it."
    )
    error = tile_error("##D##\n#...#\n#.=.#\n#...#\n##D##")
    assert "the bridge has no door or open side" in error.problem


# -- secret-door sites: E-8 -----------------------------------------------------------------------

SPLIT = """
#####::#
#..#...:
D..?...:
#..#...#
########
"""


def test_a_secret_door_site_joins_two_rooms() -> None:
    tile = RoomTile.from_map("Z-7", "Split", SPLIT)
    assert tile.secret_door_sites == (Square(3, 2),)
    assert len(tile.areas) == 2
    small, large = sorted(tile.areas, key=len)
    assert Square(1, 1) in small and Square(5, 2) in large
    assert not tile.has_levels
    broken = SPLIT.replace("?", "#")
    error = tile_error(broken)
    assert "not connected" in error.problem


def test_a_secret_door_site_needs_rooms_on_both_sides() -> None:
    error = tile_error("#####\n#.?##\n#...#\n##D##")
    assert (error.row, error.column) == (2, 3)
    assert "needs squares a figure can stand on at both sides" in error.problem


# -- validation -------------------------------------------------------------------------------


def test_a_bad_character_is_named_with_its_row_and_column() -> None:
    error = tile_error("##D##\n#.Q.#\n#####")
    assert (error.tile, error.row, error.column) == ("Z-9", 2, 3)
    assert error.problem.startswith("'Q' is not a map character; allowed are '#' wall,")
    assert "'~' Blue Dashed (difficult terrain)" in error.problem
    assert str(error).startswith("Tile Z-9, row 2, column 3: 'Q' is not a map character")
    assert isinstance(error, DoriaError)
    assert isinstance(error, ValueError)


def test_a_door_inside_the_room_is_refused() -> None:
    error = tile_error("##D##\n#.D.#\n#...#\n#####")
    assert error.position == "row 2, column 3"
    assert "doors are single-square passages in the outer wall" in error.problem


def test_a_door_needs_wall_beside_it() -> None:
    error = tile_error("#D::#\n#...#\n#####")
    assert error.position == "row 1, column 2"
    assert "must be wall" in error.problem
    assert "open side" in error.problem


def test_a_door_must_lead_into_the_room() -> None:
    error = tile_error("#D###\n##..#\n#...#\n##D##")
    assert error.position == "row 1, column 2"
    assert "leads nowhere" in error.problem


def test_an_open_side_one_square_wide_is_refused() -> None:
    error = tile_error("##:##\n#...#\n##D##")
    assert error.position == "row 1, column 3"
    assert "1 square wide; open sides are at least 2 squares wide" in error.problem


def test_floor_on_the_outer_edge_must_say_what_it_is() -> None:
    error = tile_error("##..#\n#...#\n##D##")
    assert error.position == "row 1, column 3"
    assert "write ':' for an open side" in error.problem


def test_an_open_side_mark_inside_the_tile_is_refused() -> None:
    error = tile_error("##D##\n#.:.#\n#####")
    assert error.position == "row 2, column 3"
    assert "belongs on the outer edge" in error.problem


def test_corners_are_wall() -> None:
    error = tile_error(":::##\n:...#\n##D##")
    assert error.position == "row 1, column 1"
    assert "corners are always wall" in error.problem


def test_disconnected_floor_is_refused() -> None:
    error = tile_error("#D###\n#.#.#\n#.#.#\n#####")
    assert error.position == ""
    assert error.problem.startswith(
        "the floor is not connected: row 2, column 4 cannot be reached from row 1, column 2"
    )


def test_holes_connect_a_room_by_jumping() -> None:
    tile = RoomTile.from_map("Z-8", "Chasm", "#D###\n#.x.#\n#.x.#\n#####")
    assert len(tile.areas) == 1


def test_a_map_is_a_rectangle_of_at_least_3_by_3() -> None:
    assert "row 2 has 4 squares but row 1 has 5" in tile_error("##D##\n#..#\n#####").problem
    assert "at least 3×3" in tile_error("#D\n##").problem
    assert "empty" in tile_error("\n\n").problem


def test_a_tile_needs_a_way_in() -> None:
    error = tile_error("###\n#.#\n###")
    assert "no door ('D') and no open side (':')" in error.problem


def test_start_positions_stairs_and_entrances() -> None:
    tile = RoomTile.from_map("Z-10", "Start", "##D##\n#1.2#\n#.e.#\n##S##", north="N")
    assert tile.start_positions == {1: Square(1, 1), 2: Square(3, 1)}
    assert tile.entrances == (Square(2, 2),)
    assert "appears twice" in tile_error("##D##\n#1.1#\n#...#\n#####").problem
    assert "no stairs beside it" in tile_error("##D##\n#.e.#\n#...#\n#####").problem
    assert "no entrance beside it" in tile_error("##D##\n#...#\n#...#\n##S##").problem


def test_icons_only_where_a_figure_can_stand() -> None:
    error = tile_error("##D##\n#.W.#\n#####", legend={"W": "xw"})
    assert "only on squares a figure can stand on" in str(error)


def test_a_bridge_square_on_the_outer_wall_is_refused() -> None:
    error = tile_error("##=##\n#...#\n##D##")
    assert error.position == "row 1, column 3"
    assert "bridge square" in error.problem


# -- monster icons by player count -------------------------------------------------------------


@pytest.mark.parametrize(
    ("characters", "colors"),
    [
        (1, {"white"}),
        (2, {"white"}),
        (3, {"white"}),
        (4, {"white", "green"}),
        (5, {"white", "green", "yellow"}),
        (6, {"white", "green", "yellow", "red"}),
    ],
)
def test_monster_icon_colors_by_player_count(characters: int, colors: set[str]) -> None:
    assert {c.value for c in active_monster_colors(characters)} == colors
    for color in MonsterColor:
        assert monster_icon_active(color, characters) == (color.value in colors)


def test_one_or_two_characters_use_the_three_player_icons() -> None:
    assert icon_player_count(1) == icon_player_count(2) == 3
    assert icon_player_count(5) == 5


@pytest.mark.parametrize("bad", [0, 7, -1, True, 2.5, "4"])
def test_player_counts_outside_1_to_6_are_refused(bad: object) -> None:
    with pytest.raises(PlayerCountError):
        icon_player_count(bad)  # type: ignore[arg-type]


def test_a_tile_lists_the_monster_icons_in_use() -> None:
    tile = RoomTile.from_map("Z-11", "Den", "##D##\n#wgy#\n#r..#\n#####")
    assert len(tile.monster_icons()) == 4
    assert [c for _, c in tile.monster_icons(2)] == [MonsterColor.WHITE]
    assert [c for _, c in tile.monster_icons(5)] == [
        MonsterColor.WHITE, MonsterColor.GREEN, MonsterColor.YELLOW
    ]  # fmt: skip


# -- markers -------------------------------------------------------------------------------------


def test_every_marker_has_its_rule() -> None:
    assert set(MARKER_RULES) == set(Marker)
    rubble = MARKER_RULES[Marker.RUBBLE]
    assert not rubble.enterable and not rubble.jumpable and rubble.blocks_sight
    hole = MARKER_RULES[Marker.HOLE]
    assert not hole.enterable and hole.jumpable and not hole.blocks_sight
    assert MARKER_RULES[Marker.SECRET_DOOR].opens_wall
    assert not MARKER_RULES[Marker.SECRET_DOOR].blocks_sight
    blocked = MARKER_RULES[Marker.BLOCKED_DOOR]
    assert blocked.closes_door and blocked.blocks_sight and not blocked.enterable
    for element in (Marker.FIRE, Marker.ICE, Marker.AIR):
        assert MARKER_RULES[element].monsters_ignore
        assert MARKER_RULES[element].scenario_defined


# -- views ---------------------------------------------------------------------------------------


def test_repr_describe_and_svg() -> None:
    tile = room()
    assert repr(tile) == "<RoomTile Z-1 'Test Room' 8×5: 2 doors, 2 open sides>"
    text = tile.describe()
    assert text.startswith("Room tile Z-1, Test Room: 8 by 5 squares.")
    assert "Monster icons: 1 white." in text
    svg = tile._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<rect") == 8 * 5
    assert 'aria-label="Room tile Z-1' in svg


def test_tiles_are_hashable_values() -> None:
    assert len({room(), room(), room().rotated(Rotation.R90)}) == 2
    with pytest.raises(TileError, match="is not on this 8×5 tile"):
        room()[Square(8, 0)]
    assert Square(7, 4) in room()
    assert Square(-1, 0) not in room()


def test_kept_monster_icons_are_the_icons_found_anew() -> None:
    from doria_nb.content.loader import starter_pack
    from doria_nb.engine.geometry import Rotation

    for tile in starter_pack().tiles:
        for rotation in Rotation:
            turned = tile.rotated(rotation)
            found = tuple(
                (sq, content.monster_color)
                for sq, content in turned.squares()
                if content.monster_color is not None
            )
            assert turned.monster_icons() == found
            for characters in range(1, 7):
                assert turned.monster_icons(characters) == tuple(
                    (sq, c) for sq, c in found if c in active_monster_colors(characters)
                )
