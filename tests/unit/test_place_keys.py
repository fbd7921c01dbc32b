"""Card place keys read through a table give what going through every Body slot gives
(doria_nb.engine.table.places)."""

from __future__ import annotations

import pytest

from doria_nb.engine.mat import Area, Location, Slot
from doria_nb.engine.table.places import location_key, parse_destination, parse_location
from doria_nb.engine.table.records import IllegalAction


def _slot_by_walk(text: str) -> Slot | None:
    for slot in Slot:
        if text == slot.value:
            return slot
    return None


@pytest.mark.parametrize(
    "key",
    [*(s.value for s in Slot), " Hand 1 ", "HEAD", "belt 0", "backpack 12", "body", "Belt"],
)
def test_a_key_names_the_place_it_named_before(key: str) -> None:
    text = key.strip().lower()
    slot = _slot_by_walk(text)
    if slot is not None:
        assert parse_location(key) == Location.body(slot)
        assert parse_destination(key) is slot
        assert location_key(parse_location(key)) == slot.value
    elif text in ("body", "belt", "backpack"):
        assert parse_destination(key) is Area(text.capitalize())
    else:
        area, _, number = text.partition(" ")
        assert parse_location(key) == Location(Area(area.capitalize()), index=int(number))


@pytest.mark.parametrize("key", ["elbow", "hand", "belt x", "", 3])
def test_a_key_that_names_nothing_is_refused(key: object) -> None:
    with pytest.raises(IllegalAction):
        parse_location(key)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        parse_destination(key)  # type: ignore[arg-type]
