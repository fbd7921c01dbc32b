"""*Campaign Mode* set-up: a game started from a Campaign Sheet.

:func:`campaign_start` reads the sheet into a :class:`CampaignStart`, the frozen record a
:class:`~doria_nb.engine.game.game.Game` carries in its setup (and its save file), and
:func:`doria_nb.engine.game.start_game` starts the sheet's next scenario with it (in the game's
package: a campaign sits below the game it starts). When the game is built,
:func:`apply_start` turns the usual set-up into the campaign's:

* a created hero (*Optional Rule: Create Heroes*) is dealt as a custom hero: the Standard
  Items its players chose, then Loot Cards;
* every hero keeps its attributes, hero level, hero bonuses and saved Attribute Points;
* the Loot Cards it kept are in its hand, and the hand is refilled to its usual size around
  them (*Campaign Sheet Anatomy*: "always refilled to 6 Loot Cards"): each kept card changes
  places with a card the hero was dealt, wherever the kept card lay (the draw pile, the
  discard pile or another hero's hand), so no card is made or lost;
* the Group XP left over stand on the Group XP track, which now costs three times
  [PlayerCount] per Attribute Point (*XP in Campaigns*);
* the monsters start at the campaign's main level, from the Monster Points (*Monster level
  in campaigns*).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from doria_nb.engine.campaign.created import created_template
from doria_nb.engine.campaign.errors import CampaignError
from doria_nb.engine.campaign.monster_points import main_level
from doria_nb.engine.campaign.play import CampaignPlay
from doria_nb.engine.campaign.sheet import CampaignSheet, HeroRecord
from doria_nb.engine.campaign.sheet_json import hero_from_json, hero_to_json
from doria_nb.engine.mat import Area
from doria_nb.engine.progression import GroupXP
from doria_nb.engine.sections import Section
from doria_nb.engine.starting import outfit
from doria_nb.engine.table.events import CampaignScenarioBegan

__all__ = ["CampaignStart", "apply_start", "campaign_start"]


@dataclass(frozen=True, slots=True)
class CampaignStart:
    """What a campaign scenario's game is built from besides its scenario, heroes and seed:
    the heroes' records (in the game's hero order), the Group XP left over, the total of
    Monster Points and the scenario's number."""

    heroes: tuple[HeroRecord, ...]
    group_xp: int = 0
    monster_points: int = 0
    scenario_number: int = 1

    def __post_init__(self) -> None:
        for name, low in (("group_xp", 0), ("monster_points", 0), ("scenario_number", 1)):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < low:
                raise CampaignError(f"A campaign start's {name} is {low} or more, not {value!r}.")
        if not self.heroes or not all(isinstance(h, HeroRecord) for h in self.heroes):
            raise CampaignError("A campaign start lists its heroes' records.")

    @property
    def hero_ids(self) -> tuple[str, ...]:
        return tuple(h.hero for h in self.heroes)

    def created_templates(self, pack: Any) -> dict[str, Any]:
        """The hero templates of the created heroes (*Optional Rule: Create Heroes*) by id:
        what the game deals and builds them from."""
        return {h.hero: created_template(h, pack) for h in self.heroes if h.is_created}

    def to_json(self) -> dict[str, Any]:
        """The record as JSON data (for the game's save file)."""
        return {
            "heroes": [hero_to_json(h) for h in self.heroes],
            "group_xp": self.group_xp,
            "monster_points": self.monster_points,
            "scenario_number": self.scenario_number,
        }

    @classmethod
    def from_json(cls, data: object) -> CampaignStart:
        """The record written by :meth:`to_json`; anything else raises :class:`CampaignError`
        in words."""
        if not isinstance(data, dict) or set(data) != {
            "heroes",
            "group_xp",
            "monster_points",
            "scenario_number",
        }:
            raise CampaignError(f"A campaign start is written as a table, not {data!r}.")
        heroes = data["heroes"]
        if not isinstance(heroes, list):
            raise CampaignError("A campaign start lists its heroes.")
        records = [hero_from_json(h, f"hero {i}") for i, h in enumerate(heroes, 1)]
        return cls(
            tuple(records), data["group_xp"], data["monster_points"], data["scenario_number"]
        )


def campaign_start(sheet: CampaignSheet) -> CampaignStart:
    """The start of the sheet's next scenario."""
    if not isinstance(sheet, CampaignSheet):
        raise CampaignError(f"A campaign scenario starts from a CampaignSheet, not {sheet!r}.")
    return CampaignStart(sheet.heroes, sheet.group_xp, sheet.monster_points, sheet.scenario_number)


def apply_start(state: Any, start: CampaignStart) -> None:
    """Turn the freshly set-up ``state`` into a campaign scenario's (see the module text)."""
    seats = list(state.heroes.values())
    if [s.character.template.id for s in seats] != list(start.hero_ids):
        raise CampaignError("A campaign start must list the game's heroes in the game's order.")
    for seat, record in zip(seats, start.heroes, strict=True):
        _carry_hero(state, seat, record)
    for seat, record in zip(seats, start.heroes, strict=True):
        for card_id in record.kept:
            _bring_kept_card(state, seat, card_id, record.kept)
    for seat in seats:
        outfit(seat.character)
    state.group_xp = GroupXP(state.player_count, start.group_xp, campaign=True)
    from doria_nb.engine.optional_rules.monsters import starting_monster_level

    level = starting_monster_level(state.options, main_level(start.monster_points))
    state.monster_level = level
    state.campaign = CampaignPlay(start.scenario_number, level)
    state.log.append(
        CampaignScenarioBegan(
            Section.CAMPAIGN_MODE,
            f"Campaign scenario {start.scenario_number}: Monster Level {level} from "
            f"{start.monster_points} Monster Points; {start.group_xp} Group XP carried over.",
            number=start.scenario_number,
            level=level,
            monster_points=start.monster_points,
            group_xp=start.group_xp,
        )
    )


def _carry_hero(state: Any, seat: Any, record: HeroRecord) -> None:
    """The hero's attributes, saved points, level and bonuses from the sheet."""
    character = seat.character
    gained = {a.value: record.attributes[a] - v for a, v in character.attributes}
    if any(n < 0 for n in gained.values()):
        raise CampaignError(
            f"{record.name}'s attributes on the sheet ({record.attributes}) are below the "
            f"premade hero's ({character.attributes}); attributes only rise."
        )
    points = sum(gained.values())
    if points:
        character.gain_points(points)
        character.raise_attributes({k: n for k, n in gained.items() if n})
    if record.saved_points:
        character.gain_points(record.saved_points)
    character.hp, character.pp = character.maximum.hp, character.maximum.pp
    if record.level > character.level:
        character.set_level(record.level)
    for bonus_id in record.bonuses:
        if all(b.id != bonus_id for b in character.hero_bonuses):
            character.choose_bonus(state.pack.bonus(bonus_id))
    while character.bonuses_to_choose > 0:  # the default policy, as at a small group's start
        choices = [b for b in state.pack.bonuses if character.can_choose_bonus(b)]
        if not choices:
            break
        character.choose_bonus(choices[0])


def _spare(character: Any, kept: Sequence[str]) -> Any:
    """A dealt Loot Card the hero can give back for a kept one (the last in the Backpack
    first), or ``None``."""
    places = sorted(
        character.mat.locations(),
        key=lambda pair: (pair[0].area is not Area.BACKPACK, pair[0].area is Area.BODY),
    )
    for location, held in reversed(places):
        card = held.card
        if not card.standard and card.id not in kept and character.can_give(location):
            return location
    return None


def _bring_kept_card(state: Any, seat: Any, card_id: str, kept: Sequence[str]) -> None:
    """Put the kept card ``card_id`` in the hero's hand, swapping it for a dealt card."""
    character = seat.character
    mine = [c.id for c in character.mat.cards].count(card_id)
    if mine >= list(kept).count(card_id):
        return
    spare = _spare(character, kept)
    given = None
    if spare is not None:
        held, _ = character.give(spare)
        given = held.card
    loot = state.loot
    for pile in ("draw_pile", "discard_pile"):
        cards = list(getattr(loot, pile))
        index = next((i for i, c in enumerate(cards) if c.id == card_id), None)
        if index is not None:
            card = cards.pop(index)
            if given is not None:
                cards.insert(index, given)
            state.loot = replace(loot, **{pile: tuple(cards)})
            character.receive(card, Area.BACKPACK)
            return
    for other in state.heroes.values():
        if other is seat:
            continue
        location = other.character.mat.find(card_id)
        if location is not None and other.character.can_give(location):
            held, _ = other.character.give(location)
            if given is not None:
                other.character.receive(given, Area.BACKPACK)
            character.receive(held.card, Area.BACKPACK)
            return
    raise CampaignError(
        f"{character.name} keeps {card_id}, but no such card is left in the loot deck."
    )
