"""*Range and Line of Sight*, Examples 1 and 2, on boards of our own.

The rulebook's pictures are not in the text, so the rooms below are ours; what is tested is
what the examples say: range counts squares orthogonally, an attack needs Line of Sight as
well as range, advancing two squares can open the line, and Range×2 doubles a bow's reach
without making visible what a wall hides.
"""

from __future__ import annotations

from doria_nb.content import starter_pack
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.combat import Foe, attack_check, attack_options, hero_attack_on_board
from doria_nb.engine.geometry import Square
from doria_nb.engine.mat import Mat, Slot
from doria_nb.engine.situation import Situation

PACK = starter_pack()


def huntress(*bonuses: str) -> Character:
    template = PACK.hero("huntress")
    mat = Mat().with_body(Slot.HAND_1, PACK.item("shortbow"))
    character = Character(template.name, template.attributes, mat=mat, template=template)
    character.level = 1 + len(bonuses)
    for bonus in bonuses:
        character.choose_bonus(PACK.bonus(bonus))
    return character


# Example 1: the Huntress (bow, range 6) sees no monster from where she stands; two squares
# towards the Mage, the Mummy comes into view; the Mage (spell, range 4) sees it already.
EXAMPLE_1 = Situation.from_text("""
map:
  ###D#########
  #.H.#.......#
  #...#M.u....#
  #...........#
  #############
figures:
  H = hero Huntress
  M = hero Mage
  u = monster Mummy
""")


def test_range_and_line_of_sight_example_1_advancing_two_squares_opens_the_line() -> None:
    hunter = huntress()
    bow = attack_options(hunter)[0]
    assert bow.range == 6
    here = attack_check(EXAMPLE_1, "H", "u", bow)
    assert not here and "Line of Sight" in here.reason
    moved = EXAMPLE_1.moved("H", Square(2, 3))  # two squares towards the Mage
    there = attack_check(moved, "H", "u", bow)
    assert there and there.range == 6
    result = hero_attack_on_board(
        moved, "H", hunter, "u", Foe.of(PACK.monster("mummy")), bow, Chance.seeded(1)
    )
    assert result.struck == ("u",)
    assert attack_check(EXAMPLE_1, "M", "u", 4)  # the Mage's range-4 spell


# Example 2: with range 6 only the nearest monster is in reach; Range×2 (range 12) reaches
# every monster she sees; a monster behind the wall stays out of sight at any range.
EXAMPLE_2 = Situation.from_text("""
map:
  ###D##########
  #H....o.....z#
  #.........####
  #.........#b.#
  #.........#..#
  #............#
  ##############
figures:
  H = hero Huntress
  o = monster Orc
  z = monster Zombie
  b = monster Goblin
""")


def test_range_and_line_of_sight_example_2_range_x2_reaches_what_she_sees() -> None:
    plain = attack_options(huntress())[0]
    doubled = attack_options(huntress("double_range"))[0]
    assert (plain.range, doubled.range) == (6, 12)
    assert attack_check(EXAMPLE_2, "H", "o", plain)
    far = attack_check(EXAMPLE_2, "H", "z", plain)
    assert not far and far.range == 11
    assert attack_check(EXAMPLE_2, "H", "z", doubled)
    hidden = attack_check(EXAMPLE_2, "H", "b", doubled)
    assert not hidden and hidden.sight is not None and not hidden.sight.visible
