"""The public faces: ``doria_nb``, ``doria_nb.engine`` and ``doria_nb.engine.game`` (issue 17).

Each lists where its names live (``HOMES``) and loads them on first use; these tests check
the lists against ``__all__``, against the imports type checkers read, and against the
objects themselves, and that ``import doria_nb`` loads neither the game nor the content.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import doria_nb
import doria_nb.engine
import doria_nb.engine.game

PACKAGES = [doria_nb, doria_nb.engine, doria_nb.engine.game]


def _type_checking_imports(package: ModuleType) -> dict[str, str]:
    """The names the ``if TYPE_CHECKING:`` block of ``package`` imports, by home module."""
    tree = ast.parse(Path(str(package.__file__)).read_text())
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for line in node.body:
                assert isinstance(line, ast.ImportFrom) and line.module is not None
                for alias in line.names:
                    if alias.name == "*":
                        star = importlib.import_module(line.module)
                        found.update(star.HOMES)
                    else:
                        found[alias.name] = line.module
    return found


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.__name__)
def test_every_public_name_is_listed_with_its_home(package: ModuleType) -> None:
    assert sorted(package.__all__) == sorted(package.HOMES)
    assert len(set(package.__all__)) == len(package.__all__)
    assert _type_checking_imports(package) == package.HOMES


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.__name__)
def test_every_public_name_is_the_object_of_its_home(package: ModuleType) -> None:
    for name, home in package.HOMES.items():
        assert getattr(package, name) is getattr(importlib.import_module(home), name), name
        assert name in dir(package)


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.__name__)
def test_no_public_name_is_hidden_by_a_module_of_the_same_name(package: ModuleType) -> None:
    """Importing ``package.simulate`` (a module) would replace a lazy ``simulate`` function."""
    folder = Path(str(package.__file__)).parent
    modules = {p.stem for p in folder.glob("*.py")} | {
        p.parent.name for p in folder.glob("*/__init__.py")
    }
    assert not modules & set(package.__all__)


def test_the_game_is_one_import_away() -> None:
    from doria_nb import Game, Move, Square, starter_pack
    from doria_nb.engine.game import Game as GameOfTheGamePackage
    from doria_nb.engine.game.game import Game as GameOfItsModule

    assert Game is GameOfTheGamePackage is GameOfItsModule
    assert Move("W", Square(1, 2)).to == Square(1, 2)
    assert starter_pack().id


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'Gmae'"):
        doria_nb.Gmae  # noqa: B018 - reading it is the test
    with pytest.raises(ImportError):
        from doria_nb.engine import starter_pack  # noqa: F401 - the engine names no content


def test_importing_the_package_loads_neither_the_game_nor_the_content() -> None:
    code = (
        "import sys, doria_nb, doria_nb.engine, doria_nb.engine.game; "
        "print(sorted(m for m in sys.modules if m.startswith('doria_nb')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    loaded = ast.literal_eval(out)
    assert "doria_nb.engine.game.game" not in loaded
    assert not [m for m in loaded if m.startswith(("doria_nb.content", "doria_nb.ui"))]


def test_the_package_says_it_is_typed() -> None:
    assert (Path(doria_nb.__file__).parent / "py.typed").is_file()
