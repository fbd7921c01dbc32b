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

This module is the widget and its intents; the state it sends is built by
:func:`~doria_nb.ui.sheet_state.sheet_state` (with :mod:`~doria_nb.ui.sheet_text`,
:mod:`~doria_nb.ui.sheet_moves` and :mod:`~doria_nb.ui.mat_places`), whose public names are
also importable from here.

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

from collections.abc import Callable, Iterable
from typing import Any

import anywidget
import traitlets

from doria_nb.engine.cards import ContentPack, ItemCard
from doria_nb.engine.character import Character
from doria_nb.engine.errors import DoriaError, EquipError
from doria_nb.engine.mat import Destination, Location, MatChange
from doria_nb.ui.assets import widget_asset
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
)
from doria_nb.ui.sheet_moves import (
    SheetMove,
    card_destinations,
    cost_text,
    legal_moves,
    locate_card,
)
from doria_nb.ui.sheet_state import card_state, sheet_state
from doria_nb.ui.sheet_text import (
    DERIVED,
    MINUS,
    capital,
    card_lines,
    encumbrance_text,
    formula_text,
    requirement_status,
    skill_text,
    values_change,
)

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
    :attr:`selected`, :attr:`last_ap`, :attr:`ap_spent`. The front end sends
    ``{"type": "select", "card": key}``, ``{"type": "move", "card": key, "destination": d}``,
    ``{"type": "damage" | "repair", "card": key}`` and ``{"type": "deselect"}``.
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
        play: Callable[[str, Location, str], tuple[bool, str]] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.play = play
        """In a game, the sheet changes nothing itself: ``play(kind, location, destination)``
        (kind ``"move"`` or ``"repair"``) turns a card moved or repaired on the sheet into the
        game's action and returns ``(done, message)``; damage only comes from the rules."""
        if character is not None and not isinstance(character, Character):
            raise TypeError(
                f"CharacterSheet shows an engine Character, not {type(character).__name__}."
            )
        self._character = character
        self.setup = bool(setup)
        self.selected: str | None = None
        """The key of the selected card (``'backpack:0'``), or ``None``."""
        self.message = ""
        """The last message in words (a move's cost, or why a request was refused)."""
        self.message_kind = "info"
        """``'ok'``, ``'error'`` or ``'info'``."""
        self.last_ap: int | None = None
        """AP the last move, repair or damage cost (``None`` before any)."""
        self.ap_spent = 0
        """AP spent through this sheet since the character was shown (0 in setup mode)."""
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

    # -- the character ------------------------------------------------------------------------

    @property
    def character(self) -> Character | None:
        return self._character

    @character.setter
    def character(self, character: Character | None) -> None:
        if character is not None and not isinstance(character, Character):
            raise TypeError(
                f"CharacterSheet shows an engine Character, not {type(character).__name__}."
            )
        self._character = character
        self.selected = None
        self.message, self.message_kind = "", "info"
        self.last_ap, self.ap_spent = None, 0
        self.refresh()

    def _require(self) -> Character:
        if self._character is None:
            raise DoriaError("There is no character on this sheet yet.")
        return self._character

    # -- finding cards ------------------------------------------------------------------------

    def locate(self, card: str | Location) -> Location:
        """The location of ``card``: a key (``'backpack:0'``), a :class:`Location`, or a card
        id (``'longsword'``, the first such card on the mat)."""
        return locate_card(self._require(), card)

    # -- what may go where --------------------------------------------------------------------

    def destinations(self, card: str | Location) -> list[SheetMove]:
        """For the card, every place on the mat: whether it may go there, its AP cost, and
        the engine's reason when not. A two-handed card lists the hands once."""
        return card_destinations(self._require(), card, setup=self.setup)

    def _cost_text(self, ap: int) -> str:
        return cost_text(ap, setup=self.setup)

    def legal_moves(self, card: str | Location | None = None) -> list[SheetMove]:
        """Every legal move of one card, or of every card on the mat (Body, Belt, Backpack)."""
        if self._character is None:
            return []
        return legal_moves(self._character, card, setup=self.setup)

    # -- intents ------------------------------------------------------------------------------

    def select(self, card: str | Location | None) -> dict[str, Any] | None:
        """Select a card (show its details and destinations); ``None`` deselects. Returns the
        details drawn, or ``None``. An unknown card shows why and keeps the old selection."""
        if card is None:
            self.selected = None
            self.refresh()
            return None
        try:
            location = self.locate(card)
        except DoriaError as error:
            self._say(f"✖ {error}", "error")
            return None
        self.selected = location_key(location)
        self.refresh()
        return self.state.get("details")

    def move(self, card: str | Location, destination: Destination | str) -> MatChange | None:
        """Move a card through the engine (equip it, put it in the Belt or Backpack).

        Returns the engine's :class:`MatChange`; when the move is illegal, returns ``None``,
        shows the engine's reason in :attr:`message` and leaves the character unchanged.
        """
        if self.play is not None:
            return self._played("move", card, destination)
        try:
            character = self._require()
            location = self.locate(card)
            target = parse_destination(destination)
            held = character.mat.at(location)
            before = character.maximum
            verdict = character.can_move(location, target)
            if not verdict:
                raise EquipError(verdict.reason)
            change = character.move(location, target)
        except DoriaError as error:
            self._say(f"✖ {error} Nothing changed.", "error")
            return None
        ap = 0 if self.setup else change.ap
        self.last_ap = ap
        self.ap_spent += ap
        first = change.moved[0]
        self.selected = location_key(first.dest) if first.dest is not None else None
        parts = [
            f"✔ {capital(character.who)} moved the {held.card.name} from "
            f"{place_words(first.source)} to {place_words(first.dest)}: "
            f"{self._cost_text(change.ap)}."
        ]
        parts += [
            f"The {m.held.card.name} it replaced went to {area_words(m.dest)}."
            for m in change.moved[1:]
        ]
        changed = values_change(before, character.maximum)
        if changed:
            parts.append(changed)
        self._say(" ".join(parts), "ok")
        return change

    def damage(self, card: str | Location) -> MatChange | None:
        """Place a Damaged marker on a card (a fumble, or armor that absorbed a hit)."""
        if self.play is not None:
            self._say("✖ In a game, only the rules damage a card. Nothing changed.", "error")
            return None
        try:
            character = self._require()
            location = self.locate(card)
            name = character.mat.at(location).card.name
            change = character.damage_item(location)
        except DoriaError as error:
            self._say(f"✖ {error} Nothing changed.", "error")
            return None
        self.last_ap = 0
        self.selected = location_key(location)
        self._say(
            f"⚠ The {name} is damaged: it loses its attack, defense, Armor Rating and use, "
            "but keeps its bonuses and penalties.",
            "ok",
        )
        return change

    def repair(self, card: str | Location) -> MatChange | None:
        """Repair one damaged card (*Repairing Equipment*); shows its AP cost."""
        if self.play is not None:
            return self._played("repair", card, "")
        try:
            character = self._require()
            location = self.locate(card)
            name = character.mat.at(location).card.name
            verdict = character.can_repair(location)
            if not verdict:
                raise EquipError(verdict.reason)
            change = character.repair(location)
        except DoriaError as error:
            self._say(f"✖ {error} Nothing changed.", "error")
            return None
        ap = 0 if self.setup else change.ap
        self.last_ap = ap
        self.ap_spent += ap
        self.selected = location_key(location)
        self._say(f"✔ {capital(character.who)} repaired the {name}: {change.ap} AP.", "ok")
        return change

    def _played(self, kind: str, card: str | Location, destination: Destination | str) -> None:
        """A move or repair handed to :attr:`play` (the game decides and changes the mat)."""
        assert self.play is not None
        try:
            location = self.locate(card)
            where = "" if kind == "repair" else destination_key(parse_destination(destination))
        except DoriaError as error:
            self._say(f"✖ {error} Nothing changed.", "error")
            return None
        done, message = self.play(kind, location, where)
        if done:
            self.selected = None
        self._say(message, "ok" if done else "error")
        return None

    def _say(self, text: str, kind: str) -> None:
        self.message, self.message_kind = text, kind
        self.refresh()

    def _on_front_end_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            self._say("The sheet received a request it does not understand.", "error")
            return
        kind = content.get("type")
        card = content.get("card")
        if kind == "select":
            self.select(str(card) if card is not None else None)
        elif kind == "deselect":
            self.select(None)
        elif kind == "move":
            self.move(str(card), str(content.get("destination", "")))
        elif kind == "damage":
            self.damage(str(card))
        elif kind == "repair":
            self.repair(str(card))
        else:
            self._say(f"The sheet does not know the request {kind!r}.", "error")

    # -- state --------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Recompute the plain state from the character (after changes made elsewhere)."""
        self.state = self._build_state()

    def _build_state(self) -> dict[str, Any]:
        if self.selected is not None and self._character is not None:
            try:
                self.locate(self.selected)
            except DoriaError:
                self.selected = None
        return sheet_state(
            self._character,
            setup=self.setup,
            selected=self.selected,
            message=self.message,
            message_kind=self.message_kind,
            last_ap=self.last_ap,
            ap_spent=self.ap_spent,
        )


# -- helpers ------------------------------------------------------------------------------------


def premade_character(
    hero: str, *, pack: ContentPack | None = None, name: str | None = None
) -> Character:
    """A premade hero of ``pack`` (the starter pack by default) by id or name."""
    if pack is None:
        from doria_nb.content.loader import starter_pack

        pack = starter_pack()
    wanted = str(hero).strip()
    template = next(
        (h for h in pack.heroes if wanted.lower() in (h.id, h.name.lower())),
        None,
    )
    if template is None:
        template = pack.hero(wanted.lower().replace(" ", "_").replace("-", "_"))
    return Character.from_template(
        template, name=name, dodge=pack.dodge, psi_resistance=pack.psi_resistance
    )


def equipment_only(cards: Iterable[ItemCard]) -> tuple[ItemCard, ...]:
    """The cards that go on a mat (weapons, spells, armor, potions; not traps or events)."""
    return tuple(card for card in cards if card.is_equipment)


__all__ = [
    "CSS_CLASSES",
    "DERIVED",
    "DESTINATIONS",
    "MINUS",
    "SLOT_LABELS",
    "CharacterSheet",
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
    "skill_text",
]
