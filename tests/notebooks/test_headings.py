"""Every heading of the rulebook has a chapter that names it (issue #15).

``doria_nb/book/headings.toml`` maps the rulebook's headings to chapters; these tests hold
the map to the rulebook (when its text is beside the checkout) and to the chapters on disk.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from doria_nb.book.chapters import CHAPTERS
from doria_nb.book.headings import (
    cites_heading,
    code_for,
    headings,
    names_heading,
    rulebook_headings,
)

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


def test_every_rule_heading_names_the_code_that_carries_it_out() -> None:
    """A reader with a section's title finds its code through the map (issue #17): every
    heading that is a rule names at least one module, each module exists and cites the
    heading, so a map entry goes stale the moment the code it points to is moved or no
    longer speaks of the rule."""
    missing, absent, uncited = [], [], []
    for heading in headings():
        if heading.not_a_rule:
            assert not heading.code, heading.title
            continue
        if not heading.code:
            missing.append(heading.title)
        for path in heading.code:
            file = ROOT / path
            if not file.is_file():
                absent.append(f"{heading.title}: {path}")
            elif not cites_heading(file.read_text(encoding="utf-8"), heading.title):
                uncited.append(f"{heading.title}: {path}")
    assert not missing, f"headings that name no code: {missing}"
    assert not absent, f"map entries naming no file: {absent}"
    assert not uncited, f"modules that do not cite the heading they are mapped to: {uncited}"


def test_code_for_finds_a_section_by_its_title() -> None:
    assert code_for("Jumping (5 AP)") == (
        "doria_nb/engine/movement/steps.py",
        "doria_nb/engine/movement/jumps.py",
    )
    assert "doria_nb/engine/traps/resolve.py" in code_for("Traps and Secret Doors")
    with pytest.raises(KeyError, match="no heading"):
        code_for("Dragons")


@pytest.mark.parametrize(
    ("title", "package"),
    [
        ("Phase B: New Shop Items", "shop"),
        ("Phase I: Buy or Remove Shop Items", "shop"),
        ("Optional Rule: Trap Shop", "shop"),
        ("Phase G: Doom Counter", "doom"),
        ("Phase H: Level Up", "level_up"),
        ("Traps and Secret Doors", "traps"),
    ],
)
def test_a_concept_section_leads_to_its_package(title: str, package: str) -> None:
    """Each concept's sections lead to its package, at least to the half that plays it."""
    assert f"doria_nb/engine/{package}/play.py" in code_for(title)


def test_cites_heading_needs_a_citation_a_section_or_a_quoted_title() -> None:
    assert cites_heading("# *Treasures*: loot.", "Treasures")
    assert cites_heading("rule = Section.PHASE_D", "Phase D: Action Phase")
    assert cites_heading('TITLE = "Treasures"', "Treasures")
    assert not cites_heading("# treasures and loot", "Treasures")
    assert not cites_heading("rule = Section.PHASE_DX", "Phase D: Action Phase")
