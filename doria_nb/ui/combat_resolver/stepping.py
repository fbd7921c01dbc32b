"""Step by step on a one-shot engine: the machinery that lets the combat resolver stop at a
choice the reader makes after the roll.

:func:`~doria_nb.engine.combat.resolve_monster_attack` resolves a whole attack and asks a
:class:`~doria_nb.engine.decisions.Policy` at each choice. The resolver gives it a
:class:`PausingPolicy` that *stops* (raises :class:`Paused`) at a choice the reader has not
answered yet. The dice already rolled are kept; once the reader answers, the attack is resolved
again from the start with the same dice (a :class:`ReplayChance`) and the answers so far, so the
engine alone decides every rule, and the record is the engine's record.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from doria_nb.engine.chance import Chance
from doria_nb.engine.decisions import (
    Choice,
    ChoiceKind,
    Policy,
    best_armor,
    best_defense,
    enchant_when_it_helps,
    resist_when_it_helps,
)
from doria_nb.engine.errors import ChanceError

__all__ = ["DEFAULTS", "Paused", "PausingPolicy", "ReplayChance", "answers_of"]

DEFAULTS: dict[ChoiceKind, Policy] = {
    ChoiceKind.DEFENSE: best_defense,
    ChoiceKind.ARMOR: best_armor,
    ChoiceKind.PSI_POINTS: resist_when_it_helps,
    ChoiceKind.ENCHANTMENT: enchant_when_it_helps,
}
"""The engine's documented default of each kind of choice (the same functions its
``default_policy`` uses), by name so that the record says which one answered."""


class Paused(Exception):
    """Raised by :class:`PausingPolicy` at a choice the reader still has to make."""

    def __init__(self, choice: Choice) -> None:
        super().__init__(choice.question)
        self.choice = choice


class PausingPolicy:
    """A policy that answers the kinds in ``defaults`` with the engine's default for them (so
    the record names that default, e.g. "policy: best armor") and stops at any other choice."""

    def __init__(self, defaults: set[ChoiceKind]) -> None:
        self.defaults = defaults
        self.__name__ = "pausing policy"

    def __call__(self, choice: Choice) -> str:
        if choice.kind not in self.defaults:
            raise Paused(choice)
        policy = DEFAULTS[choice.kind]
        self.__name__ = policy.__name__
        return policy(choice)


class ReplayChance(Chance):
    """Plays back ``faces`` (the dice of an attack already rolled), then rolls on with
    ``live``, whose outcomes also record the new faces."""

    def __init__(self, faces: list[int], live: Chance) -> None:
        super().__init__(random.Random(0))
        self._faces = list(faces)
        self._live = live

    def d10(self) -> int:
        face = self._faces.pop(0) if self._faces else self._live.d10()
        self.outcomes.append(face)
        return face

    def below(self, n: int) -> int:
        raise ChanceError("A combat roll draws no cards.")


def answers_of(mapping: Mapping[ChoiceKind, str]) -> dict[str, str]:
    """Answers keyed by the kinds' values, as the engine's ``answers=`` reads them."""
    return {kind.value: key for kind, key in mapping.items()}
