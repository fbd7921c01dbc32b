"""The dice chapter in a real JupyterLab: run it all, then use its CheckRoller like a reader.

A reader types a new attack expression, sees the exact odds and the chart change before
rolling, presses Roll and gets a result whose landing the chart marks; a malformed expression
shows the engine's message in the widget and changes nothing else.

Right after Run All, every roller's Bokeh chart shows its odds: the bars the caption lists,
painted in their colours, under a title naming the situation (the chart used to show an empty
frame: see :mod:`doria_nb.ui.bokeh_widget`).
"""

from __future__ import annotations

import io
import os
import time

import pytest
from PIL import Image

from doria_nb.ui.outcome_chart import KIND_COLOURS

pytestmark = pytest.mark.browser

ROLLER = ".doria-check-roller >> nth=0"
BAR_PIXELS = 100
"""Fewest pixels of a bar colour that count as bars drawn (a hit bar alone has thousands)."""


VIEW = ".doria-check-roller"
"""The widget view whose texts the predicates read."""


def text_of(lab, selector: str) -> str:
    # textContent, not innerText: JupyterLab skips rendering off-screen cells
    # (content-visibility), and innerText of skipped content is empty.
    return lab.page.locator(f"{ROLLER} >> {selector}").first.text_content() or ""


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
        f"{lab.text_of(VIEW, '.doria-odds')} !== {odds_before!r}",
        name="new attack expression -> odds",
    )
    odds_after = text_of(lab, ".doria-odds")
    assert odds_after != odds_before
    lab.wait_for(f"{lab.text_of(VIEW, '.doria-chart-caption')} !== {caption_before!r}")

    explanation_before = text_of(lab, ".doria-explanation")
    roll_button = roller.locator("button.doria-roll-button").first
    lab.round_trip(
        lambda: roll_button.click(),
        f"{lab.text_of(VIEW, '.doria-explanation')}.includes('Attack 5D+2')",
        name="Roll click -> explanation",
    )
    explanation = text_of(lab, ".doria-explanation")
    assert explanation != explanation_before
    if shots := os.environ.get("DORIA_SCREENSHOTS"):
        roller.screenshot(path=f"{shots}/dice_chapter_check_roller.png")
    lab.wait_for(f"{lab.text_of(VIEW, '.doria-chart-caption')}.includes('The roll landed on')")
    assert "The roll landed on" in text_of(lab, ".doria-chart-caption")
    assert "5D+2" in text_of(lab, ".doria-dice-tray")

    attack.fill("3d+")
    lab.round_trip(
        lambda: attack.press("Enter"),
        f"{lab.text_of(VIEW, '.doria-error')}.includes('no number follows')",
        name="bad expression -> error shown",
    )
    assert roll_button.is_disabled()
    assert text_of(lab, ".doria-odds") == odds_after  # the last good odds stay
    assert text_of(lab, ".doria-explanation") == explanation
    lab.assert_clean()


# The BokehJS side of the n-th roller's chart: the plot view rendered inside its widget (views
# of every Bokeh root on the page are in ``Bokeh.index``), its title and the labels of its bars.
_CHART_STATE_JS = """
(n) => {
  const roller = document.querySelectorAll('.doria-check-roller')[n];
  const chart = roller?.querySelector('.doria-chart');
  if (!chart || !window.Bokeh || !window.Bokeh.index) return null;
  const view = Object.values(window.Bokeh.index).find((v) => chart.contains(v.el));
  if (!view) return null;
  const source = view.model.renderers
    .map((r) => r.data_source)
    .find((s) => s && s.get_column && s.get_column('label') != null);
  const title = view.model.title;
  return {
    title: title == null ? null : (typeof title === 'string' ? title : title.text),
    labels: source ? Array.from(source.get_column('label')) : [],
  };
}
"""


def colour_counts(png: bytes, colours: dict[str, str], tolerance: int = 4) -> dict[str, int]:
    """How many pixels of the screenshot ``png`` have each ``#RRGGBB`` colour (per channel
    within ``tolerance``): the bars are filled with flat colours."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    wanted = {
        name: tuple(int(value[i : i + 2], 16) for i in (1, 3, 5)) for name, value in colours.items()
    }
    counts = dict.fromkeys(colours, 0)
    for count, pixel in image.getcolors(image.width * image.height) or ():
        for name, rgb in wanted.items():
            if all(abs(a - b) <= tolerance for a, b in zip(pixel, rgb, strict=True)):
                counts[name] += count
    return counts


def test_dice_chapter_outcome_charts_show_their_bars_after_run_all(lab) -> None:
    """jupyter_bokeh dropped the chart's first odds (set before the view existed), so each
    roller's chart showed an empty frame titled "Outcome odds" until the first change."""
    lab.open("02_dice.ipynb")
    lab.run_all()
    lab.assert_clean()

    rollers = lab.page.locator(".doria-check-roller")
    count = rollers.count()
    assert count >= 1, "the dice chapter shows no CheckRoller"
    colours = {kind.value: colour for kind, colour in KIND_COLOURS.items()}
    for n in range(count):
        roller = rollers.nth(n)
        roller.scroll_into_view_if_needed()
        canvas = roller.locator(".doria-chart canvas").first
        canvas.wait_for(timeout=30_000)
        deadline = time.monotonic() + 30
        state = lab.page.evaluate(_CHART_STATE_JS, n)
        while not (state and state["labels"]) and time.monotonic() < deadline:
            time.sleep(0.2)
            state = lab.page.evaluate(_CHART_STATE_JS, n)
        assert state and state["labels"], f"chart {n} in the browser: {state}"
        # The bars are those the caption lists (the caption is a plain HTML widget).
        caption = roller.locator(".doria-chart-caption li").all_text_contents()
        assert state["labels"] == [item.rsplit(":", 1)[0] for item in caption]
        # The title names the situation, as the odds panel does.
        odds = roller.locator(".doria-odds p").first.text_content() or ""
        situation = odds.split("Exact odds before rolling: ", 1)[1]
        assert state["title"].startswith("Outcome odds: ")
        assert situation.startswith(state["title"].removeprefix("Outcome odds: "))
        # And the bars are painted: the canvas holds their colours.
        deadline = time.monotonic() + 15
        counts = colour_counts(canvas.screenshot(), colours)
        while min(counts["hit"], counts["miss"]) < BAR_PIXELS and time.monotonic() < deadline:
            time.sleep(0.2)
            counts = colour_counts(canvas.screenshot(), colours)
        assert min(counts["hit"], counts["miss"]) >= BAR_PIXELS, counts
        if shots := os.environ.get("DORIA_SCREENSHOTS"):
            canvas.screenshot(path=f"{shots}/dice_chapter_outcome_chart_{n}.png")
