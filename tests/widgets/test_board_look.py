"""The board that looks like the game: walls, doors, legend, tokens, labels, candidates, keys.

Rulebook sections: *Walls*, *Revealing a Room Tile* (doors, the players' choice of a tile's
placement), *Dungeon Markers*, *Additional Symbols on Room Tiles or Markers*, *Compass*.
Issue 13, item 2: every piece on its own, driven from Python (no browser).
"""

from __future__ import annotations

import itertools

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.cards import Marker
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.exploration import Exit, placements
from doria_nb.engine.geometry import Square
from doria_nb.ui.board import BoardView, Highlight, Outline, Token
from doria_nb.ui.board.candidates import DASHES
from doria_nb.ui.board.labels import Anchor, Box, Label, layout_labels, text_box
from doria_nb.ui.board.legend import LEGEND, legend_keys
from doria_nb.ui.board.plot import HOVERS
from doria_nb.ui.board.style import BAR_COLOURS, FIGURE_STYLE, HERO_COLOURS, hero_colour
from doria_nb.ui.board.tokens import bar_columns, monster_label_text
from doria_nb.ui.board.walls import door_columns, wall_columns

PACK = starter_pack()


def a1() -> Dungeon:
    return Dungeon.start(PACK.tile("A-1"))


def east_placements(tile: str) -> list:
    dungeon = a1()
    exit = Exit.of_door(dungeon.door(Square(8, 4)))
    return [p.placed for p in placements(dungeon, PACK.tile(tile), exit)]


def sent_boxes(board: BoardView) -> list[tuple[str, Box]]:
    """The boxes of the texts the board sends, measured again from what the text layer's
    data says: each text's length and font size (pixels back to squares), anchor and
    alignment."""
    data = board.labels_source.data
    cell = board.pixels_per_square
    out = []
    for x, y, text, size, align, baseline in zip(
        data["x"],
        data["y"],
        data["text"],
        data["size"],
        data["align"],
        data["baseline"],
        strict=True,
    ):
        squares = int(size.removesuffix("px")) / cell
        out.append((text, text_box(text, Anchor(x, y, align, baseline), squares)))
    return out


def overlapping(boxes: list[tuple[str, Box]]) -> list[tuple[str, str]]:
    return [(a, b) for (a, ba), (b, bb) in itertools.combinations(boxes, 2) if ba.meets(bb)]


# -- walls and doors ---------------------------------------------------------------------------


def test_walls_are_hatched_and_edged_where_they_meet_open_ground() -> None:
    board = BoardView(a1())
    data = board.squares_source.data
    hatch = dict(zip(zip(data["sx"], data["sy"], strict=True), data["hatch"], strict=True))
    assert hatch[(0, 0)] == "/" and hatch[(1, 1)] == " "
    walls = wall_columns(a1())
    edges = {(tuple(xs), tuple(ys)) for xs, ys in zip(walls["xs"], walls["ys"], strict=True)}
    # The outer wall at (0, 1) meets the floor at (1, 1) along x = 1.
    assert ((1, 1), (1, 2)) in edges
    # No edge between two wall squares, nor between two floor squares.
    assert ((1, 1), (0, 1)) not in edges and ((2, 2), (1, 2)) not in edges
    assert board.sources.walls.data["xs"] == walls["xs"]


def test_doors_are_leaves_on_the_tile_edge_told_apart_by_shape() -> None:
    dungeon = a1().with_opened(Square(8, 4))
    dungeon = dungeon.with_marker(Square(0, 4), Marker.BLOCKED_DOOR)
    leaves = door_columns(dungeon)
    by_state = {state: i for i, state in enumerate(leaves["state"])}
    assert set(by_state) == {"unexplored", "open", "blocked"}
    north = by_state["unexplored"]  # (4, 0), its edge is the top of the square
    assert leaves["top"][north] == 0.0 and leaves["bottom"][north] <= 0.25
    assert leaves["dash"][north] == "dashed"
    # (8, 4) on the east edge: shut, its leaf would run along the edge (tall); open, it is
    # swung into the room, across the edge (wide), hinged on the edge.
    opened = by_state["open"]
    width = leaves["right"][opened] - leaves["left"][opened]
    height = leaves["bottom"][opened] - leaves["top"][opened]
    assert width > 3 * height and leaves["right"][opened] == 9.0
    blocked = by_state["blocked"]
    assert leaves["fill"][blocked] != leaves["fill"][north]
    assert leaves["left"][blocked] == 0.0


# -- legend ------------------------------------------------------------------------------------


def test_the_legend_lists_only_what_is_on_the_board_under_the_squares() -> None:
    keys = legend_keys(a1())
    assert "rubble" not in keys and "hole" not in keys and "hero" not in keys
    busy = a1().with_marker(Square(3, 3), Marker.RUBBLE).with_marker(Square(5, 5), Marker.HOLE)
    tokens = [Token(Square(2, 3), "W"), Token(Square(6, 3), "o", "monster", "Orc")]
    keys = legend_keys(busy, tokens, candidates=True)
    assert {"rubble", "hole", "hero", "monster", "candidates", "wall", "compass"} <= set(keys)
    assert keys == [key for key in LEGEND if key in keys]  # in the legend's order
    board = BoardView(busy)
    board.set_figures(tokens)
    shown = [p for p in board.placed_labels if p.label.key.startswith("legend:")]
    assert {p.label.text for p in shown} == {LEGEND[k].meaning for k in legend_keys(busy, tokens)}
    assert all(p.shown for p in shown)
    bottom = a1().bounds[1].y + 1 + board.margin  # the squares and their margin end here
    assert all(p.box.y0 >= bottom for p in shown)
    assert len(board.sources.swatches.data["cx"]) == len(legend_keys(busy, tokens))
    # Without a legend the board is the squares and their margin.
    assert BoardView(busy, legend=False).extent[3] == bottom


# -- tokens ------------------------------------------------------------------------------------


def test_heroes_wear_their_player_colour_with_hp_and_pp_bars() -> None:
    assert len(set(HERO_COLOURS)) == 6 and FIGURE_STYLE["monster"]["fill"] not in HERO_COLOURS
    warrior = Token(Square(2, 3), "W", "hero", "Warrior", 6, 12, 0, 2, hero_colour(0))
    mage = Token(Square(4, 3), "M", "hero", "Mage", -1, 8, 3, 3, hero_colour(1))
    board = BoardView(a1())
    board.set_figures([warrior, mage])
    data = board.figures_source.data
    assert data["fill"] == [hero_colour(0), hero_colour(1)]
    bars = bar_columns([warrior, mage])
    fills = list(zip(bars["fill"], bars["top"], bars["bottom"], bars["left"], strict=True))
    # Warrior: HP half full (left), PP empty (frame only); Mage: HP empty, PP full (right).
    hp = [f for f in fills if f[0] == BAR_COLOURS["hp"]]
    pp = [f for f in fills if f[0] == BAR_COLOURS["pp"]]
    assert len(hp) == 1 and hp[0][3] < 2.5 and hp[0][2] - hp[0][1] == pytest.approx(0.4)
    assert len(pp) == 1 and pp[0][3] > 4.5 and pp[0][2] - pp[0][1] == pytest.approx(0.8)
    assert bars["fill"].count(BAR_COLOURS["empty"]) == 4
    assert board.sources.bars.data == bars
    # An old caller's token: the kind's colour, no bars.
    board.set_figures([Token(Square(2, 3), "W")])
    assert board.figures_source.data["fill"] == [FIGURE_STYLE["hero"]["fill"]]
    assert board.sources.bars.data["left"] == []


def test_a_monster_is_labelled_with_name_level_and_hp_beside_its_token() -> None:
    orc = Token(Square(3, 2), "o", "monster", "Orc", hp=5, max_hp=7, level=2)
    assert monster_label_text(orc) == "Orc L2 HP 5/7"
    board = BoardView(a1())
    board.set_figures([orc])
    (label,) = [p for p in board.placed_labels if p.label.key == "monster:o"]
    assert label.shown and label.label.text == "Orc L2 HP 5/7"
    assert label.box.y1 <= 2.0 or label.box.y0 >= 3.0 or label.box.x0 >= 4.0 or label.box.x1 <= 3
    assert board.sources.label_boxes.data["left"]  # a pale box behind it


def test_hover_says_a_square_in_full_with_who_stands_there() -> None:
    board = BoardView(a1(), hover="board")
    board.set_figures([Token(Square(2, 3), "W", "hero", "Warrior", 6, 12, 1, 2)])
    board.set_highlights([Highlight(Square(2, 3), "#56B4E9", info="you stand here")])
    data = board.squares_source.data
    row = data["where"].index("(2, 3)")
    assert data["what"][row] == "floor, start position I"
    assert data["who"][row] == "W Warrior (hero): HP 6/12, PP 1/2"
    assert data["info"][row] == "you stand here"
    assert board.highlights_source.data["what"] == ["floor, start position I"]
    assert ("", "@who") in HOVERS["board"][1] and ("", "@info") in HOVERS["board"][1]
    words = board.square_words(Square(2, 3))
    assert words == (
        "(2, 3): floor, start position I; W Warrior (hero): HP 6/12, PP 1/2; you stand here"
    )
    board.set_figures([])
    assert board.squares_source.data["who"][row] == ""


# -- labels ------------------------------------------------------------------------------------


def test_layout_moves_a_label_to_a_free_anchor_and_hides_one_with_none() -> None:
    fixed = Label("W", (Anchor(2.5, 2.5),), 0.4, priority=100)
    moved = Label("Orc", (Anchor(2.5, 2.5), Anchor(2.5, 1.9, "center", "bottom")), 0.3)
    hidden = Label("II", (Anchor(2.5, 2.5),), 0.4, priority=-1)
    placed = layout_labels([hidden, moved, fixed])
    assert [p.shown for p in placed] == [False, True, True]
    assert placed[1].anchor.y == 1.9
    assert not placed[1].box.meets(placed[2].box)
    # Tiny squares: the smallest font is used to measure.
    (tiny,) = layout_labels([Label("12", (Anchor(0, 0),), 0.1)], min_size=0.5)
    assert tiny.size == 0.5 and tiny.box.y1 - tiny.box.y0 == 0.5


def test_a_crowded_board_draws_no_text_on_top_of_another() -> None:
    dungeon = a1().with_marker(Square(3, 3), Marker.RUBBLE).with_opened(Square(8, 4))
    dungeon = Dungeon(dungeon.tiles, dungeon.opened, dungeon.markers, frozenset({Square(5, 3)}))
    board = BoardView(dungeon, hover="board", max_width=620)
    heroes = [Square(2, 3), Square(4, 3), Square(6, 3), Square(2, 5), Square(4, 5), Square(6, 5)]
    tokens = [
        Token(square, "WMRPIK"[i], "hero", f"Hero {i}", 3, 9, 1, 4, hero_colour(i))
        for i, square in enumerate(heroes)
    ]
    monsters = [Square(x, y) for x in (3, 5) for y in (2, 4, 6)] + [Square(7, 4)]
    tokens += [
        Token(square, "abcdefg"[i], "monster", "Skeleton Archer", 11, 12, level=4)
        for i, square in enumerate(monsters)
    ]
    board.set_figures(tokens)
    board.set_highlights(
        Highlight(Square(x, y), "#56B4E9", label=str(10 + x + y), corner=f"TN{x + y}")
        for x in range(1, 8)
        for y in range(1, 8)
    )
    candidates = east_placements("B-2")
    board.set_candidates(candidates, selected=3)
    board.set_outlines([Outline(9, 0, 5, 5, "big")])
    board.set_cursor(Square(4, 4))
    boxes = sent_boxes(board)
    assert len(boxes) > 150
    assert overlapping(boxes) == []
    # What must show does: every token's letter, the candidates' numbers, the compass.
    texts = [text for text, _ in boxes]
    assert all(t.letter in texts for t in tokens)
    assert all(str(n) in texts for n in range(1, len(candidates) + 1))
    assert "N↑" in texts
    # Some monster labels found room only by moving, and what did not fit is hidden, not
    # drawn over another text (the hover still says it).
    monsters_placed = [p for p in board.placed_labels if p.label.key.startswith("monster:")]
    assert any(p.shown and p.anchor != p.label.anchors[0] for p in monsters_placed)
    assert any(not p.shown for p in board.placed_labels)


# -- candidates --------------------------------------------------------------------------------


def test_candidate_placements_show_the_tile_and_can_be_told_apart() -> None:
    candidates = east_placements("C-6")  # two turns of C-6 on the same footprint
    assert len(candidates) == 2 and candidates[0].origin == candidates[1].origin
    board = BoardView(a1())
    board.set_candidates(candidates, selected=1)
    squares = board.sources.candidates.data
    size = candidates[0].tile.width * candidates[0].tile.height
    assert len(squares["cx"]) == 2 * size
    # The selected one is drawn last (on top), nearly opaque; the other faded.
    assert set(squares["alpha"][-size:]) == {max(squares["alpha"])}
    assert set(squares["alpha"][:size]) == {min(squares["alpha"])} != {max(squares["alpha"])}
    # Its walls and doors are drawn too (hatched walls, wall edges, door leaves).
    assert "/" in squares["hatch"]
    assert len(board.sources.walls.data["xs"]) > len(wall_columns(a1())["xs"])
    assert len(board.sources.doors.data["left"]) > len(door_columns(a1())["left"])
    frames = board.sources.frames.data
    assert frames["dash"] == [DASHES[0], "solid"] and frames["width"][1] > frames["width"][0]
    numbers = [p for p in board.placed_labels if p.label.key.startswith("candidate:")]
    assert sorted(p.label.text for p in numbers) == ["1", "2"]
    assert all(p.shown for p in numbers) and not numbers[0].box.meets(numbers[1].box)
    assert numbers[0].anchor != numbers[1].anchor  # distinct corners
    # The selected one's glyphs are printed; the board grows to show the candidates.
    assert any(p.label.key == "candidate-glyph" and p.shown for p in board.placed_labels)
    assert board.extent[2] >= candidates[0].right + board.margin
    assert "candidates" in legend_keys(a1(), candidates=True)


def test_selecting_a_candidate_draws_it_as_showing_it_selected_would() -> None:
    candidates = east_placements("C-6")
    board = BoardView(a1())
    board.set_candidates(candidates, selected=0, labels=("a", "b"))
    board.select_candidate(1)
    assert board.model.selected == 1
    shown = BoardView(a1())
    shown.set_candidates(candidates, selected=1, labels=("a", "b"))
    for layer in ("candidates", "frames", "walls", "doors", "labels"):
        assert dict(getattr(board.sources, layer).data) == dict(
            getattr(shown.sources, layer).data
        ), layer


def test_a_bad_selected_candidate_says_why_and_changes_nothing() -> None:
    candidates = east_placements("C-6")
    board = BoardView(a1())
    board.set_candidates(candidates, selected=0)
    before = dict(board.sources.candidates.data)
    with pytest.raises(ValueError, match="must be one of the 2 shown"):
        board.set_candidates(candidates, selected=5)
    assert board.sources.candidates.data == before
    board.clear_overlays()
    assert board.sources.candidates.data["cx"] == [] and board.sources.frames.data["left"] == []


# -- keyboard ----------------------------------------------------------------------------------


def test_arrows_move_a_cursor_and_enter_taps_its_square() -> None:
    board = BoardView(a1())
    board.set_figures([Token(Square(2, 3), "W")])
    tapped: list[Square] = []
    board.on_tap(tapped.append)
    assert board.cursor is None
    board.keys.press("ArrowRight")  # the first key shows the cursor at home: the first token
    assert board.cursor == Square(2, 3)
    board.keys.press("ArrowRight")
    board.keys.press("ArrowDown")
    assert board.cursor == Square(3, 4) and board.keys.cursor == "3,4"
    assert board.sources.cursor.data == {"cx": [3.5], "cy": [4.5]}
    assert "Keyboard cursor on (3, 4): floor" in board.text()
    assert board.keys.text.startswith("Cursor on (3, 4): floor")
    assert "keyboard cursor" in [p.label.text for p in board.placed_labels]  # in the legend
    board.keys.press("Enter")
    assert tapped == [Square(3, 4)]
    for _ in range(20):
        board.keys.press("ArrowUp")
    assert board.cursor == Square(3, 0)  # the board's edge stops it
    board.cursor_home = Square(7, 7)
    board.keys.press("Home")
    assert board.cursor == Square(7, 7)
    # The page sends only intents; anything else is ignored and changes nothing.
    board.keys._on_message(board.keys, {"kind": "key", "key": "Delete"}, [])
    board.keys._on_message(board.keys, "junk", [])
    assert board.cursor == Square(7, 7) and tapped == [Square(3, 4)]
    with pytest.raises(ValueError, match="arrow keys, Enter and Home"):
        board.key("Delete")


# -- compass -----------------------------------------------------------------------------------


def test_the_compass_points_north_from_a1_s_stairs_turned_with_the_tile() -> None:
    """Ruling B1 (*Compass*): north is the top of A-1 as printed (its stairs are at the
    bottom), turned with the tile."""
    from doria_nb.engine.geometry import Rotation

    tile = PACK.tile("A-1")
    assert tile.height - 1 in {sq.y for sq, c in tile.squares() if c.terrain.value == "stairs"}
    for rotation, text in ((Rotation.R0, "N↑"), (Rotation.R90, "N→"), (Rotation.R180, "N↓")):
        board = BoardView(Dungeon.start(tile.rotated(rotation)))
        (compass,) = [p for p in board.placed_labels if p.label.key == "compass"]
        assert compass.shown and compass.label.text == text
    other = BoardView(Dungeon.start(PACK.tile("B-1")))
    assert [p.label.text for p in other.placed_labels if p.label.key == "compass"] == ["N↑"]
