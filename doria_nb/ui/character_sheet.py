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

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

import anywidget
import traitlets

from doria_nb.engine.attributes import Attribute, Attributes
from doria_nb.engine.cards import ContentPack, ItemCard, SkillSpec
from doria_nb.engine.character import Character
from doria_nb.engine.errors import DoriaError, EquipError
from doria_nb.engine.mat import (
    BELT_SPACES,
    HANDS,
    Area,
    Destination,
    Held,
    Location,
    MatChange,
    Slot,
)
from doria_nb.ui.assets import widget_asset

MINUS = "−"
"""The minus sign used in displayed arithmetic."""

DERIVED = (
    ("hp", "HP", "Hit Points", Attribute.STR, Attribute.CON),
    ("ip", "IP", "Initiative Points", Attribute.AGI, Attribute.PER),
    ("pp", "PP", "Psi Points", Attribute.WIS, Attribute.PSI),
)
"""Each calculated value: key, abbreviation, name and the two attributes it is made of."""

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

DESTINATIONS: tuple[Destination, ...] = (*Slot, Area.BELT, Area.BACKPACK)
"""Every place a card may be sent to, in the order the sheet lists them."""

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


# -- arithmetic in words ------------------------------------------------------------------------


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"{MINUS}{-value}"


def formula_text(attributes: Attributes, key: str) -> str:
    """The *Calculated Values* formula of ``key`` (``"hp"``, ``"ip"`` or ``"pp"``) written out.

    >>> mage = Attributes(STR=4, CON=6, AGI=7, PER=11, WIS=11, PSI=11)
    >>> formula_text(mage, "hp"), formula_text(mage, "ip")
    ('(STR 4 + CON 6) ÷ 2 = 5, rounded down', '(AGI 7 + PER 11) ÷ 2 = 9, rounded down')
    """
    for name, _, _, first, second in DERIVED:
        if name == key:
            a, b = attributes[first], attributes[second]
            return f"({first} {a} + {second} {b}) ÷ 2 = {(a + b) // 2}, rounded down"
    raise KeyError(f"{key!r} is not a calculated value; use hp, ip or pp.")


def encumbrance_text(armor: int, strength: int) -> str:
    """*Armor Encumbrance* in words.

    >>> encumbrance_text(8, 5)
    'AR 8 on the Body − STR 5 = 3 IP'
    >>> encumbrance_text(2, 4)
    'AR 2 on the Body ≤ STR 4: no IP lost'
    """
    if armor > strength:
        return f"AR {armor} on the Body {MINUS} STR {strength} = {armor - strength} IP"
    return f"AR {armor} on the Body ≤ STR {strength}: no IP lost"


def skill_text(skill: SkillSpec, character_or_attributes: Character | Attributes) -> str:
    """Whether a standard skill can be used, with a glyph: ``'✔ Dodge 2D (needs AGI 5)'`` or
    ``'✖ Dodge 2D: Using Dodge needs AGI 5; Hero has AGI 3.'``."""
    if isinstance(character_or_attributes, Character):
        attributes, who = character_or_attributes.attributes, character_or_attributes.who
    else:
        attributes, who = character_or_attributes, "the hero"
    need = f" (needs {skill.requirements})" if skill.requirements else ""
    reason = skill.requirements.explain(f"Using {skill.name}", who, attributes)
    if reason:
        return f"✖ {skill.name} {skill.dice}: {_capital(reason)}"
    return f"✔ {skill.name} {skill.dice}{need}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- locations and destinations as plain strings ------------------------------------------------


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
    if isinstance(destination, Slot):
        return SLOT_LABELS[destination]
    return destination.value


def _place(location: Location | None) -> str:
    return str(location) if location is not None else "off the mat"


# -- cards in words -----------------------------------------------------------------------------


def _bonus_parts(card: ItemCard) -> list[str]:
    b = card.bonuses
    parts = []
    for name, label in (
        ("melee", "melee"),
        ("ranged", "ranged"),
        ("magic", "magic"),
        ("defense", "defense"),
        ("psi_resistance", "psi resistance"),
        ("hp", "HP"),
        ("ip", "IP"),
        ("pp", "PP"),
    ):
        value = getattr(b, name)
        if value:
            parts.append(f"{_signed(value)} {label}")
    return parts


def requirement_status(card: ItemCard, attributes: Attributes) -> tuple[bool, str]:
    """Whether the attributes meet the card's requirements, as ``(met, short text)``:
    ``(False, '✖ needs STR 10 (has 4)')`` or ``(True, '✔ needs STR 10, AGI 8')``."""
    if not card.requirements:
        return True, "no requirements"
    missing = card.requirements.shortfalls(attributes)
    if not missing:
        return True, f"✔ needs {card.requirements}"
    parts = ", ".join(f"{a.value} {need} (has {has})" for a, need, has in missing)
    return False, f"✖ needs {parts}"


def card_lines(card: ItemCard) -> list[str]:
    """The card's key values, one short line each (attack, defense, AR, AP, ...).

    >>> from doria_nb.content.loader import starter_pack
    >>> card_lines(starter_pack().item("longsword"))
    ['Melee 3D+5, damage 2', 'Defense 2D+3', '12 AP', 'range 1']
    """
    lines = []
    for attack in card.attacks:
        text = f"{_capital(str(attack.kind))} {attack.dice}, damage {attack.damage}"
        if attack.element:
            text += f", {attack.element}"
        if attack.area:
            text += f", area {attack.area}"
        lines.append(text)
    if card.defense is not None:
        lines.append(f"Defense {card.defense}")
    if card.psi_resistance is not None:
        lines.append(f"Psi resistance {card.psi_resistance}")
    if card.armor:
        vulnerable = f" (not against {', '.join(card.vulnerable)})" if card.vulnerable else ""
        lines.append(f"AR {card.armor}{vulnerable}")
    if card.is_equipment:
        lines.append(f"{card.ap} AP")
    if card.pp:
        lines.append(f"{card.pp} PP")
    if card.range is not None:
        lines.append(f"range {card.range}")
    bonuses = _bonus_parts(card)
    if bonuses:
        lines.append(", ".join(bonuses))
    if card.check is not None:
        lines.append(f"check {card.check}")
    return lines


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


# -- moves --------------------------------------------------------------------------------------


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


# -- the widget ---------------------------------------------------------------------------------


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
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
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
        character = self._require()
        if isinstance(card, Location):
            location = card
        elif isinstance(card, str) and ":" in card:
            location = parse_location(card)
        elif isinstance(card, str):
            found = character.mat.find(card.strip())
            if found is None:
                names = ", ".join(held.card.id for _, held in character.mat.locations())
                raise EquipError(
                    f"{_capital(character.who)} has no card {card!r} on the mat"
                    + (f"; the cards are {names}." if names else "; the mat is empty.")
                )
            location = found
        else:
            raise EquipError(f"Name a card by its place or id, not {card!r}.")
        if character.mat.get(location) is None:
            raise EquipError(f"There is no card in {location}.")
        return _kept(character, location)

    # -- what may go where --------------------------------------------------------------------

    def destinations(self, card: str | Location) -> list[SheetMove]:
        """For the card, every place on the mat: whether it may go there, its AP cost, and
        the engine's reason when not. A two-handed card lists the hands once."""
        character = self._require()
        location = self.locate(card)
        held = character.mat.at(location)
        result = []
        for destination in DESTINATIONS:
            if held.card.two_handed and destination is Slot.HAND_2:
                continue
            result.append(self._judge(character, location, held, destination))
        return result

    def _judge(
        self, character: Character, location: Location, held: Held, destination: Destination
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
            f"the {m.held.card.name} it replaces goes to {_area_words(m.dest)}"
            for m in plan.moved[1:]
        ]
        replaces = "; ".join(replaced)
        cost = self._cost_text(ap)
        text = f"✔ {cost}" + (f"; {replaces}" if replaces else "")
        move_label = f"{held.card.name} ({_where_short(location)}) → {label}: {cost}"
        if replaces:
            move_label += f" ({replaces})"
        return SheetMove(**common, ok=True, ap=ap, replaces=replaces, text=text, label=move_label)

    def _cost_text(self, ap: int) -> str:
        if self.setup:
            return f"free at setup ({ap} AP in play)" if ap else "free (0 AP)"
        return f"{ap} AP" if ap else "free (0 AP)"

    def legal_moves(self, card: str | Location | None = None) -> list[SheetMove]:
        """Every legal move of one card, or of every card on the mat (Body, Belt, Backpack)."""
        character = self._character
        if character is None:
            return []
        if card is not None:
            return [m for m in self.destinations(card) if m.ok]
        moves = []
        for location, _ in character.mat.locations():
            moves.extend(m for m in self.destinations(location) if m.ok)
        return moves

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
            f"✔ {_capital(character.who)} moved the {held.card.name} from "
            f"{_place(first.source)} to {_place(first.dest)}: {self._cost_text(change.ap)}."
        ]
        parts += [
            f"The {m.held.card.name} it replaced went to {_area_words(m.dest)}."
            for m in change.moved[1:]
        ]
        changed = _values_change(before, character.maximum)
        if changed:
            parts.append(changed)
        self._say(" ".join(parts), "ok")
        return change

    def damage(self, card: str | Location) -> MatChange | None:
        """Place a Damaged marker on a card (a fumble, or armor that absorbed a hit)."""
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
        self._say(f"✔ {_capital(character.who)} repaired the {name}: {change.ap} AP.", "ok")
        return change

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
        message = {"text": self.message, "kind": self.message_kind}
        character = self._character
        if character is None:
            return {
                "empty": True,
                "name": "",
                "summary": "No character yet.",
                "message": message,
                "setup": self.setup,
            }
        if self.selected is not None:
            try:
                self.locate(self.selected)
            except DoriaError:
                self.selected = None
        attributes = character.attributes
        base, modifiers, maximum = character.base, character.modifiers, character.maximum
        encumbrance = character.encumbrance
        armor = character.mat.armor_total
        values = []
        for key, abbreviation, full, _, _ in DERIVED:
            modifier = getattr(modifiers, key)
            lost = encumbrance if key == "ip" else 0
            values.append(
                {
                    "key": key,
                    "label": abbreviation,
                    "name": full,
                    "base": getattr(base, key),
                    "formula": formula_text(attributes, key),
                    "modifier": modifier,
                    "modifier_text": _modifier_text(character, key),
                    "encumbrance": lost,
                    "encumbrance_text": encumbrance_text(armor, attributes.STR)
                    if key == "ip"
                    else "",
                    "maximum": getattr(maximum, key),
                    "maximum_text": _maximum_text(getattr(base, key), modifier, lost),
                    "current": None if key == "ip" else getattr(character, key),
                }
            )
        skills = [
            skill_text(character.dodge, character),
            skill_text(character.psi_resistance, character),
        ]
        defense = [f"{o.name} {o.dice}" for o in character.defense_options()]
        resistance = [f"{o.name} {o.dice}" for o in character.psi_resistance_options()]
        mat = character.mat
        cards = {
            location_key(loc): card_state(held, loc, character) for loc, held in mat.locations()
        }
        body = []
        for slot in Slot:
            found = mat.occupant(slot)
            entry: dict[str, Any] = {"slot": slot.value, "label": SLOT_LABELS[slot], "card": None}
            if found is not None:
                kept, _held = found
                key = location_key(Location.body(kept))
                if kept is slot:
                    entry["card"] = cards[key]
                else:
                    entry["filled_by"] = key
                    entry["filled_text"] = f"{_held.card.name} (both hands)"
            body.append(entry)
        belt = [cards[location_key(Location.belt(i))] for i in range(len(mat.belt))]
        backpack = [cards[location_key(Location.backpack(i))] for i in range(len(mat.backpack))]
        details = None
        if self.selected is not None:
            details = dict(cards[self.selected])
            details["destinations"] = [m.as_dict() for m in self.destinations(self.selected)]
            held = mat.at(parse_location(self.selected))
            details["can_damage"] = not held.damaged
            details["can_repair"] = held.damaged
            if held.damaged:
                cost = mat.repair_cost(parse_location(self.selected))
                details["repair_text"] = f"Repair ({self._cost_text(cost)})"
        moves = [m.as_dict() for m in self.legal_moves()]
        sheet = character.sheet()
        bonuses = _bonus_words(character)
        summary = f"{sheet.describe()} {mat.describe()}"
        return {
            "empty": False,
            "name": character.name,
            "who": character.who,
            "kind": f"premade hero ({character.template.name})"
            if character.template is not None
            else "custom hero",
            "level": character.level,
            "setup": self.setup,
            "setup_text": "Setup: cards are arranged at no AP cost (Preparing Characters)."
            if self.setup
            else "",
            "attributes": [
                {"key": a.value, "name": a.full_name, "value": v} for a, v in attributes
            ],
            "attribute_total": attributes.total,
            "values": values,
            "armor_total": armor,
            "encumbrance": encumbrance,
            "encumbrance_text": encumbrance_text(armor, attributes.STR),
            "skills": skills,
            "defense": defense,
            "psi_resistance": resistance,
            "bonuses": bonuses,
            "body": body,
            "belt": belt,
            "belt_spaces": BELT_SPACES,
            "backpack": backpack,
            "selected": self.selected,
            "details": details,
            "moves": moves,
            "message": message,
            "last_ap": self.last_ap,
            "ap_spent": self.ap_spent,
            "summary": summary,
        }


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


def _kept(character: Character, location: Location) -> Location:
    """Hand 2 of a two-handed card is kept at hand 1."""
    if location.area is Area.BODY:
        found = character.mat.occupant(location.slot)  # type: ignore[arg-type]
        if found is not None:
            return Location.body(found[0])
    return location


def _after_efficiency(character: Character, ap: int) -> int:
    return max(ap - character.ap_saving, 0) if ap > 0 else 0


def _area_words(location: Location | None) -> str:
    if location is None:
        return "off the mat"
    if location.area is Area.BODY:
        return f"the {location.slot}"
    return f"the {location.area}"


def _where_short(location: Location) -> str:
    if location.area is Area.BODY:
        return SLOT_LABELS[location.slot]  # type: ignore[index]
    return f"{location.area} {location.index + 1}"  # type: ignore[operator]


def _modifier_text(character: Character, key: str) -> str:
    parts = []
    for held in character.mat.equipped:
        value = getattr(held.card.bonuses, key)
        if value:
            parts.append(f"{_signed(value)} {held.card.name}")
    return ", ".join(parts) if parts else "none"


def _maximum_text(base: int, modifier: int, lost: int) -> str:
    text = str(base)
    if modifier:
        text += f" {'+' if modifier > 0 else MINUS} {abs(modifier)} equipment"
    if lost:
        text += f" {MINUS} {lost} encumbrance"
    if not modifier and not lost:
        return f"{base}, no modifiers"
    return f"{text} = {base + modifier - lost}"


def _bonus_words(character: Character) -> list[str]:
    b = character.bonuses
    words = []
    for name, label in (
        ("melee", "melee attacks"),
        ("ranged", "ranged attacks"),
        ("magic", "magic attacks"),
        ("defense", "defense rolls"),
        ("psi_resistance", "psi resistance rolls"),
    ):
        value = getattr(b, name)
        if value:
            words.append(f"{_signed(value)} to {label}")
    return words


def _values_change(before: Any, after: Any) -> str:
    parts = []
    for key, abbreviation, *_ in DERIVED:
        old, new = getattr(before, key), getattr(after, key)
        if old != new:
            parts.append(f"{abbreviation} {old} → {new}")
    return ("Maximum " + ", ".join(parts) + ".") if parts else ""


def equipment_only(cards: Iterable[ItemCard]) -> tuple[ItemCard, ...]:
    """The cards that go on a mat (weapons, spells, armor, potions; not traps or events)."""
    return tuple(card for card in cards if card.is_equipment)


__all__ = [
    "CSS_CLASSES",
    "CharacterSheet",
    "SheetMove",
    "card_lines",
    "card_state",
    "destination_key",
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
