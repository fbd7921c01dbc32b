"""The board by keyboard in a real JupyterLab: Tab to the board, arrows, Enter moves a hero.

The notebook shows the play table of the starter scenario (the Warrior is the person's). The
test uses the keyboard only: Tab until the board's keyboard strip has the focus, arrow keys to
move the cursor square (the page shows it as ``data-cursor`` and in words), Enter to act on it.
A *mirror* table in this process gets the same keys; after each key the page must show the
mirror's cursor, and after Enter the mirror's progress (inputs, question, events) — so Enter on
a square did on the page exactly what a click there does through the Python API, and the
Warrior stands on the chosen square. Rulebook section: *Walking Action*.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from doria_nb.engine.geometry import Square
from doria_nb.ui.play_table.view import PlayTable, progress_of

pytestmark = pytest.mark.browser

SEED = 2
PARTY = ("warrior", "mage", "ranger", "priestess")
BOTS = ("mage", "ranger", "priestess")
VIEW = ".doria-play-table"
KEYS = ".doria-board-keys"
SOURCE = (
    "from doria_nb.ui.play_table.view import PlayTable\n\n"
    f"table = PlayTable.new('the_flooded_archive', {list(PARTY)!r}, {SEED}, bots={list(BOTS)!r})\n"
    "table"
)


def _cursor_js() -> str:
    return f"(document.querySelector('{VIEW} {KEYS}')?.dataset.cursor || '')"


def _focused_js() -> str:
    return f"!!document.activeElement?.matches?.('{KEYS}')"


def _progress_js() -> str:
    return f"(document.querySelector('{VIEW} .doria-play-status-line')?.dataset.progress || '')"


def _press(lab: Any, mirror: PlayTable, key: str) -> None:
    """Press ``key`` on the page and on the mirror; wait until the page shows its cursor."""
    mirror.board.key(key)
    cursor = mirror.board.keys.cursor
    lab.round_trip(
        lambda: lab.page.keyboard.press(key),
        f"{_cursor_js()} === {json.dumps(cursor)}",
        name=f"{key} -> cursor on {cursor}",
    )


def test_tab_arrows_and_enter_move_a_hero_on_the_play_table(lab) -> None:
    name = "_board_keys.ipynb"
    lab.server.write_notebook(name, "from doria_nb.book import setup\n\nsetup()", SOURCE)
    lab.open(name)
    lab.run_all()
    lab.assert_clean()
    mirror = PlayTable.new("the_flooded_archive", PARTY, SEED, bots=BOTS)
    assert mirror.model.waiting.kind == "hero" and mirror.model.acting == "W"
    root = lab.page.locator(VIEW).first
    root.wait_for()
    lab.wait_for(f"{_progress_js()} === {json.dumps(progress_of(mirror.game))}")

    # Tab from the status line (not focusable) until the board's strip has the focus.
    root.locator(".doria-play-status-line").first.click()
    for _ in range(30):
        lab.page.keyboard.press("Tab")
        if lab.page.evaluate(f"() => {_focused_js()}"):
            break
    else:
        pytest.fail("Tab never reached the board")
    # Getting the focus shows the cursor on the acting hero.
    mirror.board.key("focus")
    home = mirror.game.situation.figure("W").square
    assert mirror.board.cursor == home
    lab.wait_for(f"{_cursor_js()} === {json.dumps(f'{home.x},{home.y}')}")

    # Two squares down (a free floor square the Warrior can walk to), by arrows.
    target = Square(home.x, home.y + 2)
    assert mirror.game.situation.at(target) is None
    for key in ("ArrowDown", "ArrowRight", "ArrowLeft", "ArrowDown"):
        _press(lab, mirror, key)
    assert mirror.board.cursor == target
    words = lab.page.locator(f"{VIEW} {KEYS} .dbk-where").first.inner_text()
    assert f"({target.x}, {target.y})" in words

    # Enter acts on the cursor square exactly as a click there: the Warrior walks.
    mirror.board.key("Enter")
    assert mirror.game.situation.figure("W").square == target
    lab.round_trip(
        lambda: lab.page.keyboard.press("Enter"),
        f"{_progress_js()} === {json.dumps(progress_of(mirror.game))}",
        name="Enter on the board -> walked",
    )
    assert lab.page.evaluate(f"() => {_focused_js()}"), "the board kept the focus"
    description = root.locator(".doria-board-text").first.text_content() or ""
    assert f"Keyboard cursor on ({target.x}, {target.y})" in description
    lab.assert_clean()
