"""The ``board`` benchmark runs and prints its table (no timings checked)."""

from __future__ import annotations

import pytest

from doria_nb import bench


def test_board_benchmark_quick_prints_a_row_per_dungeon(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["board", "--quick"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = lines[0].split()
    assert header[:7] == ["tiles", "texts", "hidden", "dungeon", "figures", "redraw", "layout"]
    rows = [line.split() for line in lines[1:]]
    assert [row[0] for row in rows] == ["1", "4"]
    assert all(int(row[1]) > 0 and float(row[5]) > 0 for row in rows)
