"""The welcome chapter's table of contents is Markdown, readable before any cell runs, and
agrees with the book's list of chapters (issue #15, item 5)."""

from __future__ import annotations

from pathlib import Path

import nbformat

from doria_nb.book.chapters import CHAPTERS, welcome_contents_cell

WELCOME = Path(__file__).resolve().parents[2] / "chapters" / "00_welcome.ipynb"


def _contents_cells() -> list[nbformat.NotebookNode]:
    notebook = nbformat.read(WELCOME, as_version=4)
    return [
        cell
        for cell in notebook.cells
        if cell.cell_type == "markdown" and cell.source.startswith("## Chapters")
    ]


def test_the_welcome_contents_is_a_markdown_cell_up_to_date_with_the_chapter_list() -> None:
    cells = _contents_cells()
    assert len(cells) == 1
    assert cells[0].source == welcome_contents_cell(), (
        "the welcome chapter's contents is stale: rewrite its '## Chapters' cell with "
        "doria_nb.book.chapters.welcome_contents_cell()"
    )


def test_the_welcome_contents_links_every_ready_chapter() -> None:
    source = _contents_cells()[0].source
    for chapter in CHAPTERS:
        link = f"]({chapter.filename})"
        assert (link in source) is chapter.ready, chapter.filename
