"""The exact attack odds agree with a seeded sampler of real resolutions."""

from __future__ import annotations

from collections import Counter

from doria_nb.content import starter_pack
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.combat import (
    Foe,
    attack_options,
    hero_attack_odds,
    monster_attack_odds,
    resolve_hero_attack,
    resolve_monster_attack,
)
from doria_nb.engine.decisions import ChoiceKind
from doria_nb.engine.dice import Dice
from doria_nb.engine.mat import Mat, Slot

PACK = starter_pack()
SAMPLES = 3000
TOLERANCE = 0.03


def warrior(mat: Mat) -> Character:
    template = PACK.hero("warrior")
    return Character(template.name, template.attributes, mat=mat, template=template)


def test_probabilities_sum_to_one() -> None:
    odds = hero_attack_odds(Dice(3, 5), 2, Foe.of(PACK.monster("orc")))
    assert abs(sum(p for _, p in odds.outcomes) - 1) < 1e-9
    assert abs(sum(p for _, p in odds.damage) - 1) < 1e-9
    assert 0 < odds.p_fumble < odds.p_item_damaged + 1e-12


def test_hero_attack_odds_match_the_sampler() -> None:
    hero = warrior(Mat().with_body(Slot.HAND_1, PACK.item("longsword")))
    orc = Foe.of(PACK.monster("orc"))
    (sword,) = attack_options(hero)
    odds = hero_attack_odds(sword.dice, sword.damage, orc)
    chance = Chance.seeded(2024)
    outcomes: Counter[object] = Counter()
    damage: Counter[int] = Counter()
    for _ in range(SAMPLES):
        result = resolve_hero_attack(hero, orc, sword, chance)
        outcomes[result.outcome] += 1
        damage[orc.hp - result.foe_after.hp] += 1
    for outcome, p in odds.outcomes:
        assert abs(outcomes[outcome] / SAMPLES - p) < TOLERANCE, outcome
    for hp, p in odds.damage:
        assert abs(damage[hp] / SAMPLES - p) < TOLERANCE, hp


def test_monster_attack_odds_match_the_sampler() -> None:
    hero = warrior(Mat().with_body(Slot.HAND_1, PACK.item("longsword")))
    ogre = Foe.of(PACK.monster("ogre"))
    odds = monster_attack_odds(ogre, Dice(2, 3))
    chance = Chance.seeded(7)
    damage: Counter[int] = Counter()
    for _ in range(SAMPLES):
        result = resolve_monster_attack(ogre, hero, chance, answers={ChoiceKind.DEFENSE: "hand 1"})
        damage[result.hp_lost] += 1
    for hp, p in odds.damage:
        assert abs(damage[hp] / SAMPLES - p) < TOLERANCE, hp


def test_magic_attack_odds_with_the_default_psi_point_policy_match_the_sampler() -> None:
    """Against a Dark Mage the Mage resists with his 2D skill and the default policy adds the
    Psi Points that turn a hit into a miss while he has them (ruling C4): the exact odds with
    ``psi_points`` agree with resolutions under that policy."""
    template = PACK.hero("mage")
    mage = Character(template.name, template.attributes, mat=Mat(), template=template)
    dark_mage = Foe.of(PACK.monster("dark_mage"))
    odds = monster_attack_odds(dark_mage, Dice(2), psi_points=mage.pp)
    plain = monster_attack_odds(dark_mage, Dice(2))
    assert odds.p_hit < plain.p_hit
    chance = Chance.seeded(11)
    outcomes: Counter[object] = Counter()
    for _ in range(SAMPLES):
        result = resolve_monster_attack(dark_mage, mage, chance)
        outcomes[result.outcome] += 1
    for outcome, p in odds.outcomes:
        assert abs(outcomes[outcome] / SAMPLES - p) < TOLERANCE, outcome
