"""The rulebook's examples about monsters coming into play: *Monster Icons on a Room Tile*
(the Slimecrawler), *Multiple monsters per monster icon* (Example 1, the Gargoyles at their
figure limit), *Monster modifiers* (Example 2, the Horde of exploding Fire Zombies) and *Phase
G: Doom Counter* (Example 1, one monster refilled at the entrance).

The rulebook shows these examples in pictures that are not in its text, so each test says which
situation it rebuilds. Tiles come from the starter pack, revealed through A-1's top door
(4, 0) the way the exploration rules place them; the draws are fixed with a stacked deck.
"""

from __future__ import annotations

from doria_nb.content import starter_pack
from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.exploration import Exploration
from doria_nb.engine.geometry import Rotation, Square
from doria_nb.engine.monster_ai.monster_deck import MonsterDeck
from doria_nb.engine.monster_ai.order import monster_order
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.situation.figure import Figure
from doria_nb.engine.spawning.icons import spawn_monsters
from doria_nb.engine.spawning.refill import refill_at_entrance
from doria_nb.engine.tiles import MonsterColor

PACK = starter_pack()
TOP_DOOR = Square(4, 0)
NO_DRAWS = ScriptedChance([])


def reveal(tile_id: str, characters: int) -> Exploration:
    """A-1 with ``tile_id`` revealed through its top door, unturned."""
    exploration = Exploration.begin(
        Dungeon.start(PACK.tile("A-1")), TOP_DOOR, characters=characters
    ).draw(PACK.tile(tile_id))
    (placement,) = [p for p in exploration.options() if p.rotation is Rotation.R0]
    return exploration.place(placement)


def test_monster_icons_the_slimecrawler_stands_on_the_icon() -> None:
    """*Monster Icons on a Room Tile*: the revealed tile (A-3) shows one white icon; the card
    drawn is a Slimecrawler, whose figure goes on the icon's square, and the card goes to the
    discard pile."""
    explored = reveal("A-3", characters=1)
    ((icon, color),) = explored.monster_icons()
    assert color is MonsterColor.WHITE
    mage = Figure.hero("Mage", "M", Square(4, -1), AP=9, AGI=5)
    situation = Situation(explored.dungeon, (mage,))
    slime = PACK.monster("slimecrawler")
    result = spawn_monsters(
        situation, [icon], MonsterDeck.stacked([slime]), NO_DRAWS, pack=PACK, player_count=1
    )
    (spawned,) = result.spawned
    assert spawned.card is slime and spawned.squares == (icon,)
    assert result.situation.at(icon).name == "Slimecrawler"  # type: ignore[union-attr]
    assert result.deck.draw_pile == () and result.deck.discard_pile == (slime,)
    assert result.trace.steps[-1].rule is Section.MONSTER_ICONS


def test_multiple_monsters_example_1_two_white_icons_for_three_players() -> None:
    """*Multiple monsters per monster icon*, Example 1: 3 players reveal a tile with two white
    icons (C-7, whose green and yellow icons stay unused with 3 players). For the right icon a
    Slimecrawler is drawn; for the left, Colossal and then a Mummy: a Colossal Mummy."""
    explored = reveal("C-7", characters=3)
    icons = explored.monster_icons()
    assert [color for _, color in icons] == [MonsterColor.WHITE, MonsterColor.WHITE]
    (left, _), (right, _) = icons
    assert left.x < right.x and left.y == right.y
    heroes = (
        Figure.hero("Warrior", "W", Square(4, -1), AP=12, STR=13, AGI=9, WIS=6),
        Figure.hero("Mage", "M", Square(3, 1), AP=9, STR=4, AGI=5, WIS=12),
        Figure.hero("Huntress", "H", Square(5, 1), AP=11, STR=7, AGI=10, WIS=7),
    )
    situation = Situation(explored.dungeon, heroes)
    slime, colossal, mummy = (
        PACK.monster("slimecrawler"),
        PACK.modifier("colossal"),
        PACK.monster("mummy"),
    )
    deck = MonsterDeck.stacked([slime, colossal, mummy])
    result = spawn_monsters(situation, [right, left], deck, NO_DRAWS, pack=PACK, player_count=3)
    first, second = result.spawned
    assert (first.icon, first.card, first.modifiers, first.squares) == (right, slime, (), (right,))
    assert (second.icon, second.card, second.modifiers) == (left, mummy, (colossal,))
    assert second.squares == (left,)
    new_mummy = result.situation.at(left)
    assert new_mummy is not None and new_mummy.name == "Mummy"
    assert (new_mummy.ap, new_mummy.value("MOD")) == (5, 1)  # Colossal adds HP and damage only
    assert result.extra_activations == ()
    assert result.deck.discard_pile == (slime, colossal, mummy)


HORDE_ROOM = """
# Monster modifiers, Example 2: the icon sits in a niche
map:
  ##D######
  #H......#
  #.#####.#
  #..#w#..#
  #.......#
  #...#...#
  #########
figures:
  H = hero Huntress AP 12 STR 7 AGI 10 WIS 7
"""


def test_monster_modifiers_example_2_the_horde_of_exploding_fire_zombies() -> None:
    """*Monster modifiers*, Example 2: Explosion, Horde and Fire Creature are drawn before a
    Zombie. The three Zombies go as close to the icon as possible: the first on the icon and
    the second on the only square beside it (the two squares marked red); two squares are then
    equally near, and the third Zombie takes the one nearer the hero (yellow), not the other
    (green)."""
    situation = Situation.from_text(HORDE_ROOM)
    icon, red, yellow, green = Square(4, 3), Square(4, 4), Square(3, 4), Square(5, 4)
    explosion, horde, fire, zombie = (
        PACK.modifier("explosion"),
        PACK.modifier("horde"),
        PACK.modifier("fire_creature"),
        PACK.monster("zombie"),
    )
    deck = MonsterDeck.stacked([explosion, horde, fire, zombie])
    result = spawn_monsters(situation, [icon], deck, NO_DRAWS, pack=PACK, player_count=1)
    (spawned,) = result.spawned
    assert spawned.modifiers == (explosion, horde, fire)
    assert spawned.squares == (icon, red, yellow)
    assert result.situation.at(green) is None
    zombies = result.situation.monsters
    assert [z.name for z in zombies] == ["Zombie"] * 3
    assert {z.value("MOD") for z in zombies} == {3}
    tie_break = [s for s in result.trace.steps if s.criterion == "closer to a character"]
    assert tie_break[-1].candidates_before == ("3,4", "5,4")
    assert tie_break[-1].candidates_after == ("3,4",)
    assert tie_break[-1].rule is Section.MULTIPLE_MONSTERS


def test_multiple_monsters_gargoyles_at_their_figure_limit() -> None:
    """*Multiple monsters per monster icon*, the Gargoyle example: both Gargoyle figures are on
    the board. A door reveals a tile with an icon (A-3); Blocker and Gargoyle are drawn. No
    figure is left, so the Gargoyle closest to a character takes the Blocker modification and
    gets an Extra Activation at once; both Gargoyles keep their normal initiative of 10."""
    explored = reveal("A-3", characters=1)
    ((icon, _),) = explored.monster_icons()
    figures = (
        Figure.hero("Warrior", "W", Square(4, 2), AP=12, STR=13),
        Figure.monster("Gargoyle", "q", Square(1, 7)),
        Figure.monster("Gargoyle", "t", Square(7, 3)),
    )
    situation = Situation(explored.dungeon, figures)
    blocker, gargoyle = PACK.modifier("blocker"), PACK.monster("gargoyle")
    deck = MonsterDeck.stacked([blocker, gargoyle])
    result = spawn_monsters(situation, [icon], deck, NO_DRAWS, pack=PACK, player_count=1)
    (spawned,) = result.spawned
    assert spawned.letters == () and spawned.squares == ()
    (extra,) = result.extra_activations
    assert extra.letter == "t" and extra.modifiers == (blocker,)
    assert len(result.situation.monsters) == 2
    assert result.situation.figure("t").value("MOD") == 1
    order = monster_order(result.situation, pack=PACK)
    assert order.ranking == (("t",), ("q",))  # both at 10; the nearer one first
    text = result.trace.explain()
    assert "which Gargoyle gets the Extra Activation" in text
    assert "Gargoyle (t) acts at once and takes over Blocker" in extra.reason


def test_phase_g_example_1_one_monster_is_refilled_at_the_entrance() -> None:
    """*Phase G: Doom Counter*, Example 1: 5 characters, two monsters on the board: half of 5,
    rounded up, is 3, so one more monster is drawn and comes in at the stairs, on the entrance
    square nearer a character."""
    situation = Situation.from_text(
        """
tiles:
  A-1 at 0,0
figures:
  W = hero Warrior AP 12 STR 13 at 1,5
  M = hero Mage AP 9 STR 4 at 2,3
  H = hero Huntress AP 11 STR 7 at 4,1
  C = hero Cleric AP 8 STR 8 at 6,3
  A = hero Adventurer AP 10 STR 9 at 7,1
  o = monster Orc at 1,1
  m = monster Mummy at 7,5
"""
    )
    orc = PACK.monster("orc")
    result = refill_at_entrance(
        situation, MonsterDeck.stacked([orc]), NO_DRAWS, pack=PACK, player_count=5
    )
    (spawned,) = result.spawned
    assert spawned.card is orc and spawned.squares == (Square(3, 7),)
    assert len(result.situation.monsters) == 3
    assert result.trace.steps[0].rule is Section.PHASE_G
