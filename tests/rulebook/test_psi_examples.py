"""The rulebook's worked examples about psi, rebuilt with the engine (``doria_nb.engine.psi*``).

Each test names its section and says how the situation was reconstructed. Cards come from the
starter pack where it has them (Thunderstorm, Dense Hide); the healing spell of *Comparative
Rolls and Target Numbers* (TN 32) is not a starter card and is built in the test. The heroes'
attributes follow ruling H3 (``docs/rulings.md``): the premade Priestess has CON 8, PSI 12, and
each example is her after spending Attribute Points.
"""

from __future__ import annotations

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.attributes import Attribute
from doria_nb.engine.cards import CardType, CheckSpec, Element, ItemCard, Zone
from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.character import Character
from doria_nb.engine.errors import PsiError
from doria_nb.engine.mat import Location, Slot
from doria_nb.engine.psi import cast, cast_spell
from doria_nb.engine.psi.attack import spell_attack
from doria_nb.engine.psi.weapons import activate_element

PACK = starter_pack()


def priestess_with(points: dict[str, int]) -> Character:
    """The premade Priestess after spending Attribute Points (ruling H3)."""
    priestess = Character.from_template(PACK.hero("priestess"))
    priestess.gain_points(sum(points.values()))
    priestess.raise_attributes(points)
    return priestess


def test_dense_hide_priestess_35_against_28() -> None:
    """*Psi Spells* → *Target numbers*, Example: the Priestess (CON 10, PSI 12) casts Dense
    Hide on herself (CON and PSI, TN 28), rolls 8 and 5: 10+12+8+5 = 35, a success. The
    starter's Dense Hide (TN 28, 2 PP) is held in her hand; she is H3's Priestess with 2 points
    spent in CON. 35 is 7 above 28: no critical, so the full 2 PP are paid."""
    priestess = priestess_with({"CON": 2})
    priestess.mat = priestess.mat.with_body(Slot.HAND_1, PACK.item("dense_hide"))
    before = priestess.pp
    result = cast(priestess, Location.body(Slot.HAND_1), ScriptedChance([8, 5]), on_self=True)
    assert result.check.total == 35
    assert result.success and result.critical_successes == 0
    assert result.pp_paid == 2 and priestess.pp == before - 2
    assert result.explain().startswith(
        "Dense Hide: CON 10 + PSI 12 + 2D (8+5) = 35 against TN 28: success with 0 critical"
    )


def test_healing_spell_priestess_30_misses_32_and_still_pays() -> None:
    """*Comparative Rolls and Target Numbers* → *Target numbers*, Example 2: the Priestess (CON
    8, PSI 15) heals with a CON+PSI spell against TN 32, rolls 2 and 5: 15+8+5+2 = 30, the
    spell fails. *Psi Spells*: the PP are lost anyway. The rulebook's card is not in the starter
    set; it is rebuilt with TN 32 and the starter Healing Spell's cost of 3 PP."""
    heal = ItemCard(
        id="healing_32",
        name="Healing Spell",
        type=CardType.PSI,
        zone=Zone.ONE_HAND,
        pp=3,
        check=CheckSpec((Attribute.CON, Attribute.PSI), 32),
    )
    priestess = priestess_with({"PSI": 3})
    result = cast_spell(heal, priestess.attributes, priestess.pp, ScriptedChance([2, 5]))
    assert result.check.total == 30
    assert not result.success
    assert result.pp_paid == 3 and result.pp_after == priestess.pp - 3


def test_thunderstorm_mage_22() -> None:
    """*Psi Spells*, Example: the Mage's Thunderstorm is a 4D+2 psi attack; he rolls 6, 2, 8
    and 4 and adds 2: a magic attack of 22. It is an air spell, so a monster whose armor is
    vulnerable to air cannot use it. Starter Thunderstorm (4D+2, air, 4 PP)."""
    attack = spell_attack(PACK.item("thunderstorm"))
    roll = attack.roll(ScriptedChance([6, 2, 8, 4]))
    assert roll.total == 22
    assert attack.element is Element.AIR and attack.magical
    assert attack.pay(before=11).paid == 4


def test_mage_casts_with_too_few_psi_points_and_goes_negative() -> None:
    """*Hit Points, Initiative Points and Psi Points*, Example: the Mage "urgently needed to
    cast an attack spell" and ended at -3 PP. So a spell may be cast with fewer PP than it
    costs (ruling Y3). Reconstructed: the Mage has 1 PP left and casts Thunderstorm (4 PP)."""
    attack = spell_attack(PACK.item("thunderstorm"))
    payment = attack.pay(before=1)
    assert payment.after == -3 and payment.negative and not payment.deadly


def test_monster_psi_attacks_cost_nothing() -> None:
    """*Monster Psi attacks*: monsters count and pay no Psi Points for magic attacks."""
    attack = spell_attack(PACK.item("thunderstorm"), monster=True)
    assert attack.pp == 0
    assert attack.pay(before=0).after == 0


def test_enchanted_weapon_one_element_stays_non_magical() -> None:
    """*Enchanted Weapons*: one element per attack, usually for 1 PP, and the weapon stays
    non-magical (no Poltergeists). Starter Flame Tongue (fire)."""
    tongue = PACK.item("flame_tongue")
    first = activate_element(tongue, Element.FIRE, 3)
    assert first.element is Element.FIRE and first.pp_after == 2 and not first.magical
    with pytest.raises(PsiError, match="Only one element per attack"):
        activate_element(tongue, Element.FIRE, 2, active=Element.FIRE)
