"""The values of the dimension shop (*Phase B: New Shop Items*, *Phase I: Buy or Remove Shop
Items*): the three shop slots, a hero's card handed in as gold, and the results of refilling,
buying and removing traps.

Every record is frozen; the functions that make them live in
:mod:`doria_nb.engine.shop.rules`. Slots are numbered 0, 1, 2 in code (slot ``i`` lies in
front of loot stack ``i``) and 1, 2, 3 in messages, as players count them.

>>> from doria_nb.content import starter_pack
>>> pack = starter_pack()
>>> print(Shop((pack.item("hypno_hat"), None, pack.item("log_trap"))).describe())
Shop: slot 1 Hypno Hat (2 gold), slot 2 empty, slot 3 Log Trap (trap, 2 gold).
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.cards import CardType, ItemCard
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.loot import LootDeck
from doria_nb.engine.mat import Destination, Held, Location
from doria_nb.engine.sections import Section

__all__ = [
    "EMPTY_SHOP",
    "SHOP_SLOTS",
    "Payment",
    "PlannedHandOver",
    "Purchase",
    "Shop",
    "ShopError",
    "ShopPlan",
    "ShopRefill",
    "TrapRemoval",
    "card_label",
    "slot_name",
]

SHOP_SLOTS = 3
"""The shop offers up to three Loot Cards, one in front of each loot deck (*Phase B*)."""


class ShopError(DoriaError):
    """A shop request that cannot be (buying with too little gold, discarding a trap, ...).
    Nothing changes when it is raised."""


def slot_name(index: int) -> str:
    """How a player names a slot: ``slot_name(0) == 'slot 1'``."""
    return f"slot {index + 1}"


def card_label(card: ItemCard) -> str:
    """``'Log Trap (trap, 2 gold)'``, ``'Dagger (1 gold)'``, ``'Secret Door (no gold)'``."""
    value = f"{card.gold} gold" if card.gold else "no gold"
    kind = f"{card.type}, " if card.type in (CardType.TRAP, CardType.EVENT) else ""
    return f"{card.name} ({kind}{value})"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _names(cards: tuple[ItemCard, ...]) -> str:
    names = [f"the {card.name}" for card in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(frozen=True, slots=True)
class Shop:
    """The three shop slots; ``None`` is an empty slot. Traps, events and cards without gold
    may lie here too: they were not set off, they only block their slot."""

    slots: tuple[ItemCard | None, ItemCard | None, ItemCard | None] = (None, None, None)

    def __post_init__(self) -> None:
        slots = self.slots
        if isinstance(slots, list):
            slots = tuple(slots)
        if not isinstance(slots, tuple) or len(slots) != SHOP_SLOTS:
            raise ShopError(f"The shop has {SHOP_SLOTS} slots, not {slots!r}.")
        for card in slots:
            if card is not None and not isinstance(card, ItemCard):
                raise ShopError(f"A shop slot holds a Loot Card or nothing, not {card!r}.")
        object.__setattr__(self, "slots", slots)

    def __getitem__(self, index: int) -> ItemCard | None:
        return self.slots[index]

    @property
    def empty_slots(self) -> tuple[int, ...]:
        return tuple(i for i, card in enumerate(self.slots) if card is None)

    @property
    def cards(self) -> tuple[tuple[int, ItemCard], ...]:
        """The cards on display with their slots."""
        return tuple((i, card) for i, card in enumerate(self.slots) if card is not None)

    def without(self, slots: tuple[int, ...]) -> Shop:
        """This shop with ``slots`` emptied (no checks: the functions check first)."""
        return Shop(tuple(None if i in slots else c for i, c in enumerate(self.slots)))  # type: ignore[arg-type]

    def describe(self) -> str:
        parts = [
            f"{slot_name(i)} {card_label(card) if card is not None else 'empty'}"
            for i, card in enumerate(self.slots)
        ]
        return "Shop: " + ", ".join(parts) + "."


EMPTY_SHOP = Shop()
"""The shop before the first Phase B."""


@dataclass(frozen=True, slots=True)
class ShopRefill:
    """Phase B done: the refilled shop, the deck after drawing, the cards drawn with their
    slots, whether the discard pile was shuffled in, and the slots left empty because both
    piles ran dry (ruling SH2)."""

    shop: Shop
    deck: LootDeck
    drawn: tuple[tuple[int, ItemCard], ...]
    reshuffled: bool = False
    short: tuple[int, ...] = ()
    rule: Section = Section.PHASE_B

    @property
    def blocking(self) -> tuple[tuple[int, ItemCard], ...]:
        """Drawn cards that only block their slot: traps, events, cards without gold."""
        return tuple((i, c) for i, c in self.drawn if c.type is CardType.TRAP or c.gold == 0)

    def explain(self) -> str:
        if not self.drawn and not self.short:
            return "Phase B: every shop slot is filled; nothing is drawn."
        parts = [f"{card_label(card)} in {slot_name(i)}" for i, card in self.drawn]
        text = "Phase B: " + ("drawn " + ", ".join(parts) + "." if parts else "nothing drawn.")
        if self.reshuffled:
            text += " The loot deck ran out and its discard pile was shuffled in."
        for i, card in self.blocking:
            text += f" The {card.name} is not set off; it only blocks {slot_name(i)}" + (
                " until it is bought." if card.type is CardType.TRAP else "."
            )
        if self.short:
            left = ", ".join(slot_name(i) for i in self.short)
            verb = "stays" if len(self.short) == 1 else "stay"
            text += f" No Loot Cards are left, so {left} {verb} empty."
        return text


@dataclass(frozen=True, slots=True)
class Payment:
    """A card a hero hands in as gold: whose it is, where it lies on that hero's mat and the
    card with its Damaged marker. It is worth :attr:`Held.sale_value` (1 less if damaged)."""

    owner: str
    location: Location
    held: Held

    def __post_init__(self) -> None:
        if not isinstance(self.owner, str) or not self.owner:
            raise ShopError(f"A payment names the hero who hands the card in, not {self.owner!r}.")
        if not isinstance(self.location, Location):
            raise ShopError(f"A payment names where the card lies, not {self.location!r}.")
        if not isinstance(self.held, Held):
            raise ShopError(f"A payment is a card on a mat (a Held), not {self.held!r}.")

    @property
    def value(self) -> int:
        return self.held.sale_value

    def describe(self) -> str:
        damaged = "damaged, " if self.held.damaged else ""
        return f"{self.held.card.name} ({damaged}{self.value} gold) from {self.owner}"


@dataclass(frozen=True, slots=True)
class Purchase:
    """One purchase of Phase I: ``bought`` (the non-trap cards, to hand over), ``traps_paid``,
    ``paid`` (the cards handed in; they go to the discard pile with the traps), the gold
    given, the price and the gold lost (the store gives no change, ruling SH4)."""

    shop: Shop
    wanted: tuple[int, ...]
    bought: tuple[ItemCard, ...]
    traps_paid: tuple[ItemCard, ...]
    paid: tuple[Payment, ...]
    gold_given: int
    price: int
    rule: Section = Section.PHASE_I

    @property
    def gold_lost(self) -> int:
        return self.gold_given - self.price

    @property
    def to_discard(self) -> tuple[ItemCard, ...]:
        """Every card that goes to the loot discard pile: the paid traps and the cards paid."""
        return (*self.traps_paid, *(p.held.card for p in self.paid))

    @property
    def xp(self) -> int:
        """Traps bought with gold give no XP (*Phase I*)."""
        return 0

    def explain(self) -> str:
        cards = (*self.traps_paid, *self.bought)
        wanted = ", ".join(card_label(c) for c in cards)
        paid = ", ".join(p.describe() for p in self.paid) or "nothing"
        text = f"Phase I: bought {wanted} for {self.price} gold, paid with {paid}."
        if self.gold_lost:
            text += (
                f" {self.gold_given} gold given for a price of {self.price}: {self.gold_lost} "
                "gold is lost, the dimension store gives no change."
            )
        else:
            text += " Nothing is lost."
        if self.traps_paid:
            verb = "goes" if len(self.traps_paid) == 1 else "go"
            text += f" {_capital(_names(self.traps_paid))} {verb} to the discard pile, without XP."
        if self.bought:
            text += (
                f" {_capital(_names(self.bought))} may be thrown to any conscious character at "
                "no AP cost."
            )
        return text


@dataclass(frozen=True, slots=True)
class TrapRemoval:
    """*Optional Rule: Trap Shop*: a trap taken out of the shop by moving the Doom Counter
    one step (the Game moves it, and its triggers follow as in *Phase G*)."""

    shop: Shop
    slot: int
    card: ItemCard
    doom_steps: int = 1
    rule: Section = Section.TRAP_SHOP

    def explain(self) -> str:
        return (
            f"Trap Shop: the {self.card.name} leaves {slot_name(self.slot)} for the discard "
            f"pile; the Doom Counter moves {self.doom_steps} step down (its triggers as in "
            "Phase G)."
        )


@dataclass(frozen=True, slots=True)
class PlannedHandOver:
    """A bought card for ``receiver``, placed at ``dest`` (a Body slot, the Belt or the
    Backpack)."""

    slot: int
    card: ItemCard
    receiver: str
    dest: Destination


@dataclass(frozen=True, slots=True)
class ShopPlan:
    """What the default bot policy does in Phase I, in this order: one purchase of
    ``wanted`` with ``payment`` (``wanted`` may be empty), hand the bought cards over, move
    ``discard`` slots to the discard pile and, under *Trap Shop*, remove the ``doom`` traps
    with a Doom Counter step each. The payment is taken off the mats
    (:func:`~doria_nb.engine.shop.rules.collect_payment`) before the cards are handed over: a
    bought card may go to the very Body slot whose card paid for it."""

    wanted: tuple[int, ...] = ()
    payment: tuple[Payment, ...] = ()
    hand_overs: tuple[PlannedHandOver, ...] = ()
    discard: tuple[int, ...] = ()
    doom: tuple[int, ...] = ()

    def explain(self) -> str:
        parts = []
        if self.wanted:
            paid = ", ".join(p.describe() for p in self.payment) or "nothing"
            slots = ", ".join(slot_name(i) for i in self.wanted)
            parts.append(f"buy {slots} with {paid}")
        for h in self.hand_overs:
            parts.append(f"give the {h.card.name} to {h.receiver} ({h.dest})")
        if self.discard:
            parts.append("discard " + ", ".join(slot_name(i) for i in self.discard))
        if self.doom:
            parts.append(
                "remove the trap in "
                + ", ".join(slot_name(i) for i in self.doom)
                + " with the Doom Counter"
            )
        return "Shop plan: " + "; ".join(parts) + "."
