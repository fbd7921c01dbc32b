"""Figures: the heroes and monsters of a situation, with their values and flags.

A :class:`Figure` is checked when built (its name, its letter, its values, its flags), and
raises :class:`~doria_nb.engine.errors.SituationError` in words for a mistake. This module
also holds the helpers every part of the situation package words its messages with.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Literal

from doria_nb.engine.errors import SituationError
from doria_nb.engine.geometry import Square
from doria_nb.engine.monsters import base_name
from doria_nb.engine.tiles import LEGEND

__all__ = ["FIGURE_LETTERS", "FLAGS", "KINDS", "Figure", "Kind", "base_name"]

Kind = Literal["hero", "monster"]
KINDS: tuple[Kind, ...] = ("hero", "monster")

FLAGS: Mapping[str, str] = {
    "unconscious": "unconscious (Unconsciousness): cannot act, frees its square, can be carried",
    "buried": "buried under Rubble (Dungeon Markers): stays on the Rubble's square",
    "poisoned": "poisoned",
    "immobilized": "immobilized by a trap",
}
"""The flags a figure may carry, with what each means."""

FIGURE_LETTERS = "".join(
    c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" if c not in LEGEND
)
"""The letters a figure may be drawn with: every ASCII letter that is not a map character."""

_KEY_ORDER = ("AP", "HP", "PP", "IP", "STR", "CON", "AGI", "PER", "WIS", "PSI")
"""Values are kept (and written) in this order, then any other key alphabetically."""

_KEY_RE = re.compile(r"[A-Z][A-Z0-9_]+")
_MAX_VALUE = 999_999


def _error(problem: str, line: int | None = None, column: int | None = None) -> SituationError:
    return SituationError(problem, line=line, column=column)


def _pos(square: Square) -> str:
    return f"({square.x}, {square.y})"


def _key_rank(key: str) -> tuple[int, str]:
    return (_KEY_ORDER.index(key) if key in _KEY_ORDER else len(_KEY_ORDER), key)


# -- figures -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Figure:
    """A hero or monster on the board: its ``name``, the ``letter`` it is drawn with, its
    ``kind`` (``"hero"`` or ``"monster"``), its ``square``, its ``values`` and ``flags``.

    ``values`` holds upper-case keys (AP, HP, PP, IP, STR, CON, AGI, PER, WIS, PSI, or any
    other) with whole numbers; it may be given as a mapping and is kept as a tuple of pairs in
    a fixed order, so that equal figures compare and hash equal. ``flags`` come from
    :data:`FLAGS`. ``carried_by`` is the letter of the hero carrying this (unconscious) one
    (*Carry Characters*); a carried figure stands on its carrier's square.

    >>> mage = Figure.hero("Mage", "M", Square(2, 3), HP=-1, AP=0, flags={"unconscious"})
    >>> mage.values, mage.hp, mage.unconscious
    ((('AP', 0), ('HP', -1)), -1, True)
    >>> mage.value("PSI", 0)
    0
    """

    name: str
    letter: str
    kind: Kind
    square: Square
    values: tuple[tuple[str, int], ...] = ()
    flags: frozenset[str] = frozenset()
    carried_by: str | None = None

    def __post_init__(self) -> None:
        _check_name(self.name)
        _check_letter(self.letter)
        if self.kind not in KINDS:
            raise _error(f"A figure is a hero or a monster, not {self.kind!r}.")
        if not isinstance(self.square, Square):
            raise _error(f"A figure stands on a Square, not {self.square!r}.")
        object.__setattr__(self, "values", _normal_values(self.values))
        flags = frozenset(self.flags) if not isinstance(self.flags, str) else {self.flags}
        for flag in sorted(flags, key=str):
            if flag not in FLAGS:
                raise _error(_unknown_flag(flag))
        object.__setattr__(self, "flags", frozenset(flags))
        if self.carried_by is not None:
            _check_letter(self.carried_by)
            if self.carried_by == self.letter:
                raise _error(f"{self.label} cannot carry itself.")

    @classmethod
    def hero(
        cls,
        name: str,
        letter: str,
        square: Square,
        *,
        flags: Iterable[str] = (),
        carried_by: str | None = None,
        **values: int,
    ) -> Figure:
        """A hero: ``Figure.hero("Huntress", "H", Square(1, 1), AP=19, STR=7)``."""
        return cls(
            name, letter, "hero", square, tuple(values.items()), frozenset(flags), carried_by
        )

    @classmethod
    def monster(
        cls, name: str, letter: str, square: Square, *, flags: Iterable[str] = (), **values: int
    ) -> Figure:
        """A monster: ``Figure.monster("Orc", "o", Square(5, 1), AP=10)``."""
        return cls(name, letter, "monster", square, tuple(values.items()), frozenset(flags))

    # -- values and flags --

    def value(self, key: str, default: int | None = None) -> int | None:
        """The value of ``key`` (``"AP"``, ``"STR"``, ...), ``default`` when not given."""
        return dict(self.values).get(key, default)

    @property
    def ap(self) -> int | None:
        """Action Points, if given."""
        return self.value("AP")

    @property
    def hp(self) -> int | None:
        """Hit Points, if given."""
        return self.value("HP")

    @property
    def pp(self) -> int | None:
        """Psi Points, if given."""
        return self.value("PP")

    @property
    def strength(self) -> int | None:
        return self.value("STR")

    @property
    def agility(self) -> int | None:
        return self.value("AGI")

    @property
    def unconscious(self) -> bool:
        return "unconscious" in self.flags

    @property
    def buried(self) -> bool:
        return "buried" in self.flags

    @property
    def is_hero(self) -> bool:
        return self.kind == "hero"

    @property
    def is_monster(self) -> bool:
        return self.kind == "monster"

    @property
    def label(self) -> str:
        """``"the Huntress (H)"``: how messages name the figure."""
        return f"{self.name} ({self.letter})"

    def at(self, square: Square) -> Figure:
        """This figure on ``square``. Only the square is new, so when it is a
        :class:`Square` the figure is copied without checking its name, letter, values and
        flags again (they were checked when this figure was built)."""
        if type(square) is not Square:
            return replace(self, square=square)  # checked, and refused in words
        moved = object.__new__(Figure)
        for name in _FIELDS:
            object.__setattr__(moved, name, getattr(self, name))
        object.__setattr__(moved, "square", square)
        return moved

    def describe(self) -> str:
        """The figure in words: ``"H, hero Huntress at (1, 1): AP 19, HP 22"``."""
        where = (
            f"carried by {self.carried_by} at {_pos(self.square)}"
            if self.carried_by
            else f"at {_pos(self.square)}"
        )
        bits = [f"{key} {value}" for key, value in self.values]
        bits += sorted(self.flags)
        details = f": {', '.join(bits)}" if bits else ""
        return f"{self.letter}, {self.kind} {self.name} {where}{details}"


_FIELDS = tuple(f.name for f in fields(Figure))


def _check_name(name: object) -> None:
    if not isinstance(name, str) or not name.strip():
        raise _error(f"A figure needs a name, like 'Huntress', not {name!r}.")
    if name != name.strip() or not name.isprintable() or '"' in name or ";" in name:
        raise _error(
            f"The figure name {name!r} must be one line of text without double quotes, "
            "semicolons or spaces at its ends."
        )


def _check_letter(letter: object) -> None:
    if not isinstance(letter, str) or len(letter) != 1 or not letter.isascii():
        raise _error(f"A figure is drawn with one letter (A to Z, a to z), not {letter!r}.")
    if letter in LEGEND:
        raise _error(
            f"The figure letter '{letter}' is a map character ({LEGEND[letter][1]}); choose a "
            f"letter the map does not use, one of {FIGURE_LETTERS}."
        )
    if letter not in FIGURE_LETTERS:
        raise _error(f"A figure is drawn with one letter (A to Z, a to z), not {letter!r}.")


def _normal_values(values: object) -> tuple[tuple[str, int], ...]:
    items: Iterable[Any]
    if isinstance(values, Mapping):
        items = values.items()
    elif isinstance(values, Iterable) and not isinstance(values, str):
        items = values
    else:
        raise _error(f"A figure's values are pairs like ('AP', 10), not {values!r}.")
    out: dict[str, int] = {}
    for pair in items:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise _error(f"A figure's values are pairs like ('AP', 10), not {pair!r}.")
        key, value = pair
        if not isinstance(key, str) or not _KEY_RE.fullmatch(key):
            raise _error(
                f"A value's name is an upper-case abbreviation like AP, HP or STR, not {key!r}."
            )
        if not isinstance(value, int) or isinstance(value, bool):
            raise _error(f"{key} is a whole number, like {key} 10, not {value!r}.")
        if abs(value) > _MAX_VALUE:
            raise _error(f"{key} {value} is out of range: values have at most 6 digits.")
        if key in out:
            raise _error(f"{key} is given twice.")
        out[key] = value
    return tuple(sorted(out.items(), key=lambda kv: _key_rank(kv[0])))


def _unknown_flag(word: str) -> str:
    close = difflib.get_close_matches(word, list(FLAGS), n=1)
    hint = f" Did you mean '{close[0]}'?" if close else ""
    return (
        f"'{word}' is not something a figure line understands.{hint} A figure line holds values "
        f"like AP 10, flags ({', '.join(FLAGS)}), 'at x,y', 'on ~' (map only) and "
        "'carried by H'."
    )
