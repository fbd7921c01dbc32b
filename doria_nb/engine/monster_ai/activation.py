"""A monster's whole activation: its target, its route, the pushes, the attack, explained.

:func:`activate` answers "what does this monster do?" for a situation, the way the rules of
*Target of a Monster*, *Fastest Way to the Target* and *Monsters and Obstacles/Holes* say:
it chooses a target, moves (walking, jumping Holes, clearing Rubble, pushing a monster aside)
and attacks if it can, then stops (a monster does nothing after its attack, *Monster
Order*). The :class:`Activation` it returns holds the situation before and after, a
:class:`~.trace.Trace` for the target and one for the destination, every step of the
movement with its rule, and the attack (resolving it is the combat rules' business).

Where the rules leave a tie, the activation stops *before* moving and says so in
``pending``: the players pick one of ``pending.options`` and ask again with ``target=`` or
``square=`` (or ``push_to=``). Nothing is broken silently.

>>> from doria_nb.engine.situation import Situation
>>> s = Situation.from_text('''
... map:
...   #D#########
...   #o.......M#
...   #.........#
...   #.......A.#
...   ###########
... figures:
...   o = monster Orc
...   M = hero Mage STR 4
...   A = hero Adventurer STR 9
... ''')
>>> act = activate(s, "o")
>>> act.target_letter, act.end, act.attack.defender, act.ap_left
('M', Square(x=8, y=1), 'M', 0)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from doria_nb.engine.cards import ContentPack, Marker
from doria_nb.engine.errors import MonsterAIError
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.attack_from import attack_test, blow_squares
from doria_nb.engine.monster_ai.moves import CLEAR_RUBBLE_AP, MonsterMoves, MonsterStep
from doria_nb.engine.monster_ai.outcome import DIG_OUT, Activation, Attack, Pending, Push
from doria_nb.engine.monster_ai.push import push_squares
from doria_nb.engine.monster_ai.records import MonsterProfile, monster_profile
from doria_nb.engine.monster_ai.route import (
    Destination,
    approach,
    attack_destination,
    key,
    square_of,
)
from doria_nb.engine.monster_ai.strike import (
    across_hole,
    can_attack_from,
    struck_anywhere,
    struck_by,
)
from doria_nb.engine.monster_ai.target import TargetFacts, choose_target
from doria_nb.engine.monster_ai.trace import Decision
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section

if TYPE_CHECKING:
    from doria_nb.engine.situation import Situation
    from doria_nb.engine.situation.figure import Figure

__all__ = ["Activation", "Attack", "Pending", "Push", "activate"]

SWAP_AP = 5
"""What swapping places costs a monster under *Optional Rule: Monster Swap*."""


# -- the planner --


def _awake(situation: Situation) -> list[Figure]:
    return [h for h in situation.heroes if not h.unconscious and h.carried_by is None]


def _stands(moves: MonsterMoves, rules: RulesOptions) -> list[tuple[Square, bool]]:
    """The squares reachable now that leave AP to spare for an attack, whoever the target:
    free ones the monster may stop on, and ones holding a monster to push aside (``True``),
    in the order the search found them."""
    monster = moves.monster
    found: list[tuple[Square, bool]] = []
    for square, cost in moves.cost.items():
        occupied = square in moves.others
        if not occupied and not moves.ends_here(square):
            continue
        swap = SWAP_AP if occupied and rules.monster_swap else 0
        if rules.may_attack(monster.ap - cost - swap):
            found.append((square, occupied))
    return found


def _attack_squares(
    situation: Situation,
    monster: MonsterProfile,
    hero: Figure,
    stands: list[tuple[Square, bool]],
) -> Iterator[tuple[Square, bool]]:
    """The squares of ``stands`` (see :func:`_stands`) from which ``hero`` can be attacked,
    one by one, each with whether a monster stands there."""
    # The same test as can_attack_from, from tables kept per dungeon: a blow's few squares
    # are known at once; at range, Line of Sight is asked square by square.
    blows = blow_squares(situation.dungeon, monster, hero)
    if blows is not None:
        for square, occupied in stands:
            if square in blows:
                yield square, occupied
        return
    attacks_from = attack_test(situation.dungeon, monster, hero)
    for square, occupied in stands:
        if attacks_from(square):
            yield square, occupied


def _options(
    situation: Situation,
    monster: MonsterProfile,
    hero: Figure,
    stands: list[tuple[Square, bool]],
) -> tuple[list[Square], list[Square]]:
    """The squares reachable now from which ``hero`` can be attacked with AP to spare: free
    ones, and ones holding a monster to push aside."""
    free: list[Square] = []
    pushing: list[Square] = []
    for square, occupied in _attack_squares(situation, monster, hero, stands):
        (pushing if occupied else free).append(square)
    return free, pushing


def _distance(whole: MonsterMoves, situation: Situation, hero: Figure) -> int | None:
    costs = [whole.cost[n] for n in situation.dungeon.neighbors(hero.square) if n in whole.cost]
    return min(costs) + 1 if costs else None


def activate(
    situation: Situation,
    who: str | Figure,
    *,
    pack: ContentPack | None = None,
    level: int = 1,
    options: RulesOptions | None = None,
    target: str | None = None,
    square: Square | str | None = None,
    push_to: Square | str | None = None,
) -> Activation:
    """What the monster ``who`` (letter, name or figure) does when activated in ``situation``.

    ``options`` are the optional rules in force (*Monster Swap*, *Monster AP*).
    ``target``, ``square`` and ``push_to`` settle ties the rules leave to the players (a
    letter, and squares as :class:`Square` or ``"x,y"``); a choice that is not one of the
    tied options is refused with the options named.
    """
    monster = monster_profile(situation, who, pack=pack, level=level)
    # The players' choices are checked before anything is worked out, used or not.
    square = square_of(square) if isinstance(square, str) else square
    push_to = square_of(push_to) if isinstance(push_to, str) else push_to
    if target is not None:
        situation.figure(target)
    return _Activator(situation, monster, options or RulesOptions()).run(target, square, push_to)


class _Activator:
    """One activation worked out: the target, the destination, the pushes, the attack."""

    def __init__(self, situation: Situation, monster: MonsterProfile, rules: RulesOptions) -> None:
        self.situation = situation
        self.monster = monster
        self.rules = rules
        self.whole = MonsterMoves(situation, monster)
        self.moves = self.whole.within(monster.ap)
        awake = _awake(situation)
        self.stands = _stands(self.moves, rules)
        self.reach_now: dict[str, tuple[list[Square], list[Square]]] = {}
        """The squares to attack each character from, worked out when first needed."""
        facts = [self._facts(hero) for hero in awake]
        asleep = [h for h in situation.heroes if h.unconscious]
        self.trace = choose_target(monster, facts, asleep, rules)

    def _reach(self, hero: Figure) -> tuple[list[Square], list[Square]]:
        found = self.reach_now.get(hero.letter)
        if found is None:
            found = self.reach_now[hero.letter] = _options(
                self.situation, self.monster, hero, self.stands
            )
        return found

    def _facts(self, hero: Figure) -> TargetFacts:
        if struck_anywhere(self.monster):
            # The characters an attack strikes do not depend on the square it comes from, so
            # the target rules ask only whether some square serves: the search for squares
            # stops at the first (Line of Sight, asked square by square at range, is what an
            # activation waits for).
            first = next(_attack_squares(self.situation, self.monster, hero, self.stands), None)
            attackable = first is not None
            struck = len(struck_by(self.situation, self.monster, first[0], hero)) if first else 0
        else:
            free, pushing = self._reach(hero)
            reach = free + pushing
            attackable = bool(reach)
            struck = max(
                (len(struck_by(self.situation, self.monster, s, hero)) for s in reach), default=0
            )
        return TargetFacts(
            hero,
            attackable,
            struck,
            _distance(self.whole, self.situation, hero),
            self.situation.dungeon.range(self.monster.square, hero.square),
            self.situation.numbers_of(hero),
        )

    def result(self, **fields: object) -> Activation:
        base: dict[str, object] = {
            "monster": self.monster.letter,
            "label": self.monster.label,
            "before": self.situation,
            "after": self.situation,
            "target": self.trace,
            "route": (),
            "steps": (),
            "pushes": (),
            "attack": None,
            "ap_left": self.monster.ap,
        }
        base.update(fields)
        return Activation(**base)  # type: ignore[arg-type]

    def run(
        self, target: str | None, square: Square | str | None, push_to: Square | str | None
    ) -> Activation:
        trace = self.trace
        if not trace.result:
            return self.result()
        if len(trace.result) > 1:
            if target is None:
                return self.result(pending=Pending("target", "whom does it attack?", trace.result))
            chosen = self.situation.figure(target).letter
            if chosen not in trace.result:
                raise MonsterAIError(_not_an_option("target", chosen, trace.result, trace.labels))
        else:
            chosen = trace.result[0]
        hero = self.situation.figure(chosen)
        free, pushing = self._reach(hero)
        destination, routed = _destination(
            self.situation, self.moves, self.whole, hero, free, pushing
        )
        route = destination.steps
        end = destination.squares[0]
        if len(destination.squares) > 1:
            pick = _pick(square, destination.squares, "square")
            if pick is None:
                options = tuple(key(s) for s in destination.squares)
                return self.result(
                    route=route, pending=Pending("square", "where does it go?", options)
                )
            end = pick
        steps = destination.paths[end]
        spent = sum(s.cost for s in steps)
        pushes: tuple[Push, ...] = ()
        if destination.pushing:
            push = self._push(end, steps, push_to)
            if isinstance(push, Pending):
                return self.result(route=route, pending=push)
            pushes = (push,)
            spent += SWAP_AP if push.swap else 0
        after = self._moved(end, steps, pushes)
        routed = None if self.whole.held else routed
        after, attack, notes, dug = self._attack(after, end, hero, self.monster.ap - spent, routed)
        if self.whole.held:
            notes = (
                Decision(
                    Section.MONSTER_ACTIVATION,
                    "held in place",
                    (self.monster.letter,),
                    (self.monster.letter,),
                    f"{self.monster.label} is held (immobilized) and cannot move this "
                    "activation; it attacks only if a character is in reach from its square.",
                ),
                *notes,
            )
        return self.result(
            after=after,
            route=route,
            steps=steps,
            pushes=pushes,
            attack=attack,
            ap_left=self.monster.ap - spent - dug,
            notes=notes,
        )

    def _push(
        self, end: Square, steps: tuple[MonsterStep, ...], push_to: Square | str | None
    ) -> Push | Pending:
        """The monster on ``end`` pushed aside (or swapped with, *Monster Swap*)."""
        monster = self.monster
        other = self.situation.at(end)
        assert other is not None
        path_squares = [monster.square, *(s.end for s in steps)]
        if self.rules.monster_swap:
            # The other monster takes the square the mover came from; when the mover passed
            # over further monsters to get there, the nearest free square back along its path
            # (its start at the latest: it leaves that square) (ruling A26); a Hole a flyer
            # crossed square by square is no square to stand on.
            back = monster.square
            dungeon = self.situation.dungeon
            for square in reversed(path_squares[:-1]):
                if dungeon.is_hole(square):
                    continue
                held = self.situation.at(square)
                if held is None or held.letter == monster.letter or held.unconscious:
                    back = square
                    break
            return Push(other.letter, end, back, swap=True)
        places = push_squares(self.situation, end, mover=monster.letter, path=path_squares)
        if len(places) == 1:
            return Push(other.letter, end, places[0])
        pick = _pick(push_to, places, "push")
        if pick is None:
            return Pending(
                "push",
                f"where does {other.label} go when pushed aside?",
                tuple(key(s) for s in places),
            )
        return Push(other.letter, end, pick)

    def _moved(
        self, end: Square, steps: tuple[MonsterStep, ...], pushes: tuple[Push, ...]
    ) -> Situation:
        """The situation after the movement: Rubble cleared, the pushed monster moved, the
        monster on its new square."""
        start = self.monster.square
        after = _apply_steps(self.situation, steps)
        if end == start:
            return after
        if pushes and pushes[0].end == start:
            return _swap(after, self.monster.letter, pushes[0].letter, end, start)
        if pushes:
            after = after.moved(pushes[0].letter, pushes[0].end)
        return after.moved(self.monster.letter, end)

    def _attack(
        self, after: Situation, end: Square, hero: Figure, ap_left: int, routed: bool | None
    ) -> tuple[Situation, Attack | None, tuple[Decision, ...], int]:
        """The attack from ``end`` when the target is in reach and the AP allow, with the
        notes that explain it (or why there is none), and the AP spent on digging a buried
        target out instead (see :func:`_dig_out`)."""
        chosen = hero.letter
        standing = replace(self.monster, square=end)
        if not can_attack_from(after, standing, end, after.figure(chosen)):
            if routed is False:
                return (
                    after,
                    None,
                    (
                        Decision(
                            Section.DUNGEON_MARKERS,
                            "no way through",
                            (chosen,),
                            (chosen,),
                            f"No route leads to {hero.label}: it waits as close as it can get.",
                        ),
                    ),
                    0,
                )
            return after, None, (), 0
        if not self.rules.may_attack(ap_left):
            return after, None, (_no_attack(chosen, ap_left, self.rules),), 0
        if after.figure(chosen).buried:
            return _dig_out(after, after.figure(chosen)), None, (_dug_out(hero),), CLEAR_RUBBLE_AP
        struck = struck_by(after, standing, end, after.figure(chosen))
        attack = Attack(
            self.monster.letter,
            chosen,
            end,
            tuple(f.letter for f in struck),
            across_hole(after.dungeon, end, hero.square)
            and end not in after.dungeon.neighbors(hero.square),
        )
        then_stop = Decision(
            Section.MONSTER_ORDER,
            "attack, then stop",
            (chosen,),
            (chosen,),
            "It attacks right after moving and does nothing more this activation.",
        )
        return after, attack, (then_stop,), 0


def _destination(
    situation: Situation,
    moves: MonsterMoves,
    whole: MonsterMoves,
    hero: Figure,
    free: list[Square],
    pushing: list[Square],
) -> tuple[Destination, bool | None]:
    monster = moves.monster
    if free or pushing:
        # An area attack may strike more from a square it must push a monster off; when it
        # strikes the same characters from every square, that never happens.
        if free and pushing and monster.area is not None and not struck_anywhere(monster):
            best_free = max(len(struck_by(situation, monster, s, hero)) for s in free)
            best_push = max(len(struck_by(situation, monster, s, hero)) for s in pushing)
            if best_push > best_free:
                return attack_destination(situation, moves, hero, pushing, pushing=True), None
        if free:
            return attack_destination(situation, moves, hero, free), None
        return attack_destination(situation, moves, hero, pushing, pushing=True), None
    return approach(situation, moves, whole, hero)


def _pick(choice: Square | str | None, options: tuple[Square, ...], what: str) -> Square | None:
    if choice is None:
        return None
    square = square_of(choice) if isinstance(choice, str) else choice
    if square not in options:
        raise MonsterAIError(_not_an_option(what, key(square), tuple(key(s) for s in options), {}))
    return square


def _not_an_option(what: str, chosen: str, options: tuple[str, ...], labels: object) -> str:
    names = labels if isinstance(labels, dict) else dict(labels)  # type: ignore[call-overload]
    shown = ", ".join(names.get(o, o) for o in options)
    return f"{chosen!r} is not one of the tied options for the {what}: pick one of {shown}."


def _no_attack(target: str, ap_left: int, rules: RulesOptions) -> Decision:
    rule = Section.MONSTER_AP if rules.monster_ap else Section.MONSTERS_AND_OBSTACLES
    need = "more than 0" if rules.monster_ap else "at least 0"
    return Decision(
        rule,
        "no attack",
        (target,),
        (),
        f"It would have {ap_left} AP left; a monster needs {need} AP left to attack.",
    )


def _apply_steps(situation: Situation, steps: tuple[MonsterStep, ...]) -> Situation:
    """The situation after the Rubble the route clears; a figure buried under a cleared
    Rubble is free again, as when a character clears it (ruling RB5)."""
    dungeon = situation.dungeon
    cleared = set()
    for step in steps:
        if step.kind == "clear":
            dungeon = dungeon.without_marker(step.over[0])
            cleared.add(step.over[0])
    if dungeon is situation.dungeon:
        return situation
    figures = tuple(
        replace(f, flags=f.flags - {"buried"}) if f.buried and f.square in cleared else f
        for f in situation.figures
    )
    return replace(situation, dungeon=dungeon, figures=figures)


def _dug_out(hero: Figure) -> Decision:
    return Decision(
        Section.FAQ,
        DIG_OUT,
        (hero.letter,),
        (hero.letter,),
        f"It clears the Rubble off {hero.label} ({CLEAR_RUBBLE_AP} AP, or all it has left) and "
        "stops: a character under Rubble cannot be seen, so the attack comes in a later "
        "activation.",
    )


def _dig_out(situation: Situation, hero: Figure) -> Situation:
    """``situation`` with the Rubble cleared off the buried ``hero``: a monster going for a
    buried character digs it out and ends its activation there, attacking it only in a later
    one (the FAQ on held and buried characters; ruling A9)."""
    dungeon = situation.dungeon
    if dungeon.marker(hero.square) is Marker.RUBBLE:
        dungeon = dungeon.without_marker(hero.square)
    freed = replace(hero, flags=hero.flags - {"buried"})
    figures = tuple(freed if f.letter == hero.letter else f for f in situation.figures)
    return replace(situation, dungeon=dungeon, figures=figures)


def _swap(situation: Situation, a: str, b: str, square_a: Square, square_b: Square) -> Situation:
    figures = tuple(
        f.at(square_a) if f.letter == a else f.at(square_b) if f.letter == b else f
        for f in situation.figures
    )
    return replace(situation, figures=figures)
