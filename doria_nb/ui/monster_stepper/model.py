"""The monster stepper's model: a monster's activation, one decision at a time, as plain state
and intents (no widgets). The view (:mod:`doria_nb.ui.monster_stepper.view`) draws it on the
board and turns taps and clicks into these intents; tests drive it directly.

The model asks the engine what a monster does (:func:`~doria_nb.engine.monster_ai.activate`)
and cuts the answer into stages (:func:`~doria_nb.ui.monster_stepper.stages.build_stages`):
who acts first (*Monster Order*), each criterion of *Target of a Monster* and of *Fastest Way
to the Target*, the movement and the attack. Where the rules leave a tie to the players, the
last stage asks; :meth:`StepperModel.choose` asks the engine again with the choice. The edit
intents change the situation. An illegal request says the engine's reason in
:attr:`StepperModel.status` and changes nothing else.

>>> model = StepperModel('''
... map:
...   #D######
...   #M.o..A#
...   ########
... figures:
...   o = monster Orc
...   M = hero Mage STR 4
...   A = hero Adventurer STR 9
... ''')
>>> stage = model.next()
>>> stage.title, stage.highlighted, stage.struck
('Target: closer targets are preferred', ('M',), ('A',))
>>> model.back().title
'Target: attack multiple targets'
>>> model.status
'Press Next for the next decision, Back for the one before.'
"""

from __future__ import annotations

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.geometry import Square, parse_square
from doria_nb.engine.monster_ai import Activation, Trace, activate, monster_order
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.situation import Figure, Situation
from doria_nb.ui.board.style import square_label
from doria_nb.ui.monster_stepper.edit import new_figure, read_situation
from doria_nb.ui.monster_stepper.stages import Stage, build_stages, key_of

__all__ = ["MODES", "FigureRequest", "StepperModel"]

MODES = (
    ("Step through", "step"),
    ("Add hero", "hero"),
    ("Add monster", "monster"),
    ("Remove", "remove"),
)
"""What a tap on the board does: step through (pick a tied option, activate a monster), add
the hero or monster of the edit bar, or remove the figure tapped."""

FigureRequest = tuple[str, str, dict[str, int]]
"""A new figure as the edit bar describes it: ``(kind, name, values)``."""

_ENGINE_KEYWORD = {"target": "target", "square": "square", "push": "push_to"}


def _rank(what: str) -> int:
    return ("target", "square", "push").index(what)


class StepperModel:
    """A monster's activation in ``situation`` (a :class:`Situation` or its text), stage by
    stage. ``monster`` is the letter (or name) of the monster activated, by default the first
    in Monster Order; ``pack``, ``level`` and ``options`` go to the engine.

    :attr:`situation` is the position shown, :attr:`monster` the letter of the monster
    activated, :attr:`activation` the engine's answer (``None`` when there is no monster or
    the engine cannot decide; :attr:`status` then says why), :attr:`stages` its stages and
    :attr:`stage` the index of the one shown.
    """

    def __init__(
        self,
        situation: Situation | str,
        monster: str | None = None,
        *,
        pack: ContentPack | None = None,
        level: int = 1,
        options: RulesOptions | None = None,
    ) -> None:
        self.pack = pack
        self.level = level
        self.options = options
        if isinstance(situation, str):
            situation = read_situation(situation, pack)
        self.situation: Situation = situation
        self.monster: str | None = None
        self.activation: Activation | None = None
        self.order: Trace | None = None
        self.stages: tuple[Stage, ...] = ()
        self.stage = 0
        self.situation_count = 0
        """How many times a situation was set (the view refills its lists when it grows)."""
        self.status = ""
        """The status line in words: what just happened, or why a request changed nothing."""
        self.problem = False
        """Whether :attr:`status` says why a request changed nothing."""
        self._choices: dict[str, str] = {}
        self._tied: dict[str, tuple[str, ...]] = {}
        self._phase: tuple[str, ...] = ()
        self._set_situation(situation, monster)

    # -- state -----------------------------------------------------------------------------

    @property
    def choices(self) -> dict[str, str]:
        """The ties the players settled so far: ``{"target": "M", "square": "2,2"}``."""
        return dict(self._choices)

    @property
    def current(self) -> Stage | None:
        """The stage shown (``None`` without an activation)."""
        return self.stages[self.stage] if self.stages else None

    @property
    def can_go_on(self) -> bool:
        """Whether :meth:`next_monster` can play the activation out: it is settled (no tie
        left), its last step is shown, and another monster follows in the order."""
        done = self.activation is not None and self.activation.pending is None
        last = bool(self.stages) and self.stage + 1 == len(self.stages)
        return done and last and self._following() is not None

    def say(self, text: str) -> None:
        """Put ``text`` on the status line."""
        self.status, self.problem = text, False

    def refuse(self, text: str) -> None:
        """Say why a request changed nothing."""
        self.status, self.problem = text, True

    # -- stepping --------------------------------------------------------------------------

    def next(self) -> Stage | None:
        """Show the next stage; at the last one, say why not and stay."""
        if not self.stages:
            self.refuse(self.status or "There is no activation to step through.")
        elif self.stage + 1 >= len(self.stages):
            stage = self.stages[self.stage]
            if stage.kind == "pending":
                self.refuse("The rules leave this to the players: choose one first.")
            else:
                self.refuse("This is the last step of the activation.")
        else:
            self.stage += 1
            self.say(self._hint())
        return self.current

    def back(self) -> Stage | None:
        """Show the stage before; at the first one, say so and stay."""
        if not self.stages:
            self.refuse(self.status or "There is no activation to step through.")
        elif self.stage == 0:
            self.refuse("This is the first step of the activation.")
        else:
            self.stage -= 1
            self.say(self._hint())
        return self.current

    def choose(self, key: str | Square) -> bool:
        """Settle a tie with ``key``: a figure's letter (or its square) for a target, a square
        (``"x,y"`` or a :class:`Square`) otherwise. The tie is the one of the stage shown
        (a question, or an earlier choice to change), else the one still open. The engine is
        asked again with the choice (later choices are dropped); a choice that is not a tied
        option changes nothing and the status says why. Returns whether it was taken."""
        ties = [s for s in (self.current,) if s is not None and s.options]
        ties += [s for s in self.stages if s.kind == "pending" and s not in ties]
        if not ties:
            self.refuse("Nothing is left to the players here: the rules decided.")
            return False
        picks: list[tuple[Stage, str]] = []
        problems: list[str] = []
        for tie in ties:
            try:
                picks.append((tie, self._key_for(tie.choice, key)))
            except DoriaError as error:
                problems.append(str(error))
        matching = [(tie, picked) for tie, picked in picks if picked in tie.options]
        stage, picked = (matching or picks or [(ties[0], "")])[0]
        what = stage.choice
        try:
            if not picks:
                raise DoriaError(problems[0])
            choices = {k: v for k, v in self._choices.items() if _rank(k) < _rank(what)}
            choices[what] = picked
            activation = self._activate(self.monster or "", choices)
        except DoriaError as error:
            self.refuse(str(error))
            return False
        index = self.stages.index(stage)
        self._tied = {k: v for k, v in self._tied.items() if _rank(k) < _rank(what)}
        self._tied[what] = stage.options
        self._choices = choices
        self._use(activation)
        self.stage = min(index, len(self.stages) - 1)
        self.say(f"The players chose {self._word(picked)}. Press Next to see what follows.")
        return True

    def next_monster(self) -> bool:
        """Play the shown activation out (the board becomes the situation after it) and step
        through the next monster in the Monster Order of the phase, as in a monster phase."""
        if self.activation is None or self.activation.pending is not None:
            self.refuse("Settle this activation first (the players' choice is open).")
            return False
        following = self._following()
        if following is None:
            self.refuse("That was the last monster of this phase.")
            return False
        done = self.activation
        phase = self._phase_order()
        self._set_situation(done.after, following)
        self._phase = phase
        self.say(f"{done.summary()} Next in order: {self.situation.figure(following).label}.")
        return True

    def select(self, monster: str) -> bool:
        """Activate the monster ``monster`` (letter or name) instead, from its first stage."""
        try:
            figure = self.situation.figure(monster)
            if not figure.is_monster:
                raise DoriaError(f"{figure.label} is a hero; choose a monster to activate.")
        except DoriaError as error:
            self.refuse(str(error))
            return False
        self._set_situation(self.situation, figure.letter)
        return True

    # -- editing ---------------------------------------------------------------------------

    def load(self, text: str) -> bool:
        """Show the situation in ``text`` (situation text or a ``doria1:`` code) instead;
        bad text changes nothing and the status says why."""
        try:
            situation = read_situation(text, self.pack)
        except DoriaError as error:
            self.refuse(f"Nothing loaded: {error}")
            return False
        self._set_situation(situation, None)
        if not self.problem:
            self.say(f"Loaded. {self.status}")
        return True

    def add_figure(
        self, kind: str, name: str, square: Square | str, **values: int
    ) -> Figure | None:
        """Add a hero or monster called ``name`` on ``square`` with a free letter and
        ``values`` (``STR=4``...). An illegal placement changes nothing; the status says why."""
        try:
            figure = new_figure(self.situation, kind, name, square, self.pack, **values)
            situation = self.situation.with_figure(figure)
        except DoriaError as error:
            self.refuse(str(error))
            return None
        self._set_situation(situation, self.monster)
        if not self.problem:
            self.say(f"Added {figure.label} on {square_label(figure.square)}. {self.status}")
        return figure

    def remove_figure(self, letter: str) -> bool:
        """Take the figure ``letter`` (or name) off the board."""
        try:
            figure = self.situation.figure(letter)
            situation = self.situation.without(figure.letter)
        except DoriaError as error:
            self.refuse(str(error))
            return False
        keep = self.monster if self.monster != figure.letter else None
        self._set_situation(situation, keep)
        if not self.problem:
            self.say(f"Removed {figure.label}. {self.status}")
        return True

    def tap(self, square: Square, mode: str = "step", figure: FigureRequest | None = None) -> None:
        """What a tap on ``square`` does in the edit ``mode`` (:data:`MODES`): add ``figure``
        (the edit bar's) there, remove the figure there, or (stepping through) pick a tied
        option there or activate the monster there."""
        if mode in ("hero", "monster"):
            if figure is None:
                raise DoriaError(f"Say which {mode} to add on {square_label(square)}.")
            kind, name, values = figure
            self.add_figure(kind, name, square, **values)
            return
        if mode not in ("step", "remove"):
            raise DoriaError(f"A tap steps through, adds or removes, not {mode!r}.")
        standing = self.situation.at(square)
        if mode == "remove":
            if standing is None:
                self.refuse(f"No figure stands on {square_label(square)} to remove.")
            else:
                self.remove_figure(standing.letter)
            return
        stage = self.current
        if stage is not None and stage.options:
            key = standing.letter if stage.choice == "target" and standing else key_of(square)
            if key in stage.options:
                self.choose(key)
                return
            self.refuse(
                f"{square_label(square)} is not one of the tied options (marked ?): "
                "tap one of them, or pick it in the list."
            )
            return
        if standing is not None and standing.is_monster and standing.letter != self.monster:
            self.select(standing.letter)
            return
        self.say("Press Next and Back to step through; tap a monster to activate it instead.")

    # -- inside ----------------------------------------------------------------------------

    def _key_for(self, what: str, key: str | Square) -> str:
        """The trace key of ``key`` for a tie of kind ``what`` (a letter, or ``"x,y"``)."""
        if what == "target":
            if isinstance(key, Square):
                figure = self.situation.at(key)
                if figure is None:
                    raise DoriaError(f"No character stands on {square_label(key)}.")
                return figure.letter
            if "," in key:
                return self._key_for(what, parse_square(key))
            return self.situation.figure(key).letter
        return key_of(key if isinstance(key, Square) else parse_square(key))

    def _phase_order(self) -> tuple[str, ...]:
        return self._phase or (
            tuple(k for group in self.order.ranking for k in group) if self.order else ()
        )

    def _following(self) -> str | None:
        phase = self._phase_order()
        if self.monster not in phase or self.activation is None:
            return None
        after = {f.letter for f in self.activation.after.monsters}
        rest = phase[phase.index(self.monster) + 1 :]
        return next((letter for letter in rest if letter in after), None)

    def _activate(self, monster: str, choices: dict[str, str]) -> Activation:
        options = {_ENGINE_KEYWORD[k]: v for k, v in choices.items()}
        return activate(
            self.situation,
            monster,
            pack=self.pack,
            level=self.level,
            options=self.options,
            **options,
        )

    def _set_situation(self, situation: Situation, monster: str | None) -> None:
        """Show ``situation`` and activate ``monster`` (the first in Monster Order when
        ``None`` or gone), from the first stage."""
        self.situation = situation
        self.situation_count += 1
        self._choices, self._tied, self._phase = {}, {}, ()
        self.activation, self.order, self.stages, self.stage = None, None, (), 0
        self.problem = False
        letters = {f.letter for f in situation.monsters}
        named = [f.letter for f in situation.monsters if monster in (f.name, f.letter)]
        asked, monster = monster, named[0] if len(named) == 1 else monster
        try:
            if situation.monsters:
                self.order = monster_order(situation, pack=self.pack, level=self.level)
            if monster not in letters:
                monster = self.order.ranking[0][0] if self.order else None
            self.monster = monster
            if monster is not None:
                self._use(self._activate(monster, {}))
        except DoriaError as error:
            self.monster = monster if monster in letters else None
            self.refuse(f"The monster AI cannot decide here: {error}")
            return
        if monster is None:
            self.say("There is no monster on the board: add one to see it act.")
        elif asked is not None and asked != monster and asked not in named:
            self.refuse(
                f"There is no monster {asked!r} here; the first in Monster Order, the "
                f"{self._word(monster)}, is activated instead."
            )
        else:
            self.say(
                f"The {self.activation.label if self.activation else monster} is activated. "
                "Press Next to step through its decisions."
            )

    def _hint(self) -> str:
        """What to do at the stage shown."""
        stage = self.current
        if stage is None or self.activation is None:
            return ""
        if stage.kind == "pending":
            return "The players decide: tap an option marked ? on the board, or pick it below."
        if self.stage + 1 == len(self.stages):
            return f"That is the whole activation. {self.activation.summary()}"
        return "Press Next for the next decision, Back for the one before."

    def _use(self, activation: Activation) -> None:
        self.activation = activation
        self.stages = build_stages(activation, self.order, self._choices, self._tied)

    def _word(self, key: str) -> str:
        if "," in key:
            return square_label(parse_square(key))
        try:
            return self.situation.figure(key).label
        except DoriaError:
            return key
