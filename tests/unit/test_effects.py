"""What spells and potions do (doria_nb.engine.effects, effects_ops), and its wiring into
``psi.cast`` and ``potions.drink_potion`` (issue #6)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.content import starter_pack
from doria_nb.engine.attributes import Attributes
from doria_nb.engine.cards import CardType, EffectSpec, ItemCard, Zone
from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.character import Character
from doria_nb.engine.effects import (
    ArmorBonus,
    AttackBonus,
    CurePoison,
    EffectError,
    ExtraAP,
    Heal,
    Immobilize,
    RestorePsi,
    apply_effect,
    can_apply,
    effect_of,
)
from doria_nb.engine.effects_ops import (
    AttackRollBonus,
    ExtraActionPoints,
    RemovePoisonMarkers,
    TemporaryArmor,
)
from doria_nb.engine.errors import DoriaError, HealthError, PsiError, UseError
from doria_nb.engine.mat import Location, Slot
from doria_nb.engine.potions import drink_potion
from doria_nb.engine.psi import can_target_self, cast

PACK = starter_pack()
AVERAGE = Attributes(STR=9, CON=9, AGI=8, PER=8, WIS=8, PSI=8)
HEALER = Attributes(STR=6, CON=9, AGI=8, PER=8, WIS=10, PSI=13)
SPELLS = [card for card in PACK if card.type is CardType.PSI]
POTIONS = [card for card in PACK if card.type is CardType.POTION]


def hero(name: str = "Adventurer", attributes: Attributes = AVERAGE) -> Character:
    return Character(name, attributes)


def state(*characters: Character) -> list[tuple[int, int, object]]:
    return [(c.hp, c.pp, c.mat) for c in characters]


def card(name: str = "Brew", kind: CardType = CardType.POTION, **params: object) -> ItemCard:
    """A card for tests; ``effect=`` names its effect, the other keywords are its parameters."""
    spec = None
    if "effect" in params:
        spec = EffectSpec.of(str(params.pop("effect")), **params)  # type: ignore[arg-type]
    zone = Zone.BODY if kind is CardType.POTION else Zone.ONE_HAND
    return ItemCard(id="c", name=name, type=kind, zone=zone, effect=spec)


# -- every card of the starter pack: carried out or refused with a reason ----------------------

EXPECTED = {
    "small_healing_spell": Heal("Small Healing Spell", 3),
    "healing_spell": Heal("Healing Spell", 5),
    "great_healing_spell": Heal("Great Healing Spell", 8),
    "dense_hide": ArmorBonus("Dense Hide", 2, 1),
    "detox": CurePoison("Detox", 3),
    "haste": ExtraAP("Haste", 6),
    "battle_blessing": AttackBonus("Battle Blessing", 3, 1),
    "soothing_light": RestorePsi("Soothing Light", 3),
    "vine_tendrils": Immobilize("Vine Tendrils", 1),
    "small_healing_potion": Heal("Small Healing Potion", 3),
    "healing_potion": Heal("Healing Potion", 6),
    "great_healing_potion": Heal("Great Healing Potion", 10),
    "small_psi_potion": RestorePsi("Small Psi Potion", 3),
    "psi_potion": RestorePsi("Psi Potion", 6),
    "antidote": CurePoison("Antidote", None),
    "draught_of_haste": ExtraAP("Draught of Haste", 6),
    "stoneskin_tonic": ArmorBonus("Stoneskin Tonic", 2, 1),
    "murky_flask": Heal("Murky Flask", 2),
}


def test_the_pack_has_the_cards_this_test_expects() -> None:
    with_effect = {c.id for c in [*SPELLS, *POTIONS] if c.effect is not None}
    assert with_effect == set(EXPECTED), "a new card with an effect needs an expected record"


@pytest.mark.parametrize("item", [*SPELLS, *POTIONS], ids=lambda c: c.id)
def test_every_spell_and_potion_is_carried_out_or_refused_with_a_reason(item: ItemCard) -> None:
    target = hero()
    target.change_points(hp=-4, pp=-4)
    before = state(target)
    try:
        effect = effect_of(item)
    except EffectError as error:
        assert item.effect is None and item.type is CardType.PSI
        assert item.name in str(error) and ("attack spell" in str(error) or "ward" in str(error))
        assert item.id not in EXPECTED
        return
    assert effect == EXPECTED[item.id]
    verdict = can_apply(effect)
    if not verdict:
        assert item.name in verdict.reason and "immobilize" in verdict.reason
        with pytest.raises(EffectError, match=item.name):
            apply_effect(effect, target)
        assert state(target) == before
        return
    result = apply_effect(effect, target)
    assert result.who == "Adventurer" and result.card == item.name
    assert item.name in result.explain()
    changed = state(target) != before
    assert changed == (result.healing is not None), "only healing touches the sheet"
    assert bool(result.operations) == (result.healing is None), "nothing is silently dropped"
    for operation in result.operations:
        assert operation.who == "Adventurer" and item.name in operation.explain()


def test_every_potion_of_the_pack_can_be_drunk() -> None:
    for potion in POTIONS:
        drinker = hero()
        drinker.receive(potion, Slot.ACCESSORY)
        use = drink_potion(drinker, Location.body(Slot.ACCESSORY))
        assert use.effect is not None and use.effect.card == potion.name
        assert potion.name in use.explain() and len(drinker.mat) == 0


# -- effect_of refusals ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("item", "message"),
    [
        (card("Odd Brew", effect="fly"), "Odd Brew's effect 'fly' is not one"),
        (
            card(effect="heal"),
            "heal effect needs amount as a whole number of at least 1, not nothing",
        ),
        (card(effect="heal", amount=0), "at least 1, not 0"),
        (card(effect="heal", amount=2.5), "not 2.5"),
        (card(effect="heal", amount=True), "not True"),
        (card(effect="heal", amount=2, hours=3), "parameters the engine cannot carry out: hours"),
        (card(effect="cure_poison", markers=-1), "markers as a whole number"),
        (card(effect="armor_buff", armor=2, rounds=0), "rounds"),
        (card("Dull Rock"), "The Dull Rock has no effect to apply."),
        (PACK.item("ice_shard"), "attack spell"),
        (PACK.item("mind_ward"), "ward"),
        ("antidote", "Only a card"),
    ],
)
def test_effect_of_refuses_in_words(item: object, message: str) -> None:
    with pytest.raises(EffectError, match=message):
        effect_of(item)  # type: ignore[arg-type]


def test_effect_error_is_both_a_health_and_a_psi_error() -> None:
    assert issubclass(EffectError, HealthError) and issubclass(EffectError, PsiError)
    assert issubclass(EffectError, DoriaError)


def test_a_spell_may_say_it_cannot_target_its_caster() -> None:
    assert effect_of(PACK.item("soothing_light")) == RestorePsi("Soothing Light", 3)
    spec = card(kind=CardType.PSI, effect="restore_pp", amount=3, self_target=False)
    assert effect_of(spec) == RestorePsi("Brew", 3)


# -- apply_effect -------------------------------------------------------------------------------


def test_operations_for_what_a_character_cannot_hold() -> None:
    mage = hero("Mage")
    assert apply_effect(CurePoison("Detox", 3), mage).operations == (
        RemovePoisonMarkers("Mage", "Detox", 3),
    )
    assert apply_effect(ArmorBonus("Dense Hide", 2), mage).operations == (
        TemporaryArmor("Mage", "Dense Hide", 2, 1),
    )
    assert apply_effect(AttackBonus("Battle Blessing", 3), mage).operations == (
        AttackRollBonus("Mage", "Battle Blessing", 3, 1),
    )
    result = apply_effect(ExtraAP("Haste", 6), mage)
    assert result.operations == (ExtraActionPoints("Mage", "Haste", 6),)
    assert "initiative marker up by 6" in result.explain()


def test_poison_markers_removed_never_go_below_zero() -> None:
    detox = RemovePoisonMarkers("Mage", "Detox", 3)
    assert [detox.remaining(n) for n in range(6)] == [0, 0, 0, 0, 1, 2]
    assert RemovePoisonMarkers("Mage", "Antidote").remaining(9) == 0


def test_longer_buffs_explain_their_rounds() -> None:
    assert "for 2 rounds" in TemporaryArmor("Mage", "X", 1, 2).explain()
    assert "for 3 rounds" in AttackBonus("X", 1, 3).explain("Mage")


def test_apply_effect_refuses_bad_input_and_changes_nothing() -> None:
    mage = hero("Mage")
    mage.change_points(hp=-5)
    before = state(mage)
    with pytest.raises(EffectError, match="character"):
        apply_effect(Heal("Healing Potion", 6), "Mage")  # type: ignore[arg-type]
    with pytest.raises(EffectError, match="effect read by effect_of"):
        apply_effect(EffectSpec.of("heal", amount=3), mage)  # type: ignore[arg-type]
    with pytest.raises(EffectError, match="immobilize"):
        apply_effect(Immobilize("Vine Tendrils"), mage)
    assert state(mage) == before


@given(
    loss=st.integers(0, 40),
    amount=st.integers(1, 30),
    psi=st.booleans(),
)
def test_healing_never_exceeds_the_maximum(loss: int, amount: int, psi: bool) -> None:
    target = hero()
    target.change_points(hp=-loss, pp=-loss)
    before = (target.hp, target.pp)
    effect = RestorePsi("P", amount) if psi else Heal("H", amount)
    result = apply_effect(effect, target)
    top = target.maximum
    assert target.hp <= max(top.hp, before[0]) and target.pp <= max(top.pp, before[1])
    gained = (target.pp - before[1]) if psi else (target.hp - before[0])
    assert gained == min(amount, (top.pp if psi else top.hp) - (before[1] if psi else before[0]))
    assert result.healing is not None


# -- psi.cast ---------------------------------------------------------------------------------


def caster_with(card_id: str) -> Character:
    priestess = hero("Priestess", HEALER)
    priestess.mat = priestess.mat.with_body(Slot.HAND_1, PACK.item(card_id))
    return priestess


def test_a_healing_spell_heals_its_target_and_the_caster_pays() -> None:
    priestess, warrior = caster_with("healing_spell"), hero("Warrior")
    warrior.change_points(hp=-7)
    pp, hp = priestess.pp, warrior.hp
    # CON 9 + PSI 13 + 4 + 5 = 31 against TN 30
    result = cast(priestess, Location.body(Slot.HAND_1), ScriptedChance([4, 5]), target=warrior)
    assert result.success and result.effect is not None
    assert warrior.hp == hp + 5 and priestess.pp == pp - 3
    assert result.effect.healing is not None and result.effect.healing.hp == (hp, hp + 5)
    assert result.explain().endswith(result.effect.explain())


def test_a_failed_spell_pays_but_does_nothing() -> None:
    priestess, warrior = caster_with("healing_spell"), hero("Warrior")
    warrior.change_points(hp=-7)
    hp, pp = warrior.hp, priestess.pp
    result = cast(priestess, Location.body(Slot.HAND_1), ScriptedChance([2, 3]), target=warrior)
    assert not result.success and result.effect is None
    assert warrior.hp == hp and priestess.pp == pp - 3


def test_criticals_lower_the_cost_but_do_not_heal_more() -> None:
    """Ruling Y20: CON 9 + PSI 13 + 9 + 9 = 40 against TN 30 is one critical success: 1 PP
    off the cost, and still 5 HP."""
    priestess, warrior = caster_with("healing_spell"), hero("Warrior")
    warrior.change_points(hp=-9)
    hp, pp = warrior.hp, priestess.pp
    result = cast(priestess, Location.body(Slot.HAND_1), ScriptedChance([9, 9]), target=warrior)
    assert result.critical_successes == 1 and priestess.pp == pp - 2
    assert warrior.hp == hp + 5


def test_a_healing_spell_never_heals_above_the_maximum() -> None:
    priestess, warrior = caster_with("great_healing_spell"), hero("Warrior")
    warrior.change_points(hp=-2)
    cast(priestess, Location.body(Slot.HAND_1), ScriptedChance([9, 9]), target=warrior)
    assert warrior.hp == warrior.maximum.hp


def test_a_blessing_cast_on_oneself_returns_its_operation() -> None:
    priestess = caster_with("dense_hide")
    result = cast(priestess, Location.body(Slot.HAND_1), ScriptedChance([5, 5]), on_self=True)
    assert result.effect is not None
    assert result.effect.operations == (TemporaryArmor("Priestess", "Dense Hide", 2, 1),)
    same = caster_with("dense_hide")
    named = cast(same, Location.body(Slot.HAND_1), ScriptedChance([5, 5]), target=same)
    assert named.effect == result.effect and named.on_self


def test_cast_without_a_target_leaves_the_effect_to_the_caller() -> None:
    priestess = caster_with("healing_spell")
    result = cast(priestess, Location.body(Slot.HAND_1), ScriptedChance([9, 9]))
    assert result.success and result.effect is None


def test_soothing_light_cannot_target_its_caster() -> None:
    """Its text says it cannot target the caster, and its effect table says so too: the
    engine reads the table (psi.can_target_self, ruling Y1)."""
    assert not can_target_self(PACK.item("soothing_light"))


def test_cast_refusals_roll_nothing_and_change_nothing() -> None:
    soothing = PACK.item("soothing_light")
    light = dataclasses.replace(
        soothing, effect=EffectSpec.of("restore_pp", amount=3, self_target=False)
    )
    priestess, warrior = hero("Priestess", HEALER), hero("Warrior")
    priestess.mat = priestess.mat.with_body(Slot.HAND_1, light)
    before = state(priestess, warrior)
    chance = ScriptedChance([])  # any roll would raise: nothing may be rolled
    with pytest.raises(PsiError, match="cannot target its caster"):
        cast(priestess, Location.body(Slot.HAND_1), chance, target=priestess)
    with pytest.raises(PsiError, match="must be a character"):
        cast(priestess, Location.body(Slot.HAND_1), chance, target="Warrior")  # type: ignore[arg-type]
    with pytest.raises(PsiError, match="not on both"):
        cast(priestess, Location.body(Slot.HAND_1), chance, on_self=True, target=warrior)
    with pytest.raises(UseError):
        cast(priestess, Location.body(Slot.HAND_2), chance, target=warrior)
    odd = hero("Priestess", HEALER)
    odd.mat = odd.mat.with_body(
        Slot.HAND_1,
        dataclasses.replace(PACK.item("detox"), effect=EffectSpec.of("cure_curse")),
    )
    odd_before = state(odd)
    with pytest.raises(EffectError, match="cure_curse"):
        cast(odd, Location.body(Slot.HAND_1), chance, target=warrior)
    assert state(priestess, warrior) == before and state(odd) == odd_before


# -- drink_potion --------------------------------------------------------------------------------


def test_an_antidote_returns_the_removal_of_every_marker() -> None:
    warrior = hero("Warrior")
    warrior.receive(PACK.item("antidote"), Slot.ACCESSORY)
    before = (warrior.hp, warrior.pp)
    use = drink_potion(warrior, Location.body(Slot.ACCESSORY))
    assert use.ap == 5 and (warrior.hp, warrior.pp) == before
    assert use.effect is not None
    assert use.effect.operations == (RemovePoisonMarkers("Warrior", "Antidote"),)
    assert use.healing.offered == (0, 0) and use.healing.wasted == 0
    assert use.explain() == (
        "Warrior uses the Antidote for 5 AP. Warrior loses every Poison Marker (Antidote)."
    )


def test_a_companion_pours_a_haste_draught_into_another() -> None:
    user, holder = hero("Warrior"), hero("Mage")
    holder.mat = holder.mat.with_belt(PACK.item("draught_of_haste"))
    use = drink_potion(user, Location.belt(0), holder=holder, target=holder)
    assert use.ap == 2 + 5
    assert use.effect is not None
    assert use.effect.operations == (ExtraActionPoints("Mage", "Draught of Haste", 6),)


def test_healing_potions_keep_their_behaviour() -> None:
    adventurer = hero()
    adventurer.receive(PACK.item("healing_potion"), Slot.ACCESSORY)
    adventurer.change_points(hp=-8)
    use = drink_potion(adventurer, Location.body(Slot.ACCESSORY))
    assert use.healing.hp == (1, 7) and use.effect is not None
    assert use.effect.healing == use.healing
    assert use.explain().endswith(use.healing.explain())


def test_a_potion_with_an_unknown_effect_is_refused_and_nothing_changes() -> None:
    adventurer = hero()
    adventurer.receive(card("Odd Brew", effect="fly"), Slot.ACCESSORY)
    before = state(adventurer)
    with pytest.raises(UseError, match="Odd Brew's effect 'fly'"):
        drink_potion(adventurer, Location.body(Slot.ACCESSORY))
    assert state(adventurer) == before
