"""Every heading of the rulebook has a chapter that names it (issue #15).

``doria_nb/book/headings.toml`` maps the rulebook's headings to chapters; these tests hold
the map to the rulebook (when its text is beside the checkout) and to the chapters on disk.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from doria_nb.book.chapters import CHAPTERS
from doria_nb.book.headings import headings, names_heading, rulebook_headings

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK = ROOT.parent / "shared" / "rulebook" / "rulebook.txt"
BY_NUMBER = {chapter.number: chapter for chapter in CHAPTERS}


def _markdown(number: int) -> str:
    path = ROOT / "chapters" / BY_NUMBER[number].filename
    notebook = nbformat.read(path, as_version=4)
    return "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is not beside this checkout")
def test_the_map_lists_every_heading_of_the_rulebook_in_order() -> None:
    text = RULEBOOK.read_text(encoding="utf-8")
    assert [h.title for h in headings()] == rulebook_headings(text)


def test_every_heading_has_a_chapter_of_the_contents() -> None:
    for heading in headings():
        if heading.not_a_rule:
            assert heading.chapter is None, heading.title
            continue
        assert heading.chapter in BY_NUMBER, f"{heading.title}: no chapter {heading.chapter}"
        assert BY_NUMBER[heading.chapter].ready or not (heading.gap or heading.partial), (
            f"{heading.title}: a chapter not written yet has no gaps to note"
        )


def test_every_heading_is_named_by_its_chapter_or_its_gap_is_said() -> None:
    """A ready chapter names each of its headings; a heading it does not name needs a ``gap``
    note, and a gap note on a heading the chapter now names must go (the map stays true)."""
    texts = {c.number: _markdown(c.number) for c in CHAPTERS if c.ready}
    unnamed, stale = [], []
    for heading in headings():
        if heading.not_a_rule or heading.chapter not in texts:
            continue
        named = names_heading(texts[heading.chapter], heading.title)
        if not named and not heading.gap:
            unnamed.append(f"{heading.title} (chapter {heading.chapter})")
        if named and heading.gap:
            stale.append(heading.title)
    assert not unnamed, f"headings no chapter names: {unnamed}"
    assert not stale, f"gap notes on headings their chapter now names: {stale}"


def test_the_known_gaps_are_few_and_said_in_words() -> None:
    """The headings the book does not cover in full yet, printed for the reader of the test
    log; each note says what is missing."""
    open_items = [h for h in headings() if h.gap or h.partial]
    for heading in open_items:
        assert len((heading.gap or heading.partial).split()) >= 5, heading.title
        print(f"{heading.title} (chapter {heading.chapter}): {heading.gap or heading.partial}")
    pending = [
        h.title for h in headings() if h.chapter is not None and not BY_NUMBER[h.chapter].ready
    ]
    print(f"{len(pending)} headings wait for chapters not written yet: {', '.join(pending)}")


def test_names_heading_needs_a_citation_not_a_passing_word() -> None:
    assert names_heading("You may *Wait* instead.", "Wait")
    assert not names_heading("You may wait instead.", "Wait")
    assert names_heading(
        "* **Ammunition** (*Ranged combat\n  ammunition*) is free.", "Ranged combat ammunition"
    )
    assert names_heading(
        "**Phase B — New Shop Items** (*Phase B: New Shop Items*).", "Phase B: New Shop Items"
    )
