"""Everything a hero (or the group, in Phase I) may do now, as labelled offers by kind.

The play table's plain controls — one list per kind of action, for keyboard users and tests —
and its board clicks both draw from here. Each kind has a builder that proposes candidate
actions from what the board and the mats offer (every reachable square, every card and place,
every companion in range); only those :meth:`Game.can
<doria_nb.engine.game.game.Game.can>` approves are offered, so the table can never offer what
the rules refuse. Actions with a number the player picks (how many AP to wait, how many AP a
revival gives) are offered at the ends of their range, and the table builds the rest.

:data:`KINDS` lists every kind with its title and rule; :data:`KIND_OF` maps each action
class of the engine to its kind, and a test checks that every action class has one.

>>> from doria_nb.engine.game.game import Game
>>> game = Game.new(heroes=["warrior", "mage"], seed=4)
>>> who = game.turn[0]
>>> moves = offers(game, who, "move")
>>> all(game.can(o.action) for o in moves), moves[0].kind
(True, 'move')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from doria_nb.engine.cards import CardType, Marker
from doria_nb.engine.combat.weapons import attack_options
from doria_nb.engine.game.game import Game
from doria_nb.engine.game.hero_turn import hero_reach
from doria_nb.engine.geometry import Square
from doria_nb.engine.health.care import revive_limits
from doria_nb.engine.mat import Slot
from doria_nb.engine.sections import Section
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.places import location_key
from doria_nb.engine.table.records import Phase

__all__ = [
    "GROUP_KINDS",
    "HERO_KINDS",
    "KINDS",
    "KIND_OF",
    "Kind",
    "Offer",
    "hero_offers",
    "offers",
    "square_text",
]


@dataclass(frozen=True, slots=True)
class Offer:
    """One legal input: the ``action``, its ``kind`` (a key of :data:`KINDS`), what a player
    reads (``label``), the AP it costs when known before it is taken, and a longer ``detail``
    (a movement's path, an attack's dice)."""

    action: act.Action
    kind: str
    label: str
    ap: int | None = None
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of input at the table: its key, the title of its control, its rule."""

    key: str
    title: str
    rule: Section
    group: bool = False


def square_text(square: Square) -> str:
    return f"({square.x}, {square.y})"


def _near(a: Square, b: Square) -> bool:
    return abs(a.x - b.x) + abs(a.y - b.y) <= 1


Builder = Callable[[Game, str], Iterable[Offer]]


def _move(game: Game, who: str, max_jump: int | None = None) -> Iterable[Offer]:
    reach = hero_reach(game.state, who, max_jump=max_jump)
    here = game.situation.figure(who).square
    for square in sorted(reach.squares, key=lambda s: (reach.cost(s) or 0, s.y, s.x)):
        if square == here:
            continue
        path = reach.path(square)
        jumps = path.target_numbers
        tn = f", jump TN {'/'.join(str(t) for t in jumps)}" if jumps else ""
        yield Offer(
            act.Move(who, square, max_jump),
            "move",
            f"to {square_text(square)}: {path.cost} AP{tn}",
            path.cost,
            str(path),
        )


def _open_door(game: Game, who: str) -> Iterable[Offer]:
    here = game.situation.figure(who).square
    for door in game.situation.dungeon.doors():
        if not door.opened and _near(door.square, here):
            yield Offer(
                act.OpenDoor(who, door.square),
                "open door",
                f"open the door at {square_text(door.square)}",
                0,
            )


def _search(game: Game, who: str) -> Iterable[Offer]:
    yield Offer(act.Search(who), "search", "search: draw 1 Loot Card (1 AP)", 1)
    yield Offer(
        act.Search(who, careful=True),
        "search",
        "search carefully: draw 2, keep 1 (5 AP)",
        5,
    )


def _attack(game: Game, who: str) -> Iterable[Offer]:
    state = game.state
    seat = state.heroes[who]
    for option in attack_options(seat.character):
        for letter, monster in state.monsters.items():
            label = state.situation.figure(letter).label
            yield Offer(
                act.Attack(who, location_key(option.location), letter),
                "attack",
                f"{label} with the {option.name} ({option.kind} {option.dice}, "
                f"damage {option.damage}, {option.ap} AP)",
                option.ap,
                f"{monster.foe.name}: HP {monster.foe.hp}",
            )


def _cards(game: Game, letter: str) -> Iterable[tuple[str, str, CardType]]:
    """(place key, card name, type) of every card on hero ``letter``'s mat."""
    for location, held in game.state.heroes[letter].character.mat.locations():
        yield location_key(location), held.card.name, held.card.type


def _in_range(game: Game, who: str) -> list[str]:
    """The other heroes within range 1 of ``who`` (adjacent, or carried on its square)."""
    here = game.situation.figure(who).square
    return [
        other
        for other in game.state.heroes
        if other != who and _near(game.situation.figure(other).square, here)
    ]


def _name(game: Game, letter: str) -> str:
    return game.state.heroes[letter].name


def _drink(game: Game, who: str) -> Iterable[Offer]:
    friends = _in_range(game, who)
    for holder in (who, *friends):
        for key, name, kind in _cards(game, holder):
            if kind is not CardType.POTION:
                continue
            for on in (who, *friends):
                whose = "" if holder == who else f" ({_name(game, holder)}'s)"
                whom = "" if on == who else f" on {_name(game, on)}"
                yield Offer(
                    act.Drink(
                        who, key, on="" if on == who else on, holder="" if holder == who else holder
                    ),
                    "drink",
                    f"the {name}{whose}{whom}",
                )


def _cast(game: Game, who: str) -> Iterable[Offer]:
    for location, held in game.state.heroes[who].character.mat.locations():
        card = held.card
        if card.check is None or card.effect is None:
            continue
        for on in game.state.heroes:
            whom = "yourself" if on == who else _name(game, on)
            yield Offer(
                act.Cast(who, location_key(location), "" if on == who else on),
                "cast",
                f"the {card.name} on {whom}",
            )


def _revive(game: Game, who: str) -> Iterable[Offer]:
    limits = revive_limits(game.state.heroes[who].ap)
    if limits is None:
        return
    for other in game.state.heroes:
        if other != who and game.state.unconscious(other):
            for ap in sorted(set(limits)):
                yield Offer(
                    act.Revive(who, other, ap),
                    "revive",
                    f"{_name(game, other)}, giving {ap} AP (you pay {ap})",
                    ap,
                )


def _repair(game: Game, who: str) -> Iterable[Offer]:
    for holder in (who, *_in_range(game, who)):
        character = game.state.heroes[holder].character
        for option in character.repair_options():
            keys = tuple(location_key(loc) for loc in option.locations)
            names = ", ".join(character.mat.at(loc).card.name for loc in option.locations)
            whose = "" if holder == who else f" of {_name(game, holder)}"
            yield Offer(
                act.Repair(who, keys, "" if holder == who else holder),
                "repair",
                f"{names}{whose}",
            )


def _take(game: Game, who: str) -> Iterable[Offer]:
    for holder in _in_range(game, who):
        for key, name, _ in _cards(game, holder):
            yield Offer(
                act.Take(who, holder, key),
                "take",
                f"the {name} from {_name(game, holder)} ({key}, 5 AP)",
                5,
            )


_DESTINATIONS = (*(slot.value for slot in Slot), "body", "belt", "backpack")


def _equip(game: Game, who: str) -> Iterable[Offer]:
    for holder in (who, *_in_range(game, who)):
        for key, name, _ in _cards(game, holder):
            for to in _DESTINATIONS:
                if to == key or (to in ("belt", "backpack") and key.startswith(to)):
                    continue
                whose = "" if holder == who else f" for {_name(game, holder)}"
                yield Offer(
                    act.Equip(who, key, to, "" if holder == who else holder),
                    "equip",
                    f"the {name} ({key}) to {to}{whose}",
                )


def _throw(game: Game, who: str) -> Iterable[Offer]:
    for key, name, _ in _cards(game, who):
        for other in game.state.heroes:
            if other != who:
                yield Offer(
                    act.Throw(who, key, other), "throw", f"the {name} to {_name(game, other)}"
                )


def _pick_up(game: Game, who: str) -> Iterable[Offer]:
    for other in game.state.heroes:
        if other != who and game.state.unconscious(other):
            yield Offer(act.PickUp(who, other), "pick up", f"pick up {_name(game, other)}", 0)


def _put_down(game: Game, who: str) -> Iterable[Offer]:
    yield Offer(act.PutDown(who), "put down", "put down the hero you carry", 0)


def _clear_rubble(game: Game, who: str) -> Iterable[Offer]:
    dungeon = game.situation.dungeon
    for square in dungeon.neighbors(game.situation.figure(who).square):
        if dungeon.marker(square) is Marker.RUBBLE:
            yield Offer(
                act.ClearRubble(who, square),
                "clear rubble",
                f"clear the Rubble at {square_text(square)} (10 AP)",
                10,
            )


def _disarm(game: Game, who: str) -> Iterable[Offer]:
    for index, trap in enumerate(game.state.active_traps):
        name = getattr(getattr(trap, "card", None), "name", f"trap {index + 1}")
        yield Offer(act.Disarm(who, index), "disarm", f"try to disarm the {name}")


def _wait(game: Game, who: str) -> Iterable[Offer]:
    ap = game.state.heroes[who].ap
    for n in sorted({1, 5, ap} if ap > 5 else {1, ap}):
        if n >= 1:
            yield Offer(act.Wait(who, n), "wait", f"wait {n} AP", n)


def _leave(game: Game, who: str) -> Iterable[Offer]:
    yield Offer(act.Leave(who), "leave", f"{_name(game, who)} leaves at the end of the round")


def _escape(game: Game, who: str) -> Iterable[Offer]:
    yield Offer(
        act.DeclareEscape(""),
        "escape",
        "the group escapes: the round is played to its end, then the heroes leave",
    )


def _shop_slots(game: Game) -> list[tuple[int, str]]:
    return [(i, card.name) for i, card in enumerate(game.state.shop.slots) if card is not None]


def _buy(game: Game, who: str) -> Iterable[Offer]:
    from doria_nb.engine.game.bots import bot_action

    suggestion = bot_action(game)
    if isinstance(suggestion, act.Buy):
        names = ", ".join(game.state.shop.slots[s].name for s in suggestion.slots)  # type: ignore[union-attr]
        yield Offer(suggestion, "buy", f"the default policy's purchase: {names}")


def _discard(game: Game, who: str) -> Iterable[Offer]:
    for i, name in _shop_slots(game):
        yield Offer(act.Discard("", (i,)), "discard", f"discard the {name} (slot {i + 1})")


def _clear_trap(game: Game, who: str) -> Iterable[Offer]:
    for i, name in _shop_slots(game):
        yield Offer(
            act.ClearTrap("", i), "clear trap", f"the {name} (slot {i + 1}): one Doom Counter step"
        )
        for letter in game.state.heroes:
            yield Offer(
                act.ClearTrap(letter, i),
                "clear trap",
                f"the {name} (slot {i + 1}): set it off on {_name(game, letter)}",
            )


def _join(game: Game, who: str) -> Iterable[Offer]:
    for hero in game.pack.heroes:
        yield Offer(act.Join("", hero.id), "join", f"the {hero.name} joins for the next round")


def _end_phase(game: Game, who: str) -> Iterable[Offer]:
    yield Offer(act.EndPhase(""), "end phase", "done with the shop: the next round begins")


KINDS: dict[str, Kind] = {
    kind.key: kind
    for kind in (
        Kind("move", "Move", Section.WALKING),
        Kind("open door", "Open a door", Section.REVEAL_A_ROOM_TILE),
        Kind("attack", "Attack", Section.ATTACK_OR_USE_ITEMS),
        Kind("search", "Search treasure", Section.SEARCH_TREASURES),
        Kind("drink", "Drink or give a potion", Section.ATTACK_OR_USE_ITEMS),
        Kind("cast", "Cast a spell", Section.PSI_SPELLS),
        Kind("revive", "Revive", Section.REVIVE_CHARACTER),
        Kind("repair", "Repair", Section.REPAIR_EQUIPMENT),
        Kind("equip", "Equip or stow a card", Section.EQUIP_ITEMS),
        Kind("take", "Take a companion's card", Section.OTHER_ITEMS),
        Kind("throw", "Throw a card", Section.THROW_ITEMS),
        Kind("pick up", "Pick up", Section.CARRY_CHARACTERS),
        Kind("put down", "Put down", Section.CARRY_CHARACTERS),
        Kind("clear rubble", "Clear Rubble", Section.DUNGEON_MARKERS),
        Kind("disarm", "Disarm a trap", Section.TRAPS_AND_SECRET_DOORS),
        Kind("wait", "Wait", Section.WAIT),
        Kind("leave", "Leave the game", Section.PLAYER_COUNT),
        Kind("escape", "Escape (campaign)", Section.ESCAPING_A_CAMPAIGN_SCENARIO),
        Kind("buy", "Buy", Section.PHASE_I, group=True),
        Kind("discard", "Discard from the shop", Section.PHASE_I, group=True),
        Kind("clear trap", "Clear a trap (Trap Shop)", Section.TRAP_SHOP, group=True),
        Kind("join", "A hero joins", Section.PLAYER_COUNT, group=True),
        Kind("end phase", "Done", Section.PHASE_I, group=True),
    )
}
"""Every kind of input at the table, in the order its controls are shown."""

_BUILDERS: dict[str, Builder] = {
    "move": _move,
    "open door": _open_door,
    "attack": _attack,
    "search": _search,
    "drink": _drink,
    "cast": _cast,
    "revive": _revive,
    "repair": _repair,
    "equip": _equip,
    "take": _take,
    "throw": _throw,
    "pick up": _pick_up,
    "put down": _put_down,
    "clear rubble": _clear_rubble,
    "disarm": _disarm,
    "wait": _wait,
    "leave": _leave,
    "escape": _escape,
    "buy": _buy,
    "discard": _discard,
    "clear trap": _clear_trap,
    "join": _join,
    "end phase": _end_phase,
}

KIND_OF: dict[type[act.Action], str] = {
    act.Move: "move",
    act.OpenDoor: "open door",
    act.Attack: "attack",
    act.Search: "search",
    act.Drink: "drink",
    act.Cast: "cast",
    act.Revive: "revive",
    act.Repair: "repair",
    act.Equip: "equip",
    act.Take: "take",
    act.Throw: "throw",
    act.PickUp: "pick up",
    act.PutDown: "put down",
    act.ClearRubble: "clear rubble",
    act.Disarm: "disarm",
    act.Wait: "wait",
    act.Leave: "leave",
    act.DeclareEscape: "escape",
    act.Buy: "buy",
    act.Discard: "discard",
    act.ClearTrap: "clear trap",
    act.Join: "join",
    act.EndPhase: "end phase",
}
"""The kind of every action class of the engine (a test checks none is missing)."""

_ANY_TIME = ("leave", "escape")
"""Kinds taken at any moment of the round, for its end (not only on a hero's turn)."""

HERO_KINDS = tuple(k for k, kind in KINDS.items() if not kind.group)
GROUP_KINDS = tuple(k for k, kind in KINDS.items() if kind.group)


def offers(game: Game, who: str, kind: str, *, max_jump: int | None = None) -> list[Offer]:
    """The legal offers of ``kind`` for hero ``who`` (or the group, for Phase I's kinds);
    movements jump at most ``max_jump`` squares (any jump with ``None``)."""
    if kind not in _BUILDERS:
        known = ", ".join(KINDS)
        raise KeyError(f"{kind!r} is no kind of input at the table; the kinds are {known}.")
    if game.over or game.pending is not None:
        return []
    group = KINDS[kind].group
    if group and game.phase is not Phase.I and kind not in _ANY_TIME:
        return []
    if not group and who not in game.turn and kind not in _ANY_TIME:
        return []
    found: list[Offer] = []
    seen: set[act.Action] = set()
    built = _move(game, who, max_jump) if kind == "move" else _BUILDERS[kind](game, who)
    for offer in built:
        if offer.action not in seen and game.can(offer.action):
            seen.add(offer.action)
            found.append(offer)
    return found


def hero_offers(game: Game, who: str) -> dict[str, list[Offer]]:
    """Every kind with at least one legal offer for ``who`` now, in :data:`KINDS` order
    (Phase I: the group's kinds)."""
    kinds = GROUP_KINDS if game.phase is Phase.I else HERO_KINDS
    result = {}
    for kind in kinds:
        found = offers(game, who, kind)
        if found:
            result[kind] = found
    return result
