"""The Wilson score interval: how sure a win rate measured on a few games is.

The plain ``p ± 1.96·√(p(1−p)/n)`` interval misbehaves near 0 % and 100 % and with few games
(it can leave [0, 1] and has width 0 at 0 wins). Wilson's interval stays inside [0, 1] and
keeps a sensible width there, which matters for a party that almost always wins or loses.

>>> low, high = wilson_interval(20, 100)
>>> round(low, 3), round(high, 3)
(0.133, 0.289)
>>> wilson_interval(0, 10)[0], round(wilson_interval(0, 10)[1], 3)
(0.0, 0.278)
"""

from __future__ import annotations

import math

from doria_nb.engine.errors import DoriaError

__all__ = ["Z_95", "StudyError", "wilson_interval"]

Z_95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""


class StudyError(DoriaError):
    """A balance study was asked for something it cannot do (no games, an unknown rule...)."""


def wilson_interval(wins: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of the win rate ``wins / games`` (95 % by default)."""
    if games < 1 or not 0 <= wins <= games:
        raise StudyError(f"A win rate needs 0 to {games} wins of at least 1 game, not {wins}.")
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    # At 0 wins (or all) the bound is exactly 0 (or 1); the formula gets it only to rounding.
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high
