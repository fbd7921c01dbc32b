"""Smoke tests in a real browser: the welcome chapter runs clean, and a Bokeh board renders
through jupyter_bokeh with every request to anything but 127.0.0.1 blocked (no CDN)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_welcome_chapter_runs_clean(lab):
    welcome = lab.server.root / "00_welcome.ipynb"
    assert welcome.exists(), "chapters/00_welcome.ipynb is missing"
    lab.open("00_welcome.ipynb")
    lab.run_all()
    lab.assert_clean()
    # The launcher's setting defaults keep JupyterLab from asking about its news feed.
    assert lab.page.get_by_text("official Jupyter news").count() == 0


# The board libraries are imported before setup() and the board is shown in the very next
# cell: under "Run All" that is the tightest race between loading BokehJS and rendering a board.
SETUP = """\
import os

from bokeh.plotting import figure
from jupyter_bokeh import BokehModel

from doria_nb.book import setup

{environment}
setup()"""

BOARD = """\
board = figure(width=320, height=220, title="smoke board", toolbar_location=None)
board.scatter([1, 2, 3], [3, 1, 2], size=14, marker="square")
view = BokehModel(board)
view.add_class("doria-smoke-board")
view"""

BUTTON = """\
import ipywidgets as widgets

button = widgets.Button(description="Roll")
label = widgets.Label("rolled 0")
button.add_class("doria-smoke-button")
label.add_class("doria-smoke-label")
rolls = 0


def on_click(_):
    global rolls
    rolls += 1
    label.value = f"rolled {rolls}"


button.on_click(on_click)
widgets.HBox([button, label])"""


EXPECTED_SETUP = {
    "server": "BookSetup(bokeh='server', root_url='/')",
    "inline": "BookSetup(bokeh='inline', root_url=None)",
}


@pytest.mark.parametrize("mode", ["server", "inline"])
def test_bokeh_board_renders_offline(lab, mode):
    """``server``: as under ``doria-nb``; ``inline``: as under a plain ``jupyter lab``."""
    environment = "" if mode == "server" else 'os.environ.pop("DORIA_NB_BOKEH", None)'
    name = f"_smoke_bokeh_{mode}.ipynb"
    lab.server.write_notebook(name, SETUP.format(environment=environment), BOARD, BUTTON)
    lab.open(name)
    lab.run_all()

    first_output = lab.page.locator(".jp-CodeCell").first.locator(".jp-OutputArea").inner_text()
    assert EXPECTED_SETUP[mode] in first_output

    # Bokeh draws in shadow DOM; Playwright's CSS selectors pierce open shadow roots.
    lab.page.locator(".doria-smoke-board canvas").first.wait_for(state="visible")
    requested = lab.page.evaluate(
        "() => performance.getEntriesByType('resource').map(e => e.name)"
        ".filter(n => n.includes('bokeh') && n.endsWith('.min.js'))"
    )
    if mode == "server":
        assert any(url.endswith("/static/js/bokeh.min.js") for url in requested), requested
        assert all(url.startswith(lab.server.url) for url in requested), requested
    else:
        assert requested == [], requested

    # A widget click goes through the kernel and comes back to the DOM.
    for clicks in (1, 2, 3):
        lab.round_trip(
            lambda: lab.page.locator(".doria-smoke-button").click(),
            f"document.querySelector('.doria-smoke-label')?.textContent === 'rolled {clicks}'",
            name="button click -> Python -> label",
        )

    lab.assert_clean()
    assert not any("cdn" in url for url in lab.blocked), lab.blocked
