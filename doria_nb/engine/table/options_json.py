"""The optional rules in a JSON file, a saved game's and a Campaign Sheet's alike: written as a
table of names and values, read back with every name and value checked.

Below both the game's save files (:mod:`doria_nb.engine.game.save`) and the campaign's sheet
(:mod:`doria_nb.engine.campaign.sheet_json`), so the campaign reads them without the game.

>>> from doria_nb.engine.options import RulesOptions
>>> options_from_json(options_json(RulesOptions())) == RulesOptions()
True
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from doria_nb.engine.errors import DoriaError
from doria_nb.engine.options import TITLES, RulesOptions
from doria_nb.engine.table.records import SaveFileError

__all__ = ["options_from_json", "options_json", "short_repr"]


def options_json(options: RulesOptions) -> dict[str, Any]:
    """``options`` as a table of names and values (sets as sorted lists)."""
    out: dict[str, Any] = {}
    for f in fields(options):
        value = getattr(options, f.name)
        if isinstance(value, (frozenset, set, tuple)):
            value = sorted(value)
        out[f.name] = value
    return out


def options_from_json(data: object) -> RulesOptions:
    """The optional rules a file's table names, every value checked; anything else is a
    :class:`~doria_nb.engine.table.records.SaveFileError` in words."""
    if not isinstance(data, dict):
        raise SaveFileError("The saved optional rules are not a table of names and values.")
    known = {f.name: f for f in fields(RulesOptions)}
    unknown = set(data) - set(known)
    if unknown:
        names = ", ".join(sorted(unknown))
        raise SaveFileError(f"The save file names optional rules this book does not know: {names}.")
    values = {}
    for name, value in data.items():
        if isinstance(getattr(RulesOptions(), name), frozenset):
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise SaveFileError(
                    f"The saved optional rules are not valid: {TITLES.get(name, name)} is a "
                    f"list of names, not {short_repr(value)}."
                )
            value = frozenset(value)
        values[name] = value
    try:
        return RulesOptions(**values)
    except (DoriaError, TypeError, ValueError) as error:
        raise SaveFileError(f"The saved optional rules are not valid: {error}") from None


def short_repr(value: object) -> str:
    """``repr(value)``, cut to 80 characters for a message."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
