"""The round stepper's model without any widget: following a game played by the bots phase by
phase (*Phases Overview*), one hero action at a time in *Phase D: Action Phase*, the page it
shows, and requests refused in words that change nothing.

That the model imports no widget library is checked in ``tests/architecture``.
"""

from __future__ import annotations

from doria_nb.engine.game.game import Game
from doria_nb.engine.sections import Section
from doria_nb.engine.table.events import PhaseBegan
from doria_nb.engine.table.records import Phase
from doria_nb.ui.game_views import initiative_state
from doria_nb.ui.initiative_board.words import describe_board
from doria_nb.ui.round_stepper import RoundModel

PARTY = ("warrior", "mage")


def model() -> RoundModel:
    return RoundModel(scenario="the_flooded_archive", heroes=PARTY, seed=1)


def test_a_new_model_is_on_the_last_phase_played_and_says_what_to_do() -> None:
    stepper = model()
    assert stepper.current.title == "Round 1 · Phase C: Roll for Initiative"
    assert [r.phase for r in stepper.records][-1] is Phase.C
    assert not stepper.problem and "Next phase" in stepper.status
    page = stepper.page()
    assert page.record is stepper.current and page.step == ""
    assert (
        page.position
        == f"Phase {len(stepper.records)} of {len(stepper.records) + 1} seen · round 1"
    )


def test_back_at_the_first_phase_is_refused_and_changes_nothing() -> None:
    stepper = model()
    while stepper.shown:
        stepper.back()
    before = (stepper.shown, len(stepper.records), stepper.game.events[-1])
    stepper.back()
    assert stepper.problem and "first phase" in stepper.status
    assert (stepper.shown, len(stepper.records), stepper.game.events[-1]) == before


def test_next_action_is_refused_while_phases_wait_and_outside_phase_d() -> None:
    stepper = model()
    stepper.next_phase()  # shows Phase D; the bots played on to Phase I of round 1
    played = len(stepper.game.events)
    stepper.next_action()
    assert stepper.problem and "Phases already played are waiting" in stepper.status
    while stepper.shown + 1 < len(stepper.records):
        stepper.next_phase()
    assert stepper.game.phase is Phase.I
    stepper.next_action()
    assert stepper.problem and "the game is in Phase I" in stepper.status
    assert len(stepper.game.events) == played


def test_next_action_plays_one_hero_action_and_says_why_that_hero() -> None:
    stepper = RoundModel(scenario="the_flooded_archive", heroes=PARTY, seed=1)
    stepper.shown = len(stepper.records)  # the live Phase D
    game = stepper.game
    assert game.phase is Phase.D
    who = game.turn[0]
    label = initiative_state(game).marker(who).label
    stepper.next_action()
    assert stepper.last_step.startswith(f"{label} acts: on ")
    assert str(Section.PHASE_D) in stepper.last_step
    assert stepper.page().step == stepper.last_step


def test_the_records_follow_the_games_phases_and_the_page_names_the_phase_played() -> None:
    stepper = model()
    stepper.play_to_end()
    assert stepper.game.over and "phases recorded" in stepper.status
    begun = [e for e in stepper.game.events if isinstance(e, PhaseBegan)]
    phases = [r for r in stepper.records if r.phase not in (None, Phase.OVER)]
    assert [(r.round, r.phase.value) for r in phases] == [(e.round, e.phase) for e in begun]
    stepper.back()
    page = stepper.page()
    assert page.board.phase.startswith(f"end of {page.record.phase.title}")
    assert describe_board(page.board) in stepper.describe()


def test_a_model_of_a_game_given_follows_that_game() -> None:
    game = Game.new("the_flooded_archive", PARTY, 2)
    stepper = RoundModel(game)
    assert stepper.game is game and stepper.watched is game.state
