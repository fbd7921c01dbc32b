"""A campaign scenario in progress: what the game does differently in *Campaign Mode*.

A game started from a Campaign Sheet holds a :class:`CampaignPlay` in ``state.campaign``
(``None`` in a Single Scenario). The game's rules ask it three things:

* every Doom Counter move adds the red and orange squares it crossed to the scenario's
  Monster Points (:func:`count_monster_points`, *Monster level in campaigns*);
* a +1 Level square raises the monsters only while they stand at most at the main level
  (:func:`level_up_ignored`): one Level Up per scenario, the rest are ignored;
* no hero bonus is chosen within a campaign scenario (*Campaigns*; the rounds 7, 13 and 18
  of a Single Scenario give none here).

The group XP cost is tripled by the Group XP track itself (``GroupXP(campaign=True)``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from doria_nb.engine.campaign.errors import CampaignError
from doria_nb.engine.campaign.monster_points import level_up_allowed
from doria_nb.engine.sections import Section

__all__ = ["CampaignPlay", "count_monster_points", "in_campaign", "level_up_ignored"]


@dataclass(frozen=True, slots=True)
class CampaignPlay:
    """The campaign's part of a running game: the scenario's number in the campaign, the
    main Monster Level it began at, the Monster Points its Doom Counter produced so far, the
    Level Ups it ignored, whether the group declared an escape for the round's end (ruling
    CA8) and whether the heroes escaped."""

    scenario_number: int
    main_level: int
    points: int = 0
    ignored_level_ups: int = 0
    escaped: bool = False
    escape_declared: bool = False

    def __post_init__(self) -> None:
        for name in ("scenario_number", "main_level"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise CampaignError(f"A campaign scenario's {name} is 1 or more, not {value!r}.")

    def explain(self) -> str:
        text = (
            f"Campaign scenario {self.scenario_number}: main Monster Level {self.main_level}, "
            f"{self.points} Monster Point(s) so far"
        )
        if self.ignored_level_ups:
            text += f", {self.ignored_level_ups} Level Up(s) ignored"
        if self.escape_declared:
            text += ", escape declared for the end of the round"
        return text + "."


def in_campaign(state: Any) -> bool:
    """Whether the game is a campaign scenario."""
    return getattr(state, "campaign", None) is not None


def count_monster_points(state: Any, move: Any) -> None:
    """Add the red and orange squares ``move`` crossed to the scenario's Monster Points."""
    play = getattr(state, "campaign", None)
    if play is None or not move.monster_points:
        return
    state.campaign = replace(play, points=play.points + move.monster_points)


def level_up_ignored(state: Any) -> bool:
    """In a campaign scenario, whether a +1 Level square must be ignored because the monsters
    already rose one level above the main level; the ignored Level Up is logged and counted.
    Always ``False`` in a Single Scenario."""
    play = getattr(state, "campaign", None)
    if play is None or level_up_allowed(state.monster_level, play.main_level):
        return False
    from doria_nb.engine.table.events import LevelUpIgnored

    state.campaign = replace(play, ignored_level_ups=play.ignored_level_ups + 1)
    state.log.append(
        LevelUpIgnored(
            Section.MONSTER_LEVEL_IN_CAMPAIGNS,
            f"Level Up ignored: in a campaign scenario the monsters rise only one level above "
            f"the main level {play.main_level} (they stay at {state.monster_level}).",
            level=state.monster_level,
        )
    )
    return True
