"""The bots' quick choices give what their first, plain versions gave.

:func:`~doria_nb.engine.game.bots._best_attack` weighs the (attack, monster) pairs best first
and stops at the first one allowed; the movement tries the squares cheapest first and stops
at the first from which an attack reaches. The plain versions kept here check every pair and
every square, then pick the best. Both are asked at every hero decision of whole bot games.
"""

from __future__ import annotations

import pytest

from doria_nb.engine.cards import AttackKind
from doria_nb.engine.combat.board import attack_check
from doria_nb.engine.combat.board_check import hero_may_reach
from doria_nb.engine.game import bots
from doria_nb.engine.game.game import Game
from doria_nb.engine.game.hero_turn import attack_refusal
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.places import location_key
from doria_nb.engine.table.records import Phase

PARTY = ("warrior", "mage", "ranger", "priestess")


def _plain_best_attack(state, seat):  # type: ignore[no-untyped-def]
    best = None
    for option in bots._options(seat):
        for letter, monster in state.monsters.items():
            if attack_refusal(state, seat, option, letter):
                continue
            key = (-monster.foe.hp, *bots._score(option))
            if best is None or key > best[0]:
                best = (key, act.Attack(seat.letter, location_key(option.location), letter))
    return best[1] if best else None


def _plain_attack_spot(state, seat, here):  # type: ignore[no-untyped-def]
    """The square the plain movement chose to attack from (None: it looked further)."""
    who = seat.letter
    reach = state.movement_board(who).reach(max_jump=bots.BOT_MAX_JUMP)
    taken = {f.square for f in state.situation.figures if not f.unconscious}
    squares = [sq for sq in reach.squares if sq not in taken]
    if not squares or not state.monsters:
        return None
    cost = reach.cost
    dungeon = state.situation.dungeon
    options = bots._options(seat)
    longest = max((o.range for o in options), default=1)
    spots = []
    for sq in squares:
        if seat.ap - (cost(sq) or 0) < 1:
            continue
        near = [
            m
            for m in state.monsters
            if bots._distance(state.situation.figure(m).square, sq) <= longest
        ]
        pairs = [
            (m, o)
            for m in near
            for o in options
            if not (state.monsters[m].foe.only_hurt_by_magic and o.kind is not AttackKind.MAGIC)
            and hero_may_reach(dungeon, sq, state.situation.figure(m).square, o.range)
        ]
        if not pairs:
            continue
        moved = state.situation.moved(who, sq)
        if any(attack_check(moved, who, m, o).ok for m, o in pairs):
            spots.append(sq)
    if not spots:
        return None
    best = min(spots, key=lambda sq: (cost(sq) or 0, sq.y, sq.x))
    return act.Move(who, best, bots.BOT_MAX_JUMP)


@pytest.mark.parametrize("seed", [0, 3, 7])
def test_the_quick_choices_are_the_plain_ones(seed: int) -> None:
    game = Game.new("the_flooded_archive", PARTY, seed, snapshots=False)
    asked = spots = 0
    for _ in range(400):
        if game.over:
            break
        state = game.state
        if state.phase is not Phase.I and game.turn:
            seat = state.heroes[game.turn[0]]
            here = state.situation.figure(seat.letter).square
            assert bots._best_attack(state, seat) == _plain_best_attack(state, seat)
            plain = _plain_attack_spot(state, seat, here)
            if plain is not None and "immobilized" not in state.situation.figure(seat.letter).flags:
                assert bots._movement(state, seat, here) == plain
                spots += 1
            asked += 1
        game.apply(bots.bot_action(game))
    assert asked > 20 and spots > 3, (asked, spots)
