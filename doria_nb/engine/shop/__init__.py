"""The dimension shop (*Phase B: New Shop Items*, *Phase I: Buy or Remove Shop Items*,
*Optional Rule: Trap Shop*).

One package for the rulebook's shop, each module one part of it:

* :mod:`~doria_nb.engine.shop.records`: the three slots, a card handed in as gold, and the
  results of refilling, buying and removing traps (frozen values);
* :mod:`~doria_nb.engine.shop.rules`: the pure rules: refill, pay, buy, hand over, discard,
  and the traps that must go under *Trap Shop*;
* :mod:`~doria_nb.engine.shop.policy`: one way to play them, the bots' default (ruling SH8);
* :mod:`~doria_nb.engine.shop.play`: the rules applied to a game's state: Phase B's refill and
  Phase I's inputs, checked in full and carried out.
"""

from doria_nb.engine.shop.play import (
    carry_out_shop,
    refill,
    shop_actions,
    shop_bot_action,
    verify_shop,
)
from doria_nb.engine.shop.policy import shop_policy
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
)
from doria_nb.engine.shop.rules import (
    can_discard_from_shop,
    can_hand_over,
    can_purchase,
    can_remove_trap,
    collect_payment,
    discard_from_shop,
    end_phase_i,
    hand_over,
    purchase,
    refill_shop,
    remove_trap_with_doom,
    trap_to_trigger,
    traps_in_shop,
)

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
    "carry_out_shop",
    "collect_payment",
    "discard_from_shop",
    "end_phase_i",
    "hand_over",
    "purchase",
    "refill",
    "refill_shop",
    "remove_trap_with_doom",
    "shop_actions",
    "shop_bot_action",
    "shop_policy",
    "trap_to_trigger",
    "traps_in_shop",
    "verify_shop",
]
