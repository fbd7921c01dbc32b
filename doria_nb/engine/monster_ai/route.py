"""*Fastest Way to the Target*: the square a monster moves to, and the way it gets there.

Once the target is chosen, the monster's destination is picked by criteria, each a
:class:`~.trace.Decision` on candidate squares (keys ``"x,y"``):

* it can attack the target this activation (:func:`attack_destination`):

  - an area attack keeps the squares striking the most characters;
  - a monster with range 1 moves only as far as it needs: the cheapest squares (and stays
    put when it can already attack), then the route with the most squares along a wall,
    then the square fewer characters can see (the most cover);
  - a monster with a longer range moves to its maximum range: the squares farthest from the
    target, then farthest from the other characters, then the cheapest, then along a wall,
    then the most cover;

* it cannot (:func:`approach`): it walks the shortest route (along walls) towards a square it
  could attack from, as far as its AP go; without any route it moves as close as it can
  (towards a Blocked Door, say).

Squares still tied at the end are the players' decision.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.errors import GeometryError, MonsterAIError
from doria_nb.engine.geometry import Square, parse_square
from doria_nb.engine.monster_ai.attack_from import attack_test, blow_squares
from doria_nb.engine.monster_ai.moves import MonsterMoves, MonsterStep, along_wall, ground
from doria_nb.engine.monster_ai.strike import heroes_seeing, struck_anywhere, struck_by
from doria_nb.engine.monster_ai.trace import Decision
from doria_nb.engine.sections import Section

if TYPE_CHECKING:
    from doria_nb.engine.situation import Situation
    from doria_nb.engine.situation.figure import Figure

__all__ = ["Destination", "approach", "attack_destination", "key", "square_of"]

_RULE = Section.FASTEST_WAY


def key(square: Square) -> str:
    """The key of a square in traces: ``"x,y"``."""
    return f"{square.x},{square.y}"


def square_of(text: str) -> Square:
    """The square of a key ``"x,y"``; anything else is refused in words.

    >>> square_of("3,2")
    Square(x=3, y=2)
    """
    try:
        return parse_square(text)
    except (GeometryError, AttributeError):
        raise MonsterAIError(
            f"Name a square as two whole numbers 'x,y' (like '3,2'), not {text!r}."
        ) from None


def label(square: Square) -> str:
    return f"({square.x}, {square.y})"


@dataclass(frozen=True, slots=True)
class Destination:
    """Where the monster goes: the squares still in the running after the criteria (one, or
    several for the players to pick from), the criteria applied, and for each candidate the
    path there. ``pushing`` is true when the squares hold another monster to push aside."""

    squares: tuple[Square, ...]
    steps: tuple[Decision, ...]
    paths: dict[Square, tuple[MonsterStep, ...]]
    pushing: bool = False


def _filter(
    steps: list[Decision],
    squares: list[Square],
    criterion: str,
    score: Callable[[Square], int],
    show: Callable[[Square], str],
    *,
    rule: Section = _RULE,
    best: str = "low",
) -> list[Square]:
    """Keep the squares with the lowest (or highest) score, writing the step down."""
    if len(squares) < 2:
        return squares
    scores = {s: score(s) for s in squares}
    target = min(scores.values()) if best == "low" else max(scores.values())
    kept = [s for s in squares if scores[s] == target]
    if len(squares) <= 8:
        note = ", ".join(f"{label(s)} {show(s)}" for s in squares) + "."
    else:
        note = f"{len(squares)} squares; the best: {show(kept[0])} ({len(kept)} squares)."
    steps.append(
        Decision(rule, criterion, tuple(key(s) for s in squares), tuple(key(s) for s in kept), note)
    )
    return kept


def _cheapest(steps: list[Decision], pool: list[Square], moves: MonsterMoves) -> list[Square]:
    """*Move only as far as needed*: the squares it reaches for the fewest AP."""
    return _filter(
        steps,
        pool,
        "move only as far as needed",
        moves.cost.__getitem__,
        lambda s: f"{moves.cost[s]} AP",
    )


def _walls_on_route(steps: list[Decision], pool: list[Square], moves: MonsterMoves) -> list[Square]:
    """*The shortest route along a Wall*: the routes with the most squares along walls."""
    return _filter(
        steps,
        pool,
        "along a wall",
        moves.walls_along,
        lambda s: f"{moves.walls_along(s)} squares along walls",
        best="high",
    )


def _players(steps: list[Decision], pool: list[Square], note: str) -> None:
    """The players' decision, when squares are still tied."""
    if len(pool) > 1:
        keys = tuple(key(s) for s in pool)
        steps.append(Decision(_RULE, "players' decision", keys, keys, note))


def attack_destination(
    situation: Situation,
    moves: MonsterMoves,
    target: Figure,
    squares: Sequence[Square],
    *,
    pushing: bool = False,
) -> Destination:
    """The square to attack ``target`` from, among ``squares`` (all reachable now with the AP
    to attack after), by the criteria of *Fastest Way to the Target*."""
    monster = moves.monster
    dungeon = situation.dungeon
    others = [
        h
        for h in situation.heroes
        if not h.unconscious and h.carried_by is None and h.letter != target.letter
    ]
    awake = [*others, target]
    steps: list[Decision] = []
    pool = sorted(squares, key=lambda s: (moves.cost[s], s.y, s.x))
    if len(pool) == 1:
        steps.append(
            Decision(
                _RULE,
                "the only square in reach",
                (key(pool[0]),),
                (key(pool[0]),),
                f"{label(pool[0])} is the one square it can reach ({moves.cost[pool[0]]} AP) "
                f"and attack {target.label} from.",
            )
        )
    if monster.area is not None:
        if struck_anywhere(monster):  # the same characters from every square: count once
            counts = dict.fromkeys(pool, len(struck_by(situation, monster, pool[0], target)))
        else:
            counts = {s: len(struck_by(situation, monster, s, target)) for s in pool}
        pool = _filter(
            steps,
            pool,
            "strike the most characters",
            counts.__getitem__,
            lambda s: f"{counts[s]} struck",
            rule=Section.TARGET_OF_A_MONSTER,
            best="high",
        )
    if monster.range == 1:
        if monster.square in pool:
            steps.append(
                Decision(
                    _RULE,
                    "move only as far as needed",
                    tuple(key(s) for s in pool),
                    (key(monster.square),),
                    "It can attack from where it stands: it does not move.",
                )
            )
            pool = [monster.square]
        pool = _cheapest(steps, pool, moves)
        pool = _walls_on_route(steps, pool, moves)
    else:
        pool = _filter(
            steps,
            pool,
            "as far from the target as its range allows",
            lambda s: dungeon.range(s, target.square),
            lambda s: f"range {dungeon.range(s, target.square)}",
            best="high",
        )
        if others:

            def spread(s: Square) -> int:
                return min(dungeon.range(s, h.square) for h in others)

            pool = _filter(
                steps,
                pool,
                "as far from the other characters as possible",
                spread,
                lambda s: f"range {spread(s)} to the nearest other",
                best="high",
            )
        pool = _cheapest(steps, pool, moves)
        pool = _filter(
            steps,
            pool,
            "along a wall",
            lambda s: int(along_wall(dungeon, s)),
            lambda s: "along a wall" if along_wall(dungeon, s) else "in the open",
            best="high",
        )
    pool = _filter(
        steps,
        pool,
        "most cover",
        lambda s: heroes_seeing(situation, s, awake),
        lambda s: f"seen by {heroes_seeing(situation, s, awake)}",
    )
    _players(steps, pool, "Still tied after every criterion: the players decide where it goes.")
    paths = {s: moves.path(s) for s in pool}
    return Destination(tuple(pool), tuple(steps), paths, pushing)


def _crow_distances(dungeon: Dungeon, start: Square) -> dict[Square, int]:
    """Walking distances from ``start`` over the dungeon with every figure, door and marker
    out of the way (Holes and Rubble count as ground): how close a square is "as the crow
    walks", for a monster without any route. Kept per dungeon (read, never changed)."""
    return ground(dungeon).crow_walk(start)


def approach(
    situation: Situation,
    moves: MonsterMoves,
    whole: MonsterMoves,
    target: Figure,
) -> tuple[Destination, bool]:
    """Where a monster that cannot attack ``target`` this activation goes, and whether it had
    a route at all. ``moves`` is its search with its AP, ``whole`` without a limit."""
    monster = moves.monster
    steps: list[Decision] = []
    # The same test as can_attack_from, from tables kept per dungeon: a blow's few squares
    # first; at range, Line of Sight last.
    blows = blow_squares(situation.dungeon, monster, target)
    attacks_from = attack_test(situation.dungeon, monster, target)
    # The squares it could stand on, in the order of the route rule: cheapest, then most
    # squares along walls, then reading order (the search's own label, (AP, -walls, y, x)).
    # Whether it could attack from there is asked only as far as the cheapest such square's
    # AP reaches: the costly part at range (Line of Sight) is left out for the rest.
    stands = whole.in_label_order(
        [
            s
            for s in (whole.cost if blows is None else (s for s in whole.cost if s in blows))
            if whole.ends_here(s) or s in whole.others
        ]
    )
    goals: list[Square] = []
    for s in stands:
        if goals and whole.cost[s] > whole.cost[goals[0]]:
            break
        if attacks_from(s):
            goals.append(s)
    if goals:
        best = goals[0]
        tied = goals
        steps.append(
            Decision(
                _RULE,
                "shortest route",
                tuple(key(s) for s in tied),
                (key(best),),
                f"It cannot attack {target.label} this activation; the shortest route to a "
                f"square it could attack from is {whole.cost[best]} AP (along walls where "
                "routes tie). It walks it as far as its AP go.",
            )
        )
        end, path = walk_toward(whole.path(best), moves)
        return Destination((end,), tuple(steps), {end: path}), True
    crow = _crow_distances(situation.dungeon, target.square)
    ends = [s for s in moves.ends if s in crow] or [monster.square]
    pool = _filter(
        steps,
        ends,
        "as close as possible",
        lambda s: crow.get(s, 10**6),
        lambda s: f"{crow.get(s, '-')} squares from {target.label} past every obstacle",
        rule=Section.DUNGEON_MARKERS,
    )
    pool = _cheapest(steps, pool, moves)
    pool = _walls_on_route(steps, pool, moves)
    _players(steps, pool, "Still tied: the players decide where it waits.")
    return Destination(tuple(pool), tuple(steps), {s: moves.path(s) for s in pool}), False


def walk_toward(
    path: tuple[MonsterStep, ...], moves: MonsterMoves
) -> tuple[Square, tuple[MonsterStep, ...]]:
    """How far along ``path`` the monster gets with its AP: walking steps paid in full; a
    jump or clearing Rubble may start with any AP left, then the movement ends; it stops on
    the last square no other figure stands on."""
    ap = moves.monster.ap
    spent = 0
    taken: list[MonsterStep] = []
    for step in path:
        if spent + step.cost <= ap:
            taken.append(step)
            spent += step.cost
            continue
        if step.overspend and spent < ap:
            taken.append(step)
        break
    while taken and not _free_end(taken[-1], moves):
        taken.pop()
    return (taken[-1].end if taken else moves.monster.square), tuple(taken)


def _free_end(step: MonsterStep, moves: MonsterMoves) -> bool:
    return step.kind == "clear" or moves.free(step.end)
