"""Attacks on the board: range, Line of Sight, Blue Solid cover, area attacks, friends caught,
unconscious and buried defenders (``doria_nb.engine.combat.board``; rulings C20–C25)."""

from __future__ import annotations

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.cards import AttackKind
from doria_nb.engine.chance import Chance, ScriptedChance
from doria_nb.engine.character import Character
from doria_nb.engine.combat import (
    Direction,
    Foe,
    attack_check,
    attack_options,
    hero_attack_on_board,
    monster_attack_on_board,
)
from doria_nb.engine.errors import CombatError
from doria_nb.engine.geometry import Square
from doria_nb.engine.mat import Mat, Slot
from doria_nb.engine.monster_ai.activation import activate
from doria_nb.engine.monster_ai.outcome import Attack
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation

PACK = starter_pack()


def board(rows: str, figures: str, extra: str = "") -> Situation:
    mapped = "\n".join(f"  {row}" for row in rows.strip().splitlines())
    listed = "\n".join(f"  {line}" for line in figures.strip().splitlines())
    return Situation.from_text(f"map:\n{mapped}\n{extra}figures:\n{listed}\n")


def hero(hero_id: str, *items: str) -> Character:
    template = PACK.hero(hero_id)
    mat = Mat()
    for slot, item in zip((Slot.HAND_1, Slot.HAND_2), items, strict=False):
        mat = mat.with_body(slot, PACK.item(item))
    return Character(template.name, template.attributes, mat=mat, template=template)


def foe(monster_id: str) -> Foe:
    return Foe.of(PACK.monster(monster_id))


def snapshot(character: Character) -> tuple[object, ...]:
    return (character.mat, character.hp, character.pp)


# -- where an attack may be made from -------------------------------------------------------------

HALL = """
#D#######
#.......#
#H....o.#
#.......#
#########
"""


def test_range_is_counted_orthogonally_and_a_refusal_changes_nothing() -> None:
    s = board(HALL, "H = hero Huntress\no = monster Orc")
    assert attack_check(s, "H", "o", 5)
    huntress = hero("huntress", "throwing_knives")  # range 4
    option = attack_options(huntress)[0]
    check = attack_check(s, "H", "o", option)
    assert not check and check.range == 5 and check.reach == 4
    assert check.rule is Section.RANGE_AND_LINE_OF_SIGHT and "range of 4" in check.reason
    before, chance = snapshot(huntress), ScriptedChance([5, 5, 5])
    with pytest.raises(CombatError, match="beyond the attack's range of 4"):
        hero_attack_on_board(s, "H", huntress, "o", foe("orc"), option, chance)
    assert snapshot(huntress) == before and chance.remaining == 3


def test_no_line_of_sight_no_attack() -> None:
    s = board(
        """
#D#######
#H..#...#
#...#.o.#
#.......#
#########
""",
        "H = hero Huntress\no = monster Orc",
    )
    check = attack_check(s, "H", "o", 8)
    assert not check and check.sight is not None and not check.sight.visible
    assert "no Line of Sight" in check.reason
    huntress = hero("huntress", "shortbow")
    chance = ScriptedChance([5] * 6)
    with pytest.raises(CombatError, match="no Line of Sight"):
        hero_attack_on_board(s, "H", huntress, "o", foe("orc"), attack_options(huntress)[0], chance)
    assert chance.remaining == 6


def test_figures_never_block_the_line() -> None:
    s = board(
        HALL.replace("#H....o.#", "#H.o..b.#"),
        "H = hero Huntress\no = monster Orc\nb = monster Goblin",
    )
    assert attack_check(s, "H", "b", 6)


def test_blue_solid_cover_comes_from_the_board() -> None:
    """Ruling C8 left ``hindered`` to the caller; on the board it comes from the sight."""
    s = board(
        """
#D#######
#...%...#
#H..%..o#
#...%...#
#########
""",
        "H = hero Huntress\no = monster Orc",
    )
    huntress = hero("huntress", "shortbow")
    orc = foe("orc")
    option = attack_options(huntress)[0]
    result = hero_attack_on_board(s, "H", huntress, "o", orc, option, Chance.seeded(3))
    assert result.check.hindered and result.hits[0].hindered
    res = result.resolution("o")
    assert res.comparison is not None
    assert res.comparison.defense.dice == orc.stats.defense.with_dice(1)
    assert any(step.rule is Section.DIFFICULT_TERRAIN for step in res.steps)
    open_hall = board(HALL, "H = hero Huntress\no = monster Orc")
    clear = hero_attack_on_board(open_hall, "H", huntress, "o", orc, option, Chance.seeded(3))
    assert not clear.check.hindered
    assert clear.resolution("o").comparison.defense.dice == orc.stats.defense  # type: ignore[union-attr]


HOLE = """
#D#######
#.......#
#W.x.o..#
#.......#
#########
"""


def test_melee_reaches_adjacent_squares_only_and_monsters_strike_across_a_hole() -> None:
    """Ruling C20: the monsters' blow across a Hole is theirs alone."""
    s = board(HOLE.replace("#W.x.o", "#.Wxo."), "W = hero Warrior\no = monster Orc")
    monster = attack_check(s, "o", "W", foe("orc"))
    assert monster and monster.across_hole and monster.rule is Section.MONSTERS_AND_OBSTACLES
    warrior = hero("warrior", "longsword")
    refused = attack_check(s, "W", "o", attack_options(warrior)[0])
    assert not refused and "ruling C20" in refused.reason
    diagonal = board(HOLE.replace("#W.x.o", "#.Wx.."), "W = hero Warrior\no = monster Orc at 4,3")
    assert not attack_check(diagonal, "o", "W", foe("orc"))
    far = board(HOLE, "W = hero Warrior\no = monster Orc")
    assert not attack_check(far, "W", "o", 1)
    near = board(HOLE.replace("#W.x.o", "#..xWo"), "W = hero Warrior\no = monster Orc")
    assert attack_check(near, "W", "o", 1)


def test_a_buried_figure_is_attacked_only_from_next_to_it() -> None:
    s = board(
        """
#D######
#H.....#
#......#
########
""",
        "H = hero Huntress\no = monster Orc buried at 6,1\nM = hero Mage at 5,2",
        "markers: rubble 6,1\n",
    )
    far = attack_check(s, "H", "o", 8)
    assert not far and far.rule is Section.DUNGEON_MARKERS
    assert not attack_check(s, "M", "o", 8)  # diagonal: range 2
    s = s.moved("M", Square(5, 1))
    assert attack_check(s, "M", "o", 8)
    assert not attack_check(s, "o", "H", 8)  # ruling C22: the buried one sees only its neighbours


def test_a_poltergeist_inside_a_wall_is_seen_by_everyone() -> None:
    s = board(
        """
#D######
#M.....#
###?####
#.....H#
########
""",
        "M = hero Mage\nH = hero Huntress\np = monster Poltergeist at 6,2",
    )
    check = attack_check(s, "M", "p", 8, kind=AttackKind.MAGIC)
    assert check and check.sight is not None and check.sight.exposed
    assert check.rule is Section.WALLS
    assert attack_check(s, "H", "p", 1)  # right under it


def test_unconscious_characters_are_immune_to_direct_attacks() -> None:
    s = board(
        HALL.replace("#H....o.#", "#....Ho.#"), "H = hero Huntress unconscious\no = monster Orc"
    )
    check = attack_check(s, "o", "H", foe("orc"))
    assert not check and check.rule is Section.UNCONSCIOUSNESS
    assert not attack_check(s, "H", "o", 1)  # nor do they act
    huntress = hero("huntress")
    chance = ScriptedChance([5] * 4)
    strike = Attack("o", "H", Square(6, 2), ("H",))
    with pytest.raises(CombatError, match="immune to direct attacks"):
        monster_attack_on_board(s, strike, {"H": huntress}, foe("orc"), chance)
    assert chance.remaining == 4


def test_odd_requests_are_refused_in_words() -> None:
    s = board(HALL, "H = hero Huntress\no = monster Orc\nb = monster Goblin at 7,2")
    assert "both monsters" in attack_check(s, "o", "b", 1).reason
    assert "itself" in attack_check(s, "o", "o", 1).reason
    with pytest.raises(CombatError, match="no figure"):
        attack_check(s, "H", "Z", 1)
    with pytest.raises(CombatError, match="whole number"):
        attack_check(s, "H", "o", -1)
    huntress = hero("huntress", "shortbow")
    option = attack_options(huntress)[0]
    with pytest.raises(CombatError, match="is not Warrior"):
        hero_attack_on_board(s, "H", hero("warrior"), "o", foe("orc"), option, Chance.seeded(1))
    with pytest.raises(CombatError, match="heroes attack monsters"):
        hero_attack_on_board(s, "H", huntress, "H", foe("orc"), option, Chance.seeded(1))


# -- a hero's area attack -------------------------------------------------------------------------

BLAST = """
#D#######
#.......#
#M...o..#
#....W..#
#########
"""


def test_a_fireball_catches_a_friend_who_must_defend() -> None:
    s = board(BLAST, "M = hero Mage\no = monster Orc\nW = hero Warrior")
    mage, warrior = hero("mage", "fireball"), hero("warrior")
    option = attack_options(mage)[0]
    chance = Chance.seeded(11)
    result = hero_attack_on_board(
        s, "M", mage, "o", foe("orc"), option, chance, friends={"W": warrior}
    )
    assert result.struck == ("o", "W") and result.area == "blast 1"
    on_orc, on_warrior = result.resolution("o"), result.resolution("W")
    assert on_warrior.direction is Direction.MONSTER_ATTACKS
    assert on_warrior.attack_roll == on_orc.attack_roll  # one attack roll (ruling C21)
    assert on_warrior.comparison is not None  # the Warrior rolled his own psi resistance
    assert on_warrior.kind is AttackKind.MAGIC
    assert any("must defend" in step.text for step in on_warrior.steps)
    assert "Area effects by characters" in result.explain()
    before_pp, before_hp = mage.pp, warrior.hp
    result.apply({"M": mage, "W": warrior})
    assert mage.pp == before_pp - 3  # paid once
    assert warrior.hp == before_hp - on_warrior.hp_lost


def test_a_friend_must_be_given_and_bad_friend_answers_change_nothing() -> None:
    s = board(BLAST, "M = hero Mage\no = monster Orc\nW = hero Warrior")
    mage, warrior = hero("mage", "fireball"), hero("warrior")
    option = attack_options(mage)[0]
    chance = ScriptedChance([5] * 10)
    with pytest.raises(CombatError, match="must defend; give the Character"):
        hero_attack_on_board(s, "M", mage, "o", foe("orc"), option, chance)
    with pytest.raises(CombatError, match="not an undamaged armor"):
        hero_attack_on_board(
            s,
            "M",
            mage,
            "o",
            foe("orc"),
            option,
            chance,
            friends={"W": warrior},
            friend_answers={"W": {"armor": "torso"}},
        )
    assert chance.remaining == 10


def test_the_caster_is_exempt_and_unconscious_friends_are_not_caught() -> None:
    s = board(
        BLAST.replace("#M...o..#", "#...Mo..#"),
        "M = hero Mage\no = monster Orc\nW = hero Warrior unconscious",
    )
    mage = hero("mage", "fireball")
    result = hero_attack_on_board(
        s, "M", mage, "o", foe("orc"), attack_options(mage)[0], Chance.seeded(2)
    )
    assert result.struck == ("o",)
    text = result.explain()
    assert "exempt from its own attack" in text and "unconscious" in text


def test_chain_lightning_jumps_between_monsters_and_spares_friends() -> None:
    s = board(
        """
#D##########
#..........#
#M...o.b.k.#
#....W.....#
############
""",
        "M = hero Mage\no = monster Orc\nb = monster Goblin\nk = monster Goblin\nW = hero Warrior",
    )
    mage = hero("mage", "chain_lightning")
    option = attack_options(mage)[0]
    with pytest.raises(CombatError, match="give its Foe in foes"):
        hero_attack_on_board(s, "M", mage, "o", foe("orc"), option, Chance.seeded(4))
    result = hero_attack_on_board(
        s,
        "M",
        mage,
        "o",
        foe("orc"),
        option,
        Chance.seeded(4),
        foes={"b": foe("goblin"), "k": foe("goblin")},
    )
    assert result.struck == ("o", "b", "k")  # k is out of range 5 but 2 from b: the bolt jumps
    rolls = {r.attack_roll for r in result.resolutions}
    assert len(rolls) == 1
    assert [r.changes for r in result.resolutions[1:]] == [(), ()]  # the PP are paid once
    assert set(result.foes_after) == {"o", "b", "k"}


def test_frost_nova_strikes_the_monsters_around_the_caster() -> None:
    s = board(
        """
#D######
#...b..#
#.oMW..#
#......#
########
""",
        "M = hero Mage\no = monster Orc\nb = monster Goblin\nW = hero Warrior",
    )
    mage = hero("mage", "frost_nova")
    option = attack_options(mage)[0]
    result = hero_attack_on_board(
        s, "M", mage, "o", foe("orc"), option, Chance.seeded(5), foes={"b": foe("goblin")}
    )
    assert result.struck == ("o",)  # the Goblin stands diagonally: range 2
    s = s.moved("b", Square(3, 1))
    result = hero_attack_on_board(
        s, "M", mage, "o", foe("orc"), option, Chance.seeded(5), foes={"b": foe("goblin")}
    )
    assert result.struck == ("o", "b")  # never the Warrior next to the caster


def test_light_lance_runs_along_a_row_through_friend_and_foe() -> None:
    s = board(
        """
#D#########
#.........#
#M.W.o.b..#
#.....k...#
###########
""",
        "M = hero Mage\nW = hero Warrior\no = monster Orc\nb = monster Goblin\nk = monster Goblin",
    )
    mage = hero("mage", "light_lance")
    option = attack_options(mage)[0]
    result = hero_attack_on_board(
        s,
        "M",
        mage,
        "o",
        foe("orc"),
        option,
        Chance.seeded(6),
        foes={"b": foe("goblin"), "k": foe("goblin")},
        friends={"W": hero("warrior")},
    )
    assert result.struck == ("o", "b", "W")
    with pytest.raises(CombatError, match="row or a column"):
        hero_attack_on_board(
            s, "M", mage, "k", foe("goblin"), option, Chance.seeded(6), foes={"o": foe("orc")}
        )


# -- a monster's area attack ----------------------------------------------------------------------


def test_an_ogres_ground_slam_strikes_two_heroes_each_defending() -> None:
    s = board(
        """
#D########
#........#
#A..T..MW#
#........#
##########
""",
        "T = monster Ogre AP 9\nA = hero Adventurer STR 3"
        "\nM = hero Mage STR 9\nW = hero Warrior STR 9",
    )
    act = activate(s, "T")
    assert act.attack is not None
    mage, warrior = hero("mage"), hero("warrior", "longsword")
    characters = {"M": mage, "W": warrior, "A": hero("adventurer")}
    result = monster_attack_on_board(
        act.after, act.attack, characters, foe("ogre"), Chance.seeded(8)
    )
    assert result.struck == ("M", "W")
    on_mage, on_warrior = result.resolution("M"), result.resolution("W")
    assert on_mage.attack_roll == on_warrior.attack_roll
    assert on_mage.comparison is not None and on_warrior.comparison is not None
    assert on_warrior.decisions[0].choice.who == warrior.who  # he chose his own defense
    assert "each defends on their own" in result.explain()
    hp = (mage.hp, warrior.hp)
    result.apply(characters)
    assert (mage.hp, warrior.hp) == (hp[0] - on_mage.hp_lost, hp[1] - on_warrior.hp_lost)


def test_the_dark_mages_lightning_is_resolved_against_every_character_struck() -> None:
    """FAQ: the lightning branches to every character within range 2 of one struck."""
    s = board(
        """
#D##########
#..........#
#k...W.M.A.#
#..........#
############
""",
        "k = monster Dark Mage\nW = hero Warrior WIS 5"
        "\nM = hero Mage WIS 9\nA = hero Adventurer WIS 4",
    )
    act = activate(s, "k", square="1,1")
    assert act.attack is not None
    characters = {"W": hero("warrior"), "M": hero("mage"), "A": hero("adventurer")}
    result = monster_attack_on_board(
        act.after, act.attack, characters, foe("dark_mage"), Chance.seeded(9)
    )
    assert set(result.struck) == {"W", "M", "A"} and result.struck[0] == act.attack.defender
    assert len({r.attack_roll for r in result.resolutions}) == 1
    assert all(r.kind is AttackKind.MAGIC for r in result.resolutions)


def test_a_monster_attack_skips_the_unconscious_and_needs_every_character() -> None:
    s = board(
        """
#D########
#........#
#....TMW.#
#........#
##########
""",
        "T = monster Ogre\nM = hero Mage\nW = hero Warrior unconscious",
    )
    strike = Attack("T", "M", Square(5, 2), ("M", "W"))
    chance = ScriptedChance([5] * 3)
    with pytest.raises(CombatError, match="give its Character"):
        monster_attack_on_board(s, strike, {}, foe("ogre"), chance)
    with pytest.raises(CombatError, match="after the monster moved"):
        monster_attack_on_board(
            s, Attack("T", "M", Square(4, 2), ("M",)), {"M": hero("mage")}, foe("ogre"), chance
        )
    assert chance.remaining == 3
    result = monster_attack_on_board(s, strike, {"M": hero("mage")}, foe("ogre"), Chance.seeded(1))
    assert result.struck == ("M",)
    assert any(n.rule is Section.UNCONSCIOUSNESS for n in result.notes)


def test_apply_checks_every_character_before_changing_any() -> None:
    s = board(BLAST, "M = hero Mage\no = monster Orc\nW = hero Warrior")
    mage, warrior = hero("mage", "fireball"), hero("warrior")
    result = hero_attack_on_board(
        s,
        "M",
        mage,
        "o",
        foe("orc"),
        attack_options(mage)[0],
        Chance.seeded(11),
        friends={"W": warrior},
    )
    before = snapshot(mage)
    with pytest.raises(CombatError):
        result.apply({"M": mage, "W": hero("mage")})
    assert snapshot(mage) == before


def test_every_defender_of_an_area_attack_gets_its_own_blue_solid_cover() -> None:
    """Ruling C25: the line from the attacker's square to each defender decides."""
    s = board(
        """
#D########
#...%....#
#M..%.oW.#
#...%....#
##########
""",
        "M = hero Mage\no = monster Orc\nW = hero Warrior",
    )
    mage, warrior = hero("mage", "fireball"), hero("warrior")
    result = hero_attack_on_board(
        s,
        "M",
        mage,
        "o",
        foe("orc"),
        attack_options(mage)[0],
        Chance.seeded(7),
        friends={"W": warrior},
    )
    assert [h.hindered for h in result.hits] == [True, True]
    on_warrior = result.resolution("W")
    assert on_warrior.comparison is not None
    assert on_warrior.comparison.defense.dice.count == 3  # psi resistance 2D + 1D
    clear = s.moved("M", Square(5, 1))
    result = hero_attack_on_board(
        clear,
        "M",
        mage,
        "o",
        foe("orc"),
        attack_options(mage)[0],
        Chance.seeded(7),
        friends={"W": warrior},
    )
    assert [h.hindered for h in result.hits] == [False, False]


def test_vine_tendrils_hold_the_monsters_they_hit_and_the_ai_keeps_them_in_place() -> None:
    """*Vine Tendrils* (its card; ruling Y25): the foes the spell hits cannot move until their
    next activation. The attack marks them ``immobilized`` on the board, and the monster AI
    then lets a held monster attack only from its own square."""
    s = board(BLAST, "M = hero Mage\no = monster Orc\nW = hero Warrior")
    mage = hero("mage", "vine_tendrils")
    option = attack_options(mage)[0]
    for seed in range(40):
        result = hero_attack_on_board(
            s,
            "M",
            mage,
            "o",
            foe("orc"),
            option,
            Chance.seeded(seed),
            friends={"W": hero("warrior")},
        )
        if result.resolution("o").hit:
            break
    assert result.held == ("o",)
    assert any("holds what it hits" in note.text for note in result.notes)
    held = result.held_on(s)
    assert "immobilized" in held.figure("o").flags
    alone = held.moved("W", Square(7, 1))  # nobody next to the Orc now
    act = alone.activate("o")
    assert act.steps == () and act.attack is None
    assert any(d.criterion == "held in place" for d in act.notes)
    free = s.moved("W", Square(7, 1)).activate("o")
    assert free.steps != ()  # without the vines it would have walked
