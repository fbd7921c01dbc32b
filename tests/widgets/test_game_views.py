"""The pure view functions of a game: the Initiative Board state and a phase's story."""

from __future__ import annotations

from doria_nb.engine.events import DiceRolled
from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.sections import Section
from doria_nb.engine.table.events import ActionTaken, GameOver, Happened, PhaseBegan
from doria_nb.engine.table.records import Phase
from doria_nb.ui.game_views import DETAIL, ITEM, game_markers, initiative_state, phase_summary
from doria_nb.ui.initiative_board import InitiativeBoard

PARTY = ("warrior", "mage", "ranger", "priestess")


def new_game(seed: int = 1) -> Game:
    return Game.new("the_flooded_archive", PARTY, seed)


def test_heroes_are_labelled_by_name_with_their_ap() -> None:
    game = new_game()
    state = initiative_state(game)
    heroes = {m.key: (m.label, m.ap, m.kind) for m in state.markers}
    assert heroes == {
        seat.letter: (seat.name, seat.ap, "hero") for seat in game.state.heroes.values()
    }
    assert {label for label, _, _ in heroes.values()} == {
        "Warrior",
        "Mage",
        "Ranger",
        "Priestess",
    }


def test_the_active_marker_is_the_hero_the_game_waits_for() -> None:
    game = new_game()
    state = initiative_state(game)
    assert state.active == game.turn[0]
    top = max(m.ap for m in state.markers)
    assert state.marker(state.active).ap == top


def test_round_doom_door_and_group_xp_come_from_the_game() -> None:
    game = new_game()
    state = initiative_state(game)
    assert (state.round, state.doom, state.door_opened, state.group_xp) == (1, None, False, 0)
    assert state.xp_per_point == 4  # [PlayerCount]
    assert state.phase == "Phase D: Action Phase"
    two = Game.new("the_flooded_archive", ("warrior", "mage"), 1)
    assert initiative_state(two).xp_per_point == 2


def test_monsters_on_the_board_have_their_markers() -> None:
    game = new_game()
    while not game.over:
        if game.phase is Phase.D:
            markers = [m for m in game_markers(game) if m.kind == "monster"]
            if markers:
                break
        game.apply(bot_action(game))
    alive = [m for m in game.state.monsters.values() if m.ap is not None]
    assert alive, "the game should reach a Phase D with a monster on the Initiative Board"
    assert [m.key for m in markers] == [m.letter for m in alive]
    for marker, seat in zip(markers, alive, strict=True):
        assert marker.label == f"{seat.name} {seat.letter}"
        assert marker.ap == seat.ap
        # Phase C sets the markers of monsters that survived a round; one revealed during
        # Phase D gets its marker at once and acts that round (ruling GM3).
        assert seat.spawned_round <= game.round


def test_the_state_is_a_copy_the_game_does_not_change() -> None:
    game = new_game()
    before = initiative_state(game)
    game.apply(bot_action(game))
    after = initiative_state(game)
    assert before != after
    assert before.marker(before.active).ap > after.marker(before.active).ap


def test_the_board_widget_accepts_the_state() -> None:
    game = new_game()
    board = InitiativeBoard(initiative_state(game))
    assert board.next_up() == (game.turn[0],)
    assert "Acting now: Priestess on 29, the highest marker" in board.describe()


def test_outside_phase_d_nobody_is_active() -> None:
    game = Game.new("the_flooded_archive", PARTY, 1)
    game.state.phase = Phase.E  # a view of a game between phases
    assert initiative_state(game).active is None


def test_phase_summary_groups_dice_under_their_action() -> None:
    from doria_nb.engine.chance import ScriptedChance

    roll = ScriptedChance([6, 2]).roll("2D", who="character", purpose="attack", rule=Section.WAIT)
    lines = phase_summary(
        [
            PhaseBegan(Section.PHASE_D, 3, "D"),
            DiceRolled(Section.ATTACK_OR_USE_ITEMS, roll, "character", "attack"),
            ActionTaken(Section.ATTACK_OR_USE_ITEMS, "W", "Warrior attacks o", (19, 4)),
            Happened(Section.DEFEATED_MONSTERS, "Orc (o) is defeated\nfor good", "o"),
            GameOver(Section.END_OF_THE_GAME, True, "the goal is met"),
        ]
    )
    assert lines[0] == "Round 3: Phase D: Action Phase"
    assert lines[1] == f"{ITEM}Warrior attacks o (19 → 4 AP) [Attack or Use Items (AP on card)]"
    assert lines[2].startswith(DETAIL) and "rolled 6+2" in lines[2]
    assert lines[3] == f"{ITEM}Orc (o) is defeated"
    assert lines[4] == " " * len(ITEM) + "for good"
    assert lines[5] == f"{ITEM}Victory: the goal is met"


def test_phase_summary_of_a_real_game_has_a_heading_per_phase() -> None:
    game = new_game()
    while game.round < 2:
        game.apply(bot_action(game))
    lines = phase_summary(game.events)
    headings = [line for line in lines if line.startswith("Round 1: Phase")]
    assert [h.split("Phase ")[1][0] for h in headings] == list("ABCDEFGHI")
    assert not any("PointsChanged" in line for line in lines)


def test_phase_summary_of_nothing_is_empty() -> None:
    assert phase_summary([]) == []
