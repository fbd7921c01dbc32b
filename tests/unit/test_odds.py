"""Exact odds (doria_nb.engine.odds) against the rule functions that judge real rolls.

The fast code is checked three ways: by brute force (every roll up to a number of explosions, each
pair of rolls judged by ``checks.compare`` / ``checks.evaluate_check``), by sampling seeded
rolls through ``checks.comparative_roll`` / ``checks.target_check``, and by properties that
must hold whatever the dice.
"""

from __future__ import annotations

import math
import subprocess
import sys
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doria_nb.engine import odds
from doria_nb.engine.chance import Chance
from doria_nb.engine.checks import (
    Outcome,
    Side,
    comparative_roll,
    compare,
    evaluate_check,
    target_check,
)
from doria_nb.engine.dice import FACES, Dice, DieChain, Roll
from doria_nb.engine.options import RulesOptions

# --------------------------------------------------------------------------------------------
# Brute force: every roll with up to MAX_TENS explosions, judged by the rule functions
# --------------------------------------------------------------------------------------------

MAX_TENS = 11
"""Explosions (tens) the brute force follows in one roll, all dice together; a roll with more
is left out: probability at most comb(11 + n, n - 1) * 10**-12, below 1e-10 for up to 3D."""

PRUNE = Fraction(1, 10**13)
"""Groups of rolls less likely than this are left out of the brute force as well."""

T = TypeVar("T")


@cache
def _chains() -> tuple[tuple[DieChain, int, int], ...]:
    """Every chain of at most MAX_TENS tens then a face 1-9, with its tens and its exact
    probability as an integer weight over ``10**(MAX_TENS + 1)``."""
    return tuple(
        (DieChain((FACES,) * tens + (face,)), tens, 10 ** (MAX_TENS - tens))
        for tens in range(MAX_TENS + 1)
        for face in range(1, FACES)
    )


@dataclass(frozen=True)
class BruteSide:
    """Every roll of some dice as real :class:`Roll` objects, grouped by (total, fumble shown)
    with a representative roll and an integer weight over ``denominator`` per group. Rolls
    with more than MAX_TENS tens, and groups below PRUNE, are left out, with mass ``missing``.
    """

    groups: tuple[tuple[Roll, int], ...]
    denominator: int

    @property
    def missing(self) -> Fraction:
        return 1 - Fraction(sum(weight for _, weight in self.groups), self.denominator)


@cache
def brute_side(dice: Dice, fixed: bool = False) -> BruteSide:
    if fixed:
        return BruteSide(((Roll.fixed_for(dice), 1),), 1)
    chains = _chains()
    weights: Counter[tuple[int, bool]] = Counter()
    representative: dict[tuple[int, bool], Roll] = {}
    for combo in combinations_with_replacement(range(len(chains)), dice.count):
        if sum(chains[i][1] for i in combo) > MAX_TENS:
            continue
        weight = math.factorial(dice.count)  # the orders in which these dice can fall
        for repeats in Counter(combo).values():
            weight //= math.factorial(repeats)
        for i in combo:
            weight *= chains[i][2]
        roll = Roll(dice, tuple(chains[i][0] for i in combo))
        key = (roll.total, roll.shows_fumble)
        weights[key] += weight
        representative.setdefault(key, roll)
    denominator = 10 ** ((MAX_TENS + 1) * dice.count)
    groups = tuple(
        (representative[key], weight)
        for key, weight in weights.items()
        if weight >= PRUNE * denominator
    )
    return BruteSide(groups, denominator)


def brute_comparative(
    attack: str, defense: str, options: RulesOptions, attacker: Side, defender: Side
) -> tuple[dict[str, object], Fraction]:
    """Judge every pair of roll groups with ``checks.compare``; exact probabilities, and the
    probability left out."""
    a_dice, d_dice = Dice.parse(attack), Dice.parse(defense)
    a_side = brute_side(a_dice, options.dice_rolling and attacker is Side.MONSTER)
    d_side = brute_side(d_dice, options.dice_rolling and defender is Side.MONSTER)
    p: Counter[str] = Counter()
    crits: Counter[int] = Counter()
    failures: Counter[int] = Counter()
    outcomes: Counter[Outcome] = Counter()
    for a_roll, a_weight in a_side.groups:
        for d_roll, d_weight in d_side.groups:
            weight = a_weight * d_weight
            result = compare(a_roll, d_roll, options=options, attacker=attacker, defender=defender)
            outcomes[result.outcome] += weight
            if result.hit:
                p["hit"] += weight
                p["crits"] += weight * result.criticals
                crits[result.criticals] += weight
            else:
                failures[result.critical_failures] += weight
                if not result.attacker_fumbled:
                    p["miss"] += weight
            p["attacker"] += weight * result.attacker_fumbled
            p["defender"] += weight * result.defender_fumbled
            p["both"] += weight * (result.attacker_fumbled and result.defender_fumbled)
    denominator = a_side.denominator * d_side.denominator
    brute: dict[str, object] = {
        key: Fraction(p[key], denominator)
        for key in ("hit", "miss", "attacker", "defender", "both", "crits")
    }
    brute["crit_distribution"] = _exact(crits, denominator)
    brute["failures"] = _exact(failures, denominator)
    brute["outcomes"] = _exact(outcomes, denominator)
    return brute, a_side.missing + d_side.missing


def _exact(weights: Mapping[T, int], denominator: int) -> dict[T, Fraction]:
    return {key: Fraction(weight, denominator) for key, weight in weights.items()}


def assert_close_maps(fast: Mapping, brute: Mapping, tolerance: float) -> None:
    for key in set(fast) | set(brute):
        got, want = fast.get(key, 0.0), float(brute.get(key, 0))
        assert abs(got - want) <= tolerance, (key, got, want)


PAIRS = [
    ("1D", "1D", RulesOptions(), Side.CHARACTER, Side.MONSTER),
    ("2D", "1D", RulesOptions(), Side.CHARACTER, Side.MONSTER),
    ("1D+3", "2D-1", RulesOptions(), Side.CHARACTER, Side.MONSTER),
    ("2D", "2D", RulesOptions(), Side.CHARACTER, Side.MONSTER),
    ("3D", "2D+5", RulesOptions(), Side.CHARACTER, Side.MONSTER),
    ("2D-1", "3D", RulesOptions(), Side.MONSTER, Side.CHARACTER),
    ("3D", "2D+5", RulesOptions(no_fumbles=True), Side.CHARACTER, Side.MONSTER),
    ("1D", "2D", RulesOptions(no_fumbles=True), Side.CHARACTER, Side.MONSTER),
    # Dice Rolling: only a monster's side is fixed (each die counts 6).
    ("3D", "2D+5", RulesOptions(dice_rolling=True), Side.CHARACTER, Side.MONSTER),
    ("2D+3", "1D", RulesOptions(dice_rolling=True), Side.MONSTER, Side.CHARACTER),
    ("2D", "2D", RulesOptions(dice_rolling=True), Side.CHARACTER, Side.CHARACTER),
    ("3D", "1D+20", RulesOptions(dice_rolling=True), Side.MONSTER, Side.MONSTER),
    ("2D", "3D", RulesOptions(dice_rolling=True, no_fumbles=True), Side.CHARACTER, Side.MONSTER),
]


@pytest.mark.parametrize(("attack", "defense", "options", "attacker", "defender"), PAIRS)
def test_comparative_odds_agree_with_compare_on_every_roll(
    attack: str, defense: str, options: RulesOptions, attacker: Side, defender: Side
) -> None:
    brute, brute_missing = brute_comparative(attack, defense, options, attacker, defender)
    fast = odds.comparative(attack, defense, options=options, attacker=attacker, defender=defender)
    # Both computations leave out only exploding tails: they differ by at most those masses.
    tolerance = float(brute_missing) + fast.truncation_bound + 1e-15
    assert tolerance <= 1e-9
    assert fast.truncation_bound <= 1e-12
    assert abs(fast.p_success - float(brute["hit"])) <= tolerance
    assert abs(float(fast.p_success_exact) - float(brute["hit"])) <= tolerance
    assert abs(fast.p_miss - float(brute["miss"])) <= tolerance
    assert abs(fast.p_attacker_fumble - float(brute["attacker"])) <= tolerance
    assert abs(fast.p_defender_fumble - float(brute["defender"])) <= tolerance
    assert abs(fast.p_both_fumble - float(brute["both"])) <= tolerance
    assert_close_maps(fast.crit_distribution, brute["crit_distribution"], tolerance)
    assert_close_maps(fast.crit_failure_distribution, brute["failures"], tolerance)
    assert_close_maps(dict(fast.outcome_distribution()), brute["outcomes"], tolerance)
    # The tails carry many criticals each, so the mean gets a wider (still tiny) margin.
    assert abs(fast.expected_crits - float(brute["crits"])) <= 100 * tolerance
    # Every class the rules produce (above the cut-off) is listed once, worst first.
    listed = [outcome for outcome, _ in fast.outcome_distribution()]
    assert listed == sorted(listed, key=lambda o: o.sort_key)
    assert len(set(listed)) == len(listed)
    clear = tolerance + odds.NEGLIGIBLE
    assert {o for o, p in brute["outcomes"].items() if p > clear} <= set(listed)


def test_both_sides_fumbling_is_a_miss_in_the_odds() -> None:
    fast = odds.comparative("2D", "2D")
    assert fast.p_both_fumble == pytest.approx(0.01 * 0.01)
    assert fast.p_attacker_fumble == pytest.approx(0.01)
    assert fast.p_defender_fumble == pytest.approx(0.01)
    # The defender's fumble gives a hit only when the attacker did not fumble too.
    assert fast.crit_distribution[0] + fast.crit_distribution[1] > 0.01 * 0.99
    brute, _ = brute_comparative("2D", "2D", RulesOptions(), Side.CHARACTER, Side.MONSTER)
    assert float(brute["both"]) == pytest.approx(fast.p_both_fumble, abs=1e-9)


def test_no_fumbles_has_no_fumble_outcomes() -> None:
    fast = odds.comparative("5D", "4D", options=RulesOptions(no_fumbles=True))
    assert fast.p_attacker_fumble == fast.p_defender_fumble == fast.p_both_fumble == 0
    assert all(outcome.kind.value != "fumble" for outcome, _ in fast.outcome_distribution())


CHECKS = [
    ("2D", 25, 35, RulesOptions()),
    ("2D", 0, 12, RulesOptions()),
    ("2D", 3, 40, RulesOptions()),
    ("1D", 2, 5, RulesOptions()),
    ("1D+3", 0, 1, RulesOptions()),
    ("3D", 10, 30, RulesOptions()),
    ("2D-1", 5, 20, RulesOptions(no_fumbles=True)),
    ("3D", 0, 60, RulesOptions(no_fumbles=True)),
]


@pytest.mark.parametrize(("dice", "bonus", "target", "options"), CHECKS)
def test_check_odds_agree_with_evaluate_check_on_every_roll(
    dice: str, bonus: int, target: int, options: RulesOptions
) -> None:
    side = brute_side(Dice.parse(dice))
    p: Counter[str] = Counter()
    crits: Counter[int] = Counter()
    failures: Counter[int] = Counter()
    outcomes: Counter[Outcome] = Counter()
    for roll, weight in side.groups:
        result = evaluate_check(roll, target, bonus, options=options)
        outcomes[result.outcome] += weight
        p["fumble"] += weight * result.fumbled
        if result.success:
            p["success"] += weight
            p["crits"] += weight * result.critical_successes
            crits[result.critical_successes] += weight
        else:
            failures[result.critical_failures] += weight
    success, fumble, crit_sum = (
        Fraction(p[k], side.denominator) for k in ("success", "fumble", "crits")
    )
    missing = side.missing
    fast = odds.target_check(dice, bonus, target, options=options)
    tolerance = float(missing) + fast.truncation_bound + 1e-15
    assert tolerance <= 1e-9
    assert abs(fast.p_success - float(success)) <= tolerance
    assert abs(float(fast.p_success_exact) - float(success)) <= tolerance
    assert abs(fast.p_fumble - float(fumble)) <= tolerance
    assert_close_maps(fast.crit_distribution, _exact(crits, side.denominator), tolerance)
    assert_close_maps(fast.crit_failure_distribution, _exact(failures, side.denominator), tolerance)
    assert_close_maps(
        dict(fast.outcome_distribution()), _exact(outcomes, side.denominator), tolerance
    )
    assert abs(fast.expected_crits - float(crit_sum)) <= 100 * tolerance


@pytest.mark.parametrize("dice", ["1D", "2D", "3D", "2D-1"])
def test_side_distribution_agrees_with_enumerated_rolls(dice: str) -> None:
    brute = brute_side(Dice.parse(dice))
    side = odds.roll_distribution(dice)
    tolerance = float(brute.missing) + side.truncation_bound
    for roll, weight in brute.groups:
        probability = side.probability(roll.total, fumble=roll.shows_fumble)
        assert abs(probability - weight / brute.denominator) <= tolerance
    assert side.missing <= odds.SIDE_BUDGET
    assert side.mass == 1 - side.missing
    exact_mass = Fraction(sum(side.clean) + sum(side.fumble), side.denominator)
    assert exact_mass == side.mass


@pytest.mark.parametrize("count", range(1, 13))
def test_pool_from_the_generating_function_equals_adding_dice_one_by_one(count: int) -> None:
    assert odds._pool(count) == odds._reference_pool(count)


@pytest.mark.parametrize("count", [13, 16, Dice.MAX_COUNT])
def test_pool_equals_the_reference_for_the_largest_rolls(count: int) -> None:
    assert odds._pool(count) == odds._reference_pool(count)


@pytest.mark.parametrize(("count", "modifier"), [(1, -3), (2, 5), (5, -1), (8, 7), (12, -4)])
def test_side_with_a_modifier_uses_the_reference_weights(count: int, modifier: int) -> None:
    side = odds.roll_distribution(Dice(count, modifier))
    reference = odds._reference_pool(count)
    assert (side.clean, side.fumble) == (reference.clean, reference.fumble)
    assert (side.denominator, side.missing) == (reference.denominator, reference.missing)
    assert (side.offset, side.max_tens) == (count + modifier, reference.max_tens)


def _power_by_hand(coefficients: tuple[int, ...], power: int) -> list[int]:
    result = [1]
    for _ in range(power):
        product = [0] * (len(result) + len(coefficients) - 1)
        for i, a in enumerate(result):
            for j, b in enumerate(coefficients):
                product[i + j] += a * b
        result = product
    return result


@pytest.mark.parametrize("power", [0, 1, 2, 7, 20])
def test_packed_polynomial_powers_equal_multiplying_by_hand(power: int) -> None:
    for polynomial in (odds._NOT_ONE, odds._FACES_POLY, (3, 0, 255, 1)):
        assert odds._polynomial(polynomial, power) == _power_by_hand(polynomial, power)


def test_unpacking_reads_back_what_was_packed() -> None:
    coefficients = [0, 1, 255, 256, 2**40 - 1, 0]
    width = odds._slot_width(max(coefficients))
    assert odds._unpack(odds._pack(coefficients, width), width, 8) == [*coefficients, 0, 0]
    with pytest.raises(OverflowError):
        odds._pack([2**width], width)


@pytest.mark.parametrize("count", range(1, Dice.MAX_COUNT + 1))
def test_tail_tens_is_the_union_bound_in_fractions(count: int) -> None:
    tens = 0
    while math.comb(tens + count - 1, count - 1) >= odds.SIDE_BUDGET * 10**tens:
        tens += 1
    assert odds._tail_tens(count) == tens


def test_fixed_side_is_a_point_mass_without_fumbles() -> None:
    side = odds.roll_distribution("3D-2", fixed=True)
    assert (side.offset, side.clean, side.fumble, side.missing) == (16, (1,), (0,), 0)
    assert side.p_fumble == 0 and side.probability(16) == 1.0


def test_distributions_are_cached_per_expression() -> None:
    first = odds.roll_distribution("4D+1")
    assert odds.roll_distribution(Dice(4, 1)) is first
    odds.clear_caches()
    again = odds.roll_distribution("4D+1")
    assert again is not first and again == first


def test_a_one_after_a_ten_is_not_a_fumble() -> None:
    # 1D: 11 (a 10 then a 1) is a clean 11; only the original 1 fumbles.
    side = odds.roll_distribution("1D")
    assert side.probability(11, fumble=True) == 0
    assert side.probability(11, fumble=False) == pytest.approx(0.01)
    assert side.probability(1, fumble=True) == pytest.approx(0.1)


# --------------------------------------------------------------------------------------------
# Sampling seeded rolls through the rule functions
# --------------------------------------------------------------------------------------------

SAMPLES = 50_000


def _within_five_sigma(observed: int, p: float, n: int) -> bool:
    sigma = math.sqrt(max(p * (1 - p), 1e-12) / n)
    return abs(observed / n - p) <= 5 * sigma + 1 / n


@pytest.mark.slow
@pytest.mark.parametrize(
    ("attack", "defense", "options", "seed"),
    [
        ("3D", "2D+5", RulesOptions(), 2026),
        ("5D", "4D+3", RulesOptions(dice_rolling=True), 7),
    ],
)
def test_sampled_comparative_rolls_match_the_exact_odds(
    attack: str, defense: str, options: RulesOptions, seed: int
) -> None:
    chance = Chance.seeded(seed)
    a, d = Dice.parse(attack), Dice.parse(defense)
    counts = Counter(
        comparative_roll(a, d, chance, options=options).outcome for _ in range(SAMPLES)
    )
    exact = odds.comparative(a, d, options=options)
    for outcome, p in exact.outcome_distribution():
        assert _within_five_sigma(counts[outcome], p, SAMPLES), (outcome, counts[outcome], p)
    assert set(counts) <= {outcome for outcome, _ in exact.outcome_distribution()}


@pytest.mark.slow
def test_sampled_checks_match_the_exact_odds() -> None:
    chance = Chance.seeded(35)
    counts = Counter(
        target_check(35, chance, {"STR": 15, "AGI": 10}).outcome for _ in range(SAMPLES)
    )
    exact = odds.target_check("2D", 25, 35)
    for outcome, p in exact.outcome_distribution():
        assert _within_five_sigma(counts[outcome], p, SAMPLES), (outcome, counts[outcome], p)


# --------------------------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------------------------

dice_st = st.builds(Dice, count=st.integers(1, 8), modifier=st.integers(-10, 10))
options_st = st.builds(RulesOptions, no_fumbles=st.booleans(), dice_rolling=st.booleans())
sides_st = st.sampled_from(list(Side))


@settings(max_examples=60, deadline=None)
@given(dice_st, dice_st, options_st, sides_st, sides_st)
def test_comparative_outcomes_sum_to_one(
    attack: Dice, defense: Dice, options: RulesOptions, attacker: Side, defender: Side
) -> None:
    fast = odds.comparative(attack, defense, options=options, attacker=attacker, defender=defender)
    assert fast.truncation_bound <= 1e-12
    total = sum(p for _, p in fast.outcome_distribution())
    assert 1 - fast.truncation_bound - 1e-13 <= total <= 1 + 1e-13
    assert fast.p_success + fast.p_miss + fast.p_attacker_fumble == pytest.approx(1, abs=1e-12)
    assert sum(fast.crit_distribution.values()) == pytest.approx(fast.p_success, abs=1e-13)
    misses = fast.p_miss + fast.p_attacker_fumble
    assert sum(fast.crit_failure_distribution.values()) == pytest.approx(misses, abs=1e-13)
    assert fast.p_both_fumble <= min(fast.p_attacker_fumble, fast.p_defender_fumble)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 8), st.integers(-10, 40), st.integers(-10, 60), st.booleans())
def test_check_outcomes_sum_to_one_and_success_falls_with_the_tn(
    count: int, bonus: int, target: int, no_fumbles: bool
) -> None:
    options = RulesOptions(no_fumbles=no_fumbles)
    check = odds.target_check(Dice(count), bonus, target, options=options)
    harder = odds.target_check(Dice(count), bonus, target + 1, options=options)
    assert check.truncation_bound <= 5e-13
    assert harder.p_success_exact <= check.p_success_exact
    total = sum(p for _, p in check.outcome_distribution())
    assert 1 - check.truncation_bound - 1e-13 <= total <= 1 + 1e-13


@pytest.mark.parametrize("count", [1, 8, 14, Dice.MAX_COUNT])
def test_truncation_stays_within_budget_for_every_pool(count: int) -> None:
    side = odds.roll_distribution(Dice(count))
    assert side.missing <= odds.SIDE_BUDGET
    assert side.truncation_bound <= 5e-13
    assert odds.comparative(Dice(count), Dice(count)).truncation_bound <= 1e-12


@settings(max_examples=60, deadline=None)
@given(dice_st, dice_st, options_st)
def test_a_higher_attack_modifier_never_lowers_the_odds(
    attack: Dice, defense: Dice, options: RulesOptions
) -> None:
    before = odds.comparative(attack, defense, options=options)
    after = odds.comparative(attack + 1, defense, options=options)
    # The same weights moved up by one: exactly comparable, no truncation slack needed.
    assert after.p_success_exact >= before.p_success_exact


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 7), dice_st)
def test_one_more_attack_die_never_lowers_the_odds_without_fumbles(
    count: int, defense: Dice
) -> None:
    # Without fumbles another die only adds to the total (at least 1), so a hit stays a hit.
    options = RulesOptions(no_fumbles=True)
    before = odds.comparative(Dice(count), defense, options=options)
    after = odds.comparative(Dice(count + 1), defense, options=options)
    slack = before.truncation_bound + after.truncation_bound  # different tails are cut
    assert after.p_success >= before.p_success - slack


def test_one_more_attack_die_can_lower_the_odds_with_fumbles() -> None:
    # Against a weak defense the only way to miss is to fumble, and more dice show two ones
    # more often: 2D fumbles with 1/100, 3D with 28/1000 (two or three ones of three dice).
    two = odds.comparative("2D", "1D-200")
    three = odds.comparative("3D", "1D-200")
    assert two.p_success == pytest.approx(0.99, abs=1e-12)
    assert three.p_success == pytest.approx(0.972, abs=1e-12)
    assert three.p_success < two.p_success
    # It happens in ordinary fights too: from about five dice on, the extra die adds less to
    # the chance of beating the defense than it adds to the chance of two ones (the rulebook:
    # "the more dice you use, the more likely you are to Fumble").
    assert odds.comparative("5D", "1D").p_success < odds.comparative("4D", "1D").p_success
    assert odds.comparative("7D", "2D").p_success < odds.comparative("6D", "2D").p_success


# --------------------------------------------------------------------------------------------
# The rulebook's example
# --------------------------------------------------------------------------------------------


def test_rulebook_example_odds_are_a_probability() -> None:
    example = odds.comparative("3D", "2D+5")
    assert 0 < example.p_success < 1
    assert 0 < example.p_attacker_fumble < example.p_miss
    assert example.p_success_exact.denominator > 1


def test_numpy_is_loaded_by_the_first_pair_not_by_the_engine() -> None:
    code = (
        "import sys; from doria_nb.engine import odds; a = 'numpy' in sys.modules; "
        "odds.target_check('2D', 3, 20); b = 'numpy' in sys.modules; "
        "odds.comparative('2D', '3D'); print(a, b, 'numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False", "True"]
