"""Text pasted or uploaded into a widget, refused in words when it is longer than its reader
reads — before any parsing, so a pasted page or a huge file never ties up the kernel.

Each kind of paste has the limit of the engine reader behind it (a situation text or code, a
save file); the readers check again, this is the widgets' first and cheapest line.

>>> refuse_long("3,2", "The square", 40)
'3,2'
>>> try:
...     refuse_long("x" * 50, "The square", 40)
... except PasteError as error:
...     print(error)
The square is 50 characters long; at most 40 are read, so nothing was loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doria_nb.engine.errors import DoriaError, SituationError
from doria_nb.engine.limits import MAX_TEXT as MAX_SAVE_TEXT
from doria_nb.engine.situation import Situation
from doria_nb.engine.situation.code import MAX_CODE

if TYPE_CHECKING:
    from doria_nb.engine.cards import ContentPack

__all__ = [
    "MAX_SAVE_BYTES",
    "MAX_SAVE_TEXT",
    "PasteError",
    "read_pasted_situation",
    "refuse_big",
    "refuse_long",
]

MAX_SAVE_BYTES = 4 * MAX_SAVE_TEXT
"""The largest save file read from a file or an upload, in bytes (UTF-8 takes at most four
bytes a character), checked before it is decoded."""


class PasteError(DoriaError):
    """A paste or upload longer than its reader reads; nothing of it was used."""


def refuse_long(text: str, what: str, limit: int, *, unit: str = "characters") -> str:
    """``text`` itself, or :class:`PasteError` when it is longer than ``limit``."""
    if len(text) > limit:
        raise PasteError(
            f"{what} is {len(text):,} {unit} long; at most {limit:,} are read, so nothing was "
            "loaded."
        )
    return text


def refuse_big(size: int, name: str) -> None:
    """:class:`PasteError` for a file of ``size`` bytes larger than a save file can be."""
    if size > MAX_SAVE_BYTES:
        raise PasteError(
            f"{name} is {size:,} bytes; a saved game is at most {MAX_SAVE_BYTES:,}, so nothing "
            "was loaded."
        )


def read_pasted_situation(text: str, pack: ContentPack | None = None) -> Situation:
    """The situation in pasted ``text``: a ``doria1:`` code or situation text, refused in
    words when empty or longer than any situation or code can be."""
    if not isinstance(text, str):
        raise SituationError(f"Paste a situation as text, not {type(text).__name__}.")
    stripped = refuse_long(text, "The pasted situation", MAX_CODE).strip()
    if not stripped:
        raise SituationError("Paste a situation (its text, or a code starting doria1:) first.")
    if stripped.startswith("doria"):
        return Situation.from_code(stripped, pack)
    return Situation.from_text(text, pack)
