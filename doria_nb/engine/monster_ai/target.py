"""*Target of a Monster*: which character an activated monster attacks.

The criteria, in the rulebook's order, each applied to the characters still in the running:

1. **attack multiple targets**: a monster with an area attack prefers the target whose attack
   strikes the most characters, from a square it can reach this activation; monsters with a
   single-target attack skip this;
2. **closer targets are preferred**: characters it can attack this activation come first
   ("if the closest character cannot be reached, the next character is targeted"); among
   them, or among all when none can be attacked now, the one its route reaches in the fewest
   AP (ruling A2); monsters whose card says so (Archer, Ghoul) skip the distance;
3. **the worst attribute** for the attack: STR against melee, AGI against ranged, WIS
   against magic;
4. **less active armor**: of characters still tied, the one with the fewest active, equipped
   Armor Rating points is attacked (ruling A4: the heading, the Quick Rules Overview and
   "Armor Rating points are counted"); under the named reading ``armor_sentence`` the
   criterion's sentence alone decides: any active armor is attacked before none;
5. **the players decide**: several letters in the trace's ``result``.

Unconscious characters are ignored by monsters (*Unconsciousness*).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from doria_nb.engine.monster_ai.records import ATTRIBUTE_FOR, MonsterProfile, hero_attribute
from doria_nb.engine.monster_ai.trace import Decision, Trace
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section

if TYPE_CHECKING:
    from doria_nb.engine.situation.figure import Figure

__all__ = ["TargetFacts", "choose_target"]

_RULE = Section.TARGET_OF_A_MONSTER


@dataclass(frozen=True, slots=True)
class TargetFacts:
    """What the target rules need to know about one character, worked out by the planner.

    ``attackable``: the monster can attack it this activation; ``struck``: the most
    characters one attack on it can strike (from a square reachable now); ``distance``: the AP
    of the monster's route to stand next to it, plus one (so an adjacent character is 1 away),
    or ``None`` without a route; ``range``: squares counted orthogonally, for when no
    character can be reached at all; ``numbers``: the character's numbers as the situation
    reads them (:meth:`~doria_nb.engine.situation.Situation.numbers_of`: in a game its STR,
    AGI, WIS and active armor are lent from its seat).
    """

    hero: Figure
    attackable: bool
    struck: int
    distance: int | None
    range: int
    numbers: Mapping[str, int]


def _letters(facts: Sequence[TargetFacts]) -> tuple[str, ...]:
    return tuple(f.hero.letter for f in facts)


def _keep_best(facts: list[TargetFacts], key: Callable[[TargetFacts], int]) -> list[TargetFacts]:
    best = min(key(f) for f in facts)
    return [f for f in facts if key(f) == best]


def choose_target(
    monster: MonsterProfile,
    facts: Sequence[TargetFacts],
    unconscious: Sequence[Figure] = (),
    options: RulesOptions | None = None,
) -> Trace:
    """The character ``monster`` attacks (or walks towards), by *Target of a Monster*.

    ``options`` carry the named readings in force (``armor_sentence``, ruling A4). An empty
    ``result`` means there is no conscious character at all.
    """
    labels: Mapping[str, str] = {
        **{f.hero.letter: f.hero.label for f in facts},
        **{h.letter: h.label for h in unconscious},
    }
    question = f"Whom does the {monster.label} attack?"
    steps: list[Decision] = []

    def step(
        criterion: str, before: list[TargetFacts], after: list[TargetFacts], note: str
    ) -> None:
        steps.append(Decision(_RULE, criterion, _letters(before), _letters(after), note))

    if unconscious:
        everyone = (*_letters(facts), *(h.letter for h in unconscious))
        names = ", ".join(h.label for h in unconscious)
        steps.append(
            Decision(
                Section.UNCONSCIOUSNESS,
                "unconscious characters are ignored",
                everyone,
                _letters(facts),
                f"{names}: unconscious, ignored by every monster.",
            )
        )
    people = sorted(facts, key=lambda f: f.hero.letter)
    if not people:
        return Trace(question, tuple(steps), (), labels=labels)

    # 1. Attack multiple targets.
    before = people
    can_now = [f for f in people if f.attackable]
    if monster.area is None:
        note = f"The {monster.name} strikes one character at a time: this does not apply."
    elif not can_now:
        note = "It can attack nobody this activation: this does not apply."
    elif max(f.struck for f in can_now) < 2:
        note = f"No attack of its {monster.area} would strike two characters: no effect."
    else:
        people = _keep_best(can_now, lambda f: -f.struck)
        shown = ", ".join(f"{f.hero.label} {f.struck}" for f in can_now)
        note = f"Characters its {monster.area} would strike, aimed at: {shown}."
    step("attack multiple targets", before, people, note)

    # 2. Closer targets are preferred.
    if len(people) > 1:
        before = people
        reachable_now = [f for f in people if f.attackable]
        if monster.card.ignores_closest:
            people = reachable_now or people
            note = f"The {monster.name} ignores the distance (its card says so)"
            note += "; it keeps those it can attack now." if reachable_now else "."
        else:
            pool = reachable_now or people

            def shown(f: TargetFacts) -> str:
                if f.distance is None:
                    return f"{f.hero.label}: no route (range {f.range})"
                now = "" if f.attackable else " (not this activation)"
                return f"{f.hero.label} {f.distance} away{now}"

            routed = [f for f in pool if f.distance is not None]
            if routed:
                people = _keep_best(routed, lambda f: f.distance or 0)
            else:
                people = _keep_best(pool, lambda f: f.range)
            note = ", ".join(shown(f) for f in before) + "."
            if reachable_now and len(reachable_now) < len(before):
                note += " Those it can attack now come first."
            elif not reachable_now:
                note += " It can attack nobody now: it moves towards the nearest."
        step("closer targets are preferred", before, people, note)

    # 3. Worst attribute for the kind of attack.
    if len(people) > 1:
        before = people
        key = ATTRIBUTE_FOR[monster.attack]
        values = {f.hero.letter: hero_attribute(f.hero, monster.attack, f.numbers) for f in people}
        people = _keep_best(people, lambda f: values[f.hero.letter])
        shown_values = ", ".join(f"{f.hero.label} {key} {values[f.hero.letter]}" for f in before)
        step(f"lower {key} ({monster.attack.value} attack)", before, people, f"{shown_values}.")

    # 4. Less active armor (ruling A4).
    if len(people) > 1:
        before = people
        armor = {f.hero.letter: f.numbers.get("AR", 0) or 0 for f in people}
        shown_armor = ", ".join(f"{f.hero.label} AR {armor[f.hero.letter]}" for f in before)
        if (options or RulesOptions()).reads("armor_sentence"):
            armored = [f for f in people if armor[f.hero.letter] > 0]
            if armored and len(armored) < len(people):
                people = armored
                note = f"{shown_armor}: the character with active armor is attacked"
            else:
                note = f"{shown_armor}: {'all' if armored else 'none'} with active armor, a tie"
            note += " (reading armor_sentence)."
        else:
            people = _keep_best(people, lambda f: armor[f.hero.letter])
            if len(people) < len(before):
                note = f"{shown_armor}: the character with less active armor is attacked."
            else:
                note = f"{shown_armor}: the same active armor, a tie."
        step("less active armor", before, people, note)

    # 5. The players decide.
    if len(people) > 1:
        step(
            "players' decision",
            people,
            people,
            "Still tied after every criterion: the players decide which character is attacked.",
        )
    return Trace(question, tuple(steps), _letters(people), labels=labels)
