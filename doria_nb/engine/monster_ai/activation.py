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

from dataclasses import dataclass, replace
from html import escape
from typing import Literal

from doria_nb.engine.cards import ContentPack, Marker
from doria_nb.engine.errors import MonsterAIError
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.moves import CLEAR_RUBBLE_AP, MonsterMoves, MonsterStep
from doria_nb.engine.monster_ai.push import push_squares
from doria_nb.engine.monster_ai.records import MonsterProfile, monster_profile
from doria_nb.engine.monster_ai.route import (
    Destination,
    approach,
    attack_destination,
    key,
    label,
    square_of,
)
from doria_nb.engine.monster_ai.strike import across_hole, can_attack_from, struck_by
from doria_nb.engine.monster_ai.target import TargetFacts, choose_target
from doria_nb.engine.monster_ai.trace import Decision, Trace
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.situation.figure import Figure

__all__ = ["Activation", "Attack", "Pending", "Push", "activate"]

SWAP_AP = 5
"""What swapping places costs a monster under *Optional Rule: Monster Swap*."""


@dataclass(frozen=True, slots=True)
class Attack:
    """The attack a monster makes at the end of its activation: who attacks whom from
    where, who else its area attack strikes, and whether it strikes across a Hole."""

    attacker: str
    defender: str
    square: Square
    struck: tuple[str, ...]
    across_hole: bool = False

    def __str__(self) -> str:
        others = [s for s in self.struck if s != self.defender]
        text = f"{self.attacker} attacks {self.defender} from {label(self.square)}"
        if others:
            text += f", also striking {', '.join(others)}"
        if self.across_hole:
            text += ", straight across the Hole"
        return text


@dataclass(frozen=True, slots=True)
class Push:
    """A monster pushed aside (or swapped with) by the active monster."""

    letter: str
    start: Square
    end: Square
    swap: bool = False


@dataclass(frozen=True, slots=True)
class Pending:
    """A tie the rules leave to the players: what to pick, and the keys to pick from
    (figure letters for a target, ``"x,y"`` squares otherwise)."""

    kind: Literal["order", "target", "square", "push"]
    question: str
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Activation:
    """What a monster does in one activation, with the reasons.

    ``steps`` are the movement's steps (with their rules), ``pushes`` the monsters moved
    aside, ``attack`` the attack made (or ``None``), ``ap_left`` the AP after moving (below 0
    after a jump or Rubble cleared with too few AP). ``notes`` are the decisions not part of a
    trace (the movement, the attack). With ``pending`` set the monster has not acted yet:
    ``after`` equals ``before``.
    """

    monster: str
    label: str
    before: Situation
    after: Situation
    target: Trace
    route: tuple[Decision, ...]
    steps: tuple[MonsterStep, ...]
    pushes: tuple[Push, ...]
    attack: Attack | None
    ap_left: int
    notes: tuple[Decision, ...] = ()
    pending: Pending | None = None

    @property
    def target_letter(self) -> str | None:
        return self.target.result[0] if len(self.target.result) == 1 else None

    @property
    def start(self) -> Square:
        return self.before.figure(self.monster).square

    @property
    def end(self) -> Square:
        return self.after.figure(self.monster).square

    @property
    def path(self) -> tuple[Square, ...]:
        """The squares the monster stood on, from start to end."""
        squares = [self.start]
        for step in self.steps:
            if step.end != squares[-1]:
                squares.append(step.end)
        return tuple(squares)

    def decisions(self) -> tuple[Decision, ...]:
        """Every decision in the order taken: target criteria, route criteria, notes."""
        return (*self.target.steps, *self.route, *self.notes)

    def _labels(self) -> dict[str, str]:
        labels = dict(self.target.labels)
        labels.update({f.letter: f.label for f in self.before.figures})
        for decision in self.route:
            for k in decision.candidates_before:
                if "," in k:
                    labels[k] = label(square_of(k))
        return labels

    def summary(self) -> str:
        """One sentence: what the monster did."""
        labels = self._labels()
        if self.pending is not None:
            options = ", ".join(labels.get(o, o) for o in self.pending.options)
            return f"{self.label}: the players decide first: {self.pending.question} ({options})"
        if not self.target.result:
            return f"{self.label} has no conscious character to go for: it does nothing."
        moved = (
            f"moves to {label(self.end)} ({sum(s.cost for s in self.steps)} AP)"
            if self.steps
            else "stays where it is"
        )
        if self.attack is None:
            return f"{self.label} {moved} and cannot attack."
        whom = labels.get(self.attack.defender, self.attack.defender)
        also = [labels.get(s, s) for s in self.attack.struck if s != self.attack.defender]
        extra = f", striking {', '.join(also)} too" if also else ""
        return f"{self.label} {moved} and attacks {whom}{extra}."

    def explain(self) -> str:
        """The whole activation in words, each decision with its rule."""
        labels = self._labels()
        lines = [self.target.explain()]
        if self.route:
            lines.append(f"Where does the {self.label} go?")
            lines += [f"{n}. {d.explain(labels)}" for n, d in enumerate(self.route, start=1)]
        if self.steps:
            lines.append("Movement: " + "; ".join(str(s) for s in self.steps) + ".")
        for push in self.pushes:
            verb = "swaps places with" if push.swap else "pushes"
            lines.append(
                f"It {verb} {labels.get(push.letter, push.letter)}: {label(push.start)} -> "
                f"{label(push.end)} ({Section.MONSTERS_AND_OBSTACLES.value})."
            )
        lines += [d.explain(labels) for d in self.notes]
        lines.append(self.summary())
        return "\n".join(lines)

    def to_html(self) -> str:
        items = "".join(f"<li>{escape(line)}</li>" for line in self.explain().split("\n"))
        return f'<div class="doria-activation"><ul>{items}</ul></div>'

    def _repr_html_(self) -> str:
        return self.to_html()

    def __str__(self) -> str:
        return self.summary()


# -- the planner --


def _awake(situation: Situation) -> list[Figure]:
    return [h for h in situation.heroes if not h.unconscious and h.carried_by is None]


def _attack_cost(hero: Figure) -> int:
    """A buried character is dug out before it is attacked (FAQ, ruling A9)."""
    return CLEAR_RUBBLE_AP if hero.buried else 0


def _options(
    situation: Situation,
    moves: MonsterMoves,
    hero: Figure,
    rules: RulesOptions,
) -> tuple[list[Square], list[Square]]:
    """The squares reachable now from which ``hero`` can be attacked with AP to spare: free
    ones, and ones holding a monster to push aside."""
    monster = moves.monster
    free: list[Square] = []
    pushing: list[Square] = []
    extra = _attack_cost(hero)
    for square, cost in moves.cost.items():
        occupied = square in moves.others
        if not occupied and not moves.ends_here(square):
            continue
        swap = SWAP_AP if occupied and rules.monster_swap else 0
        if not rules.may_attack(monster.ap - cost - swap - extra):
            continue
        if not can_attack_from(situation, monster, square, hero):
            continue
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
    rules = options or RulesOptions()
    monster = monster_profile(situation, who, pack=pack, level=level)
    awake = _awake(situation)
    asleep = [h for h in situation.heroes if h.unconscious]
    whole = MonsterMoves(situation, monster)
    moves = whole.within(monster.ap)
    options = {h.letter: _options(situation, moves, h, rules) for h in awake}
    facts = []
    for hero in awake:
        free, pushing = options[hero.letter]
        reach = free + pushing
        struck = max((len(struck_by(situation, monster, s, hero)) for s in reach), default=0)
        facts.append(
            TargetFacts(
                hero,
                bool(reach),
                struck,
                _distance(whole, situation, hero),
                situation.dungeon.range(monster.square, hero.square),
            )
        )
    trace = choose_target(monster, facts, asleep)

    def result(**fields: object) -> Activation:
        base: dict[str, object] = {
            "monster": monster.letter,
            "label": monster.label,
            "before": situation,
            "after": situation,
            "target": trace,
            "route": (),
            "steps": (),
            "pushes": (),
            "attack": None,
            "ap_left": monster.ap,
        }
        base.update(fields)
        return Activation(**base)  # type: ignore[arg-type]

    if not trace.result:
        return result()
    if len(trace.result) > 1:
        if target is None:
            return result(pending=Pending("target", "whom does it attack?", trace.result))
        chosen = situation.figure(target).letter
        if chosen not in trace.result:
            raise MonsterAIError(_not_an_option("target", chosen, trace.result, trace.labels))
    else:
        chosen = trace.result[0]
    hero = situation.figure(chosen)
    free, pushing = options[chosen]
    destination, routed = _destination(situation, moves, whole, hero, free, pushing)
    route = destination.steps
    if len(destination.squares) > 1:
        pick = _pick(square, destination.squares, "square")
        if pick is None:
            return result(
                route=route,
                pending=Pending(
                    "square", "where does it go?", tuple(key(s) for s in destination.squares)
                ),
            )
        end = pick
    else:
        end = destination.squares[0]
    steps = destination.paths[end]
    spent = sum(s.cost for s in steps)
    after = situation
    pushes: list[Push] = []
    notes: list[Decision] = []
    if destination.pushing:
        other = situation.at(end)
        assert other is not None
        path_squares = [monster.square, *(s.end for s in steps)]
        if rules.monster_swap:
            back = path_squares[-2] if len(path_squares) > 1 else monster.square
            places: tuple[Square, ...] = (back,)
            spent += SWAP_AP
        else:
            places = push_squares(situation, end, mover=monster.letter, path=path_squares)
        if len(places) > 1:
            pick = _pick(push_to, places, "push")
            if pick is None:
                return result(
                    route=route,
                    pending=Pending(
                        "push",
                        f"where does {other.label} go when pushed aside?",
                        tuple(key(s) for s in places),
                    ),
                )
            place = pick
        else:
            place = places[0]
        pushes.append(Push(other.letter, end, place, rules.monster_swap))
        after = after.moved(other.letter, place) if place != monster.square else after
    after = _apply_steps(after, steps)
    if end != monster.square:
        if pushes and pushes[0].end == monster.square:
            after = _swap(after, monster.letter, pushes[0].letter, end, monster.square)
        else:
            after = after.moved(monster.letter, end)
    ap_left = monster.ap - spent
    attack = None
    if can_attack_from(after, replace(monster, square=end), end, after.figure(chosen)):
        cost = _attack_cost(after.figure(chosen))
        if rules.may_attack(ap_left - cost):
            if cost:
                after = _dig_out(after, after.figure(chosen))
                ap_left -= cost
                notes.append(
                    Decision(
                        Section.DUNGEON_MARKERS,
                        "dig out the buried character first",
                        (chosen,),
                        (chosen,),
                        f"It clears the Rubble off {hero.label} for {cost} AP before attacking.",
                    )
                )
            struck = struck_by(after, replace(monster, square=end), end, after.figure(chosen))
            attack = Attack(
                monster.letter,
                chosen,
                end,
                tuple(f.letter for f in struck),
                across_hole(after.dungeon, end, hero.square)
                and end not in after.dungeon.neighbors(hero.square),
            )
        else:
            notes.append(_no_attack(chosen, ap_left - cost, rules))
    elif routed is False:
        notes.append(
            Decision(
                Section.DUNGEON_MARKERS,
                "no way through",
                (chosen,),
                (chosen,),
                f"No route leads to {hero.label}: it waits as close as it can get.",
            )
        )
    if attack is not None:
        notes.append(
            Decision(
                Section.MONSTER_ORDER,
                "attack, then stop",
                (chosen,),
                (chosen,),
                "It attacks right after moving and does nothing more this activation.",
            )
        )
    return result(
        after=after,
        route=route,
        steps=steps,
        pushes=tuple(pushes),
        attack=attack,
        ap_left=ap_left,
        notes=tuple(notes),
    )


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
        if free and pushing and monster.area is not None:
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
    dungeon = situation.dungeon
    for step in steps:
        if step.kind == "clear":
            dungeon = dungeon.without_marker(step.over[0])
    return situation if dungeon is situation.dungeon else replace(situation, dungeon=dungeon)


def _dig_out(situation: Situation, hero: Figure) -> Situation:
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


def profile_of(situation: Situation, who: str, **kwargs: object) -> MonsterProfile:
    """The monster profile the activation works with (for views that show its numbers)."""
    return monster_profile(situation, who, **kwargs)  # type: ignore[arg-type]
