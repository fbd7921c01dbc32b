"""Situation codes: a whole situation as one line to paste into a chat or a bug report.

A code is :data:`CODE_PREFIX` followed by the canonical text, compressed, in URL-safe base64
without padding. Reading one back refuses, in words, a damaged, cut or altered code and one
that would unpack to more text than a situation can hold.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib

from doria_nb.engine.errors import SituationError
from doria_nb.engine.situation.figure import _error
from doria_nb.engine.situation.reader import MAX_TEXT

__all__ = ["CODE_PREFIX"]

CODE_PREFIX = "doria1:"
"""How every situation code starts: the format's name and version."""

_MAX_TEXT = MAX_TEXT
"""The longest text a code may unpack to: the longest situation text (a guard against codes
built to exhaust memory, and the same limit as pasted text, so every situation's code reads
back)."""


MAX_CODE = 2 * MAX_TEXT
"""The longest code read (characters, line breaks included), checked before any decoding: the
code of a situation text of :data:`MAX_TEXT` characters packs to well under it."""


def _pack(text: str) -> str:
    """The code of a situation's canonical ``text``."""
    packed = zlib.compress(text.encode("utf-8"), 9)
    return CODE_PREFIX + base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def _unpack(code: str) -> str:
    """The text inside a situation code; :class:`SituationError` in words for a bad one."""
    if not isinstance(code, str):
        raise _error(f"A situation code is text starting with '{CODE_PREFIX}', not {code!r}.")
    if len(code) > MAX_CODE:
        raise _error(
            f"This code is {len(code):,} characters long; a situation code is at most "
            f"{MAX_CODE:,} (the code of the longest situation text is shorter)."
        )
    code = "".join(code.split())
    if not code.startswith(CODE_PREFIX):
        other = re.match(r"doria(\d+):", code)
        if other:
            raise _error(
                f"This code is in format {other.group(1)}; this version of doria-nb reads "
                f"'{CODE_PREFIX}' codes."
            )
        raise _error(f"A situation code starts with '{CODE_PREFIX}'; this one does not.")
    body = code[len(CODE_PREFIX) :]
    bad = re.search(r"[^A-Za-z0-9_-]", body)
    if bad:
        raise _error(
            f"The code contains '{bad.group()}', which is not part of a situation code (letters, "
            "digits, '-' and '_'); copy it again."
        )
    damaged = "The code is damaged (cut short, or changed); copy it again."
    if not body or len(body) % 4 == 1:
        raise _error(damaged)
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj()
        data = unpacker.decompress(packed, _MAX_TEXT)
        if unpacker.unconsumed_tail:
            raise _error("The code unpacks to more text than a situation can hold.")
        if not unpacker.eof or unpacker.unused_data:
            raise _error(damaged)
        text = data.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as error:
        if isinstance(error, SituationError):
            raise
        raise _error(damaged) from None
    return text
