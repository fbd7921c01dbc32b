"""The character sheet: attributes, calculated values with their arithmetic, and the mat.

An anywidget whose front end (``widgets/character_sheet.js``) only draws the plain state Python
sends (:attr:`CharacterSheet.state`) and sends back *intents*: select a card, move it, mark it
damaged, repair it. Python asks the engine whether each intent is legal
(:meth:`~doria_nb.engine.character.Character.can_move` and friends) and applies it through the
engine, or shows the engine's reason and changes nothing.

What the sheet shows (*Calculated Values*, *Character Mat & Character Sheet Anatomy*, *Armor
Encumbrance*, *Equipping Cards and Definition of Symbols*, *Additional Card Properties*):

* the six attributes;
* HP, IP and PP: the calculated value with its formula written out, the Equipment Modifiers
  of the cards on the Body, the IP lost to armor encumbrance with its arithmetic, the maximum
  and the current value;
* Dodge and Psi Resistance, available or why not, and the defense rolls the Body offers;
* the mat: the eight Body slots, the Belt and the Backpack, each card with its key values;
* for the selected card, every place it could go, whether it may go there, the AP it costs and
  the engine's reason when it may not.

This module is the view: the state and the intents are the plain model's
(:class:`~doria_nb.ui.character_sheet.model.SheetModel`); the state it sends is built by
:func:`~doria_nb.ui.character_sheet.drawn.sheet_state` (with
:mod:`~doria_nb.ui.character_sheet.texts`, :mod:`~doria_nb.ui.character_sheet.moves` and
:mod:`~doria_nb.ui.mat_places`).

>>> sheet = CharacterSheet.for_hero("mage")
>>> sheet.state["values"][0]["formula"]
'(STR 4 + CON 6) ÷ 2 = 5, rounded down'
>>> sheet.move("psi_orb", "hand 1").ap
10
>>> sheet.message
'✔ The Mage moved the Psi Orb from the Backpack, place 1 to the hand 1 (Body): 10 AP.'
>>> sheet.move("psi_orb", "head") is None
True
>>> sheet.message
'✖ The Psi Orb is equipped in 1 hand, not in the head. Nothing changed.'
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.character import Character
from doria_nb.engine.mat import Destination, Location, MatChange
from doria_nb.ui.assets import widget_asset
from doria_nb.ui.character_sheet.model import Play, SheetModel
from doria_nb.ui.character_sheet.moves import SheetMove
from doria_nb.ui.character_sheet.premade import premade_character
from doria_nb.ui.model_view import then_redraw

__all__ = ["CSS_CLASSES", "CharacterSheet"]

CSS_CLASSES = {
    "root": "doria-character-sheet",
    "widget": "doria-character-sheet-widget",
    "name": "doria-sheet-name",
    "attributes": "doria-sheet-attributes",
    "values": "doria-sheet-values",
    "skills": "doria-sheet-skills",
    "body": "doria-mat-body",
    "belt": "doria-mat-belt",
    "backpack": "doria-mat-backpack",
    "slot": "doria-slot",
    "card": "doria-card",
    "details": "doria-card-details",
    "destination": "doria-destination",
    "destination_button": "doria-destination-button",
    "damage_button": "doria-damage-button",
    "repair_button": "doria-repair-button",
    "move_select": "doria-move-select",
    "move_button": "doria-move-button",
    "message": "doria-sheet-message",
    "summary": "doria-sheet-summary",
}
"""The stable CSS classes of the sheet's parts (drawn by ``widgets/character_sheet.js``)."""


class CharacterSheet(anywidget.AnyWidget):
    """A character's sheet and mat; click a card to see where it may go, then move it.

    ``CharacterSheet(character)`` shows an engine :class:`Character` (or nothing yet, with
    ``None``); :meth:`for_hero` builds a premade hero of the starter pack. ``setup=True`` is
    the arrangement before the first round (*Preparing Characters*): cards are placed at no AP
    cost (the sheet still shows what each move would cost in play).

    Python-side API: :meth:`select`, :meth:`legal_moves`, :meth:`destinations`, :meth:`move`,
    :meth:`damage`, :meth:`repair`, :meth:`refresh`, :attr:`character` (settable),
    :attr:`state` (the plain dict the front end draws), :attr:`message`, :attr:`message_kind`,
    :attr:`selected`, :attr:`last_ap`, :attr:`ap_spent` (the model's, :attr:`model`). The
    front end sends ``{"type": "select", "card": key}``, ``{"type": "move", "card": key,
    "destination": d}``, ``{"type": "damage" | "repair", "card": key}`` and
    ``{"type": "deselect"}``.
    """

    _esm = widget_asset("character_sheet.js")
    _css = widget_asset("character_sheet.css")

    state = traitlets.Dict().tag(sync=True)
    """Everything the front end draws (plain JSON)."""

    def __init__(
        self,
        character: Character | None = None,
        *,
        setup: bool = False,
        play: Play | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.model = SheetModel(character, setup=setup, play=play)
        """The character, the selection and the last message (plain, no widgets)."""
        self.add_class(CSS_CLASSES["widget"])
        self.on_msg(self._on_front_end_message)
        self.refresh()

    @classmethod
    def for_hero(
        cls,
        hero: str,
        *,
        pack: ContentPack | None = None,
        name: str | None = None,
        setup: bool = False,
        **kwargs: Any,
    ) -> CharacterSheet:
        """The sheet of a premade hero (``"mage"``, ``"Shield Maiden"``, ...) with its
        Standard Items in the Backpack, ready to be equipped."""
        return cls(premade_character(hero, pack=pack, name=name), setup=setup, **kwargs)

    # -- the model's state -----------------------------------------------------------------

    @property
    def character(self) -> Character | None:
        """The character shown; setting another one starts the sheet afresh."""
        return self.model.character

    @character.setter
    def character(self, character: Character | None) -> None:
        self.model.character = character
        self.refresh()

    @property
    def setup(self) -> bool:
        return self.model.setup

    @property
    def play(self) -> Play | None:
        """In a game, the game's taker of moves and repairs, else None."""
        return self.model.play

    @property
    def selected(self) -> str | None:
        """The key of the selected card (``'backpack:0'``), or ``None``."""
        return self.model.selected

    @property
    def message(self) -> str:
        """The last message in words (a move's cost, or why a request was refused)."""
        return self.model.message

    @property
    def message_kind(self) -> str:
        """``'ok'``, ``'error'`` or ``'info'``."""
        return self.model.message_kind

    @property
    def last_ap(self) -> int | None:
        """AP the last move, repair or damage cost (``None`` before any)."""
        return self.model.last_ap

    @property
    def ap_spent(self) -> int:
        """AP spent through this sheet since the character was shown (0 in setup mode)."""
        return self.model.ap_spent

    def locate(self, card: str | Location) -> Location:
        """The location of ``card`` (a key, a :class:`Location` or a card id)."""
        return self.model.locate(card)

    def destinations(self, card: str | Location) -> list[SheetMove]:
        """For the card, every place on the mat, whether it may go there and why not."""
        return self.model.destinations(card)

    def legal_moves(self, card: str | Location | None = None) -> list[SheetMove]:
        """Every legal move of one card, or of every card on the mat (Body, Belt, Backpack)."""
        return self.model.legal_moves(card)

    # -- intents (drawn again after each) --------------------------------------------------

    def select(self, card: str | Location | None) -> dict[str, Any] | None:
        """Select a card (show its details and destinations); ``None`` deselects. Returns the
        details drawn, or ``None``. An unknown card shows why and keeps the old selection."""
        chosen = then_redraw(lambda: self.model.select(card), self.refresh)
        return self.state.get("details") if chosen else None

    def move(self, card: str | Location, destination: Destination | str) -> MatChange | None:
        """Move a card through the engine; ``None`` (and the engine's reason in
        :attr:`message`) when the move is illegal, the character unchanged."""
        return then_redraw(lambda: self.model.move(card, destination), self.refresh)

    def damage(self, card: str | Location) -> MatChange | None:
        """Place a Damaged marker on a card (a fumble, or armor that absorbed a hit)."""
        return then_redraw(lambda: self.model.damage(card), self.refresh)

    def repair(self, card: str | Location) -> MatChange | None:
        """Repair one damaged card (*Repairing Equipment*); shows its AP cost."""
        return then_redraw(lambda: self.model.repair(card), self.refresh)

    def _on_front_end_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        then_redraw(lambda: self.model.receive(content), self.refresh)

    def refresh(self) -> None:
        """Recompute the plain state from the character (after changes made elsewhere)."""
        self.state = self.model.drawn()
