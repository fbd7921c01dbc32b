"""A hero's actions in *Phase D: Action Phase*: each is checked in full before anything
changes (an illegal one raises :class:`IllegalAction` in words and the game stays as it
was), then carried out, citing its rule.

This module dispatches: :mod:`hero_checks` holds who may act and :func:`verify`;
:mod:`hero_moves` movement, doors and exploration; :mod:`hero_items` cards, potions and
spells. Attacking and waiting are carried out here. Any action but walking may take the
marker below 0 (*Phase D: Action Phase*).
"""

from __future__ import annotations

from collections.abc import Callable

from doria_nb.engine.combat.board import hero_attack_on_board
from doria_nb.engine.combat.board_records import BoardAttack
from doria_nb.engine.decisions import Choice
from doria_nb.engine.game import hero_items as items
from doria_nb.engine.game import hero_moves as moves
from doria_nb.engine.game.hero_checks import (
    actors,
    attack_option,
    attack_refusal,
    hero_reach,
    verify,
)
from doria_nb.engine.game.hero_moves import relocate, spend
from doria_nb.engine.game.loot_cards import defeat_monsters
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.events import AttackMade
from doria_nb.engine.table.records import HeroSeat
from doria_nb.engine.table.state import GameState

__all__ = ["actors", "attack_refusal", "carry_out", "hero_reach", "relocate", "verify"]

Asker = Callable[[Choice], str]


def _attack(state: GameState, seat: HeroSeat, action: act.Attack, asker: Asker) -> None:
    """Attack a monster with a ready weapon or spell; a missed roll may use Fate."""
    option = attack_option(state, seat, action.location)
    foes = {m.letter: m.foe for m in state.monsters.values()}
    friends = {h.letter: h.character for h in state.heroes.values() if h.letter != seat.letter}
    from doria_nb.engine.effects_play import attack_bonus_for, fate_reroll_wanted

    board = state.board()

    def resolve() -> BoardAttack:
        return hero_attack_on_board(
            board,
            seat.letter,
            seat.character,
            action.target,
            foes[action.target],
            option,
            state.chance,
            foes=foes,
            friends=friends,
            options=state.options,
            policy=asker,
            extra_bonus=attack_bonus_for(state, seat.letter),
        )

    attack = resolve()
    if not attack.hits[0].resolution.hit and fate_reroll_wanted(
        state, seat.letter, asker, f"the attack with the {option.name}"
    ):
        attack = resolve()
    spend(
        state,
        seat,
        option.ap,
        f"{seat.name} attacks {action.target} with the {option.name}",
        action.rule,
    )
    everyone = {h.letter: h.character for h in state.heroes.values()}
    attack.apply(everyone)
    state.log.append(AttackMade.of(attack))
    if attack.held:
        state.situation = attack.held_on(state.situation)
    beaten = []
    for letter, foe in attack.foes_after.items():
        state.monsters[letter].foe = foe
        if foe.defeated:
            beaten.append(letter)
    if beaten:
        defeat_monsters(state, seat.letter, beaten, asker)


def _wait(state: GameState, seat: HeroSeat, action: act.Wait, asker: Asker) -> None:
    """Wait: spend AP and drop down the Initiative Board (*Wait*)."""
    spend(state, seat, action.ap, action.describe(), action.rule)


def _disarm(state: GameState, seat: HeroSeat, action: act.Disarm, asker: Asker) -> None:
    """Disarm a trap (the trap rules live in :mod:`doria_nb.engine.traps.play`)."""
    from doria_nb.engine.traps.play import do_disarm

    do_disarm(state, seat.letter, action.trap, asker)


_HANDLERS: dict[type, Callable[..., None]] = {
    act.Disarm: _disarm,
    act.Move: moves.do_move,
    act.OpenDoor: moves.open_door,
    act.Search: items.search,
    act.Attack: _attack,
    act.Wait: _wait,
    act.Drink: items.drink,
    act.Cast: items.cast_spell,
    act.Revive: items.revive_hero,
    act.PickUp: moves.pick_up,
    act.PutDown: moves.put_down,
    act.Equip: items.equip,
    act.Throw: items.throw,
    act.Repair: items.repair_items,
    act.Take: items.take,
    act.ClearRubble: moves.clear_rubble_action,
}


def carry_out(state: GameState, action: act.Action, asker: Asker) -> None:
    """Do ``action`` (already verified)."""
    seat = state.heroes[action.who]
    handler = _HANDLERS[type(action)]
    handler(state, seat, action, asker)
