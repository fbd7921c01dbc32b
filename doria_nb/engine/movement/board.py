"""The board as the movement rules see it: one mover, the dungeon and the figures on it.

:class:`_Board` answers the per-square questions of the movement rules (may a figure enter,
end on or jump over this square?) and builds each kind of
:class:`~doria_nb.engine.movement.Step` with its price and the reason for it, or raises
:class:`MovementError` saying why the step is not allowed. :func:`_board` checks a movement
request and builds its board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from doria_nb.engine.cards import Marker
from doria_nb.engine.dungeon import Dungeon, Link
from doria_nb.engine.errors import DungeonError, MovementError
from doria_nb.engine.geometry import Direction, Square, reading_order
from doria_nb.engine.movement.steps import (
    CARRY_FACTOR,
    JUMP_AP,
    SIDESTEP_AP,
    SWAP_AP,
    TN_PER_SQUARE,
    WALK_AP,
    Step,
    _at,
    _count,
)
from doria_nb.engine.sections import Section
from doria_nb.engine.tiles import Terrain

__all__: list[str] = []

_DIRECTIONS = tuple(Direction)


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def _a(n: int, word: str, plural: str | None = None) -> str:
    return f"a {word}" if n == 1 else f"{n} {plural or word + 's'}"


class _Board:
    """The dungeon and the figures on it, as one mover sees them; answers the per-square
    questions of the movement rules and prices each kind of step."""

    def __init__(
        self,
        dungeon: Dungeon,
        start: Square,
        characters: frozenset[Square],
        monsters: frozenset[Square],
        *,
        carrying: bool,
    ) -> None:
        self.dungeon = dungeon
        self.start = start
        self.characters = characters
        self.monsters = monsters
        self.factor = CARRY_FACTOR if carrying else 1
        self.carrying = carrying
        self._info: dict[Square, tuple[bool, bool, bool, int]] = {}
        self._ahead: dict[Square, dict[Direction, Square]] = {}

    # -- squares --

    def info(self, square: Square) -> tuple[bool, bool, bool, int]:
        """(passable, Hole, jumpable, extra AP) of ``square``, figures aside."""
        found = self._info.get(square)
        if found is None:
            d = self.dungeon
            found = (d.passable(square), d.is_hole(square), d.jumpable(square), d.extra_ap(square))
            self._info[square] = found
        return found

    def ahead(self, square: Square) -> dict[Direction, Square]:
        """The next square in each direction one step away (the F-3 passage skips the middle
        square under the bridge)."""
        found = self._ahead.get(square)
        if found is None:
            found = {}
            for n in self.dungeon.neighbors(square):
                found[Direction((_sign(n.x - square.x), _sign(n.y - square.y)))] = n
            self._ahead[square] = found
        return found

    def free(self, square: Square) -> bool:
        """A figure could end here: passable ground (never a Hole) with no other figure."""
        return (
            self.info(square)[0] and square not in self.characters and square not in self.monsters
        )

    def can_swap_from(self, square: Square) -> bool:
        """The square a mover swaps from must be free for the other character to take: the
        mover's own square or a free one, never a Hole or another character's square."""
        return self.info(square)[0] and square not in self.characters

    def terrain_name(self, square: Square) -> str:
        content = self.dungeon.content(square)
        terrain = content.terrain if content is not None else Terrain.FLOOR
        return terrain.value.replace("_", " ").title()

    # -- prices --

    def walk_cost(self, square: Square) -> int:
        return self.factor * (WALK_AP + self.info(square)[3])

    def jump_cost(self, landing: Square) -> int:
        return self.factor * (JUMP_AP + self.info(landing)[3])

    def swap_cost(self, square: Square) -> int:
        return self.factor * (SWAP_AP + self.info(square)[3])

    def sidestep_cost(self, square: Square) -> int:
        return self.factor * (SIDESTEP_AP + self.info(square)[3])

    def _priced(self, base: str, square: Square, verb: str) -> str:
        extra = self.info(square)[3]
        text = base
        if extra:
            text += f" + {extra} AP: {verb} difficult terrain ({self.terrain_name(square)})"
        if self.carrying:
            text = f"({text}) × {CARRY_FACTOR}: carrying an unconscious character"
        return text

    # -- steps, checked --

    def walk(self, a: Square, b: Square) -> Step:
        """A walked step from ``a`` to ``b``, or :class:`MovementError` saying why not."""
        if b not in self.dungeon.neighbors(a):
            raise MovementError(
                f"Walking goes one square at a time to an orthogonal neighbour (never diagonal, "
                f"never through a wall); {_at(b)} is not next to {_at(a)}."
            )
        self._enterable(b)
        reason = self._priced(f"{WALK_AP} AP for the square", b, "entering")
        if b in self.characters:
            reason += "; passing another character counts like any square"
        return Step("walk", a, b, (), self.walk_cost(b), None, Section.WALKING, reason)

    def _enterable(self, square: Square) -> None:
        if square in self.monsters:
            raise MovementError(
                f"A monster stands on {_at(square)}: nobody may enter or pass its square."
            )
        passable, hole, _, _ = self.info(square)
        if hole:
            raise MovementError(f"{_at(square)} is a Hole: it can only be jumped over.")
        if not passable:
            raise MovementError(f"{_at(square)} cannot be entered: {_blocked(self, square)}.")

    def line(self, a: Square, b: Square) -> tuple[Direction, tuple[Square, ...]]:
        """The straight line from ``a`` to ``b``: its direction and the squares between."""
        for direction in _DIRECTIONS:
            over: list[Square] = []
            at = a
            while True:
                nxt = self.ahead(at).get(direction)
                if nxt is None:
                    break
                if nxt == b:
                    return direction, tuple(over)
                over.append(nxt)
                at = nxt
        raise MovementError(
            f"A jump goes in a straight line along a row or a column; {_at(b)} is not in "
            f"line with {_at(a)} (or a wall or the edge of a tile lies between)."
        )

    def jump(self, a: Square, b: Square) -> Step:
        """A jump from ``a`` to ``b``; the landing may hold another character (a sidestep
        must follow)."""
        _, over = self.line(a, b)
        if not over:
            raise MovementError(
                f"{_at(b)} is next to {_at(a)}: a jump passes over at least one square."
            )
        for square in over:
            if square in self.monsters:
                raise MovementError(
                    f"A jump can never pass over a monster, and one stands on {_at(square)}."
                )
            if not self.info(square)[2]:
                raise MovementError(
                    f"A jump cannot pass over {_at(square)}: {_blocked(self, square)}."
                )
        if b in self.monsters:
            raise MovementError(f"A monster stands on {_at(b)}: a jump cannot land there.")
        passable, hole, _, _ = self.info(b)
        if hole:
            raise MovementError(f"{_at(b)} is a Hole: a jump cannot land on it.")
        if not passable:
            raise MovementError(f"A jump cannot land on {_at(b)}: {_blocked(self, b)}.")
        squares = len(over) + 1
        target = TN_PER_SQUARE * squares
        reason = self._priced(f"{JUMP_AP} AP for the jump, however far", b, "landing on")
        reason += f"; TN {TN_PER_SQUARE} × {_count(squares, 'square')} (jumped over + landing)"
        cost = self.jump_cost(b)
        words = _jumped_words(self, over)
        return Step("jump", a, b, over, cost, target, Section.JUMPING, reason, words)

    def sidestep(self, landing: Square, b: Square) -> Step:
        """The step aside from a landing square held by another character."""
        if b not in self.dungeon.neighbors(landing):
            raise MovementError(
                f"After landing on another character the jumper steps aside to a square next "
                f"to them; {_at(b)} is not next to {_at(landing)}."
            )
        if not self.free(b):
            raise MovementError(
                f"The jumper must step aside to a free square, and {_at(b)} is not free: "
                f"{_why_square(self, b) or 'another character stands there'}."
            )
        reason = self._priced(
            f"{SIDESTEP_AP} AP to step aside: the landing square holds another character",
            b,
            "stepping onto",
        )
        cost = self.sidestep_cost(b)
        return Step("sidestep", landing, b, (), cost, None, Section.JUMPING, reason)

    def swap(self, a: Square, b: Square) -> Step:
        """Swapping places from ``a`` with the character on the adjacent ``b``."""
        if b not in self.characters:
            raise MovementError(f"No other character stands on {_at(b)} to swap places with.")
        if b not in self.dungeon.neighbors(a):
            raise MovementError(
                f"Swapping places needs the other character next to you (orthogonally); "
                f"{_at(b)} is not next to {_at(a)}: walk or jump next to them first."
            )
        if not self.can_swap_from(a):
            raise MovementError(
                f"The character swapped with would have to stand on {_at(a)}, which is not "
                f"free ground ({_why_square(self, a) or 'another character stands there'})."
            )
        passable, hole, _, _ = self.info(b)
        if hole:
            raise MovementError(
                f"The character on {_at(b)} stands on a Hole: swapping would put you there."
            )
        if not passable:
            raise MovementError(f"Nobody can swap onto {_at(b)}: {_blocked(self, b)}.")
        reason = self._priced(
            f"{SWAP_AP} AP to swap places; the other character moves to {_at(a)}", b, "entering"
        )
        return Step("swap", a, b, (), self.swap_cost(b), None, Section.SWAP_PLACES, reason)


def _jumped_words(board: _Board, over: Sequence[Square]) -> str:
    """What a jump passes over, in words: ``"a Hole"``, ``"2 Holes and a character"``."""
    holes = figures = rough = plain = 0
    for square in over:
        _, hole, _, extra = board.info(square)
        if hole:
            holes += 1
        elif square in board.characters:
            figures += 1
        elif extra:
            rough += 1
        else:
            plain += 1
    parts = []
    if holes:
        parts.append(_a(holes, "Hole"))
    if figures:
        parts.append(_a(figures, "character"))
    if rough:
        parts.append("difficult terrain")
    if plain:
        parts.append("open ground")
    if len(parts) <= 2:
        return " and ".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _blocked(board: _Board, square: Square) -> str:
    """Why the dungeon itself keeps figures off ``square`` (a wall, a closed door, ...)."""
    d = board.dungeon
    content = d.content(square)
    if content is None:
        return "it is off the dungeon"
    marker = d.marker(square)
    if marker is Marker.RUBBLE:
        return "Rubble lies on it; nobody may enter or jump over it until it is cleared"
    if marker is Marker.BLOCKED_DOOR:
        return "it is a Blocked Door, which counts as a wall"
    if marker is Marker.SECRET_DOOR and square not in d.opened:
        return "it is a Secret Door not yet opened, which counts as a wall"
    if content.terrain is Terrain.DOOR and not d.passable(square):
        try:
            door = d.door(square)
        except DungeonError:  # pragma: no cover - a door square always has its door
            return "it is a closed door, which counts as a wall"
        if door.link is Link.WALL:
            return "it is a door walled up by the tile next to it, which counts as a wall"
        return "it is a door not yet opened, which counts as a wall"
    if content.terrain is Terrain.RED_SOLID:
        return "it is Red Solid, which counts as a wall"
    if content.terrain is Terrain.STAIRS:
        return "it is the stairs, which are out of play"
    if content.terrain is Terrain.HOLE or marker is Marker.HOLE:
        return "it is a Hole"
    if content.terrain.wall_like:
        return "it is a wall"
    return "it cannot be entered"  # pragma: no cover - every blocked square is named above


def _why_square(board: _Board, square: Square) -> str:
    """What keeps a figure from ending on ``square`` whatever the route, or ``""``."""
    if square in board.monsters:
        return "a monster stands there"
    passable, hole, _, _ = board.info(square)
    if hole:
        return "it is a Hole"
    if not passable:
        return _blocked(board, square)
    return ""


# -- checking a movement request -----------------------------------------------------------------


def _squares(values: Iterable[Square], what: str) -> frozenset[Square]:
    if isinstance(values, Square):
        raise MovementError(f"{what} is a list of squares; put the single square in a list.")
    try:
        squares = frozenset(values)
    except TypeError:
        raise MovementError(f"{what} is a list of squares, not {values!r}.") from None
    for square in squares:
        if not isinstance(square, Square):
            raise MovementError(f"{what} is a list of squares; {square!r} is not a square.")
    return squares


def _whole(value: object, what: str, *, optional: bool = False) -> None:
    if optional and value is None:
        return
    if not isinstance(value, int) or isinstance(value, bool):
        raise MovementError(f"{what} must be a whole number, not {value!r}.")


def _board(
    dungeon: Dungeon,
    start: Square,
    ap: int,
    characters: Iterable[Square],
    monsters: Iterable[Square],
    *,
    carrying: bool,
) -> tuple[_Board, bool]:
    """Check the request and build the board; also says whether Rubble lies on the start."""
    if not isinstance(dungeon, Dungeon):
        raise MovementError(f"Movement happens in a Dungeon, not {dungeon!r}.")
    if not isinstance(start, Square):
        raise MovementError(f"A character stands on a square, not {start!r}.")
    _whole(ap, "The AP")
    others = _squares(characters, "characters")
    foes = _squares(monsters, "monsters")
    if dungeon.content(start) is None:
        raise MovementError(f"The moving character's square {_at(start)} is off the dungeon.")
    if start in others:
        raise MovementError(
            f"characters lists the OTHER characters; the mover's own square {_at(start)} is in it."
        )
    if start in foes:
        raise MovementError(f"A monster is listed on the mover's square {_at(start)}.")
    both = others & foes
    if both:
        square = min(both, key=reading_order)
        raise MovementError(
            f"{_at(square)} is listed for a character and for a monster; a square holds one figure."
        )
    rubble = dungeon.marker(start) is Marker.RUBBLE
    if not (dungeon.passable(start) or dungeon.is_hole(start) or rubble):
        board = _Board(dungeon, start, others, foes, carrying=carrying)
        raise MovementError(f"No character can stand on {_at(start)}: {_blocked(board, start)}.")
    return _Board(dungeon, start, others, foes, carrying=bool(carrying)), rubble
