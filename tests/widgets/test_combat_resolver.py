"""The combat resolver, driven from Python as a reader would drive it (no browser).

Rulebook sections: *Attack*, *Defense*, *Psi Resistance*, *Getting Hit and Armor Rating*,
*Critical Rolls and Fumbles*, *Difficult Terrain* (Blue Solid Lines) and the optional rules
*No Fumbles*, *Dice Rolling* and *Critical Fail*. The odds shown are the engine's exact odds;
one test checks them against the engine's seeded sampler (the engine, not the widget, rolls).
"""

from __future__ import annotations

import html
import math
from collections import Counter

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.chance import Chance
from doria_nb.engine.checks import OutcomeKind
from doria_nb.engine.combat import (
    AttackResolution,
    Foe,
    attack_options,
    hero_attack_odds,
    monster_attack_odds,
    resolve_hero_attack,
    resolve_monster_attack,
)
from doria_nb.engine.decisions import Choice, ChoiceKind, default_policy
from doria_nb.engine.errors import CombatError, DoriaError
from doria_nb.engine.options import RulesOptions
from doria_nb.ui import CombatResolver
from doria_nb.ui.combat_resolver import CSS_CLASSES, equipped_hero
from doria_nb.ui.outcome_chart import LANDED_MARKER

PACK = starter_pack()


def snapshot(resolver: CombatResolver) -> dict:
    """What a bad request must leave as it was (the status line aside)."""
    hero = resolver.character
    return {
        "hero": (hero.hp, hero.pp, hero.mat),
        "foe": resolver.foe,
        "resolution": resolver.resolution,
        "pending": resolver.pending,
        "applied": resolver.applied,
        "odds": resolver.odds,
        "arithmetic": resolver.arithmetic_html.value,
        "odds_html": resolver.odds_html.value,
    }


def roll_until(resolver: CombatResolver, wanted, tries: int = 200):
    """Roll (answering nothing) until ``wanted(result)``; New fight between tries."""
    for _ in range(tries):
        result = resolver.roll()
        if wanted(result):
            return result
        if resolver.pending is not None:
            resolver.use_default()
        resolver.new_fight()
        resolver.seed_input.value += 1
    raise AssertionError("no roll gave the wanted result")


# --- setup and odds -------------------------------------------------------------------------


def test_warrior_against_orc_shows_the_engines_odds() -> None:
    resolver = CombatResolver("warrior", "orc", seed=1)
    hero = equipped_hero(PACK, "warrior")
    (hammer,) = attack_options(hero)
    expected = hero_attack_odds(
        hammer.dice, hammer.damage, Foe.of(PACK.monster("orc")), kind=hammer.kind
    )
    assert resolver.odds == expected
    assert resolver.error == ""
    assert not resolver.roll_button.disabled
    text = resolver.odds_html.value
    assert "Exact odds before rolling" in text
    assert "Combat Hammer" in text and "the Orc" in text
    assert "no policy is needed" in text  # a hero's attack asks nothing after the roll
    for outcome, p in expected.outcomes:
        if p >= 1e-4:
            assert outcome.label() in text
    assert '<table class="doria-hp-table">' in text and "HP left" in text
    # The chart shows the same outcome classes, in the engine's order.
    labels = resolver.outcome_chart.source.data["label"]
    assert labels[0] == "fumble" and "hit +1 crit" in labels
    assert resolver.widget is resolver
    assert resolver.pending is None and resolver.resolution is None


def test_monster_attack_odds_assume_the_best_armor_and_say_so() -> None:
    resolver = CombatResolver("warrior", "orc", monster_attacks=True, seed=1)
    hero = equipped_hero(PACK, "warrior")
    orc = Foe.of(PACK.monster("orc"))
    # Default defense: the roll with the highest expected total (the Combat Hammer, 2D+2).
    assert resolver.defense_select.value == "hand 1"
    expected = monster_attack_odds(orc, hero.defense_options()[0].dice, armor=3)
    assert resolver.odds == expected
    assert "best armor" in resolver.odds_html.value
    assert "Tri-Anon Armor, AR 3" in resolver.odds_html.value
    # Choosing Dodge changes the odds (2D instead of 2D+2).
    resolver.defense_select.value = "dodge"
    assert resolver.odds.defense.modifier == 0
    assert resolver.attack_select.layout.display == "none"
    assert resolver.defense_select.layout.display is None


def test_options_hindered_and_level_change_the_odds() -> None:
    resolver = CombatResolver("warrior", "orc", seed=1)
    plain = resolver.odds
    resolver.hindered_box.value = True
    assert resolver.odds.defense.count == plain.defense.count + 1
    assert "Blue Solid Line" in resolver.odds_html.value
    resolver.hindered_box.value = False
    resolver.no_fumbles_box.value = True
    assert resolver.odds.p_fumble == 0
    assert "No Fumbles" in resolver.odds_html.value
    resolver.no_fumbles_box.value = False
    resolver.level_select.value = 3
    assert resolver.foe.stats.level == 3
    assert resolver.odds != plain


def test_unknown_names_fail_at_construction() -> None:
    with pytest.raises(DoriaError):
        CombatResolver("nobody")
    with pytest.raises(DoriaError):
        CombatResolver("warrior", "dragonfly")
    with pytest.raises(CombatError):
        CombatResolver("warrior", "orc", level=7)


def test_a_weapon_against_a_poltergeist_shows_the_engines_message() -> None:
    resolver = CombatResolver("warrior", "poltergeist", seed=1)
    assert "hurt only by magic" in resolver.error
    assert resolver.odds is None
    assert resolver.roll_button.disabled
    before = snapshot(resolver)
    with pytest.raises(CombatError, match="only by magic"):
        resolver.roll()
    assert snapshot(resolver) == before
    assert "only by magic" in resolver.status_html.value
    # The Mage's Psi Orb is magic: that works.
    resolver.hero_select.value = "mage"
    assert resolver.error == "" and resolver.odds is not None


# --- rolling, choosing, applying ------------------------------------------------------------


def test_roll_shows_the_arithmetic_and_marks_the_chart() -> None:
    resolver = CombatResolver("warrior", "orc", seed=5)
    result = resolver.roll()
    assert isinstance(result, AttackResolution)
    assert resolver.resolution is result
    for step in result.steps:  # the engine's arithmetic, step by step
        assert html.escape(step.text) in resolver.arithmetic_html.value
    assert "Comparative Rolls and Target Numbers" in resolver.arithmetic_html.value
    assert resolver.outcome_chart.landed_label == result.outcome.label()
    assert LANDED_MARKER in resolver.outcome_chart.caption.value
    assert not resolver.apply_button.disabled


def test_the_same_seed_gives_the_same_attack() -> None:
    first = CombatResolver("warrior", "orc", seed=11).roll()
    again = CombatResolver("warrior", "orc", seed=11).roll()
    assert first.steps == again.steps
    resolver = CombatResolver("warrior", "orc", seed=11)
    resolver.roll()
    resolver.new_fight()  # the seed's dice start over
    assert resolver.roll().steps == first.steps


def test_armor_choice_waits_for_the_reader() -> None:
    resolver = CombatResolver("warrior", "orc", monster_attacks=True, seed=1)
    choice = roll_until(resolver, lambda r: isinstance(r, Choice))
    assert resolver.pending is choice and choice.kind is ChoiceKind.ARMOR
    assert resolver.resolution is None
    assert resolver.choice_box.layout.display is None
    assert set(resolver.choice_select.options) == {(o.label, o.key) for o in choice.options}
    assert resolver.roll_button.disabled and resolver.apply_button.disabled
    # Bad requests change nothing and show the engine's message.
    before = snapshot(resolver)
    with pytest.raises(DoriaError, match="not an answer"):
        resolver.decide("head")
    assert snapshot(resolver) == before
    assert "not an answer" in resolver.status
    with pytest.raises(CombatError, match="Answer the question first"):
        resolver.roll()
    with pytest.raises(CombatError, match="Answer the question first"):
        resolver.apply()
    assert snapshot(resolver) == before
    # The reader keeps the armor intact: the whole damage comes off the HP.
    hp = resolver.character.hp
    result = resolver.decide("none")
    assert isinstance(result, AttackResolution) and resolver.pending is None
    assert result.decisions[-1].answer == "none" and result.decisions[-1].by == "answer given"
    assert result.damage is not None and result.damage.armor_name is None
    assert "no armor" in resolver.arithmetic_html.value
    assert resolver.choice_box.layout.display == "none"
    resolver.apply()
    assert resolver.character.hp == hp - result.damage.total
    assert "Applied" in resolver.status and f"HP {hp} → {resolver.character.hp}" in resolver.status
    with pytest.raises(CombatError, match="already applied"):
        resolver.apply()


def test_use_the_default_names_the_policy() -> None:
    resolver = CombatResolver("warrior", "orc", monster_attacks=True, seed=1)
    roll_until(resolver, lambda r: isinstance(r, Choice))
    result = resolver.use_default()
    (armor,) = [d for d in result.decisions if d.choice.kind is ChoiceKind.ARMOR]
    assert armor.answer == "torso" and armor.by == "policy: best armor"
    assert "Tri-Anon Armor" in resolver.arithmetic_html.value
    resolver.apply()
    assert resolver.character.mat.armor_options(None) == ()  # the armor is damaged now
    # The odds follow: no armor left to take the next hit.
    assert "no armor that can take this hit" in resolver.odds_html.value


def test_button_clicks_never_raise() -> None:
    resolver = CombatResolver("warrior", "orc", seed=2)
    resolver.apply_button.click()  # nothing to apply: a message, no exception
    assert "Roll first" in resolver.status
    resolver.roll_button.click()
    assert resolver.resolution is not None
    resolver.apply_button.click()
    assert resolver.applied
    resolver.decide_button.click()
    assert "No question is waiting" in resolver.status


def test_hero_attack_applies_to_the_monster_and_new_fight_resets() -> None:
    resolver = CombatResolver("warrior", "orc", seed=1)
    hit = roll_until(resolver, lambda r: r.hit)
    resolver.apply()
    assert resolver.foe.hp == hit.foe_after.hp < resolver.foe.stats.hp
    assert f"HP {resolver.foe.hp}/" in resolver.fighters_html.value
    resolver.new_fight()
    assert resolver.foe.hp == resolver.foe.stats.hp
    assert resolver.resolution is None and resolver.arithmetic_html.value == ""


def test_changing_the_setup_drops_an_attack_not_applied() -> None:
    resolver = CombatResolver("warrior", "orc", seed=1)
    resolver.roll()
    resolver.critical_fail_box.value = True
    assert resolver.resolution is None
    assert "dropped" in resolver.status
    assert resolver.outcome_chart.landed_label is None


def test_a_given_character_takes_the_damage() -> None:
    hero = equipped_hero(PACK, "shield_maiden")
    resolver = CombatResolver(hero, "goblin", monster_attacks=True, seed=4)
    assert resolver.character is hero
    assert resolver.hero_select.value == "__given__"
    result = roll_until(resolver, lambda r: isinstance(r, AttackResolution) and r.hp_lost > 0)
    resolver.apply()
    assert hero.hp == result.hp[1]


def test_psi_points_against_magic_are_asked_after_the_roll() -> None:
    resolver = CombatResolver("mage", "dark_mage", monster_attacks=True, seed=1)
    assert "resist when it helps" in resolver.odds_html.value  # the odds say what they assume

    def asks_points(result) -> bool:
        return isinstance(result, Choice) and result.kind is ChoiceKind.PSI_POINTS

    choice = roll_until(resolver, asks_points)
    needed = choice.fact("needed")
    result = resolver.decide("0")
    if isinstance(result, Choice):  # armor next (the Mage has none: not asked)
        result = resolver.use_default()
    assert result.psi_points == 0
    assert needed >= -1


def test_css_classes_are_on_the_parts() -> None:
    resolver = CombatResolver("warrior", "orc", seed=1)
    assert CSS_CLASSES["root"] in resolver._dom_classes
    assert CSS_CLASSES["roll"] in resolver.roll_button._dom_classes
    assert CSS_CLASSES["arithmetic"] in resolver.arithmetic_html._dom_classes
    assert CSS_CLASSES["odds"] in resolver.odds_html._dom_classes
    assert CSS_CLASSES["choice"] in resolver.choice_select._dom_classes
    assert CSS_CLASSES["decide"] in resolver.decide_button._dom_classes


# --- the odds shown against the engine's sampler ----------------------------------------------


def _compare(name: str, shown: dict, counts: Counter, n: int) -> None:
    """Every class shown as at least 0.5% likely is within 4.5 standard errors (+1e-3)."""
    worst = 0.0
    for key, p in shown.items():
        if p < 0.005:
            continue
        seen = counts[key] / n
        tolerance = 4.5 * math.sqrt(p * (1 - p) / n) + 1e-3
        worst = max(worst, abs(seen - p) / tolerance)
        assert abs(seen - p) <= tolerance, (name, key, p, seen)
    print(f"\n{name}: {n} engine rolls, worst deviation {worst:.2f} of the tolerance")
    for key, p in sorted(shown.items(), key=lambda kv: str(kv[0])):
        if p >= 0.005:
            print(f"  {key}: shown {p:.4f}, sampled {counts[key] / n:.4f}")


@pytest.mark.parametrize("rules", [RulesOptions(), RulesOptions(critical_fail=True)])
def test_hero_attack_odds_agree_with_the_seeded_sampler(rules: RulesOptions) -> None:
    resolver = CombatResolver("warrior", "orc", seed=1, options=rules)
    odds = resolver.odds
    hero, orc = resolver.character, resolver.foe
    (hammer,) = attack_options(hero)
    chance = Chance.seeded(20261203)
    n = 6000
    outcomes: Counter = Counter()
    lost: Counter = Counter()
    broken = 0
    for _ in range(n):
        result = resolve_hero_attack(hero, orc, hammer, chance, options=rules)
        outcomes[result.outcome] += 1
        lost[result.foe_before.hp - result.foe_after.hp] += 1
        broken += bool(result.items_damaged)
    _compare(f"Warrior attacks Orc {rules.enabled()}", dict(odds.outcomes), outcomes, n)
    _compare("HP the Orc loses", dict(odds.damage), lost, n)
    _compare("item damaged", {True: odds.p_item_damaged}, Counter({True: broken}), n)


def test_monster_attack_odds_agree_with_the_seeded_sampler() -> None:
    resolver = CombatResolver("warrior", "orc", monster_attacks=True, seed=1)
    odds = resolver.odds
    hero, orc = resolver.character, resolver.foe
    chance = Chance.seeded(7)
    n = 6000
    outcomes: Counter = Counter()
    lost: Counter = Counter()
    for _ in range(n):
        # The default policy, as the odds panel says (best defense, best armor; no PP).
        result = resolve_monster_attack(orc, hero, chance, policy=default_policy)
        outcomes[result.outcome] += 1
        lost[result.hp_lost] += 1
    assert sum(p for o, p in odds.outcomes if o.kind is OutcomeKind.HIT) == pytest.approx(
        odds.p_hit
    )
    _compare("Orc attacks Warrior", dict(odds.outcomes), outcomes, n)
    _compare("HP the Warrior loses", dict(odds.damage), lost, n)


def test_enchanted_weapon_and_belt_options() -> None:
    """An enchanted weapon wakes the element the monster's armor is vulnerable to by default
    (the Slimecrawler's, to ice); a one-handed weapon in the Belt is an option for 4 AP more."""
    from doria_nb.engine.character import Character
    from doria_nb.engine.mat import Mat, Slot

    mat = Mat().with_body(Slot.HAND_1, PACK.item("frostbite_axe")).with_belt(PACK.item("dagger"))
    hero = Character("Warrior", PACK.hero("warrior").attributes, mat=mat)
    resolver = CombatResolver(hero, "slimecrawler", seed=3)
    labels = [label for label, _ in resolver.attack_select.options]
    assert any("Frostbite Axe" in label for label in labels)
    assert any("Belt 1" in label for label in labels)
    assert resolver.element_select.layout.display is None
    assert resolver.element_select.value == "ice"
    assert "ignored" in resolver.odds_html.value
    with_ice = resolver.odds
    resolver.element_select.value = "none"
    assert resolver.odds.expected_damage < with_ice.expected_damage
    result = resolver.roll()
    (enchant,) = [d for d in result.decisions if d.choice.kind is ChoiceKind.ENCHANTMENT]
    assert enchant.answer == "none"
    resolver.attack_select.value = 1  # the Dagger, from the Belt
    assert resolver.element_select.layout.display == "none"
    assert "Belt" in resolver.roll().explain()
