"""Limits on what a file or a pasted text may hold, checked before any work starts.

Save files, content packs and situation texts come from people: a file nested a thousand
levels deep, an integer of thousands of digits or megabytes of text must be refused in words,
at once, rather than tie up the kernel or escape as a Python error (``RecursionError``,
``ValueError: Exceeds the limit … for integer string conversion``). :func:`check_shape` walks
a parsed value without recursion and raises :class:`LimitError` for the first limit crossed.

>>> check_shape({"a": [1, 2, {"b": 3}]}, "the file")
>>> try:
...     check_shape([[[[1]]]], "the file", max_depth=3)
... except LimitError as error:
...     print(error)
the file is nested more than 3 levels deep.
"""

from __future__ import annotations

from doria_nb.engine.errors import DoriaError

__all__ = [
    "MAX_DEPTH",
    "MAX_INT",
    "MAX_ITEMS",
    "MAX_TEXT",
    "LimitError",
    "check_shape",
    "check_text",
]

MAX_TEXT = 4_000_000
"""The longest text read (characters): a long game's save file is a few hundred kilobytes."""

MAX_DEPTH = 32
"""The deepest nesting of tables and lists; real files nest at most about six levels."""

MAX_INT = 10**15
"""The largest integer (either sign) a file may hold: seeds, counts and amounts are far
smaller."""

MAX_ITEMS = 1_000_000
"""The most values (tables, lists, numbers, texts) one file may hold."""


class LimitError(DoriaError):
    """A text or file crosses one of the limits above; nothing of it was used."""


def check_text(text: str, what: str, *, max_chars: int = MAX_TEXT) -> None:
    """Refuse ``text`` longer than ``max_chars`` characters before it is parsed."""
    if len(text) > max_chars:
        raise LimitError(
            f"{what} is {len(text):,} characters long; at most {max_chars:,} are read."
        )


def check_shape(
    value: object,
    what: str,
    *,
    max_depth: int = MAX_DEPTH,
    max_int: int = MAX_INT,
    max_items: int = MAX_ITEMS,
) -> None:
    """Refuse a parsed value nested deeper than ``max_depth``, holding an integer beyond
    ``max_int`` or more than ``max_items`` values; walks without recursion."""
    stack: list[tuple[object, int]] = [(value, 0)]
    seen = 0
    while stack:
        item, depth = stack.pop()
        seen += 1
        if seen > max_items:
            raise LimitError(f"{what} holds more than {max_items:,} values.")
        if isinstance(item, dict | list | tuple):
            if depth >= max_depth:
                raise LimitError(f"{what} is nested more than {max_depth} levels deep.")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
            if isinstance(item, dict):
                stack.extend((key, depth + 1) for key in item)
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) > max_int:
            raise LimitError(
                f"{what} holds a number of {len(str(abs(item)))} digits; numbers here are at "
                f"most {max_int:,}."
            )
