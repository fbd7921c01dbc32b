"""The README's Python tour runs as written."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5
    assert result.failed == 0


def test_readme_starts_with_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    commands = [line.strip() for line in text.splitlines() if line.strip().startswith("uv run")]
    assert commands[:2] == ["uv run doria-nb", "uv run pytest"]
