"""Which text wins when two rules disagree (*FAQ*: conflicting rules between cards).

The FAQ ranks the sources of a rule: the scenario's description first, then equipment (Loot
Cards), then the monster abilities printed on Monster Level Cards, then monster modifiers, and
the standard rules of the rulebook last. One exception is written into the ranking itself: a
modifier may say that it overrides the monster's abilities, and then it comes before them.

A :class:`Claim` is one source's answer to a question ("which element does this monster's
attack deal?"); :func:`resolve` picks the answer of the highest-ranked source and returns a
:class:`Precedence` whose :meth:`~Precedence.explain` names every claim and why the winner won.
Claims of the same rank that disagree: the one listed last wins (the card played or drawn
last, ruling FQ2).

>>> from doria_nb.engine.cards import Element
>>> answer = resolve("Which element does the Dark Mage's attack deal?", [
...     Claim(Source.MONSTER_ABILITY, Element.AIR, "the Dark Mage's level card"),
...     Claim(Source.MONSTER_MODIFIER, Element.FIRE, "the Fire Creature modifier"),
... ])
>>> answer.says
<Element.AIR: 'air'>
>>> print(answer.explain())
Which element does the Dark Mage's attack deal? air, from the Dark Mage's level card (a \
monster ability). Set aside: fire from the Fire Creature modifier (a monster modifier). Monster \
abilities come before monster modifiers (FAQ).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

from doria_nb.engine.errors import DoriaError
from doria_nb.engine.sections import Section

__all__ = ["Claim", "Precedence", "PrecedenceError", "Source", "resolve"]


class PrecedenceError(DoriaError):
    """A question of precedence asked without claims, or with something that is not one."""


class Source(IntEnum):
    """Where a rule comes from, in the FAQ's order: a lower value takes priority."""

    SCENARIO = 1
    LOOT_CARD = 2
    MONSTER_ABILITY = 3
    MONSTER_MODIFIER = 4
    STANDARD_RULE = 5

    @property
    def label(self) -> str:
        """The source in a player's words."""
        return _LABELS[self]


_LABELS = {
    Source.SCENARIO: "the scenario's description",
    Source.LOOT_CARD: "an equipment card",
    Source.MONSTER_ABILITY: "a monster ability",
    Source.MONSTER_MODIFIER: "a monster modifier",
    Source.STANDARD_RULE: "the standard rules",
}
_GROUPS = {
    Source.SCENARIO: ("the scenario's description", "comes"),
    Source.LOOT_CARD: ("equipment cards", "come"),
    Source.MONSTER_ABILITY: ("monster abilities", "come"),
    Source.MONSTER_MODIFIER: ("monster modifiers", "come"),
    Source.STANDARD_RULE: ("the standard rules", "come"),
}


@dataclass(frozen=True, slots=True)
class Claim:
    """One source's answer ``says`` to a question; ``origin`` names the card or rule in words.

    ``overrides_abilities`` marks a monster modifier that says it overrides the monster's own
    abilities ("unless otherwise specified by modifiers"); only a modifier may carry it.
    """

    source: Source
    says: object
    origin: str
    overrides_abilities: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.source, Source):
            raise PrecedenceError(f"A claim's source must be a Source, not {self.source!r}.")
        if not isinstance(self.origin, str) or not self.origin.strip():
            raise PrecedenceError("A claim must name its card or rule (origin).")
        if self.overrides_abilities and self.source is not Source.MONSTER_MODIFIER:
            raise PrecedenceError(
                f"Only a monster modifier can override monster abilities, not {self.origin}."
            )

    @property
    def rank(self) -> float:
        """Its place in the order: a modifier that overrides abilities stands just above them."""
        if self.overrides_abilities:
            return Source.MONSTER_ABILITY - 0.5
        return float(self.source)

    def describe(self) -> str:
        label = self.source.label
        if self.overrides_abilities:
            label = "a monster modifier that overrides abilities"
        return f"{self.says} from {self.origin} ({label})"


@dataclass(frozen=True, slots=True)
class Precedence:
    """The answer to a question of precedence: the ``winner`` among all ``claims``."""

    question: str
    winner: Claim
    claims: tuple[Claim, ...]

    @property
    def says(self) -> object:
        """The winning answer."""
        return self.winner.says

    @property
    def rule(self) -> Section:
        return Section.FAQ

    @property
    def set_aside(self) -> tuple[Claim, ...]:
        """The claims that lost (each, not only those that disagree)."""
        return tuple(c for c in self.claims if c is not self.winner)

    def explain(self) -> str:
        text = f"{self.question} {self.winner.describe().replace(' from ', ', from ', 1)}."
        losers = self.set_aside
        if not losers:
            return text
        text += " Set aside: " + "; ".join(c.describe() for c in losers) + "."
        loser = min(losers, key=lambda c: c.rank)
        if loser.rank == self.winner.rank:
            return text + " Both have the same rank: the one played last wins (ruling FQ2)."
        if self.winner.overrides_abilities:
            return text + " This modifier says it overrides the monster's abilities (FAQ)."
        first, verb = _GROUPS[self.winner.source]
        return (
            f"{text} {first[0].upper()}{first[1:]} {verb} before {_GROUPS[loser.source][0]} (FAQ)."
        )


def resolve(question: str, claims: Iterable[Claim]) -> Precedence:
    """The claim that takes priority (see the module text); never changes anything."""
    listed = tuple(claims)
    if not listed:
        raise PrecedenceError(f"{question} Nothing claims an answer, so nothing can win.")
    for claim in listed:
        if not isinstance(claim, Claim):
            raise PrecedenceError(f"Each answer must be a Claim, not {claim!r}.")
    best = min(claim.rank for claim in listed)
    winner = [claim for claim in listed if claim.rank == best][-1]
    return Precedence(question, winner, listed)
