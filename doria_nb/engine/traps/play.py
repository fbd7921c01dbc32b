"""Traps in a game (*Traps and Secret Doors*): a trap card goes off the moment it is drawn;
lasting traps act again in Phase F (before the Zombies, *Phase F: Special Actions*) and may be
disarmed as an action. The rules are :mod:`doria_nb.engine.traps`; this module applies their
results to the game: Hit Points, Poison Markers, markers on the dungeon, figure flags, the trap
that lasts, and the reward (the card kept as gold, the XP for the group)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from doria_nb.engine.cards import ItemCard
from doria_nb.engine.decisions import Choice
from doria_nb.engine.exploring.secret_doors import open_secret_door
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.table.events import (
    ActionTaken,
    ArmorTookDamage,
    TrapActed,
    TrapRewarded,
    TrapSprung,
)
from doria_nb.engine.table.records import IllegalAction
from doria_nb.engine.table.state import GameState
from doria_nb.engine.traps import resolve_trap
from doria_nb.engine.traps.lasting import (
    TrapApplied,
    apply_markers,
    apply_trap,
    can_disarm,
    disarm,
    trap_phase_f,
)
from doria_nb.engine.traps.records import Reward, TrapError

__all__ = ["check_disarm", "do_disarm", "play_trap", "traps_phase_f"]

Asker = Callable[[Choice], str]


def _characters(state: GameState) -> dict[str, object]:
    return {letter: seat.character for letter, seat in state.heroes.items()}


def play_trap(state: GameState, who: str, card: ItemCard, asker: Asker) -> None:
    """Set off the trap ``card`` drawn by hero ``who``."""
    resolution = resolve_trap(
        card,
        _characters(state),
        state.chance,
        monster_level=state.monster_level,  # type: ignore[arg-type]
        options=state.options,
        trigger=who,
        situation=state.situation,
    )
    state.log.append(
        TrapSprung(
            Section.TRAPS_AND_SECRET_DOORS,
            resolution.explain(),
            who,
            trap=resolution.card.id,
            victims=resolution.victims.letters,
        )
    )
    applied = _apply(state, resolution, asker)
    _take(state, applied, None)
    if resolution.secret_door:
        open_secret_door(state, who, asker)


def _apply(state: GameState, result: object, asker: Asker) -> TrapApplied:
    """Apply a trap's result with the players' armor choices (ruling TR7), logged."""
    applied = apply_trap(
        result,  # type: ignore[arg-type]
        _characters(state),  # type: ignore[arg-type]
        options=state.options,
        policy=asker,
    )
    for letter, taken in applied.armor:
        state.log.append(ArmorTookDamage.of(taken, letter))
    return applied


def _take(state: GameState, applied: TrapApplied, index: int | None) -> None:
    """Apply what :func:`apply_trap` leaves to the game; ``index`` is the lasting trap's place
    in ``state.active_traps`` (``None`` for a trap just set off)."""
    for letter, markers in applied.poison:
        state.heroes[letter].poison += markers
    dungeon = apply_markers(state.situation.dungeon, applied.markers)
    removed: dict[str, set[str]] = {}
    added: dict[str, set[str]] = {}
    for letter, flag in applied.flags_removed:
        removed.setdefault(letter, set()).add(flag)
    for letter, flag in applied.flags_added:
        added.setdefault(letter, set()).add(flag)
    figures = tuple(
        replace(f, flags=(f.flags - removed.get(f.letter, set())) | added.get(f.letter, set()))
        for f in state.situation.figures
    )
    # Markers and flags change together: Rubble and the "buried" flag of the figure under it.
    state.situation = Situation(dungeon, figures, state.situation.title)
    if index is None:
        if applied.active is not None:
            state.active_traps.append(applied.active)
    elif applied.active is None:
        del state.active_traps[index]
    else:
        state.active_traps[index] = applied.active
    if applied.reward is not None:
        _reward(state, applied.reward)


def _reward(state: GameState, reward: Reward) -> None:
    """The trap card to its hero as gold, its XP to the group (*Traps and Secret Doors*)."""
    seat = state.heroes.get(reward.gold_to)
    if seat is not None:
        seat.character.receive_where_it_fits(reward.card)
    else:
        state.loot = state.loot.discard([reward.card])
    state.group_xp = state.group_xp.gain(reward.xp)
    state.log.append(
        TrapRewarded(
            Section.TRAPS_AND_SECRET_DOORS,
            reward.explain(),
            reward.gold_to,
            trap=reward.card.id,
            xp=reward.xp,
        )
    )


def traps_phase_f(state: GameState, asker: Asker) -> None:
    """Every lasting trap acts (damage each round, a held character's new try)."""
    index = 0
    while index < len(state.active_traps):
        active = state.active_traps[index]
        round_ = trap_phase_f(
            active,
            state.situation,
            _characters(state),
            state.chance,  # type: ignore[arg-type]
            state.monster_level,
            state.options,
        )
        state.log.append(TrapActed(Section.PHASE_F, round_.explain(), trap=round_.card.id))
        applied = _apply(state, round_, asker)
        before = len(state.active_traps)
        _take(state, applied, index)
        if len(state.active_traps) == before:
            index += 1


def check_disarm(state: GameState, who: str, trap: int, ap: int) -> None:
    """Raise :class:`IllegalAction` unless ``who`` may try to disarm lasting trap ``trap``."""
    if not isinstance(trap, int) or not 0 <= trap < len(state.active_traps):
        raise IllegalAction(f"There is no lasting trap number {trap!r} to disarm.")
    try:
        verdict = can_disarm(state.active_traps[trap], state.situation, who, ap=ap)
    except TrapError as error:
        raise IllegalAction(str(error)) from None
    if not verdict:
        raise IllegalAction(verdict.reason)


def do_disarm(state: GameState, who: str, trap: int, asker: Asker) -> None:
    """Try to disarm lasting trap ``trap`` (its AP are the disarm's, ruling TR8)."""
    seat = state.heroes[who]
    active = state.active_traps[trap]
    result = disarm(
        active,
        seat.character,
        state.chance,
        state.monster_level,
        state.options,
        situation=state.situation,
        who=who,
        ap=seat.ap,
    )
    before = seat.ap
    seat.ap -= result.ap
    state.log.append(
        ActionTaken(Section.TRAPS_AND_SECRET_DOORS, who, result.explain(), (before, seat.ap))
    )
    applied = _apply(state, result, asker)
    _take(state, applied, trap)
