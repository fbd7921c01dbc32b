"""A dungeon explored at random, by the rules: for demos, property tests and benchmarks.

:func:`explore` plays the exploration part of the game without heroes: it opens a random
unexplored door, draws tiles from a shuffled :class:`~doria_nb.engine.exploration.TileDeck`,
lays each on a random legal placement (open sides chain further draws), puts back tiles
that fit nowhere, and when no door is left it places the dead-end Secret Door — until the
dungeon has the asked number of tiles or the deck runs out. Every choice comes from one
:class:`~doria_nb.engine.chance.Chance`, so a seed gives the same dungeon every time.

>>> from doria_nb.content.loader import starter_pack
>>> from doria_nb.engine.chance import Chance
>>> dungeon = explore(starter_pack(), Chance.seeded(3), tiles=5)
>>> len(dungeon.tiles), dungeon.tiles[0].id
(5, 'A-1')
>>> explore(starter_pack(), Chance.seeded(3), tiles=5) == dungeon
True
"""

from __future__ import annotations

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.chance import Chance
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.errors import DungeonError
from doria_nb.engine.exploration import (
    Exploration,
    TileDeck,
    dead_end_sites,
    place_dead_end_door,
)

__all__ = ["explore"]


def explore(
    pack: ContentPack,
    chance: Chance,
    *,
    tiles: int = 10,
    start: str = "A-1",
    characters: int = 3,
) -> Dungeon:
    """A dungeon of up to ``tiles`` room tiles, explored from ``start`` by random legal
    choices (fewer when the deck runs out)."""
    if tiles < 1:
        raise DungeonError(f"A dungeon has at least one tile, not {tiles}.")
    dungeon = Dungeon.start(pack.tile(start))
    deck = TileDeck.shuffled(pack.tiles, chance, leave_out=(start,))
    while len(dungeon.tiles) < tiles:
        doors = dungeon.unexplored_doors()
        if doors:
            door = doors[chance.below(len(doors))]
            exploration = Exploration.begin(dungeon, door.square, characters=characters)
        elif dungeon.pending_open_sides():
            exploration = Exploration.continue_open_sides(dungeon, characters=characters)
        else:
            sites = dead_end_sites(dungeon)
            if not sites:
                break
            exploration = place_dead_end_door(
                dungeon, sites[chance.below(len(sites))], characters=characters
            )
            dungeon = exploration.dungeon
            continue
        exploration, deck = _finish(exploration, deck, chance, tiles)
        if exploration is None:
            break
        dungeon = exploration.dungeon
    return dungeon


def _finish(
    exploration: Exploration, deck: TileDeck, chance: Chance, limit: int
) -> tuple[Exploration | None, TileDeck]:
    """Draw and place until the exploration is done (or the limit or the deck ends it);
    ``None`` when not a single tile could be laid."""
    tries = 0
    placed_any = False
    while exploration.needs_tile and len(exploration.dungeon.tiles) < limit:
        if not deck.remaining or tries > deck.remaining:
            break
        tile, deck = deck.draw()
        exploration = exploration.draw(tile)
        options = exploration.options()
        if not options:
            exploration = exploration.set_aside()
            deck = deck.to_bottom(tile)
            tries += 1
            continue
        tries = 0
        exploration = exploration.place(options[chance.below(len(options))])
        placed_any = True
    return (exploration if placed_any else None), deck
