"""The Doom Counter (*Phase G: Doom Counter*): the track, the marker's moves and their triggers,
the Phase G count, and the requests it refuses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.engine.doom.counter import (
    HEAD,
    DoomCounter,
    DoomTrack,
    ExtraActivation,
    MonsterLevelUp,
    SquareKind,
    count_doom_steps,
    doom_steps,
)
from doria_nb.engine.doom.track import STARTER_DOOM_TRACK
from doria_nb.engine.errors import DoomError, DoriaError

TRACK = STARTER_DOOM_TRACK
POSITIONS = [HEAD, *TRACK.squares]


# The track -------------------------------------------------------------------------------


def test_starter_track_layout_ruling_d1() -> None:
    assert TRACK.squares == tuple(range(40, 30, -1))
    assert TRACK.wrap_square == 30 and TRACK.start is HEAD
    assert TRACK.extra_activations == {39, 36, 33}
    assert TRACK.levels == {30}
    assert TRACK.lap_length == 11
    kinds = {square: TRACK.kind(square) for square in (*TRACK.squares, 30)}
    assert [s for s, k in kinds.items() if k is SquareKind.PLAIN] == [40, 38, 37, 35, 34, 32, 31]


def test_the_head_does_nothing_and_is_not_a_square() -> None:
    with pytest.raises(DoomError):
        TRACK.kind(41)
    assert TRACK.holds(HEAD)
    assert not TRACK.holds(30)
    assert not TRACK.holds(True)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"squares": (), "wrap_square": 30}, "at least one"),
        ({"squares": (40, 40), "wrap_square": 30}, "only once"),
        ({"squares": (40, 39), "wrap_square": 40}, "only once"),
        ({"squares": (40, 39), "wrap_square": 38, "extra_activations": frozenset({5})}, "not on"),
        ({"squares": (40, 39), "wrap_square": 38, "levels": frozenset({39})}, "last square"),
        (
            {
                "squares": (40, 39),
                "wrap_square": 38,
                "levels": frozenset({38}),
                "extra_activations": frozenset({38}),
            },
            "both",
        ),
        ({"squares": (40, 39), "wrap_square": 38, "start": 38}, "cannot start"),
        ({"squares": (40, 39.5), "wrap_square": 38}, "whole number"),
    ],
)
def test_bad_tracks_are_refused(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(DoomError, match=words):
        DoomTrack(**kwargs)  # type: ignore[arg-type]


# Moves -----------------------------------------------------------------------------------


def test_wrap_at_30_onto_the_head_and_on_to_40() -> None:
    move = DoomCounter(31).move(2)
    assert move.squares == (30, 40)
    assert move.steps[0].stands_on is HEAD
    assert move.end.square == 40


def test_several_extra_activations_in_one_move_each_trigger_in_order() -> None:
    move = DoomCounter(40).move(6)
    assert move.squares == (39, 38, 37, 36, 35, 34)
    assert move.triggers == (ExtraActivation(39), ExtraActivation(36))
    assert move.monster_points == 2


def test_every_trigger_of_a_lap_in_order() -> None:
    move = DoomCounter.start().move(TRACK.lap_length)
    assert move.triggers == (
        ExtraActivation(39),
        ExtraActivation(36),
        ExtraActivation(33),
        MonsterLevelUp(30),
    )
    assert move.end == DoomCounter.start()


def test_level_up_resets_to_the_start_and_the_rest_goes_on() -> None:
    move = DoomCounter(33).move(5)
    assert move.squares == (32, 31, 30, 40, 39)
    assert move.triggers == (MonsterLevelUp(30), ExtraActivation(39))
    assert move.end.square == 39


def test_level_square_on_a_track_with_a_numbered_start() -> None:
    track = DoomTrack(squares=(5, 4, 3), wrap_square=2, levels=frozenset({2}), start=4)
    move = DoomCounter.start(track).move(3)
    assert move.before.square == 4
    assert move.squares == (3, 2, 3)
    assert move.steps[1].stands_on == 4


def test_a_plain_wrap_square_goes_onto_the_head() -> None:
    track = DoomTrack(squares=(5, 4), wrap_square=3, extra_activations=frozenset({3}))
    move = DoomCounter(4, track).move(2)
    assert move.squares == (3, 5)
    assert move.triggers == (ExtraActivation(3),)
    assert move.steps[0].stands_on is HEAD


def test_zero_steps_moves_nothing() -> None:
    move = DoomCounter(35).move(0)
    assert move.steps == () and move.end == move.before
    assert move.explain() == "The Doom Counter stays on 35."


def test_explain_names_the_head() -> None:
    text = DoomCounter(31).move(1).explain()
    assert text.startswith("The Doom Counter moves 1 square, from 31 to the red monster head")


def test_extra_activation_refill_target() -> None:
    assert [ExtraActivation.refill_to(n) for n in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    for bad in (0, 7, True, 2.0):
        with pytest.raises(DoomError):
            ExtraActivation.refill_to(bad)  # type: ignore[arg-type]


# Bad input is refused, and changes nothing -------------------------------------------------


@pytest.mark.parametrize("bad", [-1, 1.5, "3", True, None])
def test_bad_steps_are_refused(bad: object) -> None:
    counter = DoomCounter(36)
    with pytest.raises(DoomError):
        counter.move(bad)  # type: ignore[arg-type]
    assert counter == DoomCounter(36)


@pytest.mark.parametrize("bad", [30, 41, 29, 0, True, "36", 36.0])
def test_markers_off_the_track_are_refused(bad: object) -> None:
    with pytest.raises(DoomError):
        DoomCounter(bad)  # type: ignore[arg-type]


def test_square_30_refusal_says_why() -> None:
    with pytest.raises(DoomError, match="red monster head"):
        DoomCounter(30)


def test_a_counter_needs_a_track() -> None:
    with pytest.raises(DoomError):
        DoomCounter(40, track="board")  # type: ignore[arg-type]


def test_doom_error_is_a_doria_error() -> None:
    assert issubclass(DoomError, DoriaError)


# The Phase G count -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tiles", "door", "expected"),
    [(0, True, 1), (0, False, 2), (1, True, 1), (1, False, 2), (6, True, 6), (6, False, 7)],
)
def test_doom_steps(tiles: int, door: bool, expected: int) -> None:
    assert doom_steps(tiles, door) == expected


def test_explain_the_count() -> None:
    assert count_doom_steps(0, True).explain() == (
        "no Room Tile with a character: still 1 square (the minimum); "
        "a door was opened this round: +0; 1 square in all."
    )
    assert "1 XP" in count_doom_steps(1, False, door_step_bought_off=True).explain()


@pytest.mark.parametrize(
    ("tiles", "door", "bought_off"),
    [
        (-1, True, False),
        (7, True, False),
        (1.0, True, False),
        (True, True, False),
        (1, 1, False),
        (1, None, False),
        (1, False, "yes"),
        (1, True, True),
    ],
)
def test_bad_counts_are_refused(tiles: object, door: object, bought_off: object) -> None:
    with pytest.raises(DoomError):
        doom_steps(tiles, door, door_step_bought_off=bought_off)  # type: ignore[arg-type]


# Properties --------------------------------------------------------------------------------


@given(st.sampled_from(POSITIONS), st.integers(min_value=0, max_value=60))
def test_the_marker_always_stays_on_the_track(start: int | None, steps: int) -> None:
    move = DoomCounter(start).move(steps)
    assert TRACK.holds(move.end.square)
    assert all(TRACK.holds(step.stands_on) for step in move.steps)


@given(st.sampled_from(POSITIONS), st.integers(min_value=0, max_value=60))
def test_every_square_passed_is_listed_once_in_order(start: int | None, steps: int) -> None:
    move = DoomCounter(start).move(steps)
    assert len(move.steps) == steps
    position = start
    for step in move.steps:
        assert step.square == TRACK.next_square(position)
        position = step.stands_on
    assert position == move.end.square
    # Within one lap no square is listed twice.
    lap = move.squares[: TRACK.lap_length]
    assert len(set(lap)) == len(lap)


@given(st.sampled_from(POSITIONS), st.integers(min_value=0, max_value=30))
def test_a_move_split_in_two_is_the_same_move(start: int | None, steps: int) -> None:
    first = DoomCounter(start).move(steps // 2)
    second = first.end.move(steps - steps // 2)
    whole = DoomCounter(start).move(steps)
    assert first.steps + second.steps == whole.steps
    assert whole.end == second.end


@given(st.sampled_from(POSITIONS), st.integers(min_value=0, max_value=60))
def test_triggers_are_exactly_the_red_and_orange_squares(start: int | None, steps: int) -> None:
    move = DoomCounter(start).move(steps)
    for step in move.steps:
        kind = TRACK.kind(step.square)
        expected = {
            SquareKind.PLAIN: None,
            SquareKind.EXTRA_ACTIVATION: ExtraActivation(step.square),
            SquareKind.LEVEL: MonsterLevelUp(step.square),
        }[kind]
        assert step.trigger == expected
