"""Situations from text (doria_nb.engine.situation; the format is ``docs/situation-format.md``).

A situation is a whole board position: the dungeon (drawn as a ``map:`` or laid as ``tiles:``
of the starter pack) and the figures on it. These tests read both forms, check that the
canonical text and the one-line code give back the same situation (also for random
situations), and that every mistake a writer can make is reported with its line and in words.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.content.loader import starter_pack
from doria_nb.engine.cards import Marker
from doria_nb.engine.dungeon import Dungeon, PlacedTile
from doria_nb.engine.errors import DoriaError, SituationError
from doria_nb.engine.geometry import Rotation, Square
from doria_nb.engine.situation import (
    CODE_PREFIX,
    FIGURE_LETTERS,
    FLAGS,
    MAP_ID,
    Figure,
    Situation,
)
from doria_nb.engine.tiles import LEGEND, RoomTile

CORRIDOR = """\
# The Orc blocks the corridor
map:
  ###/####
  #H..~o.#
  #..$...#
  ########
figures:
  H = hero Huntress AP 19 STR 7 AGI 10 HP 22
  o = monster Orc AP 10 on ~
"""

TWO_ROOMS = """\
# Through the east door
tiles:
  A-1 at 0,0
  A-3 at 9,1 turned 90
open: 8,4 9,4
markers: hole 3,4; rubble 5,5
figures:
  H = hero Huntress AP 19 STR 7 AGI 10 HP 22 at 4,1
  M = hero Mage HP -2 unconscious carried by H
  W = hero Warrior AP 12 buried at 5,5
  o = monster Orc AP 10 at 11,4
  p = monster Orc AP 10 at 13,5
"""


def error_of(text: str, pack: Any = None) -> SituationError:
    with pytest.raises(SituationError) as caught:
        Situation.from_text(text, pack)
    return caught.value


def assert_error(text: str, line: int | None, *words: str) -> SituationError:
    """Reading ``text`` fails on ``line`` with a message that holds every one of ``words``."""
    error = error_of(text)
    assert isinstance(error, DoriaError)
    assert error.line == line, str(error)
    message = str(error).lower()
    for word in words:
        assert word.lower() in message, f"{word!r} not in {error}"
    if line is not None:
        assert str(error).startswith(f"Line {line}")
    return error


# ------------------------------------------------------------------------------------------------
# Reading the two forms
# ------------------------------------------------------------------------------------------------


def test_a_map_with_figures_drawn_on_it() -> None:
    situation = Situation.from_text(CORRIDOR)
    assert situation.title == "The Orc blocks the corridor"
    huntress, orc = situation.figures
    assert (huntress.letter, huntress.kind, huntress.name) == ("H", "hero", "Huntress")
    assert huntress.square == Square(1, 1)
    assert huntress.values == (("AP", 19), ("HP", 22), ("STR", 7), ("AGI", 10))
    assert (huntress.ap, huntress.strength, huntress.agility, huntress.hp) == (19, 7, 10, 22)
    assert orc.square == Square(5, 1) and orc.is_monster and orc.ap == 10
    dungeon = situation.dungeon
    (placed,) = dungeon.tiles
    assert placed.id == MAP_ID and placed.origin == Square(0, 0)
    # the letters are taken off the map: floor under the Huntress, Blue Dashed under the Orc
    assert dungeon.char_at(Square(1, 1)) == "."
    assert dungeon.extra_ap(Square(5, 1)) == 1
    # '/' is an opened door; the treasure icon has its treasure marker
    assert dungeon.opened == {Square(3, 0)}
    assert dungeon.passable(Square(3, 0))
    assert dungeon.treasures == {Square(3, 2)}
    assert situation.heroes == (huntress,) and situation.monsters == (orc,)


def test_a_board_of_starter_tiles() -> None:
    situation = Situation.from_text(TWO_ROOMS)
    dungeon = situation.dungeon
    a1, a3 = dungeon.tiles
    pack = starter_pack()
    assert a1 == PlacedTile(pack.tile("A-1"), Square(0, 0))
    assert a3 == PlacedTile(pack.tile("A-3").rotated(Rotation.R90), Square(9, 1))
    assert dungeon.opened == {Square(8, 4), Square(9, 4)}
    assert dungeon.door(Square(8, 4)).passable
    assert dungeon.marker(Square(3, 4)) is Marker.HOLE
    assert dungeon.marker(Square(5, 5)) is Marker.RUBBLE
    # no 'treasures:' line: every treasure icon of the placed tiles has its marker
    assert dungeon.treasures == {a3.to_table(sq) for sq in a3.tile.treasures}
    mage = situation.figure("Mage")
    assert mage.carried_by == "H" and mage.unconscious and mage.square == Square(4, 1)
    assert situation.carrying("H") == mage
    assert situation.at(Square(4, 1)).name == "Huntress"
    assert situation.figure("W").buried
    assert situation.at(Square(0, 0)) is None


def test_the_board_is_drawn_with_the_figures_on_top() -> None:
    situation = Situation.from_text(TWO_ROOMS)
    rows = str(situation).split("\n")
    assert rows[1][4] == "H"  # the carried Mage is under the Huntress
    assert rows[4][8:12] == "//.o"  # the opened doors, then the Orc
    assert rows[5][5] == "W"  # the Warrior is buried under Rubble
    plain = str(situation.dungeon).split("\n")
    assert len(rows) == len(plain)
    assert str(Situation.from_text(CORRIDOR)).split("\n")[1] == "#H..~o.#"


def test_describe_names_every_figure_with_its_square_and_values() -> None:
    text = Situation.from_text(TWO_ROOMS).describe()
    assert text.startswith("Through the east door\nA dungeon of 2 room tiles.")
    assert "H, hero Huntress at (4, 1): AP 19, HP 22, STR 7, AGI 10" in text
    assert "M, hero Mage carried by H at (4, 1): HP -2, unconscious" in text
    assert "p, monster Orc at (13, 5): AP 10" in text
    assert "Rubble marker at (5, 5)" in text


def test_svg_picture_shows_the_letters() -> None:
    svg = Situation.from_text(CORRIDOR)._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert ">H</text>" in svg and ">o</text>" in svg
    assert 'aria-label="The Orc blocks the corridor' in svg


def test_forgiving_spelling() -> None:
    """Sections in any order, maps without indentation, squares written (x, y), names in
    quotes, several entries on one line separated by ';'."""
    situation = Situation.from_text(
        """
figures: H = hero "Dark Huntress" AP 19 at (4, 1); o = monster Orc at 1,1
markers: blocked door 0,4
tiles:
A-1 at 0,0
"""
    )
    assert situation.figure("Dark Huntress").square == Square(4, 1)
    assert situation.dungeon.marker(Square(0, 4)) is Marker.BLOCKED_DOOR
    assert situation.figure("o").square == Square(1, 1)
    unindented = Situation.from_text(CORRIDOR.replace("\n  #", "\n#"))
    assert unindented == Situation.from_text(CORRIDOR)


def test_figures_by_letter_and_name() -> None:
    situation = Situation.from_text(TWO_ROOMS)
    assert situation.figure("o").square == Square(11, 4)
    assert situation.figure("huntress").letter == "H"
    with pytest.raises(SituationError, match=r"2 figures are called Orc \(o, p\)"):
        situation.figure("Orc")
    with pytest.raises(SituationError, match=r"no figure 'Hunter'.*Did you mean Huntress"):
        situation.figure("Hunter")


# ------------------------------------------------------------------------------------------------
# Changing a situation
# ------------------------------------------------------------------------------------------------


def test_moved_takes_the_carried_hero_along() -> None:
    situation = Situation.from_text(TWO_ROOMS)
    after = situation.moved("Huntress", Square(7, 4))
    assert after.figure("H").square == Square(7, 4)
    assert after.figure("M").square == Square(7, 4)
    assert situation.figure("H").square == Square(4, 1)  # the old one is unchanged
    assert after.moved("H", (4, 1)) == situation
    with pytest.raises(SituationError, match="carried by H; move the carrier"):
        situation.moved("M", Square(1, 1))
    with pytest.raises(SituationError, match="cannot stand at \\(0, 0\\): that is a wall"):
        situation.moved("o", Square(0, 0))
    with pytest.raises(SituationError, match="both stand on"):
        situation.moved("o", Square(13, 5))


def test_with_figure_and_without() -> None:
    situation = Situation.from_text(CORRIDOR)
    mage = Figure.hero("Mage", "M", Square(2, 2), AP=14, PSI=11)
    bigger = situation.with_figure(mage)
    assert bigger.figure("M") == mage and len(bigger.figures) == 3
    assert bigger.without("M") == situation
    tired = bigger.with_figure(mage.at(Square(1, 2)))
    assert tired.figure("Mage").square == Square(1, 2) and len(tired.figures) == 3
    carried = Situation.from_text(TWO_ROOMS).without("H")
    # the Mage is put down where the Huntress stood
    assert carried.figure("M").carried_by is None and carried.figure("M").square == Square(4, 1)


def test_figure_values_and_flags_are_checked() -> None:
    figure = Figure.hero("Mage", "M", Square(1, 1), HP=5, AP=3, XP=2, STR=4)
    assert figure.values == (("AP", 3), ("HP", 5), ("STR", 4), ("XP", 2))
    assert Figure("Mage", "M", "hero", Square(1, 1), {"STR": 4, "AP": 3, "HP": 5, "XP": 2}) == (
        figure
    )
    with pytest.raises(SituationError, match="upper-case"):
        Figure("Mage", "M", "hero", Square(1, 1), {"ap": 3})
    with pytest.raises(SituationError, match="whole number"):
        Figure("Mage", "M", "hero", Square(1, 1), {"AP": 2.5})
    with pytest.raises(SituationError, match="Did you mean 'poisoned'"):
        Figure("Mage", "M", "hero", Square(1, 1), flags=frozenset({"poisonned"}))
    with pytest.raises(SituationError, match="hero or a monster"):
        Figure("Mage", "M", "dragon", Square(1, 1))  # type: ignore[arg-type]
    with pytest.raises(SituationError, match="map character"):
        Figure.monster("Orc", "w", Square(1, 1))
    with pytest.raises(SituationError, match="name"):
        Figure.monster('The "Orc"', "o", Square(1, 1))


# ------------------------------------------------------------------------------------------------
# Round trips: canonical text and codes
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [CORRIDOR, TWO_ROOMS])
def test_canonical_text_round_trip(text: str) -> None:
    situation = Situation.from_text(text)
    canonical = situation.to_text()
    again = Situation.from_text(canonical)
    assert again == situation
    assert again.to_text() == canonical


def test_canonical_text_of_the_two_rooms() -> None:
    assert Situation.from_text(TWO_ROOMS).to_text() == (
        "# Through the east door\n"
        "tiles:\n"
        "  A-1 at 0,0\n"
        "  A-3 at 9,1 turned 90\n"
        "open: 8,4 9,4\n"
        "markers: hole 3,4; rubble 5,5\n"
        "figures:\n"
        "  H = hero Huntress AP 19 HP 22 STR 7 AGI 10 at 4,1\n"
        "  M = hero Mage HP -2 unconscious carried by H\n"
        "  W = hero Warrior AP 12 buried at 5,5\n"
        "  o = monster Orc AP 10 at 11,4\n"
        "  p = monster Orc AP 10 at 13,5"
    )


def test_canonical_text_keeps_searched_treasures_and_opened_secret_doors() -> None:
    text = """\
map:
  #######
  #$.H.$#
  #..#..#
  #..?..#
  #.....#
  ###D###
markers: secret_door 3,3
open: 3,3
treasures: 5,1
figures:
  H = hero Huntress
"""
    situation = Situation.from_text(text)
    assert situation.dungeon.treasures == {Square(5, 1)}
    assert situation.dungeon.passable(Square(3, 3))
    canonical = situation.to_text()
    assert "open: 3,3\n" in canonical and "treasures: 5,1\n" in canonical
    assert Situation.from_text(canonical) == situation
    none_left = Situation.from_text(text.replace("treasures: 5,1", "treasures: none"))
    assert "treasures: none" in none_left.to_text()
    assert Situation.from_text(none_left.to_text()) == none_left


def test_names_that_need_quotes_are_quoted() -> None:
    situation = Situation.from_text(CORRIDOR)
    for name in ("Guard at Gate", "HAL", "Orc 3, 4", "x  y", "buried", "Dark Mage"):
        renamed = situation.with_figure(Figure.monster(name, "o", Square(5, 1), AP=10))
        assert Situation.from_text(renamed.to_text()) == renamed
    assert (
        '"Guard at Gate"'
        in situation.with_figure(Figure.monster("Guard at Gate", "o", Square(5, 1))).to_text()
    )
    assert (
        "monster Dark Mage"
        in situation.with_figure(Figure.monster("Dark Mage", "o", Square(5, 1))).to_text()
    )


def test_code_round_trip() -> None:
    for text in (CORRIDOR, TWO_ROOMS):
        situation = Situation.from_text(text)
        code = situation.code
        assert code.startswith(CODE_PREFIX)
        assert "\n" not in code and "=" not in code
        assert set(code[len(CODE_PREFIX) :]) <= set(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        )
        assert Situation.from_code(code) == situation
        # pasted with line breaks and spaces around it, it still reads
        assert Situation.from_code(f"  {code[:20]}\n{code[20:]} ") == situation


@pytest.mark.parametrize(
    ("mangle", "words"),
    [
        (lambda code: "", "starts with 'doria1:'"),
        (lambda code: code.replace("doria1:", "doria2:"), "format 2"),
        (lambda code: code.replace("doria1:", "dorio1:"), "starts with"),
        (lambda code: code[:-5], "damaged"),
        (lambda code: code[:-1], "damaged"),
        (lambda code: code + "AAAA", "damaged"),
        (lambda code: code[:20] + "!" + code[21:], "'!'"),
        (lambda code: code[:30] + ("A" if code[30] != "A" else "B") + code[31:], "damaged"),
        (lambda code: "doria1:", "damaged"),
        (lambda code: "doria1:A", "damaged"),
    ],
)
def test_bad_codes_are_refused_in_words(mangle: Any, words: str) -> None:
    code = Situation.from_text(TWO_ROOMS).code
    with pytest.raises(SituationError) as caught:
        Situation.from_code(mangle(code))
    assert words.lower() in str(caught.value).lower()


def test_a_code_of_a_bad_situation_names_the_line() -> None:
    import base64
    import zlib

    packed = zlib.compress(b"tiles:\n  A-1 at 0,0\nfigures:\n  H = hero Huntress at 0,0\n")
    code = CODE_PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")
    with pytest.raises(SituationError, match=r"Line 4.*wall"):
        Situation.from_code(code)


def test_a_code_cannot_unpack_to_a_huge_text() -> None:
    import base64
    import zlib

    packed = zlib.compress(b"#" * 5_000_000)
    code = CODE_PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")
    with pytest.raises(SituationError, match="more text than a situation"):
        Situation.from_code(code)


def test_from_code_rejects_non_text() -> None:
    with pytest.raises(SituationError, match="text"):
        Situation.from_code(42)  # type: ignore[arg-type]
    with pytest.raises(SituationError, match="text"):
        Situation.from_text(b"map:")  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------------
# Random situations survive the text and the code
# ------------------------------------------------------------------------------------------------

_INSIDE = ".~%$wgyrBPOGx"
_NAMES = st.one_of(
    st.sampled_from(
        ["Huntress", "Orc", "Dark Mage", "HAL", "Guard at Gate", "orc 2", "Orc 3, 4", "buried"]
    ),
    st.text(
        alphabet="AaBbZz09 ,'-=()",
        min_size=1,
        max_size=10,
    ).filter(lambda s: s == s.strip()),
)
_VALUES = st.dictionaries(
    st.sampled_from(["AP", "HP", "PP", "STR", "AGI", "CON", "XP", "LEVEL2"]),
    st.integers(-50, 99),
    max_size=4,
)


@st.composite
def map_situations(draw: st.DrawFn) -> Situation:
    width, height = draw(st.integers(3, 9)), draw(st.integers(3, 7))
    grid = [["#"] * width for _ in range(height)]
    for y in range(1, height - 1):
        for x in range(1, width - 1):
            grid[y][x] = draw(st.sampled_from(_INSIDE))
    grid[1][1] = "."  # the square inside the door
    grid[0][1] = "D"
    if width >= 4 and draw(st.booleans()):  # an open side along the bottom
        for x in range(1, width - 1):
            grid[height - 1][x] = ":"
            if grid[height - 2][x] == "x":
                grid[height - 2][x] = "."
    tile = RoomTile.from_map(MAP_ID, "Map", "\n".join("".join(row) for row in grid))
    opened = frozenset({Square(1, 0)}) if draw(st.booleans()) else frozenset()
    free = [
        sq
        for sq, content in tile.squares()
        if content.walkable and (content.terrain.value != "door" or sq in opened)
    ]
    squares = draw(st.lists(st.sampled_from(free), unique=True, max_size=5)) if free else []
    markers: list[tuple[Square, Marker]] = []
    if squares and draw(st.booleans()):
        markers.append((squares.pop(), draw(st.sampled_from([Marker.HOLE, Marker.RUBBLE]))))
    if squares and draw(st.booleans()):
        markers.append((squares[-1], draw(st.sampled_from([Marker.FIRE, Marker.ICE]))))
    icons = list(tile.treasures)
    treasures = frozenset(draw(st.lists(st.sampled_from(icons), unique=True))) if icons else None
    letters = draw(
        st.lists(
            st.sampled_from(FIGURE_LETTERS),
            unique=True,
            min_size=len(squares),
            max_size=len(squares),
        )
    )
    figures = []
    for letter, square in zip(letters, squares, strict=True):
        kind = draw(st.sampled_from(["hero", "monster"]))
        flags = set(draw(st.sets(st.sampled_from(["poisoned", "immobilized"]))))
        if kind == "hero" and draw(st.booleans()) and draw(st.booleans()):
            flags.add("unconscious")
        figures.append(
            Figure(
                draw(_NAMES), letter, kind, square, tuple(draw(_VALUES).items()), frozenset(flags)
            )
        )
    # maybe a carried hero on a conscious hero's square
    carriers = [f for f in figures if f.is_hero and not f.unconscious]
    if carriers and draw(st.booleans()):
        spare = [c for c in FIGURE_LETTERS if c not in letters]
        figures.append(
            Figure(
                draw(_NAMES),
                spare[0],
                "hero",
                carriers[0].square,
                (("HP", -1),),
                frozenset({"unconscious"}),
                carried_by=carriers[0].letter,
            )
        )
    dungeon = Dungeon((PlacedTile(tile),), opened, tuple(markers))
    dungeon = Dungeon(
        dungeon.tiles,
        opened,
        dungeon.markers,
        treasures if treasures is not None else frozenset(),
    )
    rubble = {sq for sq, m in markers if m is Marker.RUBBLE}
    figures = [f for f in figures if f.square not in rubble]
    title = draw(
        st.text(
            st.characters(
                codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp", "Zs", "Cf", "Co", "Cn")
            ),
            max_size=12,
        )
    )
    return Situation(dungeon, tuple(figures), title)


@st.composite
def tile_situations(draw: st.DrawFn) -> Situation:
    pack = starter_pack()
    tile = pack.tile(draw(st.sampled_from(["A-1", "A-2", "A-3", "A-5"])))
    tile = tile.rotated(draw(st.sampled_from(list(Rotation))))
    origin = Square(draw(st.integers(-20, 20)), draw(st.integers(-20, 20)))
    dungeon = Dungeon((PlacedTile(tile, origin),))
    dungeon = Dungeon(
        dungeon.tiles,
        treasures=frozenset(PlacedTile(tile, origin).to_table(sq) for sq in tile.treasures),
    )
    free = sorted(
        (sq for sq in dungeon.squares() if dungeon.passable(sq)), key=lambda s: (s.y, s.x)
    )
    squares = draw(st.lists(st.sampled_from(free), unique=True, max_size=4))
    letters = draw(
        st.lists(
            st.sampled_from(FIGURE_LETTERS),
            unique=True,
            min_size=len(squares),
            max_size=len(squares),
        )
    )
    figures = tuple(
        Figure(
            draw(_NAMES),
            letter,
            draw(st.sampled_from(["hero", "monster"])),
            square,
            tuple(draw(_VALUES).items()),
        )
        for letter, square in zip(letters, squares, strict=True)
    )
    return Situation(dungeon, figures)


@given(st.one_of(map_situations(), tile_situations()))
def test_random_situations_survive_text_and_code(situation: Situation) -> None:
    text = situation.to_text()
    again = Situation.from_text(text)
    assert again == situation
    assert again.to_text() == text
    assert Situation.from_code(situation.code) == situation


@given(
    st.text(alphabet='#.:D/~$xwHo=AP19 ,;\n"-mapfiguresthrnoltd', max_size=120),
)
def test_any_text_reads_or_fails_in_words(text: str) -> None:
    """Whatever is typed, reading gives a situation or a SituationError, never a crash."""
    try:
        situation = Situation.from_text(text)
    except SituationError:
        return
    assert Situation.from_text(situation.to_text()) == situation


@given(st.integers(7, 200), st.text(alphabet="AZaz09-_+/=!", min_size=1, max_size=3))
def test_any_damaged_code_fails_in_words(cut: int, junk: str) -> None:
    code = Situation.from_text(TWO_ROOMS).code
    for damaged in (code[:cut] + junk + code[cut + len(junk) :], code[:cut] + junk):
        with contextlib.suppress(SituationError):
            Situation.from_code(damaged)


# ------------------------------------------------------------------------------------------------
# Every mistake, with its line and in words
# ------------------------------------------------------------------------------------------------

ROOM = "map:\n  ##D###\n  #..H.#\n  ######\n"  # the Huntress stands at 3,1 (line 3)


def test_empty_text() -> None:
    assert_error("", None, "empty")
    assert_error("\n   \n", None, "empty")
    assert_error("# only a title\n", None, "only a title")


def test_unknown_section() -> None:
    assert_error(ROOM + "doors: 2,0\n", 5, "'doors:' is not a section", "map:", "figures:")
    assert_error(ROOM + "figure:\n  H = hero Huntress\n", 5, "did you mean 'figures:'")


def test_text_before_the_first_section() -> None:
    assert_error("hello\nmap:\n", 1, "section first")


def test_a_section_twice() -> None:
    assert_error("tiles:\n  A-1 at 0,0\ntiles:\n  A-2 at 20,0\n", 3, "twice", "lines 1 and 3")


def test_map_and_tiles_together_or_neither() -> None:
    assert_error("tiles:\n  A-1 at 0,0\n" + ROOM, 3, "not both")
    assert_error("figures:\n  H = hero Huntress at 1,1\n", None, "no dungeon", "map:", "tiles:")


def test_a_figure_letter_used_twice() -> None:
    text = ROOM + "figures:\n  H = hero Huntress\n  H = hero Mage at 1,1\n"
    assert_error(text, 7, "letter 'H' is used twice", "lines 6 and 7")
    drawn_twice = "map:\n  ##D##\n  #H.H#\n  #####\nfigures:\n  H = hero Huntress\n"
    error = assert_error(drawn_twice, 3, "drawn twice")
    assert error.column == 6


def test_a_figure_letter_that_is_a_map_character() -> None:
    text = "map:\n  ##D##\n  #...#\n  #####\nfigures:\n  w = monster Orc at 1,1\n"
    error = assert_error(text, 6, "'w' is a map character", "white monster icon")
    assert error.column == 3
    assert_error(ROOM + "figures:\n  HH = hero Huntress\n", 6, "one letter")


def test_a_letter_on_the_map_that_is_no_figure() -> None:
    error = assert_error(ROOM, 3, "'H' is neither a map character nor the letter of a figure")
    assert error.column == 6
    assert_error("map:\n  ##D##\n  #.!.#\n  #####\n", 3, "'!' is not a map character")
    assert_error("map:\n  ##D##\n  #. .#\n  #####\n", 3, "space is not a map character")


def test_a_figure_on_a_wall() -> None:
    text = "tiles:\n  A-1 at 0,0\nfigures:\n  H = hero Huntress at 0,0\n"
    assert_error(text, 4, "Huntress (H) cannot stand at (0, 0)", "wall")
    on_stairs = "tiles:\n  A-1 at 0,0\nfigures:\n  o = monster Orc at 4,8\n"
    assert_error(on_stairs, 4, "stairs")
    closed = "tiles:\n  A-1 at 0,0\nfigures:\n  o = monster Orc at 8,4\n"
    assert_error(closed, 4, "door is closed")
    in_hole = ROOM + "figures:\n  H = hero Huntress on x\n"
    assert_error(in_hole, 6, "Hole")
    drawn_in_door = "map:\n  ##H##\n  #...#\n  #####\nfigures:\n  H = hero Huntress\n"
    assert_error(drawn_in_door, 2, "1 square wide", "Huntress (H) stands there", "on /")
    assert_error(drawn_in_door + "  o = monster Orc at 3,3\n", 2, "1 square wide")
    in_corner = "map:\n  H#D##\n  #...#\n  #####\nfigures:\n  H = hero Huntress\n"
    assert_error(in_corner, 2, "corner")


def test_a_figure_off_the_map() -> None:
    text = ROOM + "figures:\n  H = hero Huntress\n  o = monster Orc at 9,9\n"
    assert_error(text, 7, "Orc (o) cannot stand at (9, 9)", "off the board")


def test_two_figures_on_one_square() -> None:
    text = "tiles:\n  A-1 at 0,0\nfigures:\n  H = hero Huntress at 1,1\n  o = monster Orc at 1,1\n"
    assert_error(text, 5, "both stand on (1, 1)", "one figure per square")


def test_carrying_rules() -> None:
    start = "tiles:\n  A-1 at 0,0\nfigures:\n  H = hero Huntress at 1,1\n"
    assert_error(start + "  M = hero Mage carried by H\n", 5, "only an unconscious hero")
    assert_error(start + "  o = monster Orc unconscious carried by H\n", 5, "monster")
    assert_error(start + "  M = hero Mage unconscious carried by Z\n", 5, "no figure", "'Z'")
    assert_error(
        start + "  M = hero Mage unconscious carried by H\n  R = hero Rogue unconscious "
        "carried by H\n",
        6,
        "already carries",
    )
    assert_error(
        start + "  M = hero Mage unconscious at 1,2\n  R = hero Rogue unconscious carried by M\n",
        6,
        "conscious hero",
    )
    assert_error(start + "  M = hero Mage unconscious carried by H at 1,1\n", 5, "do not draw")
    assert_error(start + "  M = hero Mage carried H\n", 5, "carried by H")


def test_monsters_are_never_unconscious() -> None:
    text = "tiles:\n  A-1 at 0,0\nfigures:\n  o = monster Orc unconscious at 1,1\n"
    assert_error(text, 4, "never unconscious")


def test_buried_figures_and_rubble() -> None:
    start = "tiles:\n  A-1 at 0,0\nmarkers: rubble 1,1\nfigures:\n"
    assert_error(start + "  H = hero Huntress at 1,1\n", 5, "Rubble", "buried")
    assert_error(start + "  H = hero Huntress buried at 1,2\n", 5, "no Rubble at (1, 2)")


def test_unknown_tile_lists_close_matches() -> None:
    error = assert_error("tiles:\n  A-9 at 0,0\n", 2, "no tile 'A-9'", "did you mean", "A-")
    assert error.column == 3
    assert_error("tiles:\n  a-1 at 0,0\n", 2, "did you mean A-1?")


def test_tiles_are_looked_up_in_the_given_pack() -> None:
    pack = starter_pack()
    assert Situation.from_text("tiles:\n  A-2 at 0,0\n", pack).dungeon.tiles[0].id == "A-2"


def test_bad_coordinates() -> None:
    error = assert_error("tiles:\n  A-1 at x,0\n", 2, "'x,0' is not a square", "like 3,4")
    assert error.column == 10
    assert_error("tiles:\n  A-1 at 0,0\nopen: 8\n", 3, "'8' is not a square")
    assert_error("tiles:\n  A-1 at 0,0\nopen: 8,4,4\n", 3, "not a square")
    assert_error("tiles:\n  A-1 at 5000,0\n", 2, "too far")
    assert_error("tiles:\n  A-1\n", 2, "say where tile A-1 lies")
    assert_error("tiles:\n  A-1 at 0,0 turned 45\n", 2, "90, 180 or 270")
    assert_error("tiles:\n  A-1 at 0,0 upside\n", 2, "does not fit")


def test_overlapping_tiles() -> None:
    assert_error("tiles:\n  A-1 at 0,0\n  A-3 at 5,5\n", 3, "on top of A-1", "never overlap")
    assert_error("tiles:\n  A-1 at 0,0\n  A-1 at 20,0\n", 3, "placed twice")
    assert_error("tiles:\n", 1, "empty")


def test_a_figure_missing_from_the_map() -> None:
    text = ROOM + "figures:\n  H = hero Huntress\n  o = monster Orc AP 10\n"
    assert_error(text, 7, "Orc (o) is not on the map")
    tiles = "tiles:\n  A-1 at 0,0\nfigures:\n  o = monster Orc AP 10\n"
    assert_error(tiles, 4, "say where Orc (o) stands")


def test_a_figure_on_the_map_may_also_be_given_a_square() -> None:
    text = ROOM + "figures:\n  H = hero Huntress\n  o = monster Orc at 1,1\n"
    situation = Situation.from_text(text)
    assert situation.figure("o").square == Square(1, 1)
    assert "#o.H.#" in situation.to_text()
    assert_error(ROOM + "figures:\n  H = hero Huntress at 1,1\n", 6, "drawn on the map and also")
    assert_error(
        ROOM + "figures:\n  H = hero Huntress\n  o = monster Orc at 1,1 on ~\n", 7, "'on' is only"
    )


def test_malformed_values() -> None:
    start = ROOM + "figures:\n  H = hero Huntress "
    error = assert_error(start + "AP x\n", 6, "'AP x' is not well formed", "whole number")
    assert error.column == 24
    assert_error(start + "AP\n", 6, "AP needs a whole number")
    assert_error(start + "AP 1 AP 2\n", 6, "AP is given twice")
    assert_error(start + "unconcious\n", 6, "did you mean 'unconscious'")
    assert_error(start + "on\n", 6, "'on' names the one map character")
    assert_error(start + "on ~~\n", 6, "'on' names")
    assert_error(start + "at\n", 6, "'at' needs a square")
    assert_error(ROOM + "figures:\n  H = Huntress\n", 6, "'hero' or 'monster'")
    assert_error(ROOM + "figures:\n  H hero Huntress\n", 6, "letter = hero")
    assert_error(ROOM + "figures:\n  H = hero AP 10\n", 6, "needs a name")
    assert_error(ROOM + 'figures:\n  H = hero "Huntress\n', 6, "closing quote")


def test_markers_open_doors_and_treasures() -> None:
    start = "tiles:\n  A-1 at 0,0\n"
    assert_error(
        start + "markers: holes 1,1\n", 3, "'holes' is not a marker", "did you mean 'hole'"
    )
    assert_error(start + "markers: hole\n", 3, "say where the hole markers lie")
    assert_error(start + "markers: 1,1 hole\n", 3, "marker first")
    assert_error(start + "markers: hole 30,1\n", 3, "not on a room tile")
    assert_error(start + "markers: hole 1,1 1,1\n", 3, "already holds")
    assert_error(start + "markers: secret_door 1,1\n", 3, "wall square")
    assert_error(start + "open: 1,1\n", 3, "(1, 1) is not a door")
    assert_error(start + "open: 8,4 8,4\n", 3, "listed twice")
    assert_error(start + "open: 30,4\n", 3, "off the board")
    assert_error(start + "treasures: 1,1\n", 3, "no treasure icon")
    assert_error(start + "markers: hole 1,1\nmarkers: hole 2,2\n", 4, "twice")


def test_map_problems_are_placed_in_the_text() -> None:
    ragged = "map:\n  #####\n  #..D\n  #####\n"
    assert_error(ragged, 3, "rectangle")
    no_way_in = "# A closed room\nmap:\n  #####\n  #...#\n  #####\n"
    assert_error(no_way_in, 2, "needs a door")
    inner_door = "map:\n  ##D##\n  #.D.#\n  #####\n"
    error = assert_error(inner_door, 3, "inside")
    assert error.column == 5
    # a tile's "row 2, column 3" becomes the place in the text
    door_to_a_hole = "# Title\n\nmap:\n  ##D##\n  #.x.#\n  #####\n"
    assert_error(door_to_a_hole, 4, "line 5, column 5")
    assert_error("map: ###\n", 1, "line after 'map:'")
    assert_error("map:\nfigures:\n", 1, "map is empty")


def test_errors_leave_nothing_changed() -> None:
    situation = Situation.from_text(TWO_ROOMS)
    before = situation.to_text()
    with pytest.raises(SituationError):
        situation.moved("o", Square(0, 0))
    with pytest.raises(SituationError):
        situation.with_figure(Figure.monster("Orc", "q", Square(4, 1)))
    assert situation.to_text() == before


# ------------------------------------------------------------------------------------------------
# Questions about the situation
# ------------------------------------------------------------------------------------------------


def test_line_of_sight_between_figures_and_squares() -> None:
    situation = Situation.from_text(TWO_ROOMS)
    assert situation.line_of_sight("Huntress", Square(4, 5)).visible
    # from the Huntress's corner the A-3 room is out of sight
    assert not situation.line_of_sight("H", "p")
    assert situation.line_of_sight("o", "p")
    # figures do not block sight: the Huntress sees through the corridor's Orc in the map
    corridor = Situation.from_text(CORRIDOR)
    assert corridor.line_of_sight("H", Square(6, 1))


def test_the_movement_board_carries_the_situation_to_the_movement_rules() -> None:
    situation = Situation.from_text(
        TWO_ROOMS + "  R = hero Rogue AP 9 at 3,2\n  T = hero Sage unconscious at 5,2\n"
    )
    board = situation.movement_board("Huntress")
    assert (board.dungeon, board.start, board.ap) == (situation.dungeon, Square(4, 1), 19)
    assert set(board.characters) == {Square(5, 5), Square(3, 2)}  # Warrior, Rogue
    assert set(board.monsters) == {Square(11, 4), Square(13, 5)}
    assert (board.strength, board.agility) == (7, 10)
    assert board.carrying is True and board.buried is False
    assert situation.reach("Huntress") == board.reach()
    warrior = situation.movement_board("W", ap=3)
    assert (warrior.start, warrior.ap) == (Square(5, 5), 3)
    assert warrior.buried is True and warrior.carrying is False
    assert situation.reach("W", ap=3, jumping=False) == warrior.reach(jumping=False)
    with pytest.raises(SituationError, match="monsters move by their own rules"):
        situation.reach("o")
    with pytest.raises(SituationError, match="cannot move on its own"):
        situation.reach("M")
    with pytest.raises(SituationError, match="cannot move on its own"):
        situation.movement_board("Sage")
    with pytest.raises(SituationError, match="no AP"):
        situation.with_figure(Figure.hero("Sage", "T", Square(5, 2))).reach("Sage")


def test_reach_with_the_real_movement_rules() -> None:
    pytest.importorskip("doria_nb.engine.movement")
    situation = Situation.from_text(CORRIDOR)
    reach = situation.reach("Huntress")
    # the Orc blocks the top row, but the Huntress walks around it through the row below
    assert Square(6, 1) in reach and Square(5, 1) not in reach
    assert Square(3, 0) in reach  # out through the opened door
    assert Square(2, 1) not in situation.reach("Huntress", ap=0)


def test_every_flag_is_described() -> None:
    assert set(FLAGS) == {"unconscious", "buried", "poisoned", "immobilized"}
    assert not set(FIGURE_LETTERS) & set(LEGEND)


def _moved_and_checked(situation: Situation, letter: str, square: Square) -> Situation:
    """:meth:`Situation.moved` as first written: every figure copied with ``replace`` and the
    whole situation checked again."""
    from dataclasses import replace

    figure = situation.figure(letter)
    if figure.carried_by is not None:
        raise SituationError(f"{figure.label} is carried by {figure.carried_by}.")
    figures = tuple(
        replace(f, square=square) if f.letter == figure.letter or f.carried_by == letter else f
        for f in situation.figures
    )
    return Situation(situation.dungeon, figures, situation.title, situation.numbers)


@given(st.one_of(map_situations(), tile_situations()), st.data())
def test_a_move_checked_in_part_is_the_move_checked_whole(situation: Situation, data: Any) -> None:
    """:meth:`Situation.moved` checks only the moved figure when it may surely stand there;
    whatever the move, it gives what a whole new check gives, or refuses it in the same
    words."""
    movers = [f for f in situation.figures if f.carried_by is None]
    if not movers:
        return
    letter = data.draw(st.sampled_from([f.letter for f in movers]))
    squares = [*sorted(situation.dungeon.squares(), key=lambda s: (s.y, s.x)), Square(-9, -9)]
    others = [f.square for f in situation.figures]
    square = data.draw(st.sampled_from([*squares, *others]))
    lent = data.draw(st.booleans())
    if lent:
        situation = situation.with_numbers({letter: {"STR": 3}})
    try:
        expected: Situation | str = _moved_and_checked(situation, letter, square)
    except SituationError as error:
        expected = str(error)
    try:
        got: Situation | str = situation.moved(letter, square)
    except SituationError as error:
        got = str(error)
    assert got == expected
    if isinstance(got, Situation):
        assert isinstance(expected, Situation)
        assert got.figures == expected.figures and got.title == expected.title
        assert [f.square for f in got.figures] == [f.square for f in expected.figures]
        assert got.numbers == expected.numbers and got.to_text() == expected.to_text()
        assert got.value(letter, "STR") == expected.value(letter, "STR")
