"""Monster modifiers that act outside an activation (*Monster modifiers*; *Phase F: Special
Actions*): Venomous hits leave Poison Markers, Explosion bursts when the monster falls, and in
Phase F — first of the special actions — Necromancers raise Zombies and Regenerating monsters
heal."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from doria_nb.engine.cards import Element
from doria_nb.engine.combat.foe import Foe
from doria_nb.engine.combat.monster_attack import resolve_monster_attack
from doria_nb.engine.decisions import Choice
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.monster_deck import MonsterDeck
from doria_nb.engine.sections import Section
from doria_nb.engine.table.events import (
    ExplosionStruck,
    Happened,
    MonsterRegenerated,
    PoisonGiven,
    ZombieRaised,
)
from doria_nb.engine.table.records import MonsterSeat
from doria_nb.engine.table.state import GameState

__all__ = ["explode", "modifiers_phase_f", "venom"]

Asker = Callable[[Choice], str]

EXPLOSION_DAMAGE = 2
ZOMBIE = "zombie"


def _has(seat: MonsterSeat, modifier: str) -> bool:
    return modifier in seat.modifier_ids


def venom(state: GameState, seat: MonsterSeat, attack: object) -> None:
    """*Venomous*: every hit of ``seat`` that took Hit Points leaves its Poison Markers."""
    markers = sum(state.pack.modifier(m).poison for m in seat.modifier_ids)
    if not markers:
        return
    for hit in attack.hits:  # type: ignore[attr-defined]
        damage = hit.resolution.damage
        if hit.resolution.hit and damage is not None and damage.taken > 0:
            hero = state.heroes.get(hit.defender)
            if hero is not None:
                hero.poison += markers
                state.log.append(
                    PoisonGiven(
                        Section.MONSTER_MODIFIERS,
                        f"{seat.name}'s venom: {hero.name} gains {markers} Poison Marker"
                        f"{'s' * (markers != 1)}.",
                        hero.letter,
                        source=seat.letter,
                        markers=markers,
                    )
                )


def explode(state: GameState, seat: MonsterSeat, square: Square, asker: Asker) -> None:
    """*Explosion*: the fallen monster bursts; every conscious character next to ``square``
    defends against its attack roll or takes 2 fire damage (never another monster)."""
    if not _has(seat, "explosion"):
        return
    stats = replace(seat.foe.stats, damage=EXPLOSION_DAMAGE, element=Element.FIRE)
    blast = Foe(f"{seat.name}'s explosion", stats, 1)
    for fig in state.situation.heroes:
        if fig.unconscious or fig.carried_by is not None:
            continue
        if abs(fig.square.x - square.x) + abs(fig.square.y - square.y) != 1:
            continue
        character = state.heroes[fig.letter].character
        result = resolve_monster_attack(
            blast,
            character,
            state.chance,
            options=state.options,
            policy=asker,  # type: ignore[arg-type]
        )
        result.apply(character)
        state.log.append(
            ExplosionStruck(
                Section.MONSTER_MODIFIERS,
                result.explain(),
                fig.letter,
                hit=result.hit,
                hp_lost=result.hp_lost,
            )
        )


def modifiers_phase_f(state: GameState, asker: Asker) -> None:
    """Phase F, the monster modifiers first: Regenerating monsters heal 1 HP (up to their
    level card's HP with their modifiers), Necromancers raise one Zombie each while a Zombie
    figure is left."""
    for seat in list(state.monsters.values()):
        if _has(seat, "regenerating") and seat.foe.hp < seat.foe.stats.hp:
            seat.foe = seat.foe.with_hp(seat.foe.hp + 1)
            state.log.append(
                MonsterRegenerated(
                    Section.PHASE_F, f"{seat.name} regenerates 1 HP.", seat.letter, hp=1
                )
            )
    for seat in list(state.monsters.values()):
        if _has(seat, "necromancer") and seat.letter in state.monsters:
            _raise_zombie(state, seat, asker)
            if state.result is not None:
                return


def _raise_zombie(state: GameState, seat: MonsterSeat, asker: Asker) -> None:
    from doria_nb.engine.monster_activation.play import register_spawn

    card = state.pack.monster(ZOMBIE)
    standing = sum(1 for m in state.monsters.values() if m.card_id == ZOMBIE)
    if standing >= card.figures:
        state.log.append(
            Happened(Section.PHASE_F, f"{seat.name} finds no Zombie figure left to raise.")
        )
        return
    square = state.situation.figure(seat.letter).square
    # The Zombie comes from the box, not from the monster deck, and no modifier waits for it.
    table = replace(state.spawn_context(), deck=MonsterDeck.stacked([card]), waiting_modifiers=())
    spawn = table.spawn_monsters([square])
    # The raising leaves the monster deck and the modifiers set aside for the next monster
    # card (*Limit Modifiers*) as they were.
    deck, waiting = state.monster_deck, state.waiting_modifiers
    register_spawn(state, spawn, asker)
    state.monster_deck, state.waiting_modifiers = deck, waiting
    state.log.append(ZombieRaised(Section.PHASE_F, f"{seat.name} raises a Zombie.", seat.letter))
