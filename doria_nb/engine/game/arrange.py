"""Arranging a game by hand: the start of a dispute ("the Warrior has 19 AP and an Ogre stands
next to him — what happens?") or of a test. These functions set the position directly; they
are not actions and are not recorded in the input log, so a game arranged this way is no
longer replayed faithfully from its save file.

>>> from doria_nb.engine.game.game import Game
>>> game = Game.new("the_flooded_archive", ["warrior", "mage"], seed=1)
>>> give_turn(game, "W", 19)
>>> game.turn
('W',)
>>> place_monster(game, "ogre", free_square_next_to(game, "W"))
'a'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_activation.play import foe_for
from doria_nb.engine.situation.figure import FIGURE_LETTERS, Figure
from doria_nb.engine.table.records import GameError, MonsterSeat

if TYPE_CHECKING:
    from doria_nb.engine.game.game import Game

__all__ = ["free_square_next_to", "give_turn", "place_monster"]


def give_turn(game: Game, who: str, ap: int) -> None:
    """Put ``who``'s Initiative Marker on ``ap`` and every other hero's on 0."""
    if who not in game.state.heroes:
        raise GameError(f"There is no hero {who!r} in this game.")
    for seat in game.state.heroes.values():
        seat.ap = ap if seat.letter == who else 0


def place_monster(
    game: Game,
    card: str,
    square: Square,
    letter: str | None = None,
    modifiers: tuple[str, ...] = (),
) -> str:
    """Put a monster of ``card`` (with ``modifiers``, by id) on ``square``; returns its
    letter (the first free lower-case letter unless one is given)."""
    state = game.state
    taken = {f.letter for f in state.situation.figures}
    if letter is None:
        letter = next(c for c in FIGURE_LETTERS if c.islower() and c not in taken)
    name = state.pack.monster(card).name
    foe = foe_for(state, card, modifiers, name)
    state.situation = state.situation.with_figure(
        Figure.monster(name, letter, square, AP=foe.stats.ap, MOD=len(modifiers))
    )
    state.monsters[letter] = MonsterSeat(letter, card, modifiers, foe, state.round - 1)
    return letter


def free_square_next_to(game: Game, letter: str) -> Square:
    """A square next to figure ``letter`` that a figure may stand on, with nobody on it."""
    situation = game.state.situation
    fig = situation.figure(letter)
    taken = {f.square for f in situation.figures}
    for square in situation.dungeon.neighbors(fig.square):
        if situation.dungeon.passable(square) and square not in taken:
            return square
    raise GameError(f"No free square is next to {fig.label}.")
