"""Starting equipment: Standard Items, loot draws, replacing traps, kept-trap rewards
(doria_nb.engine.starting)."""

from __future__ import annotations

from pathlib import Path

import pytest

from doria_nb.content import load_pack
from doria_nb.engine.cards import CardType
from doria_nb.engine.chance import Chance, ScriptedChance
from doria_nb.engine.errors import StartingEquipmentError
from doria_nb.engine.events import EventLog
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.starting import (
    CardDrawn,
    LootPile,
    StartingHand,
    check_campaign_group,
    deal_custom,
    deal_premade,
    default_replacements,
    first_phase_h_rewards,
    hand_size,
    settle,
)

MINI = Path(__file__).resolve().parents[1] / "content" / "fixtures" / "mini"
PACK = load_pack(MINI)


def stacked(*top_first: str) -> LootPile:
    """A pile whose next draws are ``top_first``, in that order."""
    return LootPile.in_order(PACK.item(card_id) for card_id in top_first)


def test_hand_sizes() -> None:
    assert [hand_size(n) for n in range(1, 7)] == [10, 8, 6, 6, 6, 6]
    with pytest.raises(StartingEquipmentError):
        hand_size(0)


def test_loot_pile_is_the_shuffled_loot_deck() -> None:
    log = EventLog()
    pile = LootPile.of(PACK, Chance.seeded(3), log)
    assert len(pile) == len(PACK.loot_deck())
    again = LootPile.of(PACK, Chance.seeded(3))
    assert [pile.draw("A").id for _ in range(5)] == [again.draw().id for _ in range(5)]
    assert [e.drawer for e in log if isinstance(e, CardDrawn)] == ["A"] * 5
    empty = LootPile([], Chance.seeded(1))
    with pytest.raises(StartingEquipmentError, match="empty"):
        empty.draw()


def test_shuffle_uses_the_chance_source() -> None:
    cards = len(PACK.loot_deck())
    chance = ScriptedChance([1] * (cards - 1))  # Fisher-Yates draws once per card but one
    pile = LootPile.of(PACK, chance)
    assert chance.remaining == 0 and len(pile) == cards


def test_premade_hand_fills_to_six_eight_or_ten() -> None:
    warrior = PACK.hero("warrior")
    for count, size in [(4, 6), (2, 8), (1, 10)]:
        hand = deal_premade(warrior, LootPile.of(PACK, Chance.seeded(1)), count)
        assert len(hand.cards) == size == hand.size
        assert [c.id for c in hand.cards[:2]] == ["combat_hammer", "tri_anon_armor"]
        assert all(not c.standard for c in hand.cards[2:])


def test_extra_standard_items_take_the_place_of_draws() -> None:
    warrior = PACK.hero("warrior")
    extra = [PACK.item("side_sword")]
    hand = deal_premade(warrior, stacked("dagger", "dagger", "tights"), 3, extra_standard=extra)
    assert [c.id for c in hand.cards] == [
        "combat_hammer", "tri_anon_armor", "side_sword", "dagger", "dagger", "tights"
    ]  # fmt: skip
    with pytest.raises(StartingEquipmentError, match="not a Standard Item"):
        deal_premade(warrior, stacked(), 3, extra_standard=[PACK.item("dagger")])
    with pytest.raises(StartingEquipmentError, match="fills to 6"):
        deal_premade(warrior, stacked(), 3, extra_standard=[PACK.item("psi_orb")] * 5)


def test_traps_and_standard_items_are_replaced_by_new_draws() -> None:
    pile = stacked(
        "log_trap", "dagger", "secret_door", "tights", "longsword", "dagger", "wizard_hat"
    )
    hand = deal_premade(PACK.hero("mage"), pile, 3)
    assert [c.id for c in hand.cards] == [
        "psi_orb", "spell_guard", "log_trap", "dagger", "secret_door", "tights"
    ]  # fmt: skip
    assert hand.replaceable == (0, 1, 2, 4)
    assert default_replacements(hand) == (2, 4)
    refused = hand.can_replace([3])
    assert "neither a trap nor a Standard Item" in refused.reason
    with pytest.raises(StartingEquipmentError):
        hand.replace([3], pile)
    assert "named twice" in hand.can_replace([2, 2]).reason
    assert "no card at position 9" in hand.can_replace([9]).reason
    replaced = hand.replace([0, 2], pile)
    assert [c.id for c in replaced.cards] == [
        "spell_guard", "dagger", "secret_door", "tights", "longsword", "dagger"
    ]  # fmt: skip
    assert [c.id for c in pile.discards] == ["log_trap"], "Standard Items are not loot discards"


def test_settle_replaces_until_no_trap_is_left() -> None:
    pile = stacked("log_trap", "boulder_trap", "dagger", "dagger", "log_trap", "tights", "dagger")
    hand = deal_premade(PACK.hero("adventurer"), pile, 3)
    settled = settle(hand, pile)
    assert not settled.traps
    assert [c.type for c in settled.cards].count(CardType.TRAP) == 0
    assert len(settled.cards) == 6


def test_kept_traps_pay_gold_and_xp_in_the_first_phase_h() -> None:
    a = deal_premade(PACK.hero("warrior"), stacked("log_trap", "dagger", "dagger", "dagger"), 3)
    b = deal_premade(PACK.hero("mage"), stacked("boulder_trap", "log_trap", "tights", "tights"), 3)
    rewards = first_phase_h_rewards([a, b])
    assert rewards.xp == 3 and rewards.gold == 2 + 1 + 2
    assert [c.id for c in rewards.gold_cards] == ["log_trap", "boulder_trap", "log_trap"]


def test_custom_heroes_are_capped() -> None:
    hand = deal_custom("Alba", stacked(*["dagger"] * 6), 4, standard=[PACK.item("psi_orb")])
    assert len(hand.cards) == 6 and hand.custom
    assert hand.check_limit()
    with pytest.raises(StartingEquipmentError, match="at most 6 cards"):
        hand.with_cards([*hand.cards, PACK.item("tights")])
    assert len(hand.with_cards(hand.cards[:4]).cards) == 4
    with pytest.raises(StartingEquipmentError, match="at most 6"):
        deal_custom("Alba", stacked(), 4, standard=[PACK.item("psi_orb")] * 7)
    with pytest.raises(StartingEquipmentError, match="not a Standard Item"):
        deal_custom("Alba", stacked(), 4, standard=[PACK.item("dagger")])
    solo = deal_custom("Solo", LootPile.of(PACK, Chance.seeded(2)), 1)
    assert len(solo.cards) == 10


def test_under_the_six_cards_reading_a_custom_hero_never_starts_with_more_than_6() -> None:
    """The named reading ``custom_heroes_six_cards`` (ruling H20): *Create Heroes*' "a
    maximum of 6 cards" holds for one or two characters too."""
    six = RulesOptions(readings={"custom_heroes_six_cards"})
    for count in (1, 2, 4):
        hand = deal_custom("Alba", LootPile.of(PACK, Chance.seeded(2)), count, options=six)
        assert len(hand.cards) == 6
    assert len(deal_custom("Duo", LootPile.of(PACK, Chance.seeded(2)), 2).cards) == 8


def test_discard_without_refill_and_campaign_group_limit() -> None:
    hand = deal_premade(PACK.hero("warrior"), stacked(*["dagger"] * 4), 3)
    smaller = hand.discard([5])
    assert len(smaller.cards) == 5
    with pytest.raises(StartingEquipmentError):
        hand.discard([6])
    big = StartingHand("A", (PACK.item("dagger"),) * 7, 6)
    small = StartingHand("B", (PACK.item("dagger"),) * 5, 6)
    assert check_campaign_group([big, small])
    assert "12 for 2" in check_campaign_group([big, big]).reason
