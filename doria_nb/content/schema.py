"""The schema of a content pack's TOML files, as msgspec structs.

This is the machine-checked half of ``docs/content-format.md``: one struct per kind of table.
Every struct forbids unknown fields, so a misspelt field fails to load instead of being
ignored. The loader (:mod:`doria_nb.content.loader`) converts each parsed TOML file into these
structs, then into the engine's frozen records (:mod:`doria_nb.engine.cards`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

import msgspec
from msgspec import Meta, Struct

from doria_nb.engine.attributes import Attribute
from doria_nb.engine.cards import MAX_GOLD, AttackKind, CardType, Element, Marker, TrapKind, Zone
from doria_nb.engine.door_events import DoorEffectKind
from doria_nb.engine.scenario import MAX_MONSTER_LEVEL

ID_PATTERN = r"^[a-z0-9]+(_[a-z0-9]+)*$"
TILE_ID_PATTERN = r"^[A-Z]{1,3}-[0-9]{1,3}$"
VERSION_PATTERN = r"^\d+\.\d+\.\d+([-+][0-9A-Za-z.+-]+)?$"

Id = Annotated[str, Meta(pattern=ID_PATTERN)]
TileId = Annotated[str, Meta(pattern=TILE_ID_PATTERN)]
"""A room tile's id in the rulebook's style: capital letters, a dash, a number (``"A-1"``)."""
Version = Annotated[str, Meta(pattern=VERSION_PATTERN)]
Text = Annotated[str, Meta(min_length=1)]
NonNegative = Annotated[int, Meta(ge=0)]
Positive = Annotated[int, Meta(ge=1)]
Gold = Annotated[int, Meta(ge=0, le=MAX_GOLD)]
DiceText = Annotated[str, Meta(min_length=1)]
"""A dice expression such as ``"3D+5"``; the loader parses it with the engine's ``Dice``."""

EffectValue = str | int | float | bool | list[Any]


class _Strict(Struct, forbid_unknown_fields=True, kw_only=True):
    """Base of every table: unknown fields are errors."""


# -- pack.toml ----------------------------------------------------------------------------------


class SkillSchema(_Strict, kw_only=True):
    """A standard skill of the Character Sheet: ``dice`` and minimum ``requirements``."""

    dice: DiceText
    requirements: dict[Attribute, Positive] = {}


class SkillsSchema(_Strict, kw_only=True):
    dodge: SkillSchema | None = None
    psi_resistance: SkillSchema | None = None


class PackFile(_Strict, kw_only=True):
    """``pack.toml``."""

    id: Id
    name: Text
    version: Version
    description: str = ""
    license: str = ""
    extends: Id | None = None
    skills: SkillsSchema | None = None


# -- heroes.toml --------------------------------------------------------------------------------


class AttributesSchema(_Strict, kw_only=True):
    STR: Positive
    CON: Positive
    AGI: Positive
    PER: Positive
    WIS: Positive
    PSI: Positive


class HeroSchema(_Strict, kw_only=True):
    id: Id
    name: Text
    description: str = ""
    attributes: AttributesSchema
    standard_items: list[Id] = []


class HeroesFile(_Strict, kw_only=True):
    hero: list[HeroSchema] = []


# -- bonuses.toml -------------------------------------------------------------------------------


class BonusSchema(_Strict, kw_only=True):
    id: Id
    name: Text
    text: str = ""
    effect: dict[str, EffectValue]


class BonusesFile(_Strict, kw_only=True):
    bonus: list[BonusSchema] = []


# -- items/*.toml -------------------------------------------------------------------------------


class AttackSchema(_Strict, kw_only=True):
    kind: AttackKind
    dice: DiceText
    damage: NonNegative = 1
    element: Element | None = None
    area: str | None = None
    range: NonNegative | None = None


class BonusesSchema(_Strict, kw_only=True):
    melee: int = 0
    ranged: int = 0
    magic: int = 0
    defense: int = 0
    psi_resistance: int = 0
    hp: int = 0
    ip: int = 0
    pp: int = 0


class CheckSchema(_Strict, kw_only=True):
    attributes: Annotated[list[Attribute], Meta(min_length=1)]
    tn: NonNegative
    per_level: NonNegative = 0


class _Item(_Strict, tag_field="type", kw_only=True):
    id: Id
    name: Text
    text: str = ""
    gold: Gold = 0
    standard: bool = False
    copies: Positive = 1


class _Equipment(_Item, kw_only=True):
    zone: Zone
    ap: NonNegative = 0
    requirements: dict[Attribute, Positive] = {}
    enchanted: bool = False
    set: str | None = None
    category: str | None = None
    range: NonNegative | None = None
    pp: NonNegative = 0
    attack: AttackSchema | list[AttackSchema] | None = None
    defense: DiceText | None = None
    psi_resistance: DiceText | None = None
    bonuses: BonusesSchema | None = None
    armor: NonNegative = 0
    vulnerable: list[Element] = []
    check: CheckSchema | None = None
    effect: dict[str, EffectValue] | None = None
    elements: list[Element] = []


class WeaponSchema(_Equipment, tag=CardType.WEAPON.value, kw_only=True):
    pass


class PsiSchema(_Equipment, tag=CardType.PSI.value, kw_only=True):
    pass


class ArmorSchema(_Equipment, tag=CardType.ARMOR.value, kw_only=True):
    pass


class PotionSchema(_Equipment, tag=CardType.POTION.value, kw_only=True):
    zone: Zone = Zone.BODY


class TrapSchema(_Item, tag=CardType.TRAP.value, kw_only=True):
    kind: TrapKind
    check: CheckSchema | None = None
    damage: NonNegative = 0
    poison: NonNegative = 0
    xp: NonNegative = 0
    places: Marker | None = None
    effect: dict[str, EffectValue] | None = None


class EventSchema(_Item, tag=CardType.EVENT.value, kw_only=True):
    effect: dict[str, EffectValue] | None = None


ItemSchema = WeaponSchema | PsiSchema | ArmorSchema | PotionSchema | TrapSchema | EventSchema

ITEM_SCHEMAS: dict[str, type[_Item]] = {
    CardType.WEAPON.value: WeaponSchema,
    CardType.PSI.value: PsiSchema,
    CardType.ARMOR.value: ArmorSchema,
    CardType.POTION.value: PotionSchema,
    CardType.TRAP.value: TrapSchema,
    CardType.EVENT.value: EventSchema,
}


class ItemsFile(_Strict, kw_only=True):
    item: list[ItemSchema] = []


# -- tiles/*.toml -------------------------------------------------------------------------------


class Compass(StrEnum):
    """The side of a tile's map that points north (``north = "N"`` on A-1: *Compass*)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"


class TileSchema(_Strict, kw_only=True):
    """One room tile: its map (one character per square) and its own legend characters.

    The map itself is read and checked by the engine
    (:meth:`doria_nb.engine.tiles.RoomTile.from_map`).
    """

    id: TileId
    name: Text
    text: str = ""
    north: Compass | None = None
    legend: dict[str, Text] = {}
    map: Text


class TilesFile(_Strict, kw_only=True):
    tile: list[TileSchema] = []


# -- monsters/*.toml ----------------------------------------------------------------------------


class PriorityLetter(StrEnum):
    """The priority letter of a level card (*Monster Order*)."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"


class MonsterLevelSchema(_Strict, kw_only=True):
    """One Monster Level Card: ``level`` 1 to 4 and its numbers (*Level Card Anatomy*)."""

    level: Annotated[int, Meta(ge=1, le=4)]
    ap: Positive
    range: Positive
    attack: DiceText
    damage: NonNegative
    element: Element | None = None
    defense: DiceText
    psi_resistance: DiceText
    armor: NonNegative = 0
    vulnerable: Element | None = None
    hp: Positive


class MonsterSchema(_Strict, kw_only=True):
    """One monster card with its four level cards (``[[monster.level]]``)."""

    id: Id
    name: Text
    category: Text
    priority: PriorityLetter
    attack_kind: AttackKind
    figures: Positive = 1
    per_icon: Positive = 1
    copies: Positive = 1
    abilities: str = ""
    area: Text | None = None
    ignores_closest: bool = False
    flight: bool = False
    through_walls: bool = False
    only_hurt_by_magic: bool = False
    multiplies: bool = False
    special: bool = False
    level: list[MonsterLevelSchema] = []


class ModifierSchema(_Strict, kw_only=True):
    """One monster modification card (*Monster modifiers*)."""

    id: Id
    name: Text
    text: Text
    copies: Positive = 1
    loot: NonNegative = 0
    xp: NonNegative = 0
    hp: int = 0
    armor: int = 0
    ap: int = 0
    damage: int = 0
    attack_dice: int = 0
    defense_dice: int = 0
    psi_dice: int = 0
    range: int = 0
    poison: NonNegative = 0
    count: Positive = 1
    element: Element | None = None
    special_action: bool = False
    overrides_abilities: bool = False


class MonstersFile(_Strict, kw_only=True):
    """``monsters/*.toml``: any mix of ``[[monster]]`` and ``[[modifier]]`` entries."""

    monster: list[MonsterSchema] = []
    modifier: list[ModifierSchema] = []


# -- scenarios/*.toml ---------------------------------------------------------------------------

ConditionTable = dict[str, EffectValue]
"""A goal or losing condition: ``kind`` plus the parameters that kind takes. The parameters
depend on the kind, so the loader checks them against the engine's registries
(:data:`doria_nb.engine.scenario_kinds.GOALS`,
:data:`~doria_nb.engine.scenario_kinds.END_CONDITIONS`)."""


class SpecialRuleSchema(_Strict, kw_only=True):
    """A special rule: its text and, optionally, a registered hook with parameters."""

    text: Text
    hook: Id | None = None
    params: dict[str, EffectValue] = {}


class ScenarioSchema(_Strict, kw_only=True):
    """One scenario (``[[scenario]]``); see ``docs/scenario-format.md``."""

    id: Id
    name: Text
    story: Text
    setup: str = ""
    start_tile: TileId = "A-1"
    monster_level: Annotated[int, Meta(ge=1, le=MAX_MONSTER_LEVEL)] = 1
    tiles: list[TileId] | None = None
    goal: ConditionTable
    defeat: list[ConditionTable] = []
    special_rule: list[SpecialRuleSchema] = []


class ScenariosFile(_Strict, kw_only=True):
    """``scenarios/*.toml``: one or more ``[[scenario]]`` entries."""

    scenario: list[ScenarioSchema] = []


# -- door_events.toml ----------------------------------------------------------------------------


class DoorEventSchema(_Strict, kw_only=True):
    """One Door Event card (*Optional Rule: Door Events*); the effect's fields are flat."""

    id: Id
    name: Text
    text: Text
    copies: Positive = 1
    kind: DoorEffectKind
    amount: int = 0
    check: CheckSchema | None = None


class DoorEventsFile(_Strict, kw_only=True):
    """``door_events.toml``: the ``[[door_event]]`` cards."""

    door_event: list[DoorEventSchema] = []


def field_names(schema: type[Struct]) -> tuple[str, ...]:
    """The fields a table of this schema may have (for error messages)."""
    return tuple(f.encode_name for f in msgspec.structs.fields(schema))
