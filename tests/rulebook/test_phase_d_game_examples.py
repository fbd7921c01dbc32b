"""*Phase D: Action Phase* and *Phase G: Doom Counter*, their worked examples played in a Game."""

from __future__ import annotations

from doria_nb.engine.game import actions as act
from doria_nb.engine.game import flow
from doria_nb.engine.game.arrange import free_square_next_to, give_turn, place_monster
from doria_nb.engine.game.game import Game
from doria_nb.engine.game.places import location_key
from doria_nb.engine.game.state import Asker
from doria_nb.engine.mat import Area
from doria_nb.engine.options import RulesOptions

PARTY = ("warrior", "mage", "ranger", "priestess")


def new(seed: int = 11) -> Game:
    return Game.new("the_flooded_archive", PARTY, seed, options=RulesOptions())


def test_phase_d_example_attack_19_minus_15_leaves_4_then_goes_below_0() -> None:
    """*Phase D: Action Phase*, both examples: 19 AP, an attack costing 15 AP puts the marker
    on 4; the next attack at 4 AP is still allowed and ends below 0 (the gray 0 square)."""
    game = new()
    state = game.state
    warrior = state.heroes["W"]
    weapon = next(
        loc
        for loc, held in warrior.character.mat.locations()
        if held.card.attacks and loc.area is Area.BODY
    )
    cost = warrior.character.use_cost(weapon)
    give_turn(game, "W", 19)
    state.heroes["M"].ap = 17
    place_monster(game, "ogre", free_square_next_to(game, "W"), "o")
    game.apply(act.Attack("W", location_key(weapon), "o"))
    assert warrior.ap == 19 - cost
    assert game.turn == ("M",)  # yellow at 17 acts next
    state.heroes["M"].ap = 0
    if "o" not in state.monsters:
        place_monster(game, "ogre", free_square_next_to(game, "W"), "o")
    state.monsters["o"].ap = None
    warrior.ap = 4
    game.apply(act.Attack("W", location_key(weapon), "o"))
    assert warrior.ap == 4 - cost < 0


def test_phase_g_example_a_door_opened_and_everyone_on_one_tile_moves_the_counter_to_40() -> None:
    """*Phase G: Doom Counter*: a door opened in round 1 and every character on one Room
    Tile: the Doom Counter moves one space, from the start to 40."""
    game = new()
    state = game.state
    start = state.situation.dungeon.tiles[0]
    assert all(state.situation.dungeon.tile_index(f.square) == 0 for f in state.situation.heroes)
    assert start.tile.id == "A-1" and state.doom.square is None
    state.door_opened = True
    flow._phase_g(state, Asker())
    assert state.doom.square == 40


def test_phase_g_example_2_no_door_and_two_tiles_move_three_squares() -> None:
    """*Phase G*, Example 2 in spirit: no door opened and characters on 2 Room Tiles, three
    squares down; the Doom track's own examples are tests/rulebook/test_doom_examples.py."""
    game = new()
    state = game.state
    state.door_opened = False
    assert flow.doom_steps(2, False) == 3
