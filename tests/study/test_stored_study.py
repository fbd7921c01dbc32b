"""The study stored for chapter 21 is whole, consistent, and still what the engine plays.

If a change of rules or content changes how games play, the last test fails: regenerate the
stored study with the command in :data:`doria_nb.book.balance.REGENERATE` and refresh
chapter 21.
"""

from __future__ import annotations

import csv

import pytest

from doria_nb.book.balance import CACHED_STUDY, REGENERATE, cached_defeats, cached_summary
from doria_nb.engine.game.distribute import GameJob, play_job
from doria_nb.engine.game.simulate import cause
from doria_nb.study import DEFAULT_CELLS, wilson_interval


def _games() -> list[dict[str, str]]:
    with (CACHED_STUDY / "games.csv").open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_the_stored_study_is_the_default_design() -> None:
    assert [row.cell for row in cached_summary()] == [cell.name for cell in DEFAULT_CELLS]
    assert "doria_nb/book/data/balance" in REGENERATE


def test_the_summary_agrees_with_the_games_and_the_defeats() -> None:
    games = _games()
    defeats = cached_defeats()
    for row in cached_summary():
        mine = [g for g in games if g["cell"] == row.cell]
        assert [int(g["seed"]) for g in mine] == list(range(row.games))
        assert row.wins == sum(g["won"] == "1" for g in mine)
        low, high = wilson_interval(row.wins, row.games)
        assert (row.win_low, row.win_high) == (
            pytest.approx(low, abs=1e-6),
            pytest.approx(high, abs=1e-6),
        )
        assert sum(d.count for d in defeats if d.cell == row.cell) == row.games - row.wins


@pytest.mark.parametrize(
    "cell", [DEFAULT_CELLS[0], DEFAULT_CELLS[4], DEFAULT_CELLS[-1]], ids=lambda c: c.name
)
def test_the_stored_games_are_still_what_the_engine_plays(cell) -> None:
    stored = next(g for g in _games() if g["cell"] == cell.name and g["seed"] == "0")
    game = play_job(GameJob(cell.scenario, cell.party, 0, cell.options))
    replayed = {
        "won": str(int(game.won)),
        "rounds": str(game.rounds),
        "inputs": str(game.inputs),
        "events": str(game.events),
        "cause": cause(game.reason),
    }
    assert {key: stored[key] for key in replayed} == replayed, (
        f"the stored study is stale: regenerate it with {REGENERATE}"
    )
