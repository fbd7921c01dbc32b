"""The game API as a Python user expects it (issue 17, item 2).

* ``action in game.legal_actions()`` agrees with ``game.can(action)``, for listed actions and
  for ones the list leaves out, over random positions of bot games (a property test);
* ``apply()`` and ``decide()`` return exactly the events they appended;
* squares may be written as plain ``(x, y)`` tuples;
* every kind of action prints as text that :meth:`Action.parse` reads back (a property test
  over every kind);
* ``game.copy()`` is independent of the game it was copied from.
"""

from __future__ import annotations

import random
from dataclasses import fields, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doria_nb import (
    Action,
    ClearRubble,
    Game,
    GameError,
    IllegalAction,
    Move,
    OpenDoor,
    Square,
    Wait,
    bot_action,
)
from doria_nb.engine.mat import Slot
from doria_nb.engine.table import actions as act

PARTY = ("warrior", "mage", "ranger", "priestess")


def _position(seed: int, inputs: int) -> Game:
    """The bot game of ``seed`` after ``inputs`` inputs (or at its end)."""
    game = Game.new("the_flooded_archive", PARTY, seed, snapshots=False)
    for _ in range(inputs):
        if game.over:
            break
        game.apply(bot_action(game))
    return game


def _candidates(game: Game, rng: random.Random) -> list[Action]:
    """Listed actions, each with one number or square nudged, and waits of any length."""
    legal = list(game.legal_actions())
    found: list[Action] = []
    for action in rng.sample(legal, min(6, len(legal))):
        found.append(action)
        for f in fields(action):
            value = getattr(action, f.name)
            if type(value) is int:
                found.append(replace(action, **{f.name: value + rng.choice((-1, 1, 5))}))
            elif isinstance(value, Square):
                found.append(replace(action, **{f.name: Square(value.x + 1, value.y)}))
    for who in game.turn:
        found += [Wait(who, ap) for ap in (0, 2, 3, 7, 40)]
    return found


@settings(max_examples=12)
@given(seed=st.integers(0, 40), inputs=st.integers(0, 90), pick=st.randoms())
def test_membership_in_the_legal_actions_is_what_can_says(
    seed: int, inputs: int, pick: random.Random
) -> None:
    game = _position(seed, inputs)
    before = game.save()
    legal = game.legal_actions()
    for action in legal:
        assert action in legal, action
    for action in _candidates(game, pick):
        assert (action in legal) == game.can(action).ok, action
    assert game.save() == before


def test_a_wait_the_list_leaves_out_is_in_it() -> None:
    """The issue's case: ``Wait("R", 3)`` is legal though only 1 AP and all AP are listed."""
    game = Game.new("the_flooded_archive", PARTY, 7)
    legal = game.legal_actions()
    who = game.turn[0]
    assert Wait(who, 3) not in list(legal)
    assert Wait(who, 3) in legal
    assert Wait(who, 10_000) not in legal
    assert "not an action" not in legal


def test_the_view_is_a_sequence_of_the_representatives() -> None:
    game = Game.new("the_flooded_archive", PARTY, 7)
    legal = game.legal_actions()
    listed = list(legal)
    assert len(legal) == len(listed) > 0
    assert legal[0] == listed[0] and legal[-1] == listed[-1]
    assert list(legal[1:3]) == listed[1:3]
    assert random.Random(1).sample(legal, 2)
    assert {a.type for a in legal} >= {"move", "wait"}


def test_a_view_of_an_earlier_position_refuses_to_answer() -> None:
    game = Game.new("the_flooded_archive", PARTY, 7)
    legal = game.legal_actions()
    who = game.turn[0]
    game.apply(Wait(who, 1))
    with pytest.raises(GameError, match="earlier position"):
        Wait(who, 1) in legal  # noqa: B015 - asking is the test
    game.undo()
    with pytest.raises(GameError, match="earlier position"):
        Wait(who, 1) in legal  # noqa: B015
    assert Wait(who, 1) in game.legal_actions()


def test_no_action_is_legal_while_a_question_waits_or_once_the_game_is_over() -> None:
    game = Game.new("the_flooded_archive", PARTY, 7, ask=["placement"])
    while game.pending is None and not game.over:
        game.apply(bot_action(game))
    assert game.pending is not None
    legal = game.legal_actions()
    assert len(legal) == 0
    assert not [w for w in (Wait(who, 1) for who in game.state.heroes) if w in legal]
    over = _position(0, 20_000)
    assert over.over and len(over.legal_actions()) == 0


def test_apply_and_decide_return_the_events_they_appended() -> None:
    game = Game.new("the_flooded_archive", PARTY, 7, ask=["placement"])
    answered = 0
    while not game.over and len(game.inputs) < 40:
        count = len(game.events)
        if game.pending is not None:
            added = game.decide(game.pending.choice.keys[0])
            answered += 1
        else:
            added = game.apply(bot_action(game))
        assert isinstance(added, tuple)
        assert added == game.events[count:]
    assert answered > 0 and len(game.inputs) == 40


def test_a_square_may_be_a_plain_tuple() -> None:
    assert Move("W", (3, 4)) == Move("W", Square(3, 4))
    assert Move("W", [3, 4]).to == Square(3, 4)  # type: ignore[arg-type]
    assert OpenDoor("W", (1, 2)).door == Square(1, 2)  # type: ignore[arg-type]
    assert ClearRubble("W", (5, 6)).square == Square(5, 6)  # type: ignore[arg-type]
    assert hash(Move("W", (3, 4))) == hash(Move("W", Square(3, 4)))  # type: ignore[arg-type]
    game = Game.new("the_flooded_archive", PARTY, 7)
    move = next(a for a in game.legal_actions() if isinstance(a, Move))
    twin = game.copy()
    assert twin.apply(Move(move.who, (move.to.x, move.to.y))) == game.apply(move)  # type: ignore[arg-type]


def test_a_tuple_that_is_no_square_is_refused_and_changes_nothing() -> None:
    game = Game.new("the_flooded_archive", PARTY, 7)
    before = game.save()
    for bad in ((3,), (3, 4, 5), (3, "4"), (True, 4), (3.0, 4)):
        with pytest.raises(IllegalAction, match="malformed"):
            game.apply(Move(game.turn[0], bad))  # type: ignore[arg-type]
    assert game.save() == before


# -- text forms ---------------------------------------------------------------------------------

LETTERS = st.sampled_from(["W", "M", "R", "P", "A", "B"])
WHO = st.one_of(st.just(""), LETTERS)
MONSTERS = st.sampled_from(["o", "g", "s1", "x12"])
HEROES = st.sampled_from(["warrior", "mage", "ranger", "priestess", "dwarf"])
PLACES = st.one_of(
    st.sampled_from([slot.value for slot in Slot]),
    st.builds(
        lambda area, n: f"{area} {n}", st.sampled_from(["belt", "backpack"]), st.integers(0, 9)
    ),
)
NUMBERS = st.integers(-1000, 1000)
SQUARES = st.builds(Square, NUMBERS, NUMBERS)
SLOTS = st.lists(st.integers(0, 11), max_size=4).map(tuple)
PAYMENTS = st.lists(st.builds(lambda w, p: f"{w}:{p}", LETTERS, PLACES), max_size=3).map(tuple)
DESTINATIONS = st.one_of(PLACES, st.sampled_from(["body", "belt", "backpack"]))

KINDS: dict[type[Action], st.SearchStrategy[Action]] = {
    act.Move: st.builds(act.Move, WHO, SQUARES, st.one_of(st.none(), st.integers(0, 9))),
    act.OpenDoor: st.builds(act.OpenDoor, WHO, SQUARES),
    act.Search: st.builds(act.Search, WHO, st.booleans()),
    act.Attack: st.builds(act.Attack, WHO, PLACES, MONSTERS),
    act.Drink: st.builds(act.Drink, WHO, PLACES, WHO, WHO),
    act.Cast: st.builds(act.Cast, WHO, PLACES, WHO),
    act.Revive: st.builds(act.Revive, WHO, LETTERS, NUMBERS),
    act.Repair: st.builds(act.Repair, WHO, st.lists(PLACES, max_size=3).map(tuple), WHO),
    act.Take: st.builds(act.Take, WHO, LETTERS, PLACES),
    act.ClearRubble: st.builds(act.ClearRubble, WHO, SQUARES),
    act.Equip: st.builds(act.Equip, WHO, PLACES, DESTINATIONS, WHO),
    act.Throw: st.builds(act.Throw, WHO, PLACES, LETTERS),
    act.PickUp: st.builds(act.PickUp, WHO, LETTERS),
    act.PutDown: st.builds(act.PutDown, WHO),
    act.Disarm: st.builds(act.Disarm, WHO, st.integers(0, 20)),
    act.Wait: st.builds(act.Wait, WHO, NUMBERS),
    act.Buy: st.builds(
        act.Buy,
        WHO,
        SLOTS,
        PAYMENTS,
        st.lists(LETTERS, max_size=3).map(tuple),
        st.lists(st.one_of(st.just(""), DESTINATIONS), max_size=3).map(tuple),
    ),
    act.ClearTrap: st.builds(act.ClearTrap, WHO, st.integers(0, 11)),
    act.Discard: st.builds(act.Discard, WHO, SLOTS),
    act.Leave: st.builds(act.Leave, WHO),
    act.Join: st.builds(act.Join, WHO, HEROES),
    act.EndPhase: st.builds(act.EndPhase, WHO),
    act.DeclareEscape: st.builds(act.DeclareEscape, st.one_of(st.just(""), WHO)),
}


def test_every_kind_of_action_has_a_text_strategy() -> None:
    """A new kind of action must be added here, and so to the round trip below."""
    assert set(KINDS) == set(act.ACTION_TYPES.values())


@settings(max_examples=600)
@given(st.one_of(*KINDS.values()))
def test_the_text_of_every_action_parses_back(action: Action) -> None:
    assert Action.parse(str(action)) == action


def test_the_actions_of_a_bot_game_parse_back() -> None:
    game = _position(3, 250)
    for taken in game.inputs:
        assert Action.parse(str(taken.action)) == taken.action
    for action in game.legal_actions():
        assert Action.parse(str(action)) == action


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("W dances", "no action of this game"),
        ("", "no action of this game"),
        ("W moves to (3, four)", "no action of this game"),
        ("buy shop slots [1] paying with [2]", "not a list of texts"),
        ("discard shop slots ['a']", "not a list of shop slot numbers"),
        ("discard shop slots [1,2]", "reads as"),
        ("W moves to (03, 4)", "reads as"),
    ],
)
def test_a_text_that_writes_no_action_is_refused_in_words(text: str, words: str) -> None:
    with pytest.raises(GameError, match=words):
        Action.parse(text)


def test_only_text_is_parsed() -> None:
    with pytest.raises(GameError, match="from its text"):
        Action.parse(3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("action", "words", "text"),
    [
        (Move("W", (3, 4), 2), "W moves to (3, 4)", "W moves to (3, 4) jumping at most 2 squares"),
        (act.Cast("M", "hand 1", "M"), "M casts the spell at hand 1", None),
        (act.Cast("M", "hand 1", "W"), "M casts the spell at hand 1 on W", "same"),
        (act.Drink("W", "belt 0", "W", "R"), "W uses the potion at belt 0", None),
        (act.Repair("W", ("torso",), "W"), "W repairs torso", "W repairs torso of W"),
        (act.Equip("W", "belt 0", "body", "W"), "W moves the card at belt 0 to body", None),
        (
            act.Buy("", (0, 2), ("W:backpack 1",), ("M", "W"), ("body", "")),
            "buy shop slots [1, 3] paying with ['W:backpack 1']",
            "buy shop slots [1, 3] paying with ['W:backpack 1'] handing to ['M', 'W'] at "
            "['body', '']",
        ),
        (act.Discard("W", (1,)), "discard shop slots [2]", "discard shop slots [2] (by W)"),
        (act.Join("M", "dwarf"), "the dwarf joins the game", "the dwarf joins the game (by M)"),
        (act.EndPhase("P"), "end the phase", "end the phase (by P)"),
        (Wait("R", 3), "R waits 3 AP", "same"),
    ],
)
def test_the_words_for_players_are_those_the_log_always_had(
    action: Action, words: str, text: str | None
) -> None:
    """``describe()`` keeps the words of the log and the play table from before the text
    form (so event logs and chapter outputs do not change); ``str()`` adds what they left
    out, so that it parses back."""
    assert action.describe() == words
    if text == "same":
        assert str(action) == words
    elif text is not None:
        assert str(action) == text
    assert str(action) != words or text == "same"
    assert Action.parse(str(action)) == action


# -- copies -------------------------------------------------------------------------------------


def test_a_copy_is_the_same_game_and_independent_of_it() -> None:
    game = _position(5, 30)
    copy = game.copy()
    assert copy.events == game.events
    assert copy.save() == game.save()
    events, save, inputs = game.events, game.save(), list(game.inputs)
    for _ in range(15):
        if copy.over:
            break
        copy.apply(bot_action(copy))
    copy.undo()
    assert len(copy.events) > len(events)
    assert game.events == events and game.save() == save and game.inputs == inputs
    game.apply(bot_action(game))
    assert copy.events[: len(events)] == events
