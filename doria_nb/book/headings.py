"""Every heading of the rulebook and the chapter of the book that covers it.

The book promises to cover the whole rulebook. ``headings.toml`` (beside this module) lists
each heading of the rulebook in its order, with the chapter whose job it is; a test reads the
chapters and fails when a heading is named by no chapter, unless the file says why:

* ``pending``: the chapter is listed in the contents but not written yet;
* ``gap = "..."``: the chapter exists and does not cover the heading yet, in words that say
  what is missing (a known gap, kept honest by the test: a gap the chapter now covers fails
  until its note is removed);
* ``partial = "..."``: the chapter names the heading but does not teach all of it yet (what
  is missing, in words);
* ``not_a_rule = true``: nothing to teach (the *Credits*).

Each heading also names its ``code``: the modules that carry out its rules, so that a reader
who has a section's title finds its code at once (:func:`code_for`). A module that is named
must cite the heading, in a docstring the book's way (``*Title*``), through the
:class:`~doria_nb.engine.sections.Section` of that title, or as a quoted title
(:func:`cites_heading`); a test holds the map to the code.

A chapter *names* a heading when one of its markdown cells has it as a heading line or cites
it in italics, the book's way of citing a section (``*Dead Ends*``). A heading with a cost or
a short form in brackets may be cited without them (``*Jumping*`` for *Jumping (5 AP)*), and
an *Optional Rule: X* heading as ``*X*``.

>>> names_heading("See *Jumping* for the TN.", "Jumping (5 AP)")
True
>>> names_heading("## Monster Swap\\nText.", "Optional Rule: Monster Swap")
True
>>> names_heading("Jumping costs 5 AP.", "Jumping (5 AP)")
False
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

__all__ = [
    "HEADINGS_FILE",
    "Heading",
    "cited_names",
    "cites_heading",
    "code_for",
    "headings",
    "names_heading",
    "rulebook_headings",
]

HEADINGS_FILE = Path(__file__).with_name("headings.toml")

_BOLD = re.compile(r"\*\*([^*]{1,80}?)\*\*")
_CITATION = re.compile(r"\*([^*]{1,80}?)\*")
_HEADING_LINE = re.compile(r"^#+\s*(.+?)\s*#*\s*$", re.MULTILINE)
_BRACKETS = re.compile(r"\s*\([^)]*\)\s*$")
_LIST_MARKER = re.compile(r"^(\s*)\*\s", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Heading:
    """One heading of the rulebook: its ``title``, the top-level section it stands ``under``
    (itself for a top-level one), the ``chapter`` number that covers it (``None`` only for
    what is not a rule) and, when the chapter does not cover it yet, why."""

    title: str
    under: str
    chapter: int | None
    gap: str = ""
    partial: str = ""
    not_a_rule: bool = False
    code: tuple[str, ...] = ()


@cache
def headings() -> tuple[Heading, ...]:
    """The headings of ``headings.toml``, in the rulebook's order."""
    data = tomllib.loads(HEADINGS_FILE.read_text(encoding="utf-8"))
    return tuple(
        Heading(
            title=entry["title"],
            under=entry.get("under", entry["title"]),
            chapter=entry.get("chapter"),
            gap=entry.get("gap", ""),
            partial=entry.get("partial", ""),
            not_a_rule=entry.get("not_a_rule", False),
            code=tuple(entry.get("code", ())),
        )
        for entry in data["heading"]
    )


def rulebook_headings(text: str) -> list[str]:
    """The headings of the rulebook's text, in order, after its table of contents.

    A heading is a short line of its own (60 characters at most) that is no list item, table
    row or example, does not start with a digit or bracket and does not end like a sentence.
    """
    lines = [line.strip() for line in text.splitlines()]
    contents = [i for i, line in enumerate(lines) if line == "Table of Contents"]
    first_entry = next(
        line[2:] for line in lines[(contents[-1] if contents else 0) :] if line.startswith("- ")
    )
    start = max(i for i, line in enumerate(lines) if line == first_entry)
    found = []
    for line in lines[start:]:
        if not line or len(line) > 60 or line.startswith(("-", "|", "Example", "(")):
            continue
        if line[0].isdigit() or line.endswith((".", ":", ",", ";", "!", "?")):
            continue
        found.append(line)
    return found


def cited_names(markdown: str) -> set[str]:
    """What a chapter's markdown names: its heading lines and its italic (or bold) citations,
    which may wrap over lines, in lower case, each also without a bracketed tail."""
    markdown = _LIST_MARKER.sub(r"\1- ", markdown)  # "* item" is a list, not emphasis
    names = {m.group(1) for m in _HEADING_LINE.finditer(markdown)}
    names |= {m.group(1) for m in _BOLD.finditer(markdown)}
    names |= {m.group(1) for m in _CITATION.finditer(_BOLD.sub(" ", markdown))}
    out = set()
    for name in names:
        name = " ".join(name.split()).strip("_").lower()
        out.add(name)
        out.add(_BRACKETS.sub("", name))
    return out


def _forms(title: str) -> set[str]:
    title = title.lower()
    forms = {title, _BRACKETS.sub("", title)}
    if title.startswith("phase ") and ": " in title:
        forms.add(title.partition(": ")[0])  # *Phase D* for Phase D: Action Phase
    if title.startswith("optional rule: "):
        rest = title.removeprefix("optional rule: ")
        forms |= {rest, _BRACKETS.sub("", rest)}
    return forms


def names_heading(markdown: str, title: str) -> bool:
    """Whether ``markdown`` names the heading ``title`` (see the module docstring)."""
    names = cited_names(markdown)
    for name in names:
        for form in _forms(title):
            if name == form or name.startswith((f"{form} (", f"{form}, ", f"{form}: ")):
                return True
    return False


def code_for(title: str) -> tuple[str, ...]:
    """The modules (paths from the project's root) that carry out the rulebook heading
    ``title``; every heading of that title counts. Raises ``KeyError`` for a title that is no
    heading of the rulebook.

    >>> code_for("Jumping (5 AP)")
    ('doria_nb/engine/movement/steps.py', 'doria_nb/engine/movement/jumps.py')
    """
    found = [path for h in headings() if h.title == title for path in h.code]
    if not found and all(h.title != title for h in headings()):
        raise KeyError(f"{title!r} is no heading of the rulebook")
    return tuple(dict.fromkeys(found))


def cites_heading(source: str, title: str) -> bool:
    """Whether the Python ``source`` of a module cites the heading ``title``: in italics as the
    book does, through the ``Section`` member of that exact title, or as a quoted title.

    >>> cites_heading("# Jumps over Holes (*Jumping*).", "Jumping (5 AP)")
    True
    >>> cites_heading("rule = Section.PHASE_D", "Phase D: Action Phase")
    True
    >>> cites_heading("def jump(): ...", "Jumping (5 AP)")
    False
    """
    from doria_nb.engine.sections import Section

    if names_heading(source, title):
        return True
    members = [s.name for s in Section if s.value == title]
    if any(re.search(rf"Section\.{name}\b", source) for name in members):
        return True
    return f'"{title}"' in source
