"""Whole games played by the default bots, headless: for soak tests, balance and figures.

>>> report = simulate("the_flooded_archive", ["warrior", "mage", "ranger", "priestess"],
...                   games=2, seed=1)
>>> report.games, report.wins + report.losses
(2, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from doria_nb.engine.game.distribute import (
    MAX_INPUTS,
    DistributeError,
    GameExecutor,
    GameJob,
    GameSummary,
    play_games,
    play_out,
)
from doria_nb.engine.options import RulesOptions

__all__ = ["MAX_INPUTS", "GameSummary", "SimulationReport", "cause", "play_out", "simulate"]


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
    def outcomes(self) -> tuple[tuple[int, bool, str, int, int, int], ...]:
        """Every game's :meth:`~GameSummary.outcome`: the report without its timings."""
        return tuple(s.outcome() for s in self.summaries)

    @property
    def reasons(self) -> Counter[str]:
        return Counter(cause(s.reason) for s in self.summaries)

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


def cause(reason: str) -> str:
    """A reason as a cause to count: who died (not with how many points), or the scenario's
    goal or end without its figures.

    >>> cause("Mage died with HP -21 and PP 5; the last blow: Mage: HP -18→-21")
    'Mage died'
    >>> cause("every character is unconscious at the same time (Warrior, Mage)")
    'every character is unconscious at the same time'
    """
    if " died with " in reason:
        return reason.partition(" with ")[0]
    return reason.split(":")[0] if reason.startswith(("HP", "PP")) else reason.split(" (")[0]


def simulate(
    scenario: str,
    party: Sequence[str],
    *,
    games: int = 100,
    seed: int = 0,
    options: RulesOptions | None = None,
    workers: int = 1,
    executor: GameExecutor | None = None,
    on_game: Callable[[GameSummary], None] | None = None,
) -> SimulationReport:
    """Play ``games`` complete games with the default bots, seeds ``seed``, ``seed + 1``, ...

    ``executor`` runs them: a :class:`concurrent.futures.Executor`, a Dask
    ``distributed.Client`` or ``None`` (see :mod:`~doria_nb.engine.game.distribute`);
    ``workers`` > 1 without an executor opens a process pool of that many workers for this
    call. ``on_game`` is called with each game's summary as it comes back (a progress bar).
    The report lists the games by seed and does not depend on what played them.

    >>> seen = []
    >>> report = simulate("the_flooded_archive", ["warrior"], games=2, seed=5,
    ...                   on_game=seen.append)
    >>> [s.seed for s in report.summaries], sorted(s.seed for s in seen)
    ([5, 6], [5, 6])
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise DistributeError(f"The number of games is a whole number from 0 up, not {games!r}.")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise DistributeError(f"Workers is a whole number from 1 up, not {workers!r}.")
    if executor is not None and workers > 1:
        raise DistributeError(
            "Give either an executor or a number of workers, not both: the executor decides "
            "how many workers play."
        )
    jobs = [GameJob(scenario, tuple(party), seed + n, options) for n in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            return _collect(scenario, party, jobs, pool, on_game)
    return _collect(scenario, party, jobs, executor, on_game)


def _collect(
    scenario: str,
    party: Sequence[str],
    jobs: list[GameJob],
    executor: GameExecutor | None,
    on_game: Callable[[GameSummary], None] | None,
) -> SimulationReport:
    found: dict[int, GameSummary] = {}
    for index, summary in play_games(jobs, executor=executor):
        found[index] = summary
        if on_game is not None:
            on_game(summary)
    summaries = tuple(found[index] for index in range(len(jobs)))
    return SimulationReport(scenario, tuple(party), summaries)
