"""The squares a monster may attack a character from, worked out once per dungeon.

:func:`~.strike.can_attack_from` is the readable rule, asked one square at a time. The
planner asks it of every square a monster can reach, for every awake hero, on every
activation: tens of thousands of questions in one game, on a dungeon that changes only when
a door opens or a marker moves. Here the same answer is given by :func:`attack_test`, a
membership test built from tables kept per dungeon:

* a blow at range 1 (and any attack on a buried character) comes from a square the target is
  one step from: its neighbours on the movement grid (one step apart goes both ways); a melee
  monster also strikes straight across a Hole, so the squares across the Holes in line with
  the target are added (and kept per target square);
* a longer range is plain arithmetic and the dungeon's Line of Sight; each answer is kept
  per dungeon, per target square and range, and callers ask it after the cheaper tests.

``tests/unit/test_attack_from.py`` checks that the test answers exactly as
:func:`~.strike.can_attack_from` does on random dungeons, for every square.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from doria_nb.engine.cards import AttackKind
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.geometry import Square
from doria_nb.engine.kept import PerObject
from doria_nb.engine.monster_ai.records import MonsterProfile
from doria_nb.engine.movement.search import _grid

if TYPE_CHECKING:
    from doria_nb.engine.situation.figure import Figure

__all__ = ["attack_test", "blow_squares"]

_STRAIGHT = ((0, -1), (1, 0), (0, 1), (-1, 0))


class _Table:
    """What one dungeon says about attacks at range 1: for each square, the squares from which
    it is one step away, and (for a melee monster) the squares straight across a Hole from it,
    each list built the first time it is asked for."""

    def __init__(self, dungeon: Dungeon) -> None:
        self.dungeon = dungeon
        self._blows: dict[tuple[Square, bool], frozenset[Square]] = {}
        self._across: dict[Square, frozenset[Square]] = {}
        self.ranged: dict[tuple[Square, int, bool], dict[Square, bool]] = {}
        """Attacks at range already decided: per target square, range and whether the attack
        is melee, the attacker's squares to whether it may be made."""

    def blow_squares(self, there: Square, across_holes: bool) -> frozenset[Square]:
        """The squares from which a blow of range 1 reaches ``there``: one step from it, and
        with ``across_holes`` also straight across one or more Holes in line with it."""
        key = (there, across_holes)
        found = self._blows.get(key)
        if found is None:
            squares = set(self.into_squares(there))
            if across_holes:
                squares.update(self.across_squares(there))
            squares.discard(there)
            found = self._blows[key] = frozenset(squares)
        return found

    def into_squares(self, there: Square) -> list[Square]:
        """The squares from which ``there`` is one step away. Being one step apart goes both
        ways (:meth:`~.Dungeon.neighbors`: within a tile, across an edge where both squares
        are open, along the passage under F-3's bridge; ``tests/unit/test_grid_tables.py``
        checks it), so these are the neighbours of ``there``, read off the movement grid."""
        grid = _grid(self.dungeon)
        i = grid.index.get(there)
        squares = grid.squares
        return [] if i is None else [squares[k] for k in grid.neighbors[i]]

    def across_squares(self, there: Square) -> frozenset[Square]:
        """The squares in a straight line from ``there`` with only Holes (one or more) between:
        each Hole in a row of them lets a melee blow reach the square just past it, whatever
        the monster's range (ruling RB6)."""
        found = self._across.get(there)
        if found is None:
            is_hole = self.dungeon.is_hole
            squares = []
            for dx, dy in _STRAIGHT:
                here = Square(there.x + dx, there.y + dy)
                while is_hole(here):
                    here = Square(here.x + dx, here.y + dy)
                    squares.append(here)
            found = self._across[there] = frozenset(squares)
        return found


_table: PerObject[Dungeon, _Table] = PerObject(_Table)
"""The table of a dungeon, worked out once while this very dungeon is among the last few seen
(a dungeon never changes, so its answers hold while it lives)."""


def blow_squares(
    dungeon: Dungeon, monster: MonsterProfile, target: Figure
) -> frozenset[Square] | None:
    """Every square from which ``monster`` may attack ``target`` when that takes a blow of
    range 1 (its range is 1, or the target is buried); ``None`` for an attack at range, which
    needs Line of Sight square by square (:func:`attack_test`)."""
    if target.buried or monster.range == 1:
        across = not target.buried and monster.attack is AttackKind.MELEE
        return _table(dungeon).blow_squares(target.square, across)
    return None


def attack_test(
    dungeon: Dungeon, monster: MonsterProfile, target: Figure
) -> Callable[[Square], bool]:
    """A test of a square: may ``monster`` standing there attack ``target`` (figures aside)?
    The same answer as :func:`~.strike.can_attack_from` for every square, faster. A test at
    range asks for Line of Sight, the costly part: ask it after the cheaper questions."""
    blows = blow_squares(dungeon, monster, target)
    if blows is not None:
        return blows.__contains__
    there = target.square
    reach = monster.range
    distance = dungeon.range
    sight = dungeon.sees
    table = _table(dungeon)
    melee = monster.attack is AttackKind.MELEE
    across = table.across_squares(there) if melee else frozenset()
    known = table.ranged.get((there, reach, melee))
    if known is None:
        known = table.ranged[(there, reach, melee)] = {}

    tx, ty = there.x, there.y

    def ranged(square: Square) -> bool:
        found = known.get(square)
        if found is None:
            found = known[square] = square in across or (  # over a Hole: any width (RB6)
                distance(square, there) <= reach
                and (square.x != tx or square.y != ty)  # not the target's own square
                and sight(square, there)
            )
        return found

    return ranged
