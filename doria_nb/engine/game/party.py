"""Heroes leaving and joining a game in progress (*Player Count*).

A hero who leaves finishes the round; then it is taken off the board with its items and the
next round begins with [PlayerCount] one lower (the Group XP track and the monster refill
count the new number). The rulebook does not say how a hero joins; ruling GM7: in Phase I a
premade hero joins with its Standard Items and a fresh hand of Loot Cards (traps and events
replaced), stands on the free start position nearest to I (or the free square nearest the
start tile's first start position), and rolls initiative from the next round on.
"""

from __future__ import annotations

from collections.abc import Callable

from doria_nb.engine.cards import CardType, ItemCard
from doria_nb.engine.character import Character
from doria_nb.engine.decisions import Choice
from doria_nb.engine.game.setup import MAX_HEROES
from doria_nb.engine.geometry import Square
from doria_nb.engine.mat import Area
from doria_nb.engine.progression import GroupXP
from doria_nb.engine.sections import Section
from doria_nb.engine.situation.figure import FIGURE_LETTERS, Figure
from doria_nb.engine.starting import hand_size, is_replaceable, outfit
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.events import Happened, HeroJoined, HeroLeft
from doria_nb.engine.table.records import HeroSeat, IllegalAction, Phase
from doria_nb.engine.table.state import GameState

__all__ = ["carry_out_party", "leave_now", "verify_party"]

Asker = Callable[[Choice], str]


def verify_party(state: GameState, action: act.Action) -> None:
    """Raise :class:`IllegalAction` unless the party change may be made now."""
    if isinstance(action, act.Leave):
        if action.who not in state.heroes:
            raise IllegalAction(f"There is no hero {action.who!r} in this game.")
        if action.who in state.leaving:
            raise IllegalAction(f"{state.heroes[action.who].name} is leaving already.")
        if len(state.heroes) - len(state.leaving) <= 1:
            raise IllegalAction("The last hero cannot leave: the game would have no one left.")
        return
    assert isinstance(action, act.Join)
    if state.phase is not Phase.I:
        raise IllegalAction("A hero joins between rounds, in Phase I (ruling GM7).")
    if len(state.heroes) >= MAX_HEROES:
        raise IllegalAction(f"At most {MAX_HEROES} heroes play.")
    try:
        template = state.pack.hero(action.hero)
    except ValueError as error:
        raise IllegalAction(str(error)) from None
    if any(seat.character.template == template for seat in state.heroes.values()):
        raise IllegalAction(f"The {template.name} is in the game already.")


def carry_out_party(state: GameState, action: act.Action, asker: Asker) -> None:
    if isinstance(action, act.Leave):
        state.leaving.append(action.who)
        state.log.append(Happened(Section.PLAYER_COUNT, action.describe(), action.who))
        return
    assert isinstance(action, act.Join)
    _join(state, action.hero, asker)


def leave_now(state: GameState) -> None:
    """At the end of the round: the heroes leaving go, with their items."""
    for letter in state.leaving:
        seat = state.heroes.pop(letter)
        state.gone_cards.extend(seat.character.mat.cards)
        carried = state.situation.carrying(letter)
        state.situation = state.situation.without(letter)
        if carried is not None:
            state.situation = state.situation.with_figure(carried)
        state.log.append(
            HeroLeft(Section.PLAYER_COUNT, f"{seat.name} leaves the game with its items.", letter)
        )
    if state.leaving:
        state.leaving = []
        _recount(state)


def _recount(state: GameState) -> None:
    state.player_count = len(state.heroes)
    state.group_xp = GroupXP(state.player_count, state.group_xp.xp, state.group_xp.campaign)


def _join(state: GameState, hero: str, asker: Asker) -> None:
    template = state.pack.hero(hero)
    letter = _free_letter(state, template.name)
    character = Character.from_template(
        template, dodge=state.pack.dodge, psi_resistance=state.pack.psi_resistance, log=state.log
    )
    size = hand_size(len(state.heroes) + 1) - len(template.standard_items)
    drawn: list[ItemCard] = []
    while len(drawn) < size:
        cards, state.loot, _ = state.loot.draw(1, state.chance)
        if not cards:
            break
        if is_replaceable(cards[0]) and cards[0].type in (CardType.TRAP, CardType.EVENT):
            state.loot = state.loot.discard(cards)
            continue
        drawn.append(cards[0])
    for card in drawn:
        character.receive(card, Area.BACKPACK)
    outfit(character)
    state.heroes[letter] = HeroSeat(letter, character)
    if state.fate is not None:
        state.fate = state.fate.joined(character.name, character.level)
    state.situation = state.situation.with_figure(
        Figure.hero(character.name, letter, _entry_square(state, letter))
    )
    _recount(state)
    state.log.append(
        HeroJoined(
            Section.PLAYER_COUNT,
            f"The {template.name} joins the game (ruling GM7).",
            letter,
            hero=template.id,
        )
    )
    _catch_up(state, state.heroes[letter], asker)


def _catch_up(state: GameState, seat: HeroSeat, asker: Asker) -> None:
    """The joining hero gets as many Attribute Points as every other character has received
    from the Group XP track, and spends them at once (*Character Improvement*: "the same
    amount of additional XP compared to all other characters"; ruling GM7)."""
    from doria_nb.engine.level_up.play import spend_points

    points = state.counters.attribute_points
    if not points:
        return
    seat.character.gain_points(points)
    state.log.append(
        Happened(
            Section.CHARACTER_IMPROVEMENT,
            f"The {seat.name} gets {points} Attribute Point{'s' * (points != 1)}, as many as "
            "each other character has received this game (ruling GM7).",
            seat.letter,
        )
    )
    spend_points(state, seat, asker)


def _free_letter(state: GameState, name: str) -> str:
    """The hero's initial if no figure uses it, else the first free upper-case letter."""
    taken = {f.letter for f in state.situation.figures} | set(state.heroes)
    candidates = [c for c in name.upper() if c in FIGURE_LETTERS]
    candidates += [c for c in FIGURE_LETTERS if c.isupper()]
    return next(c for c in candidates if c not in taken)


def _entry_square(state: GameState, letter: str) -> Square:

    placed = state.situation.dungeon.tiles[0]
    starts = placed.tile.start_positions
    # An unconscious character lying there keeps the square from a newcomer (ruling RB4).
    taken = {f.square for f in state.situation.figures}
    for number in sorted(starts):
        square = placed.to_table(starts[number])
        if square not in taken:
            return square
    return state.free_square_near(placed.to_table(starts[min(starts)]), letter)
