"""Hero actions with cards: searching treasure, drinking potions, casting spells and what
their effects do, reviving a companion, equipping, taking, throwing and repairing items.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from doria_nb.engine.cards import CardType
from doria_nb.engine.decisions import Choice, ChoiceKind, Option
from doria_nb.engine.effects_ops import ExtraActionPoints, RemovePoisonMarkers
from doria_nb.engine.game.companion_checks import companion
from doria_nb.engine.game.hero_moves import spend
from doria_nb.engine.game.loot_cards import take_cards
from doria_nb.engine.health.care import OTHER_ITEM_AP, revive
from doria_nb.engine.health.repair import repair
from doria_nb.engine.mat import Purpose, reach_cost
from doria_nb.engine.potions import drink_potion
from doria_nb.engine.psi import cast
from doria_nb.engine.sections import Section
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.events import EffectApplied, LootDrawn
from doria_nb.engine.table.places import parse_destination, parse_location
from doria_nb.engine.table.records import HeroSeat
from doria_nb.engine.table.state import GameState

__all__ = ["cast_spell", "drink", "equip", "repair_items", "revive_hero", "search", "take", "throw"]

Asker = Callable[[Choice], str]


def search(state: GameState, seat: HeroSeat, action: act.Search, asker: Asker) -> None:
    """Search the treasure marker underfoot, carefully or not (*Search Treasures*)."""
    cost = 5 if action.careful else 1
    spend(state, seat, cost, action.describe(), action.rule)
    square = state.situation.figure(seat.letter).square
    state.situation = replace(
        state.situation, dungeon=state.situation.dungeon.without_treasure(square)
    )
    state.counters.treasures_searched += 1
    cards, state.loot, _ = state.loot.draw(2 if action.careful else 1, state.chance)
    state.log.append(LootDrawn.of(Section.SEARCH_TREASURES, seat.name, cards))
    if action.careful and len(cards) == 2:
        ranked = sorted(range(2), key=lambda i: (cards[i].type is CardType.TRAP, -cards[i].gold))
        choice = Choice(
            ChoiceKind.KEEP_CARD,
            seat.name,
            "Which card is kept? The other is discarded.",
            tuple(Option(str(i), cards[i].name, cards[i].gold) for i in ranked),
            Section.SEARCH_TREASURES,
        )
        keep = int(asker(choice))
        state.loot = state.loot.discard([cards[1 - keep]])
        cards = (cards[keep],)
    take_cards(state, seat.letter, cards, asker)


def drink(state: GameState, seat: HeroSeat, action: act.Drink, asker: Asker) -> None:
    """Drink a potion (one's own or a companion's) and play its effect."""
    holder = state.heroes[action.holder or seat.letter]
    target = state.heroes[action.on or seat.letter]
    location = parse_location(action.location)
    card = holder.character.mat.at(location).card
    use = drink_potion(seat.character, location, holder=holder.character, target=target.character)
    spend(state, seat, use.ap, use.explain(), action.rule)
    state.loot = state.loot.discard([card])
    if use.effect is not None:
        _potion_effect(state, target, use.effect)


def _potion_effect(state: GameState, target: HeroSeat, effect: object) -> None:
    """What a potion or spell does beyond restoring points: the operations of
    :mod:`doria_nb.engine.effects_ops` that belong to the game state."""
    for op in getattr(effect, "operations", ()):
        if isinstance(op, RemovePoisonMarkers):
            target.poison = op.remaining(target.poison)
        elif isinstance(op, ExtraActionPoints):
            target.ap += op.amount
        else:
            state.temporary.append((state.round, target.letter, op))
        state.log.append(EffectApplied(op.rule, op.explain(), target.letter, card=op.card))


def cast_spell(state: GameState, seat: HeroSeat, action: act.Cast, asker: Asker) -> None:
    """Cast a PSI spell from the mat and play its effect (*PSI Spells*)."""
    target = state.heroes[action.on or seat.letter]
    location = parse_location(action.location)
    ap = seat.character.use_cost(location, Purpose.USE)
    result = cast(
        seat.character,
        location,
        state.chance,
        monster_level=state.monster_level,
        on_self=target.letter == seat.letter,
        options=state.options,
        target=None if target.letter == seat.letter else target.character,
    )
    spend(state, seat, ap, result.explain(), action.rule)
    if result.effect is not None:
        _potion_effect(state, target, result.effect)


def revive_hero(state: GameState, seat: HeroSeat, action: act.Revive, asker: Asker) -> None:
    """Revive an unconscious companion; on success they crawl to a free square."""
    target = state.heroes[action.target]
    revival = revive(
        seat.character,
        target.character,
        state.chance,
        healer_ap=seat.ap,
        ap_given=action.ap,
        monster_level=state.monster_level,
        options=state.options,
    )
    spend(state, seat, action.ap, revival.explain(), action.rule)
    if revival.success:
        fig = state.situation.figure(target.letter)
        target.ap = revival.ap_received
        target.out_this_round = False
        target.kept_unconscious = False
        free = fig.square if fig.buried else state.free_square_near(fig.square, target.letter)
        woken = replace(fig, flags=fig.flags - {"unconscious"}, carried_by=None, square=free)
        state.situation = state.situation.with_figure(woken)


def equip(state: GameState, seat: HeroSeat, action: act.Equip, asker: Asker) -> None:
    """Move a card on one's own mat or a companion's (*Equip Items*)."""
    holder = companion(state, seat, action.holder)
    change = holder.character.move(parse_location(action.location), parse_destination(action.to))
    # A companion's help costs 5 AP, whatever the move (*Equip Items*).
    cost = change.ap if holder is seat else OTHER_ITEM_AP
    spend(state, seat, cost, action.describe(), action.rule)


def take(state: GameState, seat: HeroSeat, action: act.Take, asker: Asker) -> None:
    """Take a card from a companion within range 1 (*Take, Use or Repair Other Items*)."""
    holder = state.heroes[action.holder]
    spend(state, seat, OTHER_ITEM_AP, action.describe(), action.rule)
    held, _ = holder.character.give(parse_location(action.location))
    seat.character.receive_where_it_fits(held)


def throw(state: GameState, seat: HeroSeat, action: act.Throw, asker: Asker) -> None:
    """Throw an item to a companion (*Throw Items*)."""
    location = parse_location(action.location)
    receiver = state.heroes[action.to]
    spend(state, seat, reach_cost(location.area), action.describe(), action.rule)
    held, _ = seat.character.give(location)
    receiver.character.receive_where_it_fits(held)


def repair_items(state: GameState, seat: HeroSeat, action: act.Repair, asker: Asker) -> None:
    """Repair cards on one's own mat or a companion's."""
    holder = companion(state, seat, action.holder)
    cost = repair(
        holder.character,
        tuple(parse_location(k) for k in action.locations),
        repairer=seat.character,
    )
    spend(state, seat, cost.ap, action.describe(), action.rule)
