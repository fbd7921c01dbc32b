"""*Phase C: Roll for Initiative* as a phase (``doria_nb.engine.phases.initiative``): who rolls,
the Doom Counter, the Initiative Board and its ties, and the requests it refuses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.content import starter_pack
from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.character import Character
from doria_nb.engine.doom import DoomCounter, ExtraActivation
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.phases import BoardGroup, InitiativePhaseError, initiative_phase

PACK = starter_pack()


def premade(hero_id: str) -> Character:
    return Character.from_template(next(h for h in PACK.heroes if h.id == hero_id))


def party() -> dict[str, Character]:
    """Warrior IP 7, Mage IP 9, Ranger IP 10, in that order."""
    return {"Warrior": premade("warrior"), "Mage": premade("mage"), "Ranger": premade("ranger")}


def test_characters_roll_in_the_mappings_order() -> None:
    chance = ScriptedChance([2, 3, 4, 5, 6, 7])
    phase = initiative_phase(party(), chance, DoomCounter())
    assert [r.name for r in phase.rolls] == ["Warrior", "Mage", "Ranger"]
    assert phase.character_ap == {"Warrior": 12, "Mage": 18, "Ranger": 23}
    assert chance.remaining == 0
    assert [g.names for g in phase.board()] == [("Ranger",), ("Mage",), ("Warrior",)]


def test_kept_unconscious_characters_neither_roll_nor_move_the_doom_counter() -> None:
    chance = ScriptedChance([2, 3, 4, 5])
    phase = initiative_phase(party(), chance, DoomCounter(), kept_unconscious=frozenset({"Mage"}))
    assert chance.remaining == 0  # only two characters rolled
    assert [r.name for r in phase.rolls] == ["Warrior", "Ranger"]
    assert phase.kept_unconscious == ("Mage",) and phase.unconscious == ()
    assert phase.out_this_round == ("Mage",)
    assert phase.doom_steps == 0 and phase.doom == DoomCounter()
    assert "Mage" not in {n for g in phase.board() for n in g.names}
    assert "kept unconscious" in phase.explain()


def test_one_doom_step_per_character_falling_unconscious_with_triggers_returned() -> None:
    # Warrior and Ranger fumble; the marker goes from the head to 40, then 39 (red square).
    chance = ScriptedChance([1, 1, 4, 5, 1, 1])
    phase = initiative_phase(party(), chance, DoomCounter())
    assert phase.unconscious == ("Warrior", "Ranger")
    assert phase.doom_move.squares == (40, 39)
    assert phase.triggers == (ExtraActivation(39),)
    assert phase.doom.square == 39


def test_fewer_than_one_ap_knocks_out_and_moves_the_doom_counter() -> None:
    mage = premade("mage")
    mage.change_points(hp=-(mage.hp + 10))  # -10 HP: 1D + 9 - 10
    phase = initiative_phase({"Mage": mage}, ScriptedChance([4]), DoomCounter(33))
    assert phase.result("Mage").ap == 3 and phase.unconscious == ()
    phase = initiative_phase({"Mage": mage}, ScriptedChance([1]), DoomCounter(33))
    assert phase.unconscious == ("Mage",) and phase.doom.square == 32


def test_fumbling_initiative_keeps_the_character_awake_but_moves_the_counter() -> None:
    options = RulesOptions(fumbling_initiative=True)
    phase = initiative_phase(
        {"Warrior": premade("warrior")}, ScriptedChance([1, 1]), DoomCounter(), options=options
    )
    assert phase.unconscious == () and phase.doom_steps == 1
    assert phase.board() == (BoardGroup(9, "character", ("Warrior",)),)


def test_no_fumbles_means_no_step_from_the_dice() -> None:
    options = RulesOptions(no_fumbles=True)
    phase = initiative_phase(
        {"Warrior": premade("warrior")}, ScriptedChance([1, 1]), DoomCounter(), options=options
    )
    assert phase.unconscious == () and phase.doom_steps == 0


def test_alone_never_unconscious_and_no_doom_step() -> None:
    phase = initiative_phase(
        {"Warrior": premade("warrior")}, ScriptedChance([1, 1]), DoomCounter(), solo=True
    )
    assert phase.unconscious == () and phase.doom_steps == 0


def test_ap_above_40_are_cut() -> None:
    phase = initiative_phase(
        {"Ranger": premade("ranger")}, ScriptedChance([10, 10, 9, 8]), DoomCounter()
    )
    assert phase.result("Ranger").roll.total > 40 and phase.character_ap == {"Ranger": 40}


def test_characters_on_one_value_are_a_tie_and_act_before_monsters_there() -> None:
    # Warrior 7 + 3 + 3, Mage 9 + 2 + 2, Ranger 10 + 1 + 2: all on 13.
    chance = ScriptedChance([3, 3, 2, 2, 1, 2])
    phase = initiative_phase(
        party(), chance, DoomCounter(), monster_ap={"Orc": 13, "Mummy": 13, "Bat": 15}
    )
    assert phase.board() == (
        BoardGroup(15, "monster", ("Bat",)),
        BoardGroup(13, "character", ("Warrior", "Mage", "Ranger")),
        BoardGroup(13, "monster", ("Orc", "Mummy")),
    )
    first, ties, monsters = phase.board()
    assert not first.tie and ties.tie and monsters.tie
    assert "the players decide" in ties.explain() and "Monster Order" in monsters.explain()


BAD_REQUESTS = [
    {"kept_unconscious": frozenset({"Knight"})},
    {"kept_unconscious": "Mage"},
    {"monster_ap": {"Orc": 0}},
    {"monster_ap": {"Orc": True}},
    {"monster_ap": {"Orc": "7"}},
    {"monster_ap": {"Mage": 7}},
    {"monster_ap": {"": 7}},
    {"solo": True},
    {"solo": 1},
    {"options": {"no_fumbles": True}},
]


@pytest.mark.parametrize("keywords", BAD_REQUESTS)
def test_bad_requests_are_refused_before_any_die(keywords: dict) -> None:
    characters = party()
    before = {name: (c.hp, c.pp) for name, c in characters.items()}
    chance = ScriptedChance([5] * 6)
    with pytest.raises(InitiativePhaseError) as refused:
        initiative_phase(characters, chance, DoomCounter(), **keywords)
    assert isinstance(refused.value, DoriaError) and str(refused.value)
    assert chance.remaining == 6
    assert {name: (c.hp, c.pp) for name, c in characters.items()} == before


@pytest.mark.parametrize(
    ("characters", "doom", "chance"),
    [
        ({}, DoomCounter(), ScriptedChance([5, 5])),
        ({"Mage": "the Mage"}, DoomCounter(), ScriptedChance([5, 5])),
        ({"Mage": premade("mage")}, 40, ScriptedChance([5, 5])),
        ({"Mage": premade("mage")}, DoomCounter(), [5, 5]),
    ],
)
def test_bad_characters_counter_or_chance_are_refused(
    characters: object, doom: object, chance: object
) -> None:
    with pytest.raises(InitiativePhaseError):
        initiative_phase(characters, chance, doom)
    if isinstance(chance, ScriptedChance):
        assert chance.remaining == 2


def test_a_dead_character_means_no_next_round() -> None:
    mage = premade("mage")
    mage.change_points(hp=-(mage.hp + 20))
    chance = ScriptedChance([5, 5])
    with pytest.raises(InitiativePhaseError, match="dead"):
        initiative_phase({"Mage": mage}, chance, DoomCounter())
    assert chance.remaining == 2


def test_unknown_roll_is_refused() -> None:
    phase = initiative_phase({"Mage": premade("mage")}, ScriptedChance([5, 5]), DoomCounter())
    with pytest.raises(InitiativePhaseError):
        phase.result("Ranger")


faces = st.integers(min_value=1, max_value=9)


@given(
    dice=st.lists(faces, min_size=6, max_size=6),
    monsters=st.dictionaries(
        st.sampled_from(["Orc", "Mummy", "Bat", "Rat", "Ghoul"]),
        st.integers(min_value=1, max_value=40),
    ),
    kept=st.sets(st.sampled_from(["Warrior", "Mage", "Ranger"])),
    start=st.sampled_from([None, 40, 38, 34, 31]),
)
def test_board_is_ordered_and_doom_steps_count_the_fallen(dice, monsters, kept, start) -> None:
    characters = party()
    phase = initiative_phase(
        characters,
        ScriptedChance(dice),
        DoomCounter(start),
        kept_unconscious=frozenset(kept),
        monster_ap=monsters,
    )
    board = phase.board()
    keys = [(-group.ap, group.side != "character") for group in board]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    listed = [name for group in board for name in group.names]
    acting = [r.name for r in phase.rolls if not r.result.unconscious]
    assert sorted(listed) == sorted(acting + list(monsters))
    assert phase.doom_steps == len(phase.unconscious)
    assert not set(kept) & {r.name for r in phase.rolls}
    assert phase.doom_move == DoomCounter(start).move(len(phase.unconscious))
