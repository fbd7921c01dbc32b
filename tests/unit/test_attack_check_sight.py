"""``attack_check`` asks for Line of Sight only where its answer needs it, and says the same.

The check used to work out Line of Sight before looking at the range; now it asks only for an
attack that lands or one at range within reach. On random boards every figure is checked
against every other at ranges 0 to 8: an attack allowed always carries the Line of Sight
(the very answer of the situation), a refusal for range never needs it, and a refusal at
range within reach is exactly "no Line of Sight".
"""

from __future__ import annotations

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.cards import AttackKind
from doria_nb.engine.chance import Chance
from doria_nb.engine.combat.board_check import attack_check, hero_may_reach
from doria_nb.engine.geometry import Square
from doria_nb.engine.random_dungeon import explore
from doria_nb.engine.situation import Situation
from doria_nb.engine.situation.figure import Figure

PACK = starter_pack()


def _board(seed: int) -> Situation:
    chance = Chance.seeded(seed)
    dungeon = explore(PACK, chance, tiles=2 + seed % 5, characters=4)
    floor = [sq for sq in dungeon.squares() if dungeon.passable(sq) and not dungeon.door_square(sq)]
    picked: list[Square] = []
    while len(picked) < min(len(floor), 8):
        square = floor[chance.below(len(floor))]
        if square not in picked:
            picked.append(square)
    heroes = [
        Figure.hero(name, name[0], square)
        for name, square in zip(("Warrior", "Mage", "Huntress"), picked[:3], strict=True)
    ]
    names = ("Orc", "Goblin", "Archer", "Dark Mage", "Mummy")
    monsters = [
        Figure.monster(name, letter, square)
        for name, letter, square in zip(names, "bcdfj", picked[3:8], strict=True)
    ]
    return Situation(dungeon, (*heroes, *monsters))


@pytest.mark.parametrize("seed", range(10))
def test_line_of_sight_is_there_whenever_the_answer_needs_it(seed: int) -> None:
    situation = _board(seed)
    dungeon = situation.dungeon
    for a in situation.figures:
        for d in situation.figures:
            if a.kind == d.kind:
                continue
            sight = situation.line_of_sight(a.square, d.square)
            distance = dungeon.range(a.square, d.square)
            for reach in range(9):
                for kind in (AttackKind.MELEE, AttackKind.RANGED):
                    check = attack_check(situation, a.letter, d.letter, reach, kind=kind)
                    if check.ok:
                        assert check.sight == sight
                    elif reach > 1 and reach >= distance > 1:
                        assert not sight.visible and check.sight == sight
                    else:
                        assert check.sight is None
                    if reach > 1 and distance > 1:
                        assert check.ok == (distance <= reach and sight.visible)


@pytest.mark.parametrize("seed", range(10))
def test_a_hero_attack_allowed_is_always_one_hero_may_reach_lets_through(seed: int) -> None:
    """``hero_may_reach`` (the bots skip squares with it) never rules out an attack that
    ``attack_check`` allows: every hero, moved onto every free square, against every monster,
    at ranges 0 to 8."""
    situation = _board(seed)
    dungeon = situation.dungeon
    taken = {f.square for f in situation.figures}
    free = [s for s in dungeon.squares() if dungeon.passable(s) and s not in taken]
    refused = 0
    for hero in situation.heroes:
        for square in free[:: 1 + seed % 3]:
            moved = situation.moved(hero.letter, square)
            for monster in situation.monsters:
                for reach in range(9):
                    quick = hero_may_reach(dungeon, square, monster.square, reach)
                    check = attack_check(moved, hero.letter, monster.letter, reach)
                    assert quick or not check.ok, (hero.label, square, monster.label, reach)
                    refused += not quick
    assert refused  # the quick test did rule some out


HOLE_ON_OPEN_DOOR = """\
tiles:
  A-1 at 0,0
  C-7 at -9,2
open: -1,4 0,4
markers: hole 0,4
figures:
  M = hero Mage at -1,4
  b = monster Ghoul at 1,4
"""


def test_a_hole_on_an_open_door_hides_nothing() -> None:
    """Ruling RB7 (soak seed 430014): a Hole that opens under a hero standing in a doorway
    makes the square a Hole, not a closed door. It cannot be entered, but it is seen across,
    as every Hole is; before, the door counted as shut for sight, so a monster's melee blow
    across the Hole (which the AI plans whatever the range, ruling RB6) was refused by the
    combat check whenever the monster's range reached past the gap."""
    board = Situation.from_text(HOLE_ON_OPEN_DOOR)
    door = Square(0, 4)
    assert board.dungeon.is_hole(door) and not board.dungeon.passable(door)
    assert board.line_of_sight(Square(1, 4), Square(-1, 4)).visible
    check = attack_check(board, "b", "M", 3)
    assert check, check.reason
