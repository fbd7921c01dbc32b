"""Snapshots per input: undo, answers and copies without replay, equal to the replayed game.

The reference is the replay (the game rebuilt from its setup and inputs, as save files are
checked): after any undo, answer or copy, the game's whole state must equal the state a replay
of its inputs builds, part for part (:func:`state_digest`).
"""

from __future__ import annotations

import random
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

import pytest

from doria_nb.engine.decisions import ChoiceKind
from doria_nb.engine.events import EventLog
from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.game.snapshot import SnapshotError, snapshot
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.records import GameError
from doria_nb.engine.table.state import default_answer

PARTY = ("warrior", "mage", "ranger", "priestess")
ALL_KINDS = tuple(str(kind) for kind in ChoiceKind)


def state_digest(value: Any, seen: set[int] | None = None) -> Any:
    """A plain nested value standing for the whole state: equal digests, equal states."""
    seen = set() if seen is None else seen
    if isinstance(value, (str, int, float, bool, type(None), Enum)):
        return value
    if isinstance(value, EventLog):
        return ("log", tuple(value))
    if isinstance(value, random.Random):
        return ("rng", value.getstate())
    if is_dataclass(value) and type(value).__dataclass_params__.frozen:
        return value
    if id(value) in seen:
        return ("seen", type(value).__name__)
    seen.add(id(value))
    if isinstance(value, (list, tuple)):
        return tuple(state_digest(v, seen) for v in value)
    if isinstance(value, (set, frozenset)):
        return ("set", frozenset(value))
    if isinstance(value, dict):
        return tuple((k, state_digest(v, seen)) for k, v in value.items())
    names = [f.name for f in fields(value)] if is_dataclass(value) else sorted(vars(value))
    return (type(value).__name__, tuple((n, state_digest(getattr(value, n), seen)) for n in names))


def same_state(game: Game, other: Game) -> bool:
    return state_digest(game.state) == state_digest(other.state)


def played(seed: int, inputs: int, **kwargs: Any) -> Game:
    game = Game.new("the_flooded_archive", PARTY, seed, **kwargs)
    for _ in range(inputs):
        if game.over:
            break
        if game.pending is not None:
            game.decide(default_answer(game.pending.choice))
        else:
            game.apply(bot_action(game))
    return game


@pytest.mark.parametrize("seed", [1, 4, 9, 23])
def test_undo_from_a_snapshot_equals_the_replay(seed: int) -> None:
    game = played(seed, 40)
    rng = random.Random(seed)
    for _ in range(6):
        if not game.inputs:
            break
        for _ in range(rng.randint(1, 4)):
            if game.inputs:
                game.undo()
        assert same_state(game, game.replay())
        for _ in range(rng.randint(0, 3)):
            if not game.over and game.pending is None:
                game.apply(bot_action(game))
        assert same_state(game, game.replay())


def test_undo_then_the_same_input_gives_the_same_events() -> None:
    game = played(5, 25)
    events = game.events
    last = game.inputs[-1]
    game.undo()
    game._verify(last.action)
    game._run(last.action, last.answers)
    assert game.events == events


def test_apply_returns_the_events_it_added() -> None:
    game = played(2, 3)
    before = len(game.events)
    added = game.apply(bot_action(game))
    assert added == game.events[before:]
    assert added and added[0] is game.events[before]


def test_answering_every_question_by_default_plays_as_the_default_policy() -> None:
    """A game asking every kind of question, answered with the default answers, is the game
    in which the rules' defaults answered: same events, same state."""
    asked = Game.new("the_flooded_archive", PARTY, 8, ask=ALL_KINDS)
    silent = Game.new("the_flooded_archive", PARTY, 8)
    questions = 0
    for _ in range(80):
        if asked.over:
            break
        if asked.pending is not None:
            questions += 1
            action = asked.pending.action
            asked.decide(default_answer(asked.pending.choice))
        else:
            action = bot_action(asked)
            assert bot_action(silent) == action
            asked.apply(action)
        if asked.pending is None:
            silent.apply(action)
    assert questions > 5
    assert asked.events == silent.events
    assert same_state(asked, asked.replay())


def test_a_question_leaves_the_state_as_before_the_action() -> None:
    game = Game.new("the_flooded_archive", PARTY, 8, ask=ALL_KINDS)
    for _ in range(200):
        if game.pending is not None:
            break
        before = state_digest(game.state)
        game.apply(bot_action(game))
    assert game.pending is not None, "no question came up in 200 inputs"
    assert state_digest(game.state) == before
    game.undo()  # drops the question only
    assert game.pending is None
    assert state_digest(game.state) == before


def test_a_copy_is_independent() -> None:
    game = played(3, 20)
    twin = game.copy()
    assert same_state(game, twin)
    digest = state_digest(game.state)
    for _ in range(10):
        if twin.over:
            break
        if twin.pending is not None:
            twin.decide(default_answer(twin.pending.choice))
        else:
            twin.apply(bot_action(twin))
    twin.undo()
    twin.undo()
    assert state_digest(game.state) == digest
    game.undo()
    assert same_state(game, game.replay())
    assert same_state(twin, twin.replay())


def test_games_without_snapshots_still_undo_by_replay() -> None:
    fast = played(6, 30, snapshots=False)
    kept = played(6, 30)
    fast.undo()
    kept.undo()
    assert same_state(fast, kept)


def test_honest_mode_still_refuses_to_undo_a_roll() -> None:
    game = Game.new("the_flooded_archive", PARTY, 1, honest=True)
    for _ in range(60):
        game.apply(bot_action(game))
        if game.inputs[-1].used_chance:
            break
    with pytest.raises(GameError, match="honest mode"):
        game.undo()


def test_an_illegal_action_changes_nothing_and_keeps_the_history() -> None:
    game = played(7, 10)
    digest = state_digest(game.state)
    with pytest.raises(ValueError):
        game.apply(act.Wait(game.turn[0] if game.turn else "W", -3))
    assert state_digest(game.state) == digest
    assert len(game._before) == len(game.inputs)


def test_every_optional_rule_state_can_be_snapshotted() -> None:
    options = RulesOptions(door_events=True, fate_points="group", trap_shop=True)
    game = played(11, 60, options=options)
    assert same_state(game, game.replay())
    twin = game.copy()
    assert same_state(twin, game)


def test_an_unknown_kind_of_state_is_refused() -> None:
    class Opaque:
        __slots__ = ("x",)

    with pytest.raises(SnapshotError, match="does not know how to copy"):
        snapshot({"thing": Opaque()})


def test_a_game_saved_while_a_question_waits_loads_at_that_question() -> None:
    game = Game.new("the_flooded_archive", PARTY, 8, ask=ALL_KINDS)
    for _ in range(200):
        if game.pending is not None:
            break
        game.apply(bot_action(game))
    assert game.pending is not None
    loaded = Game.load(game.save())
    assert loaded.pending is not None
    assert loaded.pending.choice == game.pending.choice
    assert same_state(loaded, game)
    answer = default_answer(game.pending.choice)
    game.decide(answer)
    loaded.decide(answer)
    assert loaded.events == game.events


def test_a_waiting_action_that_asks_nothing_is_refused() -> None:
    import json

    from doria_nb.engine.table.records import SaveFileError

    game = played(3, 6)
    data = json.loads(game.save())
    data["pending"] = {"action": act.Wait(game.turn[0], 1).to_json(), "answers": []}
    with pytest.raises(SaveFileError, match="not waiting for an answer"):
        Game.load(json.dumps(data))
