"""Card records, attributes and requirements (doria_nb.engine.cards, doria_nb.engine.attributes)."""

from __future__ import annotations

import enum
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.content import load_pack
from doria_nb.engine.attributes import (
    Attribute,
    Attributes,
    DerivedValues,
    Requirements,
    check_creation,
)
from doria_nb.engine.cards import (
    Attack,
    AttackKind,
    Bonuses,
    CardType,
    CheckSpec,
    ContentPack,
    EffectSpec,
    Element,
    HeroTemplate,
    ItemCard,
    TrapKind,
    TrapSpec,
    Zone,
)
from doria_nb.engine.dice import Dice
from doria_nb.engine.errors import AttributesError, CardError, DoriaError, UnknownContentError

MINI = Path(__file__).resolve().parents[1] / "content" / "fixtures" / "mini"

attribute_values = st.integers(min_value=1, max_value=30)
attributes = st.builds(
    Attributes,
    STR=attribute_values,
    CON=attribute_values,
    AGI=attribute_values,
    PER=attribute_values,
    WIS=attribute_values,
    PSI=attribute_values,
)


def armor(**kwargs: object) -> ItemCard:
    fields = {
        "id": "cap",
        "name": "Cap",
        "type": CardType.ARMOR,
        "zone": Zone.HEAD,
        "requirements": Requirements(STR=2),
        "armor": 1,
    }
    fields.update(kwargs)
    return ItemCard(**fields)  # type: ignore[arg-type]


# -- attributes ---------------------------------------------------------------------------------


@given(attributes)
def test_calculated_values_are_halves_rounded_down(values: Attributes) -> None:
    derived = values.derived()
    assert derived.hp == (values.STR + values.CON) // 2
    assert derived.ip == (values.AGI + values.PER) // 2
    assert derived.pp == (values.WIS + values.PSI) // 2
    assert 2 * derived.hp <= values.STR + values.CON < 2 * derived.hp + 2


def test_attributes_repr_is_a_constructor() -> None:
    values = Attributes(STR=13, CON=13, AGI=9, PER=5, WIS=6, PSI=4)
    assert eval(repr(values)) == values
    assert str(values) == "STR 13 CON 13 AGI 9 PER 5 WIS 6 PSI 4"
    assert values.total == 50
    assert values[Attribute.AGI] == values["AGI"] == 9
    assert Attributes.of(values.as_dict()) == values
    assert hash(values) == hash(Attributes.of(values.as_dict()))


def test_attributes_must_be_whole_and_at_least_one() -> None:
    with pytest.raises(AttributesError, match="STR 0 is below 1"):
        Attributes(STR=0, CON=1, AGI=1, PER=1, WIS=1, PSI=1)
    with pytest.raises(AttributesError, match="whole number"):
        Attributes(STR=True, CON=1, AGI=1, PER=1, WIS=1, PSI=1)  # type: ignore[arg-type]
    with pytest.raises(AttributesError, match="lack PER"):
        Attributes.of({"STR": 1, "CON": 1, "AGI": 1, "WIS": 1, "PSI": 1})
    with pytest.raises(AttributesError, match="'LUCK' is not an attribute"):
        Attributes.of({"LUCK": 3})


def test_raising_attributes() -> None:
    values = Attributes(STR=9, CON=9, AGI=8, PER=8, WIS=8, PSI=8)
    raised = values.raised({"STR": 1, Attribute.CON: 1})
    assert (raised.STR, raised.CON, raised.total) == (10, 10, values.total + 2)
    with pytest.raises(AttributesError, match="positive"):
        values.raised({"STR": -1})
    assert Attribute.WIS.full_name == "Wisdom"


def test_derived_values_arithmetic() -> None:
    assert DerivedValues(1, 2, 3) + DerivedValues(1, -1, 0) == DerivedValues(2, 1, 3)
    assert DerivedValues(5, 5, 5) - DerivedValues(ip=3) == DerivedValues(5, 2, 5)


def test_requirements_shortfalls_and_explanations() -> None:
    card = Requirements(STR=6, WIS=6)
    assert repr(card) == "Requirements(STR=6, WIS=6)"
    assert eval(repr(card)) == card
    assert str(card) == "STR 6, WIS 6"
    assert list(card) == [(Attribute.STR, 6), (Attribute.WIS, 6)]
    assert "STR" in card and "AGI" not in card and "LUCK" not in card
    weak = Attributes(STR=5, CON=5, AGI=5, PER=5, WIS=6, PSI=5)
    assert card.shortfalls(weak) == ((Attribute.STR, 6, 5),)
    assert not card.met_by(weak)
    assert card.explain("Equipping the Rune Blade", "the Mage", weak) == (
        "Equipping the Rune Blade needs STR 6, WIS 6; the Mage has STR 5."
    )
    assert Requirements.of({"str": 6}) == Requirements(STR=6)
    assert not Requirements() and str(Requirements()) == "none"
    with pytest.raises(AttributesError):
        Requirements(STR=-1)


@given(attributes)
def test_requirements_met_exactly_when_every_attribute_reaches_them(values: Attributes) -> None:
    need = Requirements(STR=10, PSI=7)
    assert need.met_by(values) == (values.STR >= 10 and values.PSI >= 7)


def test_create_heroes_points() -> None:
    assert check_creation(Attributes(STR=13, CON=13, AGI=9, PER=5, WIS=6, PSI=4))
    short = check_creation({"STR": 10, "CON": 10, "AGI": 10, "PER": 10, "WIS": 5, "PSI": 3})
    assert not short and "48: 2 more to distribute" in short.reason
    over = check_creation({"STR": 14, "CON": 10, "AGI": 10, "PER": 10, "WIS": 5, "PSI": 3})
    assert "STR 14 is above 13" in over.reason
    zero = check_creation({"STR": 0, "CON": 13, "AGI": 13, "PER": 13, "WIS": 10, "PSI": 1})
    assert "STR 0 is below the minimum of 1" in zero.reason
    missing = check_creation({"STR": 13, "CON": 13, "AGI": 13, "PER": 11})
    assert "WIS, PSI not set" in missing.reason


# -- card records -------------------------------------------------------------------------------


def test_item_card_repr_is_a_constructor() -> None:
    card = ItemCard(
        id="longsword",
        name="Longsword",
        type=CardType.WEAPON,
        zone=Zone.ONE_HAND,
        ap=12,
        requirements=Requirements(STR=9, AGI=7),
        attacks=(Attack(AttackKind.MELEE, Dice(3, 5), damage=2),),
    )
    namespace = {
        "ItemCard": ItemCard,
        "CardType": CardType,
        "Zone": Zone,
        "Requirements": Requirements,
        "Attack": Attack,
        "AttackKind": AttackKind,
        "Dice": Dice,
    }
    assert eval(repr(card), namespace) == card
    assert hash(card) == hash(eval(repr(card), namespace))
    assert str(card) == "Longsword"


def test_bonuses_stack_and_read() -> None:
    total = Bonuses(melee=1, ip=-1) + Bonuses(melee=2, psi_resistance=2)
    assert total == Bonuses(melee=3, psi_resistance=2, ip=-1)
    assert repr(total) == "Bonuses(melee=3, psi_resistance=2, ip=-1)"
    assert total.attack(AttackKind.MELEE) == 3
    assert total.modifiers == DerivedValues(0, -1, 0)
    assert not Bonuses()


class _Level(enum.IntEnum):
    TWO = 2


@pytest.mark.parametrize("bad", [True, 1.5, "1", None])
def test_a_bonus_is_a_whole_number_and_a_bad_one_is_named(bad: object) -> None:
    """Bonuses check plain ints fast (they are summed whenever a maximum is read); anything
    else still gets the full check and an error naming the bonus."""
    with pytest.raises(CardError, match="A bonus: hp must be a whole number"):
        Bonuses(melee=1, hp=bad)  # type: ignore[arg-type]
    assert Bonuses(ip=_Level.TWO, melee=-3) == Bonuses(ip=2, melee=-3)  # an int, if not plain


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"gold": 4}, "gold is none, 1, 2 or 3 coins, not 4"),
        ({"requirements": Requirements(WIS=3)}, "armor always requires Strength"),
        ({"zone": None}, "needs a zone"),
        ({"copies": 0}, "copies must be at least 1"),
        ({"ap": -1}, "ap must be at least 0"),
        ({"trap": TrapSpec(TrapKind.PERSON)}, "only trap cards"),
        ({"id": ""}, "needs an id"),
    ],
)
def test_card_rules_are_checked_when_built(changes: dict, message: str) -> None:
    with pytest.raises(CardError, match=message):
        armor(**changes)


def test_potions_traps_and_events_have_their_own_rules() -> None:
    with pytest.raises(CardError, match="anywhere on the Body"):
        ItemCard(id="p", name="P", type=CardType.POTION, zone=Zone.HEAD)
    with pytest.raises(CardError, match="no requirements"):
        ItemCard(
            id="p", name="P", type=CardType.POTION, zone=Zone.BODY, requirements=Requirements(STR=1)
        )
    with pytest.raises(CardError, match="needs its trap details"):
        ItemCard(id="t", name="T", type=CardType.TRAP)
    with pytest.raises(CardError, match="never equipped"):
        ItemCard(id="e", name="E", type=CardType.EVENT, zone=Zone.HEAD)
    trap = ItemCard(
        id="t",
        name="T",
        type=CardType.TRAP,
        gold=2,
        trap=TrapSpec(TrapKind.AREA, CheckSpec((Attribute.STR, Attribute.AGI), 28, 3), xp=1),
    )
    assert trap.trap is not None and trap.trap.check is not None
    assert trap.trap.check.target(1) == 31
    assert str(trap.trap.check) == "STR+AGI+2D against 28+[3xML]"


def test_card_properties() -> None:
    hammer = ItemCard(
        id="h",
        name="Hammer",
        type=CardType.WEAPON,
        zone=Zone.TWO_HANDS,
        defense=Dice(2, 2),
        attacks=(Attack(AttackKind.MELEE, Dice(3, 4), 3),),
    )
    assert hammer.two_handed and hammer.held_in_hands and hammer.is_defensive
    assert hammer.attack(AttackKind.MELEE) is not None
    assert hammer.attack(AttackKind.RANGED) is None
    cap = armor(gold=2)
    assert cap.is_armor and not cap.is_defensive
    assert cap.sale_value() == 2 and cap.sale_value(damaged=True) == 1
    assert armor(gold=0).sale_value(damaged=True) == 0


def test_effect_spec_is_canonical() -> None:
    a = EffectSpec.of("heal", amount=3, target="self")
    b = EffectSpec("heal", (("target", "self"), ("amount", 3)))
    assert a == b and hash(a) == hash(b)
    assert a.get("amount") == 3 and a.get("missing", 0) == 0
    assert eval(repr(a), {"EffectSpec": EffectSpec}) == a
    with pytest.raises(CardError):
        EffectSpec("")


def test_attack_records() -> None:
    attack = Attack(AttackKind.MAGIC, Dice.parse("4D+2"), damage=3, element=Element.AIR)
    assert str(attack) == "magic 4D+2, damage 3, air"
    with pytest.raises(CardError):
        Attack(AttackKind.MELEE, "3D")  # type: ignore[arg-type]
    with pytest.raises(CardError):
        Attack(AttackKind.MELEE, Dice(3), damage=-1)


# -- the content pack ---------------------------------------------------------------------------


def test_pack_lookup_and_loot_deck() -> None:
    pack = load_pack(MINI)
    assert pack.item("longsword").name == "Longsword"
    assert pack.hero("mage").attributes.STR == 4
    assert pack.bonus("efficiency").effect.get("ap") == 3
    with pytest.raises(UnknownContentError, match="did you mean 'longsword'"):
        pack.item("longsord")
    with pytest.raises(UnknownContentError, match="no hero 'barbarian'"):
        pack.hero("barbarian")
    deck = pack.loot_deck()
    assert all(not card.standard for card in deck)
    assert sum(1 for card in deck if card.id == "dagger") == 3
    assert len(deck) == sum(card.copies for card in pack.loot_cards)
    assert {card.id for card in pack.standard_items} >= {"combat_hammer", "psi_orb"}
    assert pack.cards_by_type()[CardType.TRAP] == 2
    assert pack.fingerprint == ("mini", "1.0.0", pack.content_hash)
    assert hash(pack) == hash(load_pack(MINI))
    assert repr(pack) == "<ContentPack mini 1.0.0: 3 heroes, 30 cards, 9 bonuses>"


def test_pack_refuses_duplicate_ids() -> None:
    with pytest.raises(CardError, match="Two items have the id 'cap'"):
        ContentPack("p", "P", "1.0.0", items=(armor(), armor()))


def test_hero_template_checks_its_parts() -> None:
    with pytest.raises(CardError):
        HeroTemplate("x", "X", {"STR": 1})  # type: ignore[arg-type]
    with pytest.raises(DoriaError):
        HeroTemplate(
            "x",
            "X",
            Attributes(STR=1, CON=1, AGI=1, PER=1, WIS=1, PSI=1),
            ("cap",),  # type: ignore[arg-type]
        )


def test_a_card_keeps_the_hash_a_frozen_dataclass_gives() -> None:
    """:class:`ItemCard` keeps its hash; it is the very value a frozen dataclass works out
    (so sets and dicts of cards keep their order), and a copied or pickled card works it out
    anew."""
    import copy
    import dataclasses
    import pickle

    from doria_nb.content import starter_pack

    for card in starter_pack().items:
        fresh = hash(tuple(getattr(card, f.name) for f in dataclasses.fields(card) if f.compare))
        assert hash(card) == fresh and hash(card) == fresh
        for again in (copy.copy(card), copy.deepcopy(card), pickle.loads(pickle.dumps(card))):
            assert again == card and hash(again) == fresh
        changed = dataclasses.replace(card, gold=(card.gold + 1) % 4)
        assert hash(changed) == hash(
            tuple(getattr(changed, f.name) for f in dataclasses.fields(changed) if f.compare)
        )
