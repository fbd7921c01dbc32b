"""Where figures may stand: one figure a square, never in a wall, a Hole or a closed door.

:func:`_check_figures` raises :class:`~doria_nb.engine.errors.SituationError` for the first
figure that cannot stand where it is, or is carried by someone who cannot carry it (*Carry
Characters*); given where each figure's line is in the text, the message names that line.
"""

from __future__ import annotations

from collections.abc import Mapping

from doria_nb.engine.cards import Marker
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.errors import SituationError
from doria_nb.engine.geometry import Square
from doria_nb.engine.situation.figure import Figure, _error, _pos, base_name
from doria_nb.engine.tiles import Terrain

__all__ = ["Where"]

Where = Mapping[str, tuple[int, int | None]]
"""Figure letter → (line, column) of its place in the text, for messages."""

DRIFTERS = frozenset({"poltergeist"})
"""Monsters that drift through walls and Rubble and may stop inside them (*Walls*,
*Dungeon Markers*): a figure named so (or ``Poltergeist 2``) may stand in a wall."""


def _drifts(figure: Figure) -> bool:
    return figure.is_monster and base_name(figure.name) in DRIFTERS


def _check_figures(
    dungeon: Dungeon, figures: tuple[Figure, ...], where: Where | None = None
) -> None:
    """Raise :class:`SituationError` for the first figure that cannot stand where it is;
    ``where`` gives the place of each figure's line in the text."""
    where = where or {}

    def fail(figure: Figure, problem: str) -> SituationError:
        line, column = where.get(figure.letter, (None, None))
        return _error(problem, line, column)

    by_letter: dict[str, Figure] = {}
    for figure in figures:
        if figure.letter in by_letter:
            raise fail(figure, f"Two figures are drawn with the letter '{figure.letter}'.")
        by_letter[figure.letter] = figure
    carried: dict[str, Figure] = {}
    for figure in figures:
        if figure.carried_by is None:
            continue
        carrier = by_letter.get(figure.carried_by)
        if carrier is None:
            raise fail(
                figure,
                f"{figure.label} is carried by '{figure.carried_by}', but no "
                "figure has that letter.",
            )
        if not figure.is_hero or not figure.unconscious:
            raise fail(
                figure,
                f"Only an unconscious hero can be carried, and {figure.label} is "
                f"{'a monster' if figure.is_monster else 'conscious'} "
                "(Carry Characters).",
            )
        if not carrier.is_hero or carrier.unconscious or carrier.carried_by is not None:
            raise fail(
                figure,
                f"{figure.label} is carried by {carrier.label}, but only a "
                "conscious hero on its own feet can carry (Carry Characters).",
            )
        if carrier.letter in carried:
            raise fail(
                figure,
                f"{carrier.label} already carries {carried[carrier.letter].label}; "
                "a character carries one at a time (Carry Characters).",
            )
        if figure.square != carrier.square:
            raise fail(
                figure,
                f"{figure.label} is carried by {carrier.label}, so it stands on "
                f"its carrier's square {_pos(carrier.square)}, "
                f"not {_pos(figure.square)}.",
            )
        carried[carrier.letter] = figure
    standing: dict[Square, Figure] = {}
    markers: dict[Square, Figure] = {}
    for figure in figures:
        if figure.is_monster and figure.unconscious:
            raise fail(
                figure,
                f"{figure.label} is a monster; monsters are never unconscious, "
                "they are defeated (Defeated Monsters).",
            )
        if figure.carried_by is not None:
            continue
        problem = _cannot_stand(dungeon, figure)
        if problem:
            raise fail(figure, problem)
        # An unconscious hero is only a marker and does not occupy its square
        # (*Unconsciousness*): one other figure may stand there.
        place = markers if figure.unconscious else standing
        other = place.get(figure.square)
        if other is not None:
            raise fail(
                figure,
                f"{figure.label} and {other.label} both stand on "
                f"{_pos(figure.square)}; one figure per square (only a carried "
                "hero shares its carrier's square, and an unconscious hero's marker lets one "
                "other figure stand on it).",
            )
        place[figure.square] = figure


def _cannot_stand(dungeon: Dungeon, figure: Figure) -> str:
    """Why ``figure`` cannot stand on its square ("" when it can): :func:`_why_not_standing`,
    with the common case answered first. Every situation built checks every figure, so this
    is asked very often; a figure that is not buried, on a square the dungeon calls passable
    (on the board, no Rubble, no Hole), can stand there whatever else is true of it."""
    if not figure.buried and dungeon.passable(figure.square):
        return ""
    return _why_not_standing(dungeon, figure)


def _why_not_standing(dungeon: Dungeon, figure: Figure) -> str:
    """Why ``figure`` cannot stand on its square ("" when it can), rule by rule."""
    square = figure.square
    content = dungeon.content(square)
    at = f"{figure.label} cannot stand at {_pos(square)}"
    if content is None:
        return f"{at}: that is off the board (no square of the dungeon is there)."
    marker = dungeon.marker(square)
    if _drifts(figure) and not dungeon.is_hole(square):
        return ""
    if marker is Marker.RUBBLE:
        if figure.buried:
            return ""
        return f"{at}: Rubble lies there; a figure under Rubble is 'buried' (add that flag)."
    if figure.buried:
        return f"{figure.label} is buried, but there is no Rubble at {_pos(square)}."
    if dungeon.passable(square):
        return ""
    if marker is Marker.HOLE and figure.is_hero:
        # A Hole opened under a character (a trap): it stays there until its next movement
        # (*Dungeon Markers*, ruling M9).
        return ""
    if marker is Marker.HOLE or content.terrain is Terrain.HOLE:
        return f"{at}: that is a Hole; figures jump over Holes but never stand in one."
    if marker is Marker.BLOCKED_DOOR:
        return f"{at}: a Blocked Door is a Wall."
    if marker is Marker.SECRET_DOOR:
        return f"{at}: that Secret Door is not open (list it under 'open:')."
    if content.terrain is Terrain.DOOR:
        if square in dungeon.opened:
            return f"{at}: that door is walled up by the tile beside it."
        return f"{at}: that door is closed (draw it as '/' or list it under 'open:')."
    names = {
        Terrain.WALL: "a wall",
        Terrain.RED_SOLID: "Red Solid, which is a Wall",
        Terrain.STAIRS: "the stairs, out of play",
    }
    return f"{at}: that is {names.get(content.terrain, content.terrain.value)}."
