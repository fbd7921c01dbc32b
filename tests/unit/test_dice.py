"""Dice expressions, die chains and rolls (doria_nb.engine.dice)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.engine.dice import Dice, DieChain, Roll
from doria_nb.engine.errors import DiceExpressionError, DoriaError

dice_expressions = st.builds(
    Dice,
    count=st.integers(1, Dice.MAX_COUNT),
    modifier=st.integers(-Dice.MAX_MODIFIER, Dice.MAX_MODIFIER),
)


@pytest.mark.parametrize(
    ("text", "count", "modifier"),
    [
        ("3D+2", 3, 2),
        ("2D", 2, 0),
        ("4D-1", 4, -1),
        ("1D", 1, 0),
        ("3d+2", 3, 2),
        (" 2D + 5 ", 2, 5),
        ("3D+0", 3, 0),
        ("20D-999", 20, -999),
    ],
)
def test_parse_valid(text: str, count: int, modifier: int) -> None:
    assert Dice.parse(text) == Dice(count, modifier)


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("3d+", "no number follows"),
        ("0D", "at least 1 die"),
        ("D+5", "how many dice"),
        ("3D+2+", "left over"),
        ("50D", "more dice than"),
        ("", "empty"),
        ("   ", "empty"),
        ("3", "no D"),
        ("3DD", "after the D"),
        ("3D 2", "after the D"),
        ("3D*2", "not part of a dice expression"),
        ("+3D", "must start with the number"),
        ("3D++2", "needs a number"),
        ("3D+1000", "too large"),
    ],
)
def test_parse_errors_say_what_is_wrong(bad: str, words: str) -> None:
    with pytest.raises(DiceExpressionError, match=words):
        Dice.parse(bad)


@pytest.mark.parametrize("bad", [3, 3.0, None, ["3D"], b"3D", True])
def test_parse_rejects_non_strings(bad: object) -> None:
    with pytest.raises(DiceExpressionError, match="must be text"):
        Dice.parse(bad)


def test_errors_are_value_errors() -> None:
    assert issubclass(DiceExpressionError, DoriaError)
    assert issubclass(DoriaError, ValueError)


@given(dice_expressions)
def test_format_parse_round_trip(dice: Dice) -> None:
    assert Dice.parse(str(dice)) == dice
    assert eval(repr(dice), {"Dice": Dice}) == dice  # repr reads like a constructor


@given(st.integers(1, 20), st.integers(-50, 50))
def test_parse_accepts_lower_case_and_spaces(count: int, modifier: int) -> None:
    sign = "+" if modifier >= 0 else "-"
    text = f" {count}d {sign} {abs(modifier)} "
    assert Dice.parse(text) == Dice(count, modifier)


def test_dice_are_hashable_values() -> None:
    assert len({Dice.parse("3D+2"), Dice(3, 2), Dice.parse("3d+2")}) == 1


def test_arithmetic() -> None:
    assert Dice.parse("2D") + 5 == Dice(2, 5)
    assert Dice.parse("2D+5") - 6 == Dice(2, -1)
    assert Dice.parse("3D+1").with_dice(1) == Dice(4, 1)
    assert Dice.parse("3D+2").fixed_total == 20  # the rulebook's Dice Rolling example
    with pytest.raises(DiceExpressionError):
        Dice.parse("1D").with_dice(-1)


@pytest.mark.parametrize(
    ("faces", "value", "original_one"),
    [
        ((7,), 7, False),
        ((10, 6), 16, False),
        ((10, 10, 3), 23, False),
        ((1,), 1, True),
        ((10, 1), 11, False),
    ],
)
def test_die_chain(faces: tuple[int, ...], value: int, original_one: bool) -> None:
    chain = DieChain(faces)
    assert chain.value == value
    assert chain.is_original_one is original_one


@pytest.mark.parametrize("faces", [(), (10,), (3, 4), (10, 3, 10), (0,), (11,)])
def test_die_chain_rejects_impossible_faces(faces: tuple[int, ...]) -> None:
    with pytest.raises(DiceExpressionError):
        DieChain(faces)


def test_roll_from_faces_reads_table_order_and_zero_as_ten() -> None:
    roll = Roll.from_faces("3D+5", [3, 4, 0, 6])
    assert [chain.faces for chain in roll.chains] == [(3,), (4,), (10, 6)]
    assert roll.total == 28
    assert roll.describe() == "3+4+(10+6)+5 = 28"


def test_roll_from_faces_checks_the_count() -> None:
    with pytest.raises(DiceExpressionError, match="3 dice"):
        Roll.from_faces("3D", [3, 4])
    with pytest.raises(DiceExpressionError, match="never rolled again"):
        Roll.from_faces("1D", [10])


@pytest.mark.parametrize(
    ("dice", "faces", "fumble"),
    [
        ("2D", [1, 1], True),
        ("3D", [1, 1, 9], True),
        ("5D", [1, 7, 1, 2, 3], True),
        ("3D", [1, 10, 1, 5], False),  # 10 then 1 is an 11, not a one
        ("3D", [10, 1, 10, 1, 4], False),
        ("2D", [1, 2], False),
        ("1D", [1], True),  # ruling: a single die fumbles on a 1
        ("1D", [10, 1], False),
    ],
)
def test_fumbles_count_original_ones(dice: str, faces: list[int], fumble: bool) -> None:
    assert Roll.from_faces(dice, faces).shows_fumble is fumble


def test_fixed_roll_is_six_per_die_and_never_fumbles() -> None:
    roll = Roll.fixed_for("3D+2")
    assert roll.total == 20
    assert not roll.shows_fumble
    assert roll.describe() == "6+6+6+2 = 20"
