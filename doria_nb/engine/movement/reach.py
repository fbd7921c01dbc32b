"""Where a character can end its movement: :func:`reachable` and its answer, :class:`Reach`.

A :class:`Reach` maps every square in reach to its cheapest
:class:`~doria_nb.engine.movement.Path` and says in words why any other square cannot be
reached (a wall, a monster, a Hole, too few AP, ...).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import cast

from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.errors import MovementError
from doria_nb.engine.geometry import Square, reading_order
from doria_nb.engine.movement.board import _blocked, _Board, _board, _whole
from doria_nb.engine.movement.jumps import jump_odds
from doria_nb.engine.movement.search import _MOVE, _SWAPPED, _grid, _Paths, _Search
from doria_nb.engine.movement.steps import Path, _ap_problem, _at, _count

__all__ = ["Reach", "reachable"]

_UNLIMITED = 10**9
"""AP standing in for "as much as needed" when explaining why a square is out of reach."""


@dataclass(frozen=True, eq=False)
class Reach:
    """Where a character can end its movement, how, and why not elsewhere.

    ``squares`` maps every square the character can end on (its own square excluded) to the
    cheapest :class:`Path` there; ``ap`` is what the character had before moving.
    """

    start: Square
    ap: int
    squares: Mapping[Square, Path]
    carrying: bool = False
    strength: int | None = None
    agility: int | None = None
    buried: bool = False
    _board: _Board | None = field(default=None, repr=False)
    _options: tuple[bool, bool, int | None] = field(default=(True, True, None), repr=False)
    _explain: dict[str, _Search] = field(default_factory=dict, repr=False)

    def __contains__(self, square: object) -> bool:
        return square in self.squares

    def __len__(self) -> int:
        return len(self.squares)

    def __iter__(self) -> Iterator[Square]:
        """The reachable squares, cheapest first (then in reading order)."""
        return iter(sorted(self.squares, key=lambda sq: (self.cost(sq), reading_order(sq))))

    def cost(self, square: Square) -> int | None:
        """The fewest AP to end on ``square``; ``None`` if it cannot be reached (or is the
        start)."""
        if isinstance(self.squares, _Paths):
            return self.squares.cost(square)
        path = self.squares.get(square)
        return None if path is None else path.cost

    def left(self, square: Square) -> int | None:
        """The AP left after moving to ``square`` by the cheapest path (below 0 after a jump
        that took the last AP)."""
        cost = self.cost(square)
        return None if cost is None else self.ap - cost

    def path(self, square: Square) -> Path:
        """The cheapest path to ``square``; :class:`MovementError` with the reason if there is
        none."""
        if not isinstance(square, Square):
            raise MovementError(f"A move goes to a square, not {square!r}.")
        if square not in self.squares:
            raise MovementError(self.why_not(square))
        return self.squares[square]

    def why_not(self, square: Square) -> str:
        """Why the character cannot end on ``square``, in words; ``""`` when it can."""
        if not isinstance(square, Square):
            raise MovementError(f"A move goes to a square, not {square!r}.")
        if square in self.squares:
            return ""
        where = _at(square)
        if square == self.start:
            return f"The character already stands on {where}."
        if self.buried:
            return (
                "The character is buried under Rubble and cannot move until the Rubble is "
                "cleared (Dungeon Markers)."
            )
        board = self._board
        assert board is not None
        if board.dungeon.content(square) is None:
            return f"{where} is off the dungeon."
        if square in board.monsters:
            return (
                f"A monster stands on {where}: monsters block their square, nobody may enter, "
                "pass or jump over it (Occupied squares)."
            )
        passable, hole, _, _ = board.info(square)
        if hole:
            return f"{where} is a Hole: nobody can stand on it, but it can be jumped over."
        if not passable:
            return f"{where} cannot be entered: {_blocked(board, square)}."
        if self.ap < 1:
            return (
                f"The character has {self.ap} AP: walking needs AP left, and a jump or a swap "
                "at least 1 AP (Phase D: Action Phase)."
            )
        search = self._unlimited()
        if square in board.characters:
            return self._why_character(square, search)
        node = search.node(square, _MOVE)
        if node is None:
            return self._not_connected(square)
        return self._too_far(search.path(node))

    def _unlimited(self) -> _Search:
        found = self._explain.get("unlimited")
        if found is None:
            assert self._board is not None
            jumping, swapping, max_jump = self._options
            found = _Search(self._board, _UNLIMITED, jumping, swapping, max_jump).run()
            self._explain["unlimited"] = found
        return found

    def _why_character(self, square: Square, search: _Search) -> str:
        where = _at(square)
        text = (
            f"Another character stands on {where}: you may pass through their square but not "
            "stop there (Occupied squares)."
        )
        node = search.node(square, _SWAPPED)
        if node is not None:
            path = search.path(node)
            return f"{text} Swapping places with them: {self._shortfall(path)}"
        if search.board.info(square)[1]:
            return f"{text} They stand on a Hole, so swapping places would put you there."
        if not self._options[1]:
            text += " (Swapping places is left out here.)"
        else:
            text += (
                " Swapping places needs a free square next to them that you can reach, and "
                "there is none."
            )
        if square in search.blocked_landings:
            text += (
                f" A jump onto {where} would need a free square next to them to step aside to, "
                "and there is none (Jumping (5 AP), Caution)."
            )
        return text

    def _not_connected(self, square: Square) -> str:
        jumping, _, max_jump = self._options
        how = "walking or jumping" if jumping else "walking (jumps are left out here)"
        if jumping and max_jump is not None:
            how = f"walking or jumping at most {_count(max_jump, 'square')} at a time"
        return (
            f"{_at(square)} cannot be reached from {_at(self.start)} by {how}: walls, closed "
            "doors, monsters or Holes are in the way of every route."
        )

    def _too_far(self, path: Path) -> str:
        return f"{_at(path.end)} {self._shortfall(path)}"

    def _shortfall(self, path: Path) -> str:
        """Why ``path`` (found with unlimited AP) cannot be made with :attr:`ap`."""
        have = _count(self.ap, "AP", "AP")
        spent = 0
        why = ""
        for index, step in enumerate(path.steps):
            why = _ap_problem(path.steps, index, self.ap - spent)
            if why:
                break
            spent += step.cost
        return (
            f"needs {path.cost} AP but only {have} {'is' if self.ap == 1 else 'are'} left "
            f"({path}); {why}."
        )

    def describe(self) -> str:
        """The reach in words: the start, the AP, and the cheapest way to every square."""
        extras = []
        if self.carrying:
            extras.append("carrying an unconscious character: every cost doubled")
        head = f"From {_at(self.start)} with {_count(self.ap, 'AP', 'AP')}"
        if extras:
            head += f" ({'; '.join(extras)})"
        if self.buried:
            return f"{head}: buried under Rubble, the character cannot move until it is cleared."
        if not self.squares:
            return f"{head}: no square can be reached."
        lines = [f"{head}: {_count(len(self.squares), 'square')} can be reached."]
        for square in self:
            path = self.squares[square]
            line = f"- {_at(square)}: {path}"
            odds = self._odds(path)
            if odds:
                line += f" [{odds}]"
            lines.append(line)
        return "\n".join(lines)

    def _odds(self, path: Path) -> str:
        if self.strength is None or self.agility is None or not path.jumps:
            return ""
        parts = []
        for step in path.jumps:
            odds = jump_odds(step, self.strength, self.agility)
            parts.append(f"TN {step.target_number}: {odds.p_success:.0%} to land unhurt")
        return "; ".join(parts)


def reachable(
    dungeon: Dungeon,
    start: Square,
    ap: int,
    *,
    characters: Iterable[Square] = (),
    monsters: Iterable[Square] = (),
    strength: int | None = None,
    agility: int | None = None,
    carrying: bool = False,
    jumping: bool = True,
    buried: bool = False,
    swapping: bool = True,
    max_jump: int | None = None,
) -> Reach:
    """Every square the character on ``start`` with ``ap`` AP can end one movement on.

    ``characters``: the squares of the other characters (passed through, jumped over, swapped
    with, never ended on); ``monsters``: the monsters' squares (never entered, passed or jumped
    over). ``strength`` and ``agility`` only add the odds of each jump to :meth:`Reach.describe`
    (a jump's TN does not depend on them). ``carrying``: an unconscious character is carried,
    every cost doubles. ``jumping`` / ``swapping``: leave jumps or swaps out. ``buried``: the
    character is under Rubble and cannot move (Rubble on ``start`` means the same).
    ``max_jump`` caps the squares one jump may cover (its TN ÷ 10): the rulebook prices a jump
    at 5 AP however far, so without a cap a long jump over open ground can be the cheapest way
    across a room, at a forbidding TN (ruling M2).

    Swapping also needs the other character's agreement; that is the players' business, not
    the engine's. Unconscious characters have left the board (*Unconsciousness*): leave them
    out of ``characters``.
    """
    board, rubble = _board(dungeon, start, ap, characters, monsters, carrying=carrying)
    _whole(strength, "Strength", optional=True)
    _whole(agility, "Agility", optional=True)
    _whole(max_jump, "max_jump", optional=True)
    if max_jump is not None and max_jump < 0:
        raise MovementError(f"max_jump counts squares and cannot be negative ({max_jump}).")
    buried = bool(buried) or rubble
    options = (bool(jumping), bool(swapping), max_jump)
    # The same question on the same dungeon gets the same (immutable) answer: bots and the
    # board ask it again and again within a turn.
    asked = _grid(dungeon).reaches
    key = (start, ap, board.characters, board.monsters, strength, agility, board.carrying)
    key += (buried, options)
    kept = cast("Reach | None", asked.get(key))
    if kept is not None:
        return kept
    if buried:
        squares: Mapping[Square, Path] = {}
    else:
        squares = _Paths(_Search(board, ap, *options).run())
    found = Reach(
        start=start,
        ap=ap,
        squares=squares,
        carrying=bool(carrying),
        strength=strength,
        agility=agility,
        buried=buried,
        _board=board,
        _options=options,
    )
    return asked.put(key, found)
