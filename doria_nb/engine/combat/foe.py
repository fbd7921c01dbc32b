"""A monster in a fight: its level card's numbers (modifiers applied) and its current HP.

Monsters keep no equipment and their armor is never damaged (*Getting Hit and Armor Rating*),
so a monster in combat is one frozen value; a hit returns a new :class:`Foe`.

>>> from doria_nb.content import starter_pack
>>> orc = Foe.of(starter_pack().monster("orc"))
>>> orc
Foe('Orc', level=1, hp=4/4)
>>> orc.with_hp(1).hp
1
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from doria_nb.engine.cards import AttackKind, Element
from doria_nb.engine.dice import Dice
from doria_nb.engine.errors import CombatError
from doria_nb.engine.monsters import (
    MonsterCard,
    MonsterLevel,
    MonsterModifier,
    apply_modifiers,
    stats_at_level,
)
from doria_nb.engine.optional_rules.monsters import monster_difficulty_stats
from doria_nb.engine.options import RulesOptions

__all__ = ["Foe"]


@dataclass(frozen=True, slots=True)
class Foe:
    """A monster as combat sees it: ``stats`` (its level card with modifiers applied), current
    ``hp``, and whether only magic hurts it (Poltergeists)."""

    name: str
    stats: MonsterLevel
    hp: int
    only_hurt_by_magic: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.stats, MonsterLevel):
            raise CombatError(f"{self.name}'s numbers must come from a monster level card.")
        if not isinstance(self.hp, int) or isinstance(self.hp, bool):
            raise CombatError(f"{self.name}'s HP must be a whole number, not {self.hp!r}.")

    @classmethod
    def of(
        cls,
        card: MonsterCard,
        level: int = 1,
        modifiers: tuple[MonsterModifier, ...] = (),
        *,
        name: str | None = None,
        hp: int | None = None,
        options: RulesOptions | None = None,
    ) -> Foe:
        """The monster of ``card`` at Monster Level ``level`` with ``modifiers``; at full HP
        unless ``hp`` is given. ``options``: the optional rules in force (*Monster Difficulty*
        changes the HP and Armor, after the modifiers).

        >>> from doria_nb.content import starter_pack
        >>> harder = RulesOptions(monster_difficulty="extra_hp")
        >>> Foe.of(starter_pack().monster("orc"), options=harder)
        Foe('Orc', level=1, hp=5/5)
        """
        stats = apply_modifiers(stats_at_level(card, level), modifiers)
        if options is not None:
            stats = monster_difficulty_stats(stats, options)
        return cls(
            name or card.name,
            stats,
            stats.hp if hp is None else hp,
            card.only_hurt_by_magic,
        )

    def __repr__(self) -> str:
        return f"Foe({self.name!r}, level={self.stats.level}, hp={self.hp}/{self.stats.hp})"

    @property
    def the(self) -> str:
        """'the Orc' for messages."""
        return f"the {self.name}"

    @property
    def defeated(self) -> bool:
        """A monster is defeated when its HP drop to 0 (*Getting Hit and Armor Rating*)."""
        return self.hp <= 0

    @property
    def armor(self) -> int:
        return self.stats.armor

    @property
    def vulnerable(self) -> Element | None:
        return self.stats.vulnerable

    @property
    def attack_kind(self) -> AttackKind:
        return self.stats.attack

    def defense_against(self, kind: AttackKind) -> Dice:
        """Defense against melee and ranged attacks, psi resistance against magic."""
        return self.stats.psi_resistance if kind is AttackKind.MAGIC else self.stats.defense

    def with_hp(self, hp: int) -> Foe:
        return replace(self, hp=hp)
