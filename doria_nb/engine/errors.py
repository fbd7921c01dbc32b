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


class CardError(DoriaError):
    """A card, hero or bonus record is not well formed (e.g. armor without a STR requirement)."""


class ScenarioError(CardError):
    """A scenario, goal, end condition or special rule that is not well formed.

    ``field`` names the offending field (``"goal.per_player"``) so that the content loader can
    point at it in the file.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class UnknownContentError(DoriaError):
    """A content pack was asked for a card, hero or bonus it does not have."""


class ContentError(DoriaError):
    """A content pack could not be loaded; the message names the file, the entry and the field."""


class HeroCreationError(DoriaError):
    """A custom hero breaks the *Create Heroes* rules (50 points, each attribute 1 to 13)."""


class EquipError(DoriaError):
    """An item cannot be equipped, moved, unequipped or received where it was asked to go."""


class UseError(DoriaError):
    """An item cannot be used (for an attack, a spell, a defense or a potion) from where it is."""


class RepairError(DoriaError):
    """An item or armor set cannot be repaired that way."""


class ProgressionError(DoriaError):
    """Group XP, Attribute Points or a hero bonus cannot be spent or chosen that way."""


class StartingEquipmentError(DoriaError):
    """A starting hand breaks the rules of *Preparing Characters*."""


class AttributesError(DoriaError):
    """Attribute values or Attribute Points that are not whole numbers in range."""


class TileError(DoriaError):
    """A room tile is not well formed (a bad map character, a door inside the room, an open
    side one square wide, floor that is not connected, ...).

    ``tile``, ``row`` and ``column`` (both counted from 1, as a reader counts the lines of a
    map) say where, when the problem has one place; ``problem`` is the message without them,
    so that the content loader can put the file and the entry in front.
    """

    def __init__(
        self,
        problem: str,
        *,
        tile: str | None = None,
        row: int | None = None,
        column: int | None = None,
    ) -> None:
        self.problem = problem
        self.tile = tile
        self.row = row
        self.column = column
        super().__init__(self._text())

    @property
    def position(self) -> str:
        """``"row 3, column 5"`` (or ``""`` when the problem has no single place)."""
        if self.row is None or self.column is None:
            return ""
        return f"row {self.row}, column {self.column}"

    def _text(self) -> str:
        where = ", ".join(
            part for part in (f"Tile {self.tile}" if self.tile else "", self.position) if part
        )
        return f"{where}: {self.problem}" if where else self.problem


class PlayerCountError(DoriaError):
    """A player count outside 1 to 6 characters (*Player Count*)."""


class GeometryError(DoriaError):
    """A square, size, direction or rotation of the grid that is not well formed (e.g. a square
    with a fractional coordinate, a turn that is not a multiple of 90°)."""


class SightError(DoriaError):
    """A Line of Sight map or question that is not well formed (e.g. a level that is not a
    name, or asking for every visible square without a range or a set of squares)."""


class DungeonError(DoriaError):
    """A request about the dungeon that cannot be (a tile on top of another, a marker off the
    board, a door that is not there)."""


class MovementError(DoriaError):
    """A move that cannot be made (walking into a wall, ending on another character, jumping
    over a monster, walking with no AP left) or a move request that is not well formed."""


class SituationError(DoriaError):
    """A situation (a whole board position written as text, or its shareable code) cannot be
    read, or cannot be: a figure in a wall, two figures on one square, a tile that is not in
    the pack, a damaged code, ...

    ``line`` and ``column`` (both counted from 1, as an editor counts) say where in the text,
    when the problem has one place; ``problem`` is the message without them.
    """

    def __init__(self, problem: str, *, line: int | None = None, column: int | None = None) -> None:
        self.problem = problem
        self.line = line
        self.column = column
        super().__init__(self._text())

    def _text(self) -> str:
        if self.line is None:
            return self.problem
        where = f"Line {self.line}" + (f", column {self.column}" if self.column else "")
        return f"{where}: {self.problem}"


class MonsterError(DoriaError):
    """A monster level card, monster card or monster modifier is not well formed (a level card
    missing, an attack kind that changes between levels, a monster level below 1, ...)."""


class MonsterAIError(DoriaError):
    """The monster AI cannot decide with what it was given (a monster without an initiative,
    a target without the attribute its attack is compared on, two figures with one name, ...)."""


class CombatError(DoriaError):
    """An attack or defense that cannot be made that way (a damaged weapon, a Poltergeist hit
    by steel, an answer that is not one of a decision's options, ...)."""


class HealthError(DoriaError):
    """A health request that cannot be (a revive with too few AP, a potion that heals nothing,
    recovered points that do not add up, ...)."""


class PsiError(DoriaError):
    """A psi request that cannot be (casting a card that is not a spell, a spell its caster may
    not aim at itself, a second element on one attack, spending Psi Points that are not a whole
    number, ...)."""


class DoomError(DoriaError):
    """A Doom Counter request that cannot be (a marker off the track, a negative number of
    steps, more Room Tiles than characters can stand on, a track that is not well formed)."""
