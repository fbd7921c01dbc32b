"""The dice chapter in a real JupyterLab: run it all, then use its CheckRoller like a reader.

A reader types a new attack expression, sees the exact odds and the chart change before
rolling, presses Roll and gets a result whose landing the chart marks; a malformed expression
shows the engine's message in the widget and changes nothing else.
"""

from __future__ import annotations

import os

import pytest

pytestmark = pytest.mark.browser

ROLLER = ".doria-check-roller >> nth=0"


def text_of(lab, selector: str) -> str:
    # textContent, not innerText: JupyterLab skips rendering off-screen cells
    # (content-visibility), and innerText of skipped content is empty.
    return lab.page.locator(f"{ROLLER} >> {selector}").first.text_content() or ""


def js_text(selector: str) -> str:
    """A JS expression giving the text of ``selector`` inside the first CheckRoller."""
    return (
        "(document.querySelector('.doria-check-roller')"
        f".querySelector('{selector}')?.textContent || '')"
    )


def test_dice_chapter_check_roller(lab) -> None:
    lab.open("02_dice.ipynb")
    lab.run_all()
    lab.assert_clean()

    roller = lab.page.locator(ROLLER)
    roller.wait_for()
    roller.scroll_into_view_if_needed()
    # The Bokeh chart rendered through jupyter_bokeh (its canvas lives in a shadow root).
    roller.locator(".doria-chart canvas").first.wait_for(timeout=30_000)
    odds_before = text_of(lab, ".doria-odds")
    caption_before = text_of(lab, ".doria-chart-caption")
    assert "%" in odds_before

    attack = roller.locator(".doria-attack-input input").first
    attack.fill("5D+2")
    lab.round_trip(
        lambda: attack.press("Enter"),
        f"{js_text('.doria-odds')} !== {odds_before!r}",
        name="new attack expression -> odds",
    )
    odds_after = text_of(lab, ".doria-odds")
    assert odds_after != odds_before
    lab.wait_for(f"{js_text('.doria-chart-caption')} !== {caption_before!r}")

    explanation_before = text_of(lab, ".doria-explanation")
    roll_button = roller.locator("button.doria-roll-button").first
    lab.round_trip(
        lambda: roll_button.click(),
        f"{js_text('.doria-explanation')}.includes('Attack 5D+2')",
        name="Roll click -> explanation",
    )
    explanation = text_of(lab, ".doria-explanation")
    assert explanation != explanation_before
    if shots := os.environ.get("DORIA_SCREENSHOTS"):
        roller.screenshot(path=f"{shots}/dice_chapter_check_roller.png")
    lab.wait_for(f"{js_text('.doria-chart-caption')}.includes('The roll landed on')")
    assert "The roll landed on" in text_of(lab, ".doria-chart-caption")
    assert "5D+2" in text_of(lab, ".doria-dice-tray")

    attack.fill("3d+")
    lab.round_trip(
        lambda: attack.press("Enter"),
        f"{js_text('.doria-error')}.includes('no number follows')",
        name="bad expression -> error shown",
    )
    assert roll_button.is_disabled()
    assert text_of(lab, ".doria-odds") == odds_after  # the last good odds stay
    assert text_of(lab, ".doria-explanation") == explanation
    lab.assert_clean()
