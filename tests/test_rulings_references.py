"""Every ruling in docs/rulings.md names the tests that pin it; those tests must exist.

A reference is written `tests/.../test_x.py::test_name` (or just the file name, found under
tests/), and `::test_other` continues with the same file. Parametrized ids ("[case]") name
their function.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _references() -> list[tuple[str, Path | None, str]]:
    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    files = {p.name: p for p in (ROOT / "tests").rglob("*.py")}
    found: list[tuple[str, Path | None, str]] = []
    current: Path | None = None
    for match in re.finditer(r"`([^`]+)`", text):
        token = match.group(1)
        if "*" in token:
            continue
        if token.endswith(".py") or ".py::" in token:
            path, _, name = token.partition("::")
            if not (path.startswith(("tests/", "test_")) or "/test_" in path):
                current = None
                continue
            current = ROOT / path if (ROOT / path).exists() else files.get(Path(path).name)
            found.append((token, current, name))
        elif token.startswith("::test") and current is not None:
            found.append((token, current, token[2:]))
    return found


def test_every_test_a_ruling_names_exists() -> None:
    references = _references()
    assert len(references) > 200
    missing = []
    for token, path, name in references:
        if path is None or not path.exists():
            missing.append(token)
            continue
        function = name.split("[")[0]
        if function and f"def {function}(" not in path.read_text(encoding="utf-8"):
            missing.append(f"{path.name}::{function}")
    assert missing == []
