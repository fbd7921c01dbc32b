"""The plain state the character sheet's front end draws, built from an engine character.

A pure function of the character and a few sheet settings (setup mode, the selected card, the
last message): no widget, no side effects, only JSON-ready dicts, lists, strings, numbers and
booleans. ``widgets/character_sheet.js`` draws exactly this; :class:`~doria_nb.ui.
character_sheet.CharacterSheet` sends it as its ``state`` trait.

>>> from doria_nb.ui.character_sheet.premade import premade_character
>>> state = sheet_state(premade_character("mage"), selected="backpack:0")
>>> state["values"][0]["formula"], state["details"]["name"]
('(STR 4 + CON 6) ÷ 2 = 5, rounded down', 'Psi Orb')
>>> sheet_state(None)["summary"]
'No character yet.'
"""

from __future__ import annotations

from typing import Any

from doria_nb.engine.character import Character
from doria_nb.engine.mat import BELT_SPACES, Held, Location, Mat, Slot
from doria_nb.ui.character_sheet.moves import card_destinations, cost_text, legal_moves
from doria_nb.ui.character_sheet.texts import (
    DERIVED,
    bonus_words,
    card_lines,
    encumbrance_text,
    formula_text,
    maximum_text,
    modifier_text,
    requirement_status,
    skill_text,
)
from doria_nb.ui.mat_places import SLOT_LABELS, location_key, parse_location


def sheet_state(
    character: Character | None,
    *,
    setup: bool = False,
    selected: str | None = None,
    message: str = "",
    message_kind: str = "info",
    last_ap: int | None = None,
    ap_spent: int = 0,
) -> dict[str, Any]:
    """Everything the sheet shows: attributes, calculated values with their formulas, the
    mat, and for the ``selected`` card (a key such as ``'backpack:0'`` of a card on the mat)
    its details and every destination with its verdict and cost.

    ``setup`` shows moves as free (*Preparing Characters*); ``message``/``message_kind``,
    ``last_ap`` and ``ap_spent`` are the sheet's last answer and running AP total, passed
    through for the front end.
    """
    said = {"text": message, "kind": message_kind}
    if character is None:
        return {
            "empty": True,
            "name": "",
            "summary": "No character yet.",
            "message": said,
            "setup": setup,
        }
    attributes = character.attributes
    armor = character.mat.armor_total
    mat = character.mat
    cards = {location_key(loc): card_state(held, loc, character) for loc, held in mat.locations()}
    return {
        "empty": False,
        "name": character.name,
        "who": character.who,
        "kind": f"premade hero ({character.template.name})"
        if character.template is not None
        else "custom hero",
        "level": character.level,
        "setup": setup,
        "setup_text": "Setup: cards are arranged at no AP cost (Preparing Characters)."
        if setup
        else "",
        "attributes": [{"key": a.value, "name": a.full_name, "value": v} for a, v in attributes],
        "attribute_total": attributes.total,
        "values": calculated_values(character),
        "armor_total": armor,
        "encumbrance": character.encumbrance,
        "encumbrance_text": encumbrance_text(armor, attributes.STR),
        "skills": [
            skill_text(character.dodge, character),
            skill_text(character.psi_resistance, character),
        ],
        "defense": [f"{o.name} {o.dice}" for o in character.defense_options()],
        "psi_resistance": [f"{o.name} {o.dice}" for o in character.psi_resistance_options()],
        "bonuses": bonus_words(character),
        "body": body_state(mat, cards),
        "belt": [cards[location_key(Location.belt(i))] for i in range(len(mat.belt))],
        "belt_spaces": BELT_SPACES,
        "backpack": [cards[location_key(Location.backpack(i))] for i in range(len(mat.backpack))],
        "selected": selected,
        "details": None
        if selected is None
        else selected_details(character, cards[selected], setup=setup),
        "moves": [m.as_dict() for m in legal_moves(character, setup=setup)],
        "message": said,
        "last_ap": last_ap,
        "ap_spent": ap_spent,
        "summary": f"{character.sheet().describe()} {mat.describe()}",
    }


def calculated_values(character: Character) -> list[dict[str, Any]]:
    """HP, IP and PP: the formula, the Equipment Modifiers, the IP lost to encumbrance, the
    maximum with its arithmetic, and the current value (IP has none between rounds)."""
    attributes = character.attributes
    base, modifiers, maximum = character.base, character.modifiers, character.maximum
    armor = character.mat.armor_total
    values = []
    for key, abbreviation, full, _, _ in DERIVED:
        modifier = getattr(modifiers, key)
        lost = character.encumbrance if key == "ip" else 0
        values.append(
            {
                "key": key,
                "label": abbreviation,
                "name": full,
                "base": getattr(base, key),
                "formula": formula_text(attributes, key),
                "modifier": modifier,
                "modifier_text": modifier_text(character, key),
                "encumbrance": lost,
                "encumbrance_text": encumbrance_text(armor, attributes.STR) if key == "ip" else "",
                "maximum": getattr(maximum, key),
                "maximum_text": maximum_text(getattr(base, key), modifier, lost),
                "current": None if key == "ip" else getattr(character, key),
            }
        )
    return values


def body_state(mat: Mat, cards: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The eight Body slots in order; hand 2 of a two-handed card says which card fills it."""
    body = []
    for slot in Slot:
        found = mat.occupant(slot)
        entry: dict[str, Any] = {"slot": slot.value, "label": SLOT_LABELS[slot], "card": None}
        if found is not None:
            kept, held = found
            key = location_key(Location.body(kept))
            if kept is slot:
                entry["card"] = cards[key]
            else:
                entry["filled_by"] = key
                entry["filled_text"] = f"{held.card.name} (both hands)"
        body.append(entry)
    return body


def selected_details(character: Character, card: dict[str, Any], *, setup: bool) -> dict[str, Any]:
    """The selected card's state plus where it may go, and whether it may be damaged or
    repaired (with the repair's cost)."""
    details = dict(card)
    key = card["key"]
    details["destinations"] = [m.as_dict() for m in card_destinations(character, key, setup=setup)]
    location = parse_location(key)
    held = character.mat.at(location)
    details["can_damage"] = not held.damaged
    details["can_repair"] = held.damaged
    if held.damaged:
        cost = character.mat.repair_cost(location)
        details["repair_text"] = f"Repair ({cost_text(cost, setup=setup)})"
    return details


def card_state(held: Held, location: Location, character: Character) -> dict[str, Any]:
    """The plain state of one card on the mat."""
    card = held.card
    met, requirement = requirement_status(card, character.attributes)
    flags = []
    if card.standard:
        flags.append("Standard Item")
    if card.enchanted:
        flags.append("enchanted")
    if card.elements:
        flags.append("elements: " + ", ".join(card.elements))
    lines = card_lines(card)
    words = [card.name, *lines, requirement]
    if held.damaged:
        words.append("damaged")
    return {
        "key": location_key(location),
        "id": card.id,
        "name": card.name,
        "type": str(card.type),
        "zone": str(card.zone) if card.zone else "",
        "two_handed": card.two_handed,
        "text": card.text,
        "lines": lines,
        "requirements": str(card.requirements) if card.requirements else "",
        "requirements_met": met,
        "requirement_text": requirement,
        "damaged": held.damaged,
        "damaged_text": "⚠ damaged" if held.damaged else "",
        "gold": card.sale_value(damaged=held.damaged),
        "set": card.set or card.category or "",
        "flags": flags,
        "where": str(location),
        "label": ". ".join(words) + ".",
    }
