"""The character sheet's model without any widget: selecting, moving, damaging and repairing
cards through the engine (*Equipping Cards and Definition of Symbols*, *Repairing Equipment*,
*Preparing Characters*), the front end's requests, a game taking the moves, and refusals in
words that change nothing.

That the model imports no widget library is checked in ``tests/architecture``.
"""

from __future__ import annotations

from typing import Any

import pytest

from doria_nb.engine.character import Character
from doria_nb.engine.mat import Location
from doria_nb.ui.character_sheet import SheetModel, premade_character


def snapshot(model: SheetModel) -> tuple[Any, ...]:
    character = model.character
    assert character is not None
    return (character.mat, character.hp, character.maximum, model.selected, model.ap_spent)


def test_a_move_goes_through_the_engine_and_counts_its_ap() -> None:
    model = SheetModel(premade_character("mage"))
    change = model.move("psi_orb", "hand 1")
    assert change is not None and change.ap == 10
    assert model.last_ap == 10 and model.ap_spent == 10 and model.message_kind == "ok"
    assert model.selected == "body:hand 1"  # the card moved stays selected
    assert model.drawn()["message"] == {"text": model.message, "kind": "ok"}


def test_in_setup_a_move_costs_nothing_but_says_what_play_would_cost() -> None:
    model = SheetModel(premade_character("mage"), setup=True)
    model.move("psi_orb", "hand 1")
    assert model.last_ap == 0 and model.ap_spent == 0


@pytest.mark.parametrize(
    ("request_", "said"),
    [
        (lambda m: m.move("psi_orb", "head"), "not in the head"),
        (lambda m: m.move("nothing_here", "hand 1"), "nothing_here"),
        (lambda m: m.repair("psi_orb"), "Nothing changed."),
        (lambda m: m.select("backpack:99"), "✖"),
        (lambda m: m.receive("select"), "does not understand"),
        (lambda m: m.receive({"type": "dance"}), "does not know the request 'dance'"),
    ],
)
def test_refused_requests_say_why_and_change_nothing(request_: Any, said: str) -> None:
    model = SheetModel(premade_character("mage"))
    before = snapshot(model)
    request_(model)
    assert model.message_kind == "error" and said in model.message
    assert snapshot(model) == before


def test_damage_then_repair_from_the_front_ends_requests() -> None:
    model = SheetModel(premade_character("warrior"))
    model.receive({"type": "select", "card": "backpack:0"})
    assert model.selected == "backpack:0"
    model.receive({"type": "damage", "card": "backpack:0"})
    assert model.message.startswith("⚠") and model.last_ap == 0
    model.receive({"type": "repair", "card": "backpack:0"})
    assert model.message_kind == "ok" and "repaired" in model.message
    model.receive({"type": "deselect"})
    assert model.selected is None


def test_in_a_game_the_sheet_hands_moves_to_the_game_and_never_damages() -> None:
    asked: list[tuple[str, Location, str]] = []

    def play(kind: str, location: Location, destination: str) -> tuple[bool, str]:
        asked.append((kind, location, destination))
        return False, "Not your turn."

    model = SheetModel(premade_character("mage"), play=play)
    before = snapshot(model)
    assert model.move("psi_orb", "hand 1") is None
    assert [kind for kind, _, _ in asked] == ["move"] and model.message == "Not your turn."
    model.damage("psi_orb")
    assert "only the rules damage a card" in model.message and len(asked) == 1
    assert snapshot(model) == before


def test_a_new_character_starts_the_sheet_afresh_and_a_wrong_type_is_refused() -> None:
    model = SheetModel(premade_character("mage"))
    model.move("psi_orb", "hand 1")
    model.character = premade_character("warrior")
    assert (model.selected, model.message, model.last_ap, model.ap_spent) == (None, "", None, 0)
    with pytest.raises(TypeError, match="engine Character"):
        SheetModel("mage")  # type: ignore[arg-type]
    empty = SheetModel()
    assert empty.legal_moves() == [] and isinstance(empty.drawn(), dict)
    empty.move("psi_orb", "hand 1")
    assert "no character on this sheet" in empty.message
    assert isinstance(model.character, Character)
