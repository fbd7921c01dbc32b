"""``doria-nb``: open the interactive rulebook in JupyterLab, offline.

``uv run doria-nb`` (or ``doria-nb`` after ``pip install doria-nb``) starts JupyterLab on the
book and opens the welcome chapter ``00_welcome.ipynb``. Extra arguments are passed through to
``jupyter lab`` (``--no-browser``, ``--ServerApp.*=...``); ``--port``, ``--ip``, ``--token``,
``--base-url`` and ``--book`` are understood by the launcher itself.

The access token (a fresh random one unless ``--token`` gives one) reaches jupyter through the
``JUPYTER_TOKEN`` environment variable, never its command line, which every user of the
machine can read with ``ps``. An empty token on an interface other machines reach (``--ip
0.0.0.0``) is refused unless ``--allow-open-network`` is given, and then warned about.

Which folder is the book? A **working copy** of the chapters in the reader's data folder
(``~/.local/share/doria-nb/chapters``, or ``$DORIA_NB_BOOK``; see
:mod:`doria_nb.book.working_copy`), made on the first run from the checkout's ``chapters/`` or
the wheel's packed ``doria_nb/_chapters``. Playing in the book never edits the originals, and a
reader's edits are never overwritten; ``doria-nb --reset 05`` puts chapter 05 back as shipped.
``--book DIR`` opens another folder as it is (authors: ``--book chapters`` to edit the real
notebooks).

The address to open is printed once the server answers, not before.

Offline by construction:

* BokehJS is served by Jupyter itself from the installed bokeh package
  (``bokeh/server/static`` through ``--ServerApp.extra_static_paths``, so
  ``{base_url}static/js/bokeh.min.js``), and the kernels are told so through the environment
  variables ``DORIA_NB_BOKEH=server`` and ``DORIA_NB_BOKEH_ROOT={base_url}``, which
  :func:`doria_nb.book.setup` reads. Without them (a plain ``jupyter lab``, Binder, JupyterHub)
  ``setup()`` falls back to inline BokehJS, which is always safe.
* JupyterLab's own network calls are switched off: no news feed (``LabApp.news_url=None``), no
  update check (``NeverCheckForUpdate``), a read-only extension manager (no PyPI queries), and,
  when a config folder is given, the "get notified about Jupyter news?" prompt defaults to
  *never* (a ``default_setting_overrides.json``; a reader's own setting still wins).

:func:`lab_command` builds the command line and the environment without side effects; the
browser tests start JupyterLab through it, so they test exactly this configuration.

>>> argv, env = lab_command("/tmp/book", port=8899, ip="127.0.0.1", token="t0k", base_env={})
>>> "--LabApp.default_url=/lab/tree/00_welcome.ipynb" in argv, env["DORIA_NB_BOKEH"]
(True, 'server')
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import socket
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from doria_nb.book.working_copy import (
    ChapterNotFound,
    prepare_working_copy,
    reset_chapter,
)

WELCOME = "00_welcome.ipynb"
"""The chapter JupyterLab opens first."""

BOKEH_ENV = "DORIA_NB_BOKEH"
"""Set to ``"server"`` when Jupyter serves BokehJS (read by :func:`doria_nb.book.setup`)."""

BOKEH_ROOT_ENV = "DORIA_NB_BOKEH_ROOT"
"""The server's base URL, under which ``static/js/bokeh.min.js`` is served."""

TOKEN_ENV = "JUPYTER_TOKEN"
"""The environment variable that hands jupyter the access token (out of the process list)."""

LOCAL_IPS = ("localhost", "127.0.0.1", "::1")
"""Interfaces only this machine reaches (any ``127.*`` counts too)."""

LAB_SETTING_DEFAULTS = {
    "@jupyterlab/apputils-extension:notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
    }
}
"""JupyterLab setting defaults written by :func:`write_lab_config` (no news prompt)."""


def book_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder JupyterLab opens: ``override`` as it is, else the reader's working copy,
    created or completed first (:func:`~doria_nb.book.working_copy.prepare_working_copy`)."""
    if override is not None:
        return Path(override).expanduser().resolve()
    return prepare_working_copy()[0]


def bokeh_static_dir() -> Path:
    """The installed bokeh package's ``bokeh/server/static`` (holds ``js/bokeh.min.js``)."""
    import bokeh

    return Path(bokeh.__file__).resolve().parent / "server" / "static"


def normalize_base_url(base_url: str) -> str:
    """``"user/x"`` → ``"/user/x/"``: a base URL with a leading and a trailing slash.

    >>> normalize_base_url("user/x"), normalize_base_url("/")
    ('/user/x/', '/')
    """
    return "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"


def write_lab_config(config_dir: str | os.PathLike[str]) -> Path:
    """Write the JupyterLab setting defaults (:data:`LAB_SETTING_DEFAULTS`) into
    ``config_dir/labconfig/default_setting_overrides.json`` and return ``config_dir``.

    Pass the same folder to :func:`lab_command` as ``config_dir``; it is added to
    ``JUPYTER_CONFIG_PATH``. Rewriting it is harmless.
    """
    config_dir = Path(config_dir)
    labconfig = config_dir / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    text = json.dumps(LAB_SETTING_DEFAULTS, indent=2, sort_keys=True) + "\n"
    (labconfig / "default_setting_overrides.json").write_text(text, encoding="utf-8")
    return config_dir


def lab_command(
    root: str | os.PathLike[str],
    *,
    port: int | None = None,
    ip: str | None = None,
    base_url: str = "/",
    token: str | None = None,
    config_dir: str | os.PathLike[str] | None = None,
    extra: Iterable[str] = (),
    base_env: Mapping[str, str] | None = None,
) -> tuple[list[str], dict[str, str]]:
    """The ``jupyter lab`` command line and environment that serve the book in ``root``.

    No side effects. ``port``/``ip``/``token`` are passed only when given (a given port is
    used exactly: no silent retry on another port); a token travels in the environment
    (``JUPYTER_TOKEN``), never on the command line, where any user of the machine could read
    it in the process list. ``config_dir`` (see
    :func:`write_lab_config`) is prepended to ``JUPYTER_CONFIG_PATH``. ``extra`` is appended
    last, so it can override anything. The environment is ``base_env`` (default: this
    process's environment) plus the ``DORIA_NB_BOKEH*`` variables the kernels read.
    """
    base_url = normalize_base_url(base_url)
    static = bokeh_static_dir()
    argv = [
        sys.executable,
        "-m",
        "jupyterlab",
        f"--ServerApp.root_dir={Path(root)}",
        f"--ServerApp.base_url={base_url}",
        f"--LabApp.default_url=/lab/tree/{WELCOME}",
        f"--ServerApp.extra_static_paths={static}",
        # Nothing reaches out: no news feed, no update check, no PyPI extension manager.
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        argv.append("--allow-root")
    if port is not None:
        argv += [f"--ServerApp.port={port}", "--ServerApp.port_retries=0"]
    if ip is not None:
        argv.append(f"--ServerApp.ip={ip}")
    if token == "":
        argv.append("--IdentityProvider.token=")  # no secret: access without a token
    argv += list(extra)

    env = dict(os.environ if base_env is None else base_env)
    if token:
        # In the environment, not the command line: other users can read `ps`, not this.
        env[TOKEN_ENV] = token
    env[BOKEH_ENV] = "server"
    env[BOKEH_ROOT_ENV] = base_url
    if config_dir is not None:
        paths = [str(Path(config_dir))]
        if env.get("JUPYTER_CONFIG_PATH"):
            paths.append(env["JUPYTER_CONFIG_PATH"])
        env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(paths)
    return argv, env


def is_local(ip: str) -> bool:
    """Whether ``ip`` is an interface only this machine reaches.

    >>> is_local("localhost"), is_local("127.0.0.2"), is_local("0.0.0.0"), is_local("")
    (True, True, False, False)
    """
    return ip in LOCAL_IPS or ip.startswith("127.")


def open_network_refusal(ip: str, token: str) -> str:
    """Why serving on ``ip`` with ``token`` is unsafe ("" when it is not): an empty token on
    an interface other machines reach lets anyone there run code in the book's kernels."""
    if token or is_local(ip):
        return ""
    return (
        f"an empty --token with --ip {ip or '(all interfaces)'} lets anyone who can reach this "
        "machine run code as you. Give a token, serve on localhost, or pass "
        "--allow-open-network if you really mean it."
    )


def free_port(ip: str = "127.0.0.1", start: int = 8888, tries: int = 50) -> int:
    """The first port from ``start`` that ``ip`` can bind (or any free one)."""
    for port in [*range(start, start + tries), 0]:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            try:
                sock.bind((ip, port))
            except OSError:
                continue
            return sock.getsockname()[1]
    raise OSError(f"No free port on {ip}.")  # pragma: no cover - port 0 always binds


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "doria-nb"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="doria-nb",
        description="Open the interactive rulebook of Dungeons of Doria in JupyterLab. "
        "Other arguments (e.g. --no-browser) are passed to jupyter lab.",
        allow_abbrev=False,
    )
    parser.add_argument(
        "--book", help="open this folder as it is (default: your working copy of the chapters)"
    )
    parser.add_argument(
        "--reset",
        action="append",
        metavar="CHAPTER",
        help="put chapter CHAPTER (a number, e.g. 05) of your working copy back as shipped, "
        "losing your changes to it, and exit; may be given more than once",
    )
    parser.add_argument("--port", type=int, help="port to serve on (default: free from 8888)")
    parser.add_argument("--ip", default="localhost", help="interface (default: localhost)")
    parser.add_argument("--token", help="access token (default: a random one)")
    parser.add_argument("--base-url", default="/", help="base URL (default: /)")
    parser.add_argument(
        "--allow-open-network",
        action="store_true",
        help="allow an empty --token with a non-local --ip (anyone on the network may then "
        "run code as you)",
    )
    parser.add_argument(
        "--print-command", action="store_true", help="print the jupyter lab command and exit"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``doria-nb`` console script."""
    args, extra = _parser().parse_known_args(argv)
    if args.reset:
        return _reset(args.reset, args.book)
    token = args.token if args.token is not None else secrets.token_hex(24)
    refusal = open_network_refusal(args.ip, token)
    if refusal and not args.allow_open_network:
        print(f"doria-nb: {refusal}", file=sys.stderr, flush=True)
        return 2
    if refusal:
        print(f"doria-nb: WARNING: {refusal}", file=sys.stderr, flush=True)
    root = book_dir(args.book)
    bind_ip = "127.0.0.1" if args.ip == "localhost" else args.ip
    port = (
        args.port if args.port is not None else free_port("" if bind_ip == "0.0.0.0" else bind_ip)
    )
    config_dir = _cache_dir() / "jupyter-config"
    command, env = lab_command(
        root,
        port=port,
        ip=args.ip,
        base_url=args.base_url,
        token=token,
        config_dir=config_dir,
        extra=extra,
    )
    if args.print_command:
        print(" ".join(command))
        return 0
    write_lab_config(config_dir)

    host = "127.0.0.1" if args.ip in ("localhost", "127.0.0.1") else args.ip
    if host in ("0.0.0.0", ""):
        host = socket.gethostname()
    base = f"http://{host}:{port}{normalize_base_url(args.base_url)}"
    print("Dungeons of Doria - the interactive rulebook", flush=True)
    print(f"  book folder : {root}", flush=True)
    print("  starting JupyterLab ...", flush=True)

    process = subprocess.Popen(command, env=env)
    try:
        answered = wait_for_server(f"{base}api/status", token, process)
    except KeyboardInterrupt:
        answered = False  # JupyterLab got the SIGINT too and decides by itself
    if process.poll() is None:
        note = "" if answered else "  (not answering yet; try in a moment)"
        print(f"  open        : {base}lab/tree/{WELCOME}?token={token}{note}", flush=True)
        print("  stop        : Ctrl+C (twice) in this terminal", flush=True)
        print(flush=True)
    while True:
        try:
            return process.wait()
        except KeyboardInterrupt:
            # The terminal sent SIGINT to JupyterLab too; it asks or shuts down by itself.
            continue


def wait_for_server(
    status_url: str,
    token: str,
    process: subprocess.Popen[bytes] | None = None,
    *,
    timeout: float = 120.0,
    poll: float = 0.25,
) -> bool:
    """Wait until ``status_url`` (a Jupyter server's ``api/status``) answers 200 with
    ``token``; ``False`` when ``process`` ends first or ``timeout`` seconds pass."""
    import time
    import urllib.error
    import urllib.request

    request = urllib.request.Request(status_url, headers={"Authorization": f"token {token}"})
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                if response.status == 200:
                    return True
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
            pass
        time.sleep(poll)
    return False


def _reset(chapters: Sequence[str], book: str | None) -> int:
    """``--reset``: put each chapter of the working copy (or ``book``) back as shipped."""
    target = Path(book).expanduser().resolve() if book is not None else None
    try:
        for chapter in chapters:
            path = reset_chapter(chapter, target)
            print(f"doria-nb: {path.name} is back as shipped ({path}).", flush=True)
    except (ChapterNotFound, ValueError, FileNotFoundError) as error:
        print(f"doria-nb: {error}", file=sys.stderr, flush=True)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
