"""*FAQ*: every entry of the rulebook's FAQ is a runnable dispute (``doria_nb.book.faq``), and
every one of them gives the FAQ's answer.

The FAQ's entries are read from the rulebook's text: each paragraph between the *FAQ* heading
and *Credits*; a paragraph that asks something has a question. A paragraph no dispute names
fails the test, so a new FAQ entry in the rulebook cannot go unnoticed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from doria_nb.book.faq import DISPUTES, Dispute, dispute

ROOT = Path(__file__).resolve().parents[2]
CANDIDATES = [ROOT.parent / "shared", ROOT.parent.parent / "shared"]
RULEBOOK = next(
    (p / "rulebook" / "rulebook.txt" for p in CANDIDATES if (p / "rulebook").is_dir()),
    CANDIDATES[0] / "rulebook" / "rulebook.txt",
)
needs_rulebook = pytest.mark.skipif(
    not RULEBOOK.exists(), reason="the rulebook is not beside this checkout"
)


def faq_paragraphs(text: str) -> list[str]:
    """The paragraphs of the FAQ section: from the line ``FAQ`` to the line ``Credits``."""
    lines = [line.strip() for line in text.splitlines()]
    start = lines.index("FAQ", lines.index("Game Overview")) + 1
    end = lines.index("Credits", start)
    return [line for line in lines[start:end] if line]


def questions(paragraphs: list[str]) -> list[str]:
    """The question each asking paragraph opens with (up to its first question mark)."""
    return [p[: p.index("?") + 1] for p in paragraphs if "?" in p]


def _named_by(paragraph: str) -> list[Dispute]:
    return [d for d in DISPUTES if d.key.lower() in paragraph.lower()]


@needs_rulebook
def test_the_faq_has_questions_to_check() -> None:
    paragraphs = faq_paragraphs(RULEBOOK.read_text(encoding="utf-8"))
    assert len(questions(paragraphs)) >= 4
    assert len(paragraphs) >= len(questions(paragraphs))


@needs_rulebook
def test_every_faq_entry_has_exactly_one_dispute() -> None:
    paragraphs = faq_paragraphs(RULEBOOK.read_text(encoding="utf-8"))
    missing = [p[:80] for p in paragraphs if not _named_by(p)]
    assert not missing, f"FAQ entries with no dispute in doria_nb/book/faq.py: {missing}"
    for paragraph in paragraphs:
        assert len(_named_by(paragraph)) == 1, paragraph[:80]
    for question in questions(paragraphs):
        assert _named_by(question) or _named_by(
            next(p for p in paragraphs if p.startswith(question))
        )


@needs_rulebook
def test_every_dispute_names_a_faq_entry() -> None:
    """No dispute is left over for an entry the FAQ does not have."""
    paragraphs = faq_paragraphs(RULEBOOK.read_text(encoding="utf-8"))
    for entry in DISPUTES:
        assert sum(entry.key.lower() in p.lower() for p in paragraphs) == 1, entry.key


@pytest.mark.parametrize("entry", DISPUTES, ids=[d.key for d in DISPUTES])
def test_the_engine_gives_the_faqs_answer(entry: Dispute) -> None:
    ruling = entry.run()
    assert ruling.holds, str(ruling)
    assert ruling.answer and entry.rule and entry.question.endswith("?")


def test_the_card_text_beats_the_rulebook() -> None:
    """*FAQ* (conflicting rules): the Dark Mage's level card keeps its lightning's element
    under a Fire Creature modifier (ruling FQ1)."""
    ruling = dispute("conflicting rules").run()
    assert "Monster abilities come before monster modifiers" in ruling.answer
    assert "damage 2 air" in ruling.answer


def test_a_buried_character_is_attacked_only_in_a_later_activation() -> None:
    """*FAQ*: a monster digs a buried character out first and attacks it in a later
    activation, though it has AP left after the digging (ruling A9)."""
    ruling = dispute("monsters will always be able to attack").run()
    assert ruling.holds and not ruling.differs
    dug, later = ruling.answer.splitlines()[1:3]
    assert "digs Warrior (W) out of the Rubble" in dug and "AP left: 5, yet no attack" in dug
    assert later.startswith("In its next activation:") and "attacks Warrior (W)" in later


def test_an_unknown_dispute_is_refused_in_words() -> None:
    with pytest.raises(KeyError, match="No FAQ dispute is called 'dragons'"):
        dispute("dragons")
