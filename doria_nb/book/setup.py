"""``setup()``: what the first cell of every chapter runs.

It makes BokehJS available to the board views (``jupyter_bokeh.BokehModel`` widgets) without
any CDN, so the book works offline and in classrooms behind a firewall:

* under ``doria-nb`` (:mod:`doria_nb.launch`), Jupyter itself serves the installed bokeh
  package's static files and says so through ``DORIA_NB_BOKEH=server`` and
  ``DORIA_NB_BOKEH_ROOT=<base url>``; the browser loads ``<base url>static/js/bokeh.min.js``
  (and its companions) from that same server, and saved notebooks stay small;
* anywhere else (a plain ``jupyter lab``, Binder, JupyterHub) we cannot know that the server
  serves those files, so BokehJS is sent inline with the cell output
  (``output_notebook(resources=INLINE)``, about 8 MB, always works).

What we checked (jupyter_bokeh 4.1.0, bokeh 3.9.2, JupyterLab 4.6):

* jupyter_bokeh does not bundle BokehJS. Its ``BokehView.render`` calls
  ``window.Bokeh.require`` straight away, so the global ``Bokeh`` must exist *before* a
  ``BokehModel`` view renders, or the view shows "Error displaying widget". The maintainers'
  answer is to call ``bokeh.io.output_notebook()`` first (jupyter_bokeh issue #150; Bokeh's
  docs: it is always required in a notebook). ``output_notebook`` publishes one output of MIME
  type ``application/vnd.bokehjs_load.v0+json``; jupyter_bokeh's lab extension renders it by
  inserting its text as an inline ``<script>``.
* With ``INLINE`` resources that script defines ``Bokeh`` synchronously: safe.
* With ``Resources(mode="server")`` Bokeh's loader only injects ``<script src=...>`` tags, which
  load asynchronously. Under "Run All", a board displayed in the cell right after ``setup()``
  was rendered before ``Bokeh`` existed in 3 of 5 browser runs. So in server mode we publish
  the same Bokeh loader (``bokeh.io.notebook._loading_js``, private API of the pinned bokeh)
  with one change: the library files are fetched with a *synchronous* same-origin request and
  run as inline scripts, so ``Bokeh`` exists as soon as the setup output is rendered, which is
  before any later output of the notebook. The files come from localhost; the page blocks for
  a fraction of a second, once per page (Chromium logs a deprecation warning, not an error).

``setup()`` returns a :class:`BookSetup` naming the mode; its repr is deterministic (nbval).

>>> BookSetup("inline")
BookSetup(bokeh='inline', root_url=None)
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

BOKEH_ENV = "DORIA_NB_BOKEH"
"""``"server"`` when the launcher made Jupyter serve BokehJS (see :mod:`doria_nb.launch`)."""

BOKEH_ROOT_ENV = "DORIA_NB_BOKEH_ROOT"
"""The Jupyter server's base URL; BokehJS is at ``<root>static/js/bokeh.min.js``."""

LOAD_TIMEOUT_MS = 5000
"""How long Bokeh's loader waits for the library (Bokeh's default)."""

BokehMode = Literal["server", "inline"]


@dataclass(frozen=True)
class BookSetup:
    """How this kernel loads BokehJS: ``"server"`` (from ``root_url``) or ``"inline"``."""

    bokeh: BokehMode
    root_url: str | None = None


_current: BookSetup | None = None


def book_setup_from_env(environ: Mapping[str, str] | None = None) -> BookSetup:
    """The :class:`BookSetup` the environment asks for (nothing is displayed).

    >>> book_setup_from_env({"DORIA_NB_BOKEH": "server", "DORIA_NB_BOKEH_ROOT": "user/x"})
    BookSetup(bokeh='server', root_url='/user/x/')
    >>> book_setup_from_env({})
    BookSetup(bokeh='inline', root_url=None)
    """
    environ = os.environ if environ is None else environ
    if environ.get(BOKEH_ENV, "").strip().lower() == "server":
        root = (environ.get(BOKEH_ROOT_ENV) or "/").strip("/")
        return BookSetup("server", "/" + root + "/" if root else "/")
    return BookSetup("inline")


def setup() -> BookSetup:
    """Prepare this kernel for the book's widgets and return how BokehJS is loaded.

    Safe to call any number of times: every call gives the same answer for the same
    environment and publishes the BokehJS loader again, which a reloaded browser page needs
    (in server mode the browser skips files it already ran).
    """
    global _current
    chosen = book_setup_from_env()
    if chosen.bokeh == "server":
        assert chosen.root_url is not None
        load_server_bokehjs(chosen.root_url)
    else:
        from bokeh.io import output_notebook
        from bokeh.resources import INLINE

        output_notebook(resources=INLINE, hide_banner=True)
    _current = chosen
    return chosen


def current() -> BookSetup | None:
    """The result of the last :func:`setup` call in this kernel, or ``None``."""
    return _current


_SYNC_LOADER = """\
(function (root) {
  // doria-nb: load BokehJS from the Jupyter server synchronously, so that the global Bokeh
  // exists before any board (jupyter_bokeh BokehModel) renders. See doria_nb.book.setup.
  const key = "_doria_nb_bokehjs";
  const version = %(version)s;
  if (root.Bokeh !== undefined && root[key] === version) {
    return;
  }
  for (const url of %(urls)s) {
    const request = new XMLHttpRequest();
    request.open("GET", url, false);
    request.send(null);
    if (request.status !== 200) {
      throw new Error("doria-nb: BokehJS could not be loaded from " + url +
                      " (HTTP " + request.status + "). Restart the book with doria-nb.");
    }
    const script = document.createElement("script");
    script.textContent = request.responseText + "\\n//# sourceURL=" + url;
    document.head.appendChild(script);
    script.remove();
  }
  root[key] = version;
})(window);
"""


def server_loader_js(root_url: str) -> tuple[str, str]:
    """Bokeh's notebook loader for BokehJS served under ``root_url``, made synchronous.

    Returns the ``application/javascript`` and the ``application/vnd.bokehjs_load.v0+json``
    texts that :func:`load_server_bokehjs` publishes.
    """
    from bokeh import __version__
    from bokeh.embed.bundle import Bundle, bundle_for_objs_and_resources
    from bokeh.io.notebook import _loading_js
    from bokeh.resources import Resources

    resources = Resources(mode="server", root_url=root_url)
    bundle = bundle_for_objs_and_resources(None, resources)
    urls = [file.url for file in bundle.js_files]
    loader = _SYNC_LOADER % {"version": json.dumps(__version__), "urls": json.dumps(urls)}
    synchronous = Bundle(
        js_files=[],  # nothing left for Bokeh's asynchronous <script src> loader
        js_raw=[loader, *bundle.js_raw],
        css_files=bundle.css_files,
        css_raw=bundle.css_raw,
        hashes=bundle.hashes,
    )
    notebook_js = _loading_js(synchronous, None, LOAD_TIMEOUT_MS, register_mime=True)
    lab_js = _loading_js(synchronous, None, LOAD_TIMEOUT_MS, register_mime=False)
    return notebook_js, lab_js


def load_server_bokehjs(root_url: str) -> None:
    """What ``output_notebook(resources=Resources(mode="server", root_url=root_url),
    hide_banner=True)`` does, with the synchronous loader of :func:`server_loader_js`."""
    from bokeh.io import notebook
    from bokeh.io.state import curstate
    from bokeh.resources import Resources
    from IPython.display import publish_display_data

    notebook_js, lab_js = server_loader_js(root_url)
    curstate().output_notebook("jupyter")
    notebook._NOTEBOOK_LOADED = Resources(mode="server", root_url=root_url)
    publish_display_data({notebook.JS_MIME_TYPE: notebook_js, notebook.LOAD_MIME_TYPE: lab_js})
