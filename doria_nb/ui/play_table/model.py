"""The play table's model: one game, its seats, and what a person at the table can do — plain
Python, no widget, so every intent of the table is testable without a browser.

:class:`TableModel` wraps a :class:`~doria_nb.engine.game.game.Game` made to ask every kind of
question (:func:`new_table_game`). After every intent it lets the bot seats play and answers
their questions with the default policy, until a person must act — a hero's turn, the shop in
Phase I, a question — or the game is over; :attr:`TableModel.waiting` says which. Intents:

* :meth:`~TableModel.take` — a person's input (any :class:`~doria_nb.engine.table.actions.Action`);
  an illegal one is refused with the rules' reason and changes nothing;
* :meth:`~TableModel.answer` — the answer to the question waiting;
* :meth:`~TableModel.click` — a square of the board, read as the input it stands for (select a
  hero, walk, open a door, aim at and then attack a monster, clear Rubble, answer a question
  whose options are squares or figures);
* :meth:`~TableModel.declare_escape` — in a campaign scenario, the group declares its escape
  for the end of the round (*Escaping a campaign scenario*, ruling CA8), an input undone like
  the others;
* :meth:`~TableModel.undo` — back to just before the last person's input (bot inputs after it
  go too; honest mode refuses to take back a roll or a card);
* :meth:`~TableModel.set_seat`, :meth:`~TableModel.set_quick`, :meth:`~TableModel.select`;
* :meth:`~TableModel.save` and :meth:`TableModel.load` — the game's own save format, with the
  seats in its notes.

Every intent returns a sentence in player words, also kept in :attr:`~TableModel.message`
(with :attr:`~TableModel.problem` set when nothing changed).

>>> model = TableModel.new("the_flooded_archive", ["warrior", "mage"], seed=4, bots=["M"])
>>> model.waiting.kind, model.waiting.heroes
('hero', ('W',))
>>> from doria_nb.engine.table.actions import Wait
>>> model.take(Wait("W", 500)).startswith("✖")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from doria_nb.engine.decisions import Choice, ChoiceKind
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.game.previews import AttackPreview, attack_preview
from doria_nb.engine.geometry import Square
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.table.actions import Action, Attack, DeclareEscape
from doria_nb.engine.table.records import GameError, Phase
from doria_nb.engine.table.state import default_answer
from doria_nb.engine.verdict import Verdict
from doria_nb.ui.play_table.offers import Offer, offers
from doria_nb.ui.play_table.seats import QUICK_KINDS, SeatKind, Seats, answerer
from doria_nb.ui.play_table.turns import MonsterTurn, monster_turns

__all__ = ["ALL_QUESTIONS", "MAX_BOT_INPUTS", "TableModel", "Waiting", "new_table_game"]

ALL_QUESTIONS = tuple(str(kind) for kind in ChoiceKind)
"""Every kind of question: a table game asks them all, and answers a bot's by default."""

MAX_BOT_INPUTS = 20_000
"""A safety net: the most inputs the bots play between two persons' inputs."""

_NOTES_KEY = "play table"


def new_table_game(
    scenario: object = "the_flooded_archive",
    heroes: Sequence[str] = ("warrior", "mage", "ranger", "priestess"),
    seed: int = 0,
    *,
    options: RulesOptions | None = None,
    honest: bool = False,
) -> Game:
    """A game for the play table: it asks the players every kind of question."""
    return Game.new(
        scenario, tuple(heroes), seed, options=options, ask=ALL_QUESTIONS, honest=honest
    )


@dataclass(frozen=True, slots=True)
class Waiting:
    """What the table waits for: ``kind`` is ``"hero"`` (``heroes``, persons, may act),
    ``"shop"`` (Phase I: the group buys or is done), ``"question"`` (``choice`` for the player
    of ``answerer``, ``None`` for the group, with the default answer ``default``) or
    ``"over"``."""

    kind: str
    heroes: tuple[str, ...] = ()
    choice: Choice | None = None
    answerer: str | None = None
    default: str = ""

    def describe(self, game: Game) -> str:
        """Whose move it is, in words."""
        if self.kind == "over":
            return game.result.explain() if game.result else "The game is over."
        if self.kind == "question":
            assert self.choice is not None
            who = game.state.heroes[self.answerer].name if self.answerer else "The players"
            return f"{who} must answer: {self.choice.question}"
        if self.kind == "shop":
            return "Phase I: the group may buy from the shop, discard, or be done."
        names = " or ".join(game.state.heroes[x].name for x in self.heroes)
        return f"{names}: your turn ({game.state.heroes[self.heroes[0]].ap} AP)."


class TableModel:
    """The table's state and intents; see the module text."""

    def __init__(self, game: Game, seats: Seats | None = None) -> None:
        self.game = game
        self.seats = (seats or Seats.of(game.state.heroes)).following(game.state.heroes)
        self.marks: list[int] = []
        """How many inputs the game had before each person's input (what undo goes back to)."""
        self.max_jump: int | None = None
        """The longest jump a movement may make, in squares (``None``: any): a player who
        does not want to risk a long jump's check says so once."""
        self.selected: str | None = None
        self.target: str | None = None
        self.weapon: str | None = None
        self.message = ""
        self.problem = False
        self.chosen: str | None = None
        """The option pre-selected for the question waiting (``None``: its default)."""
        self.turns: tuple[MonsterTurn, ...] = ()
        """The monster activations since the last person's input, step by step."""
        self._seen = len(game.events)
        self._settle()

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
    ) -> TableModel:
        """A new table game; ``bots`` are the letters (or hero ids) the bot policy plays."""
        game = new_table_game(scenario, heroes, seed, options=options, honest=honest)
        ids = {seat.character.template.id: letter for letter, seat in game.state.heroes.items()}
        letters = [ids.get(b, b) for b in bots]
        return cls(game, Seats.of(game.state.heroes, bots=letters))

    # -- reading ---------------------------------------------------------------------------

    @property
    def waiting(self) -> Waiting:
        """What the table waits for now (see :class:`Waiting`)."""
        game = self.game
        if game.over:
            return Waiting("over")
        if game.pending is not None:
            choice = game.pending.choice
            return Waiting(
                "question",
                choice=choice,
                answerer=answerer(choice, game.state),
                default=default_answer(choice),
            )
        if game.phase is Phase.I:
            return Waiting("shop", heroes=self.seats.people)
        return Waiting("hero", heroes=tuple(x for x in game.turn if self.seats.is_person(x)))

    @property
    def acting(self) -> str | None:
        """The person hero whose options the table shows: the one selected, else the first
        whose turn it is."""
        waiting = self.waiting
        if waiting.kind != "hero" or not waiting.heroes:
            return None
        if self.selected in waiting.heroes:
            return self.selected
        return waiting.heroes[0]

    @property
    def chosen_answer(self) -> str | None:
        """The answer pre-selected for the question waiting: the one chosen on the board or
        in the panel, else the default."""
        waiting = self.waiting
        if waiting.choice is None:
            return None
        return self.chosen if self.chosen in waiting.choice.keys else waiting.default

    def choose(self, key: str) -> str:
        """Pre-select answer ``key`` of the question waiting (Answer confirms it)."""
        waiting = self.waiting
        if waiting.choice is None:
            return self._refuse("No question is waiting for an answer.")
        try:
            option = waiting.choice.option(key)
        except DoriaError as error:
            return self._refuse(str(error))
        self.chosen = key
        number = waiting.choice.keys.index(key) + 1
        return self._say(f"Option {number} chosen: {option.label}. Press Answer to confirm it.")

    def offers(self, kind: str) -> list[Offer]:
        """The legal offers of ``kind`` for the acting hero (the group's, in Phase I)."""
        who = self.acting or ""
        if self.waiting.kind == "shop" or kind == "leave":
            who = who or (self.seats.people[0] if self.seats.people else "")
        return offers(self.game, who, kind, max_jump=self.max_jump)

    def preview(self, action: Attack | None = None) -> AttackPreview | None:
        """The exact odds of ``action`` (or of the attack aimed with :meth:`aim`)."""
        if action is None:
            if self.acting is None or self.target is None or self.weapon is None:
                return None
            action = Attack(self.acting, self.weapon, self.target)
        try:
            return attack_preview(self.game.state, action)
        except DoriaError:
            return None

    # -- intents ---------------------------------------------------------------------------

    def take(self, action: Action) -> str:
        """A person's input: taken if the rules allow it and it is a person's to take."""
        verdict = self.game.can(action)
        if not verdict:
            return self._refuse(verdict.reason)
        waiting = self.waiting
        if (
            waiting.kind == "hero"
            and action.who in self.game.turn
            and not self.seats.is_person(action.who)
        ):
            return self._refuse(f"{self._name(action.who)} is played by the bot, not a person.")
        self.marks.append(len(self.game.inputs))
        start = len(self.game.events)
        try:
            self.game.apply(action)
        except DoriaError as error:  # pragma: no cover - can() approved it (see issue #18)
            self.marks.pop()
            return self._refuse(str(error))
        self._after_person(start)
        return self._say(self._after_words(action, start))

    @property
    def in_campaign(self) -> bool:
        """Whether the game is a campaign scenario (it can be escaped)."""
        return self.game.state.campaign is not None

    def can_declare_escape(self) -> Verdict:
        """Whether the group may declare its escape now, and if not, why."""
        from doria_nb.engine.campaign.escape import verify_declaration

        if self.game.over:
            return Verdict.no("The scenario is over.")
        if self.waiting.kind == "question" or self.game.pending is not None:
            return Verdict.no("Answer the question waiting first.")
        try:
            verify_declaration(self.game.state)
        except GameError as refusal:
            return Verdict.no(str(refusal))
        return Verdict.yes()

    def declare_escape(self) -> str:
        """The group declares its escape: the round is played to its end, then the heroes
        leave if they can reach the entrance (or the escape fails in words and lapses)."""
        verdict = self.can_declare_escape()
        if not verdict:
            return self._refuse(verdict.reason)
        words = self.take(DeclareEscape(""))
        if self.game.over or self.problem:
            return words
        return self._say(
            "✔ Escape declared: play the round to its end; then the heroes leave if they can "
            f"reach the entrance. {self.waiting.describe(self.game)}"
        )

    def answer(self, key: str) -> str:
        """Answer the question waiting (one of its option keys)."""
        waiting = self.waiting
        if waiting.kind != "question" or waiting.choice is None:
            return self._refuse("No question is waiting for an answer.")
        try:
            waiting.choice.option(key)
        except DoriaError as error:
            return self._refuse(str(error))
        start = self._seen
        asked = waiting.choice.question
        self.game.decide(key)
        self._after_person(start)
        label = waiting.choice.option(key).label
        return self._say(f"✔ {asked} → {label}. {self.waiting.describe(self.game)}")

    def undo(self) -> str:
        """Back to just before the last person's input (and drop a question waiting)."""
        game = self.game
        if not self.marks:
            return self._refuse("Nothing a person did can be taken back yet.")
        target = self.marks[-1]
        if game.setup.honest:
            rolled = [taken for taken in game.inputs[target:] if taken.used_chance]
            if rolled:
                return self._refuse(
                    f"“{rolled[0].action}” rolled dice or revealed a card; in honest mode that "
                    "cannot be taken back."
                )
        if game.pending is not None:
            game.undo()
        while len(game.inputs) > target:
            game.undo()
        self.marks.pop()
        self._seen = len(game.events)
        self.turns = ()
        self.target = self.weapon = None
        self.seats = self.seats.following(game.state.heroes)
        return self._say(f"↶ Taken back. {self.waiting.describe(game)}")

    def can_undo(self) -> bool:
        if not self.marks:
            return False
        if self.game.setup.honest:
            return not any(t.used_chance for t in self.game.inputs[self.marks[-1] :])
        return True

    def select(self, letter: str | None) -> str:
        """Show hero ``letter``'s options (one of the persons whose turn it is)."""
        if letter is None:
            self.selected = None
            return self._say("")
        waiting = self.waiting
        if letter not in waiting.heroes:
            name = self._name(letter) if letter in self.game.state.heroes else repr(letter)
            return self._refuse(f"It is not {name}'s turn ({waiting.describe(self.game)})")
        self.selected = letter
        self.target = self.weapon = None
        return self._say(
            f"{self._name(letter)} is selected: {self.game.state.heroes[letter].ap} AP."
        )

    def aim(self, target: str, weapon: str | None = None) -> str:
        """Aim the acting hero's attack at monster ``target`` (with ``weapon``, a card place;
        the first one that can reach it by default) and show the odds."""
        who = self.acting
        if who is None:
            return self._refuse(f"No hero of yours may act now. {self.waiting.describe(self.game)}")
        ready = [o.action for o in offers(self.game, who, "attack")]
        mine = [a for a in ready if isinstance(a, Attack) and a.target == target]
        if weapon is not None:
            mine = [a for a in mine if a.location == weapon]
        if not mine:
            reason = self._attack_refusal(who, target, weapon)
            return self._refuse(reason)
        self.target, self.weapon = target, mine[0].location  # type: ignore[union-attr]
        preview = self.preview()
        assert preview is not None
        return self._say(f"⚔ {preview.explain()} Click the monster again (or Attack) to roll.")

    def set_max_jump(self, squares: int | None) -> str:
        """Movements from now on jump at most ``squares`` (``None``: any jump)."""
        if squares is not None and (
            not isinstance(squares, int) or isinstance(squares, bool) or squares < 0
        ):
            return self._refuse(f"The longest jump is a number of squares, not {squares!r}.")
        self.max_jump = squares
        if squares is None:
            return self._say("Movements may jump as far as the rules allow.")
        return self._say(f"Movements jump at most {squares} square(s) (TN {10 * squares}).")

    def set_seat(self, letter: str, kind: SeatKind | str) -> str:
        """Hero ``letter`` played by a person or the bot from now on."""
        try:
            self.seats = self.seats.with_kind(letter, kind)
        except DoriaError as error:
            return self._refuse(str(error))
        start = self._seen
        self._settle()
        self._collect(start)
        return self._say(
            f"{self._name(letter)} is played by "
            f"{'a person' if self.seats.is_person(letter) else 'the bot'}. "
            f"{self.waiting.describe(self.game)}"
        )

    def set_quick(self, letter: str, on: bool) -> str:
        """Quick answers (the defaults) for hero ``letter``'s fight questions, or not."""
        try:
            self.seats = self.seats.with_quick(letter, on)
        except DoriaError as error:
            return self._refuse(str(error))
        start = self._seen
        self._settle()
        self._collect(start)
        how = "the defaults answer" if on else "its player answers"
        return self._say(f"{self._name(letter)}: {how} defense, armor and Psi Point questions.")

    def play_bots_now(self) -> str:
        """Let the bot policy take the group's shop decisions (Phase I) for this round."""
        if self.waiting.kind != "shop":
            return self._refuse("The bots shop only in Phase I.")
        start = self._seen
        self.marks.append(len(self.game.inputs))
        for _ in range(50):
            if self.game.phase is not Phase.I or self.game.over or self.game.pending is not None:
                break
            self.game.apply(bot_action(self.game))
        self._after_person(start)
        return self._say(f"The bots did the shopping. {self.waiting.describe(self.game)}")

    # -- clicks ----------------------------------------------------------------------------

    def click(self, square: Square) -> str:
        """What a click on ``square`` does now (see the module text)."""
        from doria_nb.ui.play_table.clicks import interpret

        intent = interpret(self, square)
        if intent.action is not None:
            return self.take(intent.action)
        if intent.answer is not None:
            return self.answer(intent.answer)
        if intent.choose is not None:
            return self.choose(intent.choose)
        if intent.select is not None:
            return self.select(intent.select)
        if intent.aim is not None:
            return self.aim(intent.aim)
        return self._refuse(intent.reason) if intent.reason else self._say("")

    # -- saving ----------------------------------------------------------------------------

    def save(self) -> str:
        """The game as its save file (JSON), with the seats and undo marks in its notes."""
        import json

        data = json.loads(self.game.save())
        data["notes"] = {_NOTES_KEY: {**self.seats.to_json(), "marks": list(self.marks)}}
        return json.dumps(data, indent=1)

    @classmethod
    def load(cls, text: str, **kwargs: Any) -> TableModel:
        """A table at the game saved in ``text`` (a damaged or edited file raises the game's
        :class:`~doria_nb.engine.table.records.SaveFileError` in words)."""
        import json

        game = Game.load(text, **kwargs)
        notes = json.loads(text).get("notes", {})
        table = notes.get(_NOTES_KEY, {}) if isinstance(notes, dict) else {}
        try:
            seats = Seats.from_json(table, game.state.heroes) if table else None
        except DoriaError as error:
            raise GameError(f"The save file's seats cannot be read: {error}") from None
        model = cls(game, seats)
        marks = table.get("marks", []) if isinstance(table, dict) else []
        if isinstance(marks, list) and all(
            isinstance(m, int) and not isinstance(m, bool) and 0 <= m <= len(game.inputs)
            for m in marks
        ):
            model.marks = sorted(marks)
        return model

    # -- working ---------------------------------------------------------------------------

    def _asks_person(self, choice: Choice, who: str | None) -> bool:
        if who is None or who not in self.game.state.heroes:
            return bool(self.seats.people)
        if not self.seats.is_person(who):
            return False
        return not (who in self.seats.quick and choice.kind in QUICK_KINDS)

    def _settle(self) -> None:
        """Let the bots play and answer until a person must act or answer, or the end."""
        game = self.game
        for _ in range(MAX_BOT_INPUTS):
            if game.over:
                return
            self.seats = self.seats.following(game.state.heroes)
            if game.pending is not None:
                choice = game.pending.choice
                if self._asks_person(choice, answerer(choice, game.state)):
                    return
                game.decide(default_answer(choice))
                continue
            if game.phase is Phase.I:
                if self.seats.people:
                    return
                game.apply(bot_action(game))
                continue
            turn = game.turn
            if any(self.seats.is_person(x) for x in turn):
                return
            game.apply(bot_action(game, turn[0]))

    def _after_person(self, start: int) -> None:
        self.target = self.weapon = None
        self.chosen = None
        self._settle()
        self._collect(start)
        if self.selected not in self.waiting.heroes:
            self.selected = None

    def _collect(self, start: int) -> None:
        events = self.game.events
        self.turns = monster_turns(events[start:]) if start <= len(events) else ()
        self._seen = len(events)

    def _after_words(self, action: Action, start: int) -> str:
        game = self.game
        if game.pending is not None and len(game.events) == start:
            return f"{action.describe()}: {self.waiting.describe(game)}"
        monsters = f" {len(self.turns)} monster activation(s) followed." if self.turns else ""
        return f"✔ {action.describe()}.{monsters} {self.waiting.describe(game)}"

    def _attack_refusal(self, who: str, target: str, weapon: str | None) -> str:
        from doria_nb.engine.combat.weapons import attack_options
        from doria_nb.engine.table.places import location_key

        seat = self.game.state.heroes[who]
        options = attack_options(seat.character)
        if not options:
            return f"{seat.name} has no weapon or attack spell ready (hands or Belt)."
        reasons = []
        for option in options:
            key = location_key(option.location)
            if weapon is not None and key != weapon:
                continue
            verdict = self.game.can(Attack(who, key, target))
            reasons.append(f"the {option.name}: {verdict.reason}")
        return f"{seat.name} cannot attack that: " + "; ".join(reasons)

    def _name(self, letter: str) -> str:
        seat = self.game.state.heroes.get(letter)
        return seat.name if seat is not None else letter

    def _say(self, text: str) -> str:
        self.message, self.problem = text, False
        return text

    def _refuse(self, reason: str) -> str:
        text = f"✖ {reason} Nothing changed."
        self.message, self.problem = text, True
        return text
