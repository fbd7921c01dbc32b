"""The rulebook sections combat cites, in one place, under the names the combat modules use."""

from __future__ import annotations

from doria_nb.engine.sections import Section

ATTACK = Section.ATTACK
"""*Attack* (choosing the weapon or spell and rolling its dice)."""
BELT = Section.BELT_WEAPONS
"""*Using weapons and spells from the Belt or Backpack* (+4 AP from the Belt)."""
DEFENSE = Section.DEFENSE
PSI_RESISTANCE = Section.PSI_RESISTANCE
PSI_SPELLS = Section.PSI_SPELLS
"""*Psi Spells* (a spell's PP are spent whether it hits or not)."""
ENCHANTED = Section.ENCHANTED_WEAPONS
"""*Enchanted Weapons* (one element per attack, for its PP)."""
GETTING_HIT = Section.GETTING_HIT
ARMOR_VULNERABILITY = Section.ARMOR_VULNERABILITY
CRITICAL_HITS = Section.CRITICAL_HITS
COMBAT_RULES = Section.FUMBLES_IN_COMBAT
"""*Fumbles in combat* (a fumble damages the item used; with *Critical Fail* a critical
failure does too)."""
CRITICAL_FAIL = Section.CRITICAL_FAIL
COMPARATIVE = Section.COMPARATIVE_ROLLS
MONSTER_ARMOR = Section.LEVEL_CARD_ANATOMY
"""Monster armor and its vulnerability, as the level card shows them (*Level Card
Anatomy*)."""
