"""Whom a hero's area attack strikes on the board (*Additional Combat Rules*, *Area effects by
characters*; *Psi Spells*).

A card's attack may carry an ``area`` note; the starter pack uses four shapes:

* ``chain N`` (Chain Lightning): the target, then every other monster within range N of a
  monster already struck, branching (like the Dark Mage's lightning in the FAQ); it never
  touches friends (the section names Chain Lightning as a spell that spares others);
* ``blast N`` (Fireball, Vine Tendrils): the target and every figure within range N of the
  target's square that the target's square sees; friends caught must defend (ruling C23);
* ``around N`` (Frost Nova, range 0): every monster within range N of the caster that the
  caster sees; its card says it hits foes only;
* ``line`` (Light Lance): aimed along a row or a column, it strikes every figure on the
  squares from the caster up to its range while the caster sees them (ruling C24).

The caster is never struck by its own spell (ruling Y1), unconscious characters never
(*Unconsciousness*), and a buried figure only from an adjacent square (*Dungeon Markers*).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from doria_nb.engine.errors import CombatError
from doria_nb.engine.geometry import Square, reading_order
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Figure, Situation

__all__ = ["AreaShape", "area_shape", "struck_by_hero"]

_SHAPE = re.compile(r"(chain|blast|around) ([1-9][0-9]?)|line")


@dataclass(frozen=True, slots=True)
class AreaShape:
    """An area note read: ``kind`` (chain, blast, around, line) and its ``size`` (0 for line).

    >>> area_shape("blast 1")
    AreaShape(kind='blast', size=1)
    >>> area_shape("blast 1").friends, area_shape("chain 2").friends
    (True, False)
    """

    kind: str
    size: int

    @property
    def friends(self) -> bool:
        """Whether friends in the area are caught too."""
        return self.kind in ("blast", "line")

    def describe(self) -> str:
        return {
            "chain": f"jumps to every monster within range {self.size} of one struck",
            "blast": f"bursts on the target and every square within range {self.size} of it",
            "around": f"strikes every monster within range {self.size} of the caster",
            "line": "strikes every figure along its line, up to its range",
        }[self.kind]


def area_shape(note: str) -> AreaShape:
    """The shape of a card's area note; a note the engine cannot carry out is refused."""
    match = _SHAPE.fullmatch(note.strip()) if isinstance(note, str) else None
    if match is None:
        raise CombatError(
            f"The area {note!r} is not one the rules engine can place on the board yet "
            "(it knows 'chain N', 'blast N', 'around N' and 'line')."
        )
    if match.group(1) is None:
        return AreaShape("line", 0)
    return AreaShape(match.group(1), int(match.group(2)))


def _standing(situation: Situation, caster: Figure) -> list[Figure]:
    """Figures an area could reach: all but the caster (ruling Y1); the unconscious ones are
    sorted out afterwards."""
    return [f for f in situation.figures if f.letter != caster.letter]


def _awake(figure: Figure) -> bool:
    return not figure.unconscious and figure.carried_by is None


def _reaches(situation: Situation, source: Square, figure: Figure, size: int) -> bool:
    dungeon = situation.dungeon
    distance = dungeon.range(source, figure.square)
    if distance > size:
        return False
    if figure.buried:
        return figure.square in dungeon.neighbors(source)
    return distance == 0 or situation.line_of_sight(source, figure.square).visible


def _ordered(target: Figure, others: list[Figure]) -> tuple[Figure, ...]:
    rest = sorted(others, key=lambda f: (f.is_hero, reading_order(f.square)))
    return (target, *rest)


def struck_by_hero(
    situation: Situation, caster: Figure, target: Figure, shape: AreaShape | None, reach: int
) -> tuple[tuple[Figure, ...], tuple[Figure, ...], str]:
    """The figures an attack of ``shape`` by ``caster`` on ``target`` strikes, target first,
    then the other monsters, then the friends (each in reading order); the unconscious
    characters in the area, whom it spares (*Unconsciousness*); and a sentence saying why.
    ``reach`` is the attack's range (for ``line``)."""
    if shape is None:
        return (target,), (), ""
    area, why = _area(situation, caster, target, shape, reach)
    struck = tuple(f for f in area if _awake(f))
    spared = tuple(f for f in area if not _awake(f))
    return struck, spared, why


def _area(
    situation: Situation, caster: Figure, target: Figure, shape: AreaShape, reach: int
) -> tuple[tuple[Figure, ...], str]:
    figures = _standing(situation, caster)
    others = [f for f in figures if f.letter != target.letter]
    rule = Section.ADDITIONAL_COMBAT_RULES
    if shape.kind == "chain":
        struck = [target]
        waiting = [f for f in others if f.is_monster]
        grew = True
        while grew:
            grew = False
            for figure in list(waiting):
                if any(_reaches(situation, s.square, figure, shape.size) for s in struck):
                    struck.append(figure)
                    waiting.remove(figure)
                    grew = True
        return _ordered(target, struck[1:]), (
            f"The attack {shape.describe()}, branching as it goes; friends are spared ({rule})."
        )
    if shape.kind == "blast":
        caught = [f for f in others if _reaches(situation, target.square, f, shape.size)]
        return _ordered(target, caught), (
            f"The attack {shape.describe()} that the target's square sees; friends in it must "
            f"defend too ({rule})."
        )
    if shape.kind == "around":
        caught = [
            f for f in others if f.is_monster and _reaches(situation, caster.square, f, shape.size)
        ]
        return _ordered(target, caught), (
            f"The attack {shape.describe()}; its card spares friends ({rule})."
        )
    # line
    dx = (target.square.x > caster.square.x) - (target.square.x < caster.square.x)
    dy = (target.square.y > caster.square.y) - (target.square.y < caster.square.y)
    if dx and dy:
        raise CombatError(
            f"A line attack is aimed along a row or a column; {target.label} is on neither "
            f"from {caster.label} (ruling C24)."
        )
    squares = []
    here = caster.square
    for _ in range(reach):
        here = Square(here.x + dx, here.y + dy)
        squares.append(here)
    caught = [
        f for f in others if f.square in squares and _reaches(situation, caster.square, f, reach)
    ]
    return _ordered(target, caught), (
        f"The attack {shape.describe()} ({reach} squares) while the caster sees them; friends "
        f"on it must defend too ({rule})."
    )
