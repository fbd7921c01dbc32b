"""Traps, the moment they are drawn (*Traps and Secret Doors*, *Dungeon Markers*, *Critical
Trap Rolls*).

A trap card is data (:class:`~doria_nb.engine.cards.TrapSpec` and an optional effect); this
module reads it as a :class:`TrapPlan` and carries it out, as pure functions the game calls:

1. :func:`trap_victims` — whom it strikes: the trigger (person), every conscious character
   within range 2 whom the trigger's square sees (area), every conscious character on the
   trigger's room (room). Monsters never; unconscious characters never (rulings TR1-TR3).
2. :func:`resolve_trap` — rolls each victim's check (two attributes + 2D against
   ``tn + per_level x Monster Level``) and says what follows: damage, Poison Markers, lost Psi
   Points, markers placed, characters held or buried, the :class:`ActiveTrap` when the trap
   lasts, and the reward (the card as gold, its XP for the group).
3. :func:`apply_trap` — the one call that changes the characters: it takes off the Hit and
   Psi Points and returns the Poison Markers, markers and flags for the game state.
   :func:`apply_markers` lays the marker changes on a ``Dungeon``. Both live in
   :mod:`doria_nb.engine.traps.lasting` (they apply a Phase F round or a disarm too); the
   package :mod:`doria_nb.engine.traps` offers all of them under one name.

Lasting traps (sealed rooms, characters held fast) go on in
:mod:`doria_nb.engine.traps.lasting` (*Phase F: Special Actions*, disarming). The records live
in :mod:`doria_nb.engine.traps.records`.

How a card is read (ruling TR4): a trap that places Blocked Doors seals the trigger's room at
once and its check is the disarm action that ends it, not a check to avoid it; Hole, Fire, Ice
and Air markers go on the trigger's square whatever the check; Rubble buries each victim who
fails. A character may take the damage on one armor (ruling TR7,
:mod:`~doria_nb.engine.traps.armor`).

>>> from doria_nb.content import starter_pack
>>> print(trap_plan(starter_pack().item("boulder_trap")).describe())
Boulder Trap (area trap): each victim checks STR+AGI+2D against 28+[3xML]; on a failure: 3 damage.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from doria_nb.engine.cards import CardType, CheckSpec, ItemCard, Marker, TrapKind
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.checks import CHECK_DICE, CheckResult, evaluate_check
from doria_nb.engine.dungeon import Link, marker_name
from doria_nb.engine.errors import DungeonError
from doria_nb.engine.geometry import Square
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Figure, Situation
from doria_nb.engine.traps.records import (
    AREA_RANGE,
    ActiveTrap,
    CheckRole,
    MarkerChange,
    Reward,
    TrapError,
    TrapPlan,
    TrapResolution,
    TrapVictims,
    VictimResult,
    pos,
)

__all__ = [
    "CheckRole",
    "TrapPlan",
    "TrapResolution",
    "resolve_trap",
    "trap_plan",
    "trap_victims",
]

TRAPS = Section.TRAPS_AND_SECRET_DOORS
_EFFECTS = ("immobilize", "damage_each_round", "drain_pp")


def _whole(value: Any, low: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def _amount(card: ItemCard, name: str, value: Any) -> int:
    if not _whole(value, 1):
        raise TrapError(
            f"The {card.name}'s {name} needs a whole amount of at least 1, not {value!r}."
        )
    return int(value)


def trap_plan(card: ItemCard) -> TrapPlan:
    """Read a trap card for the rules; a card the engine cannot carry out is refused in words
    before anything is rolled."""
    if not isinstance(card, ItemCard) or card.type is not CardType.TRAP or card.trap is None:
        raise TrapError(f"Only a trap card can be set off, not {card!r}.")
    spec, effect = card.trap, card.effect
    drain = each_round = 0
    immobilize = False
    if effect is not None:
        if effect.name not in _EFFECTS:
            raise TrapError(
                f"The {card.name}'s effect {effect.name!r} is not one the rules engine can carry "
                f"out for a trap (it knows {', '.join(_EFFECTS)})."
            )
        until = effect.get("until", "disarmed")
        if until != "disarmed":
            raise TrapError(
                f"The {card.name} lasts until {until!r}; the engine knows only 'disarmed'."
            )
        if effect.name == "drain_pp":
            drain = _amount(card, "Psi Point drain", effect.get("amount"))
        elif effect.name == "damage_each_round":
            each_round = _amount(card, "damage each round", effect.get("amount", spec.damage))
        else:
            immobilize = True
    seals = spec.places is Marker.BLOCKED_DOOR
    if spec.check is None and (seals or immobilize):
        raise TrapError(
            f"The {card.name} lasts until a check succeeds but prints no check; every trap can "
            "be disarmed or dodged (Traps and Secret Doors)."
        )
    if each_round and not (seals or immobilize):
        raise TrapError(
            f"The {card.name} deals damage every round but neither seals a room nor holds "
            "anyone, so nothing could ever end it."
        )
    role = CheckRole.DISARM if seals else CheckRole.AVOID if spec.check else CheckRole.NONE
    return TrapPlan(
        card=card,
        kind=spec.kind,
        check=spec.check,
        role=role,
        damage=0 if each_round else spec.damage,
        damage_each_round=each_round,
        poison=spec.poison,
        drain_pp=drain,
        immobilize=immobilize,
        marker=spec.places,
    )


# -- victims ------------------------------------------------------------------------------------


def _trigger(situation: Situation, trigger: str | Figure) -> Figure:
    if not isinstance(situation, Situation):
        raise TrapError(f"A trap is set off in a Situation, not {situation!r}.")
    figure = situation.figure(trigger)
    if figure.is_monster:
        raise TrapError(
            f"{figure.label} is a monster; monsters are immune to traps (Damage from other "
            "monsters and traps), so only a character sets one off."
        )
    if figure.unconscious:
        raise TrapError(
            f"{figure.label} is unconscious and cannot set off a trap; an unconscious "
            "character is immune to traps until it wakes (Unconsciousness)."
        )
    return figure


def trap_victims(situation: Situation, card: ItemCard, trigger: str | Figure) -> TrapVictims:
    """Whom ``card`` strikes when ``trigger`` (a letter or name) sets it off here.

    Person: the trigger alone. Area: every conscious character within range 2 (counted
    orthogonally, :meth:`~doria_nb.engine.dungeon.Dungeon.range`) whom the trigger's square
    sees; a buried one only from next to the trigger (ruling TR2). Room: every conscious
    character on the tiles of the trigger's room (:meth:`~doria_nb.engine.dungeon.Dungeon.
    room_of`: up to the nearest doors). Monsters are immune; unconscious characters are immune
    to area and room traps (ruling TR1). The trigger checks first, then the others in the order
    of the situation's figures.
    """
    plan = trap_plan(card)
    figure = _trigger(situation, trigger)
    dungeon = situation.dungeon
    tiles = dungeon.room_of(figure.square) if plan.kind is TrapKind.ROOM or plan.seals else ()
    letters = [figure.letter]
    spared: list[tuple[str, str]] = []
    for other in situation.figures:
        if other.letter == figure.letter:
            continue
        if other.is_monster:
            spared.append((other.letter, "a monster: monsters are immune to traps"))
            continue
        if plan.kind is TrapKind.PERSON:
            continue
        reason = _out_of_reach(situation, plan.kind, figure, other, tiles)
        if reason:
            spared.append((other.letter, reason))
        else:
            letters.append(other.letter)
    labels = tuple((f.letter, f.label) for f in situation.figures)
    return TrapVictims(
        card.name, plan.kind, figure.letter, tuple(letters), labels, tuple(tiles), tuple(spared)
    )


def _out_of_reach(
    situation: Situation, kind: TrapKind, trigger: Figure, other: Figure, tiles: Iterable[int]
) -> str:
    """Why ``other`` is not struck by a group trap ("" when it is)."""
    if other.unconscious:
        return "unconscious: immune to group traps"
    dungeon = situation.dungeon
    if kind is TrapKind.ROOM:
        if dungeon.tile_index(other.square) not in tuple(tiles):
            return "not in the trap's room"
        return ""
    reach = dungeon.range(trigger.square, other.square)
    if reach > AREA_RANGE:
        return f"at range {reach}, beyond the trap's {AREA_RANGE}"
    if (other.buried or trigger.buried) and reach > 1:
        return "under Rubble, reached only from next to it"
    if not situation.line_of_sight(trigger.square, other.square):
        return "out of the trigger's Line of Sight"
    return ""


# -- resolving ----------------------------------------------------------------------------------


def roll_trap_check(
    check: CheckSpec,
    character: Character,
    chance: Chance,
    *,
    monster_level: int,
    options: RulesOptions,
    purpose: str = "trap check",
) -> CheckResult:
    """One trap check: the two attributes + 2D against ``tn + per_level x ML``."""
    roll = chance.roll(CHECK_DICE, who=character.who, purpose=purpose, rule=TRAPS)
    bonuses = {a.value: character.attributes[a] for a in check.attributes}
    return evaluate_check(roll, check.target(monster_level), bonuses, options=options)


def check_request(monster_level: object, options: object, chance: object) -> None:
    """Refuse a bad Monster Level, options or chance source in words."""
    if not _whole(monster_level, 1):
        raise TrapError(f"The Monster Level is a whole number from 1 up, not {monster_level!r}.")
    if not isinstance(options, RulesOptions):
        raise TrapError(f"The optional rules must be RulesOptions, not {options!r}.")
    if not isinstance(chance, Chance):
        raise TrapError(f"A trap check needs a source of chance, not {chance!r}.")


def characters_for(
    letters: Iterable[str], characters: Mapping[str, Character], what: str
) -> dict[str, Character]:
    """The Character of every letter, or a refusal naming the missing ones."""
    if not isinstance(characters, Mapping):
        raise TrapError(f"Give the characters as a mapping of letters, not {characters!r}.")
    missing = [x for x in letters if not isinstance(characters.get(x), Character)]
    if missing:
        raise TrapError(f"{what} needs the Character of {', '.join(missing)} (by figure letter).")
    return {x: characters[x] for x in letters}


def resolve_trap(
    card: ItemCard,
    victims: Mapping[str, Character],
    chance: Chance,
    *,
    monster_level: int,
    options: RulesOptions | None = None,
    trigger: str | Figure,
    situation: Situation,
) -> TrapResolution:
    """Set off ``card`` by ``trigger`` in ``situation`` and roll every check it asks for.

    ``victims`` maps figure letters to Characters; it must hold every character the trap
    strikes (:func:`trap_victims`) and may hold more (all the group). Everything is checked
    before a die is rolled, so a refused request leaves the chance untouched. Nothing is changed
    here: :func:`apply_trap` applies the result.
    """
    plan = trap_plan(card)
    options = RulesOptions() if options is None else options
    check_request(monster_level, options, chance)
    struck = trap_victims(situation, card, trigger)
    people = characters_for(struck.letters, victims, f"The {card.name}")
    check = plan.check if plan.role is CheckRole.AVOID else None
    failed: dict[str, CheckResult | None] = {}
    checks: dict[str, CheckResult] = {}
    for letter in struck.letters:
        if check is None:
            failed[letter] = None
            continue
        result = roll_trap_check(
            check, people[letter], chance, monster_level=monster_level, options=options
        )
        checks[letter] = result
        if not result.success:
            failed[letter] = result
    markers, notes, buried = _markers(plan, situation, struck, failed)
    results = tuple(
        _victim(plan, letter, people[letter], checks.get(letter), letter in failed, options,
                letter in buried)
        for letter in struck.letters
    )  # fmt: skip
    held = tuple(r.letter for r in results if r.immobilized)
    active = None
    if plan.seals or held:
        blocked = tuple(m.square for m in markers if m.marker is Marker.BLOCKED_DOOR)
        active = ActiveTrap(
            card, struck.trigger, struck.tiles, blocked, plan.seals, held, plan.damage_each_round
        )
    return TrapResolution(
        card=card,
        trigger=struck.trigger,
        monster_level=monster_level,
        target=None if check is None else check.target(monster_level),
        victims=struck,
        results=results,
        markers=markers,
        notes=notes,
        buried=buried,
        active=active,
        reward=Reward(card, struck.trigger, people[struck.trigger].who) if active is None else None,
        secret_door=plan.secret_door,
        critical_trap_rolls=options.critical_trap_rolls and plan.damage > 0,
    )


def _victim(
    plan: TrapPlan,
    letter: str,
    character: Character,
    check: CheckResult | None,
    failed: bool,
    options: RulesOptions,
    buried: bool,
) -> VictimResult:
    if not failed:
        return VictimResult(letter, character.who, check)
    extra = 0
    if check is not None and options.critical_trap_rolls and plan.damage > 0:
        extra = check.critical_failures
    return VictimResult(
        letter,
        character.who,
        check,
        damage=plan.damage + extra,
        extra_damage=extra,
        poison=plan.poison,
        pp_lost=plan.drain_pp,
        immobilized=plan.immobilize,
        buried=buried,
    )


def _markers(
    plan: TrapPlan,
    situation: Situation,
    struck: TrapVictims,
    failed: Mapping[str, object],
) -> tuple[tuple[MarkerChange, ...], tuple[str, ...], tuple[str, ...]]:
    """The markers placed, the notes on markers that could not be, and who is buried."""
    marker = plan.marker
    if marker is None or marker is Marker.SECRET_DOOR:
        return (), (), ()
    if marker is Marker.BLOCKED_DOOR:
        squares, notes = _room_doors(situation, struck.tiles)
    elif marker is Marker.RUBBLE:
        squares = [situation.figure(x).square for x in struck.letters if x in failed]
        notes = []
    else:
        squares, notes = [situation.figure(struck.trigger).square], []
    dungeon, placed = situation.dungeon, []
    for square in squares:
        try:
            dungeon = dungeon.with_marker(square, marker)
        except DungeonError as error:
            notes.append(f"No {marker_name(marker)} marker at {pos(square)}: {error}")
            continue
        placed.append(MarkerChange(square, marker))
    buried: list[str] = []
    if marker is Marker.RUBBLE:
        covered = {m.square for m in placed}
        buried = [f.letter for f in situation.heroes if f.square in covered and not f.carried_by]
    return tuple(placed), tuple(notes), tuple(buried)


def _room_doors(situation: Situation, tiles: tuple[int, ...]) -> tuple[list[Square], list[str]]:
    """The doors that lead out of the room made of ``tiles`` and can be blocked (ruling TR5)."""
    dungeon = situation.dungeon
    squares: list[Square] = []
    notes: list[str] = []
    for door in dungeon.doors():
        inside = door.tile_index in tiles
        outside = dungeon.tile_index(door.outside) in tiles
        if inside == outside or door.link is Link.WALL:
            continue  # not a door of this room, or one inside it, or walled up for good
        if not inside and door.link is Link.DOOR:
            continue  # the room's own door across from it is blocked
        where = pos(door.square)
        if door.secret:
            notes.append(f"The Secret Door at {where} stays open: a way out of the trap.")
        elif door.blocked:
            notes.append(f"The door at {where} is already blocked.")
        elif situation.at(door.square) is not None:
            figure = situation.at(door.square)
            assert figure is not None
            notes.append(f"The door at {where} stays open: {figure.label} stands in it.")
        else:
            squares.append(door.square)
    return squares, notes
