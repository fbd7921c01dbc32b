"""Load a content pack (a folder of TOML files) into the engine's records.

``load_pack(path)`` reads ``pack.toml``, ``heroes.toml``, ``bonuses.toml``, ``items/*.toml``,
``tiles/*.toml``, ``monsters/*.toml``, ``scenarios/*.toml`` and ``door_events.toml`` (the format
is ``docs/content-format.md`` and ``docs/scenario-format.md``), validates
each file against :mod:`doria_nb.content.schema`, builds the frozen records of
:mod:`doria_nb.engine.cards`, :mod:`doria_nb.engine.tiles`, :mod:`doria_nb.engine.monsters`,
:mod:`doria_nb.engine.scenario` and :mod:`doria_nb.engine.door_events`, and checks what spans
files: unique ids, the Standard Items a hero names, the effects of the hero bonuses, the Room
Tiles a scenario names. Any problem raises
:class:`~doria_nb.engine.errors.ContentError` naming the file, the entry (table, position and
id), the field, and what was expected; a bad map character also gets its row and column.

The pack's ``content_hash`` is a SHA-256 over every ``.toml`` file of the folder (paths and
bytes), so that a save file can refuse to replay against other content.
"""

from __future__ import annotations

import functools
import hashlib
import re
import tomllib
from collections.abc import Callable, Iterator, Mapping, Sequence
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from doria_nb.content import schema
from doria_nb.engine.attributes import Attribute, Attributes, Requirements
from doria_nb.engine.cards import (
    DEFAULT_DODGE,
    DEFAULT_PSI_RESISTANCE,
    Attack,
    AttackKind,
    Bonuses,
    CardType,
    CheckSpec,
    ContentPack,
    EffectSpec,
    Element,
    HeroBonus,
    HeroTemplate,
    ItemCard,
    Marker,
    SkillSpec,
    TrapKind,
    TrapSpec,
    Zone,
)
from doria_nb.engine.dice import Dice
from doria_nb.engine.door_events import DoorEffect, DoorEffectKind, DoorEventCard, DoorEventError
from doria_nb.engine.effects import effect_of
from doria_nb.engine.errors import ContentError, DoriaError, ScenarioError, TileError
from doria_nb.engine.limits import MAX_DEPTH, MAX_TEXT, LimitError, check_shape
from doria_nb.engine.monsters import (
    LEVEL_CARDS,
    MonsterCard,
    MonsterLevel,
    MonsterModifier,
    Priority,
)
from doria_nb.engine.progression import check_bonus_effect
from doria_nb.engine.scenario import (
    EndCondition,
    Goal,
    Scenario,
    SpecialRule,
)
from doria_nb.engine.tiles import RoomTile, TileSquare, parse_legend
from doria_nb.engine.traps import trap_plan

STARTER_DIR = Path(__file__).resolve().parent / "starter"
"""Where the original starter set lives."""

T = TypeVar("T")

# -- error messages ---------------------------------------------------------------------------

_PATH = re.compile(r"\[(\d+)\]|\.([A-Za-z_][A-Za-z0-9_]*)|\[\.\.\.\]")
_ENUMS_BY_FIELD: dict[str, type[Enum]] = {
    "type": CardType,
    "zone": Zone,
    "element": Element,
    "vulnerable": Element,
    "elements": Element,
    "places": Marker,
    "north": schema.Compass,
    "attack_kind": AttackKind,
    "priority": schema.PriorityLetter,
}


def _segments(path: str) -> list[str | int]:
    """``$.item[3].attack[0].dice`` -> ``['item', 3, 'attack', 0, 'dice']``."""
    out: list[str | int] = []
    for match in _PATH.finditer(path.removeprefix("$")):
        if match.group(1) is not None:
            out.append(int(match.group(1)))
        elif match.group(2) is not None:
            out.append(match.group(2))
        else:
            out.append("...")
    return out


def _walk(raw: Any, segments: Sequence[str | int]) -> Any:
    node = raw
    for seg in segments:
        if seg == "...":
            return None
        try:
            node = node[seg]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def _field_text(segments: Sequence[str | int]) -> str:
    text = ""
    for seg in segments:
        if isinstance(seg, int):
            text += f"[{seg}]"
        elif seg == "...":
            text += "[...]"
        else:
            text += f".{seg}" if text else seg
    return text


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{value}'"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    return repr(value)


def _enum_for(
    segments: Sequence[str | int], entry_type: str | None, table: str | int | None = None
) -> type[Enum] | None:
    names = [s for s in segments if isinstance(s, str) and s != "..."]
    if not names:
        return None
    last = names[-1]
    if last == "kind" and table == "door_event":
        return DoorEffectKind
    if last == "kind":
        return AttackKind if "attack" in names else TrapKind
    if last in ("requirements", "attributes"):
        return Attribute
    return _ENUMS_BY_FIELD.get(last)


def _choices(enum: type[Enum]) -> str:
    return ", ".join(f"'{member.value}'" for member in enum)  # type: ignore[attr-defined]


def _expected(message: str) -> str:
    """msgspec's "Expected `int` >= 1" in words."""
    m = re.match(r"Expected `([^`]*)`(.*?)(?:, got `([^`]*)`)?$", message)
    if not m:
        return message
    kind, rest, _got = m.groups()
    words = {
        "int": "a whole number",
        "str": "text",
        "bool": "true or false",
        "array": "an array",
        "object": "a table",
        "float": "a number",
    }
    kinds = " or ".join(words.get(k.strip(), k.strip()) for k in kind.split("|"))
    rest = rest.strip()
    if rest.startswith("matching regex"):
        if schema.TILE_ID_PATTERN in rest:
            return "a tile id like 'A-1': capital letters, '-', a number"
        if "a-z0-9" in rest:
            return "an id: lower-case words joined by '_' (like 'combat_hammer')"
        return "a version like '1.0.0'"
    rest = rest.replace(">=", "≥").replace("<=", "≤")
    if "length" in rest:
        rest = rest.replace("length ≥ 1", "that is not empty")
    return f"{kinds} {rest}".strip()


class _Where:
    """One entry of one file, for error messages."""

    def __init__(
        self, file: str, table: str | None = None, index: int | None = None, entry_id: Any = None
    ) -> None:
        self.file = file
        self.table = table
        self.index = index
        self.entry_id = entry_id

    def __str__(self) -> str:
        if self.table is None:
            return self.file
        entry = f"[[{self.table}]] #{self.index + 1}" if self.index is not None else self.table
        if isinstance(self.entry_id, str):
            entry += f" (id '{self.entry_id}')"
        return f"{self.file}, {entry}"

    def error(self, field: str | None, message: str) -> ContentError:
        where = f"{self}, field '{field}'" if field else str(self)
        return ContentError(f"{where}: {message}")

    def guard(self, field: str | None, make: Callable[[], T]) -> T:
        """Build a value, turning an engine error into a ContentError at this place."""
        try:
            return make()
        except DoriaError as error:
            raise self.error(field, str(error)) from None

    def dice(self, field: str, text: str) -> Dice:
        return self.guard(field, lambda: Dice.parse(text))


_KIND_CHECKS: dict[str, Callable[[Any], bool]] = {
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "float": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "str": lambda v: isinstance(v, str),
    "bool": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}


def _fits(message: str, value: Any) -> bool:
    """Whether ``value`` satisfies msgspec's "Expected `int` >= 1" (to find a bad key)."""
    m = re.match(r"Expected `([^`]*)`\s*(>=|<=)?\s*(-?\d+)?", message)
    if not m:
        return True
    kinds = [k.strip() for k in m.group(1).split("|")]
    if not any(_KIND_CHECKS.get(k, lambda v: True)(value) for k in kinds):
        return False
    if m.group(2) and isinstance(value, int | float):
        bound = int(m.group(3))
        return value >= bound if m.group(2) == ">=" else value <= bound
    return True


def _translate(
    error: msgspec.ValidationError,
    raw: Mapping[str, Any],
    file: str,
    file_schema: type[msgspec.Struct],
    entry_schemas: Mapping[Any, type[msgspec.Struct]] | None = None,
) -> ContentError:
    """Turn msgspec's message into one naming file, entry, field and what was expected."""
    text = str(error)
    is_key = False
    m = re.match(r"(.*) - at `key` in `(.*)`$", text, re.S)
    if m:
        message, path, is_key = m.group(1), m.group(2), True
    else:
        m = re.match(r"(.*) - at `(.*)`$", text, re.S)
        message, path = (m.group(1), m.group(2)) if m else (text, "$")
    segs = _segments(path)
    where = _Where(file)
    rest: list[str | int] = list(segs)
    entry_type: Any = None
    if len(segs) >= 2 and isinstance(segs[0], str) and isinstance(segs[1], int):
        entry = _walk(raw, segs[:2])
        if isinstance(entry, dict):
            where = _Where(file, segs[0], segs[1], entry.get("id"))
            entry_type = entry.get("type")
        else:
            where = _Where(file, segs[0], segs[1])
        rest = list(segs[2:])
    if "..." in segs:
        mapping = _walk(raw, segs[: segs.index("...")])
        if isinstance(mapping, dict):
            bad = next((k for k, v in mapping.items() if not _fits(message, v)), None)
            if bad is not None:
                i = rest.index("...")
                rest[i] = str(bad)
                segs[segs.index("...")] = str(bad)
    value = _walk(raw, segs)
    field = _field_text(rest) or None

    unknown = re.match(r"Object contains unknown field `([^`]*)`", message)
    missing = re.match(r"Object missing required field `([^`]*)`", message)
    if unknown:
        name = unknown.group(1)
        allowed = ""
        if not segs:
            allowed = f"; allowed are the fields {', '.join(schema.field_names(file_schema))}"
        elif not rest and entry_schemas:
            entry_schema = (
                entry_schemas.get(entry_type)
                or entry_schemas.get(segs[0])
                or entry_schemas.get(None)
            )
            if entry_schema is not None:
                if isinstance(entry_type, str) and entry_type in entry_schemas:
                    article = "an" if entry_type[0] in "aeiou" else "a"
                    what = f"{article} {entry_type} card has"
                else:
                    what = "allowed are"
                allowed = f"; {what} the fields {', '.join(schema.field_names(entry_schema))}"
        return where.error(f"{field}.{name}" if field else name, f"is not a known field{allowed}.")
    if missing:
        name = missing.group(1)
        full = f"{field}.{name}" if field else name
        if name == "type":
            return where.error(full, f"is missing: expected one of {_choices(CardType)}.")
        if name == "kind" and segs and segs[0] == "door_event":
            return where.error(full, f"is missing: expected one of {_choices(DoorEffectKind)}.")
        return where.error(full, "is required but missing.")
    if message.startswith(("Invalid enum value", "Invalid value")):
        enum = _enum_for(rest or segs, entry_type, segs[0] if segs else None)
        got = re.search(r"'(.*)'", message)
        shown = f"'{got.group(1)}'" if got else _show(value)
        choices = f"one of {_choices(enum)}" if enum else "a known value"
        if is_key:
            return where.error(field, f"has the key {shown}; expected {choices}.")
        return where.error(field, f"expected {choices}, got {shown}.")
    got = f", got {_show(value)}" if value is not None and not isinstance(value, dict) else ""
    return where.error(field, f"expected {_expected(message)}{got}.")


# -- reading files ----------------------------------------------------------------------------


def _read_toml(path: Path, root: Path) -> tuple[str, dict[str, Any]]:
    """One file of the pack, parsed, within the limits of :mod:`doria_nb.engine.limits`."""
    name = path.relative_to(root).as_posix()
    if not path.is_file():
        raise ContentError(f"{name}: this is a folder (or no file), not a TOML file.")
    if path.stat().st_size > MAX_TEXT:
        raise ContentError(f"{name}: the file is larger than {MAX_TEXT:,} bytes.")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        check_shape(data, "the file")
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{name}: this is not valid TOML: {error}.") from None
    except UnicodeDecodeError:
        raise ContentError(f"{name}: the file is not UTF-8 text.") from None
    except LimitError as error:
        raise ContentError(f"{name}: {error}") from None
    except RecursionError:
        raise ContentError(
            f"{name}: the file is nested too deeply to read (at most {MAX_DEPTH} levels)."
        ) from None
    except ValueError as error:  # an integer of thousands of digits
        raise ContentError(f"{name}: this is not valid TOML for a pack: {error}.") from None
    return name, data


def _convert(
    raw: dict[str, Any],
    kind: type[T],
    name: str,
    entry_schemas: Mapping[Any, type[msgspec.Struct]] | None = None,
) -> T:
    try:
        return msgspec.convert(raw, kind)
    except msgspec.ValidationError as error:
        raise _translate(error, raw, name, kind, entry_schemas) from None  # type: ignore[arg-type]


class _Ids:
    """The ids claimed so far in one id space of the pack, each with the place that claimed it,
    so that a second use is refused naming the first (one wording for every kind of entry)."""

    def __init__(self, why: str = "ids are unique in a pack.") -> None:
        self._places: dict[str, str] = {}
        self._why = why

    def claim(self, where: _Where, entry_id: str) -> None:
        first = self._places.get(entry_id)
        if first is not None:
            raise where.error("id", f"the id '{entry_id}' is already used in {first}; {self._why}")
        self._places[entry_id] = str(where)


def _files(root: Path, name: str) -> list[Path]:
    """The TOML files of the pack behind ``name``: every ``*.toml`` of a folder in name order,
    or the one file ``name``; none when the pack does not have it."""
    place = root / name
    if name.endswith(".toml"):
        return [place] if place.is_file() else []
    return sorted(place.glob("*.toml")) if place.is_dir() else []


def _entries(
    root: Path,
    name: str,
    file_schema: type[msgspec.Struct],
    tables: Sequence[str],
    entry_schemas: Mapping[Any, type[msgspec.Struct]],
    ids: _Ids,
) -> Iterator[tuple[_Where, str, Any]]:
    """Every entry of the tables ``tables`` in the files behind ``name`` (see :func:`_files`),
    file by file and table by table, with where it is written; each id is claimed in ``ids``."""
    for path_ in _files(root, name):
        file, raw = _read_toml(path_, root)
        parsed = _convert(raw, file_schema, file, entry_schemas)
        for table in tables:
            for index, entry in enumerate(getattr(parsed, table)):
                where = _Where(file, table, index, entry.id)
                ids.claim(where, entry.id)
                yield where, table, entry


def content_hash(root: Path) -> str:
    """SHA-256 over the relative paths and bytes of every ``.toml`` file under ``root``."""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*.toml") if p.is_file()):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


# -- building records -------------------------------------------------------------------------


def _effect(where: _Where, field: str, table: Mapping[str, Any] | None) -> EffectSpec | None:
    if table is None:
        return None
    name = table.get("name")
    if not isinstance(name, str) or not name:
        raise where.error(f"{field}.name", "expected the effect's name (text), e.g. 'heal'.")

    def freeze(value: Any) -> Any:
        return tuple(freeze(v) for v in value) if isinstance(value, list) else value

    params = tuple(sorted((k, freeze(v)) for k, v in table.items() if k != "name"))
    return where.guard(field, lambda: EffectSpec(name, params))


def _requirements(where: _Where, table: Mapping[Any, int]) -> Requirements:
    return where.guard("requirements", lambda: Requirements.of(dict(table)))


def _check(check: schema.CheckSchema | None) -> CheckSpec | None:
    if check is None:
        return None
    return CheckSpec(tuple(check.attributes), check.tn, check.per_level)


_EVENT_EFFECTS = ("secret_door",)
"""The effects an event card may carry: what
:mod:`doria_nb.engine.exploring.secret_doors` plays."""


def _item(where: _Where, entry: schema.ItemSchema) -> ItemCard:
    card_type = CardType(type(entry).__struct_config__.tag)  # type: ignore[attr-defined]
    common: dict[str, Any] = {
        "id": entry.id,
        "name": entry.name,
        "type": card_type,
        "text": entry.text,
        "gold": entry.gold,
        "standard": entry.standard,
        "copies": entry.copies,
    }
    if isinstance(entry, schema.TrapSchema):
        trap = where.guard(
            None,
            lambda: TrapSpec(
                entry.kind, _check(entry.check), entry.damage, entry.poison, entry.xp, entry.places
            ),
        )
        common.update(trap=trap, effect=_effect(where, "effect", entry.effect))
        card = where.guard(None, lambda: ItemCard(**common))
        where.guard("effect" if card.effect else None, lambda: trap_plan(card))  # as play reads it
        return card
    if isinstance(entry, schema.EventSchema):
        effect = _effect(where, "effect", entry.effect)
        if effect is not None and (effect.name not in _EVENT_EFFECTS or effect.params):
            raise where.error(
                "effect",
                f"an event card's effect is one of {', '.join(_EVENT_EFFECTS)} without "
                f"parameters, not {effect.name!r}"
                + (f" with {', '.join(k for k, _ in effect.params)}." if effect.params else "."),
            )
        common.update(effect=effect)
        return where.guard(None, lambda: ItemCard(**common))
    assert isinstance(entry, schema._Equipment)
    requirements = _requirements(where, entry.requirements)
    if card_type is CardType.ARMOR and "STR" not in requirements:
        raise where.error(
            "requirements",
            "armor always requires Strength (Requirements of Equipment Cards): add STR.",
        )
    if card_type is CardType.POTION:
        if requirements:
            raise where.error("requirements", "potions have no requirements; remove them.")
        if entry.zone is not Zone.BODY:
            raise where.error(
                "zone",
                f"potions are kept anywhere on the Body: expected 'body', got '{entry.zone}'.",
            )
    attacks_raw = (
        entry.attack
        if isinstance(entry.attack, list)
        else ([entry.attack] if entry.attack is not None else [])
    )
    attacks = []
    for i, a in enumerate(attacks_raw):
        field = "attack" if not isinstance(entry.attack, list) else f"attack[{i}]"
        dice = where.dice(f"{field}.dice", a.dice)
        attacks.append(
            where.guard(
                field,
                lambda a=a, dice=dice: Attack(a.kind, dice, a.damage, a.element, a.area, a.range),
            )
        )
    bonuses = Bonuses(**msgspec.structs.asdict(entry.bonuses)) if entry.bonuses else Bonuses()
    common.update(
        zone=entry.zone,
        ap=entry.ap,
        requirements=requirements,
        enchanted=entry.enchanted,
        set=entry.set,
        category=entry.category,
        range=entry.range,
        pp=entry.pp,
        attacks=tuple(attacks),
        defense=where.dice("defense", entry.defense) if entry.defense else None,
        psi_resistance=(
            where.dice("psi_resistance", entry.psi_resistance) if entry.psi_resistance else None
        ),
        bonuses=bonuses,
        armor=entry.armor,
        vulnerable=tuple(entry.vulnerable),
        check=_check(entry.check),
        effect=_effect(where, "effect", entry.effect),
        elements=tuple(entry.elements),
    )
    card = where.guard(None, lambda: ItemCard(**common))
    if card.effect is not None:
        # Read the effect now, as play will: a card play cannot carry out fails to load.
        where.guard("effect", lambda: effect_of(card))
    return card


def _hero(where: _Where, hero: schema.HeroSchema, items: Mapping[str, ItemCard]) -> HeroTemplate:
    """A hero of ``heroes.toml``, its Standard Items looked up among the pack's ``items``."""
    standard: list[ItemCard] = []
    for i, item_id in enumerate(hero.standard_items):
        card = items.get(item_id)
        if card is None:
            raise where.error(
                f"standard_items[{i}]",
                f"expected the id of an item of this pack, got '{item_id}', which no "
                "file in items/ defines.",
            )
        if not card.standard:
            raise where.error(
                f"standard_items[{i}]",
                f"'{item_id}' is a loot card; a hero's Standard Items need standard = true.",
            )
        standard.append(card)
    attributes = where.guard(
        "attributes", lambda: Attributes(**msgspec.structs.asdict(hero.attributes))
    )
    return HeroTemplate(hero.id, hero.name, attributes, tuple(standard), hero.description)


def _bonus(where: _Where, bonus: schema.BonusSchema) -> HeroBonus:
    """A hero bonus of ``bonuses.toml``; its effect must be one a bonus can have."""
    effect = _effect(where, "effect", bonus.effect)
    assert effect is not None
    verdict = check_bonus_effect(effect)
    if not verdict:
        raise where.error("effect", verdict.reason)
    return HeroBonus(bonus.id, bonus.name, effect, bonus.text)


def _skill(
    where: _Where, field: str, spec: schema.SkillSchema | None, default: SkillSpec
) -> SkillSpec:
    if spec is None:
        return default
    dice = where.dice(f"{field}.dice", spec.dice)
    requirements = where.guard(
        f"{field}.requirements", lambda: Requirements.of(dict(spec.requirements))
    )
    return SkillSpec(default.name, dice, requirements)


MAX_TILE_SIDE = 40
"""The most squares a room tile may have along a side (printed tiles have at most 9)."""


def _tile(where: _Where, entry: schema.TileSchema) -> RoomTile:
    """A room tile from its entry; a bad map character is named by row and column."""
    legend: dict[str, TileSquare] = {}
    for key, value in entry.legend.items():
        legend.update(where.guard(f"legend.{key}", lambda k=key, v=value: parse_legend({k: v})))
    north = entry.north.value if entry.north is not None else None
    rows = [row for row in entry.map.splitlines() if row.strip()]
    if len(rows) > MAX_TILE_SIDE or max((len(r.strip()) for r in rows), default=0) > MAX_TILE_SIDE:
        raise where.error("map", f"a room tile is at most {MAX_TILE_SIDE} squares along a side.")
    try:
        return RoomTile.from_map(
            entry.id, entry.name, entry.map, legend=legend, north=north, text=entry.text
        )
    except TileError as error:
        if error.position:
            raise ContentError(f"{where}, field 'map', {error.position}: {error.problem}") from None
        raise where.error("map", error.problem) from None


def _monster(where: _Where, entry: schema.MonsterSchema) -> MonsterCard:
    """A monster card and its four level cards; a missing or repeated level is named."""
    numbers = [level.level for level in entry.level]
    if sorted(numbers) != list(range(1, LEVEL_CARDS + 1)):
        missing = [n for n in range(1, LEVEL_CARDS + 1) if n not in numbers]
        repeated = sorted({n for n in numbers if numbers.count(n) > 1})
        problem = (
            f"level {repeated[0]} is given twice" if repeated else f"level {missing[0]} is missing"
        )
        raise where.error(
            "level",
            f"expected one [[monster.level]] table for each of the levels 1 to {LEVEL_CARDS}: "
            f"{problem}.",
        )
    levels: list[MonsterLevel] = []
    for index, level in sorted(enumerate(entry.level), key=lambda pair: pair[1].level):
        field = f"level[{index}]"
        attack = where.dice(f"{field}.attack", level.attack)
        defense = where.dice(f"{field}.defense", level.defense)
        psi = where.dice(f"{field}.psi_resistance", level.psi_resistance)
        levels.append(
            where.guard(
                field,
                lambda level=level, attack=attack, defense=defense, psi=psi: MonsterLevel(
                    level.level,
                    ap=level.ap,
                    range=level.range,
                    attack=entry.attack_kind,
                    attack_dice=attack,
                    damage=level.damage,
                    defense=defense,
                    psi_resistance=psi,
                    hp=level.hp,
                    armor=level.armor,
                    element=level.element,
                    vulnerable=level.vulnerable,
                ),
            )
        )
    if entry.per_icon > entry.figures:
        raise where.error(
            "per_icon",
            f"one card places {entry.per_icon} figures but 'figures' says the box holds only "
            f"{entry.figures}.",
        )
    return where.guard(
        None,
        lambda: MonsterCard(
            id=entry.id,
            name=entry.name,
            category=entry.category,
            priority=Priority(entry.priority.value),
            levels=tuple(levels),
            figures=entry.figures,
            per_icon=entry.per_icon,
            copies=entry.copies,
            abilities=entry.abilities,
            area=entry.area,
            ignores_closest=entry.ignores_closest,
            flight=entry.flight,
            through_walls=entry.through_walls,
            only_hurt_by_magic=entry.only_hurt_by_magic,
            multiplies=entry.multiplies,
            special=entry.special,
        ),
    )


def _modifier(where: _Where, entry: schema.ModifierSchema) -> MonsterModifier:
    values = msgspec.structs.asdict(entry)
    return where.guard(None, lambda: MonsterModifier(**values))


def _guard_field(where: _Where, prefix: str | None, make: Callable[[], T]) -> T:
    """Build a scenario or door event record; its error's ``field`` is named under ``prefix``."""
    try:
        return make()
    except (ScenarioError, DoorEventError) as error:
        parts = [part for part in (prefix, error.field) if part]
        raise where.error(".".join(parts) or None, str(error)) from None
    except DoriaError as error:
        raise where.error(prefix, str(error)) from None


def _condition(
    where: _Where, field: str, table: Mapping[str, Any], record: type[Goal] | type[EndCondition]
) -> Goal | EndCondition:
    """A goal or losing condition from its table: ``kind``, optional ``text``, parameters."""
    kind = table.get("kind")
    if kind is None:
        registry = record._registry  # type: ignore[attr-defined]
        choices = ", ".join(f"'{name}'" for name in registry)
        raise where.error(f"{field}.kind", f"is required but missing: expected one of {choices}.")
    text = table.get("text", "")
    if not isinstance(text, str):
        raise where.error(f"{field}.text", f"expected text, got {_show(text)}.")
    params = tuple(sorted((k, v) for k, v in table.items() if k not in ("kind", "text")))
    return _guard_field(where, field, lambda: record(kind, params, text))


def _scenario(where: _Where, entry: schema.ScenarioSchema) -> Scenario:
    goal = _condition(where, "goal", entry.goal, Goal)
    defeats = tuple(
        _condition(where, f"defeat[{i}]", table, EndCondition)
        for i, table in enumerate(entry.defeat)
    )
    rules = tuple(
        _guard_field(
            where,
            f"special_rule[{i}]",
            lambda rule=rule: SpecialRule(rule.text, rule.hook, tuple(rule.params.items())),
        )
        for i, rule in enumerate(entry.special_rule)
    )
    return _guard_field(
        where,
        None,
        lambda: Scenario(
            id=entry.id,
            name=entry.name,
            story=entry.story,
            goal=goal,  # type: ignore[arg-type]
            start_tile=entry.start_tile,
            monster_level=entry.monster_level,
            tiles=tuple(entry.tiles) if entry.tiles is not None else None,
            defeats=defeats,  # type: ignore[arg-type]
            special_rules=rules,
            setup=entry.setup,
        ),
    )


def _load_scenarios(root: Path) -> list[tuple[_Where, Scenario]]:
    """Every ``[[scenario]]`` of ``scenarios/*.toml``, with where it was written (its tiles
    are checked once the pack's tiles are known)."""
    entries = _entries(
        root,
        "scenarios",
        schema.ScenariosFile,
        ("scenario",),
        {None: schema.ScenarioSchema},
        _Ids(),
    )
    return [(where, _scenario(where, entry)) for where, _, entry in entries]


def _check_scenario_tiles(where: _Where, scenario: Scenario, tiles: Mapping[str, RoomTile]) -> None:
    """Every tile a scenario names is a tile of the pack; its start tile has start squares."""
    for field, tile_id in scenario.tile_ids():
        if tile_id not in tiles:
            raise where.error(
                field,
                f"expected the id of a Room Tile of this pack, got '{tile_id}', which no file "
                "in tiles/ defines.",
            )
    start = tiles[scenario.start_tile]
    if not start.start_positions:
        raise where.error(
            "start_tile",
            f"the heroes start on the Roman-numeral squares of the start tile, but "
            f"{scenario.start_tile} has none.",
        )


def _load_door_events(root: Path) -> list[DoorEventCard]:
    """The ``[[door_event]]`` cards of ``door_events.toml`` (none when the file is absent)."""
    cards: list[DoorEventCard] = []
    entries = _entries(
        root,
        "door_events.toml",
        schema.DoorEventsFile,
        ("door_event",),
        {None: schema.DoorEventSchema},
        _Ids(),
    )
    for where, _, entry in entries:
        effect = _guard_field(
            where,
            None,
            lambda entry=entry: DoorEffect(entry.kind, entry.amount, _check(entry.check)),
        )
        cards.append(
            _guard_field(
                where,
                None,
                lambda entry=entry, effect=effect: DoorEventCard(
                    entry.id, entry.name, entry.text, effect, entry.copies
                ),
            )
        )
    return cards


_MONSTER_TABLES: dict[Any, type[msgspec.Struct]] = {
    "monster": schema.MonsterSchema,
    "modifier": schema.ModifierSchema,
}


def _load_monsters(
    root: Path,
) -> tuple[list[MonsterCard], list[MonsterModifier]]:
    """Every ``[[monster]]`` and ``[[modifier]]`` of ``monsters/*.toml``, ids unique across
    both (they share one deck)."""
    monsters: list[MonsterCard] = []
    modifiers: list[MonsterModifier] = []
    one_deck = _Ids("monsters and modifiers share one deck, so their ids are unique in a pack.")
    entries = _entries(
        root, "monsters", schema.MonstersFile, tuple(_MONSTER_TABLES), _MONSTER_TABLES, one_deck
    )
    for where, table, entry in entries:
        if table == "monster":
            monsters.append(_monster(where, entry))
        else:
            modifiers.append(_modifier(where, entry))
    return monsters, modifiers


# -- the pack ---------------------------------------------------------------------------------


def load_pack(path: str | Path, *, bases: Mapping[str, ContentPack] | None = None) -> ContentPack:
    """Load and check the pack in folder ``path``; raises :class:`ContentError`.

    A pack whose ``pack.toml`` says ``extends = "<id>"`` starts from that pack (the starter
    pack by its id ``"starter"``, or one given in ``bases``): its heroes, cards and bonuses are
    kept, and an entry with the same id in the extending pack replaces the base's. So a house
    rule can be a small pack that adds or changes a few cards.
    """
    root = Path(path)
    if not root.is_dir():
        raise ContentError(f"{root}: no such content pack folder.")
    pack_file = root / "pack.toml"
    if not pack_file.is_file():
        raise ContentError(f"{root}: a content pack needs a pack.toml (id, name, version).")
    name, raw = _read_toml(pack_file, root)
    meta = _convert(raw, schema.PackFile, name)
    pack_where = _Where(name)
    skills = meta.skills or schema.SkillsSchema()
    dodge = _skill(pack_where, "skills.dodge", skills.dodge, DEFAULT_DODGE)
    psi_resistance = _skill(
        pack_where, "skills.psi_resistance", skills.psi_resistance, DEFAULT_PSI_RESISTANCE
    )
    base = _base_pack(pack_where, meta.extends, bases) if meta.extends else None

    items = [
        _item(where, entry)
        for where, _, entry in _entries(
            root, "items", schema.ItemsFile, ("item",), schema.ITEM_SCHEMAS, _Ids()
        )
    ]
    if base is not None:
        items = _overlay(base.items, items)
    by_id = {card.id: card for card in items}

    heroes = [
        _hero(where, entry, by_id)
        for where, _, entry in _entries(
            root, "heroes.toml", schema.HeroesFile, ("hero",), {None: schema.HeroSchema}, _Ids()
        )
    ]
    bonuses = [
        _bonus(where, entry)
        for where, _, entry in _entries(
            root, "bonuses.toml", schema.BonusesFile, ("bonus",), {None: schema.BonusSchema}, _Ids()
        )
    ]
    tiles = [
        _tile(where, entry)
        for where, _, entry in _entries(
            root, "tiles", schema.TilesFile, ("tile",), {None: schema.TileSchema}, _Ids()
        )
    ]

    monsters, modifiers = _load_monsters(root)
    placed_scenarios = _load_scenarios(root)
    door_events = _load_door_events(root)

    own_hash = content_hash(root)
    scenarios = [scenario for _, scenario in placed_scenarios]
    if base is not None:
        tiles = _overlay(base.tiles, tiles)
        monsters = _overlay(base.monsters, monsters)
        modifiers = _overlay(base.modifiers, modifiers)
        scenarios = _overlay(base.scenarios, scenarios)
        door_events = _overlay(base.door_events, door_events)
        heroes = [
            HeroTemplate(
                hero.id,
                hero.name,
                hero.attributes,
                tuple(by_id.get(card.id, card) for card in hero.standard_items),
                hero.description,
            )
            for hero in _overlay(base.heroes, heroes)
        ]
        bonuses = _overlay(base.bonuses, bonuses)
        if not skills.dodge:
            dodge = base.dodge
        if not skills.psi_resistance:
            psi_resistance = base.psi_resistance
        own_hash = hashlib.sha256(f"{base.content_hash}\0{own_hash}".encode()).hexdigest()
    tiles_by_id = {tile.id: tile for tile in tiles}
    for where, scenario in placed_scenarios:
        _check_scenario_tiles(where, scenario, tiles_by_id)
    return ContentPack(
        id=meta.id,
        name=meta.name,
        version=meta.version,
        content_hash=own_hash,
        description=meta.description,
        license=meta.license,
        extends=meta.extends,
        heroes=tuple(heroes),
        items=tuple(items),
        bonuses=tuple(bonuses),
        tiles=tuple(tiles),
        monsters=tuple(monsters),
        modifiers=tuple(modifiers),
        scenarios=tuple(scenarios),
        door_events=tuple(door_events),
        dodge=dodge,
        psi_resistance=psi_resistance,
    )


def _base_pack(where: _Where, base_id: str, bases: Mapping[str, ContentPack] | None) -> ContentPack:
    if bases and base_id in bases:
        return bases[base_id]
    if base_id == STARTER_ID:
        return starter_pack()
    known = sorted({STARTER_ID, *(bases or {})})
    raise where.error(
        "extends",
        f"expected the id of a pack to build on ({', '.join(repr(k) for k in known)}), got "
        f"'{base_id}'. Pass the base pack in load_pack(..., bases={{'{base_id}': pack}}).",
    )


_Record = TypeVar(
    "_Record",
    ItemCard,
    HeroTemplate,
    HeroBonus,
    RoomTile,
    MonsterCard,
    MonsterModifier,
    Scenario,
    DoorEventCard,
)


def _overlay(base: Sequence[_Record], own: Sequence[_Record]) -> list[_Record]:
    """The base's entries in order, each replaced by an own entry of the same id, then the
    own entries that are new."""
    replacing = {record.id: record for record in own}
    merged = [replacing.pop(record.id, record) for record in base]
    return merged + [record for record in own if record.id in replacing]


STARTER_ID = "starter"


@functools.cache
def starter_pack() -> ContentPack:
    """The original starter set shipped with doria-nb (loaded once, then cached)."""
    if not (STARTER_DIR / "pack.toml").is_file():
        raise ContentError(f"The starter pack is missing: {STARTER_DIR} has no pack.toml.")
    return load_pack(STARTER_DIR)
