"""The Initiative Board drawn in the browser: the AP track, the Doom Counter, the Round Marker
and the Group XP track (*Phase D: Action Phase*, *Phase G: Doom Counter*, *Phase A: Round
Marker +1*, *Character Improvement*).

The widget is a view. Python builds plain records (:class:`BoardMarker`,
:class:`InitiativeBoardState`), turns them into plain JSON (:func:`board_json`) and the front end
(``widgets/initiative_board.js``) only draws it. A click (or Enter) on a marker sends the intent
``{"type": "select", "key": ...}``; Python decides what it means, records it in
:attr:`InitiativeBoard.selected` and calls the callbacks given to
:meth:`InitiativeBoard.on_select`.

How the board reads without colour: heroes are round tokens and monsters square ones, each with
its letters; the Doom Counter's red squares carry ``!`` and the orange Level square ``▲``; the
hero level-up rounds carry ``★``; the Round Marker's door side says DOOR. :meth:`describe` says
the whole board in words, for screen readers and for tests.

>>> board = InitiativeBoard(InitiativeBoardState(markers=(
...     BoardMarker("green", "Green", "hero", 19), BoardMarker("orc", "Orc", "monster", 19))))
>>> board.next_up()
('green',)
>>> board.state_json()["markers"][0]["square"]
19
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

import anywidget
import traitlets

from doria_nb.engine.errors import DoriaError
from doria_nb.engine.health import MAX_ACTION_POINTS
from doria_nb.engine.phases.doom_track import STARTER_DOOM_TRACK, DoomTrack, SquareKind
from doria_nb.engine.phases.initiative import acts_next as engine_acts_next
from doria_nb.engine.progression import LEVEL_UP_ROUNDS
from doria_nb.engine.sections import Section
from doria_nb.ui.assets import widget_asset

__all__ = [
    "CSS_CLASS",
    "BoardMarker",
    "InitiativeBoard",
    "InitiativeBoardError",
    "InitiativeBoardState",
    "acts_next",
    "board_json",
    "describe_board",
    "marker_square",
]

ROUND_SQUARES = 20
"""How many rounds the Round Marker's strip shows at least (more once the game runs longer)."""

XP_SQUARES_MAX = 60
"""At most this many Group XP squares are drawn; the rest is said in words."""

CSS_CLASS = "doria-initiative-board"
"""The stable CSS class of the widget (``add_class``), for browser tests and styling."""

Kind = Literal["hero", "monster"]


class InitiativeBoardError(DoriaError):
    """The board was given a state it cannot show (an AP that is not a whole number, two markers
    with one key, a Doom Counter off its track, ...). The board keeps what it showed before."""


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
    doria_nb.ui.initiative_board.InitiativeBoardError: The Initiative Marker of Mage needs \
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
    doria_nb.ui.initiative_board.InitiativeBoardError: Two Initiative Markers share the key \
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


def _join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _join_numbers(numbers: tuple[int, ...]) -> str:
    return f"{numbers[0]} to {numbers[-1]}" if len(numbers) > 2 else _join(list(map(str, numbers)))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _square_words(square: int | None, track: DoomTrack) -> str:
    if square is None:
        return "the red monster head"
    kind = track.kind(square)
    if kind is SquareKind.EXTRA_ACTIVATION:
        return f"square {square} (red: Extra Activation)"
    if kind is SquareKind.LEVEL:
        return f"square {square} (orange: Monster Level Up)"
    return f"square {square}"


def _doom_lines(state: InitiativeBoardState) -> str:
    track = state.doom_track
    here = _square_words(state.doom, track)
    step = track.next_square(state.doom)
    after = _square_words(step, track)
    if track.kind(step) is SquareKind.LEVEL or step == track.wrap_square:
        after += ", which sends it back to the red monster head"
    text = f"Doom Counter: on {here}; one step on: {after}."
    position = state.doom
    for steps in range(1, track.lap_length + 1):
        square = track.next_square(position)
        if track.kind(square) is not SquareKind.PLAIN:
            if steps > 1:
                text += (
                    f" The next red or orange square is {square}, {_plural(steps, 'step')} away."
                )
            break
        position = None if square == track.wrap_square else square
    return text


def _round_line(state: InitiativeBoardState) -> str:
    if state.round == 0:
        text = "Round Marker: on 0, before the first round"
    else:
        text = f"Round Marker: round {state.round}"
    if state.door_opened:
        text += " (door side up: a door was opened this round)"
    rounds = _join(list(map(str, LEVEL_UP_ROUNDS)))
    coming = [r for r in LEVEL_UP_ROUNDS if r >= state.round]
    if coming:
        text += f". The heroes level up after rounds {rounds}; next after round {coming[0]}."
    else:
        text += (
            ". The heroes have had every level-up of a Single Scenario "
            f"(rounds {', '.join(map(str, LEVEL_UP_ROUNDS))})."
        )
    return text


def _xp_line(state: InitiativeBoardState) -> str:
    ready, left = divmod(state.group_xp, state.xp_per_point)
    text = (
        f"Group XP: {_plural(state.group_xp, 'point')} collected; "
        f"{state.xp_per_point} make 1 Attribute Point for every character"
    )
    if ready:
        text += f": enough for {ready} now ({left} left over)."
    else:
        text += f": {state.xp_per_point - left} more needed."
    return text


def _marker_words(marker: BoardMarker) -> str:
    text = f"{marker.label} ({marker.kind}"
    if marker.ap != marker.square:
        text += f", {marker.ap} AP"
    if marker.acted:
        text += ", has acted"
    return text + ")"


def _track_line(state: InitiativeBoardState) -> str:
    placed = state.on_track()
    if not placed:
        text = "Initiative Board: no marker on the track."
    else:
        squares: dict[int, list[BoardMarker]] = {}
        for marker in placed:
            squares.setdefault(marker.square, []).append(marker)
        parts = []
        for square, markers in squares.items():
            name = "the gray 0 square" if square == 0 else f"square {square}"
            parts.append(f"{name}: {', '.join(_marker_words(m) for m in markers)}")
        text = "Initiative Board: " + "; ".join(parts) + "."
    out = [m.label for m in state.markers if m.unconscious]
    if out:
        text += f" Unconscious, off the track: {_join(out)}."
    return text


def _next_line(state: InitiativeBoardState) -> str:
    rule = Section.PHASE_D.value
    up = acts_next(state)
    active = None if state.active is None else state.marker(state.active)
    if active is not None and up == (active,):
        return f"Acting now: {active.label} on {active.ap}, the highest marker ({rule})."
    text = "" if active is None else f"Acting now: {active.label}. "
    if not up:
        return text + f"Acts next: nobody, no marker has AP left ({rule})."
    names = _join([m.label for m in up])
    where = f"on {up[0].ap}"
    if len(up) == 1:
        return text + f"Acts next: {names} {where}, the highest marker ({rule})."
    if up[0].kind == "hero":
        return text + (
            f"Acts next: {names}, tied {where}; the players decide who goes first ({rule})."
        )
    return text + (
        f"Acts next: {names}, monsters tied {where}; {Section.MONSTER_ORDER.value} decides."
    )


def describe_board(state: InitiativeBoardState) -> str:
    """The whole board in words, one line per part (see :meth:`InitiativeBoard.describe`)."""
    lines = []
    if state.phase:
        lines.append(f"Phase: {state.phase}.")
    lines += [
        _track_line(state),
        _next_line(state),
        _doom_lines(state),
        _round_line(state),
        _xp_line(state),
    ]
    return "\n".join(lines)


# -- plain JSON for the front end ------------------------------------------------------------


def _abbreviations(markers: tuple[BoardMarker, ...]) -> dict[str, str]:
    """Short letters for each marker ("Orc 2" -> "O2", "Mage" -> "Ma"), distinct on a board."""
    letters: dict[str, str] = {}
    used: set[str] = set()
    for marker in markers:
        words = marker.label.split()
        if len(words) == 1:
            short = words[0][:2]
        else:
            short = "".join(w[0] if not w.isdigit() else w for w in words)[:3]
        short = short[:1].upper() + short[1:]
        candidate, n = short, 2
        while candidate in used:
            candidate, n = f"{short[:2]}{n}", n + 1
        used.add(candidate)
        letters[marker.key] = candidate
    return letters


def _aria(marker: BoardMarker, *, active: bool, up: bool, selected: bool) -> str:
    where = (
        "unconscious, off the track"
        if marker.unconscious
        else ("on the gray 0 square" if marker.square == 0 else f"on square {marker.square}")
    )
    words = [marker.label, marker.kind, f"{marker.ap} AP", where]
    if marker.acted:
        words.append("has acted")
    if active:
        words.append("acting now")
    if up:
        words.append("acts next")
    if selected:
        words.append("selected")
    return ", ".join(words)


def board_json(state: InitiativeBoardState, selected: str | None = None) -> dict[str, Any]:
    """The plain state the front end draws: every value is JSON (no enums, no records).

    >>> data = board_json(InitiativeBoardState(doom=39))
    >>> [(s["square"], s["kind"]) for s in data["doom"]["squares"][:3]]
    [(None, 'head'), (40, 'plain'), (39, 'extra activation')]
    """
    up = {m.key for m in acts_next(state)}
    letters = _abbreviations(state.markers)
    order = {m.key: i for i, m in enumerate(state.on_track())}
    markers = []
    for marker in sorted(state.markers, key=lambda m: order.get(m.key, len(order))):
        markers.append(
            {
                "key": marker.key,
                "label": marker.label,
                "abbr": letters[marker.key],
                "kind": marker.kind,
                "ap": marker.ap,
                "square": None if marker.unconscious else marker.square,
                "unconscious": marker.unconscious,
                "acted": marker.acted,
                "active": marker.key == state.active,
                "next": marker.key in up,
                "selected": marker.key == selected,
                "aria": _aria(
                    marker,
                    active=marker.key == state.active,
                    up=marker.key in up,
                    selected=marker.key == selected,
                ),
            }
        )
    track = state.doom_track
    doom_squares: list[dict[str, Any]] = [
        {"square": None, "kind": "head", "label": "red monster head"}
    ]
    for square in (*track.squares, track.wrap_square):
        kind = track.kind(square).value
        doom_squares.append({"square": square, "kind": kind, "label": _square_words(square, track)})
    last_round = max(ROUND_SQUARES, state.round)
    xp_shown = min(
        XP_SQUARES_MAX,
        max(state.xp_per_point, -(-state.group_xp // state.xp_per_point) * state.xp_per_point),
    )
    ready, left = divmod(state.group_xp, state.xp_per_point)
    return {
        "phase": state.phase,
        "top": MAX_ACTION_POINTS,
        "markers": markers,
        "selected": selected,
        "active": state.active,
        "next": [m.key for m in acts_next(state)],
        "doom": {
            "position": state.doom,
            "squares": doom_squares,
            "next": track.next_square(state.doom),
        },
        "round": {
            "value": state.round,
            "door_opened": state.door_opened,
            "squares": list(range(0, last_round + 1)),
            "level_rounds": list(LEVEL_UP_ROUNDS),
        },
        "xp": {
            "value": state.group_xp,
            "per_point": state.xp_per_point,
            "shown": xp_shown,
            "ready": ready,
            "left": left,
        },
        "description": describe_board(state),
    }


# -- the widget --------------------------------------------------------------------------------


def _state_to_json(state: InitiativeBoardState, widget: InitiativeBoard) -> dict[str, Any]:
    return board_json(state, getattr(widget, "selected", None))


def _state_from_json(_value: Any, widget: InitiativeBoard) -> InitiativeBoardState:
    # The front end never sets the state (it only sends intents); keep the record.
    return widget.state


class InitiativeBoard(anywidget.AnyWidget):
    """The Initiative Board in the browser; a view of an :class:`InitiativeBoardState`.

    :attr:`state` is the record shown; it reaches the front end as the plain JSON of
    :func:`board_json` (a custom serializer of the synced ``state`` trait), so the front end
    never sees a record. :meth:`show` draws a new state. A click or Enter on a marker sends
    ``{"type": "select", "key": ...}``; Python keeps the key in :attr:`selected` and calls every
    :meth:`on_select` callback with it. A key that is not on the board selects nothing (the
    board says why in :attr:`message`).
    """

    _esm = widget_asset("initiative_board.js")
    _css = widget_asset("initiative_board.css")

    state = traitlets.Any().tag(sync=True, to_json=_state_to_json, from_json=_state_from_json)
    """The :class:`InitiativeBoardState` shown; synced as the JSON of :func:`board_json`."""

    def __init__(self, state: InitiativeBoardState | None = None, **kwargs: Any) -> None:
        self.selected: str | None = None
        """The key of the marker last selected (``None`` before any, or once it left)."""
        self.message = ""
        """Why the last intent was refused, in words (``""`` when it was not)."""
        self._callbacks: list[Callable[[str], Any]] = []
        super().__init__(state=InitiativeBoardState() if state is None else state, **kwargs)
        self.add_class(CSS_CLASS)
        self.on_msg(self._on_front_end_message)

    @traitlets.validate("state")
    def _valid_state(self, proposal: Any) -> InitiativeBoardState:
        value = proposal["value"]
        if not isinstance(value, InitiativeBoardState):
            raise InitiativeBoardError(
                f"The Initiative Board shows an InitiativeBoardState, not {type(value).__name__}."
            )
        return value

    def show(self, state: InitiativeBoardState) -> None:
        """Draw ``state``. A selected marker that is no longer on the board is unselected."""
        self._valid_state({"value": state})
        if self.selected is not None and self.selected not in {m.key for m in state.markers}:
            self.selected = None
        if state == self.state:
            self.send_state("state")
        else:
            self.state = state

    def describe(self) -> str:
        """The board in words: who stands where, who acts next, the Doom Counter, the round and
        the Group XP (also shown under the board for screen readers)."""
        return describe_board(self.state)

    def next_up(self) -> tuple[str, ...]:
        """The keys of who acts next (:func:`acts_next`)."""
        return tuple(m.key for m in acts_next(self.state))

    def state_json(self) -> dict[str, Any]:
        """The plain JSON the front end is sent (:func:`board_json` with the selection)."""
        return board_json(self.state, self.selected)

    def on_select(self, callback: Callable[[str], Any], *, remove: bool = False) -> None:
        """Call ``callback(key)`` whenever a marker is selected (``remove=True`` stops it)."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def select(self, key: str | None) -> None:
        """Select the marker ``key`` (as a click does), or nothing with ``None``."""
        if key is not None and key not in {m.key for m in self.state.markers}:
            self.message = f"No Initiative Marker has the key {key!r}; nothing was selected."
            return
        self.message = ""
        self.selected = key
        self.send_state("state")
        if key is not None:
            for callback in list(self._callbacks):
                callback(key)

    def _on_front_end_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("type") != "select":
            self.message = f"The Initiative Board does not understand the request {content!r}."
            return
        key = content.get("key")
        if not isinstance(key, str):
            self.message = f"A select request needs a marker key, not {key!r}."
            return
        self.select(key)
