"""Comparative rolls and target-number checks (doria_nb.engine.checks)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.engine.chance import Chance, ScriptedChance
from doria_nb.engine.checks import (
    Outcome,
    OutcomeKind,
    Side,
    comparative_roll,
    compare,
    criticals,
    evaluate_check,
    target_check,
)
from doria_nb.engine.dice import Dice, Roll
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.options import RulesOptions


def roll(dice: str, *faces: int) -> Roll:
    return Roll.from_faces(dice, faces)


@pytest.mark.parametrize(
    ("margin", "crits"), [(-5, 0), (0, 0), (9, 0), (10, 1), (19, 1), (20, 2), (35, 3)]
)
def test_every_full_ten_is_a_critical(margin: int, crits: int) -> None:
    assert criticals(margin) == crits


def test_tie_goes_to_the_attacker() -> None:
    result = compare(roll("2D", 5, 5), roll("2D", 6, 4))
    assert result.hit and result.criticals == 0
    assert "10 = 10: hit" in result.explain()


def test_defender_must_beat_the_attack_by_one() -> None:
    result = compare(roll("2D", 5, 4), roll("2D", 6, 4))
    assert not result.hit
    assert result.outcome == Outcome(OutcomeKind.MISS, 0)


def test_miss_by_ten_is_a_critical_failure_for_the_attacker() -> None:
    result = compare(roll("2D", 2, 3), roll("2D+5", 5, 5))
    assert not result.hit and result.critical_failures == 1
    assert result.outcome == Outcome(OutcomeKind.MISS, 1)


def test_attacker_fumble_is_a_miss_whatever_the_totals() -> None:
    result = compare(roll("3D+20", 1, 1, 9), roll("2D", 2, 3))
    assert result.attacker_fumbled and not result.hit
    assert result.criticals == 0
    assert result.outcome.kind is OutcomeKind.FUMBLE
    assert result.attacker_item_damaged  # a character's fumble damages the weapon


def test_ruling_attacker_fumble_gives_the_defender_no_critical() -> None:
    # docs/rulings.md "An attacker's fumble and the defender": nothing but the miss.
    result = compare(roll("2D", 1, 1), roll("2D", 5, 5), defender=Side.CHARACTER)
    assert not result.hit
    assert not result.defender_item_damaged


def test_ruling_defender_fumble_with_a_higher_total_is_still_hit() -> None:
    # docs/rulings.md "A defender who fumbles with the higher total".
    result = compare(roll("2D", 2, 3), roll("3D+30", 1, 1, 4))
    assert result.defender_fumbled and result.hit
    assert result.criticals == 1


def test_ruling_both_sides_fumble_is_a_miss() -> None:
    # docs/rulings.md "Both sides fumble".
    result = compare(
        roll("2D", 1, 1), roll("2D", 1, 1), attacker=Side.CHARACTER, defender=Side.CHARACTER
    )
    assert not result.hit
    assert result.attacker_item_damaged and result.defender_item_damaged
    assert "Both sides fumbled" in result.explain()


def test_monsters_have_no_items_to_damage() -> None:
    result = compare(
        roll("2D", 1, 1), roll("2D", 1, 1), attacker=Side.MONSTER, defender=Side.MONSTER
    )
    assert not result.attacker_item_damaged and not result.defender_item_damaged


def test_no_fumbles_option_switches_fumbles_off() -> None:
    options = RulesOptions(no_fumbles=True)
    result = compare(roll("2D", 1, 1), roll("1D", 1), options=options)
    assert not result.attacker_fumbled and not result.defender_fumbled
    assert result.hit  # 2 >= 1
    check = evaluate_check(roll("2D", 1, 1), 2, options=options)
    assert check.success and not check.fumbled


def test_critical_fail_option_damages_items_on_critical_failures() -> None:
    plain = compare(roll("2D", 2, 3), roll("2D+5", 5, 5))
    assert not plain.attacker_item_damaged
    harsh = compare(roll("2D", 2, 3), roll("2D+5", 5, 5), options=RulesOptions(critical_fail=True))
    assert harsh.attacker_item_damaged
    defended = compare(
        roll("3D", 9, 9, 9),
        roll("2D", 5, 4),
        defender=Side.CHARACTER,
        options=RulesOptions(critical_fail=True),
    )
    assert defended.hit and defended.criticals == 1 and defended.defender_item_damaged


def test_dice_rolling_option_fixes_only_monster_dice() -> None:
    options = RulesOptions(dice_rolling=True)
    chance = ScriptedChance([3, 4, 5])
    result = comparative_roll("3D", "2D+5", chance, options=options, defender=Side.MONSTER)
    assert result.defense.fixed and result.defense.total == 17
    assert result.attack.total == 12 and not result.hit
    assert chance.remaining == 0
    attacked = comparative_roll(
        "3D+2",
        "2D",
        ScriptedChance([9, 8]),
        options=options,
        attacker=Side.MONSTER,
        defender=Side.CHARACTER,
    )
    assert attacked.attack.total == 20 and attacked.defense.total == 17


def test_check_success_on_reaching_the_target() -> None:
    result = evaluate_check(roll("2D", 6, 4), 35, {"STR": 15, "AGI": 10})
    assert result.success and result.total == 35 and result.critical_successes == 0


def test_check_critical_successes_and_failures() -> None:
    assert evaluate_check(roll("2D", 10, 5, 6), 20, 10).critical_successes == 1  # 31 vs 20
    failed = evaluate_check(roll("2D", 2, 3), 30, 5)  # 10 vs 30: 20 below
    assert not failed.success and failed.critical_failures == 2


def test_ruling_fumbled_check_fails_even_on_a_high_total() -> None:
    # docs/rulings.md "A fumble on a target-number check".
    result = evaluate_check(roll("2D", 1, 1), 10, 30)
    assert result.total == 32 and result.fumbled and not result.success
    assert result.critical_failures == 1
    assert result.outcome == Outcome(OutcomeKind.FUMBLE, 0)


def test_check_input_errors_are_clear_and_raise_before_rolling() -> None:
    chance = Chance.seeded(1)
    with pytest.raises(DoriaError, match="Target Number"):
        target_check("35", chance, 25)  # type: ignore[arg-type]
    with pytest.raises(DoriaError, match="whole number"):
        target_check(35, chance, {"STR": "high"})  # type: ignore[dict-item]
    assert chance.outcomes == []


def test_outcome_labels_and_order() -> None:
    outcomes = [
        Outcome(OutcomeKind.HIT, 2),
        Outcome(OutcomeKind.FUMBLE),
        Outcome(OutcomeKind.MISS, 1),
        Outcome(OutcomeKind.HIT, 0),
        Outcome(OutcomeKind.MISS, 0),
    ]
    ordered = sorted(outcomes, key=lambda o: o.sort_key)
    assert [o.label() for o in ordered] == [
        "fumble",
        "miss (1 crit fail)",
        "miss",
        "hit",
        "hit +2 crit",
    ]
    assert Outcome(OutcomeKind.HIT, 1).label(check=True) == "success +1 crit"


faces = st.integers(1, 9)


@given(
    st.lists(faces, min_size=1, max_size=6),
    st.lists(faces, min_size=1, max_size=6),
    st.integers(-10, 10),
    st.integers(-10, 10),
)
def test_comparative_invariants(attack: list[int], defense: list[int], am: int, dm: int) -> None:
    a = Roll.from_faces(Dice(len(attack), am), attack)
    d = Roll.from_faces(Dice(len(defense), dm), defense)
    result = compare(a, d)
    assert result.criticals == 0 or result.hit
    assert result.critical_failures == 0 or not result.hit
    if not result.attacker_fumbled and not result.defender_fumbled:
        assert result.hit == (a.total >= d.total)
    assert result.explain().startswith(f"Attack {a.dice}")


@given(st.integers(0, 2**31))
def test_seeded_rolls_agree_with_the_pure_judge(seed: int) -> None:
    result = comparative_roll("3D+1", "2D+4", Chance.seeded(seed))
    assert result == compare(result.attack, result.defense)
