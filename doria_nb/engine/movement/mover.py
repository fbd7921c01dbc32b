"""One character about to move and the board around it, in one object: :class:`MovementBoard`.

Every movement question about a character asks the same things besides *where to*: the
dungeon, the square it stands on, its AP, the squares of the other characters and of the
monsters, whether it carries someone, whether it is buried, and (for the odds shown with a
jump) its STR and AGI. A situation builds the object for one of its heroes
(:meth:`~doria_nb.engine.situation.Situation.movement_board`), and so does the game state
for the hero whose seat holds the AP (``GameState.movement_board``); callers then ask it
instead of passing ten arguments. The plain functions (:func:`~.reach.reachable`,
:func:`~.verify.can_move_to`, :func:`~.verify.path_to`, :func:`~.verify.path_from`,
:func:`~.verify.check_path`) stay for a bare dungeon, as the notebooks teach them.

>>> from doria_nb.engine.dungeon import Dungeon
>>> from doria_nb.engine.tiles import RoomTile
>>> room = Dungeon.start(RoomTile.from_map("T", "test", "######\\n#.x..#\\n###D##"))
>>> board = MovementBoard(room, Square(1, 1), 6)
>>> str(board.path_to(Square(4, 1), max_jump=2))
'jump 2 squares over a Hole (5 AP, TN 20), walk 1 square (1 AP): 6 AP'
>>> bool(board.can_move_to(Square(4, 1), jumping=False))
False
>>> bool(board.check_path(board.path_from([Square(3, 1), Square(4, 1)])))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.geometry import Square
from doria_nb.engine.movement.reach import Reach, reachable
from doria_nb.engine.movement.steps import Path
from doria_nb.engine.movement.verify import can_move_to, check_path, path_from, path_to
from doria_nb.engine.verdict import Verdict

__all__ = ["MovementBoard"]


@dataclass(frozen=True, slots=True)
class MovementBoard:
    """The character on ``start`` with ``ap`` AP, and what stands around it.

    ``characters``: the squares of the other characters standing on the board (passed
    through, jumped over, swapped with, never ended on); ``monsters``: the monsters' squares;
    ``carrying``: it carries an unconscious character (every cost doubles); ``buried``: it is
    under Rubble; ``strength`` and ``agility``: only add the odds of each jump to
    :meth:`~.reach.Reach.describe`.
    """

    dungeon: Dungeon
    start: Square
    ap: int
    characters: tuple[Square, ...] = ()
    monsters: tuple[Square, ...] = ()
    carrying: bool = False
    buried: bool = False
    strength: int | None = None
    agility: int | None = None

    def _around(self) -> dict[str, Any]:
        """The board around the mover, as every plain movement function takes it."""
        return {"characters": self.characters, "monsters": self.monsters, "carrying": self.carrying}

    def reach(
        self, *, jumping: bool = True, swapping: bool = True, max_jump: int | None = None
    ) -> Reach:
        """Every square the character can end one movement on (:func:`~.reach.reachable`);
        ``jumping`` / ``swapping`` leave jumps or swaps out, ``max_jump`` caps a jump's
        length (ruling M2)."""
        odds = {"strength": self.strength, "agility": self.agility}
        ways = {"jumping": jumping, "swapping": swapping, "max_jump": max_jump}
        return reachable(
            self.dungeon, self.start, self.ap, buried=self.buried, **odds, **ways, **self._around()
        )

    def can_move_to(
        self, end: Square, *, jumping: bool = True, max_jump: int | None = None
    ) -> Verdict:
        """Whether the character can end a movement on ``end`` (:func:`~.verify.can_move_to`)."""
        ways = {"jumping": jumping, "max_jump": max_jump, "buried": self.buried}
        return can_move_to(self.dungeon, self.start, end, self.ap, **ways, **self._around())

    def path_to(self, end: Square, *, jumping: bool = True, max_jump: int | None = None) -> Path:
        """The cheapest path to ``end``, or :class:`~doria_nb.engine.errors.MovementError`
        with the reason (:func:`~.verify.path_to`)."""
        ways = {"jumping": jumping, "max_jump": max_jump, "buried": self.buried}
        return path_to(self.dungeon, self.start, end, self.ap, **ways, **self._around())

    def path_from(self, squares: Sequence[Square]) -> Path:
        """The path through the ``squares`` clicked, in order (:func:`~.verify.path_from`)."""
        return path_from(self.dungeon, self.start, squares, **self._around())

    def check_path(self, path: Path) -> Verdict:
        """Whether ``path`` is one legal movement with the AP at hand
        (:func:`~.verify.check_path`); a path that does not start where the character stands is
        refused."""
        if isinstance(path, Path) and path.start != self.start:
            return Verdict.no(
                f"The path starts at {path.start}, but the character stands on {self.start}."
            )
        return check_path(self.dungeon, path, self.ap, buried=self.buried, **self._around())
