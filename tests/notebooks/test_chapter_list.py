"""The book's table of contents agrees with the notebooks on disk and with the rulebook."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from doria_nb.book.chapters import CHAPTERS
from doria_nb.book.refresh import is_checked
from doria_nb.engine.sections import Section

ROOT = Path(__file__).resolve().parents[2]
CHAPTER_DIR = ROOT / "chapters"
RULEBOOK = ROOT.parent / "shared" / "rulebook" / "rulebook.txt"


def test_every_ready_chapter_exists_and_every_notebook_is_listed() -> None:
    on_disk = {path.name for path in CHAPTER_DIR.glob("*.ipynb")}
    ready = {chapter.filename for chapter in CHAPTERS if chapter.ready}
    assert ready <= on_disk, f"chapters marked ready but missing: {sorted(ready - on_disk)}"
    assert on_disk <= ready, (
        f"notebooks not marked ready in the contents: {sorted(on_disk - ready)}"
    )


def test_chapters_are_numbered_in_order() -> None:
    assert [chapter.number for chapter in CHAPTERS] == list(range(len(CHAPTERS)))


@pytest.mark.parametrize("path", sorted(CHAPTER_DIR.glob("*.ipynb")), ids=lambda p: p.name)
def test_chapters_start_with_setup_and_keep_only_checked_text_outputs(path: Path) -> None:
    """Widget and BokehJS outputs are never committed; checked cells keep their text, which
    nbval compares (``uv run python -m doria_nb.book.refresh`` stores it)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in notebook["metadata"], "saved widget state was committed"
    code_cells = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert "setup()" in "".join(code_cells[0]["source"]), "the first code cell must call setup()"
    checked = 0
    for cell in code_cells:
        source = "".join(cell["source"])
        if not is_checked(nbformat.from_dict(cell)):
            assert cell["outputs"] == [], f"unchecked cell with outputs: {source[:60]!r}"
            continue
        checked += 1
        assert cell["outputs"], f"checked cell without stored output: {source[:60]!r}"
        for output in cell["outputs"]:
            assert output["output_type"] in {"stream", "execute_result"}
            assert set(output.get("data", {})) <= {"text/plain"}
    assert checked, "every chapter answers at least one concrete question in a checked cell"


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is not beside this checkout")
def test_every_cited_section_is_a_rulebook_heading() -> None:
    lines = {line.strip() for line in RULEBOOK.read_text(encoding="utf-8").splitlines()}
    missing = [section.value for section in Section if section.value not in lines]
    assert not missing, f"sections not found as headings in the rulebook: {missing}"
