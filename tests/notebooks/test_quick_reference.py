"""Chapter 20, the quick reference: every line links to a chapter heading that exists and names
engine calls that exist, the chapter shows every line, and the overview's headings of the
rulebook are all covered."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from doria_nb.book.chapters import CHAPTERS
from doria_nb.book.quick_reference import (
    COVERS,
    GROUPS,
    LINES,
    anchor,
    engine_call,
    markdown,
)

ROOT = Path(__file__).resolve().parents[2]
CHAPTER_DIR = ROOT / "chapters"
CALLS = sorted({call for line in LINES for call in line.calls})
SECTIONS = sorted({section for line in LINES for section in line.sections})


def headings(number: int) -> set[str]:
    chapter = next(c for c in CHAPTERS if c.number == number)
    notebook = nbformat.read(CHAPTER_DIR / chapter.filename, as_version=4)
    found = set()
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            found |= {m.group(1).strip() for m in re.finditer(r"^#+ (.+)$", cell.source, re.M)}
    return found


@pytest.mark.parametrize("call", CALLS)
def test_each_named_engine_call_exists(call: str) -> None:
    assert call.startswith("doria_nb.engine."), call
    target = engine_call(call)
    assert callable(target) or isinstance(target, property), call


@pytest.mark.parametrize(("number", "heading"), SECTIONS)
def test_each_linked_chapter_and_heading_exists(number: int, heading: str) -> None:
    chapter = next(c for c in CHAPTERS if c.number == number)
    assert chapter.ready and (CHAPTER_DIR / chapter.filename).exists(), chapter.filename
    assert heading in headings(number), f"{chapter.filename} has no heading {heading!r}"


def test_the_chapter_shows_every_line_as_generated() -> None:
    notebook = nbformat.read(CHAPTER_DIR / "20_quick_reference.ipynb", as_version=4)
    text = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    for group in GROUPS:
        assert markdown(group) in text, f"chapter 20 is out of date for {group!r}"


def test_a_missing_call_is_not_found() -> None:
    with pytest.raises(AttributeError):
        engine_call("doria_nb.engine.health.no_such_rule")


def test_anchors_follow_jupyterlab() -> None:
    assert anchor("Phase D: who acts, and what it costs") == "Phase-D:-who-acts,-and-what-it-costs"
    assert anchor("The shop and the optional *Trap Shop*") == "The-shop-and-the-optional-Trap-Shop"


RULEBOOK = next(
    (
        p / "rulebook" / "rulebook.txt"
        for p in (ROOT.parent / "shared", ROOT.parent.parent / "shared")
        if (p / "rulebook" / "rulebook.txt").exists()
    ),
    None,
)


def overview_headings(text: str) -> list[str]:
    """The headings of the *Quick Rules Overview*: its short lines that are not list items or
    sentences."""
    lines = [line.strip() for line in text.splitlines()]
    start = len(lines) - 1 - lines[::-1].index("Quick Rules Overview")
    return [
        line
        for line in lines[start + 1 :]
        if line and len(line) < 40 and not line.startswith("- ") and not line.endswith(".")
    ]


@pytest.mark.skipif(RULEBOOK is None, reason="the rulebook is not beside this checkout")
def test_every_heading_of_the_overview_has_lines() -> None:
    assert RULEBOOK is not None
    found = overview_headings(RULEBOOK.read_text(encoding="utf-8"))
    assert len(found) >= 10
    assert set(found) == set(COVERS), set(found) ^ set(COVERS)
    topics = {line.topic for line in LINES}
    for heading, covering in COVERS.items():
        assert covering and set(covering) <= topics, heading
