"""Exploring played on a game's state (*Revealing a Room Tile*; *Current initiative for
monsters*): the room tiles drawn and laid until the exploration is done, and the monsters that
arrive on them, those above the current marker acting at once.

The pure rules of laying a tile are :mod:`doria_nb.engine.exploration`; this half changes the
table. It sits below :mod:`doria_nb.engine.game`, so every way of revealing a tile explores
with it: a hero opening a door (:mod:`doria_nb.engine.game.hero_moves`), a Secret Door opened
by a loot card or a trap, and a dead end (:mod:`doria_nb.engine.exploring.secret_doors`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from doria_nb.engine.decisions import Choice, ChoiceKind, Option
from doria_nb.engine.exploration import Exploration, Placement
from doria_nb.engine.monster_activation.play import act_at_once, register_spawn
from doria_nb.engine.sections import Section
from doria_nb.engine.table.events import (
    Happened,
    OpenSidesLeft,
    RoomDoorOpened,
    TileDrawn,
    TilePlaced,
    TileSetAside,
    TreasuresPlaced,
)
from doria_nb.engine.table.state import GameState

__all__ = ["arrive", "explore"]

Asker = Callable[[Choice], str]

Typed = dict[int, tuple[type[Happened], dict[str, object]]]
"""Entry of the exploration's log (its index) -> the event that carries it, with its fields."""


def explore(state: GameState, exploration: Exploration, asker: Asker) -> Exploration | None:
    """Draw and lay tiles until the exploration is done (ruling E6: a tile that fits nowhere
    goes under the deck; E7: with the deck empty the door stays as it is)."""
    typed = _opening(exploration)
    tries = 0
    while exploration.needs_tile:
        if not state.tile_deck.remaining or tries > state.tile_deck.remaining:
            state.log.append(
                Happened(Section.REVEALING_A_ROOM_TILE, "No room tile fits here any more.")
            )
            break
        tile, state.tile_deck = state.tile_deck.draw()
        drawn = exploration.draw(tile)
        options = drawn.options()
        typed[len(drawn.entries) - 1] = (TileDrawn, {"tile": tile.id, "placements": len(options)})
        if not options:
            exploration = drawn.set_aside()
            typed[len(exploration.entries) - 1] = (TileSetAside, {"tile": tile.id})
            state.tile_deck = state.tile_deck.to_bottom(tile)
            tries += 1
            continue
        tries = 0
        choice = Choice(
            ChoiceKind.PLACEMENT,
            "the players",
            f"Where is {tile.id} laid?",
            tuple(Option(str(i), p.describe()) for i, p in enumerate(options)),
            Section.REVEALING_A_ROOM_TILE,
            details=tuple(options),
        )
        placement = options[int(asker(choice))]
        exploration = drawn.place(placement)
        typed.update(_placed(exploration, placement, first=len(drawn.entries)))
    state.situation = replace(state.situation, dungeon=exploration.dungeon)
    state.counters.tiles_placed += len(exploration.revealed)
    for index, entry in enumerate(exploration.entries):
        kind, fields = typed.get(index, (Happened, {}))
        state.log.append(kind(Section.REVEALING_A_ROOM_TILE, entry, **fields))  # type: ignore[arg-type]
    return exploration


def _opening(exploration: Exploration) -> Typed:
    """The typed entry an exploration starts with: the door opened onto the empty table (its
    words as :meth:`Exploration.begin` writes them; a Secret Door's opening is its own event)."""
    door = exploration.door
    if door is None or door.kind != "door" or len(exploration.entries) != 1:
        return {}
    square = door.squares[0]
    words = (
        f"The door at ({square.x}, {square.y}) on {door.tile_id} is opened "
        f"({Section.REVEAL_A_ROOM_TILE})."
    )
    if exploration.entries[0] != words:
        return {}
    return {0: (RoomDoorOpened, {"door": square, "tile": door.tile_id})}


def _placed(exploration: Exploration, placement: Placement, *, first: int) -> Typed:
    """The typed entries of a tile just laid (:meth:`Exploration.place` writes them from
    ``first`` on): the tile, any doors it walls up (left in words), its treasure markers, and
    the open sides still facing the table."""
    last = len(exploration.entries) - 1
    typed: Typed = {
        first: (
            TilePlaced,
            {
                "tile": placement.tile.id,
                "origin": placement.origin,
                "rotation": placement.tile.rotation.degrees,
            },
        ),
        last: (OpenSidesLeft, {"open_sides": len(exploration.dungeon.pending_open_sides())}),
    }
    new = exploration.dungeon.tiles[exploration.revealed[-1]]
    treasures = tuple(new.to_table(square) for square in new.tile.treasures)
    if treasures:
        typed[last - 1] = (TreasuresPlaced, {"squares": treasures})
    return typed


def arrive(state: GameState, exploration: Exploration, asker: Asker, *, current: int) -> None:
    """Monsters come onto the revealed tiles; those higher than the current character act at
    once (*Current initiative for monsters*)."""
    icons = [sq for sq, _ in exploration.monster_icons()]
    if not icons:
        return
    spawn = state.spawn_context(current_initiative=current).spawn_monsters(icons)
    register_spawn(state, spawn, asker)
    for letter in spawn.acts_now:
        act_at_once(state, letter, asker, reason="it is revealed above the current marker")
        if state.result is not None:
            return
