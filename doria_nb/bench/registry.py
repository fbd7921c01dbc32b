"""The benchmark registry: each benchmark is a subcommand registered with :func:`benchmark`."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Benchmark:
    """A registered benchmark: its subcommand name, help, arguments and body."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


BENCHMARKS: dict[str, Benchmark] = {}
"""Every benchmark by subcommand name, in registration order."""


def benchmark(
    name: str, help: str, configure: Callable[[argparse.ArgumentParser], None] | None = None
) -> Callable[[Callable[[argparse.Namespace], int]], Callable[[argparse.Namespace], int]]:
    """Register the decorated function as the benchmark subcommand ``name``."""

    def register(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
        if name in BENCHMARKS:
            raise ValueError(f"A benchmark called {name!r} is already registered.")
        BENCHMARKS[name] = Benchmark(name, help, configure or (lambda parser: None), run)
        return run

    return register


def rate(count: int, seconds: float) -> str:
    """``count`` per second, for printing."""
    return f"{count / seconds:,.0f}/s" if seconds > 0 else "n/a"
