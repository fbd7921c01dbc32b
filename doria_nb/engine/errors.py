"""The errors the engine raises for bad requests.

Every error is a :class:`ValueError` subclass whose message is written for a player, not a
programmer: it says what was wrong and, where it can, what would be right. An engine call that
raises one of these leaves every piece of state exactly as it was.
"""

from __future__ import annotations


class DoriaError(ValueError):
    """Base class of every rule or input error the engine reports to a player."""


class DiceExpressionError(DoriaError):
    """A dice expression such as ``"3D+2"`` could not be read."""


class ChanceError(DoriaError):
    """A source of chance cannot give the outcome asked of it (e.g. a scripted roll ran out)."""
