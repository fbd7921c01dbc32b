"""The starter pack's room tiles: at least 30 original tiles, every tile the rulebook names with
the properties its examples need, and every tile well formed (doria_nb/content/starter/tiles).
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter, deque
from pathlib import Path

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.errors import UnknownContentError
from doria_nb.engine.geometry import Direction, Square
from doria_nb.engine.tiles import (
    LEGEND,
    Feature,
    MonsterColor,
    RoomTile,
    RuneColor,
    Terrain,
)

TILES_DIR = Path(__file__).resolve().parents[2] / "doria_nb" / "content" / "starter" / "tiles"
RAW = {
    entry["id"]: entry
    for path in sorted(TILES_DIR.glob("*.toml"))
    for entry in tomllib.loads(path.read_text(encoding="utf-8"))["tile"]
}
PACK = starter_pack()
TILES = PACK.tiles
IDS = [tile.id for tile in TILES]


def tile(tile_id: str) -> RoomTile:
    return PACK.tile(tile_id)


def distances(t: RoomTile, start: Square, blocked: frozenset[Square] = frozenset()) -> dict:
    """Walking distance (orthogonal steps over walkable squares) from ``start``."""
    seen = {start: 0}
    todo = deque([start])
    while todo:
        sq = todo.popleft()
        for n in t.steps(sq):
            if n not in seen and t[n].walkable and n not in blocked:
                seen[n] = seen[sq] + 1
                todo.append(n)
    return seen


def manhattan(a: Square, b: Square) -> int:
    return abs(a.x - b.x) + abs(a.y - b.y)


# -- the set -------------------------------------------------------------------------------------


def test_at_least_30_tiles_with_rulebook_style_ids() -> None:
    assert len(TILES) >= 30
    assert len(set(IDS)) == len(IDS)
    assert all(re.fullmatch(r"[A-F]-[1-9][0-9]?", tile_id) for tile_id in IDS), IDS
    names = Counter(t.name for t in TILES)
    assert not [name for name, n in names.items() if n > 1]
    assert set(RAW) == set(IDS)


def test_the_pack_knows_its_tiles() -> None:
    assert tile("A-1").name == "The Stairs"
    assert PACK.has_tile("F-3") and not PACK.has_tile("Z-1")
    assert repr(PACK).endswith(f"{len(TILES)} tiles>")
    with pytest.raises(UnknownContentError, match="no tile 'A-99'"):
        PACK.tile("A-99")


@pytest.mark.parametrize("t", TILES, ids=IDS)
def test_every_tile_is_well_formed(t: RoomTile) -> None:
    # the map in the file is the map the tile writes back
    assert str(t) == RAW[t.id]["map"].strip()
    assert t.exits >= 1, "every tile has at least one door or open side"
    assert 3 <= t.width <= 11 and 3 <= t.height <= 11
    for door in t.doors:
        assert t.on_edge(door.square)
    for span in t.open_sides:
        assert span.length >= 2
    # connected: one area, except E-8 (two rooms joined by a Secret Door) and F-3 (two levels)
    expected_areas = 2 if t.id in ("E-8", "F-3") else 1
    assert len(t.areas) == expected_areas
    # every rotation is a well-formed tile too, and four quarter turns give it back
    turned = t.rotations()
    assert [r.exits for r in turned] == [t.exits] * 4
    assert turned[3].rotated(turned[1].rotation) == t


def test_dead_ends_mixed_tiles_and_open_tiles_exist() -> None:
    dead_ends = [t.id for t in TILES if t.is_dead_end]
    assert len(dead_ends) >= 4
    assert any(t.is_dead_end and t.is_open for t in TILES), "an open tile that ends a Large Room"
    mixed = [t.id for t in TILES if t.doors and t.open_sides]
    assert len(mixed) >= 5
    assert len([t for t in TILES if t.is_open]) >= 8
    assert len([t for t in TILES if not t.is_open]) >= 20


def test_monster_icons_of_every_colour_appear() -> None:
    colours = Counter(c for t in TILES for _, c in t.monster_icons())
    assert set(colours) == set(MonsterColor)
    assert colours[MonsterColor.WHITE] > colours[MonsterColor.GREEN] > colours[MonsterColor.RED]


def test_terrain_rich_tiles() -> None:
    terrains = Counter(sq.terrain for t in TILES for _, sq in t.squares())
    assert set(terrains) == set(Terrain)
    special = {Terrain.HOLE, Terrain.RED_SOLID, Terrain.BLUE_DASHED, Terrain.BLUE_SOLID}
    rich = [t.id for t in TILES if len({sq.terrain for _, sq in t.squares()} & special) >= 2]
    assert len(rich) >= 4
    combos = [
        (t.id, sq) for t in TILES for _, sq in t.squares()
        if sq.features and sq.terrain is not Terrain.FLOOR
    ]  # fmt: skip
    assert {tile_id for tile_id, _ in combos} >= {"D-1", "D-3"}
    runes = {c for t in TILES for _, c in t.runes}
    assert runes == set(RuneColor)
    assert sum(len(t.treasures) for t in TILES) >= 25


# -- the tiles the rulebook names ------------------------------------------------------------------


def test_a1_the_stairs() -> None:
    a1 = tile("A-1")
    assert a1.north is Direction.N, "A-1 points north from the stairs (Compass)"
    assert list(a1.start_positions) == [1, 2, 3, 4, 5, 6]
    assert len(a1.entrances) == 3, "the stairs on A-1 have 3 entrance squares (Phase G)"
    stairs = [sq for sq, content in a1.squares() if content.terrain is Terrain.STAIRS]
    assert stairs and all(sq.y == a1.height - 1 for sq in stairs), "stairs at the south"
    assert a1.doors_on(Direction.E), "the Mage opens the door on the right (Example 1)"
    assert not a1.monster_icons()
    # Range and Line of Sight, Example 2: a range of 6 reaches every square of A-1 from some
    # square of it.
    walkable = [sq for sq, content in a1.squares() if content.walkable]
    assert any(all(manhattan(s, o) <= 6 for o in walkable) for s in walkable)
    assert a1.rotated(a1.rotation).north is Direction.N


def test_a3_has_one_door() -> None:
    a3 = tile("A-3")
    assert len(a3.doors) == 1 and not a3.open_sides
    assert a3.doors[0].side is Direction.S, "as printed, its only door points down"
    assert a3.is_dead_end


def test_f1_can_meet_a_door_with_any_of_three() -> None:
    f1 = tile("F-1")
    assert len(f1.doors) == 3 and not f1.open_sides


def test_c7_has_two_doors() -> None:
    c7 = tile("C-7")
    assert len(c7.doors) == 2 and not c7.open_sides


def test_open_room_example_b7_f5_b4_e3() -> None:
    b7 = tile("B-7")
    assert len(b7.open_sides) == 2 and len(b7.doors) == 1
    f5 = tile("F-5")
    assert f5.doors and not f5.open_sides, "F-5 has doors only"
    b4 = tile("B-4")
    assert len(b4.open_sides) == 2
    e3 = tile("E-3")
    assert not e3.open_sides
    assert {d.side for d in e3.doors} == set(Direction), "E-3 fits in any direction"


def test_e8_two_rooms_and_a_middle_square() -> None:
    e8 = tile("E-8")
    (site,) = e8.secret_door_sites
    assert e8[site].terrain is Terrain.WALL
    assert site.y == e8.height // 2, "the site is the middle square of the dividing wall"
    small, large = sorted(e8.areas, key=len)
    assert len(small) < len(large)
    beside = {Square(site.x - 1, site.y), Square(site.x + 1, site.y)}
    assert beside & small and beside & large
    assert e8.doors and all(d.square in small for d in e8.doors)
    assert e8.open_sides and all(set(s.squares) <= large for s in e8.open_sides)


def test_c8_top_door_and_all_four_colours() -> None:
    c8 = tile("C-8")
    assert c8.doors_on(Direction.N), "the heroes enter C-8 by its top door"
    colours = Counter(c for _, c in c8.monster_icons())
    assert set(colours) == set(MonsterColor)
    assert colours[MonsterColor.RED] >= 2, "'all monster squares except the red ones'"
    with_five = {c for _, c in c8.monster_icons(5)}
    assert with_five == {MonsterColor.WHITE, MonsterColor.GREEN, MonsterColor.YELLOW}
    icons = dict(c8.monster_icons())
    assert icons[Square(1, 1)] is MonsterColor.WHITE, "the Dark Mage's top left corner"
    lower_right = max(icons, key=lambda sq: sq.x + sq.y)
    assert lower_right.x >= c8.width - 3 and lower_right.y >= c8.height - 3


def test_f3_bridge_and_the_passage_below() -> None:
    f3 = tile("F-3")
    assert f3.has_levels
    below, above = f3.levels
    assert len(below) == 4, "only 4 squares on the level under the bridge (Arrows (Room F-3))"
    middle = Square(f3.width // 2, f3.height // 2)
    assert f3[middle].terrain is Terrain.BRIDGE and middle in above
    ((a, b),) = f3.crossings
    assert manhattan(a, b) == 2 and manhattan(a, middle) == manhattan(b, middle) == 1
    assert b in f3.steps(a)
    assert Counter(d.level for d in f3.doors) == {0: 2, 1: 2}


def test_a_tile_for_target_of_a_monster_example_1() -> None:
    """*Target of a Monster*, Example 1: a white monster icon 4 squares from the Mage; with 4
    characters a monster from the green icon blocks the square the first monster wants, so it
    takes the orange rune beside the Mage instead."""
    d4 = tile("D-4")
    (green,) = d4.find(Feature.MONSTER_GREEN)
    (orange,) = d4.find(Feature.RUNE_ORANGE)
    (white,) = d4.find(Feature.MONSTER_WHITE)
    mages = [sq for sq in d4.steps(green) if sq in d4.steps(orange) and d4[sq].walkable]
    assert any(_example_1_holds(d4, white, mage, green, orange) for mage in mages)


def _example_1_holds(
    t: RoomTile, white: Square, mage: Square, green: Square, orange: Square
) -> bool:
    if distances(t, white).get(mage) != 4:  # the Mage is 4 squares from the monster
        return False
    attack_squares = [sq for sq in t.steps(mage) if t[sq].walkable]
    free = distances(t, white, blocked=frozenset({mage}))
    ranked = sorted(attack_squares, key=lambda sq: free.get(sq, 99))
    # with 3 characters the monster's square is the green icon (and no tie)
    if ranked[0] != green or free.get(ranked[1], 99) == free[green]:
        return False
    # with 4 characters a green monster stands there; the orange rune is the next best
    blocked = distances(t, white, blocked=frozenset({mage, green}))
    rest = sorted((sq for sq in attack_squares if sq != green), key=lambda sq: blocked.get(sq, 99))
    return rest[0] == orange and (len(rest) == 1 or blocked.get(rest[1], 99) > blocked[orange])


def test_the_format_document_lists_every_map_character() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "content-format.md").read_text(
        encoding="utf-8"
    )
    section = doc[doc.index("### The legend") : doc.index("### What a well-formed tile is")]
    listed = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            first_cell = line.split("|")[1]
            listed |= set(re.findall(r"`([^`])`", first_cell))
            if "…" in first_cell:
                listed |= {"2", "3", "4", "5"}
    assert listed == set(LEGEND)


def test_c7_doors_give_two_different_footprints() -> None:
    """*Revealing a Room Tile*, Example 3: C-7 "can only be placed on one of" its two doors, so
    its doors must put the tile in different places: the right door is off the middle."""
    c7 = tile("C-7")
    (right,) = c7.doors_on(Direction.E)
    (bottom,) = c7.doors_on(Direction.S)
    assert right.offset != c7.height // 2
    assert bottom.offset == c7.width // 2
