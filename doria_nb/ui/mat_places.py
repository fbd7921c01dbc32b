"""Places on the character mat as plain strings: keys the front end sends back, and words.

The sheet's front end knows cards only by keys such as ``'body:hand 1'``, ``'belt:0'`` or
``'backpack:2'``, and destinations by names such as ``'head'`` or ``'belt'``. This module turns
engine :class:`~doria_nb.engine.mat.Location` and destinations into those strings and back, and
says places in words for the sheet's messages.

>>> parse_location(location_key(Location.belt(1))) == Location.belt(1)
True
>>> parse_destination("Hand_1"), destination_label(Area.BELT)
(<Slot.HAND_1: 'hand 1'>, 'Belt')
"""

from __future__ import annotations

from doria_nb.engine.errors import EquipError
from doria_nb.engine.mat import Area, Destination, Location, Slot

SLOT_LABELS = {
    Slot.HAND_1: "Hand 1",
    Slot.HAND_2: "Hand 2",
    Slot.HEAD: "Head",
    Slot.ARMS: "Arms",
    Slot.TORSO: "Torso",
    Slot.LEGS: "Legs",
    Slot.FEET: "Feet",
    Slot.ACCESSORY: "Accessory",
}
"""Each Body slot as the sheet titles it."""

DESTINATIONS: tuple[Destination, ...] = (*Slot, Area.BELT, Area.BACKPACK)
"""Every place a card may be sent to, in the order the sheet lists them."""


def location_key(location: Location) -> str:
    """A location as a string the front end can send back: ``'body:hand 1'``, ``'belt:0'``,
    ``'backpack:2'``.

    >>> location_key(Location.body(Slot.HEAD)), location_key(Location.backpack(2))
    ('body:head', 'backpack:2')
    """
    if location.area is Area.BODY:
        return f"body:{location.slot}"
    return f"{location.area.value.lower()}:{location.index}"


def parse_location(key: str) -> Location:
    """The :class:`Location` of a key made by :func:`location_key`."""
    area, _, rest = key.partition(":")
    area = area.strip().lower()
    try:
        if area == "body":
            return Location.body(_slot(rest))
        if area in ("belt", "backpack"):
            index = int(rest)
            return Location.belt(index) if area == "belt" else Location.backpack(index)
    except ValueError:
        pass
    raise EquipError(
        f"{key!r} names no place on the mat; use e.g. 'body:hand 1', 'belt:0' or 'backpack:2'."
    )


def _slot(text: str) -> Slot:
    cleaned = " ".join(text.strip().lower().replace("_", " ").replace("-", " ").split())
    if cleaned in ("hand1", "hand2"):
        cleaned = f"hand {cleaned[-1]}"
    return Slot(cleaned)


def destination_key(destination: Destination) -> str:
    """``'hand 1'`` ... ``'accessory'``, ``'belt'``, ``'backpack'`` (and ``'body'``)."""
    return destination.value if isinstance(destination, Slot) else destination.value.lower()


def parse_destination(value: Destination | str) -> Destination:
    """A destination from a :class:`Slot`, an :class:`Area` or its name (``'head'``,
    ``'Belt'``, ``'hand_1'``; ``'body'`` is the first free slot that fits)."""
    if isinstance(value, Slot | Area):
        return value
    text = str(value).strip().lower()
    for area in Area:
        if text == area.value.lower():
            return area
    try:
        return _slot(text)
    except ValueError:
        names = ", ".join(destination_key(d) for d in DESTINATIONS)
        raise EquipError(f"{value!r} is not a place on the mat; use one of {names}.") from None


def destination_label(destination: Destination) -> str:
    """A destination as the sheet titles it: ``'Hand 1'``, ``'Belt'``."""
    if isinstance(destination, Slot):
        return SLOT_LABELS[destination]
    return destination.value


def place_words(location: Location | None) -> str:
    """Where a card is, in the engine's words, or ``'off the mat'``."""
    return str(location) if location is not None else "off the mat"


def area_words(location: Location | None) -> str:
    """Where a displaced card went: ``'the head'``, ``'the Backpack'`` or ``'off the mat'``."""
    if location is None:
        return "off the mat"
    if location.area is Area.BODY:
        return f"the {location.slot}"
    return f"the {location.area}"


def short_place(location: Location) -> str:
    """A location in a few words for a move's label: ``'Hand 1'``, ``'Backpack 3'``."""
    if location.area is Area.BODY:
        return SLOT_LABELS[location.slot]  # type: ignore[index]
    return f"{location.area} {location.index + 1}"  # type: ignore[operator]
