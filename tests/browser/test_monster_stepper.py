"""The monster stepper in a real JupyterLab: step to the target criterion, settle a tie by a tap.

Two steppers in one notebook. The first shows an Orc as far from the Adventurer (STR 9) as
from the Mage (STR 4): the reader presses Next until the criterion that decides, and the trace
panel must name *Target of a Monster*, the lower-STR criterion and the Mage. The second shows
a tie the rules leave to the players (equal distance, equal STR), already stepped to the
question in the notebook: the reader taps the Mage on the Bokeh board, steps on with Next to
the next tie (two squares), picks a square in the list and presses Choose; the stepper must
end with the Orc attacking the Mage, with no widget error.

Where to click is worked out in this process by a *mirror*: the same :class:`MonsterStepper`
driven through the same steps from Python (the board's frame is its whole canvas, so a
square's pixel is the canvas box's corner plus :meth:`BoardView.pixel_of`). Round trips are
printed and recorded, never asserted on.
"""

from __future__ import annotations

import json
import os
import time

import pytest

from doria_nb.engine.geometry import Square
from doria_nb.ui.monster_stepper import MonsterStepper

pytestmark = pytest.mark.browser

STR_CHOICE = """
map:
  #D#######
  #A..o..M#
  #########
figures:
  o = monster Orc
  M = hero Mage STR 4
  A = hero Adventurer STR 9
"""

TIE = """
map:
  #D#########
  #....o....#
  #.........#
  #.M.....A.#
  ###########
figures:
  o = monster Orc
  M = hero Mage STR 4
  A = hero Adventurer STR 4
"""

MAGE_IN_TIE = Square(2, 3)
TAP_GAP = 0.5
"""Seconds before a tap: Bokeh merges taps closer than about 0.3 s into a double tap."""


def text_js(index: int, selector: str) -> str:
    """A JS expression: the text of ``selector`` inside the ``index``-th stepper ('' if
    missing)."""
    return (
        f"(document.querySelectorAll('.doria-monster-stepper')[{index}]"
        f"?.querySelector({json.dumps(selector)})?.textContent || '')"
    )


def includes(index: int, selector: str, words: str) -> str:
    return f"{text_js(index, selector)}.includes({json.dumps(words)})"


def step_label(mirror: MonsterStepper) -> str:
    return f"Step {mirror.stage + 1} of {len(mirror.stages)}"


def click_next(lab, stepper, index: int, mirror: MonsterStepper, timings: list[float]) -> None:
    """Press Next in the page and in the mirror; wait until the page shows the new step."""
    mirror.next()
    seconds = lab.round_trip(
        lambda: stepper.locator("button.doria-stepper-next").first.click(),
        includes(index, ".doria-stepper-position", step_label(mirror)),
        name=f"Next -> {mirror.current.title}",
    )
    timings.append(seconds)


def test_step_to_the_target_criterion_and_settle_a_tie(lab) -> None:
    name = "_monster_stepper.ipynb"
    lab.server.write_notebook(
        name,
        "from doria_nb.book import setup\n\nsetup()",
        "from doria_nb.ui.monster_stepper import MonsterStepper\n\n"
        f"choice = MonsterStepper({STR_CHOICE!r})\nchoice",
        f"tie = MonsterStepper({TIE!r})\n"
        "while tie.stage < len(tie.stages) - 1:\n    tie.next()\ntie",
    )
    lab.open(name)
    lab.run_all()
    lab.assert_clean()
    page = lab.page
    timings: list[float] = []

    # 1. Step to the criterion that decides between the Adventurer and the Mage.
    first = page.locator(".doria-monster-stepper").nth(0)
    first.wait_for()
    mirror = MonsterStepper(STR_CHOICE)
    lab.wait_for(includes(0, ".doria-stepper-position", step_label(mirror)))
    while "lower STR" not in mirror.current.title:
        click_next(lab, first, 0, mirror, timings)
    panel = first.locator(".doria-trace-panel").first.text_content() or ""
    assert "Target of a Monster" in panel
    assert "lower STR" in panel
    assert "Mage (M)" in panel
    assert "Mage (M) STR 4" in panel

    # 2. A tie: tap the Mage on the board, then pick a square in the list.
    second = page.locator(".doria-monster-stepper").nth(1)
    tie = MonsterStepper(TIE)
    while tie.stage < len(tie.stages) - 1:
        tie.next()
    lab.wait_for(includes(1, ".doria-stepper-position", step_label(tie)))
    assert "The players decide" in (second.locator(".doria-trace-panel").first.text_content() or "")
    canvas = second.locator(".doria-board canvas").first
    canvas.wait_for(timeout=30_000)
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    width, height = tie.board.figure.width, tie.board.figure.height
    assert (round(box["width"]), round(box["height"])) == (width, height), box
    x, y = tie.board.pixel_of(MAGE_IN_TIE)
    time.sleep(TAP_GAP)
    tap = lab.round_trip(
        lambda: page.mouse.click(box["x"] + x, box["y"] + y),
        includes(1, ".doria-status", "The players chose Mage (M)"),
        name="tap the Mage on the board -> target chosen",
    )
    tie.choose("M")
    lab.wait_for(includes(1, ".doria-stepper-position", step_label(tie)))
    while tie.current.kind != "pending":
        click_next(lab, second, 1, tie, timings)
    square = tie.current.options[-1]
    sx, sy = square.split(",")
    words = f"({sx}, {sy})"
    second.locator(".doria-tie-options select").first.select_option(label=words)
    lab.round_trip(
        lambda: second.locator("button.doria-tie-choose").first.click(),
        includes(1, ".doria-status", f"The players chose {words}"),
        name="Choose a square from the list -> route chosen",
    )
    tie.choose(square)
    while tie.stage < len(tie.stages) - 1:
        click_next(lab, second, 1, tie, timings)
    assert tie.current.kind == "attack"
    panel = second.locator(".doria-trace-panel").first.text_content() or ""
    assert "attacks Mage (M)" in panel
    code = second.locator(".doria-situation-code input").first.input_value()
    assert code == tie.situation.code  # the share code, ready to copy

    print(
        f"\nMonsterStepper round trips: Next x{len(timings)}: "
        + ", ".join(f"{t:.3f}" for t in timings)
        + f" s (median {sorted(timings)[len(timings) // 2]:.3f} s); board tap {tap:.3f} s"
    )
    if shots := os.environ.get("DORIA_SCREENSHOTS"):
        second.screenshot(path=f"{shots}/monster_stepper.png")
    lab.assert_clean()
