"""Whole games played by the default bots, headless: for soak tests, balance and figures.

>>> report = simulate("the_flooded_archive", ["warrior", "mage", "ranger", "priestess"],
...                   games=2, seed=1)
>>> report.games, report.wins + report.losses
(2, 2)
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.options import RulesOptions

__all__ = ["GameSummary", "SimulationReport", "play_out", "simulate"]

MAX_INPUTS = 20_000
"""A safety net: no sensible game needs this many inputs."""


def play_out(
    game: Game,
    *,
    inputs: int = MAX_INPUTS,
    each_round: Callable[[Game], None] | None = None,
) -> Game:
    """Let the default bots play ``game`` until it ends (or ``inputs`` inputs are taken).
    ``each_round`` is called whenever a new round has begun (soak tests check invariants)."""
    last_round = game.round
    for _ in range(inputs):
        if game.over:
            break
        game.apply(bot_action(game))
        if each_round is not None and game.round != last_round:
            last_round = game.round
            each_round(game)
    return game


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One simulated game: its seed, the verdict, rounds, inputs and time taken."""

    seed: int
    won: bool
    reason: str
    rounds: int
    inputs: int
    events: int
    seconds: float


@dataclass(frozen=True, slots=True)
class SimulationReport:
    """Many games: wins, losses, the rounds they lasted, why they ended, and speed."""

    scenario: str
    party: tuple[str, ...]
    summaries: tuple[GameSummary, ...] = field(default=())

    @property
    def games(self) -> int:
        return len(self.summaries)

    @property
    def wins(self) -> int:
        return sum(s.won for s in self.summaries)

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def reasons(self) -> Counter[str]:
        return Counter(_short(s.reason) for s in self.summaries)

    def explain(self) -> str:
        if not self.games:
            return "No games played."
        rounds = sorted(s.rounds for s in self.summaries)
        seconds = sorted(s.seconds for s in self.summaries)
        inputs = sum(s.inputs for s in self.summaries)
        lines = [
            f"{self.games} games of {self.scenario} with {', '.join(self.party)}: "
            f"{self.wins} won, {self.losses} lost ({self.win_rate:.0%}).",
            f"Rounds: median {rounds[len(rounds) // 2]}, from {rounds[0]} to {rounds[-1]}.",
            f"Time per game: median {seconds[len(seconds) // 2] * 1000:.0f} ms; "
            f"{inputs / sum(seconds):.0f} decisions/s.",
        ]
        lines += [f"- {count} × {reason}" for reason, count in self.reasons.most_common()]
        return "\n".join(lines)


def _short(reason: str) -> str:
    """A reason as a cause to count: who died (not with how many points), or the scenario's
    goal or end without its figures.

    >>> _short("Mage died with HP -21 and PP 5; the last blow: Mage: HP -18→-21")
    'Mage died'
    >>> _short("every character is unconscious at the same time (Warrior, Mage)")
    'every character is unconscious at the same time'
    """
    if " died with " in reason:
        return reason.partition(" with ")[0]
    return reason.split(":")[0] if reason.startswith(("HP", "PP")) else reason.split(" (")[0]


def _one(args: tuple[str, tuple[str, ...], int, RulesOptions | None]) -> GameSummary:
    scenario, party, seed, options = args
    start = time.perf_counter()
    game = play_out(Game.new(scenario, party, seed, options=options, snapshots=False))
    seconds = time.perf_counter() - start
    result = game.result
    return GameSummary(
        seed,
        bool(result and result.won),
        result.reason if result else "not finished",
        game.round,
        len(game.inputs),
        len(game.state.log),
        seconds,
    )


def simulate(
    scenario: str,
    party: Sequence[str],
    *,
    games: int = 100,
    seed: int = 0,
    options: RulesOptions | None = None,
    workers: int = 1,
) -> SimulationReport:
    """Play ``games`` complete games with the default bots, seeds ``seed``, ``seed + 1``, ...
    ``workers`` > 1 spreads them over processes (the results do not depend on it)."""
    jobs = [(scenario, tuple(party), seed + n, options) for n in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            summaries = tuple(pool.map(_one, jobs, chunksize=max(1, games // (workers * 4))))
    else:
        summaries = tuple(_one(job) for job in jobs)
    return SimulationReport(scenario, tuple(party), summaries)
