"""The monster AI: what a monster does when it is activated, every decision with its rule.

One job a module: :mod:`.records` (a monster's numbers from its card and figure), :mod:`.trace` (a
decision written down step by step), :mod:`.order` (*Monster Order*), :mod:`.moves` (how
monsters move: walking, jumping Holes, clearing Rubble, flying), :mod:`.strike` (where a monster
attacks from, whom an area attack strikes), :mod:`.target` (*Target of a Monster*),
:mod:`.route` (*Fastest Way to the Target*), :mod:`.push` (pushing a monster aside),
:mod:`.activation` (the whole activation) and
:mod:`.outcome` (its records), :mod:`.phase` (every monster once, in order),
:mod:`.monster_deck` (drawing monsters and modifiers), :mod:`.spawn` (monsters coming onto
the board) and :mod:`.zombies` (Zombies multiplying in Phase F). A tie the rules leave to the
players is returned, never broken silently.
"""

from __future__ import annotations

from doria_nb.engine.monster_ai.activation import (
    Activation,
    Attack,
    Pending,
    Push,
    activate,
)
from doria_nb.engine.monster_ai.monster_deck import MonsterDeck, MonsterDraw, draw_monster
from doria_nb.engine.monster_ai.moves import MonsterMoves, MonsterStep
from doria_nb.engine.monster_ai.order import interleave, monster_order
from doria_nb.engine.monster_ai.phase import MonsterPhase, monster_phase
from doria_nb.engine.monster_ai.records import MonsterProfile, monster_profile
from doria_nb.engine.monster_ai.spawn import ExtraActivation, Spawned, SpawnResult, spawn_monsters
from doria_nb.engine.monster_ai.spawn_board import free_letters
from doria_nb.engine.monster_ai.spawn_place import place_group
from doria_nb.engine.monster_ai.spawn_refill import entrance_squares, refill_at_entrance
from doria_nb.engine.monster_ai.trace import Decision, Trace
from doria_nb.engine.monster_ai.zombies import ZombieRising, raise_zombies

__all__ = [
    "Activation",
    "Attack",
    "Decision",
    "ExtraActivation",
    "MonsterDeck",
    "MonsterDraw",
    "MonsterMoves",
    "MonsterPhase",
    "MonsterProfile",
    "MonsterStep",
    "Pending",
    "Push",
    "SpawnResult",
    "Spawned",
    "Trace",
    "ZombieRising",
    "activate",
    "draw_monster",
    "entrance_squares",
    "free_letters",
    "interleave",
    "monster_order",
    "monster_phase",
    "monster_profile",
    "place_group",
    "raise_zombies",
    "refill_at_entrance",
    "spawn_monsters",
]
