"""Browser tests: Playwright drives Debian's Chromium against a real JupyterLab on 127.0.0.1.

Fixtures (all a test needs; nothing here is imported by test modules):

``lab_server`` (session)
    A JupyterLab started through :func:`doria_nb.launch.lab_command` (the ``doria-nb``
    configuration) on a free port of 127.0.0.1 with a random token, serving a temporary copy of
    ``chapters/`` (autosave never writes into the repository). A :class:`LabServer`: ``.url``
    (base URL, ends with ``/``), ``.token``, ``.root`` (the copy: write extra notebooks there),
    ``.startup_seconds``. Always stopped at the end: SIGTERM to its process group (the server
    shuts its kernels down), SIGKILL if it hangs.
``browser`` (session)
    A headless Chromium (Playwright sync API, ``executable_path=shutil.which("chromium")``).
    Skips when Playwright or Chromium is missing, unless ``DORIA_REQUIRE_BROWSER=1`` (CI):
    then the test fails instead.
``lab`` (function)
    A :class:`Lab`: a fresh browser context and page whose requests to anything but
    127.0.0.1/localhost are blocked and recorded (``lab.blocked``), whose console errors and
    page errors are recorded, and which knows how to open a notebook, run all cells, wait, find
    errors and time a click's round trip: ``open(name)``, ``run_all()``, ``settle()``,
    ``wait_for(js)``, ``round_trip(action, js)``, ``cell_errors()``, ``stderr_outputs()``,
    ``widget_errors()``, ``assert_clean()``; ``lab.page`` is the Playwright page. Example::

        @pytest.mark.browser
        def test_dice_chapter(lab):
            lab.open("02_dice.ipynb")
            lab.run_all()
            lab.assert_clean()                      # no cell error, widget error, console error
            seconds = lab.round_trip(
                lambda: lab.page.locator(".doria-dice-tray button").first.click(),
                "document.querySelector('.doria-dice-tray .verdict')?.textContent.includes('HIT')",
            )

Timings (Lab startup, run-all, round trips) are printed in the terminal summary.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from doria_nb.launch import lab_command, write_lab_config

REPO = Path(__file__).resolve().parents[2]
CHAPTERS = REPO / "chapters"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

LAB_START_TIMEOUT = 120.0
"""Seconds JupyterLab may take to answer (two shared cores, cold caches)."""

ALLOWED_HOSTS = {"127.0.0.1", "localhost"}

WIDGET_ERROR_TEXTS = (
    "Error displaying widget",
    "Failed to load model class",
    "Failed to load view class",
    "Could not create a model",
    "Could not create a view",
    "Uncaught",
    "Javascript Error",
    "Error rendering output",
    "BokehJS does not appear to have successfully loaded",
    "failed to load",
)
"""Texts that mean a widget or an output failed in the browser (matched case-sensitively)."""

TIMINGS: list[tuple[str, float]] = []
"""(what, seconds) measured during the session; printed in the terminal summary."""


def record_timing(what: str, seconds: float) -> None:
    """Remember a measured duration for the end-of-session summary."""
    TIMINGS.append((what, seconds))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if TIMINGS:
        terminalreporter.section("browser timings")
        for what, seconds in TIMINGS:
            terminalreporter.write_line(f"{what}: {seconds:.2f} s")


def unavailable(reason: str) -> None:
    """Skip, or fail when ``DORIA_REQUIRE_BROWSER=1`` (CI must not silently skip)."""
    if os.environ.get("DORIA_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason} (DORIA_REQUIRE_BROWSER=1, so this is a failure)", pytrace=False)
    pytest.skip(reason)


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# --------------------------------------------------------------------------------------------
# JupyterLab


@dataclass
class LabServer:
    """A running JupyterLab; see the module docstring."""

    url: str
    token: str
    root: Path
    process: subprocess.Popen[bytes]
    log: Path
    startup_seconds: float

    def notebook_url(self, name: str) -> str:
        """The URL that opens ``name`` with a reset workspace (no restored tabs)."""
        return f"{self.url}lab/tree/{name}?reset&token={self.token}"

    def api(self, path: str, method: str = "GET") -> Any:
        request = urllib.request.Request(
            f"{self.url}{path}",
            method=method,
            headers={"Authorization": f"token {self.token}"},
            data=b"" if method == "POST" else None,
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def write_notebook(self, name: str, *sources: str) -> str:
        """Write a notebook of code cells ``sources`` into the book root; returns ``name``."""
        import nbformat

        notebook = nbformat.v4.new_notebook()
        notebook.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3 (ipykernel)",
            "language": "python",
        }
        notebook.cells = [nbformat.v4.new_code_cell(source) for source in sources]
        nbformat.write(notebook, self.root / name)
        return name

    def log_tail(self, lines: int = 40) -> str:
        text = self.log.read_text(encoding="utf-8", errors="replace")
        return "\n".join(text.splitlines()[-lines:])


def wait_until_answering(url: str, process: subprocess.Popen[bytes], timeout: float) -> None:
    """Poll ``url`` until it answers 200; fail early if ``process`` exits."""
    deadline = time.monotonic() + timeout
    last_error: object = None
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"JupyterLab exited with code {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
            last_error = error
        time.sleep(0.25)
    raise TimeoutError(f"JupyterLab did not answer {url} within {timeout:.0f} s: {last_error}")


def stop_process_group(process: subprocess.Popen[bytes], timeout: float = 15.0) -> None:
    """SIGTERM the process group started with ``start_new_session``; SIGKILL if it lingers."""
    if process.poll() is not None:
        return
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=timeout)
            return
        except subprocess.TimeoutExpired:
            continue


def copy_chapters(target: Path) -> None:
    """Copy the repository's chapters into ``target`` (never the checkpoints)."""
    if CHAPTERS.is_dir():
        shutil.copytree(
            CHAPTERS,
            target,
            dirs_exist_ok=True,
            ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"),
        )


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    root = tmp_path_factory.mktemp("book")
    copy_chapters(root)
    state = tmp_path_factory.mktemp("jupyter-state")
    config_dir = write_lab_config(state / "config")
    base_env = dict(os.environ)
    base_env.update(
        JUPYTERLAB_SETTINGS_DIR=str(state / "user-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(state / "workspaces"),
        JUPYTER_RUNTIME_DIR=str(state / "runtime"),
        PYTHONUNBUFFERED="1",
    )
    token = secrets.token_hex(16)
    port = _free_port()
    argv, env = lab_command(
        root,
        port=port,
        ip="127.0.0.1",
        token=token,
        config_dir=config_dir,
        extra=["--no-browser", "--LabApp.expose_app_in_browser=True"],
        base_env=base_env,
    )
    log = state / "lab.log"
    url = f"http://127.0.0.1:{port}/"
    started = time.monotonic()
    with log.open("wb") as log_file:
        process = subprocess.Popen(
            argv,
            env=env,
            cwd=root,
            stdin=subprocess.DEVNULL,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = LabServer(url, token, root, process, log, 0.0)
    try:
        try:
            wait_until_answering(f"{url}api/status?token={token}", process, LAB_START_TIMEOUT)
        except (RuntimeError, TimeoutError) as error:
            pytest.fail(f"{error}\n--- lab log ---\n{server.log_tail()}", pytrace=False)
        server.startup_seconds = time.monotonic() - started
        record_timing("JupyterLab startup (until /api/status answers)", server.startup_seconds)
        yield server
    finally:
        # SIGTERM makes jupyter_server shut its kernels down (they run in their own sessions)
        # before it exits; SIGKILL only if it hangs.
        stop_process_group(process)


# --------------------------------------------------------------------------------------------
# Browser


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Playwright is not installed (uv sync installs the dev group)")
    executable = find_chromium()
    if executable is None:
        unavailable("Chromium is not on PATH (apt-get install -y chromium)")
    playwright = sync_playwright().start()
    try:
        try:
            browser = playwright.chromium.launch(
                executable_path=executable, headless=True, args=CHROMIUM_ARGS
            )
        except Exception as error:
            unavailable(f"Chromium at {executable} did not start: {error}")
        try:
            yield browser
        finally:
            browser.close()
    finally:
        playwright.stop()


# --------------------------------------------------------------------------------------------
# The page helper


_CELL_ERRORS_JS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const found = [];
  if (!panel || !panel.content || !panel.content.widgets) return found;
  panel.content.widgets.forEach((cell, index) => {
    if (cell.model.type !== 'code') return;
    const outputs = cell.model.outputs;
    for (let j = 0; j < outputs.length; j++) {
      const output = outputs.get(j).toJSON();
      if (output.output_type === 'error') {
        found.push(`cell ${index}: ${output.ename}: ${output.evalue}`);
      }
    }
  });
  return found;
}
"""

_WATCH_MUTATIONS_JS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const node = panel ? panel.node : document.body;
  if (window.__doriaObserved === node) return;
  if (window.__doriaObserver) window.__doriaObserver.disconnect();
  window.__doriaLastMutation = performance.now();
  window.__doriaObserver = new MutationObserver(() => {
    window.__doriaLastMutation = performance.now();
  });
  window.__doriaObserver.observe(node, {childList: true, subtree: true, characterData: true});
  window.__doriaObserved = node;
}
"""

_BUSY_JS = """
() => {
  const prompts = document.querySelectorAll('.jp-Notebook .jp-InputArea-prompt');
  return Array.from(prompts).some(p => p.textContent.includes('*'));
}
"""


@dataclass
class Lab:
    """A page in a fresh browser context, pointed at :class:`LabServer`."""

    server: LabServer
    page: Any
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    notebook: str | None = None

    # -- opening and running -------------------------------------------------------------

    def open(self, name: str, timeout: float = 90.0) -> None:
        """Open notebook ``name`` (relative to the book root), wait until its kernel is Idle."""
        self.notebook = name
        self.page.goto(self.server.notebook_url(name), wait_until="domcontentloaded")
        self.page.wait_for_function(
            "() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
            " && window.jupyterapp.shell.currentWidget.content"
            " && window.jupyterapp.shell.currentWidget.content.widgets",
            timeout=timeout * 1000,
        )
        self.wait_idle(timeout)
        self.page.evaluate(_WATCH_MUTATIONS_JS)

    def wait_idle(self, timeout: float = 90.0) -> None:
        """Wait until the status bar says the kernel is Idle (the reliable signal)."""
        self.page.locator("#jp-main-statusbar").get_by_text(re.compile(r"\|\s*Idle")).wait_for(
            timeout=timeout * 1000
        )

    def run_all(self, timeout: float = 180.0) -> float:
        """Run all cells, wait until every one finished and the kernel is Idle; return seconds.

        Then waits (see :meth:`settle`) until the notebook's DOM stops changing, so widget
        views, which render after the kernel is done, have appeared (or failed) by then.
        """
        started = time.monotonic()
        self.page.evaluate(
            """() => {
              window.__doriaRunAll = 'running';
              window.jupyterapp.commands.execute('notebook:run-all-cells').then(
                () => { window.__doriaRunAll = 'done'; },
                (error) => { window.__doriaRunAll = 'error: ' + error; });
            }"""
        )
        self.page.wait_for_function(
            f"() => window.__doriaRunAll !== 'running' && !({_BUSY_JS})()",
            timeout=timeout * 1000,
        )
        self.wait_idle(timeout)
        self.settle()
        seconds = time.monotonic() - started
        record_timing(f"run all cells of {self.notebook}", seconds)
        return seconds

    def settle(self, quiet: float = 0.5, limit: float = 10.0) -> bool:
        """Wait until the open notebook's DOM has not changed for ``quiet`` seconds.

        Gives up silently after ``limit`` seconds (a widget may animate forever) and says
        whether the page went quiet.
        """
        self.page.evaluate(_WATCH_MUTATIONS_JS)
        try:
            self.page.wait_for_function(
                f"() => performance.now() - window.__doriaLastMutation > {quiet * 1000}",
                timeout=limit * 1000,
            )
        except Exception:
            return False
        return True

    # -- finding errors --------------------------------------------------------------------

    def cell_errors(self) -> list[str]:
        """Every error output (exception) of the open notebook: ``"cell 3: ValueError: ..."``."""
        return self.page.evaluate(_CELL_ERRORS_JS)

    def stderr_outputs(self) -> list[str]:
        """The text of every stderr output (tracebacks, warnings) shown in the notebook."""
        return self.page.locator(
            '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
        ).all_inner_texts()

    def widget_errors(self) -> list[str]:
        """Widget and rendering failures: texts in the outputs, console and page errors."""
        outputs = " ".join(self.page.locator(".jp-OutputArea").all_inner_texts())
        found = [f"output shows {text!r}" for text in WIDGET_ERROR_TEXTS if text in outputs]
        found += [f"console: {text}" for text in self.console_errors]
        found += [f"page error: {text}" for text in self.page_errors]
        found += [f"request failed: {text}" for text in self.failed_requests]
        return found

    def assert_clean(self) -> None:
        """No exception in any cell, no stderr output, no widget/console/page/request error,
        no request that tried to leave 127.0.0.1."""
        problems = {
            "cell errors": self.cell_errors(),
            "stderr outputs": self.stderr_outputs(),
            "widget errors": self.widget_errors(),
            "requests blocked (not 127.0.0.1)": self.blocked,
        }
        problems = {key: value for key, value in problems.items() if value}
        assert not problems, json.dumps(problems, indent=2)

    # -- interacting -----------------------------------------------------------------------

    @staticmethod
    def record(what: str, seconds: float) -> None:
        """Print a figure measured by the test (e.g. a median of round trips) in the summary."""
        record_timing(what, seconds)

    @staticmethod
    def text_of(view: str, selector: str) -> str:
        """A JS expression giving the text of ``selector`` inside the first ``view`` element
        (``''`` while it is missing), for :meth:`wait_for` predicates."""
        return (
            f"(document.querySelector({json.dumps(view)})"
            f"?.querySelector({json.dumps(selector)})?.textContent || '')"
        )

    def wait_for(self, js_predicate: str, timeout: float = 30.0) -> None:
        """Wait until the JavaScript expression (or ``() => ...`` function) is truthy."""
        is_function = re.match(r"\s*(\(\s*\)\s*=>|function\b)", js_predicate)
        expression = js_predicate if is_function else f"() => ({js_predicate})"
        self.page.wait_for_function(expression, timeout=timeout * 1000, polling="raf")

    def round_trip(
        self, action: Callable[[], None], js_predicate: str, timeout: float = 30.0, name: str = ""
    ) -> float:
        """Seconds from ``action()`` (e.g. a click) until ``js_predicate`` holds in the page.

        Measures the whole path: browser event → kernel → Python → comm message → DOM.
        """
        started = time.monotonic()
        action()
        self.wait_for(js_predicate, timeout)
        seconds = time.monotonic() - started
        record_timing(f"round trip {name or js_predicate[:60]}", seconds)
        return seconds


@pytest.fixture
def lab(browser: Any, lab_server: LabServer) -> Iterator[Lab]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(60_000)
    helper = Lab(lab_server, page)

    def route(route: Any) -> None:
        host = urlsplit(route.request.url).hostname
        if host in ALLOWED_HOSTS:
            route.continue_()
        else:
            helper.blocked.append(route.request.url)
            route.abort()

    def on_console(message: Any) -> None:
        if message.type == "error":
            helper.console_errors.append(message.text)

    def on_request_failed(request: Any) -> None:
        if urlsplit(request.url).hostname in ALLOWED_HOSTS:
            helper.failed_requests.append(f"{request.url} ({request.failure})")

    context.route("**/*", route)
    page.on("console", on_console)
    page.on("pageerror", lambda error: helper.page_errors.append(str(error)))
    page.on("requestfailed", on_request_failed)
    try:
        yield helper
    finally:
        try:
            # Shut the notebook's kernel down so the next test starts from a clean kernel.
            for session in lab_server.api("api/sessions"):
                lab_server.api(f"api/sessions/{session['id']}", method="DELETE")
        except Exception:
            pass
        context.close()
