"""The monster AI's activation: moving, choosing, pushing, attacking, and the ties it returns.

Each test builds a small board as text and asks the engine what a monster does. The
rulebook's own examples are in tests/rulebook/test_monster_examples.py; these pin the pieces.
"""

from __future__ import annotations

import pytest

from doria_nb.engine.errors import MonsterAIError, SituationError
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai import MonsterMoves, activate, monster_phase
from doria_nb.engine.monster_ai.order import interleave, monster_order
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation


def board(rows: str, figures: str, extra: str = "") -> Situation:
    """A situation from map rows and figure lines (both without indentation)."""
    mapped = "\n".join(f"  {row}" for row in rows.strip().splitlines())
    listed = "\n".join(f"  {line}" for line in figures.strip().splitlines())
    return Situation.from_text(f"map:\n{mapped}\n{extra}figures:\n{listed}\n")


# -- moving --


def test_walking_pays_difficult_terrain_and_passes_monsters_not_heroes() -> None:
    s = board(
        """
#D######
#o~b.H.#
#......#
########
""",
        "o = monster Orc\nb = monster Goblin\nH = hero Huntress",
    )
    moves = MonsterMoves(s, "o")
    assert moves.cost[Square(2, 1)] == 2  # Blue Dashed: +1
    assert moves.cost[Square(3, 1)] == 3  # through the Goblin
    assert Square(3, 1) not in moves.ends  # but not stopping on it
    assert moves.cost[Square(6, 1)] == 7  # around the Huntress, never through her
    assert [step.end for step in moves.path(Square(6, 1))][3] == Square(4, 2)


def test_a_jump_over_a_hole_costs_five_and_lands_behind_a_monster_only_with_room() -> None:
    s = board(
        """
#D#######
#o.xb...#
#..x....#
#########
""",
        "o = monster Orc\nb = monster Goblin",
    )
    moves = MonsterMoves(s, "o")
    jump = moves.path(Square(5, 1))
    assert [step.kind for step in jump] == ["walk", "jump", "walk"]
    assert jump[1].cost == 5 and jump[1].rule is Section.MONSTERS_AND_OBSTACLES
    assert moves.cost[Square(4, 2)] == 7  # the plain jump below: 2 + 5
    limited = MonsterMoves(s, "o", ap=6)
    assert Square(5, 1) not in limited.cost  # 1 + 5 + 1 = 7 AP


def test_flying_monsters_cross_holes_and_poltergeists_drift_through_walls() -> None:
    s = board(
        """
#D#######
#Q.xx..p#
###.#####
#.......#
#########
""",
        "Q = monster Gargoyle\np = monster Poltergeist",
    )
    gargoyle = MonsterMoves(s, "Q")
    assert gargoyle.cost[Square(5, 1)] == 4
    assert [step.kind for step in gargoyle.path(Square(5, 1))][1:3] == ["fly", "fly"]
    assert Square(3, 1) not in gargoyle.ends  # it does not stop over a Hole
    ghost = MonsterMoves(s, "p")
    assert ghost.cost[Square(7, 3)] == 2
    assert ghost.path(Square(7, 3))[0].kind == "drift"
    assert Square(7, 2) in ghost.ends  # it may stop inside the wall


def test_flying_monsters_do_not_cross_red_solid_but_poltergeists_drift_through_it() -> None:
    """Ruling A13 (re-decided 2026-12): "any square with a Red Border" is the Red Dashed
    border of a Hole, as in T5; Red Solid is a Wall, so a Gargoyle walks round it and a
    Poltergeist drifts through it as through any wall."""
    s = board(
        """
#D#######
#Q.XX..p#
#.......#
#########
""",
        "Q = monster Gargoyle\np = monster Poltergeist",
    )
    gargoyle = MonsterMoves(s, "Q")
    assert Square(3, 1) not in gargoyle.cost and Square(4, 1) not in gargoyle.cost
    assert gargoyle.cost[Square(5, 1)] == 6  # round the two Red Solid squares
    assert "fly" not in [step.kind for step in gargoyle.path(Square(5, 1))]
    ghost = MonsterMoves(s, "p")
    assert ghost.path(Square(4, 1))[-1].kind == "drift"


def test_rubble_is_cleared_for_ten_ap_then_walked_over() -> None:
    s = board(
        """
#D#####
#o....#
#####.#
#H..r.#
#######
""",
        "o = monster Orc AP 30\nH = hero Huntress STR 5",
        "markers: rubble 5,2\n",
    )
    act = activate(s, "o")
    kinds = [step.kind for step in act.steps]
    assert "clear" in kinds
    assert act.after.dungeon.marker(Square(5, 2)) is None
    assert act.attack is not None and act.attack.defender == "H"


# -- choosing the target --

_TWO = """
#D#########
#.........#
#M...o...A#
#.........#
###########
"""


def test_equal_distance_goes_to_the_lower_attribute_of_the_attack_kind() -> None:
    s = board(_TWO, "o = monster Orc\nM = hero Mage STR 4 AGI 9\nA = hero Adventurer STR 9 AGI 3")
    act = activate(s, "o")
    assert act.target.result == ("M",)
    assert act.target.steps[-1].criterion == "lower STR (melee attack)"
    archer = board(
        _TWO, "o = monster Slimecrawler\nM = hero Mage STR 4 AGI 9\nA = hero Adventurer STR 9 AGI 3"
    )
    assert activate(archer, "o").target.result == ("A",)  # ranged: the lower AGI


def test_deciding_lists_only_the_criteria_that_narrowed_a_choice() -> None:
    """``Activation.deciding``: the lines a reader follows, the target criterion that picked
    the Mage (with the Adventurer named, not a bare letter) and no criterion that separated
    nobody ("attack multiple targets" does not apply to an Orc)."""
    s = board(_TWO, "o = monster Orc\nM = hero Mage STR 4 AGI 9\nA = hero Adventurer STR 9 AGI 3")
    act = activate(s, "o")
    lines = act.deciding()
    assert lines and all(line in act.explain() for line in lines)
    assert any(line.startswith("lower STR (melee attack)") for line in lines)
    assert "Adventurer (A)" in lines[0]
    assert not any(line.startswith("attack multiple targets") for line in lines)
    decided = [d for d in act.decisions() if d.decided]
    assert len(lines) == len(decided) < len(act.decisions())


def test_the_character_with_less_active_armor_is_attacked_on_a_tie() -> None:
    """Ruling A4: AR points are compared; AR 1 against AR 4 is no tie."""
    s = board(_TWO, "o = monster Orc\nM = hero Mage STR 4 AR 4\nA = hero Adventurer STR 4 AR 1")
    act = activate(s, "o")
    assert act.target.result == ("A",)
    assert act.target.steps[-1].criterion == "less active armor"
    same = board(_TWO, "o = monster Orc\nM = hero Mage STR 4 AR 2\nA = hero Adventurer STR 4 AR 2")
    assert activate(same, "o").pending is not None


def test_under_the_armor_sentence_reading_any_armor_is_attacked_first() -> None:
    """The named reading ``armor_sentence`` (ruling A4): armored against unarmored decides,
    AR 1 against AR 4 stays a tie."""
    sentence = RulesOptions(readings={"armor_sentence"})
    s = board(_TWO, "o = monster Orc\nM = hero Mage STR 4\nA = hero Adventurer STR 4 AR 2")
    assert activate(s, "o", options=sentence).target.result == ("A",)
    assert activate(s, "o").target.result == ("M",)
    both = board(_TWO, "o = monster Orc\nM = hero Mage STR 4 AR 4\nA = hero Adventurer STR 4 AR 1")
    assert set(activate(both, "o", options=sentence).target.result) == {"A", "M"}


def test_a_full_tie_is_returned_to_the_players_and_settled_by_a_choice() -> None:
    s = board(_TWO, "o = monster Orc\nM = hero Mage STR 4\nA = hero Adventurer STR 4")
    act = activate(s, "o")
    assert act.pending is not None and act.pending.kind == "target"
    assert set(act.pending.options) == {"M", "A"}
    assert act.after == act.before and act.attack is None
    chosen = activate(s, "o", target="A")
    assert chosen.attack is not None and chosen.attack.defender == "A"
    with pytest.raises(MonsterAIError, match="not one of the tied options"):
        activate(s, "o", target="o")


def test_characters_it_can_attack_now_come_before_closer_ones_out_of_reach() -> None:
    s = board(
        """
#D##########
#M.x.o.....#
#..x.......#
#..x.......#
#######...A#
############
""",
        "o = monster Orc AP 5\nM = hero Mage STR 4\nA = hero Adventurer STR 9",
    )
    act = activate(s, "o")
    # Neither can be attacked with 5 AP: it goes for the nearer Mage (7 against 8), walks
    # 1 square and jumps the Hole with 4 AP left; it lands next to her at -1 AP: no attack.
    assert act.target.result == ("M",)
    assert [step.kind for step in act.steps] == ["walk", "jump"]
    assert act.end == Square(2, 1) and act.ap_left == -1 and act.attack is None
    assert act.notes[-1].criterion == "no attack"


def test_unconscious_characters_are_ignored() -> None:
    s = board(
        _TWO,
        "o = monster Orc\nM = hero Mage STR 4 HP -1 unconscious\nA = hero Adventurer STR 9",
    )
    act = activate(s, "o")
    assert act.target.result == ("A",)
    assert act.target.steps[0].rule is Section.UNCONSCIOUSNESS


def test_without_conscious_characters_the_monster_does_nothing() -> None:
    s = board(
        _TWO,
        "o = monster Orc\nM = hero Mage STR 4 HP -1 unconscious"
        "\nA = hero Adventurer HP -3 unconscious",
    )
    act = activate(s, "o")
    assert act.target.result == () and act.steps == () and act.attack is None


# -- moving to attack --


def test_a_melee_monster_next_to_its_target_does_not_move() -> None:
    s = board(
        _TWO.replace("#M...o...A#", "#....oM..A#"),
        "o = monster Orc\nM = hero Mage STR 4\nA = hero Adventurer STR 9",
    )
    act = activate(s, "o")
    assert act.steps == () and act.attack is not None and act.attack.defender == "M"


def test_a_ranged_monster_backs_off_to_its_full_range_away_from_the_others() -> None:
    s = board(
        """
#D#########
#.........#
#........M#
#....sW...#
#.........#
#.........#
###########
""",
        "s = monster Slimecrawler\nW = hero Warrior AGI 5\nM = hero Mage AGI 9",
    )
    tied = activate(s, "s")
    assert tied.target.result == ("W",)
    assert tied.pending is not None and tied.pending.kind == "square"
    warrior = s.figure("W").square
    for option in tied.pending.options:
        x, y = map(int, option.split(","))
        assert s.dungeon.range(Square(x, y), warrior) == 5
    act = activate(s, "s", square=tied.pending.options[0])
    assert s.dungeon.range(act.end, warrior) == 5
    assert act.attack is not None and act.attack.defender == "W"
    criteria = [d.criterion for d in act.route]
    assert criteria[:2] == [
        "as far from the target as its range allows",
        "as far from the other characters as possible",
    ]


def test_pushing_the_monster_off_the_only_square_it_needs() -> None:
    s = board(
        """
#D######
#o.s####
###M####
########
""",
        "o = monster Orc\ns = monster Slimecrawler\nM = hero Mage STR 4",
    )
    act = activate(s, "o")
    assert act.end == Square(3, 1)
    assert [(p.letter, p.end) for p in act.pushes] == [("s", Square(2, 1))]
    assert act.after.figure("s").square == Square(2, 1)
    assert act.attack is not None


def test_monster_swap_rule_costs_five_ap_and_trades_places() -> None:
    s = board(
        """
#D######
#o.s####
###M####
########
""",
        "o = monster Orc\ns = monster Slimecrawler\nM = hero Mage STR 4",
    )
    act = activate(s, "o", options=RulesOptions(monster_swap=True))
    assert act.pushes[0].swap and act.after.figure("s").square == Square(2, 1)
    assert act.ap_left == 7 - 2 - 5


def test_a_jump_with_exactly_five_ap_still_attacks_and_with_less_does_not() -> None:
    rows = """
#D#####
#o.x.M#
#######
"""
    five = activate(board(rows, "o = monster Orc AP 6\nM = hero Mage STR 4"), "o")
    assert five.ap_left == 0 and five.attack is not None
    four = activate(board(rows, "o = monster Orc AP 4\nM = hero Mage STR 4"), "o")
    # 1 AP to walk up, then the jump with 3 AP left: it lands, at -2 AP, and cannot attack.
    assert [step.kind for step in four.steps] == ["walk", "jump"]
    assert four.ap_left == -2 and four.attack is None


def test_optional_monster_ap_rule_needs_ap_left_to_attack() -> None:
    s = board(
        """
#D#####
#o...M#
#######
""",
        "o = monster Orc AP 3\nM = hero Mage STR 4",
    )
    assert activate(s, "o").attack is not None
    strict = activate(s, "o", options=RulesOptions(monster_ap=True))
    assert strict.attack is None
    assert any(d.rule is Section.MONSTER_AP for d in strict.notes)


def test_melee_strikes_straight_across_a_hole_but_not_diagonally() -> None:
    s = board(
        """
#D#####
#..x..#
#o.xM.#
#..x..#
#######
""",
        "o = monster Orc AP 1\nM = hero Mage STR 4",
    )
    act = activate(s, "o")
    assert act.end == Square(2, 2) and act.attack is not None and act.attack.across_hole
    diagonal = board(
        """
#D#####
#..xM.#
#o.x..#
#..x..#
#######
""",
        "o = monster Orc AP 1\nM = hero Mage STR 4",
    )
    assert activate(diagonal, "o").attack is None


def test_behind_a_blocked_door_it_waits_as_close_as_it_can() -> None:
    s = Situation.from_text(
        """tiles:
  A-1 at 0,0
  A-3 at 9,1 turned 90
open: 8,4 9,4
markers: blocked_door 8,4
figures:
  H = hero Huntress STR 7 at 4,1
  o = monster Orc AP 20 at 12,2
"""
    )
    act = activate(s, "o")
    assert act.attack is None
    assert act.end == Square(9, 4)  # the opened door square next to the Blocked Door
    assert any(d.criterion == "no way through" for d in act.notes)


def test_a_buried_character_is_dug_out_and_attacked_in_a_later_activation() -> None:
    """*FAQ* (held and buried characters): a character under Rubble cannot be seen; the
    monster clears the Rubble first and attacks in a later activation, AP left or not (ruling
    A9)."""
    s = board(
        """
#D#####
#o....#
#######
""",
        "o = monster Orc AP 20\nM = hero Mage STR 4 buried at 5,1",
        "markers: rubble 5,1\n",
    )
    act = activate(s, "o")
    assert act.attack is None
    assert act.end == Square(4, 1)
    assert act.after.dungeon.marker(Square(5, 1)) is None
    assert "buried" not in act.after.figure("M").flags
    assert act.ap_left == 20 - 3 - 10
    assert [n.criterion for n in act.notes] == ["dig out the buried character"]
    assert act.notes[0].rule is Section.FAQ
    later = activate(act.after, "o")  # the next activation: the Mage is in sight now
    assert later.attack is not None and later.attack.defender == "M"


def test_a_monster_with_few_ap_still_digs_a_buried_character_out() -> None:
    """The Rubble is cleared with whatever AP the monster has left (*Monsters and
    Obstacles/Holes*: "10 Action Points (or the rest of their Action Points)")."""
    s = board(
        """
#D#####
#o....#
#######
""",
        "o = monster Orc AP 5\nM = hero Mage STR 4 buried at 5,1",
        "markers: rubble 5,1\n",
    )
    act = activate(s, "o")
    assert act.attack is None and act.end == Square(4, 1)
    assert act.after.dungeon.marker(Square(5, 1)) is None
    assert act.ap_left == 5 - 3 - 10


# -- area attacks --


def test_the_ogre_prefers_the_target_that_lets_it_strike_two() -> None:
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
    assert act.target.steps[0].criterion == "attack multiple targets"
    assert act.target.steps[0].candidates_after == ("M", "W")
    assert act.target.result == ("M",)  # then the closer of the two
    assert act.end == Square(6, 2)
    assert act.attack is not None and set(act.attack.struck) == {"M", "W"}


def test_leaping_lightning_branches_to_everyone_within_two_of_a_struck_character() -> None:
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
    act = activate(s, "k")
    assert act.pending is not None and set(act.pending.options) == {"1,1", "1,3"}
    act = activate(s, "k", square="1,1")
    assert act.attack is not None
    assert set(act.attack.struck) == {"W", "M", "A"}


# -- order and the phase --


def test_monster_order_criteria_in_turn() -> None:
    s = board(
        """
#D##########
#o.......m.#
#....M.....#
#q......u..#
############
""",
        "o = monster Orc AP 7\nm = monster Orc AP 7 MOD 1\nq = monster Shaman AP 7\n"
        "u = monster Mummy AP 5\nM = hero Mage AP 5 STR 4",
    )
    trace = monster_order(s)
    assert trace.ranking == (("m",), ("o",), ("q",), ("u",))
    assert [step.criterion for step in trace.steps][-1] == "more monster modifiers"
    assert interleave(s)[-2:] == (("M",), ("u",))


def test_a_tied_order_waits_for_the_players() -> None:
    s = board(
        """
#D#######
#o..M..n#
#########
""",
        "o = monster Orc\nn = monster Orc\nM = hero Mage STR 4",
    )
    phase = monster_phase(s)
    assert phase.pending is not None and phase.pending.kind == "order"
    done = monster_phase(s, order=["n", "o"])
    assert [a.monster for a in done.activations] == ["n", "o"]
    with pytest.raises(MonsterAIError):
        monster_phase(s, order=["o"])


def test_bad_input_is_refused_in_words() -> None:
    s = board(_TWO, "o = monster Orc\nM = hero Mage STR 4\nA = hero Adventurer STR 9")
    with pytest.raises(MonsterAIError, match="hero"):
        activate(s, "M")
    with pytest.raises(SituationError):
        activate(s, "z")
    odd = board(_TWO, "o = monster Unicorn\nM = hero Mage STR 4\nA = hero Adventurer STR 9")
    with pytest.raises(MonsterAIError, match="no monster card"):
        activate(odd, "o")
    no_str = board(_TWO, "o = monster Orc\nM = hero Mage\nA = hero Adventurer")
    with pytest.raises(MonsterAIError, match="STR"):
        activate(no_str, "o")


def test_the_archer_ignores_distance_and_shoots_the_lowest_agility_in_reach() -> None:
    s = board(
        """
#D##########
#..........#
#q.W.....M.#
#..........#
############
""",
        "q = monster Archer\nW = hero Warrior AGI 8\nM = hero Mage AGI 4",
    )
    act = activate(s, "q")
    closer = next(d for d in act.target.steps if d.criterion == "closer targets are preferred")
    assert closer.candidates_after == ("M", "W") and "ignores the distance" in closer.note
    assert act.target.result == ("M",)


def test_cutting_the_whole_search_equals_searching_with_the_limit() -> None:
    s = board(
        """
#D##########
#o.~..x....#
#..~..x.b..#
#.....x....#
#..r.......#
############
""",
        "o = monster Orc\nb = monster Goblin",
        "markers: rubble 3,4\n",
    )
    whole = MonsterMoves(s, "o")
    for ap in (0, 3, 7, 12, 20):
        limited = MonsterMoves(s, "o", ap=ap)
        cut = whole.within(ap)
        assert cut.cost == limited.cost
        assert {q: cut.path(q) for q in cut.cost} == {q: limited.path(q) for q in limited.cost}


def test_a_poltergeist_inside_a_wall_is_seen_by_every_character() -> None:
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
    assert s.figure("p").square == Square(6, 2)
    sight = s.line_of_sight("M", "p")
    assert sight.visible and sight.exposed and "Poltergeist" in sight.explain()
    assert not s.line_of_sight("M", "H").visible


def test_an_unconscious_heros_marker_shares_its_square_and_round_trips() -> None:
    s = board(
        """
#D####
#o.MW#
######
""",
        "o = monster Orc\nM = hero Mage HP -3 unconscious\nW = hero Warrior STR 15",
    )
    act = activate(s, "o")
    assert act.end == Square(3, 1) and act.attack is not None
    after = act.after
    assert after.at(Square(3, 1)).letter == "o"  # the monster, not the marker
    assert Situation.from_text(after.to_text()) == after
    assert "M = hero Mage HP -3 unconscious at 3,1" in after.to_text()
    with pytest.raises(SituationError, match="both stand"):
        after.moved("W", Square(3, 1))


def test_a_malformed_square_or_a_wrong_order_is_refused_in_words() -> None:
    s = board(_TWO, "o = monster Orc\nM = hero Mage STR 4\nA = hero Adventurer STR 4")
    with pytest.raises(MonsterAIError, match="two whole numbers"):
        activate(s, "o", target="M", square="left")
    ordered = board(
        """
#D#######
#o..M..b#
#########
""",
        "o = monster Orc AP 7\nb = monster Goblin AP 9\nM = hero Mage STR 4",
    )
    assert monster_phase(ordered, order=["b", "o"]).sequence == ("b", "o")
    with pytest.raises(MonsterAIError, match="does not keep the rules' order"):
        monster_phase(ordered, order=["o", "b"])
