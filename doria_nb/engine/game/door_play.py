"""*Optional Rule: Door Events* in a game: a card drawn whenever a hero opens a door, resolved
before the Room Tile is revealed, its outcome applied to the game."""

from __future__ import annotations

from collections.abc import Callable

from doria_nb.engine.decisions import Choice
from doria_nb.engine.door_events import DoorEventOutcome, resolve_door_event
from doria_nb.engine.game.loot_cards import take_cards
from doria_nb.engine.geometry import Square
from doria_nb.engine.sections import Section
from doria_nb.engine.table.events import ArmorTookDamage, DoorEventDrawn, Happened
from doria_nb.engine.table.records import HeroSeat
from doria_nb.engine.table.state import GameState
from doria_nb.engine.traps.armor import armor_for_trap

__all__ = ["door_event", "spawn_at"]

Asker = Callable[[Choice], str]


def door_event(state: GameState, seat: HeroSeat, door: Square, asker: Asker) -> int:
    """Draw and resolve a Door Event card for ``seat`` opening ``door``; returns the number
    of extra monsters to bring once the tile is revealed (they come like the tile's own)."""
    card, state.door_deck, _ = state.door_deck.draw(state.chance, who=seat.name)
    if card is None:
        state.log.append(Happened(Section.DOOR_EVENTS, "The Door Event deck is empty."))
        return 0
    outcome = resolve_door_event(
        card,
        seat.character,
        state.chance,
        monster_level=state.monster_level,
        options=state.options,
    )
    state.door_deck = state.door_deck.discard(card)
    state.log.append(
        DoorEventDrawn(Section.DOOR_EVENTS, outcome.explain(), seat.letter, card=card.id)
    )
    _apply(state, seat, outcome, asker)
    return outcome.monsters


def _apply(state: GameState, seat: HeroSeat, outcome: DoorEventOutcome, asker: Asker) -> None:
    ch = seat.character
    damage = outcome.damage
    if damage and not state.options.reads("traps_ignore_armor"):
        # The damage may go on one armor, as a trap's (rulings DE5 and TR7).
        taken = armor_for_trap(ch, damage, "door event", asker)
        if taken is not None:
            ch.damage_item(taken.location)
            damage = taken.hp_lost
            state.log.append(ArmorTookDamage.of(taken, seat.name, seat.letter))
    hp = outcome.heal - damage
    if hp or outcome.pp_change:
        ch.change_points(hp=hp, pp=outcome.pp_change, reason="door event")
    seat.poison += outcome.poison
    seat.ap += outcome.ap_change
    if outcome.doom_steps:
        from doria_nb.engine.game.flow import run_doom_move

        run_doom_move(state, state.doom.move(outcome.doom_steps), asker)
    if outcome.loot_cards and state.result is None:
        cards, state.loot, _ = state.loot.draw(outcome.loot_cards, state.chance)
        take_cards(state, seat.letter, cards, asker)


def spawn_at(state: GameState, square: Square, count: int, current: int, asker: Asker) -> None:
    """``count`` monsters drawn and placed as close as possible to ``square`` (ruling DE6)."""
    from doria_nb.engine.monster_activation.play import act_at_once, register_spawn

    for _ in range(count):
        if state.result is not None:
            return
        spawn = state.spawn_context(current_initiative=current).spawn_monsters([square])
        register_spawn(state, spawn, asker)
        for letter in spawn.acts_now:
            act_at_once(state, letter, asker, reason="it comes in above the current marker")
