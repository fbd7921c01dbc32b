"""Soak: many complete bot-played games, every invariant checked every round, and each game's
save file replayed to the identical event log at its end.

Run the long soak (1,000 games on both cores) with::

    uv run python -m doria_nb.engine.game.soak --games 1000 --workers 2

It prints the games per second, decisions per second, the win rate and any problem found.

Campaigns are soaked too (:mod:`doria_nb.engine.game.soak_campaign`): whole bot campaigns of
the starter Campaign Book, every invariant checked between scenarios, every Campaign Sheet
round-tripped through JSON::

    uv run python -m doria_nb.engine.game.soak --campaigns 100 --workers 2
"""

from __future__ import annotations

import argparse
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from doria_nb.engine.game.game import Game
from doria_nb.engine.game.records import Phase
from doria_nb.engine.game.simulate import play_out
from doria_nb.engine.options import RulesOptions

__all__ = ["SoakReport", "invariant_problems", "main", "soak", "soak_one"]

PARTY = ("warrior", "mage", "ranger", "priestess")
SCENARIO = "the_flooded_archive"


def _cards_everywhere(game: Game) -> Counter[str]:
    state = game.state
    found: Counter[str] = Counter()
    found.update(c.id for c in state.loot.draw_pile)
    found.update(c.id for c in state.loot.discard_pile)
    found.update(c.id for c in state.shop.slots if c is not None)
    found.update(c.id for c in state.gone_cards)
    found.update(t.card.id for t in state.active_traps)
    for seat in state.heroes.values():
        found.update(c.id for c in seat.character.mat.cards)
    return found


def invariant_problems(game: Game, standard: Counter[str]) -> list[str]:
    """What is wrong with ``game`` now (nothing, one hopes). ``standard`` counts the Standard
    Items of every hero who ever sat at the table."""
    state = game.state
    problems = []
    cards = _cards_everywhere(game)
    loot = Counter(c.id for c in state.pack.loot_deck())
    is_standard = {c.id: c.standard for c in state.pack.items}
    found_loot = Counter({k: n for k, n in cards.items() if not is_standard.get(k, False)})
    found_standard = Counter({k: n for k, n in cards.items() if is_standard.get(k, False)})
    if found_loot != loot:
        extra, missing = found_loot - loot, loot - found_loot
        problems.append(f"loot cards out of place: extra {dict(extra)}, missing {dict(missing)}")
    if found_standard != standard:
        problems.append(f"standard items out of place: {dict(found_standard)} vs {dict(standard)}")
    standing: dict[object, str] = {}
    for fig in state.situation.figures:
        if fig.unconscious or fig.carried_by is not None:
            continue
        if fig.square in standing:
            problems.append(f"{fig.letter} and {standing[fig.square]} stand on {fig.square}")
        standing[fig.square] = fig.letter
    letters = {f.letter for f in state.situation.figures}
    for letter in state.heroes:
        if state.round and letter not in letters:
            problems.append(f"hero {letter} has no figure")
    monster_figures = {f.letter for f in state.situation.monsters}
    if monster_figures != set(state.monsters):
        problems.append(f"monster figures {monster_figures} but seats {set(state.monsters)}")
    dead = state.result is not None and "die" in state.result.reason
    for seat in state.heroes.values():
        ch = seat.character
        if ch.hp > ch.maximum.hp or ch.pp > ch.maximum.pp:
            problems.append(f"{seat.name} above its maximum: HP {ch.hp}, PP {ch.pp}")
        if not dead and (ch.hp <= -20 or ch.pp <= -20):
            problems.append(f"{seat.name} at −20 but the game goes on")
        if seat.poison < 0:
            problems.append(f"{seat.name} has {seat.poison} Poison Markers")
    for monster in state.monsters.values():
        if not 0 < monster.foe.hp <= monster.foe.stats.hp:
            problems.append(f"{monster.letter} has HP {monster.foe.hp}/{monster.foe.stats.hp}")
    if not state.doom.track.holds(state.doom.square):
        problems.append(f"the Doom Counter is off its track: {state.doom.square}")
    if game.over != (state.phase is Phase.OVER):
        problems.append("the game's result and phase disagree")
    return problems


@dataclass(frozen=True, slots=True)
class SoakGame:
    seed: int
    won: bool
    rounds: int
    inputs: int
    seconds: float
    problems: tuple[str, ...]


def soak_one(args: tuple[int, str, tuple[str, ...], RulesOptions | None]) -> SoakGame:
    """Play one game from ``seed``, checking the invariants every round and the replay of
    its save file at the end."""
    seed, scenario, party, options = args
    start = time.perf_counter()
    game = Game.new(scenario, party, seed, options=options, snapshots=False)
    standard = Counter(
        c.id
        for s in game.state.heroes.values()
        for c in s.character.template.standard_items  # type: ignore[union-attr]
    )
    problems: list[str] = []

    def check(g: Game) -> None:
        problems.extend(f"round {g.round}: {p}" for p in invariant_problems(g, standard))

    check(game)
    try:
        play_out(game, each_round=check)
    except Exception as error:  # a soak reports every failure with its seed
        where = traceback.extract_tb(error.__traceback__)[-1]
        problems.append(
            f"round {game.round}: {type(error).__name__}: {error} "
            f"({where.filename.rsplit('/', 1)[-1]}:{where.lineno})"
        )
    check(game)
    seconds = time.perf_counter() - start
    if not game.over and not problems:
        problems.append("the game did not end")
    if not problems and Game.load(game.save()).events != game.events:
        problems.append("the saved game does not replay to the same event log")
    result = game.result
    return SoakGame(
        seed, bool(result and result.won), game.round, len(game.inputs), seconds, tuple(problems)
    )


@dataclass(frozen=True, slots=True)
class SoakReport:
    games: tuple[SoakGame, ...]
    seconds: float

    @property
    def problems(self) -> list[str]:
        return [f"seed {g.seed}: {p}" for g in self.games for p in g.problems]

    def explain(self) -> str:
        n = len(self.games)
        wins = sum(g.won for g in self.games)
        inputs = sum(g.inputs for g in self.games)
        times = sorted(g.seconds for g in self.games)
        rounds = sorted(g.rounds for g in self.games)
        play = sum(times)
        lines = [
            f"{n} games in {self.seconds:.1f} s wall clock: {n / self.seconds:.2f} games/s "
            f"({n / play:.2f} games/s per core); {inputs / play:.0f} decisions/s per core.",
            f"Median game {times[n // 2] * 1000:.0f} ms (play, invariants and replay check).",
            f"Won {wins} of {n} ({wins / n:.1%}); median {rounds[n // 2]} rounds.",
            f"Problems: {len(self.problems)}.",
        ]
        lines += self.problems[:20]
        return "\n".join(lines)


def soak(
    seeds: Sequence[int],
    *,
    scenario: str = SCENARIO,
    party: Sequence[str] = PARTY,
    options: RulesOptions | None = None,
    workers: int = 1,
) -> SoakReport:
    """Soak the games of ``seeds`` (on ``workers`` processes)."""
    jobs = [(seed, scenario, tuple(party), options) for seed in seeds]
    start = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            games = tuple(pool.map(soak_one, jobs, chunksize=max(1, len(jobs) // (workers * 8))))
    else:
        games = tuple(soak_one(job) for job in jobs)
    return SoakReport(games, time.perf_counter() - start)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scenario", default=SCENARIO)
    parser.add_argument("--campaigns", type=int, default=0, help="soak bot campaigns instead")
    args = parser.parse_args(argv)
    if args.campaigns:
        from doria_nb.engine.game.soak_campaign import soak_campaigns

        seeds = range(args.seed, args.seed + args.campaigns)
        campaigns = soak_campaigns(seeds, workers=args.workers)
        print(campaigns.explain())
        return 1 if campaigns.problems else 0
    report = soak(
        range(args.seed, args.seed + args.games), scenario=args.scenario, workers=args.workers
    )
    print(report.explain())
    return 1 if report.problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
