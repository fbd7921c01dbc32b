"""Every composed widget's model is plain (issue 17 item 5): ``doria_nb/ui/<widget>/model.py``
and every ui module it imports, directly or through others, import no widget library, so the
model's state and intents can be tested, and reused, without a front end.

Imports are read with :mod:`ast` from the source (including imports inside functions); no
module is imported to check it (importing ``doria_nb.ui`` would load every view anyway). A
package's ``__init__`` is its facade and exports the view too, so it is not followed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
UI = ROOT / "doria_nb" / "ui"
WIDGET_LIBRARIES = {"ipywidgets", "anywidget", "traitlets", "bokeh", "jupyter_bokeh", "IPython"}
MODELS = sorted(UI.glob("*/model.py"))


def _imports(path: Path) -> set[str]:
    """The absolute module names ``path`` imports (``from x import y`` gives ``x`` and
    ``x.y``, since ``y`` may be a module)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _source_of(module: str) -> Path | None:
    """The file of a ``doria_nb.ui`` module (a package's ``__init__.py``), or None."""
    base = ROOT / Path(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def widget_imports(start: Path) -> dict[str, set[str]]:
    """Each module reached from ``start`` through ui imports -> the widget libraries it
    imports (only those that import one)."""
    found: dict[str, set[str]] = {}
    seen: set[Path] = set()
    todo = [start]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        names = _imports(path)
        libraries = {n.split(".")[0] for n in names} & WIDGET_LIBRARIES
        if libraries:
            found[str(path.relative_to(ROOT))] = libraries
        for name in names:
            source = _source_of(name) if name.startswith("doria_nb.ui.") else None
            if source is not None and source.name != "__init__.py":
                todo.append(source)
    return found


def test_the_widget_models_are_found() -> None:
    names = {path.parent.name for path in MODELS}
    expected = ("board", "character_sheet", "combat_resolver", "monster_stepper", "play_table")
    assert {*expected, "round_stepper"} <= names


@pytest.mark.parametrize("model", MODELS, ids=lambda path: path.parent.name)
def test_a_widget_model_imports_no_widget_library(model: Path) -> None:
    assert widget_imports(model) == {}


def test_the_check_sees_a_view() -> None:
    view = UI / "combat_resolver" / "view.py"
    assert "ipywidgets" in widget_imports(view)["doria_nb/ui/combat_resolver/view.py"]
    board = widget_imports(UI / "board" / "view.py")
    assert board["doria_nb/ui/board/view.py"] >= {"ipywidgets", "bokeh"}
    assert board["doria_nb/ui/board/keys.py"] == {"anywidget", "traitlets"}
