"""Defeated monsters: the Loot Cards they leave and the Group XP they give.

*Defeated Monsters* (*Treasures*): whoever defeats a monster draws 1 Loot Card at once, plus one
for every extra card its monster modifiers give (:attr:`MonsterModifier.loot`). Monsters
defeated by one action draw all their cards together, and the cards (traps among them) are
played in the order drawn: a trap is the dead monster's curse. Every defeated monster gives the
group 1 XP, plus its modifiers' XP (:attr:`MonsterModifier.xp`). *Optional Rule: Stop Loot*:
drawing pauses after the first trap, and the player chooses whether to draw the rest (ruling
H28).

This module draws and orders the cards; it plays no trap. :class:`LootDeck` is immutable, as
the tile and monster decks are: a draw returns the cards and a new deck.

>>> from doria_nb.content import starter_pack
>>> pack = starter_pack()
>>> orc = Defeated("Orc", (pack.modifier("blocker"),))
>>> orc.loot_cards, orc.xp
(2, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from doria_nb.engine.cards import CardType, ContentPack, ItemCard
from doria_nb.engine.chance import Chance
from doria_nb.engine.errors import HealthError
from doria_nb.engine.events import EventLog
from doria_nb.engine.monsters import MonsterModifier
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.starting import CardDrawn

__all__ = [
    "BASE_LOOT",
    "BASE_XP",
    "DEFEATED_MONSTERS",
    "Defeated",
    "LootDeck",
    "LootDraw",
    "continue_loot",
    "defeat",
]

BASE_LOOT = 1
"""Loot Cards for a defeated monster without modifiers."""
BASE_XP = 1
"""Group XP for a defeated monster without modifiers."""

DEFEATED_MONSTERS = Section.DEFEATED_MONSTERS
"""The section loot events cite."""


def _cards(cards: object, what: str) -> tuple[ItemCard, ...]:
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise HealthError(f"The {what} is a list of Loot Cards, not {cards!r}.")
    out = tuple(cards)
    for card in out:
        if not isinstance(card, ItemCard):
            raise HealthError(f"The {what} holds Loot Cards only, not {card!r}.")
    return out


@dataclass(frozen=True, slots=True)
class LootDeck:
    """The Loot Cards: ``draw_pile`` (top card first) and ``discard_pile``.

    The three loot decks on the table are one shuffled deck split in three, so one pile stands
    for them (as in *Preparing Characters*). When the draw pile runs out, the discard pile is
    shuffled into a new one (ruling H29).
    """

    draw_pile: tuple[ItemCard, ...] = ()
    discard_pile: tuple[ItemCard, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "draw_pile", _cards(self.draw_pile, "draw pile"))
        object.__setattr__(self, "discard_pile", _cards(self.discard_pile, "discard pile"))

    @classmethod
    def shuffled(cls, pack: ContentPack, chance: Chance) -> LootDeck:
        """The pack's loot deck (copies included), shuffled with ``chance``."""
        cards = list(pack.loot_deck())
        chance.shuffle(cards)
        return cls(tuple(cards))

    @classmethod
    def stacked(cls, cards: Iterable[ItemCard]) -> LootDeck:
        """A deck that deals ``cards`` in this order (examples, tests, disputes)."""
        return cls(_cards(cards, "draw pile"))

    def __len__(self) -> int:
        return len(self.draw_pile)

    def discard(self, cards: Iterable[ItemCard]) -> LootDeck:
        """The deck with ``cards`` (played traps, sold or used cards) on the discard pile."""
        return LootDeck(self.draw_pile, (*self.discard_pile, *_cards(cards, "discarded cards")))

    def draw(self, count: int, chance: Chance) -> tuple[tuple[ItemCard, ...], LootDeck, bool]:
        """The top ``count`` cards, the deck without them and whether the discard pile was
        shuffled in on the way. Fewer cards come when both piles run dry."""
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise HealthError(f"Draw a whole number of Loot Cards, not {count!r}.")
        pile, discard = self.draw_pile, self.discard_pile
        reshuffled = False
        if len(pile) < count and discard:
            cards = list(discard)
            chance.shuffle(cards)
            pile, discard, reshuffled = (*pile, *cards), (), True
        return pile[:count], LootDeck(pile[count:], discard), reshuffled

    def describe(self) -> str:
        return (
            f"Loot deck: {len(self.draw_pile)} to draw, {len(self.discard_pile)} on the "
            "discard pile."
        )


@dataclass(frozen=True, slots=True)
class Defeated:
    """A defeated monster figure: its name and the monster modifiers it carried.

    Every figure of a group that shares modifier cards (a Horde, two Goblins) carries all of
    them, and so pays their extra Loot Cards and XP itself (ruling H31)."""

    name: str
    modifiers: tuple[MonsterModifier, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise HealthError(f"A defeated monster needs a name, not {self.name!r}.")
        mods = self.modifiers
        if isinstance(mods, MonsterModifier):
            mods = (mods,)
        if not isinstance(mods, Iterable) or not all(isinstance(m, MonsterModifier) for m in mods):
            raise HealthError(f"{self.name}: modifiers must be monster modifiers, not {mods!r}.")
        object.__setattr__(self, "modifiers", tuple(mods))

    @property
    def loot_cards(self) -> int:
        """1 Loot Card + every modifier's extra cards."""
        return BASE_LOOT + sum(m.loot for m in self.modifiers)

    @property
    def xp(self) -> int:
        """1 Group XP + every modifier's XP."""
        return BASE_XP + sum(m.xp for m in self.modifiers)


@dataclass(frozen=True, slots=True)
class LootDraw:
    """The Loot Cards of one action's kills, in the order drawn.

    ``cards`` are to be played in this order, traps included (:attr:`traps` lists just the
    traps, in order); ``remaining`` are cards still owed when *Stop Loot* paused after a
    trap (the player may :func:`continue_loot` or stop); ``short`` are cards that could not be
    drawn because both piles were empty.
    """

    who: str
    defeated: tuple[Defeated, ...]
    cards: tuple[ItemCard, ...]
    remaining: int = 0
    short: int = 0
    reshuffled: bool = False
    continued: bool = False
    """This draw goes on after a *Stop Loot* pause: its kills were counted before."""

    @property
    def owed(self) -> int:
        """All the Loot Cards these kills give."""
        return sum(d.loot_cards for d in self.defeated)

    @property
    def xp(self) -> int:
        """Group XP for these kills (0 for a continued draw: they were counted before)."""
        return 0 if self.continued else sum(d.xp for d in self.defeated)

    @property
    def traps(self) -> tuple[ItemCard, ...]:
        return tuple(card for card in self.cards if card.type is CardType.TRAP)

    @property
    def paused(self) -> bool:
        """*Stop Loot* stopped after a trap; the player chooses to draw on or stop."""
        return self.remaining > 0

    def explain(self) -> str:
        names = ", ".join(d.name for d in self.defeated)
        text = (
            f"{self.who or 'The player'} defeated {names}: {self.owed} Loot Card"
            f"{'s' if self.owed != 1 else ''} and {self.xp} Group XP."
        )
        if self.continued:
            text = f"{self.who or 'The player'} draws the rest of the loot of {names}."
        if self.cards:
            order = ", ".join(
                f"{c.name} (trap)" if c.type is CardType.TRAP else c.name for c in self.cards
            )
            text += f" Drawn together, played in this order: {order}."
        if self.reshuffled:
            text += " The loot deck ran out and its discard pile was shuffled in."
        if self.paused:
            text += (
                f" Stop Loot: a trap was drawn, so drawing pauses; {self.remaining} more may "
                "be drawn or left."
            )
        if self.short:
            text += f" {self.short} could not be drawn: no Loot Cards are left."
        return text


def _draw(
    who: str,
    defeated: tuple[Defeated, ...],
    count: int,
    deck: LootDeck,
    chance: Chance,
    stop_loot: bool,
    log: EventLog | None,
    continued: bool = False,
) -> tuple[LootDraw, LootDeck]:
    cards, after, reshuffled = deck.draw(count, chance)
    remaining = 0
    if stop_loot:
        first_trap = next((i for i, c in enumerate(cards) if c.type is CardType.TRAP), None)
        if first_trap is not None and first_trap + 1 < len(cards):
            # Cards after the trap go back on top, undrawn, in their order.
            kept, back = cards[: first_trap + 1], cards[first_trap + 1 :]
            after = LootDeck((*back, *after.draw_pile), after.discard_pile)
            cards, remaining = kept, len(back)
    short = count - len(cards) - remaining
    if log is not None:
        for card in cards:
            log.append(CardDrawn(DEFEATED_MONSTERS, who, card.id))
    result = LootDraw(who, defeated, cards, remaining, short, reshuffled, continued)
    return result, after


def defeat(
    defeated: Defeated | Sequence[Defeated],
    deck: LootDeck,
    chance: Chance,
    *,
    who: str = "",
    options: RulesOptions | None = None,
    log: EventLog | None = None,
) -> tuple[LootDraw, LootDeck]:
    """Draw the Loot Cards of the monsters one action defeated, all together, and count their
    Group XP. With *Stop Loot* (``options.stop_loot``) the drawing pauses after a trap. Bad
    input raises :class:`HealthError` and draws nothing.

    >>> from doria_nb.content import starter_pack
    >>> pack = starter_pack()
    >>> deck = LootDeck.stacked([pack.item("dagger"), pack.item("healing_potion")])
    >>> draw, deck = defeat([Defeated("Orc"), Defeated("Goblin")], deck, Chance.seeded(0))
    >>> [c.name for c in draw.cards], draw.xp, len(deck)
    (['Dagger', 'Healing Potion'], 2, 0)
    """
    kills = (defeated,) if isinstance(defeated, Defeated) else defeated
    if isinstance(kills, str | bytes) or not isinstance(kills, Sequence):
        raise HealthError(f"List the defeated monsters, not {defeated!r}.")
    kills = tuple(kills)
    if not kills or not all(isinstance(k, Defeated) for k in kills):
        raise HealthError(f"Name at least one defeated monster (a Defeated), not {defeated!r}.")
    if not isinstance(deck, LootDeck):
        raise HealthError(f"Draw from a LootDeck, not {deck!r}.")
    if not isinstance(chance, Chance):
        raise HealthError(f"Drawing needs a Chance to shuffle with, not {chance!r}.")
    if options is not None and not isinstance(options, RulesOptions):
        raise HealthError(f"The optional rules are a RulesOptions, not {options!r}.")
    stop_loot = (options or RulesOptions()).stop_loot
    count = sum(k.loot_cards for k in kills)
    return _draw(who, kills, count, deck, chance, stop_loot, log)


def continue_loot(
    paused: LootDraw,
    deck: LootDeck,
    chance: Chance,
    *,
    log: EventLog | None = None,
) -> tuple[LootDraw, LootDeck]:
    """After *Stop Loot* paused, draw the remaining cards, all of them (ruling H28); the
    result lists only the new cards. A player who stops simply does not call this."""
    if not isinstance(paused, LootDraw) or not paused.paused:
        raise HealthError("Only a loot draw that Stop Loot paused after a trap can go on.")
    if not isinstance(deck, LootDeck):
        raise HealthError(f"Draw from a LootDeck, not {deck!r}.")
    if not isinstance(chance, Chance):
        raise HealthError(f"Drawing needs a Chance to shuffle with, not {chance!r}.")
    return _draw(paused.who, paused.defeated, paused.remaining, deck, chance, False, log, True)
