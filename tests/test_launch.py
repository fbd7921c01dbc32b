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
from doria_nb.launch import copy_book, lab_command, main, open_network_refusal, write_lab_config


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


def test_a_checkout_opens_its_chapters_folder():
    repo = Path(doria_nb.__file__).resolve().parents[1]
    assert launch.book_dir() == repo / "chapters"


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
    monkeypatch.setattr(launch, "checkout_chapters", lambda: None)
    monkeypatch.setattr(launch, "packaged_chapters", lambda: packed)
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
