"""Every ``docs/…`` file and every ruling a chapter or the code names exists (issue #15,
item 5): a reader who follows a reference finds what it points to.

Scanned: every cell of every chapter, and every module of ``doria_nb`` (docstrings, comments
and messages alike). A ruling is named as "ruling P1", "rulings TR1–TR3", "rulings A1–A16 and
A20–A23"; it exists when ``docs/rulings.md`` has its heading ``### P1. …``.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "docs" / "rulings.md"

DOCS_PATH = re.compile(r"\bdocs/[A-Za-z0-9_./-]*[A-Za-z0-9]")
RULING_ID = r"[A-Z]{1,3}\d+[a-z]?"
RULING_NAMES = re.compile(
    rf"\b[Rr]ulings?\s+({RULING_ID}(?:\s*(?:[-–,/]|and|or|to)\s*{RULING_ID})*)(?![A-Za-z0-9])"
)


def sources() -> list[tuple[str, str]]:
    """(where, text) of every chapter cell and every module of the package."""
    found = []
    for path in sorted((ROOT / "chapters").glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        for number, cell in enumerate(notebook.cells):
            found.append((f"{path.name} cell {number}", cell.source))
    for path in sorted((ROOT / "doria_nb").rglob("*.py")):
        found.append((str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")))
    return found


def known_rulings() -> set[str]:
    text = RULINGS.read_text(encoding="utf-8")
    return set(re.findall(rf"^### ({RULING_ID})\. ", text, flags=re.MULTILINE))


def named_rulings(text: str) -> set[str]:
    """The ruling ids ``text`` names ("rulings TR1–TR3" names TR1 and TR3)."""
    return {i for group in RULING_NAMES.findall(text) for i in re.findall(RULING_ID, group)}


SOURCES = sources()


def test_the_scan_reads_the_chapters_and_the_code() -> None:
    assert sum(where.endswith(".py") for where, _ in SOURCES) > 100
    assert sum(".ipynb cell" in where for where, _ in SOURCES) > 300
    assert len(known_rulings()) > 200


def test_named_rulings_reads_lists_and_ranges() -> None:
    assert named_rulings("see rulings TR1–TR3 and ruling P1.") == {"TR1", "TR3", "P1"}
    assert named_rulings("rulings A1–A16 and A20–A23") == {"A1", "A16", "A20", "A23"}
    assert named_rulings("the ruling is clear. Rule A1") == set()


@pytest.mark.parametrize("kind", ["docs path", "ruling"])
def test_every_reference_exists(kind: str) -> None:
    rulings = known_rulings()
    dead = []
    for where, text in SOURCES:
        if kind == "docs path":
            dead += [f"{where}: {p}" for p in DOCS_PATH.findall(text) if not (ROOT / p).exists()]
        else:
            dead += [f"{where}: ruling {r}" for r in sorted(named_rulings(text) - rulings)]
    assert dead == [], "dead references:\n" + "\n".join(dead)
