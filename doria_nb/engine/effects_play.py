"""Effects that outlast an action: temporary armor and attack bonuses from spells and potions
(until the end of the round, ruling Y21), and *Fate Points*.

Spells and potions hand back operations (:mod:`doria_nb.engine.effects_ops`); the game keeps
the lasting ones in ``state.temporary`` as (round cast, hero letter, operation) and drops them
when their rounds are over. This game half of :mod:`doria_nb.engine.effects` sits below the
game, so the monsters' turns (:mod:`doria_nb.engine.monster_activation`) read a hero's
temporary armor and offer its Fate Points without importing the game. (The Fate Points' own
rules are in :mod:`doria_nb.engine.optional_rules.fate`, which the table reaches through the
combat rules, so this half, which changes the table, cannot join them there.)
"""

from __future__ import annotations

from collections.abc import Callable

from doria_nb.engine.attack_bonus import AttackBonus, Step
from doria_nb.engine.decisions import Choice, ChoiceKind, Option
from doria_nb.engine.effects_ops import AttackRollBonus, TemporaryArmor
from doria_nb.engine.sections import Section
from doria_nb.engine.table.events import EffectWoreOff, FatePointSpent
from doria_nb.engine.table.state import GameState

__all__ = ["attack_bonus_for", "expire", "extra_armor", "fate_reroll_wanted"]

Asker = Callable[[Choice], str]


def extra_armor(state: GameState) -> dict[str, int]:
    """The strongest temporary armor each hero holds now (AR by letter)."""
    found: dict[str, int] = {}
    for _, letter, op in state.temporary:
        if isinstance(op, TemporaryArmor):
            found[letter] = max(found.get(letter, 0), op.armor)
    return found


def attack_bonus_for(state: GameState, letter: str) -> AttackBonus | None:
    """What the hero's attack-roll bonuses add to its attacks now."""
    bonus = None
    for _, who, op in state.temporary:
        if who == letter and isinstance(op, AttackRollBonus):
            step = Step(op.rule, f"+{op.amount} to the attack roll ({op.card})")
            extra = AttackBonus(points=op.amount, steps=(step,))
            bonus = extra if bonus is None else bonus + extra
    return bonus


def expire(state: GameState) -> None:
    """At the end of a round, drop the effects whose rounds are over (an effect lasting one
    round ends with the round it was cast in)."""
    kept = []
    for cast, letter, op in state.temporary:
        if cast + getattr(op, "rounds", 1) - 1 > state.round:
            kept.append((cast, letter, op))
        else:
            text = f"The {op.card} on {letter} wears off."
            state.log.append(EffectWoreOff(op.rule, text, letter, card=op.card))
    state.temporary = kept


def fate_reroll_wanted(state: GameState, letter: str, asker: Asker, what: str) -> bool:
    """Under *Fate Points*: whether hero ``letter`` spends a point to roll ``what`` again
    (the default: yes, while a point is left). The point is spent when the answer is yes."""
    pool = state.fate
    if pool is None or letter not in state.heroes:
        return False
    name = state.heroes[letter].name
    left = pool.left(name)
    if left <= 0:
        return False
    choice = Choice(
        ChoiceKind.FATE,
        name,
        f"Spend a Fate Point ({left} left) to roll {what} again?",
        (Option("reroll", "roll again"), Option("keep", "keep the result")),
        Section.FATE_POINTS,
    )
    if asker(choice) != "reroll":
        return False
    state.fate = pool.spend(name)
    state.log.append(
        FatePointSpent(
            Section.FATE_POINTS,
            f"{name} spends a Fate Point: {what} is rolled again.",
            letter,
            what=what,
        )
    )
    return True
