"""The monster stepper's model without any widget: stepping through the engine's activation
(*Monster Activation*, *Target of a Monster*, *Fastest Way to the Target*), settling a tie the
rules leave to the players, taps by edit mode, and refused requests that change nothing.

That the model imports no widget library is checked in ``tests/architecture``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from doria_nb.engine.errors import DoriaError
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai import activate
from doria_nb.engine.situation import Situation
from doria_nb.ui.monster_stepper import StepperModel, build_stages

TIE = """
map:
  #D#########
  #....o....#
  #.........#
  #..M...A..#
  ###########
figures:
  o = monster Orc
  M = hero Mage STR 6
  A = hero Adventurer STR 6
"""
"""Both characters equally far with equal STR: the players pick the target."""

TWO_MONSTERS = """
map:
  #D##########
  #o........M#
  #..........#
  #b......A..#
  ############
figures:
  o = monster Orc
  b = monster Goblin
  M = hero Mage STR 5
  A = hero Adventurer STR 8
"""


def state(model: StepperModel) -> tuple[object, ...]:
    """What a refused request must leave as it was."""
    return (
        model.situation,
        model.monster,
        model.activation,
        model.stages,
        model.stage,
        model.choices,
        model.situation_count,
    )


def test_the_stages_are_the_engines_activation() -> None:
    situation = Situation.from_text(TIE)
    model = StepperModel(situation)
    assert model.monster == "o" and model.activation == activate(situation, "o")
    assert model.stages == build_stages(model.activation, model.order)
    assert model.stage == 0 and "is activated" in model.status and not model.problem


def test_next_and_back_stop_at_the_ends_and_say_why() -> None:
    model = StepperModel(TIE)
    model.back()
    assert model.stage == 0 and model.problem and "first step" in model.status
    while model.stage + 1 < len(model.stages):
        model.next()
        assert not model.problem
    model.next()
    assert model.problem and "choose one first" in model.status


def test_a_choice_reruns_the_engine_and_a_wrong_one_changes_nothing() -> None:
    situation = Situation.from_text(TIE)
    model = StepperModel(situation)
    before = state(model)
    assert not model.choose("o")
    assert "not one of the tied options" in model.status and state(model) == before
    assert model.choose(Square(3, 3))  # the Mage's square
    assert model.choices == {"target": "M"}
    assert model.activation == activate(situation, "o", target="M")
    assert "chose Mage (M)" in model.status


def test_a_tap_by_mode_adds_removes_or_chooses() -> None:
    model = StepperModel(TIE)
    while model.stage + 1 < len(model.stages):
        model.next()
    model.tap(Square(0, 0))  # a wall, while a tie is open
    assert "not one of the tied options" in model.status
    model.tap(Square(3, 3))  # the Mage
    assert model.choices == {"target": "M"}
    model.tap(Square(4, 2), "monster", ("monster", "Goblin", {}))
    added = model.situation.at(Square(4, 2))
    assert added is not None and added.name == "Goblin" and "Added Goblin" in model.status
    model.tap(Square(4, 2), "remove")
    assert model.situation.at(Square(4, 2)) is None and "Removed" in model.status
    model.tap(Square(5, 2), "remove")
    assert model.problem and "No figure stands on" in model.status


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (lambda m: m.tap(Square(4, 2), "hero"), "Say which hero to add"),
        (lambda m: m.tap(Square(4, 2), "paint"), "not 'paint'"),
    ],
)
def test_a_tap_that_cannot_be_done_raises_in_words_and_changes_nothing(
    request_: Callable[[StepperModel], object], message: str
) -> None:
    model = StepperModel(TIE)
    before = state(model)
    with pytest.raises(DoriaError, match=message):
        request_(model)
    assert state(model) == before


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (lambda m: m.add_figure("monster", "Orc", "1,0"), "that door is closed"),
        (lambda m: m.remove_figure("Z"), "no figure 'Z'"),
        (lambda m: m.select("M"), "is a hero"),
        (lambda m: m.load("map:\n  ###\n"), "Nothing loaded"),
        (lambda m: m.next_monster(), "Settle this activation first"),
    ],
)
def test_refused_edits_say_why_and_change_nothing(
    request_: Callable[[StepperModel], object], message: str
) -> None:
    model = StepperModel(TIE)
    before = state(model)
    assert not request_(model)
    assert model.problem and message in model.status
    assert state(model) == before


def test_next_monster_plays_the_activation_out_and_follows_the_order() -> None:
    model = StepperModel(TWO_MONSTERS)
    assert model.monster == "b" and not model.can_go_on  # the Goblin is faster
    while model.stage + 1 < len(model.stages):
        model.next()
    assert model.can_go_on
    moved_to = model.activation.end if model.activation else None
    assert model.next_monster()
    assert model.monster == "o" and model.situation.figure("b").square == moved_to
    while model.stage + 1 < len(model.stages):
        model.next()
    assert not model.next_monster() and "last monster" in model.status
