"""The wheel: widgets' front ends and chapters inside the package, nothing else at the top,
and an installed copy finds every widget's ES module without the repository."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import zipfile
from fnmatch import fnmatch
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def find_uv() -> str | None:
    return os.environ.get("UV") or shutil.which("uv")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    uv = find_uv()
    if uv is None:
        pytest.skip("uv is not available (set UV or put uv on PATH) to build the wheel")
    out = tmp_path_factory.mktemp("dist")
    result = subprocess.run(
        [uv, "build", "--wheel", "--out-dir", str(out), str(REPO)],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    [built] = out.glob("doria_nb-*.whl")
    return built


@pytest.fixture(scope="module")
def names(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist()


def test_the_wheel_holds_the_widget_front_ends(names):
    assert [name for name in names if fnmatch(name, "doria_nb/_widgets/*.js")]


def test_the_wheel_holds_the_chapters(names):
    chapters = [name for name in names if fnmatch(name, "doria_nb/_chapters/*.ipynb")]
    assert "doria_nb/_chapters/00_welcome.ipynb" in chapters


def test_the_wheel_says_the_package_is_typed(names):
    """PEP 561: ``py.typed`` ships, so type checkers read the package's own hints."""
    assert "doria_nb/py.typed" in names


def test_the_wheel_holds_the_stored_balance_study(names):
    """Chapter 21 reads it from the package, so an installed book plots it too."""
    for name in ("summary.csv", "defeats.csv", "games.csv"):
        assert f"doria_nb/book/data/balance/{name}" in names


def test_only_doria_nb_is_importable_from_the_wheel(names):
    top = {name.split("/", 1)[0] for name in names}
    assert {"widgets", "tests", "chapters"}.isdisjoint(top)
    assert {name for name in top if not name.endswith(".dist-info")} == {"doria_nb"}


CHECK = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path

    target = Path(sys.argv[1]).resolve()
    import doria_nb
    import doria_nb.ui
    from doria_nb.ui.assets import widget_asset

    def inside(path):
        return Path(path).resolve().is_relative_to(target)

    def file_of(value):
        # anywidget turns a Path given to _esm/_css into a FileContents that keeps it.
        return getattr(value, "_path", value)

    from doria_nb.launch import book_dir

    book = book_dir()  # from a wheel: the packed chapters, copied to $DORIA_NB_BOOK
    report = {
        "package": doria_nb.__file__,
        "inside": inside(doria_nb.__file__),
        "book": str(book),
        "book_files": sorted(p.name for p in book.glob("*.ipynb")),
        "widgets": [],
    }
    for cls in doria_nb.ui.WIDGET_CLASSES:
        esm = file_of(cls._esm)
        report["widgets"].append({
            "class": cls.__name__,
            "esm": str(esm),
            "is_path": isinstance(esm, Path),
            "exists": isinstance(esm, Path) and esm.is_file(),
            "inside": isinstance(esm, Path) and inside(esm),
            "asset_inside": inside(widget_asset(Path(str(esm)).name)),
        })
    print(json.dumps(report))
    """
)


def test_an_installed_wheel_finds_every_widget_module(wheel, tmp_path):
    uv = find_uv()
    target = tmp_path / "site"
    install = subprocess.run(
        [uv, "pip", "install", "--no-deps", "--python", sys.executable, "--target", str(target),
         str(wheel)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert install.returncode == 0, install.stderr
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target), "DORIA_NB_BOOK": str(tmp_path / "book")}
    env.pop("PYTHONSAFEPATH", None)
    result = subprocess.run(
        [sys.executable, "-c", CHECK, str(target)],
        capture_output=True, text=True, cwd=outside, env=env, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["inside"], f"doria_nb was imported from {report['package']}, not the wheel"
    assert report["book"] == str(tmp_path / "book")
    assert "00_welcome.ipynb" in report["book_files"]
    assert report["widgets"], "doria_nb.ui.WIDGET_CLASSES is empty"
    for widget in report["widgets"]:
        assert widget["is_path"], widget
        assert widget["exists"], widget
        assert widget["inside"], widget
        assert widget["asset_inside"], widget
