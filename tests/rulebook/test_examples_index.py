"""Every worked example of the rulebook is reproduced by a test under ``tests/rulebook/``.

``tests/rulebook/examples.toml`` lists each example: the labelled ones (every line of the
rulebook that starts with "Example") and the worked examples in running text, each with the
tests that reproduce it. These tests read the rulebook itself, so an example added to the text,
a quote that no longer matches it, or a cited test that is missing (or does not name the
section it reproduces) fails here. Examples another piece of work reproduces are marked with an
``owner`` and must say so; every other example needs at least one test.
"""

from __future__ import annotations

import ast
import os
import tomllib
from functools import cache
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def _find_rulebook() -> Path:
    """The rulebook beside the checkout (``../shared``; a worktree one level deeper looks one
    level further up), or where ``DORIA_RULEBOOK`` says."""
    named = os.environ.get("DORIA_RULEBOOK")
    candidates = [Path(named)] if named else []
    candidates += [up / "shared" / "rulebook" / "rulebook.txt" for up in ROOT.parents[:2]]
    return next((c for c in candidates if c.exists()), candidates[-1])


RULEBOOK = _find_rulebook()
INDEX = HERE / "examples.toml"

pytestmark = pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook text is not here")


def _rulebook() -> list[str]:
    return RULEBOOK.read_text(encoding="utf-8").splitlines()


def _entries() -> list[dict[str, object]]:
    return list(tomllib.loads(INDEX.read_text(encoding="utf-8"))["example"])


@cache
def _docstrings(file: str) -> dict[str, str]:
    """The test functions of ``file`` (in tests/rulebook/) and their docstrings."""
    tree = ast.parse((HERE / file).read_text(encoding="utf-8"))
    return {
        node.name: ast.get_docstring(node) or ""
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test")
    }


def test_every_labelled_example_of_the_rulebook_is_listed_once() -> None:
    labelled = [line for line in _rulebook() if line.startswith("Example")]
    quotes = [str(e["quote"]) for e in _entries() if e["kind"] == "labelled"]
    unlisted = [line[:80] for line in labelled if not any(line.startswith(q) for q in quotes)]
    assert not unlisted, f"examples of the rulebook with no entry in examples.toml: {unlisted}"
    for quote in quotes:
        matches = [line for line in labelled if line.startswith(quote)]
        assert len(matches) == 1, f"{quote!r} starts {len(matches)} Example lines, not 1"
    assert len(labelled) == len(quotes)


def test_every_quote_is_in_the_rulebook_under_its_section() -> None:
    lines = _rulebook()
    text = "\n".join(lines)
    headings = set(lines)
    for entry in _entries():
        quote, section = str(entry["quote"]), str(entry["section"])
        assert entry["kind"] in ("labelled", "running"), entry
        assert text.count(quote) == 1, f"{quote!r} is not in the rulebook exactly once"
        assert section in headings, f"{section!r} is no heading of the rulebook"
        where = next(i for i, line in enumerate(lines) if quote in line)
        above = [i for i, line in enumerate(lines[:where]) if line == section]
        assert above, f"{quote!r} does not come after the heading {section!r}"


@pytest.mark.parametrize(
    "entry", _entries(), ids=lambda e: f"{e['section']}: {str(e['quote'])[:40]}"
)
def test_every_example_is_reproduced_by_a_test_that_cites_its_section(
    entry: dict[str, object],
) -> None:
    tests = list(entry.get("tests", []))  # type: ignore[call-overload]
    if not tests:
        owner = str(entry.get("owner", ""))
        assert owner, f"{entry['quote']!r} has no test and no owner"
        assert "test to come" in owner or "not a worked example" in owner, owner
        return
    section = str(entry["section"])
    short = section.split(":")[0]
    for cited in tests:
        file, _, name = str(cited).partition("::")
        assert (HERE / file).exists(), f"{cited}: no such file under tests/rulebook/"
        docs = _docstrings(file)
        assert name in docs, f"{cited}: no such test"
        assert section in docs[name] or short in docs[name], (
            f"{cited} does not name the section {section!r} it reproduces"
        )


def test_the_campaign_examples_are_the_only_ones_left_to_other_work() -> None:
    owned = [e for e in _entries() if not e.get("tests")]
    assert {str(e["section"]) for e in owned} <= {
        "Table Setup",
        "Monster level in campaigns",
        "Campaigns",
    }
