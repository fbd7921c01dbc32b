"""The tile placer, driven from Python as a reader would drive it (no browser).

Rulebook sections: *Reveal a Room Tile (0 AP)*, *Revealing a Room Tile*, *Special Feature: Open
Room Tiles*, *Treasure Icon on a Room Tile*, *Monster Icons on a Room Tile*, *Dead Ends*, *FAQ*
(E-8's Secret Door).
"""

from __future__ import annotations

import html
import re

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.cards import Marker
from doria_nb.engine.chance import Chance
from doria_nb.engine.dungeon import Dungeon, PlacedTile
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.exploration import (
    Exploration,
    TileDeck,
    dead_end_sites,
    place_dead_end_door,
)
from doria_nb.engine.geometry import Square
from doria_nb.ui.board import OKABE_ITO
from doria_nb.ui.tile_placer import CSS_CLASSES, DECK, SITE_COLOUR, TilePlacer

PACK = starter_pack()
EAST_DOOR = Square(8, 4)
NORTH_DOOR = Square(4, 0)


def text(widget) -> str:
    """The words of an HTML widget, without tags and entities."""
    return html.unescape(re.sub(r"<[^>]+>", "", widget.value))


def a3_at_east_door() -> TilePlacer:
    placer = TilePlacer(seed=0)
    placer.door_choice.value = EAST_DOOR
    placer.open_button.click()
    placer.tile_choice.value = "A-3"
    placer.draw_button.click()
    return placer


def expected_a3_options():
    start = Dungeon.start(PACK.tile("A-1"))
    return Exploration.begin(start, EAST_DOOR).draw(PACK.tile("A-3")).options()


def test_starts_from_a1_with_its_unexplored_doors() -> None:
    placer = TilePlacer()
    assert [t.id for t in placer.dungeon.tiles] == ["A-1"]
    doors = placer.dungeon.unexplored_doors()
    assert [value for _, value in placer.door_choice.options] == [d.square for d in doors]
    assert [label for label, _ in placer.door_choice.options] == [str(d) for d in doors]
    assert placer.exploration is None
    assert placer.draw_button.disabled and placer.place_button.disabled
    assert placer.undo_button.disabled and not placer.open_button.disabled
    assert "press Open door" in text(placer.status)
    assert CSS_CLASSES["root"] in placer._dom_classes
    for part, css in (
        (placer.draw_button, "draw"),
        (placer.place_button, "place"),
        (placer.placement_list, "placements"),
        (placer.status, "status"),
        (placer.log_html, "log"),
    ):
        assert CSS_CLASSES[css] in part._dom_classes
    # The deck: every tile of the pack but the start tile, shuffled by the seed.
    expected = TileDeck.shuffled(PACK.tiles, Chance.seeded(0), leave_out=("A-1",))
    assert placer.deck == expected


def test_drawing_a3_at_the_east_door_lists_exactly_the_engine_s_placements() -> None:
    placer = a3_at_east_door()
    expected = expected_a3_options()
    assert placer.options == expected
    assert [label for label, _ in placer.placement_list.options] == [
        f"{i + 1}. {p.describe()}" for i, p in enumerate(expected)
    ]
    assert placer.placement_list.value == 0 and placer.selected == expected[0]
    outlines = placer.board.outlines_source.data
    assert outlines["left"] == [p.origin.x for p in expected]
    assert outlines["top"] == [p.origin.y for p in expected]
    assert outlines["right"] == [p.origin.x + p.tile.width for p in expected]
    assert outlines["info"] == [p.describe() for p in expected]
    assert not placer.place_button.disabled
    assert placer.draw_button.disabled and placer.open_button.disabled
    assert "A-3 is drawn: 1 legal placement" in text(placer.status)
    # The board grew to show the footprint.
    right = placer.board.extent[2]
    placement = expected[0]
    assert right >= placement.origin.x + placement.tile.width


def test_clicking_inside_a_footprint_places_that_placement() -> None:
    placer = a3_at_east_door()
    placement = expected_a3_options()[0]
    inside = next(iter(sorted(placement.squares())))
    placer.board.tap_square(inside)
    assert placer.placed_count == 1
    assert [t.id for t in placer.dungeon.tiles] == ["A-1", "A-3"]
    assert placer.dungeon.tiles[1] == placement.placed
    assert placer.exploration is not None and placer.exploration.done
    status = text(placer.status)
    assert status.startswith(f"Placed {placement.describe()}.")
    assert "Exploration complete. Revealed: A-3." in status
    assert "Treasure markers: (14, 2)" in status
    assert "white at (14, 6)" in status
    # The board shows the new dungeon, the frames are gone.
    assert placer.board.dungeon is placer.dungeon
    assert placer.board.outlines_source.data["left"] == []
    assert "A-3" in placer.board.tiles_source.data["id"]
    log = text(placer.log_html)
    assert "(1 placed here)" in log
    for line in placer.exploration.log():
        assert line.replace("*", "") in log


def test_an_illegal_click_changes_nothing_and_says_why() -> None:
    placer = a3_at_east_door()
    before = (placer.dungeon, placer.exploration, placer.deck, placer.placed_count)
    placer.board.tap_square(Square(4, 4))  # inside A-1
    after = (placer.dungeon, placer.exploration, placer.deck, placer.placed_count)
    assert after == before
    status = text(placer.status)
    assert status.startswith("⚠ Not there: A-3 turned 90° centred on (4, 4)")
    exploration = placer.exploration
    assert exploration is not None
    tile = placer.selected.tile
    expected = exploration.explain(tile, Square(4 - tile.width // 2, 4 - tile.height // 2))
    assert not expected.ok
    assert expected.reason.replace("*", "") in status
    placer.board.tap(40.5, 40.5)  # far off the dungeon
    assert (placer.dungeon, placer.exploration) == before[:2]
    assert "one of its doors must meet the opened door at (8, 4)" in text(placer.status)


def test_the_place_button_lays_the_selected_placement() -> None:
    placer = a3_at_east_door()
    placer.place_button.click()
    assert placer.placed_count == 1
    assert placer.dungeon.tiles[1] == expected_a3_options()[0].placed


def test_an_open_side_chains_the_next_draw() -> None:
    placer = TilePlacer()
    placer.open_door(EAST_DOOR)
    placer.draw("B-4")  # a long hall open at both ends
    placer.place()
    exploration = placer.exploration
    assert exploration is not None and exploration.needs_tile and not exploration.done
    assert "draw the next tile for the open side" in text(placer.status)
    assert not placer.draw_button.disabled
    assert placer.open_button.disabled and placer.door_choice.disabled
    # Opening another door now is refused, in words.
    placer.door_choice.value = placer.door_choice.options[0][1]
    placer.open_button.click()
    assert "Finish this exploration first" in text(placer.status)
    placer.draw_button.click()
    assert placer.exploration.drawn is not None


def test_several_frames_on_the_clicked_square_prefer_the_selected_one() -> None:
    placer = TilePlacer()
    placer.open_door(EAST_DOOR)
    placer.draw("B-4")
    options = placer.options
    assert len(options) > 2
    # A square several footprints hold.
    square = Square(12, 2)
    covering = [i for i, p in enumerate(options) if p.covers(square)]
    assert len(covering) >= 2
    placer.placement_list.value = covering[1]
    emphasised = placer.board.outlines_source.data["width"]
    assert emphasised[covering[1]] > emphasised[covering[0]]
    placer.board.tap_square(square)
    assert placer.dungeon.tiles[-1] == options[covering[1]].placed
    assert "the selected one" in text(placer.status)

    placer.undo()
    assert len(placer.dungeon.tiles) == 1 and placer.exploration.drawn is not None
    outside = [i for i, p in enumerate(options) if not p.covers(square)]
    placer.placement_list.value = outside[0]
    placer.board.tap_square(square)
    assert placer.dungeon.tiles[-1] == options[covering[0]].placed
    assert "the first of them in the list" in text(placer.status)


def test_undo_steps_back_one_action_at_a_time() -> None:
    placer = a3_at_east_door()
    placer.place()
    placer.undo_button.click()
    assert len(placer.dungeon.tiles) == 1 and placer.exploration.drawn.id == "A-3"
    placer.undo_button.click()
    assert placer.exploration.drawn is None and placer.exploration.needs_tile
    placer.undo_button.click()
    assert placer.exploration is None
    assert placer.undo_button.disabled
    placer.undo_button.click()
    assert "Nothing to undo" in text(placer.status)


def test_clicks_without_a_drawn_tile() -> None:
    placer = TilePlacer()
    placer.board.tap_square(Square(3, 3))
    assert "(3, 3) is no unexplored door" in text(placer.status)
    placer.board.tap_square(NORTH_DOOR)  # clicking an unexplored door opens it
    assert placer.exploration is not None
    assert placer.exploration.door is not None
    assert placer.exploration.door.squares == (NORTH_DOOR,)
    placer.board.tap_square(Square(3, 3))
    assert "Draw a tile first" in text(placer.status)


def test_buttons_pressed_out_of_turn_explain_instead_of_failing() -> None:
    placer = TilePlacer()
    placer.draw_button.click()
    assert "Open a door first" in text(placer.status)
    placer.place_button.click()
    assert "No tile is drawn" in text(placer.status)
    placer.set_aside_button.click()
    assert "No tile is drawn" in text(placer.status)
    assert placer.exploration is None and placer.placed_count == 0
    with pytest.raises(DoriaError, match="Open a door first"):
        placer.draw()


def test_the_deck_is_seeded_and_drawing_takes_from_it() -> None:
    one, two = TilePlacer(seed=7), TilePlacer(seed=7)
    for placer in (one, two):
        placer.open_door(EAST_DOOR)
    top = one.deck.tiles[0]
    assert one.draw().id == two.draw().id == top.id
    assert one.deck.remaining == len(PACK.tiles) - 2
    assert one.tile_choice.options[0][1] == DECK
    assert f"({one.deck.remaining} left)" in one.tile_choice.options[0][0]


def test_a_chosen_tile_leaves_the_deck() -> None:
    placer = TilePlacer()
    placer.open_door(EAST_DOOR)
    placer.draw("A-3")
    assert "A-3" not in [t.id for t in placer.deck.tiles]
    assert placer.deck.remaining == len(PACK.tiles) - 2


def test_a_tile_that_fits_nowhere_goes_back_under_the_deck() -> None:
    # A one-square gap east of A-1: no room tile fits there.
    dungeon = Dungeon(
        (PlacedTile(PACK.tile("A-1"), Square(0, 0)), PlacedTile(PACK.tile("A-2"), Square(10, 0)))
    )
    placer = TilePlacer(dungeon=dungeon)
    placer.open_door(EAST_DOOR)
    tile = placer.draw()
    assert placer.options == ()
    assert "fits nowhere" in text(placer.status)
    assert placer.place_button.disabled and not placer.set_aside_button.disabled
    placer.board.tap_square(Square(9, 4))
    assert "fits nowhere" in text(placer.status)
    placer.set_aside_button.click()
    assert placer.deck.tiles[-1].id == tile.id
    assert placer.exploration.drawn is None and placer.exploration.needs_tile
    assert f"{tile.id} went under the deck" in text(placer.status)


def test_a_second_door_after_a_finished_exploration_keeps_the_log() -> None:
    placer = a3_at_east_door()
    placer.place()
    first_log = placer.log()
    placer.open_door(NORTH_DOOR)
    assert placer.log()[: len(first_log)] == first_log
    placer.draw("A-2")
    with pytest.raises(DoriaError, match="placements"):
        placer.place(99)
    placer.place(0)
    assert placer.placed_count == 2
    assert "(2 placed here)" in text(placer.log_html)


# --- the dead end: the Secret Door (*Dead Ends*, *FAQ*) -----------------------------------


A3_DOOR = Square(3, 6)
"""A-3's only door, on its south side: A-3 alone is a dungeon with one door."""


def dead_end(tile_id: str) -> TilePlacer:
    """A placer whose dungeon is A-3 and ``tile_id`` laid at its only door: no door left."""
    placer = TilePlacer(dungeon=Dungeon.start(PACK.tile("A-3")))
    placer.open_door(A3_DOOR)
    placer.draw(tile_id)
    placer.place()
    assert not placer.dungeon.unexplored_doors() and placer.exploration.done
    return placer


def highlighted(placer: TilePlacer) -> list[Square]:
    data = placer.board.highlights_source.data
    return [Square(x, y) for x, y in zip(data["sx"], data["sy"], strict=True)]


def test_no_secret_door_is_offered_while_a_door_is_left() -> None:
    placer = TilePlacer()
    assert placer.secret_door_sites == ()
    assert placer.secret_choice.options == () and placer.secret_choice.disabled
    assert placer.secret_button.disabled
    assert CSS_CLASSES["secret_sites"] in placer.secret_choice._dom_classes
    assert CSS_CLASSES["secret_door"] in placer.secret_button._dom_classes
    assert highlighted(placer) == []
    placer.secret_button.click()  # out of turn: it explains, nothing changes
    assert "Choose an unexplored door" in text(placer.status)
    assert placer.exploration is None


def test_a_dead_end_offers_the_engine_s_secret_door_sites() -> None:
    placer = dead_end("A-6")
    sites = dead_end_sites(placer.dungeon)
    assert len(sites) == 3
    assert placer.secret_door_sites == sites
    assert [value for _, value in placer.secret_choice.options] == list(sites)
    assert [label for label, _ in placer.secret_choice.options] == [
        "(5, 9) on the east wall of A-6",
        "(3, 11) on the south wall of A-6",
        "(1, 9) on the west wall of A-6",
    ]
    assert placer.secret_choice.value == sites[0]
    assert not placer.secret_choice.disabled and not placer.secret_button.disabled
    assert placer.open_button.disabled
    assert "a Secret Door appears (Dead Ends)" in text(placer.status)
    # On the board: each site highlighted with an "S", the chosen one framed in black.
    assert highlighted(placer) == list(sites)
    data = placer.board.highlights_source.data
    assert data["label"] == ["S"] * 3
    assert data["fill"] == [SITE_COLOUR] * 3
    assert data["line"] == [OKABE_ITO["black"], SITE_COLOUR, SITE_COLOUR]
    placer.secret_choice.value = sites[2]
    assert placer.board.highlights_source.data["line"][2] == OKABE_ITO["black"]
    assert placer.board.highlights_source.data["line"][0] == SITE_COLOUR


def test_place_secret_door_puts_an_unexplored_door_on_the_chosen_wall() -> None:
    placer = dead_end("A-6")
    before = placer.dungeon
    site = Square(3, 11)
    placer.secret_choice.value = site
    placer.secret_button.click()
    expected = place_dead_end_door(before, site, characters=placer.characters)
    assert placer.dungeon == expected.dungeon
    assert placer.dungeon.marker(site) is Marker.SECRET_DOOR
    assert placer.exploration.done and placer.placed_count == 1
    status = text(placer.status)
    assert status.startswith("A Secret Door appears at (3, 11) on A-6")
    assert "Choose an unexplored door" in status
    assert "A Secret Door appears at (3, 11)" in text(placer.log_html)
    # It is a door like any other now: in the list, openable; the sites are gone.
    assert [value for _, value in placer.door_choice.options] == [site]
    assert not placer.open_button.disabled
    assert placer.secret_choice.options == () and placer.secret_button.disabled
    assert highlighted(placer) == []
    squares = placer.board.squares_source.data
    row = squares["where"].index("(3, 11)")
    assert (squares["glyph"][row], squares["what"][row]) == ("↓", "secret door, unexplored")
    placer.open_button.click()
    assert placer.exploration.door is not None and placer.exploration.door.squares == (site,)
    # Undo twice: back at the dead end, the sites offered again.
    placer.undo()
    placer.undo()
    assert placer.dungeon == before and highlighted(placer) == list(dead_end_sites(before))


def test_clicking_a_highlighted_site_places_the_secret_door() -> None:
    placer = dead_end("A-6")
    before = placer.dungeon
    placer.board.tap_square(Square(2, 8))  # inside A-6, no site
    assert placer.dungeon == before
    assert "(2, 8) is no Secret Door site" in text(placer.status)
    assert "click a highlighted square (S)" in text(placer.status)
    placer.board.tap_square(Square(1, 9))
    assert placer.dungeon.marker(Square(1, 9)) is Marker.SECRET_DOOR
    assert text(placer.status).startswith("A Secret Door appears at (1, 9) on A-6")


def test_e8_s_middle_site_joins_its_rooms_and_the_exploration_goes_on() -> None:
    """E-8's two rooms are joined only by a Secret Door on its middle square (*FAQ*): the
    large room's open sides then face the empty table and draw tiles at once."""
    placer = dead_end("E-8")
    site = Square(3, 10)
    assert placer.secret_door_sites == (site,)
    assert placer.secret_choice.options == (
        ("(3, 10) in the middle of E-8, joining its two rooms", site),
    )
    placer.board.tap_square(site)
    expected = place_dead_end_door(dead_end("E-8").dungeon, site, characters=3)
    exploration = placer.exploration
    assert exploration is not None and exploration.needs_tile
    assert exploration.exits == expected.exits and len(expected.exits) == 2
    assert site in placer.dungeon.opened
    status = text(placer.status)
    assert status.startswith("A Secret Door opens in the middle of E-8 at (3, 10)")
    assert "draw the next tile for the open side" in status
    assert not placer.draw_button.disabled
    assert placer.open_button.disabled and placer.secret_button.disabled
    assert highlighted(placer) == []
    placer.secret_button.click()  # out of turn: refused in words
    assert "Finish this exploration first" in text(placer.status)
    assert placer.exploration is exploration
    # Drawing now lays a tile against one of the open sides.
    tile = placer.draw("A-2")
    assert placer.options == expected.draw(tile).options() != ()
    placer.place()
    assert placer.dungeon.tiles[-1].id == "A-2" and placer.placed_count == 2
