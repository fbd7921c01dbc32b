"""Psi: spells, attack spells, enchanted weapons and what each costs in Psi Points.

One package for the rulebook's psi sections, each module one part of them:

* :mod:`~doria_nb.engine.psi.spells`: casting a spell with a Target Number (*Psi Spells*,
  *Target numbers*, *Critical successes when using Psi*);
* :mod:`~doria_nb.engine.psi.attack`: attack spells as the combat rules use them;
* :mod:`~doria_nb.engine.psi.weapons`: activating an element of an *Enchanted Weapon*;
* :mod:`~doria_nb.engine.psi.points`: paying Psi Points, and what a ward costs
  (*Psi Resistance*).

The names a reader needs most are importable from here.
"""

from doria_nb.engine.psi.attack import CRITICAL_DAMAGE, SpellAttack, spell_attack
from doria_nb.engine.psi.points import PsiPayment, monster_psi_cost, ward_cost
from doria_nb.engine.psi.spells import (
    SELF_TARGET_PARAM,
    SpellCast,
    can_cast,
    can_target_self,
    cast,
    cast_spell,
    evaluate_cast,
    exempt_caster,
    spell_cost,
)
from doria_nb.engine.psi.weapons import (
    ELEMENT_COST,
    ElementActivation,
    activate_element,
    can_activate_element,
    element_cost,
)

__all__ = [
    "CRITICAL_DAMAGE",
    "ELEMENT_COST",
    "SELF_TARGET_PARAM",
    "ElementActivation",
    "PsiPayment",
    "SpellAttack",
    "SpellCast",
    "activate_element",
    "can_activate_element",
    "can_cast",
    "can_target_self",
    "cast",
    "cast_spell",
    "element_cost",
    "evaluate_cast",
    "exempt_caster",
    "monster_psi_cost",
    "spell_attack",
    "spell_cost",
    "ward_cost",
]
