"""Bounded work for every situation text and code: the limits (text length, map size) are
refused in words before any work starts, markers are placed in one pass, and every situation
``from_text`` accepts reads back from its own code."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doria_nb.engine.errors import SituationError
from doria_nb.engine.situation import Situation
from doria_nb.engine.situation.reader import MAX_MAP_SIDE, MAX_MAP_SQUARES, MAX_TEXT


def room(width: int, height: int, hero_ap: int = 30, markers: str = "") -> str:
    """An empty room ``width`` x ``height`` (walls included), a door, a Warrior in a corner."""
    rows = ["#D" + "#" * (width - 2)]
    rows += ["#" + "." * (width - 2) + "#" for _ in range(height - 2)]
    rows += ["#" * width]
    rows[1] = "#W" + rows[1][2:]
    text = "map:\n" + "\n".join("  " + r for r in rows)
    text += f"\nfigures:\n  W = hero Warrior AP {hero_ap}\n"
    return text + (f"markers:\n  {markers}\n" if markers else "")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (room(MAX_MAP_SIDE + 1, 4), "at most 80 squares along a side"),
        (room(4, MAX_MAP_SIDE + 1), "at most 80 squares along a side"),
        (room(51, 51), "2,500 squares in all"),
        (room(999, 999), "characters long"),
        ("# t\n" + "x" * (MAX_TEXT + 1), "characters long"),
        (room(10, 10, markers="hole " + "1,1 " * 5), "already holds"),
        (room(10, 10, markers="hole 1000,1"), "too far out"),
    ],
)
def test_limits_are_refused_in_words_before_work(text: str, words: str) -> None:
    with pytest.raises(SituationError, match=words):
        Situation.from_text(text)


def test_a_code_unpacking_beyond_the_limit_is_refused() -> None:
    import base64
    import zlib

    body = zlib.compress(b"#" * (MAX_TEXT + 10), 9)
    code = "doria1:" + base64.urlsafe_b64encode(body).rstrip(b"=").decode()
    with pytest.raises(SituationError, match="more text than a situation can hold"):
        Situation.from_code(code)


def test_the_largest_map_with_markers_everywhere_reads_back_from_its_code() -> None:
    """The probe's slow case (thousands of Holes) at the limit: markers in one pass; the
    canonical text and the code read back. Its reading time is printed, not asserted."""
    side = 50
    assert side * side <= MAX_MAP_SQUARES
    holes = " ".join(
        f"{x},{y}" for y in range(3, side - 1) for x in range(1, side - 1) if (x + y) % 3
    )
    start = time.perf_counter()
    situation = Situation.from_text(room(side, side, markers="hole " + holes))
    print(f"{len(situation.dungeon.markers)} markers read in {time.perf_counter() - start:.2f} s")
    assert len(situation.dungeon.markers) > 1400
    assert Situation.from_code(situation.code) == situation
    assert situation.reach("W", ap=30).squares


FLOOR = st.sampled_from(list("....~$#"))


@st.composite
def maps(draw: st.DrawFn) -> str:
    width, height = draw(st.integers(4, 12)), draw(st.integers(4, 10))
    inner = [[draw(FLOOR) for _ in range(width - 2)] for _ in range(height - 2)]
    rows = ["#D" + "#" * (width - 2)] + ["#" + "".join(r) + "#" for r in inner] + ["#" * width]
    letters = draw(st.lists(st.sampled_from("WMRo"), unique=True, max_size=3))
    for letter in letters:
        y, x = draw(st.integers(1, height - 2)), draw(st.integers(1, width - 2))
        rows[y] = rows[y][:x] + letter + rows[y][x + 1 :]
    names = {"W": "hero Warrior", "M": "hero Mage", "R": "hero Ranger", "o": "monster Orc"}
    figures = "".join(f"  {c} = {names[c]} AP {draw(st.integers(0, 40))}\n" for c in letters)
    marks = draw(st.lists(st.tuples(st.integers(0, width), st.integers(0, height)), max_size=6))
    kind = draw(st.sampled_from(["hole", "rubble", "secret door", "blocked door"]))
    text = "map:\n" + "\n".join("  " + r for r in rows) + "\n"
    text += f"figures:\n{figures}" if figures else ""
    if marks:
        text += f"markers: {kind} " + " ".join(f"{x},{y}" for x, y in marks) + "\n"
    return text


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(text=maps())
def test_every_accepted_situation_reads_back_from_its_code(text: str) -> None:
    try:
        situation = Situation.from_text(text)
    except SituationError:
        return
    assert Situation.from_code(situation.code) == situation
    assert Situation.from_text(situation.to_text()) == situation
