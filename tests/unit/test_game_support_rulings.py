"""Rulings made while building the Game that touch the lower layers: the square a swapped
monster takes under *Monster Swap* (A26), a hero standing on a Hole a trap opened under it."""

from __future__ import annotations

from doria_nb.engine.cards import Marker
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.activation import activate
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.situation import Situation

CORRIDOR = """
map:
  ##D#####
  #M.....#
  ########
figures:
  M = hero Mage STR 4 AGI 7 WIS 11
  k = monster Goblin AP 13 at 2,1
  d = monster Gargoyle AP 10 at 3,1
  j = monster Goblin AP 13 at 4,1
"""


def test_a26_the_swapped_monster_takes_the_nearest_free_square_back_along_the_path() -> None:
    """*Optional Rule: Monster Swap*: the Goblin j passes the Gargoyle d and swaps with the
    Goblin k next to the Mage; the square it came from holds d, so k takes j's start."""
    s = Situation.from_text(CORRIDOR)
    act = activate(s, "j", options=RulesOptions(monster_swap=True))
    assert act.pushes and act.pushes[0].swap
    after = act.after
    assert after.figure("j").square == Square(2, 1)
    assert after.figure("k").square == Square(4, 1)
    assert after.figure("d").square == Square(3, 1)
    assert act.attack is not None and act.attack.defender == "M"


def test_a_hero_may_stand_on_a_hole_opened_under_it_but_a_monster_may_not() -> None:
    """*Dungeon Markers*: a character on a new Hole stays there until its next move (M9)."""
    s = Situation.from_text(CORRIDOR)
    holed = s.dungeon.with_marker(Square(1, 1), Marker.HOLE)
    Situation(holed, s.figures)  # the Mage on the Hole: allowed
    import pytest

    from doria_nb.engine.errors import SituationError

    monster_on_hole = s.dungeon.with_marker(Square(2, 1), Marker.HOLE)
    with pytest.raises(SituationError, match="Hole"):
        Situation(monster_on_hole, s.figures)


HOLE_CORRIDOR = """
map:
  ##D#####
  #M..x..#
  ########
figures:
  M = hero Mage STR 4 AGI 7 WIS 11
  k = monster Goblin AP 13 at 2,1
  l = monster Goblin AP 13 at 3,1
  j = monster Gargoyle AP 13 at 5,1
"""


def test_a26_a_swapped_monster_never_lands_on_a_hole_the_flyer_crossed() -> None:
    """*Optional Rule: Monster Swap* with *Monsters and Obstacles/Holes*: the Gargoyle j
    flies over the Hole at (4, 1), passes the Goblin l and swaps with the Goblin k next to
    the Mage. Walking back along j's path, l's square is taken and the Hole j flew over is no
    place for a Goblin to stand, so k goes to j's start (soak seed 428425 stopped on this)."""
    s = Situation.from_text(HOLE_CORRIDOR)
    act = activate(s, "j", options=RulesOptions(monster_swap=True))
    assert act.pushes and act.pushes[0].swap
    after = act.after
    assert after.figure("j").square == Square(2, 1)
    assert after.figure("k").square == Square(5, 1)
    assert after.figure("l").square == Square(3, 1)
    assert act.attack is not None and act.attack.defender == "M"
