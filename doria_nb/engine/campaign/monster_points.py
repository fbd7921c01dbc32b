"""*Monster level in campaigns*: Monster Points, the campaign's Monster Level, and the cap
within one scenario.

Across a campaign the monsters' threat is counted in Monster Points. Within a scenario the
Doom Counter works as usual, but every red (+1 Extra Activation) and orange (+1 Level) square
the marker crosses is one point; the monsters may rise only one level above the campaign's
main level inside a scenario, and further Level Ups are ignored. After the scenario the level
drops back to the main level the total gives: one level per 10 points, from level 1. When the
heroes level up (after the 2nd, 4th, 6th scenario) while standing above the monsters, the
monsters get one more point.

The rulebook's example: the marker lands on 38 for the second time, after one Level Up.

>>> from doria_nb.engine.doom.counter import DoomCounter
>>> DoomCounter().move(11 + 3).monster_points
5
>>> main_level(18), hero_level_point(hero_level=3, monster_level=main_level(18))
(2, 1)
>>> main_level(18 + 1)
2
"""

from __future__ import annotations

from doria_nb.engine.campaign.errors import CampaignError

__all__ = [
    "DEATH_CONTINUE_POINTS",
    "LEVEL_UPS_PER_SCENARIO",
    "POINTS_PER_LEVEL",
    "hero_level_point",
    "level_up_allowed",
    "main_level",
]

POINTS_PER_LEVEL = 10
"""Every 10 Monster Points raise the campaign's Monster Level for good."""

LEVEL_UPS_PER_SCENARIO = 1
"""Within a campaign scenario the monsters rise at most one level above the main level."""

DEATH_CONTINUE_POINTS = 5
"""*Death of a character in campaigns*: going on to the next scenario instead of replaying
the one a hero died in adds 5 Monster Points."""


def _whole(value: object, what: str, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise CampaignError(f"{what} is a whole number of at least {low}, not {value!r}.")
    return value


def main_level(points: int) -> int:
    """The campaign's Monster Level for a total of Monster Points: 1, plus one per 10 points
    ("10 Points equal Level 2").

    >>> [main_level(p) for p in (0, 9, 10, 19, 20)]
    [1, 1, 2, 2, 3]
    """
    return 1 + _whole(points, "The Monster Points") // POINTS_PER_LEVEL


def level_up_allowed(current_level: int, main: int) -> bool:
    """Whether a +1 Level square of the Doom Counter still raises the monsters in a campaign
    scenario that began at Monster Level ``main`` (only the first Level Up counts).

    >>> level_up_allowed(1, 1), level_up_allowed(2, 1)
    (True, False)
    """
    _whole(current_level, "The Monster Level", 1)
    _whole(main, "The main Monster Level", 1)
    return current_level < main + LEVEL_UPS_PER_SCENARIO


def hero_level_point(*, hero_level: int, monster_level: int) -> int:
    """The recommended extra Monster Point when the heroes level up between scenarios: 1 if
    their new hero level is above the monsters' level, else 0 (a simple campaign's amount).

    >>> hero_level_point(hero_level=2, monster_level=2)
    0
    """
    _whole(hero_level, "The hero level", 1)
    _whole(monster_level, "The Monster Level", 1)
    return 1 if hero_level > monster_level else 0
