"""*Monster level in campaigns*: Monster Points, the main level and the cap, as pure rules."""

from __future__ import annotations

import pytest

from doria_nb.engine.campaign import (
    CampaignError,
    hero_level_point,
    level_up_allowed,
    main_level,
)
from doria_nb.engine.doom.counter import DoomCounter


def test_every_ten_points_raise_the_main_level() -> None:
    """*Monster level in campaigns*: every 10 Monster Points, one level more, for good."""
    assert [main_level(p) for p in (0, 1, 9, 10, 11, 19, 20, 29, 30, 45)] == [
        1, 1, 1, 2, 2, 2, 3, 3, 4, 5,
    ]  # fmt: skip


def test_only_one_level_up_within_a_scenario() -> None:
    """*Monster level in campaigns*: one level above the main level at most."""
    assert level_up_allowed(1, 1) and not level_up_allowed(2, 1)
    assert level_up_allowed(3, 3) and not level_up_allowed(4, 3)


def test_hero_level_point_only_when_the_heroes_stand_above() -> None:
    """*Monster level in campaigns*: +1 Monster Point when the heroes' new level is higher."""
    assert hero_level_point(hero_level=3, monster_level=2) == 1
    assert hero_level_point(hero_level=2, monster_level=2) == 0
    assert hero_level_point(hero_level=2, monster_level=3) == 0


def test_red_and_orange_squares_are_points() -> None:
    """*Monster level in campaigns*: each red and orange square crossed is one point; plain
    squares none."""
    assert DoomCounter().move(1).monster_points == 0  # 40
    assert DoomCounter().move(2).monster_points == 1  # 39 red
    assert DoomCounter().move(11).monster_points == 4  # 39, 36, 33 red and 30 orange


@pytest.mark.parametrize("bad", [-1, 1.5, True, "10", None])
def test_bad_points_are_refused_in_words(bad: object) -> None:
    with pytest.raises(CampaignError, match="whole number"):
        main_level(bad)  # type: ignore[arg-type]
