"""The play table from Python, through its widgets (no browser): every kind of input and every
kind of question of the engine can be done at the table, a whole game can be played to its end
with a person's seat and bot seats, and undo, saving and loading keep the game exact.

Positions are arranged by hand where a kind of input needs one (a companion unconscious next to
the hero, Rubble, a treasure marker): such a game no longer replays from its save file, which
these tests do not need.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from doria_nb.engine.cards import Marker
from doria_nb.engine.decisions import ChoiceKind
from doria_nb.engine.game.arrange import free_square_next_to, give_turn, place_monster
from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.geometry import Square
from doria_nb.engine.mat import Area
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.shop.records import Shop
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.places import location_key
from doria_nb.engine.table.records import Phase, SaveFileError
from doria_nb.engine.table.state import Asker
from doria_nb.ui.play_table import KINDS, TableModel
from doria_nb.ui.play_table.offers import KIND_OF
from doria_nb.ui.play_table.view import PlayTable

PARTY = ("warrior", "mage", "ranger", "priestess")


# -- arranging ---------------------------------------------------------------------------------


def table_at_turn(seed: int = 4, options: RulesOptions | None = None) -> PlayTable:
    table = PlayTable.new("the_flooded_archive", PARTY, seed, options=options)
    give_turn(table.game, "W", 30)
    table._act(lambda: "")
    return table


def stand(table: PlayTable, letter: str, square: Square) -> None:
    situation = table.game.state.situation
    table.game.state.situation = situation.with_figure(
        replace(situation.figure(letter), square=square)
    )


def next_to(table: PlayTable, letter: str, other: str) -> None:
    stand(table, other, free_square_next_to(table.game, letter))


def refresh(table: PlayTable) -> None:
    table._act(lambda: "")


def do(table: PlayTable, kind: str, pick=lambda offer: True) -> act.Action:
    """Pick ``kind`` and an offer in the action panel and press Do it, as a player would."""
    panel = table.actions
    kinds = [value for _, value in panel.kind.options]
    assert kind in kinds, f"{kind!r} is not offered; the panel offers {kinds}"
    panel.kind.value = kind
    index = next(i for i, offer in enumerate(panel._offers) if pick(offer))
    panel.offers.index = index
    action = panel._action()
    before = len(table.game.inputs)
    panel.do.click()
    assert not table.model.problem, table.model.message
    assert len(table.game.inputs) > before or table.game.pending is not None
    return action


def answer_all(table: PlayTable) -> None:
    while table.model.waiting.kind == "question":
        table.question.answer.click()
        assert not table.model.problem, table.model.message


# -- every kind of input --------------------------------------------------------------------


def test_every_action_class_of_the_engine_has_a_kind_at_the_table() -> None:
    assert set(KIND_OF) == set(act.ACTION_TYPES.values())
    assert set(KIND_OF.values()) == set(KINDS)


def _campaign_table_at_turn() -> PlayTable:
    """A campaign scenario's table at the Warrior's turn (the escape is a campaign's input)."""
    from doria_nb.engine.campaign import CampaignSheet
    from doria_nb.engine.game import start_game
    from doria_nb.ui.play_table.model import ALL_QUESTIONS

    sheet = CampaignSheet.begin("c", "C", PARTY, first_scenario="the_flooded_archive")
    table = PlayTable(TableModel(start_game(sheet, 4, ask=ALL_QUESTIONS)))
    give_turn(table.game, "W", 30)
    table._act(lambda: "")
    return table


def _arranged(kind: str) -> PlayTable:
    """A table where the acting hero (the Warrior, 30 AP) may take an input of ``kind``."""
    if kind == "escape":
        return _campaign_table_at_turn()
    table = table_at_turn()
    game = table.game
    state = game.state
    here = state.situation.figure("W").square
    if kind == "attack":
        place_monster(game, "orc", free_square_next_to(game, "W"))
    elif kind == "open door":
        door = next(d for d in state.situation.dungeon.doors() if not d.opened)
        spot = next(
            s
            for s in state.situation.dungeon.neighbors(door.square)
            if state.situation.at(s) is None and state.situation.dungeon.passable(s)
        )
        stand(table, "W", spot)
    elif kind == "search":
        dungeon = state.situation.dungeon
        state.situation = replace(
            state.situation, dungeon=replace(dungeon, treasures=dungeon.treasures | {here})
        )
    elif kind == "drink":
        character = state.heroes["W"].character
        character.mat = character.mat.with_backpack(game.pack.item("small_healing_potion"))
    elif kind == "cast":
        give_turn(game, "I", 30)
        character = state.heroes["I"].character
        character.mat = character.mat.with_belt(game.pack.item("healing_spell"))
    elif kind == "repair":
        character = state.heroes["W"].character
        location = next(loc for loc, held in character.mat.locations() if loc.area is Area.BODY)
        character.damage_item(location)
    elif kind in ("revive", "pick up", "put down", "take"):
        next_to(table, "W", "M")
        if kind != "take":
            state.set_flag("M", "unconscious", True)
            state.heroes["M"].out_this_round = True
    elif kind == "clear rubble":
        spot = free_square_next_to(game, "W")
        state.situation = replace(
            state.situation, dungeon=state.situation.dungeon.with_marker(spot, Marker.RUBBLE)
        )
    elif kind == "disarm":
        from doria_nb.engine.traps.play import play_trap

        for _ in range(20):
            play_trap(state, "W", game.pack.item("spiked_walls"), Asker())
            if state.active_traps:
                break
        assert state.active_traps
        give_turn(game, "W", 30)
    refresh(table)
    if kind == "put down":
        do(table, "pick up")
    return table


HERO_KINDS = [k for k, kind in KINDS.items() if not kind.group]


@pytest.mark.parametrize("kind", HERO_KINDS)
def test_every_kind_of_hero_input_can_be_taken_from_the_action_panel(kind: str) -> None:
    table = _arranged(kind)
    action = do(table, kind)
    answer_all(table)
    taken = [taken.action for taken in table.game.inputs]
    assert action in taken
    assert KIND_OF[type(action)] == kind


def table_in_phase_i(options: RulesOptions | None = None, seed: int = 4) -> PlayTable:
    """A table whose heroes waited through Phase D: the shop is open (Phase I)."""
    table = PlayTable.new("the_flooded_archive", PARTY, seed, options=options)
    for _ in range(200):
        waiting = table.model.waiting
        if waiting.kind == "shop":
            return table
        if waiting.kind == "question":
            table.question.answer.click()
        else:
            who = table.model.acting
            table.model.take(act.Wait(who, table.game.state.heroes[who].ap))
            refresh(table)
    raise AssertionError("the shop never opened")


def test_buy_with_the_pooled_payment_from_the_shop_panel() -> None:
    table = table_in_phase_i()
    shop = table.shop
    state = table.game.state
    candidates = [value for _, value in shop.slots.options]
    payments = [value for _, value in shop.payment.options]
    found = None
    for slot in candidates:
        for size in (1, 2):
            for start in range(len(payments)):
                chosen = tuple(payments[start : start + size])
                trial = act.Buy("", (slot,), chosen, ("W",), ("",))
                if table.game.can(trial):
                    found = (slot, chosen)
                    break
            if found:
                break
        if found:
            break
    assert found, f"nothing can be bought in {state.shop} with {payments}"
    shop.slots.value = (found[0],)
    shop.payment.value = found[1]
    shop.receiver.value = "W"
    before = len(table.game.inputs)
    shop.buy.click()
    assert not table.model.problem, table.model.message
    assert isinstance(table.game.inputs[before].action, act.Buy)


def test_discard_join_and_done_from_the_shop_panel() -> None:
    table = table_in_phase_i()
    shop = table.shop
    shop.slots.value = (shop.slots.options[0][1],)
    shop.discard.click()
    assert not table.model.problem, table.model.message
    shop.joiner.value = shop.joiner.options[0][1]
    shop.join.click()
    assert not table.model.problem, table.model.message
    assert isinstance(table.game.inputs[-1].action, act.Join)
    shop.done.click()
    answer_all(table)
    kinds = [type(t.action) for t in table.game.inputs]
    assert act.Discard in kinds and act.EndPhase in kinds
    assert table.game.phase is not Phase.I or table.game.over


def test_trap_shop_clears_a_trap_for_a_doom_step() -> None:
    table = table_in_phase_i(RulesOptions(trap_shop=True))
    state = table.game.state
    trap = table.game.pack.item("log_trap")
    state.shop = Shop((trap, *state.shop.slots[1:]))
    refresh(table)
    table.shop.slots.value = (0,)
    table.shop.clear_trap.click()
    assert not table.model.problem, table.model.message
    assert isinstance(table.game.inputs[-1].action, act.ClearTrap)


# -- every kind of question -----------------------------------------------------------------


SCAN = (
    (PARTY, RulesOptions()),
    (("warrior",), RulesOptions(fate_points="group")),
    (("mage", "priestess"), RulesOptions(trap_shop=True, stop_loot=True, door_events=True)),
)


def _find_questions(kinds: set[str]) -> dict[str, Game]:
    """A game copy waiting at a question of each kind, found by playing the default policy
    at tables of people (a careful search is made now and then, for Keep card)."""
    found: dict[str, Game] = {}
    rng = random.Random(5)
    for seed in range(30):
        for heroes, options in SCAN:
            model = TableModel.new("the_flooded_archive", heroes, seed, options=options)
            for _ in range(3000):
                waiting = model.waiting
                if waiting.kind == "over":
                    break
                if waiting.kind == "question":
                    kind = str(waiting.choice.kind)
                    if kind in kinds and kind not in found:
                        found[kind] = model.game.copy()
                        if set(found) == kinds:
                            return found
                    model.answer(waiting.default)
                    continue
                game = model.game
                if waiting.kind == "hero":
                    who = model.acting
                    here = game.situation.figure(who).square
                    careful = act.Search(who, careful=True)
                    if (
                        here in game.situation.dungeon.treasures
                        and rng.random() < 0.5
                        and game.can(careful)
                    ):
                        model.take(careful)
                        continue
                    model.take(bot_action(game, who))
                else:
                    model.take(bot_action(game))
    return found


def test_every_kind_of_question_can_be_answered_from_the_question_panel() -> None:
    kinds = {str(kind) for kind in ChoiceKind}
    found = _find_questions(kinds)
    assert set(found) == kinds, f"no table met these questions: {kinds - set(found)}"
    for kind, game in found.items():
        table = PlayTable(TableModel(game))
        assert table.model.waiting.kind == "question"
        assert str(table.model.waiting.choice.kind) == kind
        panel = table.question
        assert panel.box.layout.display != "none"
        keys = [value for _, value in panel.options.options]
        assert panel.options.value == table.model.waiting.default
        panel.options.value = keys[-1]
        before = len(game.inputs)
        panel.answer.click()
        assert not table.model.problem, table.model.message
        assert len(game.inputs) > before or game.pending is not None


# -- clicks ----------------------------------------------------------------------------------


def test_a_click_on_a_reachable_square_walks_there() -> None:
    table = table_at_turn()
    reach = [o for o in table.model.offers("move") if o.ap == 2]
    assert reach
    square = reach[0].action.to
    table.click(square)
    assert not table.model.problem, table.model.message
    assert table.game.inputs[-1].action == act.Move("W", square)


def test_a_click_on_a_monster_aims_then_attacks() -> None:
    table = table_at_turn()
    letter = place_monster(table.game, "orc", free_square_next_to(table.game, "W"))
    refresh(table)
    square = table.game.situation.figure(letter).square
    before = len(table.game.inputs)
    message = table.click(square)
    assert "P(hit)" in message and len(table.game.inputs) == before
    assert any("%" in label for label in table.board.highlights_source.data["label"])
    table.click(square)
    answer_all(table)
    assert isinstance(table.game.inputs[before].action, act.Attack)


def test_an_illegal_click_says_why_and_changes_nothing() -> None:
    table = table_at_turn()
    save = table.game.save()
    message = table.click(Square(-50, -50))
    assert table.model.problem and "Nothing changed" in message
    assert table.game.save() == save


def test_placement_candidates_are_framed_and_a_click_chooses_one() -> None:
    table = _arranged("open door")
    do(table, "open door")
    waiting = table.model.waiting
    assert waiting.kind == "question" and waiting.choice.kind is ChoiceKind.PLACEMENT
    # Each placement is drawn as the tile itself in a frame of its own (board/candidates.py).
    frames = table.board.sources.frames.data
    assert len(frames["left"]) == len(waiting.choice.options)
    assert frames["dash"][-1] == "solid" and len(set(frames["dash"])) == len(frames["dash"])
    assert table.board.outlines_source.data["left"] == []
    assert len(table.board.sources.candidates.data["cx"]) == sum(
        len(list(d.squares())) for d in waiting.choice.details
    )
    inside = sorted(waiting.choice.details[-1].squares(), key=lambda s: (s.y, s.x))[0]
    table.click(inside)
    assert table.model.chosen_answer in waiting.choice.keys
    table.question.answer.click()
    assert not table.model.problem


# -- seats, monsters, undo, saving -----------------------------------------------------------


def test_a_whole_game_with_one_person_and_three_bots_reaches_its_end_screen() -> None:
    table = PlayTable.new("the_flooded_archive", PARTY, 6, bots=["mage", "ranger", "priestess"])
    rng = random.Random(2)
    for _ in range(3000):
        waiting = table.model.waiting
        if waiting.kind == "over":
            break
        if waiting.kind == "question":
            assert waiting.answerer in (None, "W")
            table.question.answer.click()
        elif waiting.kind == "shop":
            table.shop.bots.click()
        else:
            assert waiting.heroes == ("W",)
            if rng.random() < 0.3:
                table.actions.kind.value = "wait"
                table.actions.do.click()
            else:
                table.model.take(bot_action(table.game, "W"))
                refresh(table)
        assert not table.model.problem, table.model.message
    assert table.game.over
    assert "Victory" in table.end.value or "Defeat" in table.end.value
    assert table.game.result.reason in table.end.value


def test_monster_turns_are_shown_step_by_step_with_their_rules() -> None:
    table = PlayTable.new("the_flooded_archive", PARTY, 2)
    for _ in range(500):
        if table.model.turns:
            break
        waiting = table.model.waiting
        if waiting.kind == "question":
            table.question.answer.click()
        elif waiting.kind == "shop":
            table.shop.done.click()
        elif waiting.kind == "over":
            pytest.fail("the game ended before a monster acted")
        else:
            table.model.take(bot_action(table.game, table.model.acting))
            refresh(table)
    panel = table.monsters
    assert panel.box.layout.display != "none"
    panel.next.click()
    assert panel.replaying and "Rulebook" in panel.text.value
    seen = set()
    for _ in range(200):
        if not panel.replaying:
            break
        seen.add(panel.turns[panel.turn].stages[panel.stage].kind)
        panel.next.click()
    assert "target" in seen
    panel.skip.click()
    assert not panel.replaying


def test_a_bot_seat_plays_and_a_seat_can_change_between_turns() -> None:
    table = PlayTable.new("the_flooded_archive", PARTY, 3)
    first = table.model.waiting.heroes[0]
    table.model.set_seat(first, "bot")
    refresh(table)
    assert first not in table.model.waiting.heroes or table.model.waiting.kind != "hero"
    assert table.game.inputs


def test_undo_takes_back_the_persons_input_and_the_bots_after_it() -> None:
    table = PlayTable.new("the_flooded_archive", PARTY, 5, bots=["mage", "ranger", "priestess"])
    answer_all(table)
    save = table.game.save()
    table.model.take(act.Wait("W", table.game.state.heroes["W"].ap))
    refresh(table)
    assert table.game.save() != save
    table.undo_button.click()
    assert json.loads(table.game.save())["inputs"] == json.loads(save)["inputs"]
    assert table.model.waiting.heroes == ("W",)


def test_honest_mode_refuses_to_undo_a_roll() -> None:
    table = PlayTable.new("the_flooded_archive", PARTY, 5, honest=True)
    letter = place_monster(table.game, "orc", free_square_next_to(table.game, table.model.acting))
    refresh(table)
    table.model.aim(letter)
    table.click(table.game.situation.figure(letter).square)
    answer_all(table)
    table.undo_button.click()
    assert table.model.problem and "honest mode" in table.model.message


def test_save_and_load_keep_the_seats_and_the_position(tmp_path) -> None:
    table = PlayTable.new("the_flooded_archive", PARTY, 7, bots=["ranger"])
    answer_all(table)
    table.model.take(act.Wait(table.model.acting, 3))
    refresh(table)
    table.files.name.value = str(tmp_path / "game.json")
    table.files.save.click()
    assert "Saved" in table.model.message
    assert "data:application/json;base64," in table.files.download.value
    events = table.game.events
    other = PlayTable.new("the_flooded_archive", PARTY, 1)
    other.files.name.value = str(tmp_path / "game.json")
    other.files.load.click()
    assert "Loaded" in other.model.message, other.model.message
    assert other.game.events == events
    assert other.model.seats.kind("R") == "bot"
    assert other.model.marks == table.model.marks


def test_a_damaged_save_file_is_refused_in_words(tmp_path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    table = PlayTable.new("the_flooded_archive", PARTY, 7)
    before = table.game.save()
    table.files.name.value = str(path)
    table.files.load.click()
    assert table.model.problem and "not valid JSON" in table.model.message
    assert table.game.save() == before
    with pytest.raises(SaveFileError):
        TableModel.load("{}")


def test_a_card_moved_on_the_sheet_is_the_games_equip_action() -> None:
    table = table_at_turn()
    sheet = table.sheet
    assert table.sheet_pick.value == "W"
    character = table.game.state.heroes["W"].character
    location = next(loc for loc, _ in character.mat.locations() if loc.area is Area.BODY)
    key = f"body:{location.slot}"
    sheet.move(key, "backpack")
    assert not table.model.problem, table.model.message
    last = table.game.inputs[-1].action
    assert last == act.Equip("W", location_key(location), "backpack")
    assert sheet.damage(key) is None and "only the rules" in sheet.message
