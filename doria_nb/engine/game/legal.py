"""The legal actions of a moment, listed (python-chess's legal moves).

Each candidate is built from what the board offers and kept only if the same check that
guards :meth:`Game.apply` lets it through, so the list and the rules cannot disagree.
"""

from __future__ import annotations

from doria_nb.engine.cards import CardType, Marker
from doria_nb.engine.combat.weapons import attack_options
from doria_nb.engine.game import actions as act
from doria_nb.engine.game.hero_turn import actors, attack_refusal, hero_reach, verify
from doria_nb.engine.game.places import location_key
from doria_nb.engine.game.records import IllegalAction, Phase
from doria_nb.engine.game.state import GameState
from doria_nb.engine.health_care import revive_limits
from doria_nb.engine.mat import Area

__all__ = ["hero_actions", "legal_actions"]


def legal_actions(state: GameState) -> list[act.Action]:
    found: list[act.Action] = []
    if state.phase is Phase.I:
        from doria_nb.engine.game.shop_play import shop_actions

        found += shop_actions(state)
    for who in actors(state):
        found += hero_actions(state, who)
    return found + _party_actions(state)


def _party_actions(state: GameState) -> list[act.Action]:
    """Heroes leaving (any time, for the end of the round) and joining (Phase I); in a
    campaign scenario, the group declaring its escape (any time, for the end of the round)."""
    from doria_nb.engine.game.party import verify_party

    candidates: list[act.Action] = [act.Leave(letter) for letter in state.heroes]
    if state.phase is Phase.I:
        candidates += [act.Join("", hero.id) for hero in state.pack.heroes]
    kept = []
    for action in candidates:
        try:
            verify_party(state, action)
        except IllegalAction:
            continue
        kept.append(action)
    from doria_nb.engine.campaign.escape import verify_declaration

    try:
        verify_declaration(state)
    except IllegalAction:
        return kept
    return [*kept, act.DeclareEscape("")]


def _keep(state: GameState, candidates: list[act.Action]) -> list[act.Action]:
    kept = []
    for action in candidates:
        try:
            verify(state, action)
        except IllegalAction:
            continue
        kept.append(action)
    return kept


def hero_actions(state: GameState, who: str) -> list[act.Action]:
    """Every legal action of hero ``who`` now."""
    seat = state.heroes[who]
    fig = state.situation.figure(who)
    reach = hero_reach(state, who)
    held = "immobilized" in fig.flags  # a hero held by a trap cannot move (FAQ)
    found: list[act.Action] = [
        act.Move(who, sq) for sq in sorted(reach.squares) if sq != fig.square and not held
    ]
    candidates: list[act.Action] = []
    dungeon = state.situation.dungeon
    for door in dungeon.doors():
        if door.opened or abs(door.square.x - fig.square.x) + abs(door.square.y - fig.square.y) > 1:
            continue
        candidates.append(act.OpenDoor(who, door.square))
    if fig.square in dungeon.treasures:
        candidates += [act.Search(who), act.Search(who, careful=True)]
    for option in attack_options(seat.character):
        for letter in state.monsters:
            if not attack_refusal(state, seat, option, letter):
                candidates.append(act.Attack(who, location_key(option.location), letter))
    candidates.append(act.Wait(who, 1))
    if seat.ap > 1:
        candidates.append(act.Wait(who, seat.ap))
    for location, held in seat.character.mat.locations():
        key = location_key(location)
        if held.card.type is CardType.POTION:
            candidates.append(act.Drink(who, key))
        if location.area is not Area.BODY:
            candidates.append(act.Equip(who, key, "body"))
        if held.card.check is not None and held.card.effect is not None:
            candidates += [act.Cast(who, key, other) for other in state.heroes]
    for other in state.heroes.values():
        if other.letter == who:
            continue
        if state.unconscious(other.letter):
            limits = revive_limits(seat.ap)
            if limits is not None:
                candidates.append(act.Revive(who, other.letter, limits[0]))
            candidates.append(act.PickUp(who, other.letter))
    candidates += [act.Disarm(who, i) for i in range(len(state.active_traps))]
    if state.situation.carrying(who) is not None:
        candidates.append(act.PutDown(who))
    for option in seat.character.repair_options():
        candidates.append(act.Repair(who, tuple(location_key(loc) for loc in option.locations)))
    for other in state.heroes.values():
        there = state.situation.figure(other.letter).square
        if other.letter == who or abs(there.x - fig.square.x) + abs(there.y - fig.square.y) > 1:
            continue
        for location, _ in other.character.mat.locations():
            key = location_key(location)
            candidates.append(act.Take(who, other.letter, key))
            if location.area is not Area.BODY:
                candidates.append(act.Equip(who, key, "body", other.letter))
        for option in other.character.repair_options():
            keys = tuple(location_key(loc) for loc in option.locations)
            candidates.append(act.Repair(who, keys, other.letter))
    for square in dungeon.neighbors(fig.square):
        if dungeon.marker(square) is Marker.RUBBLE:
            candidates.append(act.ClearRubble(who, square))
    return found + _keep(state, candidates)
