"""Games spread over executors give the very results of a serial run (issue #16, item 2).

Each game depends only on its job (scenario, party, seed, optional rules), so the outcomes
— everything but the time taken — must not change with the executor, the number of workers
or the batch size. The Dask test starts a real ``distributed.LocalCluster`` of two worker
processes on this machine (no network, no dashboard).
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from doria_nb.engine.game.distribute import (
    DistributeError,
    GameJob,
    batch_size,
    play_games,
)
from doria_nb.engine.game.simulate import simulate
from doria_nb.engine.options import RulesOptions

SCENARIO = "the_flooded_archive"
DUO = ("warrior", "priestess")


@pytest.fixture(scope="module")
def serial_report():
    return simulate(SCENARIO, DUO, games=4, seed=3)


def test_a_process_pool_gives_the_serial_outcomes(serial_report) -> None:
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = simulate(SCENARIO, DUO, games=4, seed=3, executor=pool)
    assert pooled.outcomes == serial_report.outcomes
    assert [s.seed for s in pooled.summaries] == [3, 4, 5, 6]


def test_workers_without_an_executor_open_a_pool_with_the_same_outcomes(serial_report) -> None:
    assert simulate(SCENARIO, DUO, games=4, seed=3, workers=2).outcomes == (serial_report.outcomes)


def test_the_batch_size_does_not_change_what_comes_back(serial_report) -> None:
    jobs = [GameJob(SCENARIO, DUO, seed) for seed in range(3, 7)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        for batch in (1, 3, 10):
            found = dict(play_games(jobs, executor=pool, batch=batch))
            assert sorted(found) == [0, 1, 2, 3]
            assert tuple(found[i].outcome() for i in range(4)) == serial_report.outcomes


def test_on_game_hears_of_every_game_as_it_comes_back() -> None:
    heard = []
    with ThreadPoolExecutor(max_workers=2) as pool:
        report = simulate(SCENARIO, DUO, games=3, seed=8, executor=pool, on_game=heard.append)
    assert sorted(s.outcome() for s in heard) == sorted(report.outcomes)


def test_the_optional_rules_travel_with_the_job() -> None:
    rules = RulesOptions(easier_overall_game=2, no_fumbles=True)
    serial = simulate(SCENARIO, DUO, games=2, seed=1, options=rules)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = simulate(SCENARIO, DUO, games=2, seed=1, options=rules, executor=pool)
    assert pooled.outcomes == serial.outcomes
    assert serial.outcomes != simulate(SCENARIO, DUO, games=2, seed=1).outcomes


class _RecordingPool(ThreadPoolExecutor):
    """A thread pool that keeps every future it hands out."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.futures = []

    def submit(self, fn, /, *args, **kwargs):
        future = super().submit(fn, *args, **kwargs)
        self.futures.append(future)
        return future


def test_stopping_early_cancels_the_games_not_yet_played() -> None:
    jobs = [GameJob(SCENARIO, DUO, seed) for seed in range(12)]
    with _RecordingPool() as pool:
        games = play_games(jobs, executor=pool, batch=1)
        next(games)
        games.close()
    assert len(pool.futures) == 12
    # The pool's one thread had finished one game and may have begun the next one or two.
    assert sum(future.cancelled() for future in pool.futures) >= 9


def test_the_batch_size_follows_the_number_of_games_only() -> None:
    assert [batch_size(n) for n in (0, 63, 64, 640, 100_000)] == [1, 1, 1, 10, 20]


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"executor": "the cloud"}, "not on str"),
        ({"games": -1}, "not -1"),
        ({"games": 2.5}, "not 2.5"),
        ({"workers": 0}, "not 0"),
        ({"workers": 2, "executor": ThreadPoolExecutor(1)}, "not both"),
    ],
)
def test_bad_requests_are_refused_in_words(kwargs, words) -> None:
    with pytest.raises(DistributeError, match=words):
        simulate(SCENARIO, DUO, games=kwargs.pop("games", 1), seed=0, **kwargs)


def test_a_bad_batch_is_refused_in_words() -> None:
    with pytest.raises(DistributeError, match="not 0"):
        play_games([GameJob(SCENARIO, DUO, 1)], batch=0)


@pytest.mark.slow
def test_a_dask_local_cluster_of_two_workers_gives_the_serial_outcomes(
    serial_report, dask_cluster
) -> None:
    import distributed

    with distributed.Client(dask_cluster) as client:
        heard = []
        on_dask = simulate(SCENARIO, DUO, games=4, seed=3, executor=client, on_game=heard.append)
        assert len(client.scheduler_info()["workers"]) == 2
    assert on_dask.outcomes == serial_report.outcomes
    assert len(heard) == 4
