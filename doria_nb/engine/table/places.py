"""Card places written as short keys for actions and save files: ``"hand 1"``, ``"belt 0"``,
``"backpack 2"``.

>>> from doria_nb.engine.mat import Location, Slot
>>> location_key(Location.body(Slot.HAND_1)), location_key(Location.belt(0))
('hand 1', 'belt 0')
>>> parse_location("backpack 2") == Location.backpack(2)
True
"""

from __future__ import annotations

from doria_nb.engine.mat import Area, Location, Slot
from doria_nb.engine.table.records import IllegalAction

__all__ = ["location_key", "parse_destination", "parse_location"]

_SLOTS = {slot.value: slot for slot in Slot}
"""Each Body slot by its key (``"hand 1"`` -> ``Slot.HAND_1``)."""


def location_key(location: Location) -> str:
    if location.area is Area.BODY:
        assert location.slot is not None
        return str(location.slot)
    return f"{location.area.value.lower()} {location.index}"


def parse_location(key: str) -> Location:
    """The place a key names; a key that names none is refused in words."""
    if isinstance(key, str):
        text = key.strip().lower()
        slot = _SLOTS.get(text)
        if slot is not None:
            return Location.body(slot)
        area, _, number = text.partition(" ")
        if area in ("belt", "backpack") and number.isdigit():
            return Location(Area(area.capitalize()), index=int(number))
    slots = ", ".join(s.value for s in Slot)
    raise IllegalAction(
        f"{key!r} is no place on a Character Mat; name a Body slot ({slots}), 'belt N' or "
        "'backpack N'."
    )


def parse_destination(key: str) -> Slot | Area:
    """A Body slot, ``body`` (any free slot), ``belt`` or ``backpack``."""
    text = key.strip().lower() if isinstance(key, str) else ""
    if text in ("body", "belt", "backpack"):
        return Area(text.capitalize())
    slot = _SLOTS.get(text)
    if slot is not None:
        return slot
    raise IllegalAction(f"{key!r} is no place to put a card; name a Body slot, belt or backpack.")
