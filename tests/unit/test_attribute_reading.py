"""Attributes and Requirements read through a table of field names give what reading each
enum member's value gives (doria_nb.engine.attributes)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.engine.attributes import Attribute, Attributes, Requirements

_VALUES = st.integers(1, 20)
_NEEDS = st.integers(0, 15)


@given(st.tuples(*[_VALUES] * 6), st.tuples(*[_NEEDS] * 6))
def test_reading_by_name_is_reading_by_member(
    values: tuple[int, ...], needs: tuple[int, ...]
) -> None:
    attributes = Attributes(*values)
    requirements = Requirements(*needs)
    members = list(Attribute)
    assert list(attributes) == [(a, getattr(attributes, a.value)) for a in members]
    for a in members:
        assert attributes[a] == attributes[a.value] == getattr(attributes, a.value)
        assert requirements[a] == requirements[a.value] == getattr(requirements, a.value)
    listed = [
        (a, getattr(requirements, a.value)) for a in members if getattr(requirements, a.value)
    ]
    assert list(requirements) == listed
    assert requirements.shortfalls(attributes) == tuple(
        (a, needed, getattr(attributes, a.value))
        for a, needed in listed
        if getattr(attributes, a.value) < needed
    )
    assert bool(requirements) == bool(listed)


@pytest.mark.parametrize("bad", ["str", "XYZ", 3, None])
def test_an_unknown_attribute_is_refused_as_before(bad: object) -> None:
    with pytest.raises(ValueError, match="not a valid Attribute"):
        Attributes(5, 5, 5, 5, 5, 5)[bad]  # type: ignore[index]
