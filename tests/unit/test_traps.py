"""Traps: whom they strike, every starter trap card's effect, lasting traps, bad input."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.content import starter_pack
from doria_nb.engine.cards import CardType, EffectSpec, ItemCard, Marker, TrapKind, TrapSpec
from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.character import Character
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.geometry import Square
from doria_nb.engine.mat import Location, Slot
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.traps import (
    CheckRole,
    TrapResolution,
    apply_markers,
    apply_trap,
    resolve_trap,
    trap_plan,
    trap_victims,
)
from doria_nb.engine.traps.lasting import Disarm, TrapRound, can_disarm, disarm, trap_phase_f
from doria_nb.engine.traps.records import ActiveTrap, MarkerChange, TrapError

PACK = starter_pack()
HEROES = {
    "A": "adventurer",
    "W": "warrior",
    "M": "mage",
    "R": "ranger",
    "H": "huntress",
    "Z": "scoundrel",
}

ROOM = Situation.from_text(
    """
map:
  ####D#####
  #A.W.....#
  #..M.....#
  #.....H..#
  #o......R#
  ####D#####
figures:
  A = hero Adventurer AP 12
  W = hero Warrior AP 10
  M = hero Mage AP 9
  H = hero Huntress AP 10
  R = hero Ranger AP 10
  o = monster Orc AP 10
"""
)


def team(*letters: str) -> dict[str, Character]:
    letters = letters or tuple(HEROES)
    return {x: Character.from_template(PACK.hero(HEROES[x])) for x in letters}


def resolve(
    card_id: str,
    faces: list[int],
    *,
    trigger: str = "A",
    situation: Situation = ROOM,
    people: dict[str, Character] | None = None,
    level: int = 1,
    options: RulesOptions | None = None,
) -> TrapResolution:
    return resolve_trap(
        PACK.item(card_id),
        team() if people is None else people,
        ScriptedChance(faces),
        monster_level=level,
        options=options,
        trigger=trigger,
        situation=situation,
    )


def flagged(situation: Situation, letter: str, flag: str) -> Situation:
    figure = situation.figure(letter)
    return situation.with_figure(replace(figure, flags=figure.flags | {flag}))


# -- every starter trap can be read and set off --------------------------------------------------

TRAP_IDS = [card.id for card in PACK.items if card.type is CardType.TRAP]


def test_the_starter_pack_holds_the_sixteen_traps() -> None:
    assert len(TRAP_IDS) == 16


@pytest.mark.parametrize("card_id", TRAP_IDS)
def test_every_starter_trap_resolves_and_explains_itself(card_id: str) -> None:
    faces = [5, 5] * 6
    result = resolve(card_id, faces)
    text = result.explain()
    assert PACK.item(card_id).name in text and "Traps and Secret Doors" in text
    assert trap_plan(PACK.item(card_id)).describe().startswith(PACK.item(card_id).name)
    assert (result.reward is None) == (result.active is not None)


# -- whom a trap strikes -------------------------------------------------------------------------


def test_a_person_trap_strikes_only_its_trigger() -> None:
    victims = trap_victims(ROOM, PACK.item("log_trap"), "A")
    assert victims.letters == ("A",) and victims.kind is TrapKind.PERSON
    assert ("o", "a monster: monsters are immune to traps") in victims.spared


def test_an_area_trap_counts_range_two_orthogonally() -> None:
    """A (1,1): W (3,1) is 2 away, M (3,2) is 3 away (one step diagonally counts 2)."""
    victims = trap_victims(ROOM, PACK.item("boulder_trap"), "A")
    assert victims.letters == ("A", "W")
    spared = dict(victims.spared)
    assert spared["M"] == "at range 3, beyond the trap's 2"
    assert "monster" in spared["o"]
    assert "range 2" in victims.explain() and "Spared" in victims.explain()


def test_an_area_trap_needs_the_trigger_square_to_see() -> None:
    walled = Situation.from_text(
        """
map:
  #######
  #A#W..#
  #.#...#
  #.....#
  ###D###
figures:
  A = hero Adventurer
  W = hero Warrior
"""
    )
    victims = trap_victims(walled, PACK.item("gas_vent"), "A")
    assert victims.letters == ("A",)
    assert dict(victims.spared)["W"] == "out of the trigger's Line of Sight"


def test_unconscious_characters_are_immune_to_group_traps() -> None:
    situation = flagged(ROOM, "W", "unconscious")
    assert trap_victims(situation, PACK.item("boulder_trap"), "A").letters == ("A",)
    room = trap_victims(situation, PACK.item("dart_volley"), "A")
    assert "W" not in room and set(room.letters) == {"A", "M", "H", "R"}
    assert dict(room.spared)["W"] == "unconscious: immune to group traps"


def test_a_buried_character_is_reached_by_an_area_trap_only_from_next_to_it() -> None:
    dungeon = ROOM.dungeon.with_marker(Square(3, 1), Marker.RUBBLE)
    figures = [replace(f, flags={"buried"}) if f.letter == "W" else f for f in ROOM.figures]
    buried = Situation(dungeon, tuple(figures))
    victims = trap_victims(buried, PACK.item("cave_in"), "A")
    assert victims.letters == ("A",)
    assert dict(victims.spared)["W"] == "under Rubble, reached only from next to it"


OPEN_ROOM = Situation.from_text(
    """
tiles:
  A-1 at 0,0
  B-7 at 9,0 turned 90
  B-4 at 9,9 turned 90
open: 8,4 9,4
figures:
  A = hero Adventurer AP 12 at 12,4
  W = hero Warrior AP 10 at 12,12
  M = hero Mage AP 9 at 4,4
  H = hero Huntress HP -1 unconscious at 13,5
"""
)


def test_a_room_trap_fills_an_open_room_up_to_its_doors() -> None:
    victims = trap_victims(OPEN_ROOM, PACK.item("dart_volley"), "A")
    assert victims.tiles == (1, 2)
    assert victims.letters == ("A", "W")
    assert dict(victims.spared)["M"] == "not in the trap's room"
    assert "2 Room Tiles" in victims.explain()


def test_a_trap_is_set_off_only_by_a_conscious_character() -> None:
    card = PACK.item("log_trap")
    with pytest.raises(TrapError, match="monsters are immune to traps"):
        trap_victims(ROOM, card, "o")
    with pytest.raises(TrapError, match="unconscious and cannot set off a trap"):
        trap_victims(flagged(ROOM, "A", "unconscious"), card, "A")
    with pytest.raises(DoriaError, match="no figure 'Q'"):
        trap_victims(ROOM, card, "Q")
    with pytest.raises(TrapError, match="Only a trap card"):
        trap_victims(ROOM, PACK.item("longsword"), "A")


# -- one test per trap card ----------------------------------------------------------------------


def test_boulder_trap_three_damage_to_each_who_fails() -> None:
    result = resolve("boulder_trap", [6, 8, 1, 2])  # A 31 ≥ 31; W 22+3 = 25
    assert [(r.letter, r.avoided, r.damage) for r in result.results] == [
        ("A", True, 0),
        ("W", False, 3),
    ]


def test_log_trap_two_damage_on_a_failure() -> None:
    assert resolve("log_trap", [6, 6]).result("A").damage == 2  # 16+12 = 28 < 29
    assert resolve("log_trap", [6, 7]).result("A").avoided  # 29


def test_water_pit_places_a_hole_and_holds_a_character_who_fails() -> None:
    people = team()
    result = resolve("water_pit", [5, 5], people=people)  # STR 9 + CON 9 + 10 = 28 < 29
    assert result.markers == (MarkerChange(Square(1, 1), Marker.HOLE),)
    assert result.immobilized == ("A",) and result.reward is None
    active = result.active
    assert active is not None and active.held == ("A",) and not active.sealed
    assert apply_markers(ROOM.dungeon, result.markers).is_hole(Square(1, 1))
    # Phase F: a new check; 18 + 11 = 29 frees the Adventurer, who keeps the card.
    round_ = trap_phase_f(active, ROOM, people, ScriptedChance([6, 5]), 1)
    assert round_.freed == ("A",) and round_.after is None
    assert round_.flags_removed == (("A", "immobilized"),)
    assert round_.reward is not None and round_.reward.gold_to == "A"
    assert round_.marker_changes == ()  # the Hole stays (ruling TR6)


def test_water_pit_avoided_still_leaves_the_hole() -> None:
    result = resolve("water_pit", [6, 5])
    assert result.active is None and result.immobilized == ()
    assert result.markers == (MarkerChange(Square(1, 1), Marker.HOLE),)
    assert result.reward is not None and result.reward.gold_to == "A"


def test_water_pit_retry_fails_and_the_character_stays_held() -> None:
    people = team()
    active = resolve("water_pit", [5, 5], people=people).active
    assert active is not None
    round_ = trap_phase_f(active, ROOM, people, ScriptedChance([2, 3]), 1)
    assert round_.freed == () and round_.after is not None
    assert round_.after.held == ("A",) and round_.after.rounds == 1 and round_.reward is None
    assert "Still held." in round_.explain()


def test_spiked_walls_seal_the_room_and_hurt_everyone_in_it_each_phase_f() -> None:
    people = team()
    result = resolve("spiked_walls", [], people=people)  # no die: no check at once
    assert trap_plan(PACK.item("spiked_walls")).role is CheckRole.DISARM
    assert {m.square for m in result.markers} == {Square(4, 0), Square(4, 5)}
    assert all(r.damage == 0 for r in result.results) and result.reward is None
    active = result.active
    assert active is not None and active.sealed and active.damage_each_round == 1
    sealed = Situation(apply_markers(ROOM.dungeon, result.markers), ROOM.figures)
    knocked_out = flagged(sealed, "M", "unconscious")
    round_ = trap_phase_f(active, knocked_out, people, ScriptedChance([]), 1)
    assert {r.letter for r in round_.damage} == {"A", "W", "M", "H", "R"}  # M too (TR10)
    hp = people["M"].hp
    apply_trap(round_, people)
    assert people["M"].hp == hp - 1


def test_spiked_walls_one_disarm_attempt_per_character_per_round() -> None:
    people = team()
    active = resolve("spiked_walls", [], people=people).active
    assert active is not None
    failed = disarm(active, people["A"], ScriptedChance([3, 4]), 1, situation=ROOM, who="A")
    assert isinstance(failed, Disarm) and not failed.success and failed.ap == 10
    assert failed.after is not None and failed.after.tried == ("A",)
    again = can_disarm(failed.after, ROOM, "A")
    assert not again and "already tried" in again.reason
    with pytest.raises(TrapError, match="already tried"):
        disarm(failed.after, people["A"], ScriptedChance([9, 9]), 1, situation=ROOM, who="A")
    # The Warrior may still try; next round the Adventurer may again.
    assert can_disarm(failed.after, ROOM, "W")
    next_round = trap_phase_f(failed.after, ROOM, people, ScriptedChance([]), 1).after
    assert next_round is not None and can_disarm(next_round, ROOM, "A")


def test_spiked_walls_disarmed_open_the_doors_and_pay_the_disarmer() -> None:
    people = team()
    result = resolve("spiked_walls", [], people=people)
    assert result.active is not None
    done = disarm(result.active, people["W"], ScriptedChance([8, 8]), 1, situation=ROOM, who="W")
    assert done.success and done.after is None
    assert done.reward is not None and (done.reward.gold_to, done.reward.gold) == ("W", 2)
    assert done.reward.xp == 2
    sealed = apply_markers(ROOM.dungeon, result.markers)
    reopened = apply_markers(sealed, apply_trap(done, people).markers)
    assert reopened.markers == () and "Disarmed" in done.explain()


def test_pitfall_hurts_everyone_at_once_and_blocks_the_doors() -> None:
    result = resolve("pitfall", [])
    assert [r.damage for r in result.results] == [1, 1, 1, 1, 1]
    assert all(r.check is None for r in result.results)
    assert result.active is not None and result.active.damage_each_round == 0
    assert len(result.markers) == 2


def test_poison_needle_gives_two_poison_markers() -> None:
    people = team()
    result = resolve("poison_needle", [5, 6], people=people)  # 16 + 11 = 27 < 28
    applied = apply_trap(result, people)
    assert applied.poison_markers == {"A": 2}
    assert people["A"].hp == people["A"].maximum.hp


def test_gas_vent_poisons_each_who_fails_in_the_area() -> None:
    result = resolve("gas_vent", [6, 6, 2, 2])  # A 29 ≥ 29; W 19 + 4
    assert [(r.letter, r.poison) for r in result.results] == [("A", 0), ("W", 1)]


def test_cave_in_buries_each_who_fails_under_rubble() -> None:
    result = resolve("cave_in", [2, 3, 9, 9])  # A 21 < 31; W 14 + 18 = 32
    assert result.markers == (MarkerChange(Square(1, 1), Marker.RUBBLE),)
    assert result.buried == ("A",) and result.result("A").damage == 2
    assert result.flags_added == (("A", "buried"),)
    assert result.active is None  # clearing Rubble is an ordinary action (ruling M12)
    covered = apply_markers(ROOM.dungeon, result.markers)
    flags = dict(result.flags_added)
    figures = [
        replace(f, flags={flags[f.letter]}) if f.letter in flags else f for f in ROOM.figures
    ]
    assert Situation(covered, tuple(figures)).figure("A").buried


def test_trapdoor_leaves_a_hole_either_way() -> None:
    failed, caught = resolve("trapdoor", [5, 5]), resolve("trapdoor", [7, 7])
    assert failed.result("A").damage == 1 and caught.result("A").avoided
    for result in (failed, caught):
        assert result.markers == (MarkerChange(Square(1, 1), Marker.HOLE),)


def test_flame_jet_three_damage_and_a_fire_marker() -> None:
    result = resolve("flame_jet", [6, 6])  # AGI 8 + CON 9 + 12 = 29 < 30
    assert result.result("A").damage == 3
    assert result.markers == (MarkerChange(Square(1, 1), Marker.FIRE),)


def test_frost_glyph_area_damage_and_an_ice_marker_on_the_rune() -> None:
    result = resolve("frost_glyph", [1, 2, 9, 9])  # A 17+3; W CON 13 + PSI 4 + 18 = 35
    assert [r.damage for r in result.results] == [2, 0]
    assert result.markers == (MarkerChange(Square(1, 1), Marker.ICE),)


def test_whirlwind_rune_air_marker_on_the_trigger_square() -> None:
    result = resolve("whirlwind_rune", [2, 2, 2, 2, 5, 5], trigger="W")  # W 30, A 22, M 20
    assert [(r.letter, r.damage) for r in result.results] == [("W", 0), ("A", 1), ("M", 1)]
    assert result.markers == (MarkerChange(Square(3, 1), Marker.AIR),)


def test_falling_portcullis_seals_without_damage_and_is_lifted_with_str_con() -> None:
    people = team()
    result = resolve("falling_portcullis", [], people=people)
    assert all(r.damage == 0 for r in result.results) and result.active is not None
    lift = disarm(result.active, people["W"], ScriptedChance([3, 4]), 1, situation=ROOM, who="W")
    assert lift.check.target == 33 and lift.success  # STR 13 + CON 13 + 7 = 33
    assert {m.marker for m in lift.marker_changes} == {Marker.BLOCKED_DOOR}


def test_dart_volley_every_character_in_the_room_checks() -> None:
    faces = [6, 6, 1, 2, 6, 6, 6, 6, 6, 6]
    result = resolve("dart_volley", faces)
    assert [r.letter for r in result.results] == ["A", "W", "M", "H", "R"]
    assert result.result("W").damage == 1 and result.result("A").avoided
    assert result.active is None


def test_mind_leech_rune_drains_three_psi_points() -> None:
    people = team()
    result = resolve("mind_leech_rune", [5, 5], people=people)  # WIS 8 + PSI 8 + 10 < 30
    applied = apply_trap(result, people)
    assert applied.points == (("A", 0, 3),)
    assert people["A"].pp == people["A"].maximum.pp - 3


def test_snare_net_holds_without_a_marker_and_pays_nothing_in_gold() -> None:
    people = team()
    result = resolve("snare_net", [5, 5], people=people)  # 17 + 10 < 28
    assert result.markers == () and result.immobilized == ("A",)
    assert result.active is not None
    freed = trap_phase_f(result.active, ROOM, people, ScriptedChance([5, 6]), 1)
    assert freed.reward is not None and freed.reward.gold == 0 and freed.reward.xp == 1


# -- Critical Trap Rolls -------------------------------------------------------------------------


def test_critical_trap_rolls_count_every_critical_failure() -> None:
    options = RulesOptions(critical_trap_rolls=True)
    deep = resolve("log_trap", [1, 1], level=4, options=options)  # 16 + 2 = 18 vs 38: fumble
    assert deep.result("A").extra_damage == 3 and deep.result("A").damage == 5
    assert "from Critical Trap Rolls" in deep.explain()


def test_critical_trap_rolls_leave_traps_without_damage_alone() -> None:
    options = RulesOptions(critical_trap_rolls=True)
    for card_id in ("snare_net", "mind_leech_rune", "poison_needle"):
        result = resolve(card_id, [1, 1], options=options)
        assert result.result("A").damage == 0 and not result.critical_trap_rolls


# -- doors of a sealed room ----------------------------------------------------------------------


def test_only_the_rooms_side_of_a_joined_door_is_blocked() -> None:
    result = resolve("falling_portcullis", [], situation=OPEN_ROOM, people=team("A", "W"))
    assert result.markers == (MarkerChange(Square(9, 4), Marker.BLOCKED_DOOR),)
    assert result.active is not None and result.active.tiles == (1, 2)


def test_a_door_with_a_figure_in_it_and_a_secret_door_stay_open() -> None:
    situation = Situation.from_text(
        """
map:
  ####Z#####
  #A.......#
  #........#
  ####D#####
markers: secret_door 9,2
open: 9,2
figures:
  A = hero Adventurer AP 12
  Z = hero Scoundrel AP 10 on /
"""
    )
    result = resolve("spiked_walls", [], situation=situation, people=team("A", "Z"))
    assert result.markers == (MarkerChange(Square(4, 3), Marker.BLOCKED_DOOR),)
    text = result.explain()
    assert "Scoundrel (Z) stands in it" in text and "Secret Door at (9, 2) stays open" in text


def test_disarming_needs_a_character_in_the_room_with_ap() -> None:
    result = resolve("pitfall", [], situation=OPEN_ROOM, people=team("A", "W"))
    active = result.active
    assert active is not None
    outside = can_disarm(active, OPEN_ROOM, "M")
    assert not outside and "not in the Pitfall's room" in outside.reason
    assert not can_disarm(active, OPEN_ROOM, "H")  # unconscious
    tired = can_disarm(active, OPEN_ROOM, "A", ap=0)
    assert not tired and "at least 1 AP" in tired.reason
    assert can_disarm(active, OPEN_ROOM, "A", ap=1)


def test_a_trap_that_only_holds_has_no_disarm_action() -> None:
    active = resolve("snare_net", [5, 5]).active
    assert active is not None
    verdict = can_disarm(active, ROOM, "W")
    assert not verdict and "no disarm action" in verdict.reason


def test_an_unconscious_held_character_cannot_try_to_break_free() -> None:
    people = team()
    active = resolve("snare_net", [5, 5], people=people).active
    assert active is not None
    round_ = trap_phase_f(active, flagged(ROOM, "A", "unconscious"), people, ScriptedChance([]), 1)
    assert isinstance(round_, TrapRound) and round_.retries == ()
    assert round_.after is not None and round_.after.held == ("A",)


# -- armor, rewards and applying -----------------------------------------------------------------


def test_a_character_may_take_trap_damage_on_one_armor() -> None:
    """Ruling TR7 (re-decided 2026-12): the text sets armor aside only for falls, so the
    Warrior takes the Boulder Trap's 3 damage on his Tri-Anon Armor (AR 3), which is damaged."""
    people = team("A", "W")
    people["W"].equip(Location.backpack(1), Slot.TORSO)
    result = resolve("boulder_trap", [7, 7, 1, 2], people=people)
    hp = people["W"].hp
    applied = apply_trap(result, people)
    assert people["W"].hp == hp
    ((letter, taken),) = applied.armor
    assert letter == "W" and (taken.name, taken.absorbed, taken.hp_lost) == ("Tri-Anon Armor", 3, 0)
    assert people["W"].mat.active_armor == 0  # the armor took the hit and is damaged
    assert "ruling TR7" in applied.armor_notes()[0]


def test_the_player_may_take_trap_damage_on_no_armor() -> None:
    people = team("A", "W")
    people["W"].equip(Location.backpack(1), Slot.TORSO)
    result = resolve("boulder_trap", [7, 7, 1, 2], people=people)
    hp = people["W"].hp
    applied = apply_trap(result, people, policy=lambda choice: "none")
    assert people["W"].hp == hp - 3 and applied.armor == ()


def test_under_the_traps_ignore_armor_reading_armor_does_not_reduce_trap_damage() -> None:
    """The named reading ``traps_ignore_armor`` (ruling TR7): straight to the Hit Points."""
    people = team("A", "W")
    people["W"].equip(Location.backpack(1), Slot.TORSO)
    result = resolve("boulder_trap", [7, 7, 1, 2], people=people)
    hp = people["W"].hp
    apply_trap(result, people, options=RulesOptions(readings={"traps_ignore_armor"}))
    assert people["W"].hp == hp - 3
    assert people["W"].mat.active_armor == 3


def test_a_lasting_trap_pays_when_it_ends() -> None:
    result = resolve("pitfall", [])
    assert result.reward is None and "when the trap ends" in result.explain()


# -- bad input -----------------------------------------------------------------------------------


def test_bad_requests_are_refused_in_words_before_any_die() -> None:
    card = PACK.item("boulder_trap")
    chance = ScriptedChance([5, 5, 5, 5])
    with pytest.raises(TrapError, match="Monster Level is a whole number"):
        resolve_trap(card, team(), chance, monster_level=0, trigger="A", situation=ROOM)
    with pytest.raises(TrapError, match="RulesOptions"):
        resolve_trap(
            card, team(), chance, monster_level=1, options="on",  # type: ignore[arg-type]
            trigger="A", situation=ROOM,
        )  # fmt: skip
    with pytest.raises(TrapError, match="needs the Character of W"):
        resolve_trap(card, team("A"), chance, monster_level=1, trigger="A", situation=ROOM)
    with pytest.raises(TrapError, match="source of chance"):
        resolve_trap(card, team(), None, monster_level=1, trigger="A", situation=ROOM)  # type: ignore[arg-type]
    assert chance.remaining == 4


def test_apply_trap_refuses_the_wrong_characters_and_changes_nothing() -> None:
    people = team("A", "W")
    result = resolve("boulder_trap", [1, 2, 1, 2], people=people)
    swapped = {"A": people["W"], "W": people["A"]}
    with pytest.raises(TrapError, match="was struck as the Adventurer"):
        apply_trap(result, swapped)
    with pytest.raises(TrapError, match="needs the Character of W"):
        apply_trap(result, {"A": people["A"]})
    assert people["A"].hp == people["A"].maximum.hp and people["W"].hp == people["W"].maximum.hp
    with pytest.raises(TrapError, match="result of a trap"):
        apply_trap("boom", people)  # type: ignore[arg-type]


def test_cards_the_engine_cannot_carry_out_are_refused() -> None:
    spec = TrapSpec(TrapKind.PERSON, PACK.item("log_trap").trap.check)  # type: ignore[union-attr]
    odd = ItemCard("odd", "Odd Trap", CardType.TRAP, trap=spec, effect=EffectSpec.of("teleport"))
    with pytest.raises(TrapError, match="'teleport' is not one"):
        trap_plan(odd)
    held = ItemCard(
        "held", "Endless Net", CardType.TRAP, trap=TrapSpec(TrapKind.PERSON),
        effect=EffectSpec.of("immobilize"),
    )  # fmt: skip
    with pytest.raises(TrapError, match="prints no check"):
        trap_plan(held)


def test_a_trap_without_a_check_strikes_everyone_it_reaches() -> None:
    card = ItemCard("rain", "Acid Rain", CardType.TRAP, trap=TrapSpec(TrapKind.AREA, damage=1))
    result = resolve_trap(
        card, team(), ScriptedChance([]), monster_level=1, trigger="A", situation=ROOM
    )
    assert trap_plan(card).role is CheckRole.NONE
    assert [(r.letter, r.damage) for r in result.results] == [("A", 1), ("W", 1)]


def test_a_secret_door_trap_is_returned_as_data() -> None:
    card = ItemCard(
        "hinge", "Hidden Hinge", CardType.TRAP,
        trap=TrapSpec(TrapKind.PERSON, places=Marker.SECRET_DOOR),
    )  # fmt: skip
    result = resolve_trap(
        card, team(), ScriptedChance([]), monster_level=1, trigger="A", situation=ROOM
    )
    assert result.secret_door and result.markers == () and "Secret Door opens" in result.explain()


def test_an_ended_trap_is_refused_and_removing_a_missing_marker_too() -> None:
    over = ActiveTrap(PACK.item("snare_net"), "A")
    with pytest.raises(TrapError, match="already over"):
        trap_phase_f(over, ROOM, team(), ScriptedChance([]), 1)
    with pytest.raises(TrapError, match="no Hole marker"):
        apply_markers(ROOM.dungeon, [MarkerChange(Square(1, 1), Marker.HOLE, placed=False)])


def test_resolutions_cite_their_sections() -> None:
    result = resolve("spiked_walls", [])
    assert Section.DUNGEON_MARKERS in result.rules
    assert "Phase F: Special Actions" in result.explain()


# -- properties and edge cases -------------------------------------------------------------------


@given(
    a=st.integers(1, 9),
    b=st.integers(1, 9),
    level=st.integers(1, 4),
    critical=st.booleans(),
)
def test_a_trap_check_matches_the_rules_worked_out_by_hand(
    a: int, b: int, level: int, critical: bool
) -> None:
    """The Log Trap (AGI 8 + PER 8 for the Adventurer, TN 26 + 3 x ML, 2 damage) against the
    rules written out directly: a fumble or a total below the TN fails; each full 10 below and
    the fumble add 1 damage under Critical Trap Rolls."""
    options = RulesOptions(critical_trap_rolls=critical)
    result = resolve("log_trap", [a, b], level=level, options=options).result("A")
    total, target, fumble = 16 + a + b, 26 + 3 * level, a == b == 1
    failed = fumble or total < target
    assert result.avoided is not failed
    extra = (max(target - total, 0) // 10 + int(fumble)) if failed and critical else 0
    assert result.damage == (2 + extra if failed else 0)
    assert result.extra_damage == extra


def test_a_marker_that_cannot_be_placed_is_left_out_and_said() -> None:
    burning = Situation(ROOM.dungeon.with_marker(Square(1, 1), Marker.FIRE), ROOM.figures)
    result = resolve("trapdoor", [7, 7], situation=burning)
    assert result.markers == ()
    assert "No Hole marker at (1, 1)" in result.explain()


def test_a_hold_ends_when_its_last_held_character_leaves_the_board() -> None:
    people = team()
    active = resolve("snare_net", [5, 5], people=people).active
    assert active is not None
    gone = ROOM.without("A")
    round_ = trap_phase_f(active, gone, people, ScriptedChance([]), 1)
    assert round_.after is None and round_.reward is not None
    assert round_.reward.gold_to == "A" and "no longer on the board" in round_.explain()


def test_rounds_and_disarms_cite_their_sections() -> None:
    people = team()
    active = resolve("spiked_walls", [], people=people).active
    assert active is not None
    round_ = trap_phase_f(active, ROOM, people, ScriptedChance([]), 1)
    assert round_.rules[0] is Section.PHASE_F and "Phase F: Special Actions" in round_.explain()
    assert round_.after is not None
    done = disarm(round_.after, people["W"], ScriptedChance([9, 9]), 1, situation=ROOM, who="W")
    assert done.rules == (Section.TRAPS_AND_SECRET_DOORS, Section.DUNGEON_MARKERS)
