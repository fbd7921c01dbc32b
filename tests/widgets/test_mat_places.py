"""Places on the mat as the keys the sheet's front end sends back, and in words (no widget).

Rulebook section: *Character Mat & Character Sheet Anatomy* (the eight Body slots, the Belt
and the Backpack).
"""

from __future__ import annotations

import re

import pytest

from doria_nb.engine.errors import EquipError
from doria_nb.engine.mat import Area, Location, Slot
from doria_nb.ui.mat_places import (
    DESTINATIONS,
    SLOT_LABELS,
    area_words,
    destination_key,
    destination_label,
    location_key,
    parse_destination,
    parse_location,
    place_words,
    short_place,
)


def test_every_slot_has_a_label_and_every_destination_is_listed_once() -> None:
    assert set(SLOT_LABELS) == set(Slot)
    assert (*Slot, Area.BELT, Area.BACKPACK) == DESTINATIONS
    assert [destination_label(d) for d in DESTINATIONS][-2:] == ["Belt", "Backpack"]
    assert destination_label(Slot.HAND_2) == "Hand 2"


@pytest.mark.parametrize(
    ("key", "location"),
    [
        ("body:hand 1", Location.body(Slot.HAND_1)),
        ("body:accessory", Location.body(Slot.ACCESSORY)),
        ("belt:2", Location.belt(2)),
        ("backpack:0", Location.backpack(0)),
    ],
)
def test_location_keys(key: str, location: Location) -> None:
    assert location_key(location) == key
    assert parse_location(key) == location


def test_parse_location_is_lenient_with_spelling() -> None:
    assert parse_location(" Body:Hand_2") == Location.body(Slot.HAND_2)
    assert parse_location("body:hand1") == Location.body(Slot.HAND_1)
    assert parse_location("BELT:1") == Location.belt(1)


@pytest.mark.parametrize("key", ["pocket:1", "belt:x", "body:nose", "backpack", ""])
def test_a_key_that_names_no_place_says_so(key: str) -> None:
    said = "names no place on the mat; use e.g. 'body:hand 1'"
    with pytest.raises(EquipError, match=re.escape(said)):
        parse_location(key)


def test_parse_destination() -> None:
    assert parse_destination(Slot.HEAD) is Slot.HEAD
    assert parse_destination(Area.BELT) is Area.BELT
    assert parse_destination(" Backpack ") is Area.BACKPACK
    assert parse_destination("hand-2") is Slot.HAND_2
    assert [parse_destination(destination_key(d)) for d in DESTINATIONS] == list(DESTINATIONS)
    with pytest.raises(EquipError, match="'nose' is not a place on the mat; use one of hand 1"):
        parse_destination("nose")


def test_places_in_words() -> None:
    assert place_words(None) == area_words(None) == "off the mat"
    assert place_words(Location.backpack(0)) == str(Location.backpack(0))
    assert area_words(Location.body(Slot.HEAD)) == "the head"
    assert area_words(Location.belt(0)) == f"the {Area.BELT}"
    assert short_place(Location.body(Slot.HAND_1)) == "Hand 1"
    assert short_place(Location.backpack(2)) == f"{Area.BACKPACK} 3"
