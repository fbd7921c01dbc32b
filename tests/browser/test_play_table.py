"""The play table in a real JupyterLab: a person plays three whole rounds by clicks and keys.

The notebook shows a :class:`PlayTable` of the starter scenario: the Warrior is the person's,
the Mage, the Ranger and the Priestess the bots'. The test plays on the page only — board taps
to walk, aim and attack, open doors and choose a tile's placement; the question panel's radio
buttons and the keyboard; the action panel's lists for everything else; the shop's lists to buy;
Undo; Save and Load — for three whole rounds.

What to do next is decided by a *mirror*: the same table (same seed and seats) in this process,
given the same intent after each one on the page. After each intent the page must show the
mirror's state (the status line's ``data-progress``: inputs, question, events), and at the end
the save file the page writes must be the mirror's, byte for byte: the game played by clicks is
the game the same inputs make through the Python API. Click-to-redraw round trips are printed
(median), never asserted.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from typing import Any

import pytest

from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.geometry import Square
from doria_nb.engine.table import actions as act
from doria_nb.ui.play_table.model import TableModel
from doria_nb.ui.play_table.offers import KIND_OF
from doria_nb.ui.play_table.view import PlayTable, progress_of

pytestmark = pytest.mark.browser

SEED = 2
PARTY = ("warrior", "mage", "ranger", "priestess")
BOTS = ("mage", "ranger", "priestess")
VIEW = ".doria-play-table"
TAP_GAP = 0.45
"""Seconds between two taps on the board (Bokeh merges closer taps into a double tap)."""

SOURCE = (
    "from doria_nb.ui.play_table.view import PlayTable\n\n"
    f"table = PlayTable.new('the_flooded_archive', {list(PARTY)!r}, {SEED}, bots={list(BOTS)!r})\n"
    "table"
)


class Player:
    """The person at the page, with the mirror that says what happens."""

    def __init__(self, lab: Any) -> None:
        self.lab = lab
        self.page = lab.page
        self.root = self.page.locator(VIEW).first
        self.mirror = PlayTable.new("the_flooded_archive", PARTY, SEED, bots=BOTS)
        self.board_clicks: list[float] = []
        self.did: set[str] = set()
        self._last_tap = 0.0

    @property
    def model(self) -> TableModel:
        return self.mirror.model

    def also(self, intent: Any) -> None:
        """The same intent on the mirror (through its guard, as the page's table runs it)."""
        self.mirror._act(intent)

    # -- waiting ------------------------------------------------------------------------

    def progress_js(self) -> str:
        return f"(document.querySelector('{VIEW} .doria-play-status-line')?.dataset.progress || '')"

    def message_js(self) -> str:
        return f"(document.querySelector('{VIEW} .doria-status')?.textContent || '')"

    def synced(self, name: str, action: Any, *, message: str = "", board: bool = False) -> None:
        """Do ``action`` on the page, then wait for the mirror's progress (and ``message``)."""
        predicate = f"{self.progress_js()} === {json.dumps(progress_of(self.model.game))}"
        if message:
            predicate += f" && {self.message_js()}.includes({json.dumps(message)})"
        seconds = self.lab.round_trip(action, predicate, timeout=60, name=name)
        if board:
            self.board_clicks.append(seconds)
        self.lab.settle(quiet=0.25, limit=3)

    # -- the board ----------------------------------------------------------------------

    def tap(self, square: Square, mirror_intent: Any, name: str, message: str = "") -> None:
        canvas = self.root.locator(".doria-board canvas").first
        canvas.scroll_into_view_if_needed()
        board = self.mirror.board
        deadline = time.monotonic() + 15
        box = canvas.bounding_box()
        want = (board.figure.width, board.figure.height)
        while box is None or (round(box["width"]), round(box["height"])) != want:
            assert time.monotonic() < deadline, f"canvas {box}, expected {want}"
            time.sleep(0.1)
            box = canvas.bounding_box()
        x, y = board.pixel_of(square)
        wait = TAP_GAP - (time.monotonic() - self._last_tap)
        if wait > 0:
            time.sleep(wait)
        mirror_intent()
        self.synced(
            name,
            lambda: self.page.mouse.click(box["x"] + x, box["y"] + y),
            message=message,
            board=True,
        )
        self._last_tap = time.monotonic()

    # -- intents ------------------------------------------------------------------------

    def answer(self, use_keys: bool) -> None:
        waiting = self.model.waiting
        choice = waiting.choice
        if choice.details and hasattr(choice.details[0], "squares"):
            chosen = choice.details[choice.keys.index(waiting.default)]
            inside = min(chosen.squares(), key=lambda s: (s.y, s.x))
            self.tap(
                inside,
                lambda: self.mirror.click(inside),
                "tap a placement frame -> chosen",
                message="chosen",
            )
            self.did.add("placement by the board")
        else:
            index = choice.keys.index(waiting.default)
            radio = self.root.locator(".doria-play-question-options input[type=radio]").nth(index)
            radio.check()
        key = self.model.chosen_answer
        self.also(lambda: self.model.answer(key))
        button = self.root.locator("button.doria-play-answer").first
        if use_keys:
            button.focus()
            self.synced("Enter on Answer -> answered", lambda: self.page.keyboard.press("Enter"))
            self.did.add("keyboard")
        else:
            self.synced("Answer -> answered", button.click)
        self.did.add("question")

    def choose(self) -> act.Action:
        """The bot's choice for the person's hero, except that the person opens a door (and
        places its tile) as soon as one is in reach, walking next to one first."""
        model = self.model
        game = model.game
        if "open door" not in self.did:
            doors = model.offers("open door")
            if doors:
                return doors[0].action
            dungeon = game.situation.dungeon
            beside = {
                square
                for door in dungeon.doors()
                if door.state == "unexplored"
                for square in dungeon.neighbors(door.square)
            }
            moves = [o for o in model.offers("move") if o.action.to in beside]  # type: ignore[attr-defined]
            if moves:
                return min(moves, key=lambda o: o.ap or 0).action
        return bot_action(game, model.acting)

    def act_on_board(self, action: act.Action) -> bool:
        game = self.model.game
        if isinstance(action, act.Move) and "move" in self.did and "panel move" not in self.did:
            return False  # one walk is taken from the action panel's list instead
        if isinstance(action, act.Move):
            self.tap(action.to, lambda: self.mirror.click(action.to), "board tap -> walked")
            self.did.add("move")
            return True
        if isinstance(action, act.OpenDoor):
            self.tap(action.door, lambda: self.mirror.click(action.door), "board tap -> door")
            self.did.add("open door")
            return True
        if isinstance(action, act.Attack):
            square = game.situation.figure(action.target).square
            self.tap(square, lambda: self.mirror.click(square), "tap a monster -> aimed", "P(hit)")
            self.tap(square, lambda: self.mirror.click(square), "tap it again -> attacked")
            self.did.add("attack")
            return True
        return False

    def act_in_panel(self, action: act.Action) -> None:
        kind = KIND_OF[type(action)]
        offers = self.model.offers(kind)
        same = (
            (lambda o: o.action.to == action.to)
            if isinstance(action, act.Move)
            else (lambda o: o.action == action)
        )
        chosen = next((o for o in offers if same(o)), None)
        if chosen is None and isinstance(action, act.Wait):
            chosen = offers[0]
        assert chosen is not None, f"{action} is not offered in the panel: {offers[:3]}"
        kind_label = next(
            label for label, value in self.mirror.actions.kind.options if value == kind
        )
        self.root.locator(".doria-play-kind select").first.select_option(value=kind_label)
        self.lab.wait_for(
            f"Array.from(document.querySelectorAll('{VIEW} .doria-play-offers option'))"
            f".some(o => o.value === {json.dumps(chosen.label)})"
        )
        self.root.locator(".doria-play-offers select").first.select_option(value=chosen.label)
        taken = chosen.action
        if isinstance(action, act.Wait):
            amount = self.root.locator(".doria-play-amount input").first
            amount.fill(str(action.ap))
            amount.press("Tab")
            taken = action
        self.also(lambda: self.model.take(taken))
        do = self.root.locator("button.doria-play-do").first
        self.synced(f"{kind} from the panel -> taken", do.click)
        self.did.add(f"panel {kind}")

    def bots_shop(self) -> None:
        self.also(self.model.play_bots_now)
        button = self.root.locator("button.doria-play-bots-shop").first
        self.synced("Let the bots shop -> done", button.click)

    def shop(self) -> None:
        if "buy" not in self.did:
            purchase = self._find_purchase()
            if purchase is not None:
                self._buy(purchase)
                return
        self.bots_shop()

    def _find_purchase(self) -> act.Buy | None:
        """A purchase of one shop card the rules allow: the bot's if it has one receiver, else
        one card paid with one or two cards of the group, for the Warrior."""
        game = self.model.game
        planned = bot_action(game)
        if isinstance(planned, act.Buy) and len(set(planned.receivers)) <= 1:
            return planned
        shop = self.mirror.shop
        payments = [value for _, value in shop.payment.options]
        for _, slot in shop.slots.options:
            for size in (1, 2):
                for start in range(len(payments) - size + 1):
                    trial = act.Buy(
                        "", (slot,), tuple(payments[start : start + size]), ("W",), ("",)
                    )
                    if game.can(trial):
                        return trial
        return None

    def _buy(self, purchase: act.Buy) -> None:
        shop = self.mirror.shop
        receiver = purchase.receivers[0] if purchase.receivers else ""
        place = purchase.places[0] if purchase.places else ""
        places = {value for _, value in shop.place.options}
        place = place if place in places else ""
        slots = tuple(sorted(purchase.slots))
        buy = act.Buy(
            "",
            slots,
            tuple(v for _, v in shop.payment.options if v in purchase.payments),
            tuple(receiver for _ in slots) if receiver else (),
            tuple(place for _ in slots) if receiver else (),
        )
        if not self.model.game.can(buy):
            self.bots_shop()
            return
        root = self.root
        root.locator(".doria-play-shop-slots select").first.select_option(
            label=[label for label, value in shop.slots.options if value in slots]
        )
        root.locator(".doria-play-payment select").first.select_option(
            label=[label for label, value in shop.payment.options if value in buy.payments]
        )
        root.locator(".doria-play-receiver select").first.select_option(
            label=next(label for label, value in shop.receiver.options if value == receiver)
        )
        root.locator(".doria-play-place select").first.select_option(
            label=next(label for label, value in shop.place.options if value == place)
        )
        self.also(lambda: self.model.take(buy))
        self.synced("Buy -> bought", root.locator("button.doria-play-buy").first.click)
        self.did.add("buy")

    def watch_monsters(self) -> None:
        """Step through the monsters' turns once, then skip to the end."""
        panel = self.mirror.monsters
        text = f"(document.querySelector('{VIEW} .doria-play-monster-text')?.textContent || '')"
        self.page.locator(f"{VIEW} button.doria-play-monster-next").first.click()
        panel.step(1)
        self.lab.wait_for(f"{text}.includes('step 1 of')")
        self.page.locator(f"{VIEW} button.doria-play-monster-next").first.click()
        panel.step(1)
        self.lab.wait_for(f"{text}.includes('step 2 of') || {text}.includes('Monster 2 of')")
        self.page.locator(f"{VIEW} button.doria-play-monster-skip").first.click()
        panel.end()
        self.lab.wait_for(f"{text}.includes('The monsters acted')")
        self.did.add("monster turns")

    def undo(self) -> None:
        self.also(self.model.undo)
        self.synced("Undo -> taken back", self.root.locator("button.doria-play-undo").first.click)
        self.did.add("undo")

    def save_and_load(self) -> None:
        """Save to a file in the book's folder, check it is the mirror's, load it back."""
        name = "_play_table_game.json"
        expected = self.model.save()
        field = self.root.locator(".doria-play-file-name input").first
        field.fill(name)
        field.press("Tab")
        self.lab.round_trip(
            self.root.locator("button.doria-play-save").first.click,
            f"{self.message_js()}.includes('Saved after {len(self.model.game.inputs)} inputs')",
            name="Save -> saved",
        )
        saved = (self.lab.server.root / name).read_text(encoding="utf-8")
        assert saved == expected, "the page's game differs from the one the mirror played"
        self.lab.round_trip(
            self.root.locator("button.doria-play-load").first.click,
            f"{self.message_js()}.includes('Loaded')",
            name="Load -> loaded",
        )
        self.mirror._replace(TableModel.load(saved))
        self.mirror._refresh()
        self.lab.wait_for(f"{self.progress_js()} === {json.dumps(progress_of(self.model.game))}")
        self.did.add("save and load")


def test_a_person_plays_three_rounds_by_clicks_and_keys(lab) -> None:
    name = "_play_table.ipynb"
    lab.server.write_notebook(name, "from doria_nb.book import setup\n\nsetup()", SOURCE)
    lab.open(name)
    lab.run_all()
    lab.assert_clean()
    player = Player(lab)
    player.root.wait_for()
    lab.wait_for(f"{player.progress_js()} === {json.dumps(progress_of(player.model.game))}")
    steps = 0
    saved = False
    while player.model.game.round <= 3 and not player.model.game.over:
        steps += 1
        assert steps < 400, "three rounds took too many steps"
        model = player.model
        waiting = model.waiting
        if waiting.kind == "question":
            player.answer(use_keys=steps % 3 == 0)
        elif waiting.kind == "shop":
            player.shop()
        elif waiting.kind == "hero":
            action = player.choose()
            if not player.act_on_board(action):
                player.act_in_panel(action)
            if "undo" not in player.did and len(player.did) >= 3 and model.waiting.kind == "hero":
                player.undo()
        if player.mirror.monsters.turns and "monster turns" not in player.did:
            player.watch_monsters()
        if not saved and model.game.round == 2 and model.waiting.kind == "hero":
            player.save_and_load()
            saved = True
    assert player.model.game.round > 3, (
        f"the game ended before three whole rounds: {player.model.game!r}"
    )
    player.save_and_load()
    expected = {"move", "attack", "open door", "question", "buy", "undo", "save and load"}
    expected |= {"monster turns", "keyboard"}
    missing = expected - player.did
    assert not missing, f"the three rounds never needed: {missing} (did {sorted(player.did)})"
    assert any(d.startswith("panel ") for d in player.did)
    if shots := os.environ.get("DORIA_SCREENSHOTS"):
        player.root.screenshot(path=f"{shots}/play_table.png")
    lab.record(
        f"board click -> redrawn board, median of {len(player.board_clicks)} clicks",
        statistics.median(player.board_clicks),
    )
    lab.assert_clean()
