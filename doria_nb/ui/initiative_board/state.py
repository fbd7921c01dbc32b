"""The Initiative Board as plain records: the markers, the board's state, and who acts next
(*Phase D: Action Phase*), as the engine rules it. No widget: the view
(:mod:`doria_nb.ui.initiative_board.widget`) and other views' models read these.

>>> state = InitiativeBoardState(markers=(
...     BoardMarker("green", "Green", "hero", 19), BoardMarker("orc", "Orc", "monster", 19)))
>>> [m.key for m in acts_next(state)]
['green']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from doria_nb.engine.doom.track import STARTER_DOOM_TRACK, DoomTrack
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.health import MAX_ACTION_POINTS
from doria_nb.engine.phases.initiative import acts_next as engine_acts_next

__all__ = [
    "BoardMarker",
    "InitiativeBoardError",
    "InitiativeBoardState",
    "Kind",
    "acts_next",
    "join_words",
    "marker_square",
]

Kind = Literal["hero", "monster"]


class InitiativeBoardError(DoriaError):
    """The board was given a state it cannot show (an AP that is not a whole number, two markers
    with one key, a Doom Counter off its track, ...). The board keeps what it showed before."""


def join_words(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _join_numbers(numbers: tuple[int, ...]) -> str:
    return (
        f"{numbers[0]} to {numbers[-1]}"
        if len(numbers) > 2
        else join_words(list(map(str, numbers)))
    )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class BoardMarker:
    """One Initiative Marker: a hero's or a monster's, at its current Action Points.

    ``key`` names it in intents (``{"type": "select", "key": ...}``); ``label`` is what a
    reader sees and hears. ``unconscious`` markers are off the track (an unconscious
    character's marker lies on the Room Tile instead, *Unconsciousness*); ``acted`` only marks
    a marker that has acted this round.

    >>> BoardMarker("mage", "Mage", "hero", "19")
    Traceback (most recent call last):
    ...
    doria_nb.ui.initiative_board.state.InitiativeBoardError: The Initiative Marker of Mage needs \
a whole number of AP, not '19'.
    """

    key: str
    label: str
    kind: Kind
    ap: int
    unconscious: bool = False
    acted: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.key, str) or not self.key:
            raise InitiativeBoardError(
                f"An Initiative Marker needs a key (a non-empty text), not {self.key!r}."
            )
        if not isinstance(self.label, str) or not self.label.strip():
            raise InitiativeBoardError(
                f"The Initiative Marker {self.key!r} needs a label to show, not {self.label!r}."
            )
        if self.kind not in ("hero", "monster"):
            raise InitiativeBoardError(
                f"The Initiative Marker of {self.label} is a 'hero' or a 'monster', "
                f"not {self.kind!r}."
            )
        if not _whole(self.ap):
            raise InitiativeBoardError(
                f"The Initiative Marker of {self.label} needs a whole number of AP, "
                f"not {self.ap!r}."
            )
        for name in ("unconscious", "acted"):
            if not isinstance(getattr(self, name), bool):
                raise InitiativeBoardError(
                    f"The Initiative Marker of {self.label}: {name} is True or False, "
                    f"not {getattr(self, name)!r}."
                )

    @property
    def square(self) -> int:
        """The square the marker stands on (see :func:`marker_square`)."""
        return marker_square(self.ap)


def marker_square(ap: int) -> int:
    """The square of a marker at ``ap``: the engine's most AP (40) at most, the gray 0 square
    for 0 and below.

    >>> marker_square(19), marker_square(46), marker_square(-11)
    (19, 40, 0)
    """
    return max(0, min(MAX_ACTION_POINTS, ap))


@dataclass(frozen=True, slots=True)
class InitiativeBoardState:
    """Everything the board shows, as plain values (the game builds it).

    ``active`` is the key of the marker acting now (or ``None``); ``doom`` the Doom Counter's
    square on ``doom_track`` (``None``: the red monster head); ``round`` the Round Marker
    (0 before the first round) and ``door_opened`` its door side; ``group_xp`` the points on the
    Group XP track and ``xp_per_point`` how many make one Attribute Point for every character
    ([PlayerCount], three times that in campaigns); ``phase`` a short name of the phase
    ("D", "Phase D: Action Phase", ...) or ``""``.

    >>> InitiativeBoardState(markers=(BoardMarker("a", "Mage", "hero", 3),
    ...                               BoardMarker("a", "Orc", "monster", 5)))
    Traceback (most recent call last):
    ...
    doria_nb.ui.initiative_board.state.InitiativeBoardError: Two Initiative Markers share the key \
'a' (Mage and Orc); each marker needs its own key.
    """

    markers: tuple[BoardMarker, ...] = ()
    active: str | None = None
    doom: int | None = None
    doom_track: DoomTrack = field(default=STARTER_DOOM_TRACK)
    round: int = 0
    door_opened: bool = False
    group_xp: int = 0
    xp_per_point: int = 4
    phase: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.markers, list):
            object.__setattr__(self, "markers", tuple(self.markers))
        if not isinstance(self.markers, tuple):
            raise InitiativeBoardError(
                "The Initiative Board's markers are a tuple of BoardMarker, "
                f"not {type(self.markers).__name__}."
            )
        seen: dict[str, BoardMarker] = {}
        for marker in self.markers:
            if not isinstance(marker, BoardMarker):
                raise InitiativeBoardError(
                    f"The Initiative Board shows BoardMarker records, not {marker!r}."
                )
            if marker.key in seen:
                raise InitiativeBoardError(
                    f"Two Initiative Markers share the key {marker.key!r} "
                    f"({seen[marker.key].label} and {marker.label}); each marker needs its own "
                    "key."
                )
            seen[marker.key] = marker
        if self.active is not None and self.active not in seen:
            raise InitiativeBoardError(
                f"The active marker {self.active!r} is not on the Initiative Board."
            )
        if not isinstance(self.doom_track, DoomTrack):
            raise InitiativeBoardError(
                f"The Doom Counter needs a DoomTrack, not {type(self.doom_track).__name__}."
            )
        if not self.doom_track.holds(self.doom):
            raise InitiativeBoardError(
                f"The Doom Counter cannot stand on {self.doom!r}: its track has the red monster "
                f"head (None) and the squares {_join_numbers(self.doom_track.squares)}."
            )
        for name, low in (("round", 0), ("group_xp", 0), ("xp_per_point", 1)):
            value = getattr(self, name)
            if not _whole(value) or value < low:
                raise InitiativeBoardError(
                    f"The Initiative Board's {name} is a whole number of at least {low}, "
                    f"not {value!r}."
                )
        if not isinstance(self.door_opened, bool):
            raise InitiativeBoardError(f"door_opened is True or False, not {self.door_opened!r}.")
        if not isinstance(self.phase, str):
            raise InitiativeBoardError(f"The phase is a text, not {self.phase!r}.")

    def marker(self, key: str) -> BoardMarker:
        """The marker with ``key``."""
        for marker in self.markers:
            if marker.key == key:
                return marker
        raise InitiativeBoardError(f"No Initiative Marker has the key {key!r}.")

    def on_track(self) -> tuple[BoardMarker, ...]:
        """The markers on the track (not unconscious), in board order: highest first, on one
        square the heroes before the monsters, otherwise in the order given."""
        placed = [m for m in self.markers if not m.unconscious]
        return tuple(sorted(placed, key=lambda m: (-m.ap, m.kind != "hero")))


# -- the rules the board shows ---------------------------------------------------------------


def acts_next(state: InitiativeBoardState) -> tuple[BoardMarker, ...]:
    """Who acts next, as the engine rules it (:func:`doria_nb.engine.phases.initiative.acts_next`,
    *Phase D: Action Phase*): the highest marker with AP left, a character before a monster on
    the same value. More than one marker returned is a tie: characters on one value are the
    players' choice (ruling F3), monsters on one value go by *Monster Order*. Unconscious
    markers and monsters that have acted never act. Empty when nobody has AP left.

    >>> state = InitiativeBoardState(markers=(BoardMarker("orc", "Orc", "monster", 7),
    ...     BoardMarker("ann", "Ann", "hero", 5), BoardMarker("mummy", "Mummy", "monster", 5)))
    >>> [m.label for m in acts_next(state)]
    ['Orc']
    """
    placed = state.on_track()
    group = engine_acts_next(
        {m.key: m.ap for m in placed if m.kind == "hero"},
        {m.key: m.ap for m in placed if m.kind == "monster" and not m.acted},
    )
    if group is None:
        return ()
    return tuple(state.marker(key) for key in group.names)
