"""The monster AI: what a monster does when it is activated, every decision with its rule.

One job a module: :mod:`.records` (a monster's numbers from its card and figure), :mod:`.trace` (a
decision written down step by step), :mod:`.order` (*Monster Order*), :mod:`.moves` (how
monsters move: walking, jumping Holes, clearing Rubble, flying), :mod:`.strike` (where a monster
attacks from, whom an area attack strikes), :mod:`.target` (*Target of a Monster*),
:mod:`.route` (*Fastest Way to the Target*), :mod:`.push` (pushing a monster aside),
:mod:`.activation` (the whole activation), :mod:`.outcome` (its records), :mod:`.phase` (every
monster once, in order) and :mod:`.monster_deck` (drawing monsters and modifiers). Monsters
coming onto the board (monster icons, the Phase G refill, Zombies multiplying) are
:mod:`doria_nb.engine.spawning`, which builds on this package. A tie the rules leave to the
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
from doria_nb.engine.monster_ai.trace import Decision, Trace

__all__ = [
    "Activation",
    "Attack",
    "Decision",
    "MonsterDeck",
    "MonsterDraw",
    "MonsterMoves",
    "MonsterPhase",
    "MonsterProfile",
    "MonsterStep",
    "Pending",
    "Push",
    "Trace",
    "activate",
    "draw_monster",
    "interleave",
    "monster_order",
    "monster_phase",
    "monster_profile",
]
