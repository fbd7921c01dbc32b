"""Zombies multiplying in Phase F (*Phase F: Special Actions*), with the figure limit of
*Multiple monsters per monster icon*: a Zombie that cannot multiply is activated instead."""

from __future__ import annotations

from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai import activate
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.spawning import raise_zombies

ROOM = """map:
  #D#########
  #.........#
  #.........#
  #........M#
  ###########
figures:
  M = hero Mage STR 4
"""


def with_zombies(*squares: tuple[int, int]) -> Situation:
    lines = [
        f"  {letter} = monster Zombie at {x},{y}"
        for letter, (x, y) in zip("zabcd", squares, strict=False)
    ]
    return Situation.from_text(ROOM + "\n".join(lines) + "\n")


def test_each_zombie_raises_one_next_to_it_in_monster_order() -> None:
    s = with_zombies((1, 1), (5, 1))
    rising = raise_zombies(s)
    assert len(rising.raised) == 2 and not rising.extra_activations
    for parent, child in rising.raised:
        assert (
            rising.situation.dungeon.range(
                rising.situation.figure(parent).square, rising.situation.figure(child).square
            )
            == 1
        )
    # The Zombie nearer the Mage goes first (Monster Order: closer to a character).
    assert rising.raised[0][0] == "a"
    assert [s.criterion for s in rising.trace.steps].count("a Zombie rises") == 2
    assert any(step.rule is Section.PHASE_F for step in rising.trace.steps)
    assert len(rising.situation.monsters) == 4


def test_without_figures_left_a_zombie_is_activated_instead() -> None:
    s = with_zombies((1, 1), (3, 1), (5, 1), (1, 3))
    rising = raise_zombies(s)  # 4 in play, 5 in the box: one rises, three act
    assert len(rising.raised) == 1
    assert len(rising.extra_activations) == 3
    assert "cannot multiply" in rising.extra_activations[0].reason
    acted = activate(rising.situation, rising.extra_activations[0].letter)
    assert acted.target.result == ("M",)


def test_no_zombies_no_change() -> None:
    s = Situation.from_text(
        ROOM.replace("  M = hero Mage STR 4\n", "  M = hero Mage STR 4\n  o = monster Orc at 1,1\n")
    )
    rising = raise_zombies(s)
    assert rising.situation == s and rising.raised == () and rising.extra_activations == ()
    assert rising.situation.figure("o").square == Square(1, 1)


PACKED = """map:
  #D###
  #Mkz#
  #####
figures:
  M = hero Mage STR 4
  k = monster Goblin
  z = monster Zombie
"""


def test_a_zombie_with_no_free_square_left_is_activated_instead() -> None:
    """Ruling P11: every square z could reach is taken, so it "cannot multiply" (*Multiple
    monsters per monster icon*) and gets an Extra Activation instead of stopping the round."""
    s = Situation.from_text(PACKED)
    rising = raise_zombies(s)
    assert not rising.raised
    assert [extra.letter for extra in rising.extra_activations] == ["z"]
    assert "P11" in rising.extra_activations[0].reason
    assert any(step.criterion == "no free square" for step in rising.trace.steps)
    assert rising.situation == s
    activate(rising.situation, "z")  # its Extra Activation plays out without an error
