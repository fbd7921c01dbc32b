"""The injected source of chance (doria_nb.engine.chance)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.engine.chance import Chance, ScriptedChance
from doria_nb.engine.errors import ChanceError
from doria_nb.engine.events import DiceRolled, EventLog
from doria_nb.engine.sections import Section


@given(st.integers(0, 2**32))
def test_same_seed_same_rolls(seed: int) -> None:
    first = [Chance.seeded(seed).roll("4D+1") for _ in range(3)]
    again = [Chance.seeded(seed).roll("4D+1") for _ in range(3)]
    assert first == again


def test_d10_uses_only_random_and_covers_all_faces() -> None:
    class OnlyRandom(random.Random):
        def __getattribute__(self, name: str):  # type: ignore[no-untyped-def]
            if name in {"randrange", "randint", "choice", "shuffle", "sample", "choices"}:
                raise AssertionError(f"Chance must not call random.{name}")
            return super().__getattribute__(name)

    chance = Chance(OnlyRandom(3))
    faces = {chance.d10() for _ in range(2000)}
    assert faces == set(range(1, 11))
    items = list(range(10))
    chance.shuffle(items)
    assert sorted(items) == list(range(10))


def test_known_sequence_is_stable_across_python_versions() -> None:
    # random.Random.random() is guaranteed reproducible; this pins our use of it.
    chance = Chance.seeded(2026)
    assert [chance.d10() for _ in range(8)] == [2, 6, 6, 9, 2, 3, 7, 6]


def test_every_roll_is_logged_with_all_its_dice() -> None:
    log = EventLog()
    seen: list[object] = []
    log.subscribe(seen.append)
    chance = ScriptedChance([10, 10, 3, 5], log=log)
    roll = chance.roll("2D", who="Warrior", purpose="attack", rule=Section.COMPARATIVE_ROLLS)
    assert roll.total == 28
    assert len(log) == 1 and seen == [log[0]]
    event = log[0]
    assert isinstance(event, DiceRolled)
    assert event.roll.chains[0].faces == (10, 10, 3)
    assert event.rule is Section.COMPARATIVE_ROLLS
    assert event.describe() == "Warrior attack: 2D rolled (10+10+3)+5 = 28"
    assert chance.outcomes == [10, 10, 3, 5]


def test_events_are_frozen() -> None:
    log = EventLog()
    ScriptedChance([4], log=log).roll("1D")
    with pytest.raises(AttributeError):
        log[0].roller = "someone else"  # type: ignore[misc]


def test_scripted_chance_runs_out_with_a_clear_error() -> None:
    chance = ScriptedChance([3])
    with pytest.raises(ChanceError, match="ran out"):
        chance.roll("2D")


def test_scripted_faces_must_be_faces() -> None:
    with pytest.raises(ChanceError, match="not a face"):
        ScriptedChance([11]).d10()


def test_fixed_roll_uses_no_chance() -> None:
    chance = Chance.seeded(1)
    assert chance.roll("3D+2", fixed=True).total == 20
    assert chance.outcomes == []


def test_chance_requires_an_injected_generator() -> None:
    with pytest.raises(TypeError):
        Chance(42)  # type: ignore[arg-type]


def test_below_rejects_empty_choice() -> None:
    with pytest.raises(ChanceError):
        Chance.seeded(1).below(0)


def test_a_scripted_draw_may_be_zero_while_a_scripted_face_zero_is_a_ten() -> None:
    chance = ScriptedChance([0, 0])
    assert chance.below(2) == 0
    assert chance.d10() == 10


def test_a_roll_names_its_roller_in_words_and_has_no_figure_letter() -> None:
    """One ``who`` convention (issue 17): ``who`` is a figure's letter wherever an event has
    one; a roll happens below the board and names its roller instead."""
    log = EventLog()
    ScriptedChance([7, 2], log=log).roll("2D", who="Warrior", purpose="attack")
    (event,) = log
    assert event.roller == "Warrior"
    assert not hasattr(event, "who")
