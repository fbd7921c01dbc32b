"""*Monster Order*: which monster acts first, and how monsters and characters interleave.

The criteria, in the rulebook's order: the place on the Initiative Board (higher first), the
priority letter of the level card (A first), the range to the nearest conscious character
(closer first), the number of monster modifiers (more first), and then the players decide.
:func:`monster_order` applies them and returns a :class:`~.trace.Trace` whose ``ranking`` is
the whole order (figure letters) and whose ``result`` is who acts first; :func:`interleave`
puts the characters in, a character always acting before a monster on the same value.

>>> from doria_nb.engine.situation import Situation
>>> s = Situation.from_text('''
... map:
...   #D#########
...   #o...M...m#
...   ###########
... figures:
...   o = monster Orc AP 7
...   M = hero Mage AP 5 STR 4
...   m = monster Mummy AP 5
... ''')
>>> monster_order(s).ranking
(('o',), ('m',))
>>> interleave(s)
(('o',), ('M',), ('m',))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.errors import MonsterAIError
from doria_nb.engine.monster_ai.records import MonsterProfile, monster_profile
from doria_nb.engine.monster_ai.trace import Decision, Trace
from doria_nb.engine.sections import Section

if TYPE_CHECKING:
    from doria_nb.engine.situation import Situation

__all__ = ["interleave", "monster_order"]

_RULE = Section.MONSTER_ORDER


def _split(
    tier: list[MonsterProfile], key: Callable[[MonsterProfile], int]
) -> list[list[MonsterProfile]]:
    groups: dict[int, list[MonsterProfile]] = {}
    for monster in tier:
        groups.setdefault(key(monster), []).append(monster)
    return [groups[k] for k in sorted(groups)]


def _letters(tier: Iterable[MonsterProfile]) -> tuple[str, ...]:
    return tuple(m.letter for m in tier)


def monster_order(
    situation: Situation,
    *,
    pack: ContentPack | None = None,
    level: int = 1,
    among: Iterable[str] | None = None,
) -> Trace:
    """The activation order of the monsters of ``situation`` (or of those ``among`` these
    letters or names) by the criteria of *Monster Order*.

    A monster's place on the Initiative Board is its ``AP`` value, else its level card's AP.
    The range to the nearest character counts squares orthogonally (F-3's bridge skipped) to
    the nearest conscious character; unconscious ones are ignored by monsters. Monsters still
    tied at the end are listed together in reading order: the players decide.
    """
    chosen = situation.monsters if among is None else [situation.figure(w) for w in among]
    if not chosen:
        raise MonsterAIError("There is no monster on the board to put in order.")
    for figure in chosen:
        if not figure.is_monster:
            raise MonsterAIError(f"{figure.label} is a hero, not a monster.")
    everyone = [monster_profile(situation, f, pack=pack, level=level) for f in chosen]
    targets = [h for h in situation.heroes if not h.unconscious]
    dungeon = situation.dungeon

    def nearest(m: MonsterProfile) -> int:
        return min((dungeon.range(m.square, h.square) for h in targets), default=0)

    criteria: list[tuple[str, Callable[[MonsterProfile], int], Callable[[MonsterProfile], str]]]
    criteria = [
        ("higher on the Initiative Board", lambda m: -m.ap, lambda m: f"{m.label} at {m.ap}"),
        (
            "priority letter, A first",
            lambda m: "ABCD".index(m.priority.value),
            lambda m: f"{m.label} {m.priority.value}",
        ),
        (
            "closer to the nearest character",
            nearest,
            lambda m: f"{m.label} range {nearest(m)}",
        ),
        (
            "more monster modifiers",
            lambda m: -m.modifiers,
            lambda m: f"{m.label} {m.modifiers}",
        ),
    ]
    tiers = [sorted(everyone, key=lambda m: (m.square.y, m.square.x))]
    steps: list[Decision] = []
    for criterion, key, show in criteria:
        new_tiers: list[list[MonsterProfile]] = []
        for tier in tiers:
            if len(tier) == 1:
                new_tiers.append(tier)
                continue
            parts = _split(tier, key)
            note = ", ".join(show(m) for part in parts for m in part) + "."
            if criterion.startswith("closer") and not targets:
                note = "No conscious character on the board: distance decides nothing."
            elif len(parts) == 1:
                note += " A tie."
            steps.append(Decision(_RULE, criterion, _letters(tier), _letters(parts[0]), note))
            new_tiers.extend(parts)
        tiers = new_tiers
    ranking = tuple(_letters(tier) for tier in tiers)
    ties = [group for group in ranking if len(group) > 1]
    labels = {m.letter: m.label for m in everyone}
    if ties:
        steps.append(
            Decision(
                _RULE,
                "players' decision",
                ties[0],
                ties[0],
                "Still tied after every criterion: the players decide the order of "
                + "; ".join(", ".join(labels[k] for k in group) for group in ties)
                + ".",
            )
        )
    return Trace("In which order do the monsters act?", tuple(steps), ranking[0], ranking, labels)


def interleave(
    situation: Situation, *, pack: ContentPack | None = None, level: int = 1
) -> tuple[tuple[str, ...], ...]:
    """The combined activation order of characters and monsters, as groups of letters.

    Higher on the Initiative Board acts first; on the same value every character acts before
    every monster (*Monster Order*, *Phase D: Action Phase*). Characters on the same value form
    one group (their players decide who goes first); monsters keep the order of
    :func:`monster_order`. Unconscious characters do not act and are left out; a character
    needs an ``AP`` value to be placed.
    """
    hero_values: dict[str, int] = {}
    for hero in situation.heroes:
        if hero.unconscious:
            continue
        if hero.ap is None:
            raise MonsterAIError(
                f"{hero.label} has no place on the Initiative Board: give it an AP value."
            )
        hero_values[hero.letter] = hero.ap
    monster_tiers: tuple[tuple[str, ...], ...] = ()
    monster_values: dict[str, int] = {}
    if situation.monsters:
        monster_tiers = monster_order(situation, pack=pack, level=level).ranking
        monster_values = {
            m.letter: monster_profile(situation, m, pack=pack, level=level).ap
            for m in situation.monsters
        }
    order: list[tuple[str, ...]] = []
    for value in sorted(set(hero_values.values()) | set(monster_values.values()), reverse=True):
        group = tuple(k for k, v in hero_values.items() if v == value)
        if group:
            order.append(group)
        order.extend(t for t in monster_tiers if monster_values[t[0]] == value)
    return tuple(order)
