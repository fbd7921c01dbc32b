"""The character sheet, as a model and a view: :class:`SheetModel` holds a character's mat and
the intents on it (select, move, damage, repair; no widgets), :class:`CharacterSheet` sends its
plain state to the front end and hands the front end's requests back to it.

Modules: :mod:`.model` (the state and the intents), :mod:`.moves` (what may go where),
:mod:`.drawn` (the plain state drawn), :mod:`.texts` (formulas and card lines in words),
:mod:`.premade` (premade heroes) and :mod:`.widget` (the anywidget view).
"""

from doria_nb.ui.character_sheet.drawn import card_state, sheet_state
from doria_nb.ui.character_sheet.model import SheetModel
from doria_nb.ui.character_sheet.moves import SheetMove
from doria_nb.ui.character_sheet.premade import equipment_only, premade_character
from doria_nb.ui.character_sheet.texts import (
    DERIVED,
    MINUS,
    card_lines,
    encumbrance_text,
    formula_text,
    requirement_status,
    skill_text,
)
from doria_nb.ui.character_sheet.widget import CSS_CLASSES, CharacterSheet
from doria_nb.ui.mat_places import (
    DESTINATIONS,
    SLOT_LABELS,
    destination_key,
    destination_label,
    location_key,
    parse_destination,
    parse_location,
)

__all__ = [
    "CSS_CLASSES",
    "DERIVED",
    "DESTINATIONS",
    "MINUS",
    "SLOT_LABELS",
    "CharacterSheet",
    "SheetModel",
    "SheetMove",
    "card_lines",
    "card_state",
    "destination_key",
    "destination_label",
    "encumbrance_text",
    "equipment_only",
    "formula_text",
    "location_key",
    "parse_destination",
    "parse_location",
    "premade_character",
    "requirement_status",
    "sheet_state",
    "skill_text",
]
