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
