"""What a spawn returns: the monsters each draw put on the board (:class:`Spawned`), the
Extra Activations a full box of figures causes (:class:`ExtraActivation`), and the whole
answer (:class:`SpawnResult`)."""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.monster_deck import MonsterDeck
from doria_nb.engine.monster_ai.trace import Trace
from doria_nb.engine.monsters import MonsterCard, MonsterModifier
from doria_nb.engine.situation import Situation

__all__ = ["ExtraActivation", "SpawnResult", "Spawned"]


@dataclass(frozen=True, slots=True)
class Spawned:
    """The monsters one draw put on the board: the ``icon`` they came from (``None`` for a
    refill at the entrance), the monster ``card``, the ``modifiers`` drawn with it, and the
    ``letters`` and ``squares`` of the new figures (fewer than the card asked for, or none,
    when the box ran out of figures)."""

    icon: Square | None
    card: MonsterCard
    modifiers: tuple[MonsterModifier, ...]
    letters: tuple[str, ...]
    squares: tuple[Square, ...]


@dataclass(frozen=True, slots=True)
class ExtraActivation:
    """A monster already on the board that acts at once, outside the normal order, because
    another of its kind should have come into play with no figure left (*Multiple monsters per
    monster icon*). ``modifiers`` are the ones it inherits from the monster that could not be
    placed (already counted in its ``MOD`` and ``AP`` in the new situation)."""

    letter: str
    modifiers: tuple[MonsterModifier, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class SpawnResult:
    """What a spawn did: the new ``situation`` and ``deck``, what was ``spawned`` draw by draw,
    the ``extra_activations`` to play out now (in this order), a ``trace`` of every draw and
    placement, and ``acts_now``: the letters of new monsters higher on the Initiative Board
    than the current character, which act immediately (*Current initiative for monsters*).
    ``waiting_modifiers``: under *Limit Modifiers*, the modifiers set aside for the next
    monster drawn (give them to the next spawn)."""

    situation: Situation
    deck: MonsterDeck
    spawned: tuple[Spawned, ...]
    extra_activations: tuple[ExtraActivation, ...]
    trace: Trace
    acts_now: tuple[str, ...] = ()
    waiting_modifiers: tuple[MonsterModifier, ...] = ()

    @property
    def letters(self) -> tuple[str, ...]:
        """Every new figure's letter, in the order placed."""
        return tuple(letter for spawned in self.spawned for letter in spawned.letters)
