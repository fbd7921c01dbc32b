"""The soak's command line: ``python -m doria_nb.soak``.

Run the long soak (1,000 games on both cores) with::

    uv run python -m doria_nb.soak --games 1000 --workers 2

and across the optional rules, party sizes, heroes joining and leaving and every scenario of
the starter pack with::

    uv run python -m doria_nb.soak --games 1000 --options every --party 1-6 --joins --scenario every

``--options`` names sets of :data:`~doria_nb.engine.game.option_sets.OPTION_SETS`
(comma-separated; ``every`` for each set in turn, ``all`` for every rule at once); ``--party``
is hero ids (``warrior,mage``) or party sizes (``1-6``: each game draws its heroes from its
seed). It prints the wall-clock rate (play, invariants and the replay check included), the
decisions per second, the win rate and any problem found.

Whole bot campaigns of the starter Campaign Book are soaked with ``--campaigns``
(:mod:`doria_nb.soak.campaigns`)::

    uv run python -m doria_nb.soak --campaigns 100 --workers 2

The exit code is 1 when a problem was found, so a script can rely on it.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence

from doria_nb.content import starter_pack
from doria_nb.engine.game.option_sets import OptionSetError
from doria_nb.engine.game.option_sets import option_sets as named_sets
from doria_nb.engine.game.setup import MAX_HEROES
from doria_nb.soak.campaigns import soak_campaigns
from doria_nb.soak.games import PARTY, SCENARIO, soak

__all__ = ["main", "parse_party"]


def parse_party(text: str) -> tuple[tuple[str, ...], list[int] | None]:
    """``--party``: hero ids (``"warrior,mage"``) or sizes (``"3"``, ``"1-6"``).

    >>> parse_party("1-3")[1], parse_party("warrior,mage")
    ([1, 2, 3], (('warrior', 'mage'), None))
    """
    sizes = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+))?\s*", text)
    if sizes:
        low, high = int(sizes[1]), int(sizes[2] or sizes[1])
        if not 1 <= low <= high <= MAX_HEROES:
            raise argparse.ArgumentTypeError(f"party sizes run from 1 to {MAX_HEROES}: {text!r}")
        return PARTY, list(range(low, high + 1))
    return tuple(h.strip() for h in text.split(",") if h.strip()), None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the soak ``argv`` asks for (the shell's arguments by default); print its report
    and return the exit code (1 when a problem was found)."""
    parser = argparse.ArgumentParser(
        prog="python -m doria_nb.soak",
        description="Soak: many bot-played games (or campaigns), every invariant checked.",
    )
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--scenario", default=SCENARIO, help="scenario ids (comma-separated) or 'every'"
    )
    parser.add_argument(
        "--options", default="none", help="sets of optional rules: names, 'every' or 'all'"
    )
    parser.add_argument("--party", default=",".join(PARTY), help="hero ids or sizes ('1-6')")
    parser.add_argument("--joins", action="store_true", help="heroes join and leave in Phase I")
    parser.add_argument("--campaigns", type=int, default=0, help="soak bot campaigns instead")
    args = parser.parse_args(argv)
    if args.campaigns:
        seeds = range(args.seed, args.seed + args.campaigns)
        campaigns = soak_campaigns(seeds, workers=args.workers)
        print(campaigns.explain())
        return 1 if campaigns.problems else 0
    try:
        sets = [options for _, options in named_sets(args.options)]
        party, sizes = parse_party(args.party)
    except (OptionSetError, argparse.ArgumentTypeError) as error:
        parser.error(str(error))
    scenarios = [s.strip() for s in args.scenario.split(",") if s.strip()]
    if args.scenario.strip() == "every":
        scenarios = [s.id for s in starter_pack().scenarios]
    known = [s.id for s in starter_pack().scenarios]
    unknown = [s for s in scenarios if s not in known]
    if unknown or not scenarios:
        parser.error(
            f"no such scenario: {', '.join(unknown) or '(none given)'}; "
            f"the starter pack has {', '.join(known)} (or 'every')"
        )
    report = soak(
        range(args.seed, args.seed + args.games),
        scenario=scenarios,
        workers=args.workers,
        option_sets=sets,
        party=party,
        party_sizes=sizes,
        joins=args.joins,
    )
    print(report.explain())
    return 1 if report.problems else 0
