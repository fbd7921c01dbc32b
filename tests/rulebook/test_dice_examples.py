"""The rulebook's worked examples about dice, rebuilt with the faces the rulebook gives.

Each test names the section and example it reconstructs. Where an example gives only a
total and not the dice behind it, the test says so and uses dice that make that total.
"""

from __future__ import annotations

from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.checks import Side, comparative_roll, compare, evaluate_check, target_check
from doria_nb.engine.dice import Dice, Roll


def test_comparative_rolls_scoundrel_attacks_an_orc() -> None:
    """*Comparative Rolls and Target Numbers*, Comparative rolls example: 3D of 5, 8, 4 = 17
    against the Orc's 2D+5 of 2 and 5 = 12: the Scoundrel hits."""
    result = comparative_roll("3D", "2D+5", ScriptedChance([5, 8, 4, 2, 5]))
    assert result.attack.total == 17
    assert result.defense.total == 12
    assert result.hit and result.criticals == 0
    assert result.explain() == (
        "Attack 3D: 5+8+4 = 17 vs defense 2D+5: 2+5+5 = 12. 17 ≥ 12: hit, no critical."
    )


def test_target_numbers_warrior_holds_on_to_the_pit_edge() -> None:
    """*Comparative Rolls and Target Numbers*, Target numbers Example 1: STR 15 + AGI 10 + 6 + 4
    = 35 against TN 35 is just enough."""
    result = target_check(35, ScriptedChance([6, 4]), {"STR": 15, "AGI": 10})
    assert result.total == 35 and result.success
    assert result.explain() == "STR 15 + AGI 10 + 2D (6+4) = 35 ≥ TN 35: success, no critical."


def test_target_numbers_priestess_healing_spell_fails() -> None:
    """*Comparative Rolls and Target Numbers*, Target numbers Example 2: CON 8 + PSI 15 + 2 + 5
    = 30 against TN 32 fails."""
    result = target_check(32, ScriptedChance([2, 5]), {"CON": 8, "PSI": 15})
    assert result.total == 30
    assert not result.success and result.critical_failures == 0


def test_attack_longsword_explodes_to_28() -> None:
    """*Attack* example: the Warrior's Longsword (3D+5) rolls 3, 4 and a 0 (10) that explodes
    into a 6: that die counts 16, the attack 28."""
    roll = ScriptedChance([3, 4, 0, 6]).roll(Dice.parse("3D+5"))
    assert roll.chains[2].faces == (10, 6) and roll.chains[2].value == 16
    assert roll.total == 28
    assert roll.describe() == "3+4+(10+6)+5 = 28"


def test_defense_orc_defends_with_19_and_is_hit_without_critical() -> None:
    """*Defense* example: the Orc's 2D+5 rolls 8 and 6 = 19 against the Warrior's 28: hit,
    margin 9, not critical."""
    attack = Roll.from_faces("3D+5", [3, 4, 0, 6])
    defense = Roll.from_faces("2D+5", [8, 6])
    result = compare(attack, defense)
    assert defense.total == 19
    assert result.hit and result.margin == 9 and result.criticals == 0


def test_fumbles_in_combat_warrior_fumbles_psi_resistance() -> None:
    """*Additional Combat Rules*, Fumbles in combat example: a magic attack of 18 against the
    Warrior's 2D psi resistance of 1+1: two criticals, one for the margin of 16 and one for
    the fumble (2 extra damage). The rulebook gives only the attack total; 2D+8 rolling 4 and 6
    stands in for it."""
    result = compare(
        Roll.from_faces("2D+8", [4, 6]),
        Roll.from_faces("2D", [1, 1]),
        attacker=Side.MONSTER,
        defender=Side.CHARACTER,
    )
    assert result.attack.total == 18 and result.defense.total == 2
    assert result.defender_fumbled and result.hit
    assert result.criticals == 2
    assert result.defender_item_damaged  # the fumble damages the item used to defend


def test_critical_hits_mercenary_double_critical() -> None:
    """*Getting Hit and Armor Rating*, Critical hits example: attack 36 against defense 8 is
    a double critical (28 points of margin). Totals only in the rulebook; dice stand in."""
    result = compare(Roll.from_faces("3D+6", [10, 5, 9, 6]), Roll.from_faces("2D", [3, 5]))
    assert (result.attack.total, result.defense.total) == (36, 8)
    assert result.criticals == 2


def test_jumping_mage_fumble_is_a_critical_failure_lowered_once_more() -> None:
    """*Jumping (5 AP)* Example 2: STR 4 + AGI 7 + 1 + 1 = 13 against TN 30 is a critical
    failure (17 below) lowered one more step by the fumble: two critical failures, so the
    fall damage of 3 is multiplied by 3."""
    result = evaluate_check(Roll.from_faces("2D", [1, 1]), 30, {"STR": 4, "AGI": 7})
    assert result.total == 13 and result.fumbled and not result.success
    assert result.critical_failures == 2
    assert 3 * (1 + result.critical_failures) == 9


def test_jumping_huntress_clears_the_hole() -> None:
    """*Jumping (5 AP)* Example 1: STR 7 + AGI 10 + 6 + 8 = 31 against TN 20 succeeds."""
    result = evaluate_check(Roll.from_faces("2D", [6, 8]), 20, {"STR": 7, "AGI": 10})
    assert result.total == 31 and result.success and result.critical_successes == 1


def test_psi_spells_thunderstorm_reaches_22() -> None:
    """*Psi Spells* example: Thunderstorm 4D+2 rolls 6, 2, 8, 4: a magic attack of 22."""
    assert Roll.from_faces("4D+2", [6, 2, 8, 4]).total == 22


def test_psi_spells_priestess_dense_hide() -> None:
    """*Psi Spells*, Target numbers example: CON 10 + PSI 12 + 8 + 5 = 35 against TN 28."""
    result = evaluate_check(Roll.from_faces("2D", [8, 5]), 28, {"CON": 10, "PSI": 12})
    assert result.total == 35 and result.success and result.critical_successes == 0


def test_poison_adventurer_misses_tn_30_by_one() -> None:
    """*Phase E: Poison* example: CON 9 + WIS 8 + a 2D total of 12 = 29 against TN 30
    (28 + 2 x Monster Level 1) fails. The dice are not given; 5 and 7 make 12."""
    result = evaluate_check(Roll.from_faces("2D", [5, 7]), 28 + 2 * 1, {"CON": 9, "WIS": 8})
    assert result.total == 29 and not result.success and result.critical_failures == 0


def test_psi_resistance_mage_spends_three_points() -> None:
    """*Psi Resistance* example: the Dark Mage's psi attack of 19 against the Mage's 2D of 9+8
    = 17 would hit; 3 Psi Points make it 20, which surpasses 19. (Spending PP after the roll
    is the combat engine's; here the 3 points are added to the defense total.)"""
    attack = Roll.from_faces("2D+10", [4, 5])  # stands in for the attack total of 19
    plain = compare(
        attack, Roll.from_faces("2D", [9, 8]), attacker=Side.MONSTER, defender=Side.CHARACTER
    )
    boosted = compare(
        attack, Roll.from_faces("2D+3", [9, 8]), attacker=Side.MONSTER, defender=Side.CHARACTER
    )
    assert plain.hit
    assert boosted.defense.total == 20 and not boosted.hit


def test_traps_boulder_trap_needed_rolls() -> None:
    """*Traps and Secret Doors* example: Boulder Trap STR+AGI+2D against 28 + 3 x ML (31 at
    Monster Level 1): the Adventurer (9 + 8) needs 14 on 2D, the Warrior (13 + 9) needs 9."""
    target = 28 + 3 * 1
    assert target == 31
    for (strength, agility), needed in (((9, 8), 14), ((13, 9), 9)):
        bonus = {"STR": strength, "AGI": agility}
        low, high = _two_dice_summing_to(needed - 1), _two_dice_summing_to(needed)
        assert not evaluate_check(Roll.from_faces("2D", low), target, bonus).success
        assert evaluate_check(Roll.from_faces("2D", high), target, bonus).success


def test_optional_dice_rolling_3d_plus_2_is_20() -> None:
    """*Optional Rules*, Dice Rolling: each monster die counts 6, so 3D+2 is always 20."""
    assert Roll.fixed_for("3D+2").total == 20


def _two_dice_summing_to(total: int) -> list[int]:
    first = min(9, total - 2)
    return [first, total - first]
