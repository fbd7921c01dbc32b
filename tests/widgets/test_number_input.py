"""Whole numbers typed into a field: the value, or what is wrong in the reader's words."""

from __future__ import annotations

import pytest

from doria_nb.engine.errors import DoriaError
from doria_nb.ui.number_input import MAX_NUMBER, parse_number


@pytest.mark.parametrize(
    ("typed", "value"),
    [("35", 35), (" 35 ", 35), ("+7", 7), ("-3", -3), ("0", 0), (12, 12), (str(MAX_NUMBER), 999)],
)
def test_good_numbers(typed: object, value: int) -> None:
    assert parse_number(typed, "The TN") == value


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "The TN is empty: type a whole number like 35."),
        ("   ", "The TN is empty: type a whole number like 35."),
        ("abc", "The TN must be a whole number like 35, not 'abc'."),
        ("3.5", "The TN must be a whole number like 35, not '3.5'."),
        (True, "The TN must be a whole number like 35, not 'True'."),
        ("1000", "The TN is 1000; keep it within ±999."),
        (-1000, "The TN is -1000; keep it within ±999."),
    ],
)
def test_bad_numbers_say_what_is_wrong(typed: object, message: str) -> None:
    with pytest.raises(DoriaError) as caught:
        parse_number(typed, "The TN")
    assert str(caught.value) == message
