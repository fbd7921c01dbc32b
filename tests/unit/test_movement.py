"""Movement: walking, jumping, swapping places, carrying, doors and Rubble.

Maps are drawn as pictures. Besides the tile legend ('#' wall, '.' floor, 'x' Hole, '~' Blue
Dashed, '%' Blue Solid, 'X' Red Solid, 'D' door), a picture may show figures and markers:
'@' the moving character, 'C' another character, 'K' another character standing on a Hole,
'M' a monster, 'T' a square the test talks about, 'R' Rubble (a marker on floor), 'o' a Hole
marker on floor. Squares are ``Square(column, row)`` counted from 0 at the top left.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.engine.cards import Marker
from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.errors import DoriaError, MovementError
from doria_nb.engine.geometry import Square, adjacent, reading_order
from doria_nb.engine.movement import (
    JUMP_AP,
    RUBBLE_AP,
    Path,
    Reach,
    Step,
    can_clear_rubble,
    can_move_to,
    can_open_door,
    check_path,
    clear_rubble,
    jump_check,
    jump_checks,
    jump_odds,
    move_cost,
    path_from,
    path_to,
    reachable,
)
from doria_nb.engine.sections import Section
from doria_nb.engine.tiles import RoomTile

FIGURES = {
    "@": ("mover", "."),
    "C": ("character", "."),
    "K": ("character", "x"),
    "M": ("monster", "."),
    "T": ("mark", "."),
    "R": ("rubble", "."),
    "o": ("hole", "."),
}


@dataclass
class Scene:
    dungeon: Dungeon
    mover: Square
    characters: list[Square] = field(default_factory=list)
    monsters: list[Square] = field(default_factory=list)
    marks: list[Square] = field(default_factory=list)

    def reach(self, ap: int, **options: object) -> Reach:
        return reachable(
            self.dungeon,
            self.mover,
            ap,
            characters=self.characters,
            monsters=self.monsters,
            **options,  # type: ignore[arg-type]
        )

    @property
    def mark(self) -> Square:
        (only,) = self.marks
        return only


def scene(picture: str) -> Scene:
    """Read a picture (see the module docstring) into a dungeon and its figures."""
    rows = textwrap.dedent(picture).strip("\n").splitlines()
    found: dict[str, list[Square]] = {}
    text = []
    for y, row in enumerate(rows):
        line = []
        for x, char in enumerate(row.strip()):
            kind, terrain = FIGURES.get(char, ("", char))
            if kind:
                found.setdefault(kind, []).append(Square(x, y))
            line.append(terrain)
        text.append("".join(line))
    dungeon = Dungeon.start(RoomTile.from_map("T", "test", "\n".join(text)))
    for square in found.get("rubble", []):
        dungeon = dungeon.with_marker(square, Marker.RUBBLE)
    for square in found.get("hole", []):
        dungeon = dungeon.with_marker(square, Marker.HOLE)
    movers = found.get("mover", [])
    return Scene(
        dungeon,
        movers[0] if movers else Square(1, 1),
        sorted(found.get("character", []), key=reading_order),
        sorted(found.get("monster", []), key=reading_order),
        sorted(found.get("mark", []), key=reading_order),
    )


def kinds(path: Path) -> list[str]:
    return [step.kind for step in path.steps]


def walk(a: Square, b: Square, cost: int = 1) -> Step:
    """A hand-made walking step (for paths the engine did not build)."""
    return Step("walk", a, b, (), cost, None, Section.WALKING, "by hand")


# -- walking -------------------------------------------------------------------------------------


def test_walking_costs_one_ap_per_square_and_never_diagonal() -> None:
    """*Walking (1 AP per square)*; *Adjacent*: a diagonal square is two steps away."""
    s = scene("""
        #######
        #@....#
        #.....#
        #.....#
        ###D###
    """)
    reach = s.reach(10, jumping=False)
    assert reach.cost(Square(2, 1)) == 1
    assert reach.cost(Square(2, 2)) == 2  # diagonal: over an orthogonal neighbour
    assert reach.cost(Square(5, 3)) == 6
    assert all(step.kind == "walk" for step in reach.path(Square(5, 3)).steps)
    assert str(reach.path(Square(5, 3))) == "walk 6 squares (6 AP): 6 AP"


def test_difficult_terrain_costs_one_more_to_enter() -> None:
    """*Difficult Terrain*: Blue Dashed and Blue Solid cost +1 AP for each step onto them;
    stepping off them costs nothing extra."""
    s = scene("""
        #######
        #@~%..#
        ###D###
    """)
    reach = s.reach(10, jumping=False)
    assert [reach.cost(Square(x, 1)) for x in range(2, 6)] == [2, 4, 5, 6]
    step = reach.path(Square(2, 1)).steps[0]
    assert step.cost == 2
    assert "difficult terrain (Blue Dashed)" in step.reason
    assert "Blue Solid" in reach.path(Square(3, 1)).steps[-1].reason


def test_walls_holes_and_closed_doors_are_never_entered() -> None:
    """*Walls*, *Occupied squares*, *Dungeon Markers*: walls, Holes, Red Solid and doors not
    yet opened count as impassable; an opened door is walked through."""
    s = scene("""
        #######
        #@.x.X#
        ##D####
    """)
    reach = s.reach(20, jumping=False)
    assert Square(3, 1) not in reach
    assert "Hole" in reach.why_not(Square(3, 1))
    assert "wall" in reach.why_not(Square(0, 1))
    assert "Red Solid" in reach.why_not(Square(5, 1))
    assert "door not yet opened" in reach.why_not(Square(2, 2))
    opened = reachable(s.dungeon.with_opened(Square(2, 2)), s.mover, 20, jumping=False)
    assert opened.cost(Square(2, 2)) == 2
    assert "off the dungeon" in reach.why_not(Square(30, 30))


def test_characters_are_passed_but_never_ended_on() -> None:
    """*Walking (1 AP per square)*: other characters may be passed, counted like any square,
    but two characters never share a square after an action."""
    s = scene("""
        #######
        #@C...#
        ###D###
    """)
    reach = s.reach(10, jumping=False, swapping=False)
    assert Square(2, 1) not in reach
    assert reach.cost(Square(3, 1)) == 2
    assert reach.path(Square(3, 1)).squares == (Square(1, 1), Square(2, 1), Square(3, 1))
    assert "pass through" in reach.why_not(Square(2, 1))


def test_monsters_are_never_entered_or_passed() -> None:
    """*Occupied squares*: a monster blocks its square; a corridor behind it is cut off, and
    a jump cannot pass over it either."""
    s = scene("""
        #######
        #@.M..#
        ###D###
    """)
    reach = s.reach(30)
    assert set(reach) == {Square(2, 1)}
    assert "monster" in reach.why_not(Square(3, 1))
    assert "cannot be reached" in reach.why_not(Square(4, 1))


def test_walking_never_goes_below_zero() -> None:
    """*Walking (1 AP per square)*, Exception; *Phase D: Action Phase*: the walking total may
    not exceed the AP available."""
    s = scene("""
        ########
        #@.~...#
        ###D####
    """)
    reach = s.reach(3, jumping=False)
    assert reach.cost(Square(3, 1)) == 3
    assert reach.left(Square(3, 1)) == 0
    assert Square(4, 1) not in reach
    why = reach.why_not(Square(4, 1))
    assert "needs 4 AP but only 3 AP are left" in why
    assert "below 0" in why


def test_no_ap_no_movement() -> None:
    """*Phase D: Action Phase*: a character with 0 or fewer AP cannot act."""
    s = scene("""
        #####
        #@..#
        ##D##
    """)
    for ap in (0, -3):
        reach = s.reach(ap)
        assert len(reach) == 0
        assert f"has {ap} AP" in reach.why_not(Square(2, 1))


def test_a_walk_through_an_opened_door_crosses_into_the_next_tile() -> None:
    """*Revealing a Room Tile*: two tiles joined by an opened door are walked as one
    dungeon."""
    from doria_nb.engine.dungeon import PlacedTile

    first = RoomTile.from_map("A", "first", "#####\n#...#\n##D##")
    second = RoomTile.from_map("B", "second", "##D##\n#...#\n#####")
    dungeon = Dungeon.start(first).with_tile(
        PlacedTile(second, Square(0, 3)), open_doors=[Square(2, 2), Square(2, 3)]
    )
    reach = reachable(dungeon, Square(1, 1), 10)
    assert reach.cost(Square(3, 4)) == 5


# -- jumping -------------------------------------------------------------------------------------


def test_a_jump_costs_five_ap_however_far_and_ten_tn_per_square() -> None:
    """*Jumping (5 AP)*: 5 AP for the squares jumped over, however many; the TN counts 10 for
    each square, the landing square included."""
    s = scene("""
        ########
        #@xx...#
        #D######
    """)
    reach = s.reach(20)
    path = reach.path(Square(4, 1))
    (jump,) = path.steps
    assert (jump.kind, jump.cost, jump.target_number, jump.squares) == ("jump", 5, 30, 3)
    assert jump.over == (Square(2, 1), Square(3, 1))
    assert jump.rule is Section.JUMPING
    assert str(path) == "jump 3 squares over 2 Holes (5 AP, TN 30): 5 AP"


def test_a_jump_onto_difficult_terrain_costs_six() -> None:
    """*Jumping (5 AP)* Example 1 and *Difficult Terrain*: landing on Blue Dashed adds 1 AP;
    jumping over it adds nothing."""
    s = scene("""
        ######
        #@x~.#
        #D####
    """)
    reach = s.reach(20)
    assert reach.cost(Square(3, 1)) == 6
    assert "landing on difficult terrain (Blue Dashed)" in reach.path(Square(3, 1)).steps[0].reason


def test_a_jump_needs_one_ap_may_end_below_zero_and_ends_the_movement() -> None:
    """*Jumping (5 AP)*: a jump may take the character below 0 AP, but then it cannot go on;
    a jump needs at least 1 AP before it (*Phase D: Action Phase*)."""
    s = scene("""
        ########
        #@x....#
        #D######
    """)
    reach = s.reach(1)
    assert reach.cost(Square(3, 1)) == 5
    assert reach.left(Square(3, 1)) == -4
    assert reach.cost(Square(4, 1)) == 5  # the longer jump, same AP
    assert kinds(reach.path(Square(5, 1))) == ["jump"]
    # With 5 AP the jump lands on exactly 0: still nothing more.
    exact = s.reach(5, max_jump=2)
    assert exact.cost(Square(3, 1)) == 5
    assert Square(4, 1) not in exact
    assert "the movement ends" in exact.why_not(Square(4, 1))
    # With 6 AP one more step is possible after landing.
    assert s.reach(6, max_jump=2).cost(Square(4, 1)) == 6


def test_jumps_go_in_straight_lines_only() -> None:
    """Ruling M1: a jump follows a row or a column; a Hole is not crossed diagonally."""
    s = scene("""
        ######
        #@#..#
        #.x..#
        #D####
    """)
    with pytest.raises(MovementError, match="straight line"):
        path_from(s.dungeon, Square(1, 2), [Square(3, 1)])
    reach = s.reach(20)
    assert kinds(reach.path(Square(3, 2))) == ["walk", "jump"]
    assert reach.cost(Square(3, 2)) == 6


@pytest.mark.parametrize(
    ("row", "words"),
    [
        ("#@M..#", "monster"),
        ("#@#..#", "wall"),
        ("#@X..#", "Red Solid"),
        ("#@R..#", "Rubble"),
    ],
)
def test_a_jump_never_passes_over_a_monster_wall_red_solid_or_rubble(row: str, words: str) -> None:
    """*Jumping (5 AP)*; *Difficult Terrain*; *Dungeon Markers*; ruling T5. The far side is
    reached only by walking round."""
    s = scene(f"""
        ######
        {row}
        #....#
        #D####
    """)
    with pytest.raises(MovementError, match=words):
        path_from(s.dungeon, s.mover, [Square(3, 1)], monsters=s.monsters)
    reach = s.reach(30)
    assert reach.cost(Square(3, 1)) == 4
    for path in reach.squares.values():
        assert all(Square(2, 1) not in step.over for step in path.steps)


def test_a_jump_never_passes_a_closed_door() -> None:
    """*Dungeon Markers*: a door not yet opened counts as a wall, for jumps too."""
    from doria_nb.engine.dungeon import PlacedTile

    first = RoomTile.from_map("A", "first", "#####\n#...#\n##D##")
    second = RoomTile.from_map("B", "second", "##D##\n#...#\n#####")
    dungeon = Dungeon.start(first).with_tile(PlacedTile(second, Square(0, 3)))
    with pytest.raises(MovementError, match="door"):
        path_from(dungeon, Square(2, 1), [Square(2, 4)])
    opened = dungeon.with_opened(Square(2, 2), Square(2, 3))
    assert path_from(opened, Square(2, 1), [Square(2, 4)]).cost == JUMP_AP


def test_jumping_past_a_monster_is_allowed() -> None:
    """*Jumping (5 AP)*: only a monster on the line blocks a jump, not one beside it."""
    s = scene("""
        ######
        #.M..#
        #@x..#
        #D####
    """)
    assert s.reach(10).cost(Square(3, 2)) == 5


def test_a_jump_may_take_off_from_a_character_passed() -> None:
    """Ruling M5: a square passed through (another character's) may be the take-off square of
    a jump; only the end of the movement must be free."""
    s = scene("""
        ######
        #@Cx.#
        #D####
    """)
    path = path_from(s.dungeon, s.mover, [Square(2, 1), Square(4, 1)], characters=s.characters)
    assert kinds(path) == ["walk", "jump"]
    assert path.target_numbers == (20,)
    assert check_path(s.dungeon, path, 6, characters=s.characters)
    # The cheapest way still jumps from the start, over the character and the Hole.
    assert str(s.reach(10, swapping=False).path(Square(4, 1))) == (
        "jump 3 squares over a Hole and a character (5 AP, TN 30): 5 AP"
    )


def test_a_monster_over_a_hole_blocks_the_jump() -> None:
    """Ruling M11: a flying monster above a Hole is still a monster's square, which a jump
    never passes."""
    s = scene("""
        ######
        #@x..#
        #D####
    """)
    flying = [Square(2, 1)]
    reach = reachable(s.dungeon, s.mover, 20, monsters=flying)
    assert Square(3, 1) not in reach
    assert "monster" in reach.why_not(Square(2, 1))


def test_jumping_over_characters_even_on_a_hole() -> None:
    """*Jumping (5 AP)*: characters may be jumped over; a character standing on a Hole still
    leaves a Hole to jump (*Dungeon Markers*)."""
    s = scene("""
        #######
        #@CK..#
        #D#####
    """)
    reach = s.reach(10, swapping=False)
    path = reach.path(Square(4, 1))
    (jump,) = path.steps
    assert jump.over == (Square(2, 1), Square(3, 1))
    assert "a Hole and a character" in str(path)
    assert "Hole" in reach.why_not(Square(3, 1))


def test_landing_on_a_character_steps_aside_to_a_free_square() -> None:
    """*Jumping (5 AP)*, Caution: a jump onto another character is finished by one more step
    to a free square next to them, only with at least 1 AP left after the jump."""
    s = scene("""
        ######
        #@xC##
        ###.##
        ###~##
        ###D##
    """)
    reach = s.reach(10, swapping=False)
    path = reach.path(Square(3, 2))
    assert kinds(path) == ["jump", "sidestep"]
    assert path.cost == 6
    assert path.steps[1].rule is Section.JUMPING
    assert "step aside to (3, 2)" in str(path)
    # The jump leaves exactly 0 AP: no step aside, so no jump onto the character.
    assert Square(3, 2) not in s.reach(5, swapping=False)
    assert "1 AP must be left to step aside" in s.reach(5, swapping=False).why_not(Square(3, 2))
    # With 6 AP the step aside is possible (ending at 0).
    assert s.reach(6, swapping=False).cost(Square(3, 2)) == 6


def test_the_step_aside_may_take_the_last_ap_onto_difficult_terrain() -> None:
    """Ruling M6: the step aside is part of the jump; with 1 AP left it may cost 2 (difficult
    terrain) and end at -1."""
    s = scene("""
        ######
        #@xC##
        ###~##
        ###D##
    """)
    reach = s.reach(6, swapping=False)
    assert reach.cost(Square(3, 2)) == 7
    assert reach.left(Square(3, 2)) == -1


def test_no_jump_onto_a_character_without_a_free_square_beside_them() -> None:
    """*Jumping (5 AP)*, Caution, and Example 3: with no free square next to the character on
    the landing square, the jump cannot be made."""
    s = scene("""
        #######
        #@xCM.#
        ###M###
        ###D###
    """)
    reach = s.reach(20)
    assert set(reach) == set()
    assert "step aside to, and there is none" in reach.why_not(Square(3, 1))
    assert "cannot be reached" in reach.why_not(Square(5, 1))


def test_several_jumps_in_one_movement() -> None:
    """*Jumping (5 AP)*: walks and jumps combine; every jump is checked after the movement."""
    s = scene("""
        #########
        #@x..x..#
        #D#######
    """)
    path = s.reach(20, max_jump=2).path(Square(6, 1))
    assert kinds(path) == ["jump", "walk", "jump"]
    assert path.target_numbers == (20, 20)
    assert path.cost == 5 + 1 + 5


def test_a_jump_over_open_ground_is_allowed_and_max_jump_caps_it() -> None:
    """Ruling M2: nothing needs to be in the way of a jump; 5 AP however far, so a long jump
    can be the cheapest way, at a high TN. ``max_jump`` caps the squares a jump covers."""
    s = scene("""
        ##########
        #@.......#
        #D########
    """)
    reach = s.reach(30)
    assert reach.cost(Square(8, 1)) == 5
    assert reach.path(Square(8, 1)).target_numbers == (70,)
    assert reach.cost(Square(5, 1)) == 4  # walking 4 is cheaper than a 5 AP jump
    assert reach.cost(Square(6, 1)) == 5
    assert kinds(reach.path(Square(6, 1))) == ["walk"] * 5  # tie: fewer jumps wins
    assert s.reach(30, max_jump=3).cost(Square(8, 1)) == 7
    assert s.reach(30, max_jump=0).cost(Square(8, 1)) == 7


def test_equal_cost_prefers_fewer_jumps_then_lower_target_numbers() -> None:
    """Ruling M14: among paths of equal AP, the fewest jumps, then the fewest squares jumped
    (the lowest Target Numbers). To (4, 2) two ways cost 7 AP with one jump each: walk 2 and
    jump over one Hole (TN 20), or jump the whole top row (TN 40) and walk 2 back."""
    s = scene("""
        #######
        D@.xx.#
        #x.x..#
        #######
    """)
    path = s.reach(20).path(Square(4, 2))
    assert str(path) == "walk 2 squares (2 AP), jump 2 squares over a Hole (5 AP, TN 20): 7 AP"
    longer = path_from(s.dungeon, s.mover, [Square(5, 1), Square(5, 2), Square(4, 2)])
    assert longer.cost == path.cost and longer.target_numbers == (40,)


def test_the_start_may_be_a_hole_but_others_must_jump_it() -> None:
    """*Dungeon Markers*: a character on a newly revealed Hole leaves it with its next move;
    other characters still have to jump over the Hole."""
    s = scene("""
        ######
        #.o..#
        #D####
    """)
    on_hole = reachable(s.dungeon, Square(2, 1), 5)
    assert on_hole.cost(Square(3, 1)) == 1
    assert on_hole.cost(Square(1, 1)) == 1
    other = reachable(s.dungeon, Square(1, 1), 10, characters=[Square(2, 1)])
    assert Square(2, 1) not in other
    assert kinds(other.path(Square(3, 1))) == ["jump"]
    assert "Hole" in other.why_not(Square(2, 1))


def test_walking_under_the_f3_bridge_skips_the_middle_square() -> None:
    """*Arrows (Room F-3)*: under the bridge the middle square is ignored, so the two squares
    beside it are one step apart (the jump line follows the passage as well)."""
    from doria_nb.content.loader import starter_pack

    f3 = starter_pack().tile("F-3")
    dungeon = Dungeon.start(f3)
    reach = reachable(dungeon, Square(2, 1), 5, jumping=False)
    assert reach.cost(Square(2, 3)) == 1
    assert Square(2, 2) not in reach  # the bridge is another level


# -- swap places ---------------------------------------------------------------------------------


def test_swap_places_with_an_adjacent_character() -> None:
    """*Swap Places (5 AP)*: the mover takes the other character's square, who takes the
    mover's."""
    s = scene("""
        ######
        #@C..#
        #D####
    """)
    reach = s.reach(10)
    path = reach.path(Square(2, 1))
    (swap,) = path.steps
    assert (swap.kind, swap.cost, swap.rule) == ("swap", 5, Section.SWAP_PLACES)
    assert "moves to (1, 1)" in swap.reason
    assert str(path) == "swap places with the character at (2, 1) (5 AP): 5 AP"


def test_walk_then_swap_in_one_movement() -> None:
    """*Swap Places (5 AP)*: walking next to the character and swapping is one action."""
    s = scene("""
        #######
        #@..C.#
        #D#####
    """)
    path = s.reach(10).path(Square(4, 1))
    assert kinds(path) == ["walk", "walk", "swap"]
    assert path.cost == 7


def test_swap_needs_a_free_square_for_the_other_character() -> None:
    """Ruling M7: the replaced character takes the square the mover swaps from, so a mover
    passing through a third character cannot swap from there."""
    s = scene("""
        #####
        #@CC#
        #D###
    """)
    reach = s.reach(20)
    assert Square(2, 1) in reach
    assert Square(3, 1) not in reach
    assert "free square next to them" in reach.why_not(Square(3, 1))


def test_no_swap_with_a_character_on_a_hole() -> None:
    """Ruling M7: swapping with a character stranded on a Hole would put the mover on it."""
    s = scene("""
        #####
        #@K.#
        #D###
    """)
    reach = s.reach(20)
    assert Square(2, 1) not in reach
    assert "Hole" in reach.why_not(Square(2, 1))


def test_swap_onto_difficult_terrain_and_with_the_last_ap() -> None:
    """Ruling M7: a swap costs 5 AP +1 onto difficult terrain; like a jump it needs 1 AP and
    may end below 0."""
    s = scene("""
        #####
        #@.~#
        #D###
    """)
    reach = reachable(s.dungeon, Square(1, 1), 2, characters=[Square(3, 1)])
    path = reach.path(Square(3, 1))
    assert kinds(path) == ["walk", "swap"]
    assert path.cost == 1 + 6
    assert reach.left(Square(3, 1)) == -5
    assert "needs" in reachable(
        s.dungeon, Square(1, 1), 1, characters=[Square(3, 1)], jumping=False
    ).why_not(Square(3, 1))


# -- carrying ------------------------------------------------------------------------------------


def test_carrying_doubles_every_cost() -> None:
    """*Carry Characters (2 - 10 AP)*: walking 2 AP a square, difficult terrain 4, a jump 10,
    a swap 10; the Target Number does not change."""
    s = scene("""
        ########
        #@~x.C.#
        #D######
    """)
    reach = s.reach(40, carrying=True)
    assert reach.cost(Square(2, 1)) == 4
    jump = reach.path(Square(4, 1))
    assert jump.cost == 10
    assert jump.target_numbers == (30,)
    assert "carrying an unconscious character" in jump.steps[0].reason
    swap = reach.path(Square(5, 1))
    assert swap.steps[-1].kind == "swap"
    assert swap.steps[-1].cost == 10
    assert not s.reach(40).carrying
    assert (
        s.reach(40, carrying=True)
        .describe()
        .startswith("From (1, 1) with 40 AP (carrying an unconscious character")
    )


# -- buried, Rubble and doors --------------------------------------------------------------------


def test_a_buried_character_cannot_move() -> None:
    """*Dungeon Markers*: a character buried under Rubble stays until it is cleared."""
    s = scene("""
        #####
        #@..#
        #D###
    """)
    reach = s.reach(20, buried=True)
    assert len(reach) == 0
    assert "buried under Rubble" in reach.why_not(Square(2, 1))
    assert "buried" in reach.describe()
    rubble = s.dungeon.with_marker(s.mover, Marker.RUBBLE)
    assert reachable(rubble, s.mover, 20).buried


def test_clearing_rubble_frees_the_buried_and_costs_ten() -> None:
    """*Dungeon Markers*: Rubble is cleared for 10 AP by a character next to it; the dungeon
    given is left as it was (ruling M12)."""
    s = scene("""
        ######
        #@R..#
        #D####
    """)
    rubble = Square(2, 1)
    assert can_clear_rubble(s.dungeon, rubble, s.mover, 3)  # may go below 0
    cleared, spent = clear_rubble(s.dungeon, rubble, s.mover, 12)
    assert spent == RUBBLE_AP == 10
    assert cleared.marker(rubble) is None
    assert s.dungeon.marker(rubble) is Marker.RUBBLE
    assert reachable(cleared, s.mover, 5).cost(Square(3, 1)) == 2
    assert not can_clear_rubble(s.dungeon, rubble, Square(1, 1), 0)
    far = can_clear_rubble(s.dungeon, rubble, Square(4, 1), 10)
    assert "next to it" in far.reason
    own = can_clear_rubble(s.dungeon, rubble, rubble, 10)
    assert "buried" in own.reason
    assert "no Rubble" in can_clear_rubble(s.dungeon, Square(3, 1), Square(4, 1), 10).reason
    with pytest.raises(MovementError, match="next to it"):
        clear_rubble(s.dungeon, rubble, Square(4, 1), 10)


def test_opening_a_door_from_the_square_in_front_of_it() -> None:
    """*Reveal a Room Tile (0 AP)*: a character opens a door from the square before it; a
    character standing there holds it; a Blocked Door never opens."""
    s = scene("""
        #####
        #...#
        ##D##
    """)
    door = Square(2, 2)
    assert can_open_door(s.dungeon, door, Square(2, 1))
    assert "stand on (2, 1)" in can_open_door(s.dungeon, door, Square(1, 1)).reason
    held = can_open_door(s.dungeon, door, Square(1, 1), others=[Square(2, 1)])
    assert "holds" in held.reason
    assert not can_open_door(s.dungeon, door, Square(2, 1), ap=0)
    assert can_open_door(s.dungeon, door, Square(2, 1), ap=1)
    opened = s.dungeon.with_opened(door)
    assert "already open" in can_open_door(opened, door, Square(2, 1)).reason
    blocked = s.dungeon.with_marker(door, Marker.BLOCKED_DOOR)
    assert "Blocked" in can_open_door(blocked, door, Square(2, 1)).reason
    assert "no door" in can_open_door(s.dungeon, Square(1, 1), Square(2, 1)).reason


def test_a_walled_up_door_never_opens() -> None:
    """*Revealing a Room Tile*, Example 3: a door facing another tile's wall is walled up."""
    from doria_nb.engine.dungeon import PlacedTile

    first = RoomTile.from_map("A", "first", "#####\n#...#\n##D##")
    second = RoomTile.from_map("B", "second", "#####\n#...#\n##D##")
    dungeon = Dungeon.start(first).with_tile(PlacedTile(second, Square(0, 3)))
    assert "walled up" in can_open_door(dungeon, Square(2, 2), Square(2, 1)).reason


# -- bad input -----------------------------------------------------------------------------------


def test_bad_requests_raise_clear_errors() -> None:
    """Every bad request is a :class:`MovementError` (a :class:`DoriaError`) in words."""
    s = scene("""
        #####
        #@..#
        #D###
    """)
    d = s.dungeon
    cases = [
        (lambda: reachable(d, Square(9, 9), 5), "off the dungeon"),
        (lambda: reachable(d, Square(0, 0), 5), "wall"),
        (lambda: reachable(d, Square(1, 1), 5, characters=[Square(1, 1)]), "OTHER"),
        (lambda: reachable(d, Square(1, 1), 5, monsters=[Square(1, 1)]), "monster"),
        (lambda: reachable(d, Square(1, 1), True), "whole number"),
        (lambda: reachable(d, Square(1, 1), "5"), "whole number"),  # type: ignore[arg-type]
        (lambda: reachable(d, (1, 1), 5), "square"),  # type: ignore[arg-type]
        (lambda: reachable("map", Square(1, 1), 5), "Dungeon"),  # type: ignore[arg-type]
        (lambda: reachable(d, Square(1, 1), 5, characters=Square(2, 1)), "list"),  # type: ignore[arg-type]
        (lambda: reachable(d, Square(1, 1), 5, monsters=[(2, 1)]), "not a square"),  # type: ignore[list-item]
        (
            lambda: reachable(
                d, Square(1, 1), 5, characters=[Square(2, 1)], monsters=[Square(2, 1)]
            ),
            "one figure",
        ),
        (lambda: reachable(d, Square(1, 1), 5, max_jump=-1), "negative"),
        (lambda: reachable(d, Square(1, 1), 5, strength=1.5), "whole number"),  # type: ignore[arg-type]
        (lambda: reachable(d, Square(1, 1), 5).path(Square(0, 0)), "wall"),
        (lambda: reachable(d, Square(1, 1), 5).why_not((2, 1)), "square"),  # type: ignore[arg-type]
        (lambda: can_move_to(d, Square(1, 1), (2, 1), 5), "square"),  # type: ignore[arg-type]
        (lambda: path_from(d, Square(1, 1), [Square(3, 2)]), "line"),
        (lambda: path_from(d, Square(1, 1), Square(2, 1)), "list"),  # type: ignore[arg-type]
        (lambda: check_path(d, "walk", 5), "Path"),  # type: ignore[arg-type]
        (lambda: move_cost("walk"), "Path"),  # type: ignore[arg-type]
        (lambda: can_open_door(d, Square(1, 2), Square(1, 1), others=[Square(1, 1)]), "OTHER"),
    ]
    for call, words in cases:
        with pytest.raises(MovementError, match=words):
            call()
    assert issubclass(MovementError, DoriaError)


def test_steps_and_paths_are_checked_when_built() -> None:
    a, b, c = Square(1, 1), Square(2, 1), Square(3, 1)
    with pytest.raises(MovementError, match="walk, a jump"):
        Step("run", a, b, (), 1, None, Section.WALKING, "")  # type: ignore[arg-type]
    with pytest.raises(MovementError, match="Target Number"):
        Step("jump", a, c, (b,), 5, None, Section.JUMPING, "")
    with pytest.raises(MovementError, match="whole number"):
        Step("walk", a, b, (), -1, None, Section.WALKING, "")
    walk = Step("walk", b, c, (), 1, None, Section.WALKING, "")
    with pytest.raises(MovementError, match="follow each other"):
        Path(a, (walk,))
    assert str(Path(a)) == "stay (0 AP)"
    assert Path(a).end == a


# -- verify a chosen path ------------------------------------------------------------------------


def test_check_path_accepts_a_chosen_route_and_refuses_broken_ones() -> None:
    """*Walking (1 AP per square)*, *Jumping (5 AP)*: a player may choose any legal route, not
    only the cheapest; the check prices it and applies the AP rules."""
    s = scene("""
        #######
        #@.x..#
        #.....#
        #D#####
    """)
    detour = [Square(2, 1), Square(2, 2), Square(3, 2), Square(4, 2), Square(4, 1)]
    around = path_from(s.dungeon, s.mover, detour)
    assert around.cost == 5
    assert check_path(s.dungeon, around, 5)
    assert "below 0" in check_path(s.dungeon, around, 4).reason
    jump = path_from(s.dungeon, s.mover, [Square(2, 1), Square(4, 1)])
    assert check_path(s.dungeon, jump, 2)  # walk 1, then jump with 1 AP left
    too_late = path_from(s.dungeon, s.mover, [Square(2, 1), Square(4, 1), Square(5, 1)])
    assert "movement ends" in check_path(s.dungeon, too_late, 6).reason
    assert check_path(s.dungeon, too_late, 7)
    cheat = Path(s.mover, (walk(s.mover, Square(2, 1), cost=0),))
    assert "not priced by the rules" in check_path(s.dungeon, cheat, 5).reason
    onto = path_from(s.dungeon, s.mover, [Square(2, 1)])
    assert "never share" in check_path(s.dungeon, onto, 5, characters=[Square(2, 1)]).reason
    into_hole = Path(s.mover, (walk(s.mover, Square(2, 1)), walk(Square(2, 1), Square(3, 1))))
    assert "Hole" in check_path(s.dungeon, into_hole, 5).reason
    assert "monster" in check_path(s.dungeon, jump, 5, monsters=[Square(4, 1)]).reason
    assert "buried" in check_path(s.dungeon, jump, 5, buried=True).reason


def test_path_from_builds_swaps_and_sidesteps() -> None:
    s = scene("""
        #######
        #@xC..#
        #D#####
    """)
    path = path_from(s.dungeon, s.mover, [Square(3, 1), Square(4, 1)], characters=s.characters)
    assert kinds(path) == ["jump", "sidestep"]
    assert check_path(s.dungeon, path, 6, characters=s.characters)
    assert "to step aside" in check_path(s.dungeon, path, 5, characters=s.characters).reason
    alone = Path(path.start, path.steps[:1])
    assert "must be followed" in check_path(s.dungeon, alone, 9, characters=s.characters).reason
    swap = path_from(s.dungeon, Square(5, 1), [Square(4, 1), Square(3, 1)], characters=s.characters)
    assert kinds(swap) == ["walk", "swap"]
    assert check_path(s.dungeon, swap, 6, characters=s.characters)
    on = Path(swap.start, (*swap.steps, walk(Square(3, 1), Square(4, 1))))
    assert "ends the movement" in check_path(s.dungeon, on, 20, characters=s.characters).reason


# -- the Reach object ----------------------------------------------------------------------------


def test_reach_answers_cost_path_and_why_not() -> None:
    s = scene("""
        #####
        #@..#
        #D###
    """)
    reach = s.reach(2)
    assert Square(3, 1) in reach and Square(1, 1) not in reach
    assert reach.cost(Square(1, 1)) is None
    assert "already stands" in reach.why_not(Square(1, 1))
    assert reach.why_not(Square(2, 1)) == ""
    assert list(reach) == [Square(2, 1), Square(3, 1)]
    assert reach.path(Square(3, 1)).end == Square(3, 1)
    assert move_cost(reach.path(Square(3, 1))) == 2
    assert can_move_to(s.dungeon, s.mover, Square(3, 1), 2)
    assert path_to(s.dungeon, s.mover, Square(2, 1), 2).cost == 1
    with pytest.raises(MovementError, match="needs 2 AP"):
        path_to(s.dungeon, s.mover, Square(3, 1), 1, jumping=False)
    text = reach.describe()
    assert text.splitlines()[0] == "From (1, 1) with 2 AP: 2 squares can be reached."
    assert "- (3, 1): walk 2 squares (2 AP): 2 AP" in text
    hole = scene("""
        #####
        #@x.#
        #D###
    """)
    with_odds = reachable(hole.dungeon, hole.mover, 9, strength=7, agility=10).describe()
    line = "- (3, 1): jump 2 squares over a Hole (5 AP, TN 20): 5 AP [TN 20: 99% to land unhurt]"
    assert line in with_odds.splitlines()


# -- jump checks ---------------------------------------------------------------------------------


def _jump(squares: int) -> Step:
    over = tuple(Square(x, 0) for x in range(1, squares))
    end = Square(squares, 0)
    return Step("jump", Square(0, 0), end, over, 5, 10 * squares, Section.JUMPING, "5 AP")


def test_a_successful_jump_deals_no_damage() -> None:
    result = jump_check(_jump(2), 7, 10, ScriptedChance([6, 8]))
    assert result.success and result.damage == 0 and result.carried_damage == 0
    assert result.check.total == 31
    assert "lands safely" in result.explain()


def test_fall_damage_is_squares_times_one_plus_critical_failures() -> None:
    """*Jumping (5 AP)*: a simple failure deals 1 per square jumped; each critical failure or
    fumble multiplies it (ruling R5 for the fumble)."""
    simple = jump_check(_jump(3), 10, 10, ScriptedChance([4, 3]))  # 27 vs 30
    assert (simple.success, simple.damage) == (False, 3)
    critical = jump_check(_jump(4), 5, 5, ScriptedChance([5, 5]))  # 20 vs 40: 2 crit fails
    assert critical.check.critical_failures == 2
    assert critical.damage == 4 * 3
    fumble = jump_check(_jump(2), 15, 15, ScriptedChance([1, 1]))  # 32 ≥ 20 but a fumble
    assert not fumble.success and fumble.damage == 2 * 2
    carried = jump_check(_jump(3), 4, 7, ScriptedChance([1, 1]), carrying=True)
    assert carried.damage == carried.carried_damage == 9
    assert "carried character takes 9 HP" in carried.explain()
    assert "armor ignored" in carried.explain()


def test_jump_checks_roll_one_check_per_jump_in_order() -> None:
    s = scene("""
        #########
        #@x.x.x.#
        #D#######
    """)
    path = path_from(s.dungeon, s.mover, [Square(3, 1), Square(5, 1), Square(7, 1)])
    results = jump_checks(path, 7, 10, ScriptedChance([6, 8, 1, 1, 2, 2]))
    assert [r.success for r in results] == [True, False, True]
    assert [r.damage for r in results] == [0, 4, 0]


def test_jump_check_refuses_non_jumps_and_bad_attributes() -> None:
    walk = Step("walk", Square(0, 0), Square(1, 0), (), 1, None, Section.WALKING, "")
    with pytest.raises(MovementError, match="Only a jump"):
        jump_check(walk, 5, 5, ScriptedChance([1, 2]))
    with pytest.raises(MovementError, match="Strength"):
        jump_check(_jump(2), "7", 5, ScriptedChance([1, 2]))  # type: ignore[arg-type]
    with pytest.raises(MovementError, match="Chance"):
        jump_check(_jump(2), 7, 5, None)  # type: ignore[arg-type]
    with pytest.raises(MovementError, match="Only a jump"):
        jump_odds(walk, 5, 5)
    with pytest.raises(MovementError, match="Path"):
        jump_checks(_jump(2), 5, 5, ScriptedChance([]))  # type: ignore[arg-type]


def test_jump_odds_are_exact_check_odds() -> None:
    odds = jump_odds(_jump(3), 4, 7)
    assert odds.target == 30 and odds.bonus == 11
    assert 0 < odds.p_success < 0.5


# -- properties ----------------------------------------------------------------------------------

TERRAIN = st.sampled_from(list("....~%#x"))


@st.composite
def maps(draw: st.DrawFn) -> tuple[Scene, int, bool]:
    """A small enclosed room with random walls, Holes and difficult terrain and a door at
    its top-left; squares not joined to the door become wall; the other figures stand on
    random squares a figure can stand on, the mover too or on a Hole (*Dungeon Markers*)."""
    width = draw(st.integers(2, 7))
    height = draw(st.integers(2, 5))
    cells = {Square(x, y): draw(TERRAIN) for y in range(1, height + 1) for x in range(1, width + 1)}
    entrance = Square(1, 1)
    cells[entrance] = "."
    seen = {entrance}
    todo = [entrance]
    while todo:
        square = todo.pop()
        for n in square.neighbors():
            if n in cells and n not in seen and cells[n] != "#":
                seen.add(n)
                todo.append(n)
    rows = ["#" * (width + 2)]
    for y in range(1, height + 1):
        row = "".join(
            cells[Square(x, y)] if Square(x, y) in seen else "#" for x in range(1, width + 1)
        )
        rows.append(("D" if y == 1 else "#") + row + "#")
    rows.append("#" * (width + 2))
    dungeon = Dungeon.start(RoomTile.from_map("P", "property", "\n".join(rows)))
    ground = sorted((sq for sq in seen if cells[sq] in ".~%"), key=reading_order)
    holes = sorted((sq for sq in seen if cells[sq] == "x"), key=reading_order)
    start = draw(st.sampled_from(ground + holes))  # a Hole revealed under the mover
    others = [sq for sq in ground if sq != start]
    figures = draw(st.lists(st.sampled_from(others), unique=True, max_size=5)) if others else []
    split = draw(st.integers(0, len(figures)))
    ap = draw(st.integers(-1, 16))
    carrying = draw(st.booleans())
    return Scene(dungeon, start, figures[:split], figures[split:]), ap, carrying


def _brute_force_walk(s: Scene, ap: int, factor: int) -> dict[Square, int]:
    """Cheapest walking costs by relaxing every edge until nothing changes (Bellman-Ford),
    checked independently of the engine's Dijkstra."""
    d = s.dungeon
    cost = {s.mover: 0}
    changed = True
    while changed:
        changed = False
        for square, spent in list(cost.items()):
            for n in d.neighbors(square):
                if n in s.monsters or not d.passable(n):
                    continue
                new = spent + factor * (1 + d.extra_ap(n))
                if new <= ap and new < cost.get(n, 10**9):
                    cost[n] = new
                    changed = True
    return {sq: c for sq, c in cost.items() if sq != s.mover and sq not in s.characters}


def _ahead(dungeon: Dungeon, square: Square, dx: int, dy: int) -> Square | None:
    """The square one step on in direction (dx, dy), as the dungeon links squares."""
    for n in dungeon.neighbors(square):
        if (n.x - square.x, n.y - square.y) == (dx, dy):
            return n
    return None


def _brute_force_move(s: Scene, ap: int, factor: int) -> dict[Square, int]:
    """Cheapest costs with walks, jumps, steps aside and swaps, by relaxing until nothing
    changes; written from the rules, independently of the engine's search."""
    d, chars, foes = s.dungeon, set(s.characters), set(s.monsters)

    def free(sq: Square) -> bool:
        return d.passable(sq) and sq not in chars and sq not in foes

    stand = {s.mover: 0}  # where the mover stands (and may go on from)
    ends: dict[Square, int] = {}  # character squares reached by a swap
    changed = True

    def offer(table: dict[Square, int], square: Square, cost: int) -> None:
        nonlocal changed
        if cost < table.get(square, 10**9):
            table[square] = cost
            changed = True

    while changed:
        changed = False
        for square, spent in list(stand.items()):
            left = ap - spent
            if left < 1:
                continue
            for n in d.neighbors(square):
                if d.passable(n) and n not in foes:
                    cost = factor * (1 + d.extra_ap(n))
                    if cost <= left:
                        offer(stand, n, spent + cost)
                if n in chars and d.passable(n) and d.passable(square) and square not in chars:
                    offer(ends, n, spent + factor * (5 + d.extra_ap(n)))
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                at, over = square, 0
                while (nxt := _ahead(d, at, dx, dy)) is not None and nxt not in foes:
                    if over and d.passable(nxt):
                        jump = spent + factor * (5 + d.extra_ap(nxt))
                        if nxt not in chars:
                            offer(stand, nxt, jump)
                        elif ap - jump >= 1:
                            for side in d.neighbors(nxt):
                                if free(side):
                                    offer(stand, side, jump + factor * (1 + d.extra_ap(side)))
                    if not d.jumpable(nxt):
                        break
                    at, over = nxt, over + 1
    out = {sq: c for sq, c in stand.items() if sq != s.mover and sq not in chars}
    out.update(ends)
    return out


@given(maps())
def test_moving_costs_are_minimal_against_brute_force(drawn: tuple[Scene, int, bool]) -> None:
    s, ap, carrying = drawn
    reach = s.reach(ap, carrying=carrying)
    expected = _brute_force_move(s, ap, 2 if carrying else 1)
    assert {sq: reach.cost(sq) for sq in reach} == expected


@given(maps())
def test_walking_costs_are_minimal_against_brute_force(drawn: tuple[Scene, int, bool]) -> None:
    s, ap, carrying = drawn
    reach = s.reach(ap, jumping=False, swapping=False, carrying=carrying)
    expected = _brute_force_walk(s, ap, 2 if carrying else 1)
    assert {sq: reach.cost(sq) for sq in reach} == expected
    assert all(path.cost <= ap for path in reach.squares.values())


@given(maps())
def test_every_reported_path_is_legal_and_priced_right(drawn: tuple[Scene, int, bool]) -> None:
    s, ap, carrying = drawn
    reach = s.reach(ap, carrying=carrying)
    for square, path in reach.squares.items():
        assert path.end == square
        assert path.cost == sum(step.cost for step in path.steps) == reach.cost(square)
        verdict = check_path(
            s.dungeon, path, ap, characters=s.characters, monsters=s.monsters, carrying=carrying
        )
        assert verdict, verdict.reason
        for step in path.steps:
            assert step.end not in s.monsters
            assert not set(step.over) & set(s.monsters)
            if step.kind in ("walk", "sidestep", "swap"):
                assert adjacent(step.start, step.end)
                assert s.dungeon.passable(step.end)
            if step.kind == "walk" and step.end in s.characters:
                assert step is not path.steps[-1]  # passed through, never ended on
        if square in s.characters:
            assert path.steps[-1].kind == "swap"
    # Cheapest: walking (and swapping) alone never beats the reported cost.
    walking = s.reach(ap, jumping=False, carrying=carrying)
    for square in walking:
        assert square in reach
        assert reach.cost(square) <= walking.cost(square)  # type: ignore[operator]


@given(maps())
def test_more_ap_never_reaches_less(drawn: tuple[Scene, int, bool]) -> None:
    s, ap, carrying = drawn
    less = s.reach(ap, carrying=carrying)
    more = s.reach(ap + 3, carrying=carrying)
    for square in less:
        assert more.cost(square) <= less.cost(square)  # type: ignore[operator]
    for square in more:
        assert (square in less) != bool(less.why_not(square))
