"""The bodies of Phases A, B, C, E and F (*Phases Overview*); :mod:`flow` runs them in order."""

from __future__ import annotations

from collections.abc import Callable

from doria_nb.engine.decisions import Choice
from doria_nb.engine.doom.play import run_doom_move
from doria_nb.engine.game.loot_cards import defeat_monsters
from doria_nb.engine.monster_activation.play import activate_monster, board_ap
from doria_nb.engine.phases.initiative import initiative_phase
from doria_nb.engine.phases.poison import apply_poison, poison_check, poison_monster
from doria_nb.engine.progression import LEVEL_UP_ROUNDS
from doria_nb.engine.sections import Section
from doria_nb.engine.situation.figure import Figure
from doria_nb.engine.table.ending import end_game
from doria_nb.engine.table.events import (
    HeroesEntered,
    InitiativeRolled,
    LevelUpRoundBegan,
    PoisonHurt,
    ZombiesRose,
)
from doria_nb.engine.table.game_end import check_end
from doria_nb.engine.table.records import MonsterSeat
from doria_nb.engine.table.state import GameState

__all__ = ["phase_a", "phase_b", "phase_c", "phase_e", "phase_f"]

Asker = Callable[[Choice], str]


def phase_a(state: GameState, asker: Asker) -> None:
    """*Phase A*: a dead end is checked and level-up rounds are announced."""
    from doria_nb.engine.exploring.secret_doors import dead_end

    dead_end(state, asker)
    if state.round in LEVEL_UP_ROUNDS:
        state.log.append(
            LevelUpRoundBegan(
                Section.PHASE_A,
                f"Round {state.round}: the heroes level up in Phase H.",
                round=state.round,
            )
        )


def phase_b(state: GameState, asker: Asker) -> None:
    """*Phase B*: the shop is refilled."""
    from doria_nb.engine.shop.play import refill

    refill(state)


def phase_c(state: GameState, asker: Asker) -> None:
    """*Phase C: Initiative*: AP rolls, unconsciousness and the Doom steps it sets off."""
    for seat in state.heroes.values():
        seat.out_this_round = False
    characters = {s.letter: s.character for s in state.heroes.values()}
    kept = frozenset(s.letter for s in state.heroes.values() if s.kept_unconscious)
    monster_ap = {
        m.letter: board_ap(state, m)
        for m in state.monsters.values()
        if m.spawned_round < state.round
    }
    phase = initiative_phase(
        characters,
        state.chance,
        state.doom,
        kept_unconscious=kept,
        monster_ap=monster_ap,
        options=state.options,
        solo=state.player_count == 1,
    )
    state.log.append(
        InitiativeRolled(
            Section.PHASE_C,
            phase.explain(),
            ap=tuple(phase.character_ap.items()),
            out_this_round=phase.out_this_round,
        )
    )
    for letter, ap in phase.character_ap.items():
        state.heroes[letter].ap = ap
    for letter in phase.out_this_round:
        state.heroes[letter].out_this_round = True
    for m in state.monsters.values():
        m.acted = False
        m.ap = monster_ap.get(m.letter)
    if state.round == 1:
        _place_heroes(state, asker)
    for letter in phase.unconscious:
        state.set_flag(letter, "unconscious", True)
    for letter in state.heroes:
        if letter not in phase.unconscious and not state.heroes[letter].kept_unconscious:
            state.set_flag(letter, "unconscious", False)
    if state.heroes and all(state.unconscious(s) for s in state.heroes):
        end_game(
            state,
            False,
            "every character is unconscious at the same time ("
            + ", ".join(seat.name for seat in state.heroes.values())
            + ")",
            Section.END_OF_THE_GAME,
        )
        return
    move = state.doom.move(phase.doom_steps) if phase.doom_steps else None
    if move is not None:
        run_doom_move(state, move, asker)


def _place_heroes(state: GameState, asker: Asker) -> None:
    """Round 1: the heroes stand on the start positions I to VI by their first initiative
    (*Phase C*; *Starting Positions*); ties keep the party's order (the players' choice)."""
    placed = state.situation.dungeon.tiles[0]
    starts = placed.tile.start_positions
    order = sorted(state.heroes.values(), key=lambda s: -s.ap)
    situation = state.situation
    for number, seat in enumerate(order, start=1):
        square = placed.to_table(starts[number])
        situation = situation.with_figure(Figure.hero(seat.name, seat.letter, square))
    state.situation = situation
    state.log.append(
        HeroesEntered(
            Section.STARTING_POSITIONS,
            "The heroes enter on the start positions: "
            + ", ".join(f"{_roman(i)} {s.name}" for i, s in enumerate(order, start=1)),
            order=tuple(s.letter for s in order),
        )
    )


def _roman(n: int) -> str:
    """``n`` (1 to 6) as a Roman numeral, as on the start positions."""
    return ["", "I", "II", "III", "IV", "V", "VI"][n]


def phase_e(state: GameState, asker: Asker) -> None:
    """*Phase E*: poison hurts heroes and monsters; poisoned monsters may be defeated."""
    for seat in state.heroes.values():
        if seat.poison <= 0:
            continue
        result = poison_check(
            seat.character,
            seat.poison,
            state.chance,
            monster_level=state.monster_level,
            options=state.options,
        )
        seat.poison = apply_poison(seat.character, result)
        state.log.append(
            PoisonHurt(Section.PHASE_E, result.explain(), seat.letter, hp=result.hp_lost)
        )
    beaten = []
    for m in state.monsters.values():
        if m.poison > 0:
            lost = poison_monster(m.poison)
            m.foe = m.foe.with_hp(m.foe.hp - lost)
            state.log.append(
                PoisonHurt(
                    Section.PHASE_E, f"{m.name} loses {m.poison} HP to poison", m.letter, hp=lost
                )
            )
            if m.foe.defeated:
                beaten.append(m.letter)
    if beaten:
        first = next(iter(state.heroes))
        defeat_monsters(state, first, beaten, asker)


def phase_f(state: GameState, asker: Asker) -> None:
    """*Phase F*: modifiers, traps, then the Zombies rise, in that order."""
    from doria_nb.engine.monster_activation.modifiers import modifiers_phase_f
    from doria_nb.engine.traps.play import traps_phase_f

    modifiers_phase_f(state, asker)  # the order of Phase F: modifiers, traps, Zombies, other
    if state.result is not None:
        return
    traps_phase_f(state, asker)
    if state.result is not None:
        return
    rising = state.spawn_context().raise_zombies()
    if not rising.raised and not rising.extra_activations:
        return
    from doria_nb.engine.monster_activation.play import foe_for, plain_board

    state.situation = plain_board(rising.situation)
    for zombie, new in rising.raised:
        parent = state.monsters[zombie]
        name = state.situation.figure(new).name
        state.monsters[new] = MonsterSeat(
            new, parent.card_id, (), foe_for(state, parent.card_id, (), name), state.round
        )
    state.log.append(
        ZombiesRose(
            Section.PHASE_F,
            rising.explain(),
            raised=rising.raised,
            extra_activations=tuple(extra.letter for extra in rising.extra_activations),
        )
    )
    for extra in rising.extra_activations:
        activate_monster(state, extra.letter, asker, reason="a Zombie that cannot multiply")
        if check_end(state):
            return
