"""The Door Event deck as content: the starter deck keeps the printed deck's proportions, and a
broken ``door_events.toml`` fails with file, entry and field (*Optional Rule: Door Events*;
docs/content-format.md, ``[[door_event]]``)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from doria_nb.content import ContentError, content_hash, load_pack, starter_pack
from doria_nb.engine.door_events import DoorEffectKind, DoorEventCard

GOOD = """
[[door_event]]
id = "creaky"
name = "Creaky"
text = "No Event."
copies = 3
kind = "none"

[[door_event]]
id = "hot_handle"
name = "Hot Handle"
text = "Ouch."
kind = "damage"
amount = 2
check = { attributes = ["AGI", "PER"], tn = 24, per_level = 2 }
"""


def write_pack(root: Path, door_events: str, *, extends: bool = True) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    base = 'extends = "starter"\n' if extends else ""
    (root / "pack.toml").write_text(
        f'id = "house"\nname = "House"\nversion = "0.1.0"\n{base}', encoding="utf-8"
    )
    (root / "door_events.toml").write_text(door_events, encoding="utf-8")
    return root


def load_error(root: Path) -> str:
    with pytest.raises(ContentError) as info:
        load_pack(root)
    return str(info.value)


# -- the starter deck ------------------------------------------------------------------------------


def test_the_starter_pack_loads_its_door_event_deck() -> None:
    pack = starter_pack()
    assert len(pack.door_events) >= 24
    assert all(isinstance(card, DoorEventCard) for card in pack.door_events)
    deck = pack.door_event_deck()
    assert len(deck) == sum(card.copies for card in pack.door_events)
    assert len({card.id for card in pack.door_events}) == len(pack.door_events)


def test_exactly_a_quarter_of_the_deck_is_no_event() -> None:
    """The printed deck: 15 No Event cards of 60, a quarter."""
    deck = starter_pack().door_event_deck()
    no_event = sum(1 for card in deck if card.no_event)
    assert Fraction(no_event, len(deck)) == Fraction(15, 60)


def test_the_starter_deck_uses_every_kind() -> None:
    kinds = Counter(card.effect.kind for card in starter_pack().door_event_deck())
    assert set(kinds) == set(DoorEffectKind)
    # Door events make the game harder: harmful cards outnumber the helpful ones.
    harmful = sum(1 for card in starter_pack().door_event_deck() if card.effect.harmful)
    helpful = len(starter_pack().door_event_deck()) - harmful - kinds[DoorEffectKind.NONE]
    assert harmful > helpful > 0


def test_every_card_has_its_own_text_and_checks_only_on_harm() -> None:
    for card in starter_pack().door_events:
        assert card.text.strip() and card.name.strip()
        if card.effect.check is not None:
            assert card.effect.harmful
            assert card.effect.check.target(1) >= 20


def test_the_content_hash_covers_door_events(tmp_path: Path) -> None:
    root = write_pack(tmp_path / "p", GOOD)
    before = content_hash(root)
    (root / "door_events.toml").write_text(GOOD.replace("amount = 2", "amount = 3"), "utf-8")
    assert content_hash(root) != before


def test_an_extending_pack_replaces_door_events_by_id(tmp_path: Path) -> None:
    text = GOOD.replace('id = "hot_handle"', 'id = "static_spark"')
    pack = load_pack(write_pack(tmp_path / "p", text))
    base = starter_pack()
    assert len(pack.door_events) == len(base.door_events) + 1
    spark = next(card for card in pack.door_events if card.id == "static_spark")
    assert spark.name == "Hot Handle"
    order = [card.id for card in pack.door_events]
    assert order.index("static_spark") == [c.id for c in base.door_events].index("static_spark")


def test_a_pack_of_its_own_has_just_its_cards(tmp_path: Path) -> None:
    pack = load_pack(write_pack(tmp_path / "p", GOOD, extends=False))
    assert [card.id for card in pack.door_event_deck()] == ["creaky"] * 3 + ["hot_handle"]
    hot = pack.door_events[1]
    assert hot.effect.check is not None and hot.effect.check.target(2) == 28


# -- broken door events ----------------------------------------------------------------------------

HOT = "door_events.toml, [[door_event]] #2 (id 'hot_handle'), field "


def test_an_unknown_kind(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace('"damage"', '"explode"')))
    assert message == (
        HOT + "'kind': expected one of 'none', 'damage', 'poison', 'doom', 'monster', 'loot', "
        "'heal', 'ap', 'pp', got 'explode'."
    )


def test_a_missing_kind(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace('kind = "damage"\n', "")))
    assert message == (
        HOT + "'kind': is missing: expected one of 'none', 'damage', 'poison', 'doom', "
        "'monster', 'loot', 'heal', 'ap', 'pp'."
    )


def test_an_amount_the_kind_does_not_allow(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace("amount = 2", "amount = -1")))
    assert message == HOT + "'amount': A 'damage' door event needs an amount of at least 1, not -1."


def test_no_event_with_an_amount(tmp_path: Path) -> None:
    text = GOOD.replace('kind = "none"', 'kind = "none"\namount = 1')
    message = load_error(write_pack(tmp_path / "p", text))
    assert message == (
        "door_events.toml, [[door_event]] #1 (id 'creaky'), field 'amount': A 'none' door event "
        "(No Event) has no amount and no check."
    )


def test_a_check_on_a_helpful_card(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace('"damage"', '"heal"')))
    assert message.startswith(HOT + "'check': A 'heal' door event that helps the opener")


def test_a_bad_check_attribute(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace('"PER"]', '"LUCK"]')))
    assert message.startswith(HOT + "'check.attributes[1]': expected one of 'STR'")


def test_an_unknown_field(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace("amount = 2", "damage = 2")))
    assert message.startswith(HOT + "'damage': is not a known field; allowed are the fields id,")


def test_zero_copies(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace("copies = 3", "copies = 0")))
    assert message == (
        "door_events.toml, [[door_event]] #1 (id 'creaky'), field 'copies': expected a whole "
        "number ≥ 1, got 0."
    )


def test_two_cards_with_one_id(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace('"hot_handle"', '"creaky"')))
    assert message == (
        "door_events.toml, [[door_event]] #2 (id 'creaky'), field 'id': the id 'creaky' is "
        "already used in door_events.toml, [[door_event]] #1 (id 'creaky'); ids are unique in "
        "a pack."
    )
