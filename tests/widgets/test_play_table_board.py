"""The play table's board: tokens in player colours with HP/PP, monster labels, the
keyboard (Enter on a square is a click there), placements drawn as tiles.

Rulebook sections: *Walking Action* (the move a key press makes), *Revealing a Room Tile*
(the placement question). Issue 13, item 2, wired into the table.
"""

from __future__ import annotations

from doria_nb.engine.game.arrange import free_square_next_to, give_turn, place_monster
from doria_nb.engine.geometry import Square
from doria_nb.ui.board.model import ARROWS
from doria_nb.ui.board.style import hero_colour
from doria_nb.ui.play_table.view import PlayTable

PARTY = ("warrior", "mage", "ranger", "priestess")


def table_at_turn(seed: int = 4) -> PlayTable:
    table = PlayTable.new("the_flooded_archive", PARTY, seed)
    give_turn(table.game, "W", 30)
    table._act(lambda: "")
    return table


def test_heroes_wear_their_seat_colour_with_bars_and_monsters_their_label() -> None:
    table = table_at_turn()
    place_monster(table.game, "orc", free_square_next_to(table.game, "W"))
    table._act(lambda: "")
    data = table.board.figures_source.data
    seats = list(table.game.state.heroes)
    for letter, fill in zip(data["letter"], data["fill"], strict=True):
        if letter in seats:
            assert fill == hero_colour(seats.index(letter))
    heroes = [t for t in table.board.model.tokens if t.kind == "hero"]
    warrior = next(t for t in heroes if t.letter == "W")
    character = table.game.state.heroes["W"].character
    assert (warrior.hp, warrior.max_hp) == (character.hp, character.maximum.hp)
    assert (warrior.pp, warrior.max_pp) == (character.pp, character.maximum.pp)
    assert table.board.sources.bars.data["left"]  # bars drawn
    (orc,) = [p for p in table.board.placed_labels if p.label.key.startswith("monster:")]
    foe = next(iter(table.game.state.monsters.values())).foe
    assert (
        orc.shown and orc.label.text == f"{foe.name} L{foe.stats.level} HP {foe.hp}/{foe.stats.hp}"
    )
    assert "HP" in table.describe()  # the board in words says the HP too


def _keys_to(table: PlayTable, target: Square) -> None:
    """Press arrows until the cursor stands on ``target`` (the first press shows it)."""
    board = table.board
    board.keys.press("Home")
    while board.cursor != target:
        here = board.cursor
        assert here is not None
        key = (
            "ArrowRight"
            if target.x > here.x
            else "ArrowLeft"
            if target.x < here.x
            else "ArrowDown"
            if target.y > here.y
            else "ArrowUp"
        )
        assert key in ARROWS
        board.keys.press(key)


def test_enter_on_the_cursor_square_is_a_click_there() -> None:
    by_keys, by_click = table_at_turn(), table_at_turn()
    here = by_keys.game.situation.figure("W").square
    assert by_keys.board.cursor_home == here  # the cursor starts on the acting hero
    target = next(
        s
        for s in (Square(here.x + dx, here.y + dy) for dx, dy in ((2, 0), (0, 2), (-2, 0), (0, -2)))
        if by_keys.game.situation.dungeon.passable(s) and by_keys.game.situation.at(s) is None
    )
    _keys_to(by_keys, target)
    assert f"Keyboard cursor on ({target.x}, {target.y})" in by_keys.board.text()
    by_keys.board.keys.press("Enter")
    by_click.click(target)
    assert by_keys.game.situation.figure("W").square == target
    assert by_keys.game.save() == by_click.game.save()
    assert by_keys.model.message == by_click.model.message
