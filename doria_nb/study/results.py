"""A study's results: every game, and per cell the win rate with its Wilson interval, the
rounds played and the causes of defeat — as records and as CSV.

Three CSV files hold a study (:func:`write_csv`): ``games.csv`` one row per game,
``summary.csv`` one row per cell, ``defeats.csv`` one row per cell and cause of defeat. The
book reads the last two (:func:`read_summary`, :func:`read_defeats`), so a chapter plots a
study without playing it again.
"""

from __future__ import annotations

import csv
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from doria_nb.engine.game.distribute import GameSummary
from doria_nb.engine.game.simulate import cause
from doria_nb.study.design import StudyCell
from doria_nb.study.wilson import wilson_interval

__all__ = [
    "CellSummary",
    "DefeatCount",
    "StudyResults",
    "read_defeats",
    "read_summary",
    "write_csv",
]


@dataclass(frozen=True, slots=True)
class CellSummary:
    """One cell in figures: games, wins, the win rate with its 95 % Wilson interval, and the
    rounds the games lasted."""

    cell: str
    kind: str
    label: str
    scenario: str
    party: str
    rules: str
    games: int
    wins: int
    win_rate: float
    win_low: float
    win_high: float
    rounds_mean: float
    rounds_median: float
    rounds_won_mean: float
    rounds_lost_mean: float

    @classmethod
    def of(cls, cell: StudyCell, games: Iterable[GameSummary]) -> CellSummary:
        played = list(games)
        wins = sum(g.won for g in played)
        low, high = wilson_interval(wins, len(played))
        rounds = [g.rounds for g in played]
        won = [g.rounds for g in played if g.won]
        lost = [g.rounds for g in played if not g.won]
        return cls(
            cell=cell.name,
            kind="party" if cell.rules == "none" else "rule",
            label=cell.label,
            scenario=cell.scenario,
            party="+".join(cell.party),
            rules=cell.rules,
            games=len(played),
            wins=wins,
            win_rate=wins / len(played),
            win_low=low,
            win_high=high,
            rounds_mean=statistics.fmean(rounds),
            rounds_median=float(statistics.median(rounds)),
            rounds_won_mean=statistics.fmean(won) if won else 0.0,
            rounds_lost_mean=statistics.fmean(lost) if lost else 0.0,
        )


@dataclass(frozen=True, slots=True)
class DefeatCount:
    """How often one cause ended a cell's lost games."""

    cell: str
    cause: str
    count: int
    share: float
    """Of the cell's lost games."""


@dataclass(frozen=True, slots=True)
class StudyResults:
    """Every game of a study, by cell, in seed order."""

    cells: tuple[StudyCell, ...]
    games: Mapping[str, tuple[GameSummary, ...]]
    """The games of each cell, by :attr:`StudyCell.name`."""

    @property
    def total(self) -> int:
        return sum(len(played) for played in self.games.values())

    def summary(self) -> list[CellSummary]:
        return [CellSummary.of(cell, self.games[cell.name]) for cell in self.cells]

    def defeats(self) -> list[DefeatCount]:
        rows = []
        for cell in self.cells:
            lost = [g for g in self.games[cell.name] if not g.won]
            causes = Counter(cause(g.reason) for g in lost)
            rows += [
                DefeatCount(cell.name, name, count, count / len(lost))
                for name, count in sorted(causes.items(), key=lambda item: (-item[1], item[0]))
            ]
        return rows

    def outcomes(self) -> dict[str, tuple[tuple[int, bool, str, int, int, int], ...]]:
        """Every game's outcome (no timings), by cell: what no executor may change."""
        return {name: tuple(g.outcome() for g in played) for name, played in self.games.items()}


def _write(path: Path, header: list[str], rows: Iterable[Iterable[object]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)


def _figure(value: object) -> object:
    return round(value, 6) if isinstance(value, float) else value


def write_csv(results: StudyResults, folder: Path, *, with_games: bool = True) -> list[Path]:
    """Write ``summary.csv``, ``defeats.csv`` and (unless ``with_games`` is false)
    ``games.csv`` into ``folder`` (made if missing); return the paths written. The files hold
    no timings, so the same study writes the same bytes whatever played it."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, record_type, rows in (
        ("summary.csv", CellSummary, results.summary()),
        ("defeats.csv", DefeatCount, results.defeats()),
    ):
        path = folder / name
        header = [f.name for f in fields(record_type)]
        _write(path, header, ([_figure(v) for v in asdict(row).values()] for row in rows))
        written.append(path)
    if with_games:
        games = folder / "games.csv"
        header = ["cell", "seed", "won", "rounds", "inputs", "events", "cause"]
        _write(
            games,
            header,
            (
                [name, g.seed, int(g.won), g.rounds, g.inputs, g.events, cause(g.reason)]
                for name, played in results.games.items()
                for g in played
            ),
        )
        written.append(games)
    return written


def _typed(record_type: type, row: dict[str, str]) -> object:
    values = {}
    for f in fields(record_type):
        text = row[f.name]
        values[f.name] = {"int": int, "float": float}.get(str(f.type), str)(text)
    return record_type(**values)


def read_summary(path: Path) -> list[CellSummary]:
    """The rows of a ``summary.csv`` written by :func:`write_csv`."""
    with path.open(encoding="utf-8", newline="") as handle:
        return [_typed(CellSummary, row) for row in csv.DictReader(handle)]  # type: ignore[misc]


def read_defeats(path: Path) -> list[DefeatCount]:
    """The rows of a ``defeats.csv`` written by :func:`write_csv`."""
    with path.open(encoding="utf-8", newline="") as handle:
        return [_typed(DefeatCount, row) for row in csv.DictReader(handle)]  # type: ignore[misc]
