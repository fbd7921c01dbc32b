"""A pack may build on another (``extends``): a house rule as a few cards on top."""

from __future__ import annotations

from pathlib import Path

import pytest

from doria_nb.content import load_pack, starter_pack
from doria_nb.engine.errors import ContentError


def write_pack(root: Path, extends: str, items: str = "") -> Path:
    (root / "items").mkdir(parents=True)
    (root / "pack.toml").write_text(
        f'id = "house"\nname = "House rules"\nversion = "0.1.0"\nextends = "{extends}"\n',
        encoding="utf-8",
    )
    (root / "items" / "house.toml").write_text(items, encoding="utf-8")
    return root


HOUSE_ITEMS = """\
[[item]]
id = "longsword"
name = "Longsword"
type = "weapon"
zone = "2 hands"
ap = 14
requirements = { STR = 9 }
attack = { kind = "melee", dice = "3D+6", damage = 2 }
gold = 2
text = "Our table's sharper Longsword."

[[item]]
id = "lucky_coin"
name = "Lucky Coin"
type = "armor"
zone = "accessory"
ap = 5
requirements = { STR = 1 }
gold = 3
text = "Worth a lot, protects nothing."
"""


def test_extending_pack_keeps_the_base_and_replaces_by_id(tmp_path: Path) -> None:
    base = starter_pack()
    house = load_pack(write_pack(tmp_path, "starter", HOUSE_ITEMS))
    assert house.extends == "starter"
    assert len(house.items) == len(base.items) + 1
    assert str(house.item("longsword").attacks[0].dice) == "3D+6"
    assert house.item("lucky_coin").gold == 3
    assert [hero.id for hero in house.heroes] == [hero.id for hero in base.heroes]
    assert len(house.bonuses) == 9
    assert house.content_hash != base.content_hash
    # Order is kept: the replaced card sits where the base had it.
    ids = [card.id for card in house.items]
    assert ids.index("longsword") == [card.id for card in base.items].index("longsword")


def test_heroes_of_the_base_use_replaced_standard_items(tmp_path: Path) -> None:
    base = starter_pack()
    warrior_item = base.hero("warrior").standard_items[0]
    changed = HOUSE_ITEMS.replace('id = "longsword"', f'id = "{warrior_item.id}"').replace(
        'name = "Longsword"', f'name = "{warrior_item.name}"\nstandard = true'
    )
    house = load_pack(write_pack(tmp_path, "starter", changed))
    assert house.hero("warrior").standard_items[0] is house.item(warrior_item.id)
    assert house.hero("warrior").standard_items[0].ap == 14


def test_unknown_base_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match=r"pack\.toml.*'extends'.*got 'printed_game'"):
        load_pack(write_pack(tmp_path, "printed_game"))


def test_base_can_be_passed_in(tmp_path: Path) -> None:
    house = load_pack(write_pack(tmp_path / "a", "mine"), bases={"mine": starter_pack()})
    assert len(house.items) == len(starter_pack().items)
