"""The typed records of the game's content: cards, heroes, hero bonuses and a content pack.

The engine defines these records; the ``doria_nb.content`` package loads TOML packs into them
(*Equipment Cards*, *Definition of Symbols*, *Equipment Card Anatomy*, *Additional Card
Properties*). Every record is frozen and hashable,
closed sets are enums, and a record checks the rules a card must obey when it is built (gold
0 to 3, armor always requires STR, a two-handed card is never a potion, ...), raising
:class:`~doria_nb.engine.errors.CardError`.

>>> sword = ItemCard(
...     id="longsword", name="Longsword", type=CardType.WEAPON, zone=Zone.ONE_HAND, ap=10,
...     requirements=Requirements(STR=9, AGI=7), gold=2,
...     attacks=(Attack(AttackKind.MELEE, Dice(3, 5), damage=2),),
... )
>>> sword
ItemCard(id='longsword', name='Longsword', type=CardType.WEAPON, gold=2, zone=Zone.ONE_HAND, \
ap=10, requirements=Requirements(STR=9, AGI=7), attacks=(Attack(kind=AttackKind.MELEE, \
dice=Dice(count=3, modifier=5), damage=2),))
>>> sword.sale_value(damaged=True)
1
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping
from dataclasses import MISSING, dataclass, field, fields
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Any

from doria_nb.engine.attributes import Attribute, Attributes, DerivedValues, Requirements
from doria_nb.engine.dice import Dice
from doria_nb.engine.errors import CardError, UnknownContentError

if TYPE_CHECKING:
    from doria_nb.engine.door_events import DoorEventCard
    from doria_nb.engine.monsters import MonsterCard, MonsterModifier
    from doria_nb.engine.scenario import Scenario
    from doria_nb.engine.tiles import RoomTile

__all__ = [
    "MAX_GOLD",
    "Attack",
    "AttackKind",
    "Attribute",
    "Bonuses",
    "CardType",
    "CheckSpec",
    "ContentPack",
    "EffectSpec",
    "Element",
    "HeroBonus",
    "HeroTemplate",
    "ItemCard",
    "Marker",
    "SkillSpec",
    "TrapKind",
    "TrapSpec",
    "Zone",
]

MAX_GOLD = 3
"""A card is worth none, 1, 2 or 3 gold coins (*Equipment Card Anatomy*)."""


def _value_repr(value: object) -> str:
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, tuple):
        inner = ", ".join(_value_repr(item) for item in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    return repr(value)


def _compact_repr(record: Any) -> str:
    """A constructor-like repr that leaves out fields still at their default."""
    parts = []
    for f in fields(record):
        if not f.repr:
            continue
        value = getattr(record, f.name)
        if f.default is not MISSING and value == f.default:
            continue
        if f.default_factory is not MISSING and value == f.default_factory():
            continue
        parts.append(f"{f.name}={_value_repr(value)}")
    return f"{type(record).__name__}({', '.join(parts)})"


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_whole(record: str, name: str, value: object, *, minimum: int | None = 0) -> None:
    if not _whole(value):
        raise CardError(f"{record}: {name} must be a whole number, not {value!r}.")
    assert isinstance(value, int)
    if minimum is not None and value < minimum:
        raise CardError(f"{record}: {name} must be at least {minimum}, not {value}.")


class CardType(StrEnum):
    """The icon in a card's upper left corner (*Equipping Cards and Definition of Symbols*)."""

    WEAPON = "weapon"
    PSI = "psi"
    ARMOR = "armor"
    POTION = "potion"
    TRAP = "trap"
    EVENT = "event"

    @property
    def is_equipment(self) -> bool:
        """Weapons, psi spells, armor and potions can be carried and equipped."""
        return self in (CardType.WEAPON, CardType.PSI, CardType.ARMOR, CardType.POTION)


class Zone(StrEnum):
    """Where a card is equipped. ``BODY`` means anywhere on the Body (potions, some defensive
    spells)."""

    ONE_HAND = "1 hand"
    TWO_HANDS = "2 hands"
    HEAD = "head"
    ARMS = "arms"
    TORSO = "torso"
    LEGS = "legs"
    FEET = "feet"
    ACCESSORY = "accessory"
    BODY = "body"


class AttackKind(StrEnum):
    """Melee and ranged attacks are parried by defense, magic attacks by psi resistance."""

    MELEE = "melee"
    RANGED = "ranged"
    MAGIC = "magic"


class Element(StrEnum):
    """The element of an attack; armor vulnerable to it is ignored (*Getting Hit and Armor
    Rating*)."""

    FIRE = "fire"
    ICE = "ice"
    AIR = "air"
    EARTH = "earth"
    LIGHT = "light"


class TrapKind(StrEnum):
    """Person, Area or Room trap (*Traps and Secret Doors*)."""

    PERSON = "person"
    AREA = "area"
    ROOM = "room"


class Marker(StrEnum):
    """A dungeon marker a trap may place."""

    HOLE = "hole"
    RUBBLE = "rubble"
    BLOCKED_DOOR = "blocked_door"
    FIRE = "fire"
    ICE = "ice"
    AIR = "air"
    SECRET_DOOR = "secret_door"


@dataclass(frozen=True, slots=True, repr=False)
class Attack:
    """An attack printed on a card: ``kind``, dice, damage, optional element, area and range.

    ``range`` is set only when this attack's range differs from the card's (a thrown weapon
    that can also strike in melee).
    """

    kind: AttackKind
    dice: Dice
    damage: int = 1
    element: Element | None = None
    area: str | None = None
    range: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, AttackKind):
            raise CardError(f"An attack's kind must be an AttackKind, not {self.kind!r}.")
        if not isinstance(self.dice, Dice):
            raise CardError(f"An attack's dice must be Dice, not {self.dice!r}.")
        _check_whole("An attack", "damage", self.damage)
        if self.range is not None:
            _check_whole("An attack", "range", self.range)

    __repr__ = _compact_repr

    def __str__(self) -> str:
        text = f"{self.kind} {self.dice}, damage {self.damage}"
        if self.element:
            text += f", {self.element}"
        return text


_BONUS_NAMES = ("melee", "ranged", "magic", "defense", "psi_resistance", "hp", "ip", "pp")


@dataclass(frozen=True, slots=True, repr=False)
class Bonuses:
    """Passive modifiers of a card (*Additional Card Properties*). They stack across items and
    stay active when the item is damaged.

    >>> Bonuses(melee=1) + Bonuses(melee=2, ip=-1)
    Bonuses(melee=3, ip=-1)
    """

    melee: int = 0
    ranged: int = 0
    magic: int = 0
    defense: int = 0
    psi_resistance: int = 0
    hp: int = 0
    ip: int = 0
    pp: int = 0

    def __post_init__(self) -> None:
        # Equipment sums its bonuses whenever a maximum is read, so this runs often: a plain
        # int (the usual case) is whole, and anything else gets the full check and its error.
        for name in _BONUS_NAMES:
            value = getattr(self, name)
            if type(value) is not int:
                _check_whole("A bonus", name, value, minimum=None)

    def __add__(self, other: Bonuses) -> Bonuses:
        if not isinstance(other, Bonuses):
            return NotImplemented
        return Bonuses(*(getattr(self, n) + getattr(other, n) for n in _BONUS_NAMES))

    def __bool__(self) -> bool:
        return any(getattr(self, name) for name in _BONUS_NAMES)

    __repr__ = _compact_repr

    @property
    def modifiers(self) -> DerivedValues:
        """The Equipment Modifiers of HP, IP and PP."""
        return DerivedValues(self.hp, self.ip, self.pp)

    def attack(self, kind: AttackKind) -> int:
        """The bonus to attacks of ``kind``."""
        return getattr(self, kind.value)


@dataclass(frozen=True, slots=True)
class CheckSpec:
    """A Target-Number check printed on a card: two attributes + 2D against
    ``tn + per_level x Monster Level``."""

    attributes: tuple[Attribute, ...]
    tn: int
    per_level: int = 0

    def __post_init__(self) -> None:
        if not self.attributes or not all(isinstance(a, Attribute) for a in self.attributes):
            raise CardError(
                f"A check names its attributes, e.g. (STR, AGI), not {self.attributes!r}."
            )
        _check_whole("A check", "tn", self.tn)
        _check_whole("A check", "per_level", self.per_level)

    def target(self, monster_level: int = 1) -> int:
        """The Target Number at ``monster_level`` (the Boulder Trap's 28+[3xML] is 31 at ML 1)."""
        return self.tn + self.per_level * monster_level

    def __str__(self) -> str:
        names = "+".join(a.value for a in self.attributes)
        level = f"+[{self.per_level}xML]" if self.per_level else ""
        return f"{names}+2D against {self.tn}{level}"


EffectParam = str | int | float | bool | tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class EffectSpec:
    """A registered effect, by name, with its parameters (e.g. ``heal`` with ``amount=3``).

    >>> EffectSpec.of("extra_attack_die", kind="melee").get("kind")
    'melee'
    """

    name: str
    params: tuple[tuple[str, EffectParam], ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise CardError(f"An effect needs a name, not {self.name!r}.")
        keys = [key for key, _ in self.params]
        if keys != sorted(set(keys)):
            object.__setattr__(self, "params", tuple(sorted(dict(self.params).items())))

    @classmethod
    def of(cls, name: str, **params: EffectParam) -> EffectSpec:
        return cls(name, tuple(sorted(params.items())))

    def get(self, key: str, default: EffectParam | None = None) -> EffectParam | None:
        for name, value in self.params:
            if name == key:
                return value
        return default

    def __repr__(self) -> str:
        inner = "".join(f", {key}={value!r}" for key, value in self.params)
        return f"EffectSpec.of({self.name!r}{inner})"


@dataclass(frozen=True, slots=True, repr=False)
class TrapSpec:
    """What a trap card does when drawn (*Traps and Secret Doors*)."""

    kind: TrapKind
    check: CheckSpec | None = None
    damage: int = 0
    poison: int = 0
    xp: int = 0
    places: Marker | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, TrapKind):
            raise CardError(f"A trap's kind must be a TrapKind, not {self.kind!r}.")
        for name in ("damage", "poison", "xp"):
            _check_whole("A trap", name, getattr(self, name))

    __repr__ = _compact_repr


_HAND_ZONES = (Zone.ONE_HAND, Zone.TWO_HANDS)
NO_REQUIREMENTS = Requirements()
NO_BONUSES = Bonuses()


@dataclass(frozen=True, slots=True, repr=False)
class ItemCard:
    """One Loot Card or Standard Item: equipment, potion, trap or event.

    Only the fields a card prints are set; the rest keep their defaults. ``ap`` is the Action
    Point cost to use (and to repair) the card; ``set`` is the armor set name and ``category``
    the weapon category; ``armor`` is the Armor Rating (AR) and ``vulnerable`` the elements that
    make it ignored; ``elements`` are the enchantments an enchanted weapon can activate.
    """

    id: str
    name: str
    type: CardType
    text: str = ""
    gold: int = 0
    standard: bool = False
    copies: int = 1
    zone: Zone | None = None
    ap: int = 0
    requirements: Requirements = NO_REQUIREMENTS
    enchanted: bool = False
    set: str | None = None
    category: str | None = None
    range: int | None = None
    pp: int = 0
    attacks: tuple[Attack, ...] = ()
    defense: Dice | None = None
    psi_resistance: Dice | None = None
    bonuses: Bonuses = NO_BONUSES
    armor: int = 0
    vulnerable: tuple[Element, ...] = ()
    check: CheckSpec | None = None
    effect: EffectSpec | None = None
    elements: tuple[Element, ...] = ()
    trap: TrapSpec | None = None
    _hash: int | None = field(default=None, init=False, repr=False, compare=False, hash=False)
    """The card's hash, worked out the first time it is asked (see :meth:`__hash__`)."""

    def __hash__(self) -> int:
        """The hash a frozen dataclass gives (of every field's value, in order), kept: a mat,
        the key of many kept answers, hashes all its cards each time it is looked up, and a
        card hashes a dozen nested values (tests/unit/test_cards.py compares the two)."""
        found = self._hash
        if found is None:
            found = hash(tuple(getattr(self, name) for name in _CARD_FIELDS))
            object.__setattr__(self, "_hash", found)
        return found

    def __getstate__(self) -> list[object]:
        """A copied or pickled card carries its fields, not its kept hash (another process
        hashes text differently)."""
        return [getattr(self, name) for name in _CARD_FIELDS]

    def __setstate__(self, state: list[object]) -> None:
        for name, value in zip(_CARD_FIELDS, state, strict=True):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_hash", None)

    def __post_init__(self) -> None:
        who = f"The card {self.id!r}" if isinstance(self.id, str) else "A card"
        if not isinstance(self.id, str) or not self.id:
            raise CardError(f"A card needs an id, not {self.id!r}.")
        if not isinstance(self.type, CardType):
            raise CardError(f"{who}: type must be a CardType, not {self.type!r}.")
        _check_whole(who, "gold", self.gold)
        if self.gold > MAX_GOLD:
            raise CardError(f"{who}: gold is none, 1, 2 or 3 coins, not {self.gold}.")
        _check_whole(who, "copies", self.copies, minimum=1)
        _check_whole(who, "ap", self.ap)
        _check_whole(who, "pp", self.pp)
        _check_whole(who, "armor", self.armor)
        if self.range is not None:
            _check_whole(who, "range", self.range)
        if self.zone is not None and not isinstance(self.zone, Zone):
            raise CardError(f"{who}: zone must be a Zone, not {self.zone!r}.")
        if self.type.is_equipment and self.zone is None:
            raise CardError(f"{who}: a {self.type} card needs a zone to be equipped in.")
        if not self.type.is_equipment and self.zone is not None:
            raise CardError(f"{who}: a {self.type} card is never equipped, so it has no zone.")
        if self.type is CardType.ARMOR and Attribute.STR not in self.requirements:
            raise CardError(
                f"{who}: armor always requires Strength (Requirements of Equipment Cards); "
                "list STR in its requirements."
            )
        if self.type is CardType.POTION:
            if self.requirements:
                raise CardError(f"{who}: potions have no requirements.")
            if self.zone is not Zone.BODY:
                raise CardError(f"{who}: potions are kept anywhere on the Body (zone 'body').")
        if self.type is CardType.TRAP and self.trap is None:
            raise CardError(f"{who}: a trap card needs its trap details (kind, check, ...).")
        if self.type is not CardType.TRAP and self.trap is not None:
            raise CardError(f"{who}: only trap cards have trap details.")

    __repr__ = _compact_repr

    def __str__(self) -> str:
        return self.name

    @property
    def is_equipment(self) -> bool:
        return self.type.is_equipment

    @property
    def is_armor(self) -> bool:
        return self.type is CardType.ARMOR

    @property
    def two_handed(self) -> bool:
        return self.zone is Zone.TWO_HANDS

    @property
    def held_in_hands(self) -> bool:
        return self.zone in _HAND_ZONES

    @property
    def is_defensive(self) -> bool:
        """It has its own defense or psi resistance roll, usable only from the Body."""
        return self.defense is not None or self.psi_resistance is not None

    def attack(self, kind: AttackKind) -> Attack | None:
        """This card's attack of ``kind``, if it has one."""
        return next((a for a in self.attacks if a.kind is kind), None)

    def sale_value(self, *, damaged: bool = False) -> int:
        """Gold this card is worth in the dimension store: 1 less while damaged (*Phase I: Buy
        or Remove Shop Items*; *Repairing Equipment*)."""
        return max(self.gold - 1, 0) if damaged else self.gold

    def has_requirements(self) -> bool:
        return bool(self.requirements)


_CARD_FIELDS = tuple(f.name for f in fields(ItemCard) if f.compare)
"""The fields an :class:`ItemCard` is compared and hashed by (all but its kept hash)."""


@dataclass(frozen=True, slots=True, repr=False)
class HeroTemplate:
    """One of the premade heroes: attributes and predefined Standard Items (*Preparing
    Characters*)."""

    id: str
    name: str
    attributes: Attributes
    standard_items: tuple[ItemCard, ...] = ()
    description: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.attributes, Attributes):
            raise CardError(f"The hero {self.id!r} needs Attributes, not {self.attributes!r}.")
        for card in self.standard_items:
            if not isinstance(card, ItemCard):
                raise CardError(f"The hero {self.id!r} lists {card!r}, which is not a card.")

    __repr__ = _compact_repr

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True, repr=False)
class HeroBonus:
    """One of the nine hero bonuses (*Hero and Monster Level*), with its rules text and the
    effect later rules look up."""

    id: str
    name: str
    effect: EffectSpec
    text: str = ""

    __repr__ = _compact_repr

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class SkillSpec:
    """A standard skill on the Character Sheet (Dodge, Psi Resistance): its dice and the
    minimum attributes needed to use it."""

    name: str
    dice: Dice
    requirements: Requirements = NO_REQUIREMENTS


DEFAULT_DODGE = SkillSpec("Dodge", Dice(2), Requirements(AGI=5))
"""Ruling H5 (docs/rulings.md): Dodge rolls 2D and needs AGI 5."""
DEFAULT_PSI_RESISTANCE = SkillSpec("Psi Resistance", Dice(2), Requirements(WIS=5))
"""Ruling H5 (docs/rulings.md): Psi Resistance rolls 2D (as the Mage's and the Warrior's
examples do) and needs WIS 5."""


def _index(kind: str, records: tuple[Any, ...]) -> dict[str, Any]:
    index: dict[str, Any] = {}
    for record in records:
        if record.id in index:
            raise CardError(f"Two {kind}s have the id {record.id!r}; ids are unique in a pack.")
        index[record.id] = record
    return index


@dataclass(frozen=True, slots=True)
class ContentPack:
    """A loaded content pack: its identity, hash, heroes, cards, hero bonuses, room tiles,
    monsters, monster modifiers, scenarios and Door Event cards.

    ``content_hash`` is computed by the loader over the pack's files; a save file stores
    ``(id, version, content_hash)`` so that a game is never replayed against other content.
    """

    id: str
    name: str
    version: str
    content_hash: str = ""
    description: str = ""
    license: str = ""
    extends: str | None = None
    heroes: tuple[HeroTemplate, ...] = ()
    items: tuple[ItemCard, ...] = ()
    bonuses: tuple[HeroBonus, ...] = ()
    tiles: tuple[RoomTile, ...] = ()
    monsters: tuple[MonsterCard, ...] = ()
    modifiers: tuple[MonsterModifier, ...] = ()
    scenarios: tuple[Scenario, ...] = ()
    door_events: tuple[DoorEventCard, ...] = ()
    dodge: SkillSpec = DEFAULT_DODGE
    psi_resistance: SkillSpec = DEFAULT_PSI_RESISTANCE
    _indexes: dict[str, dict[str, Any]] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "_indexes",
            {
                "hero": _index("hero", self.heroes),
                "item": _index("item", self.items),
                "bonus": _index("bonus", self.bonuses),
                "tile": _index("tile", self.tiles),
                "monster": _index("monster", self.monsters),
                "modifier": _index("modifier", self.modifiers),
                "scenario": _index("scenario", self.scenarios),
                "door event": _index("door event", self.door_events),
            },
        )

    def __repr__(self) -> str:
        tiles = f", {len(self.tiles)} tiles" if self.tiles else ""
        return (
            f"<ContentPack {self.id} {self.version}: {len(self.heroes)} heroes, "
            f"{len(self.items)} cards, {len(self.bonuses)} bonuses{tiles}>"
        )

    @property
    def fingerprint(self) -> tuple[str, str, str]:
        """``(id, version, content_hash)``: what a save file records."""
        return (self.id, self.version, self.content_hash)

    def _lookup(self, kind: str, key: str) -> Any:
        index = self._indexes[kind]
        try:
            return index[key]
        except KeyError:
            close = difflib.get_close_matches(str(key), list(index), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else "."
            raise UnknownContentError(f"The pack {self.id!r} has no {kind} {key!r}{hint}") from None

    def item(self, card_id: str) -> ItemCard:
        return self._lookup("item", card_id)

    def hero(self, hero_id: str) -> HeroTemplate:
        return self._lookup("hero", hero_id)

    def bonus(self, bonus_id: str) -> HeroBonus:
        return self._lookup("bonus", bonus_id)

    def tile(self, tile_id: str) -> RoomTile:
        """The room tile ``tile_id`` (like ``"A-1"``), as printed."""
        return self._lookup("tile", tile_id)

    def has_tile(self, tile_id: str) -> bool:
        return tile_id in self._indexes["tile"]

    def monster(self, monster_id: str) -> MonsterCard:
        """The monster ``monster_id`` (like ``"orc"``) with its four level cards."""
        return self._lookup("monster", monster_id)

    def has_monster(self, monster_id: str) -> bool:
        return monster_id in self._indexes["monster"]

    def modifier(self, modifier_id: str) -> MonsterModifier:
        """The monster modifier ``modifier_id`` (like ``"horde"``)."""
        return self._lookup("modifier", modifier_id)

    def monster_deck(self) -> tuple[MonsterCard | MonsterModifier, ...]:
        """The normal monster deck: every non-special monster and every modifier, each
        repeated ``copies`` times, in pack order (the Dragons and the Female Zombie stay out,
        FAQ)."""
        normal = [m for m in self.monsters if not m.special]
        return tuple(card for card in (*normal, *self.modifiers) for _ in range(card.copies))

    def scenario(self, scenario_id: str) -> Scenario:
        """The scenario ``scenario_id`` (like ``"the_flooded_archive"``)."""
        return self._lookup("scenario", scenario_id)

    def door_event_deck(self) -> tuple[DoorEventCard, ...]:
        """The Door Event deck (*Optional Rule: Door Events*): every card repeated ``copies``
        times, in pack order."""
        return tuple(card for card in self.door_events for _ in range(card.copies))

    def has_item(self, card_id: str) -> bool:
        return card_id in self._indexes["item"]

    @property
    def standard_items(self) -> tuple[ItemCard, ...]:
        """Every Standard Item (not in the loot decks)."""
        return tuple(card for card in self.items if card.standard)

    @property
    def loot_cards(self) -> tuple[ItemCard, ...]:
        """Every distinct card of the loot decks (one entry per card, whatever its copies)."""
        return tuple(card for card in self.items if not card.standard)

    def loot_deck(self) -> tuple[ItemCard, ...]:
        """The loot deck as a list of cards, each repeated ``copies`` times, in pack order."""
        return tuple(card for card in self.loot_cards for _ in range(card.copies))

    def cards_by_type(self) -> Mapping[CardType, int]:
        """How many loot cards (copies counted) of each type the deck holds."""
        counts: dict[CardType, int] = {kind: 0 for kind in CardType}
        for card in self.loot_deck():
            counts[card.type] += 1
        return counts

    def __iter__(self) -> Iterator[ItemCard]:
        return iter(self.items)
