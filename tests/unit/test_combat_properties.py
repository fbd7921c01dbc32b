"""Properties of combat over many random rolls, armors and damaged items (Hypothesis)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from doria_nb.content import starter_pack
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.combat import (
    Foe,
    ItemDamage,
    PointsLoss,
    attack_options,
    resolve_hero_attack,
    resolve_monster_attack,
)
from doria_nb.engine.decisions import ChoiceKind
from doria_nb.engine.mat import Location, Mat, Slot
from doria_nb.engine.options import RulesOptions

PACK = starter_pack()
MONSTERS = ("orc", "ogre", "gargoyle", "mercenary", "dark_mage", "mummy", "poltergeist")
BODY = (
    (Slot.HAND_1, "longsword"),
    (Slot.HAND_2, "squire_shield"),
    (Slot.TORSO, "leather_armor"),
    (Slot.HEAD, "leather_helmet"),
    (Slot.LEGS, "chain_leggings"),
    (Slot.ACCESSORY, "mind_ward"),
)


@st.composite
def situations(draw: st.DrawFn) -> tuple[Character, Foe, Chance, RulesOptions, bool]:
    mat = Mat()
    for slot, card_id in BODY:
        if draw(st.booleans()):
            mat = mat.with_body(slot, PACK.item(card_id), damaged=draw(st.booleans()))
    template = PACK.hero("warrior")
    warrior = Character(template.name, template.attributes, mat=mat, template=template)
    monster = Foe.of(PACK.monster(draw(st.sampled_from(MONSTERS))), draw(st.integers(1, 5)))
    options = RulesOptions(critical_fail=draw(st.booleans()), dice_rolling=draw(st.booleans()))
    chance = Chance.seeded(draw(st.integers(0, 2**32 - 1)))
    return warrior, monster, chance, options, draw(st.booleans())


def damaged_locations(character: Character) -> set[Location]:
    return {loc for loc, held in character.mat.locations() if held.damaged}


@given(situations())
def test_monster_attack_properties(case: tuple[Character, Foe, Chance, RulesOptions, bool]) -> None:
    warrior, monster, chance, options, hindered = case
    before = (warrior.mat, warrior.hp, warrior.pp)
    damaged = damaged_locations(warrior)
    result = resolve_monster_attack(monster, warrior, chance, options=options, hindered=hindered)
    assert (warrior.mat, warrior.hp, warrior.pp) == before  # resolving changes nothing
    if not result.hit:
        assert result.hp[0] == result.hp[1]
        assert all(c.hp == 0 for c in result.changes if isinstance(c, PointsLoss))
    armor_decisions = [d for d in result.decisions if d.choice.kind is ChoiceKind.ARMOR]
    assert len(armor_decisions) <= 1
    took_hit = [
        c for c in result.changes if isinstance(c, ItemDamage) and c.reason == "took the hit"
    ]
    assert len(took_hit) <= 1
    for decided in result.decisions:  # no damaged item is ever offered
        if decided.choice.kind in (ChoiceKind.DEFENSE, ChoiceKind.ARMOR):
            for option in decided.choice.options:
                assert not any(option.key == str(loc.slot) for loc in damaged)
    assert all(c.location not in damaged for c in result.items_damaged)
    result.apply(warrior)
    assert warrior.hp == result.hp[1] and warrior.pp == result.pp[1]


@given(situations())
def test_hero_attack_properties(case: tuple[Character, Foe, Chance, RulesOptions, bool]) -> None:
    warrior, monster, chance, options, hindered = case
    damaged = damaged_locations(warrior)
    usable = [
        a
        for a in attack_options(warrior)
        if not (monster.only_hurt_by_magic and a.kind.value != "magic")
    ]
    assert all(a.location not in damaged for a in attack_options(warrior))
    for attack in usable:
        result = resolve_hero_attack(
            warrior, monster, attack, chance, options=options, hindered=hindered
        )
        if not result.hit:
            assert result.foe_after.hp == monster.hp
        else:
            assert result.foe_after.hp <= monster.hp
        assert result.foe_after.stats == monster.stats  # monster armor is never damaged
        assert result.hp == (warrior.hp, warrior.hp)
