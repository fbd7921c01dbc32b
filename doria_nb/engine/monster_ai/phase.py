"""Every monster on the board acting once, in *Monster Order*: the dispute builder's
"and then what happens?".

:func:`monster_phase` orders the monsters (ranking fixed at the start), then activates each
on the situation the previous one left. It stops at the first tie the rules leave to the
players (in the order, a target, a square, a push) and says which; pass the players' choices
(``order=`` for the order, ``choices={"o": {"target": "M"}}`` for one monster) to go on.

>>> from doria_nb.engine.situation import Situation
>>> s = Situation.from_text('''
... map:
...   #D#########
...   #o.......M#
...   #.........#
...   #b.....A..#
...   ###########
... figures:
...   o = monster Orc
...   b = monster Goblin
...   M = hero Mage STR 4
...   A = hero Adventurer STR 9
... ''')
>>> phase = monster_phase(s)
>>> [a.summary() for a in phase.activations]  # doctest: +NORMALIZE_WHITESPACE
['Goblin (b) moves to (6, 3) (5 AP) and attacks Adventurer (A).',
 'Orc (o) moves to (8, 1) (7 AP) and attacks Mage (M).']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.errors import MonsterAIError
from doria_nb.engine.monster_ai.activation import Activation, Pending, activate
from doria_nb.engine.monster_ai.order import monster_order
from doria_nb.engine.monster_ai.trace import Trace
from doria_nb.engine.options import RulesOptions

if TYPE_CHECKING:
    from doria_nb.engine.situation import Situation

__all__ = ["MonsterPhase", "monster_phase"]


@dataclass(frozen=True, slots=True)
class MonsterPhase:
    """The monsters' turns one after the other: the order (a trace), each activation, the
    situation at the end, and the tie that stopped it early, if any (``waiting_for`` is the
    monster whose decision waits; ``None`` for a tie in the order)."""

    before: Situation
    after: Situation
    order: Trace
    sequence: tuple[str, ...]
    activations: tuple[Activation, ...]
    pending: Pending | None = None
    waiting_for: str | None = None

    @property
    def done(self) -> bool:
        return self.pending is None

    def explain(self) -> str:
        parts = [self.order.explain()]
        parts += [a.explain() for a in self.activations]
        if self.pending is not None:
            who = f" ({self.waiting_for})" if self.waiting_for else ""
            parts.append(f"Waiting for the players{who}: {self.pending.question}")
        return "\n\n".join(parts)

    def __str__(self) -> str:
        return self.explain()


def _settled(order: Trace, chosen: Sequence[str] | None) -> tuple[str, ...] | None:
    flat = tuple(k for group in order.ranking for k in group)
    if chosen is None:
        return None if order.players_decide else flat
    picked = tuple(chosen)
    position = 0
    for group in order.ranking:
        part = picked[position : position + len(group)]
        if sorted(part) != sorted(group):
            shown = " | ".join(" = ".join(order.label(k) for k in g) for g in order.ranking)
            raise MonsterAIError(
                f"The order {', '.join(picked)} does not keep the rules' order ({shown}); "
                "only monsters joined by '=' may be put in any order."
            )
        position += len(group)
    if position != len(picked):
        raise MonsterAIError("The order names more monsters than are on the board.")
    return picked


def monster_phase(
    situation: Situation,
    *,
    pack: ContentPack | None = None,
    level: int = 1,
    options: RulesOptions | None = None,
    order: Sequence[str] | None = None,
    choices: Mapping[str, Mapping[str, Any]] | None = None,
) -> MonsterPhase:
    """Activate every monster of ``situation`` once, in *Monster Order*."""
    ranking = monster_order(situation, pack=pack, level=level)
    sequence = _settled(ranking, order)
    if sequence is None:
        return MonsterPhase(
            situation,
            situation,
            ranking,
            (),
            (),
            Pending(
                "order",
                "in which order do the tied monsters act?",
                tuple(k for group in ranking.ranking if len(group) > 1 for k in group),
            ),
        )
    choices = choices or {}
    current = situation
    done: list[Activation] = []
    for letter in sequence:
        picked = dict(choices.get(letter, {}))
        unknown = set(picked) - {"target", "square", "push_to"}
        if unknown:
            raise MonsterAIError(
                f"Choices for {letter} are 'target', 'square' and 'push_to', not "
                f"{', '.join(sorted(unknown))}."
            )
        act = activate(current, letter, pack=pack, level=level, options=options, **picked)
        if act.pending is not None:
            return MonsterPhase(
                situation, current, ranking, sequence, tuple(done), act.pending, letter
            )
        done.append(act)
        current = act.after
    return MonsterPhase(situation, current, ranking, sequence, tuple(done))
