"""The benchmark command line (doria_nb.bench) runs and prints its table; no timings checked."""

from __future__ import annotations

import pytest

from doria_nb import bench


def _table(output: str) -> tuple[str, list[str]]:
    lines = output.splitlines()
    header = next(line for line in lines if line.lstrip().startswith("attack"))
    start = lines.index(header)
    assert set(lines[start + 1]) == {"-"}
    return header, lines[start + 2 :]


def test_odds_benchmark_quick_prints_one_row(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["odds", "--quick"]) == 0
    header, rows = _table(capsys.readouterr().out)
    for column in ("p(hit)", "cold ms", "warm µs", "icepool ms"):
        assert column in header
    assert len(rows) == 1
    attack, defense, p_hit, *_ = rows[0].split()
    assert (attack, defense) == ("3D", "2D")
    assert 0 < float(p_hit) < 1


def test_odds_benchmark_takes_pairs_and_can_skip_icepool(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["odds", "--pairs", "2x4,1x1", "--warm-repeat", "2", "--cold-repeat", "1"]
    assert bench.main([*argv, "--no-icepool"]) == 0
    _, rows = _table(capsys.readouterr().out)
    assert [row.split()[:2] for row in rows] == [["2D", "4D"], ["1D", "1D"]]
    assert all(row.split()[-1] == "n/a" for row in rows)


def test_benchmarks_are_subcommands_of_one_registry(capsys: pytest.CaptureFixture[str]) -> None:
    assert "odds" in bench.BENCHMARKS
    with pytest.raises(SystemExit):
        bench.main(["--help"])
    assert "odds" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        bench.main(["odds", "--pairs", "three against two"])
    assert "pair" in capsys.readouterr().err


def test_dungeon_benchmark_quick_prints_each_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["dungeon", "--quick", "--tiles", "4"]) == 0
    out = capsys.readouterr().out
    assert "tiles laid by the rules" in out
    assert "legal placements" in out
    assert "Line of Sight, uncached" in out and "Line of Sight, cached" in out
    assert "reachable" in out


def test_monster_benchmark_quick_prints_each_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["monsters", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "one activation (target, route, attack): median" in out
    assert "95th percentile" in out
    assert "a whole monster phase" in out


def test_games_benchmark_quick_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["games", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "decisions/s" in out and "replay" in out


def test_play_benchmark_quick_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["play", "--quick"]) == 0
    out = capsys.readouterr().out
    for figure in ("apply median", "undo median", "undo by replay", "decide", "load", "table"):
        assert figure in out
