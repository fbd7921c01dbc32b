"""Monster records: the level-above-4 rule, the level-up difference and record validation
(doria_nb.engine.monsters; *Hero and Monster Level*, *Level Card Anatomy*)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from doria_nb.engine.cards import AttackKind, Element
from doria_nb.engine.dice import Dice
from doria_nb.engine.errors import DoriaError, MonsterError
from doria_nb.engine.monsters import (
    MonsterCard,
    MonsterLevel,
    MonsterModifier,
    Priority,
    apply_modifiers,
    level_up_change,
    stats_at_level,
)


def level(
    n: int, *, hp: int = 4, armor: int = 1, kind: AttackKind = AttackKind.MELEE
) -> MonsterLevel:
    return MonsterLevel(
        n, ap=7, range=1, attack=kind, attack_dice=Dice(3, n), damage=2,
        defense=Dice(2, 5), psi_resistance=Dice(1, 2), hp=hp, armor=armor,
    )  # fmt: skip


def card(**changes: object) -> MonsterCard:
    levels = (level(1, hp=4), level(2, hp=5), level(3, hp=6, armor=2), level(4, hp=8, armor=2))
    fields: dict[str, object] = {
        "id": "brute", "name": "Brute", "category": "Brute", "priority": Priority.A,
        "levels": levels,
    }  # fmt: skip
    fields.update(changes)
    return MonsterCard(**fields)  # type: ignore[arg-type]


def test_levels_1_to_4_are_the_printed_cards() -> None:
    brute = card()
    assert [stats_at_level(brute, n).hp for n in range(1, 5)] == [4, 5, 6, 8]


def test_above_level_4_only_hp_grows_by_1_per_level() -> None:
    brute = card()
    six = stats_at_level(brute, 6)
    assert six.hp == 10 and six.level == 6
    assert replace(six, level=4, hp=8) == brute.levels[3]


def test_level_up_changes_only_hp_and_ar_by_the_difference() -> None:
    brute = card()
    assert level_up_change(brute, 2, 3).hp == 1
    assert level_up_change(brute, 2, 3).armor == 1
    assert level_up_change(brute, 4, 7).hp == 3
    assert level_up_change(brute, 4, 7).armor == 0
    assert level_up_change(brute, 3, 3).hp == 0


@pytest.mark.parametrize("bad", [0, -1, True, 2.5])
def test_bad_levels_are_refused(bad: object) -> None:
    with pytest.raises(MonsterError, match="Monster Level"):
        stats_at_level(card(), bad)  # type: ignore[arg-type]


def test_level_cannot_go_down() -> None:
    with pytest.raises(MonsterError, match="only goes up"):
        level_up_change(card(), 3, 2)


def test_a_monster_needs_exactly_four_level_cards_in_order() -> None:
    with pytest.raises(MonsterError, match="exactly 4 level cards"):
        card(levels=(level(1), level(2), level(3)))
    with pytest.raises(MonsterError, match="level card #2"):
        card(levels=(level(1), level(3), level(2), level(4)))


def test_a_monster_has_only_one_attack_type() -> None:
    mixed = (level(1), level(2), level(3, kind=AttackKind.MAGIC), level(4))
    with pytest.raises(MonsterError, match="only one attack type"):
        card(levels=mixed)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"priority": "E"}, "priority letter"),
        ({"figures": 0}, "figures must be at least 1"),
        ({"figures": 1, "per_icon": 2}, "holds only 1"),
        ({"name": ""}, "name"),
        ({"flight": "yes"}, "flight must be true or false"),
    ],
)
def test_bad_monster_cards_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(MonsterError, match=message):
        card(**changes)


@pytest.mark.parametrize(
    ("changes", "message"),
    [({"hp": 0}, "HP must be at least 1"), ({"range": 0}, "range"), ({"damage": -1}, "damage")],
)
def test_bad_level_cards_are_refused(changes: dict[str, object], message: str) -> None:
    values: dict[str, object] = {
        "ap": 7, "range": 1, "attack": AttackKind.MELEE, "attack_dice": Dice(2),
        "damage": 1, "defense": Dice(2), "psi_resistance": Dice(1), "hp": 3,
    }  # fmt: skip
    values.update(changes)
    with pytest.raises(MonsterError, match=message):
        MonsterLevel(1, **values)  # type: ignore[arg-type]


def test_monster_errors_are_doria_errors() -> None:
    assert issubclass(MonsterError, DoriaError) and issubclass(MonsterError, ValueError)


def test_bad_modifiers_are_refused() -> None:
    with pytest.raises(MonsterError, match="loot must be at least 0"):
        MonsterModifier("greedy", "Greedy", "More loot.", loot=-1)
    with pytest.raises(MonsterError, match="count must be at least 1"):
        MonsterModifier("none", "None", "No monster.", count=0)


def test_modifiers_add_their_numbers() -> None:
    big = MonsterModifier("big", "Big", "Bigger.", hp=3, damage=1, attack_dice=1)
    fiery = MonsterModifier("fiery", "Fiery", "Burns.", element=Element.FIRE, ap=4)
    stats = apply_modifiers(level(1), (big, fiery))
    assert (stats.hp, stats.damage, stats.ap, stats.element) == (7, 3, 11, Element.FIRE)
    assert stats.attack_dice == Dice(4, 1)
    assert apply_modifiers(level(1), ()) == level(1)


def test_a_modifier_cannot_take_away_the_last_die() -> None:
    weak = MonsterModifier("weak", "Weak", "Fewer dice.", psi_dice=-1)
    with pytest.raises(MonsterError, match="'weak' cannot apply"):
        apply_modifiers(level(1), (weak,))
