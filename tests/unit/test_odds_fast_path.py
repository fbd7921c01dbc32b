"""The fast path of comparisons (doria_nb.engine.odds._float_side) against its reference.

A comparison takes each side's probabilities from the generating functions in floating point,
without building the exact integer weights; the reference (``_reference_pair_side``) turns the
exact weights of ``roll_distribution`` into correctly rounded floats, as every comparison did
before. The two must keep the same totals, leave out exactly the same probability, and agree
to within a few units in the last place on every probability and every figure of a pair.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from doria_nb.engine import odds
from doria_nb.engine.dice import Dice
from doria_nb.engine.options import RulesOptions

WEIGHT_RTOL = 2e-15
"""Largest relative gap allowed between a fast and a reference probability (measured: 4.4e-16
for 1 to 20 dice)."""

PAIR_ATOL = 3e-15
"""Largest absolute gap allowed between a fast and a reference figure of a pair (measured:
8.9e-16 over the grid below)."""

OPTIONS = (RulesOptions(), RulesOptions(no_fumbles=True), RulesOptions(dice_rolling=True))


@pytest.mark.parametrize("count", range(1, Dice.MAX_COUNT + 1))
def test_fast_side_keeps_the_totals_and_the_mass_left_out_of_the_reference(count: int) -> None:
    vectors, missing = odds._float_side(count)
    reference = odds._reference_pair_side(Dice(count), False)
    assert missing == reference.missing == odds._pool(count).missing
    for fast, slow in zip(vectors, reference.vectors, strict=True):
        assert (fast.offset, len(fast.weights)) == (slow.offset, len(slow.weights))
        assert np.array_equal(fast.weights == 0, slow.weights == 0)  # no dust where 0 is exact
        assert np.allclose(fast.weights, slow.weights, rtol=WEIGHT_RTOL, atol=0)
        assert fast.mass == pytest.approx(slow.mass, rel=WEIGHT_RTOL, abs=0)
        assert fast.suffix[-1] == 0.0 and len(fast.suffix) == len(fast.weights) + 1


def _figures(result: odds.ComparativeOdds) -> dict[str, float]:
    figures = {
        name: getattr(result, name)
        for name in (
            "p_success",
            "p_miss",
            "p_attacker_fumble",
            "p_defender_fumble",
            "p_both_fumble",
            "expected_crits",
        )
    }
    for name in ("crit_distribution", "miss_distribution", "crit_failure_distribution"):
        for count, p in getattr(result, name).items():
            figures[f"{name}[{count}]"] = p
    return figures


@pytest.mark.parametrize("options", OPTIONS, ids=["default", "no_fumbles", "dice_rolling"])
def test_fast_pairs_agree_with_the_reference_on_every_figure(options: RulesOptions) -> None:
    monster = options.dice_rolling  # the defense is a monster's, fixed under Dice Rolling
    for a, d in itertools.product(range(1, 9), repeat=2):
        for modifiers in ((0, 0), (4, -3)):
            attack, defense = Dice(a, modifiers[0]), Dice(d, modifiers[1])
            sides = (odds._pair_side(attack, False), odds._pair_side(defense, monster))
            fast = odds._comparative_from_sides(*sides, options)
            slow = odds._comparative_from_sides(
                odds._reference_pair_side(attack, False),
                odds._reference_pair_side(defense, monster),
                options,
            )
            assert fast.truncation_bound == slow.truncation_bound
            ours, theirs = _figures(fast), _figures(slow)
            for name in ours.keys() | theirs.keys():  # a class may be absent on one side only
                gap = abs(ours.get(name, 0.0) - theirs.get(name, 0.0))
                assert gap <= PAIR_ATOL, (attack, defense, name, gap)


@pytest.mark.parametrize("count", [1, 2, 3, 5, 8, 13, Dice.MAX_COUNT])
def test_exact_tail_is_the_tail_of_the_exact_pool(count: int) -> None:
    pool, tail = odds._pool(count), odds._exact_tail(count)
    weights = [c + f for c, f in zip(pool.clean, pool.fumble, strict=True)]
    highest = count + len(weights)  # the first total left out
    for start in [*range(count - 1, count + 12), *range(highest - 25, highest + 1)]:
        kept = sum(weights[max(start - count, 0) :])
        assert tail(start) == Fraction(kept, pool.denominator) + pool.missing, start


@pytest.mark.parametrize("count", [1, 2, 7, 8, 19, 20, 21])
def test_face_sums_are_the_powers_of_the_faces(count: int) -> None:
    assert odds._face_sums(count) == odds._polynomial(odds._FACES_POLY, count)


@pytest.mark.parametrize("count", range(1, 9))
def test_term_polynomials_are_the_exact_products(count: int) -> None:
    terms = [(count, 0, 1), (count - 1, 1, count), (0, count, 1), (count // 2, 3, 70)]
    rows = odds._term_polynomials(terms, 12 * count + 10)
    for row, (k, shift, coefficient) in zip(rows, terms, strict=True):
        exact = [0] * shift + [coefficient * c for c in odds._polynomial(odds._NOT_ONE, k)]
        assert row.tolist() == exact + [0] * (len(row) - len(exact))


def test_a_cold_comparison_builds_no_integer_pool() -> None:
    odds.clear_caches()
    first = odds.comparative("5D+2", "8D", options=RulesOptions())
    assert odds._pool.cache_info().currsize == 0
    assert first.p_success_exact == odds.comparative("5D+2", "8D").p_success_exact
    assert odds._pool.cache_info().currsize == 2  # the exact fraction builds the pools
    assert abs(float(first.p_success_exact) - first.p_success) <= PAIR_ATOL
