"""The dimension shop: refills (Phase B), purchases, discards, hand-overs and traps (Phase I),
*Trap Shop*, and the default shop policy."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.content import starter_pack
from doria_nb.engine.attributes import Attributes
from doria_nb.engine.cards import ItemCard
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.events import EventLog
from doria_nb.engine.loot import LootDeck
from doria_nb.engine.mat import Area, Held, Location, Mat, Slot
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.shop.policy import shop_policy
from doria_nb.engine.shop.rules import (
    EMPTY_SHOP,
    Payment,
    Shop,
    ShopError,
    can_discard_from_shop,
    can_hand_over,
    can_purchase,
    can_remove_trap,
    collect_payment,
    default_destination,
    discard_from_shop,
    end_phase_i,
    hand_over,
    purchase,
    refill_shop,
    remove_trap_with_doom,
    trap_to_trigger,
    traps_in_shop,
)

PACK = starter_pack()
HYPNO = PACK.item("hypno_hat")
WIZARD = PACK.item("wizard_hat")
DAGGER = PACK.item("dagger")
LOG_TRAP = PACK.item("log_trap")
SWORD = PACK.item("greatsword")
SECRET_DOOR = PACK.item("secret_door")
POTION = PACK.item("small_healing_potion")
BIG_POTION = PACK.item("healing_potion")
TRAP_SHOP = RulesOptions(trap_shop=True)


def hero(name: str = "Mage", mat: Mat | None = None) -> Character:
    attributes = {
        "Mage": Attributes(STR=4, CON=6, AGI=7, PER=11, WIS=11, PSI=11),
        "Warrior": Attributes(STR=13, CON=13, AGI=9, PER=5, WIS=6, PSI=4),
    }.get(name, Attributes(STR=8, CON=8, AGI=8, PER=8, WIS=8, PSI=8))
    return Character(name, attributes, mat=mat or Mat())


def pay(owner: str, card: ItemCard, index: int = 0, *, damaged: bool = False) -> Payment:
    return Payment(owner, Location.backpack(index), Held(card, damaged))


# -- the shop -----------------------------------------------------------------------------------


def test_a_shop_has_three_slots_of_cards_or_nothing() -> None:
    assert EMPTY_SHOP.slots == (None, None, None) and EMPTY_SHOP.empty_slots == (0, 1, 2)
    shop = Shop((HYPNO, None, LOG_TRAP))
    assert shop.cards == ((0, HYPNO), (2, LOG_TRAP)) and shop[2] is LOG_TRAP
    assert shop.describe() == (
        "Shop: slot 1 Hypno Hat (2 gold), slot 2 empty, slot 3 Log Trap (trap, 2 gold)."
    )
    with pytest.raises(ShopError, match="3 slots"):
        Shop((HYPNO, None))  # type: ignore[arg-type]
    with pytest.raises(ShopError, match="Loot Card or nothing"):
        Shop((HYPNO, "dagger", None))  # type: ignore[arg-type]


# -- Phase B ------------------------------------------------------------------------------------


def test_refill_fills_only_the_empty_slots_in_order() -> None:
    deck = LootDeck.stacked([DAGGER, POTION, SWORD])
    refill = refill_shop(Shop((None, HYPNO, None)), deck, Chance.seeded(0))
    assert refill.shop == Shop((DAGGER, HYPNO, POTION))
    assert refill.drawn == ((0, DAGGER), (2, POTION))
    assert refill.deck.draw_pile == (SWORD,) and not refill.reshuffled
    assert refill.rule is Section.PHASE_B


def test_refill_of_a_full_shop_draws_nothing() -> None:
    deck = LootDeck.stacked([DAGGER])
    shop = Shop((HYPNO, HYPNO, HYPNO))
    refill = refill_shop(shop, deck, Chance.seeded(0))
    assert refill.shop == shop and refill.deck == deck and refill.drawn == ()
    assert refill.explain() == "Phase B: every shop slot is filled; nothing is drawn."


def test_traps_events_and_cards_without_gold_only_block_their_slot() -> None:
    deck = LootDeck.stacked([LOG_TRAP, SECRET_DOOR, DAGGER])
    refill = refill_shop(EMPTY_SHOP, deck, Chance.seeded(0))
    assert refill.shop == Shop((LOG_TRAP, SECRET_DOOR, DAGGER))
    assert refill.blocking == ((0, LOG_TRAP), (1, SECRET_DOOR))
    text = refill.explain()
    assert "The Log Trap is not set off; it only blocks slot 1 until it is bought." in text
    assert "The Secret Door is not set off; it only blocks slot 2." in text


def test_refill_shuffles_the_discard_pile_in_when_the_deck_runs_out() -> None:
    deck = LootDeck((DAGGER,), (POTION, SWORD))
    refill = refill_shop(EMPTY_SHOP, deck, Chance.seeded(3))
    assert refill.reshuffled and refill.short == ()
    assert refill.shop[0] is DAGGER
    assert {refill.shop[1], refill.shop[2]} == {POTION, SWORD}
    assert len(refill.deck) == 0 and refill.deck.discard_pile == ()
    assert "discard pile was shuffled in" in refill.explain()


def test_refill_with_both_piles_empty_leaves_the_slots_empty() -> None:
    """Ruling SH2."""
    refill = refill_shop(Shop((None, HYPNO, None)), LootDeck((DAGGER,)), Chance.seeded(0))
    assert refill.shop == Shop((DAGGER, HYPNO, None)) and refill.short == (2,)
    assert refill.explain().endswith("No Loot Cards are left, so slot 3 stays empty.")
    empty = refill_shop(EMPTY_SHOP, LootDeck(), Chance.seeded(0))
    assert empty.shop == EMPTY_SHOP and empty.short == (0, 1, 2)
    assert "slot 1, slot 2, slot 3 stay empty" in empty.explain()


def test_refill_records_each_card_drawn() -> None:
    log = EventLog()
    refill_shop(
        Shop((None, HYPNO, None)), LootDeck.stacked([DAGGER, POTION]), Chance.seeded(0), log=log
    )
    assert [(e.rule, e.drawer, e.card) for e in log] == [
        (Section.PHASE_B, "the shop", "dagger"),
        (Section.PHASE_B, "the shop", "small_healing_potion"),
    ]


def test_refill_refuses_bad_input() -> None:
    with pytest.raises(ShopError, match="LootDeck"):
        refill_shop(EMPTY_SHOP, [DAGGER], Chance.seeded(0))  # type: ignore[arg-type]
    with pytest.raises(ShopError, match="Chance"):
        refill_shop(EMPTY_SHOP, LootDeck(), None)  # type: ignore[arg-type]


# -- Phase I: purchases -------------------------------------------------------------------------


def test_gold_is_pooled_between_heroes() -> None:
    shop = Shop((HYPNO, None, None))
    payment = [pay("Mage", DAGGER), pay("Warrior", POTION)]
    bought = purchase(shop, [0], payment)
    assert bought.bought == (HYPNO,) and bought.paid == tuple(payment)
    assert (bought.gold_given, bought.price, bought.gold_lost) == (2, 2, 0)
    assert bought.shop == EMPTY_SHOP
    assert bought.to_discard == (DAGGER, POTION)


def test_no_change_is_given() -> None:
    bought = purchase(Shop((DAGGER, None, None)), [0], [pay("Warrior", SWORD)])
    assert bought.gold_lost == 2
    assert "3 gold given for a price of 1: 2 gold is lost" in bought.explain()


def test_one_three_gold_card_buys_three_one_gold_cards() -> None:
    """*Phase I*: a card with 3 gold coins buys 3 different cards of 1 gold each."""
    shop = Shop((DAGGER, POTION, DAGGER))
    bought = purchase(shop, [0, 1, 2], [pay("Warrior", SWORD)])
    assert bought.bought == (DAGGER, POTION, DAGGER) and bought.gold_lost == 0
    assert bought.shop == EMPTY_SHOP


def test_damaged_cards_are_worth_one_gold_less() -> None:
    assert pay("Mage", WIZARD, damaged=True).value == 1
    verdict = can_purchase(Shop((DAGGER, None, None)), [0], [pay("Mage", DAGGER, damaged=True)])
    assert verdict.reason == (
        "The Dagger (damaged) of Mage cannot pay: damaged, it is worth 1 gold less, so it is "
        "worth nothing in the dimension store."
    )
    assert purchase(Shop((DAGGER, None, None)), [0], [pay("Mage", WIZARD, damaged=True)])


@pytest.mark.parametrize(
    ("wanted", "payment", "reason"),
    [
        ([], [pay("Warrior", SWORD)], "Buying: name at least one shop card."),
        ([1], [pay("Warrior", SWORD)], "The shop's slot 2 is empty."),
        ([0, 0], [pay("Warrior", SWORD)], "The shop's slot 1 is named twice."),
        ([3], [pay("Warrior", SWORD)], "The shop has slots 0 to 2 (slot 1 to slot 3), not 3."),
        (
            [0],
            [pay("Mage", DAGGER), pay("Mage", DAGGER)],
            "The Dagger of Mage (the Backpack, place 1) is offered twice.",
        ),
        (
            [0],
            [pay("Mage", SECRET_DOOR), pay("Mage", BIG_POTION, 1)],
            "The Secret Door of Mage cannot pay: it has no gold value, so it is worth nothing in "
            "the dimension store.",
        ),
        (
            [0],
            [pay("Warrior", SWORD), pay("Mage", DAGGER)],
            "The Dagger of Mage is not needed: the other cards already pay the 2 gold, and the "
            "store gives no change.",
        ),
        (
            [0, 2],
            [pay("Warrior", SWORD)],
            "The Hypno Hat and the Log Trap cost 4 gold; the cards offered are worth 3.",
        ),
        ([], [], "Buying: name at least one shop card."),
        ("0", [], "Name the shop slots as numbers 0 to 2, not '0'."),
    ],
)
def test_refused_purchases_say_why_and_change_nothing(
    wanted: list[int], payment: list[Payment], reason: str
) -> None:
    shop = Shop((HYPNO, None, LOG_TRAP))
    before = Shop(shop.slots)
    assert can_purchase(shop, wanted, payment).reason == reason
    with pytest.raises(ShopError) as error:
        purchase(shop, wanted, payment)
    assert str(error.value) == reason
    assert shop == before


def test_cards_without_gold_are_not_for_sale() -> None:
    """Ruling SH3."""
    verdict = can_purchase(Shop((SECRET_DOOR, None, None)), [0], [pay("Mage", DAGGER)])
    assert verdict.reason == (
        "The Secret Door in slot 1 has no gold value and is not for sale; move it to the "
        "discard pile instead."
    )


def test_a_trap_without_gold_is_paid_with_nothing() -> None:
    """Ruling SH3: the starter pack has no such trap, but a pack may."""
    free_trap = replace(LOG_TRAP, gold=0)
    bought = purchase(Shop((free_trap, None, None)), [0], [])
    assert bought.traps_paid == (free_trap,) and bought.bought == () and bought.price == 0


def test_paying_a_trap_empties_its_slot_without_xp() -> None:
    bought = purchase(Shop((None, None, LOG_TRAP)), [2], [pay("Mage", BIG_POTION)])
    assert bought.traps_paid == (LOG_TRAP,) and bought.bought == () and bought.xp == 0
    assert bought.to_discard == (LOG_TRAP, BIG_POTION)
    assert "The Log Trap goes to the discard pile, without XP." in bought.explain()


def test_payments_are_checked_against_the_mats_when_heroes_are_given() -> None:
    mage = hero("Mage", Mat().with_backpack(DAGGER))
    heroes = {"Mage": mage}
    shop = Shop((DAGGER, None, None))
    assert can_purchase(shop, [0], [pay("Mage", DAGGER)], heroes=heroes)
    assert can_purchase(shop, [0], [pay("Ghost", DAGGER)], heroes=heroes).reason == (
        "No hero called Ghost takes part in the purchase."
    )
    assert can_purchase(shop, [0], [pay("Mage", POTION)], heroes=heroes).reason == (
        "Mage has no Small Healing Potion in the Backpack, place 1."
    )


def test_a_two_handed_card_named_by_both_hands_is_offered_twice() -> None:
    warrior = hero("Warrior", Mat().with_body(Slot.HAND_1, SWORD))
    held = Held(SWORD)
    payment = [
        Payment("Warrior", Location.body(Slot.HAND_1), held),
        Payment("Warrior", Location.body(Slot.HAND_2), held),
    ]
    verdict = can_purchase(Shop((HYPNO, None, None)), [0], payment, heroes={"Warrior": warrior})
    assert verdict.reason == "The Greatsword of Warrior is offered twice."


def test_collect_payment_takes_the_cards_off_the_mats() -> None:
    mage = hero("Mage", Mat().with_backpack(DAGGER, POTION, SWORD))
    warrior = hero("Warrior", Mat().with_body(Slot.HEAD, WIZARD, damaged=True))
    heroes = {"Mage": mage, "Warrior": warrior}
    payment = [
        pay("Mage", DAGGER, 0),
        pay("Mage", SWORD, 2),
        Payment("Warrior", Location.body(Slot.HEAD), Held(WIZARD, True)),
    ]
    taken = collect_payment(payment, heroes)
    assert taken == (Held(DAGGER), Held(SWORD), Held(WIZARD, True))
    assert mage.mat.backpack == (Held(POTION),) and len(warrior.mat) == 0


def test_collect_payment_takes_nothing_if_a_card_is_missing() -> None:
    mage = hero("Mage", Mat().with_backpack(DAGGER))
    with pytest.raises(ShopError, match="Mage has no Greatsword in the Backpack, place 2"):
        collect_payment([pay("Mage", DAGGER, 0), pay("Mage", SWORD, 1)], {"Mage": mage})
    assert mage.mat.backpack == (Held(DAGGER),)


# -- Phase I: discarding --------------------------------------------------------------------


def test_any_card_but_a_trap_may_be_discarded() -> None:
    shop = Shop((DAGGER, SECRET_DOOR, LOG_TRAP))
    after, cards = discard_from_shop(shop, [1, 0])
    assert after == Shop((None, None, LOG_TRAP)) and cards == (SECRET_DOOR, DAGGER)
    verdict = can_discard_from_shop(shop, [0, 2])
    assert verdict.reason == (
        "The Log Trap is a trap: it blocks slot 3 until its 2 gold is paid; it cannot simply "
        "be discarded."
    )
    with pytest.raises(ShopError, match="cannot simply be discarded"):
        discard_from_shop(shop, [2])
    assert can_discard_from_shop(Shop((None, DAGGER, None)), [0]).reason == (
        "The shop's slot 1 is empty."
    )


# -- Phase I: handing over ------------------------------------------------------------------


def test_a_bought_card_goes_to_a_free_body_slot_for_no_ap() -> None:
    mage = hero("Mage")
    assert default_destination(HYPNO, mage) is Slot.HEAD
    change = hand_over(HYPNO, mage, unconscious=False)
    assert change.ap == 0 and mage.mat.at(Location.body(Slot.HEAD)) == Held(HYPNO)


def test_default_destination_falls_back_to_the_belt_then_the_backpack() -> None:
    """Ruling SH6: never pushes an equipped card aside; unmet requirements skip the Body."""
    mage = hero("Mage", Mat().with_body(Slot.HEAD, WIZARD))
    assert default_destination(HYPNO, mage) is Area.BELT
    assert default_destination(SWORD, hero("Mage")) is Area.BELT
    full = hero("Mage", Mat().with_body(Slot.HEAD, WIZARD).with_belt(DAGGER, DAGGER, DAGGER))
    assert default_destination(HYPNO, full) is Area.BACKPACK
    hand_over(HYPNO, full, unconscious=False)
    assert full.mat.backpack == (Held(HYPNO),)


def test_a_bought_card_may_replace_an_equipped_one() -> None:
    mage = hero("Mage", Mat().with_body(Slot.HEAD, WIZARD))
    hand_over(HYPNO, mage, Slot.HEAD, unconscious=False)
    assert mage.mat.at(Location.body(Slot.HEAD)) == Held(HYPNO)
    assert mage.mat.belt == (Held(WIZARD),)


def test_unconscious_characters_receive_nothing() -> None:
    """Ruling SH5."""
    mage = hero("Mage")
    assert can_hand_over(HYPNO, mage, unconscious=True).reason == (
        "Mage is unconscious: it may add gold but cannot receive items."
    )
    reason = can_hand_over(HYPNO, mage, unconscious=True, kept_unconscious=True).reason
    assert reason == (
        "Mage stays unconscious: it may add gold but cannot receive or equip anything in Phase I."
    )
    with pytest.raises(ShopError, match="cannot receive"):
        hand_over(HYPNO, mage, Slot.HEAD, unconscious=True)
    assert len(mage.mat) == 0


def test_hand_over_refuses_traps_and_bad_places() -> None:
    mage = hero("Mage")
    assert (
        "paid trap goes to the discard pile"
        in can_hand_over(LOG_TRAP, mage, unconscious=False).reason
    )
    assert not can_hand_over(HYPNO, mage, Slot.FEET, unconscious=False)
    assert not can_hand_over(SWORD, mage, Slot.HAND_1, unconscious=False)
    with pytest.raises(ShopError, match="STR 14"):
        hand_over(SWORD, mage, Slot.HAND_1, unconscious=False)
    assert len(mage.mat) == 0


# -- Trap Shop ------------------------------------------------------------------------------


def test_trap_shop_removals() -> None:
    shop = Shop((LOG_TRAP, DAGGER, LOG_TRAP))
    assert traps_in_shop(shop) == ((0, LOG_TRAP), (2, LOG_TRAP))
    removal = remove_trap_with_doom(shop, 0, TRAP_SHOP)
    assert removal.shop == Shop((None, DAGGER, LOG_TRAP)) and removal.card is LOG_TRAP
    assert removal.doom_steps == 1 and removal.rule is Section.TRAP_SHOP
    assert "Doom Counter moves 1 step down" in removal.explain()
    after, card = trap_to_trigger(removal.shop, 2, TRAP_SHOP)
    assert after == Shop((None, DAGGER, None)) and card is LOG_TRAP
    assert can_remove_trap(shop, 1).reason == "The Dagger in slot 2 is not a trap."
    assert can_remove_trap(shop, 0, RulesOptions()).reason == (
        "Without the optional rule Trap Shop a trap leaves the shop only when its gold is paid."
    )
    with pytest.raises(ShopError, match="not a trap"):
        trap_to_trigger(shop, 1)


def test_phase_i_ends_with_traps_only_without_trap_shop() -> None:
    shop = Shop((LOG_TRAP, DAGGER, None))
    assert end_phase_i(shop, RulesOptions())
    verdict = end_phase_i(shop, TRAP_SHOP)
    assert verdict.reason == (
        "Trap Shop: every trap must leave the shop in Phase I, but Log Trap (slot 1) is still "
        "there: pay its gold, move the Doom Counter one step, or set it off on a character."
    )
    assert end_phase_i(Shop((None, DAGGER, None)), TRAP_SHOP)


# -- the default policy -----------------------------------------------------------------------


def test_policy_has_nothing_to_do_in_an_empty_shop() -> None:
    assert shop_policy(EMPTY_SHOP, {"Mage": hero("Mage", Mat().with_backpack(SWORD))}) is None


def test_policy_pays_traps_with_spare_cards_only() -> None:
    mage = hero("Mage", Mat().with_body(Slot.HEAD, WIZARD).with_belt(BIG_POTION))
    shop = Shop((LOG_TRAP, None, None))
    assert shop_policy(shop, {"Mage": mage}) is None, "cards in use are not sold"
    plan = shop_policy(shop, {"Mage": mage}, options=TRAP_SHOP)
    assert plan is not None and plan.wanted == () and plan.doom == (0,)
    mage.mat = mage.mat.with_backpack(POTION, BIG_POTION)
    plan = shop_policy(shop, {"Mage": mage})
    assert plan is not None and plan.wanted == (0,)
    assert plan.payment == (pay("Mage", BIG_POTION, 1),), "the payment wasting least"


def test_policy_lets_unconscious_heroes_pay_but_not_receive() -> None:
    mage = hero("Mage")
    warrior = hero("Warrior", Mat().with_backpack(SWORD))
    heroes = {"Warrior": warrior, "Mage": mage}
    shop = Shop((HYPNO, None, None))
    plan = shop_policy(shop, heroes, unconscious={"Warrior"})
    assert plan is not None and plan.wanted == (0,)
    assert plan.payment == (pay("Warrior", SWORD),)
    assert [(h.receiver, h.dest) for h in plan.hand_overs] == [("Mage", Slot.HEAD)]
    assert shop_policy(shop, heroes, unconscious={"Warrior", "Mage"}) is None


def test_policy_discards_what_nobody_gains_from_and_keeps_what_it_cannot_afford() -> None:
    mage = hero("Mage", Mat().with_body(Slot.HEAD, HYPNO))
    shop = Shop((WIZARD, SECRET_DOOR, DAGGER))
    plan = shop_policy(shop, {"Mage": mage})
    assert plan is not None and plan.wanted == () and plan.discard == (0, 1)
    assert plan.explain() == "Shop plan: discard slot 1, slot 2."


# -- properties -------------------------------------------------------------------------------

SHOP_CARDS = [HYPNO, WIZARD, DAGGER, LOG_TRAP, SWORD, SECRET_DOOR, POTION, BIG_POTION, None]
PAY_CARDS = [WIZARD, DAGGER, LOG_TRAP, SWORD, SECRET_DOOR, POTION, BIG_POTION]


@given(
    slots=st.tuples(*[st.sampled_from(SHOP_CARDS)] * 3),
    wanted=st.lists(st.integers(0, 2), max_size=3),
    cards=st.lists(st.tuples(st.sampled_from(PAY_CARDS), st.booleans()), max_size=4),
)
def test_a_purchase_keeps_the_accounts(
    slots: tuple[ItemCard | None, ItemCard | None, ItemCard | None],
    wanted: list[int],
    cards: list[tuple[ItemCard, bool]],
) -> None:
    """Whatever is asked: a refused purchase raises with the verdict's reason; an accepted one
    empties exactly the wanted slots, hands out their non-trap cards, and loses less gold
    than the cheapest card handed in is worth."""
    shop = Shop(slots)
    payment = [pay("Mage", card, i, damaged=d) for i, (card, d) in enumerate(cards)]
    verdict = can_purchase(shop, wanted, payment)
    if not verdict:
        with pytest.raises(ShopError) as error:
            purchase(shop, wanted, payment)
        assert str(error.value) == verdict.reason
        return
    bought = purchase(shop, wanted, payment)
    assert bought.shop.empty_slots == tuple(sorted({*shop.empty_slots, *wanted}))
    wanted_cards = [shop[i] for i in wanted]
    assert sorted(c.id for c in (*bought.bought, *bought.traps_paid)) == sorted(
        c.id for c in wanted_cards if c is not None
    )
    assert bought.price == sum(c.gold for c in wanted_cards if c is not None)
    assert bought.gold_given == sum(p.value for p in payment) >= bought.price
    assert 0 <= bought.gold_lost < min((p.value for p in payment), default=1)


# -- the policy's offers, worked out once, against asking anew ----------------------------------


def _reference_assign(goods, offers, awake):  # type: ignore[no-untyped-def]
    """The policy's hand-out as first written: every choice of shop cards asks every hero's
    mat again, slot by slot."""
    from doria_nb.engine.mat import HANDS, ZONE_SLOTS
    from doria_nb.engine.shop.records import PlannedHandOver

    def best_place(card, name, hero, taken):  # type: ignore[no-untyped-def]
        if not card.is_equipment or card.zone is None:
            return None
        best = None
        for slot in ZONE_SLOTS[card.zone]:
            if (name, slot) in taken or (card.two_handed and slot is not Slot.HAND_1):
                continue
            if not hero.can_receive(card, slot):
                continue
            occupant = hero.mat.occupant(slot)
            if card.two_handed:
                if not all(hero.mat.is_free(s) for s in HANDS):
                    continue
                occupant = None
            if occupant is None:
                option = (card.gold, slot, None)
            else:
                kept_at, held = occupant
                if held.card.two_handed:
                    continue
                gain = card.gold - held.sale_value
                freed = Payment(name, Location.body(kept_at), held) if held.sale_value else None
                option = (gain, slot, freed)
            if option[0] > 0 and (best is None or option[0] > best[0]):
                best = option
        return best

    heroes = offers.heroes
    taken: set = set()
    out = []
    for i, card in goods:
        best = None
        for name in awake:
            place = best_place(card, name, heroes[name], taken)
            if place is not None and (best is None or place[0] > best[0]):
                best = (place[0], name, place[1], place[2])
        if best is None:
            return None
        gain, name, slot, freed = best
        taken.add((name, slot))
        out.append((gain, PlannedHandOver(i, card, name, slot), freed))
    return out


ALL_ITEMS = sorted(PACK.items, key=lambda c: c.id)


@given(
    slots=st.tuples(*[st.sampled_from([*ALL_ITEMS, None])] * 3),
    owned=st.lists(
        st.lists(st.tuples(st.sampled_from(ALL_ITEMS), st.booleans()), max_size=9),
        min_size=1,
        max_size=4,
    ),
    asleep=st.sets(st.integers(0, 3)),
    trap_shop=st.booleans(),
)
def test_the_policy_plans_as_when_every_choice_asks_the_mats_anew(
    slots: tuple[ItemCard | None, ItemCard | None, ItemCard | None],
    owned: list[list[tuple[ItemCard, bool]]],
    asleep: set[int],
    trap_shop: bool,
) -> None:
    import doria_nb.engine.shop.policy as policy

    names = ["Warrior", "Mage", "Ranger", "Priestess"]
    heroes = {}
    for name, cards in zip(names, owned, strict=False):
        h = hero(name)
        for card, damaged in cards:
            h.receive_where_it_fits(Held(card, damaged))
        heroes[name] = h
    shop = Shop(slots)
    unconscious = {names[i] for i in asleep}
    options = RulesOptions(trap_shop=trap_shop)
    fast = shop_policy(shop, heroes, unconscious=unconscious, options=options)
    kept = policy._assign
    try:
        policy._assign = _reference_assign  # type: ignore[assignment]
        slow = shop_policy(shop, heroes, unconscious=unconscious, options=options)
    finally:
        policy._assign = kept  # type: ignore[assignment]
    assert fast == slow
