"""*Phase D: Action Phase* and *Phase G: Doom Counter*, their worked examples played in a Game."""

from __future__ import annotations

from doria_nb.engine.game import flow
from doria_nb.engine.game.arrange import free_square_next_to, give_turn, place_monster
from doria_nb.engine.game.game import Game
from doria_nb.engine.mat import HANDS, Mat, Slot
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.places import location_key
from doria_nb.engine.table.state import Asker

PARTY = ("warrior", "mage", "ranger", "priestess")


def new(seed: int = 11) -> Game:
    return Game.new("the_flooded_archive", PARTY, seed, options=RulesOptions())


def test_phase_d_example_attack_19_minus_15_leaves_4_then_goes_below_0() -> None:
    """*Phase D: Action Phase*, both examples, with the rulebook's numbers: the green player
    (the Ranger) has 19 AP and attacks with a weapon costing 15 AP (a Light Crossbow): the
    marker goes from 19 to 4, and yellow (the Mage, at 17) acts next. Later green, at 4 AP
    with everyone else done, attacks again for 15: allowed as the last action, and the marker
    ends below 0 (the gray 0 square)."""
    game = new()
    state = game.state
    green = state.heroes["R"]
    mat = green.character.mat
    green.character.mat = Mat(
        tuple((slot, held) for slot, held in mat.body if slot not in HANDS), mat.belt, mat.backpack
    ).with_body(Slot.HAND_1, state.pack.item("light_crossbow"))
    weapon = next(
        loc for loc, held in green.character.mat.locations() if held.card.id == "light_crossbow"
    )
    assert green.character.use_cost(weapon) == 15
    give_turn(game, "R", 19)
    state.heroes["M"].ap = 17  # yellow
    place_monster(game, "ogre", free_square_next_to(game, "R"), "o")
    game.apply(act.Attack("R", location_key(weapon), "o"))
    assert green.ap == 4
    assert game.turn == ("M",)  # yellow at 17 acts next
    state.heroes["M"].ap = 0  # all other players have made their move
    if "o" not in state.monsters:
        place_monster(game, "ogre", free_square_next_to(game, "R"), "o")
    state.monsters["o"].ap = None
    assert game.turn == ("R",)
    game.apply(act.Attack("R", location_key(weapon), "o"))
    assert green.ap == 4 - 15 < 0


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
