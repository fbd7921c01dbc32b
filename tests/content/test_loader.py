"""The content loader: broken packs fail with file, entry, field and what was expected; the
starter pack loads and keeps the invariants the engine relies on (doria_nb.content)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from doria_nb.content import ContentError, content_hash, load_pack, starter_pack
from doria_nb.engine.attributes import Attribute, Attributes
from doria_nb.engine.cards import CardType, ContentPack, Zone
from doria_nb.engine.character import Character
from doria_nb.engine.progression import BONUS_EFFECTS, check_bonus_effect

MINI = Path(__file__).resolve().parent / "fixtures" / "mini"


@pytest.fixture
def pack_dir(tmp_path: Path) -> Path:
    """A fresh copy of the mini pack to break."""
    target = tmp_path / "mini"
    shutil.copytree(MINI, target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def load_error(pack_dir: Path) -> str:
    with pytest.raises(ContentError) as info:
        load_pack(pack_dir)
    return str(info.value)


def test_the_mini_pack_loads() -> None:
    pack = load_pack(MINI)
    assert isinstance(pack, ContentPack)
    assert (pack.id, pack.name, pack.version, pack.license) == (
        "mini", "Mini test pack", "1.0.0", "MIT"
    )  # fmt: skip
    axe = pack.item("throwing_axe")
    assert [a.kind.value for a in axe.attacks] == ["melee", "ranged"]
    assert axe.attacks[1].range == 4
    assert pack.item("healing_potion").zone is Zone.BODY
    assert pack.item("log_trap").trap.check.target(2) == 32  # type: ignore[union-attr]
    assert pack.item("secret_door").effect.name == "secret_door"  # type: ignore[union-attr]
    assert pack.hero("warrior").standard_items[0].id == "combat_hammer"
    assert pack.dodge.requirements[Attribute.AGI] == 5


# -- broken packs: each message names file, entry, field and what was expected ------------------


def test_wrong_type(pack_dir: Path) -> None:
    dagger = 'id = "dagger"\nname = "Dagger"\ntype = "weapon"\n'
    edit(pack_dir / "items" / "loot.toml", dagger + "gold = 1", dagger + 'gold = "one"')
    assert load_error(pack_dir) == (
        "items/loot.toml, [[item]] #15 (id 'dagger'), field 'gold': expected a whole number, "
        "got 'one'."
    )


def test_gold_four(pack_dir: Path) -> None:
    hat = 'id = "hypno_hat"\nname = "Hypno Hat"\ntype = "armor"\n'
    edit(pack_dir / "items" / "loot.toml", hat + "gold = 2", hat + "gold = 4")
    assert load_error(pack_dir) == (
        "items/loot.toml, [[item]] #10 (id 'hypno_hat'), field 'gold': expected a whole number "
        "≤ 3, got 4."
    )


def test_missing_field(pack_dir: Path) -> None:
    edit(pack_dir / "items" / "loot.toml", 'zone = "1 hand"\nap = 7\n', "ap = 7\n")
    assert load_error(pack_dir) == (
        "items/loot.toml, [[item]] #12 (id 'leather_shield'), field 'zone': is required but "
        "missing."
    )


def test_unknown_field(pack_dir: Path) -> None:
    edit(pack_dir / "items" / "standard.toml", 'standard = true\nzone = "2 hands"',
         'standard = true\ncolour = "red"\nzone = "2 hands"')  # fmt: skip
    message = load_error(pack_dir)
    assert message.startswith(
        "items/standard.toml, [[item]] #1 (id 'combat_hammer'), field 'colour': is not a known "
        "field; a weapon card has the fields id, name, text, gold"
    )


def test_unknown_item_referenced_by_a_hero(pack_dir: Path) -> None:
    edit(pack_dir / "heroes.toml", '"tri_anon_armor"]', '"tri_anon_armour"]')
    assert load_error(pack_dir) == (
        "heroes.toml, [[hero]] #1 (id 'warrior'), field 'standard_items[1]': expected the id of "
        "an item of this pack, got 'tri_anon_armour', which no file in items/ defines."
    )


def test_hero_standard_items_must_be_standard(pack_dir: Path) -> None:
    edit(pack_dir / "heroes.toml", '"tri_anon_armor"]', '"dagger"]')
    assert "'dagger' is a loot card; a hero's Standard Items need standard = true." in (
        load_error(pack_dir)
    )


def test_duplicate_id_across_files(pack_dir: Path) -> None:
    edit(pack_dir / "items" / "loot.toml", 'id = "tights"', 'id = "psi_orb"')
    assert load_error(pack_dir) == (
        "items/standard.toml, [[item]] #3 (id 'psi_orb'), field 'id': the id 'psi_orb' is "
        "already used in items/loot.toml, [[item]] #3 (id 'psi_orb'); ids are unique in a pack."
    )


def test_duplicate_hero_and_bonus_ids(pack_dir: Path) -> None:
    edit(pack_dir / "heroes.toml", 'id = "adventurer"', 'id = "mage"')
    assert load_error(pack_dir) == (
        "heroes.toml, [[hero]] #3 (id 'mage'), field 'id': the id 'mage' is already used in "
        "heroes.toml, [[hero]] #2 (id 'mage'); ids are unique in a pack."
    )
    edit(pack_dir / "heroes.toml", 'id = "mage"', 'id = "adventurer"')
    edit(pack_dir / "bonuses.toml", 'id = "ranged_bonus"', 'id = "melee_bonus"')
    assert load_error(pack_dir).startswith(
        "bonuses.toml, [[bonus]] #2 (id 'melee_bonus'), field 'id': the id 'melee_bonus' is "
        "already used in bonuses.toml, [[bonus]] #1 (id 'melee_bonus')"
    )


def test_bad_dice_string(pack_dir: Path) -> None:
    edit(pack_dir / "items" / "loot.toml", 'dice = "3D+5"', 'dice = "3W+5"')
    message = load_error(pack_dir)
    assert message.startswith(
        "items/loot.toml, [[item]] #13 (id 'longsword'), field 'attack.dice': '3W+5'"
    )
    assert "write it like '3D+2'" in message


def test_bad_dice_in_an_attack_list_and_in_defense(pack_dir: Path) -> None:
    edit(pack_dir / "items" / "loot.toml", 'dice = "2D+3", damage = 2, range = 4',
         'dice = "2D+", damage = 2, range = 4')  # fmt: skip
    assert "(id 'throwing_axe'), field 'attack[1].dice': '2D+' ends with" in load_error(pack_dir)


def test_bad_enum_values(pack_dir: Path) -> None:
    edit(pack_dir / "items" / "loot.toml", 'zone = "legs"', 'zone = "knees"')
    assert load_error(pack_dir) == (
        "items/loot.toml, [[item]] #3 (id 'tights'), field 'zone': expected one of '1 hand', "
        "'2 hands', 'head', 'arms', 'torso', 'legs', 'feet', 'accessory', 'body', got 'knees'."
    )


def test_bad_card_type(pack_dir: Path) -> None:
    edit(pack_dir / "items" / "loot.toml", 'id = "tights"\nname = "Tights"\ntype = "armor"',
         'id = "tights"\nname = "Tights"\ntype = "clothes"')  # fmt: skip
    assert "(id 'tights'), field 'type': expected one of 'weapon', 'psi', 'armor', 'potion', " in (
        load_error(pack_dir)
    )


def test_bad_requirement_key_and_value(pack_dir: Path) -> None:
    edit(
        pack_dir / "items" / "loot.toml",
        "requirements = { STR = 2 }",
        "requirements = { STRENGTH = 2 }",
    )
    assert load_error(pack_dir) == (
        "items/loot.toml, [[item]] #3 (id 'tights'), field 'requirements': has the key "
        "'STRENGTH'; expected one of 'STR', 'CON', 'AGI', 'PER', 'WIS', 'PSI'."
    )


def test_requirement_value_below_one(pack_dir: Path) -> None:
    edit(
        pack_dir / "items" / "loot.toml", "requirements = { STR = 2 }", "requirements = { STR = 0 }"
    )
    assert load_error(pack_dir) == (
        "items/loot.toml, [[item]] #3 (id 'tights'), field 'requirements.STR': expected a whole "
        "number ≥ 1, got 0."
    )


def test_armor_must_require_strength(pack_dir: Path) -> None:
    edit(
        pack_dir / "items" / "loot.toml", "requirements = { STR = 2 }", "requirements = { AGI = 2 }"
    )
    assert load_error(pack_dir) == (
        "items/loot.toml, [[item]] #3 (id 'tights'), field 'requirements': armor always requires "
        "Strength (Requirements of Equipment Cards): add STR."
    )


def test_potions_have_no_requirements_and_live_on_the_body(pack_dir: Path) -> None:
    loot = pack_dir / "items" / "loot.toml"
    edit(loot, 'effect = { name = "heal", amount = 3 }',
         'effect = { name = "heal", amount = 3 }\nzone = "head"')  # fmt: skip
    assert "(id 'healing_potion'), field 'zone': potions are kept anywhere on the Body" in (
        load_error(pack_dir)
    )


def test_bad_id(pack_dir: Path) -> None:
    edit(pack_dir / "items" / "loot.toml", 'id = "tights"', 'id = "Tights Two"')
    assert load_error(pack_dir) == (
        "items/loot.toml, [[item]] #3 (id 'Tights Two'), field 'id': expected an id: lower-case "
        "words joined by '_' (like 'combat_hammer'), got 'Tights Two'."
    )


def test_missing_type(pack_dir: Path) -> None:
    edit(pack_dir / "items" / "loot.toml", 'name = "Tights"\ntype = "armor"\n', 'name = "Tights"\n')
    assert "(id 'tights'), field 'type': is missing: expected one of 'weapon'" in (
        load_error(pack_dir)
    )


def test_trap_fields_on_an_event_are_unknown(pack_dir: Path) -> None:
    edit(pack_dir / "items" / "loot.toml", 'effect = { name = "secret_door" }',
         'effect = { name = "secret_door" }\nkind = "room"')  # fmt: skip
    assert load_error(pack_dir) == (
        "items/loot.toml, [[item]] #22 (id 'secret_door'), field 'kind': is not a known field; "
        "an event card has the fields id, name, text, gold, standard, copies, effect."
    )


def test_hero_attributes(pack_dir: Path) -> None:
    edit(pack_dir / "heroes.toml", "STR = 13, CON = 13,", "STR = 13,")
    assert load_error(pack_dir) == (
        "heroes.toml, [[hero]] #1 (id 'warrior'), field 'attributes.CON': is required but missing."
    )


def test_bonus_effect_must_be_known(pack_dir: Path) -> None:
    edit(pack_dir / "bonuses.toml", 'name = "extra_damage", amount = 1',
         'name = "more_damage", amount = 1')  # fmt: skip
    message = load_error(pack_dir)
    assert message.startswith(
        "bonuses.toml, [[bonus]] #4 (id 'damage_bonus'), field 'effect': The hero bonus effect "
        "'more_damage' is unknown"
    )


def test_effect_needs_a_name(pack_dir: Path) -> None:
    edit(pack_dir / "items" / "loot.toml", 'effect = { name = "heal", amount = 3 }',
         "effect = { amount = 3 }")  # fmt: skip
    assert "(id 'healing_potion'), field 'effect.name': expected the effect's name" in (
        load_error(pack_dir)
    )


def test_pack_toml_errors(pack_dir: Path) -> None:
    edit(pack_dir / "pack.toml", 'version = "1.0.0"', 'version = "one"')
    assert load_error(pack_dir) == (
        "pack.toml, field 'version': expected a version like '1.0.0', got 'one'."
    )


def test_pack_toml_unknown_field(pack_dir: Path) -> None:
    edit(pack_dir / "pack.toml", 'license = "MIT"', 'license = "MIT"\nauthor = "me"')
    assert load_error(pack_dir).startswith(
        "pack.toml, field 'author': is not a known field; allowed are the fields id, name"
    )


def test_skills_can_be_set_by_the_pack(pack_dir: Path) -> None:
    (pack_dir / "pack.toml").write_text(
        (pack_dir / "pack.toml").read_text()
        + '\n[skills.dodge]\ndice = "2D+1"\nrequirements = { AGI = 6 }\n',
        encoding="utf-8",
    )
    pack = load_pack(pack_dir)
    assert str(pack.dodge.dice) == "2D+1" and pack.dodge.requirements.AGI == 6
    assert pack.psi_resistance.requirements.WIS == 5
    edit(pack_dir / "pack.toml", 'dice = "2D+1"', 'dice = "two dice"')
    assert load_error(pack_dir).startswith("pack.toml, field 'skills.dodge.dice': 'two dice'")


def test_invalid_toml_and_missing_files(pack_dir: Path, tmp_path: Path) -> None:
    edit(pack_dir / "items" / "loot.toml", 'id = "tights"', 'id = "tights')
    assert load_error(pack_dir).startswith("items/loot.toml: this is not valid TOML:")
    (pack_dir / "pack.toml").unlink()
    assert "needs a pack.toml" in load_error(pack_dir)
    with pytest.raises(ContentError, match="no such content pack folder"):
        load_pack(tmp_path / "nowhere")
    with pytest.raises(ContentError, match="not a known field"):
        bad = tmp_path / "bad"
        bad.mkdir()
        (bad / "pack.toml").write_text('id = "bad"\nname = "B"\nversion = "1.0.0"\nitem = 1\n')
        load_pack(bad)


def test_items_must_be_an_array_of_tables(pack_dir: Path) -> None:
    (pack_dir / "items" / "extra.toml").write_text('item = "sword"\n', encoding="utf-8")
    assert load_error(pack_dir) == "items/extra.toml, field 'item': expected an array, got 'sword'."


def test_content_hash_follows_the_files(pack_dir: Path) -> None:
    assert content_hash(pack_dir) == content_hash(MINI) == load_pack(pack_dir).content_hash
    before = content_hash(pack_dir)
    edit(pack_dir / "items" / "loot.toml", 'id = "tights"\nname = "Tights"',
         'id = "tights"\nname = "Tights"\ntext = "Linen."')  # fmt: skip
    assert content_hash(pack_dir) != before


# -- the starter pack ---------------------------------------------------------------------------

STARTER_HEROES = {
    "Warrior": ("combat_hammer", "tri_anon_armor"),
    "Shield Maiden": ("squire_sword", "squire_shield"),
    "Ranger": ("tomahawk", "bark_bracers"),
    "Huntress": ("hunting_bow", "hunting_boots"),
    "Adventurer": ("side_sword", "psi_dart"),
    "Scoundrel": ("moon_spear", "moon_greaves"),
    "Mage": ("psi_orb", "spell_guard"),
    "Priestess": ("sun_staff", "small_healing_spell"),
}


@pytest.fixture(scope="module")
def starter() -> ContentPack:
    return starter_pack()


def test_starter_pack_loads_once(starter: ContentPack) -> None:
    assert starter is starter_pack()
    assert starter.id == "starter" and len(starter.content_hash) == 64


def test_starter_heroes_and_their_standard_items(starter: ContentPack) -> None:
    """*Preparing Characters*: the eight heroes with the two Standard Items of the table."""
    table = {hero.name: tuple(c.id for c in hero.standard_items) for hero in starter.heroes}
    assert table == STARTER_HEROES
    for hero in starter.heroes:
        assert all(card.standard for card in hero.standard_items)


def test_starter_heroes_can_use_their_items_and_skills(starter: ContentPack) -> None:
    for hero in starter.heroes:
        assert hero.attributes.total == 50, hero.id
        character = Character.from_template(hero)
        for card in hero.standard_items:
            assert card.requirements.met_by(hero.attributes), (hero.id, card.id)
        assert character.can_use_skill(starter.dodge), hero.id
        assert character.can_use_skill(starter.psi_resistance), hero.id


RULED = {
    "warrior": Attributes(STR=13, CON=13, AGI=9, PER=5, WIS=6, PSI=4),
    "mage": Attributes(STR=4, CON=6, AGI=7, PER=11, WIS=11, PSI=11),
    "priestess": Attributes(STR=6, CON=8, AGI=8, PER=8, WIS=8, PSI=12),
    "adventurer": Attributes(STR=9, CON=9, AGI=8, PER=8, WIS=8, PSI=8),
}


def test_starter_heroes_follow_the_rulings(starter: ContentPack) -> None:
    """Rulings H1-H4: the premade heroes obey *Create Heroes* (50 points, each 1-13) and hold
    the lowest value any example gives them."""
    for hero in starter.heroes:
        assert max(value for _, value in hero.attributes) <= 13, hero.id
    for hero_id, attributes in RULED.items():
        assert starter.hero(hero_id).attributes == attributes, hero_id


def test_starter_bonuses_are_the_nine_known_effects(starter: ContentPack) -> None:
    assert len(starter.bonuses) == 9
    assert {bonus.effect.name for bonus in starter.bonuses} == set(BONUS_EFFECTS)
    for bonus in starter.bonuses:
        assert check_bonus_effect(bonus.effect), bonus.id
        assert bonus.text


def test_starter_cards_keep_the_engine_invariants(starter: ContentPack) -> None:
    deck = starter.loot_deck()
    assert len(deck) >= 90
    assert all(not card.standard for card in deck)
    for card in starter.items:
        assert 0 <= card.gold <= 3
        if card.is_armor:
            assert Attribute.STR in card.requirements, card.id
        if card.type is CardType.POTION:
            assert card.zone is Zone.BODY and not card.requirements
        if card.type is CardType.TRAP:
            assert card.trap is not None and card.trap.check is not None, card.id
        if card.attacks:
            assert card.range is not None or all(a.range is not None for a in card.attacks)
    counts = starter.cards_by_type()
    assert all(counts[kind] > 0 for kind in CardType)


def test_starter_sets_can_be_repaired_together(starter: ContentPack) -> None:
    sets: dict[str, set[Zone]] = {}
    for card in starter.items:
        if card.is_armor and card.set:
            sets.setdefault(card.set, set()).add(card.zone)  # type: ignore[arg-type]
    assert sum(1 for zones in sets.values() if len(zones) >= 2) >= 3


def test_unknown_top_level_table(pack_dir: Path) -> None:
    (pack_dir / "items" / "extra.toml").write_text(
        '[[items]]\nid = "x"\nname = "X"\ntype = "event"\n', encoding="utf-8"
    )
    assert load_error(pack_dir) == (
        "items/extra.toml, field 'items': is not a known field; allowed are the fields item."
    )
