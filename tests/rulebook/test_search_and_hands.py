"""*Search Treasures (1 AP or 5 AP)* and *Utilizing both hands*, played through the Game.

A search costs 1 AP for one Loot Card or 5 AP for two of which one is kept and the other
discarded; either way the marker is gone. An attack or a defense uses one item, never both
hands at once.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from doria_nb.engine.cards import AttackKind
from doria_nb.engine.combat.monster_attack import defense_choice
from doria_nb.engine.decisions import DecisionError
from doria_nb.engine.game.arrange import free_square_next_to, give_turn, place_monster
from doria_nb.engine.game.game import Game
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.records import IllegalAction


def on_a_treasure_marker() -> Game:
    """A two-hero game with the Warrior's turn at 19 AP and a treasure marker underfoot."""
    game = Game.new("the_flooded_archive", ["warrior", "mage"], seed=1)
    give_turn(game, "W", 19)
    square = game.situation.figure("W").square
    dungeon = game.state.situation.dungeon
    game.state.situation = replace(
        game.state.situation, dungeon=replace(dungeon, treasures=dungeon.treasures | {square})
    )
    return game


def test_search_treasures_one_card_costs_1_ap_and_removes_the_marker() -> None:
    """*Search Treasures (1 AP or 5 AP)*: 1 AP draws one Loot Card; the marker is removed."""
    game = on_a_treasure_marker()
    square = game.situation.figure("W").square
    discarded = len(game.state.loot.discard_pile)
    game.apply(act.Search("W"))
    assert game.state.heroes["W"].ap == 18
    assert square not in game.situation.dungeon.treasures
    assert len(game.state.loot.discard_pile) == discarded  # the one card drawn is kept
    drawn = [e.text for e in game.events if "draws" in getattr(e, "text", "")]
    assert drawn[-1].count(",") == 0  # one card named


def test_search_treasures_carefully_costs_5_ap_and_discards_one_of_two() -> None:
    """*Search Treasures (1 AP or 5 AP)*: 5 AP draws two cards, one is kept and the other goes
    to the discard pile; the marker is removed too."""
    game = on_a_treasure_marker()
    square = game.situation.figure("W").square
    discarded = len(game.state.loot.discard_pile)
    game.apply(act.Search("W", careful=True))
    assert game.state.heroes["W"].ap == 14
    assert square not in game.situation.dungeon.treasures
    drawn = next(e.text for e in reversed(game.events) if "draws" in getattr(e, "text", ""))
    first, second = drawn.split(" draws ")[1].split(", ")
    assert len(game.state.loot.discard_pile) == discarded + 1
    assert game.state.loot.discard_pile[-1].name in (first, second)


def test_search_treasures_searching_the_same_square_again_is_refused() -> None:
    """*Search Treasures (1 AP or 5 AP)* with *Treasure Icon on a Room Tile*: searching again
    where the marker was is of no avail; the game refuses it and keeps the AP."""
    game = on_a_treasure_marker()
    game.apply(act.Search("W"))
    with pytest.raises(IllegalAction, match="no treasure marker"):
        game.apply(act.Search("W"))
    assert game.state.heroes["W"].ap == 18


@pytest.mark.parametrize("both", ["hand 1+hand 2", "hand 1 and hand 2", "both hands"])
def test_utilizing_both_hands_an_attack_uses_one_weapon(both: str) -> None:
    """*Utilizing both hands*: attacking with both hands at once is not possible; an attack
    names one item, and naming two is refused in words."""
    game = on_a_treasure_marker()
    goblin = place_monster(game, "goblin", free_square_next_to(game, "W"))
    assert game.can(act.Attack("W", "hand 1", goblin))
    verdict = game.can(act.Attack("W", both, goblin))
    assert not verdict
    assert "no place on a Character Mat" in verdict.reason


def test_utilizing_both_hands_a_defense_uses_one_item() -> None:
    """*Utilizing both hands*: each defense picks one item (or a dodge); no option adds two
    hands together, and an answer naming both is refused."""
    game = on_a_treasure_marker()
    character = game.state.heroes["W"].character
    choice = defense_choice(character, AttackKind.MELEE)
    assert choice is not None
    sources = [d.source for d in character.defense_options()]
    assert len(sources) == len(set(sources)) == len(choice.options)
    assert all("+" not in key and " and " not in key for key in choice.keys)
    with pytest.raises(DecisionError, match="is not an answer"):
        choice.option("hand 1+hand 2")
