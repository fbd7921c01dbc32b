"""The character sheet's model: a character's mat and the intents on it, as plain state (no
widgets). The view (:mod:`doria_nb.ui.character_sheet.widget`) sends :meth:`SheetModel.drawn`
to its front end and hands the front end's requests to :meth:`SheetModel.receive`.

Each intent asks the engine whether it is legal
(:meth:`~doria_nb.engine.character.Character.can_move` and friends) and applies it through the
engine, or says the engine's reason in :attr:`SheetModel.message` and changes nothing
(*Equipping Cards and Definition of Symbols*, *Repairing Equipment*). In a game the sheet
changes nothing itself: :attr:`SheetModel.play` turns a move or repair into the game's action.

>>> from doria_nb.ui.character_sheet.premade import premade_character
>>> model = SheetModel(premade_character("mage"))
>>> model.move("psi_orb", "hand 1").ap
10
>>> model.message
'✔ The Mage moved the Psi Orb from the Backpack, place 1 to the hand 1 (Body): 10 AP.'
>>> model.receive({"type": "dance"})
>>> model.message, model.message_kind
("The sheet does not know the request 'dance'.", 'error')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from doria_nb.engine.character import Character
from doria_nb.engine.errors import DoriaError, EquipError
from doria_nb.engine.mat import Destination, Location, MatChange
from doria_nb.ui.character_sheet.drawn import sheet_state
from doria_nb.ui.character_sheet.moves import (
    SheetMove,
    card_destinations,
    cost_text,
    legal_moves,
    locate_card,
)
from doria_nb.ui.character_sheet.texts import capital, values_change
from doria_nb.ui.mat_places import (
    area_words,
    destination_key,
    location_key,
    parse_destination,
    place_words,
)

__all__ = ["Play", "SheetModel"]

Play = Callable[[str, Location, str], tuple[bool, str]]
"""How a game takes a sheet's move or repair: ``play(kind, location, destination)`` with kind
``"move"`` or ``"repair"`` returns ``(done, message)``."""


def _checked(character: object) -> Character | None:
    if character is not None and not isinstance(character, Character):
        raise TypeError(
            f"CharacterSheet shows an engine Character, not {type(character).__name__}."
        )
    return character


class SheetModel:
    """A character's sheet and mat (``None``: no character yet). ``setup=True`` is the
    arrangement before the first round (*Preparing Characters*): cards are placed at no AP
    cost (the sheet still says what each move would cost in play). ``play`` hands moves and
    repairs to a game instead (see :data:`Play`)."""

    def __init__(
        self, character: Character | None = None, *, setup: bool = False, play: Play | None = None
    ) -> None:
        self._character = _checked(character)
        self.setup = bool(setup)
        self.play = play
        """In a game, the game's taker of moves and repairs (see :data:`Play`), else None."""
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

    # -- the character ---------------------------------------------------------------------

    @property
    def character(self) -> Character | None:
        """The character shown; setting another one starts the sheet afresh."""
        return self._character

    @character.setter
    def character(self, character: Character | None) -> None:
        self._character = _checked(character)
        self.selected = None
        self.message, self.message_kind = "", "info"
        self.last_ap, self.ap_spent = None, 0

    def _require(self) -> Character:
        if self._character is None:
            raise DoriaError("There is no character on this sheet yet.")
        return self._character

    def locate(self, card: str | Location) -> Location:
        """The location of ``card``: a key (``'backpack:0'``), a :class:`Location`, or a card
        id (``'longsword'``, the first such card on the mat)."""
        return locate_card(self._require(), card)

    def destinations(self, card: str | Location) -> list[SheetMove]:
        """For the card, every place on the mat: whether it may go there, its AP cost, and
        the engine's reason when not. A two-handed card lists the hands once."""
        return card_destinations(self._require(), card, setup=self.setup)

    def legal_moves(self, card: str | Location | None = None) -> list[SheetMove]:
        """Every legal move of one card, or of every card on the mat (Body, Belt, Backpack)."""
        if self._character is None:
            return []
        return legal_moves(self._character, card, setup=self.setup)

    # -- intents ---------------------------------------------------------------------------

    def select(self, card: str | Location | None) -> bool:
        """Select a card (its details and destinations are drawn); ``None`` deselects.
        Returns whether a card is selected now. An unknown card says why and keeps the old
        selection."""
        if card is None:
            self.selected = None
            return False
        try:
            location = self.locate(card)
        except DoriaError as error:
            self._say(f"✖ {error}", "error")
            return False
        self.selected = location_key(location)
        return True

    def move(self, card: str | Location, destination: Destination | str) -> MatChange | None:
        """Move a card through the engine (equip it, put it in the Belt or Backpack).

        Returns the engine's :class:`MatChange`; when the move is illegal, returns ``None``,
        says the engine's reason in :attr:`message` and leaves the character unchanged.
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
        self._spend(change.ap)
        first = change.moved[0]
        self.selected = location_key(first.dest) if first.dest is not None else None
        parts = [
            f"✔ {capital(character.who)} moved the {held.card.name} from "
            f"{place_words(first.source)} to {place_words(first.dest)}: "
            f"{cost_text(change.ap, setup=self.setup)}."
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
        """Repair one damaged card (*Repairing Equipment*); says its AP cost."""
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
        self._spend(change.ap)
        self.selected = location_key(location)
        self._say(f"✔ {capital(character.who)} repaired the {name}: {change.ap} AP.", "ok")
        return change

    def receive(self, content: Any) -> None:
        """A request of the front end: ``{"type": "select", "card": key}``, ``{"type":
        "deselect"}``, ``{"type": "move", "card": key, "destination": d}`` or ``{"type":
        "damage" | "repair", "card": key}``. Anything else is refused in words."""
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

    # -- what the front end draws ----------------------------------------------------------

    def drawn(self) -> dict[str, Any]:
        """The plain state the front end draws (a selection no longer on the mat is
        dropped first)."""
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

    # -- inside ----------------------------------------------------------------------------

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

    def _spend(self, ap: int) -> None:
        """Count the AP of a move or repair made (nothing in setup mode)."""
        spent = 0 if self.setup else ap
        self.last_ap = spent
        self.ap_spent += spent

    def _say(self, text: str, kind: str) -> None:
        self.message, self.message_kind = text, kind
