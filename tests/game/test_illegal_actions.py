"""Every action — legal or not — is checked before anything changes: a sample of random
actions at random moments of bot-played games; each one the game refuses raises
``IllegalAction`` in words and leaves the game exactly as it was, and each one it accepts
applies without any other error."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.geometry import Square
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.records import IllegalAction

PARTY = ("warrior", "mage", "ranger", "priestess")
LETTERS = ("W", "M", "R", "I", "Q", "", "a", "b", "c")
PLACES = ("hand 1", "hand 2", "torso", "belt 0", "belt 1", "backpack 0", "backpack 3", "nowhere")


def _square(draw: st.DrawFn) -> Square:
    return Square(draw(st.integers(-12, 12)), draw(st.integers(-8, 12)))


@st.composite
def actions(draw: st.DrawFn) -> act.Action:
    who = draw(st.sampled_from(LETTERS))
    place = draw(st.sampled_from(PLACES))
    kind = draw(st.sampled_from(sorted(act.ACTION_TYPES)))
    if kind == "move":
        return act.Move(who, _square(draw), draw(st.sampled_from([None, 0, 2])))
    if kind == "open_door":
        return act.OpenDoor(who, _square(draw))
    if kind == "search":
        return act.Search(who, draw(st.booleans()))
    if kind == "attack":
        return act.Attack(who, place, draw(st.sampled_from(LETTERS)))
    if kind == "drink":
        return act.Drink(who, place, draw(st.sampled_from(LETTERS)), draw(st.sampled_from(LETTERS)))
    if kind == "cast":
        return act.Cast(who, place, draw(st.sampled_from(LETTERS)))
    if kind == "revive":
        return act.Revive(who, draw(st.sampled_from(LETTERS)), draw(st.integers(-3, 30)))
    if kind == "repair":
        return act.Repair(who, (place,))
    if kind == "equip":
        return act.Equip(
            who, place, draw(st.sampled_from(["body", "belt", "backpack", "head", "x"]))
        )
    if kind == "throw":
        return act.Throw(who, place, draw(st.sampled_from(LETTERS)))
    if kind == "pick_up":
        return act.PickUp(who, draw(st.sampled_from(LETTERS)))
    if kind == "put_down":
        return act.PutDown(who)
    if kind == "disarm":
        return act.Disarm(who, draw(st.integers(-1, 2)))
    if kind == "wait":
        return act.Wait(who, draw(st.integers(-2, 45)))
    if kind == "buy":
        slots = tuple(draw(st.lists(st.integers(-1, 3), max_size=3)))
        pay = tuple(
            f"{draw(st.sampled_from(LETTERS))}:{place}" for _ in range(draw(st.integers(0, 2)))
        )
        return act.Buy("", slots, pay, tuple(draw(st.lists(st.sampled_from(LETTERS), max_size=2))))
    if kind == "clear_trap":
        return act.ClearTrap(who, draw(st.integers(-1, 3)))
    if kind == "discard":
        return act.Discard("", tuple(draw(st.lists(st.integers(-1, 3), max_size=3))))
    if kind == "leave":
        return act.Leave(who)
    if kind == "join":
        return act.Join("", draw(st.sampled_from(["huntress", "warrior", "dragon", ""])))
    return act.EndPhase("")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 120),
    tries=st.lists(actions(), min_size=1, max_size=8),
)
def test_random_actions_are_refused_cleanly_or_applied(
    seed: int, steps: int, tries: list[act.Action]
) -> None:
    game = Game.new("the_flooded_archive", PARTY, seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(bot_action(game))
    for action in tries:
        before = (game.save(), game.events, game.situation, game.phase, game.round)
        verdict = game.can(action)
        if not verdict:
            try:
                game.apply(action)
            except IllegalAction as refusal:
                assert str(refusal) and str(refusal) == verdict.reason
            else:
                raise AssertionError(f"{action} was refused by can() but applied")
            assert (game.save(), game.events, game.situation, game.phase, game.round) == before
        else:
            game.apply(action)
