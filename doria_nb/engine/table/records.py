"""The plain records of a game in progress: phases, the seats of heroes and monsters, results.

A :class:`~doria_nb.engine.game.game.Game` keeps its position in a
:class:`~doria_nb.engine.situation.Situation` (squares, the dungeon, flags) and everything the
board does not show in these records: a hero's :class:`Character` (HP, PP, equipment) and
Initiative Marker, a monster's level card numbers and HP (a :class:`Foe`), Poison Markers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from doria_nb.engine.character import Character
from doria_nb.engine.combat.foe import Foe
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.sections import Section

__all__ = [
    "GameError",
    "GameResult",
    "HeroSeat",
    "IllegalAction",
    "MonsterSeat",
    "Phase",
    "SaveFileError",
]


class GameError(DoriaError):
    """A request the game cannot take; the game is unchanged."""


class IllegalAction(GameError):
    """An action the rules do not allow now; the message says why, the game is unchanged."""


class SaveFileError(GameError):
    """A save file that cannot be loaded: damaged, edited, or from another content version."""


class Phase(StrEnum):
    """Where the round stands (*Phases Overview*)."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"
    E = "E"
    F = "F"
    G = "G"
    H = "H"
    I = "I"  # noqa: E741 - the rulebook's Phase I
    OVER = "over"

    @property
    def rule(self) -> Section:
        return _PHASE_SECTIONS[self]

    @property
    def title(self) -> str:
        return "The game is over" if self is Phase.OVER else str(self.rule)


_PHASE_SECTIONS = {
    Phase.A: Section.PHASE_A,
    Phase.B: Section.PHASE_B,
    Phase.C: Section.PHASE_C,
    Phase.D: Section.PHASE_D,
    Phase.E: Section.PHASE_E,
    Phase.F: Section.PHASE_F,
    Phase.G: Section.PHASE_G,
    Phase.H: Section.PHASE_H,
    Phase.I: Section.PHASE_I,
    Phase.OVER: Section.END_OF_THE_GAME,
}


@dataclass
class HeroSeat:
    """A hero at the table: its letter on the board, its :class:`Character`, its Initiative
    Marker (``ap``), Poison Markers, and whether it stays unconscious by choice (Phase H)."""

    letter: str
    character: Character
    ap: int = 0
    poison: int = 0
    kept_unconscious: bool = False
    out_this_round: bool = False
    """Knocked out at this round's initiative roll (or kept so): it does not act."""

    @property
    def name(self) -> str:
        return self.character.name


@dataclass
class MonsterSeat:
    """A monster on the board: its letter, card and modifiers (by id), its numbers and HP
    (:class:`Foe`), Poison Markers, the round it spawned in and its Initiative Marker (``ap``;
    ``None`` while it is not on the Initiative Board)."""

    letter: str
    card_id: str
    modifier_ids: tuple[str, ...]
    foe: Foe
    spawned_round: int
    poison: int = 0
    ap: int | None = None
    acted: bool = False

    @property
    def name(self) -> str:
        return self.foe.name


@dataclass(frozen=True, slots=True)
class GameResult:
    """How the game ended: ``won`` or not, why, and the rule that ended it."""

    won: bool
    reason: str
    rule: Section
    round: int

    def explain(self) -> str:
        verdict = "The heroes win" if self.won else "The heroes lose"
        return f"{verdict} in round {self.round}: {self.reason} ({self.rule})."


@dataclass
class Counters:
    """Numbers the scenario goals read (*End of the Game*)."""

    monsters_defeated: int = 0
    tiles_placed: int = 0
    treasures_searched: int = 0
    doors_opened: int = 0
    attribute_points: int = 0
    """Attribute Points each character has received from the Group XP track this game: a
    hero who joins gets as many (*Character Improvement*, ruling GM7)."""
    extra: dict[str, int] = field(default_factory=dict)
