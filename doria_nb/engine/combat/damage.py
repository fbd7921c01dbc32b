"""Damage arithmetic, pure: criticals add one point each, armor takes off its AR.

* A monster's armor reduces a hero's damage and is never damaged; its vulnerability counts
  only while it has armor, and then the element ignores that armor entirely (*Getting Hit
  and Armor Rating*, *Armor vulnerability*; the note after *Range and Line of Sight*).
* A character picks one armor per hit, or none; armor vulnerable to the element is ignored
  (and not damaged); the armor used is damaged (see ``monster_attack``).

>>> monster_damage(2, 1, armor=1, vulnerable=None, element=None).text()
'2 damage + 1 critical = 3; AR 1 armor used (monster armor): 2 HP lost'
>>> from doria_nb.engine.cards import Element
>>> monster_damage(2, 0, armor=1, vulnerable=Element.FIRE, element=Element.FIRE).taken
2
"""

from __future__ import annotations

from doria_nb.engine.cards import Element
from doria_nb.engine.combat.records import Damage

__all__ = ["character_damage", "monster_damage"]

MONSTER_ARMOR = "monster armor"


def monster_damage(
    base: int, criticals: int, *, armor: int, vulnerable: Element | None, element: Element | None
) -> Damage:
    """The damage a hero's hit deals to a monster with ``armor`` (AR) and ``vulnerable``."""
    total = base + criticals
    if armor <= 0:
        return Damage(base, criticals, None, 0, (), max(total, 0))
    if element is not None and element == vulnerable:
        return Damage(base, criticals, None, 0, (f"{MONSTER_ARMOR} (AR {armor})",), max(total, 0))
    return Damage(base, criticals, MONSTER_ARMOR, armor, (), max(total - armor, 0))


def character_damage(
    base: int,
    criticals: int,
    *,
    armor_name: str | None,
    armor: int,
    ignored: tuple[str, ...] = (),
) -> Damage:
    """The damage a monster's hit deals to a character who used ``armor_name`` (AR
    ``armor``) or none (``armor_name`` None)."""
    total = base + criticals
    taken = max(total - armor, 0) if armor_name is not None else max(total, 0)
    return Damage(base, criticals, armor_name, armor if armor_name else 0, ignored, taken)
