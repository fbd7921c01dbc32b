"""Hero actions that move figures or change the board: walking and jumping, carrying a
companion, clearing Rubble, opening doors (*Revealing a Room Tile*) — the room tiles revealed
behind them and the monsters that arrive on them are exploring's game half
(:mod:`doria_nb.engine.exploring.play`, ``explore`` and ``arrive``, re-exported here).

Also :func:`spend`, the AP bookkeeping every action shares.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from doria_nb.engine.cards import Marker
from doria_nb.engine.decisions import Choice
from doria_nb.engine.errors import DungeonError
from doria_nb.engine.exploration import Exploration, open_joined_door
from doria_nb.engine.exploring.play import arrive, explore
from doria_nb.engine.game.hero_checks import hero_reach, square_text
from doria_nb.engine.geometry import Square
from doria_nb.engine.movement.doors import clear_rubble
from doria_nb.engine.movement.jumps import jump_check
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.events import ActionTaken, Happened, Jumped
from doria_nb.engine.table.records import HeroSeat
from doria_nb.engine.table.state import GameState

__all__ = [
    "arrive",
    "clear_rubble_action",
    "do_move",
    "explore",
    "open_door",
    "pick_up",
    "put_down",
    "relocate",
    "spend",
]

Asker = Callable[[Choice], str]


def spend(state: GameState, seat: HeroSeat, cost: int, text: str, rule: Section) -> None:
    """Take ``cost`` AP from ``seat`` and log the action taken (*Phase D: Action Phase*)."""
    before = seat.ap
    seat.ap -= cost
    state.log.append(ActionTaken(rule, seat.letter, text, (before, seat.ap)))


def do_move(state: GameState, seat: HeroSeat, action: act.Move, asker: Asker) -> None:
    """Walk (and jump) along the cheapest path; a carried hero goes along (*Movement*)."""
    reach = hero_reach(state, seat.letter, max_jump=action.max_jump)
    path = reach.path(action.to)
    carried = state.situation.carrying(seat.letter)
    spend(state, seat, path.cost, f"{seat.name}: {path}", action.rule)
    position = state.situation.figure(seat.letter).square
    moves = {}
    for step in path.steps:
        if step.kind == "swap":
            other = state.situation.at(step.end)
            if other is not None and other.letter != seat.letter:
                moves[other.letter] = position
        position = step.end
    moves[seat.letter] = action.to
    state.situation = relocate(state.situation, moves)
    ch = seat.character
    for step in path.jumps:
        result = jump_check(
            step,
            ch.attributes.STR,
            ch.attributes.AGI,
            state.chance,
            carrying=carried is not None,
            options=state.options,
            who=seat.name,
        )
        if result.damage:
            ch.change_points(hp=-result.damage, reason="fall damage")
            if carried is not None:
                state.heroes[carried.letter].character.change_points(
                    hp=-result.carried_damage, reason="fall damage"
                )
        state.log.append(Jumped.of(seat.letter, result))


def relocate(situation: Situation, moves: dict[str, Square]) -> Situation:
    """``situation`` with the figures of ``moves`` on their new squares at once (a swap
    exchanges two figures; a carried hero goes with its carrier)."""
    figures = tuple(
        replace(f, square=moves[f.letter])
        if f.letter in moves
        else replace(f, square=moves[f.carried_by])
        if f.carried_by in moves
        else f
        for f in situation.figures
    )
    return Situation(situation.dungeon, figures, situation.title)


def counts_for_doom(state: GameState, door: Square) -> bool:
    """Whether opening the unopened door on ``door`` reveals a room for the Doom Counter.

    Every door does, the dead-end Secret Door included: it "is treated like a normal,
    unopened door" (*Dead Ends*; ruling E8). Under the named reading
    ``secret_doors_never_count`` it does not: *Phase G* says tiles revealed by "secret doors"
    do not count."""
    if not state.options.reads("secret_doors_never_count"):
        return True
    return state.situation.dungeon.marker(door) is not Marker.SECRET_DOOR


def open_door(state: GameState, seat: HeroSeat, action: act.OpenDoor, asker: Asker) -> None:
    """Open a door: its event, the room tiles behind it and the monsters they bring; a door
    that already meets another tile only opens the way (ruling E5)."""
    spend(state, seat, 0, f"{seat.name} opens the door at {square_text(action.door)}", action.rule)
    from doria_nb.engine.game.hero_checks import joined_door

    if joined_door(state, action.door):
        dungeon = open_joined_door(state.situation.dungeon, action.door)
        state.situation = replace(state.situation, dungeon=dungeon)
        state.log.append(
            Happened(
                Section.REVEALING_A_ROOM_TILE,
                f"The door at {square_text(action.door)} opens onto a tile already on the "
                "table; nothing is revealed and no door counts as opened for the Doom Counter.",
                seat.letter,
            )
        )
        return
    extra = 0
    if state.options.door_events:
        from doria_nb.engine.game.door_play import door_event

        extra = door_event(state, seat, action.door, asker)
        if state.result is not None:
            return
        if _event_closed_door(state, seat, action.door):
            if extra:
                from doria_nb.engine.game.door_play import spawn_at

                spawn_at(state, action.door, extra, seat.ap, asker)
            return
    counts = counts_for_doom(state, action.door)
    exploration = Exploration.begin(
        state.situation.dungeon, action.door, characters=state.player_count
    )
    before = state.situation.dungeon
    exploration = explore(state, exploration, asker)
    if exploration is None or not exploration.revealed:
        # No tile of the deck fits behind this door (ruling E12): it stays closed for good.
        state.situation = replace(state.situation, dungeon=before)
        state.dead_doors.add(action.door)
        state.log.append(
            Happened(
                Section.REVEALING_A_ROOM_TILE,
                f"No room tile of the deck fits behind the door at {square_text(action.door)}; it "
                "stays closed (ruling E12).",
                seat.letter,
            )
        )
        return
    state.door_opened = state.door_opened or (exploration.counts_as_revealing and counts)
    state.counters.doors_opened += 1
    arrive(state, exploration, asker, current=seat.ap)
    from doria_nb.engine.exploring.secret_doors import dead_end

    dead_end(state, asker)
    if extra and state.result is None:
        from doria_nb.engine.game.door_play import spawn_at

        spawn_at(state, action.door, extra, seat.ap, asker)


def _event_closed_door(state: GameState, seat: HeroSeat, door: Square) -> bool:
    """Whether the door event just resolved changed the door so that it reveals nothing any
    more (a Secret Door among its loot laid a tile that walls it up or meets it, ruling RB1):
    a door now meeting a tile opens onto it; a walled-up, Blocked or opened one stays as the
    event left it. Either way the opening ends here, its AP spent."""
    from doria_nb.engine.game.hero_checks import joined_door

    if joined_door(state, door):
        dungeon = open_joined_door(state.situation.dungeon, door)
        state.situation = replace(state.situation, dungeon=dungeon)
        why = "a tile laid by the door event now meets it: the door opens onto that tile"
    else:
        try:
            Exploration.begin(state.situation.dungeon, door, characters=state.player_count)
        except DungeonError as error:
            why = f"the door event changed it ({error})"
        else:
            return False
    state.log.append(
        Happened(
            Section.DOOR_EVENTS,
            f"The door at {square_text(door)} reveals no new room tile: {why} (ruling RB1).",
            seat.letter,
        )
    )
    return True


def pick_up(state: GameState, seat: HeroSeat, action: act.PickUp, asker: Asker) -> None:
    """Lift an unconscious companion to carry them (*Carry Characters*)."""
    spend(state, seat, 0, action.describe(), action.rule)
    fig = state.situation.figure(action.target)
    here = state.situation.figure(seat.letter).square
    state.situation = state.situation.with_figure(replace(fig, carried_by=seat.letter, square=here))


def put_down(state: GameState, seat: HeroSeat, action: act.PutDown, asker: Asker) -> None:
    """Lay the carried companion down where the carrier stands."""
    spend(state, seat, 0, action.describe(), action.rule)
    carried = state.situation.carrying(seat.letter)
    assert carried is not None
    state.situation = state.situation.with_figure(replace(carried, carried_by=None))


def clear_rubble_action(
    state: GameState, seat: HeroSeat, action: act.ClearRubble, asker: Asker
) -> None:
    """Clear a Rubble marker; figures buried under it are free again."""
    here = state.situation.figure(seat.letter).square
    dungeon, cost = clear_rubble(state.situation.dungeon, action.square, here, seat.ap)
    spend(state, seat, cost, action.describe(), action.rule)
    figures = tuple(
        replace(f, flags=f.flags - {"buried"}) if f.square == action.square else f
        for f in state.situation.figures
    )
    state.situation = Situation(dungeon, figures, state.situation.title)
