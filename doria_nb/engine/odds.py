"""Exact odds of comparative rolls and target-number checks, computed, never sampled.

The rules of *Comparative Rolls and Target Numbers* and *Critical Rolls and Fumbles* are carried
out by :mod:`doria_nb.engine.checks` on dice that were rolled; this module gives the exact
probability of every outcome those functions can return, so a chapter can show the reader the
odds of an attack before it is rolled.

**How.** One side's total is a sum of exploding ten-sided dice. Its distribution is kept as
integer weights over one integer denominator, split by whether the dice show a fumble (two or
more *original* ones, or a single die showing 1, as :attr:`Roll.shows_fumble
<doria_nb.engine.dice.Roll.shows_fumble>` reads them). A die showing ``10k + f`` (``k`` tens,
then a face ``f`` from 1 to 9) has probability ``10**-(k+1)``, so the dice have a closed-form
generating function, and the weights of all the dice together come from a few products of
polynomials done as big-integer products (:func:`_pool`; :func:`_reference_pool` adds the dice
one at a time and is what the tests hold it to). Comparing two sides uses suffix sums of each
side's probabilities: the chance of at least ``c`` criticals is one dot product per ``c``
(defense probabilities against attack suffix sums), all ``c`` at once as one numpy matrix
product. A comparison does not build the integer weights: each side's probabilities come from
the same generating functions in floating point, term by term so that nothing cancels
(:func:`_float_side`, once per number of dice), and the totals kept and the probability left
out from an exact closed-form tail, so they are exactly those of the integer weights. Every
probability is then within a few units in the last place of the exact one (the tests hold it
to the integer weights correctly rounded, :func:`_reference_pair_side`), every figure of a pair
within about 1e-15; the exact :class:`~fractions.Fraction` of a hit comes from the integers
on demand.

**Truncation.** Exploding dice have no highest total, so the extreme upper tail is left out:
each side keeps every total whose tail beyond it has mass of :data:`SIDE_BUDGET` (``5e-13``)
or more, so a comparison of two sides misses less than ``1e-12`` of probability. The mass left
out is reported exactly (:attr:`SideDistribution.missing`) and as a bound on every probability
given (``truncation_bound``): each is exact for the rolls kept, so it is low by at most that.
In the check below the true chance is 16/25; the 2D totals left out all reach the TN.

>>> odds = comparative("3D", "2D+5")
>>> round(odds.p_success, 4), round(odds.p_attacker_fumble, 4), odds.truncation_bound < 1e-12
(0.5599, 0.028, True)
>>> check = target_check("2D", 25, 35)  # STR 15 + AGI 10 + 2D against TN 35
>>> round(check.p_success, 4), 0 < Fraction(16, 25) - check.p_success_exact < 1e-12
(0.64, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from itertools import accumulate, islice
from operator import mul
from typing import TYPE_CHECKING, TypeVar

from doria_nb.engine.checks import CRITICAL_STEP, Outcome, OutcomeKind, Side
from doria_nb.engine.dice import FACES, Dice
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.options import RulesOptions

if TYPE_CHECKING:  # numpy is imported on the first pair computed, not with the engine
    import numpy as np

_Number = TypeVar("_Number", int, float)

SIDE_BUDGET = Fraction(1, 2 * 10**12)
"""One side's distribution leaves out less probability than this (the exploding upper tail),
so a comparison of two sides leaves out less than ``1e-12``."""

NEGLIGIBLE = 1e-15
"""Outcome classes less likely than this are left out of :meth:`outcome_distribution`."""

_EXPLOSION = FACES
"""A die gains this much with every explosion (a 10, rolled again)."""


# --------------------------------------------------------------------------------------------
# One side
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Vector:
    """Exact integer weights of consecutive totals, with prefix and suffix sums.

    ``offset`` is the first total's distance from the side's lowest total (so one vector
    serves every modifier). Leading and trailing zero weights are stripped; an empty vector
    has no mass.
    """

    offset: int
    weights: tuple[int, ...]
    prefix: tuple[int, ...]
    """``prefix[k]`` is the weight of the first ``k`` totals."""
    suffix: tuple[int, ...]
    """``suffix[k]`` is the weight of totals from index ``k`` on; ``suffix[len] == 0``."""
    mass: int

    @classmethod
    def of(cls, offset: int, weights: Sequence[int]) -> _Vector:
        lo, hi = 0, len(weights)
        while lo < hi and not weights[lo]:
            lo += 1
        while hi > lo and not weights[hi - 1]:
            hi -= 1
        kept = tuple(weights[lo:hi])
        prefix = (0, *accumulate(kept))
        # Summed from the far end, so that small tails of float weights keep their precision.
        suffix = (*reversed(tuple(accumulate(reversed(kept)))), 0)
        return cls(offset + lo, kept, prefix, suffix, prefix[-1])

    def at_most(self, total: int) -> int:
        """The weight of totals ``<= total``."""
        k = min(max(total - self.offset + 1, 0), len(self.weights))
        return self.prefix[k]

    def at_least(self, total: int) -> int:
        """The weight of totals ``>= total``."""
        k = min(max(total - self.offset, 0), len(self.weights))
        return self.suffix[k]


@dataclass(frozen=True, slots=True)
class SideDistribution:
    """The exact distribution of one side's total, split by whether the dice show a fumble.

    ``clean[i]`` and ``fumble[i]`` are the integer weights of the total ``offset + i`` without
    and with a fumble showing, over ``denominator``. Whether a fumble *counts* is up to the
    rules options (*No Fumbles*), so it is applied by :func:`comparative` and
    :func:`target_check`, not here.

    Exploding dice have no highest total: totals above the last one kept are left out, and
    their probability is ``missing`` exactly (less than :data:`SIDE_BUDGET`, ``5e-13``). Left
    out with them is every roll in which one die explodes more than ``max_tens`` times in a
    row, which is the explosion cap this truncation implies; it is chosen from the number of
    dice (more dice need a longer tail). ``truncation_bound`` is ``missing`` as a float,
    rounded up.

    With ``fixed`` (the optional rule *Dice Rolling*, for monsters) every die counts 6: the
    distribution is a single total with no fumble.

    >>> one = roll_distribution("1D")
    >>> one.probability(1), one.p_fumble, one.probability(11), one.probability(10)
    (0.1, 0.1, 0.01, 0.0)
    >>> roll_distribution("2D+5", fixed=True).clean, roll_distribution("2D+5", fixed=True).offset
    ((1,), 17)
    """

    dice: Dice
    fixed: bool
    offset: int
    """The lowest total represented (every die a 1, plus the modifier)."""
    clean: tuple[int, ...]
    fumble: tuple[int, ...]
    denominator: int
    missing: Fraction
    truncation_bound: float
    max_tens: int
    """The longest chain of tens on one die that can still give a total that is kept."""

    @property
    def _vectors(self) -> tuple[_Vector, _Vector, _Vector, _Vector]:
        """Clean, fumble and both totals, and the clean totals with the fumbling ones counted
        10 lower (see :func:`_comparative_from_sides`), as exact integer vectors (cached)."""
        return _vectors_of(self.clean, self.fumble)

    @property
    def highest(self) -> int:
        """The highest total represented."""
        return self.offset + len(self.clean) - 1

    def probability(self, total: int, *, fumble: bool | None = None) -> float:
        """P(the side's total is ``total``); with ``fumble`` only rolls that do (or do not)
        show a fumble."""
        i = total - self.offset
        if not 0 <= i < len(self.clean):
            return 0.0
        weight = {None: self.clean[i] + self.fumble[i], True: self.fumble[i], False: self.clean[i]}
        return weight[fumble] / self.denominator

    @property
    def p_fumble(self) -> float:
        """P(the dice show a fumble)."""
        return self._vectors[1].mass / self.denominator

    @property
    def mass(self) -> Fraction:
        """The probability represented: ``1 - missing``."""
        return 1 - self.missing


@lru_cache(maxsize=64)
def _vectors_of(
    clean: tuple[int, ...], fumble: tuple[int, ...]
) -> tuple[_Vector, _Vector, _Vector, _Vector]:
    """The vectors of a side's weights (shared by all modifiers of the same dice)."""
    vectors = [_Vector.of(offset, weights) for offset, weights in _weights_of(clean, fumble)]
    return tuple(vectors)  # type: ignore[return-value]


def _weights_of(
    clean: tuple[int, ...], fumble: tuple[int, ...]
) -> tuple[tuple[int, list[int]], ...]:
    """Offset and weights of the clean, fumbling and all totals, and of the clean totals with
    the fumbling ones counted 10 lower."""
    both = [c + f for c, f in zip(clean, fumble, strict=True)]
    lowered = [*fumble, *[0] * CRITICAL_STEP]
    for i, weight in enumerate(clean):
        lowered[i + CRITICAL_STEP] += weight
    return ((0, list(clean)), (0, list(fumble)), (0, both), (-CRITICAL_STEP, lowered))


@dataclass(frozen=True, slots=True)
class _FloatVector:
    """Probabilities of consecutive totals as a numpy array, with suffix sums: the float
    twin of :class:`_Vector` used by the pair computation (leading and trailing zeros
    stripped likewise)."""

    offset: int
    weights: np.ndarray
    suffix: np.ndarray
    """``suffix[k]`` is the probability of totals from index ``k`` on; ``suffix[-1] == 0``."""
    mass: float

    @classmethod
    def of(cls, offset: int, weights: Sequence[int], denominator: int) -> _FloatVector:
        """The vector of integer ``weights`` over ``denominator``, each correctly rounded."""
        import numpy as np

        lo, hi = 0, len(weights)
        while lo < hi and not weights[lo]:
            lo += 1
        while hi > lo and not weights[hi - 1]:
            hi -= 1
        kept = np.array([w / denominator for w in weights[lo:hi]], dtype=np.float64)
        # Summed from the far end, so that small tails keep their precision.
        suffix = np.append(np.cumsum(kept[::-1])[::-1], 0.0)
        return cls(offset + lo, kept, suffix, float(suffix[0]))


@lru_cache(maxsize=512)
def _float_vectors_of(
    clean: tuple[int, ...], fumble: tuple[int, ...], denominator: int
) -> tuple[_FloatVector, _FloatVector, _FloatVector, _FloatVector]:
    """:func:`_vectors_of` as probabilities (each weight divided by ``denominator``,
    correctly rounded): the reference of :func:`_float_side`, and the vectors of a fixed side."""
    return tuple(  # type: ignore[return-value]
        _FloatVector.of(offset, weights, denominator)
        for offset, weights in _weights_of(clean, fumble)
    )


_FloatVectors = tuple[_FloatVector, _FloatVector, _FloatVector, _FloatVector]


@dataclass(frozen=True, slots=True)
class _PairSide:
    """What a comparison needs of one side: its dice, its lowest total, the four vectors of
    :func:`_weights_of` as probabilities and the probability left out, exactly."""

    dice: Dice
    fixed: bool
    offset: int
    vectors: _FloatVectors
    missing: Fraction


def _pair_side(dice: Dice, fixed: bool) -> _PairSide:
    """One side of a comparison, from :func:`_float_side` (cached per number of dice)."""
    if fixed:
        return _PairSide(
            dice, True, dice.fixed_total, _float_vectors_of((1,), (0,), 1), Fraction(0)
        )
    vectors, missing = _float_side(dice.count)
    return _PairSide(dice, False, dice.count + dice.modifier, vectors, missing)


def _reference_pair_side(dice: Dice, fixed: bool) -> _PairSide:
    """:func:`_pair_side` the plain way (what the tests hold it to): the exact integer
    distribution of :func:`roll_distribution`, each weight correctly rounded."""
    side = roll_distribution(dice, fixed=fixed)
    vectors = _float_vectors_of(side.clean, side.fumble, side.denominator)
    return _PairSide(dice, fixed, side.offset, vectors, side.missing)


def roll_distribution(dice: Dice | str, *, fixed: bool = False) -> SideDistribution:
    """The exact distribution of ``dice``'s total (``fixed``: under *Dice Rolling*).

    Cached: each expression is computed once per process (:func:`clear_caches` starts over).

    >>> d = roll_distribution("2D")
    >>> d.offset, round(d.p_fumble, 6), d.truncation_bound <= 5e-13
    (2, 0.01, True)
    """
    return _roll_distribution(Dice.parse(dice), bool(fixed))


@lru_cache(maxsize=512)
def _roll_distribution(dice: Dice, fixed: bool) -> SideDistribution:
    if fixed:
        return SideDistribution(
            dice=dice,
            fixed=True,
            offset=dice.fixed_total,
            clean=(1,),
            fumble=(0,),
            denominator=1,
            missing=Fraction(0),
            truncation_bound=0.0,
            max_tens=0,
        )
    pool = _pool(dice.count)
    return SideDistribution(
        dice=dice,
        fixed=False,
        offset=dice.count + dice.modifier,
        clean=pool.clean,
        fumble=pool.fumble,
        denominator=pool.denominator,
        missing=pool.missing,
        truncation_bound=_float_up(pool.missing),
        max_tens=pool.max_tens,
    )


def clear_caches() -> None:
    """Forget every distribution computed so far (for benchmarks and tests)."""
    _roll_distribution.cache_clear()
    _pool.cache_clear()
    _vectors_of.cache_clear()
    _float_vectors_of.cache_clear()
    _float_side.cache_clear()


@dataclass(frozen=True, slots=True)
class _Pool:
    clean: tuple[int, ...]
    fumble: tuple[int, ...]
    denominator: int
    missing: Fraction
    max_tens: int


def _tail_tens(count: int) -> int:
    """The fewest tens ``j`` such that P(``count`` dice explode ``j`` times or more) is within
    :data:`SIDE_BUDGET` (strictly less).

    Union bound: the tens can be shared out among the dice in ``comb(j + count - 1, count - 1)``
    ways, and a die explodes ``k`` times or more with probability ``10**-k``.
    """
    # ways = comb(tens + count - 1, count - 1), power = 10**tens; compared in integers.
    tens, ways, power = 0, 1, 1
    while ways * SIDE_BUDGET.denominator >= SIDE_BUDGET.numerator * power:
        tens += 1
        ways = ways * (tens + count - 1) // tens
        power *= 10
    return tens


@lru_cache(maxsize=64)
def _pool(count: int) -> _Pool:
    """Weights of the dice sum of ``count`` dice, with the upper tail cut to the budget.

    Computed from the generating function of the dice (a closed form, so no die is added one
    at a time). One die shows ``10k + f`` (``k`` tens, then a face ``f`` from 1 to 9) with
    probability ``10**-(k+1)``, so its generating function is ``P(x) / (10 - x**10)`` with
    ``P = x + x**2 + ... + x**9``. Its original one is ``x / 10``; every other roll is
    ``A(x) / (10 (10 - x**10))`` with ``A = 10 (x**2 + ... + x**9) + x**11``. With ``D = 10
    ** count`` and ``R = (10 - x**10) ** count``, ``count`` dice with no original one are
    ``A**count / (D R)``, with exactly one ``count x A**(count-1) (10 - x**10) / (D R)``, and
    all rolls ``P**count / R``. ``1 / (10 - x**10) ** n`` is the series of
    :func:`_inverse_power`, exact up to the highest sum kept. The clean rolls have no original
    one, or exactly one among two dice or more; the fumbling ones (two original ones or more,
    or the one die's one) are all rolls less the clean ones.

    The polynomials are multiplied as big integers (one coefficient every ``width`` bits),
    which Python does far faster than coefficient by coefficient; as the series is in powers
    of ``x**10``, the sums of each class modulo 10 are one such product. That is exact
    because every coefficient is a sum of non-negative products below ``2**width`` (see
    :func:`_slot_width`), so no slot overflows into the next; the fumbling slots are
    non-negative too, so the subtraction borrows nothing from the sums kept.
    """
    cap = 9 * count + _EXPLOSION * _tail_tens(count) - 1
    series_terms = cap // _EXPLOSION + 1  # the powers of x**10 up to the cap
    series = _inverse_power(count, series_terms)  # 10**(count + terms - 1) / (10 - y)**count
    scale = 10 ** (count + series_terms - 1)
    # Everything below is over D * scale (the weights of both kinds of roll).
    denominator = 10**count * scale
    ones = _inverse_power(count - 1, series_terms)  # over 10 ** (count - 1 + terms - 1)
    no_one, one = _polynomial(_NOT_ONE, count), _polynomial(_NOT_ONE, count - 1)
    every = _polynomial(_FACES_POLY, count)
    bounds = (
        sum(no_one) * sum(series),
        10 * count * sum(one) * sum(ones),
        10**count * 9**count * sum(series),
    )
    width = _slot_width(sum(bounds))
    packed_series, packed_ones = _pack(series, width), _pack(ones, width)
    shifted_one = [0, *one]  # times x: the original one itself
    length = cap + 1  # indexed by the dice sum, 0..cap
    clean, fumble = [0] * length, [0] * length
    # The series is in powers of x**10, so each class of sums modulo 10 is one product.
    for r in range(_EXPLOSION):
        slots = len(range(r, length, _EXPLOSION))
        no_one_rolls = _pack(no_one[r::_EXPLOSION], width) * packed_series
        one_rolls = 10 * count * _pack(shifted_one[r::_EXPLOSION], width) * packed_ones
        if count == 1:  # one die: its one is the fumble
            packed_clean, packed_fumble = no_one_rolls, one_rolls
        else:
            packed_clean = no_one_rolls + one_rolls
            every_roll = 10**count * _pack(every[r::_EXPLOSION], width) * packed_series
            packed_fumble = every_roll - packed_clean
        clean[r::_EXPLOSION] = _unpack(packed_clean, width, slots)
        fumble[r::_EXPLOSION] = _unpack(packed_fumble, width, slots)
    left_out = denominator - sum(clean) - sum(fumble)
    return _cut_tail(count, clean, fumble, denominator, left_out)


_NOT_ONE = (0, 0, *[10] * 8, 0, 1)
"""``A(x) = 10 (x**2 + ... + x**9) + x**11``: ten times a die's rolls other than its original
one, times ``10 - x**10`` (see :func:`_pool`)."""

_FACES_POLY = (0, *[1] * 9)
"""``P(x) = x + ... + x**9``: the faces after the last ten."""


def _polynomial(coefficients: tuple[int, ...], power: int) -> list[int]:
    """The coefficients of a polynomial with non-negative coefficients raised to ``power``,
    computed as one big-integer power (exact: no coefficient reaches the slot width)."""
    width = _slot_width(sum(coefficients) ** power)
    return _unpack(_pack(coefficients, width) ** power, width, (len(coefficients) - 1) * power + 1)


def _inverse_power(count: int, terms: int) -> list[int]:
    """The first ``terms`` coefficients of ``10**(count + terms - 1) / (10 - y)**count`` in
    powers of ``y``: ``comb(m + count - 1, count - 1) * 10**(terms - 1 - m)``, all integers."""
    if count == 0:
        return [10 ** (terms - 1)] + [0] * (terms - 1)
    return [math.comb(m + count - 1, count - 1) * 10 ** (terms - 1 - m) for m in range(terms)]


def _slot_width(bound: int) -> int:
    """Bits per coefficient for packed numbers whose coefficients are at most ``bound``: more
    than ``bound`` needs, in whole bytes (for fast unpacking)."""
    return -(-max(bound, 1).bit_length() // 8) * 8 + 8


def _pack(coefficients: Sequence[int], width: int) -> int:
    """The non-negative ``coefficients`` as one integer, ``width`` bits each, lowest first."""
    size = width // 8
    return int.from_bytes(b"".join(c.to_bytes(size, "little") for c in coefficients), "little")


def _unpack(packed: int, width: int, length: int) -> list[int]:
    """The first ``length`` coefficients of a packed number (``width`` bits each)."""
    size = width // 8
    low = (packed & ((1 << (width * length)) - 1)).to_bytes(size * length, "little")
    return [int.from_bytes(low[i : i + size], "little") for i in range(0, size * length, size)]


def _cut_tail(
    count: int, clean: list[int], fumble: list[int], denominator: int, left_out: int
) -> _Pool:
    """The pool of the sums ``count..`` of ``clean`` and ``fumble`` (indexed by the dice sum,
    over ``denominator``, ``left_out`` of the weight not in them), with the upper tail cut as
    far as :data:`SIDE_BUDGET` allows (strictly less) and the weights in lowest terms."""
    # ``weight < SIDE_BUDGET * denominator``, in integers.
    scale, allowed = SIDE_BUDGET.denominator, SIDE_BUDGET.numerator * denominator
    assert left_out * scale < allowed, (count, left_out / denominator)
    end = len(clean)
    while end > count + 1 and (left_out + clean[end - 1] + fumble[end - 1]) * scale < allowed:
        left_out += clean[end - 1] + fumble[end - 1]
        end -= 1
    missing = Fraction(left_out, denominator)
    kept_clean, kept_fumble = clean[count:end], fumble[count:end]
    divisor = math.gcd(denominator, *kept_clean, *kept_fumble)
    return _Pool(
        clean=tuple(w // divisor for w in kept_clean),
        fumble=tuple(w // divisor for w in kept_fumble),
        denominator=denominator // divisor,
        missing=missing,
        max_tens=(end - 1 - count) // _EXPLOSION,
    )


def _reference_pool(count: int) -> _Pool:
    """:func:`_pool` the slow, plain way (the reference the tests hold it to): the dice are
    added one at a time, tracking how many original ones have been seen."""
    # Every sum above ``cap`` needs ``_tail_tens(count)`` tens or more, so it is within budget.
    cap = 9 * count + _EXPLOSION * _tail_tens(count) - 1
    # One die's weights at scale 10**(tens + 1): value 10k + f weighs 10**(tens - k). A die
    # with more than ``tens`` tens is worth more than ``cap`` on its own, so none is lost.
    tens = cap // _EXPLOSION + 1
    top = 10**tens
    length = cap + 1  # arrays are indexed by the dice sum, 0..cap
    # Original ones seen so far: exactly none, exactly one, two or more.
    none_: list[int] = [1] + [0] * cap
    one: list[int] = [0] * length
    many: list[int] = [0] * length
    for _ in range(count):
        none_, one, many = (
            _minus_one(_add_die(none_, top), none_, top),
            _plus_one(_minus_one(_add_die(one, top), one, top), none_, top),
            _plus_one(_add_die(many, top), one, top),
        )
    denominator = top**count * 10**count  # (10**(tens + 1)) ** count
    if count == 1:
        clean, fumble = none_, one
    else:
        clean, fumble = [a + b for a, b in zip(none_, one, strict=True)], many
    left_out = denominator - sum(clean) - sum(fumble)
    return _cut_tail(count, clean, fumble, denominator, left_out)


def _add_die(weights: list[int], top: int) -> list[int]:
    """Add one exploding die (every value, ones included) to a sum, keeping its length.

    ``out[t] = sum_k top/10**k * block[t - 10k]`` where ``block[u]`` is the weight of sums
    ``u-9..u-1`` (the faces 1 to 9 after ``k`` tens), so ``out[t] = top * block[t] +
    out[t - 10] / 10``; the division is exact because every term of ``out[t - 10]`` carries a
    factor 10.
    """
    prefix = (0, *accumulate(weights))
    out = [0] * len(weights)
    for t in range(1, len(weights)):
        block = prefix[t] - prefix[max(t - 9, 0)]
        out[t] = top * block + (out[t - 10] // 10 if t >= 10 else 0)
    return out


def _minus_one(added: list[int], before: list[int], top: int) -> list[int]:
    """Take out the die's original one (value 1, weight ``top``) from ``added``."""
    return [a - (top * before[t - 1] if t else 0) for t, a in enumerate(added)]


def _plus_one(weights: list[int], before: list[int], top: int) -> list[int]:
    """Add in the die's original one coming from the state ``before``."""
    return [w + (top * before[t - 1] if t else 0) for t, w in enumerate(weights)]


def _float_up(value: Fraction) -> float:
    """``value`` as a float no smaller than it."""
    result = float(value)
    return result if Fraction(result) >= value else math.nextafter(result, math.inf)


# --------------------------------------------------------------------------------------------
# One side as probabilities, for comparisons
# --------------------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _float_side(count: int) -> tuple[_FloatVectors, Fraction]:
    """The vectors of :func:`_float_vectors_of` for ``count`` dice, and the probability left
    out, computed without the integer weights (the fast path of a comparison).

    The totals kept and the probability left out are exactly those of :func:`_pool` (found
    with :func:`_exact_tail`); the probabilities are the float sums of :func:`_float_sums`,
    each within a few units in the last place of the exact value (every term is positive, so
    nothing cancels), and :func:`_reference_pair_side` is what the tests hold them to.
    """
    cap = 9 * count + _EXPLOSION * _tail_tens(count) - 1
    clean, fumble = _float_sums(count, cap // _EXPLOSION + 1)
    tail = _exact_tail(count)
    end = _cut(count, clean + fumble, tail)
    return _float_vectors_from(clean[count:end], fumble[count:end]), tail(end)


def _float_vectors_from(clean: np.ndarray, fumble: np.ndarray) -> _FloatVectors:
    """The four vectors of :func:`_weights_of` from clean and fumbling probabilities, all
    four as rows of one table (column ``c`` is the total ``c - 10`` from the lowest), their
    suffix sums and bounds found for all rows at once."""
    import numpy as np

    step, length = CRITICAL_STEP, len(clean)
    table = np.zeros((4, length + step))
    table[0, step:] = clean
    table[1, step:] = fumble
    np.add(clean, fumble, out=table[2, step:])
    table[3, :length] = fumble
    table[3, step:] += clean
    # Summed from the far end, so that small tails keep their precision (as _FloatVector.of).
    suffix = np.zeros((4, length + step + 1))
    suffix[:, :-1] = np.cumsum(table[:, ::-1], axis=1)[:, ::-1]
    nonzero = table != 0
    first = nonzero.argmax(axis=1).tolist()
    end = (length + step - nonzero[:, ::-1].argmax(axis=1)).tolist()
    return tuple(  # type: ignore[return-value]
        _FloatVector(lo - step, table[row, lo:hi], suffix[row, lo : hi + 1], float(suffix[row, lo]))
        for row, (lo, hi) in enumerate(zip(first, end, strict=True))
    )


def _float_sums(count: int, terms: int) -> tuple[np.ndarray, np.ndarray]:
    """P(the dice sum is ``s`` and the dice are clean), and with a fumble, for ``s`` from 0 to
    ``10 * terms - 1``, as floats.

    The generating functions of :func:`_pool` taken term by term: with ``R = 1 / (10 -
    x**10)``, the clean rolls are ``(A**n R**n + n x A**(n-1) R**(n-1)) / 10**n`` (no original
    one, or exactly one when ``n >= 2``) and the fumbling ones ``sum_k comb(n, k) x**(n-k)
    A**k R**k / 10**n`` over ``k`` dice without an original one (``k <= n - 2``; for one die
    its one, ``k = 0``). Every term is positive, so no figure comes from a difference (which
    would lose its precision, and could leave dust where the exact weight is 0). ``R**k`` is a
    series in ``y = x**10``, ``comb(m + k - 1, k - 1) / 10**(k + m)``; as in :func:`_pool`,
    each class of sums modulo 10 is one product with it, here every class of every term at
    once as one batched matrix product: each term's polynomial cut into rows of 10
    coefficients (row ``j``: the sums ``10 j`` to ``10 j + 9``), facing a Toeplitz matrix of
    its series.
    """
    import numpy as np

    n = count
    clean_terms = [(n, 0, 1)] + ([(n - 1, 1, n)] if n >= 2 else [])
    fumble_terms = [(k, n - k, math.comb(n, k)) for k in range(max(n - 1, 1))]
    every_term = clean_terms + fumble_terms  # (k, power of x, coefficient)
    rows = -(-(12 * n + 1) // _EXPLOSION)  # rows of 10 coefficients of the longest term
    polynomials = _term_polynomials(every_term, rows * _EXPLOSION)
    # The series of R**k, k = 0..n: binomials by Pascal's rule (exact integers).
    binomials = [[1] + [0] * (terms - 1)]
    for _ in range(n):
        binomials.append(list(accumulate(binomials[-1])))
    exponents = np.arange(n + 1)[:, None] + np.arange(terms)[None, :]
    padded = np.zeros((n + 1, rows + terms))  # each series after ``rows`` zeros
    padded[:, rows:] = np.array(binomials, dtype=np.float64) * np.power(10.0, -exponents - n)
    # toeplitz[i, m, j] = series[k_i, m - j] (0 when j > m).
    facing = rows + np.arange(terms)[:, None] - np.arange(rows)[None, :]
    toeplitz = padded[[k for k, _, _ in every_term]][:, facing]
    blocks = toeplitz @ polynomials.reshape(len(every_term), rows, _EXPLOSION)
    clean = blocks[: len(clean_terms)].sum(axis=0).ravel()
    fumble = blocks[len(clean_terms) :].sum(axis=0).ravel()
    return clean, fumble


def _term_polynomials(terms: list[tuple[int, int, int]], length: int) -> np.ndarray:
    """One row per term ``(k, shift, coefficient)``: ``coefficient * x**shift * A**k`` as
    ``length`` float coefficients (exact below 2**53, so up to 8 dice).

    The powers are big-integer products of packed coefficients, as in :func:`_polynomial`,
    64 bits a limb; all the rows are read back at once as one numpy table of limbs, instead
    of one Python integer per coefficient.
    """
    import numpy as np

    highest = max(k for k, _, _ in terms)
    bound = max(coefficient for _, _, coefficient in terms) * 81**highest
    limbs = -(-bound.bit_length() // 64)
    slot = 64 * limbs
    not_one = _pack(_NOT_ONE, slot)
    powers = [1]
    for _ in range(highest):
        powers.append(powers[-1] * not_one)
    row_bytes = length * slot // 8
    table = b"".join(
        ((coefficient * powers[k]) << (slot * shift)).to_bytes(row_bytes, "little")
        for k, shift, coefficient in terms
    )
    values = np.frombuffer(table, "<u8").reshape(len(terms), length, limbs).astype(np.float64)
    return values[..., 0] if limbs == 1 else values @ np.power(2.0**64, np.arange(limbs))


def _exact_tail(count: int) -> Callable[[int], Fraction]:
    """``tail(start)``: P(``count`` dice total ``start`` or more), exactly.

    A die shows ``10k + f`` with ``k`` tens (geometric: ``0.9 * 0.1**k``) and a face ``f``
    from 1 to 9 (uniform, whatever ``k``), so the total is ``10K + F`` with ``K`` the tens of
    all the dice (negative binomial) and ``F`` their faces, independent. ``F`` is at least
    ``count`` and at most ``9 count``: tens ``K >= ceil((start - count) / 10)`` reach the
    total whatever the faces (a binomial sum of ``count`` terms), and each fewer ``K`` needs
    ``F >= start - 10K`` (counted from the face sums, :data:`_FACES_POLY` to the power).
    """
    faces = _face_sums(count)
    faces_at_least = (*reversed(tuple(accumulate(reversed(faces)))), 0)

    def tail(start: int) -> Fraction:
        if start <= count:
            return Fraction(1)
        every_face = -(-(start - count) // _EXPLOSION)  # fewest tens that reach ``start``
        fewest = max(0, -(-(start - 9 * count) // _EXPLOSION))
        # Over 10**(count + every_face - 1): P(K >= every_face) = P(fewer than ``count``
        # dice stop in the first count + every_face - 1 rolls) ...
        weight = sum(math.comb(every_face + count - 1, i) * 9**i for i in range(count))
        for tens in range(fewest, every_face):  # ... and P(K = tens) P(F >= start - 10 K)
            ways = math.comb(tens + count - 1, count - 1)
            faces_reaching = faces_at_least[start - _EXPLOSION * tens]
            weight += ways * faces_reaching * 10 ** (every_face - 1 - tens)
        return Fraction(weight, 10 ** (count + every_face - 1))

    return tail


def _face_sums(count: int) -> list[int]:
    """The coefficients of ``P(x)**count`` (ways for the faces of ``count`` dice to make each
    sum), exactly: as :func:`_polynomial`, read back through numpy while they fit in 64 bits
    (up to 20 dice, as ``9**20 < 2**64``)."""
    if 9**count >= 2**64:
        return _polynomial(_FACES_POLY, count)
    import numpy as np

    packed = _pack(_FACES_POLY, 64) ** count
    slots = 9 * count + 1
    return np.frombuffer(packed.to_bytes(8 * slots, "little"), "<u8").tolist()  # type: ignore[no-any-return]


def _cut(count: int, every: np.ndarray, tail: Callable[[int], Fraction]) -> int:
    """The first total left out (as an index from 0): the lowest ``end > count`` whose tail
    is within :data:`SIDE_BUDGET` (strictly), as :func:`_cut_tail` cuts. The float tail of
    ``every`` finds it, the exact ``tail`` settles it."""
    import numpy as np

    rest = np.cumsum(every[::-1])[::-1]
    end = max(int(np.argmax(rest < float(SIDE_BUDGET))), count + 1)
    while end > count + 1 and tail(end - 1) < SIDE_BUDGET:
        end -= 1
    while tail(end) >= SIDE_BUDGET:
        end += 1
    return end


# --------------------------------------------------------------------------------------------
# Comparative rolls
# --------------------------------------------------------------------------------------------


def _tail_sums(
    x: _Vector, y: _Vector, apart: int, first: int, stop: int | None = None
) -> list[int]:
    """``out[c - first]`` = the sum of ``x[a] * y[b]`` over ``b - a >= 10c``, for ``c`` from
    ``first`` up to ``stop`` (excluded) or the first ``c`` that no pair reaches; ``apart`` is
    the lowest total of ``x``'s side minus that of ``y``'s.

    One dot product of ``x``'s weights with ``y``'s suffix sums per ``c``.
    """
    out: list[int] = []
    xw, xp, ys, y_mass = x.weights, x.prefix, y.suffix, y.mass
    lx, ly = len(xw), len(y.weights)
    if not lx or not ly:
        return out
    shift = apart + x.offset + CRITICAL_STEP * first - y.offset  # y index facing x index 0
    end = ly if stop is None else min(ly, shift + CRITICAL_STEP * (stop - first))
    append = out.append
    while shift < end:
        if shift >= 0:
            append(sum(map(mul, xw, islice(ys, shift, None))))
        else:  # the first x lie under every y: all of y counts for them
            below = min(-shift, lx)
            append(xp[below] * y_mass + sum(map(mul, islice(xw, below, None), ys)))
        shift += CRITICAL_STEP
    return out


def _float_tail_sums(
    x: _FloatVector, y: _FloatVector, apart: int, first: int, stop: int | None = None
) -> list[float]:
    """:func:`_tail_sums` on probabilities: the same sums, all of them at once as one
    matrix product (the rows are ``y``'s suffix sums facing ``x``'s weights, one row per
    ``c``)."""
    import numpy as np

    lx, ly = len(x.weights), len(y.weights)
    if not lx or not ly:
        return []
    shift = apart + x.offset + CRITICAL_STEP * first - y.offset  # y index facing x index 0
    end = ly if stop is None else min(ly, shift + CRITICAL_STEP * (stop - first))
    if shift >= end:
        return []
    facing = np.add.outer(np.arange(shift, end, CRITICAL_STEP), np.arange(lx))
    # An index below 0 faces all of y (suffix[0]), one past the end none of it (suffix[ly]).
    return (y.suffix.take(facing, mode="clip") @ x.weights).tolist()  # type: ignore[no-any-return]


_EMPTY = _Vector.of(0, ())


def _counts(at_least: Sequence[_Number]) -> dict[int, _Number]:
    """Counts from "c or more" weights ``at_least[c]`` (empty counts left out)."""
    exact = {}
    for c, weight in enumerate(at_least):
        nxt = at_least[c + 1] if c + 1 < len(at_least) else 0
        if weight - nxt > 0:
            exact[c] = weight - nxt
    return exact


def _add(into: list[_Number], values: Sequence[_Number], start: int) -> None:
    """``into[start + i] += values[i]``, growing ``into`` as needed."""
    need = start + len(values)
    if need > len(into):
        into.extend([0] * (need - len(into)))
    for i, v in enumerate(values):
        into[start + i] += v


def _as_floats(weights: dict[int, int], denominator: int) -> dict[int, float]:
    return {c: w / denominator for c, w in sorted(weights.items())}


@dataclass(frozen=True)
class ComparativeOdds:
    """The exact odds of an attack against a defense, judged as :func:`checks.compare
    <doria_nb.engine.checks.compare>` judges a roll.

    * ``p_success``: the attack hits (a defender's fumble is a hit, an attacker's a miss);
    * ``p_miss``: the attack misses *without* an attacker's fumble;
    * ``p_attacker_fumble``: the attacker fumbles (a miss whatever else happened), so
      ``p_success + p_miss + p_attacker_fumble == 1`` up to ``truncation_bound``;
    * ``p_defender_fumble`` and ``p_both_fumble``: the defender fumbles, whatever the
      attacker did, and both do (a miss, by the ruling *both sides fumble*);
    * ``crit_distribution``: number of criticals → P(a hit with exactly that many), summing to
      ``p_success``; ``miss_distribution``: critical failures → P(a miss without a fumble with
      exactly that many); ``crit_failure_distribution``: the same over every miss, an
      attacker's fumble counting the full tens the defense was higher, plus one;
    * ``expected_crits``: the mean number of criticals (a miss counts none).

    Every probability is low by at most ``truncation_bound`` (the exploding tails left out).
    """

    attack: Dice
    defense: Dice
    options: RulesOptions
    attacker: Side
    defender: Side
    p_success: float
    p_miss: float
    p_attacker_fumble: float
    p_defender_fumble: float
    p_both_fumble: float
    crit_distribution: dict[int, float]
    miss_distribution: dict[int, float]
    crit_failure_distribution: dict[int, float]
    expected_crits: float
    truncation_bound: float
    _sides: tuple[_PairSide, _PairSide] = field(repr=False, compare=False)

    @cached_property
    def p_success_exact(self) -> Fraction:
        """P(hit) as an exact fraction of the integer weights (computed on first use)."""
        attack, defense = (roll_distribution(s.dice, fixed=s.fixed) for s in self._sides)
        return _exact_p_success(attack, defense, self.options)

    def outcome_distribution(self) -> list[tuple[Outcome, float]]:
        """P of every outcome class of :attr:`ComparativeResult.outcome
        <doria_nb.engine.checks.ComparativeResult.outcome>`, worst first; classes below
        :data:`NEGLIGIBLE` are left out.

        >>> for outcome, p in comparative("2D", "2D").outcome_distribution():
        ...     if p > 0.001:
        ...         print(f"{outcome.label():18} {p:.4f}")
        fumble             0.0100
        miss (3 crit fail) 0.0021
        miss (2 crit fail) 0.0150
        miss (1 crit fail) 0.0953
        miss               0.3502
        hit                0.4045
        hit +1 crit        0.1005
        hit +2 crit        0.0189
        hit +3 crit        0.0028
        """
        classes = [(Outcome(OutcomeKind.FUMBLE), self.p_attacker_fumble)]
        classes += [(Outcome(OutcomeKind.MISS, c), p) for c, p in self.miss_distribution.items()]
        classes += [(Outcome(OutcomeKind.HIT, c), p) for c, p in self.crit_distribution.items()]
        kept = [(outcome, p) for outcome, p in classes if p >= NEGLIGIBLE]
        return sorted(kept, key=lambda item: item[0].sort_key)


def comparative(
    attack: Dice | str,
    defense: Dice | str,
    *,
    options: RulesOptions | None = None,
    attacker: Side = Side.CHARACTER,
    defender: Side = Side.MONSTER,
) -> ComparativeOdds:
    """The exact odds of ``attack`` against ``defense`` (*Comparative Rolls and Target
    Numbers*), with the fumbles and criticals of *Critical Rolls and Fumbles*.

    ``options`` and the sides matter as they do for :func:`checks.comparative_roll
    <doria_nb.engine.checks.comparative_roll>`: *No Fumbles* switches every fumble off and,
    under *Dice Rolling*, a monster's side is not rolled but counts 6 a die.

    >>> odds = comparative("2D", "2D")
    >>> odds.p_success_exact > Fraction(1, 2), round(odds.p_success, 4)
    (True, 0.5271)
    >>> round(comparative("3D", "3D", options=RulesOptions(dice_rolling=True)).p_success, 4)
    0.476
    """
    options = options or RulesOptions()
    attack, defense = Dice.parse(attack), Dice.parse(defense)
    attack_side = _pair_side(attack, options.dice_rolling and attacker is Side.MONSTER)
    defense_side = _pair_side(defense, options.dice_rolling and defender is Side.MONSTER)
    return _comparative_from_sides(attack_side, defense_side, options, attacker, defender)


def _comparative_from_sides(
    attack: _PairSide,
    defense: _PairSide,
    options: RulesOptions,
    attacker: Side = Side.CHARACTER,
    defender: Side = Side.MONSTER,
) -> ComparativeOdds:
    """The pair computation of :func:`comparative`, uncached (benchmarks time it warm).

    Each side's probabilities come once per number of dice (cached, :func:`_float_side`), and
    the pair is computed in floating point: every figure is then within about 1e-15 of the
    exact value for the rolls kept, far below the truncation bound. The exact fraction of a
    hit is computed from the integers on demand (:attr:`ComparativeOdds.p_success_exact`).
    """
    a_clean, a_fumble, a_all, _ = attack.vectors
    d_clean, d_fumble, d_all, d_lowered = defense.vectors
    if options.no_fumbles:
        a_clean, d_clean = a_all, d_all
        a_fumble = d_fumble = _FloatVector.of(0, (), 1)  # no mass
    defender_fumbles = a_clean.mass * d_fumble.mass
    # hits[c]: P(a hit with c criticals or more).
    # Neither fumbles: a hit on margin >= 0, a critical per full 10 of margin.
    apart = defense.offset - attack.offset
    hits = _float_tail_sums(d_clean, a_clean, apart, 0, stop=2 if defender_fumbles else None)
    hits += [0.0] * (2 - len(hits))
    # A miss without a fumble: a critical failure per full 10 the defense was higher.
    misses = [a_clean.mass * d_clean.mass - hits[0], *_float_tail_sums(a_clean, d_clean, -apart, 1)]
    if defender_fumbles:
        # Only the defender fumbles: a hit with criticals(max(margin, 0)) + 1, which is c or
        # more for c >= 2 when the margin against the defense counted 10 lower is 10c or
        # more. So from c = 2 on, one dot product covers both defenses (``d_lowered``).
        hits = [
            hits[0] + defender_fumbles,
            hits[1] + defender_fumbles,
            *_float_tail_sums(d_lowered, a_clean, apart, 2),
        ]
    # The attacker fumbles: a miss whatever the defender did, with one critical failure more
    # than the full tens the defense was higher.
    attacker_fumbles = a_fumble.mass * d_all.mass
    failures = list(misses)
    if attacker_fumbles:
        _add(failures, [attacker_fumbles, attacker_fumbles], 0)
        _add(failures, _float_tail_sums(a_fumble, d_all, -apart, 1), 2)
    return ComparativeOdds(
        attack=attack.dice,
        defense=defense.dice,
        options=options,
        attacker=attacker,
        defender=defender,
        p_success=hits[0],
        p_miss=misses[0],
        p_attacker_fumble=attacker_fumbles,
        p_defender_fumble=a_all.mass * d_fumble.mass,
        p_both_fumble=a_fumble.mass * d_fumble.mass,
        crit_distribution=_counts(hits),
        miss_distribution=_counts(misses),
        crit_failure_distribution=_counts(failures),
        expected_crits=sum(hits[1:]),
        truncation_bound=_float_up(attack.missing + defense.missing),
        _sides=(attack, defense),
    )


def _exact_p_success(
    attack: SideDistribution, defense: SideDistribution, options: RulesOptions
) -> Fraction:
    """P(hit) exactly, from the integer weights: the same rule as :func:`_comparative_from_sides`
    (a hit on margin >= 0 when neither fumbles, always when only the defender fumbles)."""
    a_clean, _, a_all, _ = attack._vectors
    d_clean, d_fumble, d_all, _ = defense._vectors
    if options.no_fumbles:
        a_clean, d_clean, d_fumble = a_all, d_all, _EMPTY
    apart = defense.offset - attack.offset
    hits = _tail_sums(d_clean, a_clean, apart, 0, stop=1)
    weight = (hits[0] if hits else 0) + a_clean.mass * d_fumble.mass
    return Fraction(weight, attack.denominator * defense.denominator)


# --------------------------------------------------------------------------------------------
# Target-number checks
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CheckOdds:
    """The exact odds of a target-number check, judged as :func:`checks.evaluate_check
    <doria_nb.engine.checks.evaluate_check>` judges one.

    ``p_success`` counts only rolls without a fumble (a fumble fails whatever the total);
    ``crit_distribution`` maps critical successes to P(a success with exactly that many),
    summing to ``p_success``; ``miss_distribution`` does the same for failures without a
    fumble, and ``crit_failure_distribution`` for every failure, a fumble counting the full
    tens below the TN plus one. Every probability is low by at most ``truncation_bound``.
    """

    dice: Dice
    bonus: int
    target: int
    options: RulesOptions
    p_success: float
    p_fumble: float
    crit_distribution: dict[int, float]
    miss_distribution: dict[int, float]
    crit_failure_distribution: dict[int, float]
    expected_crits: float
    truncation_bound: float
    p_success_exact: Fraction

    def outcome_distribution(self) -> list[tuple[Outcome, float]]:
        """P of every outcome class of :attr:`CheckResult.outcome
        <doria_nb.engine.checks.CheckResult.outcome>`, worst first, classes below
        :data:`NEGLIGIBLE` left out.

        >>> for outcome, p in target_check("2D", 20, 45).outcome_distribution():
        ...     if p > 0.001:
        ...         print(f"{outcome.label(check=True):21} {p:.4f}")
        fumble                0.0100
        failure (2 crit fail) 0.0900
        failure (1 crit fail) 0.6700
        failure               0.1838
        success               0.0397
        success +1 crit       0.0056
        """
        classes = [(Outcome(OutcomeKind.FUMBLE), self.p_fumble)]
        classes += [(Outcome(OutcomeKind.MISS, c), p) for c, p in self.miss_distribution.items()]
        classes += [(Outcome(OutcomeKind.HIT, c), p) for c, p in self.crit_distribution.items()]
        kept = [(outcome, p) for outcome, p in classes if p >= NEGLIGIBLE]
        return sorted(kept, key=lambda item: item[0].sort_key)


def target_check(
    dice: Dice | str,
    bonus: int,
    target: int,
    *,
    options: RulesOptions | None = None,
) -> CheckOdds:
    """The exact odds of ``dice`` + ``bonus`` reaching the Target Number ``target``.

    Checks are rolled by characters, so of the options only *No Fumbles* applies.

    >>> odds = target_check("2D", 25, 35)
    >>> round(odds.p_success, 4), round(odds.p_fumble, 2), round(odds.expected_crits, 4)
    (0.64, 0.01, 0.1378)
    """
    options = options or RulesOptions()
    for name, value in (("bonus", bonus), ("Target Number", target)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise DoriaError(f"A check's {name} must be a whole number, not {value!r}.")
    side = roll_distribution(dice)
    clean, fumble, both, _ = side._vectors
    if options.no_fumbles:
        clean, fumble = both, _EMPTY
    need = target - bonus - side.offset  # reaching the TN, counted from the lowest total
    step = CRITICAL_STEP
    successes: list[int] = []
    while clean.at_least(need + step * len(successes)):
        successes.append(clean.at_least(need + step * len(successes)))
    # A failure without a fumble has criticals(need - total) critical failures: c or more
    # when total <= need - 10c.
    misses = [clean.at_most(need - 1)]
    while clean.at_most(need - step * len(misses)):
        misses.append(clean.at_most(need - step * len(misses)))
    failures = list(misses)
    if fumble.mass:
        fumble_tail = [fumble.mass, fumble.mass]
        while fumble.at_most(need - step * (len(fumble_tail) - 1)):
            fumble_tail.append(fumble.at_most(need - step * (len(fumble_tail) - 1)))
        _add(failures, fumble_tail, 0)
    denominator = side.denominator
    p_success = successes[0] if successes else 0
    return CheckOdds(
        dice=side.dice,
        bonus=bonus,
        target=target,
        options=options,
        p_success=p_success / denominator,
        p_fumble=fumble.mass / denominator,
        crit_distribution=_as_floats(_counts(successes), denominator),
        miss_distribution=_as_floats(_counts(misses), denominator),
        crit_failure_distribution=_as_floats(_counts(failures), denominator),
        expected_crits=sum(successes[1:]) / denominator,
        truncation_bound=side.truncation_bound,
        p_success_exact=Fraction(p_success, denominator),
    )
