"""The tile placer in a real JupyterLab: place two room tiles by clicking the Bokeh board.

A reader opens a door with the button, draws a tile, taps outside every framed footprint (the
view says why not and places nothing), then taps inside a frame on the board's canvas; then
places a second tile the same way. The kernel's view must place both tiles (the log says "2
placed here") with no widget error.

Where to click is worked out in this process by a *mirror*: the same :class:`TilePlacer` (same
pack and seed) driven through the same steps from Python. The board's figure has no axes,
toolbar or border, so its frame is its whole canvas: a square's pixel is the canvas box's
corner plus :meth:`BoardView.pixel_of`, from the ranges the view set explicitly.
"""

from __future__ import annotations

import json
import os
import time

import pytest

from doria_nb.engine.geometry import Square
from doria_nb.ui.tile_placer import TilePlacer

pytestmark = pytest.mark.browser

SEED = 3
PLACER = ".doria-tile-placer >> nth=0"
TAP_GAP = 0.5
"""Seconds between two taps: Bokeh merges taps closer than about 0.3 s into a double tap."""


VIEW = ".doria-tile-placer"
"""The widget view whose texts the predicates read."""


def js_includes(lab, selector: str, words: str) -> str:
    """A JS predicate: the text of ``selector`` in the tile placer contains ``words``."""
    return f"{lab.text_of(VIEW, selector)}.includes({json.dumps(words)})"


def target_square(mirror: TilePlacer) -> Square:
    """A square inside the selected placement's footprint (the one a click there places)."""
    placement = mirror.selected
    assert placement is not None, "the mirror has no placement to click"
    middle = Square(
        placement.origin.x + placement.tile.width // 2,
        placement.origin.y + placement.tile.height // 2,
    )
    assert placement.covers(middle)
    return middle


def test_place_two_tiles_by_clicking_the_board(lab) -> None:
    name = "_tile_placer.ipynb"
    lab.server.write_notebook(
        name,
        "from doria_nb.book import setup\n\nsetup()",
        f"from doria_nb.ui import TilePlacer\n\nplacer = TilePlacer(seed={SEED})\nplacer",
    )
    lab.open(name)
    lab.run_all()
    lab.assert_clean()

    page = lab.page
    placer = page.locator(PLACER)
    placer.wait_for()
    canvas = placer.locator(".doria-board canvas").first
    canvas.wait_for(timeout=30_000)
    mirror = TilePlacer(seed=SEED)

    for placed in (1, 2):
        exploration = mirror.exploration
        if exploration is None or exploration.done:
            door = mirror.door_choice.value
            lab.round_trip(
                lambda: placer.locator("button.doria-open-door").first.click(),
                js_includes(lab, ".doria-status", f"The door at ({door.x}, {door.y}) is open"),
                name="Open door -> status",
            )
            mirror.open_door(door)
        tile = mirror.draw()
        lab.round_trip(
            lambda: placer.locator("button.doria-draw").first.click(),
            js_includes(lab, ".doria-status", f"{tile.id} is drawn"),
            name="Draw -> status",
        )
        while not mirror.options:  # a tile that fits nowhere goes back under the deck
            placer.locator("button.doria-set-aside").first.click()
            mirror.set_aside()
            tile = mirror.draw()
            placer.locator("button.doria-draw").first.click()
            lab.wait_for(js_includes(lab, ".doria-status", f"{tile.id} is drawn"))

        square = target_square(mirror)
        width, height = mirror.board.figure.width, mirror.board.figure.height
        # The frames of the placements grew the board: wait until the canvas has the size.
        canvas.scroll_into_view_if_needed()
        deadline = time.monotonic() + 15
        box = canvas.bounding_box()
        while (round(box["width"]), round(box["height"])) != (width, height):
            assert time.monotonic() < deadline, f"canvas is {box}, expected {width}×{height}"
            time.sleep(0.1)
            canvas.scroll_into_view_if_needed()
            box = canvas.bounding_box()
        if placed == 1:
            # A tap outside every frame explains and changes nothing.
            inside_a1 = Square(4, 4)
            assert not any(p.covers(inside_a1) for p in mirror.options)
            bx, by = mirror.board.pixel_of(inside_a1)
            time.sleep(TAP_GAP)
            lab.round_trip(
                lambda bx=bx, by=by, box=box: page.mouse.click(box["x"] + bx, box["y"] + by),
                js_includes(lab, ".doria-status", "Not there"),
                name="tap outside the frames -> reason",
            )
            assert "(0 placed here)" in (
                page.locator(f"{PLACER} >> .doria-log").first.text_content() or ""
            )
        x, y = mirror.board.pixel_of(square)
        time.sleep(TAP_GAP)
        lab.round_trip(
            lambda x=x, y=y, box=box: page.mouse.click(box["x"] + x, box["y"] + y),
            js_includes(lab, ".doria-log", f"({placed} placed here)"),
            name=f"tap on the board -> tile {placed} placed",
        )
        mirror.click(square)
        assert mirror.placed_count == placed
        time.sleep(TAP_GAP)

    log = page.locator(f"{PLACER} >> .doria-log").first.text_content() or ""
    assert "(2 placed here)" in log
    ids = [t.id for t in mirror.dungeon.tiles]
    assert f"Room tiles on the table: {', '.join(ids)}" in log
    status = page.locator(f"{PLACER} >> .doria-status").first.text_content() or ""
    assert "Placed" in status
    if shots := os.environ.get("DORIA_SCREENSHOTS"):
        placer.screenshot(path=f"{shots}/tile_placer.png")
    lab.assert_clean()
