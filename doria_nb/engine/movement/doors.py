"""Doors and Rubble: who may open a door to reveal a room tile, and clearing Rubble.

*Reveal a Room Tile (0 AP)* and *Dungeon Markers*; the cases the rulebook leaves open are
decided in ``docs/rulings.md`` (rulings M12 and M13).
"""

from __future__ import annotations

from collections.abc import Iterable

from doria_nb.engine.cards import Marker
from doria_nb.engine.dungeon import Dungeon, Link
from doria_nb.engine.errors import DungeonError, MovementError
from doria_nb.engine.geometry import Square
from doria_nb.engine.movement.board import _squares, _whole
from doria_nb.engine.movement.steps import RUBBLE_AP, _at
from doria_nb.engine.verdict import Verdict

__all__ = ["can_clear_rubble", "can_open_door", "clear_rubble"]


def can_open_door(
    dungeon: Dungeon,
    door_square: Square,
    character_square: Square,
    *,
    others: Iterable[Square] = (),
    ap: int | None = None,
) -> Verdict:
    """Whether the character on ``character_square`` may open the door on ``door_square`` and
    reveal a room tile (*Reveal a Room Tile (0 AP)*).

    The character must stand on the square in front of the door on the door's own tile; a
    character already standing there holds the door, so nobody else can open it (ruling M13).
    The door must still face the empty table, be closed and not Blocked. ``ap``, when given,
    must be at least 1: opening costs nothing but is still an action.
    """
    if not isinstance(dungeon, Dungeon):
        raise MovementError(f"Doors are opened in a Dungeon, not {dungeon!r}.")
    for square in (door_square, character_square):
        if not isinstance(square, Square):
            raise MovementError(f"Doors and characters are on squares, not {square!r}.")
    held_by = _squares(others, "others")
    if character_square in held_by:
        raise MovementError("others lists the OTHER characters; the opener's own square is in it.")
    _whole(ap, "The AP", optional=True)
    try:
        door = dungeon.door(door_square)
    except DungeonError as error:
        return Verdict.no(str(error))
    if door.blocked:
        return Verdict.no(
            f"The door at {_at(door_square)} is Blocked: it counts as a wall and cannot be "
            "opened unless a scenario or trap says how (Dungeon Markers)."
        )
    if door.link is Link.WALL:
        return Verdict.no(
            f"The door at {_at(door_square)} is walled up by the tile next to it and can never "
            "be opened (Revealing a Room Tile)."
        )
    if door.opened:
        return Verdict.no(f"The door at {_at(door_square)} is already open.")
    if door.link is not Link.NOTHING:
        return Verdict.no(
            f"The door at {_at(door_square)} already has a room tile behind it: opening it "
            "reveals nothing."
        )
    if character_square != door.inside:
        if door.inside in held_by:
            return Verdict.no(
                f"Another character stands in front of the door at {_at(door.inside)} and holds "
                "it: nobody else can open it; only swapping places with them gets you there "
                "(Reveal a Room Tile (0 AP))."
            )
        return Verdict.no(
            f"A door is opened from the square in front of it on its own tile: stand on "
            f"{_at(door.inside)} to open the door at {_at(door_square)}."
        )
    if ap is not None and ap < 1:
        return Verdict.no(
            f"The character has {ap} AP: even an action that costs nothing needs AP left."
        )
    return Verdict.yes()


def can_clear_rubble(
    dungeon: Dungeon, rubble_square: Square, character_square: Square, ap: int
) -> Verdict:
    """Whether the character on ``character_square`` with ``ap`` AP may clear the Rubble on
    ``rubble_square`` (10 AP; *Dungeon Markers*).

    The clearer stands next to the Rubble (orthogonally), is not buried itself, and has at
    least 1 AP: like any last action, clearing may take the AP below 0 (*Phase D: Action
    Phase*). A character buried under the Rubble cannot dig itself out (ruling M12).
    """
    if not isinstance(dungeon, Dungeon):
        raise MovementError(f"Rubble is cleared in a Dungeon, not {dungeon!r}.")
    for square in (rubble_square, character_square):
        if not isinstance(square, Square):
            raise MovementError(f"Rubble and characters are on squares, not {square!r}.")
    _whole(ap, "The AP")
    if dungeon.marker(rubble_square) is not Marker.RUBBLE:
        return Verdict.no(f"There is no Rubble at {_at(rubble_square)}.")
    if character_square == rubble_square or dungeon.marker(character_square) is Marker.RUBBLE:
        return Verdict.no(
            "A character buried under Rubble cannot clear it; someone standing next to it must "
            "(ruling M12)."
        )
    if rubble_square not in dungeon.neighbors(character_square):
        return Verdict.no(
            f"Rubble is cleared from a square next to it (orthogonally); {_at(character_square)}"
            f" is not next to {_at(rubble_square)}."
        )
    if ap < 1:
        return Verdict.no(
            f"The character has {ap} AP: clearing Rubble ({RUBBLE_AP} AP) needs at least 1 AP "
            "left (it may then go below 0)."
        )
    return Verdict.yes()


def clear_rubble(
    dungeon: Dungeon, rubble_square: Square, character_square: Square, ap: int
) -> tuple[Dungeon, int]:
    """Clear the Rubble on ``rubble_square``: the new dungeon without it, and the AP spent.

    A buried figure under it is free to move again. Raises :class:`MovementError` (nothing
    changes) when :func:`can_clear_rubble` says no.
    """
    can_clear_rubble(dungeon, rubble_square, character_square, ap).enforce(MovementError)
    return dungeon.without_marker(rubble_square), RUBBLE_AP
