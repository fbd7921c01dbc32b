"""The rulebook's Doom Counter examples: *Phase G: Doom Counter* (the first round, Example 1,
Example 2), *Phase C: Roll for Initiative* (Example 2, the initiative fumble), and *Monster
level in campaigns* (the marker on 38 for the second time, 5 Monster Points).

The track itself is not printed in the text; :data:`STARTER_DOOM_TRACK` was chosen so that all
of these agree (ruling D1 in ``docs/rulings.md``; the named reading ``doom_red_38_36_34`` is
a second layout that agrees with them as well).
"""

from __future__ import annotations

import pytest

from doria_nb.engine.doom.counter import (
    HEAD,
    DoomCounter,
    ExtraActivation,
    MonsterLevelUp,
    count_doom_steps,
    doom_steps,
)
from doria_nb.engine.doom.track import (
    RED_38_36_34_DOOM_TRACK,
    STARTER_DOOM_TRACK,
    DoomTrack,
)
from doria_nb.engine.sections import Section


def test_phase_g_first_round_one_tile_and_a_door_moves_to_40() -> None:
    """*Phase G: Doom Counter*: a door opened and every character on one Room Tile in the first
    round: the marker moves only one square, from the start to 40."""
    steps = doom_steps(1, door_opened=True)
    assert steps == 1
    move = DoomCounter.start().move(steps)
    assert move.before.square is HEAD
    assert move.end.square == 40
    assert move.squares == (40,) and move.triggers == ()
    assert move.rule is Section.PHASE_G


def test_phase_c_example_2_initiative_fumble_moves_to_40() -> None:
    """*Phase C: Roll for Initiative*, Example 2: player 5 fumbles the initiative roll and falls
    unconscious; the Doom Counter moves one field, to 40 (the first round, from the start)."""
    move = DoomCounter.start().move(1)
    assert move.end.square == 40
    assert move.triggers == ()


def test_phase_g_example_1_three_tiles_no_door_36_to_32_with_one_extra_activation() -> None:
    """*Phase G: Doom Counter*, Example 1: 5 characters on 3 Room Tiles and no door opened: 4
    squares, 36 to 32. One Extra Activation: with 2 monsters on the board the refill brings one
    more (⌈5 ÷ 2⌉ = 3), then all monsters act."""
    counted = count_doom_steps(3, door_opened=False)
    assert counted.total == 4
    move = DoomCounter(36).move(counted.total)
    assert move.squares == (35, 34, 33, 32)
    assert move.end.square == 32
    (trigger,) = move.triggers
    assert isinstance(trigger, ExtraActivation)
    assert trigger.refill_to(5) - 2 == 1


def test_phase_g_example_2_two_tiles_no_door_32_to_40_head_not_counted() -> None:
    """*Phase G: Doom Counter*, Example 2: the next round, 2 Room Tiles and still no door: 3
    squares, 32 straight to 40; the red monster head is not a step. By ruling D1 square 30 is
    the orange Level square, so the monsters also go up a level on the way."""
    steps = doom_steps(2, door_opened=False)
    assert steps == 3
    move = DoomCounter(32).move(steps)
    assert move.squares == (31, 30, 40)
    assert move.steps[1].stands_on is HEAD
    assert move.end.square == 40
    assert [type(t) for t in move.triggers] == [MonsterLevelUp]
    assert not any(isinstance(t, ExtraActivation) for t in move.triggers)


def test_examples_1_and_2_follow_each_other() -> None:
    """Examples 1 and 2 are two rounds in a row: the end of one is the start of the next."""
    first = DoomCounter(36).move(doom_steps(3, door_opened=False))
    second = first.end.move(doom_steps(2, door_opened=False))
    assert second.end.square == 40


def test_square_30_goes_onto_the_red_monster_head() -> None:
    """*Phase G: Doom Counter*: reaching square 30 puts the marker on the red monster head, so
    the marker goes round in a circle."""
    move = DoomCounter(31).move(1)
    assert move.squares == (30,)
    assert move.end.square is HEAD
    assert move.end == DoomCounter.start()


def test_campaign_marker_on_38_for_the_second_time_gives_5_monster_points() -> None:
    """*Monster level in campaigns*: at the end of the first scenario the marker stands on 38
    for the second time, after a full circle through the Monster Level Up: 5 Monster Points
    (each red and orange square crossed)."""
    counter = DoomCounter.start()
    landed_on_38 = 0
    points = 0
    # Round by round, as a game would move it (1 to 3 squares a round).
    for steps in (1, 2, 3, 1, 2, 3, 1, 1):
        move = counter.move(steps)
        points += move.monster_points
        landed_on_38 += move.end.square == 38
        counter = move.end
    assert counter.square == 38 and landed_on_38 == 2
    assert points == 5
    # The same in one long move: a lap (11 steps) and three more.
    one_move = DoomCounter.start().move(STARTER_DOOM_TRACK.lap_length + 3)
    assert one_move.end.square == 38 and one_move.monster_points == 5
    assert sum(isinstance(t, MonsterLevelUp) for t in one_move.triggers) == 1


def test_unconscious_characters_count_for_their_tile() -> None:
    """*Unconsciousness*: an unconscious character still counts for its Room Tile in Phase G;
    the caller counts its tile like any other, so 2 tiles (one holding only an unconscious
    character) and an opened door are 2 squares."""
    assert doom_steps(2, door_opened=True) == 2


def test_solo_hero_may_pay_xp_for_the_door_step() -> None:
    """*Special Rules for 1 or 2 Players*: a lone hero may spend 1 XP to hold back the step
    for no door opened; the marker still moves at least 1 square."""
    assert doom_steps(1, door_opened=False) == 2
    assert doom_steps(1, door_opened=False, door_step_bought_off=True) == 1


@pytest.mark.parametrize(
    "track", [STARTER_DOOM_TRACK, RED_38_36_34_DOOM_TRACK], ids=["default", "doom_red_38_36_34"]
)
def test_every_doom_example_holds_under_both_layouts(track: DoomTrack) -> None:
    """Ruling D1: the text prints no track, and both the default layout (red 39, 36, 33) and
    the named reading ``doom_red_38_36_34`` agree with each Doom Counter example: the first
    round ends on 40 with nothing set off (*Phase G*; *Phase C* Example 2), Example 1 (36 to
    32) sets off exactly one Extra Activation, Example 2 (32 to 40) counts no step for the
    head, and the campaign marker on 38 for the second time has 5 Monster Points."""
    start = DoomCounter.start(track)
    first = start.move(1)
    assert first.end.square == 40 and first.triggers == ()
    example_1 = DoomCounter(36, track).move(4)
    assert [type(t) for t in example_1.triggers] == [ExtraActivation]
    example_2 = DoomCounter(32, track).move(3)
    assert example_2.end.square == 40
    assert not any(isinstance(t, ExtraActivation) for t in example_2.triggers)
    campaign = start.move(track.lap_length + 3)
    assert campaign.end.square == 38 and campaign.monster_points == 5
