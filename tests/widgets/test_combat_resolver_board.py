"""The combat resolver's Board part: a situation decides range, Line of Sight and *hindered*.

Rulebook sections: *Range and Line of Sight*, *Difficult Terrain* (a Blue Solid Line gives the
defender 1D more), *Unconsciousness*. The board's answers are the engine's
(:func:`~doria_nb.engine.combat.board_check.attack_check`); the view shows and obeys them.
"""

from __future__ import annotations

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.combat import AttackResolution, Foe, attack_options, hero_attack_odds
from doria_nb.engine.combat.board_check import attack_check
from doria_nb.engine.errors import CombatError, SituationError
from doria_nb.engine.situation import Situation
from doria_nb.ui import CombatResolver
from doria_nb.ui.combat_resolver import CSS_CLASSES, equipped_hero, pack_hero_id, read_situation

PACK = starter_pack()

NEXT_TO = """
# The Warrior next to an Orc
map:
  ###D####
  #......#
  #.Wo...#
  #......#
  ########
figures:
  W = hero Warrior
  o = monster Orc
"""

BLUE_SOLID = """
# The Huntress shoots across a Blue Solid Line
map:
  ###D#####
  #...%...#
  #H..%..o#
  #...%...#
  #########
figures:
  H = hero Huntress
  o = monster Orc
"""

OUT_OF_RANGE = """
# The Orc is 7 squares away; the Hunting Bow reaches 6
map:
  ###D######
  #........#
  #H......o#
  #........#
  ##########
figures:
  H = hero Huntress
  o = monster Orc
"""

UNCONSCIOUS = """
map:
  ###D####
  #......#
  #.Mo...#
  #......#
  ########
figures:
  M = hero Mage HP -2 unconscious
  o = monster Orc
"""


def snapshot(resolver: CombatResolver) -> dict:
    """What a refused request must leave as it was (the status line aside)."""
    hero = resolver.character
    return {
        "hero": (hero.name, hero.hp, hero.pp, hero.mat),
        "foe": resolver.foe,
        "resolution": resolver.resolution,
        "pending": resolver.pending,
        "applied": resolver.applied,
        "odds": resolver.odds,
        "arithmetic": resolver.arithmetic_html.value,
        "odds_html": resolver.odds_html.value,
        "situation": resolver.situation,
        "board_check": resolver.board_check,
        "hindered": (resolver.hindered_box.value, resolver.hindered_box.disabled),
        "pickers": (resolver.hero_select.value, resolver.monster_select.value),
        "letters": (resolver.attacker_select.value, resolver.defender_select.value),
        "direction": resolver.direction.value,
    }


# --- without a board nothing changes ---------------------------------------------------------


def test_the_board_part_is_collapsed_and_free_picking_is_the_default() -> None:
    resolver = CombatResolver("warrior", "orc", seed=1, hindered=True)
    assert resolver.children[0] is resolver.board_part
    assert resolver.board_part.selected_index is None
    assert resolver.situation is None and resolver.board_check is None
    assert resolver.hindered_box.value and not resolver.hindered_box.disabled
    assert not resolver.direction.disabled
    assert resolver.attacker_select.disabled and resolver.clear_board_button.disabled
    assert CSS_CLASSES["board"] in resolver.board_part._dom_classes
    assert CSS_CLASSES["attacker"] in resolver.attacker_select._dom_classes


# --- melee next to each other ----------------------------------------------------------------


def test_warrior_next_to_an_orc_may_attack_and_roll() -> None:
    resolver = CombatResolver("ranger", "goblin", seed=3)
    assert resolver.load_situation(NEXT_TO) is True
    assert resolver.hero_select.value == "warrior"
    assert resolver.monster_select.value == "orc"
    assert resolver.character.name == equipped_hero(PACK, "warrior").name
    assert resolver.foe == Foe.of(PACK.monster("orc"))
    check = resolver.board_check
    assert check is not None and check and check.range == 1
    assert check.explain() in resolver.status
    assert "next to" in resolver.board_html.value
    assert resolver.hindered_box.value is False and resolver.hindered_box.disabled
    assert resolver.direction.value == "hero" and resolver.direction.disabled
    assert resolver.error == "" and not resolver.roll_button.disabled
    (hammer,) = attack_options(resolver.character)
    assert resolver.odds == hero_attack_odds(
        hammer.dice, hammer.damage, Foe.of(PACK.monster("orc")), kind=hammer.kind
    )
    assert isinstance(resolver.roll(), AttackResolution)


def test_picking_the_monster_as_attacker_turns_the_attack_around() -> None:
    resolver = CombatResolver("warrior", "orc", seed=3)
    assert resolver.load_situation(NEXT_TO)
    resolver.attacker_select.value = "o"
    assert resolver.direction.value == "monster" and resolver.monster_attacks
    assert resolver.defender_select.options == (("Warrior (W)", "W"),)
    assert resolver.board_check is not None and resolver.board_check
    assert resolver.board_check.attacker == "o"
    assert not resolver.roll_button.disabled


def test_load_by_letters_and_by_code() -> None:
    resolver = CombatResolver("warrior", "orc", seed=3)
    code = Situation.from_text(NEXT_TO).code
    assert resolver.load_situation(code, attacker="o", defender="W")
    assert resolver.monster_attacks and resolver.board_check is not None
    assert resolver.situation == Situation.from_text(NEXT_TO)


# --- Blue Solid terrain between the two ------------------------------------------------------


def test_blue_solid_between_sets_hindered_from_the_board() -> None:
    resolver = CombatResolver("warrior", "orc", seed=5)
    assert resolver.load_situation(BLUE_SOLID)
    assert resolver.hero_select.value == "huntress"
    check = resolver.board_check
    assert check is not None and check and check.hindered and check.range == 6
    assert resolver.hindered_box.value is True and resolver.hindered_box.disabled
    free = CombatResolver("huntress", "orc", seed=5, hindered=True)
    assert resolver.odds == free.odds
    assert "Blue Solid" in resolver.board_html.value
    assert isinstance(resolver.roll(), AttackResolution)
    resolver.clear_board()
    assert resolver.situation is None and resolver.board_check is None
    assert resolver.hindered_box.value is False and not resolver.hindered_box.disabled
    assert not resolver.direction.disabled and resolver.attacker_select.options == ()
    assert resolver.odds == CombatResolver("huntress", "orc", seed=5).odds


# --- the board refuses ------------------------------------------------------------------------


def test_out_of_range_refuses_the_roll_and_changes_nothing() -> None:
    resolver = CombatResolver("warrior", "orc", seed=7)
    assert resolver.load_situation(OUT_OF_RANGE)
    check = resolver.board_check
    (bow,) = attack_options(resolver.character)
    assert check == attack_check(resolver.situation, "H", "o", bow)
    assert check is not None and not check and check.range == 7
    assert resolver.roll_button.disabled
    assert resolver.error == f"On the board: {check.explain()}"
    assert "beyond the attack's range of 6" in resolver.status
    before = snapshot(resolver)
    with pytest.raises(CombatError, match="beyond the attack's range"):
        resolver.roll()
    assert snapshot(resolver) == before
    assert "beyond the attack's range" in resolver.status


def test_an_unconscious_defender_cannot_be_attacked() -> None:
    resolver = CombatResolver("warrior", "orc", seed=7, monster_attacks=True)
    assert resolver.load_situation(UNCONSCIOUS)
    assert resolver.board_check is not None and resolver.board_check.attacker == "o"
    assert not resolver.board_check and "unconscious" in resolver.error
    before = snapshot(resolver)
    with pytest.raises(CombatError, match="unconscious"):
        resolver.roll()
    assert snapshot(resolver) == before


def test_bad_text_is_refused_in_the_engines_words() -> None:
    resolver = CombatResolver("warrior", "orc", seed=9)
    assert resolver.load_situation(BLUE_SOLID)
    before = snapshot(resolver)
    bad = "map:\n  ###\n"
    with pytest.raises(SituationError) as raised:
        Situation.from_text(bad)
    assert resolver.load_situation(bad) is False
    assert resolver.status == str(raised.value)
    assert snapshot(resolver) == before
    assert resolver.load_situation("doria1:not-a-code") is False
    assert resolver.load_situation(BLUE_SOLID, attacker="Z") is False
    assert resolver.load_situation(BLUE_SOLID, attacker="H", defender="H") is False
    assert snapshot(resolver) == before


def test_bad_text_without_a_board_leaves_free_picking() -> None:
    resolver = CombatResolver("warrior", "orc", seed=9, hindered=True)
    before = snapshot(resolver)
    assert resolver.load_situation("figures:\n  W = hero Warrior\n") is False
    assert resolver.situation is None and snapshot(resolver) == before


# --- the helpers ------------------------------------------------------------------------------


def test_pack_hero_id_and_read_situation() -> None:
    assert pack_hero_id("Shield Maiden", PACK) == "shield_maiden"
    assert pack_hero_id("Warrior 2", PACK) == "warrior"
    assert pack_hero_id("Bob", PACK) is None
    assert read_situation(Situation.from_text(NEXT_TO).code) == Situation.from_text(NEXT_TO)


def test_a_hero_not_of_the_pack_keeps_the_hero_picked() -> None:
    resolver = CombatResolver("scoundrel", "orc", seed=1)
    assert resolver.load_situation(NEXT_TO.replace("hero Warrior", "hero Bob"))
    assert resolver.hero_select.value == "scoundrel"
    assert "no hero of the pack" in resolver.status


def test_a_new_hero_on_the_board_is_checked_again() -> None:
    resolver = CombatResolver("warrior", "orc", seed=1)
    assert resolver.load_situation(BLUE_SOLID)
    assert resolver.board_check is not None and resolver.board_check
    resolver.hero_select.value = "warrior"
    assert resolver.board_check is not None and not resolver.board_check
    assert resolver.roll_button.disabled and "Roll is refused" in resolver.status
    resolver.hero_select.value = "mage"
    assert resolver.board_check is not None and resolver.board_check.reach == 5
    assert not resolver.board_check and "beyond the attack's range of 5" in resolver.status
