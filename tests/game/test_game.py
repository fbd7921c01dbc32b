"""The Game: setup, turns, legality, questions, undo, replay and save files."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from doria_nb.engine.decisions import ChoiceKind
from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.game.simulate import play_out as play
from doria_nb.engine.geometry import Square
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.records import GameError, IllegalAction, Phase, SaveFileError

PARTY = ("warrior", "mage", "ranger", "priestess")


def snapshot(game: Game) -> tuple[object, ...]:
    """What must not change when an action is refused."""
    return (game.save(), game.events, game.situation, game.phase, game.round)


# -- setup -----------------------------------------------------------------------------------


def test_setup_follows_general_setup_and_preparing_characters(game: Game) -> None:
    state = game.state
    assert game.round == 1 and game.phase is Phase.D
    assert [s.character.name for s in state.heroes.values()] == [
        "Warrior",
        "Mage",
        "Ranger",
        "Priestess",
    ]
    for seat in state.heroes.values():
        cards = seat.character.mat.cards
        assert len(cards) == 6  # Standard Items plus loot up to a hand of 6
        assert not any(c.type.value in ("trap", "event") for c in cards)
    # start positions I to VI by the first initiative, the fastest on I
    start = state.situation.dungeon.tiles[0]
    positions = {n: start.to_table(sq) for n, sq in start.tile.start_positions.items()}
    by_ap = sorted(state.heroes.values(), key=lambda s: -s.ap)
    first_round = [e for e in game.events if "start positions" in e.describe()]
    assert first_round
    for number, seat in enumerate(by_ap, start=1):
        if not seat.out_this_round:
            assert state.situation.figure(seat.letter).square == positions[number]


def test_the_same_seed_gives_the_same_game() -> None:
    a = play(Game.new("the_flooded_archive", PARTY, seed=5), inputs=40)
    b = play(Game.new("the_flooded_archive", PARTY, seed=5), inputs=40)
    assert a.events == b.events
    c = play(Game.new("the_flooded_archive", PARTY, seed=6), inputs=40)
    assert a.events != c.events


@pytest.mark.parametrize(
    ("heroes", "message"),
    [
        ((), "1 to 6 heroes"),
        (("warrior", "warrior"), "once"),
        (("wizard",), "wizard"),
        (
            tuple(
                ["warrior", "mage", "ranger", "priestess", "huntress", "scoundrel", "adventurer"]
            ),
            "1 to 6 heroes",
        ),
    ],
)
def test_a_party_the_rules_do_not_allow_is_refused(heroes: tuple[str, ...], message: str) -> None:
    with pytest.raises(GameError, match=message):
        Game.new("the_flooded_archive", heroes, seed=1)


def test_an_unknown_scenario_is_refused() -> None:
    with pytest.raises(ValueError, match="no_such"):
        Game.new("no_such_scenario", PARTY, seed=1)


# -- legality --------------------------------------------------------------------------------


def test_every_listed_action_is_legal_and_applies(game: Game) -> None:
    actions = game.legal_actions()
    assert actions and all(game.can(a) for a in actions)
    kinds = {a.type for a in actions}
    assert {"move", "wait"} <= kinds


def test_illegal_actions_are_refused_in_words_and_change_nothing(game: Game) -> None:
    who = game.turn[0]
    other = next(letter for letter in game.state.heroes if letter not in game.turn)
    far = Square(50, 50)
    ap = game.state.heroes[who].ap
    cases = [
        (act.Wait(other, 1), "not"),
        (act.Wait(who, ap + 1), "wait 1 to"),
        (act.Wait(who, 0), "wait 1 to"),
        (act.Move(who, far), "(50, 50)"),
        (act.Search(who), "treasure"),
        (act.Attack(who, "hand 1", "z"), "z"),
        (act.OpenDoor(who, far), "(50, 50)"),
        (act.Revive(who, other, 5), "conscious"),
        (act.EndPhase(""), "Phase I"),
        (act.Buy("", (0,), ()), "Phase I"),
        (act.Wait("Q", 1), "no hero"),
        (act.Equip(who, "backpack 99", "body"), "no card"),
        (act.Equip(who, "pocket", "body"), "no place"),
        (act.Throw(who, "hand 1", who), "itself"),
        (act.PutDown(who), "carries nobody"),
        (act.Drink(who, "backpack 99"), "no potion"),
        (act.Cast(who, "backpack 99"), "no card"),
    ]
    for action, words in cases:
        before = snapshot(game)
        with pytest.raises(IllegalAction, match=words):
            game.apply(action)
        assert snapshot(game) == before, action
        assert not game.can(action)


def test_a_non_action_is_refused(game: Game) -> None:
    with pytest.raises(IllegalAction, match="not an action"):
        game.apply("walk north")  # type: ignore[arg-type]


def test_an_action_needs_1_ap_and_then_the_phase_moves_on(game: Game) -> None:
    """*Phase D*: an action needs at least 1 AP; a hero at 0 has no turn left, and when no
    one has, the round goes on to Phase E (this game's Phase D then ends)."""
    who = game.turn[0]
    for seat in game.state.heroes.values():
        seat.ap = 1 if seat.letter == who else 0
    game.state.monsters.clear()
    assert game.can(act.Wait(who, 1))
    assert not game.can(act.Wait(who, 2))
    game.apply(act.Wait(who, 1))
    assert game.state.heroes[who].ap == 0 or game.round > 1
    phases = [e.phase for e in game.events if type(e).__name__ == "PhaseBegan"]
    assert "E" in phases


# -- the action phase ------------------------------------------------------------------------


def test_the_highest_marker_acts_and_ties_let_either_act(game: Game) -> None:
    state = game.state
    seats = list(state.heroes.values())
    for s in seats:
        s.ap = 5
    seats[0].ap = 12
    assert game.turn == (seats[0].letter,)
    seats[1].ap = 12
    assert set(game.turn) == {seats[0].letter, seats[1].letter}


def test_a_monster_above_every_hero_acts_first(game: Game) -> None:
    """*Phase D*: a monster whose marker stands above every hero's acts before them; its
    marker then stands at 0 and the heroes' turn comes."""
    from doria_nb.engine.game.arrange import free_square_next_to, give_turn, place_monster
    from doria_nb.engine.game.flow import advance
    from doria_nb.engine.table.state import Asker

    give_turn(game, "W", 8)
    letter = place_monster(game, "orc", free_square_next_to(game, "W"))
    game.state.monsters[letter].ap = 9
    assert game.turn == ()
    before = len(game.events)
    advance(game.state, Asker())
    acted = [e for e in game.events[before:] if getattr(e, "who", None) == letter]
    assert acted and type(acted[0]).__name__ == "MonsterActed"
    assert acted[0].activation.monster == letter
    assert game.state.monsters[letter].acted and game.state.monsters[letter].ap == 0
    assert game.over or game.turn == ("W",)


def test_waiting_spends_the_points_and_the_marker_moves(game: Game) -> None:
    who = game.turn[0]
    before = game.state.heroes[who].ap
    game.apply(act.Wait(who, 3))
    assert game.state.heroes[who].ap == before - 3
    taken = [e for e in game.events if type(e).__name__ == "ActionTaken"][-1]
    assert taken.ap == (before, before - 3)


def test_a_whole_round_passes_through_every_phase(game: Game) -> None:
    while game.round == 1 and not game.over:
        game.apply(bot_action(game))
    phases = [e.phase for e in game.events if type(e).__name__ == "PhaseBegan" and e.round == 1]
    assert phases == list("ABCDEFGHI")


# -- questions, undo, replay -----------------------------------------------------------------


def test_a_question_for_the_players_waits_for_their_answer() -> None:
    game = Game.new("the_flooded_archive", PARTY, seed=11, ask=[ChoiceKind.PLACEMENT])
    auto = Game.new("the_flooded_archive", PARTY, seed=11)
    for _ in range(400):
        if game.pending is not None:
            break
        action = bot_action(game)
        game.apply(action)
        auto.apply(action)
    assert game.pending is not None
    choice = game.pending.choice
    assert choice.kind is ChoiceKind.PLACEMENT and len(choice.options) >= 1
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="first answer"):
        game.apply(act.Wait(game.turn[0] if game.turn else "W", 1))
    assert snapshot(game) == before
    with pytest.raises(ValueError, match="not an answer"):
        game.decide("no such option")
    assert snapshot(game) == before
    answers = 0
    while game.pending is not None:  # a Large Room asks again for each tile
        game.decide(game.pending.choice.options[0].key)
        answers += 1
    assert answers >= 1 and game.inputs[-1].answers == ("0",) * answers
    # answering as the default policy would gives the same game as the policy did
    assert game.events == auto.events


def test_undo_takes_back_the_last_input(game: Game) -> None:
    for _ in range(5):
        game.apply(bot_action(game))
    saved = game.save()
    events = game.events
    action = bot_action(game)
    game.apply(action)
    game.undo()
    assert game.save() == saved and game.events == events


def test_honest_mode_refuses_to_undo_a_die_roll() -> None:
    game = Game.new("the_flooded_archive", PARTY, seed=11, honest=True)
    who = game.turn[0]
    game.apply(act.Wait(who, 1))
    assert game.can_undo()
    game.undo()
    for _ in range(300):
        action = bot_action(game)
        game.apply(action)
        if game.inputs[-1].used_chance:
            break
    verdict = game.can_undo()
    assert not verdict and "honest mode" in verdict.reason
    with pytest.raises(GameError, match="honest mode"):
        game.undo()


def test_nothing_to_undo(game: Game) -> None:
    with pytest.raises(GameError, match="Nothing"):
        game.undo()


def test_replay_reproduces_the_event_log() -> None:
    game = play(Game.new("the_flooded_archive", PARTY, seed=3), inputs=150)
    assert game.replay().events == game.events


# -- save files ------------------------------------------------------------------------------


def test_a_saved_game_loads_and_replays_identically() -> None:
    game = play(Game.new("the_flooded_archive", PARTY, seed=4), inputs=120)
    loaded = Game.load(game.save())
    assert loaded.events == game.events
    assert loaded.save() == game.save()


def _edited(text: str, change: object) -> str:
    data = json.loads(text)
    change(data)  # type: ignore[operator]
    return json.dumps(data)


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda d: d.__setitem__("outcomes", [1, *d["outcomes"][1:]]), "edited"),
        (lambda d: d["inputs"][3]["action"].__setitem__("ap", 999), "input 4"),
        (lambda d: d["pack"].__setitem__("hash", "0" * 64), "content pack"),
        (lambda d: d["pack"].__setitem__("version", "9.9"), "content pack"),
        (lambda d: d.__setitem__("format", "something else"), "not a doria-nb saved game"),
        (lambda d: d.__setitem__("version", 99), "format version"),
        (lambda d: d.__setitem__("seed", "seven"), "seed"),
        (lambda d: d.__setitem__("heroes", ["warrior", 3]), "heroes"),
        (lambda d: d["inputs"].__setitem__(0, {"action": {"type": "fly"}, "answers": []}), "fly"),
        (lambda d: d.__setitem__("options", {"no_such_rule": True}), "no_such_rule"),
        (lambda d: d.__setitem__("outcomes", d["outcomes"][:-5]), "edited"),
    ],
)
def test_a_damaged_or_edited_save_file_is_refused_in_words(damage: object, words: str) -> None:
    game = Game.new("the_flooded_archive", PARTY, seed=4)
    game.apply(act.Wait(game.turn[0], 1))
    for _ in range(30):
        if game.over:
            break
        game.apply(bot_action(game))
    text = game.save()
    if "input 4" in words:
        words = "input 1"

        def damage(d: dict) -> None:
            d["inputs"][0]["action"]["ap"] = 999

    with pytest.raises(SaveFileError, match=words):
        Game.load(_edited(text, damage))


def test_text_that_is_no_save_file_is_refused() -> None:
    with pytest.raises(SaveFileError, match="not valid JSON"):
        Game.load("{not json")
    with pytest.raises(SaveFileError, match="read as text"):
        Game.load(b"{}")  # type: ignore[arg-type]


def test_every_card_is_in_exactly_one_place_after_setup(game: Game) -> None:
    state = game.state
    found = Counter(c.id for c in state.loot.draw_pile) + Counter(
        c.id for c in state.loot.discard_pile
    )
    found += Counter(c.id for c in state.shop.slots if c is not None)
    for seat in state.heroes.values():
        found += Counter(c.id for c in seat.character.mat.cards)
    expected = Counter(c.id for c in state.pack.loot_deck())
    for seat in state.heroes.values():
        template = seat.character.template
        assert template is not None
        expected += Counter(c.id for c in template.standard_items)
    assert found == expected


def test_an_unknown_kind_of_question_is_refused_in_words() -> None:
    with pytest.raises(GameError, match="no kind of question"):
        Game.new("the_flooded_archive", PARTY, seed=1, ask=["everything"])


@pytest.mark.parametrize(
    "action",
    [
        act.Move("W", (3, "4")),  # type: ignore[arg-type]
        act.Move("W", (3, 4, 5)),  # type: ignore[arg-type]
        act.Wait("W", "3"),  # type: ignore[arg-type]
        act.Revive("W", "M", 5.5),  # type: ignore[arg-type]
        act.Attack("W", 1, "o"),  # type: ignore[arg-type]
        act.Buy("", [0], ()),  # type: ignore[arg-type]
        act.Wait(7, 1),  # type: ignore[arg-type]
    ],
)
def test_an_action_with_fields_of_the_wrong_kind_is_refused_and_changes_nothing(
    game: Game, action: act.Action
) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="malformed"):
        game.apply(action)
    assert snapshot(game) == before
