"""Verdicts: the answer of every ``can_...`` question of the engine.

The engine's legality follows *verify / can / do*: ``can_equip(...)`` answers with a
:class:`Verdict` and never changes anything; ``equip(...)`` asks the same question and, on a
no, raises the matching :class:`~doria_nb.engine.errors.DoriaError` with the very same reason.
A verdict is true or false like a bool, so ``if character.can_equip(...):`` reads naturally.

>>> Verdict.yes()
Verdict(ok=True, reason='')
>>> bool(Verdict.no("The Belt is full."))
False
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.errors import DoriaError


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a request is legal and, when it is not, why (in words for a player)."""

    ok: bool
    reason: str = ""

    @classmethod
    def yes(cls) -> Verdict:
        """A yes: one shared value (a verdict is frozen), asked thousands of times a game."""
        return _YES if cls is Verdict else cls(True)

    @classmethod
    def no(cls, reason: str) -> Verdict:
        return cls(False, reason)

    def __bool__(self) -> bool:
        return self.ok

    def enforce(self, error: type[DoriaError]) -> None:
        """Raise ``error`` with the reason when the verdict is a no."""
        if not self.ok:
            raise error(self.reason)


_YES = Verdict(True)
