"""Where the monsters of one icon stand (*Multiple monsters per monster icon*).

:func:`place_group` is the placement rule alone: the first monster on the icon, every
further one on the free square nearest to the first; squares equally near are separated by
the distance to a character, then by the attribute of that character the monster's attack is
compared on, and a tie left is the players' decision. :func:`place_near` is the same rule
from one or more anchor squares, as spawning on an icon and the Phase G refill at the
entrance use it, writing every criterion into a list of trace steps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from doria_nb.engine.cards import AttackKind
from doria_nb.engine.errors import MonsterAIError
from doria_nb.engine.geometry import Square, reading_order
from doria_nb.engine.monster_ai.records import ATTRIBUTE_FOR
from doria_nb.engine.monster_ai.trace import Decision, Trace
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Figure, Situation
from doria_nb.engine.spawning.board import (
    check_count,
    check_situation,
    check_square,
    conscious_characters,
    plural,
    square_keys,
    trace_labels,
    walking_distances,
)

__all__ = ["NoFreeSquare", "place_group", "place_near"]


class NoFreeSquare(MonsterAIError):
    """Every square a new monster could stand on, near where it should come, is taken."""


_ICONS = Section.MONSTER_ICONS
_MULTIPLE = Section.MULTIPLE_MONSTERS


@dataclass(frozen=True, slots=True)
class _Board:
    """What placing one group needs to know, computed once."""

    situation: Situation
    attack: AttackKind
    flight: bool
    heroes: tuple[Figure, ...]
    hero_distances: Mapping[str, Mapping[Square, int]]

    @classmethod
    def of(cls, situation: Situation, attack: AttackKind, flight: bool) -> _Board:
        """The facts for placing a group with ``attack`` (``flight`` crosses Holes)."""
        heroes = conscious_characters(situation)
        return cls(
            situation,
            attack,
            flight,
            heroes,
            {h.letter: walking_distances(situation.dungeon, [h.square], flight) for h in heroes},
        )

    def free(self, square: Square, taken: frozenset[Square]) -> bool:
        """Whether a monster may be put on ``square``: it can hold a figure, none stands
        there, and no monster of this group was put there already (``taken``)."""
        return (
            self.situation.dungeon.passable(square)
            and self.situation.at(square) is None
            and square not in taken
        )

    def nearest_heroes(self, square: Square) -> tuple[int | None, tuple[Figure, ...]]:
        """The walking distance to the nearest character and the characters that near."""
        lengths = {
            h.letter: self.hero_distances[h.letter][square]
            for h in self.heroes
            if square in self.hero_distances[h.letter]
        }
        if not lengths:
            return None, ()
        best = min(lengths.values())
        return best, tuple(h for h in self.heroes if lengths.get(h.letter) == best)


def _choose(
    board: _Board,
    anchors: Sequence[Square],
    taken: frozenset[Square],
    what: str,
    steps: list[Decision],
    *,
    rule: Section,
) -> Square:
    """The free square nearest to ``anchors`` by the criteria of *Multiple monsters per
    monster icon*; every criterion used is added to ``steps``."""
    dungeon = board.situation.dungeon
    distances = walking_distances(dungeon, anchors, board.flight)
    free = {sq: d for sq, d in distances.items() if board.free(sq, taken)}
    if not free:
        raise NoFreeSquare(
            f"No free square is left that {what} could reach: every square a figure can stand "
            "on there is taken."
        )
    rings = sorted(set(free.values()))
    best = rings[0]
    shown = rings[:2]
    before = sorted((sq for sq, d in free.items() if d in shown), key=reading_order)
    left = [sq for sq in before if free[sq] == best]
    note = "; ".join(
        f"{', '.join(str(sq) for sq in before if free[sq] == d)} {plural(d, 'square')} away"
        for d in shown
    )
    if len(shown) > 1:
        note += "; every other free square is farther."
    else:
        note += "; no other free square is reachable."
    steps.append(
        Decision(
            rule, f"as close as possible to {what}", square_keys(before), square_keys(left), note
        )
    )
    if len(left) == 1:
        return left[0]

    # Closer to a character.
    before = left
    if not board.heroes:
        steps.append(
            Decision(
                rule,
                "closer to a character",
                square_keys(before),
                square_keys(before),
                "No conscious character on the board: this decides nothing.",
            )
        )
    else:
        near = {sq: board.nearest_heroes(sq) for sq in before}
        reachable = [sq for sq in before if near[sq][0] is not None]
        if reachable:
            least = min(near[sq][0] or 0 for sq in reachable)
            left = [sq for sq in reachable if near[sq][0] == least]
        note = ", ".join(
            f"{sq} {plural(near[sq][0] or 0, 'square')} from "
            f"{' and '.join(h.label for h in near[sq][1])}"
            if near[sq][0] is not None
            else f"{sq} reaches no character"
            for sq in before
        )
        steps.append(
            Decision(
                rule, "closer to a character", square_keys(before), square_keys(left), note + "."
            )
        )
    if len(left) == 1:
        return left[0]

    # The character with the lowest attribute matching the monster's attack.
    key = ATTRIBUTE_FOR[board.attack]
    before = left
    near = {sq: board.nearest_heroes(sq) for sq in before}
    whom = {h for sq in before for h in near[sq][1]}
    if len(whom) > 1:
        value = board.situation.value  # the characters' numbers, lent from the seats in a game
        missing = sorted(h.label for h in whom if value(h, key) is None)
        if missing:
            note = (
                f"{', '.join(missing)} {'has' if len(missing) == 1 else 'have'} no {key} value, "
                "so this cannot separate the squares."
            )
        else:

            def weakest(sq: Square) -> int:
                return min(value(h, key) or 0 for h in near[sq][1])

            low = min(weakest(sq) for sq in before)
            left = [sq for sq in before if weakest(sq) == low]
            note = ", ".join(
                f"{sq} near {' and '.join(f'{h.label} {key} {value(h, key)}' for h in near[sq][1])}"
                for sq in before
            )
            note += "."
        steps.append(
            Decision(
                _MULTIPLE,
                f"nearer the character with the lower {key} ({board.attack.value} attack)",
                square_keys(before),
                square_keys(left),
                note,
            )
        )
    if len(left) == 1:
        return left[0]

    # The players decide; play goes on with the first square in reading order.
    chosen = min(left, key=reading_order)
    steps.append(
        Decision(
            _MULTIPLE,
            "players' decision",
            square_keys(left),
            square_keys(left),
            f"The rules leave a tie between {', '.join(str(sq) for sq in left)}: the players "
            f"choose. Unless they choose otherwise, the first in reading order, {chosen}, is "
            "taken.",
        )
    )
    return chosen


def place_near(
    situation: Situation,
    anchors: Sequence[Square],
    count: int,
    *,
    attack: AttackKind,
    flight: bool,
    what: str,
    first_rule: Section,
    near_rule: Section = _MULTIPLE,
    steps: list[Decision],
) -> tuple[Square, ...]:
    """Where ``count`` monsters go near ``anchors`` (one icon, or the entrance squares): the
    first on the anchor when it is the only one and free, else on the nearest free square
    (rulings P2 and P7), the others as close as possible to the first. ``first_rule`` and
    ``near_rule`` are the sections the first placement is credited to; every criterion used
    is appended to ``steps``."""
    board = _Board.of(situation, attack, flight)
    squares: list[Square] = []
    free_anchors = [sq for sq in anchors if board.free(sq, frozenset())]
    if len(anchors) == 1 and free_anchors:
        steps.append(
            Decision(
                first_rule,
                f"the first monster stands on {what}",
                square_keys(anchors),
                square_keys(anchors),
                f"{anchors[0]} is free.",
            )
        )
        squares.append(anchors[0])
    else:
        if not free_anchors:
            taken = []
            for sq in anchors:
                holder = situation.at(sq)
                taken.append(f"{sq} by {holder.label}" if holder else f"{sq} (no standing)")
            steps.append(
                Decision(
                    first_rule,
                    f"the first monster stands on {what}",
                    square_keys(anchors),
                    (),
                    f"Taken: {', '.join(taken)}. The nearest free square is used instead "
                    f"(ruling {'P2' if len(anchors) == 1 else 'P7'}).",
                )
            )
        squares.append(_choose(board, anchors, frozenset(), what, steps, rule=near_rule))
    for _ in range(count - 1):
        squares.append(
            _choose(
                board,
                [squares[0]],
                frozenset(squares),
                "the first monster",
                steps,
                rule=_MULTIPLE,
            )
        )
    return tuple(squares)


def place_group(
    situation: Situation,
    icon: Square,
    count: int,
    *,
    attack: AttackKind,
    flight: bool = False,
) -> tuple[tuple[Square, ...], Trace]:
    """Where ``count`` monsters spawned on ``icon`` stand (*Multiple monsters per monster
    icon*): the first on the icon (the nearest free square when a figure stands there,
    ruling P2), every further one on the free square nearest to the first, by walking
    distance over squares a figure can stand on, figures aside. Squares equally near go to the
    one nearer to a character (walking distance), then to the one nearer the character with
    the lowest attribute the monster's ``attack`` is compared on (STR melee, AGI ranged, WIS
    magic); a tie left is the players' decision, named in the trace, and the first square in
    reading order is taken. ``flight`` lets the distances cross Holes.

    The trace's result is one line naming the squares; ties show as "players' decision" steps.

    >>> from doria_nb.engine.situation import Situation
    >>> s = Situation.from_text('''
    ... map:
    ...   ##D###
    ...   #w..M#
    ...   #....#
    ...   ######
    ... figures:
    ...   M = hero Mage STR 4
    ... ''')
    >>> squares, trace = place_group(s, Square(1, 1), 2, attack=AttackKind.MELEE)
    >>> squares
    (Square(x=1, y=1), Square(x=2, y=1))
    >>> print(trace.explain())  # doctest: +NORMALIZE_WHITESPACE
    Where do 2 monsters go on the icon at (1, 1)?
    1. the first monster stands on the icon (Monster Icons on a Room Tile): (1, 1) -> (1, 1).
    (1, 1) is free.
    2. as close as possible to the first monster (Multiple monsters per monster icon): (2, 1),
    (3, 1), (1, 2), (2, 2) -> (2, 1), (1, 2). (2, 1), (1, 2) 1 square away; (3, 1), (2, 2)
    2 squares away; every other free square is farther.
    3. closer to a character (Multiple monsters per monster icon): (2, 1), (1, 2) -> (2, 1).
    (2, 1) 2 squares from Mage (M), (1, 2) 4 squares from Mage (M).
    Result: (1, 1), (2, 1).
    """
    situation = check_situation(situation)
    check_square(situation, icon, "monster icon")
    count = check_count(count, MonsterAIError, f"Place 1 or more monsters, not {count!r}.")
    if not isinstance(attack, AttackKind):
        raise MonsterAIError(f"The monster's attack is melee, ranged or magic, not {attack!r}.")
    steps: list[Decision] = []
    squares = place_near(
        situation,
        [icon],
        count,
        attack=attack,
        flight=bool(flight),
        what="the icon",
        first_rule=_ICONS,
        steps=steps,
    )
    verb = "does" if count == 1 else "do"
    question = f"Where {verb} {plural(count, 'monster')} go on the icon at {icon}?"
    result = (", ".join(str(sq) for sq in squares),)
    return squares, Trace(question, tuple(steps), result, labels=trace_labels(situation, steps))
