"""The round stepper from Python: press its buttons, read its texts and its Initiative Board."""

from __future__ import annotations

import pytest

from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.table.events import ActionTaken, PhaseBegan
from doria_nb.engine.table.records import Phase
from doria_nb.ui.round_stepper import CSS_CLASSES, RoundStepper

PARTY = ("warrior", "mage", "ranger", "priestess")


@pytest.fixture
def stepper() -> RoundStepper:
    return RoundStepper(scenario="the_flooded_archive", heroes=PARTY, seed=1)


def test_a_new_stepper_shows_the_initiative_roll_of_round_1(stepper: RoundStepper) -> None:
    assert stepper.current.title == "Round 1 · Phase C: Roll for Initiative"
    assert "Phase C: Roll for Initiative" in stepper.parts.title.value
    assert "initiative: 2D+8 rolled" in stepper.parts.events.value
    board = stepper.initiative.state
    assert board.round == 1 and board.active == "I"
    assert board.marker("I").label == "Priestess" and board.marker("I").ap == 29
    assert "Next action" in stepper.status
    assert CSS_CLASSES["root"] in stepper._dom_classes


def test_the_earlier_phases_come_from_the_log(stepper: RoundStepper) -> None:
    titles = [r.title for r in stepper.records]
    assert titles == [
        "Before round 1 · Setting up",
        "Round 1 · Phase A: Round Marker +1",
        "Round 1 · Phase B: New Shop Items",
        "Round 1 · Phase C: Roll for Initiative",
    ]
    stepper.parts.back.click()
    assert stepper.current.phase is Phase.B
    assert "before the stepper watched" in stepper.parts.title.value
    assert "Buckler" in stepper.parts.events.value  # the shop drawn in Phase B
    stepper.parts.back.click()
    stepper.parts.back.click()
    stepper.parts.back.click()
    assert "first phase" in stepper.status


def test_next_action_steps_one_hero_action_with_its_rule(stepper: RoundStepper) -> None:
    mirror = Game.new("the_flooded_archive", PARTY, 1)  # the same game, driven from here
    for _ in range(3):
        who = mirror.turn[0]
        name, ap = mirror.state.heroes[who].name, mirror.state.heroes[who].ap
        seen = len(mirror.events)
        mirror.apply(bot_action(mirror))
        taken = next(e for e in mirror.events[seen:] if isinstance(e, ActionTaken))
        stepper.parts.next_action.click()
        assert stepper.current.title == "Round 1 · Phase D: Action Phase (in progress)"
        assert stepper.last_step.startswith(
            f"{name} acts: on {ap} AP, the highest marker (Phase D: Action Phase)."
        )
        assert f"The action: {taken.describe()}; rule: {taken.rule}." in stepper.last_step
        assert str(taken.rule) in stepper.parts.step.value
        assert stepper.initiative.state.marker(who).ap == mirror.state.heroes[who].ap
        assert stepper.initiative.state.active == (mirror.turn[0] if mirror.turn else None)


def test_next_phase_plays_phase_d_and_then_shows_the_queue(stepper: RoundStepper) -> None:
    stepper.parts.next_phase.click()
    assert stepper.current.title == "Round 1 · Phase D: Action Phase"
    assert "input(s) played by the bots" in stepper.status
    d_board = stepper.initiative.state
    # the board at the end of Phase D, saying so
    assert d_board.phase == "end of Phase D: Action Phase · next: Phase E: Poison"
    assert all(m.ap <= 0 for m in d_board.markers if m.kind == "hero")
    titles = []
    for _ in range(8):
        stepper.parts.next_phase.click()
        titles.append(stepper.current.title)
    assert titles == [
        "Round 1 · Phase E: Poison",
        "Round 1 · Phase F: Special Actions",
        "Round 1 · Phase G: Doom Counter",
        "Round 1 · Phase H: Level Up",
        "Round 1 · Phase I: Buy or Remove Shop Items",
        "Round 2 · Phase A: Round Marker +1",
        "Round 2 · Phase B: New Shop Items",
        "Round 2 · Phase C: Roll for Initiative",
    ]
    board = stepper.initiative.state
    assert board.round == 2 and board.doom is not None  # the Doom Counter moved in Phase G
    assert board.phase == "end of Phase C: Roll for Initiative · next: Phase D: Action Phase"
    assert board.active is not None


def test_the_doom_counter_page_says_how_far_it_moved(stepper: RoundStepper) -> None:
    while stepper.current.phase is not Phase.G:
        stepper.next_phase()
    assert "Doom Counter" in stepper.parts.events.value
    assert stepper.initiative.state.doom is not None  # it always moves at least 1 square
    stepper.back()
    assert stepper.initiative.state.doom is None  # Phase F ended before the counter moved


def test_next_action_outside_phase_d_says_why(stepper: RoundStepper) -> None:
    stepper.next_phase()  # Phase D played out; E..C of round 2 wait in the queue
    stepper.parts.next_action.click()
    assert "Next phase to catch up" in stepper.status
    assert stepper.current.title == "Round 1 · Phase D: Action Phase"


def test_play_to_the_end_and_back(stepper: RoundStepper) -> None:
    stepper.parts.play_out.click()
    assert stepper.game.over
    assert stepper.current.title.endswith("The game is over")
    assert stepper.game.result.explain() in stepper.status
    assert "Defeat" in stepper.parts.events.value or "Victory" in stepper.parts.events.value
    stepper.parts.next_phase.click()
    assert "The game is over" in stepper.status
    stepper.parts.next_action.click()
    assert "The game is over" in stepper.status
    stepper.back()
    assert stepper.current.done and stepper.current.phase is not Phase.OVER


def test_every_phase_began_is_one_record(stepper: RoundStepper) -> None:
    stepper.play_to_end()
    begun = [e for e in stepper.game.events if isinstance(e, PhaseBegan)]
    phases = [r for r in stepper.records if r.phase not in (None, Phase.OVER)]
    assert [(r.round, r.phase.value) for r in phases] == [(e.round, e.phase) for e in begun]
    assert all(r.board is not None for r in phases[3:])


def test_a_stepper_watches_a_game_given_to_it() -> None:
    game = Game.new("the_flooded_archive", ("warrior", "mage"), 5)
    stepper = RoundStepper(game)
    assert stepper.game is game
    stepper.next_phase()
    assert stepper.current.phase is Phase.D
    assert stepper.current.round == 1


def test_describe_says_the_page_in_words(stepper: RoundStepper) -> None:
    stepper.next_action()
    text = stepper.describe()
    assert text.startswith("Round 1 · Phase D: Action Phase (in progress)")
    assert "Rulebook: Phase D: Action Phase." in text
    assert stepper.last_step in text
    assert stepper.initiative.describe() in text


def test_questions_left_to_the_players_get_the_first_option() -> None:
    asked = ("placement", "monster tie", "wake", "raise", "keep card", "defense", "armor")
    game = Game.new("the_flooded_archive", PARTY, 1, ask=asked)
    stepper = RoundStepper(game)
    for _ in range(6):
        stepper.next_action()
    stepper.play_to_end()
    assert game.over and game.pending is None
    assert any(taken.answers for taken in game.inputs)  # questions were asked and answered
    begun = [e for e in stepper.game.events if isinstance(e, PhaseBegan)]
    phases = [r for r in stepper.records if r.phase not in (None, Phase.OVER)]
    assert [(r.round, r.phase.value) for r in phases] == [(e.round, e.phase) for e in begun]
    # The game rebuilt its state for every answer; the stepper followed it.
    assert stepper.model.watched is game.state
    assert all(r.board is not None for r in phases[3:])


def test_a_stepper_of_a_finished_game_shows_its_end() -> None:
    game = Game.new("the_flooded_archive", ("warrior", "mage"), 2)
    while not game.over:
        game.apply(bot_action(game))
    stepper = RoundStepper(game)
    last = stepper.records[-1]
    assert last.board is not None and last.phase is not Phase.OVER
    stepper.next_phase()
    assert stepper.current.title.endswith("The game is over")
    assert game.result.explain() in stepper.status
    stepper.back()
    assert stepper.current == last


def test_the_board_of_a_phase_played_names_that_phase_and_the_next(
    stepper: RoundStepper,
) -> None:
    """A new user saw the heading name the phase just played while the Initiative Board named
    the next one (issue #13, item 5): the board now says whose end it shows."""
    stepper.next_phase()
    record = stepper.next_phase()
    assert record.done and record.phase is Phase.E
    phase_line = stepper.initiative.state.phase
    assert phase_line.startswith(f"end of {Phase.E.title}")
    assert f"next: {Phase.F.title}" in phase_line
    assert f"Phase: end of {Phase.E.title}" in stepper.describe()


def test_the_live_phase_board_names_the_phase_in_progress(stepper: RoundStepper) -> None:
    stepper.next_action()
    assert stepper.current.done is False
    assert stepper.initiative.state.phase == stepper.game.phase.title


def test_a_defeat_says_who_died_and_the_blow() -> None:
    for seed in range(60):
        game = Game.new("the_flooded_archive", ("warrior", "mage"), seed, snapshots=False)
        while not game.over:
            if game.pending is not None:
                game.decide(game.pending.choice.keys[0])
            else:
                game.apply(bot_action(game))
        result = game.result
        if result is None or result.won or "died" not in result.reason:
            continue
        dead = [
            s.name
            for s in game.state.heroes.values()
            if s.character.hp <= -20 or s.character.pp <= -20
        ]
        assert result.reason.startswith(f"{dead[0]} died with HP ")
        assert "the last blow:" in result.reason
        return
    pytest.fail("no bot game in 60 seeds ended with a death")
