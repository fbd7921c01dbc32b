"""The play table widget: a scenario played from setup to its end inside JupyterLab.

:class:`PlayTable` is an ipywidgets box composed of the book's own views over one
:class:`~doria_nb.ui.play_table.model.TableModel` — the dungeon
:class:`~doria_nb.ui.board.BoardView`
(Bokeh), the :class:`~doria_nb.ui.initiative_board.InitiativeBoard`, a
:class:`~doria_nb.ui.character_sheet.CharacterSheet` for the hero whose turn it is, the
monster stepper's stages for the monsters' turns — and the table's panels
(:mod:`~doria_nb.ui.play_table.panels`, :mod:`~doria_nb.ui.play_table.table_panel`):

* a status line that always shows the round, the phase, the Doom Counter, the Group XP and
  whose turn it is, and a message line saying what the last request did or why it did nothing;
* the board: click a square to act (:mod:`~doria_nb.ui.play_table.clicks`) — the acting hero's
  reachable squares show their AP cost and jump TN, monsters in reach their P(hit);
* the question panel (the default pre-selected), the action panel (every kind of input, by
  keyboard), the shop in Phase I, the monsters' turns step by step;
* the record (the event log in words with the rulebook section of each action), undo, seats,
  save and load; at the end, who won or what killed the party;
* in a campaign scenario, "Escape at the round's end": the group declares its escape
  (*Escaping a campaign scenario*), carried out as the round ends.

Every button and click goes through one guard: an intent of the model runs, its message is
shown, and the whole table is redrawn from the model — so what the table shows is always the
game as it is (or, while the monsters' turns are replayed, that moment of them).

>>> table = PlayTable.new("the_flooded_archive", ["warrior", "mage"], seed=4, bots=["mage"])
>>> table.model.waiting.kind
'hero'
>>> "Round 1" in table.status.value
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from html import escape
from typing import Any

import ipywidgets as widgets

from doria_nb.engine.errors import DoriaError
from doria_nb.engine.geometry import Square
from doria_nb.engine.mat import Location
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.table.actions import Equip, Repair
from doria_nb.engine.table.places import location_key
from doria_nb.ui.board import BoardHost, BoardView
from doria_nb.ui.board.layers import Token, tokens_of
from doria_nb.ui.board.style import hero_colour
from doria_nb.ui.character_sheet import CharacterSheet
from doria_nb.ui.game_views import initiative_state, phase_summary
from doria_nb.ui.initiative_board import InitiativeBoard
from doria_nb.ui.play_table.marks import table_marks
from doria_nb.ui.play_table.model import TableModel
from doria_nb.ui.play_table.monster_panel import MonsterPanel
from doria_nb.ui.play_table.offers import Offer
from doria_nb.ui.play_table.panels import ActionPanel, QuestionPanel, ShopPanel
from doria_nb.ui.play_table.table_panel import FilesPanel, SeatsPanel

__all__ = ["TABLE_CSS", "PlayTable"]

TABLE_CSS = {
    "root": "doria-play-table",
    "status": "doria-play-status",
    "message": "doria-status",
    "undo": "doria-play-undo",
    "escape": "doria-play-escape",
    "end": "doria-play-end",
    "record": "doria-play-record",
    "sheet_pick": "doria-play-sheet-pick",
}

RECORD_LINES = 400
"""How many lines of the record the table shows (the newest; the whole log is in the game)."""


class PlayTable(BoardHost, widgets.VBox):
    """The table; see the module text. Build it from a model, or with :meth:`new`."""

    def __init__(self, model: TableModel, **kwargs: Any) -> None:
        self.model = model
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.end = widgets.HTML()
        self.undo_button = widgets.Button(
            description="Undo", icon="undo", tooltip="Take back your last input"
        )
        self.escape_button = widgets.Button(
            description="Escape at the round's end",
            icon="door-open",
            tooltip="Escaping a campaign scenario: the round is played to its end, then the "
            "heroes leave if they can reach the entrance",
        )
        self.board = BoardView(model.game.situation.dungeon, hover="board", max_width=620)
        self.initiative = InitiativeBoard(initiative_state(model.game))
        self.sheet_pick = widgets.ToggleButtons(options=[], description="Sheet")
        self.sheet = CharacterSheet(None, play=self._sheet_intent)
        self.question = QuestionPanel(self._act, self._choose)
        self.actions = ActionPanel(self._act, self._offer_chosen)
        self.shop = ShopPanel(self._act)
        self.monsters = MonsterPanel(self._redraw_board)
        self.seats = SeatsPanel(self._act)
        self.files = FilesPanel(self._act, self._replace)
        self.record = widgets.HTML()
        self._offer: Offer | None = None
        self.listeners: list[Callable[[], None]] = []
        """Called after every redraw (a campaign view watches for the scenario's end)."""
        for key, widget in (
            ("status", self.status),
            ("message", self.message),
            ("undo", self.undo_button),
            ("escape", self.escape_button),
            ("end", self.end),
            ("record", self.record),
            ("sheet_pick", self.sheet_pick),
        ):
            widget.add_class(TABLE_CSS[key])
        more = widgets.Accordion(
            children=[self.record, self.seats.box],
            titles=("The record: everything that happened", "Seats: person or bot"),
        )
        side = widgets.VBox(
            [
                self.question.box,
                self.shop.box,
                self.actions.box,
                self.files.box,
                self.sheet_pick,
                self.sheet,
            ],
            layout=widgets.Layout(width="400px", min_width="360px", flex="0 0 auto"),
        )
        left = widgets.VBox(
            [self.board.keys, self.board.widget, self.monsters.box, self.board.description],
            layout=widgets.Layout(flex="1 1 auto", overflow="auto"),
        )
        super().__init__(
            [
                widgets.HBox([self.undo_button, self.escape_button, self.status]),
                self.message,
                self.end,
                widgets.HBox([left, side]),
                self.initiative,
                more,
            ],
            **kwargs,
        )
        self.add_class(TABLE_CSS["root"])
        self.undo_button.on_click(lambda _: self._act(self.model.undo))
        self.escape_button.on_click(lambda _: self._act(self.model.declare_escape))
        self.board.on_tap(lambda square: self._act(lambda: self.model.click(square)))
        self.sheet_pick.observe(lambda _: self._show_sheet(), "value")
        self._refresh()
        self.board.sync_view()

    @classmethod
    def new(
        cls,
        scenario: object = "the_flooded_archive",
        heroes: Sequence[str] = ("warrior", "mage", "ranger", "priestess"),
        seed: int = 0,
        *,
        bots: Sequence[str] = (),
        options: RulesOptions | None = None,
        honest: bool = False,
    ) -> PlayTable:
        """A table for a new game (see :meth:`TableModel.new`)."""
        return cls(
            TableModel.new(scenario, heroes, seed, bots=bots, options=options, honest=honest)
        )

    # -- the public API ----------------------------------------------------------------------

    @property
    def game(self) -> Any:
        return self.model.game

    def click(self, square: Square) -> str:
        """A click on ``square``, as the board's tap delivers it."""
        self._act(lambda: self.model.click(square))
        return self.model.message

    def describe(self) -> str:
        """The table in words: status, message, question or turn, the board."""
        parts = [
            _text(self.status.value),
            self.model.message,
            self.model.waiting.describe(self.game),
        ]
        parts.append(self.board.text())
        return "\n".join(p for p in parts if p)

    # -- intents ------------------------------------------------------------------------------

    def _act(self, intent: Callable[[], str]) -> None:
        """Run an intent of the model, show its message and redraw the table; a problem shows
        in words, never as a traceback."""
        turns_before = self.model.turns
        try:
            intent()
        except DoriaError as error:
            self.model._refuse(str(error))
        except Exception as error:  # a view never shows a traceback
            self.model._refuse(f"Something went wrong here ({type(error).__name__}: {error}).")
        if self.model.turns is not turns_before:
            self.monsters.show(self.model.turns)
            self.monsters.end()
        self._refresh()

    def _replace(self, model: TableModel) -> None:
        self.model = model
        self.monsters.show(())

    def _choose(self, key: str) -> None:
        if self.model.waiting.choice is not None and key != self.model.chosen_answer:
            self.model.choose(key)
            self._redraw_board()
            self._show_message()

    def _offer_chosen(self, offer: Offer | None) -> None:
        self._offer = offer
        self._redraw_board()

    def _sheet_intent(self, kind: str, location: Location, destination: str) -> tuple[bool, str]:
        """A card moved or repaired on the sheet, as the game's Equip or Repair input of the
        hero whose turn it is (for itself or, within range 1, for the sheet's hero)."""
        who = self.model.acting
        owner = str(self.sheet_pick.value or "")
        if who is None:
            return (
                False,
                f"✖ Cards move only on your turn. {self.model.waiting.describe(self.game)}",
            )
        holder = "" if owner == who else owner
        key = location_key(location)
        action = (
            Repair(who, (key,), holder)
            if kind == "repair"
            else Equip(who, key, destination, holder)
        )
        message = self.model.take(action)
        self._refresh()
        return not self.model.problem, message

    # -- drawing ------------------------------------------------------------------------------

    def _refresh(self) -> None:
        model = self.model
        game = model.game
        state = game.state
        self.status.value = _status_html(model)
        self._show_message()
        self.end.value = _end_html(game) if game.over else ""
        self.undo_button.disabled = not model.can_undo()
        self._show_escape()
        self.question.refresh(model)
        self.actions.refresh(model)
        self.shop.refresh(model)
        self.seats.refresh(model)
        self.files.refresh(model)
        self.initiative.show(initiative_state(game))
        heroes = [(seat.name, letter) for letter, seat in state.heroes.items()]
        acting = model.acting or (model.waiting.answerer if model.waiting.answerer else None)
        current = self.sheet_pick.value
        if list(self.sheet_pick.options) != heroes:
            self.sheet_pick.options = heroes
        letters = [x for _, x in heroes]
        self.sheet_pick.value = (
            acting
            if acting in letters
            else (current if current in letters else (letters[0] if letters else None))
        )
        self._show_sheet()
        lines = phase_summary(game.events)[-RECORD_LINES:]
        self.record.value = (
            '<pre style="white-space: pre-wrap; max-height: 28em; overflow-y: auto">'
            + escape("\n".join(lines))
            + "</pre>"
        )
        self._redraw_board()
        for listener in self.listeners:
            listener()

    def _show_escape(self) -> None:
        """The escape button: only in a campaign scenario; disabled, with the reason as its
        tooltip, when the group cannot declare its escape now."""
        model = self.model
        self.escape_button.layout.display = "" if model.in_campaign else "none"
        if not model.in_campaign:
            return
        verdict = model.can_declare_escape() if not model.game.over else None
        self.escape_button.disabled = not verdict
        declared = model.game.state.campaign.escape_declared
        self.escape_button.description = (
            "Escape declared" if declared else "Escape at the round's end"
        )
        if verdict is not None and not verdict:
            self.escape_button.tooltip = verdict.reason

    def _show_message(self) -> None:
        colour = "#b00020" if self.model.problem else "inherit"
        self.message.value = (
            f'<p role="status" style="color: {colour}">{escape(self.model.message)}</p>'
        )

    def _show_sheet(self) -> None:
        letter = self.sheet_pick.value
        seat = self.game.state.heroes.get(letter) if letter else None
        character = seat.character if seat is not None else None
        if self.sheet.character is not character:
            self.sheet.character = character
        else:
            self.sheet.refresh()

    def _redraw_board(self) -> None:
        """Draw the board as the table is now, in one batch (one layout, few patches)."""
        with self.board.batch():
            self._draw_board()

    def _draw_board(self) -> None:
        game = self.model.game
        dungeon = game.situation.dungeon
        if dungeon != self.board.dungeon:
            self.board.set_dungeon(dungeon)
        frame = self.monsters.frame()
        if frame is not None:
            self.board.set_figures(_coloured(tokens_of(frame.figures), self.model))
            self.board.set_highlights(frame.highlights)
            self.board.set_outlines(())
            self.board.set_candidates(())
            self.board.set_lines([line for line, _ in frame.lines])
            return
        tokens = _tokens(self.model)
        self.board.set_figures(tokens)
        acting = self.model.acting
        here = next((t.square for t in tokens if t.letter == acting), None)
        self.board.cursor_home = here
        marks = table_marks(self.model)
        highlights = list(marks.highlights)
        if self._offer is not None:
            highlights += _offer_marks(self._offer, game)
        self.board.set_highlights(highlights)
        if marks.candidates:
            # The placements drawn as the tile itself; their frames replace the outlines.
            self.board.set_outlines(())
            self.board.set_candidates(
                marks.candidates,  # type: ignore[arg-type]
                marks.selected,
                labels=[o.label for o in marks.outlines],
                infos=[o.info for o in marks.outlines],
            )
        else:
            self.board.set_candidates(())
            self.board.set_outlines(marks.outlines)
        self.board.set_lines(())


def _text(html: str) -> str:
    import re

    return re.sub(r"<[^>]+>", "", html)


def _tokens(model: TableModel) -> list[Token]:
    """The figures of the game as tokens: heroes in their seat's player colour with HP and
    PP against their maxima, monsters with name, level and HP."""
    state = model.game.state
    seats = list(state.heroes)
    tokens = []
    for figure in state.situation.figures:
        if figure.carried_by:
            continue
        if figure.letter in state.heroes:
            seat = state.heroes[figure.letter]
            ch = seat.character
            tokens.append(
                Token(
                    figure.square,
                    figure.letter,
                    "hero",
                    seat.name,
                    hp=ch.hp,
                    max_hp=ch.maximum.hp,
                    pp=ch.pp,
                    max_pp=ch.maximum.pp,
                    colour=hero_colour(seats.index(figure.letter)),
                )
            )
        elif figure.letter in state.monsters:
            foe = state.monsters[figure.letter].foe
            tokens.append(
                Token(
                    figure.square,
                    figure.letter,
                    "monster",
                    foe.name,
                    hp=foe.hp,
                    max_hp=foe.stats.hp,
                    level=foe.stats.level,
                )
            )
        else:
            tokens.append(Token(figure.square, figure.letter, figure.kind, figure.name))
    return tokens


def _coloured(tokens: Sequence[Token], model: TableModel) -> list[Token]:
    """``tokens`` with each hero's player colour (the monsters' replay draws engine
    figures, which carry none)."""
    seats = list(model.game.state.heroes)
    return [
        replace(t, colour=hero_colour(seats.index(t.letter)))
        if t.kind == "hero" and t.letter in seats and not t.colour
        else t
        for t in tokens
    ]


def _offer_marks(offer: Offer, game: Any) -> list[Any]:
    """The square an offer picked in the action panel points at, framed."""
    from doria_nb.ui.board.layers import Highlight
    from doria_nb.ui.board.style import OKABE_ITO

    action = offer.action
    square = (
        getattr(action, "to", None)
        or getattr(action, "door", None)
        or getattr(action, "square", None)
    )
    target = getattr(action, "target", None)
    if target and target in {f.letter for f in game.situation.figures}:
        square = game.situation.figure(target).square
    if not isinstance(square, Square):
        return []
    return [
        Highlight(
            square,
            OKABE_ITO["yellow"],
            alpha=0.6,
            label="▶",
            info=f"picked in the list: {offer.label}",
            line=OKABE_ITO["black"],
        )
    ]


def progress_of(game: Any) -> str:
    """``inputs:pending:events`` — what the status line carries as ``data-progress`` (a
    browser test waits for it; it changes with every input, answer and event)."""
    return f"{len(game.inputs)}:{int(game.pending is not None)}:{len(game.state.log)}"


def _status_html(model: TableModel) -> str:
    game = model.game
    state = game.state
    doom = state.doom
    doom_words = "on the red head" if doom.square is None else f"on {doom.square}"
    xp = state.group_xp
    progress = progress_of(game)
    return (
        f'<div class="doria-play-status-line" role="status" data-progress="{progress}">'
        f"<b>Round {state.round}</b> · {escape(state.phase.title)} · "
        f"Doom Counter {escape(doom_words)} · Group XP {xp.xp} (an Attribute Point per "
        f"{xp.cost}) · Monster Level {state.monster_level} · "
        f"<b>{escape(model.waiting.describe(game))}</b></div>"
    )


def _end_html(game: Any) -> str:
    result = game.result
    won = result.won
    head = "🏆 Victory!" if won else "☠ Defeat"
    colour = "#009E73" if won else "#D55E00"
    defeated = game.state.counters.monsters_defeated
    return (
        f'<div class="doria-play-end-banner" style="border: 3px solid {colour}; padding: 0.6em">'
        f'<h2 style="margin: 0; color: {colour}">{head}</h2>'
        f"<p>{escape(result.explain())}</p>"
        f"<p>Rounds played: {result.round}. Monsters defeated: {defeated}. Inputs: "
        f"{len(game.inputs)}. Undo takes back your last input; Save keeps the game.</p></div>"
    )
