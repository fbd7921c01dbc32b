"""``doria_nb.book.setup()``: BokehJS from the Jupyter server under doria-nb, inline elsewhere."""

from __future__ import annotations

import importlib

import bokeh.io
import bokeh.io.notebook
import IPython.display
import pytest
from bokeh.io.state import curstate

from doria_nb.book import BookSetup, setup

# ``doria_nb.book.setup`` is the function; the module is reached through sys.modules.
setup_mod = importlib.import_module("doria_nb.book.setup")

LOAD_MIME = "application/vnd.bokehjs_load.v0+json"


@pytest.fixture(autouse=True)
def clean_bokeh_state():
    """setup() switches Bokeh's global state to notebook output; undo that after each test."""
    loaded = bokeh.io.notebook._NOTEBOOK_LOADED
    yield
    curstate().reset()
    bokeh.io.notebook._NOTEBOOK_LOADED = loaded


@pytest.fixture
def published(monkeypatch):
    """Everything setup() publishes; nothing reaches a real display."""
    calls = {"output_notebook": [], "display": []}
    monkeypatch.setattr(
        bokeh.io, "output_notebook", lambda **kwargs: calls["output_notebook"].append(kwargs)
    )
    monkeypatch.setattr(
        IPython.display, "publish_display_data", lambda data, **_: calls["display"].append(data)
    )
    return calls


def test_plain_jupyter_loads_bokehjs_inline(monkeypatch, published):
    monkeypatch.delenv("DORIA_NB_BOKEH", raising=False)
    monkeypatch.delenv("DORIA_NB_BOKEH_ROOT", raising=False)
    assert setup() == BookSetup("inline")
    [call] = published["output_notebook"]
    assert call["resources"].mode == "inline"
    assert call["hide_banner"] is True
    assert published["display"] == []


def test_under_the_launcher_bokehjs_comes_from_the_jupyter_server(monkeypatch, published):
    monkeypatch.setenv("DORIA_NB_BOKEH", "server")
    monkeypatch.setenv("DORIA_NB_BOKEH_ROOT", "/user/ada/")
    assert setup() == BookSetup("server", "/user/ada/")
    assert published["output_notebook"] == []
    [data] = published["display"]
    assert set(data) == {"application/javascript", LOAD_MIME}
    script = data[LOAD_MIME]
    assert '"/user/ada/static/js/bokeh.min.js"' in script
    assert "XMLHttpRequest" in script
    assert "const js_urls = [];" in script  # nothing left for the asynchronous loader
    assert "cdn.bokeh.org" not in script
    assert len(script) < 50_000  # the library itself is not in the output
    assert curstate().notebook  # bokeh.io.show() now targets the notebook
    assert bokeh.io.notebook._NOTEBOOK_LOADED.mode == "server"


def test_server_root_defaults_to_slash(monkeypatch, published):
    monkeypatch.setenv("DORIA_NB_BOKEH", "server")
    monkeypatch.delenv("DORIA_NB_BOKEH_ROOT", raising=False)
    assert setup() == BookSetup("server", "/")
    assert '"/static/js/bokeh.min.js"' in published["display"][0][LOAD_MIME]


def test_setup_is_idempotent(monkeypatch, published):
    monkeypatch.setenv("DORIA_NB_BOKEH", "server")
    monkeypatch.setenv("DORIA_NB_BOKEH_ROOT", "/")
    first, second = setup(), setup()
    assert first == second == setup_mod.current()
    # Each call republishes the same loader (a reloaded page needs it again).
    assert published["display"][0] == published["display"][1]


def test_the_result_reads_the_same_every_time():
    assert repr(BookSetup("server", "/")) == "BookSetup(bokeh='server', root_url='/')"
    assert repr(BookSetup("inline")) == "BookSetup(bokeh='inline', root_url=None)"
