"""Created heroes on a Campaign Sheet (*Optional Rule: Create Heroes*).

A group may play a campaign with characters of its own making instead of (or beside) the
premade ones: 50 character points spread over the six base attributes, each from 1 to 13 at
creation, and Standard Items of the group's choice, at most 6 cards at a scenario's start.

:class:`CreatedHero` is what the players decide when they make such a character: a name, the
creation allocation and the Standard Items it takes (ids). On the sheet it becomes a
:class:`~doria_nb.engine.campaign.sheet.HeroRecord` whose ``created`` holds the allocation, so
that the sheet can always tell which points came from creation and which were earned later
with Group XP. :func:`created_template` turns such a record into the
:class:`~doria_nb.engine.cards.HeroTemplate` a game deals and builds the character from.

>>> hero = CreatedHero("Brunhild", {"STR": 13, "CON": 12, "AGI": 9, "PER": 6, "WIS": 5, "PSI": 5})
>>> hero.hero_id, hero.attributes.total
('created_brunhild', 50)
>>> CreatedHero("Odo", {"STR": 14, "CON": 12, "AGI": 9, "PER": 6, "WIS": 5, "PSI": 5})
Traceback (most recent call last):
...
doria_nb.engine.campaign.errors.CampaignSheetError: Odo cannot be created: A custom hero \
distributes exactly 50 points, each attribute from 1 to 13: STR 14 is above 13, the most at \
creation; the points add up to 51: 1 too many.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from doria_nb.engine.attributes import Attributes, check_creation
from doria_nb.engine.campaign.errors import CampaignSheetError
from doria_nb.engine.cards import HeroTemplate
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.starting import HAND_SIZE

__all__ = [
    "CREATED_PREFIX",
    "MAX_STANDARD",
    "CreatedHero",
    "created_id",
    "created_template",
]

CREATED_PREFIX = "created_"
"""A created hero's id on the sheet: this prefix and its name, so it never meets a premade
hero's id."""

MAX_STANDARD = HAND_SIZE
"""*Create Heroes*: a custom character starts a scenario with at most 6 cards."""


def created_id(name: str) -> str:
    """The id a created hero named ``name`` has on the sheet and in the game."""
    if not isinstance(name, str) or not name.strip():
        raise CampaignSheetError(f"A created hero needs a name, not {name!r}.")
    slug = re.sub(r"[^a-z0-9]+", "_", name.strip().lower()).strip("_")
    if not slug:
        raise CampaignSheetError(
            f"A created hero's name needs at least one letter or digit, not {name!r}."
        )
    return CREATED_PREFIX + slug


def check_allocation(name: str, attributes: object) -> Attributes:
    """The creation allocation of the hero ``name`` as :class:`Attributes`, refused in words
    unless it spends exactly 50 points with every attribute from 1 to 13."""
    if isinstance(attributes, Attributes):
        values: Mapping[str, int] = attributes.as_dict()
    elif isinstance(attributes, Mapping):
        values = attributes
    else:
        raise CampaignSheetError(
            f"{name}'s creation allocation is six numbers STR … PSI, not {attributes!r}."
        )
    try:
        verdict = check_creation(values)
    except (DoriaError, TypeError) as error:
        raise CampaignSheetError(f"{name} cannot be created: {error}") from None
    if not verdict:
        raise CampaignSheetError(f"{name} cannot be created: {verdict.reason}")
    return Attributes.of(values)


def check_standard(name: str, standard: object) -> tuple[str, ...]:
    """The Standard Item ids a created hero takes, as a tuple; at most 6 (*Create Heroes*)."""
    if isinstance(standard, str) or not isinstance(standard, Sequence):
        raise CampaignSheetError(f"{name}'s Standard Items are a list of ids, not {standard!r}.")
    ids = tuple(standard)
    if not all(isinstance(i, str) and i.strip() for i in ids):
        raise CampaignSheetError(f"{name}'s Standard Items are card ids, not {standard!r}.")
    if len(ids) > MAX_STANDARD:
        raise CampaignSheetError(
            f"{name} would take {len(ids)} Standard Items; a created hero starts a scenario "
            f"with at most {MAX_STANDARD} cards."
        )
    return ids


@dataclass(frozen=True, slots=True)
class CreatedHero:
    """A character the players make (see the module text): its ``name``, the ``attributes``
    of its creation (50 points, 1 to 13 each) and the ``standard`` Item ids it takes."""

    name: str
    attributes: Attributes | Mapping[str, int]
    standard: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        created_id(self.name)
        object.__setattr__(self, "attributes", check_allocation(self.name, self.attributes))
        object.__setattr__(self, "standard", check_standard(self.name, self.standard))

    @property
    def hero_id(self) -> str:
        return created_id(self.name)


def created_template(record: Any, pack: Any) -> HeroTemplate:
    """The hero template a game builds the created hero of ``record`` from: its creation
    allocation (the points earned since are added by the campaign start) and its Standard
    Items, looked up in ``pack`` and refused in words if unknown or not Standard Items."""
    if record.created is None:
        raise CampaignSheetError(f"{record.name} is a premade hero, not a created one.")
    cards = []
    for card_id in record.standard:
        try:
            card = pack.item(card_id)
        except DoriaError as error:
            raise CampaignSheetError(f"{record.name}'s Standard Items: {error}") from None
        if not card.standard:
            raise CampaignSheetError(
                f"{record.name} takes {card.name} as a Standard Item, but it is a Loot Card."
            )
        cards.append(card)
    description = "A hero created under the optional rule Create Heroes."
    return HeroTemplate(record.hero, record.name, record.created, tuple(cards), description)
