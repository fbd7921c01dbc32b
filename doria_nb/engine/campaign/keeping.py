"""Which Loot Cards a hero takes into the next campaign scenario (*Campaign Sheet Anatomy*,
*Optional Rule: Campaign Loot*).

After a scenario most cards with a gold value are given up. What a hero may keep grows with
the odd-numbered scenarios completed: one card after the 1st, two after the 3rd, three after
the 5th, four after the 7th. Standard Items are never kept: they are at hand anyway.

Under *Campaign Loot* each card a hero may keep can instead be items worth up to 3 gold: three
items of 1 gold, one of 3, or one of 2 and one of 1. An item worth no gold counts as 1 gold
here (ruling CA3), so a card's worth of items is never more than three items.

>>> slots_needed([1, 1, 1]), slots_needed([3]), slots_needed([2, 1]), slots_needed([2, 2])
(1, 1, 1, 2)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from doria_nb.engine.campaign.errors import CampaignError
from doria_nb.engine.cards import ItemCard
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.verdict import Verdict

__all__ = [
    "GOLD_PER_CARD",
    "check_kept",
    "default_keep",
    "item_gold",
    "slots_needed",
]

GOLD_PER_CARD = 3
"""*Campaign Loot*: one card a hero may keep is worth items of up to 3 gold."""


def item_gold(card: ItemCard) -> int:
    """What an item counts against a card's 3 gold under *Campaign Loot* (at least 1)."""
    return max(card.gold, 1)


def slots_needed(golds: Sequence[int]) -> int:
    """The fewest kept-card places items of these gold values fill under *Campaign Loot*:
    each place holds items worth at most 3 gold in all. (Exact for values 1 to 3: every
    3-gold item needs a place of its own, every 2-gold item one that may also hold a 1-gold
    item, and the 1-gold items left go three to a place.)"""
    values = [max(int(g), 1) for g in golds]
    if any(g > GOLD_PER_CARD for g in values):
        raise CampaignError(f"An item is worth at most {GOLD_PER_CARD} gold.")
    threes, twos, ones = values.count(3), values.count(2), values.count(1)
    return threes + twos + math.ceil(max(ones - twos, 0) / GOLD_PER_CARD)


def check_kept(cards: Sequence[ItemCard], allowance: int, options: RulesOptions) -> Verdict:
    """Whether a hero may take ``cards`` into the next scenario when it may keep
    ``allowance`` cards (under *Campaign Loot*: that many places of 3 gold each)."""
    standard = [c.name for c in cards if c.standard]
    if standard:
        return Verdict.no(
            f"{', '.join(standard)}: Standard Items are at hand at every start and are not kept."
        )
    if options.campaign_loot:
        needed = slots_needed([item_gold(c) for c in cards])
        if needed > allowance:
            worth = ", ".join(f"{c.name} ({item_gold(c)} gold)" for c in cards)
            return Verdict.no(
                f"Under Campaign Loot each of the {allowance} card(s) a hero keeps is worth items "
                f"of up to {GOLD_PER_CARD} gold; {worth} need {needed}."
            )
        return Verdict.yes()
    if len(cards) > allowance:
        return Verdict.no(
            f"The rewards so far let each hero keep {allowance} card(s), not {len(cards)}."
        )
    return Verdict.yes()


def default_keep(cards: Sequence[ItemCard], allowance: int) -> tuple[ItemCard, ...]:
    """The default policy: the most valuable Loot Cards the hero holds (gold, then name),
    up to ``allowance`` of them."""
    loot = sorted((c for c in cards if not c.standard), key=lambda c: (-c.gold, c.name, c.id))
    return tuple(loot[:allowance])
