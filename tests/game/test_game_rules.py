"""Rules carried out by the Game: the action phase's AP, lasting effects, party changes, the
small-group rules, the optional rules that need a whole game, and the cards (traps, door
events, the shop) played in it. Positions are arranged by hand where a rule needs one."""

from __future__ import annotations

from dataclasses import replace

import pytest

from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.game.arrange import free_square_next_to, give_turn, place_monster
from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.geometry import Square
from doria_nb.engine.mat import Area, Location, Slot
from doria_nb.engine.monster_activation.play import foe_for
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.situation.figure import Figure
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.places import location_key, parse_location
from doria_nb.engine.table.records import IllegalAction, MonsterSeat, Phase

PARTY = ("warrior", "mage", "ranger", "priestess")


def new(seed: int = 11, party: tuple[str, ...] = PARTY, **options: object) -> Game:
    return Game.new("the_flooded_archive", party, seed, options=RulesOptions(**options))  # type: ignore[arg-type]


# -- Phase D: the Initiative Board and AP -----------------------------------------------------


def test_walking_is_the_one_action_that_cannot_overdraw() -> None:
    """A walk needs its AP; a jump may take the last AP below 0 (*Jumping*, ruling M4)."""
    game = new()
    give_turn(game, "W", 1)
    walks = game.state.situation.reach("W", ap=40, jumping=False)
    far = max(walks.squares, key=lambda s: walks.cost(s) or 0)
    assert (walks.cost(far) or 0) > 1
    with pytest.raises(IllegalAction):
        game.apply(act.Move("W", far, max_jump=0))


def test_characters_act_before_monsters_on_the_same_value() -> None:
    game = new()
    give_turn(game, "W", 10)
    place_monster(game, "orc", free_square_next_to(game, "W"), "o")
    game.state.monsters["o"].ap = 10
    assert game.turn == ("W",)
    game.state.monsters["o"].ap = 11
    assert game.turn == ()


def test_a_monster_marker_below_1_ap_does_not_act() -> None:
    """Ruling GM10: the game's turn order and the Initiative Board ask one rule
    (``next_up``): a marker acts with at least 1 AP, a monster's as a character's. A monster
    whose marker stands on 0 (a content pack's slow monster) waits for the next round; the
    phase ends when the Warrior is done."""
    from doria_nb.engine.game.hero_checks import next_up
    from doria_nb.engine.table.events import MonsterActed, PhaseBegan

    game = new()
    state = game.state
    give_turn(game, "W", 3)
    place_monster(game, "orc", free_square_next_to(game, "W"), "o")
    state.monsters["o"].ap = 0
    group = next_up(state)
    assert group is not None and group.names == ("W",)
    events = list(game.apply(act.Wait("W", 3)))
    phase_d = events[: next(i for i, e in enumerate(events) if isinstance(e, PhaseBegan))]
    assert events[len(phase_d)].phase == Phase.E.value  # Phase D ended with the Warrior
    assert not any(isinstance(e, MonsterActed) for e in phase_d)


def test_a_monster_revealed_during_the_round_acts_in_it() -> None:
    """*Phase D* ("revealed after its initiative value ... activated immediately"), *Current
    initiative for monsters* and the C-8 walkthrough, where monsters act in the round their
    room was revealed (ruling GM3, re-decided 2026-12): Goblins (13 AP) revealed while the
    Warrior stands at 10 act at once; an Orc (7 AP) goes on the Initiative Board at 7 and
    acts when its marker is highest, this round."""
    from doria_nb.engine.game.door_play import spawn_at
    from doria_nb.engine.monster_ai.monster_deck import MonsterDeck
    from doria_nb.engine.table.events import MonsterActed
    from doria_nb.engine.table.state import default_answer

    game = new()
    state = game.state
    assert state.phase is Phase.D
    give_turn(game, "W", 10)
    pack = state.pack
    state.monster_deck = MonsterDeck.stacked([pack.monster("goblin"), pack.monster("orc")])
    square = free_square_next_to(game, "W")
    spawn_at(state, square, 2, 10, default_answer)
    goblins = [seat for seat in state.monsters.values() if seat.name == "Goblin"]
    (orc,) = [seat for seat in state.monsters.values() if seat.name == "Orc"]
    acted = [e.who for e in state.log if isinstance(e, MonsterActed)]
    assert goblins and acted == [g.letter for g in goblins]  # the card brings its group
    assert all(g.acted and g.ap == 0 for g in goblins)
    assert orc.ap == 7 and not orc.acted
    assert game.turn == ("W",)
    game.apply(act.Wait("W", 5))  # the Warrior goes down to 5, below the Orc's 7
    acted = [e.who for e in state.log if isinstance(e, MonsterActed)]
    assert acted == [*(g.letter for g in goblins), orc.letter]
    assert orc.acted and orc.ap == 0


def test_a_character_below_zero_hp_keeps_acting_until_the_next_initiative_roll() -> None:
    """Ruling H21: dropping below 0 HP during Phase D knocks nobody out; the Warrior at -3 HP
    keeps his AP and his turn (the deficit costs a die at the next initiative roll)."""
    game = new()
    give_turn(game, "W", 10)
    warrior = game.state.heroes["W"].character
    warrior.change_points(hp=-(warrior.hp + 3), reason="test")
    assert warrior.hp == -3
    assert game.turn == ("W",) and not game.state.unconscious("W")


# -- lasting effects and Fate Points ---------------------------------------------------------


def test_a_temporary_armor_is_offered_and_wears_off_at_the_end_of_the_round() -> None:
    from doria_nb.engine.effects_ops import TemporaryArmor
    from doria_nb.engine.effects_play import expire, extra_armor

    game = new()
    state = game.state
    state.temporary.append((state.round, "M", TemporaryArmor("Mage", "Dense Hide", 2)))
    assert extra_armor(state) == {"M": 2}
    expire(state)
    assert extra_armor(state) == {}
    assert "wears off" in game.events[-1].describe()


def test_casting_a_spell_applies_its_lasting_effect() -> None:
    game = new()
    state = game.state
    mage = state.heroes["M"].character
    mage.mat = mage.mat.with_belt(state.pack.item("battle_blessing"))
    belt = next(loc for loc, h in mage.mat.locations() if h.card.id == "battle_blessing")
    give_turn(game, "M", 20)
    state.chance = ScriptedChance([9, 9], log=state.log)
    game.apply(act.Cast("M", location_key(belt)))
    assert state.temporary and state.temporary[-1][1] == "M"
    from doria_nb.engine.effects_play import attack_bonus_for

    bonus = attack_bonus_for(state, "M")
    assert bonus is not None and bonus.points == 3


def test_fate_points_reroll_a_missed_attack_once() -> None:
    game = new(fate_points="character")
    state = game.state
    warrior = state.heroes["W"]
    assert state.fate is not None and state.fate.left("Warrior") == 1
    weapon = next(
        loc
        for loc, held in warrior.character.mat.locations()
        if held.card.attacks and loc.area is Area.BODY
    )
    give_turn(game, "W", 30)
    place_monster(game, "ogre", free_square_next_to(game, "W"), "o")
    rolls = len([e for e in game.events if type(e).__name__ == "DiceRolled"])
    game.apply(act.Attack("W", location_key(weapon), "o"))
    fates = [e for e in game.events if "Fate Point" in e.describe()]
    later = len([e for e in game.events if type(e).__name__ == "DiceRolled"])
    if fates:
        assert state.fate.left("Warrior") == 0 and later - rolls >= 4
    else:
        assert state.fate.left("Warrior") == 1


# -- the optional rules that need a game ------------------------------------------------------


def test_throw_items_needs_line_of_sight_under_the_optional_rule() -> None:
    """Without the optional rule any character on the same or a joined tile can catch; with
    *Throw Items* only one the thrower can see."""
    plain, strict = new(), new(throw_items=True)
    for game in (plain, strict):
        give_turn(game, "W", 20)
    card = next(loc for loc, _ in plain.state.heroes["W"].character.mat.locations())
    action = act.Throw("W", location_key(card), "M")
    seen = strict.situation.line_of_sight("W", "M").visible
    assert plain.can(action)
    assert bool(strict.can(action)) == seen


def test_door_events_draw_a_card_when_a_door_is_opened() -> None:
    game = new(door_events=True)
    for _ in range(300):
        if any("Door Event" in str(e.rule) for e in game.events):
            break
        game.apply(bot_action(game))
    assert any("Door Event" in str(e.rule) for e in game.events)


# -- the party ---------------------------------------------------------------------------------


def _to_phase_i(game: Game) -> None:
    for _ in range(500):
        if game.phase is Phase.I or game.over:
            return
        game.apply(bot_action(game))


def test_a_hero_leaves_at_the_end_of_the_round_and_player_count_drops() -> None:
    game = new(seed=21)
    game.apply(act.Leave("R"))
    assert "R" in game.state.heroes
    with pytest.raises(IllegalAction, match="leaving already"):
        game.apply(act.Leave("R"))
    round_ = game.round
    while game.round == round_ and not game.over:
        game.apply(bot_action(game))
    if game.over:
        pytest.skip("the game ended in the round")
    assert "R" not in game.state.heroes
    assert game.state.player_count == 3 and game.state.group_xp.player_count == 3


def test_a_hero_joins_in_phase_i() -> None:
    game = new(seed=21, party=("warrior", "mage"))
    with pytest.raises(IllegalAction, match="Phase I"):
        game.apply(act.Join("", "ranger"))
    _to_phase_i(game)
    if game.over:
        pytest.skip("the game ended first")
    with pytest.raises(IllegalAction, match="already"):
        game.apply(act.Join("", "warrior"))
    game.apply(act.Join("", "ranger"))
    assert game.state.player_count == 3
    ranger = next(s for s in game.state.heroes.values() if s.name == "Ranger")
    assert len(ranger.character.mat.cards) == 6
    assert game.situation.figure(ranger.letter)


def test_a_joining_hero_gets_as_many_attribute_points_as_the_others() -> None:
    """*Character Improvement*: a new character gets "the same amount of additional XP
    compared to all other characters" and distributes them (ruling GM7, re-decided): the
    others have received 2 Attribute Points this game, so the Ranger joins with 2 more."""
    game = new(seed=21, party=("warrior", "mage"))
    _to_phase_i(game)
    if game.over:
        pytest.skip("the game ended first")
    received = game.state.counters.attribute_points
    game.state.counters.attribute_points = received + 2
    template = game.state.pack.hero("ranger").attributes
    game.apply(act.Join("", "ranger"))
    ranger = next(s for s in game.state.heroes.values() if s.name == "Ranger").character
    assert ranger.attributes.total == template.total + received + 2
    assert ranger.saved_points == 0
    assert any(f"{received + 2} Attribute Points" in e.describe() for e in game.events)


def test_the_last_hero_cannot_leave() -> None:
    game = new(party=("mage",))
    with pytest.raises(IllegalAction, match="last hero"):
        game.apply(act.Leave("M"))


# -- small groups ------------------------------------------------------------------------------


def test_solo_and_duo_start_with_a_hero_bonus_and_bigger_hands() -> None:
    solo = new(party=("mage",))
    duo = new(party=("warrior", "priestess"))
    mage = solo.state.heroes["M"].character
    assert mage.level == 2 and len(mage.hero_bonuses) == 1
    assert len(mage.mat.cards) == 10
    for seat in duo.state.heroes.values():
        assert seat.character.level == 2 and len(seat.character.mat.cards) == 8


def test_the_solo_hero_never_falls_unconscious_at_initiative() -> None:
    game = new(party=("mage",))
    for _ in range(400):
        if game.over:
            break
        assert not game.state.heroes["M"].out_this_round
        game.apply(bot_action(game))


def test_the_solo_hero_may_pay_an_xp_against_the_door_step() -> None:
    from doria_nb.engine.game import flow
    from doria_nb.engine.table.state import Asker

    game = new(party=("mage",))
    state = game.state
    state.group_xp = state.group_xp.gain(2)
    state.door_opened = False
    before = state.doom
    flow._phase_g(state, Asker())
    assert state.group_xp.xp == 1
    steps = [e for e in game.events if "Doom Counter" in str(e.rule)][-1]
    assert before.move(1).end == state.doom or "1" in steps.describe()


# -- traps, doors and the dungeon ------------------------------------------------------------


def test_a_trap_drawn_as_loot_goes_off_at_once() -> None:
    from doria_nb.engine.table.state import Asker
    from doria_nb.engine.traps.play import play_trap

    game = new()
    state = game.state
    state.chance = ScriptedChance([1, 2] * 10, log=state.log)
    warrior = state.heroes["W"].character
    hp, armor = warrior.hp, warrior.mat.active_armor
    play_trap(state, "W", state.pack.item("log_trap"), Asker())
    # Ruling TR7: the Warrior takes the 2 damage on his Tri-Anon Armor (AR 3), now damaged.
    assert warrior.hp == hp and warrior.mat.active_armor == armor - 3
    assert any("ruling TR7" in e.describe() for e in state.log)
    assert warrior.mat.find("log_trap") is not None  # kept as gold
    assert state.group_xp.xp == 1


def test_under_the_traps_ignore_armor_reading_a_trap_hurts_through_armor() -> None:
    from doria_nb.engine.table.state import Asker
    from doria_nb.engine.traps.play import play_trap

    game = new(readings={"traps_ignore_armor"})
    state = game.state
    state.chance = ScriptedChance([1, 2] * 10, log=state.log)
    warrior = state.heroes["W"].character
    hp, armor = warrior.hp, warrior.mat.active_armor
    play_trap(state, "W", state.pack.item("log_trap"), Asker())
    assert warrior.hp == hp - 2 and warrior.mat.active_armor == armor


def test_a_door_events_damage_may_go_on_one_armor_unless_a_reading_says_not() -> None:
    """Ruling DE5 (re-decided 2026-12 with TR7): the Warrior takes a door event's 2 damage on
    his Tri-Anon Armor (AR 3); under the named reading ``traps_ignore_armor`` it goes
    straight to his Hit Points."""
    from doria_nb.engine.door_events import DoorEventOutcome
    from doria_nb.engine.game.door_play import _apply
    from doria_nb.engine.table.state import Asker

    for readings, lost in ((frozenset(), 0), (frozenset({"traps_ignore_armor"}), 2)):
        game = new(readings=readings, door_events=True)
        state = game.state
        seat = state.heroes["W"]
        card = state.door_deck.draw_pile[0]
        hp, armor = seat.character.hp, seat.character.mat.active_armor
        _apply(state, seat, DoorEventOutcome(card, seat.name, damage=2), Asker())
        assert seat.character.hp == hp - lost
        assert seat.character.mat.active_armor == (armor - 3 if lost == 0 else armor)


def test_a_held_hero_cannot_walk_but_can_still_act() -> None:
    game = new()
    state = game.state
    fig = state.situation.figure("W")
    state.situation = state.situation.with_figure(replace(fig, flags=fig.flags | {"immobilized"}))
    give_turn(game, "W", 20)
    with pytest.raises(IllegalAction, match="held by a trap"):
        game.apply(act.Move("W", free_square_next_to(game, "W")))
    game.apply(act.Wait("W", 1))


def test_a_door_no_tile_fits_stays_closed_and_cannot_be_opened_again() -> None:
    game = new()
    state = game.state
    door = state.situation.dungeon.unexplored_doors()[0].square
    state.dead_doors.add(door)
    give_turn(game, "W", 10)
    with pytest.raises(IllegalAction):
        game.apply(act.OpenDoor("W", door))


def test_the_shop_sells_in_phase_i() -> None:
    game = new(seed=3)
    _to_phase_i(game)
    if game.over:
        pytest.skip("the game ended first")
    shop = game.state.shop
    assert any(slot is not None for slot in shop.slots)
    actions = game.legal_actions()
    assert act.EndPhase("") in actions
    for action in actions:
        assert game.can(action)
    mage = game.state.heroes["M"].character
    goods = [(i, c) for i, c in enumerate(shop.slots) if c is not None and c.type.value != "trap"]
    if not goods:
        pytest.skip("only traps in the shop")
    slot, wanted = goods[0]
    with pytest.raises(IllegalAction):
        game.apply(act.Buy("", (slot,), (), ("M",), ("",)))
    assert game.state.shop == shop
    payment = next(
        (
            f"{seat.letter}:{location_key(loc)}"
            for seat in game.state.heroes.values()
            for loc, held in seat.character.mat.locations()
            if held.sale_value >= wanted.gold and loc.area is not Area.BODY
        ),
        None,
    )
    assert payment is not None
    game.apply(act.Buy("", (slot,), (payment,), ("M",), ("backpack",)))
    assert game.state.shop.slots[slot] is None
    assert mage.mat.find(wanted.id) is not None


def test_slot_names_are_understood() -> None:
    assert location_key(Location.body(Slot.HEAD)) == "head"
    assert parse_location("head") == Location.body(Slot.HEAD)
    with pytest.raises(IllegalAction, match="no place"):
        parse_location("pocket")


# -- monster modifiers outside an activation ---------------------------------------------------


def _modified(game: Game, card: str, modifiers: tuple[str, ...], square: Square) -> None:
    state = game.state
    name = state.pack.monster(card).name
    state.situation = state.situation.with_figure(Figure.monster(name, "o", square, AP=10))
    foe = foe_for(state, card, modifiers, name)
    state.monsters["o"] = MonsterSeat("o", card, modifiers, foe, 0)


def test_regenerating_monsters_heal_in_phase_f_and_necromancers_raise_zombies() -> None:
    from doria_nb.engine.monster_activation.modifiers import modifiers_phase_f
    from doria_nb.engine.table.state import Asker

    game = new()
    state = game.state
    _modified(game, "orc", ("regenerating", "necromancer"), free_square_next_to(game, "W"))
    seat = state.monsters["o"]
    seat.foe = seat.foe.with_hp(1)
    modifiers_phase_f(state, Asker())
    assert state.monsters["o"].foe.hp == 2
    zombies = [m for m in state.monsters.values() if m.card_id == "zombie"]
    assert len(zombies) == 1
    raised = state.situation.figure(zombies[0].letter).square
    orc = state.situation.figure("o").square
    assert abs(raised.x - orc.x) + abs(raised.y - orc.y) <= 2


def test_a_raised_zombie_leaves_the_modifiers_waiting_for_the_next_monster_card() -> None:
    """*Limit Modifiers*: modifiers set aside wait for the next monster card drawn from the
    deck; a Zombie raised from the box by a necromancer draws no card and takes none of them."""
    from doria_nb.engine.monster_activation.modifiers import modifiers_phase_f
    from doria_nb.engine.table.state import Asker

    game = new()
    state = game.state
    _modified(game, "orc", ("necromancer",), free_square_next_to(game, "W"))
    waiting = (state.pack.modifier("regenerating"),)
    state.waiting_modifiers = waiting
    deck = state.monster_deck
    modifiers_phase_f(state, Asker())
    zombies = [m for m in state.monsters.values() if m.card_id == "zombie"]
    assert len(zombies) == 1 and zombies[0].modifier_ids == ()
    assert state.waiting_modifiers == waiting
    assert state.monster_deck == deck


def test_an_exploding_monster_bursts_on_its_neighbours() -> None:
    from doria_nb.engine.game.loot_cards import defeat_monsters
    from doria_nb.engine.table.state import Asker

    game = new()
    state = game.state
    _modified(game, "orc", ("explosion",), free_square_next_to(game, "W"))
    before = len(game.events)
    defeat_monsters(state, "W", ["o"], Asker())
    texts = " ".join(e.describe() for e in game.events[before:])
    assert "explosion" in texts
    assert "o" not in state.monsters


def test_a_venomous_hit_leaves_poison_markers() -> None:
    from types import SimpleNamespace

    from doria_nb.engine.monster_activation.modifiers import venom

    game = new()
    state = game.state
    _modified(game, "orc", ("venomous",), free_square_next_to(game, "W"))
    hit = SimpleNamespace(
        defender="W", resolution=SimpleNamespace(hit=True, damage=SimpleNamespace(taken=2))
    )
    venom(state, state.monsters["o"], SimpleNamespace(hits=[hit]))
    assert state.heroes["W"].poison == 1


# -- other heroes' items and Rubble -------------------------------------------------------------


def _side_by_side(game: Game) -> Square:
    """The Mage moved next to the Warrior; returns the Mage's square."""
    square = free_square_next_to(game, "W")
    game.state.situation = game.state.situation.moved("M", square)
    return square


def test_taking_a_companions_card_costs_5_ap() -> None:
    game = new()
    _side_by_side(game)
    give_turn(game, "W", 20)
    location, held = next(iter(game.state.heroes["M"].character.mat.locations()))
    game.apply(act.Take("W", "M", location_key(location)))
    assert game.state.heroes["W"].ap == 15
    assert game.state.heroes["W"].character.mat.find(held.card.id) is not None


def test_handling_a_companions_cards_needs_range_1() -> None:
    game = new()
    give_turn(game, "W", 20)
    far = game.situation.figure("M").square
    here = game.situation.figure("W").square
    if abs(far.x - here.x) + abs(far.y - here.y) <= 1:
        game.state.situation = game.state.situation.moved("M", Square(here.x + 3, here.y))
    location, _ = next(iter(game.state.heroes["M"].character.mat.locations()))
    with pytest.raises(IllegalAction, match="range 1"):
        game.apply(act.Take("W", "M", location_key(location)))


def test_helping_a_companion_equip_costs_5_ap() -> None:
    game = new()
    _side_by_side(game)
    give_turn(game, "W", 20)
    mage = game.state.heroes["M"].character
    packed = [loc for loc, _ in mage.mat.locations() if loc.area is not Area.BODY]
    movable = [loc for loc in packed if mage.can_move(loc, Area.BELT) and loc.area is Area.BACKPACK]
    if not movable:
        pytest.skip("nothing to move for the Mage")
    game.apply(act.Equip("W", location_key(movable[0]), "belt", "M"))
    assert game.state.heroes["W"].ap == 15


def test_clearing_rubble_frees_the_buried_and_costs_10_ap() -> None:
    from doria_nb.engine.cards import Marker

    game = new()
    state = game.state
    square = _side_by_side(game)
    mage = state.situation.figure("M")
    dungeon = state.situation.dungeon.with_marker(square, Marker.RUBBLE)
    figures = tuple(
        replace(f, flags=f.flags | {"buried"}) if f.letter == "M" else f
        for f in state.situation.figures
    )
    state.situation = type(state.situation)(dungeon, figures)
    assert mage.square == square
    give_turn(game, "W", 12)
    assert act.ClearRubble("W", square) in game.legal_actions()
    game.apply(act.ClearRubble("W", square))
    assert state.heroes["W"].ap == 2
    assert not state.situation.figure("M").buried
    assert state.situation.dungeon.marker(square) is None


def test_a_dead_end_brings_a_secret_door_that_is_opened_like_any_door() -> None:
    """*Dead Ends*: seed 53 runs out of unopened doors; a Secret Door appears and counts."""
    from doria_nb.engine.game.simulate import play_out
    from doria_nb.engine.sections import Section

    game = play_out(Game.new("the_flooded_archive", PARTY, 53), inputs=40)
    appeared = [e for e in game.events if e.rule is Section.DEAD_ENDS]
    assert appeared and "Secret Door appears" in appeared[0].describe()


def test_the_dead_end_secret_door_counts_for_the_doom_counter_unless_a_reading_says_not() -> None:
    """*Dead Ends* ("treated like a normal, unopened door") against *Phase G* ("Room Tiles
    revealed by Traps, secret doors, or similar do not count"): by default opening the
    dead-end Secret Door counts; the named reading ``secret_doors_never_count`` says it does
    not (ruling E8). Ordinary doors count under both."""
    from doria_nb.engine.cards import Marker
    from doria_nb.engine.game.hero_moves import counts_for_doom
    from doria_nb.engine.game.simulate import play_out

    game = play_out(Game.new("the_flooded_archive", PARTY, 53), inputs=40)
    state = game.state
    dungeon = state.situation.dungeon
    secret = [sq for sq, m in dict(dungeon.markers).items() if m is Marker.SECRET_DOOR]
    assert secret
    other = next(d.square for d in dungeon.doors() if d.square not in secret)
    assert counts_for_doom(state, secret[0]) and counts_for_doom(state, other)
    state.options = RulesOptions(readings={"secret_doors_never_count"})
    assert not counts_for_doom(state, secret[0]) and counts_for_doom(state, other)


def test_the_flooded_archive_weakens_monsters_the_doom_counter_refills() -> None:
    """The scenario's special rule is a hook the game carries out (docs/scenario-format.md):
    refilled monsters arrive with 1 HP less than their level card (never below 1)."""
    from doria_nb.engine.doom.play import _extra_activation
    from doria_nb.engine.table.state import Asker

    game = new()
    state = game.state
    before = set(state.monsters)
    _extra_activation(state, Asker())
    new_letters = set(state.monsters) - before
    assert new_letters
    for letter in new_letters:
        foe = state.monsters[letter].foe
        assert foe.hp == max(foe.stats.hp - 1, 1)
    assert any("Wading in" in e.describe() for e in game.events)


def test_a_door_that_meets_a_later_tile_opens_without_revealing_anything() -> None:
    """Ruling E5 in a game: A-3 laid against A-1's right door (as a trap or scenario might);
    the Warrior opens the pair from in front of it: no tile is drawn, the tiles are joined,
    and no door counts as opened for the Doom Counter."""
    from doria_nb.engine.dungeon import PlacedTile
    from doria_nb.engine.geometry import Rotation
    from doria_nb.engine.situation import Situation

    game = new()
    state = game.state
    right = Square(8, 4)
    dungeon = state.situation.dungeon.with_tile(
        PlacedTile(state.pack.tile("A-3").rotated(Rotation.R90), Square(9, 1))
    )
    state.situation = Situation(dungeon, state.situation.figures)
    inside = dungeon.door(right).inside
    if state.situation.at(inside) is not None:
        state.situation = state.situation.moved(state.situation.at(inside).letter, Square(6, 6))
    state.situation = state.situation.moved("W", inside)
    give_turn(game, "W", 10)
    tiles, deck = len(dungeon.tiles), state.tile_deck.remaining
    assert act.OpenDoor("W", right) in game.legal_actions()
    game.apply(act.OpenDoor("W", right))
    after = state.situation.dungeon
    assert after.door(right).passable and after.tiles_connected(0, 1)
    assert (len(after.tiles), state.tile_deck.remaining) == (tiles, deck)
    assert not state.door_opened
