"""Combat: a hero attacks a monster, a monster attacks a hero, and the exact odds of both.

One job per module: :mod:`.weapons` (what a character can attack with), :mod:`.foe` (a
monster in a fight), :mod:`.damage` (damage and armor arithmetic), :mod:`.hero_attack` and
:mod:`.monster_attack` (the resolutions, asking :mod:`doria_nb.engine.decisions` wherever a
player chooses), :mod:`.records` (the frozen :class:`AttackResolution`), :mod:`.odds`.
Rulings: C1-C11 in ``docs/rulings.md``.
:mod:`.board` stands attacks on a situation: range, sight, area attacks (rulings C20-C27 in
``docs/rulings.md``).
"""

from __future__ import annotations

from doria_nb.engine.attack_bonus import Step
from doria_nb.engine.combat.board import (
    AttackCheck,
    BoardAttack,
    BoardHit,
    attack_check,
    hero_attack_on_board,
    monster_attack_on_board,
)
from doria_nb.engine.combat.foe import Foe
from doria_nb.engine.combat.hero_attack import check_hero_attack, resolve_hero_attack
from doria_nb.engine.combat.monster_attack import defense_choice, resolve_monster_attack
from doria_nb.engine.combat.odds import AttackOdds, hero_attack_odds, monster_attack_odds
from doria_nb.engine.combat.records import (
    AttackResolution,
    CharacterChange,
    Damage,
    Direction,
    ItemDamage,
    PointsLoss,
)
from doria_nb.engine.combat.weapons import AttackOption, attack_options

__all__ = [
    "AttackCheck",
    "AttackOdds",
    "AttackOption",
    "AttackResolution",
    "BoardAttack",
    "BoardHit",
    "CharacterChange",
    "Damage",
    "Direction",
    "Foe",
    "ItemDamage",
    "PointsLoss",
    "Step",
    "attack_check",
    "attack_options",
    "check_hero_attack",
    "defense_choice",
    "hero_attack_odds",
    "hero_attack_on_board",
    "monster_attack_odds",
    "monster_attack_on_board",
    "resolve_hero_attack",
    "resolve_monster_attack",
]
