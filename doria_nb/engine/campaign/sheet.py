"""The Campaign Sheet (*Campaign Sheet Anatomy*): everything a campaign carries from one
scenario to the next, as plain frozen data.

The printed Campaign Overview holds the campaign's name, the scenarios played with their
Monster Points, the Group XP left over, the total of Monster Points and notes; the Character
Sheets lie with it, and the Loot Cards kept are written on its back. Here one
:class:`CampaignSheet` holds all of that: the heroes (:class:`HeroRecord`: attributes, hero
level, hero bonuses, saved Attribute Points, cards kept), the scenarios played
(:class:`ScenarioRecord`), the Monster Points, the Group XP, how many cards each hero may keep
(the reward of the odd-numbered scenarios) and the optional rules the group plays with. A
record checks itself when built and refuses what a sheet cannot hold, in words
(:class:`~doria_nb.engine.campaign.errors.CampaignSheetError`).

>>> sheet = CampaignSheet.begin("the_drowned_crown", "The Drowned Crown", ["warrior", "mage"])
>>> sheet.scenario_number, sheet.monster_level, sheet.heroes[0].level
(1, 1, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from doria_nb.engine.attributes import Attributes
from doria_nb.engine.campaign.created import (
    CreatedHero,
    check_allocation,
    check_standard,
    created_id,
)
from doria_nb.engine.campaign.errors import CampaignSheetError
from doria_nb.engine.campaign.monster_points import main_level
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.packs import pack_or_default
from doria_nb.engine.progression import MAX_PLAYERS, starting_hero_level

__all__ = [
    "MAX_KEPT_CARDS",
    "MAX_LEVEL",
    "MAX_POINTS",
    "CampaignSheet",
    "HeroRecord",
    "Outcome",
    "ScenarioRecord",
]

MAX_KEPT_CARDS = 4
"""After the 1st, 3rd, 5th and 7th scenario each hero keeps one card more: at most 4."""

MAX_LEVEL = 10
"""The highest hero level a sheet may hold (a campaign of 8 scenarios reaches 5)."""

MAX_POINTS = 999
"""The largest count (Monster Points, Group XP, Attribute Points) a sheet may hold."""


class Outcome(StrEnum):
    """How a campaign scenario ended."""

    WON = "won"
    """The scenario's goal was met."""
    LOST = "lost"
    """Lost by the scenario's own conditions or with every hero unconscious at once."""
    ESCAPED = "escaped"
    """The heroes left through the entrance (*Escaping a campaign scenario*)."""
    DIED = "died"
    """A hero died (*Death of a character in campaigns*)."""


def _whole(value: object, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise CampaignSheetError(f"{what} is a whole number from {low} to {high}, not {value!r}.")
    return value


def _text(value: object, what: str, *, empty: bool = False) -> str:
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise CampaignSheetError(f"{what} is {'text' if empty else 'a name'}, not {value!r}.")
    return value


def _ids(values: object, what: str) -> tuple[str, ...]:
    if isinstance(values, str) or not isinstance(values, Sequence):
        raise CampaignSheetError(f"{what} is a list of ids, not {values!r}.")
    return tuple(_text(v, f"Each of {what.lower()}") for v in values)


@dataclass(frozen=True, slots=True)
class HeroRecord:
    """One hero on the sheet: the premade hero it was made from (``hero``, an id of the
    pack), its name, its attributes now, hero level, hero bonuses (ids), Attribute Points
    saved, and the Loot Cards it keeps for the next scenario (ids).

    A hero the players created (*Optional Rule: Create Heroes*) has ``created``, the 50
    points of its creation, and ``standard``, the Standard Items it takes to each scenario;
    its ``hero`` is the id :func:`~doria_nb.engine.campaign.created.created_id` gives its
    name. Its attributes now are the creation's plus those raised since: never lower."""

    hero: str
    name: str
    attributes: Attributes
    level: int = 1
    bonuses: tuple[str, ...] = ()
    saved_points: int = 0
    kept: tuple[str, ...] = ()
    created: Attributes | None = None
    standard: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _text(self.hero, "A hero's id")
        _text(self.name, "A hero's name")
        if not isinstance(self.attributes, Attributes):
            raise CampaignSheetError(
                f"{self.name}'s attributes are six numbers, not {self.attributes!r}."
            )
        for attribute, value in self.attributes:
            _whole(value, f"{self.name}'s {attribute.value}", 1, MAX_POINTS)
        _whole(self.level, f"{self.name}'s hero level", 1, MAX_LEVEL)
        bonuses = _ids(self.bonuses, f"{self.name}'s hero bonuses")
        if len(set(bonuses)) != len(bonuses):
            raise CampaignSheetError(f"{self.name} lists a hero bonus twice; each counts once.")
        if len(bonuses) > self.level - 1:
            raise CampaignSheetError(
                f"{self.name} is hero level {self.level}, so it holds at most "
                f"{self.level - 1} hero bonus(es), not {len(bonuses)}."
            )
        _whole(self.saved_points, f"{self.name}'s saved Attribute Points", 0, MAX_POINTS)
        kept = _ids(self.kept, f"{self.name}'s kept cards")
        object.__setattr__(self, "bonuses", bonuses)
        object.__setattr__(self, "kept", kept)
        self._check_created()

    def _check_created(self) -> None:
        """A created hero: a valid creation allocation, attributes never below it, an id
        made from its name, at most 6 Standard Items; a premade hero has no Standard Items
        of its own choosing on the sheet."""
        if self.created is None:
            if self.standard:
                raise CampaignSheetError(
                    f"{self.name} is a premade hero: its Standard Items come with it, the "
                    "sheet lists chosen Standard Items only for a created hero."
                )
            return
        created = check_allocation(self.name, self.created)
        if self.hero != created_id(self.name):
            raise CampaignSheetError(
                f"A created hero's id comes from its name: {self.name} is "
                f"{created_id(self.name)!r}, not {self.hero!r}."
            )
        lower = [
            f"{a.value} {self.attributes[a]} < {created[a]}"
            for a, _ in created
            if self.attributes[a] < created[a]
        ]
        if lower:
            raise CampaignSheetError(
                f"{self.name}'s attributes ({', '.join(lower)}) are below those it was created "
                "with; attributes only rise."
            )
        object.__setattr__(self, "created", created)
        object.__setattr__(self, "standard", check_standard(self.name, self.standard))

    @property
    def is_created(self) -> bool:
        """Whether the players created this hero (*Optional Rule: Create Heroes*)."""
        return self.created is not None

    @property
    def points_earned(self) -> int | None:
        """A created hero's Attribute Points earned since creation (spent and saved);
        ``None`` for a premade hero (the pack knows its starting attributes)."""
        if self.created is None:
            return None
        return self.attributes.total - self.created.total + self.saved_points

    def describe(self) -> str:
        """One line for the sheet: name, level, attributes, bonuses and kept cards."""
        parts = [f"{self.name} (level {self.level}): {self.attributes}"]
        if self.created is not None:
            parts.append(f"created with {self.created}")
        if self.saved_points:
            parts.append(f"{self.saved_points} Attribute Point(s) saved")
        parts.append("bonuses " + (", ".join(self.bonuses) or "none"))
        parts.append("keeps " + (", ".join(self.kept) or "no card"))
        return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class ScenarioRecord:
    """One scenario played: its number in the campaign (a replayed scenario keeps its
    number), its id and name, how it ended, its Monster Points and notes."""

    number: int
    scenario: str
    name: str
    outcome: Outcome
    monster_points: int
    notes: str = ""

    def __post_init__(self) -> None:
        _whole(self.number, "A scenario's number", 1, MAX_POINTS)
        _text(self.scenario, "A scenario's id")
        _text(self.name, "A scenario's name")
        try:
            object.__setattr__(self, "outcome", Outcome(self.outcome))
        except ValueError:
            known = ", ".join(o.value for o in Outcome)
            raise CampaignSheetError(f"A scenario ended {known}; not {self.outcome!r}.") from None
        _whole(self.monster_points, "A scenario's Monster Points", 0, MAX_POINTS)
        _text(self.notes, "A scenario's notes", empty=True)

    def describe(self) -> str:
        line = f"{self.number}. {self.name}: {self.outcome.value}, {self.monster_points} MP"
        return f"{line} ({self.notes})" if self.notes else line


@dataclass(frozen=True, slots=True)
class CampaignSheet:
    """The Campaign Sheet (see the module text). ``completed`` counts the scenarios the group
    got through (won, or went on from after a death); ``kept_cards`` is how many cards each
    hero may keep now; ``next_scenario`` the id of the scenario to play next (``None``: the
    campaign is over)."""

    campaign: str
    name: str
    heroes: tuple[HeroRecord, ...]
    played: tuple[ScenarioRecord, ...] = ()
    completed: int = 0
    monster_points: int = 0
    group_xp: int = 0
    kept_cards: int = 0
    next_scenario: str | None = None
    options: RulesOptions = field(default_factory=RulesOptions)
    notes: str = ""

    def __post_init__(self) -> None:
        _text(self.campaign, "The campaign's id")
        _text(self.name, "The campaign's name")
        _whole(self.completed, "The scenarios completed", 0, MAX_POINTS)
        _whole(self.monster_points, "The total of Monster Points", 0, MAX_POINTS)
        _whole(self.group_xp, "The Group XP left over", 0, MAX_POINTS)
        _whole(self.kept_cards, "The cards each hero may keep", 0, MAX_KEPT_CARDS)
        if not isinstance(self.options, RulesOptions):
            raise CampaignSheetError(f"The optional rules are RulesOptions, not {self.options!r}.")
        if isinstance(self.heroes, str) or not isinstance(self.heroes, Sequence):
            raise CampaignSheetError(f"The heroes are a list, not {self.heroes!r}.")
        heroes = tuple(self.heroes)
        if not 1 <= len(heroes) <= MAX_PLAYERS:
            raise CampaignSheetError(
                f"A campaign has 1 to {MAX_PLAYERS} heroes, not {len(heroes)}."
            )
        for hero in heroes:
            if not isinstance(hero, HeroRecord):
                raise CampaignSheetError(f"A hero on the sheet is a HeroRecord, not {hero!r}.")
            limit = self.kept_cards * (3 if self.options.campaign_loot else 1)
            if len(hero.kept) > limit:
                raise CampaignSheetError(
                    f"{hero.name} keeps {len(hero.kept)} cards, but the rewards so far allow "
                    f"{limit} per hero."
                )
        ids = [h.hero for h in heroes]
        if len(set(ids)) != len(ids):
            raise CampaignSheetError(
                "Each hero may be on a Campaign Sheet once (a premade hero once, a created "
                "hero's name once)."
            )
        created = [h.name for h in heroes if h.is_created]
        if created and not self.options.create_heroes:
            raise CampaignSheetError(
                f"{', '.join(created)} {'was' if len(created) == 1 else 'were'} created under "
                "the optional rule Create Heroes, but the sheet's optional rules leave it off."
            )
        if isinstance(self.played, str) or not isinstance(self.played, Sequence):
            raise CampaignSheetError(f"The scenarios played are a list, not {self.played!r}.")
        played = tuple(self.played)
        for record in played:
            if not isinstance(record, ScenarioRecord):
                raise CampaignSheetError(f"A scenario played is a ScenarioRecord, not {record!r}.")
        if self.completed > len(played):
            raise CampaignSheetError(
                f"The sheet counts {self.completed} scenarios completed but lists only "
                f"{len(played)} played."
            )
        if self.monster_points < sum(r.monster_points for r in played):
            raise CampaignSheetError(
                "The total of Monster Points is smaller than the points of the scenarios "
                "played; Monster Points are never taken away."
            )
        if self.next_scenario is not None:
            _text(self.next_scenario, "The next scenario's id")
        _text(self.notes, "The sheet's notes", empty=True)
        object.__setattr__(self, "heroes", heroes)
        object.__setattr__(self, "played", played)

    # -- creation -------------------------------------------------------------------------------

    @classmethod
    def begin(
        cls,
        campaign: str,
        name: str,
        heroes: Sequence[str | CreatedHero],
        *,
        first_scenario: str | None = None,
        options: RulesOptions | None = None,
        pack: object = None,
    ) -> CampaignSheet:
        """A fresh sheet for ``heroes``: premade heroes (ids) with their attributes from the
        pack (the default pack, :mod:`doria_nb.engine.packs`) and heroes the players created
        (:class:`~doria_nb.engine.campaign.created.CreatedHero`; the sheet then plays with
        *Optional Rule: Create Heroes* on); hero level 1 (2 with one or two characters,
        *Special Rules for 1 or 2 Players*; more under *Easier Overall Game*), no card kept,
        no Monster Point."""
        pack = pack_or_default(pack)
        options = options if options is not None else RulesOptions()
        if isinstance(heroes, str) or not 1 <= len(heroes) <= MAX_PLAYERS:
            raise CampaignSheetError(f"A campaign has 1 to {MAX_PLAYERS} heroes, not {heroes!r}.")
        if any(isinstance(h, CreatedHero) for h in heroes) and not options.create_heroes:
            options = replace(options, create_heroes=True)
        level = starting_hero_level(len(heroes), extra_levels=options.easier_overall_game)
        records = []
        for hero in heroes:
            if isinstance(hero, CreatedHero):
                records.append(
                    HeroRecord(
                        hero.hero_id,
                        hero.name,
                        hero.attributes,  # type: ignore[arg-type]
                        level,
                        created=hero.attributes,  # type: ignore[arg-type]
                        standard=hero.standard,
                    )
                )
                continue
            try:
                template = pack.hero(hero)  # type: ignore[attr-defined]
            except DoriaError as error:
                raise CampaignSheetError(str(error)) from None
            records.append(HeroRecord(template.id, template.name, template.attributes, level))
        return cls(campaign, name, tuple(records), next_scenario=first_scenario, options=options)

    # -- reading --------------------------------------------------------------------------------

    @property
    def scenario_number(self) -> int:
        """The number of the scenario to play next (a replay keeps its number)."""
        return self.completed + 1

    @property
    def monster_level(self) -> int:
        """The campaign's Monster Level: 1 plus one per 10 Monster Points."""
        return main_level(self.monster_points)

    @property
    def hero_level(self) -> int:
        """The heroes' level (the highest on the sheet)."""
        return max(h.level for h in self.heroes)

    @property
    def over(self) -> bool:
        return self.next_scenario is None

    def hero(self, hero_id: str) -> HeroRecord:
        for record in self.heroes:
            if record.hero == hero_id:
                return record
        names = ", ".join(h.hero for h in self.heroes)
        raise CampaignSheetError(f"No hero {hero_id!r} is on the sheet; it lists {names}.")

    def with_heroes(self, heroes: Mapping[str, HeroRecord] | Sequence[HeroRecord]) -> CampaignSheet:
        """The sheet with these hero records (replacing those of the same hero)."""
        if isinstance(heroes, Mapping):
            heroes = tuple(heroes.values())
        return replace(self, heroes=tuple(heroes))

    def describe(self) -> str:
        """The sheet as the players would fill it in."""
        lines = [
            f"Campaign: {self.name}",
            f"Scenarios completed: {self.completed}; next: {self.next_scenario or 'none (over)'}",
            f"Monster Points: {self.monster_points} (Monster Level {self.monster_level})",
            f"Group XP left over: {self.group_xp}",
            f"Cards each hero may keep: {self.kept_cards}",
        ]
        lines += [f"- {r.describe()}" for r in self.played]
        lines += [f"* {h.describe()}" for h in self.heroes]
        if self.options.enabled():
            lines.append("Optional rules: " + ", ".join(self.options.enabled()))
        if self.notes:
            lines.append(f"Notes: {self.notes}")
        return "\n".join(lines)
