"""Campaign Sheets as JSON files, read with the same distrust as save files.

:func:`dump` writes a :class:`~doria_nb.engine.campaign.sheet.CampaignSheet` as JSON text;
:func:`load` reads one back and refuses, in words and never with a Python traceback, text
that is not JSON, a file of another kind or format version, unknown or missing fields, values
of the wrong kind or out of range, and — given a content pack — heroes, bonuses and cards the
pack does not have. Nothing in a file is executed: it is data (no pickle, no eval).

>>> from doria_nb.engine.campaign.sheet import CampaignSheet
>>> sheet = CampaignSheet.begin("c", "A Campaign", ["warrior", "mage", "ranger"])
>>> load(dump(sheet)) == sheet
True
>>> load('{"format": "doria-nb campaign sheet", "version": 1}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
doria_nb.engine.campaign.errors.CampaignSheetError: The Campaign Sheet is damaged: ...
"""

from __future__ import annotations

import json
from typing import Any

from doria_nb.engine.attributes import Attributes
from doria_nb.engine.campaign.errors import CampaignSheetError
from doria_nb.engine.campaign.keeping import check_kept
from doria_nb.engine.campaign.sheet import CampaignSheet, HeroRecord, ScenarioRecord
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.limits import MAX_INT, LimitError, check_shape, check_text
from doria_nb.engine.table.options_json import options_from_json, options_json
from doria_nb.engine.table.records import SaveFileError

__all__ = [
    "FORMAT",
    "VERSION",
    "check_against_pack",
    "dump",
    "hero_from_json",
    "hero_to_json",
    "load",
]

FORMAT = "doria-nb campaign sheet"
VERSION = 1

_SHEET = {
    "format": "the kind of file",
    "version": "format version",
    "campaign": "campaign id",
    "name": "campaign name",
    "heroes": "heroes",
    "played": "scenarios played",
    "completed": "scenarios completed",
    "monster_points": "total of Monster Points",
    "group_xp": "Group XP left over",
    "kept_cards": "cards each hero may keep",
    "next_scenario": "next scenario",
    "options": "optional rules",
    "notes": "notes",
}
_HERO = {
    "hero": "premade hero",
    "name": "name",
    "attributes": "attributes",
    "level": "hero level",
    "bonuses": "hero bonuses",
    "saved_points": "saved Attribute Points",
    "kept": "kept cards",
}
_CREATED_HERO = {
    "created": "creation allocation",
    "standard": "chosen Standard Items",
}
"""The fields only a created hero's record has (*Optional Rule: Create Heroes*); sheets
written before created heroes existed lack them and still load."""
_PLAYED = {
    "number": "number",
    "scenario": "scenario id",
    "name": "name",
    "outcome": "outcome",
    "monster_points": "Monster Points",
    "notes": "notes",
}


def dump(sheet: CampaignSheet) -> str:
    """The sheet as JSON text."""
    if not isinstance(sheet, CampaignSheet):
        raise CampaignSheetError(f"Only a CampaignSheet can be written, not {sheet!r}.")
    data = {
        "format": FORMAT,
        "version": VERSION,
        "campaign": sheet.campaign,
        "name": sheet.name,
        "heroes": [hero_to_json(h) for h in sheet.heroes],
        "played": [
            {
                "number": r.number,
                "scenario": r.scenario,
                "name": r.name,
                "outcome": r.outcome.value,
                "monster_points": r.monster_points,
                "notes": r.notes,
            }
            for r in sheet.played
        ],
        "completed": sheet.completed,
        "monster_points": sheet.monster_points,
        "group_xp": sheet.group_xp,
        "kept_cards": sheet.kept_cards,
        "next_scenario": sheet.next_scenario,
        "options": options_json(sheet.options),
        "notes": sheet.notes,
    }
    return json.dumps(data, indent=1, ensure_ascii=False)


def hero_to_json(hero: HeroRecord) -> dict[str, Any]:
    """One hero record as JSON data (the sheet's and a campaign game's save file's); a
    created hero's has its creation allocation and chosen Standard Items too."""
    data = {
        "hero": hero.hero,
        "name": hero.name,
        "attributes": hero.attributes.as_dict(),
        "level": hero.level,
        "bonuses": list(hero.bonuses),
        "saved_points": hero.saved_points,
        "kept": list(hero.kept),
    }
    if hero.created is not None:
        data["created"] = hero.created.as_dict()
        data["standard"] = list(hero.standard)
    return data


def _table(
    data: object, fields: dict[str, str], where: str, optional: dict[str, str] | None = None
) -> dict[str, Any]:
    """``data`` as a table with exactly these fields (all present, none unknown), and
    maybe the ``optional`` ones (all of them or none)."""
    if not isinstance(data, dict):
        raise CampaignSheetError(f"The Campaign Sheet is damaged: {where} is {data!r}.")
    optional = optional or {}
    present = [key for key in optional if key in data]
    if present and len(present) != len(optional):
        missing = [f"{what} ({key!r})" for key, what in optional.items() if key not in data]
        raise CampaignSheetError(
            f"The Campaign Sheet is damaged: {where} has no {', '.join(missing)}."
        )
    unknown = sorted(set(data) - set(fields) - set(optional))
    if unknown:
        raise CampaignSheetError(
            f"The Campaign Sheet is damaged: {where} has fields this book does not know: "
            f"{', '.join(unknown)}."
        )
    for key, what in fields.items():
        if key not in data:
            raise CampaignSheetError(
                f"The Campaign Sheet is damaged: {where} has no {what} ({key!r})."
            )
    return data


def hero_from_json(data: object, where: str) -> HeroRecord:
    """The hero record written by :func:`hero_to_json`, refused in words if damaged."""
    table = _table(data, _HERO, where, _CREATED_HERO)
    values = _attributes(table["attributes"], f"{where}'s attributes")
    created = None
    standard: tuple[Any, ...] = ()
    if "created" in table:
        created = _attributes(table["created"], f"{where}'s creation allocation")
        standard = _list(table["standard"], f"{where}'s chosen Standard Items")
    bonuses = _list(table["bonuses"], f"{where}'s hero bonuses")
    kept = _list(table["kept"], f"{where}'s kept cards")
    try:
        return HeroRecord(
            table["hero"],
            table["name"],
            values,
            table["level"],
            bonuses,
            table["saved_points"],
            kept,
            created,
            standard,
        )
    except CampaignSheetError as error:
        raise CampaignSheetError(f"The Campaign Sheet is damaged: {error}") from None


def _attributes(data: object, what: str) -> Attributes:
    """Six attribute values written as a table, refused in words otherwise."""
    if not isinstance(data, dict):
        raise CampaignSheetError(f"The Campaign Sheet is damaged: {what} are {data!r}.")
    try:
        values = Attributes.of(data)
    except (DoriaError, TypeError) as error:
        raise CampaignSheetError(f"The Campaign Sheet is damaged: {what}: {error}") from None
    if set(data) != set(values.as_dict()):
        raise CampaignSheetError(
            f"The Campaign Sheet is damaged: {what} are the six STR, CON, AGI, PER, WIS, PSI."
        )
    return values


def _list(value: object, what: str) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise CampaignSheetError(f"The Campaign Sheet is damaged: {what} is {value!r}.")
    return tuple(value)


def _played(data: object, index: int) -> ScenarioRecord:
    table = _table(data, _PLAYED, f"scenario played {index}")
    return ScenarioRecord(**table)


def load(text: str, *, pack: object = None) -> CampaignSheet:
    """The sheet written in ``text`` (see the module text); with ``pack``, its heroes,
    bonuses and cards are checked against that content pack."""
    if not isinstance(text, str):
        raise CampaignSheetError("A Campaign Sheet is read as text.")
    try:
        check_text(text, "The Campaign Sheet")
        data = json.loads(text)
        check_shape(data, "The Campaign Sheet")
    except LimitError as error:
        raise CampaignSheetError(f"This is no Campaign Sheet this book reads: {error}") from None
    except json.JSONDecodeError as error:
        raise CampaignSheetError(
            f"This is not a Campaign Sheet: it is not valid JSON (line {error.lineno}, column "
            f"{error.colno})."
        ) from None
    except RecursionError:
        raise CampaignSheetError(
            "This is no Campaign Sheet this book reads: it is nested too deeply."
        ) from None
    except ValueError:  # an integer of thousands of digits
        raise CampaignSheetError(
            f"This is no Campaign Sheet this book reads: it holds a number of thousands of "
            f"digits; numbers here are at most {MAX_INT:,}."
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CampaignSheetError(
            "This is not a doria-nb Campaign Sheet (its 'format' line is missing)."
        )
    if data.get("version") != VERSION:
        raise CampaignSheetError(
            f"This Campaign Sheet has format version {data.get('version')!r}; this book reads "
            f"version {VERSION}."
        )
    table = _table(data, _SHEET, "the sheet")
    try:
        options = options_from_json(table["options"])
    except SaveFileError as error:
        raise CampaignSheetError(str(error).replace("save file", "Campaign Sheet")) from None
    except TypeError:  # e.g. a list of lists for a set of names
        raise CampaignSheetError(
            "The Campaign Sheet is damaged: its optional rules are not names and values."
        ) from None
    heroes = tuple(
        hero_from_json(h, f"hero {i}")
        for i, h in enumerate(_list(table["heroes"], "its heroes"), 1)
    )
    played = tuple(
        _played(r, i) for i, r in enumerate(_list(table["played"], "its scenarios played"), 1)
    )
    try:
        sheet = CampaignSheet(
            table["campaign"],
            table["name"],
            heroes,
            played,
            table["completed"],
            table["monster_points"],
            table["group_xp"],
            table["kept_cards"],
            table["next_scenario"],
            options,
            table["notes"],
        )
    except CampaignSheetError as error:
        raise CampaignSheetError(f"The Campaign Sheet is damaged: {error}") from None
    if pack is not None:
        check_against_pack(sheet, pack)
    return sheet


def check_against_pack(sheet: CampaignSheet, pack: Any) -> None:
    """Refuse a sheet naming heroes, hero bonuses or cards the content ``pack`` lacks, or a
    kept card that is a Standard Item (those are always at hand, never kept); a created hero
    whose id is a premade hero's, or whose chosen Standard Items are not the pack's."""
    for hero in sheet.heroes:
        if hero.is_created:
            _check_created_against_pack(hero, pack)
        try:
            if not hero.is_created:
                pack.hero(hero.hero)
            for bonus in hero.bonuses:
                pack.bonus(bonus)
            cards = [pack.item(card) for card in hero.kept]
        except DoriaError as error:
            raise CampaignSheetError(
                f"The Campaign Sheet does not fit the content pack {pack.id!r}: {hero.name}: "
                f"{error}"
            ) from None
        for card in cards:
            if card.standard:
                raise CampaignSheetError(
                    f"{hero.name} keeps {card.name}, a Standard Item: Standard Items are at hand "
                    "at every scenario's start and are never kept."
                )
        verdict = check_kept(cards, sheet.kept_cards, sheet.options)
        if not verdict:
            raise CampaignSheetError(f"{hero.name} keeps too much: {verdict.reason}")


def _check_created_against_pack(hero: HeroRecord, pack: Any) -> None:
    """A created hero's id is no premade hero's, and its Standard Items are the pack's."""
    from doria_nb.engine.campaign.created import created_template

    if any(template.id == hero.hero for template in pack.heroes):
        raise CampaignSheetError(
            f"The created hero {hero.name} has the id {hero.hero!r} of a premade hero of the "
            f"content pack {pack.id!r}; give it another name."
        )
    created_template(hero, pack)
