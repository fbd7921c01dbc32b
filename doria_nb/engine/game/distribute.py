"""Bot-played games spread over an executor: serial, a process pool, or a Dask cluster.

A :class:`GameJob` names everything one game depends on (scenario, party, seed, optional
rules), so a game's result is the same whichever process or machine plays it. The jobs are
sent in small batches of consecutive jobs; :func:`play_games` yields each game as its batch
comes back, so a caller can move a progress bar while the rest are still being played.

What runs them, ``executor``:

* ``None`` — this process, one game after the other;
* any :class:`concurrent.futures.Executor` (a ``ProcessPoolExecutor``, say);
* a Dask ``distributed.Client`` (or anything else with ``submit`` whose futures Dask's
  ``as_completed`` understands). Dask is imported only then, so the engine runs without it.

>>> jobs = [GameJob("the_flooded_archive", ("warrior", "mage"), seed) for seed in (1, 2)]
>>> sorted(index for index, _ in play_games(jobs))
[0, 1]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from concurrent.futures import as_completed as futures_completed
from dataclasses import dataclass
from typing import Any, Protocol

from doria_nb.engine.errors import DoriaError
from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.options import RulesOptions

__all__ = [
    "MAX_INPUTS",
    "DistributeError",
    "GameExecutor",
    "GameJob",
    "GameSummary",
    "batch_size",
    "play_games",
    "play_job",
    "play_out",
]

MAX_INPUTS = 20_000
"""A safety net: no sensible game needs this many inputs."""

MAX_BATCH = 20
"""The most games sent to a worker at once: a progress bar still moves every few seconds."""


class DistributeError(DoriaError):
    """Games cannot be handed to the executor given (it is no executor, or Dask is missing)."""


class _Submitter(Protocol):
    """What a Dask ``distributed.Client`` offers that this module uses."""

    def submit(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any: ...


GameExecutor = Executor | _Submitter
"""What :func:`play_games` accepts besides ``None``: a futures executor or a Dask client."""


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
class GameJob:
    """One game to play: everything its result depends on."""

    scenario: str
    party: tuple[str, ...]
    seed: int
    options: RulesOptions | None = None


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

    def outcome(self) -> tuple[int, bool, str, int, int, int]:
        """Everything but the time taken: what must not depend on who played the game."""
        return (self.seed, self.won, self.reason, self.rounds, self.inputs, self.events)


def play_job(job: GameJob) -> GameSummary:
    """Play ``job`` to its end with the default bots and sum it up."""
    start = time.perf_counter()
    game = Game.new(job.scenario, job.party, job.seed, options=job.options, snapshots=False)
    play_out(game)
    seconds = time.perf_counter() - start
    result = game.result
    return GameSummary(
        job.seed,
        bool(result and result.won),
        result.reason if result else "not finished",
        game.round,
        len(game.inputs),
        len(game.state.log),
        seconds,
    )


def _play_batch(batch: tuple[GameJob, ...]) -> tuple[GameSummary, ...]:
    """A worker's task: the games of one batch, in order (module level, so it pickles)."""
    return tuple(play_job(job) for job in batch)


def batch_size(games: int) -> int:
    """How many consecutive games go to a worker at once: about 1/64 of them, 1 to
    :data:`MAX_BATCH`. It depends on the number of games only, never on the executor.

    >>> batch_size(10), batch_size(1000), batch_size(10_000)
    (1, 15, 20)
    """
    return max(1, min(MAX_BATCH, games // 64))


def _batches(jobs: Sequence[GameJob], size: int) -> list[tuple[int, tuple[GameJob, ...]]]:
    return [(start, tuple(jobs[start : start + size])) for start in range(0, len(jobs), size)]


def _serial(jobs: Sequence[GameJob]) -> Iterator[tuple[int, GameSummary]]:
    for index, job in enumerate(jobs):
        yield index, play_job(job)


def _with_futures(
    batches: list[tuple[int, tuple[GameJob, ...]]],
    submit: Callable[[tuple[GameJob, ...]], Any],
    completed: Callable[[Iterable[Any]], Iterable[Any]],
) -> Iterator[tuple[int, GameSummary]]:
    """Submit every batch, then yield the games of each batch as it completes. Batches not
    yet run are cancelled if the caller stops early or a game fails."""
    starts = {}
    try:
        for start, batch in batches:
            starts[submit(batch)] = start
        for future in completed(list(starts)):
            start = starts[future]
            for offset, summary in enumerate(future.result()):
                yield start + offset, summary
    finally:
        for future in starts:
            future.cancel()


def _dask_completed() -> Callable[[Iterable[Any]], Iterable[Any]]:
    try:
        from distributed import as_completed
    except ImportError as error:  # pragma: no cover - dask is in the dev group
        raise DistributeError(
            "This executor looks like a Dask client, but Dask is not installed: "
            "install the extra with `pip install 'doria-nb[scale]'`."
        ) from error
    return as_completed


def play_games(
    jobs: Sequence[GameJob],
    *,
    executor: GameExecutor | None = None,
    batch: int | None = None,
) -> Iterator[tuple[int, GameSummary]]:
    """Play ``jobs`` on ``executor`` and yield ``(index of the job, its summary)`` as the
    games come back (in no fixed order unless ``executor`` is ``None``). ``batch`` games go
    to a worker at once (:func:`batch_size` by default).

    The summaries do not depend on the executor nor on the batch size: a game depends only
    on its job. The executor is the caller's; it is not shut down here."""
    if batch is not None and (isinstance(batch, bool) or not isinstance(batch, int) or batch < 1):
        raise DistributeError(f"A batch is a whole number of games from 1 up, not {batch!r}.")
    size = batch or batch_size(len(jobs))
    if executor is None:
        return _serial(jobs)
    if isinstance(executor, Executor):
        pool = executor
        return _with_futures(
            _batches(jobs, size), lambda b: pool.submit(_play_batch, b), futures_completed
        )
    if callable(getattr(executor, "submit", None)):
        client = executor
        completed = _dask_completed()
        return _with_futures(
            _batches(jobs, size),
            lambda b: client.submit(_play_batch, b, pure=False),
            completed,
        )
    raise DistributeError(
        "Games run on a concurrent.futures Executor or a Dask distributed.Client (or None "
        f"for this process), not on {type(executor).__name__}."
    )
