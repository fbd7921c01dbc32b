"""The rulebook's examples about how monsters act (*Monster Activation*).

Sections: *Monster Order*, *Target of a Monster*, *Fastest Way to the Target*, *Monsters and
Obstacles/Holes* (with *Optional Rule: Monster Swap* and *Optional Rule: Monster AP*), and
the FAQ entry on the Dark Mage's lightning.

The book's pictures are not part of its text, so the exact squares are unknown. Every test
below draws a board of its own that has exactly the properties the example's sentences state
(who is how far away, what blocks which square, where the walls are), and says so in a
comment. Figures are drawn on the map by their letter: ``o`` an Orc, ``M`` the Mage, ``H``
the Huntress, ``W`` the Warrior, ``A`` the Adventurer, and so on; ``x`` is a Hole. A square
is ``Square(column, row)``, from 0 at the top left.

The rulings these tests pin are A1–A23 in ``docs/rulings.md``.
"""

from __future__ import annotations

import pytest

from doria_nb.book.faq import LIGHTNING
from doria_nb.content.loader import starter_pack
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai import Activation, interleave
from doria_nb.engine.monster_ai.moves import along_wall
from doria_nb.engine.monster_ai.strike import LIGHTNING_LEAP
from doria_nb.engine.monster_ai.trace import Decision
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.tiles import MonsterColor

MAGE = "M = hero Mage STR 4 AGI 7 WIS 9"
HUNTRESS = "H = hero Huntress STR 7 AGI 10 WIS 5"
WARRIOR = "W = hero Warrior STR 15 AGI 10 WIS 6"
ADVENTURER = "A = hero Adventurer STR 9 AGI 9 WIS 7"


def board(text: str) -> Situation:
    return Situation.from_text(text)


def act(text: str, who: str = "o", **options: object) -> Activation:
    """Activate ``who`` on the board ``text``; the rules must not leave a tie open."""
    activation = board(text).activate(who, **options)
    assert activation.pending is None, activation.explain()
    return activation


# -- Monster Order --------------------------------------------------------------------------


def test_monster_order_the_examples_of_its_criteria() -> None:
    """*Monster Order*: the examples in its criteria. An Orc at 7 acts before a character at
    5, who acts before a Mummy at 5; at 7, the Orcs (letter A) before the Shaman (D); the Orc
    at range 3 before the Orc 7 squares away; of two Orcs equally far, the one with a
    modifier first."""
    text = """
map:
  #D##########
  #.........m#
  #...o..M...#
  #..........#
  #..........#
  #..{n}.......#
  #.........k#
  #p.........#
  ############
figures:
  M = hero Mage AP 5 STR 4
  o = monster Orc AP 7
  k = monster Orc AP 7
  p = monster Shaman AP 7
  m = monster Mummy AP 5
{more}"""
    situation = board(text.format(n=".", more=""))
    dungeon, mage = situation.dungeon, situation.figure("M").square
    assert [dungeon.range(situation.figure(x).square, mage) for x in "ok"] == [3, 7]
    assert situation.monster_order().ranking == (("o",), ("k",), ("p",), ("m",))
    assert interleave(situation) == (("o",), ("k",), ("p",), ("M",), ("m",))
    # An Orc with a modifier as far from the Mage as the plain Orc k acts before it.
    situation = board(text.format(n="n", more="  n = monster Orc AP 7 MOD 1\n"))
    assert dungeon.range(situation.figure("n").square, mage) == 7
    assert situation.monster_order().ranking == (("o",), ("n",), ("k",), ("p",), ("m",))


# -- Target of a Monster --------------------------------------------------------------------

# Example 1: a melee monster (an Orc, range 1), the Mage 4 squares away, the Huntress 5, the
# third character (the Warrior) farther. The orange rune (O) lies on the second-best square
# next to the Mage; the green monster icon (g) lies on the best one, the square straight on
# the Orc's way, and is empty with three characters.
EXAMPLE_1 = f"""
# Target of a Monster, Example 1
map:
  ###D#####
  #o..gM..#
  #....O..#
  #.......#
  #.......#
  #.......#
  #H.....W#
  #########
figures:
  o = monster Orc
  {MAGE}
  {HUNTRESS}
  {WARRIOR}
"""


def test_example_1_the_nearer_character_is_attacked() -> None:
    """*Target of a Monster*, Example 1: the melee monster takes the shorter way, to the Mage
    (4 squares) rather than the Huntress (5)."""
    activation = act(EXAMPLE_1)
    closer = next(s for s in activation.target.steps if s.criterion.startswith("closer"))
    assert closer.candidates_after == ("M",)
    assert "Huntress (H) 5 away" in closer.note and "Mage (M) 4 away" in closer.note
    assert activation.end == Square(4, 1)  # the green icon's square, next to the Mage
    assert activation.attack is not None and activation.attack.defender == "M"


def test_example_1_with_four_characters_the_orange_rune() -> None:
    """*Target of a Monster*, Example 1: with a fourth character the green icon brings a
    monster, which stands on the preferred square; the Orc goes to the orange rune instead."""
    four = EXAMPLE_1.replace("#o..gM..#", "#o..cM..#").replace(
        f"  {WARRIOR}", f"  {WARRIOR}\n  {ADVENTURER} at 7,5\n  c = monster Goblin on g"
    )
    situation = board(four)
    rune = Square(5, 2)
    assert situation.dungeon.content(rune).char == "O"  # the orange rune
    activation = situation.activate("o")
    assert activation.pending is None
    assert activation.target_letter == "M"
    assert activation.end == rune
    assert activation.pushes == ()  # a free square is taken; nobody is pushed
    assert activation.attack is not None and activation.attack.defender == "M"


def test_example_2_equal_distance_the_lower_strength() -> None:
    """*Target of a Monster*, Example 2: the Adventurer (STR 9) and the Mage (STR 4) are the
    same distance from the melee monster: it attacks the Mage, the lower strength."""
    # The Adventurer has walked past the Huntress to a square as far from the Orc as the Mage.
    text = EXAMPLE_1.replace(f"  {WARRIOR}", f"  {WARRIOR}\n  {ADVENTURER} at 2,4")
    activation = act(text)
    closer = next(s for s in activation.target.steps if s.criterion.startswith("closer"))
    assert set(closer.candidates_after) == {"A", "M"}
    strength = next(s for s in activation.target.steps if s.criterion.startswith("lower STR"))
    assert strength.candidates_after == ("M",)
    assert activation.attack is not None and activation.attack.defender == "M"


def test_the_character_with_less_active_armor_is_attacked_on_a_tie() -> None:
    """*Target of a Monster*, "Less active armor": two characters equally far with the same
    attribute; the Armor Rating points are compared and the one with fewer is attacked, so
    AR 1 against AR 4 is no tie (ruling A4). Under the named reading ``armor_sentence`` the
    one with any active armor is attacked and AR 1 against AR 4 is the players' decision."""
    text = """
map:
  ##D####
  #..o..#
  #.....#
  #A...M#
  #######
figures:
  o = monster Orc
  A = hero Adventurer STR 5 AR 4
  M = hero Mage STR 5 AR 1
"""
    activation = act(text)
    armor = activation.target.steps[-1]
    assert armor.criterion == "less active armor"
    assert armor.candidates_before == ("A", "M") and armor.candidates_after == ("M",)
    assert activation.attack is not None and activation.attack.defender == "M"
    sentence = board(text).activate("o", options=RulesOptions(readings={"armor_sentence"}))
    assert sentence.pending is not None and set(sentence.pending.options) == {"A", "M"}


def test_a_tie_after_every_criterion_is_the_players_decision() -> None:
    """*Target of a Monster*, "Player decision": still tied, the players pick; the monster
    waits for them and then does as told."""
    text = """
map:
  ##D####
  #..o..#
  #.....#
  #A...M#
  #######
figures:
  o = monster Orc
  A = hero Adventurer STR 5
  M = hero Mage STR 5
"""
    waiting = board(text).activate("o")
    assert waiting.pending is not None and waiting.pending.kind == "target"
    assert set(waiting.pending.options) == {"A", "M"}
    assert waiting.after == waiting.before
    chosen = board(text).activate("o", target="A")
    assert chosen.attack is not None and chosen.attack.defender == "A"


def test_unconscious_characters_are_ignored() -> None:
    """*Target of a Monster* with *Unconsciousness*: monsters ignore an unconscious character
    (it does not even occupy its square) and go for a conscious one."""
    text = f"""
map:
  #D######
  #oM...W#
  #......#
  #......#
  ########
figures:
  o = monster Orc
  M = hero Mage STR 4 HP -3 unconscious
  {WARRIOR}
"""
    activation = act(text)
    ignored = activation.target.steps[0]
    assert ignored.rule is Section.UNCONSCIOUSNESS and ignored.struck == ("M",)
    assert activation.target_letter == "W"
    assert Square(2, 1) in activation.path  # it walks over the Mage's square
    assert activation.attack is not None and activation.attack.defender == "W"


def test_a_monster_may_stop_on_an_unconscious_characters_square() -> None:
    """*Unconsciousness*: monsters move normally onto the square of an unconscious
    character. The only square next to the Warrior is the unconscious Mage's."""
    text = f"""
map:
  #D####
  #o.MW#
  ######
figures:
  o = monster Orc
  M = hero Mage STR 4 HP -3 unconscious
  {WARRIOR}
"""
    activation = act(text)
    assert activation.end == Square(3, 1)
    assert activation.attack is not None and activation.attack.defender == "W"


def test_a_monster_whose_ap_run_out_on_an_unconscious_characters_square() -> None:
    """*Unconsciousness*: an unconscious character does not occupy a square, so a monster
    whose AP run out there simply stops on it (it cannot attack the Warrior yet)."""
    text = f"""
map:
  #D######
  #o..M.W#
  ########
figures:
  o = monster Orc AP 3
  M = hero Mage STR 4 HP -3 unconscious
  {WARRIOR}
"""
    activation = act(text)
    assert activation.end == Square(4, 1)
    assert activation.attack is None


# -- Fastest Way to the Target --------------------------------------------------------------

# Example 3: the Slimecrawler (ranged, range 5) from the white icon stands right in front of
# the Warrior, who is its nearest character; the Huntress and the Mage stand in the other
# corner of the room. The green icon (g) is the square of range 5 from the Warrior farthest
# from the other two, in a corner; with three characters it is empty.
EXAMPLE_3 = f"""
# Fastest Way to the Target, Example 3
map:
  #########
  #.......#
  #.HM....#
  #.......#
  #....W..#
  #....s..#
  #.......#
  #......g#
  ####D####
figures:
  s = monster Slimecrawler on w
  {WARRIOR}
  {HUNTRESS}
  {MAGE}
"""


def test_example_3_the_slimecrawler_backs_off_to_its_range() -> None:
    """*Fastest Way to the Target*, Example 3: the ranged Slimecrawler picks the nearest
    character (the Warrior, right in front of it), moves away to its range of 5, as far as it
    can from the other characters and along a wall, onto the green icon, and attacks."""
    situation = board(EXAMPLE_3)
    activation = situation.activate("s")
    assert activation.pending is None
    assert activation.target_letter == "W"
    green = Square(7, 7)
    assert situation.dungeon.content(green).char == "g"
    assert activation.end == green
    warrior = situation.figure("W").square
    assert situation.dungeon.range(green, warrior) == 5
    criteria = [d.criterion for d in activation.route]
    assert criteria[:2] == [
        "as far from the target as its range allows",
        "as far from the other characters as possible",
    ]
    assert activation.attack is not None and activation.attack.defender == "W"


def test_a_melee_monster_moves_only_as_far_as_it_needs() -> None:
    """*Fastest Way to the Target*: a monster that can already attack does not move; one that
    must move takes the shortest route, and of two equally short ones the one along a wall."""
    text = """
map:
  #D#####
  #.....#
  #.o...#
  #.M...#
  #######
figures:
  o = monster Orc
  M = hero Mage STR 4
"""
    activation = act(text)
    assert activation.steps == () and activation.end == Square(2, 2)
    assert activation.attack is not None
    text = """
map:
  #D#######
  #o......#
  #.......#
  #.......#
  #.......#
  #...M...#
  #########
figures:
  o = monster Orc
  M = hero Mage STR 4
"""
    activation = act(text)
    # (4, 4) above the Mage and (3, 5) beside her are both 6 AP away; the way to (3, 5) runs
    # down the west wall and along the south wall.
    shortest, wall = activation.route
    assert set(shortest.candidates_after) == {"4,4", "3,5"}  # both 6 AP: the shortest
    assert wall.criterion == "along a wall" and wall.candidates_after == ("3,5",)
    assert activation.end == Square(3, 5) and activation.ap_left == 1


def test_a_monster_attacks_right_after_moving_then_stops() -> None:
    """*Monster Order*: a monster attacks straight after its movement, and after its attack
    it does nothing more, even with AP left."""
    text = """
map:
  #D#######
  #o.....M#
  #########
figures:
  o = monster Goblin
  M = hero Mage STR 4
"""
    activation = act(text)
    assert activation.attack is not None
    assert activation.ap_left > 0  # AP to spare, yet it stops
    assert activation.end == activation.attack.square == activation.path[-1]
    last = activation.notes[-1]
    assert last.rule is Section.MONSTER_ORDER and last.criterion == "attack, then stop"


# -- Monsters and Obstacles/Holes -----------------------------------------------------------


def corridor(row: str, *figures: str) -> str:
    """A one-row corridor with a door in the top wall above its second square."""
    wall = "#" * len(row)
    lines = "\n  ".join(figures)
    return f"map:\n  #D{wall[2:]}\n  {row}\n  {wall}\nfigures:\n  {lines}\n"


def test_a_monster_jumps_a_hole_for_5_ap_without_a_roll() -> None:
    """*Monsters and Obstacles/Holes*: a monster jumps a Hole like a hero, for 5 AP, without
    a roll, in a straight line, and walks on normally behind it."""
    activation = act(corridor("#o.x..M#", "o = monster Orc", MAGE))
    kinds = [(step.kind, step.cost) for step in activation.steps]
    assert kinds == [("walk", 1), ("jump", 5), ("walk", 1)]
    jump = activation.steps[1]
    assert jump.over == (Square(3, 1),) and "no roll" in str(jump)
    assert activation.attack is not None and activation.ap_left == 0


@pytest.mark.parametrize(("ap", "attacks"), [(6, True), (5, True), (4, False), (3, False)])
def test_the_ap_left_before_a_jump(ap: int, attacks: bool) -> None:
    """*Monsters and Obstacles/Holes*: with exactly 5 AP before the jump the monster still
    attacks after it; with less it jumps anyway but cannot attack this activation."""
    activation = act(corridor("#ox.M#", f"o = monster Orc AP {ap}", MAGE))
    assert activation.end == Square(3, 1)
    assert [step.kind for step in activation.steps] == ["jump"]
    assert activation.ap_left == ap - 5
    assert (activation.attack is not None) is attacks


def test_a_jump_onto_difficult_terrain_and_the_monster_ap_rule() -> None:
    """*Monsters and Obstacles/Holes* with *Difficult Terrain* and *Optional Rule: Monster AP*:
    landing on difficult terrain adds its 1 AP to the jump; a jump that leaves exactly 0 AP
    still allows the attack, except under the optional rule."""
    rough = act(corridor("#ox~M##", "o = monster Orc AP 6", MAGE))
    assert [(s.kind, s.cost) for s in rough.steps] == [("jump", 6)]
    assert rough.ap_left == 0 and rough.attack is not None
    text = corridor("#ox.M#", "o = monster Orc AP 5", MAGE)
    assert act(text).attack is not None
    strict = act(text, options=RulesOptions(monster_ap=True))
    assert strict.end == Square(3, 1) and strict.attack is None


@pytest.mark.parametrize("marker", ["fire", "ice", "air"])
def test_monsters_ignore_fire_ice_and_air(marker: str) -> None:
    """*Dungeon Markers*: monsters ignore Fire, Ice and Air markers completely: they walk
    over them for 1 AP a square."""
    text = corridor("#o...M#", "o = monster Orc", MAGE) + f"markers: {marker} 2,1; {marker} 3,1\n"
    activation = act(text)
    assert [(s.kind, s.cost) for s in activation.steps] == [("walk", 1)] * 3
    assert activation.attack is not None


@pytest.mark.parametrize(("ap", "crosses"), [(5, False), (6, True), (7, True)])
def test_a_monster_on_the_far_side_of_a_hole(ap: int, crosses: bool) -> None:
    """*Monsters and Obstacles/Holes*: with another monster right behind the Hole, the active
    monster crosses only with a free square behind that monster and 6 or more AP; otherwise
    it waits for its next activation."""
    text = corridor("#oxc.M##", f"o = monster Orc AP {ap}", "c = monster Goblin", MAGE)
    activation = act(text)
    if crosses:
        assert activation.end == Square(4, 1)
        assert [step.kind for step in activation.steps] == ["jump", "walk"]
        assert activation.attack is not None and activation.attack.defender == "M"
    else:
        assert activation.end == Square(1, 1) and activation.steps == ()
        assert activation.attack is None
    assert activation.after.figure("c").square == Square(3, 1)  # the Goblin is not moved


def test_no_free_square_behind_the_other_monster() -> None:
    """*Monsters and Obstacles/Holes*: the crossing rule alone (a character, not a monster,
    is the one behind): no free square behind the monster across the Hole, no crossing."""
    text = corridor("#oxcW#", "o = monster Orc", "c = monster Goblin", WARRIOR)
    activation = board(text).activate("o")
    assert activation.after.figure("o").square in (Square(1, 1), Square(3, 1))


def test_the_pushed_monster_is_thrown_back_over_the_hole() -> None:
    """*Monsters and Obstacles/Holes*: the only square to attack the Mage from lies across a
    Hole and holds a Goblin; the Orc pushes it aside, the Goblin is thrown back over the
    Hole, and the Orc attacks."""
    text = corridor("#o.xcM#", "o = monster Orc", "c = monster Goblin", MAGE)
    activation = act(text)
    assert activation.end == Square(4, 1)
    assert [(p.letter, p.end) for p in activation.pushes] == [("c", Square(2, 1))]
    assert activation.attack is not None and activation.attack.defender == "M"


@pytest.mark.parametrize("row", ["#oxM#", "#oxxM#", "#o.xxxM#"])
def test_a_melee_attack_straight_across_a_hole(row: str) -> None:
    """*Monsters and Obstacles/Holes*: a character on the far side blocks the landing square;
    a melee monster strikes straight across the Hole, however wide."""
    activation = act(corridor(row, "o = monster Orc", MAGE))
    assert activation.attack is not None and activation.attack.across_hole
    assert activation.steps == () or activation.steps[-1].kind == "walk"
    assert all(step.kind != "jump" for step in activation.steps)


def test_no_melee_attack_diagonally_across_a_hole() -> None:
    """*Monsters and Obstacles/Holes*: melee reaches exactly over the Hole, not diagonally:
    the Mage stands diagonally on the far side, which the Orc cannot reach."""
    text = f"""
map:
  #D####
  #o.x##
  ###xM#
  ######
figures:
  o = monster Orc
  {MAGE}
"""
    activation = act(text)
    assert activation.attack is None
    assert activation.end == Square(2, 1)  # as close as it gets


def test_rubble_is_cleared_for_10_ap() -> None:
    """*Monsters and Obstacles/Holes*: a monster moves up to Rubble and clears it for 10 AP
    (or the rest of its AP); it can rarely attack afterwards, but clears the way."""
    text = corridor("#o...M#", "o = monster Orc", MAGE) + "markers: rubble 2,1\n"
    activation = act(text)
    assert [(s.kind, s.cost) for s in activation.steps] == [("clear", 10)]
    assert activation.ap_left == 7 - 10  # the rest of its AP, and more
    assert activation.attack is None
    assert activation.after.dungeon.marker(Square(2, 1)) is None
    assert activation.before.dungeon.marker(Square(2, 1)) is not None

    fast = corridor("#o...M#", "o = monster Goblin", MAGE) + "markers: rubble 2,1\n"
    activation = act(fast)  # 13 AP: 10 to clear, 3 to walk, 0 left: it attacks
    assert [s.kind for s in activation.steps] == ["clear", "walk", "walk", "walk"]
    assert activation.ap_left == 0
    assert activation.attack is not None


def test_a_blocked_door_the_monster_moves_as_close_as_possible() -> None:
    """*Dungeon Markers* (Blocked Doors), as *Monsters and Obstacles/Holes* applies it: with
    no other route to the characters, the monster moves as close as it can to the Blocked
    Door, to be near them when it opens."""
    text = f"""
tiles:
  A-2 at 0,0
  A-3 at 7,0 turned 90
open: 6,3 7,3
markers: blocked_door 7,3
figures:
  o = monster Orc at 12,4
  {MAGE} at 2,3
"""
    activation = act(text)
    assert activation.attack is None
    assert activation.end == Square(8, 3)  # right inside the Blocked Door
    no_way = next(n for n in activation.notes if n.criterion == "no way through")
    assert no_way.rule is Section.DUNGEON_MARKERS


def test_a_flying_monster_does_not_stop_over_a_hole() -> None:
    """*Dungeon Markers* (Hole Markers): Gargoyles and Poltergeists fly over Holes, but a Hole
    is never a square to stand on. With 1 AP the Poltergeist cannot get past the Hole."""
    text = corridor("#bx..M#", "b = monster Poltergeist AP 1", MAGE)
    activation = act(text, "b")
    assert activation.end == Square(1, 1)
    assert activation.attack is None


def test_a_flying_monster_flies_over_a_hole() -> None:
    """*Dungeon Markers* (Hole Markers): a Gargoyle flies over a Hole for 1 AP a square, with
    no jump, and attacks; with too few AP to get across it waits on its side."""
    activation = act(corridor("#jx.M#", "j = monster Gargoyle", MAGE), "j")
    assert [(s.kind, s.cost) for s in activation.steps] == [("fly", 1), ("walk", 1)]
    assert activation.attack is not None and activation.attack.defender == "M"
    waiting = act(corridor("#jx.M#", "j = monster Gargoyle AP 1", MAGE), "j")
    assert waiting.end == Square(1, 1) and waiting.attack is None


# -- The optional rules ---------------------------------------------------------------------

# A dead end: the Mage at the end of a corridor, a Goblin on the one square next to her.
DEAD_END = "#o.cM#"


def test_pushing_a_monster_aside_costs_nothing() -> None:
    """*Monsters and Obstacles/Holes*: the only square to attack from holds a monster; the
    active monster pushes it out of the way (onto the nearest square, along its own path) for
    no AP and attacks."""
    activation = act(corridor(DEAD_END, "o = monster Orc AP 6", "c = monster Goblin", MAGE))
    assert [(p.letter, p.start, p.end, p.swap) for p in activation.pushes] == [
        ("c", Square(3, 1), Square(2, 1), False)
    ]
    assert activation.ap_left == 4 and activation.attack is not None


@pytest.mark.parametrize(("ap", "swaps"), [(7, True), (6, False)])
def test_optional_rule_monster_swap(ap: int, swaps: bool) -> None:
    """*Optional Rule: Monster Swap*: the push becomes Swap Places for 5 AP; the monster
    attacks with 0 AP or more left, and does not swap when it could not attack."""
    rules = RulesOptions(monster_swap=True)
    text = corridor(DEAD_END, f"o = monster Orc AP {ap}", "c = monster Goblin", MAGE)
    activation = act(text, options=rules)
    if swaps:
        assert [(p.letter, p.end, p.swap) for p in activation.pushes] == [("c", Square(2, 1), True)]
        assert activation.ap_left == 0 and activation.attack is not None
    else:
        assert activation.pushes == () and activation.attack is None
        assert activation.after.figure("c").square == Square(3, 1)


@pytest.mark.parametrize(("ap", "plain", "optional"), [(3, True, True), (2, True, False)])
def test_optional_rule_monster_ap(ap: int, plain: bool, optional: bool) -> None:
    """*Optional Rule: Monster AP*: by default a monster may spend all its AP moving and still
    attack; with the optional rule it needs AP left over (more than 0)."""
    text = corridor("#o..M#", f"o = monster Orc AP {ap}", MAGE)
    default = act(text)
    assert (default.attack is not None) is plain
    strict = act(text, options=RulesOptions(monster_ap=True))
    assert (strict.attack is not None) is optional
    if not optional:
        assert strict.end == Square(3, 1)  # it still comes as close as it can
        assert any(n.rule is Section.MONSTER_AP for n in strict.notes)


# -- The FAQ: the Dark Mage's lightning -----------------------------------------------------

# The Mage (J) is the nearest character the lightning can start from, within range 6 of the
# Dark Mage. From him it leaps to the Warrior (T) and forks there: to the Priestess (F) below
# him and to the Huntress (Y) beyond him, each within range 2 of the Warrior but 4 from each
# other; from the Huntress it leaps on to the Adventurer (Z). The Scoundrel (E) stands 3 or
# more from everyone and is not struck. The board is chapter 18's (``doria_nb.book.faq``).


def test_faq_leaping_lightning_branches() -> None:
    """FAQ (the Dark Mage's lightning): after its first target the lightning jumps to every
    character within range 2 of one already struck, forking into branches; it is not one
    chain. The Dark Mage picks a target whose lightning strikes the most characters."""
    situation = board(LIGHTNING)
    activation = situation.activate("q")
    if activation.pending is not None:  # where it stands is the players' choice here
        activation = situation.activate("q", square=activation.pending.options[0])
    assert activation.attack is not None
    assert set(activation.attack.struck) == {"T", "J", "Y", "Z", "F"}
    assert "E" not in activation.attack.struck
    # F and Y are each within range 2 of T only: the bolt forks at the Warrior.
    square = {f.letter: f.square for f in situation.heroes}
    assert situation.dungeon.range(square["F"], square["Y"]) > 2
    assert situation.dungeon.range(square["F"], square["J"]) > 2
    first = situation.dungeon.range(
        activation.attack.square, situation.figure(activation.attack.defender).square
    )
    assert first <= 6
    multiple = activation.target.steps[0]
    assert multiple.criterion == "attack multiple targets"
    assert set(multiple.candidates_after) == {"T", "J", "Y", "Z", "F"}


def test_the_dark_mage_prefers_more_targets_over_a_nearer_one() -> None:
    """*Target of a Monster*, "Attack multiple targets": a monster that can strike several
    characters does so, even going past a nearer lone character."""
    text = """
map:
  #D###########
  #q..........#
  #...........#
  #.F.........#
  #...........#
  #...........#
  #.......T.J.#
  #...........#
  #############
figures:
  q = monster Dark Mage
  F = hero Priestess STR 6 AGI 8 WIS 3
  T = hero Warrior STR 15 AGI 10 WIS 6
  J = hero Mage STR 4 AGI 7 WIS 9
"""
    situation = board(text)
    activation = situation.activate("q")
    if activation.pending is not None:
        activation = situation.activate("q", square=activation.pending.options[0])
    assert activation.target_letter in ("T", "J")
    assert activation.attack is not None and set(activation.attack.struck) == {"T", "J"}


# -- The C-8 example of *Monsters and Obstacles/Holes* ---------------------------------------

# Five characters; the Huntress (H), the Mage (M) and the Warrior (W) have come into C-8
# through the top door, the Adventurer (A) and the Priestess (I) are still in the storeroom
# behind it. The monsters: the Dark Mage (q) on the white icon in the top left corner,
# the two Goblins on and next to the white icon in the bottom right corner (b, the "blue" one,
# is the nearer to a character; k the "black" one), the Mummy (m) on the green icon, and the
# Slimecrawler (s) right next to the Mage, in the only gap left around him. The three in the
# room stand within range 2 of each other, so one Leaping Lightning can strike them all.
# The picture is not in the rulebook's text; this board has the properties the text states.
C_8 = """
# Monsters and Obstacles/Holes: the C-8 example
tiles:
  A-3 at 1,-7
  C-8 at 0,0
open: 4,-1 4,0
figures:
  H = hero Huntress STR 7 AGI 10 WIS 5 at 7,4
  M = hero Mage STR 4 AGI 7 WIS 9 at 5,4
  W = hero Warrior STR 15 AGI 10 WIS 6 at 4,4
  A = hero Adventurer STR 9 AGI 9 WIS 7 at 2,-6
  I = hero Priestess STR 6 AGI 8 WIS 10 at 6,-6
  q = monster Dark Mage at 1,1
  b = monster Goblin at 7,7
  k = monster Goblin 2 at 6,7
  s = monster Slimecrawler at 6,4
  m = monster Mummy at 2,6
"""


def _step(decisions: tuple[Decision, ...], criterion: str) -> Decision:
    """The step of a trace whose criterion starts with ``criterion``."""
    return next(d for d in decisions if d.criterion.startswith(criterion))


def test_c8_the_monsters_act_in_turn() -> None:
    """*Monsters and Obstacles/Holes*, the C-8 example, as a whole monster phase with the Dark
    Mage, the Goblins and the Mummy on the squares their icons gave them: the Goblins go first
    (the nearer first), then the Dark Mage, the Slimecrawler and the Mummy. Every step the
    text describes is checked in its order; the three that this tile's distances cannot give
    (the Dark Mage's move, the Slimecrawler on the blue Goblin's square, the Mummy's freed
    target) are checked as they come out here and, on the boards of the next two tests, as
    the text has them (ruling A27)."""
    situation = board(C_8)
    phase = situation.monster_phase()
    assert phase.done
    assert phase.sequence == ("b", "k", "q", "s", "m")
    # The Goblins are the fastest (13 AP, then 9, 8, 5); of the two, the nearer goes first.
    fastest = _step(phase.order.steps, "higher on the Initiative Board")
    assert set(fastest.candidates_after) == {"b", "k"}
    assert "Dark Mage (q) at 9, Slimecrawler (s) at 8, Mummy (m) at 5" in fastest.note
    closer = _step(phase.order.steps, "closer")
    assert closer.candidates_before == ("k", "b") and closer.candidates_after == ("b",)
    blue, black, dark_mage, slime, mummy = phase.activations

    # The blue Goblin, nearest to the Huntress, runs to her and attacks her.
    assert _step(blue.target.steps, "closer").candidates_after == ("H",)
    assert blue.end in situation.dungeon.neighbors(situation.figure("H").square)
    assert blue.attack is not None and blue.attack.defender == "H" and blue.pushes == ()

    # The black Goblin goes for the Mage and pushes the Slimecrawler out of the way, for no
    # AP. (Here the Huntress still has a free square as near as the Mage, so the lower STR
    # decides, not "no free target".)
    assert black.target_letter == "M"
    assert _step(black.target.steps, "lower STR").candidates_after == ("M",)
    assert [p.letter for p in black.pushes] == ["s"]
    assert black.end == situation.figure("s").square
    assert black.ap_left == 13 - sum(step.cost for step in black.steps)
    assert black.attack is not None and black.attack.defender == "M"

    # The Dark Mage picks the target whose lightning strikes the most characters: all three,
    # through the Warrior, the nearest of them; it stands along a wall at its range, 6. Its
    # icon already is such a square, so here it does not move (ruling A27).
    multiple = _step(dark_mage.target.steps, "attack multiple targets")
    assert set(multiple.candidates_after) == {"H", "M", "W"}
    assert _step(dark_mage.target.steps, "closer").candidates_after == ("W",)
    assert dark_mage.attack is not None and dark_mage.attack.defender == "W"
    assert set(dark_mage.attack.struck) == {"H", "M", "W"}
    after = dark_mage.after
    assert after.dungeon.range(dark_mage.end, after.figure("W").square) == 6
    assert after.line_of_sight(dark_mage.end, "W")
    assert along_wall(after.dungeon, dark_mage.end)
    assert dark_mage.end == dark_mage.start

    # The Slimecrawler, pushed next to the Mage, already sees him, but backs off to its range
    # of 5, away from the other characters, and attacks the Mage. The blue Goblin's first
    # square (7, 7) is at range 5 too, but 3 from the Huntress, so here it goes elsewhere.
    assert slime.before.line_of_sight(slime.start, "M")
    assert slime.target_letter == "M"
    assert slime.attack is not None and slime.attack.defender == "M"
    assert slime.after.dungeon.range(slime.end, slime.after.figure("M").square) == 5
    away = _step(slime.route, "as far from the other characters")
    assert "7,7" in away.candidates_before and "7,7" not in away.candidates_after

    # Last, the Mummy reaches the Warrior and attacks him.
    assert mummy.attack is not None and mummy.attack.defender == "W" and mummy.pushes == ()


# The Dark Mage's move and the Mummy's freed target, as the text has them (ruling A27): the
# Warrior has come up to the Dark Mage in its corner, the Huntress and the Mage behind him in
# the top row; a monster (k) stands on the Warrior's other free side; the Mummy (m) is on its
# way up the left wall, its way in reach of the Dark Mage's square.
C_8_DARK_MAGE = """
# Monsters and Obstacles/Holes, the C-8 example: the Dark Mage steps back
tiles:
  A-3 at 1,-7
  C-8 at 0,0
open: 4,-1 4,0
figures:
  H = hero Huntress STR 7 AGI 10 WIS 5 at 3,1
  M = hero Mage STR 4 AGI 7 WIS 9 at 4,1
  W = hero Warrior STR 15 AGI 10 WIS 6 at 2,1
  A = hero Adventurer STR 9 AGI 9 WIS 7 at 2,-6
  I = hero Priestess STR 6 AGI 8 WIS 10 at 6,-6
  q = monster Dark Mage at 1,1
  k = monster Goblin 2 at 2,2
  m = monster Mummy at 1,4
"""


def test_c8_the_dark_mage_steps_back_and_frees_the_mummys_target() -> None:
    """*Monsters and Obstacles/Holes*, the C-8 example: the Dark Mage, too close to the
    Warrior, aims its lightning at him (the nearest; it strikes all three) and moves as far
    away as its range allows, along a wall, still seeing him; the Mummy then has the Warrior
    as a free target on the square the Dark Mage left, where before it would have had to push
    the Dark Mage aside (*Fastest Way to the Target*, *Target of a Monster*)."""
    situation = board(C_8_DARK_MAGE)
    dark_mage = situation.activate("q")
    assert dark_mage.pending is None, dark_mage.explain()
    assert _step(dark_mage.target.steps, "closer").candidates_after == ("W",)
    assert dark_mage.attack is not None and dark_mage.attack.defender == "W"
    assert set(dark_mage.attack.struck) == {"H", "M", "W"}
    start, end = dark_mage.start, dark_mage.end
    warrior = situation.figure("W").square
    assert situation.dungeon.range(start, warrior) == 1
    assert end == Square(1, 6) and situation.dungeon.range(end, warrior) == 6
    assert dark_mage.after.line_of_sight(end, "W") and along_wall(situation.dungeon, end)
    farthest = _step(dark_mage.route, "as far from the target")
    assert set(farthest.candidates_after) == {"1,6", "7,2", "6,3", "5,4", "4,5", "3,6", "2,7"}
    away = _step(dark_mage.route, "as far from the other characters")
    assert set(away.candidates_after) == {"1,6", "2,7"}  # both 7 from the Huntress
    assert _step(dark_mage.route, "move only as far as needed").candidates_after == ("1,6",)

    # Had the Dark Mage stayed, the Mummy could reach the Warrior only by pushing it aside.
    stayed = situation.activate("m")
    assert [p.letter for p in stayed.pushes] == ["q"]
    # It moved: the Mummy walks up the wall onto its square, a free target, and attacks.
    mummy = dark_mage.after.activate("m")
    assert mummy.pending is None
    assert mummy.target_letter == "W" and mummy.pushes == ()
    assert mummy.end == start and mummy.ap_left >= 0
    assert mummy.attack is not None and mummy.attack.defender == "W"


# The Slimecrawler on the blue Goblin's first square, as the text has it (ruling A27): the
# Goblin (b) starts on the lower right icon, the Slimecrawler (s) next to the Mage.
C_8_SLIMECRAWLER = """
# Monsters and Obstacles/Holes, the C-8 example: the Slimecrawler takes the Goblin's square
tiles:
  A-3 at 1,-7
  C-8 at 0,0
open: 4,-1 4,0
figures:
  H = hero Huntress STR 7 AGI 10 WIS 5 at 7,3
  M = hero Mage STR 4 AGI 7 WIS 9 at 6,3
  W = hero Warrior STR 15 AGI 10 WIS 6 at 5,4
  A = hero Adventurer STR 9 AGI 9 WIS 7 at 2,-6
  I = hero Priestess STR 6 AGI 8 WIS 10 at 6,-6
  b = monster Goblin at 7,7
  s = monster Slimecrawler at 6,4
"""


def test_c8_the_slimecrawler_takes_the_blue_goblins_first_square() -> None:
    """*Monsters and Obstacles/Holes*, the C-8 example: the Slimecrawler already sees the Mage
    but moves farther from the other characters, to its range of 5: the square the blue
    Goblin left earlier in the same phase, no longer occupied; it attacks the Mage there."""
    situation = board(C_8_SLIMECRAWLER)
    goblin_square = situation.figure("b").square
    phase = situation.monster_phase()
    assert phase.done and phase.sequence == ("b", "s")
    blue, slime = phase.activations
    assert blue.attack is not None and blue.attack.defender == "H"
    assert blue.end != goblin_square  # the Goblin's first square is free now
    assert slime.before.line_of_sight(slime.start, "M")  # it could attack from where it is
    assert slime.target_letter == "M"
    farthest = _step(slime.route, "as far from the target")
    assert "7,7" in farthest.candidates_after
    away = _step(slime.route, "as far from the other characters")
    assert away.candidates_after == ("7,7",)
    assert slime.end == goblin_square
    assert slime.after.dungeon.range(slime.end, slime.after.figure("M").square) == 5
    assert slime.attack is not None and slime.attack.defender == "M"


def test_c8_our_tile_cannot_hold_the_whole_walkthrough_on_its_icons() -> None:
    """Ruling A27, the distances behind it: on our C-8 the Mummy's possible icons (green,
    yellow) are farther from the Dark Mage's corner icon than the Mummy's AP can walk, and the
    two corner icons are farther apart than the walkthrough allows (next to the Dark Mage,
    the lightning's two leaps, the Slimecrawler's range). If the tile is redrawn so that these
    fail, the walkthrough may fit one board and the ruling is to be revisited."""
    c8 = board(C_8)
    pack = starter_pack()
    icons = dict(pack.tile("C-8").monster_icons(5))
    top_left = min(icons, key=lambda sq: sq.x + sq.y)
    lower_right = max(icons, key=lambda sq: sq.x + sq.y)
    assert (icons[top_left], icons[lower_right]) == (MonsterColor.WHITE, MonsterColor.WHITE)
    mummy_ap = max(level.ap for level in pack.monster("mummy").levels)
    others = [sq for sq, colour in icons.items() if colour is not MonsterColor.WHITE]
    assert others and all(c8.dungeon.range(sq, top_left) > mummy_ap for sq in others)
    slime_range = max(level.range for level in pack.monster("slimecrawler").levels)
    allowed = 1 + 2 * LIGHTNING_LEAP + slime_range
    goblin_squares = c8.dungeon.neighbors(lower_right)
    assert all(c8.dungeon.range(top_left, sq) > allowed for sq in [lower_right, *goblin_squares])
