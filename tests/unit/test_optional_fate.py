"""*Fate Points* and *Easier Overall Game* (``doria_nb.engine.optional_rules.fate``; ruling
OR8)."""

from __future__ import annotations

import pytest

from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.checks import Side, compare, evaluate_check
from doria_nb.engine.dice import Dice, Roll
from doria_nb.engine.events import EventLog
from doria_nb.engine.optional_rules.fate import (
    FatePointsError,
    FatePool,
    fate_reroll,
    fate_reroll_comparison,
    reroll,
    starting_bonus_picks,
)
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section

LEVELS = {"Mage": 1, "Warrior": 2}


def test_each_character_has_one_point_per_hero_level() -> None:
    pool = FatePool.start(RulesOptions(fate_points="character"), LEVELS)
    assert (pool.left("Mage"), pool.left("Warrior")) == (1, 2)
    after = pool.spend("Mage")
    assert (after.left("Mage"), after.left("Warrior")) == (0, 2)
    assert pool.left("Mage") == 1  # frozen: spending made a new pool
    with pytest.raises(FatePointsError, match="Mage has no Fate Point left"):
        after.spend("Mage")
    assert after.spend("Warrior").left("Warrior") == 1


def test_the_group_shares_the_sum() -> None:
    pool = FatePool.start(RulesOptions(fate_points="group"), LEVELS)
    assert pool.left("Mage") == pool.left("Warrior") == 3
    pool = pool.spend("Mage").spend("Mage").spend("Mage")
    assert pool.left("Warrior") == 0
    with pytest.raises(FatePointsError, match="The group has no Fate Point left"):
        pool.spend("Warrior")


def test_refusals_in_words() -> None:
    with pytest.raises(FatePointsError, match="not in use"):
        FatePool.start(RulesOptions(), LEVELS)
    pool = FatePool.start(RulesOptions(fate_points="character"), LEVELS)
    with pytest.raises(FatePointsError, match="'Rogue' has no Fate Points here"):
        pool.spend("Rogue")
    with pytest.raises(FatePointsError, match="Hero Level"):
        FatePool.start(RulesOptions(fate_points="group"), {"Mage": 0})


def test_a_re_roll_is_complete_and_the_new_roll_stands_even_if_worse() -> None:
    # A fumble (two ones) on a check against TN 12 is re-rolled: the new roll stands.
    fumble = Roll.from_faces("2D+4", [1, 1])
    pool = FatePool.start(RulesOptions(fate_points="character"), LEVELS)
    pool, better = fate_reroll(pool, "Mage", fumble, ScriptedChance([6, 5]))
    assert better.dice == Dice(2, 4) and better.total == 15 and pool.left("Mage") == 0
    assert evaluate_check(better, 12).success and not evaluate_check(fumble, 12).success
    good = Roll.from_faces("2D", [9, 8])
    worse = reroll(good, ScriptedChance([2, 3]))
    assert worse.total == 5  # no choosing the better of the two
    # Nothing is rolled and nothing is spent when no point is left.
    chance = ScriptedChance([7, 7])
    with pytest.raises(FatePointsError):
        fate_reroll(pool, "Mage", fumble, chance)
    assert chance.remaining == 2


def test_a_re_roll_is_logged_under_fate_points() -> None:

    log = EventLog()
    reroll(Roll.from_faces("1D", [1]), ScriptedChance([4], log), who="Mage")
    assert log[-1].rule is Section.FATE_POINTS  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("extra", "players", "picks"),
    [(0, 1, 1), (0, 2, 1), (0, 3, 0), (0, 6, 0), (1, 1, 2), (1, 4, 1), (2, 3, 2)],
)
def test_starting_bonus_picks(extra: int, players: int, picks: int) -> None:
    assert starting_bonus_picks(RulesOptions(easier_overall_game=extra), players) == picks


def test_starting_bonus_picks_refuses_a_bad_player_count() -> None:
    with pytest.raises(FatePointsError, match="1 to 6 characters"):
        starting_bonus_picks(RulesOptions(), 7)


def test_a_defender_re_rolls_only_their_own_defense() -> None:
    # An Orc's 3D+2 (5+5+5+2 = 17) against the Warrior's defense 2D+3 (1+2+3 = 6): a hit.
    hit = compare(
        Roll.from_faces("3D+2", [5, 5, 5]),
        Roll.from_faces("2D+3", [1, 2]),
        attacker=Side.MONSTER,
        defender=Side.CHARACTER,
    )
    pool = FatePool.start(RulesOptions(fate_points="character"), LEVELS)
    pool, again = fate_reroll_comparison(pool, "Warrior", hit, ScriptedChance([9, 9]))
    assert hit.hit and not again.hit
    assert again.attack == hit.attack and again.defense.total == 21
    assert pool.left("Warrior") == 1
