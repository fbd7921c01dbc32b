"""A hero's actions in *Phase D: Action Phase*: each is checked in full before anything
changes (an illegal one raises :class:`IllegalAction` in words and the game stays as it
was), then carried out, citing its rule.

Who may act: the hero whose Initiative Marker is highest (characters before monsters on the
same value; heroes tied may act in any order), conscious, with at least 1 AP. Any action but
walking may take the marker below 0 (*Phase D: Action Phase*).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from doria_nb.engine.cards import CardType
from doria_nb.engine.combat.board import attack_check, hero_attack_on_board
from doria_nb.engine.combat.board_area import area_shape, struck_by_hero
from doria_nb.engine.combat.board_records import BoardAttack
from doria_nb.engine.combat.hero_attack import check_hero_attack
from doria_nb.engine.combat.weapons import AttackOption, attack_options
from doria_nb.engine.decisions import Choice, ChoiceKind, Option
from doria_nb.engine.effects_ops import ExtraActionPoints, RemovePoisonMarkers
from doria_nb.engine.errors import CombatError
from doria_nb.engine.exploration import Exploration
from doria_nb.engine.game import actions as act
from doria_nb.engine.game.events import ActionTaken, Happened
from doria_nb.engine.game.loot_cards import defeat_monsters, receive_card, take_cards
from doria_nb.engine.game.monster_turns import activate_monster, register_spawn
from doria_nb.engine.game.places import location_key, parse_destination, parse_location
from doria_nb.engine.game.records import HeroSeat, IllegalAction, Phase
from doria_nb.engine.game.state import GameState
from doria_nb.engine.geometry import Square
from doria_nb.engine.health_care import OTHER_ITEM_AP, drink_potion, revive, revive_limits
from doria_nb.engine.health_repair import repair
from doria_nb.engine.mat import Area, Purpose, reach_cost
from doria_nb.engine.monster_ai.spawn import spawn_monsters
from doria_nb.engine.movement import Reach
from doria_nb.engine.movement.doors import can_clear_rubble, can_open_door, clear_rubble
from doria_nb.engine.movement.jumps import jump_check
from doria_nb.engine.psi import can_cast, cast
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation

__all__ = ["actors", "carry_out", "hero_reach", "verify"]

Asker = Callable[[Choice], str]


def actors(state: GameState) -> list[str]:
    """The heroes who may act now: the highest markers, if no monster stands higher."""
    if state.phase is not Phase.D or state.result is not None:
        return []
    ready = [
        s
        for s in state.heroes.values()
        if s.ap >= 1 and not s.out_this_round and not state.unconscious(s.letter)
    ]
    if not ready:
        return []
    top = max(s.ap for s in ready)
    monster_top = max(
        (m.ap for m in state.monsters.values() if m.ap is not None and not m.acted),
        default=None,
    )
    if monster_top is not None and monster_top > top:
        return []
    return [s.letter for s in ready if s.ap == top]


def _seat(state: GameState, who: str) -> HeroSeat:
    if who not in state.heroes:
        names = ", ".join(f"{s.letter} ({s.name})" for s in state.heroes.values())
        raise IllegalAction(f"There is no hero {who!r} in this game (the heroes: {names}).")
    return state.heroes[who]


def _check_turn(state: GameState, who: str) -> HeroSeat:
    seat = _seat(state, who)
    if state.phase is not Phase.D:
        raise IllegalAction(
            f"{seat.name} can act only in the action phase; the game is in {state.phase.title}."
        )
    if state.unconscious(who) or seat.out_this_round:
        raise IllegalAction(f"{seat.name} is unconscious and cannot act this round.")
    if seat.ap < 1:
        raise IllegalAction(
            f"{seat.name} has {seat.ap} AP left; an action needs at least 1 AP ({Section.PHASE_D})."
        )
    now = actors(state)
    if who not in now:
        first = ", ".join(state.heroes[w].name for w in now) or "a monster"
        raise IllegalAction(
            f"It is not {seat.name}'s turn: {first} stands higher on the Initiative Board "
            f"({Section.PHASE_D})."
        )
    return seat


def _others(state: GameState, who: str) -> tuple[Square, ...]:
    return tuple(
        f.square
        for f in state.situation.heroes
        if f.letter != who and not f.unconscious and f.carried_by is None
    )


def hero_reach(state: GameState, who: str, *, max_jump: int | None = None) -> Reach:
    """Where ``who`` can end one movement action with its AP."""
    seat = state.heroes[who]
    return state.situation.reach(who, ap=max(seat.ap, 0), max_jump=max_jump)


def _option(state: GameState, seat: HeroSeat, key: str) -> AttackOption:
    location = parse_location(key)
    for option in attack_options(seat.character):
        if option.location == location:
            return option
    usable = ", ".join(
        f"{location_key(o.location)} ({o.name})" for o in attack_options(seat.character)
    )
    raise IllegalAction(
        f"{seat.name} has no attack ready at {key!r}; attacks ready: {usable or 'none'}."
    )


def attack_refusal(state: GameState, seat: HeroSeat, option: AttackOption, target: str) -> str:
    """Why ``seat`` cannot attack monster ``target`` with ``option`` from where it stands
    ("" when it can): the checks :func:`hero_attack_on_board` makes before a die is rolled —
    range (an "around" area reaches its own size), Line of Sight, magic-only monsters, a line
    attack aimed off its row or column (*Attack*; ruling C24)."""
    situation = state.situation
    try:
        check_hero_attack(seat.character, state.monsters[target].foe, option)
        card_attack = seat.character.mat.at(option.location).card.attack(option.kind)
        note = card_attack.area if card_attack is not None else None
        shape = area_shape(note) if note else None
        reach = shape.size if shape is not None and shape.kind == "around" else option.range
        check = attack_check(situation, seat.letter, target, reach, kind=option.kind)
        if not check.ok:
            return check.reason
        if shape is not None:
            struck_by_hero(
                situation,
                situation.figure(seat.letter),
                situation.figure(target),
                shape,
                option.range,
            )
    except CombatError as error:
        return str(error)
    return ""


# -- verify ----------------------------------------------------------------------------------


def verify(state: GameState, action: act.Action) -> None:
    """Raise :class:`IllegalAction` if ``action`` may not be taken now; change nothing."""
    seat = _check_turn(state, action.who)
    who = action.who
    fig = state.situation.figure(who)
    if isinstance(action, act.Move):
        if "immobilized" in fig.flags:
            raise IllegalAction(
                f"{seat.name} is held by a trap and cannot move until it is free; attacking, "
                f"using and repairing items still work (FAQ)."
            )
        if action.max_jump is not None and (
            not isinstance(action.max_jump, int) or action.max_jump < 0
        ):
            raise IllegalAction(
                f"The longest jump is a number of squares, not {action.max_jump!r}."
            )
        reach = hero_reach(state, who, max_jump=action.max_jump)
        if reach.cost(action.to) is None:
            raise IllegalAction(reach.why_not(action.to))
    elif isinstance(action, act.OpenDoor):
        verdict = can_open_door(
            state.situation.dungeon,
            action.door,
            fig.square,
            others=_others(state, who),
            ap=seat.ap,
        )
        if not verdict:
            raise IllegalAction(verdict.reason)
        if not state.tile_deck.remaining:
            raise IllegalAction("The room tile deck is empty: no door can reveal a new tile.")
        if action.door in state.dead_doors:
            raise IllegalAction(
                f"No room tile of the deck fits behind the door at {_at(action.door)} (ruling E12)."
            )
    elif isinstance(action, act.Search):
        if fig.square not in state.situation.dungeon.treasures:
            raise IllegalAction(
                f"{seat.name} stands on no treasure marker ({Section.SEARCH_TREASURES})."
            )
    elif isinstance(action, act.Attack):
        option = _option(state, seat, action.location)
        if action.target not in state.monsters:
            raise IllegalAction(f"There is no monster {action.target!r} on the board.")
        refusal = attack_refusal(state, seat, option, action.target)
        if refusal:
            raise IllegalAction(refusal)
    elif isinstance(action, act.Wait):
        if not isinstance(action.ap, int) or not 1 <= action.ap <= seat.ap:
            raise IllegalAction(
                f"{seat.name} may wait 1 to {seat.ap} AP, not {action.ap!r} ({Section.WAIT})."
            )
    elif isinstance(action, act.Drink):
        _check_drink(state, seat, action)
    elif isinstance(action, act.Cast):
        _check_cast(state, seat, action)
    elif isinstance(action, act.Revive):
        _check_revive(state, seat, action)
    elif isinstance(action, act.PickUp):
        _check_pick_up(state, seat, action)
    elif isinstance(action, act.PutDown):
        if state.situation.carrying(who) is None:
            raise IllegalAction(f"{seat.name} carries nobody.")
    elif isinstance(action, act.Equip):
        holder = _companion(state, seat, action.holder)
        location = parse_location(action.location)
        dest = parse_destination(action.to)
        if holder.character.mat.get(location) is None:
            raise IllegalAction(f"{holder.name} has no card at {action.location!r}.")
        verdict = holder.character.can_move(location, dest)
        if not verdict:
            raise IllegalAction(verdict.reason)
    elif isinstance(action, act.Take):
        holder = _companion(state, seat, action.holder)
        if holder.letter == seat.letter:
            raise IllegalAction("A hero does not take a card from itself; move it with Equip.")
        location = parse_location(action.location)
        verdict = holder.character.can_give(location)
        if not verdict:
            raise IllegalAction(verdict.reason)
    elif isinstance(action, act.ClearRubble):
        verdict = can_clear_rubble(state.situation.dungeon, action.square, fig.square, seat.ap)
        if not verdict:
            raise IllegalAction(verdict.reason)
    elif isinstance(action, act.Throw):
        _check_throw(state, seat, action)
    elif isinstance(action, act.Disarm):
        from doria_nb.engine.game.trap_play import check_disarm

        check_disarm(state, who, action.trap, seat.ap)
    elif isinstance(action, act.Repair):
        holder = _companion(state, seat, action.holder)
        locations = tuple(parse_location(k) for k in action.locations)
        verdict = holder.character.can_repair(locations)
        if not verdict:
            raise IllegalAction(verdict.reason)
    else:
        raise IllegalAction(f"{action} is not an action of the action phase.")


def _companion(state: GameState, seat: HeroSeat, holder: str) -> HeroSeat:
    """The hero whose mat an action works on: one's own, or a companion within range 1
    (*Take, Use or Repair Other Items*; *Equip Items*)."""
    if not holder or holder == seat.letter:
        return seat
    other = _seat(state, holder)
    if not _near(state, seat.letter, other.letter):
        raise IllegalAction(
            f"{seat.name} must stand within range 1 of {other.name} to handle their cards "
            f"({Section.OTHER_ITEMS})."
        )
    return other


def _near(state: GameState, a: str, b: str) -> bool:
    sa, sb = state.situation.figure(a).square, state.situation.figure(b).square
    return abs(sa.x - sb.x) + abs(sa.y - sb.y) <= 1


def _check_drink(state: GameState, seat: HeroSeat, action: act.Drink) -> None:
    holder = _seat(state, action.holder or seat.letter)
    target = _seat(state, action.on or seat.letter)
    location = parse_location(action.location)
    held = holder.character.mat.get(location)
    if held is None or held.card.type is not CardType.POTION:
        raise IllegalAction(f"{holder.name} has no potion at {action.location!r}.")
    for other in {holder.letter, target.letter} - {seat.letter}:
        if not _near(state, seat.letter, other):
            raise IllegalAction(
                f"{seat.name} must stand within range 1 of {state.heroes[other].name} "
                f"({Section.OTHER_ITEMS})."
            )
    # A conscious companion's consent is the players' business (*Take, Use or Repair Other
    # Items*); an unconscious one cannot refuse.
    if holder.letter == seat.letter and location.area is Area.BACKPACK:
        raise IllegalAction(
            f"A potion in the Backpack must first be taken out (10 AP) ({Section.BELT_WEAPONS})."
        )


def _check_cast(state: GameState, seat: HeroSeat, action: act.Cast) -> None:
    target = _seat(state, action.on or seat.letter)
    location = parse_location(action.location)
    ch = seat.character
    if ch.mat.get(location) is None:
        raise IllegalAction(f"{seat.name} has no card at {action.location!r}.")
    card = ch.mat.at(location).card
    verdict = ch.can_use(location, Purpose.USE)
    if not verdict:
        raise IllegalAction(verdict.reason)
    on_self = target.letter == seat.letter
    verdict = can_cast(
        card,
        ch.attributes,
        ch.pp,
        monster_level=state.monster_level,
        on_self=on_self,
        who=seat.name,
    )
    if not verdict:
        raise IllegalAction(verdict.reason)
    if card.effect is None:
        raise IllegalAction(f"The {card.name} has no effect the game can carry out.")
    if state.unconscious(target.letter) and card.effect.name != "heal":
        raise IllegalAction(f"{target.name} is unconscious; only healing reaches them.")
    if not on_self:
        here = state.situation.figure(seat.letter).square
        there = state.situation.figure(target.letter).square
        reach = card.range if card.range is not None else 1
        if state.situation.dungeon.range(here, there) > reach:
            raise IllegalAction(
                f"{target.name} is out of the {card.name}'s range {reach} ({Section.PSI_SPELLS})."
            )
        if not state.situation.line_of_sight(seat.letter, target.letter).visible:
            raise IllegalAction(
                f"{seat.name} cannot see {target.name} ({Section.RANGE_AND_LINE_OF_SIGHT})."
            )


def _check_revive(state: GameState, seat: HeroSeat, action: act.Revive) -> None:
    target = _seat(state, action.target)
    if not state.unconscious(target.letter):
        raise IllegalAction(f"{target.name} is conscious; only the unconscious are revived.")
    if not _near(state, seat.letter, target.letter):
        raise IllegalAction(f"{seat.name} must be within range 1 of {target.name}.")
    limits = revive_limits(seat.ap)
    if limits is None or not limits[0] <= action.ap <= limits[1]:
        raise IllegalAction(
            f"A revive gives at least 5 AP and at most half of the healer's {seat.ap} AP "
            f"({Section.REVIVE_CHARACTER})."
        )


def _check_pick_up(state: GameState, seat: HeroSeat, action: act.PickUp) -> None:
    target = _seat(state, action.target)
    fig = state.situation.figure(target.letter)
    if not fig.unconscious or fig.carried_by is not None:
        raise IllegalAction(
            f"Only an unconscious character lying on the floor can be carried, not "
            f"{target.name} ({Section.CARRY_CHARACTERS})."
        )
    if state.situation.carrying(seat.letter) is not None:
        raise IllegalAction(f"{seat.name} already carries someone; one at a time.")
    if not _near(state, seat.letter, target.letter):
        raise IllegalAction(f"{seat.name} must stand next to {target.name} to pick them up.")


def _check_throw(state: GameState, seat: HeroSeat, action: act.Throw) -> None:
    receiver = _seat(state, action.to)
    if receiver.letter == seat.letter:
        raise IllegalAction("A hero cannot throw an item to itself.")
    if state.unconscious(receiver.letter):
        raise IllegalAction(f"{receiver.name} is unconscious and cannot catch anything.")
    location = parse_location(action.location)
    verdict = seat.character.can_give(location)
    if not verdict:
        raise IllegalAction(verdict.reason)
    dungeon = state.situation.dungeon
    a = dungeon.tile_index(state.situation.figure(seat.letter).square)
    b = dungeon.tile_index(state.situation.figure(receiver.letter).square)
    if a is None or b is None or not (a == b or dungeon.tiles_connected(a, b)):
        raise IllegalAction(
            f"{receiver.name} is neither on {seat.name}'s Room Tile nor on one joined to it by "
            f"a door ({Section.THROW_ITEMS})."
        )
    if (
        state.options.throw_items
        and not state.situation.line_of_sight(seat.letter, receiver.letter).visible
    ):
        raise IllegalAction(
            f"{seat.name} cannot see {receiver.name}: with the optional rule Throw Items a "
            f"throw needs Line of Sight ({Section.THROW_ITEMS_OPTION})."
        )


# -- carry out -------------------------------------------------------------------------------


def _spend(state: GameState, seat: HeroSeat, cost: int, text: str, rule: Section) -> None:
    before = seat.ap
    seat.ap -= cost
    state.log.append(ActionTaken(rule, seat.letter, text, (before, seat.ap)))


def carry_out(state: GameState, action: act.Action, asker: Asker) -> None:
    """Do ``action`` (already verified)."""
    seat = state.heroes[action.who]
    handler = _HANDLERS[type(action)]
    handler(state, seat, action, asker)


def _move(state: GameState, seat: HeroSeat, action: act.Move, asker: Asker) -> None:
    reach = hero_reach(state, seat.letter, max_jump=action.max_jump)
    path = reach.path(action.to)
    carried = state.situation.carrying(seat.letter)
    _spend(state, seat, path.cost, f"{seat.name}: {path}", action.rule)
    position = state.situation.figure(seat.letter).square
    moves = {}
    for step in path.steps:
        if step.kind == "swap":
            other = state.situation.at(step.end)
            if other is not None and other.letter != seat.letter:
                moves[other.letter] = position
        position = step.end
    moves[seat.letter] = action.to
    state.situation = relocate(state.situation, moves)
    ch = seat.character
    for step in path.jumps:
        result = jump_check(
            step,
            ch.attributes.STR,
            ch.attributes.AGI,
            state.chance,
            carrying=carried is not None,
            options=state.options,
            who=seat.name,
        )
        if result.damage:
            ch.change_points(hp=-result.damage, reason="fall damage")
            if carried is not None:
                state.heroes[carried.letter].character.change_points(
                    hp=-result.carried_damage, reason="fall damage"
                )
        state.log.append(Happened(Section.JUMPING, result.explain(), seat.letter))


def relocate(situation: Situation, moves: dict[str, Square]) -> Situation:
    """``situation`` with the figures of ``moves`` on their new squares at once (a swap
    exchanges two figures; a carried hero goes with its carrier)."""
    figures = tuple(
        replace(f, square=moves[f.letter])
        if f.letter in moves
        else replace(f, square=moves[f.carried_by])
        if f.carried_by in moves
        else f
        for f in situation.figures
    )
    return Situation(situation.dungeon, figures, situation.title)


def _open_door(state: GameState, seat: HeroSeat, action: act.OpenDoor, asker: Asker) -> None:
    _spend(state, seat, 0, f"{seat.name} opens the door at {_at(action.door)}", action.rule)
    extra = 0
    if state.options.door_events:
        from doria_nb.engine.game.door_play import door_event

        extra = door_event(state, seat, action.door, asker)
        if state.result is not None:
            return
    exploration = Exploration.begin(
        state.situation.dungeon, action.door, characters=state.player_count
    )
    before = state.situation.dungeon
    exploration = _explore(state, exploration, asker)
    if exploration is None or not exploration.revealed:
        # No tile of the deck fits behind this door (ruling E12): it stays closed for good.
        state.situation = replace(state.situation, dungeon=before)
        state.dead_doors.add(action.door)
        state.log.append(
            Happened(
                Section.REVEALING_A_ROOM_TILE,
                f"No room tile of the deck fits behind the door at {_at(action.door)}; it "
                "stays closed (ruling E12).",
                seat.letter,
            )
        )
        return
    state.door_opened = state.door_opened or exploration.counts_as_revealing
    state.counters.doors_opened += 1
    _arrive(state, exploration, asker, current=seat.ap)
    from doria_nb.engine.game.event_play import dead_end

    dead_end(state, asker)
    if extra and state.result is None:
        from doria_nb.engine.game.door_play import spawn_at

        spawn_at(state, action.door, extra, seat.ap, asker)


def _at(square: Square) -> str:
    return f"({square.x}, {square.y})"


def _explore(state: GameState, exploration: Exploration, asker: Asker) -> Exploration | None:
    """Draw and lay tiles until the exploration is done (ruling E6: a tile that fits nowhere
    goes under the deck; E7: with the deck empty the door stays as it is)."""
    tries = 0
    while exploration.needs_tile:
        if not state.tile_deck.remaining or tries > state.tile_deck.remaining:
            state.log.append(
                Happened(Section.REVEALING_A_ROOM_TILE, "No room tile fits here any more.")
            )
            break
        tile, state.tile_deck = state.tile_deck.draw()
        drawn = exploration.draw(tile)
        options = drawn.options()
        if not options:
            exploration = drawn.set_aside()
            state.tile_deck = state.tile_deck.to_bottom(tile)
            tries += 1
            continue
        tries = 0
        choice = Choice(
            ChoiceKind.PLACEMENT,
            "the players",
            f"Where is {tile.id} laid?",
            tuple(Option(str(i), p.describe()) for i, p in enumerate(options)),
            Section.REVEALING_A_ROOM_TILE,
        )
        exploration = drawn.place(options[int(asker(choice))])
    state.situation = replace(state.situation, dungeon=exploration.dungeon)
    state.counters.tiles_placed += len(exploration.revealed)
    for entry in exploration.entries:
        state.log.append(Happened(Section.REVEALING_A_ROOM_TILE, entry))
    return exploration


def _arrive(state: GameState, exploration: Exploration, asker: Asker, *, current: int) -> None:
    """Monsters come onto the revealed tiles; those higher than the current character act at
    once (*Current initiative for monsters*)."""
    icons = [sq for sq, _ in exploration.monster_icons()]
    if not icons:
        return
    spawn = spawn_monsters(
        state.board(),
        icons,
        state.monster_deck,
        state.chance,
        pack=state.pack,
        level=state.monster_level,
        player_count=state.player_count,
        current_initiative=current,
        options=state.options,
        waiting_modifiers=state.waiting_modifiers,
    )
    spawn = replace(spawn, situation=_plain(state, spawn.situation))
    register_spawn(state, spawn, asker)
    for letter in spawn.acts_now:
        activate_monster(state, letter, asker, reason="it is revealed above the current marker")
        if state.result is not None:
            return


def _plain(state: GameState, situation: object) -> object:
    from doria_nb.engine.game.monster_turns import _strip_values

    return _strip_values(situation, state)


def _search(state: GameState, seat: HeroSeat, action: act.Search, asker: Asker) -> None:
    cost = 5 if action.careful else 1
    _spend(state, seat, cost, str(action), action.rule)
    square = state.situation.figure(seat.letter).square
    state.situation = replace(
        state.situation, dungeon=state.situation.dungeon.without_treasure(square)
    )
    state.counters.treasures_searched += 1
    cards, state.loot, _ = state.loot.draw(2 if action.careful else 1, state.chance)
    state.log.append(
        Happened(Section.SEARCH_TREASURES, f"{seat.name} draws {', '.join(c.name for c in cards)}")
    )
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


def _attack(state: GameState, seat: HeroSeat, action: act.Attack, asker: Asker) -> None:
    option = _option(state, seat, action.location)
    foes = {m.letter: m.foe for m in state.monsters.values()}
    friends = {h.letter: h.character for h in state.heroes.values() if h.letter != seat.letter}
    from doria_nb.engine.game.effects_play import attack_bonus_for, fate_reroll_wanted

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
    _spend(
        state,
        seat,
        option.ap,
        f"{seat.name} attacks {action.target} with the {option.name}",
        action.rule,
    )
    everyone = {h.letter: h.character for h in state.heroes.values()}
    attack.apply(everyone)
    state.log.append(Happened(Section.ATTACK, attack.explain(), seat.letter))
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
    _spend(state, seat, action.ap, str(action), action.rule)


def _drink(state: GameState, seat: HeroSeat, action: act.Drink, asker: Asker) -> None:
    holder = state.heroes[action.holder or seat.letter]
    target = state.heroes[action.on or seat.letter]
    location = parse_location(action.location)
    card = holder.character.mat.at(location).card
    use = drink_potion(seat.character, location, holder=holder.character, target=target.character)
    _spend(state, seat, use.ap, use.explain(), action.rule)
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
        state.log.append(Happened(op.rule, op.explain(), target.letter))


def _cast(state: GameState, seat: HeroSeat, action: act.Cast, asker: Asker) -> None:
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
    _spend(state, seat, ap, result.explain(), action.rule)
    if result.effect is not None:
        _potion_effect(state, target, result.effect)


def _revive(state: GameState, seat: HeroSeat, action: act.Revive, asker: Asker) -> None:
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
    _spend(state, seat, action.ap, revival.explain(), action.rule)
    if revival.success:
        fig = state.situation.figure(target.letter)
        target.ap = revival.ap_received
        target.out_this_round = False
        target.kept_unconscious = False
        free = fig.square if fig.buried else _free_square_near(state, fig.square, target.letter)
        woken = replace(fig, flags=fig.flags - {"unconscious"}, carried_by=None, square=free)
        state.situation = state.situation.with_figure(woken)


def _free_square_near(state: GameState, square: Square, letter: str) -> Square:
    """The nearest square a waking character may stand on (it crawls there)."""
    taken = {
        f.square for f in state.situation.figures if f.letter != letter and f.carried_by is None
    }
    dungeon = state.situation.dungeon
    seen, frontier = {square}, [square]
    while frontier:
        nxt = []
        for sq in frontier:
            if sq not in taken and dungeon.passable(sq):
                return sq
            for n in dungeon.neighbors(sq):
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return square


def _pick_up(state: GameState, seat: HeroSeat, action: act.PickUp, asker: Asker) -> None:
    _spend(state, seat, 0, str(action), action.rule)
    fig = state.situation.figure(action.target)
    here = state.situation.figure(seat.letter).square
    state.situation = state.situation.with_figure(replace(fig, carried_by=seat.letter, square=here))


def _put_down(state: GameState, seat: HeroSeat, action: act.PutDown, asker: Asker) -> None:
    _spend(state, seat, 0, str(action), action.rule)
    carried = state.situation.carrying(seat.letter)
    assert carried is not None
    state.situation = state.situation.with_figure(replace(carried, carried_by=None))


def _equip(state: GameState, seat: HeroSeat, action: act.Equip, asker: Asker) -> None:
    holder = _companion(state, seat, action.holder)
    change = holder.character.move(parse_location(action.location), parse_destination(action.to))
    # A companion's help costs 5 AP, whatever the move (*Equip Items*).
    cost = change.ap if holder is seat else OTHER_ITEM_AP
    _spend(state, seat, cost, str(action), action.rule)


def _take(state: GameState, seat: HeroSeat, action: act.Take, asker: Asker) -> None:
    holder = state.heroes[action.holder]
    _spend(state, seat, OTHER_ITEM_AP, str(action), action.rule)
    held, _ = holder.character.give(parse_location(action.location))
    receive_card(seat.character, held)


def _clear_rubble(state: GameState, seat: HeroSeat, action: act.ClearRubble, asker: Asker) -> None:
    here = state.situation.figure(seat.letter).square
    dungeon, cost = clear_rubble(state.situation.dungeon, action.square, here, seat.ap)
    _spend(state, seat, cost, str(action), action.rule)
    figures = tuple(
        replace(f, flags=f.flags - {"buried"}) if f.square == action.square else f
        for f in state.situation.figures
    )
    state.situation = Situation(dungeon, figures, state.situation.title)


def _throw(state: GameState, seat: HeroSeat, action: act.Throw, asker: Asker) -> None:
    location = parse_location(action.location)
    receiver = state.heroes[action.to]
    _spend(state, seat, reach_cost(location.area), str(action), action.rule)
    held, _ = seat.character.give(location)
    receive_card(receiver.character, held)


def _repair(state: GameState, seat: HeroSeat, action: act.Repair, asker: Asker) -> None:
    holder = _companion(state, seat, action.holder)
    cost = repair(
        holder.character,
        tuple(parse_location(k) for k in action.locations),
        repairer=seat.character,
    )
    _spend(state, seat, cost.ap, str(action), action.rule)


def _disarm(state: GameState, seat: HeroSeat, action: act.Disarm, asker: Asker) -> None:
    from doria_nb.engine.game.trap_play import do_disarm

    do_disarm(state, seat.letter, action.trap)


_HANDLERS: dict[type, Callable[..., None]] = {
    act.Disarm: _disarm,
    act.Move: _move,
    act.OpenDoor: _open_door,
    act.Search: _search,
    act.Attack: _attack,
    act.Wait: _wait,
    act.Drink: _drink,
    act.Cast: _cast,
    act.Revive: _revive,
    act.PickUp: _pick_up,
    act.PutDown: _put_down,
    act.Equip: _equip,
    act.Throw: _throw,
    act.Repair: _repair,
    act.Take: _take,
    act.ClearRubble: _clear_rubble,
}
