"""The round stepper in a real JupyterLab: run chapter 5, step a game phase by phase.

The test opens ``05_phases.ipynb`` (the book's own chapter, copied into the server's root),
runs it, and presses Next phase on its round stepper a few times, then Next action once the
game is in Phase D again. After every press it waits until the page shows the phase title the
*mirror* expects — the same :class:`RoundStepper` (scenario, party and seed of the chapter)
driven through the same presses in this process — and checks that the InitiativeBoard in the
page moved with it: every hero marker on the square (or off the track) the mirror's board
says, and the Round Marker on the mirror's round. Round trips are printed, never asserted.
"""

from __future__ import annotations

import json
import os

import pytest

from doria_nb.ui.round_stepper import RoundStepper

pytestmark = pytest.mark.browser

VIEW = ".doria-round-stepper"
PARTY = ("warrior", "mage", "ranger", "priestess")


def title_is(title: str) -> str:
    """A JS predicate: the stepper's heading is exactly ``title``."""
    found = f"document.querySelector({json.dumps(VIEW + ' .doria-round-heading')})"
    return f"({found}?.textContent || '') === {json.dumps(title)}"


def marker_square_js(key: str) -> str:
    """A JS expression: the data-square of the place holding marker ``key`` in the stepper."""
    selector = f'{VIEW} .dib-marker[data-key="{key}"]'
    return (
        f"(document.querySelector({json.dumps(selector)})"
        "?.closest('[data-square]')?.dataset.square || '')"
    )


def round_js() -> str:
    selector = f"{VIEW} .dib-round .dib-here"
    return f"(document.querySelector({json.dumps(selector)})?.dataset.round || '')"


def board_matches(mirror: RoundStepper) -> str:
    """A JS predicate: every hero marker where the mirror's board has it, and its round."""
    state = mirror.initiative.state
    checks = []
    for marker in state.markers:
        if marker.kind != "hero":
            continue
        where = "out" if marker.unconscious else str(marker.square)
        checks.append(f"{marker_square_js(marker.key)} === {json.dumps(where)}")
    checks.append(f"{round_js()} === {json.dumps(str(state.round))}")
    return " && ".join(checks)


def press(lab, button: str, mirror: RoundStepper, name: str, timings: list[float]) -> None:
    """Press ``button`` in the page; wait for the mirror's title and board."""
    seconds = lab.round_trip(
        lambda: lab.page.locator(f"{VIEW} button.{button}").first.click(),
        f"{title_is(mirror.current.title)} && {board_matches(mirror)}",
        name=f"{name} -> {mirror.current.title}",
    )
    timings.append(seconds)


def test_next_phase_moves_the_title_and_the_initiative_board(lab) -> None:
    lab.open("05_phases.ipynb")
    lab.run_all()
    lab.assert_clean()
    page = lab.page
    page.locator(VIEW).first.wait_for()
    mirror = RoundStepper(scenario="the_flooded_archive", heroes=PARTY, seed=1)
    lab.wait_for(f"{title_is(mirror.current.title)} && {board_matches(mirror)}")
    timings: list[float] = []
    before = page.evaluate(marker_square_js("I"))

    squares = [before]
    for _ in range(3):  # Phase D of round 1, then E and F (already played, from the queue)
        mirror.next_phase()
        press(lab, "doria-round-next-phase", mirror, "Next phase", timings)
        squares.append(page.evaluate(marker_square_js("I")))
    assert mirror.current.title == "Round 1 · Phase F: Special Actions"
    assert squares[0] != squares[1]  # the Priestess spent her AP in Phase D
    heading = page.locator(f"{VIEW} .doria-round-rule").first.text_content() or ""
    assert "Phase F: Special Actions" in heading

    while mirror.game.phase.value != "D" or mirror.shown + 1 < len(mirror.records):
        mirror.next_phase()
        press(lab, "doria-round-next-phase", mirror, "Next phase", timings)
    assert mirror.current.title == "Round 2 · Phase C: Roll for Initiative"
    mirror.next_action()
    press(lab, "doria-round-next-action", mirror, "Next action", timings)
    step = page.locator(f"{VIEW} .doria-round-step").first.text_content() or ""
    assert "the highest marker (Phase D: Action Phase)" in step
    assert step.strip().startswith("Last action:")

    print(
        f"\nRoundStepper round trips x{len(timings)}: "
        + ", ".join(f"{t:.3f}" for t in timings)
        + f" s (median {sorted(timings)[len(timings) // 2]:.3f} s)"
    )
    if shots := os.environ.get("DORIA_SCREENSHOTS"):
        page.locator(VIEW).first.screenshot(path=f"{shots}/round_stepper.png")
    lab.assert_clean()
