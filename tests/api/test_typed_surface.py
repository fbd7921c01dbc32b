"""mypy (strict) on a user's typed game written against ``import doria_nb`` (issue 17).

``typed_play.py`` is the user's file. mypy follows its imports into the package silently (the
engine's own modules are not all strict yet) but types every name the file uses from them: a
name missing from the public surface, a field of the wrong type or an ``Any`` where ``Game``
promises a type fails here.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

USAGE = Path(__file__).with_name("typed_play.py")


def _mypy(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--follow-imports=silent",
            "--cache-dir=/dev/null",
            "--no-error-summary",
            str(path),
        ],
        capture_output=True,
        text=True,
        cwd=Path(__file__).parents[2],
    )


@pytest.mark.slow
def test_mypy_accepts_the_typed_game() -> None:
    result = _mypy(USAGE)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy_would_catch_a_mistake(tmp_path: Path) -> None:
    """The check can fail: a wrong field type and an unknown attribute of Game are found."""
    wrong = tmp_path / "wrong.py"
    wrong.write_text(
        "from doria_nb import Game, Wait\n"
        "game = Game.new('the_flooded_archive')\n"
        "game.apply(Wait('W', '3'))\n"
        "game.situation.no_such_thing\n"
    )
    result = _mypy(wrong)
    assert result.returncode == 1
    assert 'incompatible type "str"; expected "int"' in result.stdout
    assert '"Situation" has no attribute "no_such_thing"' in result.stdout


def test_the_typed_game_plays() -> None:
    """The file is a real game, not only something mypy reads."""
    spec = importlib.util.spec_from_file_location("typed_play", USAGE)
    assert spec is not None and spec.loader is not None
    usage = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(usage)
    game = usage.play(inputs=20)
    assert len(game.inputs) >= 2
