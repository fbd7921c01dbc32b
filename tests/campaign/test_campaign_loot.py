"""*Optional Rule: Campaign Loot* between scenarios, and all twenty optional rules as flags."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from doria_nb.engine.campaign import CampaignError, CampaignSheet, after_scenario, slots_needed
from doria_nb.engine.game import start_game
from doria_nb.engine.options import TITLES, RulesOptions


def test_rules_options_carry_all_twenty_optional_rules() -> None:
    """*Optional Rule: Campaign Loot* is the twentieth optional rule; off by default."""
    assert len(TITLES) == 20 and TITLES["campaign_loot"] == "Campaign Loot"
    assert not RulesOptions().campaign_loot
    assert RulesOptions(campaign_loot=True).enabled() == ["Campaign Loot"]
    with pytest.raises(ValueError, match="on \\(True\\) or off"):
        RulesOptions(campaign_loot="yes")  # type: ignore[arg-type]


def test_slots_needed_packs_gold_three_to_a_card() -> None:
    """*Optional Rule: Campaign Loot*: a card's worth is 3 gold; no-gold items count 1 (CA3)."""
    assert slots_needed([]) == 0
    assert slots_needed([0, 0, 0]) == 1
    assert slots_needed([2, 2, 1, 1]) == 2
    assert slots_needed([3, 2, 1, 1, 1, 1]) == 3
    with pytest.raises(CampaignError, match="at most 3 gold"):
        slots_needed([4])


def _cheap_hand(game, hero: str) -> list[str]:  # type: ignore[no-untyped-def]
    """Give the hero three 1-gold Loot Cards from the draw pile (for the test) and name them."""
    from doria_nb.engine.mat import Area

    state = game.state
    seat = next(s for s in state.heroes.values() if s.character.template.id == hero)
    cheap = [c for c in state.loot.draw_pile if c.gold == 1][:3]
    pile = list(state.loot.draw_pile)
    for card in cheap:
        pile.remove(card)
        seat.character.receive(card, Area.BACKPACK)
    state.loot = replace(state.loot, draw_pile=tuple(pile))
    return [c.id for c in cheap]


def test_campaign_loot_keeps_three_cheap_items_for_one_card(
    sheet: CampaignSheet, end: SimpleNamespace
) -> None:
    """*Optional Rule: Campaign Loot*: after the 1st scenario (1 card each) a hero may take
    three 1-gold items instead; without the rule only one of them."""
    loot_on = replace(sheet, options=RulesOptions(campaign_loot=True))
    for chosen_sheet, allowed in ((loot_on, True), (sheet, False)):
        game = start_game(chosen_sheet, 3)
        cheap = _cheap_hand(game, "ranger")
        end.won(game)
        if allowed:
            after = after_scenario(chosen_sheet, game, next_scenario="x", keep={"ranger": cheap})
            assert after.hero("ranger").kept == tuple(cheap)
            next_game = start_game(replace(after, next_scenario="the_flooded_archive"), 4)
            ranger = next_game.state.heroes["R"].character
            assert all(card in [c.id for c in ranger.mat.cards] for card in cheap)
        else:
            with pytest.raises(CampaignError, match="keep 1 card"):
                after_scenario(chosen_sheet, game, next_scenario="x", keep={"ranger": cheap})


def test_a_sheet_keeping_more_gold_than_campaign_loot_allows_is_refused(
    sheet: CampaignSheet,
) -> None:
    """*Optional Rule: Campaign Loot*: a sheet whose kept items need more than its cards'
    worth of gold does not start a scenario."""
    from doria_nb.content import starter_pack
    from doria_nb.engine.campaign import CampaignSheetError

    twos = [c.id for c in starter_pack().loot_deck() if c.gold == 2 and not c.standard][:2]
    ranger = replace(sheet.heroes[2], kept=tuple(twos))
    greedy = replace(
        sheet, heroes=(*sheet.heroes[:2], ranger, sheet.heroes[3]), kept_cards=1,
        options=RulesOptions(campaign_loot=True),
    )  # fmt: skip
    with pytest.raises(CampaignSheetError, match="keeps too much"):
        start_game(greedy, 1)
