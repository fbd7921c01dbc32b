"""The Initiative Board in words and as plain JSON: :func:`describe_board` says the whole
board (for screen readers and tests), :func:`board_json` is what the front end draws. Pure
functions of an :class:`~doria_nb.ui.initiative_board.state.InitiativeBoardState`.

>>> data = board_json(InitiativeBoardState(doom=39))
>>> [(s["square"], s["kind"]) for s in data["doom"]["squares"][:3]]
[(None, 'head'), (40, 'plain'), (39, 'extra activation')]
"""

from __future__ import annotations

from typing import Any

from doria_nb.engine.doom.track import DoomTrack, SquareKind
from doria_nb.engine.health import MAX_ACTION_POINTS
from doria_nb.engine.progression import LEVEL_UP_ROUNDS
from doria_nb.engine.sections import Section
from doria_nb.ui.initiative_board.state import (
    BoardMarker,
    InitiativeBoardState,
    acts_next,
    join_words,
)

__all__ = ["ROUND_SQUARES", "XP_SQUARES_MAX", "board_json", "describe_board"]

ROUND_SQUARES = 20
"""How many rounds the Round Marker's strip shows at least (more once the game runs longer)."""

XP_SQUARES_MAX = 60
"""At most this many Group XP squares are drawn; the rest is said in words."""


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
    rounds = join_words(list(map(str, LEVEL_UP_ROUNDS)))
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
        text += f" Unconscious, off the track: {join_words(out)}."
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
    names = join_words([m.label for m in up])
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
