"""Where a monster can attack from, and whom an attack strikes.

* A monster with range 1 attacks an orthogonally adjacent character it can step to; a melee
  monster also strikes one straight across a Hole (however wide, whatever its range — a
  melee monster given a longer range by a modifier too, ruling RB6), never diagonally across
  it (*Monsters and Obstacles/Holes*). With a longer range it needs the range and Line of
  Sight (*Range and Line of Sight*); figures never block sight.
* A buried character can be attacked only from range 1 (*Dungeon Markers*), and the monster
  first clears the Rubble off them for 10 AP (FAQ; ruling A9).
* Area attacks (the card's ``area``) strike more than the target: *Leaping Lightning* jumps
  from every character struck to every character within range 2 of them, branching (FAQ);
  *Ground Slam* and *Fire Burst* also strike every character next to the target; *Wide
  Sweep* also strikes the characters on the three squares in front of the monster on the
  target's side. Area attacks never strike monsters (*Damage from other monsters and traps*).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.records import MonsterProfile

if TYPE_CHECKING:
    from doria_nb.engine.situation import Situation
    from doria_nb.engine.situation.figure import Figure

__all__ = ["across_hole", "can_attack_from", "struck_anywhere", "struck_by"]

LIGHTNING_LEAP = 2
"""How far Leaping Lightning jumps from one character struck to the next (FAQ)."""


def across_hole(dungeon: Dungeon, a: Square, b: Square) -> bool:
    """Whether ``a`` and ``b`` lie in a straight line with only Holes between them (at least
    one): a melee monster strikes exactly across such a gap."""
    if a.x != b.x and a.y != b.y:
        return False
    dx = (b.x > a.x) - (b.x < a.x)
    dy = (b.y > a.y) - (b.y < a.y)
    here = Square(a.x + dx, a.y + dy)
    gap = 0
    while here != b:
        if not dungeon.is_hole(here):
            return False
        gap += 1
        here = Square(here.x + dx, here.y + dy)
    return gap > 0


def can_attack_from(
    situation: Situation, monster: MonsterProfile, square: Square, target: Figure
) -> bool:
    """Whether ``monster`` standing on ``square`` may attack ``target`` (figures aside)."""
    dungeon = situation.dungeon
    there = target.square
    if square == there:
        return False
    buried = target.buried
    if buried or monster.range == 1:
        if there in dungeon.neighbors(square):
            return True
        if buried or (square.x != there.x and square.y != there.y):
            return False  # a gap is crossed only in a straight line
        return monster.attack.value == "melee" and across_hole(dungeon, square, there)
    if monster.attack.value == "melee" and across_hole(dungeon, square, there):
        return True  # a melee blow reaches over a Hole of any width, whatever the range
    if dungeon.range(square, there) > monster.range:
        return False
    return bool(dungeon.line_of_sight(square, there))


def _awake(situation: Situation) -> list[Figure]:
    return [h for h in situation.heroes if not h.unconscious and h.carried_by is None]


def struck_by(
    situation: Situation, monster: MonsterProfile, square: Square, target: Figure
) -> tuple[Figure, ...]:
    """The characters an attack of ``monster`` from ``square`` on ``target`` strikes: the
    target first, then the others its area attack reaches (conscious characters only)."""
    area = monster.area
    if area is None:
        return (target,)
    others = [h for h in _awake(situation) if h.letter != target.letter]
    dungeon = situation.dungeon
    if area == "Leaping Lightning":
        struck = [target]
        waiting = list(others)
        grew = True
        while grew:
            grew = False
            for hero in list(waiting):
                if any(dungeon.range(hero.square, s.square) <= LIGHTNING_LEAP for s in struck):
                    struck.append(hero)
                    waiting.remove(hero)
                    grew = True
        return tuple(struck)
    if area == "Wide Sweep":
        front = _front(square, target.square)
        return (target, *(h for h in others if h.square in front))
    # Ground Slam, Fire Burst and any other area naming the target's neighbours.
    near = set(dungeon.neighbors(target.square))
    return (target, *(h for h in others if h.square in near))


def struck_anywhere(monster: MonsterProfile) -> bool:
    """Whether :func:`struck_by` gives the same characters from every square the monster may
    attack from: true but for *Wide Sweep*, which strikes the squares in front of the
    monster; Leaping Lightning jumps from the target, Ground Slam and Fire Burst strike
    around it, a single-target attack strikes the target alone."""
    return monster.area != "Wide Sweep"


def _front(monster: Square, target: Square) -> frozenset[Square]:
    dx, dy = target.x - monster.x, target.y - monster.y
    if abs(dx) >= abs(dy):
        step = Square(monster.x + (1 if dx > 0 else -1), monster.y)
        return frozenset({step, Square(step.x, step.y - 1), Square(step.x, step.y + 1)})
    step = Square(monster.x, monster.y + (1 if dy > 0 else -1))
    return frozenset({step, Square(step.x - 1, step.y), Square(step.x + 1, step.y)})


def heroes_seeing(situation: Situation, square: Square, heroes: Iterable[Figure]) -> int:
    """How many of ``heroes`` have Line of Sight to ``square`` (fewer means more cover)."""
    dungeon = situation.dungeon
    return sum(1 for h in heroes if dungeon.sees(h.square, square))
