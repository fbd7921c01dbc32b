"""Event cards drawn as loot (*Traps and Secret Doors*): the Secret Door event opens a way
through a wall of the finder's tile and draws the tile behind it; such a tile does not count
as a door opened for the Doom Counter (ruling E8); a trap that opens a Secret Door
(:mod:`doria_nb.engine.traps.play`) opens it here too. *Dead Ends*: with no unopened door
left, a Secret Door appears on the last tile.

Below :mod:`doria_nb.engine.game` with the rest of exploring's game half
(:mod:`doria_nb.engine.exploring.play`), so the traps open a Secret Door without importing the
game; the game's loot cards (:mod:`doria_nb.engine.game.loot_cards`) play the event cards here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from doria_nb.engine.cards import ItemCard
from doria_nb.engine.decisions import Choice, ChoiceKind, Option
from doria_nb.engine.errors import DungeonError
from doria_nb.engine.exploration import (
    Exploration,
    dead_end_sites,
    place_dead_end_door,
    secret_door_trap_sites,
)
from doria_nb.engine.exploring.play import arrive, explore
from doria_nb.engine.sections import Section
from doria_nb.engine.table.events import Happened, SecretDoorOpened
from doria_nb.engine.table.state import GameState

__all__ = ["dead_end", "open_secret_door", "play_event"]

Asker = Callable[[Choice], str]


def play_event(state: GameState, who: str, card: ItemCard, asker: Asker) -> None:
    """Play the event ``card`` drawn by hero ``who``; the card then goes to the discard pile."""
    name = card.effect.name if card.effect is not None else ""
    state.loot = state.loot.discard([card])
    if name != "secret_door":
        state.log.append(
            Happened(Section.TRAPS_AND_SECRET_DOORS, f"The {card.name} has no effect here.", who)
        )
        return
    open_secret_door(state, who, asker)


def open_secret_door(state: GameState, who: str, asker: Asker) -> None:
    """A Secret Door opens on a wall of ``who``'s tile and the tile behind it is drawn
    (*Secret Doors*; it is no door opened for the Doom Counter, ruling E8)."""
    square = state.situation.figure(who).square
    sites = secret_door_trap_sites(state.situation.dungeon, square)
    if not sites or not state.tile_deck.remaining:
        state.log.append(
            Happened(Section.SECRET_DOORS, "The Secret Door finds no wall to open.", who)
        )
        return
    choice = Choice(
        ChoiceKind.PLACEMENT,
        state.heroes[who].name,
        "Where does the Secret Door appear?",
        tuple(Option(str(i), f"({s.x}, {s.y})") for i, s in enumerate(sites)),
        Section.SECRET_DOORS,
        details=tuple(sites),
    )
    site = sites[int(asker(choice))]
    try:
        exploration = Exploration.through_secret_door(
            state.situation.dungeon, site, characters=state.player_count
        )
    except DungeonError as error:
        state.log.append(Happened(Section.SECRET_DOORS, str(error), who))
        return
    state.log.append(
        SecretDoorOpened(
            Section.SECRET_DOORS, f"A Secret Door opens at ({site.x}, {site.y}).", who, square=site
        )
    )
    done = explore(state, exploration, asker)
    if done is None:
        return
    state.situation = replace(state.situation, dungeon=done.dungeon)
    arrive(state, done, asker, current=state.heroes[who].ap)


def dead_end(state: GameState, asker: Asker) -> None:
    """*Dead Ends*: with no unopened door left (and tiles still in the deck), a Secret Door
    appears on the last tile's free wall (the players choose among the sites); it is opened
    like any door. On E-8's inner site it opens at once and draws for the open sides."""
    if not state.tile_deck.remaining:
        return
    sites = dead_end_sites(state.situation.dungeon)
    if not sites:
        return
    choice = Choice(
        ChoiceKind.PLACEMENT,
        "the players",
        "Where does the dead-end Secret Door appear?",
        tuple(Option(str(i), f"({s.x}, {s.y})") for i, s in enumerate(sites)),
        Section.DEAD_ENDS,
        details=tuple(sites),
    )
    site = sites[int(asker(choice))]
    exploration = place_dead_end_door(state.situation.dungeon, site, characters=state.player_count)
    state.situation = replace(state.situation, dungeon=exploration.dungeon)
    for entry in exploration.entries:
        state.log.append(Happened(Section.DEAD_ENDS, entry))
    if exploration.needs_tile:
        done = explore(state, exploration, asker)
        if done is not None:
            arrive(state, done, asker, current=0)
