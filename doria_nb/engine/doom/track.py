"""The Doom Counter track of the Initiative Board: its squares, their kinds, and the starter
board's layout (*Phase G: Doom Counter*, *Hero and Monster Level*).

The rulebook prints no picture of the track, only examples of the marker moving on it. The
layout of :data:`STARTER_DOOM_TRACK` is therefore board data chosen to agree with every one
of those examples; its derivation is ruling D1 in ``docs/rulings.md``:

* the marker starts on the red monster head, which is not a numbered square;
* one step from the head lands on 40, then 39, 38, ... down to 31;
* the step after 31 reaches square 30, the orange Monster Level Up square: the monsters level
  up and the marker goes straight onto the head (so the head and 30 count as one step);
* the red Extra Activation squares are 39, 36 and 33 (every third square back from 30).

>>> track = STARTER_DOOM_TRACK
>>> track.squares[:3], track.wrap_square, track.start
((40, 39, 38), 30, None)
>>> [track.kind(square).value for square in (40, 39, 33, 30)]
['plain', 'extra activation', 'extra activation', 'level']
>>> track.lap_length
11

(A pack for the printed board should move this into ``board.toml`` once the content loader
reads one; see ``docs/content-format.md``.)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from doria_nb.engine.errors import DoomError

__all__ = [
    "HEAD",
    "RED_38_36_34_DOOM_TRACK",
    "STARTER_DOOM_TRACK",
    "DoomTrack",
    "SquareKind",
]

HEAD: None = None
"""The position of the marker on the red monster head (it is not a numbered square)."""


class SquareKind(StrEnum):
    """What a Doom Counter square does when the marker moves onto or across it."""

    PLAIN = "plain"
    EXTRA_ACTIVATION = "extra activation"
    """Red: refill the monsters, then every monster activates once."""
    LEVEL = "level"
    """Orange: every monster goes up one Monster Level; the marker goes back to the start."""


def _square_name(square: int | None) -> str:
    return "the red monster head" if square is None else f"square {square}"


@dataclass(frozen=True, slots=True)
class DoomTrack:
    """A Doom Counter track: the numbered squares in the order the marker moves over them
    (``squares``), the square that sends the marker onto the red monster head
    (``wrap_square``), the red and orange squares, and where the marker starts (``start``:
    ``None`` for the head, else a numbered square).

    The head is not a square of its own: reaching ``wrap_square`` puts the marker on it, and
    the next step goes to ``squares[0]``. The wrap square may itself be red or orange.

    >>> DoomTrack(squares=(3, 2), wrap_square=1, levels=frozenset({2}))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    doria_nb.engine.errors.DoomError: A Level square must be the last square of the Doom Counter ...
    """

    squares: tuple[int, ...]
    wrap_square: int
    extra_activations: frozenset[int] = frozenset()
    levels: frozenset[int] = frozenset()
    start: int | None = HEAD

    def __post_init__(self) -> None:
        every = (*self.squares, self.wrap_square)
        for square in every:
            if not isinstance(square, int) or isinstance(square, bool):
                raise DoomError(f"A Doom Counter square must be a whole number, not {square!r}.")
        if not self.squares:
            raise DoomError("The Doom Counter track needs at least one numbered square.")
        if len(set(every)) != len(every):
            raise DoomError("Each Doom Counter square may appear on the track only once.")
        for what, chosen in (("Extra Activation", self.extra_activations), ("Level", self.levels)):
            stray = sorted(set(chosen) - set(every))
            if stray:
                raise DoomError(f"The {what} square {stray[0]} is not on the Doom Counter track.")
        both = sorted(self.extra_activations & self.levels)
        if both:
            raise DoomError(f"Square {both[0]} cannot be both an Extra Activation and a Level.")
        early = sorted(self.levels - {self.wrap_square})
        if early:
            raise DoomError(
                "A Level square must be the last square of the Doom Counter track (the one "
                f"that leads onto the red monster head): square {early[0]} would leave the "
                "squares after it unreachable."
            )
        if self.start is not HEAD and self.start not in self.squares:
            raise DoomError(
                f"The Doom Counter cannot start on {_square_name(self.start)}: it is not a "
                "square the marker can stand on."
            )

    @property
    def lap_length(self) -> int:
        """Steps in one full circle: the numbered squares plus the step onto the head."""
        return len(self.squares) + 1

    def kind(self, square: int) -> SquareKind:
        """What ``square`` does; the red monster head itself does nothing."""
        if square in self.levels:
            return SquareKind.LEVEL
        if square in self.extra_activations:
            return SquareKind.EXTRA_ACTIVATION
        if square in self.squares or square == self.wrap_square:
            return SquareKind.PLAIN
        raise DoomError(f"Square {square!r} is not on the Doom Counter track.")

    def holds(self, position: int | None) -> bool:
        """Whether the marker can stand on ``position`` (the head or a numbered square; never
        the wrap square, which sends it onto the head at once).

        >>> STARTER_DOOM_TRACK.holds(None), STARTER_DOOM_TRACK.holds(31)
        (True, True)
        >>> STARTER_DOOM_TRACK.holds(30), STARTER_DOOM_TRACK.holds(41)
        (False, False)
        """
        if position is HEAD:
            return True
        whole = isinstance(position, int) and not isinstance(position, bool)
        return whole and position in self.squares

    def next_square(self, position: int | None) -> int:
        """The square one step on from ``position``: 40 from the head, 30 after 31.

        >>> STARTER_DOOM_TRACK.next_square(None), STARTER_DOOM_TRACK.next_square(31)
        (40, 30)
        """
        if not self.holds(position):
            raise DoomError(f"The Doom Counter marker cannot stand on {_square_name(position)}.")
        if position is HEAD:
            return self.squares[0]
        index = self.squares.index(position)
        return self.squares[index + 1] if index + 1 < len(self.squares) else self.wrap_square


STARTER_DOOM_TRACK = DoomTrack(
    squares=tuple(range(40, 30, -1)),
    wrap_square=30,
    extra_activations=frozenset({39, 36, 33}),
    levels=frozenset({30}),
)
"""The starter board's Doom Counter (ruling D1): head → 40 … 31 → 30 (orange, Level) → head;
red Extra Activation squares 39, 36 and 33."""

RED_38_36_34_DOOM_TRACK = DoomTrack(
    squares=tuple(range(40, 30, -1)),
    wrap_square=30,
    extra_activations=frozenset({38, 36, 34}),
    levels=frozenset({30}),
)
"""The layout of the named reading ``doom_red_38_36_34`` (ruling D1): the same track with
its red squares on 38, 36 and 34, which every Doom Counter example of the text allows too."""
