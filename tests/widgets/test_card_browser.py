"""The card catalogue: every card of the starter pack can be picked and read."""

from __future__ import annotations

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.cards import CardType
from doria_nb.ui.card_browser import ALL, FILTERS, STANDARD, CardBrowser, card_facts, cards_for


def test_every_card_is_listed_under_all_and_under_exactly_one_kind() -> None:
    pack = starter_pack()
    assert {card.id for card in cards_for(pack, ALL)} == {card.id for card in pack.items}
    kinds = [STANDARD, *(kind.value for kind in CardType)]
    listed = [card.id for kind in kinds for card in cards_for(pack, kind)]
    assert sorted(listed) == sorted(card.id for card in pack.items)


@pytest.mark.parametrize("card_id", [card.id for card in starter_pack().items])
def test_every_card_shows_its_facts(card_id: str) -> None:
    card = starter_pack().item(card_id)
    facts = dict(card_facts(card))
    assert facts["Type"] == card.type.value
    if card.armor:
        assert facts["Armor Rating"] == f"AR {card.armor}"
    for attack in card.attacks:
        assert str(attack.dice) in " ".join(text for label, text in card_facts(card))


def test_browser_filters_and_shows_who_may_equip() -> None:
    browser = CardBrowser(card="longsword")
    assert browser.selected is not None and browser.selected.name == "Longsword"
    assert "3D+5" in browser.details.value
    assert "Which premade heroes may equip it?" in browser.details.value
    browser.filter.value = CardType.TRAP.value
    assert browser.selected is not None and browser.selected.type is CardType.TRAP
    assert f"{len(cards_for(starter_pack(), 'trap'))} cards" in browser.count.value
    assert "Which premade heroes" not in browser.details.value


def test_unknown_filter_is_refused() -> None:
    with pytest.raises(ValueError, match="Unknown filter"):
        cards_for(starter_pack(), "spells")
    assert len(FILTERS) == 2 + len(CardType)
