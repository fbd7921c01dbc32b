"""The balance study (issue #16, items 2–3): its design, its statistics, its CSV files, its
command line, and results that do not depend on what plays the games."""

from __future__ import annotations

import csv
import io
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

from doria_nb.study import (
    DEFAULT_CELLS,
    StudyError,
    design,
    open_executor,
    read_defeats,
    read_summary,
    run_study,
    wilson_interval,
    write_csv,
)
from doria_nb.study.__main__ import main
from doria_nb.study.progress import ProgressBar
from doria_nb.study.report import summary_text

DUO = ("warrior", "priestess")
SMALL = design(parties=[DUO], rules=["no_fumbles"])


@pytest.fixture(scope="module")
def serial_results():
    return run_study(SMALL, games_per_cell=2, seed=4)


# --- Wilson intervals -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # Reference values: Wilson's formula at z = 1.96 (as in statsmodels' proportion_confint).
        (20, 100, 0.1334, 0.2888),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (1, 2, 0.0945, 0.9055),
    ],
)
def test_wilson_intervals_match_the_reference_values(wins, games, low, high) -> None:
    assert wilson_interval(wins, games) == pytest.approx((low, high), abs=1e-4)


def test_a_wilson_interval_holds_its_rate_and_narrows_with_more_games() -> None:
    for games in (1, 7, 50, 1000):
        for wins in range(0, games + 1, max(1, games // 7)):
            low, high = wilson_interval(wins, games)
            assert 0.0 <= low <= wins / games <= high <= 1.0
    assert wilson_interval(300, 1000)[1] - wilson_interval(300, 1000)[0] < (
        wilson_interval(30, 100)[1] - wilson_interval(30, 100)[0]
    )


@pytest.mark.parametrize(("wins", "games"), [(1, 0), (-1, 5), (6, 5)])
def test_a_win_rate_of_no_games_or_impossible_wins_is_refused(wins, games) -> None:
    with pytest.raises(StudyError, match="win rate needs"):
        wilson_interval(wins, games)


# --- Design -----------------------------------------------------------------------------


def test_the_default_study_varies_five_parties_and_five_rules_against_one_baseline() -> None:
    parties = [cell for cell in DEFAULT_CELLS if cell.rules == "none"]
    rules = [cell for cell in DEFAULT_CELLS if cell.rules != "none"]
    assert len(parties) == 5 and len(rules) == 5
    assert {cell.party for cell in rules} == {parties[0].party}
    assert len({cell.name for cell in DEFAULT_CELLS}) == 10


def test_repeated_parties_and_rules_and_the_standard_rules_make_no_extra_cells() -> None:
    cells = design(parties=[DUO, DUO], rules=["none", "no_fumbles", "no_fumbles"])
    assert [cell.name for cell in cells] == ["warrior+priestess", "warrior+priestess|no_fumbles"]
    assert cells[1].options.no_fumbles and not cells[0].options.no_fumbles


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"parties": [("warrior", "wizard")]}, "no hero 'wizard'"),
        ({"parties": [()]}, "1 to 6 heroes, not 0"),
        ({"parties": []}, "at least one party"),
        ({"rules": ["no_fumble"]}, "'no_fumble' is no set of optional rules"),
        ({"scenario": "the_dry_archive"}, "no scenario 'the_dry_archive'"),
    ],
)
def test_a_bad_design_is_refused_in_words(kwargs, words) -> None:
    with pytest.raises(StudyError, match=words):
        design(**kwargs)


# --- Running: the same results on every executor ----------------------------------------


def test_every_cell_plays_the_same_seeds_in_order(serial_results) -> None:
    for cell in SMALL:
        assert [g.seed for g in serial_results.games[cell.name]] == [4, 5]
    assert serial_results.total == 4


def test_a_study_gives_the_same_results_on_threads_and_processes(serial_results) -> None:
    with ThreadPoolExecutor(max_workers=2) as threads:
        on_threads = run_study(SMALL, games_per_cell=2, seed=4, executor=threads)
    with ProcessPoolExecutor(max_workers=2) as processes:
        on_processes = run_study(SMALL, games_per_cell=2, seed=4, executor=processes)
    assert on_threads.outcomes() == serial_results.outcomes()
    assert on_processes.outcomes() == serial_results.outcomes()
    assert on_processes.summary() == serial_results.summary()


def test_on_game_names_the_cell_of_each_game_as_it_comes_back() -> None:
    heard = []
    results = run_study(
        SMALL, games_per_cell=1, seed=1, on_game=lambda cell, game: heard.append((cell, game))
    )
    assert [(cell.name, game.outcome()) for cell, game in heard] == [
        (name, played[0].outcome()) for name, played in results.games.items()
    ]


@pytest.mark.parametrize(("games", "words"), [(0, "at least 1 game"), (1.5, "whole number")])
def test_a_study_without_whole_games_is_refused(games, words) -> None:
    with pytest.raises(StudyError, match=words):
        run_study(SMALL, games_per_cell=games)


def test_the_executors_are_chosen_by_name_and_bad_choices_are_refused() -> None:
    with open_executor("serial") as running:
        assert running.executor is None
    with open_executor("process", workers=2) as running:
        assert "2 workers" in running.description
    with pytest.raises(StudyError, match="serial, process or dask, not 'spark'"):
        open_executor("spark").__enter__()
    with pytest.raises(StudyError, match="for the dask executor"):
        open_executor("process", scheduler="tcp://127.0.0.1:8786").__enter__()
    with pytest.raises(StudyError, match="not 0"):
        open_executor("process", workers=0).__enter__()


@pytest.mark.slow
def test_a_study_on_a_dask_cluster_at_a_scheduler_address_gives_the_serial_results(
    serial_results, dask_cluster
) -> None:
    address = dask_cluster.scheduler_address
    with open_executor("dask", scheduler=address) as running:
        on_dask = run_study(SMALL, games_per_cell=2, seed=4, executor=running.executor)
    assert running.description == f"the Dask cluster at {address} (2 workers now)"
    assert on_dask.outcomes() == serial_results.outcomes()


@pytest.mark.slow
def test_the_dask_executor_starts_a_local_cluster_of_its_own(serial_results) -> None:
    pytest.importorskip("distributed")
    with open_executor("dask", workers=1) as running:
        on_dask = run_study(SMALL[:1], games_per_cell=1, seed=4, executor=running.executor)
        assert len(running.executor.scheduler_info()["workers"]) == 1
    assert running.description == "a Dask LocalCluster of 1 worker process"
    name = SMALL[0].name
    assert on_dask.games[name][0].outcome() == serial_results.games[name][0].outcome()


# --- Results as CSV and text ------------------------------------------------------------


def test_the_csv_files_read_back_to_the_summary_and_hold_no_timings(
    serial_results, tmp_path: Path
) -> None:
    paths = write_csv(serial_results, tmp_path)
    assert [p.name for p in paths] == ["summary.csv", "defeats.csv", "games.csv"]
    back = read_summary(tmp_path / "summary.csv")
    for read, made in zip(back, serial_results.summary(), strict=True):
        assert read.cell == made.cell and read.wins == made.wins and read.games == made.games
        assert read.win_low == pytest.approx(made.win_low, abs=1e-6)
    defeats = read_defeats(tmp_path / "defeats.csv")
    for row in serial_results.summary():
        lost = sum(d.count for d in defeats if d.cell == row.cell)
        assert lost == row.games - row.wins
    with (tmp_path / "games.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == serial_results.total and "seconds" not in rows[0]


def test_the_text_summary_has_a_line_per_cell_with_its_interval(serial_results) -> None:
    lines = summary_text(serial_results).splitlines()
    assert len(lines) == 1 + len(SMALL)
    assert lines[1].startswith("Warrior, Priestess") and lines[2].startswith("+ No Fumbles")
    assert "–" in lines[1] and "%" in lines[1]


def test_the_progress_bar_counts_games_and_ends_its_line() -> None:
    out = io.StringIO()
    ticks = iter(range(100))
    bar = ProgressBar(3, stream=out, every=0.0, clock=lambda: float(next(ticks)))
    for _ in range(3):
        bar.advance()
    bar.close()
    text = out.getvalue()
    assert "3/3 games 100%" in text and text.count("\r") == 3
    assert text.endswith("3 games in 7.0 s\n")


# --- Command line -----------------------------------------------------------------------


def test_the_command_line_plays_a_small_study_and_writes_csv(tmp_path: Path, capsys) -> None:
    argv = ["--games", "2", "--party", "warrior,priestess", "--rules", "no_fumbles"]
    argv += ["--executor", "serial", "--out", str(tmp_path)]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert "2 games: 2 cells × 1, seeds 0 to 0" in err and "2/2 games" in err
    assert "+ No Fumbles" in out and "games/s" in out
    assert {p.name for p in tmp_path.iterdir()} == {"summary.csv", "defeats.csv", "games.csv"}


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--games", "1", "--party", "warrior", "--rules", "no_fumbles"], "at least 2"),
        (["--games", "4", "--rules", "everything"], "'everything' is no set"),
        (["--games", "4", "--party", "warrior,bard"], "no hero 'bard'"),
    ],
)
def test_the_command_line_refuses_bad_requests_in_words(argv, words, tmp_path, capsys) -> None:
    assert main([*argv, "--executor", "serial", "--out", str(tmp_path / "out")]) == 2
    assert words in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
