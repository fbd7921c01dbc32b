"""The layers of ``docs/architecture.md``, enforced by reading every import (issue 17).

The engine (the rules) imports neither the content it plays, the widgets, the book nor a
widget library; the widgets do not import the book. Imports are read with :mod:`ast` from
the source files, every one of them, including those inside functions (a lazy import is still
an import) and module names given to :func:`importlib.import_module` as text, so a layer
cannot be crossed by hiding the import. No module is imported to check it.

The engine crosses into the content nowhere: its default pack is supplied from above
(``engine/packs.py``, ``tests/architecture/test_default_pack.py``), and the soaks that play
the book's own content live above it (``doria_nb/soak``). The runners above the engine
(``doria_nb.soak``, ``doria_nb.study``) import neither the widgets nor the book.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2] / "doria_nb"

WIDGET_LIBRARIES = ("ipywidgets", "anywidget", "bokeh", "jupyter_bokeh")

ENGINE_FORBIDDEN = ("doria_nb.ui", "doria_nb.book", "doria_nb.content", *WIDGET_LIBRARIES)
UI_FORBIDDEN = ("doria_nb.book",)

RUNNERS = ("soak", "study")
"""The packages above the engine that play the book's content headless."""
RUNNER_FORBIDDEN = ("doria_nb.ui", "doria_nb.book", *WIDGET_LIBRARIES)


def _module_named_in(call: ast.Call) -> str | None:
    """The module of ``import_module("x")`` / ``__import__("x")`` written as text, if any."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    if name not in ("import_module", "__import__") or not call.args:
        return None
    first = call.args[0]
    return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None


def imported_modules(source: str, package: str) -> set[str]:
    """Every module the ``source`` of a module of ``package`` imports: ``import x``, ``from x
    import y`` (``x.y`` too, as ``y`` may be a module), relative imports resolved, and
    ``import_module("x")`` texts."""
    tree = ast.parse(source)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{anchor}.{base}" if base else anchor
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Call) and (named := _module_named_in(node)):
            found.add(named)
    return found


def _crosses(module: str, forbidden: tuple[str, ...]) -> str | None:
    for layer in forbidden:
        if module == layer or module.startswith(layer + "."):
            return layer
    return None


def crossings(folder: str, forbidden: tuple[str, ...]) -> set[tuple[str, str]]:
    """(file, module) for each import of a file under ``doria_nb/folder`` into ``forbidden``,
    each named once (``doria_nb.content``, not also ``doria_nb.content.starter_pack``)."""
    found: set[tuple[str, str]] = set()
    for path in sorted((ROOT / folder).rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        package = ".".join(path.relative_to(ROOT.parent).parts[:-1])
        source = path.read_text(encoding="utf-8")
        hits = {m for m in imported_modules(source, package) if _crosses(m, forbidden)}
        found |= {(name, m) for m in hits if not any(m.startswith(o + ".") for o in hits)}
    return found


def test_the_engine_imports_no_content_widgets_book_or_widget_library() -> None:
    assert not crossings("engine", ENGINE_FORBIDDEN)


@pytest.mark.parametrize("runner", RUNNERS)
def test_the_runners_import_neither_widgets_nor_the_book(runner: str) -> None:
    assert (ROOT / runner / "__init__.py").is_file()
    assert not crossings(runner, RUNNER_FORBIDDEN)


def test_the_widgets_do_not_import_the_book() -> None:
    assert not crossings("ui", UI_FORBIDDEN)


def test_the_engine_faces_load_only_engine_modules() -> None:
    """The public names of the engine's packages are loaded by name (``HOMES``): each home
    is an engine module, so the lazy loading cannot cross the layer either."""
    import doria_nb.engine
    import doria_nb.engine.game

    for package in (doria_nb.engine, doria_nb.engine.game):
        assert all(home.startswith("doria_nb.engine.") for home in package.HOMES.values())


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("import ipywidgets as w", {"ipywidgets"}),
        ("from doria_nb.content import starter_pack", {"doria_nb.content"}),
        ("def f():\n    from doria_nb.ui import PlayTable", {"doria_nb.ui"}),
        ("import importlib\nimportlib.import_module('doria_nb.book.setup')", {"doria_nb.book"}),
        ("from ...content import loader", {"doria_nb.content"}),
        ("from bokeh.models import Div", {"bokeh"}),
        ("'''>>> from doria_nb.content import starter_pack'''", set()),
    ],
)
def test_the_checker_sees_every_way_of_importing(source: str, expected: set[str]) -> None:
    """The check can fail: each way of writing an import is found (a docstring is not)."""
    found = imported_modules(source, "doria_nb.engine.game")
    assert {_crosses(m, ENGINE_FORBIDDEN) for m in found} - {None} == expected
