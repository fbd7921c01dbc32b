"""A default hero policy: bots that play the game sensibly, so that whole games can run
unattended (soak tests, balance figures, the "watch a game" demo).

The policy, in order, for the hero whose turn it is:

1. drink a healing potion when down to a third of its Hit Points;
2. cast a healing spell on the most hurt companion in reach (at half their HP or less);
3. revive an unconscious companion next to it;
4. attack: the ready attack and the monster in reach that promise the most (the weakest
   monster first, then the most damage, then the fewest AP);
5. search the treasure marker it stands on;
6. out of danger: take a stronger weapon or armor out of the pack, or throw a card it cannot
   wear to a companion who can (sharing the loot);
7. open a closed door it stands at — opening doors slows the Doom Counter; while monsters
   are about, only if no door was opened yet this round;
8. move: to where it can attack a monster, else onto a treasure marker, else to a closed door,
   else towards the nearest monster; never a jump longer than two squares;
9. otherwise wait out its AP.

(Measured over 120 games each: stepping away from monsters below 0 HP lost games; holding
back from new doors while monsters are about won more.)

In Phase I it buys nothing the shop policy does not advise and ends the phase. Every answer
to a rule's question is the documented default policy.
"""

from __future__ import annotations

from collections.abc import Iterable

from doria_nb.engine.cards import AttackKind, CardType
from doria_nb.engine.combat.board import attack_check
from doria_nb.engine.combat.board_check import hero_may_reach
from doria_nb.engine.combat.weapons import AttackOption, attack_options
from doria_nb.engine.game.hero_checks import joined_door
from doria_nb.engine.game.hero_turn import attack_refusal, verify
from doria_nb.engine.geometry import Square
from doria_nb.engine.health.care import revive_limits
from doria_nb.engine.mat import Area
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.places import location_key
from doria_nb.engine.table.records import HeroSeat, IllegalAction, Phase
from doria_nb.engine.table.state import GameState

__all__ = ["BOT_MAX_JUMP", "bot_action"]

BOT_MAX_JUMP = 2
"""The longest jump a bot takes, in squares (TN 20)."""


def bot_action(game: object, who: str | None = None) -> act.Action:
    """The default policy's next input for ``game`` (a :class:`Game` not over, no question
    pending): for hero ``who`` (one of ``game.turn``; the first of them by default), or the
    group's shop input in Phase I."""
    state: GameState = game.state  # type: ignore[attr-defined]
    if state.phase is Phase.I:
        from doria_nb.engine.shop.play import shop_bot_action

        return shop_bot_action(state)
    turn = game.turn  # type: ignore[attr-defined]
    if who is None:
        who = turn[0]
    elif who not in turn:
        raise IllegalAction(f"It is not {who}'s turn; the heroes who may act are {list(turn)}.")
    return _hero_action(state, state.heroes[who])


def _distance(a: Square, b: Square) -> int:
    return abs(a.x - b.x) + abs(a.y - b.y)


def _hero_action(state: GameState, seat: HeroSeat) -> act.Action:
    who = seat.letter
    ch = seat.character
    here = state.situation.figure(who).square
    potion = _healing_potion(seat)
    if potion is not None and ch.hp <= ch.maximum.hp // 3:
        return act.Drink(who, potion)
    healing = _heal_a_friend(state, seat, here)
    if healing is not None:
        return healing
    for other in state.heroes.values():
        if other.letter != who and state.unconscious(other.letter):
            fig = state.situation.figure(other.letter)
            limits = revive_limits(seat.ap)
            if fig.carried_by is None and _distance(fig.square, here) <= 1 and limits:
                return act.Revive(who, other.letter, limits[0])
    held = "immobilized" in state.situation.figure(who).flags
    attack = _best_attack(state, seat)
    if attack is not None:
        return attack
    if here in state.situation.dungeon.treasures:
        return act.Search(who)
    if not _threatened(state, here):
        tidy = _tidy_up(state, seat)
        if tidy is not None:
            return tidy
    joined = _joined_door_at(state, here)
    if joined is not None:
        return act.OpenDoor(who, joined)
    door = _door_at(state, here)
    if door is not None and state.tile_deck.remaining and not _engaged(state):
        return act.OpenDoor(who, door)
    if not held:
        move = _movement(state, seat, here)
        if move is not None:
            return move
    return act.Wait(who, seat.ap)


def _engaged(state: GameState) -> bool:
    """Monsters are on the board: finish them before opening more doors (new rooms bring new
    monsters), unless the Doom Counter would gain a step because no door was opened."""
    return bool(state.monsters) and state.door_opened


def _threatened(state: GameState, here: Square) -> bool:
    return any(_distance(state.situation.figure(m).square, here) <= 6 for m in state.monsters)


def _heal_a_friend(state: GameState, seat: HeroSeat, here: Square) -> act.Action | None:
    """A healing spell on the most hurt companion in reach (or oneself)."""
    ch = seat.character
    for location, held_card in ch.mat.locations():
        card = held_card.card
        if card.check is None or card.effect is None or card.effect.name != "heal":
            continue
        if location.area is Area.BACKPACK or held_card.damaged or ch.pp < card.pp:
            continue
        hurt = sorted(
            (
                s.character.hp - s.character.maximum.hp // 2,
                s.letter,
            )
            for s in state.heroes.values()
            if not state.unconscious(s.letter) and s.character.hp <= s.character.maximum.hp // 2
        )
        for _, letter in hurt:
            action = act.Cast(seat.letter, location_key(location), letter)
            try:
                verify(state, action)
            except IllegalAction:
                continue
            return action
    return None


def _tidy_up(state: GameState, seat: HeroSeat) -> act.Action | None:
    """Out of danger: take a better weapon out of the pack, or pass a card one cannot use
    to a companion who can wear it (sharing the loot)."""
    ch = seat.character
    best_now = max((_score(o) for o in _options(seat)), default=None)
    for location, held_card in ch.mat.locations():
        if location.area is Area.BODY or held_card.damaged:
            continue
        card = held_card.card
        if card.attacks and ch.can_equip(location, Area.BODY):
            gain = max((a.damage, a.dice.count * 6 + a.dice.modifier, 0) for a in card.attacks)
            if best_now is None or gain > best_now:
                return act.Equip(seat.letter, location_key(location), "body")
        if card.armor and ch.can_equip(location, Area.BODY):
            return act.Equip(seat.letter, location_key(location), "body")
        if ch.can_equip(location, Area.BODY) or card.type is CardType.TRAP:
            continue
        for other in state.heroes.values():
            if other.letter == seat.letter or state.unconscious(other.letter):
                continue
            if other.character.can_receive(card, Area.BODY):
                action = act.Throw(seat.letter, location_key(location), other.letter)
                try:
                    verify(state, action)
                except IllegalAction:
                    continue
                return action
    return None


def _healing_potion(seat: HeroSeat) -> str | None:
    for location, held in seat.character.mat.locations():
        card = held.card
        if (
            card.type is CardType.POTION
            and location.area is not Area.BACKPACK
            and card.effect is not None
            and card.effect.name == "heal"
            and not held.damaged
        ):
            return location_key(location)
    return None


def _score(option: AttackOption) -> tuple[int, int, int]:
    return (option.damage, option.dice.count * 6 + option.dice.modifier, -option.ap)


def _options(seat: HeroSeat) -> list[AttackOption]:
    ch = seat.character
    return [o for o in attack_options(ch) if not o.pp or ch.pp >= o.pp]


def _best_attack(state: GameState, seat: HeroSeat) -> act.Action | None:
    """The attack that promises most among those allowed: the weakest monster, then the most
    damage, then the fewest AP; of equals, the first (ready attacks in order, then monsters
    in order). The pairs are weighed best first, so the first one allowed is the answer and
    the rest need no check."""
    pairs = [
        ((-monster.foe.hp, *_score(option)), option, letter)
        for option in _options(seat)
        for letter, monster in state.monsters.items()
    ]
    pairs.sort(key=lambda pair: pair[0], reverse=True)  # stable: equals keep their order
    situation = state.situation
    here = situation.figure(seat.letter).square
    for _, option, letter in pairs:
        if _plain_attack(seat, option) and not hero_may_reach(
            situation.dungeon, here, situation.figure(letter).square, option.range
        ):
            continue  # out of reach: attack_refusal would refuse it, after more work
        if not attack_refusal(state, seat, option, letter):
            return act.Attack(seat.letter, location_key(option.location), letter)
    return None


def _plain_attack(seat: HeroSeat, option: AttackOption) -> bool:
    """An attack without an area: its reach is the option's range."""
    card_attack = seat.character.mat.at(option.location).card.attack(option.kind)
    return card_attack is None or not card_attack.area


def _joined_door_at(state: GameState, here: Square) -> Square | None:
    """A closed door in front of the hero (on either side) that already meets another tile:
    opening it costs nothing and opens a way. A door beside the hero, not in front of it,
    cannot be opened from there (soak seed 405124)."""
    for door in state.situation.dungeon.doors():
        if (
            here in (door.inside, door.outside)
            and joined_door(state, door.square)
            and not door.blocked
        ):
            return door.square
    return None


def _door_at(state: GameState, here: Square) -> Square | None:
    """An unexplored door the hero stands in front of, on the door's own tile."""
    for door in state.situation.dungeon.unexplored_doors():
        if here == door.inside and door.square not in state.dead_doors:
            return door.square
    return None


def _movement(state: GameState, seat: HeroSeat, here: Square) -> act.Action | None:
    who = seat.letter
    reach = state.movement_board(who).reach(max_jump=BOT_MAX_JUMP)
    taken = {f.square for f in state.situation.figures if not f.unconscious}
    squares = [sq for sq in reach.squares if sq not in taken]
    if not squares:
        return None
    cost = reach.cost

    def move(targets: Iterable[Square]) -> act.Action | None:
        best = min(targets, key=lambda sq: (cost(sq) or 0, sq.y, sq.x), default=None)
        return act.Move(who, best, BOT_MAX_JUMP) if best is not None else None

    if state.monsters:
        # The spot to attack from is the cheapest, then the first in reading order: the
        # squares are tried in that order and the first that serves is the answer.
        dungeon = state.situation.dungeon
        options = _options(seat)
        longest = max((o.range for o in options), default=1)
        for sq in sorted(squares, key=lambda sq: (cost(sq) or 0, sq.y, sq.x)):
            if seat.ap - (cost(sq) or 0) < 1:
                continue
            near = [
                m
                for m in state.monsters
                if _distance(state.situation.figure(m).square, sq) <= longest
            ]
            if not near:
                continue
            pairs = [
                (m, o)
                for m in near
                for o in options
                if not (state.monsters[m].foe.only_hurt_by_magic and o.kind is not AttackKind.MAGIC)
                and hero_may_reach(dungeon, sq, state.situation.figure(m).square, o.range)
            ]
            if not pairs:  # no attack could reach from there: no need to stand there to ask
                continue
            moved = state.situation.moved(who, sq)
            if any(attack_check(moved, who, m, o).ok for m, o in pairs):
                return move([sq])
    treasures = [sq for sq in squares if sq in state.situation.dungeon.treasures]
    if treasures:
        return move(treasures)
    fronts = _door_fronts(state)
    if here in fronts:
        return None
    reachable_fronts = [sq for sq in squares if sq in fronts]
    if reachable_fronts and state.tile_deck.remaining:
        return move(reachable_fronts)
    goals = [state.situation.figure(m).square for m in state.monsters] or list(fronts)
    if not goals:
        return None
    closest = min(squares, key=lambda sq: (min(_distance(sq, g) for g in goals), cost(sq) or 0))
    if min(_distance(closest, g) for g in goals) >= min(_distance(here, g) for g in goals):
        return None
    return act.Move(who, closest, BOT_MAX_JUMP)


def _door_fronts(state: GameState) -> set[Square]:
    """The squares in front of the closed doors that lead to the unexplored table."""
    dungeon = state.situation.dungeon
    fronts = set()
    for door in dungeon.unexplored_doors():
        if door.square in state.dead_doors:
            continue
        for n in dungeon.neighbors(door.square):
            if dungeon.tile_index(n) == dungeon.tile_index(door.square) and dungeon.passable(n):
                fronts.add(n)
    return fronts
