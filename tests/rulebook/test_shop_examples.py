"""The rulebook's worked example of the dimension shop, rebuilt with the engine.

*Phase I: Buy or Remove Shop Items*, Example: a Hypno Hat (2 gold), a Dagger (1 gold) and a
Log Trap (2 gold) are in the shop. A 3-gold card nobody can use yet pays the Log Trap and
leaves 1 gold; the Mage sells his damaged Wizard Hat (2 gold, worth 1 while damaged), and the
two together buy the Hypno Hat, which the Mage equips at once. The Dagger is discarded.

Reconstructed with the starter pack: the card "not yet usable" is a Greatsword (3 gold,
STR 14) in the Backpack of the Warrior (STR 13). Ruling SH4 reads the example as ONE purchase
of the Log Trap and the Hypno Hat paid with both cards (4 gold for a price of 4): the gold the
Greatsword leaves over can only pay for another card of the same purchase, since the store
gives no change.
"""

from __future__ import annotations

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.character import Character
from doria_nb.engine.loot import LootDeck
from doria_nb.engine.mat import Held, Location, Mat, Slot
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.shop.policy import shop_policy
from doria_nb.engine.shop.rules import (
    Payment,
    Shop,
    ShopError,
    can_discard_from_shop,
    can_purchase,
    collect_payment,
    discard_from_shop,
    end_phase_i,
    hand_over,
    purchase,
)

PACK = starter_pack()
HYPNO, DAGGER, LOG_TRAP = 0, 1, 2


def _example() -> tuple[Shop, dict[str, Character], Payment, Payment]:
    shop = Shop((PACK.item("hypno_hat"), PACK.item("dagger"), PACK.item("log_trap")))
    mage = Character.from_template(PACK.hero("mage"))
    mage.mat = Mat().with_body(Slot.HEAD, PACK.item("wizard_hat"), damaged=True)
    warrior = Character.from_template(PACK.hero("warrior"))
    warrior.mat = Mat().with_backpack(PACK.item("greatsword"))
    sword = Payment("Warrior", Location.backpack(0), warrior.mat.backpack[0])
    hat = Payment("Mage", Location.body(Slot.HEAD), mage.mat.at(Location.body(Slot.HEAD)))
    return shop, {"Mage": mage, "Warrior": warrior}, sword, hat


def test_phase_i_example_hypno_hat_log_trap_and_dagger() -> None:
    """*Phase I: Buy or Remove Shop Items*, Example (see the module docstring)."""
    shop, heroes, sword, hat = _example()
    mage, warrior = heroes["Mage"], heroes["Warrior"]
    assert warrior.mat.backpack[0].card.requirements.shortfalls(warrior.attributes), (
        "the Greatsword is not yet usable for the Warrior"
    )
    assert (sword.value, hat.value) == (3, 1), "the damaged Wizard Hat sells for 1, not 2"
    assert not can_discard_from_shop(shop, [LOG_TRAP]), "the trap blocks until paid for"

    bought = purchase(shop, [LOG_TRAP, HYPNO], [sword, hat], heroes=heroes)
    assert (bought.gold_given, bought.price, bought.gold_lost) == (4, 4, 0)
    assert bought.traps_paid == (PACK.item("log_trap"),) and bought.xp == 0
    assert bought.bought == (PACK.item("hypno_hat"),)
    assert bought.shop == Shop((None, PACK.item("dagger"), None))
    assert bought.rule is Section.PHASE_I
    assert "Nothing is lost" in bought.explain() and "without XP" in bought.explain()

    assert collect_payment(bought.paid, heroes) == (
        Held(PACK.item("greatsword")),
        Held(PACK.item("wizard_hat"), damaged=True),
    )
    change = hand_over(PACK.item("hypno_hat"), mage, Slot.HEAD, unconscious=False)
    assert change.ap == 0, "a bought card is thrown and equipped at once, for no AP"
    assert mage.mat.at(Location.body(Slot.HEAD)) == Held(PACK.item("hypno_hat"))
    assert mage.bonuses.psi_resistance == 2
    assert len(warrior.mat) == 0

    shop, discarded = discard_from_shop(bought.shop, [DAGGER])
    assert discarded == (PACK.item("dagger"),) and shop == Shop()
    deck = LootDeck().discard((*bought.to_discard, *discarded))
    assert [c.id for c in deck.discard_pile] == [
        "log_trap",
        "greatsword",
        "wizard_hat",
        "dagger",
    ]
    assert end_phase_i(shop, RulesOptions(trap_shop=True))


def test_phase_i_example_needs_one_purchase() -> None:
    """*Phase I*, Example, taken step by step: paid alone, the Log Trap leaves the Greatsword's
    third coin unused (no change is given), and the damaged Wizard Hat alone cannot buy the
    Hypno Hat. Only one purchase of both cards uses the 1 gold left over (ruling SH4)."""
    shop, _heroes, sword, hat = _example()
    alone = purchase(shop, [LOG_TRAP], [sword])
    assert alone.gold_lost == 1
    verdict = can_purchase(alone.shop, [HYPNO], [hat])
    assert verdict.reason == "The Hypno Hat costs 2 gold; the cards offered are worth 1."
    with pytest.raises(ShopError, match="costs 2 gold; the cards offered are worth 1"):
        purchase(alone.shop, [HYPNO], [hat])


def test_phase_i_example_is_what_the_default_policy_does() -> None:
    """*Phase I*, Example: the default bot policy (ruling SH8) makes the same purchase: it pays
    the trap and replaces the damaged hat, with the same two cards."""
    shop, heroes, sword, hat = _example()
    plan = shop_policy(shop, heroes)
    assert plan is not None
    assert plan.wanted == (HYPNO, LOG_TRAP)
    assert set(plan.payment) == {sword, hat}
    assert [(h.card.name, h.receiver, h.dest) for h in plan.hand_overs] == [
        ("Hypno Hat", "Mage", Slot.HEAD)
    ]
