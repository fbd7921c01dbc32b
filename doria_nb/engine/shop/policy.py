"""The shop's default policy for bots and simulations (*Phase I: Buy or Remove Shop Items*,
ruling SH8): what to buy with the cards the group does not use, what to discard, and under
*Trap Shop* which traps to pay off with the Doom Counter.

Kept apart from :mod:`doria_nb.engine.shop.rules`, whose functions are the rules; this is
one way to play them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from itertools import combinations

from doria_nb.engine.cards import CardType, ItemCard
from doria_nb.engine.character import Character
from doria_nb.engine.mat import HANDS, ZONE_SLOTS, Area, Location, Slot
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.shop.records import (
    Payment,
    PlannedHandOver,
    Shop,
    ShopError,
    ShopPlan,
)

__all__ = ["MAX_PAYMENT_CANDIDATES", "shop_policy"]


def _is_trap(card: ItemCard) -> bool:
    return card.type is CardType.TRAP


MAX_PAYMENT_CANDIDATES = 12
"""The policy weighs at most this many spare cards (the cheapest first) to keep its search
small; a group with more spare cards simply leaves the rest unsold this round."""


def _spare_cards(heroes: Mapping[str, Character]) -> list[Payment]:
    """Cards a hero does not use: everything in the Backpack, and Belt cards that are not
    equipment or whose requirements the hero does not meet. Worthless cards are left out."""
    spare = []
    for name, hero in heroes.items():
        for loc, held in hero.mat.locations():
            if held.sale_value <= 0 or loc.area is Area.BODY:
                continue
            unusable = not held.card.is_equipment or bool(
                held.card.requirements.shortfalls(hero.attributes)
            )
            if loc.area is Area.BACKPACK or unusable:
                spare.append(Payment(name, loc, held))
    spare.sort(key=lambda p: (p.value, p.owner))
    return spare[:MAX_PAYMENT_CANDIDATES]


_Offer = tuple[int, Slot, Payment | None]
"""A Body slot a card may go to: (gain, slot, the replaced card if it can pay)."""


def _slot_offers(card: ItemCard, name: str, hero: Character) -> tuple[_Offer, ...]:
    """Every Body slot of ``hero`` where ``card`` gains something, in the order of
    :data:`ZONE_SLOTS`: (gain, slot, the replaced card if it can pay). A free slot gains the
    card's gold; replacing a card gains the difference of their worth (gold, 1 less if
    damaged)."""
    if not card.is_equipment or card.zone is None:
        return ()
    offers: list[_Offer] = []
    for slot in ZONE_SLOTS[card.zone]:
        if card.two_handed and slot is not Slot.HAND_1:
            continue
        occupant = hero.mat.occupant(slot)
        if card.two_handed:
            if not all(hero.mat.is_free(s) for s in HANDS):
                continue
            occupant = None
        if occupant is None:
            option: _Offer = (card.gold, slot, None)
        else:
            kept_at, held = occupant
            if held.card.two_handed:
                continue
            gain = card.gold - held.sale_value
            freed = Payment(name, Location.body(kept_at), held) if held.sale_value else None
            option = (gain, slot, freed)
        if option[0] > 0 and hero.can_receive(card, slot):  # the costly question last
            offers.append(option)
    return tuple(offers)


class _Offers:
    """:func:`_slot_offers` of each shop card for each hero, worked out once per plan: the
    policy weighs every choice of shop cards, and the heroes' mats do not change meanwhile
    (tests/unit/test_shop.py compares the plans with those of a policy that asks anew)."""

    def __init__(self, heroes: Mapping[str, Character]) -> None:
        self.heroes = heroes
        self.found: dict[tuple[int, str], tuple[_Offer, ...]] = {}

    def __call__(self, i: int, card: ItemCard, name: str) -> tuple[_Offer, ...]:
        found = self.found.get((i, name))
        if found is None:
            found = self.found[(i, name)] = _slot_offers(card, name, self.heroes[name])
        return found


def _best_place(offers: Sequence[_Offer], name: str, taken: set[tuple[str, Slot]]) -> _Offer | None:
    """The best of ``offers`` (the first of the highest gain) whose slot is not ``taken``;
    ``None`` when nothing is gained."""
    best: _Offer | None = None
    for option in offers:
        if (name, option[1]) in taken:
            continue
        if best is None or option[0] > best[0]:
            best = option
    return best


def _assign(
    goods: Sequence[tuple[int, ItemCard]], offers: _Offers, awake: list[str]
) -> list[tuple[int, PlannedHandOver, Payment | None]] | None:
    taken: set[tuple[str, Slot]] = set()
    out = []
    for i, card in goods:
        best: tuple[int, str, Slot, Payment | None] | None = None
        for name in awake:
            place = _best_place(offers(i, card, name), name, taken)
            if place is not None and (best is None or place[0] > best[0]):
                best = (place[0], name, place[1], place[2])
        if best is None:
            return None
        gain, name, slot, freed = best
        taken.add((name, slot))
        out.append((gain, PlannedHandOver(i, card, name, slot), freed))
    return out


def _cheapest_payment(
    candidates: Sequence[Payment], price: int
) -> tuple[int, tuple[Payment, ...]] | None:
    """The payment that wastes least gold (then uses fewest cards), every card needed."""
    if price == 0:
        return 0, ()
    best: tuple[int, tuple[Payment, ...]] | None = None
    for size in range(1, len(candidates) + 1):
        for combo in combinations(candidates, size):
            total = sum(p.value for p in combo)
            if total < price or total - min(p.value for p in combo) >= price:
                continue
            if best is None or total - price < best[0]:
                best = (total - price, combo)
        if best is not None and best[0] == 0:
            break
    return best


def shop_policy(
    shop: Shop,
    heroes: Mapping[str, Character],
    *,
    unconscious: Collection[str] = (),
    options: RulesOptions | None = None,
) -> ShopPlan | None:
    """The default Phase I policy for bots and simulations (ruling SH8); ``None`` when there is
    nothing to do.

    Gold comes only from cards the group does not use: Backpack cards, and Belt cards that are
    not equipment or that their owner cannot use; plus, for a card bought to replace it, the
    card it replaces on the Body. A shop card is worth buying for a conscious hero whose free
    Body slot it fits (requirements met), or who wears a card of lower worth there (worth:
    its gold, 1 less if damaged; the gain is the difference). Among all choices of shop cards
    the policy buys, in one purchase, first as many traps as it can pay, then the most gain,
    then wasting the least gold, then the most valuable cards, then handing in fewest cards.
    Cards no hero (conscious or not) would gain from are discarded, cards without gold too;
    the others stay for a later round. Traps left over are removed with the Doom Counter under
    *Trap Shop* (never set off on a hero), else they keep blocking.
    """
    if not isinstance(shop, Shop):
        raise ShopError(f"The policy plans for a Shop, not {shop!r}.")
    if not isinstance(heroes, Mapping) or not all(
        isinstance(h, Character) for h in heroes.values()
    ):
        raise ShopError(f"Give the heroes as a mapping of names to Characters, not {heroes!r}.")
    awake = [name for name in heroes if name not in unconscious]
    traps = [(i, c) for i, c in shop.cards if _is_trap(c)]
    goods = [(i, c) for i, c in shop.cards if not _is_trap(c) and c.gold > 0]
    spare = _spare_cards(heroes)
    offers = _Offers(heroes)
    best: tuple[tuple[int, int, int, int, int], ShopPlan] | None = None
    chosen = [*traps, *goods]
    for size in range(1, len(chosen) + 1):
        for combo in combinations(chosen, size):
            bought = [(i, c) for i, c in combo if not _is_trap(c)]
            assigned = _assign(bought, offers, awake)
            if assigned is None:
                continue
            freed = [f for _, _, f in assigned if f is not None]
            price = sum(c.gold for _, c in combo)
            found = _cheapest_payment([*spare, *freed], price)
            if found is None:
                continue
            waste, paid = found
            gain = sum(g for g, _, _ in assigned)
            value = sum(c.gold for _, c in bought)
            score = (len(combo) - len(bought), gain, -waste, value, -len(paid))
            if best is None or score > best[0]:
                plan = ShopPlan(
                    tuple(sorted(i for i, _ in combo)), paid, tuple(h for _, h, _ in assigned)
                )
                best = (score, plan)
    plan = best[1] if best is not None else ShopPlan()
    wanted = set(plan.wanted)
    discard = tuple(
        i
        for i, c in shop.cards
        if i not in wanted
        and not _is_trap(c)
        and (c.gold == 0 or _assign([(i, c)], offers, list(heroes)) is None)
    )
    doom: tuple[int, ...] = ()
    if options is not None and options.trap_shop:
        doom = tuple(i for i, _ in traps if i not in wanted)
    plan = ShopPlan(plan.wanted, plan.payment, plan.hand_overs, discard, doom)
    if not (plan.wanted or plan.discard or plan.doom):
        return None
    return plan
