"""Broken room tiles fail to load with the file, the tile, the position and what was expected
(doria_nb.content.loader, tiles/*.toml; docs/content-format.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from doria_nb.content import ContentError, load_pack, starter_pack
from doria_nb.engine.geometry import Square

PACK_TOML = 'id = "tiletest"\nname = "Tile test"\nversion = "1.0.0"\n'

GOOD = """
[[tile]]
id = "Z-1"
name = "Good Room"
map = '''
###D###
#.....#
#..w..#
#######
'''
"""


def write_pack(root: Path, **files: str) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "pack.toml").write_text(PACK_TOML, encoding="utf-8")
    (root / "tiles").mkdir(exist_ok=True)
    for name, text in files.items():
        (root / "tiles" / f"{name}.toml").write_text(text, encoding="utf-8")
    return root


def tile_entry(map_text: str, *, tile_id: str = "Z-2", extra: str = "") -> str:
    return f"""
[[tile]]
id = "{tile_id}"
name = "Broken Room"
{extra}map = '''
{map_text.strip()}
'''
"""


def load_error(root: Path) -> str:
    with pytest.raises(ContentError) as info:
        load_pack(root)
    return str(info.value)


def test_a_pack_of_tiles_loads(tmp_path: Path) -> None:
    pack = load_pack(write_pack(tmp_path / "p", rooms=GOOD))
    assert [t.id for t in pack.tiles] == ["Z-1"]
    assert pack.tile("Z-1").monster_icons()[0][0] == Square(3, 2)
    assert pack.heroes == () and pack.items == ()


def test_a_bad_map_character(tmp_path: Path) -> None:
    broken = tile_entry("###D###\n#..Q..#\n#######")
    message = load_error(write_pack(tmp_path / "p", rooms=GOOD + broken))
    assert message.startswith(
        "tiles/rooms.toml, [[tile]] #2 (id 'Z-2'), field 'map', row 2, column 4: 'Q' is not a "
        "map character; allowed are '#' wall, '.' floor, ':' open side (floor on the outer "
        "edge), 'D' door (on the outer edge), 'x' Hole (Red Dashed), "
    )
    assert "'w' white monster icon" in message
    assert "'1' start position I" in message
    assert message.endswith("'e' stairs entrance.")


def test_a_bad_character_also_names_the_tile_legend(tmp_path: Path) -> None:
    broken = tile_entry("###D###\n#..Q..#\n#######", extra='legend = { W = "~w" }\n')
    message = load_error(write_pack(tmp_path / "p", rooms=broken))
    assert message.endswith("and this tile's legend 'W'.")


def test_a_door_not_on_the_outer_wall(tmp_path: Path) -> None:
    broken = tile_entry("###D###\n#..D..#\n#.....#\n#######")
    assert load_error(write_pack(tmp_path / "p", rooms=broken)) == (
        "tiles/rooms.toml, [[tile]] #1 (id 'Z-2'), field 'map', row 2, column 4: this door is "
        "inside the tile, but doors are single-square passages in the outer wall (the first or "
        "last row or column of the map)."
    )


def test_an_open_side_one_square_wide(tmp_path: Path) -> None:
    broken = tile_entry("###D###\n#.....:\n#.....#\n#######")
    assert load_error(write_pack(tmp_path / "p", rooms=broken)) == (
        "tiles/rooms.toml, [[tile]] #1 (id 'Z-2'), field 'map', row 2, column 7: this opening "
        "in the outer wall is 1 square wide; open sides are at least 2 squares wide (a "
        "1-square opening is a door 'D')."
    )


def test_disconnected_floor(tmp_path: Path) -> None:
    broken = tile_entry("###D###\n#...#.#\n#...#.#\n#######")
    assert load_error(write_pack(tmp_path / "p", rooms=broken)) == (
        "tiles/rooms.toml, [[tile]] #1 (id 'Z-2'), field 'map': the floor is not connected: "
        "row 2, column 6 cannot be reached from row 1, column 4 (Holes count as crossable by "
        "jumping; a secret-door site '?' joins the rooms on its two sides)."
    )


def test_a_door_beside_an_opening(tmp_path: Path) -> None:
    broken = tile_entry("##D::##\n#.....#\n#######")
    assert load_error(write_pack(tmp_path / "p", rooms=broken)) == (
        "tiles/rooms.toml, [[tile]] #1 (id 'Z-2'), field 'map', row 1, column 3: this door is "
        "not a single-square passage: the square beside it on the outer wall (row 1, column 4, "
        "':') must be wall ('#', 'X' or 'S'); an opening 2 or more squares wide is an open "
        "side (':')."
    )


def test_a_map_that_is_not_a_rectangle(tmp_path: Path) -> None:
    broken = tile_entry("###D###\n#....#\n#######")
    assert load_error(write_pack(tmp_path / "p", rooms=broken)) == (
        "tiles/rooms.toml, [[tile]] #1 (id 'Z-2'), field 'map': row 2 has 6 squares but row 1 "
        "has 7: a map is a rectangle, every row as long as the first."
    )


def test_a_bad_tile_id(tmp_path: Path) -> None:
    broken = tile_entry("###D###\n#.....#\n#######", tile_id="a1")
    assert load_error(write_pack(tmp_path / "p", rooms=broken)) == (
        "tiles/rooms.toml, [[tile]] #1 (id 'a1'), field 'id': expected a tile id like 'A-1': "
        "capital letters, '-', a number, got 'a1'."
    )


def test_an_unknown_field(tmp_path: Path) -> None:
    broken = tile_entry("###D###\n#.....#\n#######", extra="doors = 1\n")
    assert load_error(write_pack(tmp_path / "p", rooms=broken)) == (
        "tiles/rooms.toml, [[tile]] #1 (id 'Z-2'), field 'doors': is not a known field; allowed "
        "are the fields id, name, text, north, legend, map."
    )


def test_a_missing_map(tmp_path: Path) -> None:
    text = '[[tile]]\nid = "Z-2"\nname = "No Map"\n'
    assert load_error(write_pack(tmp_path / "p", rooms=text)) == (
        "tiles/rooms.toml, [[tile]] #1 (id 'Z-2'), field 'map': is required but missing."
    )


def test_a_bad_compass(tmp_path: Path) -> None:
    broken = tile_entry("###D###\n#.....#\n#######", extra='north = "up"\n')
    assert load_error(write_pack(tmp_path / "p", rooms=broken)) == (
        "tiles/rooms.toml, [[tile]] #1 (id 'Z-2'), field 'north': expected one of 'N', 'E', "
        "'S', 'W', got 'up'."
    )


def test_a_bad_legend_entry(tmp_path: Path) -> None:
    broken = tile_entry("###D###\n#..W..#\n#######", extra='legend = { W = "~q" }\n')
    message = load_error(write_pack(tmp_path / "p", rooms=broken))
    assert message.startswith(
        "tiles/rooms.toml, [[tile]] #1 (id 'Z-2'), field 'legend.W': The legend entry 'W' = "
        "'~q' uses 'q', which is not a standard map character; allowed are '#' wall,"
    )


def test_a_legend_key_that_is_a_standard_character(tmp_path: Path) -> None:
    broken = tile_entry("###D###\n#.....#\n#######", extra='legend = { w = "~w" }\n')
    assert load_error(write_pack(tmp_path / "p", rooms=broken)) == (
        "tiles/rooms.toml, [[tile]] #1 (id 'Z-2'), field 'legend.w': The legend key 'w' is a "
        "standard map character (white monster icon); choose a character the standard legend "
        "does not use."
    )


def test_two_tiles_with_one_id(tmp_path: Path) -> None:
    other = GOOD.replace("Good Room", "Other Room")
    assert load_error(write_pack(tmp_path / "p", a=GOOD, b=other)) == (
        "tiles/b.toml, [[tile]] #1 (id 'Z-1'), field 'id': the id 'Z-1' is already used "
        "in tiles/a.toml, [[tile]] #1 (id 'Z-1'); ids are unique in a pack."
    )


def test_an_extending_pack_replaces_and_adds_tiles(tmp_path: Path) -> None:
    root = write_pack(tmp_path / "p", rooms=GOOD + GOOD.replace('"Z-1"', '"A-2"'))
    (root / "pack.toml").write_text(PACK_TOML + 'extends = "starter"\n', encoding="utf-8")
    pack = load_pack(root)
    base = starter_pack()
    assert len(pack.tiles) == len(base.tiles) + 1
    assert pack.tile("A-2").name == "Good Room"
    assert pack.tile("A-1") == base.tile("A-1")
    assert [t.id for t in pack.tiles][-1] == "Z-1"
