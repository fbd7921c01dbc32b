"""Spawning monsters: the monster deck, the placement rule, the figure limit, the Phase G refill
and the current initiative (doria_nb.engine.monster_ai.monster_deck and
doria_nb.engine.spawning; *Monster Icons on a Room Tile*, *Multiple monsters per monster
icon*, *Monster modifiers*, *Current initiative for monsters*, *Phase G: Doom Counter*;
rulings P1 to P10 of ``docs/_rulings_spawn.md``)."""

from __future__ import annotations

from collections import Counter

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.cards import AttackKind
from doria_nb.engine.chance import Chance, ScriptedChance
from doria_nb.engine.errors import (
    DoriaError,
    MonsterAIError,
    MonsterError,
    PlayerCountError,
)
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.monster_deck import MonsterDeck, MonsterDraw, draw_monster
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import FIGURE_LETTERS, Situation
from doria_nb.engine.spawning.board import free_letters
from doria_nb.engine.spawning.icons import ExtraActivation, SpawnResult, spawn_monsters
from doria_nb.engine.spawning.placement import place_group
from doria_nb.engine.spawning.refill import entrance_squares, refill_at_entrance

PACK = starter_pack()
ORC, MUMMY, ZOMBIE = PACK.monster("orc"), PACK.monster("mummy"), PACK.monster("zombie")
GOBLIN, GARGOYLE, SLIME = (
    PACK.monster("goblin"),
    PACK.monster("gargoyle"),
    PACK.monster("slimecrawler"),
)
HORDE, BLOCKER, FASTER = PACK.modifier("horde"), PACK.modifier("blocker"), PACK.modifier("faster")
EXPLOSION, FIRE = PACK.modifier("explosion"), PACK.modifier("fire_creature")
NO_DRAWS = ScriptedChance([])

HALL = """
map:
  ####D####
  #.......#
  #.w.....#
  #.....H.#
  #########
figures:
  H = hero Huntress AP 12 STR 7 AGI 10 WIS 6
"""
ICON = Square(2, 2)


def hall(extra: str = "") -> Situation:
    return Situation.from_text(HALL + extra)


def spawn(situation: Situation, *cards: object, icons: list[Square] | None = None, **kw: object):
    deck = MonsterDeck.stacked(cards)  # type: ignore[arg-type]
    options: dict[str, object] = {"pack": PACK, "player_count": 3, **kw}
    return spawn_monsters(situation, icons or [ICON], deck, NO_DRAWS, **options)  # type: ignore[arg-type]


def a1(figures: str) -> Situation:
    return Situation.from_text(f"tiles:\n  A-1 at 0,0\nfigures:\n{figures}")


# -- the monster deck (*Monster modifiers*, ruling P1) ---------------------------------------------


def test_a_stacked_deck_draws_its_top_card_first() -> None:
    """*Monster Icons on a Room Tile*: a card is drawn, and it goes to the discard pile."""
    deck = MonsterDeck.stacked([ORC, MUMMY])
    draw, after = draw_monster(deck, NO_DRAWS)
    assert draw == MonsterDraw(ORC)
    assert after.draw_pile == (MUMMY,) and after.discard_pile == (ORC,)
    assert deck.draw_pile == (ORC, MUMMY) and deck.discard_pile == ()  # unchanged


def test_modifiers_are_drawn_until_a_monster_card_comes() -> None:
    """*Monster modifiers*: every modifier drawn on the way belongs to the monster."""
    deck = MonsterDeck.stacked([EXPLOSION, HORDE, FIRE, ZOMBIE, ORC])
    draw, after = draw_monster(deck, NO_DRAWS)
    assert draw.card is ZOMBIE and draw.modifiers == (EXPLOSION, HORDE, FIRE)
    assert draw.name == "Explosion Horde Fire Creature Zombie"
    assert after.draw_pile == (ORC,)
    assert after.discard_pile == (EXPLOSION, HORDE, FIRE, ZOMBIE)


def test_the_shuffled_deck_is_the_packs_monster_deck_in_a_reproducible_order() -> None:
    """The whole normal deck, shuffled by one Chance: the same seed gives the same order."""
    one = MonsterDeck.shuffled(PACK, Chance.seeded(5))
    two = MonsterDeck.shuffled(PACK, Chance.seeded(5))
    assert one == two and one.discard_pile == ()
    assert Counter(c.id for c in one.draw_pile) == Counter(c.id for c in PACK.monster_deck())
    assert not any(getattr(c, "special", False) for c in one.draw_pile)


def test_the_shuffle_is_fisher_yates_on_below() -> None:
    """Scripted draws fix the shuffle: ``below(3) = 1`` swaps the last two cards, ``below(2)
    = 1`` leaves the rest."""
    chance = ScriptedChance([1, 1])
    deck = MonsterDeck((), (ORC, MUMMY, ZOMBIE))
    draw, after = draw_monster(deck, chance)
    assert draw.card is ORC and draw.reshuffled
    assert after.draw_pile == (ZOMBIE, MUMMY) and after.discard_pile == (ORC,)
    assert chance.remaining == 0


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile() -> None:
    """Ruling P1: the discard pile is shuffled into a new draw pile; the modifiers already in
    hand stay with their monster and out of the shuffle."""
    deck = MonsterDeck((BLOCKER,), (ORC, FASTER))
    draw, after = draw_monster(deck, ScriptedChance([1]))  # below(2) = 1: no swap
    assert draw == MonsterDraw(ORC, (BLOCKER,), reshuffled=True)
    assert after.draw_pile == (FASTER,)
    assert after.discard_pile == (BLOCKER, ORC)


def test_an_empty_deck_cannot_be_drawn_from() -> None:
    """Ruling P1: with both piles empty there is nothing to draw; the deck stays as it was."""
    with pytest.raises(MonsterError, match="empty"):
        draw_monster(MonsterDeck(), NO_DRAWS)


def test_a_deck_of_modifiers_only_is_refused_before_drawing() -> None:
    deck = MonsterDeck((HORDE,), (FASTER,))
    with pytest.raises(MonsterError, match="only monster modifiers"):
        draw_monster(deck, NO_DRAWS)
    assert deck.draw_pile == (HORDE,)


@pytest.mark.parametrize("bad", ["orc", [ORC, "orc"], 3])
def test_a_deck_holds_monster_cards_and_modifiers_only(bad: object) -> None:
    with pytest.raises(MonsterError):
        MonsterDeck.stacked(bad)  # type: ignore[arg-type]


def test_draw_needs_a_deck_and_a_chance() -> None:
    with pytest.raises(MonsterError):
        draw_monster([ORC], NO_DRAWS)  # type: ignore[arg-type]
    with pytest.raises(MonsterError):
        draw_monster(MonsterDeck.stacked([ORC]), None)  # type: ignore[arg-type]


# -- placing a group (*Multiple monsters per monster icon*) ---------------------------------------


def test_the_first_monster_stands_on_the_icon_and_the_next_as_close_as_possible() -> None:
    """*Multiple monsters per monster icon*: nearest first, then the square nearer a
    character (the Huntress stands to the right)."""
    squares, trace = place_group(hall(), ICON, 3, attack=AttackKind.MELEE)
    assert squares == (ICON, Square(3, 2), Square(2, 3))
    assert trace.steps[0].rule is Section.MONSTER_ICONS
    assert any(step.rule is Section.MULTIPLE_MONSTERS for step in trace.steps)
    assert trace.result == ("(2, 2), (3, 2), (2, 3)",)


def test_a_taken_icon_sends_the_first_monster_to_the_nearest_free_square() -> None:
    """Ruling P2: an Orc stands on the icon; of the nearest free squares, the two nearer the
    Huntress tie and the players decide."""
    s = hall("  o = monster Orc at 2,2\n")
    squares, trace = place_group(s, ICON, 1, attack=AttackKind.MELEE)
    assert squares == (Square(3, 2),)
    assert trace.steps[-1].candidates_after == ("3,2", "2,3")
    assert "Taken: (2, 2) by Orc (o)" in trace.explain()
    assert "ruling P2" in trace.explain()


def test_equally_near_squares_go_to_the_weaker_characters_side() -> None:
    """Ruling P8: the Slimecrawler's ranged attack compares AGI; the square next to the
    Mage (AGI 5) beats the one next to the Warrior (AGI 9)."""
    s = Situation.from_text(
        """
map:
  ###D###
  #W.w.M#
  #######
figures:
  W = hero Warrior STR 13 AGI 9
  M = hero Mage STR 4 AGI 5
"""
    )
    squares, trace = place_group(s, Square(3, 1), 2, attack=AttackKind.RANGED)
    assert squares == (Square(3, 1), Square(4, 1))
    assert "lower AGI (ranged attack)" in trace.explain()
    melee, _ = place_group(s, Square(3, 1), 2, attack=AttackKind.MELEE)
    assert melee == (Square(3, 1), Square(4, 1))  # STR 4 against 13


def test_the_stronger_side_is_chosen_when_the_weaker_character_is_farther() -> None:
    """Nearer a character comes before the attribute: distance decides first."""
    s = Situation.from_text(
        """
map:
  ###D####
  #W.w..M#
  ########
figures:
  W = hero Warrior STR 13
  M = hero Mage STR 4
"""
    )
    squares, _ = place_group(s, Square(3, 1), 2, attack=AttackKind.MELEE)
    assert squares[1] == Square(2, 1)


def test_a_tie_is_the_players_decision_and_says_so() -> None:
    """No character on the board: the squares beside the icon tie, the trace names them,
    and the first in reading order is taken."""
    s = Situation.from_text("map:\n  ###D###\n  #..w..#\n  #######\n")
    squares, trace = place_group(s, Square(3, 1), 2, attack=AttackKind.MELEE)
    assert squares == (Square(3, 1), Square(2, 1))
    last = trace.steps[-1]
    assert last.criterion == "players' decision"
    assert last.candidates_after == ("2,1", "4,1")
    assert "the players choose" in trace.explain()


def test_a_missing_attribute_leaves_the_tie_to_the_players() -> None:
    s = Situation.from_text(
        """
map:
  ###D###
  #W.w.M#
  #######
figures:
  W = hero Warrior STR 13
  M = hero Mage
"""
    )
    squares, trace = place_group(s, Square(3, 1), 2, attack=AttackKind.MELEE)
    assert squares[1] == Square(2, 1)
    assert "Mage (M) has no STR value" in trace.explain()
    assert trace.steps[-1].criterion == "players' decision"


def test_unconscious_characters_do_not_pull_the_monsters() -> None:
    s = Situation.from_text(
        """
map:
  ###D###
  #W.w.M#
  #######
figures:
  W = hero Warrior STR 13 HP -1 unconscious
  M = hero Mage STR 4
"""
    )
    squares, _ = place_group(s, Square(3, 1), 2, attack=AttackKind.MELEE)
    assert squares[1] == Square(4, 1)


def test_flight_measures_across_holes() -> None:
    """Ruling P8: a flying monster's distances cross Holes."""
    s = Situation.from_text("map:\n  #D#####\n  #.xw..#\n  #######\n")
    walking, _ = place_group(s, Square(3, 1), 2, attack=AttackKind.MELEE)
    flying, _ = place_group(s, Square(3, 1), 3, attack=AttackKind.MELEE, flight=True)
    assert walking == (Square(3, 1), Square(4, 1))
    assert Square(1, 1) in flying or Square(5, 1) in flying


@pytest.mark.parametrize(
    ("icon", "count", "attack", "error"),
    [
        (Square(40, 40), 1, AttackKind.MELEE, "not on the dungeon"),
        ((2, 2), 1, AttackKind.MELEE, "Square"),
        (ICON, 0, AttackKind.MELEE, "1 or more"),
        (ICON, True, AttackKind.MELEE, "1 or more"),
        (ICON, 1, "melee", "melee, ranged or magic"),
    ],
)
def test_place_group_refuses_bad_input(
    icon: object, count: object, attack: object, error: str
) -> None:
    with pytest.raises(MonsterAIError, match=error):
        place_group(hall(), icon, count, attack=attack)  # type: ignore[arg-type]


def test_no_free_square_is_a_clear_error() -> None:
    s = Situation.from_text("map:\n  #D##\n  #wM#\n  ####\nfigures:\n  M = hero Mage\n")
    with pytest.raises(MonsterAIError, match="No free square"):
        place_group(s, Square(1, 1), 2, attack=AttackKind.MELEE)


# -- spawning on icons ----------------------------------------------------------------------------


def test_goblins_come_in_pairs_with_free_letters_and_their_level_ap() -> None:
    """*Multiple monsters per monster icon*: one Goblin card places two figures."""
    result = spawn(hall(), GOBLIN)
    assert isinstance(result, SpawnResult)
    (spawned,) = result.spawned
    assert spawned.icon == ICON and spawned.card is GOBLIN and spawned.modifiers == ()
    assert spawned.squares == (ICON, Square(3, 2))
    assert [(f.name, f.ap, f.value("MOD")) for f in result.situation.monsters] == [
        ("Goblin", 13, 0),
        ("Goblin", 13, 0),
    ]
    assert result.letters == spawned.letters == ("a", "b")
    assert result.deck.discard_pile == (GOBLIN,) and result.extra_activations == ()


def test_new_monsters_carry_their_modifiers_in_ap_and_mod() -> None:
    """*Monster modifiers*: a Faster Orc has 7 + 4 AP and one modifier, at any level."""
    result = spawn(hall(), FASTER, ORC, level=3)
    (orc,) = result.situation.monsters
    assert (orc.letter, orc.ap, orc.value("MOD")) == ("o", 11, 1)
    assert result.spawned[0].modifiers == (FASTER,)


def test_a_horde_adds_two_figures_to_what_the_card_places() -> None:
    """Ruling P5: a Horde of Goblins is 2 + 2 figures, each with every modifier."""
    result = spawn(hall(), HORDE, GOBLIN)
    assert len(result.spawned[0].squares) == 4
    assert {f.value("MOD") for f in result.situation.monsters} == {1}


def test_spawning_never_changes_the_given_situation_or_deck() -> None:
    s = hall()
    deck = MonsterDeck.stacked([ORC])
    spawn_monsters(s, [ICON], deck, NO_DRAWS, pack=PACK, player_count=3)
    assert s.monsters == () and deck.draw_pile == (ORC,)


def test_a_figure_limit_turns_the_missing_figures_into_extra_activations() -> None:
    """*Multiple monsters per monster icon*, rulings P3 and P4: the box holds 2 Mummies, one
    is on the board: a Horde of Mummies places one and gives two Extra Activations; the
    modifiers stay with the placed Mummy."""
    s = hall("  m = monster Mummy AP 5 at 7,1\n")
    result = spawn(s, HORDE, FIRE, MUMMY)
    (spawned,) = result.spawned
    assert len(spawned.letters) == 1
    assert len(result.extra_activations) == 2
    assert all(isinstance(e, ExtraActivation) for e in result.extra_activations)
    assert all(e.modifiers == () for e in result.extra_activations)
    new = result.situation.figure(spawned.letters[0])
    assert new.value("MOD") == 2  # Horde and Fire Creature
    assert result.situation.figure("m").value("MOD") is None  # inherits nothing


def test_with_no_figure_left_the_first_extra_activation_inherits_the_modifiers() -> None:
    """Rulings P3 and P4: both Gargoyles are on the board; a Horde of Faster Gargoyles gives
    three Extra Activations; only the first carries Faster (Horde is spent) and its AP and MOD
    grow."""
    s = hall("  q = monster Gargoyle at 1,1\n  t = monster Gargoyle at 7,3\n")
    result = spawn(s, HORDE, FASTER, GARGOYLE)
    assert result.spawned[0].letters == ()
    first, *rest = result.extra_activations
    assert first.letter == "t"  # nearer the Huntress
    assert first.modifiers == (FASTER,)
    assert [e.modifiers for e in rest] == [(), ()]
    t = result.situation.figure("t")
    assert (t.ap, t.value("MOD")) == (14, 1)
    assert "acts at once and takes over Faster" in first.reason


def test_tied_monsters_for_the_extra_activation_are_the_players_choice() -> None:
    """*Monster Order* leaves a tie: the first in reading order is taken, and the trace
    says the players decide."""
    s = Situation.from_text(
        """
map:
  ####D####
  #q..w..t#
  #.......#
  #########
figures:
  q = monster Gargoyle
  t = monster Gargoyle
"""
    )
    result = spawn(s, GARGOYLE, icons=[Square(4, 1)])
    assert result.extra_activations[0].letter == "q"
    assert "the players choose" in result.trace.explain()


def test_an_icon_of_a_colour_not_in_use_draws_nothing() -> None:
    """*Monster icon colors*: a green icon with 3 players spawns nothing, no card drawn."""
    s = Situation.from_text("map:\n  ###D###\n  #..g..#\n  #######\n")
    deck = MonsterDeck.stacked([ORC])
    result = spawn_monsters(s, [Square(3, 1)], deck, NO_DRAWS, pack=PACK, player_count=3)
    assert result.spawned == () and result.deck == deck
    assert result.trace.steps[0].rule is Section.MONSTER_ICON_COLORS
    used = spawn_monsters(s, [Square(3, 1)], deck, NO_DRAWS, pack=PACK, player_count=4)
    assert len(used.spawned) == 1


def test_an_icon_without_a_connection_draws_nothing() -> None:
    """*No connection to the dungeon* (ruling P10): A-2 lies beside A-1 with no opened door;
    its white icon waits and no card is drawn."""
    s = Situation.from_text("tiles:\n  A-1 at 0,0\n  A-2 at 9,1\n")
    icon = Square(10, 2)
    assert s.dungeon.content(icon).monster_color is not None  # type: ignore[union-attr]
    deck = MonsterDeck.stacked([ORC])
    result = spawn_monsters(s, [icon], deck, NO_DRAWS, pack=PACK, player_count=3)
    assert result.spawned == () and result.deck == deck
    assert result.trace.steps[0].rule is Section.NO_CONNECTION


def test_acts_now_lists_new_monsters_above_the_current_initiative() -> None:
    """*Current initiative for monsters* (ruling P9): a monster acts at once only when it is
    higher than the current character; at the same value the character goes first."""
    result = spawn(hall(), GOBLIN, ORC, icons=[ICON, Square(5, 1)], current_initiative=7)
    goblins = result.spawned[0].letters
    assert result.acts_now == goblins  # Goblins at 13; the Orc at 7 waits
    assert result.trace.steps[-1].rule is Section.CURRENT_INITIATIVE
    assert spawn(hall(), GOBLIN).acts_now == ()


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"icons": [ICON, Square(50, 0)]}, MonsterAIError),
        ({"icons": ICON}, MonsterAIError),
        ({"player_count": 7}, PlayerCountError),
        ({"level": 0}, MonsterError),
        ({"current_initiative": "7"}, MonsterAIError),
        ({"pack": None}, MonsterError),
    ],
)
def test_bad_input_is_refused_before_any_card_is_drawn(
    change: dict[str, object], error: type[DoriaError]
) -> None:
    """Bad input changes nothing: no shuffle, no draw, the situation as it was."""
    chance = ScriptedChance([0])
    deck = MonsterDeck((), (ORC, MUMMY))  # a draw would shuffle first
    options: dict[str, object] = {"icons": [ICON], "pack": PACK, "player_count": 3, **change}
    icons = options.pop("icons")
    s = hall()
    with pytest.raises(error):
        spawn_monsters(s, icons, deck, chance, **options)  # type: ignore[arg-type]
    assert chance.remaining == 1 and s.monsters == ()


def test_the_trace_explains_every_draw_and_placement() -> None:
    text = spawn(hall(), FASTER, ORC).trace.explain()
    assert "draw a monster for the icon at (2, 2) (Monster modifiers): Faster, Orc -> Orc." in text
    assert "Result: Orc (o) at (2, 2)." in text


# -- letters --------------------------------------------------------------------------------------


def test_free_letters_skip_used_letters_and_map_characters() -> None:
    s = hall("  o = monster Orc at 5,1\n")
    letters = free_letters(s, "Orc")
    assert "o" not in letters and "H" not in letters
    assert set(letters) <= set(FIGURE_LETTERS)
    assert free_letters(s, "Goblin")[0] == "a"  # 'g' is the green icon
    assert free_letters(s, "Zombie")[0] == "z"


# -- the Phase G refill ---------------------------------------------------------------------------


def test_entrance_squares_are_the_three_in_front_of_the_stairs() -> None:
    assert entrance_squares(a1("").dungeon) == (Square(3, 7), Square(4, 7), Square(5, 7))


def test_the_refill_brings_the_board_up_to_half_the_players_rounded_up() -> None:
    """*Phase G: Doom Counter*: 5 players want 3 monsters; 2 are there, 1 comes in, on the
    entrance square nearer the Warrior."""
    s = a1(
        "  W = hero Warrior AP 12 STR 13 at 7,6\n"
        "  o = monster Orc at 1,1\n  m = monster Mummy at 7,1\n"
    )
    result = refill_at_entrance(
        s, MonsterDeck.stacked([ORC, MUMMY]), NO_DRAWS, pack=PACK, player_count=5
    )
    (spawned,) = result.spawned
    assert spawned.icon is None and spawned.squares == (Square(5, 7),)
    assert len(result.situation.monsters) == 3 and result.deck.draw_pile == (MUMMY,)
    assert result.trace.steps[0].rule is Section.PHASE_G


def test_no_refill_when_enough_monsters_are_on_the_board() -> None:
    s = a1("  o = monster Orc at 1,1\n")
    deck = MonsterDeck.stacked([ORC])
    result = refill_at_entrance(s, deck, NO_DRAWS, pack=PACK, player_count=2)
    assert result.spawned == () and result.deck == deck and result.situation == s


def test_a_horde_can_fill_several_gaps_at_once() -> None:
    """Ruling P6: 6 players want 3 monsters; the first draw is a Horde of Zombies, which
    fills every gap, so no second card is drawn."""
    s = a1("  W = hero Warrior AP 12 STR 13 at 1,6\n")
    deck = MonsterDeck.stacked([HORDE, ZOMBIE, ORC])
    result = refill_at_entrance(s, deck, NO_DRAWS, pack=PACK, player_count=6)
    assert len(result.situation.monsters) == 3
    assert result.deck.draw_pile == (ORC,)
    assert result.spawned[0].squares[0] == Square(3, 7)  # the entrance square nearer W
    assert "ruling P6" in result.trace.explain()


def test_with_every_entrance_square_taken_the_monster_starts_as_near_as_possible() -> None:
    """*Phase G: Doom Counter*, ruling P7: the three entrance squares are taken; the nearest
    free squares are one step away, next to the Adventurer (STR 9) or the Mage (STR 4); the
    Orc's melee attack picks the Mage's side."""
    s = a1(
        "  A = hero Adventurer AP 9 STR 9 at 3,7\n  M = hero Mage AP 9 STR 4 at 7,7\n"
        "  o = monster Orc at 4,7\n  m = monster Mummy at 5,7\n"
    )
    deck = MonsterDeck.stacked([ORC])
    result = refill_at_entrance(s, deck, NO_DRAWS, pack=PACK, player_count=6)
    assert result.spawned[0].squares == (Square(6, 7),)
    assert "ruling P7" in result.trace.explain()


def test_the_refill_respects_the_figure_limit() -> None:
    s = a1(
        "  q = monster Gargoyle at 1,1\n  t = monster Gargoyle at 7,1\n  W = hero Warrior at 4,3\n"
    )
    deck = MonsterDeck.stacked([GARGOYLE])
    result = refill_at_entrance(s, deck, NO_DRAWS, pack=PACK, player_count=6)
    assert result.spawned[0].letters == () and len(result.extra_activations) == 1


def test_a_refill_needs_an_entrance() -> None:
    with pytest.raises(MonsterAIError, match="no stairs entrance"):
        refill_at_entrance(hall(), MonsterDeck.stacked([ORC]), NO_DRAWS, pack=PACK, player_count=3)


def test_the_refill_lists_fast_newcomers_in_acts_now() -> None:
    s = a1("  W = hero Warrior AP 12 STR 13 at 1,6\n")
    result = refill_at_entrance(
        s, MonsterDeck.stacked([GOBLIN]), NO_DRAWS, pack=PACK, player_count=1, current_initiative=12
    )
    assert result.acts_now == result.letters and len(result.letters) == 2


def test_a_reshuffle_during_a_spawn_is_in_the_trace() -> None:
    """Ruling P1, as players see it: the trace says the discard pile became the draw pile."""
    deck = MonsterDeck((), (ORC,))
    result = spawn_monsters(hall(), [ICON], deck, Chance.seeded(3), pack=PACK, player_count=3)
    assert "ruling P1" in result.trace.explain()
    assert result.deck == MonsterDeck((), (ORC,))
