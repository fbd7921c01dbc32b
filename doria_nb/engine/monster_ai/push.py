"""Pushing a monster aside (*Monsters and Obstacles/Holes*).

When the only square a monster can attack from holds another monster, the active monster
takes the square and the other one is put on the nearest free square, over a Hole if need be
("thrown back over the Hole"); among equally near squares, one on the active monster's path
is taken. Only the pushed monster moves. With *Optional Rule: Monster Swap* the two trade
places instead, for 5 AP.

>>> from doria_nb.engine.situation import Situation
>>> s = Situation.from_text('''
... map:
...   #D#####
...   #o.s.M#
...   #.....#
...   #######
... figures:
...   o = monster Orc
...   s = monster Slimecrawler
...   M = hero Mage
... ''')
>>> [f"{q.x},{q.y}" for q in push_squares(s, Square(3, 1), mover="o", path=())]
['2,1', '4,1', '3,2']
>>> path = [Square(1, 1), Square(2, 1), Square(3, 1)]
>>> [f"{q.x},{q.y}" for q in push_squares(s, Square(3, 1), mover="o", path=path)]
['2,1']
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING

from doria_nb.engine.geometry import Square

if TYPE_CHECKING:
    from doria_nb.engine.situation import Situation

__all__ = ["push_squares"]


def push_squares(
    situation: Situation, square: Square, *, mover: str, path: Sequence[Square]
) -> tuple[Square, ...]:
    """The squares the monster on ``square`` may be pushed to when the monster ``mover``
    takes its place: the nearest free squares (counted over ground and Holes), those on
    ``path`` first when some are. Several squares are a tie for the players."""
    dungeon = situation.dungeon
    taken = {f.square for f in situation.figures if f.letter != mover}
    taken.add(square)
    found = {square: 0}
    queue = deque([square])
    best: list[Square] = []
    best_distance: int | None = None
    while queue:
        here = queue.popleft()
        distance = found[here]
        if best_distance is not None and distance > best_distance:
            break
        if here != square and dungeon.passable(here) and here not in taken:
            best.append(here)
            best_distance = distance
            continue
        for there in dungeon.neighbors(here):
            if there not in found and (dungeon.passable(there) or dungeon.is_hole(there)):
                found[there] = distance + 1
                queue.append(there)
    on_path = [s for s in best if s in set(path)]
    chosen = on_path or best
    return tuple(sorted(chosen, key=lambda s: (s.y, s.x)))
