"""The Initiative Board in a real JupyterLab: markers on their squares, a click and Enter reach
Python.

The notebook shows a board (two heroes and a monster, one hero unconscious, the Doom Counter on
36, round 7 with a door opened, 5 Group XP of 4) next to a label that a Python ``on_select``
callback rewrites. The test finds each marker on its square in the DOM, clicks the Orc and
waits until Python has the selection (the label and the marker's ``aria-pressed``, which only
Python sets), then selects the Mage with the keyboard. Round trips are printed, never asserted.
"""

from __future__ import annotations

import json
import os

import pytest

pytestmark = pytest.mark.browser

BOARD = """\
import ipywidgets as widgets

from doria_nb.ui.initiative_board import BoardMarker, InitiativeBoard, InitiativeBoardState

state = InitiativeBoardState(
    markers=(
        BoardMarker("green", "Green", "hero", 19),
        BoardMarker("orc", "Orc 1", "monster", 19),
        BoardMarker("mage", "Mage", "hero", -3),
        BoardMarker("warrior", "Warrior", "hero", 5, unconscious=True),
    ),
    active="green",
    doom=36,
    round=7,
    door_opened=True,
    group_xp=5,
    xp_per_point=4,
    phase="D",
)
board = InitiativeBoard(state)
heard = widgets.Label("selected nothing")
heard.add_class("doria-initiative-heard")
board.on_select(lambda key: setattr(heard, "value", f"selected {key}"))
widgets.VBox([board, heard])"""

VIEW = ".doria-initiative-board"


def marker(key: str) -> str:
    return f'{VIEW} .dib-marker[data-key="{key}"]'


def heard_is(text: str) -> str:
    return (
        "(document.querySelector('.doria-initiative-heard')?.textContent || '')"
        f".includes({json.dumps(text)})"
    )


def pressed(key: str) -> str:
    found = f"document.querySelector({json.dumps(marker(key))})"
    return f"{found}?.getAttribute('aria-pressed') === 'true'"


def test_markers_on_their_squares_and_a_click_reaches_python(lab) -> None:
    name = "_initiative_board.ipynb"
    lab.server.write_notebook(name, "from doria_nb.book import setup\n\nsetup()", BOARD)
    lab.open(name)
    lab.run_all()
    lab.assert_clean()
    page = lab.page
    page.locator(marker("green")).wait_for()

    # Every marker on its square: heroes before the monster on 19, the Mage on the gray 0,
    # the unconscious Warrior off the track.
    on_19 = page.locator(f'{VIEW} .dib-square[data-square="19"] .dib-marker')
    assert [on_19.nth(i).get_attribute("data-key") for i in range(on_19.count())] == [
        "green",
        "orc",
    ]
    assert page.locator(f'{VIEW} .dib-zero .dib-marker[data-key="mage"]').count() == 1
    # On the gray 0 square each marker is a readable row: its name and the AP it ended on.
    zero_row = page.locator(f"{VIEW} .dib-zero .dib-zero-row")
    assert zero_row.count() == 1
    assert zero_row.locator(".dib-zero-label").inner_text().endswith("AP")
    assert "Mage" in zero_row.inner_text()
    assert page.locator(f'{VIEW} .dib-out .dib-marker[data-key="warrior"]').count() == 1
    assert page.locator(f"{VIEW} .dib-square .dib-marker").count() == 3
    green = page.locator(marker("green"))
    assert green.get_attribute("data-kind") == "hero"
    assert "acting now" in (green.get_attribute("aria-label") or "")
    assert page.locator(marker("orc")).get_attribute("data-kind") == "monster"
    assert page.locator(marker("orc")).get_attribute("aria-label") == (
        "Orc 1, monster, 19 AP, on square 19"
    )

    # The Doom Counter on 36 (red), the Round Marker on 7 (a level-up round) door side up, and
    # five Group XP collected.
    assert page.locator(f'{VIEW} .dib-doom .dib-here[data-doom="36"] .dib-doom-token').count() == 1
    assert "dib-doom-extra-activation" in (
        page.locator(f'{VIEW} [data-doom="36"]').get_attribute("class") or ""
    )
    assert page.locator(f'{VIEW} [data-doom="30"].dib-doom-level').count() == 1
    round_7 = page.locator(f'{VIEW} .dib-round [data-round="7"]')
    assert "dib-level-round" in (round_7.get_attribute("class") or "")
    assert round_7.locator(".dib-round-token").text_content() == "DOOR"
    assert page.locator(f"{VIEW} .dib-xp-cell.dib-filled").count() == 5

    # The board in words, under a toggle.
    page.locator(f"{VIEW} .dib-description summary").click()
    words = page.locator(f"{VIEW} .dib-words").inner_text()
    assert "square 19: Green (hero), Orc 1 (monster)" in words
    assert "Doom Counter: on square 36 (red: Extra Activation)" in words

    # A click: the intent goes to Python, which answers with the label and the selection.
    click = lab.round_trip(
        lambda: page.locator(marker("orc")).click(),
        f"{heard_is('selected orc')} && {pressed('orc')}",
        name="click the Orc marker -> Python selected it",
    )
    assert page.locator(marker("green")).get_attribute("aria-pressed") == "false"

    # The keyboard: Tab-focusable buttons, Enter selects.
    page.locator(marker("mage")).focus()
    enter = lab.round_trip(
        lambda: page.keyboard.press("Enter"),
        f"{heard_is('selected mage')} && {pressed('mage')}",
        name="Enter on the Mage marker -> Python selected it",
    )
    # The redraw keeps the keyboard focus on the marker.
    assert page.evaluate("document.activeElement?.dataset?.key") == "mage"

    print(f"\nInitiativeBoard round trips: click {click:.3f} s, Enter {enter:.3f} s")
    if shots := os.environ.get("DORIA_SCREENSHOTS"):
        page.locator(VIEW).screenshot(path=f"{shots}/initiative_board.png")
    lab.assert_clean()
