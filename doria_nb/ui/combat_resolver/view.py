"""The combat resolver: pick a hero and a monster, see the exact odds of an attack, then roll it
step by step, make the choices the rules leave to the player, and apply the result.

A composed ipywidgets view (a :class:`ipywidgets.VBox`, like
:class:`~doria_nb.ui.check_roller.CheckRoller`) of three parts drawn from one plain model
(:class:`~doria_nb.ui.combat_resolver.model.ResolverModel`, where the state and the rules of
the widget live): the board (:mod:`~doria_nb.ui.combat_resolver.board_part`, collapsed at
first), the setup (:mod:`~doria_nb.ui.combat_resolver.setup_part`: the fighters, who attacks
whom, the attack option and element or the defense roll, *hindered*, the optional rules *No
Fumbles*, *Dice Rolling* and *Critical Fail*) and the fight
(:mod:`~doria_nb.ui.combat_resolver.fight_part`: the engine's exact odds before any roll, Roll,
the choices the engine asks after the roll — Psi Points, armor — with Decide or Use the
default, the engine's arithmetic, Apply and New fight).

Every control calls one intent of the model, then the view draws the model again. The Python
API is the buttons' (:meth:`CombatResolver.roll`, ...); a request that cannot be made raises
the engine's :class:`~doria_nb.engine.errors.DoriaError`, shows its message and changes nothing.

>>> resolver = CombatResolver("warrior", "orc", seed=3)
>>> round(resolver.odds.p_hit, 3)
0.729
>>> resolver.roll().attacker, resolver.pending is None
('the Warrior', True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as widgets

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.character import Character
from doria_nb.engine.combat import AttackOdds, AttackResolution, Foe
from doria_nb.engine.combat.board_check import AttackCheck
from doria_nb.engine.decisions import Choice
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.situation import Situation
from doria_nb.ui.bokeh_widget import BokehHost
from doria_nb.ui.combat_resolver.board_part import BoardPart
from doria_nb.ui.combat_resolver.css import CSS_CLASSES
from doria_nb.ui.combat_resolver.fight_part import FightPart
from doria_nb.ui.combat_resolver.model import ResolverModel
from doria_nb.ui.combat_resolver.setup_part import MONSTER, SetupPart
from doria_nb.ui.model_view import model_keywords, then_redraw

__all__ = ["CSS_CLASSES", "CombatResolver"]

T = TypeVar("T")


class CombatResolver(BokehHost, widgets.VBox):
    """One attack between a hero and a monster: odds first, then the roll, step by step.

    Python API (what the buttons do): :meth:`roll`, :meth:`decide`, :meth:`use_default`,
    :meth:`apply`, :meth:`new_fight`, and on a board :meth:`load_situation`,
    :meth:`clear_board`; state (the model's, :attr:`model`): :attr:`odds`, :attr:`pending`,
    :attr:`resolution`, :attr:`applied`, :attr:`status`, :attr:`error`, :attr:`character`,
    :attr:`foe`, :attr:`situation`, :attr:`board_check`; :attr:`widget` is the view to show.
    The parts' controls are reachable by name (``hero_select``, ``roll_button``, ...).
    """

    def __init__(
        self, hero: str | Character = "warrior", monster: str = "orc", **keywords: Any
    ) -> None:
        """``hero`` and ``monster`` and the keywords of
        :class:`~doria_nb.ui.combat_resolver.model.ResolverModel` (``monster_attacks``,
        ``pack``, ``level``, ``seed``, ``hindered``, ``options``) set up the fight; any other
        keyword goes to the :class:`ipywidgets.VBox`."""
        self.model = ResolverModel(hero, monster, **model_keywords(ResolverModel, keywords))
        """The state and the rules of the resolver (plain, no widgets)."""
        self._syncing = False
        self._setup = SetupPart(self.model)
        self._fight = FightPart(self.model)
        self._board = BoardPart()
        for part in (self._setup, self._fight, self._board):
            for name in part.WIDGETS:
                setattr(self, name, getattr(part, name))
        super().__init__(
            [self._board.board_part, *self._setup.children(), *self._fight.children()],
            **keywords,
        )
        self.add_class(CSS_CLASSES["root"])
        self._connect()
        self._render()

    # -- the model's state -----------------------------------------------------------------

    @property
    def widget(self) -> CombatResolver:
        """The view to display (the resolver is itself the ipywidgets container)."""
        return self

    @property
    def pack(self) -> ContentPack:
        return self.model.pack

    @property
    def character(self) -> Character:
        """The hero in the fight (changed by :meth:`apply`)."""
        return self.model.character

    @property
    def foe(self) -> Foe:
        """The monster in the fight (its HP after every applied attack)."""
        return self.model.foe

    @property
    def odds(self) -> AttackOdds | None:
        """The engine's exact odds of the attack set up (None if it cannot be made)."""
        return self.model.odds

    @property
    def error(self) -> str:
        """Why the attack set up cannot be made (empty when it can)."""
        return self.model.error

    @property
    def resolution(self) -> AttackResolution | None:
        """The last attack resolved (None before a roll, while a choice waits, after a reset)."""
        return self.model.resolution

    @property
    def pending(self) -> Choice | None:
        """The choice the engine is waiting for after the roll, or None."""
        return self.model.pending

    @property
    def applied(self) -> bool:
        """Whether :attr:`resolution` has been applied."""
        return self.model.applied

    @property
    def status(self) -> str:
        """The status line in plain text (the last message of the view)."""
        return self.model.status

    @property
    def situation(self) -> Situation | None:
        """The situation loaded (None: free picking)."""
        return self.model.situation

    @property
    def board_check(self) -> AttackCheck | None:
        """The board's answer whether the attack set up may be made there (None: no board)."""
        return self.model.board_check

    @property
    def rules(self) -> RulesOptions:
        """The optional rules ticked."""
        return self.model.rules

    @property
    def monster_attacks(self) -> bool:
        return self.model.monster_attacks

    # -- the Python API (what the buttons do) ----------------------------------------------

    def roll(self) -> AttackResolution | Choice:
        """Roll the attack set up; returns the resolution, or the choice the engine waits
        for (also :attr:`pending`)."""
        return self._drawn(self.model.roll)

    def decide(self, key: str) -> AttackResolution | Choice:
        """Answer the waiting choice with the option ``key``; returns what comes next."""
        return self._drawn(lambda: self.model.decide(key))

    def use_default(self) -> AttackResolution | Choice:
        """Answer the waiting choice with the engine's default policy for it."""
        return self._drawn(self.model.use_default)

    def apply(self) -> AttackResolution:
        """Apply the resolution: the hero's HP, PP and damaged items, the monster's HP."""
        return self._drawn(self.model.apply)

    def new_fight(self) -> None:
        """Fresh fighters (a premade hero again; a given character stays as it is), and the
        seed's dice from the start."""
        self._drawn(self.model.new_fight)

    def load_situation(
        self, text: str, attacker: str | None = None, defender: str | None = None
    ) -> bool:
        """Load a situation (text or ``doria1:`` code) with ``attacker`` and ``defender`` (letters
        or names; by default the first hero and monster, the attack's direction kept). Returns
        False, shows the engine's message and changes nothing if it cannot be loaded."""
        return self._drawn(lambda: self.model.load_situation(text, attacker, defender))

    def clear_board(self) -> None:
        """Forget the situation: the fighters, the direction and *hindered* are picked freely
        again (*hindered* as it was before the board)."""
        self._drawn(self.model.clear_board)

    # -- the view --------------------------------------------------------------------------

    def _drawn(self, intent: Callable[[], T]) -> T:
        return then_redraw(intent, self._render)

    def _shown(self, intent: Callable[[], Any]) -> None:
        """Run a control's intent: an engine error becomes a message in the view, not a
        traceback in the notebook (the Python methods themselves raise)."""
        try:
            self._drawn(intent)
        except DoriaError as error:
            self.model.say(str(error), problem=True)
            self._render()

    def _render(self) -> None:
        self._syncing = True
        try:
            self._setup.render(self.model)
            self._board.render(self.model)
            self._fight.render(self.model)
        finally:
            self._syncing = False

    def _connect(self) -> None:
        model, setup, fight, board = self.model, self._setup, self._fight, self._board

        def on(part: widgets.ValueWidget, intent: Callable[[Any], Any]) -> None:
            def changed(change: dict[str, Any]) -> None:
                if not self._syncing:
                    self._shown(lambda: intent(change["new"]))

            part.observe(changed, names="value")

        def click(button: widgets.Button, intent: Callable[[], Any]) -> None:
            button.on_click(lambda _button: self._shown(intent))

        def fighters(_value: Any) -> None:
            model.choose_fighters(board.attacker_select.value, board.defender_select.value)

        on(setup.hero_select, model.choose_hero)
        on(setup.monster_select, model.choose_monster)
        on(setup.level_select, model.choose_level)
        on(setup.direction, lambda value: model.set_monster_attacks(value == MONSTER))
        on(setup.attack_select, model.choose_attack)
        on(setup.element_select, model.choose_element)
        on(setup.defense_select, model.choose_defense)
        on(setup.hindered_box, model.set_hindered)
        for box in (setup.no_fumbles_box, setup.dice_rolling_box, setup.critical_fail_box):
            on(box, lambda _value: model.set_rules(setup.rules()))
        on(fight.seed_input, model.set_seed)
        on(board.attacker_select, fighters)
        on(board.defender_select, fighters)
        click(fight.roll_button, model.roll)
        click(fight.decide_button, lambda: model.decide(fight.choice_select.value))
        click(fight.use_default_button, model.use_default)
        click(fight.apply_button, model.apply)
        click(fight.new_fight_button, model.new_fight)
        click(board.load_button, lambda: model.load_situation(board.board_text.value))
        click(board.clear_board_button, model.clear_board)
