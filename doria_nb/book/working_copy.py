"""The reader's working copy of the chapters: where ``doria-nb`` opens the book.

Playing in the book (running cells, moving figures, typing answers) edits and saves the
notebooks. So the launcher never opens the chapters it was installed or checked out with: it
opens a copy in the reader's data folder, made on the first run:

* ``$DORIA_NB_BOOK`` when it is set, else
* ``$XDG_DATA_HOME/doria-nb/chapters``, else ``~/.local/share/doria-nb/chapters``.

Only files missing from the copy are copied, so a reader's edited chapter is never
overwritten, and a chapter added by a newer version appears on the next start.
:func:`reset_chapter` (``doria-nb --reset 05``) is the way back: it puts the original of one
chapter over the reader's copy.

The originals are the checkout's ``chapters/`` (beside ``pyproject.toml``) or, in an installed
wheel, the read-only ``doria_nb/_chapters``.

>>> chapter_file("05", ["00_welcome.ipynb", "05_phases.ipynb"])
'05_phases.ipynb'
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable
from pathlib import Path

import doria_nb

__all__ = [
    "BOOK_ENV",
    "ChapterNotFound",
    "chapter_file",
    "copy_book",
    "original_chapters",
    "prepare_working_copy",
    "reset_chapter",
    "working_dir",
]

BOOK_ENV = "DORIA_NB_BOOK"
"""Overrides the folder of the working copy."""

_PACKAGE_DIR = Path(doria_nb.__file__).resolve().parent
_SKIPPED = ("__pycache__", ".ipynb_checkpoints")


class ChapterNotFound(ValueError):
    """A chapter asked for by number or name that the book does not have."""


def checkout_chapters() -> Path | None:
    """The repository's ``chapters/`` when running from a checkout, else ``None``."""
    repo = _PACKAGE_DIR.parent
    chapters = repo / "chapters"
    if chapters.is_dir() and (repo / "pyproject.toml").is_file():
        return chapters
    return None


def packaged_chapters() -> Path:
    """Where an installed wheel keeps its read-only copy of the chapters."""
    return _PACKAGE_DIR / "_chapters"


def original_chapters() -> Path:
    """The chapters as shipped: a checkout's ``chapters/``, else the wheel's ``_chapters``."""
    chapters = checkout_chapters()
    if chapters is not None:
        return chapters
    packed = packaged_chapters()
    if not packed.is_dir():
        raise FileNotFoundError(
            f"The chapters are missing: neither a checkout's chapters/ nor {packed} exists. "
            "Reinstall doria-nb."
        )
    return packed


def working_dir() -> Path:
    """The folder of the reader's working copy (see the module docstring); not created."""
    chosen = os.environ.get(BOOK_ENV)
    if chosen:
        return Path(chosen).expanduser().resolve()
    data = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return (Path(data).expanduser() / "doria-nb" / "chapters").resolve()


def _files(source: Path) -> list[Path]:
    return [
        path
        for path in sorted(source.rglob("*"))
        if path.is_file() and not any(part in _SKIPPED for part in path.parts)
    ]


def copy_book(source: Path, target: Path) -> list[Path]:
    """Copy every file of ``source`` into ``target`` that ``target`` does not have yet.

    Existing files (a reader's edited chapters) are left alone. Returns the files copied.
    """
    copied = []
    for path in _files(source):
        destination = target / path.relative_to(source)
        if destination.exists():
            continue
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, destination)
        copied.append(destination)
    return copied


def prepare_working_copy(
    target: Path | None = None, source: Path | None = None
) -> tuple[Path, list[Path]]:
    """Create or complete the working copy; returns its folder and the files just copied."""
    source = original_chapters() if source is None else source
    target = working_dir() if target is None else target
    if target.resolve() == source.resolve():
        raise ValueError(
            f"The working copy cannot be the original chapters themselves ({source}); "
            f"set {BOOK_ENV} to another folder."
        )
    target.mkdir(parents=True, exist_ok=True)
    return target, copy_book(source, target)


def chapter_file(chapter: str, names: Iterable[str]) -> str:
    """The notebook among ``names`` that ``chapter`` means: a number (``"5"``, ``"05"``), a
    stem (``"05_phases"``) or a file name (``"05_phases.ipynb"``)."""
    names = sorted(name for name in names if name.endswith(".ipynb"))
    wanted = chapter.strip()
    if wanted.isdigit():
        matches = [n for n in names if n.split("_", 1)[0].isdigit()]
        matches = [n for n in matches if int(n.split("_", 1)[0]) == int(wanted)]
    else:
        stem = wanted.removesuffix(".ipynb")
        matches = [n for n in names if n.removesuffix(".ipynb") == stem]
    if len(matches) != 1:
        listed = ", ".join(n.split("_", 1)[0] for n in names)
        raise ChapterNotFound(
            f"There is no chapter {chapter!r} in the book; give its number, one of {listed}."
        )
    return matches[0]


def reset_chapter(chapter: str, target: Path | None = None, source: Path | None = None) -> Path:
    """Put the original of ``chapter`` over the reader's copy (their changes to it are gone)
    and return the file. An unknown chapter raises :class:`ChapterNotFound`, changing nothing.
    """
    source = original_chapters() if source is None else source
    target = working_dir() if target is None else target
    if target.resolve() == source.resolve():
        raise ValueError(f"{target} holds the original chapters; there is nothing to reset.")
    name = chapter_file(chapter, (path.name for path in source.glob("*.ipynb")))
    target.mkdir(parents=True, exist_ok=True)
    destination = target / name
    shutil.copy2(source / name, destination)
    return destination
