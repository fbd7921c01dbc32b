"""Campaign files: TOML Campaign Books, loaded with errors that name the file, the entry and
the field (``docs/campaign-format.md``).

A pack keeps its campaigns in ``campaigns/*.toml``, one ``[campaign]`` table per file with its
``[[campaign.scenario]]`` entries. :func:`load_campaign` reads one file, :func:`pack_campaigns`
every campaign of a pack folder (the starter pack's by default), and checks each scenario id
against the content pack.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import msgspec

from doria_nb.content import schema
from doria_nb.content.loader import STARTER_DIR, _convert, _read_toml, _Where, starter_pack
from doria_nb.engine.campaign.book import CampaignBook, CampaignBookError, CampaignEntry
from doria_nb.engine.errors import ContentError

__all__ = ["load_campaign", "pack_campaigns", "starter_campaigns"]


class CampaignScenarioSchema(schema._Strict, kw_only=True):
    """One ``[[campaign.scenario]]``: a scenario of the pack and what follows it."""

    id: schema.Id
    next: list[schema.Id] = msgspec.field(default_factory=list)
    intro: str = ""
    reward: str = ""


class CampaignSchema(schema._Strict, kw_only=True):
    """The ``[campaign]`` table."""

    id: schema.Id
    name: schema.Text
    story: str = ""
    first: schema.Id
    scenario: list[CampaignScenarioSchema]


class CampaignFile(schema._Strict, kw_only=True):
    """A campaign file: exactly one ``[campaign]``."""

    campaign: CampaignSchema


def _book(name: str, entry: CampaignSchema) -> CampaignBook:
    entries = []
    for index, table in enumerate(entry.scenario):
        where = _Where(name, "campaign.scenario", index, table.id)
        try:
            entries.append(CampaignEntry(table.id, tuple(table.next), table.intro, table.reward))
        except CampaignBookError as error:
            raise where.error(error.field, str(error)) from None
    try:
        return CampaignBook(entry.id, entry.name, entry.story, entry.first, tuple(entries))
    except CampaignBookError as error:
        where = _Where(name, "campaign", None, entry.id)
        raise where.error(error.field, str(error)) from None


def load_campaign(path: Path | str, *, root: Path | None = None, pack: Any = None) -> CampaignBook:
    """The Campaign Book in the TOML file ``path``; every scenario it names must be a scenario
    of ``pack`` (the starter pack by default). Raises :class:`ContentError` naming the file,
    the entry and the field."""
    path = Path(path)
    if not path.is_file():
        raise ContentError(f"{path}: no such campaign file.")
    root = root if root is not None else path.parent
    name, raw = _read_toml(path, root)
    parsed = _convert(raw, CampaignFile, name, {None: CampaignScenarioSchema})
    book = _book(name, parsed.campaign)
    pack = pack if pack is not None else starter_pack()
    known = {s.id for s in pack.scenarios}
    for index, entry in enumerate(book.entries):
        if entry.scenario not in known:
            where = _Where(name, "campaign.scenario", index, entry.scenario)
            raise where.error(
                "id",
                f"the content pack {pack.id!r} has no scenario {entry.scenario!r} (it has "
                f"{', '.join(sorted(known))}).",
            )
    return book


def pack_campaigns(folder: Path, *, pack: Any = None) -> tuple[CampaignBook, ...]:
    """Every campaign in ``folder/campaigns/*.toml``, in file-name order; ids are unique."""
    found: list[CampaignBook] = []
    seen: dict[str, str] = {}
    directory = Path(folder) / "campaigns"
    for path in sorted(directory.glob("*.toml")) if directory.is_dir() else []:
        book = load_campaign(path, root=Path(folder), pack=pack)
        name = path.relative_to(folder).as_posix()
        if book.id in seen:
            raise ContentError(
                f"{name}, [campaign] (id '{book.id}'), field 'id': the id is already used in "
                f"{seen[book.id]}."
            )
        seen[book.id] = name
        found.append(book)
    return tuple(found)


@functools.cache
def starter_campaigns() -> tuple[CampaignBook, ...]:
    """The starter pack's campaigns (loaded once)."""
    return pack_campaigns(STARTER_DIR)
