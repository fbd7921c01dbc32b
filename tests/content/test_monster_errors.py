"""Broken monster files fail to load with the file, the entry and the field
(doria_nb.content.loader, monsters/*.toml; docs/content-format.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from doria_nb.content import ContentError, load_pack, starter_pack

PACK_TOML = 'id = "monstertest"\nname = "Monster test"\nversion = "1.0.0"\n'


def levels(skip: int | None = None, **changes: object) -> str:
    out = []
    for n in range(1, 5):
        if n == skip:
            continue
        fields = {
            "level": n, "ap": 7, "range": 1, "attack": '"2D+3"', "damage": 2,
            "defense": '"2D+4"', "psi_resistance": '"1D+2"', "armor": 1, "hp": 3 + n,
        }  # fmt: skip
        if n == 2:
            fields.update(changes)
        out.append("[[monster.level]]\n" + "".join(f"{k} = {v}\n" for k, v in fields.items()))
    return "\n".join(out)


def monster(monster_id: str = "brute", extra: str = "", **level_changes: object) -> str:
    head = (
        f'[[monster]]\nid = "{monster_id}"\nname = "Brute"\ncategory = "Brute"\n'
        f'priority = "A"\nattack_kind = "melee"\n{extra}\n'
    )
    return head + levels(**level_changes)


def write_pack(root: Path, **files: str) -> Path:
    (root / "monsters").mkdir(parents=True, exist_ok=True)
    (root / "pack.toml").write_text(PACK_TOML, encoding="utf-8")
    for name, text in files.items():
        (root / "monsters" / f"{name}.toml").write_text(text, encoding="utf-8")
    return root


def load_error(root: Path) -> str:
    with pytest.raises(ContentError) as info:
        load_pack(root)
    return str(info.value)


def test_a_good_monster_loads(tmp_path: Path) -> None:
    pack = load_pack(write_pack(tmp_path, beasts=monster()))
    assert pack.monster("brute").levels[1].hp == 5
    assert pack.monsters[0].figures == 1 and pack.modifiers == ()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            monster(extra='priority_letter = "A"'),
            "monsters/beasts.toml, [[monster]] #1 (id 'brute'), field 'priority_letter': "
            "is not a known field",
        ),
        (
            monster(extra="").replace('priority = "A"', 'priority = "E"'),
            "field 'priority': expected one of 'A', 'B', 'C', 'D', got 'E'",
        ),
        (
            monster().replace('attack_kind = "melee"', 'attack_kind = "bite"'),
            "field 'attack_kind': expected one of 'melee', 'ranged', 'magic', got 'bite'",
        ),
        (monster(hp=0), "(id 'brute'), field 'level[1].hp': expected a whole number ≥ 1, got 0"),
        (monster(attack='"2X+3"'), "(id 'brute'), field 'level[1].attack': "),
        (monster(vulnerable='"mud"'), "field 'level[1].vulnerable': expected one of 'fire'"),
        (monster(skip=3), "(id 'brute'), field 'level': expected one [[monster.level]] table"),
        (
            monster(level=1),
            "field 'level': expected one [[monster.level]] table for each of the "
            "levels 1 to 4: level 1 is given twice",
        ),
        (monster(level=5), "field 'level[1].level': expected a whole number ≤ 4, got 5"),
        (monster(extra="figures = 1\nper_icon = 2"), "field 'per_icon': one card places 2"),
        (
            monster() + "\n" + monster(),
            "[[monster]] #2 (id 'brute'), field 'id': the id 'brute' "
            "is already used in monsters/beasts.toml, [[monster]] #1",
        ),
    ],
)
def test_broken_monsters_name_file_entry_and_field(
    tmp_path: Path, text: str, expected: str
) -> None:
    message = load_error(write_pack(tmp_path, beasts=text))
    assert expected in message
    assert "Traceback" not in message


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ("loot = -1", "[[modifier]] #1 (id 'odd'), field 'loot': expected a whole number ≥ 0"),
        ('colour = "red"', "field 'colour': is not a known field; allowed are the fields id, name"),
        ('element = "acid"', "field 'element': expected one of 'fire'"),
        ("count = 0", "field 'count': expected a whole number ≥ 1, got 0"),
    ],
)
def test_broken_modifiers_name_file_entry_and_field(
    tmp_path: Path, entry: str, expected: str
) -> None:
    text = f'[[modifier]]\nid = "odd"\nname = "Odd"\ntext = "Strange."\n{entry}\n'
    message = load_error(write_pack(tmp_path, mods=text))
    assert "monsters/mods.toml" in message and expected in message


def test_a_modifier_id_may_not_repeat_a_monster_id(tmp_path: Path) -> None:
    text = monster() + '\n[[modifier]]\nid = "brute"\nname = "Brute"\ntext = "Again."\n'
    message = load_error(write_pack(tmp_path, beasts=text))
    assert "[[modifier]] #1 (id 'brute'), field 'id'" in message
    assert "share one deck" in message


def test_a_failed_load_changes_nothing(tmp_path: Path) -> None:
    before = starter_pack()
    monsters_before = before.monsters
    load_error(write_pack(tmp_path, beasts=monster(hp=0)))
    assert starter_pack() is before and before.monsters == monsters_before


def test_an_extending_pack_overlays_monsters(tmp_path: Path) -> None:
    root = write_pack(tmp_path, beasts=monster(monster_id="orc").replace('"Brute"', '"Big Orc"'))
    (root / "pack.toml").write_text(PACK_TOML + 'extends = "starter"\n', encoding="utf-8")
    pack = load_pack(root)
    assert pack.monster("orc").name == "Big Orc"
    assert len(pack.monsters) == len(starter_pack().monsters)
    assert pack.modifiers == starter_pack().modifiers
