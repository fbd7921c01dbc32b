"""A text progress bar for the terminal: games done, games per second, time left.

It writes one line on a stream (stderr by default) and redraws it in place with a carriage
return, at most a few times a second, so a long study shows it is alive without flooding a
log. No third-party progress library is needed.

>>> import io
>>> out = io.StringIO()
>>> bar = ProgressBar(4, stream=out, every=0.0, clock=iter(range(100)).__next__)
>>> bar.advance(2)
>>> print(out.getvalue().strip())
[##############--------------] 2/4 games  50%  1.0 games/s  left 2s
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["ProgressBar"]

WIDTH = 28
"""Characters of the bar itself."""


def _duration(seconds: float) -> str:
    """A time left as ``1m05s`` or ``42s``.

    >>> _duration(65.2), _duration(9)
    ('1m05s', '9s')
    """
    whole = round(seconds)
    return f"{whole // 60}m{whole % 60:02d}s" if whole >= 60 else f"{whole}s"


class ProgressBar:
    """``total`` games to wait for; :meth:`advance` as they come back, :meth:`close` at the
    end (prints the final line and the wall-clock time)."""

    def __init__(
        self,
        total: int,
        *,
        stream: TextIO | None = None,
        every: float = 0.2,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.total = total
        self.done = 0
        self._stream = stream if stream is not None else sys.stderr
        self._every = every
        self._clock = clock
        self._start = clock()
        self._drawn = float("-inf")

    @property
    def elapsed(self) -> float:
        return self._clock() - self._start

    def line(self) -> str:
        """The bar as text, for the current count."""
        share = self.done / self.total if self.total else 1.0
        filled = round(WIDTH * share)
        elapsed = self.elapsed
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        width = len(str(self.total))
        return (
            f"[{'#' * filled}{'-' * (WIDTH - filled)}] {self.done:>{width}}/{self.total} games "
            f"{share:>4.0%}  {rate:.1f} games/s  left {_duration(left)}"
        )

    def advance(self, games: int = 1) -> None:
        self.done += games
        now = self._clock()
        if now - self._drawn >= self._every or self.done >= self.total:
            self._drawn = now
            self._stream.write("\r" + self.line())
            self._stream.flush()

    def close(self) -> None:
        """End the bar's line (drawing it once more unless it is already full) and say how
        long the games took."""
        if self.done < self.total:
            self._stream.write("\r" + self.line())
        self._stream.write(f"\n{self.done} games in {self.elapsed:.1f} s\n")
        self._stream.flush()
