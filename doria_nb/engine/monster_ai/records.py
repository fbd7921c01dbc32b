"""What the monster AI knows about a monster on the board: its card at the Monster Level and
what the situation's figure says about it.

A monster figure in a situation is named after its monster card (``Orc``, ``Dark Mage``;
``Orc 2`` also finds the Orc). Its values may override the card: ``AP`` (the Action Points it
has for this activation, which is also its place on the Initiative Board), ``RNG`` (its range)
and ``MOD`` (how many monster modifiers it carries, for *Monster Order*).

>>> from doria_nb.engine.situation import Situation
>>> s = Situation.from_text('''
... map:
...   #D###
...   #o.M#
...   #####
... figures:
...   o = monster Orc MOD 1
...   M = hero Mage STR 4
... ''')
>>> orc = monster_profile(s, "o")
>>> orc.label, orc.ap, orc.range, orc.attack.value, orc.priority.value, orc.modifiers
('Orc (o)', 7, 1, 'melee', 'A', 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from doria_nb.engine.cards import AttackKind, ContentPack
from doria_nb.engine.errors import MonsterAIError
from doria_nb.engine.geometry import Square
from doria_nb.engine.monsters import MonsterCard, Priority, base_name, stats_at_level
from doria_nb.engine.packs import pack_or_default

if TYPE_CHECKING:
    from doria_nb.engine.situation import Situation
    from doria_nb.engine.situation.figure import Figure

__all__ = [
    "ATTRIBUTE_FOR",
    "MonsterProfile",
    "card_for",
    "hero_attribute",
    "monster_profile",
]

ATTRIBUTE_FOR = {AttackKind.MELEE: "STR", AttackKind.RANGED: "AGI", AttackKind.MAGIC: "WIS"}
"""The character attribute a monster's attack is compared on (*Target of a Monster*)."""


@dataclass(frozen=True, slots=True)
class MonsterProfile:
    """A monster on the board as the AI sees it: who it is, where it stands, and the numbers
    of its level card (after the figure's own values)."""

    letter: str
    name: str
    square: Square
    card: MonsterCard
    level: int
    ap: int
    range: int
    modifiers: int = 0

    @property
    def label(self) -> str:
        return f"{self.name} ({self.letter})"

    @property
    def priority(self) -> Priority:
        return self.card.priority

    @property
    def attack(self) -> AttackKind:
        return self.card.attack

    @property
    def area(self) -> str | None:
        """The name of the card's area attack (``"Leaping Lightning"``), if it has one."""
        return None if self.card.area is None else self.card.area.split(":")[0].strip()

    @property
    def flight(self) -> bool:
        return self.card.flight

    @property
    def through_walls(self) -> bool:
        return self.card.through_walls


def card_for(name: str, pack: ContentPack) -> MonsterCard:
    """The monster card a figure called ``name`` is: by card name or id, ignoring case and a
    trailing number (``"Orc 2"`` is an Orc)."""
    wanted = base_name(name)
    for card in pack.monsters:
        if wanted in (card.name.casefold(), card.id.casefold()):
            return card
    known = ", ".join(sorted(card.name for card in pack.monsters))
    raise MonsterAIError(
        f"There is no monster card called {name!r} in the pack {pack.id!r}; name the figure "
        f"after one of: {known}."
    )


def monster_profile(
    situation: Situation, who: str | Figure, *, pack: ContentPack | None = None, level: int = 1
) -> MonsterProfile:
    """The monster ``who`` (a letter, a name or the figure) of ``situation`` at Monster Level
    ``level``, with the figure's ``AP``, ``RNG`` and ``MOD`` values over the card's."""
    figure = situation.figure(who)
    if not figure.is_monster:
        raise MonsterAIError(f"{figure.label} is a hero; only monsters are activated this way.")
    card = card_for(figure.name, pack_or_default(pack))
    stats = stats_at_level(card, level)
    # Read through the situation: in a game the range is lent from the monster's seat.
    ap = situation.value(figure, "AP", stats.ap)
    reach = situation.value(figure, "RNG", stats.range)
    modifiers = situation.value(figure, "MOD", 0)
    assert ap is not None and reach is not None and modifiers is not None
    if reach < 1:
        raise MonsterAIError(f"{figure.label}'s range must be 1 or more, not {reach}.")
    if modifiers < 0:
        raise MonsterAIError(f"{figure.label} cannot carry {modifiers} modifiers.")
    return MonsterProfile(
        letter=figure.letter,
        name=figure.name,
        square=figure.square,
        card=card,
        level=level,
        ap=ap,
        range=reach,
        modifiers=modifiers,
    )


def hero_attribute(
    hero: Figure, attack: AttackKind, numbers: Mapping[str, int] | None = None
) -> int:
    """The attribute of ``hero`` that ``attack`` is compared on (STR, AGI or WIS), read from
    ``numbers`` (the hero's numbers as its situation reads them,
    :meth:`~doria_nb.engine.situation.Situation.numbers_of`) when given, else from the
    figure's own values."""
    key = ATTRIBUTE_FOR[attack]
    value = hero.value(key) if numbers is None else numbers.get(key)
    if value is None:
        raise MonsterAIError(
            f"A {attack.value} attack picks the character with the lower {key}, but "
            f"{hero.label} has no {key} value: give it one (like '{key} 7')."
        )
    return value
