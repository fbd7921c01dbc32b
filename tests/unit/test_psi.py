"""Unit and property tests of the psi rules: casting, attack spells, enchanted weapons, psi
resistance boosts and Psi Point payments (``doria_nb.engine.psi*``)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.content import starter_pack
from doria_nb.engine.attributes import Attribute, Attributes
from doria_nb.engine.cards import CardType, CheckSpec, EffectSpec, Element, ItemCard, Zone
from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.character import Character
from doria_nb.engine.dice import Roll
from doria_nb.engine.errors import DoriaError, PsiError, UseError
from doria_nb.engine.mat import Location, Slot
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.psi import (
    can_cast,
    can_target_self,
    cast,
    cast_spell,
    evaluate_cast,
    exempt_caster,
    spell_cost,
)
from doria_nb.engine.psi.attack import spell_attack
from doria_nb.engine.psi.points import PsiPayment, monster_psi_cost, ward_cost
from doria_nb.engine.psi.weapons import activate_element, can_activate_element, element_cost

PACK = starter_pack()
HEAL = PACK.item("healing_spell")  # CON + PSI against TN 30, 3 PP, needs CON 7 PSI 11
HIDE = PACK.item("dense_hide")  # CON + PSI against TN 28, 2 PP
STORM = PACK.item("thunderstorm")  # 4D+2 air, 4 PP, range 5
TONGUE = PACK.item("flame_tongue")  # enchanted sword: fire
PRIESTESS = Attributes(STR=6, CON=8, AGI=8, PER=8, WIS=8, PSI=12)


def tn_spell(**changes: object) -> ItemCard:
    """A Target-Number spell for tests (TN 24 + 2×ML, 3 PP)."""
    fields: dict[str, object] = {
        "id": "test_spell",
        "name": "Test Spell",
        "type": CardType.PSI,
        "zone": Zone.ONE_HAND,
        "pp": 3,
        "check": CheckSpec((Attribute.WIS, Attribute.PSI), 24, per_level=2),
    }
    fields.update(changes)
    return ItemCard(**fields)  # type: ignore[arg-type]


def priestess() -> Character:
    hero = Character("Priestess", PRIESTESS)
    hero.mat = hero.mat.with_body(Slot.HAND_1, HEAL).with_backpack(HIDE)
    return hero


# -- costs and payments -----------------------------------------------------------------------


def test_spell_cost_criticals_lower_target_number_spells_only() -> None:
    assert [spell_cost(HEAL, c) for c in range(5)] == [3, 2, 1, 0, 0]
    assert spell_cost(STORM, 3) == 4


def test_payment_explains_the_reduction_and_its_floor() -> None:
    assert PsiPayment.of(3, before=10, criticals=1).explain() == (
        "3 PP - 1 for 1 critical success = 2 PP paid (PP 10 → 8)."
    )
    capped = PsiPayment.of(1, before=4, criticals=3)
    assert capped.paid == 0 and "never falls below 0" in capped.explain()
    assert "dies" in PsiPayment.of(4, before=-17).explain()


@pytest.mark.parametrize(
    ("cost", "before", "criticals"),
    [(-1, 5, 0), (2, 5, -1), (2.5, 5, 0), (2, "5", 0), (True, 5, 0)],
)
def test_payment_refuses_numbers_that_are_not_whole(
    cost: object, before: object, criticals: object
) -> None:
    with pytest.raises(PsiError):
        PsiPayment(cost, before, criticals)  # type: ignore[arg-type]


def test_monster_psi_costs_nothing() -> None:
    assert monster_psi_cost(5) == 0
    assert spell_attack(STORM, monster=True).pay(before=0).paid == 0


# -- casting Target-Number spells ------------------------------------------------------------


def test_criticals_lower_the_cost() -> None:
    # 8 + 12 + (10+9) + (10+9) = 58 against 30: 28 above, 2 critical successes.
    result = cast_spell(HEAL, PRIESTESS, 10, ScriptedChance([10, 9, 10, 9]))
    assert result.critical_successes == 2 and result.pp_paid == 1 and result.pp_after == 9
    assert "success with 2 critical successes" in result.explain()
    assert "3 PP - 2 for 2 critical successes = 1 PP paid" in result.explain()


def test_failure_and_fumble_pay_the_full_cost() -> None:
    failed = cast_spell(HEAL, PRIESTESS, 10, ScriptedChance([2, 3]))
    assert not failed.success and failed.pp_paid == 3
    fumble = cast_spell(HEAL, PRIESTESS, 10, ScriptedChance([1, 1]))
    assert fumble.check.fumbled and not fumble.success and fumble.pp_paid == 3
    assert not fumble.spell_damaged
    assert "fumble" in fumble.explain()


def test_no_fumbles_option_is_passed_to_the_check() -> None:
    card = tn_spell(check=CheckSpec((Attribute.WIS, Attribute.PSI), 10))
    result = cast_spell(
        card, PRIESTESS, 5, ScriptedChance([1, 1]), options=RulesOptions(no_fumbles=True)
    )
    assert result.success


def test_monster_level_raises_the_target_number() -> None:
    roll = Roll.from_faces("2D", [4, 4])  # 8 + 12 + 8 = 28
    assert evaluate_cast(tn_spell(), PRIESTESS, 5, roll, monster_level=2).success  # TN 28
    assert not evaluate_cast(tn_spell(), PRIESTESS, 5, roll, monster_level=3).success  # 30
    explained = evaluate_cast(tn_spell(), PRIESTESS, 5, roll, monster_level=2).explain()
    assert "= 28 against TN 28 (24 + 2×ML 2): success" in explained


def test_target_number_spells_are_rolled_with_two_dice() -> None:
    with pytest.raises(PsiError, match="2D"):
        evaluate_cast(HEAL, PRIESTESS, 5, Roll.from_faces("3D", [4, 4, 4]))


def test_casting_with_too_few_psi_points_goes_negative() -> None:
    result = cast_spell(HEAL, PRIESTESS, 1, ScriptedChance([5, 5]))
    assert result.pp_after == -2 and result.payment.negative


def test_cast_takes_the_psi_points_from_the_character() -> None:
    hero = priestess()
    result = cast(hero, Location.body(Slot.HAND_1), ScriptedChance([9, 9]))
    assert result.success and hero.pp == 10 - 3
    assert result.who == "Priestess"


@pytest.mark.parametrize(
    ("card", "kwargs", "message"),
    [
        (STORM, {}, "attack spell"),
        (TONGUE, {}, "not a psi spell"),
        (PACK.item("psi_barrier"), {}, "no Target Number"),
        (HEAL, {"monster_level": 0}, "Monster Level"),
        (HEAL, {"pp": 2.5}, "whole number"),
        (tn_spell(requirements=PACK.item("great_healing_spell").requirements), {}, "needs"),
        (
            tn_spell(effect=EffectSpec.of("restore_pp", amount=3, self_target=False)),
            {"on_self": True},
            "cannot target its caster",
        ),
    ],
)
def test_bad_casts_are_refused_without_rolling(
    card: ItemCard, kwargs: dict[str, object], message: str
) -> None:
    chance = ScriptedChance([5, 5])
    pp = kwargs.pop("pp", 10)
    assert not can_cast(card, PRIESTESS, pp, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(PsiError, match=message):
        cast_spell(card, PRIESTESS, pp, chance, **kwargs)  # type: ignore[arg-type]
    assert chance.remaining == 2


def test_refused_cast_leaves_the_character_unchanged() -> None:
    hero = priestess()
    before = (hero.pp, hero.hp, copy.deepcopy(hero.mat))
    chance = ScriptedChance([5, 5])
    with pytest.raises(UseError):
        cast(hero, Location.backpack(0), chance)  # from the Backpack: never usable
    with pytest.raises(DoriaError):
        cast(hero, Location.body(Slot.HAND_2), chance)  # an empty hand
    assert (hero.pp, hero.hp, hero.mat) == before and chance.remaining == 2


def test_running_out_of_scripted_dice_changes_no_psi_points() -> None:
    hero = priestess()
    with pytest.raises(DoriaError):
        cast(hero, Location.body(Slot.HAND_1), ScriptedChance([5]))
    assert hero.pp == 10


def test_starter_target_number_spells_roll_their_requirement_attributes() -> None:
    """Ruling Y4: a TN spell rolls the two attributes of its requirements (*Target numbers*);
    the pack states them in its check, and the two must agree."""
    spells = [c for c in PACK.items if c.type is CardType.PSI and c.check is not None]
    assert spells
    for card in spells:
        assert card.check is not None
        assert {a for a, _ in card.requirements} == set(card.check.attributes), card.id


# -- targets and the caster's exemption ------------------------------------------------------


def test_caster_is_exempt_from_its_own_attack_spell() -> None:
    assert not can_target_self(STORM)
    assert can_target_self(HIDE)
    assert exempt_caster("M", ["O", "M", "W", "M"]) == ("O", "W")


# -- attack spells ---------------------------------------------------------------------------


def test_spell_attack_record() -> None:
    attack = spell_attack(STORM)
    assert (attack.dice, attack.damage, attack.element, attack.range) == (
        STORM.attacks[0].dice,
        3,
        Element.AIR,
        5,
    )
    assert (attack.pp, attack.ap, attack.magical) == (4, 16, True)
    assert attack.damage_with(0) == 3 and attack.damage_with(2) == 5
    assert spell_attack(PACK.item("fireball")).area == "blast 1"


def test_spell_attack_criticals_add_damage_even_to_a_zero_damage_spell() -> None:
    attack = spell_attack(PACK.item("frost_nova"))
    zero = type(attack)(**{**{f: getattr(attack, f) for f in attack.__slots__}, "damage": 0})
    assert zero.damage_with(1) == 1


@pytest.mark.parametrize(("card", "message"), [(HEAL, "Target-Number"), (TONGUE, "not a spell")])
def test_spell_attack_refuses_cards_without_a_magic_attack(card: ItemCard, message: str) -> None:
    with pytest.raises(PsiError, match=message):
        spell_attack(card)


def test_spell_attack_refuses_negative_criticals() -> None:
    with pytest.raises(PsiError):
        spell_attack(STORM).damage_with(-1)


# -- enchanted weapons -----------------------------------------------------------------------


def test_element_by_name_and_cost() -> None:
    activation = activate_element(TONGUE, " Fire ", 0)
    assert activation.element is Element.FIRE and activation.pp_after == -1
    assert element_cost(TONGUE) == 1


@pytest.mark.parametrize(
    ("card", "element", "kwargs", "message"),
    [
        (HEAL, Element.FIRE, {}, "not a weapon"),
        (PACK.item("longsword"), Element.FIRE, {}, "no element"),
        (TONGUE, Element.ICE, {}, "not ice"),
        (TONGUE, "lava", {}, "not an element"),
        (TONGUE, Element.FIRE, {"active": Element.FIRE}, "Only one element"),
        (TONGUE, Element.FIRE, {"attributes": PRIESTESS}, "needs"),
        (TONGUE, Element.FIRE, {"pp": None}, "whole number"),
    ],
)
def test_illegal_element_requests_are_refused(
    card: ItemCard, element: object, kwargs: dict[str, object], message: str
) -> None:
    pp = kwargs.pop("pp", 5)
    assert not can_activate_element(card, element, pp, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(PsiError, match=message):
        activate_element(card, element, pp, **kwargs)  # type: ignore[arg-type]


# -- psi resistance --------------------------------------------------------------------------


def test_ward_costs() -> None:
    assert ward_cost(PACK.item("psi_barrier")) == 0
    assert ward_cost(PACK.item("mirror_ward")) == 0
    assert ward_cost(PACK.item("mirror_ward"), protecting_self=False) == 2
    assert ward_cost(PACK.item("arcane_shield")) == 1
    with pytest.raises(PsiError):
        ward_cost(STORM)


# -- properties ------------------------------------------------------------------------------

faces = st.integers(min_value=1, max_value=9)


@given(
    cost=st.integers(min_value=0, max_value=12),
    tn=st.integers(min_value=0, max_value=60),
    pp=st.integers(min_value=-19, max_value=30),
    first=faces,
    second=faces,
    explosions=st.integers(min_value=0, max_value=6),
)
def test_paid_never_exceeds_the_cost_nor_goes_below_zero(
    cost: int, tn: int, pp: int, first: int, second: int, explosions: int
) -> None:
    card = tn_spell(pp=cost, check=CheckSpec((Attribute.WIS, Attribute.PSI), tn))
    roll = Roll.from_faces("2D", [10] * explosions + [first, second])
    result = evaluate_cast(card, PRIESTESS, pp, roll)
    assert 0 <= result.pp_paid <= cost
    assert result.pp_after == pp - result.pp_paid
    assert result.pp_paid == max(cost - result.critical_successes, 0)


@given(
    cost=st.integers(min_value=0, max_value=20),
    criticals=st.integers(min_value=0, max_value=40),
    before=st.integers(min_value=-30, max_value=30),
)
def test_criticals_never_make_the_cost_negative(cost: int, criticals: int, before: int) -> None:
    payment = PsiPayment.of(cost, before=before, criticals=criticals)
    assert 0 <= payment.paid <= cost
    assert payment.after <= before
