"""The per-dungeon attack tables answer exactly as the plain rule does.

:func:`~doria_nb.engine.monster_ai.attack_from.attack_test` replaces, in the monster planner,
the square-by-square :func:`~doria_nb.engine.monster_ai.strike.can_attack_from`. Here both
are asked about every square of random dungeons explored by the rules, with Holes (rows of
them too) and Rubble scattered, for melee, ranged, magic, long-range and flying monsters and
for awake, buried and unconscious characters: the answers must be the same everywhere.
"""

from __future__ import annotations

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.cards import Marker
from doria_nb.engine.chance import Chance
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai import activate, activation, route
from doria_nb.engine.monster_ai.attack_from import attack_test, blow_squares
from doria_nb.engine.monster_ai.moves import MonsterMoves
from doria_nb.engine.monster_ai.records import monster_profile
from doria_nb.engine.monster_ai.strike import can_attack_from, struck_anywhere, struck_by
from doria_nb.engine.random_dungeon import explore
from doria_nb.engine.situation import Situation
from doria_nb.engine.situation.figure import Figure

PACK = starter_pack()
MONSTERS = ("Orc", "Goblin", "Gargoyle", "Archer", "Dark Mage", "Ogre", "Slimecrawler")


def _board(seed: int) -> Situation:
    """A random dungeon with Holes in rows and alone, Rubble, 4 heroes (one buried, one
    unconscious) and 4 monsters, one of them with a long range."""
    chance = Chance.seeded(seed)
    dungeon = explore(PACK, chance, tiles=3 + seed % 6, characters=4)
    floor = [sq for sq in dungeon.squares() if dungeon.passable(sq) and not dungeon.door_square(sq)]
    picked: list[Square] = []
    while len(picked) < min(len(floor), 20):
        square = floor[chance.below(len(floor))]
        if square not in picked:
            picked.append(square)
    for square in picked[8:14]:
        dungeon = dungeon.with_marker(square, Marker.HOLE)
        beside = Square(square.x + 1, square.y)
        if beside in floor and beside not in picked:  # a row of two Holes
            dungeon = dungeon.with_marker(beside, Marker.HOLE)
    for square in picked[14:17]:
        dungeon = dungeon.with_marker(square, Marker.RUBBLE)
    heroes = [
        Figure.hero("Warrior", "W", picked[0], STR=13, AGI=9, WIS=4, AP=12),
        Figure.hero("Mage", "M", picked[1], STR=4, AGI=7, WIS=12, AP=11),
        Figure.hero("Ranger", "R", picked[2], HP=-1, AP=0, flags={"unconscious"}),
        Figure.hero("Priestess", "Z", picked[14], STR=6, AGI=6, WIS=11, flags={"buried"}),
    ]
    names = [MONSTERS[(seed + k) % len(MONSTERS)] for k in range(4)]
    monsters = [
        Figure.monster(name, letter, square, RNG=7)
        if k == 3
        else Figure.monster(name, letter, square)
        for k, (name, letter, square) in enumerate(zip(names, "bcdf", picked[4:8], strict=True))
    ]
    return Situation(dungeon, (*heroes, *monsters))


@pytest.mark.parametrize("seed", range(16))
def test_attack_test_matches_can_attack_from_on_every_square(seed: int) -> None:
    situation = _board(seed)
    dungeon = situation.dungeon
    squares = list(dungeon.squares())
    off = Square(min(s.x for s in squares) - 1, min(s.y for s in squares) - 1)
    for m in situation.monsters:
        monster = monster_profile(situation, m.letter, pack=PACK)
        for hero in situation.heroes:
            fast = attack_test(dungeon, monster, hero)
            for square in squares:
                assert fast(square) == can_attack_from(situation, monster, square, hero), (
                    seed,
                    monster.label,
                    hero.label,
                    square,
                )
            blows = blow_squares(dungeon, monster, hero)
            if blows is not None:
                assert fast(off) == can_attack_from(situation, monster, off, hero)
                assert blows & set(squares) == {s for s in squares if fast(s)}
            else:
                assert monster.range > 1 and not hero.buried


def test_a_blow_across_a_row_of_holes_is_found() -> None:
    situation = Situation.from_text(
        """
map:
  #D#######
  #o.xxM..#
  #.......#
  #########
figures:
  o = monster Orc
  M = hero Mage STR 4
"""
    )
    monster = monster_profile(situation, "o")
    mage = situation.figure("M")
    fast = attack_test(situation.dungeon, monster, mage)
    assert fast(Square(2, 1)) and can_attack_from(situation, monster, Square(2, 1), mage)
    assert not fast(Square(3, 2)) and not fast(Square(1, 1))


def test_a_melee_blow_at_range_crosses_a_hole_wider_than_its_range() -> None:
    """Ruling RB6: a melee monster with range 3 strikes over three Holes (4 squares away), as
    the plain rule says; the table's test at range must say so too."""
    situation = Situation.from_text(
        """
map:
  #D#######
  #.oxxxM.#
  #.......#
  #########
figures:
  o = monster Orc RNG 3
  M = hero Mage STR 4
"""
    )
    monster = monster_profile(situation, "o")
    assert monster.range == 3
    mage = situation.figure("M")
    fast = attack_test(situation.dungeon, monster, mage)
    for square in situation.dungeon.squares():
        assert fast(square) == can_attack_from(situation, monster, square, mage), square
    assert fast(Square(2, 1)) and not fast(Square(1, 1))


@pytest.mark.parametrize("seed", range(8))
def test_activations_decide_the_same_with_the_plain_rule(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every activation on a random board, planned with the tables and then with the plain
    rule asked square by square, gives the same explanation."""
    situation = _board(seed)
    fast = [activate(situation, m.letter, pack=PACK).explain() for m in situation.monsters]

    def plain(dungeon: object, monster: object, hero: Figure) -> object:
        return lambda square: can_attack_from(situation, monster, square, hero)  # type: ignore[arg-type]

    for module in (activation, route):
        monkeypatch.setattr(module, "attack_test", plain)
        monkeypatch.setattr(module, "blow_squares", lambda *_: None)  # every square asked
    slow = [activate(situation, m.letter, pack=PACK).explain() for m in situation.monsters]
    assert fast == slow


@pytest.mark.parametrize("seed", range(4))
def test_struck_anywhere_means_the_same_characters_from_every_square(seed: int) -> None:
    """The planner asks only whether some square serves when :func:`struck_anywhere` says the
    characters struck do not depend on the square (every area attack but Wide Sweep): check
    it against :func:`struck_by` from every floor square, for every monster card of the
    pack, with heroes side by side so that the areas reach more than the target."""
    situation = _board(seed)
    dungeon = situation.dungeon
    floor = [sq for sq in dungeon.squares() if dungeon.passable(sq) and not dungeon.door_square(sq)]
    near = dungeon.neighbors(situation.figure("W").square)
    beside = next(n for n in near if n in floor and not situation.at(n))
    crowd = Situation(dungeon, (*situation.figures, Figure.hero("Huntress", "H", beside)))
    kinds = set()
    for card in PACK.monsters:
        square = next(s for s in floor if not crowd.at(s))
        board = Situation(dungeon, (*crowd.figures, Figure.monster(card.name, "q", square)))
        monster = monster_profile(board, "q", pack=PACK)
        kinds.add((monster.area, struck_anywhere(monster)))
        if not struck_anywhere(monster):
            continue
        for hero in (board.figure("W"), board.figure("M"), board.figure("H")):
            found = {struck_by(board, monster, s, hero) for s in floor[:: 3 + seed]}
            assert len(found) == 1, (card.name, hero.letter)
    assert ("Wide Sweep", False) in kinds and ("Leaping Lightning", True) in kinds


@pytest.mark.parametrize("seed", range(8))
def test_approach_finds_the_goals_the_full_list_gives(seed: int) -> None:
    """:func:`~doria_nb.engine.monster_ai.route.approach` asks whether a square serves only
    up to the cheapest one's AP; the shortest route it names (and the ties) are those of the
    full list of squares to attack from, asked square by square with the plain rule."""
    situation = _board(seed)
    awake = [h for h in situation.heroes if not h.unconscious]
    for figure in situation.monsters:
        monster = monster_profile(situation, figure.letter, pack=PACK)
        whole = MonsterMoves(situation, monster)
        moves = whole.within(monster.ap)
        for hero in awake:
            destination, routed = route.approach(situation, moves, whole, hero)
            goals = [
                s
                for s in whole.cost
                if (whole.ends_here(s) or s in whole.others)
                and can_attack_from(situation, monster, s, hero)
            ]
            goals.sort(key=lambda s: (whole.cost[s], -whole.walls_along(s), s.y, s.x))
            assert routed == bool(goals)
            if goals:
                tied = [g for g in goals if whole.cost[g] == whole.cost[goals[0]]]
                first = destination.steps[0]
                assert first.candidates_before == tuple(route.key(s) for s in tied)
                assert first.candidates_after == (route.key(goals[0]),)
