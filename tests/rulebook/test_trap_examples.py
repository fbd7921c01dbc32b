"""The rulebook's trap examples and statements, played through the trap rules.

*Traps and Secret Doors* (the Boulder Trap example), *Critical Trap Rolls* (Optional Rules),
and the FAQ on characters held by a trap.
"""

from __future__ import annotations

from dataclasses import replace

from doria_nb.content import starter_pack
from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.character import Character
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.traps import apply_trap, resolve_trap, trap_victims
from doria_nb.engine.traps.lasting import can_disarm

PACK = starter_pack()

# Two Room Tiles after the start: the Adventurer (A) draws the Boulder Trap with the Warrior
# (W) two squares away (a Room Tile drawn as one map).
TWO_ROOMS = Situation.from_text(
    """
# The Boulder Trap example
map:
  ####D#####
  #A.W.....#
  #........#
  #........#
  ####D#####
figures:
  A = hero Adventurer AP 12
  W = hero Warrior AP 10
"""
)


def heroes() -> dict[str, Character]:
    return {
        "A": Character.from_template(PACK.hero("adventurer")),
        "W": Character.from_template(PACK.hero("warrior")),
    }


def test_traps_and_secret_doors_boulder_trap_example() -> None:
    """*Traps and Secret Doors*, Example: at Monster Level 1 the Boulder Trap's
    STR+AGI+2D against 28+[3xML] is TN 31; the Adventurer (STR 9, AGI 8) needs 14 on 2D, the
    Warrior (STR 13, AGI 9, ruling H1) only 9. Both are within the area of the trap."""
    card = PACK.item("boulder_trap")
    assert trap_victims(TWO_ROOMS, card, "A").letters == ("A", "W")
    chance = ScriptedChance([7, 7, 4, 5])  # the Adventurer rolls 14, the Warrior 9
    result = resolve_trap(card, heroes(), chance, monster_level=1, trigger="A", situation=TWO_ROOMS)
    assert result.target == 31
    adventurer, warrior = result.result("A"), result.result("W")
    assert (adventurer.needed, warrior.needed) == (14, 9)
    assert adventurer.avoided and warrior.avoided
    assert "needs 14 on 2D" in result.explain() and "needs 9 on 2D" in result.explain()
    assert Section.TRAPS_AND_SECRET_DOORS in result.rules


def test_traps_and_secret_doors_boulder_trap_one_short_takes_the_damage() -> None:
    """*Traps and Secret Doors*, Example (continued): one point short of what each needs, and
    the penalties apply: the boulder's 3 damage to each."""
    people = heroes()
    chance = ScriptedChance([6, 7, 4, 4])  # 13 and 8
    result = resolve_trap(
        PACK.item("boulder_trap"), people, chance, monster_level=1, trigger="A",
        situation=TWO_ROOMS,
    )  # fmt: skip
    assert [r.damage for r in result.results] == [3, 3]
    before = (people["A"].hp, people["W"].hp)
    apply_trap(result, people)
    assert (people["A"].hp, people["W"].hp) == (before[0] - 3, before[1] - 3)


def test_traps_and_secret_doors_rewards_whether_beaten_or_not() -> None:
    """*Traps and Secret Doors*: the character who resolved the trap keeps the card as gold and
    the group gains its XP, also when the trap was not beaten but went off."""
    for faces in ([7, 7, 4, 5], [1, 2, 1, 3]):
        result = resolve_trap(
            PACK.item("boulder_trap"), heroes(), ScriptedChance(faces), monster_level=1,
            trigger="A", situation=TWO_ROOMS,
        )  # fmt: skip
        assert result.reward is not None
        assert (result.reward.gold_to, result.reward.gold, result.reward.xp) == ("A", 1, 1)


def test_critical_trap_rolls_add_one_damage_per_critical_result() -> None:
    """*Critical Trap Rolls* (Optional Rules): a Critical Failure (10 below the TN) or a Fumble
    adds one point of damage for every critical result; without the option it changes
    nothing."""
    card = PACK.item("boulder_trap")
    options = RulesOptions(critical_trap_rolls=True)
    # The Adventurer: 17 + 2 + 2 = 21, ten below 31 (1 critical failure); the Warrior fumbles
    # (two ones: 22 + 2 = 24, 7 below, + 1 for the fumble).
    result = resolve_trap(
        card, heroes(), ScriptedChance([2, 2, 1, 1]), monster_level=1, options=options,
        trigger="A", situation=TWO_ROOMS,
    )  # fmt: skip
    assert [(r.damage, r.extra_damage) for r in result.results] == [(4, 1), (4, 1)]
    assert Section.CRITICAL_TRAP_ROLLS in result.rules
    plain = resolve_trap(
        card, heroes(), ScriptedChance([2, 2, 1, 1]), monster_level=1, trigger="A",
        situation=TWO_ROOMS,
    )  # fmt: skip
    assert [r.damage for r in plain.results] == [3, 3]


def test_critical_trap_rolls_ignored_for_poison_only_traps() -> None:
    """*Critical Trap Rolls*: "If the trap only adds Poison Markers, this rule should be
    ignored": the Gas Vent's fumble still gives 1 Poison Marker and no damage."""
    result = resolve_trap(
        PACK.item("gas_vent"), heroes(), ScriptedChance([1, 1, 1, 1]), monster_level=1,
        options=RulesOptions(critical_trap_rolls=True), trigger="A", situation=TWO_ROOMS,
    )  # fmt: skip
    assert [(r.damage, r.poison) for r in result.results] == [(0, 1), (0, 1)]
    assert Section.CRITICAL_TRAP_ROLLS not in result.rules


def test_faq_a_character_held_by_a_trap_may_still_act() -> None:
    """FAQ (traps that do not allow movement): a held character can still use items and
    attack; disarming another trap of its room is such an action (ruling TR8)."""
    people = heroes()
    net = resolve_trap(
        PACK.item("snare_net"), people, ScriptedChance([1, 2]), monster_level=1, trigger="W",
        situation=TWO_ROOMS,
    )  # fmt: skip
    assert net.immobilized == ("W",) and net.flags_added == (("W", "immobilized"),)
    warrior = TWO_ROOMS.figure("W")
    held = TWO_ROOMS.with_figure(replace(warrior, flags=warrior.flags | {"immobilized"}))
    walls = resolve_trap(
        PACK.item("spiked_walls"), people, ScriptedChance([]), monster_level=1, trigger="A",
        situation=held,
    )  # fmt: skip
    assert walls.active is not None and can_disarm(walls.active, held, "W")
