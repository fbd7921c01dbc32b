"""Who may act in *Phase D: Action Phase* and whether an action is legal now.

:func:`verify` checks an action in full and raises :class:`IllegalAction` in words, changing
nothing. Who may act: the hero whose Initiative Marker is highest (characters before monsters
on the same value; heroes tied may act in any order), conscious, with at least 1 AP. The
checks of the actions on cards and companions live in :mod:`companion_checks`.
"""

from __future__ import annotations

from doria_nb.engine.combat.board import attack_check
from doria_nb.engine.combat.board_area import area_shape, struck_by_hero
from doria_nb.engine.combat.hero_attack import check_hero_attack
from doria_nb.engine.combat.weapons import AttackOption, attack_options
from doria_nb.engine.dungeon import Link
from doria_nb.engine.errors import CombatError, DungeonError
from doria_nb.engine.game.companion_checks import (
    check_cast,
    check_drink,
    check_pick_up,
    check_revive,
    check_throw,
    companion,
    seat_of,
)
from doria_nb.engine.geometry import Square
from doria_nb.engine.movement import Reach
from doria_nb.engine.movement.doors import can_clear_rubble, can_open_door
from doria_nb.engine.phases.initiative import BoardGroup, acts_next
from doria_nb.engine.sections import Section
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.places import location_key, parse_destination, parse_location
from doria_nb.engine.table.records import HeroSeat, IllegalAction, Phase
from doria_nb.engine.table.state import GameState

__all__ = [
    "actors",
    "attack_option",
    "attack_refusal",
    "hero_reach",
    "next_up",
    "square_text",
    "verify",
]


def next_up(state: GameState) -> BoardGroup | None:
    """Who acts next in Phase D, as :func:`~doria_nb.engine.phases.initiative.acts_next` rules
    it for the markers still in play: the conscious heroes in the round by their AP, the
    monsters that have not acted yet by theirs. ``None`` when nobody can act any more (the
    phase is over). The game's turn order (:func:`actors`, the flow's monster turns) and the
    widgets ask this one function."""
    ready = {
        s.letter: s.ap
        for s in state.heroes.values()
        if not s.out_this_round and not state.unconscious(s.letter)
    }
    waiting = {m.letter: m.ap for m in state.monsters.values() if m.ap is not None and not m.acted}
    return acts_next(ready, waiting)


def actors(state: GameState) -> list[str]:
    """The heroes who may act now: the highest markers, if no monster stands higher
    (:func:`next_up`)."""
    if state.phase is not Phase.D or state.result is not None:
        return []
    group = next_up(state)
    if group is None or group.side != "character":
        return []
    return list(group.names)


def _check_turn(state: GameState, who: str) -> HeroSeat:
    """The seat of ``who`` if it is their turn to act; else :class:`IllegalAction`."""
    seat = seat_of(state, who)
    if state.phase is not Phase.D:
        raise IllegalAction(
            f"{seat.name} can act only in the action phase; the game is in {state.phase.title}."
        )
    if state.unconscious(who) or seat.out_this_round:
        raise IllegalAction(f"{seat.name} is unconscious and cannot act this round.")
    if seat.ap < 1:
        raise IllegalAction(
            f"{seat.name} has {seat.ap} AP left; an action needs at least 1 AP ({Section.PHASE_D})."
        )
    now = actors(state)
    if who not in now:
        first = ", ".join(state.heroes[w].name for w in now) or "a monster"
        raise IllegalAction(
            f"It is not {seat.name}'s turn: {first} stands higher on the Initiative Board "
            f"({Section.PHASE_D})."
        )
    return seat


def _others(state: GameState, who: str) -> tuple[Square, ...]:
    """The squares of the other standing heroes (they may block a door)."""
    return tuple(
        f.square
        for f in state.situation.heroes
        if f.letter != who and not f.unconscious and f.carried_by is None
    )


def hero_reach(state: GameState, who: str, *, max_jump: int | None = None) -> Reach:
    """Where ``who`` can end one movement action with its AP."""
    return state.movement_board(who).reach(max_jump=max_jump)


def attack_option(state: GameState, seat: HeroSeat, key: str) -> AttackOption:
    """The attack ``seat`` has ready at the mat location ``key`` (*Attack*)."""
    location = parse_location(key)
    for option in attack_options(seat.character):
        if option.location == location:
            return option
    usable = ", ".join(
        f"{location_key(o.location)} ({o.name})" for o in attack_options(seat.character)
    )
    raise IllegalAction(
        f"{seat.name} has no attack ready at {key!r}; attacks ready: {usable or 'none'}."
    )


def attack_refusal(state: GameState, seat: HeroSeat, option: AttackOption, target: str) -> str:
    """Why ``seat`` cannot attack monster ``target`` with ``option`` from where it stands
    ("" when it can): the checks :func:`hero_attack_on_board` makes before a die is rolled —
    range (an "around" area reaches its own size), Line of Sight, magic-only monsters, a line
    attack aimed off its row or column (*Attack*; ruling C24)."""
    situation = state.situation
    try:
        check_hero_attack(seat.character, state.monsters[target].foe, option)
        card_attack = seat.character.mat.at(option.location).card.attack(option.kind)
        note = card_attack.area if card_attack is not None else None
        shape = area_shape(note) if note else None
        reach = shape.size if shape is not None and shape.kind == "around" else option.range
        check = attack_check(situation, seat.letter, target, reach, kind=option.kind)
        if not check.ok:
            return check.reason
        if shape is not None:
            struck_by_hero(
                situation,
                situation.figure(seat.letter),
                situation.figure(target),
                shape,
                option.range,
            )
    except CombatError as error:
        return str(error)
    return ""


def joined_door(state: GameState, square: Square) -> bool:
    """Whether ``square`` is a closed door that already meets another tile's door or open
    side (a tile laid later put it there): opening it reveals nothing (ruling E5)."""
    try:
        door = state.situation.dungeon.door(square)
    except DungeonError:
        return False
    return not door.opened and door.link in (Link.DOOR, Link.OPEN)


def _check_joined_door(state: GameState, seat: HeroSeat, square: Square) -> None:
    door = state.situation.dungeon.door(square)
    if door.blocked:
        raise IllegalAction(f"The door at {square_text(square)} is Blocked.")
    here = state.situation.figure(seat.letter).square
    if here not in (door.inside, door.outside):
        raise IllegalAction(
            f"A door is opened from a square in front of it: stand on {square_text(door.inside)}"
            f" or {square_text(door.outside)} to open the door at {square_text(square)}."
        )


def verify(state: GameState, action: act.Action) -> None:
    """Raise :class:`IllegalAction` if ``action`` may not be taken now; change nothing."""
    seat = _check_turn(state, action.who)
    who = action.who
    fig = state.situation.figure(who)
    if isinstance(action, act.Move):
        if "immobilized" in fig.flags:
            raise IllegalAction(
                f"{seat.name} is held by a trap and cannot move until it is free; attacking, "
                f"using and repairing items still work (FAQ)."
            )
        if action.max_jump is not None and (
            not isinstance(action.max_jump, int) or action.max_jump < 0
        ):
            raise IllegalAction(
                f"The longest jump is a number of squares, not {action.max_jump!r}."
            )
        reach = hero_reach(state, who, max_jump=action.max_jump)
        if reach.cost(action.to) is None:
            raise IllegalAction(reach.why_not(action.to))
    elif isinstance(action, act.OpenDoor) and joined_door(state, action.door):
        _check_joined_door(state, seat, action.door)
    elif isinstance(action, act.OpenDoor):
        verdict = can_open_door(
            state.situation.dungeon,
            action.door,
            fig.square,
            others=_others(state, who),
            ap=seat.ap,
        )
        if not verdict:
            raise IllegalAction(verdict.reason)
        if not state.tile_deck.remaining:
            raise IllegalAction("The room tile deck is empty: no door can reveal a new tile.")
        if action.door in state.dead_doors:
            raise IllegalAction(
                f"No room tile of the deck fits behind the door at {square_text(action.door)} "
                "(ruling E12)."
            )
    elif isinstance(action, act.Search):
        if fig.square not in state.situation.dungeon.treasures:
            raise IllegalAction(
                f"{seat.name} stands on no treasure marker ({Section.SEARCH_TREASURES})."
            )
    elif isinstance(action, act.Attack):
        option = attack_option(state, seat, action.location)
        if action.target not in state.monsters:
            raise IllegalAction(f"There is no monster {action.target!r} on the board.")
        refusal = attack_refusal(state, seat, option, action.target)
        if refusal:
            raise IllegalAction(refusal)
    elif isinstance(action, act.Wait):
        if not isinstance(action.ap, int) or not 1 <= action.ap <= seat.ap:
            raise IllegalAction(
                f"{seat.name} may wait 1 to {seat.ap} AP, not {action.ap!r} ({Section.WAIT})."
            )
    elif isinstance(action, act.Drink):
        check_drink(state, seat, action)
    elif isinstance(action, act.Cast):
        check_cast(state, seat, action)
    elif isinstance(action, act.Revive):
        check_revive(state, seat, action)
    elif isinstance(action, act.PickUp):
        check_pick_up(state, seat, action)
    elif isinstance(action, act.PutDown):
        if state.situation.carrying(who) is None:
            raise IllegalAction(f"{seat.name} carries nobody.")
    elif isinstance(action, act.Equip):
        holder = companion(state, seat, action.holder)
        location = parse_location(action.location)
        dest = parse_destination(action.to)
        if holder.character.mat.get(location) is None:
            raise IllegalAction(f"{holder.name} has no card at {action.location!r}.")
        verdict = holder.character.can_move(location, dest)
        if not verdict:
            raise IllegalAction(verdict.reason)
    elif isinstance(action, act.Take):
        holder = companion(state, seat, action.holder)
        if holder.letter == seat.letter:
            raise IllegalAction("A hero does not take a card from itself; move it with Equip.")
        location = parse_location(action.location)
        verdict = holder.character.can_give(location)
        if not verdict:
            raise IllegalAction(verdict.reason)
    elif isinstance(action, act.ClearRubble):
        verdict = can_clear_rubble(state.situation.dungeon, action.square, fig.square, seat.ap)
        if not verdict:
            raise IllegalAction(verdict.reason)
    elif isinstance(action, act.Throw):
        check_throw(state, seat, action)
    elif isinstance(action, act.Disarm):
        from doria_nb.engine.traps.play import check_disarm

        check_disarm(state, who, action.trap, seat.ap)
    elif isinstance(action, act.Repair):
        holder = companion(state, seat, action.holder)
        locations = tuple(parse_location(k) for k in action.locations)
        verdict = holder.character.can_repair(locations)
        if not verdict:
            raise IllegalAction(verdict.reason)
    else:
        raise IllegalAction(f"{action} is not an action of the action phase.")


def square_text(square: Square) -> str:
    """A square as the players read it, e.g. ``(3, 4)``."""
    return f"({square.x}, {square.y})"
