"""Numbers a situation is lent from elsewhere, by figure letter: a read-only view.

In a game the characters' numbers (STR, AGI, WIS, active armor, HP) live on their seats at
the table, and a monster's range on its seat (its modifiers included). The monster AI reads
them from the situation it is given, so the game lends them for the one question it asks: the
situation carries a read-only view, letter -> (key -> value), that
:meth:`~doria_nb.engine.situation.Situation.value` reads before the figure's own values. The
figures themselves are never changed, so nothing has to be taken off them afterwards, and the
view is no part of what a situation is: it is not written to text, not compared, not hashed.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from doria_nb.engine.situation.figure import _error

__all__ = ["NO_NUMBERS", "FigureNumbers", "numbers_view"]

FigureNumbers = Mapping[str, Mapping[str, int]]
"""Figure letter -> (value key such as ``"STR"`` -> the number)."""

NO_NUMBERS: FigureNumbers = MappingProxyType({})
"""The view of a situation that is lent nothing."""


def numbers_view(numbers: object) -> FigureNumbers:
    """``numbers`` (letter -> key -> whole number) as a read-only copy; anything else is
    refused in words.

    >>> view = numbers_view({"W": {"STR": 7}})
    >>> view["W"]["STR"]
    7
    >>> numbers_view({"W": {"STR": "seven"}})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    doria_nb.engine.errors.SituationError: The numbers lent to figure W are whole numbers ...
    """
    if isinstance(numbers, MappingProxyType) and all(
        isinstance(values, MappingProxyType) for values in numbers.values()
    ):
        return numbers  # already a read-only view (as made here, or NO_NUMBERS): kept as is
    if not isinstance(numbers, Mapping):
        raise _error(f"Numbers are lent to a situation by figure letter, not {numbers!r}.")
    view: dict[str, Mapping[str, int]] = {}
    for letter, values in numbers.items():
        if not isinstance(letter, str):
            raise _error(f"Numbers are lent to a figure by its letter, not {letter!r}.")
        if not isinstance(values, Mapping) or not all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
            for k, v in values.items()
        ):
            raise _error(
                f"The numbers lent to figure {letter} are whole numbers by key (like 'STR': 7), "
                f"not {values!r}."
            )
        view[letter] = MappingProxyType(dict(values))
    return MappingProxyType(view)
