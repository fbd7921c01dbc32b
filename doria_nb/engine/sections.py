"""Rulebook section titles, the names every event and explanation cites.

Citing a section through this enum instead of a free string means a typo fails at import
time, and the tests can check every title against the rulebook's table of contents.
"""

from __future__ import annotations

from enum import StrEnum


class Section(StrEnum):
    """A section of the Dungeons of Doria rulebook, by its exact title."""

    COMPARATIVE_ROLLS = "Comparative Rolls and Target Numbers"
    CRITICALS_AND_FUMBLES = "Critical Rolls and Fumbles"
    ADDITIONAL_COMBAT_RULES = "Additional Combat Rules"
    UNCONSCIOUSNESS = "Unconsciousness"
    OPTIONAL_RULES = "Optional Rules"
