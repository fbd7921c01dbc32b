"""Loot Cards reaching a hero: items taken, traps going off, events played; and what a
defeated monster gives (*Defeated Monsters*, *Search Treasures*, *Traps and Secret Doors*).

Traps are played by :func:`doria_nb.engine.traps.play.play_trap`, event cards by
:func:`doria_nb.engine.exploring.secret_doors.play_event`; both sit below the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from doria_nb.engine.cards import CardType, ItemCard
from doria_nb.engine.decisions import Choice, ChoiceKind, Option
from doria_nb.engine.exploring.secret_doors import play_event
from doria_nb.engine.loot import Defeated, continue_loot, defeat
from doria_nb.engine.sections import Section
from doria_nb.engine.table.events import LootDrawn, MonsterDefeated
from doria_nb.engine.table.state import GameState
from doria_nb.engine.traps.play import play_trap

__all__ = ["defeat_monsters", "take_cards"]

Asker = Callable[[Choice], str]


def take_cards(state: GameState, who: str, cards: Sequence[ItemCard], asker: Asker) -> None:
    """Play Loot Cards drawn by hero ``who`` in order: traps and events take effect at once,
    items go to the hero."""
    seat = state.heroes[who]
    for card in cards:
        if state.result is not None:
            return
        if card.type is CardType.TRAP:
            play_trap(state, who, card, asker)
        elif card.type is CardType.EVENT:
            play_event(state, who, card, asker)
        else:
            seat.character.receive_where_it_fits(card)


def defeat_monsters(state: GameState, who: str, letters: Sequence[str], asker: Asker) -> None:
    """Monsters at 0 HP leave the board; ``who`` draws their Loot Cards and the group gains
    their XP (*Defeated Monsters*: each figure with every modifier it carries, ruling H31)."""
    from doria_nb.engine.monster_activation.play import remove_monster

    defeated = []
    for letter in letters:
        seat = state.monsters[letter]
        modifiers = tuple(state.pack.modifier(m) for m in seat.modifier_ids)
        defeated.append(Defeated(seat.foe.name, modifiers))
        square = remove_monster(state, letter)
        state.counters.monsters_defeated += 1
        from doria_nb.engine.monster_activation.modifiers import explode

        explode(state, seat, square, asker)
        state.log.append(
            MonsterDefeated(
                Section.DEFEATED_MONSTERS,
                f"{seat.foe.name} ({letter}) is defeated",
                letter,
                monster=seat.card_id,
            )
        )
    name = state.heroes[who].name if who in state.heroes else who
    draw, state.loot = defeat(defeated, state.loot, state.chance, who=name, options=state.options)
    cards = list(draw.cards)
    while draw.paused:
        choice = Choice(
            ChoiceKind.KEEP_CARD,
            name,
            "A trap came up: draw the remaining loot cards?",
            (Option("draw", "draw the rest"), Option("stop", "stop drawing")),
            Section.STOP_LOOT,
        )
        if asker(choice) != "draw":
            break
        draw, state.loot = continue_loot(draw, state.loot, state.chance)
        cards += draw.cards
    state.group_xp = state.group_xp.gain(sum(d.xp for d in defeated))
    if cards and who in state.heroes:
        state.log.append(LootDrawn.of(Section.DEFEATED_MONSTERS, name, cards, who))
        take_cards(state, who, cards, asker)
    elif cards:
        state.loot = state.loot.discard(cards)
