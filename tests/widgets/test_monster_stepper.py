"""The monster stepper, driven from Python as a reader would drive it (no browser).

Rulebook sections: *Monster Order*, *Target of a Monster*, *Fastest Way to the Target*,
*Monsters and Obstacles/Holes*. The stepper only shows the engine's answer, so these tests
check that its stages follow the engine's traces, that ties are settled through the engine,
and that editing refuses what the engine refuses, with the engine's words.
"""

from __future__ import annotations

import html
import re

import pytest

from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai import activate, monster_order
from doria_nb.engine.situation import FIGURE_LETTERS, Situation
from doria_nb.ui.monster_stepper import CSS_CLASSES, MonsterStepper, build_stages

STR_CHOICE = """
map:
  #D#######
  #A..o..M#
  #########
figures:
  o = monster Orc
  M = hero Mage STR 4
  A = hero Adventurer STR 9
"""
"""The Orc is as far from the Adventurer (STR 9) as from the Mage (STR 4): the lower STR
decides (*Target of a Monster*)."""

TIE = """
map:
  #D#########
  #....o....#
  #.........#
  #.M.....A.#
  ###########
figures:
  o = monster Orc
  M = hero Mage STR 4
  A = hero Adventurer STR 4
"""
"""Both characters equally far with equal STR: the players pick the target, then the square
(two routes of 4 AP along walls, equally covered)."""

TWO_MONSTERS = """
map:
  #D#########
  #o...M...b#
  ###########
figures:
  o = monster Orc
  M = hero Mage STR 4
  b = monster Goblin
"""


def text(widget) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", widget.value))


def labels_on_board(stepper: MonsterStepper) -> dict[Square, str]:
    data = stepper.board.highlights_source.data
    return {
        Square(x, y): label
        for x, y, label in zip(data["sx"], data["sy"], data["label"], strict=True)
    }


# -- the stages follow the engine's traces -------------------------------------------------------


def test_stages_follow_the_target_and_route_traces() -> None:
    situation = Situation.from_text(STR_CHOICE)
    stepper = MonsterStepper(situation)
    act = activate(situation, "o")
    assert stepper.monster == "o"
    assert stepper.activation == act
    kinds = [s.kind for s in stepper.stages]
    assert kinds == ["target"] * len(act.target.steps) + ["route"] * len(act.route) + [
        "move",
        "attack",
    ]
    for stage, decision in zip(stepper.stages, act.target.steps, strict=False):
        assert stage.rule == "Target of a Monster"
        assert stage.highlighted == decision.candidates_after
        assert stage.struck == decision.struck
    lower = next(s for s in stepper.stages if "lower STR" in s.title)
    assert lower.highlighted == ("M",) and lower.struck == ("A",)
    assert stepper.stages[-1].highlighted == ("M",)
    assert stepper.stages == build_stages(act)


def test_the_trace_panel_names_the_rule_and_keeps_the_explanation_so_far() -> None:
    stepper = MonsterStepper(STR_CHOICE)
    while "lower STR" not in stepper.current.title:
        stepper.next()
    panel = text(stepper.parts.trace)
    assert "Target of a Monster" in panel
    assert "lower STR" in panel and "Mage (M) STR 4" in panel
    assert "closer targets are preferred" in panel  # the stage before is still listed
    marks = labels_on_board(stepper)
    assert marks[Square(7, 1)] == "✓" and marks[Square(1, 1)] == "✕"
    assert marks[Square(4, 1)] == ""  # the active monster, framed with "acts"


def test_movement_and_attack_stages_draw_the_path_and_the_attack_line() -> None:
    stepper = MonsterStepper(STR_CHOICE)
    while stepper.current.kind != "move":
        stepper.next()
    act = stepper.activation
    assert stepper.current.highlighted == tuple(f"{s.x},{s.y}" for s in act.path)
    assert stepper.board.figures_source.data["cx"][0] == act.end.x + 0.5
    assert len(stepper.board.lines_source.data["xs"]) == len(act.path) - 1
    stepper.next()
    assert stepper.current.kind == "attack"
    assert "attacks Mage (M)" in stepper.current.text
    assert stepper.board.lines_source.data["color"][-1] == "#D55E00"
    assert labels_on_board(stepper)[Square(7, 1)] == "⚔"


def test_next_and_back_stop_at_the_ends_and_say_why() -> None:
    stepper = MonsterStepper(STR_CHOICE)
    assert stepper.stage == 0 and stepper.parts.back.disabled
    stepper.back()
    assert stepper.stage == 0 and "first step" in stepper.status
    last = len(stepper.stages) - 1
    for _ in range(last):
        stepper.parts.next.click()
    assert stepper.stage == last and stepper.parts.next.disabled
    stepper.next()
    assert stepper.stage == last and "last step" in stepper.status
    stepper.parts.back.click()
    assert stepper.stage == last - 1
    assert f"Step {last} of {last + 1}" in text(stepper.parts.position)


def test_several_monsters_start_with_the_order_and_the_first_one_acts() -> None:
    situation = Situation.from_text(TWO_MONSTERS)
    stepper = MonsterStepper(situation)
    first = monster_order(situation).ranking[0][0]
    assert stepper.monster == first
    assert stepper.stages[0].kind == "order"
    assert stepper.stages[0].rule == "Monster Order"
    assert stepper.stages[0].highlighted == (first,)
    other = "o" if first == "b" else "b"
    stepper.parts.monster.value = other
    assert stepper.monster == other and stepper.stage == 0
    assert "not the first monster" in stepper.stages[0].text
    assert not stepper.select("M")
    assert "is a hero" in stepper.status and stepper.monster == other


# -- ties -----------------------------------------------------------------------------------------


def test_a_tie_stops_with_the_options_and_a_wrong_choice_changes_nothing() -> None:
    stepper = MonsterStepper(TIE)
    pending = stepper.stages[-1]
    assert pending.kind == "pending" and pending.options == ("A", "M")
    while stepper.stage < len(stepper.stages) - 1:
        stepper.next()
    assert set(labels_on_board(stepper).values()) >= {"?"}
    stepper.next()
    assert "choose one first" in stepper.status
    before = (stepper.activation, stepper.stages, stepper.stage)
    assert not stepper.choose("o")
    assert "not one of the tied options" in stepper.status
    assert "Adventurer (A), Mage (M)" in stepper.status
    assert not stepper.choose("Z")
    assert "no figure 'Z'" in stepper.status
    assert (stepper.activation, stepper.stages, stepper.stage) == before


def test_choosing_reruns_the_engine_with_the_choice_and_goes_on() -> None:
    situation = Situation.from_text(TIE)
    stepper = MonsterStepper(situation)
    tie_at = len(stepper.stages) - 1
    assert stepper.choose("M")  # the Python API works from any stage
    assert stepper.choices == {"target": "M"}
    assert stepper.activation == activate(situation, "o", target="M")
    assert stepper.stage == tie_at
    assert stepper.current.kind == "choice" and stepper.current.highlighted == ("M",)
    assert "chose Mage (M)" in stepper.status
    # the route is tied too: pick the square by tapping it on the board
    pending = stepper.stages[-1]
    assert pending.choice == "square"
    while stepper.stage < len(stepper.stages) - 1:
        stepper.next()
    stepper.board.tap_square(Square(0, 0))  # a wall, not an option
    assert "not one of the tied options" in stepper.status
    x, y = (int(n) for n in pending.options[-1].split(","))
    stepper.board.tap_square(Square(x, y))
    assert stepper.activation.end == Square(x, y)
    assert stepper.activation.pending is None
    assert stepper.activation.attack.defender == "M"
    assert stepper.choices == {"target": "M", "square": pending.options[-1]}
    assert [s.kind for s in stepper.stages[-2:]] == ["move", "attack"]


def test_the_tie_list_and_choose_button_do_what_a_tap_does() -> None:
    stepper = MonsterStepper(TIE)
    while stepper.stage < len(stepper.stages) - 1:
        stepper.next()
    parts = stepper.parts
    assert not parts.choose.disabled
    assert [value for _, value in parts.options.options] == ["A", "M"]
    parts.choose.click()
    assert "Pick one of the tied options" in stepper.status
    parts.options.value = "A"
    parts.choose.click()
    assert stepper.choices == {"target": "A"}
    assert stepper.activation.pending.kind == "square"
    assert parts.options.value == "A"  # the choice stage shows what was picked


def test_tapping_a_tied_character_on_the_board_chooses_it() -> None:
    stepper = MonsterStepper(TIE)
    while stepper.stage < len(stepper.stages) - 1:
        stepper.next()
    stepper.board.tap_square(Square(2, 3))  # the Mage
    assert stepper.choices == {"target": "M"}
    assert stepper.current.kind == "choice" and stepper.current.highlighted == ("M",)


# -- editing ---------------------------------------------------------------------------------------


def test_adding_figures_picks_free_letters_and_refuses_illegal_squares() -> None:
    stepper = MonsterStepper(STR_CHOICE)
    old = stepper.situation
    assert stepper.add_figure("hero", "Mage", Square(0, 1)) is None
    assert "wall" in stepper.status
    assert stepper.situation is old
    assert stepper.add_figure("hero", "Warrior", "4,1") is None  # the Orc stands there
    assert stepper.situation is old and stepper.status
    assert stepper.add_figure("monster", "Dragon Kitten", "2,1") is None
    assert "no monster card called 'Dragon Kitten'" in stepper.status
    assert stepper.situation is old
    mage = stepper.add_figure("hero", "Mage", "2,1", STR=3)
    assert mage is not None and mage.letter not in "MAo" and mage.letter in FIGURE_LETTERS
    assert stepper.situation.figure(mage.letter).value("STR") == 3
    assert stepper.situation.code == stepper.parts.code.value
    assert "Added Mage" in stepper.status
    goblin = stepper.add_figure("monster", "Goblin", "6,1")
    assert goblin is not None and goblin.letter.islower()


def test_taps_add_and_remove_figures_in_the_edit_modes() -> None:
    stepper = MonsterStepper(STR_CHOICE)
    parts = stepper.parts
    parts.mode.value = "hero"
    parts.hero_name.value = "Warrior"  # the pack's Warrior fills his values in
    assert parts.values["STR"].value == 13
    stepper.board.tap_square(Square(3, 1))
    warrior = stepper.situation.at(Square(3, 1))
    assert warrior is not None and warrior.name == "Warrior" and warrior.value("STR") == 13
    parts.mode.value = "monster"
    parts.monster_name.value = "Goblin"
    stepper.board.tap_square(Square(0, 0))
    assert "wall" in stepper.status and len(stepper.situation.figures) == 4
    stepper.board.tap_square(Square(5, 1))
    assert stepper.situation.at(Square(5, 1)).name == "Goblin"
    parts.mode.value = "remove"
    stepper.board.tap_square(Square(6, 1))
    assert "No figure" in stepper.status
    stepper.board.tap_square(Square(3, 1))
    assert stepper.situation.at(Square(3, 1)) is None


def test_the_plain_edit_controls_work_without_the_board() -> None:
    stepper = MonsterStepper(STR_CHOICE)
    parts = stepper.parts
    parts.square.value = "nonsense"
    parts.add_hero.click()
    assert "Type a square" in stepper.status
    parts.square.value = "5,1"
    parts.monster_name.value = "Orc"
    parts.add_monster.click()
    added = stepper.situation.at(Square(5, 1))
    assert added is not None and added.is_monster
    assert added.letter in [value for _, value in parts.monster.options]
    parts.remove_choice.value = "o"
    parts.remove.click()
    assert "o" not in {f.letter for f in stepper.situation.figures}
    assert stepper.monster == added.letter  # the one monster left acts
    parts.remove_choice.value = added.letter
    parts.remove.click()
    assert stepper.activation is None and stepper.stages == ()
    assert "no monster" in stepper.status
    stepper.next()
    assert stepper.status


def test_load_takes_text_or_a_code_and_bad_text_keeps_the_old_situation() -> None:
    stepper = MonsterStepper(STR_CHOICE)
    old = stepper.situation
    assert not stepper.load("map:\n  ###\n")
    assert stepper.situation is old
    assert stepper.status.startswith("Nothing loaded:")
    stepper.parts.paste.value = "doria1:broken"
    stepper.parts.load.click()
    assert stepper.situation is old and "Nothing loaded" in stepper.status
    tie = Situation.from_text(TIE)
    stepper.parts.paste.value = tie.code
    stepper.parts.load.click()
    assert stepper.situation == tie
    assert stepper.stages[-1].kind == "pending"
    assert stepper.load(STR_CHOICE) and stepper.situation == old


def test_the_code_field_is_read_only() -> None:
    stepper = MonsterStepper(STR_CHOICE)
    code = stepper.situation.code
    stepper.parts.code.value = "typed over"
    assert stepper.parts.code.value == code


def test_a_situation_the_monster_ai_cannot_decide_is_shown_with_the_reason() -> None:
    stepper = MonsterStepper(STR_CHOICE.replace(" STR 4", ""))  # the Mage has no STR
    assert stepper.activation is None
    assert "has no STR value" in stepper.status
    assert stepper.situation.figure("M").value("STR") is None


def test_the_view_displays_like_the_other_board_views() -> None:
    stepper = MonsterStepper(STR_CHOICE)
    assert stepper.widget is stepper
    assert CSS_CLASSES["root"] in stepper._dom_classes
    bundle = stepper._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert not stepper.board.widget.stale


@pytest.mark.parametrize("monster", ["o", "Orc"])
def test_the_monster_can_be_given_by_letter_or_name(monster: str) -> None:
    stepper = MonsterStepper(Situation.from_text(TWO_MONSTERS), monster)
    assert stepper.monster == "o"


def test_a_choice_can_be_changed_from_its_stage_and_later_choices_are_dropped() -> None:
    stepper = MonsterStepper(TIE)
    stepper.choose("M")
    target_stage = stepper.stage
    square = stepper.stages[-1].options[0]
    assert stepper.choose(square)
    assert stepper.choices == {"target": "M", "square": square}
    while stepper.stage > target_stage:
        stepper.back()
    assert stepper.current.kind == "choice" and stepper.current.choice == "target"
    stepper.parts.options.value = "A"
    stepper.parts.choose.click()
    assert stepper.choices == {"target": "A"}
    assert stepper.stages[-1].kind == "pending" and stepper.stages[-1].choice == "square"


def test_with_nobody_to_attack_the_monster_does_nothing() -> None:
    stepper = MonsterStepper(
        STR_CHOICE.replace("STR 4", "STR 4 unconscious").replace("STR 9", "STR 9 unconscious")
    )
    last = stepper.stages[-1]
    assert last.kind == "idle" and "does nothing" in last.text
    assert stepper.stages[0].rule == "Unconsciousness"


def test_a_code_or_a_tiled_situation_can_be_given() -> None:
    tiled = Situation.from_text(
        """
tiles:
  A-1 at 0,0
figures:
  W = hero Warrior STR 13 at 4,1
  o = monster Orc at 2,3
"""
    )
    stepper = MonsterStepper(tiled.code)
    assert stepper.situation == tiled
    assert stepper.board.dungeon == tiled.dungeon
    assert stepper.stages[-1].kind == "attack"
    assert stepper.load(STR_CHOICE)
    assert stepper.board.dungeon == stepper.situation.dungeon


def test_an_unknown_monster_falls_back_to_the_first_and_says_so() -> None:
    stepper = MonsterStepper(STR_CHOICE, "Z")
    assert stepper.monster == "o"
    assert "no monster 'Z'" in stepper.status


def test_stepping_clears_a_problem_and_says_what_to_do() -> None:
    stepper = MonsterStepper(STR_CHOICE)
    stepper.back()
    assert stepper.parts.status.value.count("doria-problem") == 1
    stepper.next()
    assert "doria-problem" not in stepper.parts.status.value
    while stepper.stage < len(stepper.stages) - 1:
        stepper.next()
    assert stepper.status.startswith("That is the whole activation.")
    assert "attacks Mage (M)" in stepper.status


def test_next_monster_plays_the_activation_out_and_follows_the_order() -> None:
    stepper = MonsterStepper(
        """map:
  #D#########
  #o.......M#
  #.........#
  #b.....A..#
  ###########
figures:
  o = monster Orc
  b = monster Goblin
  M = hero Mage STR 4
  A = hero Adventurer STR 9
"""
    )
    assert stepper.monster == "b"  # the Goblin is faster
    assert not stepper.can_go_on  # its first step is shown
    while stepper.stage + 1 < len(stepper.stages):
        stepper.next()
    assert stepper.can_go_on and stepper.parts.next_monster.disabled is False
    moved_to = stepper.activation.end
    assert stepper.next_monster()
    assert stepper.monster == "o"
    assert stepper.situation.figure("b").square == moved_to  # the Goblin's move stands
    while stepper.stage + 1 < len(stepper.stages):
        stepper.next()
    assert not stepper.can_go_on
    assert not stepper.next_monster() and "last monster" in stepper.status
