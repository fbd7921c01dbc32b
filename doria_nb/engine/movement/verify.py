"""Checking a chosen movement: one square, or a route given square by square.

:func:`path_from` builds the :class:`~doria_nb.engine.movement.Path` a player clicks,
:func:`check_path` says whether a path is one legal movement with the AP at hand, and
:func:`can_move_to` and :func:`path_to` answer for one square from
:func:`~doria_nb.engine.movement.reachable`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.errors import MovementError
from doria_nb.engine.geometry import Square
from doria_nb.engine.movement.board import _Board, _board
from doria_nb.engine.movement.reach import reachable
from doria_nb.engine.movement.steps import Path, Step, _ap_problem, _at
from doria_nb.engine.verdict import Verdict

__all__ = ["can_move_to", "check_path", "path_from", "path_to"]


def can_move_to(
    dungeon: Dungeon,
    start: Square,
    end: Square,
    ap: int,
    *,
    characters: Iterable[Square] = (),
    monsters: Iterable[Square] = (),
    carrying: bool = False,
    jumping: bool = True,
    buried: bool = False,
    max_jump: int | None = None,
) -> Verdict:
    """Whether the character on ``start`` can end a movement on ``end`` with ``ap`` AP.

    >>> from doria_nb.engine.tiles import RoomTile
    >>> room = Dungeon.start(RoomTile.from_map("T", "test", "#####\\n#...#\\n##D##"))
    >>> import textwrap
    >>> verdict = can_move_to(room, Square(1, 1), Square(3, 1), 1, jumping=False)
    >>> print(textwrap.fill(verdict.reason, 80))
    (3, 1) needs 2 AP but only 1 AP is left (walk 2 squares (2 AP): 2 AP); walking
    onto (3, 1) costs 1 AP with 0 AP left: walking can never take a character below
    0 AP (Walking (1 AP per square)).

    With its last AP the character may still jump there, and end at -4 AP:

    >>> str(path_to(room, Square(1, 1), Square(3, 1), 1))
    'jump 2 squares over open ground (5 AP, TN 20): 5 AP'
    """
    if not isinstance(end, Square):
        raise MovementError(f"A move goes to a square, not {end!r}.")
    try:
        path_to(
            dungeon,
            start,
            end,
            ap,
            characters=characters,
            monsters=monsters,
            carrying=carrying,
            jumping=jumping,
            buried=buried,
            max_jump=max_jump,
        )
    except MovementError as error:
        return Verdict.no(str(error))
    return Verdict.yes()


def path_to(
    dungeon: Dungeon,
    start: Square,
    end: Square,
    ap: int,
    *,
    characters: Iterable[Square] = (),
    monsters: Iterable[Square] = (),
    carrying: bool = False,
    jumping: bool = True,
    buried: bool = False,
    max_jump: int | None = None,
) -> Path:
    """The cheapest path from ``start`` to ``end``; :class:`MovementError` with the reason if
    the character cannot end there."""
    reach = reachable(
        dungeon,
        start,
        ap,
        characters=characters,
        monsters=monsters,
        carrying=carrying,
        jumping=jumping,
        buried=buried,
        max_jump=max_jump,
    )
    return reach.path(end)


def path_from(
    dungeon: Dungeon,
    start: Square,
    squares: Sequence[Square],
    *,
    characters: Iterable[Square] = (),
    monsters: Iterable[Square] = (),
    carrying: bool = False,
) -> Path:
    """The path through ``squares`` (the squares stood on in turn, ``start`` left out), as a
    player would click it: a neighbour is walked to, a square further along a row or column is
    jumped to, the square after a jump onto another character is the step aside, and ending
    next to a character on their square is a swap. Costs are not checked against any AP here
    (see :func:`check_path`); every step must be legal on the board.

    >>> from doria_nb.engine.tiles import RoomTile
    >>> room = Dungeon.start(RoomTile.from_map("T", "test", "######\\n#.x..#\\n###D##"))
    >>> str(path_from(room, Square(1, 1), [Square(3, 1), Square(4, 1)]))
    'jump 2 squares over a Hole (5 AP, TN 20), walk 1 square (1 AP): 6 AP'
    """
    board, rubble = _board(dungeon, start, 0, characters, monsters, carrying=carrying)
    if isinstance(squares, Square) or not isinstance(squares, Sequence):
        raise MovementError("A path is given as a list of squares, in the order stood on.")
    if rubble:
        raise MovementError("The character is buried under Rubble and cannot move.")
    steps: list[Step] = []
    at = start
    for index, square in enumerate(squares):
        if not isinstance(square, Square):
            raise MovementError(f"A path is a list of squares; {square!r} is not a square.")
        last = index == len(squares) - 1
        if steps and steps[-1].kind == "jump" and at in board.characters:
            step = board.sidestep(at, square)
        elif square in dungeon.neighbors(at):
            if square in board.characters and last:
                step = board.swap(at, square)
            else:
                step = board.walk(at, square)
        else:
            step = board.jump(at, square)
        steps.append(step)
        at = square
    return Path(start, tuple(steps))


def check_path(
    dungeon: Dungeon,
    path: Path,
    ap: int,
    *,
    characters: Iterable[Square] = (),
    monsters: Iterable[Square] = (),
    carrying: bool = False,
    buried: bool = False,
) -> Verdict:
    """Whether ``path`` is one legal movement for a character with ``ap`` AP: every step legal
    and priced right, walking never below 0 AP, each jump or swap begun with at least 1 AP,
    nothing after AP run out, the end a square the character may stand on.

    >>> from doria_nb.engine.tiles import RoomTile
    >>> room = Dungeon.start(RoomTile.from_map("T", "test", "######\\n#.x..#\\n###D##"))
    >>> jump = path_from(room, Square(1, 1), [Square(3, 1), Square(4, 1)])
    >>> check_path(room, jump, 5).reason
    'After the jump the character has 0 AP: once a jump or a swap has used up the last AP, the \
movement ends (Jumping (5 AP)).'
    >>> bool(check_path(room, jump, 6))
    True
    """
    if not isinstance(path, Path):
        raise MovementError(f"check_path needs a Path, not {path!r}.")
    board, rubble = _board(dungeon, path.start, ap, characters, monsters, carrying=carrying)
    if (buried or rubble) and path.steps:
        return Verdict.no("The character is buried under Rubble and cannot move until cleared.")
    spent = 0
    for index, step in enumerate(path.steps):
        problem = _ap_problem(path.steps, index, ap - spent)
        if problem:
            return Verdict.no(problem[0].upper() + problem[1:] + ".")
        try:
            expected = _expected(board, path, index)
        except MovementError as error:
            return Verdict.no(str(error))
        if _priced_as(expected) != _priced_as(step):
            return Verdict.no(
                f"Step {index + 1} ({step}) is not priced by the rules: it should be "
                f"{expected} ({expected.reason})."
            )
        if step.kind == "swap" and index + 1 < len(path.steps):
            return Verdict.no("Swapping places ends the movement here (ruling M7).")
        spent += step.cost
    end = path.end
    if path.steps and end in board.characters and path.steps[-1].kind != "swap":
        return Verdict.no(
            f"The movement would end on {_at(end)}, where another character stands: characters "
            "may pass each other but never share a square (Occupied squares)."
        )
    return Verdict.yes()


def _priced_as(step: Step) -> tuple[object, ...]:
    """What the rules fix about a step (its words may differ)."""
    return (step.kind, step.start, step.end, step.over, step.cost, step.target_number)


def _expected(board: _Board, path: Path, index: int) -> Step:
    """The step the rules make of ``path.steps[index]``; :class:`MovementError` if none."""
    step = path.steps[index]
    if step.kind == "sidestep":
        previous = path.steps[index - 1] if index else None
        if previous is None or previous.kind != "jump" or step.start not in board.characters:
            raise MovementError(
                "A step aside comes only right after a jump onto another character."
            )
        return board.sidestep(step.start, step.end)
    if step.kind == "jump":
        jump = board.jump(step.start, step.end)
        following = path.steps[index + 1] if index + 1 < len(path.steps) else None
        if step.end in board.characters and (following is None or following.kind != "sidestep"):
            raise MovementError(
                f"A jump onto {_at(step.end)}, where another character stands, must be followed"
                " by a step aside to a free square next to them (Jumping (5 AP), Caution)."
            )
        return jump
    if step.kind == "swap":
        return board.swap(step.start, step.end)
    return board.walk(step.start, step.end)
