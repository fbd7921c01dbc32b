"""Named readings: the second way of reading a rule whose text allows two.

Where the rulebook's sentences leave two readings standing, ``docs/rulings.md`` keeps one as
the default and names the other here. A group switches a reading on the way it switches on an
optional rule (``RulesOptions(readings={"armor_sentence"})``), so a dispute can be run under
both readings and the two outcomes shown side by side. Each reading names the ruling that
explains it, the section it is about, and what changes when it is on.

>>> READINGS["armor_sentence"].ruling
'A4'
>>> print(READINGS["armor_sentence"].explain())
armor_sentence (ruling A4, Target of a Monster): ...
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["READINGS", "Reading", "describe_readings"]


@dataclass(frozen=True, slots=True)
class Reading:
    """One named reading: its ``name``, the ``ruling`` that argues it, the ``section`` it
    reads, what the default does (``default``) and what this reading does instead
    (``instead``)."""

    name: str
    ruling: str
    section: str
    default: str
    instead: str

    def explain(self) -> str:
        """One paragraph a group can read before switching the reading on."""
        return (
            f"{self.name} (ruling {self.ruling}, {self.section}): by default {self.default}; "
            f"under this reading {self.instead}."
        )


def _table(*readings: Reading) -> dict[str, Reading]:
    return {r.name: r for r in readings}


READINGS: dict[str, Reading] = _table(
    Reading(
        "armor_sentence",
        "A4",
        "Target of a Monster",
        "of two characters still tied, the one with fewer active Armor Rating points is "
        "attacked (the heading and the Quick Rules Overview: less active armor)",
        "the criterion's sentence is taken alone: a character with any active armor is "
        "attacked before one without, and two armored characters stay tied",
    ),
    Reading(
        "poison_every_check",
        "G1",
        "Phase E: Poison",
        "a successful check costs no Hit Points; a failure (normal or critical) costs 1 HP "
        "per Poison Marker held after the check",
        "every Poison Marker still held after the check costs 1 HP, a success included",
    ),
    Reading(
        "traps_ignore_armor",
        "TR7",
        "Traps and Secret Doors",
        "a character may take a trap's damage on one armor, as against a monster's hit (the "
        "text sets armor aside only for the fall damage of jumping)",
        "trap damage goes straight to the Hit Points; no armor is chosen or damaged",
    ),
    Reading(
        "secret_doors_never_count",
        "E8",
        "Phase G: Doom Counter",
        "opening the dead-end Secret Door reveals a room for the Doom Counter, as any door "
        "does (Dead Ends: it is treated like a normal, unopened door)",
        "no tile revealed behind a Secret Door counts for the Doom Counter, the dead-end "
        "Secret Door included (Phase G: tiles revealed by secret doors do not count)",
    ),
    Reading(
        "custom_heroes_six_cards",
        "H20",
        "Optional Rule: Create Heroes",
        "a custom hero starts with at most as many cards as the group's refill: 6, 8 with two "
        "characters, 10 alone",
        "a custom hero starts with at most 6 cards whatever the size of the group",
    ),
    Reading(
        "doom_red_38_36_34",
        "D1",
        "Phase G: Doom Counter",
        "the red Extra Activation squares are 39, 36 and 33",
        "the red Extra Activation squares are 38, 36 and 34 (another layout every example "
        "of the text allows)",
    ),
)
"""Every named reading, by name."""


def describe_readings(names: frozenset[str] | set[str] | None = None) -> list[str]:
    """The explanations of ``names`` (all readings when ``None``), in name order."""
    chosen = sorted(READINGS if names is None else names)
    return [READINGS[name].explain() for name in chosen]
