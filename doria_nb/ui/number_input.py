"""Reading whole numbers typed into text fields (attribute values, Target Numbers).

A text field lets a reader type anything; this turns what was typed into an ``int`` or a
:class:`~doria_nb.engine.errors.DoriaError` that says what is wrong in the reader's words, so a
view can list it instead of raising.
"""

from __future__ import annotations

import re

from doria_nb.engine.errors import DoriaError

MAX_NUMBER = 999
"""Largest attribute value or Target Number a field accepts (in absolute value)."""

_WHOLE_NUMBER = re.compile(r"[+-]?\d+")


def parse_number(text: object, what: str) -> int:
    """Read a whole number typed into a field; raise :class:`DoriaError` saying what is wrong.

    >>> parse_number(" 35 ", "The Target Number")
    35
    >>> parse_number("abc", "The Target Number")
    Traceback (most recent call last):
    ...
    doria_nb.engine.errors.DoriaError: The Target Number must be a whole number like 35, not 'abc'.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        value = text
    else:
        shown = str(text).strip()
        if not shown:
            raise DoriaError(f"{what} is empty: type a whole number like 35.")
        if not _WHOLE_NUMBER.fullmatch(shown):
            raise DoriaError(f"{what} must be a whole number like 35, not '{shown}'.")
        value = int(shown)
    if abs(value) > MAX_NUMBER:
        raise DoriaError(f"{what} is {value}; keep it within ±{MAX_NUMBER}.")
    return value
