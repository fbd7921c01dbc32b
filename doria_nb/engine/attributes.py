"""The six base attributes, the values calculated from them, and card requirements.

*Base Attributes*: *Strength (STR)*, *Constitution (CON)*, *Agility (AGI)*, *Perception (PER)*,
*Wisdom (WIS)* and *Psi (PSI)*. *Calculated Values*: *Hit Points (HP)* are (STR+CON)÷2,
*Initiative Points (IP)* (AGI+PER)÷2 and *Psi Points (PP)* (WIS+PSI)÷2, always rounded down.
*Requirements of Equipment Cards*: a card is usable only when every attribute it lists is met
(the same or more). *Optional Rule: Create Heroes*: a custom hero spreads exactly 50 points,
each attribute from 1 to 13.

>>> mage = Attributes(STR=4, CON=6, AGI=7, PER=11, WIS=11, PSI=11)
>>> mage.derived()
DerivedValues(hp=5, ip=9, pp=11)
>>> Requirements(STR=6, WIS=6).shortfalls(mage)
((<Attribute.STR: 'STR'>, 6, 4),)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from enum import StrEnum

from doria_nb.engine.errors import AttributesError
from doria_nb.engine.verdict import Verdict


class Attribute(StrEnum):
    """One of the six base attributes, by its abbreviation on the Character Sheet."""

    STR = "STR"
    CON = "CON"
    AGI = "AGI"
    PER = "PER"
    WIS = "WIS"
    PSI = "PSI"

    @property
    def full_name(self) -> str:
        """The attribute's full name: ``Attribute.STR.full_name == 'Strength'``."""
        return _TITLES[self]


_NAMED = tuple((attribute, attribute.value) for attribute in Attribute)
"""Each attribute with its field name, in order (reading an enum member's ``value`` is slow,
and these loops run thousands of times a game)."""

_NAME_OF: dict[str, str] = {attribute.value: name for attribute, name in _NAMED}
"""Each attribute's field name by its key (an :class:`Attribute` is its key: a str enum)."""

_TITLES = {
    Attribute.STR: "Strength",
    Attribute.CON: "Constitution",
    Attribute.AGI: "Agility",
    Attribute.PER: "Perception",
    Attribute.WIS: "Wisdom",
    Attribute.PSI: "Psi",
}

CREATION_POINTS = 50
"""Points a custom hero distributes (*Optional Rule: Create Heroes*)."""
CREATION_MIN = 1
"""The least an attribute may have."""
CREATION_MAX = 13
"""The most an attribute may have when a custom hero is created."""


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_mapping(values: Mapping[str, int] | Mapping[Attribute, int], what: str) -> dict[str, int]:
    result: dict[str, int] = {}
    for key, value in values.items():
        try:
            attribute = Attribute(str(key).upper())
        except ValueError:
            names = ", ".join(a.value for a in Attribute)
            raise AttributesError(f"{key!r} is not an attribute; {what} use {names}.") from None
        result[attribute.value] = value
    return result


@dataclass(frozen=True, slots=True)
class DerivedValues:
    """Hit, Initiative and Psi Points: calculated values, modifiers or final values."""

    hp: int = 0
    ip: int = 0
    pp: int = 0

    def __add__(self, other: DerivedValues) -> DerivedValues:
        if not isinstance(other, DerivedValues):
            return NotImplemented
        return DerivedValues(self.hp + other.hp, self.ip + other.ip, self.pp + other.pp)

    def __sub__(self, other: DerivedValues) -> DerivedValues:
        if not isinstance(other, DerivedValues):
            return NotImplemented
        return DerivedValues(self.hp - other.hp, self.ip - other.ip, self.pp - other.pp)


@dataclass(frozen=True, slots=True)
class Attributes:
    """A character's six base attributes (whole numbers, at least 1)."""

    STR: int
    CON: int
    AGI: int
    PER: int
    WIS: int
    PSI: int

    def __post_init__(self) -> None:
        for attribute in Attribute:
            value = getattr(self, attribute.value)
            if not _is_whole(value):
                raise AttributesError(f"{attribute.value} must be a whole number, not {value!r}.")
            if value < CREATION_MIN:
                raise AttributesError(
                    f"{attribute.value} {value} is below {CREATION_MIN}; every attribute is at "
                    f"least {CREATION_MIN}."
                )

    @classmethod
    def of(cls, values: Mapping[str, int] | Mapping[Attribute, int]) -> Attributes:
        """Attributes from a mapping with all six keys (``"STR"`` or ``Attribute.STR``)."""
        read = _read_mapping(values, "attributes")
        missing = [a.value for a in Attribute if a.value not in read]
        if missing:
            raise AttributesError(f"The attributes lack {', '.join(missing)}; give all six.")
        return cls(**read)

    def __getitem__(self, attribute: Attribute | str) -> int:
        name = _NAME_OF.get(attribute) if isinstance(attribute, str) else None
        return getattr(self, name if name is not None else Attribute(attribute).value)

    def __iter__(self) -> Iterator[tuple[Attribute, int]]:
        for attribute, name in _NAMED:
            yield attribute, getattr(self, name)

    def as_dict(self) -> dict[str, int]:
        return {attribute.value: value for attribute, value in self}

    @property
    def total(self) -> int:
        """The sum of the six attributes (50 for every hero at creation)."""
        return sum(value for _, value in self)

    def raised(self, points: Mapping[str, int] | Mapping[Attribute, int]) -> Attributes:
        """These attributes with ``points`` added (e.g. ``{"STR": 1, "CON": 1}``)."""
        read = _read_mapping(points, "Attribute Points")
        for key, value in read.items():
            if not _is_whole(value) or value < 0:
                raise AttributesError(
                    f"Attribute Points are spent in whole positive numbers, not {key} {value!r}."
                )
        current = self.as_dict()
        return Attributes(**{key: current[key] + read.get(key, 0) for key in current})

    def derived(self) -> DerivedValues:
        """*Calculated Values*, before any equipment modifier."""
        return DerivedValues(
            hp=(self.STR + self.CON) // 2,
            ip=(self.AGI + self.PER) // 2,
            pp=(self.WIS + self.PSI) // 2,
        )

    def __str__(self) -> str:
        return " ".join(f"{attribute.value} {value}" for attribute, value in self)


@dataclass(frozen=True, slots=True)
class Requirements:
    """The minimum attributes printed on a card; 0 means the attribute is not listed.

    >>> Requirements(STR=6, WIS=6)
    Requirements(STR=6, WIS=6)
    >>> str(Requirements(STR=6, WIS=6))
    'STR 6, WIS 6'
    """

    STR: int = 0
    CON: int = 0
    AGI: int = 0
    PER: int = 0
    WIS: int = 0
    PSI: int = 0

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if not _is_whole(value) or value < 0:
                raise AttributesError(
                    f"A requirement must be a whole number of at least 0, not {field.name} "
                    f"{value!r}."
                )

    @classmethod
    def of(cls, values: Mapping[str, int] | Mapping[Attribute, int] | None = None) -> Requirements:
        return cls(**_read_mapping(values or {}, "requirements"))

    def __iter__(self) -> Iterator[tuple[Attribute, int]]:
        for attribute, name in _NAMED:
            value = getattr(self, name)
            if value:
                yield attribute, value

    def __getitem__(self, attribute: Attribute | str) -> int:
        name = _NAME_OF.get(attribute) if isinstance(attribute, str) else None
        return getattr(self, name if name is not None else Attribute(attribute).value)

    def __contains__(self, attribute: object) -> bool:
        try:
            return bool(self[Attribute(str(attribute))])
        except ValueError:
            return False

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __repr__(self) -> str:
        inner = ", ".join(f"{attribute.value}={value}" for attribute, value in self)
        return f"Requirements({inner})"

    def __str__(self) -> str:
        return ", ".join(f"{attribute.value} {value}" for attribute, value in self) or "none"

    def shortfalls(self, attributes: Attributes) -> tuple[tuple[Attribute, int, int], ...]:
        """Each unmet requirement as ``(attribute, needed, has)``."""
        return tuple(
            (attribute, needed, attributes[attribute])
            for attribute, needed in self
            if attributes[attribute] < needed
        )

    def met_by(self, attributes: Attributes) -> bool:
        return not self.shortfalls(attributes)

    def explain(self, doing: str, who: str, attributes: Attributes) -> str:
        """Why ``who`` cannot do ``doing``, e.g. ``'Equipping the Longsword needs STR 9; the
        Mage has STR 5.'``; empty when every requirement is met."""
        missing = self.shortfalls(attributes)
        if not missing:
            return ""
        has = " and ".join(f"{attribute.value} {value}" for attribute, _, value in missing)
        return f"{doing} needs {self}; {who} has {has}."


def check_creation(attributes: Attributes | Mapping[str, int]) -> Verdict:
    """Whether ``attributes`` follow *Optional Rule: Create Heroes*: exactly 50 points, each
    attribute from 1 to 13. The reason lists every problem."""
    values = (
        attributes.as_dict()
        if isinstance(attributes, Attributes)
        else _read_mapping(attributes, "custom heroes")
    )
    problems: list[str] = []
    missing = [a.value for a in Attribute if a.value not in values]
    if missing:
        problems.append(f"{', '.join(missing)} not set (every attribute needs at least 1)")
    for key, value in values.items():
        if not _is_whole(value):
            problems.append(f"{key} must be a whole number, not {value!r}")
        elif value < CREATION_MIN:
            problems.append(f"{key} {value} is below the minimum of {CREATION_MIN}")
        elif value > CREATION_MAX:
            problems.append(f"{key} {value} is above {CREATION_MAX}, the most at creation")
    total = sum(value for value in values.values() if _is_whole(value))
    if total != CREATION_POINTS:
        if total < CREATION_POINTS:
            problems.append(
                f"the points add up to {total}: {CREATION_POINTS - total} more to distribute"
            )
        else:
            problems.append(f"the points add up to {total}: {total - CREATION_POINTS} too many")
    if not problems:
        return Verdict.yes()
    return Verdict.no(
        f"A custom hero distributes exactly {CREATION_POINTS} points, each attribute from "
        f"{CREATION_MIN} to {CREATION_MAX}: " + "; ".join(problems) + "."
    )
