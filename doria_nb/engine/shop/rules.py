"""The dimension shop: *Phase B: New Shop Items* and *Phase I: Buy or Remove Shop Items*, with
*Optional Rule: Trap Shop*.

Phase B fills every empty slot with a Loot Card (:func:`refill_shop`); a trap, event or card
without gold drawn there is never set off, it only blocks its slot. In Phase I the heroes pool
cards from anywhere on their mats as gold and buy (:func:`purchase`): each card counts its
gold, 1 less if damaged; gold left over within one purchase pays for the next card wanted, but
the store never gives change. A bought card is thrown at once, for no AP, to any conscious
character (:func:`hand_over`). Cards nobody wants are discarded (:func:`discard_from_shop`),
except traps: a trap blocks its slot until it is paid for. Under *Trap Shop* every trap must go
in Phase I (:func:`end_phase_i`): paid for, removed with a Doom Counter step
(:func:`remove_trap_with_doom`) or set off on a chosen character (:func:`trap_to_trigger`).

All functions are pure: they take frozen values and return new ones; every ``can_...`` answers
with a :class:`~doria_nb.engine.verdict.Verdict` and the doing form raises :class:`ShopError`
with the same reason. Only :func:`hand_over` and :func:`collect_payment` change a
:class:`~doria_nb.engine.character.Character`, through its own checked methods.

>>> from doria_nb.content import starter_pack
>>> from doria_nb.engine.mat import Held, Location
>>> pack = starter_pack()
>>> shop = Shop((pack.item("hypno_hat"), pack.item("dagger"), pack.item("log_trap")))
>>> print(can_purchase(shop, [0], [Payment("Mage", Location.backpack(0),
...                                        Held(pack.item("wizard_hat"), damaged=True))]).reason)
The Hypno Hat costs 2 gold; the cards offered are worth 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from doria_nb.engine.cards import CardType, ItemCard
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.events import EventLog
from doria_nb.engine.loot import LootDeck
from doria_nb.engine.mat import (
    HANDS,
    ZONE_SLOTS,
    Area,
    Destination,
    Held,
    Location,
    MatChange,
    Slot,
)
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.shop.records import (
    EMPTY_SHOP,
    SHOP_SLOTS,
    Payment,
    PlannedHandOver,
    Purchase,
    Shop,
    ShopError,
    ShopPlan,
    ShopRefill,
    TrapRemoval,
    slot_name,
)
from doria_nb.engine.starting import CardDrawn
from doria_nb.engine.verdict import Verdict

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
    "can_discard_from_shop",
    "can_hand_over",
    "can_purchase",
    "can_remove_trap",
    "collect_payment",
    "default_destination",
    "discard_from_shop",
    "end_phase_i",
    "hand_over",
    "purchase",
    "refill_shop",
    "remove_trap_with_doom",
    "trap_to_trigger",
    "traps_in_shop",
]


def _is_trap(card: ItemCard) -> bool:
    return card.type is CardType.TRAP


def _the(cards: Sequence[ItemCard]) -> str:
    names = [f"The {cards[0].name}"] + [f"the {c.name}" for c in cards[1:]]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# -- Phase B --------------------------------------------------------------------------------


def refill_shop(
    shop: Shop, deck: LootDeck, chance: Chance, *, log: EventLog | None = None
) -> ShopRefill:
    """*Phase B*: draw one Loot Card for each empty slot, slot 1 first; filled slots keep their
    card. Traps, events and cards without gold are placed like the others and not set off.
    When the draw pile runs out the discard pile is shuffled in (ruling H29); when both are
    empty the remaining slots stay empty (ruling SH2). With ``log``, every card drawn is
    recorded as a :class:`~doria_nb.engine.starting.CardDrawn` event by "the shop".

    >>> from doria_nb.content import starter_pack
    >>> pack = starter_pack()
    >>> deck = LootDeck.stacked([pack.item("log_trap"), pack.item("dagger")])
    >>> print(refill_shop(Shop((pack.item("hypno_hat"), None, None)), deck,
    ...                   Chance.seeded(0)).explain())  # doctest: +NORMALIZE_WHITESPACE
    Phase B: drawn Log Trap (trap, 2 gold) in slot 2, Dagger (1 gold) in slot 3. The Log Trap
    is not set off; it only blocks slot 2 until it is bought.
    """
    if not isinstance(shop, Shop):
        raise ShopError(f"Refill a Shop, not {shop!r}.")
    if not isinstance(deck, LootDeck):
        raise ShopError(f"The shop is refilled from a LootDeck, not {deck!r}.")
    if not isinstance(chance, Chance):
        raise ShopError(f"Drawing needs a Chance to shuffle with, not {chance!r}.")
    if log is not None and not isinstance(log, EventLog):
        raise ShopError(f"Drawn cards are recorded in an EventLog, not {log!r}.")
    empty = shop.empty_slots
    cards, after, reshuffled = deck.draw(len(empty), chance)
    drawn = tuple(zip(empty, cards, strict=False))
    slots = list(shop.slots)
    for i, card in drawn:
        slots[i] = card
    short = empty[len(cards) :]
    if log is not None:
        for card in cards:
            log.append(CardDrawn(Section.PHASE_B, "the shop", card.id))
    return ShopRefill(Shop(tuple(slots)), after, drawn, reshuffled, short)  # type: ignore[arg-type]


# -- Phase I: buying --------------------------------------------------------------------------


def _check_slots(shop: object, slots: object, doing: str) -> tuple[int, ...] | Verdict:
    if not isinstance(shop, Shop):
        return Verdict.no(f"{doing} needs the Shop, not {shop!r}.")
    if isinstance(slots, int) and not isinstance(slots, bool):
        slots = (slots,)
    if isinstance(slots, str | bytes) or not isinstance(slots, Iterable):
        return Verdict.no(f"Name the shop slots as numbers 0 to {SHOP_SLOTS - 1}, not {slots!r}.")
    out = tuple(slots)
    if not out:
        return Verdict.no(f"{doing}: name at least one shop card.")
    seen: set[int] = set()
    for i in out:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < SHOP_SLOTS:
            return Verdict.no(
                f"The shop has slots 0 to {SHOP_SLOTS - 1} ({slot_name(0)} to "
                f"{slot_name(SHOP_SLOTS - 1)}), not {i!r}."
            )
        if i in seen:
            return Verdict.no(f"The shop's {slot_name(i)} is named twice.")
        seen.add(i)
        if shop[i] is None:
            return Verdict.no(f"The shop's {slot_name(i)} is empty.")
    return out


def _check_payment(
    payment: object, heroes: Mapping[str, Character] | None
) -> tuple[Payment, ...] | Verdict:
    if isinstance(payment, Payment):
        payment = (payment,)
    if isinstance(payment, str | bytes) or not isinstance(payment, Iterable):
        return Verdict.no(f"List the cards handed in as Payments, not {payment!r}.")
    out = tuple(payment)
    seen: set[tuple[str, Location]] = set()
    for p in out:
        if not isinstance(p, Payment):
            return Verdict.no(f"A card handed in is a Payment, not {p!r}.")
        key = (p.owner, p.location)
        if key in seen:
            return Verdict.no(f"The {p.held} of {p.owner} ({p.location}) is offered twice.")
        seen.add(key)
        if p.value <= 0:
            why = "damaged, it is worth 1 gold less" if p.held.damaged else "it has no gold value"
            return Verdict.no(
                f"The {p.held} of {p.owner} cannot pay: {why}, so it is worth nothing in the "
                "dimension store."
            )
        if heroes is not None:
            hero = heroes.get(p.owner)
            if hero is None:
                return Verdict.no(f"No hero called {p.owner} takes part in the purchase.")
            if hero.mat.get(p.location) != p.held:
                return Verdict.no(f"{p.owner} has no {p.held} in {p.location}.")
            found = hero.mat.occupant(p.location.slot) if p.location.slot else None
            kept = (p.owner, Location.body(found[0])) if found else key
            if kept != key and kept in seen:
                return Verdict.no(f"The {p.held} of {p.owner} is offered twice.")
            seen.add(kept)
    return out


def can_purchase(
    shop: Shop,
    wanted: Sequence[int],
    payment: Sequence[Payment],
    *,
    heroes: Mapping[str, Character] | None = None,
) -> Verdict:
    """Whether the heroes may buy the cards in the ``wanted`` slots with the cards handed in
    (``payment``, pooled from any heroes, unconscious ones too). The cards must be worth at
    least the total price; every card handed in must be needed (a card the others already
    cover would be thrown away, ruling SH4); a card without gold value is not for sale and
    cannot pay (ruling SH3). With ``heroes`` each payment is checked against its owner's mat.
    """
    slots = _check_slots(shop, wanted, "Buying")
    if isinstance(slots, Verdict):
        return slots
    for i in slots:
        card = shop[i]
        assert card is not None
        if card.gold == 0 and not _is_trap(card):
            return Verdict.no(
                f"The {card.name} in {slot_name(i)} has no gold value and is not for sale; "
                "move it to the discard pile instead."
            )
    paid = _check_payment(payment, heroes)
    if isinstance(paid, Verdict):
        return paid
    cards = [card for i in slots if (card := shop[i]) is not None]
    price = sum(c.gold for c in cards)
    given = sum(p.value for p in paid)
    if given < price:
        verb = "costs" if len(cards) == 1 else "cost"
        return Verdict.no(
            f"{_the(cards)} {verb} {price} gold; the cards offered are worth {given}."
        )
    for p in paid:
        if given - p.value >= price:
            return Verdict.no(
                f"The {p.held} of {p.owner} is not needed: the other cards already pay the "
                f"{price} gold, and the store gives no change."
            )
    return Verdict.yes()


def purchase(
    shop: Shop,
    wanted: Sequence[int],
    payment: Sequence[Payment],
    *,
    heroes: Mapping[str, Character] | None = None,
) -> Purchase:
    """Buy the ``wanted`` slots with ``payment`` (see :func:`can_purchase`); raises
    :class:`ShopError` if illegal. The bought slots are emptied; the Game takes the paid cards
    off the mats (:func:`collect_payment`), puts :attr:`Purchase.to_discard` on the discard
    pile and hands the bought cards over (:func:`hand_over`).

    >>> from doria_nb.content import starter_pack
    >>> pack = starter_pack()
    >>> shop = Shop((pack.item("dagger"), None, None))
    >>> sword = Payment("Knight", Location.backpack(0), Held(pack.item("greatsword")))
    >>> bought = purchase(shop, [0], [sword])
    >>> bought.price, bought.gold_given, bought.gold_lost
    (1, 3, 2)
    """
    can_purchase(shop, wanted, payment, heroes=heroes).enforce(ShopError)
    slots = tuple([wanted] if isinstance(wanted, int) else wanted)
    paid = (payment,) if isinstance(payment, Payment) else tuple(payment)
    cards = [shop[i] for i in slots]
    bought = tuple(c for c in cards if c is not None and not _is_trap(c))
    traps = tuple(c for c in cards if c is not None and _is_trap(c))
    price = sum(c.gold for c in cards if c is not None)
    return Purchase(
        shop.without(slots), slots, bought, traps, paid, sum(p.value for p in paid), price
    )


def collect_payment(
    payment: Sequence[Payment], heroes: Mapping[str, Character]
) -> tuple[Held, ...]:
    """Take the paid cards off their owners' mats (after a successful :func:`purchase`), the
    later places of a Belt or Backpack first so the earlier positions stay right. Checks every
    card first; raises :class:`ShopError` and takes nothing if one is missing."""
    checked = _check_payment(payment, heroes)
    if isinstance(checked, Verdict):
        raise ShopError(checked.reason)
    order = sorted(checked, key=lambda p: (p.owner, p.location.area, -(p.location.index or 0)))
    taken = {p: heroes[p.owner].give(p.location)[0] for p in order}
    return tuple(taken[p] for p in checked)


# -- Phase I: handing the bought cards over ----------------------------------------------------


def _free_slot(receiver: Character, card: ItemCard) -> Slot | None:
    if not card.is_equipment or card.zone is None:
        return None
    mat = receiver.mat
    if card.two_handed:
        return Slot.HAND_1 if all(mat.is_free(s) for s in HANDS) else None
    return next((s for s in ZONE_SLOTS[card.zone] if mat.is_free(s)), None)


def default_destination(card: ItemCard, receiver: Character) -> Destination:
    """Where a bought card goes when the player does not say (ruling SH6): a free Body slot it
    fits whose requirements the receiver meets, else the Belt if it has room, else the
    Backpack. Nothing already equipped is pushed aside."""
    slot = _free_slot(receiver, card)
    if slot is not None and receiver.can_receive(card, slot):
        return slot
    return Area.BELT if receiver.mat.belt_room > 0 else Area.BACKPACK


def can_hand_over(
    card: ItemCard,
    receiver: Character,
    dest: Destination | None = None,
    *,
    unconscious: bool,
    kept_unconscious: bool = False,
    replaced_to: Destination | None = None,
) -> Verdict:
    """Whether a card just bought may be thrown to ``receiver`` and placed at ``dest`` (the
    default: :func:`default_destination`). Unconscious characters may pay but receive nothing
    (ruling SH5); a character kept unconscious in Phase H equips nothing in Phase I."""
    if not isinstance(card, ItemCard):
        return Verdict.no(f"Only a bought Loot Card is handed over, not {card!r}.")
    if _is_trap(card):
        return Verdict.no(f"The {card.name} is a trap: a paid trap goes to the discard pile.")
    if not isinstance(receiver, Character):
        return Verdict.no(f"A bought card goes to a character, not {receiver!r}.")
    for name, flag in (("unconscious", unconscious), ("kept_unconscious", kept_unconscious)):
        if not isinstance(flag, bool):
            return Verdict.no(f"'{name}' is yes or no, not {flag!r}.")
    if kept_unconscious:
        return Verdict.no(
            f"{receiver.who} stays unconscious: it may add gold but cannot receive or equip "
            "anything in Phase I."
        )
    if unconscious:
        return Verdict.no(
            f"{receiver.who} is unconscious: it may add gold but cannot receive items."
        )
    where = default_destination(card, receiver) if dest is None else dest
    return receiver.can_receive(card, where, replaced_to=replaced_to)


def hand_over(
    card: ItemCard,
    receiver: Character,
    dest: Destination | None = None,
    *,
    unconscious: bool,
    kept_unconscious: bool = False,
    replaced_to: Destination | None = None,
) -> MatChange:
    """Throw a card just bought to ``receiver`` at no AP cost and place it (equipping it at
    once if ``dest`` is a Body slot); raises :class:`ShopError` if :func:`can_hand_over` says
    no. A card it replaces moves as in *Throw Items* (``replaced_to``)."""
    can_hand_over(
        card,
        receiver,
        dest,
        unconscious=unconscious,
        kept_unconscious=kept_unconscious,
        replaced_to=replaced_to,
    ).enforce(ShopError)
    where = default_destination(card, receiver) if dest is None else dest
    return receiver.receive(card, where, replaced_to=replaced_to)


# -- Phase I: discarding and traps -------------------------------------------------------------


def can_discard_from_shop(shop: Shop, slots: Sequence[int]) -> Verdict:
    """Whether these shop cards may go to the discard pile: any card may, cards without gold
    value too, except a trap, which blocks its slot until it is paid for."""
    checked = _check_slots(shop, slots, "Discarding")
    if isinstance(checked, Verdict):
        return checked
    for i in checked:
        card = shop[i]
        if card is not None and _is_trap(card):
            return Verdict.no(
                f"The {card.name} is a trap: it blocks {slot_name(i)} until its {card.gold} "
                "gold is paid; it cannot simply be discarded."
            )
    return Verdict.yes()


def discard_from_shop(shop: Shop, slots: Sequence[int]) -> tuple[Shop, tuple[ItemCard, ...]]:
    """The shop without the cards of ``slots``, and those cards (for the discard pile)."""
    can_discard_from_shop(shop, slots).enforce(ShopError)
    chosen = (slots,) if isinstance(slots, int) else tuple(slots)
    cards = tuple(shop[i] for i in chosen)
    return shop.without(chosen), cards  # type: ignore[return-value]


def traps_in_shop(shop: Shop) -> tuple[tuple[int, ItemCard], ...]:
    """The traps on display, with their slots."""
    return tuple((i, c) for i, c in shop.cards if _is_trap(c))


def can_remove_trap(shop: Shop, slot: int, options: RulesOptions | None = None) -> Verdict:
    """Whether the card in ``slot`` is a trap that *Trap Shop* may remove without gold (with a
    Doom Counter step, or by setting it off). With ``options``, Trap Shop must be on."""
    if options is not None and not isinstance(options, RulesOptions):
        return Verdict.no(f"The optional rules are a RulesOptions, not {options!r}.")
    if options is not None and not options.trap_shop:
        return Verdict.no(
            "Without the optional rule Trap Shop a trap leaves the shop only when its gold is paid."
        )
    checked = _check_slots(shop, (slot,), "Removing a trap")
    if isinstance(checked, Verdict):
        return checked
    card = shop[slot]
    if card is not None and not _is_trap(card):
        return Verdict.no(f"The {card.name} in {slot_name(slot)} is not a trap.")
    return Verdict.yes()


def remove_trap_with_doom(
    shop: Shop, slot: int, options: RulesOptions | None = None
) -> TrapRemoval:
    """*Trap Shop*: take the trap in ``slot`` to the discard pile; the Game moves the Doom
    Counter one step (which may set off its triggers, as in *Phase G*)."""
    can_remove_trap(shop, slot, options).enforce(ShopError)
    card = shop[slot]
    assert card is not None
    return TrapRemoval(shop.without((slot,)), slot, card)


def trap_to_trigger(
    shop: Shop, slot: int, options: RulesOptions | None = None
) -> tuple[Shop, ItemCard]:
    """*Trap Shop*: take the trap in ``slot`` out of the shop to be set off on a character
    the players choose; the Game resolves it as a drawn trap (check, XP and gold as usual)."""
    can_remove_trap(shop, slot, options).enforce(ShopError)
    card = shop[slot]
    assert card is not None
    return shop.without((slot,)), card


def end_phase_i(shop: Shop, options: RulesOptions) -> Verdict:
    """Whether Phase I may end: always, unless *Trap Shop* is on and a trap is still in the
    shop."""
    if not isinstance(shop, Shop):
        return Verdict.no(f"Phase I ends with a Shop, not {shop!r}.")
    if not isinstance(options, RulesOptions):
        return Verdict.no(f"The optional rules are a RulesOptions, not {options!r}.")
    traps = traps_in_shop(shop)
    if options.trap_shop and traps:
        names = ", ".join(f"{c.name} ({slot_name(i)})" for i, c in traps)
        return Verdict.no(
            f"Trap Shop: every trap must leave the shop in Phase I, but {names} "
            f"{'is' if len(traps) == 1 else 'are'} still there: pay its gold, move the Doom "
            "Counter one step, or set it off on a character."
        )
    return Verdict.yes()
