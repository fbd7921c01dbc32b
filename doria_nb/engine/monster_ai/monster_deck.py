"""The monster deck: a draw pile and a discard pile of monster cards and monster modifiers.

A monster icon (or a refill in Phase G) draws from this deck until a monster card comes; every
monster modifier drawn on the way belongs to that monster (*Monster modifiers*). Drawn cards
end on the discard pile (*Monster Icons on a Room Tile*). When the draw pile runs out, the
discard pile is shuffled into a new draw pile; the rulebook says nothing about this, so it is
ruling P1 of ``docs/rulings.md``.

:class:`MonsterDeck` is immutable: :func:`draw_monster` returns the draw and a new deck, so a
game can keep every earlier state. Shuffles go through one :class:`~doria_nb.engine.chance.Chance`
(Fisher-Yates on ``chance.below``), which makes them reproducible and scriptable.

>>> from doria_nb.content import starter_pack
>>> from doria_nb.engine.chance import Chance
>>> pack = starter_pack()
>>> deck = MonsterDeck.stacked([pack.modifier("blocker"), pack.monster("gargoyle")])
>>> draw, deck = draw_monster(deck, Chance.seeded(1))
>>> print(draw)
Blocker Gargoyle
>>> len(deck.draw_pile), len(deck.discard_pile)
(0, 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.chance import Chance
from doria_nb.engine.errors import MonsterError
from doria_nb.engine.monsters import MonsterCard, MonsterModifier

__all__ = ["MonsterCardOrModifier", "MonsterDeck", "MonsterDraw", "draw_monster"]

MonsterCardOrModifier = MonsterCard | MonsterModifier
"""A card of the monster deck: a monster card or a monster modifier."""


def _check_cards(cards: Iterable[object], what: str) -> tuple[MonsterCardOrModifier, ...]:
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise MonsterError(f"The {what} is a list of monster cards and modifiers, not {cards!r}.")
    out = tuple(cards)
    for card in out:
        if not isinstance(card, MonsterCard | MonsterModifier):
            raise MonsterError(
                f"The {what} holds monster cards and monster modifiers only, not {card!r}."
            )
    return out


@dataclass(frozen=True, slots=True)
class MonsterDeck:
    """The monster deck on the table: ``draw_pile`` (top card first) and ``discard_pile``
    (oldest first, the card discarded last at the end)."""

    draw_pile: tuple[MonsterCardOrModifier, ...] = ()
    discard_pile: tuple[MonsterCardOrModifier, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "draw_pile", _check_cards(self.draw_pile, "draw pile"))
        object.__setattr__(self, "discard_pile", _check_cards(self.discard_pile, "discard pile"))

    @classmethod
    def shuffled(cls, pack: ContentPack, chance: Chance) -> MonsterDeck:
        """The pack's normal monster deck (:meth:`ContentPack.monster_deck`), shuffled."""
        cards = list(pack.monster_deck())
        if not any(isinstance(card, MonsterCard) for card in cards):
            raise MonsterError(
                f"The pack {pack.id!r} has no monster card for the monster deck, so no icon "
                "could ever spawn a monster."
            )
        chance.shuffle(cards)
        return cls(tuple(cards))

    @classmethod
    def stacked(cls, cards: Iterable[MonsterCardOrModifier]) -> MonsterDeck:
        """A deck whose draw pile is ``cards`` in this order, top card first (for examples and
        tests, where the draws must be known)."""
        return cls(_check_cards(cards, "draw pile"))

    def __len__(self) -> int:
        """The cards in the draw pile."""
        return len(self.draw_pile)

    def describe(self) -> str:
        """The deck in words: how many cards lie in each pile."""
        return (
            f"Monster deck: {len(self.draw_pile)} to draw, {len(self.discard_pile)} on the "
            "discard pile."
        )


@dataclass(frozen=True, slots=True)
class MonsterDraw:
    """What one draw brought: the ``card`` of the monster and the ``modifiers`` drawn before
    it, in the order drawn (*Monster modifiers*). ``reshuffled`` says whether the discard pile
    had to be shuffled into a new draw pile on the way (ruling P1)."""

    card: MonsterCard
    modifiers: tuple[MonsterModifier, ...] = ()
    reshuffled: bool = False

    @property
    def name(self) -> str:
        """The monster with its modifiers, as players say it: ``"Blocker Gargoyle"``."""
        return " ".join([*(m.name for m in self.modifiers), self.card.name])

    def __str__(self) -> str:
        return self.name


def draw_monster(deck: MonsterDeck, chance: Chance) -> tuple[MonsterDraw, MonsterDeck]:
    """Draw cards until a monster card comes; the modifiers drawn on the way belong to it.

    Every card drawn goes to the discard pile. When the draw pile runs out, the discard pile
    is shuffled (with ``chance``) into a new draw pile; the modifiers already drawn for this
    monster stay with it and are not shuffled in (ruling P1). Raises
    :class:`~doria_nb.engine.errors.MonsterError`, and leaves ``deck`` as it was, when no
    monster card can be reached.

    >>> from doria_nb.content import starter_pack
    >>> pack = starter_pack()
    >>> deck = MonsterDeck((), (pack.monster("orc"),))
    >>> draw, deck = draw_monster(deck, Chance.seeded(0))
    >>> draw.card.name, draw.reshuffled, deck.discard_pile[-1].name
    ('Orc', True, 'Orc')
    """
    if not isinstance(deck, MonsterDeck):
        raise MonsterError(f"Draw from a MonsterDeck, not {deck!r}.")
    if not isinstance(chance, Chance):
        raise MonsterError(f"A draw needs a Chance to shuffle with, not {chance!r}.")
    if not any(isinstance(card, MonsterCard) for card in (*deck.draw_pile, *deck.discard_pile)):
        if not deck.draw_pile and not deck.discard_pile:
            raise MonsterError(
                "The monster deck is empty: no card is left to draw and the discard pile is "
                "empty too, so no monster can be drawn."
            )
        raise MonsterError(
            "The monster deck holds only monster modifiers: drawing would never reach a "
            "monster card."
        )
    pile = deck.draw_pile
    discard = deck.discard_pile
    held: list[MonsterModifier] = []
    reshuffled = False
    while True:
        if not pile:
            # The discard pile becomes the new draw pile; the modifiers in hand lie on the
            # coming monster and stay out of the shuffle (ruling P1).
            cards = list(discard)
            chance.shuffle(cards)
            pile, discard = tuple(cards), ()
            reshuffled = True
        top, pile = pile[0], pile[1:]
        if isinstance(top, MonsterCard):
            draw = MonsterDraw(top, tuple(held), reshuffled)
            return draw, MonsterDeck(pile, (*discard, *held, top))
        held.append(top)
