"""Where a card on the mat may go: every destination, whether the engine allows it, what it
costs and what it displaces.

The character sheet lists these for the selected card and for its "move" drop-down. Everything
here asks the engine (:meth:`~doria_nb.engine.character.Character.can_move`,
:meth:`~doria_nb.engine.mat.Mat.move`) and changes nothing, so it can be tested on a bare
:class:`~doria_nb.engine.character.Character`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from doria_nb.engine.character import Character
from doria_nb.engine.errors import EquipError
from doria_nb.engine.mat import HANDS, Area, Destination, Held, Location, Slot
from doria_nb.ui.character_sheet.texts import capital
from doria_nb.ui.mat_places import (
    DESTINATIONS,
    area_words,
    destination_key,
    destination_label,
    location_key,
    parse_location,
    short_place,
)


@dataclass(frozen=True, slots=True)
class SheetMove:
    """One place a card may (or may not) go, as the sheet lists it.

    ``ap`` is what the move costs in play (after Efficiency); in setup mode the sheet charges
    nothing and shows ``ap`` as what it would cost in play. ``reason`` is the engine's answer
    when ``ok`` is false; ``replaces`` says which card a Body move displaces and where it goes.
    """

    card: str
    card_id: str
    card_name: str
    destination: str
    destination_label: str
    ok: bool
    ap: int | None
    reason: str = ""
    replaces: str = ""
    text: str = ""
    label: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def cost_text(ap: int, *, setup: bool) -> str:
    """What a move or repair costs, in words; at setup it is free but says its cost in play.

    >>> cost_text(10, setup=False), cost_text(10, setup=True), cost_text(0, setup=False)
    ('10 AP', 'free at setup (10 AP in play)', 'free (0 AP)')
    """
    if setup:
        return f"free at setup ({ap} AP in play)" if ap else "free (0 AP)"
    return f"{ap} AP" if ap else "free (0 AP)"


def locate_card(character: Character, card: str | Location) -> Location:
    """The location of ``card``: a key (``'backpack:0'``), a :class:`Location`, or a card
    id (``'longsword'``, the first such card on the mat). Hand 2 of a two-handed card is
    given as hand 1, where the card is kept."""
    if isinstance(card, Location):
        location = card
    elif isinstance(card, str) and ":" in card:
        location = parse_location(card)
    elif isinstance(card, str):
        found = character.mat.find(card.strip())
        if found is None:
            names = ", ".join(held.card.id for _, held in character.mat.locations())
            raise EquipError(
                f"{capital(character.who)} has no card {card!r} on the mat"
                + (f"; the cards are {names}." if names else "; the mat is empty.")
            )
        location = found
    else:
        raise EquipError(f"Name a card by its place or id, not {card!r}.")
    if character.mat.get(location) is None:
        raise EquipError(f"There is no card in {location}.")
    return _kept(character, location)


def card_destinations(
    character: Character, card: str | Location, *, setup: bool = False
) -> list[SheetMove]:
    """For the card, every place on the mat: whether it may go there, its AP cost, and
    the engine's reason when not. A two-handed card lists the hands once."""
    location = locate_card(character, card)
    held = character.mat.at(location)
    return [
        _judge(character, location, held, destination, setup=setup)
        for destination in DESTINATIONS
        if not (held.card.two_handed and destination is Slot.HAND_2)
    ]


def legal_moves(
    character: Character, card: str | Location | None = None, *, setup: bool = False
) -> list[SheetMove]:
    """Every legal move of one card, or of every card on the mat (Body, Belt, Backpack)."""
    cards = [card] if card is not None else [location for location, _ in character.mat.locations()]
    return [
        move
        for each in cards
        for move in card_destinations(character, each, setup=setup)
        if move.ok
    ]


def _judge(
    character: Character,
    location: Location,
    held: Held,
    destination: Destination,
    *,
    setup: bool,
) -> SheetMove:
    key = location_key(location)
    label = destination_label(destination)
    if held.card.two_handed and destination in HANDS:
        label = "Both hands"
    verdict = character.can_move(location, destination)
    common = {
        "card": key,
        "card_id": held.card.id,
        "card_name": held.card.name,
        "destination": destination_key(destination),
        "destination_label": label,
    }
    if not verdict:
        return SheetMove(
            **common, ok=False, ap=None, reason=verdict.reason, text=f"✖ {verdict.reason}"
        )
    plan = character.mat.move(
        location, destination, attributes=character.attributes, who=character.who
    )
    ap = _after_efficiency(character, plan.ap)
    replaced = [
        f"the {m.held.card.name} it replaces goes to {area_words(m.dest)}" for m in plan.moved[1:]
    ]
    replaces = "; ".join(replaced)
    cost = cost_text(ap, setup=setup)
    text = f"✔ {cost}" + (f"; {replaces}" if replaces else "")
    move_label = f"{held.card.name} ({short_place(location)}) → {label}: {cost}"
    if replaces:
        move_label += f" ({replaces})"
    return SheetMove(**common, ok=True, ap=ap, replaces=replaces, text=text, label=move_label)


def _kept(character: Character, location: Location) -> Location:
    """Hand 2 of a two-handed card is kept at hand 1."""
    if location.area is Area.BODY:
        found = character.mat.occupant(location.slot)  # type: ignore[arg-type]
        if found is not None:
            return Location.body(found[0])
    return location


def _after_efficiency(character: Character, ap: int) -> int:
    return max(ap - character.ap_saving, 0) if ap > 0 else 0
