"""The optional rules that change attacks on the board: *Close Quarters Combat*, *Combat
Modifiers* and *Dominance* (``doria_nb.engine.optional_rules``; rulings OR1–OR4, OR7), and
the option values themselves (``doria_nb.engine.options``)."""

from __future__ import annotations

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.attack_bonus import AttackBonus
from doria_nb.engine.cards import AttackKind
from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.character import Character
from doria_nb.engine.combat import Foe, attack_options, hero_attack_on_board
from doria_nb.engine.combat.board import monster_attack_on_board
from doria_nb.engine.combat.hero_attack import resolve_hero_attack
from doria_nb.engine.dice import Dice
from doria_nb.engine.errors import CombatError, DoriaError
from doria_nb.engine.mat import Mat, Slot
from doria_nb.engine.monster_ai.outcome import Attack
from doria_nb.engine.optional_rules import (
    Size,
    attack_bonus,
    distance_modifier,
    higher_ground,
    monster_size,
)
from doria_nb.engine.options import TITLES, RulesOptions, RulesOptionsError
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation

PACK = starter_pack()


def board(rows: str, figures: str) -> Situation:
    mapped = "\n".join(f"  {row}" for row in rows.strip().splitlines())
    listed = "\n".join(f"  {line}" for line in figures.strip().splitlines())
    return Situation.from_text(f"map:\n{mapped}\nfigures:\n{listed}\n")


def hero(hero_id: str, *items: str) -> Character:
    template = PACK.hero(hero_id)
    mat = Mat()
    for slot, item in zip((Slot.HAND_1, Slot.HAND_2), items, strict=False):
        mat = mat.with_body(slot, PACK.item(item))
    return Character(template.name, template.attributes, mat=mat, template=template)


def foe(monster_id: str) -> Foe:
    return Foe.of(PACK.monster(monster_id))


def rules_of(result: object) -> set[Section]:
    return {step.rule for step in result.steps}  # type: ignore[attr-defined]


HALL = """
#D##########
#..........#
#..........#
#..........#
############
"""


def shoot(
    figures: str, weapon: str, options: RulesOptions, faces: list[int], **kw: object
) -> object:
    """The Huntress (or ``who``) on H attacks the monster o with ``weapon`` on the HALL."""
    s = board(HALL, figures)
    huntress = hero(str(kw.pop("who", "huntress")), weapon)
    option = attack_options(huntress)[0]
    monster = s.figure("o")
    target = kw.pop("target", foe(monster.name.split()[-1].lower()))
    result = hero_attack_on_board(
        s, "H", huntress, "o", target, option, ScriptedChance(faces), options=options, **kw
    )
    return result.hits[0].resolution


# -- the options ------------------------------------------------------------------------------


def test_every_new_rule_is_off_by_default_and_listed_by_title_when_on() -> None:
    assert RulesOptions().enabled() == []
    on = RulesOptions(
        close_quarters_combat=True,
        combat_modifiers=["size", "distance"],
        dominance="tile",
        limit_modifiers=True,
        monster_difficulty="level_2",
        fate_points="group",
        easier_overall_game=1,
    )
    assert on.enabled() == [
        "Close Quarters Combat",
        "Combat Modifiers",
        "Dominance",
        "Limit Modifiers",
        "Monster Difficulty",
        "Fate Points",
        "Easier Overall Game",
    ]
    assert on.combat_modifiers == frozenset({"size", "distance"})
    assert on.uses("size") and not on.uses("immobilized")
    # The settings of a rule are not rules: changing them alone switches nothing on.
    assert RulesOptions(dominance_bonus="damage", hp_per_armor=2).enabled() == []
    assert set(TITLES) >= {"dominance", "fate_points", "easier_overall_game"}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"dominance": "always"}, "Dominance is off, surround, tile or tile_both"),
        ({"dominance_bonus": "both"}, "The Dominance bonus is dice or damage"),
        ({"monster_difficulty": True}, "Monster Difficulty is off, extra_hp, level_2 or easier"),
        ({"hp_per_armor": 3}, "from 1 to 2"),
        ({"fate_points": "player"}, "Fate Points is off, character or group"),
        ({"easier_overall_game": -1}, "Easier Overall Game takes a whole number"),
        ({"easier_overall_game": True}, "Easier Overall Game takes a whole number"),
        ({"combat_modifiers": "size"}, "Combat Modifiers is a set of modifier names"),
        ({"combat_modifiers": {"height"}}, "A combat modifier is size, distance"),
        ({"close_quarters_combat": "yes"}, "Close Quarters Combat is on"),
        ({"no_fumbles": 1}, "No Fumbles is on"),
    ],
)
def test_bad_values_are_refused_in_player_words(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(RulesOptionsError, match=message):
        RulesOptions(**kwargs)  # type: ignore[arg-type]
    assert issubclass(RulesOptionsError, DoriaError)


# -- Close Quarters Combat ----------------------------------------------------------------------


def test_close_quarters_a_ranged_attack_next_to_the_target_rolls_one_die_less() -> None:
    figures = "H = hero Huntress at 2,2\no = monster Orc at 3,2"
    # Throwing Knives 2D+3 against the Orc's 2D+5: 5+5+3 = 13 beats 3+3+5 = 11.
    plain = shoot(figures, "throwing_knives", RulesOptions(), [5, 5, 3, 3])
    assert plain.attack_roll.dice == Dice(2, 3) and plain.hit
    # Under the rule the same Huntress rolls 1D+3: 5+3 = 8 misses.
    close = shoot(figures, "throwing_knives", RulesOptions(close_quarters_combat=True), [5, 3, 3])
    assert close.attack_roll.dice == Dice(1, 3) and not close.hit
    assert Section.CLOSE_QUARTERS_COMBAT in rules_of(close)
    assert "[Close Quarters Combat]" in close.explain()


def test_close_quarters_spares_attacks_from_afar_and_melee() -> None:
    rule = RulesOptions(close_quarters_combat=True)
    far = shoot(
        "H = hero Huntress at 2,2\no = monster Orc at 4,2", "throwing_knives", rule, [5, 5, 3, 3]
    )
    assert far.attack_roll.dice == Dice(2, 3)
    melee = shoot("H = hero Huntress at 2,2\no = monster Orc at 3,2", "dagger", rule, [5, 5, 3, 3])
    assert melee.attack_roll.dice == Dice(2, 3)  # the Dagger is 2D+3 melee
    assert Section.CLOSE_QUARTERS_COMBAT not in rules_of(melee)


def test_close_quarters_hits_a_monster_archer_too_and_never_takes_the_last_die() -> None:
    s = board(HALL, "A = monster Archer at 3,2\nW = hero Warrior at 4,2")
    bonus = attack_bonus(
        s, "A", "W", RulesOptions(close_quarters_combat=True), kind=AttackKind.RANGED
    )
    assert bonus.dice == -1
    strike = Attack("A", "W", s.figure("A").square, ("W",))
    warrior = hero("warrior")
    result = monster_attack_on_board(
        s,
        strike,
        {"W": warrior},
        foe("archer"),
        ScriptedChance([5, 5, 5, 5, 5, 5]),
        options=RulesOptions(close_quarters_combat=True),
    )
    assert result.hits[0].resolution.attack_roll.dice == Dice(2, 2)  # 3D+2 − 1D
    assert AttackBonus(dice=-1).on(Dice(1, 3)) == Dice(1, 3)


# -- Combat Modifiers ----------------------------------------------------------------------------


def test_target_size_large_normal_small() -> None:
    assert monster_size("Ogre") is Size.LARGE and monster_size("Rime Dragon") is Size.LARGE
    assert monster_size("Orc 2") is Size.NORMAL and monster_size("Goblin") is Size.SMALL
    assert monster_size("Colossal Orc") is Size.LARGE
    assert monster_size("Colossal Troll") is Size.LARGE
    size = RulesOptions(combat_modifiers={"size"})
    troll = shoot(
        "H = hero Huntress at 2,1\no = monster Troll at 2,2", "dagger", size, [1, 1, 1, 1, 1, 1, 1]
    )
    assert troll.attack_roll.dice == Dice(2, 6)  # 2D+3 +3
    assert "is a Large target: +3 to attack" in troll.explain()
    goblin = shoot(
        "H = hero Huntress at 2,1\no = monster Goblin at 2,2", "dagger", size, [1, 1, 1, 1]
    )
    assert goblin.attack_roll.dice == Dice(2, 0)
    # The players may say otherwise: a per-attack size overrides the table.
    told = shoot(
        "H = hero Huntress at 2,1\no = monster Goblin at 2,2",
        "dagger",
        size,
        [1, 1, 1, 1],
        target_size=Size.LARGE,
    )
    assert told.attack_roll.dice == Dice(2, 6)


@pytest.mark.parametrize(
    ("distance", "points"),
    [(1, 3), (2, 3), (3, 3), (4, 0), (5, 0), (6, 0), (7, 0), (8, 5 * -1), (12, -5)],
)
def test_distance_bands(distance: int, points: int) -> None:
    assert distance_modifier(distance) == points


def test_distance_counts_for_ranged_attacks_not_melee() -> None:
    rule = RulesOptions(combat_modifiers={"distance"})
    far = shoot(
        "H = hero Ranger at 1,1\no = monster Orc at 8,2",
        "longbow",
        rule,
        [1, 1, 1, 1, 1],
        who="ranger",
    )
    assert far.attack_roll.dice == Dice(3, -1)  # 3D+4 −5 at 8 squares
    near = shoot(
        "H = hero Ranger at 1,1\no = monster Orc at 3,1",
        "longbow",
        rule,
        [1, 1, 1, 1, 1],
        who="ranger",
    )
    assert near.attack_roll.dice == Dice(3, 7)
    melee = shoot("H = hero Huntress at 2,1\no = monster Orc at 3,1", "dagger", rule, [1] * 4)
    assert melee.attack_roll.dice == Dice(2, 3)


F3 = """
tiles:
  F-3 at 0,0
  F-4 at 5,0 turned 180
open: 4,2 5,2
figures:
"""


def test_higher_ground_is_the_f3_bridge() -> None:
    above = Situation.from_text(F3 + "  H = hero Huntress at 2,2\n  o = monster Orc at 7,2\n")
    below = Situation.from_text(F3 + "  H = hero Huntress at 2,3\n  o = monster Orc at 7,2\n")
    assert higher_ground(above, "H", "o") and not higher_ground(below, "H", "o")
    assert not higher_ground(above, "o", "H")
    rule = RulesOptions(combat_modifiers={"higher_ground"})
    huntress = hero("huntress", "shortbow")
    option = attack_options(huntress)[0]
    result = hero_attack_on_board(
        above, "H", huntress, "o", foe("orc"), option, ScriptedChance([1] * 5), options=rule
    )
    res = result.hits[0].resolution
    assert res.attack_roll.dice == Dice(3, 4)  # 2D+4 +1D
    assert "attacks from higher ground: +1D. [Combat Modifiers]" in res.explain()


def test_higher_ground_as_a_flag_where_the_tiles_say_nothing() -> None:
    rule = RulesOptions(combat_modifiers={"higher_ground"})
    figures = "H = hero Huntress at 2,1\no = monster Orc at 2,2"
    flat = shoot(figures, "dagger", rule, [1] * 4)
    assert flat.attack_roll.dice == Dice(2, 3)
    told = shoot(figures, "dagger", rule, [1] * 5, higher_ground=True)
    assert told.attack_roll.dice == Dice(3, 3)


def test_an_immobilized_target_is_easier_to_hit_either_way() -> None:
    rule = RulesOptions(combat_modifiers={"immobilized"})
    held = shoot(
        "H = hero Huntress at 2,1\no = monster Orc immobilized at 2,2", "dagger", rule, [1] * 4
    )
    assert held.attack_roll.dice == Dice(2, 8)
    s = board(HALL, "o = monster Orc at 3,2\nW = hero Warrior immobilized at 4,2")
    bonus = attack_bonus(s, "o", "W", rule, kind=AttackKind.MELEE)
    assert bonus.points == 5
    # Size counts only for a hero's target: every character is Normal.
    sized = attack_bonus(
        s, "o", "W", RulesOptions(combat_modifiers={"size"}), kind=AttackKind.MELEE
    )
    assert sized.points == 0


def test_a_modifier_not_in_use_does_nothing() -> None:
    only_size = RulesOptions(combat_modifiers={"size"})
    res = shoot(
        "H = hero Huntress at 2,1\no = monster Orc immobilized at 2,2", "dagger", only_size, [1] * 4
    )
    assert res.attack_roll.dice == Dice(2, 3)


# -- Dominance ------------------------------------------------------------------------------------

SURROUND = """
###D###
#.....#
#.WoM.#
#.....#
#######
"""


def melee(s: Situation, letter: str, options: RulesOptions, faces: list[int]) -> object:
    name = s.figure(letter).name.lower()
    attacker = hero(name, "dagger")
    option = attack_options(attacker)[0]
    return (
        hero_attack_on_board(
            s, letter, attacker, "o", foe("orc"), option, ScriptedChance(faces), options=options
        )
        .hits[0]
        .resolution
    )


def test_dominance_surround_gives_each_surrounding_attacker_one_die() -> None:
    s = board(SURROUND, "W = hero Warrior\nM = hero Mage\no = monster Orc")
    rule = RulesOptions(dominance="surround")
    for letter in "WM":
        res = melee(s, letter, rule, [1] * 5)
        assert res.attack_roll.dice == Dice(3, 3)
        assert "[Dominance]" in res.explain()
    assert melee(s, "W", RulesOptions(), [1] * 4).attack_roll.dice == Dice(2, 3)


def test_dominance_surround_needs_two_and_the_attacker_among_them() -> None:
    alone = board(
        SURROUND.replace("M", "."), "W = hero Warrior\nM = hero Mage at 5,1\no = monster Orc"
    )
    rule = RulesOptions(dominance="surround")
    assert melee(alone, "W", rule, [1] * 4).attack_roll.dice == Dice(2, 3)
    knocked = board(SURROUND, "W = hero Warrior\nM = hero Mage unconscious\no = monster Orc")
    assert melee(knocked, "W", rule, [1] * 4).attack_roll.dice == Dice(2, 3)
    s = board(
        SURROUND, "W = hero Warrior\nM = hero Mage\nH = hero Huntress at 3,1\no = monster Orc"
    )
    s = s.moved("H", (1, 1))
    bonus = attack_bonus(s, "H", "o", rule, kind=AttackKind.RANGED)
    assert not bonus  # surrounded, but the Huntress is not one of those around it
    # Monsters never gain it under "surround".
    assert not attack_bonus(s, "o", "W", rule, kind=AttackKind.MELEE)


def test_dominance_as_damage_adds_one_to_a_hit() -> None:
    s = board(SURROUND, "W = hero Warrior\nM = hero Mage\no = monster Orc")
    rule = RulesOptions(dominance="surround", dominance_bonus="damage")
    # Dagger 2D+3 (damage 1) against the Orc's 2D+5 and AR 1: 9+9+3 = 21 vs 1+1+5 = 7 → 1 crit.
    res = melee(s, "W", rule, [9, 9, 1, 1])
    assert res.attack_roll.dice == Dice(2, 3)
    assert res.hit and res.damage is not None and res.damage.base == 2
    plain = melee(s, "W", RulesOptions(), [9, 9, 1, 1])
    assert plain.damage is not None and res.damage.taken == plain.damage.taken + 1
    assert "deals +1 damage with a hit" in res.explain()


def test_dominance_by_tile_counts_characters_and_monsters() -> None:
    s = board(HALL, "W = hero Warrior at 2,2\nM = hero Mage at 5,1\no = monster Orc at 3,2")
    tile = RulesOptions(dominance="tile")
    assert melee(s, "W", tile, [1] * 5).attack_roll.dice == Dice(3, 3)
    even = board(HALL, "W = hero Warrior at 2,2\nb = monster Orc at 8,3\no = monster Orc at 3,2")
    assert melee(even, "W", tile, [1] * 4).attack_roll.dice == Dice(2, 3)
    # Under "tile" the monsters never gain it; under "tile_both" they do when they outnumber.
    many = board(HALL, "W = hero Warrior at 2,2\nb = monster Orc at 8,3\no = monster Orc at 3,2")
    assert not attack_bonus(many, "o", "W", tile, kind=AttackKind.MELEE)
    both = attack_bonus(many, "o", "W", RulesOptions(dominance="tile_both"), kind=AttackKind.MELEE)
    assert both.dice == 1 and "monsters gain it too" in both.steps[0].text
    warrior = hero("warrior")
    result = monster_attack_on_board(
        many,
        Attack("o", "W", many.figure("o").square, ("W",)),
        {"W": warrior},
        foe("orc"),
        ScriptedChance([1] * 10),
        options=RulesOptions(dominance="tile_both"),
    )
    assert result.hits[0].resolution.attack_roll.dice == Dice(4, 2)  # Orc 3D+2 +1D


def test_dominance_by_tile_needs_attacker_and_target_on_the_same_tile() -> None:
    s = Situation.from_text(
        F3 + "  H = hero Huntress at 6,2\n  M = hero Mage at 6,3\n  o = monster Orc at 2,2\n"
    )
    assert not attack_bonus(s, "H", "o", RulesOptions(dominance="tile"), kind=AttackKind.RANGED)
    same = Situation.from_text(
        F3 + "  H = hero Huntress at 6,2\n  M = hero Mage at 6,3\n  o = monster Orc at 7,2\n"
    )
    assert attack_bonus(same, "H", "o", RulesOptions(dominance="tile"), kind=AttackKind.RANGED)


def test_bonuses_add_up_and_bad_input_is_refused() -> None:
    s = board(SURROUND, "W = hero Warrior\nM = hero Mage\no = monster Orc immobilized")
    rule = RulesOptions(dominance="surround", combat_modifiers={"immobilized", "size"})
    bonus = attack_bonus(s, "W", "o", rule, kind=AttackKind.MELEE)
    assert (bonus.dice, bonus.points, bonus.damage) == (1, 5, 0)
    assert [step.rule for step in bonus.steps] == [
        Section.COMBAT_MODIFIERS,
        Section.COMBAT_MODIFIERS,
        Section.DOMINANCE,
    ]
    with pytest.raises(CombatError, match="melee, ranged or magic"):
        attack_bonus(s, "W", "o", rule, kind="melee")  # type: ignore[arg-type]
    with pytest.raises(CombatError, match="higher_ground must be"):
        attack_bonus(
            s,
            "W",
            "o",
            RulesOptions(combat_modifiers={"higher_ground"}),
            kind=AttackKind.MELEE,
            higher="yes",  # type: ignore[arg-type]
        )
    warrior, chance = hero("warrior", "dagger"), ScriptedChance([1, 1])
    with pytest.raises(CombatError, match="AttackBonus"):
        resolve_hero_attack(
            warrior,
            foe("orc"),
            attack_options(warrior)[0],
            chance,
            bonus=3,  # type: ignore[arg-type]
        )
    assert chance.remaining == 2


BLAST = """
#D#######
#W......#
#M...ob.#
#H......#
#########
"""


def test_an_area_attack_shares_its_damage_bonus_with_every_monster_struck() -> None:
    s = board(
        BLAST,
        "M = hero Mage\nW = hero Warrior\nH = hero Huntress\no = monster Orc\nb = monster Goblin",
    )
    mage = hero("mage", "fireball")
    option = attack_options(mage)[0]
    rule = RulesOptions(dominance="tile", dominance_bonus="damage")
    # One attack roll (3D+4 = 9+9+1+4 = 23) against each psi resistance (1D+2 at most 1+1+2).
    faces = [9, 9, 1, 1, 1]
    plain = hero_attack_on_board(
        s, "M", mage, "o", foe("orc"), option, ScriptedChance(faces), foes={"b": foe("goblin")}
    )
    more = hero_attack_on_board(
        s,
        "M",
        mage,
        "o",
        foe("orc"),
        option,
        ScriptedChance(faces),
        foes={"b": foe("goblin")},
        options=rule,
    )
    assert more.struck == plain.struck == ("o", "b")
    for letter in "ob":
        before, after = plain.resolution(letter), more.resolution(letter)
        assert before.hit and after.hit and before.damage and after.damage
        assert after.damage.base == before.damage.base + 1
    assert "[Dominance]" in more.resolution("b").explain()
    assert "ruling OR7" in more.resolution("b").explain()
