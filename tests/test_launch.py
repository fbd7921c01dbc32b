"""The ``doria-nb`` launcher: its pure command builder, the book folder, and a real start."""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import doria_nb
from doria_nb import launch
from doria_nb.book import working_copy
from doria_nb.book.working_copy import ChapterNotFound, copy_book, reset_chapter
from doria_nb.launch import (
    lab_command,
    main,
    open_network_refusal,
    wait_for_server,
    write_lab_config,
)


def option(argv: list[str], name: str) -> str:
    """The value of ``--name=value`` in ``argv`` (exactly one)."""
    values = [arg.split("=", 1)[1] for arg in argv if arg.startswith(f"--{name}=")]
    assert len(values) == 1, (name, argv)
    return values[0]


def test_root_is_allowed_when_root(monkeypatch):
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    argv, _ = lab_command("/book", base_env={})
    assert "--allow-root" in argv


def test_root_is_not_asked_for_when_not_root(monkeypatch):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    argv, _ = lab_command("/book", base_env={})
    assert "--allow-root" not in argv


def test_bokeh_static_files_are_served_from_the_bokeh_package():
    argv, _ = lab_command("/book", base_env={})
    static = Path(option(argv, "ServerApp.extra_static_paths"))
    assert static.is_dir()
    assert (static / "js" / "bokeh.min.js").stat().st_size > 500_000


def test_opens_the_welcome_chapter_in_the_book():
    argv, _ = lab_command("/some/book", base_env={})
    assert option(argv, "LabApp.default_url") == "/lab/tree/00_welcome.ipynb"
    assert option(argv, "ServerApp.root_dir") == str(Path("/some/book"))
    assert argv[1:3] == ["-m", "jupyterlab"]


def test_kernels_are_told_where_bokehjs_is():
    _, env = lab_command("/book", base_url="user/ada", base_env={"KEEP": "1"})
    assert env == {
        "KEEP": "1",
        "DORIA_NB_BOKEH": "server",
        "DORIA_NB_BOKEH_ROOT": "/user/ada/",
    }


def test_network_checks_are_off():
    argv, _ = lab_command("/book", base_env={})
    assert option(argv, "LabApp.news_url") == "None"
    assert option(argv, "LabApp.check_for_updates_class") == "jupyterlab.NeverCheckForUpdate"
    assert option(argv, "LabApp.extension_manager") == "readonly"


def test_port_ip_token_base_url_and_extra_arguments():
    argv, env = lab_command(
        "/book",
        port=9123,
        ip="127.0.0.1",
        base_url="/hub/",
        token="secret",
        extra=["--no-browser"],
        base_env={},
    )
    assert option(argv, "ServerApp.port") == "9123"
    assert option(argv, "ServerApp.port_retries") == "0"
    assert option(argv, "ServerApp.ip") == "127.0.0.1"
    assert "secret" not in " ".join(argv)  # never in the process list
    assert env["JUPYTER_TOKEN"] == "secret"
    assert option(argv, "ServerApp.base_url") == "/hub/"
    assert argv[-1] == "--no-browser"


def test_defaults_leave_port_ip_and_token_to_jupyter():
    argv, _ = lab_command("/book", base_env={})
    assert not [arg for arg in argv if arg.startswith(("--ServerApp.port", "--ServerApp.ip"))]
    assert not [arg for arg in argv if "token" in arg]


def test_lab_config_defaults_turn_the_news_prompt_off(tmp_path):
    config = write_lab_config(tmp_path / "config")
    written = json.loads((config / "labconfig" / "default_setting_overrides.json").read_text())
    assert written["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
    _, env = lab_command("/book", config_dir=config, base_env={"JUPYTER_CONFIG_PATH": "/etc/x"})
    assert env["JUPYTER_CONFIG_PATH"] == os.pathsep.join([str(config), "/etc/x"])


def test_a_checkout_opens_a_working_copy_not_its_chapters(tmp_path, monkeypatch):
    """Playing in the book never edits the checked-out chapters (issue #15, item 5)."""
    repo = Path(doria_nb.__file__).resolve().parents[1]
    monkeypatch.delenv("DORIA_NB_BOOK", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    book = launch.book_dir()
    assert book == tmp_path / "data" / "doria-nb" / "chapters"
    assert book != repo / "chapters"
    shipped = sorted(p.name for p in (repo / "chapters").glob("*.ipynb"))
    assert sorted(p.name for p in book.glob("*.ipynb")) == shipped
    assert (book / "00_welcome.ipynb").read_bytes() == (
        repo / "chapters" / "00_welcome.ipynb"
    ).read_bytes()


def test_the_working_copy_keeps_a_readers_edits_across_starts(tmp_path, monkeypatch):
    monkeypatch.setenv("DORIA_NB_BOOK", str(tmp_path / "mine"))
    book = launch.book_dir()
    (book / "05_phases.ipynb").write_text("my notes")
    assert launch.book_dir() == book
    assert (book / "05_phases.ipynb").read_text() == "my notes"


def test_reset_puts_one_chapter_back_as_shipped(tmp_path):
    source, target = tmp_path / "shipped", tmp_path / "mine"
    source.mkdir()
    (source / "05_phases.ipynb").write_text("phases")
    (source / "07_exploration.ipynb").write_text("exploration")
    copy_book(source, target)
    (target / "05_phases.ipynb").write_text("my notes")
    (target / "07_exploration.ipynb").write_text("my other notes")
    assert reset_chapter("05", target, source) == target / "05_phases.ipynb"
    assert (target / "05_phases.ipynb").read_text() == "phases"
    assert (target / "07_exploration.ipynb").read_text() == "my other notes"
    assert reset_chapter("7", target, source).read_text() == "exploration"
    (target / "07_exploration.ipynb").write_text("edited again")
    assert reset_chapter("07_exploration.ipynb", target, source).read_text() == "exploration"


def test_reset_of_an_unknown_chapter_is_refused_and_changes_nothing(tmp_path):
    source, target = tmp_path / "shipped", tmp_path / "mine"
    source.mkdir()
    (source / "05_phases.ipynb").write_text("phases")
    copy_book(source, target)
    (target / "05_phases.ipynb").write_text("my notes")
    with pytest.raises(ChapterNotFound, match=r"no chapter '99'.*05"):
        reset_chapter("99", target, source)
    assert (target / "05_phases.ipynb").read_text() == "my notes"
    with pytest.raises(ValueError, match="original chapters"):
        reset_chapter("05", source, source)


def test_doria_nb_reset_on_the_command_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DORIA_NB_BOOK", str(tmp_path / "mine"))
    book = launch.book_dir()
    original = (book / "02_dice.ipynb").read_text()
    (book / "02_dice.ipynb").write_text("scribbles")
    assert main(["--reset", "02"]) == 0
    assert (book / "02_dice.ipynb").read_text() == original
    assert "02_dice.ipynb is back as shipped" in capsys.readouterr().out
    assert main(["--reset", "nope"]) == 2
    assert "no chapter 'nope'" in capsys.readouterr().err


def test_waiting_for_a_server_that_answers_with_the_token():
    import http.server
    import threading

    seen = []

    class Status(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            seen.append(self.headers.get("Authorization"))
            self.send_response(200 if self.headers.get("Authorization") == "token t0k" else 403)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Status)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/api/status"
        assert wait_for_server(url, "t0k", timeout=10, poll=0.05) is True
        assert wait_for_server(url, "wrong", timeout=0.3, poll=0.05) is False
    finally:
        server.shutdown()
        server.server_close()
    assert seen[0] == "token t0k"


def test_the_address_is_printed_only_once_the_server_answers(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DORIA_NB_BOOK", str(tmp_path / "mine"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    order = []

    class Lab:
        def __init__(self, argv, env):
            self.env = env
            order.append("started")

        def poll(self):
            return None

        def wait(self):
            return 0

    def answers(url, token, process, **_):
        order.append("open" in capsys.readouterr().out)  # nothing printed yet
        assert process.env["JUPYTER_TOKEN"] == token  # the token still travels in the env
        return True

    monkeypatch.setattr(launch.subprocess, "Popen", Lab)
    monkeypatch.setattr(launch, "wait_for_server", answers)
    assert main(["--token", "t0k", "--port", "9555"]) == 0
    assert order == ["started", False]
    out = capsys.readouterr().out
    assert "http://127.0.0.1:9555/lab/tree/00_welcome.ipynb?token=t0k" in out


def test_waiting_for_a_server_that_never_answers_gives_up():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # bound, never listening: connections are refused
        url = f"http://127.0.0.1:{port}/api/status"
        assert wait_for_server(url, "t", timeout=0.3, poll=0.05) is False


def test_the_book_copy_never_overwrites_a_readers_chapter(tmp_path):
    source, target = tmp_path / "packed", tmp_path / "book"
    source.mkdir()
    (source / "00_welcome.ipynb").write_text("new welcome")
    (source / "02_dice.ipynb").write_text("new dice")
    target.mkdir()
    (target / "00_welcome.ipynb").write_text("my notes")
    copied = copy_book(source, target)
    assert copied == [target / "02_dice.ipynb"]
    assert (target / "00_welcome.ipynb").read_text() == "my notes"
    assert (target / "02_dice.ipynb").read_text() == "new dice"
    assert copy_book(source, target) == []


def test_a_wheel_install_copies_the_packed_chapters(tmp_path, monkeypatch):
    packed = tmp_path / "_chapters"
    packed.mkdir()
    (packed / "00_welcome.ipynb").write_text("{}")
    monkeypatch.setattr(working_copy, "checkout_chapters", lambda: None)
    monkeypatch.setattr(working_copy, "packaged_chapters", lambda: packed)
    monkeypatch.setenv("DORIA_NB_BOOK", str(tmp_path / "my-book"))
    assert launch.book_dir() == tmp_path / "my-book"
    assert (tmp_path / "my-book" / "00_welcome.ipynb").read_text() == "{}"


def test_print_command_starts_nothing(capsys):
    assert launch.main(["--print-command", "--port", "9321", "--no-browser"]) == 0
    printed = capsys.readouterr().out
    assert "--ServerApp.port=9321" in printed
    assert printed.rstrip().endswith("--no-browser")


# --------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read()


@pytest.mark.slow
def test_the_server_serves_bokehjs_and_lab(tmp_path):
    """Behind a base URL, as on JupyterHub: BokehJS is where setup() will look for it."""
    book = tmp_path / "book"
    book.mkdir()
    port, token = free_port(), secrets.token_hex(16)
    env_base = dict(
        os.environ,
        JUPYTERLAB_SETTINGS_DIR=str(tmp_path / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "workspaces"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
    )
    argv, env = lab_command(
        book,
        port=port,
        ip="127.0.0.1",
        base_url="/doria/",
        token=token,
        config_dir=write_lab_config(tmp_path / "config"),
        extra=["--no-browser"],
        base_env=env_base,
    )
    base = f"http://127.0.0.1:{port}/doria/"
    assert env["DORIA_NB_BOKEH_ROOT"] == "/doria/"
    log = tmp_path / "lab.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            argv, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while True:
            assert process.poll() is None, log.read_text(errors="replace")
            try:
                if fetch(f"{base}api/status?token={token}")[0] == 200:
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            assert time.monotonic() < deadline, "JupyterLab did not answer within 120 s"
            time.sleep(0.25)

        status, body = fetch(f"{base}static/js/bokeh.min.js")  # no token: the browser's view
        assert status == 200
        assert len(body) > 500_000
        assert b"Bokeh" in body[:5000]

        status, body = fetch(f"{base}lab?token={token}")
        assert status == 200
        assert b"jupyter-config-data" in body

        status, body = fetch(f"{base}lab/api/news?token={token}")
        assert status == 200
        assert json.loads(body)["news"] == []

        plugin = "@jupyterlab/apputils-extension:notification"
        status, body = fetch(f"{base}lab/api/settings/{plugin}?token={token}")
        assert status == 200
        defaults = json.loads(body)["schema"]["properties"]  # overridden defaults
        assert defaults["fetchNews"]["default"] == "false"  # no "get Jupyter news?" prompt
        assert defaults["checkForUpdates"]["default"] is False
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def test_an_empty_token_opens_access_and_says_so_on_the_command_line():
    argv, env = lab_command("/book", token="", base_env={})
    assert option(argv, "IdentityProvider.token") == ""
    assert "JUPYTER_TOKEN" not in env


@pytest.mark.parametrize(
    ("ip", "token", "refused"),
    [
        ("0.0.0.0", "", True),
        ("192.168.1.5", "", True),
        ("", "", True),
        ("localhost", "", False),
        ("127.0.0.1", "", False),
        ("0.0.0.0", "t0k", False),
    ],
)
def test_an_empty_token_on_the_network_is_refused(ip, token, refused, capsys):
    assert bool(open_network_refusal(ip, token)) is refused
    if refused:
        assert main(["--ip", ip, "--token", token, "--print-command"]) == 2
        assert "anyone who can reach this machine" in capsys.readouterr().err


def test_an_open_network_may_be_allowed_with_a_loud_warning(capsys):
    assert main(["--ip", "0.0.0.0", "--token", "", "--allow-open-network", "--print-command"]) == 0
    captured = capsys.readouterr()
    assert "WARNING" in captured.err and "--IdentityProvider.token=" in captured.out
