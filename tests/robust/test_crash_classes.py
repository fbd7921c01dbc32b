"""The crash classes of issue 18, one regression test each: inputs the game approved and then
could not carry out, and inputs it accepted that it should have refused."""

from __future__ import annotations

from dataclasses import replace

import pytest

from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.records import Phase

PARTY = ("warrior", "mage", "ranger", "priestess")


def _to_phase_i(game: Game, limit: int = 2000) -> Game:
    for _ in range(limit):
        if game.phase is Phase.I or game.over:
            return game
        game.apply(bot_action(game))
    raise AssertionError("the bots never reached Phase I")


def test_a_door_event_that_walls_up_its_own_door_ends_the_opening():
    """Ruling RB1: the Door Event's loot holds a Secret Door whose tile walls up the door being
    opened; the opening ends there instead of failing after ``can`` approved it."""
    game = Game.new("the_flooded_archive", seed=847383, options=RulesOptions(door_events=True))
    for _ in range(2):
        game.apply(bot_action(game))
    door = bot_action(game)
    assert isinstance(door, act.OpenDoor)
    assert game.can(door)
    events = game.apply(door)
    assert any("ruling RB1" in e.describe() for e in events)
    assert game.situation.dungeon.door(door.door).link.value == "walled up"
    game.apply(bot_action(game))  # and the game goes on


def test_fate_points_reach_a_hero_who_joins_mid_game():
    """Ruling RB3: a hero joining under *Fate Points* brings its points, so a roll it misses
    can be rolled again instead of failing with "has no Fate Points here"."""
    for variant in ("character", "group"):
        game = _to_phase_i(
            Game.new(
                "the_flooded_archive",
                ("warrior", "mage"),
                seed=5,
                options=RulesOptions(fate_points=variant),
            )
        )
        before = game.state.fate
        game.apply(act.Join("", "scoundrel"))
        seat = next(s for s in game.state.heroes.values() if s.name == "Scoundrel")
        assert game.state.fate.left("Scoundrel") == (
            seat.character.level
            if variant == "character"
            else before.left("Warrior") + seat.character.level
        )
        for _ in range(300):
            if game.over:
                break
            game.apply(bot_action(game))


def test_a_hero_never_joins_onto_an_unconscious_heros_square():
    """Ruling RB4: the unconscious character's square stays its own; the newcomer takes
    another, so Phase I can end when it wakes."""
    game = _to_phase_i(Game.new("the_flooded_archive", ("warrior", "mage"), seed=5))
    placed = game.situation.dungeon.tiles[0]
    taken = {f.square for f in game.situation.figures}
    starts = [placed.to_table(sq) for _, sq in sorted(placed.tile.start_positions.items())]
    first = next(sq for sq in starts if sq not in taken)  # where a newcomer would stand
    figures = tuple(
        replace(f, square=first, flags=f.flags | {"unconscious"}) if f.letter == "W" else f
        for f in game.state.situation.figures
    )
    game.state.situation = replace(game.state.situation, figures=figures)
    game.apply(act.Join("", "scoundrel"))
    squares = [f.square for f in game.situation.figures]
    assert len(squares) == len(set(squares))


def test_a_hero_held_by_a_trap_is_offered_no_move():
    """``legal_actions`` offers only what ``apply`` accepts: no Move for a hero held by a trap."""
    game = Game.new("the_flooded_archive", PARTY, seed=11)
    who = game.turn[0]
    figures = tuple(
        replace(f, flags=f.flags | {"immobilized"}) if f.letter == who else f
        for f in game.state.situation.figures
    )
    game.state.situation = replace(game.state.situation, figures=figures)
    offered = game.legal_actions()
    assert not [a for a in offered if isinstance(a, act.Move) and a.who == who]
    assert offered and all(game.can(a) for a in offered)


@pytest.mark.parametrize(
    "action",
    [
        act.Buy("Z", (0,), ()),
        act.Discard("Z", (0,)),
        act.EndPhase("Z"),
        act.Join("Z", "scoundrel"),
        act.EndPhase("nobody at all"),
    ],
)
def test_group_inputs_refuse_a_stranger(action):
    """Buy, Discard, EndPhase and Join are the group's: ``who`` is "" or a hero of the game."""
    game = _to_phase_i(Game.new("the_flooded_archive", ("warrior", "mage"), seed=5))
    saved = game.save()
    verdict = game.can(action)
    assert not verdict and "the group" in verdict.reason
    assert game.save() == saved
    assert game.can(replace(action, who="")) or isinstance(action, act.Buy)


def test_a_monster_clearing_rubble_frees_the_figure_buried_under_it():
    """Ruling RB5 (found by the long soak, seed 201292 under *Door Events*): a monster's route
    clears the Rubble an unconscious, buried Mage lies under; the Mage is no longer buried,
    instead of the situation failing and the game getting stuck."""
    from doria_nb.engine.game.option_sets import OPTION_SETS
    from doria_nb.soak.games import soak_one

    party = ("scoundrel", "priestess", "mage")
    game = soak_one((201292, "the_flooded_archive", party, OPTION_SETS["door_events"], True))
    assert game.problems == ()


def test_a_bot_opens_a_door_only_from_a_square_in_front_of_it():
    """Soak seed 405124 (Close Quarters Combat, five heroes, joins): the Scoundrel stood on a
    door square beside a joined door and the bot chose to open it from there, which the rules
    refuse (a door is opened from the squares in front of it); the game could not go on. The
    whole soak game now plays to its end with its checks and replay."""
    from doria_nb.engine.game.option_sets import option_set
    from doria_nb.soak import games as soak

    heroes = soak._draw_party(405124, 5)
    played = soak.soak_one(
        (405124, soak.SCENARIO, heroes, option_set("close_quarters_combat"), True)
    )
    assert played.problems == ()


@pytest.mark.parametrize(
    ("seed", "option_name", "size"),
    [
        (425772, "dominance:tile_both", 5),  # ruling P11: a packed Zombie could not multiply
        (428425, "monster_swap", 6),  # ruling A26: a swap onto a Hole a flyer crossed
        (430014, "dominance:surround", 3),  # ruling RB7: a Hole on an open door hid the door
    ],
)
def test_the_long_soaks_stopped_games_now_play_to_their_end(seed, option_name, size):
    """The problems of the 10,000-game soaks (seeds 420000–429999 and from 430000 on): each
    whole soak game, with its joins, its checks and its replay, now plays to its end."""
    from doria_nb.engine.game.option_sets import option_set
    from doria_nb.soak import games as soak

    heroes = soak._draw_party(seed, size)
    played = soak.soak_one((seed, soak.SCENARIO, heroes, option_set(option_name), True))
    assert played.problems == ()
