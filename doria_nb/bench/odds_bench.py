"""The ``odds`` benchmark.

``odds``
    Exact odds of comparative rolls (:mod:`doria_nb.engine.odds`) for attack ``nD`` against
    defense ``mD``: the *cold* time (caches cleared, both sides and the pair computed), the
    same query *before* the fast path of the sides (each side's exact integer pool, every
    weight correctly rounded: ``_reference_pair_side``), timed in the same run, the *warm* time
    (both sides cached, the pair computed afresh; median of many runs), and, when it is
    installed, the time `icepool <https://pypi.org/project/icepool/>`_ takes for the same
    outcome distribution in the same run, with the difference between the two chances of a
    hit. Before the table, every pair up to ``--grid`` dice a side is timed cold (and before),
    and the worst pair and the mean are printed.

    What icepool is asked (its exact fractions, every die ``icepool.d10.explode(depth=12)``,
    so each die leaves at most ``1e-13`` misplaced): for each side, the dice whose *original*
    face is not 1 are ``d10.explode(depth=12).reroll([1])``, and a side with ``k`` original
    ones is ``(n - k) @ not_one + k + modifier``, mixed over ``k`` with binomial weights; the
    mixtures over ``k >= 2`` (``k == 1`` for one die) give the fumbling totals, the others the
    clean totals. The outcome classes of ``checks.ComparativeResult.outcome`` are then a
    mixture of three dice: an attacker's fumble; ``clean attack - clean defense`` mapped to a
    hit with full tens of margin or a miss with full tens of critical failures; and
    ``clean attack - fumbling defense`` mapped to a hit with one critical more. (Mapping a
    joint ``(total, fumble)`` die with ``icepool.map`` instead is exact too but takes about
    a minute for 8D against 8D, too long for this run.)
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from doria_nb.bench.registry import benchmark
from doria_nb.engine import odds
from doria_nb.engine.checks import CRITICAL_STEP
from doria_nb.engine.dice import Dice
from doria_nb.engine.options import RulesOptions

DEFAULT_PAIRS = (
    *((n, n) for n in range(2, 9)),
    (3, 2),
    (2, 5),
    (6, 3),
    (5, 8),
    (8, 4),
)
"""The diagonal 2D..8D plus a few lopsided fights."""

QUICK_PAIRS = ((3, 2),)

ICEPOOL_DEPTH = 12
"""Explosions icepool follows per die: the rest (``1e-13`` a die) is counted at the cap."""


def _pairs(text: str) -> list[tuple[int, int]]:
    pairs = []
    for item in text.split(","):
        attack, _, defense = item.strip().lower().partition("x")
        try:
            pairs.append((int(attack), int(defense)))
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{item!r} is not a pair of dice counts; write pairs like '3x2,8x8'."
            ) from None
    return pairs


def _configure_odds(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--quick", action="store_true", help="one pair and few repetitions (for tests)"
    )
    parser.add_argument("--pairs", type=_pairs, help="attack x defense dice counts, e.g. '3x2,8x8'")
    parser.add_argument("--warm-repeat", type=int, help="repetitions of the warm query")
    parser.add_argument("--cold-repeat", type=int, help="repetitions of the cold query")
    parser.add_argument("--no-icepool", action="store_true", help="skip the icepool column")
    parser.add_argument(
        "--grid",
        type=int,
        help="time every pair up to this many dice a side cold (default 8; 0 skips it)",
    )
    parser.add_argument("--grid-repeat", type=int, help="cold runs of each pair of the grid")


def _times_ns(
    run: Callable[[], Any],
    repeat: int,
    setup: Callable[[], Any] | None = None,
    clock: Callable[[], int] = time.perf_counter_ns,
) -> list[int]:
    """Nanoseconds of ``repeat`` runs of ``run`` (``setup`` before each, not timed), by
    ``clock`` (the wall clock, or :func:`time.thread_time_ns` for the CPU time of the run)."""
    times = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        start = clock()
        run()
        times.append(clock() - start)
    return times


def _before(attack: Dice, defense: Dice, options: RulesOptions) -> odds.ComparativeOdds:
    """The query as it was computed before the fast path: each side from its exact integer
    pool, every weight correctly rounded (the reference the tests hold the fast path to)."""
    return odds._comparative_from_sides(
        odds._reference_pair_side(attack, False), odds._reference_pair_side(defense, False), options
    )


def _cold_ns(
    attack: Dice,
    defense: Dice,
    options: RulesOptions,
    repeat: int,
    clock: Callable[[], int] = time.perf_counter_ns,
) -> tuple[list[int], list[int]]:
    """Cold nanoseconds of ``repeat`` runs of the query and of the query :func:`_before`, the
    two taken in turn (caches cleared before each), so that the load weighs on both alike."""
    now: list[int] = []
    before: list[int] = []
    for _ in range(repeat):
        now += _times_ns(
            lambda: odds.comparative(attack, defense, options=options),
            1,
            odds.clear_caches,
            clock,
        )
        before += _times_ns(lambda: _before(attack, defense, options), 1, odds.clear_caches, clock)
    return now, before


def _print_grid(largest: int, options: RulesOptions, repeat: int) -> None:
    """Time every pair from 1D to ``largest``D a side cold, now and before, and print the
    worst pair and the mean over the pairs: by the median and by the fastest of the runs on
    the wall clock, and by the fastest CPU time of the thread (which the load of a shared
    machine sways least)."""
    pairs = [(a, d) for a in range(1, largest + 1) for d in range(1, largest + 1)]
    wall = {pair: _cold_ns(Dice(pair[0]), Dice(pair[1]), options, repeat) for pair in pairs}
    cpu = {
        pair: _cold_ns(Dice(pair[0]), Dice(pair[1]), options, repeat, time.thread_time_ns)
        for pair in pairs
    }
    print(
        f"cold, every pair 1D..{largest}D x 1D..{largest}D ({len(pairs)} pairs, runs: {repeat} "
        "each, before: the same queries from the exact pools, in turn with them):"
    )
    for label, runs, figure in (
        ("median wall time", wall, statistics.median),
        ("fastest wall time", wall, min),
        ("fastest CPU time", cpu, min),
    ):
        now = {pair: figure(times[0]) / 1e6 for pair, times in runs.items()}
        before = {pair: figure(times[1]) / 1e6 for pair, times in runs.items()}
        worst, worst_before = max(now, key=now.__getitem__), max(before, key=before.__getitem__)
        print(
            f"  by the {label}: worst {worst[0]}D vs {worst[1]}D {now[worst]:.2f} ms, mean "
            f"{statistics.fmean(now.values()):.2f} ms; before: worst {worst_before[0]}D vs "
            f"{worst_before[1]}D {before[worst_before]:.2f} ms, mean "
            f"{statistics.fmean(before.values()):.2f} ms"
        )


def _pool_times_ms(attack_count: int, defense_count: int, repeat: int) -> tuple[float, float]:
    """Fastest times (ms) to build both sides' pools from scratch: as :func:`odds.comparative`
    builds them, and as the reference (:func:`odds._reference_pool`) does; the same pool is
    built once when both sides have the same dice."""
    counts = {attack_count, defense_count}

    def built() -> None:
        for count in counts:
            odds._pool(count)

    def reference() -> None:
        for count in counts:
            odds._reference_pool(count)

    fast = min(_times_ns(built, repeat, setup=odds.clear_caches))
    slow = min(_times_ns(reference, repeat))
    return fast / 1e6, slow / 1e6


def _icepool_outcomes(icepool: Any, attack: Dice, defense: Dice) -> Any:
    """The outcome classes of ``attack`` against ``defense`` as an icepool die (see the module
    docstring for exactly what is asked)."""
    die = icepool.d10.explode(depth=ICEPOOL_DEPTH)
    not_one = die.reroll([1], depth="inf")

    def side(dice: Dice) -> tuple[Any, Any, int, int]:
        n = dice.count
        clean, clean_w, fumble, fumble_w = [], [], [], []
        for ones in range(n + 1):
            rest = (n - ones) @ not_one if n > ones else icepool.Die([0])
            part = rest + (ones + dice.modifier)
            weight = math.comb(n, ones) * 9 ** (n - ones)  # over 10**n
            fumbles = ones >= 2 or (n == 1 and ones == 1)
            (fumble if fumbles else clean).append(part)
            (fumble_w if fumbles else clean_w).append(weight)
        return (
            icepool.Die(clean, times=clean_w),
            icepool.Die(fumble, times=fumble_w) if fumble else None,
            sum(clean_w),
            sum(fumble_w),
        )

    def judged(margin: int) -> tuple[str, int]:
        if margin >= 0:
            return ("hit", margin // CRITICAL_STEP)
        return ("miss", -margin // CRITICAL_STEP)

    def defender_fumbled(margin: int) -> tuple[str, int]:
        return ("hit", max(margin, 0) // CRITICAL_STEP + 1)

    a_clean, _, a_clean_w, a_fumble_w = side(attack)
    d_clean, d_fumble, d_clean_w, d_fumble_w = side(defense)
    parts: list[Any] = [(a_clean - d_clean).map(judged)]
    weights = [a_clean_w * d_clean_w]
    if d_fumble is not None:
        parts.append((a_clean - d_fumble).map(defender_fumbled))
        weights.append(a_clean_w * d_fumble_w)
    if a_fumble_w:
        parts.append(icepool.Die([("fumble", 0)]))
        weights.append(a_fumble_w * (d_clean_w + d_fumble_w))
    return icepool.Die(parts, times=weights)


def _icepool_differences(ours: odds.ComparativeOdds, outcomes: Any) -> tuple[float, float]:
    """|our P(hit) - icepool's| (exact), and the largest difference over outcome classes."""
    denominator = outcomes.denominator()
    theirs = {outcome: Fraction(q, denominator) for outcome, q in outcomes.items()}
    hit = sum((p for outcome, p in theirs.items() if outcome[0] == "hit"), Fraction(0))
    mine = {(o.kind.value, o.criticals): p for o, p in ours.outcome_distribution()}
    worst = max(abs(mine.get(key, 0.0) - float(theirs.get(key, 0))) for key in {*mine, *theirs})
    return abs(float(ours.p_success_exact - hit)), worst


def _import_icepool() -> Any | None:
    try:
        import icepool
    except ImportError:
        return None
    return icepool


@benchmark("odds", "exact comparative odds: cold, warm and icepool times", _configure_odds)
def odds_benchmark(args: argparse.Namespace) -> int:
    """Time :func:`odds.comparative` for nD against mD and print one table row per pair."""
    pairs = args.pairs or (QUICK_PAIRS if args.quick else DEFAULT_PAIRS)
    warm_repeat = args.warm_repeat or (5 if args.quick else 200)
    cold_repeat = args.cold_repeat or (1 if args.quick else 5)
    icepool = None if args.no_icepool else _import_icepool()
    options = RulesOptions()
    odds.comparative("1D", "1D")  # loads numpy, which the first comparison of a process does
    grid = args.grid if args.grid is not None else (2 if args.quick else 8)
    if grid > 0:
        _print_grid(grid, options, args.grid_repeat or (1 if args.quick else 11))
    if icepool is None and not args.no_icepool:
        print("note: icepool is not importable (uv sync --group dev); its columns are skipped.")
    elif icepool is not None:
        print(
            f"icepool {icepool.__version__}: the same outcome classes, each die "
            f"d10.explode(depth={ICEPOOL_DEPTH}); see doria_nb/bench/odds_bench.py for what it "
            "is asked."
        )
    print(
        f"cold: caches cleared, median of {cold_repeat}; warm: sides cached, pair computed "
        f"afresh, median (and fastest) of {warm_repeat}; ours leaves out < 1e-12 (exploding "
        "tails)."
    )
    print(
        "before ms: the same cold query from the exact integer pools (as before the fast path), "
        "timed in turn with it. pools ms: both sides' exact pools (for checks and exact "
        "fractions) from scratch, as built (generating function) and as the reference builds "
        "them (one die at a time), fastest of the cold runs."
    )
    header = (
        f"{'attack':>6}  {'defense':>7}  {'p(hit)':>8}  {'cold ms':>8}  {'(min)':>6}  "
        f"{'before ms':>9}  {'warm µs':>8}  {'(min)':>6}  {'pools ms':>8}  {'ref':>6}  "
        f"{'icepool ms':>10}  {'|Δp(hit)|':>9}  {'max |Δ| class':>13}"
    )
    print(header)
    print("-" * len(header))
    for attack_count, defense_count in pairs:
        attack, defense = Dice(attack_count), Dice(defense_count)
        cold_times = _times_ns(
            lambda: odds.comparative(attack, defense, options=options),  # noqa: B023
            cold_repeat,
            setup=odds.clear_caches,
        )
        cold, cold_min = statistics.median(cold_times), min(cold_times)
        before = statistics.median(_cold_ns(attack, defense, options, cold_repeat)[1])
        pools = _pool_times_ms(attack_count, defense_count, cold_repeat)
        attack_side = odds._pair_side(attack, False)
        defense_side = odds._pair_side(defense, False)
        warm_times = _times_ns(
            lambda: odds._comparative_from_sides(attack_side, defense_side, options),  # noqa: B023
            warm_repeat,
        )
        warm, warm_min = statistics.median(warm_times), min(warm_times)
        ours = odds.comparative(attack, defense, options=options)
        ice_ms = hit_diff = class_diff = "n/a"
        if icepool is not None:
            start = time.perf_counter_ns()
            outcomes = _icepool_outcomes(icepool, attack, defense)
            ice_ms = f"{(time.perf_counter_ns() - start) / 1e6:.1f}"
            hit_gap, class_gap = _icepool_differences(ours, outcomes)
            hit_diff, class_diff = f"{hit_gap:.1e}", f"{class_gap:.1e}"
        print(
            f"{attack!s:>6}  {defense!s:>7}  {ours.p_success:8.5f}  {cold / 1e6:8.2f}  "
            f"{cold_min / 1e6:6.2f}  {before / 1e6:9.2f}  {warm / 1e3:8.1f}  "
            f"{warm_min / 1e3:6.0f}  "
            f"{pools[0]:8.2f}  {pools[1]:6.2f}  {ice_ms:>10}  {hit_diff:>9}  "
            f"{class_diff:>13}"
        )
    return 0


# --------------------------------------------------------------------------------------------
# The dungeon: placements, Line of Sight, reachable squares
# --------------------------------------------------------------------------------------------
