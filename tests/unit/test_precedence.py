"""*FAQ* (conflicting rules between cards): the order of precedence, and the engine carrying
it out where the starter cards really conflict (a level card's element against a modifier's).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from doria_nb.content import ContentError, load_pack, starter_pack
from doria_nb.engine.cards import Element
from doria_nb.engine.combat.foe import Foe
from doria_nb.engine.monsters import (
    MonsterModifier,
    apply_modifiers,
    attack_element,
    stats_at_level,
)
from doria_nb.engine.precedence import Claim, PrecedenceError, Source, resolve

PACK = starter_pack()


def _claims() -> list[Claim]:
    return [
        Claim(Source.STANDARD_RULE, "standard", "the rulebook"),
        Claim(Source.MONSTER_MODIFIER, "modifier", "a modifier"),
        Claim(Source.MONSTER_ABILITY, "ability", "a level card"),
        Claim(Source.LOOT_CARD, "loot", "a Loot Card"),
        Claim(Source.SCENARIO, "scenario", "the scenario"),
    ]


def test_each_source_beats_every_later_one() -> None:
    """Scenario, then Loot Cards, then monster abilities, then modifiers, then the rulebook."""
    claims = _claims()
    winners = []
    while claims:
        answer = resolve("Who wins?", claims)
        winners.append(answer.says)
        claims.remove(answer.winner)
    assert winners == ["scenario", "loot", "ability", "modifier", "standard"]


def test_a_modifier_may_say_it_overrides_the_monsters_abilities() -> None:
    """ "unless otherwise specified by modifiers": such a modifier beats the level card, but
    not equipment or the scenario."""
    loud = Claim(Source.MONSTER_MODIFIER, "modifier", "a modifier", overrides_abilities=True)
    ability = Claim(Source.MONSTER_ABILITY, "ability", "a level card")
    loot = Claim(Source.LOOT_CARD, "loot", "a Loot Card")
    assert resolve("?", [ability, loud]).says == "modifier"
    assert "overrides the monster's abilities" in resolve("?", [ability, loud]).explain()
    assert resolve("?", [ability, loud, loot]).says == "loot"


def test_of_two_claims_of_one_rank_the_last_wins() -> None:
    """Ruling FQ2."""
    first = Claim(Source.MONSTER_MODIFIER, "first", "one modifier")
    last = Claim(Source.MONSTER_MODIFIER, "last", "another modifier")
    answer = resolve("?", [first, last])
    assert answer.says == "last"
    assert "ruling FQ2" in answer.explain()


def test_bad_claims_are_refused_in_words() -> None:
    with pytest.raises(PrecedenceError, match="Nothing claims an answer"):
        resolve("Which element?", [])
    with pytest.raises(PrecedenceError, match="must be a Claim"):
        resolve("?", ["fire"])  # type: ignore[list-item]
    with pytest.raises(PrecedenceError, match="Only a monster modifier can override"):
        Claim(Source.LOOT_CARD, 1, "a Loot Card", overrides_abilities=True)
    with pytest.raises(PrecedenceError, match="must name its card"):
        Claim(Source.LOOT_CARD, 1, " ")


def test_the_dark_mage_keeps_its_air_lightning_under_fire_creature() -> None:
    """The level card's element is a monster ability, so it beats the modifier's fire."""
    card, fire = PACK.monster("dark_mage"), PACK.modifier("fire_creature")
    stats = apply_modifiers(stats_at_level(card, 1), (fire,))
    assert stats.element is Element.AIR
    assert Foe.of(card, 1, (fire,)).stats.element is Element.AIR
    answer = attack_element(stats_at_level(card, 1), (fire,), "the Dark Mage")
    assert answer is not None
    assert "Monster abilities come before monster modifiers (FAQ)" in answer.explain()


def test_a_monster_without_an_element_takes_the_modifiers() -> None:
    card, fire = PACK.monster("orc"), PACK.modifier("fire_creature")
    assert apply_modifiers(stats_at_level(card, 1), (fire,)).element is Element.FIRE
    assert attack_element(stats_at_level(card, 1), ()) is None


def test_an_overriding_modifier_changes_the_level_cards_element() -> None:
    card = PACK.monster("dark_mage")
    fire = dataclasses.replace(PACK.modifier("fire_creature"), overrides_abilities=True)
    assert apply_modifiers(stats_at_level(card, 1), (fire,)).element is Element.FIRE
    with pytest.raises(Exception, match="overrides_abilities must be true or false"):
        MonsterModifier("m", "M", "text", overrides_abilities="yes")  # type: ignore[arg-type]


def test_a_pack_entry_may_say_its_modifier_overrides_abilities(tmp_path: Path) -> None:
    """``overrides_abilities = true`` in a ``[[modifier]]`` entry reaches the engine, and a
    wrong value is refused with the file and field (docs/content-format.md)."""
    (tmp_path / "monsters").mkdir()
    (tmp_path / "pack.toml").write_text(
        'id = "fq"\nname = "FQ"\nversion = "1.0.0"\n', encoding="utf-8"
    )
    entry = '[[modifier]]\nid = "storm"\nname = "Storm"\ntext = "Lightning."\nelement = "air"\n'
    mods = tmp_path / "monsters" / "mods.toml"
    mods.write_text(entry + "overrides_abilities = true\n", encoding="utf-8")
    assert load_pack(tmp_path).modifier("storm").overrides_abilities is True
    mods.write_text(entry + 'overrides_abilities = "yes"\n', encoding="utf-8")
    with pytest.raises(ContentError, match="field 'overrides_abilities'"):
        load_pack(tmp_path)
