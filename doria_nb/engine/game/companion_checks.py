"""The checks of the Phase D actions that handle cards or companions — drinking, casting,
reviving, carrying, throwing — and of the range-1 rule for a companion's mat (*Take, Use or
Repair Other Items*). Each raises :class:`IllegalAction` in words and changes nothing.
"""

from __future__ import annotations

from doria_nb.engine.cards import CardType
from doria_nb.engine.health.care import revive_limits
from doria_nb.engine.mat import Area, Purpose
from doria_nb.engine.psi import can_cast
from doria_nb.engine.sections import Section
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.places import parse_location
from doria_nb.engine.table.records import HeroSeat, IllegalAction
from doria_nb.engine.table.state import GameState

__all__ = [
    "check_cast",
    "check_drink",
    "check_pick_up",
    "check_revive",
    "check_throw",
    "companion",
    "near",
    "seat_of",
]


def seat_of(state: GameState, who: str) -> HeroSeat:
    """The seat of hero ``who``; an unknown letter raises :class:`IllegalAction`."""
    if who not in state.heroes:
        names = ", ".join(f"{s.letter} ({s.name})" for s in state.heroes.values())
        raise IllegalAction(f"There is no hero {who!r} in this game (the heroes: {names}).")
    return state.heroes[who]


def companion(state: GameState, seat: HeroSeat, holder: str) -> HeroSeat:
    """The hero whose mat an action works on: one's own, or a companion within range 1
    (*Take, Use or Repair Other Items*; *Equip Items*)."""
    if not holder or holder == seat.letter:
        return seat
    other = seat_of(state, holder)
    if not near(state, seat.letter, other.letter):
        raise IllegalAction(
            f"{seat.name} must stand within range 1 of {other.name} to handle their cards "
            f"({Section.OTHER_ITEMS})."
        )
    return other


def near(state: GameState, a: str, b: str) -> bool:
    """Whether heroes ``a`` and ``b`` stand within range 1 of each other."""
    sa, sb = state.situation.figure(a).square, state.situation.figure(b).square
    return abs(sa.x - sb.x) + abs(sa.y - sb.y) <= 1


def check_drink(state: GameState, seat: HeroSeat, action: act.Drink) -> None:
    """Check a Drink action (the potion, its holder, the drinker's range)."""
    holder = seat_of(state, action.holder or seat.letter)
    target = seat_of(state, action.on or seat.letter)
    location = parse_location(action.location)
    held = holder.character.mat.get(location)
    if held is None or held.card.type is not CardType.POTION:
        raise IllegalAction(f"{holder.name} has no potion at {action.location!r}.")
    for other in {holder.letter, target.letter} - {seat.letter}:
        if not near(state, seat.letter, other):
            raise IllegalAction(
                f"{seat.name} must stand within range 1 of {state.heroes[other].name} "
                f"({Section.OTHER_ITEMS})."
            )
    # A conscious companion's consent is the players' business (*Take, Use or Repair Other
    # Items*); an unconscious one cannot refuse.
    if holder.letter == seat.letter and location.area is Area.BACKPACK:
        raise IllegalAction(
            f"A potion in the Backpack must first be taken out (10 AP) ({Section.BELT_WEAPONS})."
        )


def check_cast(state: GameState, seat: HeroSeat, action: act.Cast) -> None:
    """Check a Cast action (the card, PP, range and Line of Sight)."""
    target = seat_of(state, action.on or seat.letter)
    location = parse_location(action.location)
    ch = seat.character
    if ch.mat.get(location) is None:
        raise IllegalAction(f"{seat.name} has no card at {action.location!r}.")
    card = ch.mat.at(location).card
    verdict = ch.can_use(location, Purpose.USE)
    if not verdict:
        raise IllegalAction(verdict.reason)
    on_self = target.letter == seat.letter
    verdict = can_cast(
        card,
        ch.attributes,
        ch.pp,
        monster_level=state.monster_level,
        on_self=on_self,
        who=seat.name,
    )
    if not verdict:
        raise IllegalAction(verdict.reason)
    if card.effect is None:
        raise IllegalAction(f"The {card.name} has no effect the game can carry out.")
    if state.unconscious(target.letter) and card.effect.name != "heal":
        raise IllegalAction(f"{target.name} is unconscious; only healing reaches them.")
    if not on_self:
        here = state.situation.figure(seat.letter).square
        there = state.situation.figure(target.letter).square
        reach = card.range if card.range is not None else 1
        if state.situation.dungeon.range(here, there) > reach:
            raise IllegalAction(
                f"{target.name} is out of the {card.name}'s range {reach} ({Section.PSI_SPELLS})."
            )
        if not state.situation.line_of_sight(seat.letter, target.letter).visible:
            raise IllegalAction(
                f"{seat.name} cannot see {target.name} ({Section.RANGE_AND_LINE_OF_SIGHT})."
            )


def check_revive(state: GameState, seat: HeroSeat, action: act.Revive) -> None:
    """Check a Revive action (an unconscious target in range, the AP given)."""
    target = seat_of(state, action.target)
    if not state.unconscious(target.letter):
        raise IllegalAction(f"{target.name} is conscious; only the unconscious are revived.")
    if not near(state, seat.letter, target.letter):
        raise IllegalAction(f"{seat.name} must be within range 1 of {target.name}.")
    limits = revive_limits(seat.ap)
    if limits is None or not limits[0] <= action.ap <= limits[1]:
        raise IllegalAction(
            f"A revive gives at least 5 AP and at most half of the healer's {seat.ap} AP "
            f"({Section.REVIVE_CHARACTER})."
        )


def check_pick_up(state: GameState, seat: HeroSeat, action: act.PickUp) -> None:
    """Check a Pick Up action (an unconscious target on the floor, next to us)."""
    target = seat_of(state, action.target)
    fig = state.situation.figure(target.letter)
    if not fig.unconscious or fig.carried_by is not None:
        raise IllegalAction(
            f"Only an unconscious character lying on the floor can be carried, not "
            f"{target.name} ({Section.CARRY_CHARACTERS})."
        )
    if state.situation.carrying(seat.letter) is not None:
        raise IllegalAction(f"{seat.name} already carries someone; one at a time.")
    if not near(state, seat.letter, target.letter):
        raise IllegalAction(f"{seat.name} must stand next to {target.name} to pick them up.")


def check_throw(state: GameState, seat: HeroSeat, action: act.Throw) -> None:
    """Check a Throw action (the receiver on the same or a joined room tile)."""
    receiver = seat_of(state, action.to)
    if receiver.letter == seat.letter:
        raise IllegalAction("A hero cannot throw an item to itself.")
    if state.unconscious(receiver.letter):
        raise IllegalAction(f"{receiver.name} is unconscious and cannot catch anything.")
    location = parse_location(action.location)
    verdict = seat.character.can_give(location)
    if not verdict:
        raise IllegalAction(verdict.reason)
    dungeon = state.situation.dungeon
    a = dungeon.tile_index(state.situation.figure(seat.letter).square)
    b = dungeon.tile_index(state.situation.figure(receiver.letter).square)
    if a is None or b is None or not (a == b or dungeon.tiles_connected(a, b)):
        raise IllegalAction(
            f"{receiver.name} is neither on {seat.name}'s Room Tile nor on one joined to it by "
            f"a door ({Section.THROW_ITEMS})."
        )
    if (
        state.options.throw_items
        and not state.situation.line_of_sight(seat.letter, receiver.letter).visible
    ):
        raise IllegalAction(
            f"{seat.name} cannot see {receiver.name}: with the optional rule Throw Items a "
            f"throw needs Line of Sight ({Section.THROW_ITEMS_OPTION})."
        )
