"""The combat resolver: pick a hero and a monster, see the exact odds of an attack, then roll it
step by step, make the choices the rules leave to the player, and apply the result.

A composed ipywidgets view (a :class:`ipywidgets.VBox`, like
:class:`~doria_nb.ui.check_roller.CheckRoller`): the fighters (a premade hero with its Standard
Items on the Body, or a given :class:`~doria_nb.engine.character.Character`; a monster of the
pack at a Monster Level), who attacks whom, the hero's attack option (hands, or the Belt for
4 AP more) and enchanted element, or its defense roll; *hindered* (a Blue Solid Line), and the
optional rules *No Fumbles*, *Dice Rolling* and *Critical Fail*. Before any roll it shows the
engine's exact odds (:func:`~doria_nb.engine.combat.hero_attack_odds` /
:func:`~doria_nb.engine.combat.monster_attack_odds`): every outcome class as an
:class:`~doria_nb.ui.outcome_chart.OutcomeChart` and in words, and the HP distribution as a
table, under the default policy named in words.

Roll rolls with the seed's dice; where the engine asks a :class:`~doria_nb.engine.decisions.
Choice` after the roll (Psi Points, armor) the view stops and the reader answers with the
list and Decide, or Use the default (see :mod:`doria_nb.ui.combat_resolver_parts` for how a
one-shot engine is stepped). The engine's arithmetic is shown; Apply applies the result to
the hero (the monster keeps its new HP for the next attack); New fight starts over.

A Board part (collapsed at first) loads a situation, text or ``doria1:`` code, and lets the
board decide range, Line of Sight and *hindered* for the attacker and defender picked on it
(see :mod:`doria_nb.ui.combat_resolver_board`).

>>> resolver = CombatResolver("warrior", "orc", seed=3)
>>> round(resolver.odds.p_hit, 3)
0.729
>>> resolver.roll().attacker, resolver.pending is None
('the Warrior', True)
"""

from __future__ import annotations

from typing import Any, NoReturn

import ipywidgets as widgets

from doria_nb.content import starter_pack
from doria_nb.engine.cards import ContentPack
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.combat import (
    AttackOdds,
    AttackResolution,
    Foe,
    resolve_hero_attack,
    resolve_monster_attack,
)
from doria_nb.engine.decisions import Choice, ChoiceKind
from doria_nb.engine.errors import CombatError, DoriaError
from doria_nb.engine.options import RulesOptions
from doria_nb.ui.bokeh_widget import BokehHost
from doria_nb.ui.combat_resolver_board import ResolverBoard
from doria_nb.ui.combat_resolver_controls import GIVEN, ResolverControls
from doria_nb.ui.combat_resolver_odds import ResolverOdds
from doria_nb.ui.combat_resolver_parts import (
    CSS_CLASSES,
    DEFAULTS,
    Paused,
    PausingPolicy,
    ReplayChance,
    answers_of,
    equipped_hero,
)
from doria_nb.ui.odds_text import escape_html

__all__ = ["CSS_CLASSES", "CombatResolver"]


class CombatResolver(ResolverControls, ResolverOdds, ResolverBoard, BokehHost, widgets.VBox):
    """One attack between a hero and a monster: odds first, then the roll, step by step.

    Python API (what the buttons do): :meth:`roll`, :meth:`decide`, :meth:`use_default`,
    :meth:`apply`, :meth:`new_fight`, and on a board (:mod:`~doria_nb.ui.combat_resolver_board`)
    :meth:`load_situation`, :meth:`clear_board`; state: :attr:`odds`, :attr:`pending`,
    :attr:`resolution`, :attr:`applied`, :attr:`status`, :attr:`error`, :attr:`character`,
    :attr:`foe`, :attr:`situation`, :attr:`board_check`, :attr:`widget`. A request that
    cannot be made raises the engine's :class:`~doria_nb.engine.errors.DoriaError`, shows its
    message and changes nothing (:meth:`load_situation` returns False instead).
    """

    def __init__(
        self,
        hero: str | Character = "warrior",
        monster: str = "orc",
        *,
        monster_attacks: bool = False,
        pack: ContentPack | None = None,
        level: int = 1,
        seed: int | None = None,
        hindered: bool = False,
        options: RulesOptions | None = None,
        **kwargs: Any,
    ) -> None:
        self.pack = pack or starter_pack()
        options = options or RulesOptions()
        self._given = hero if isinstance(hero, Character) else None
        if self._given is None:
            self.pack.hero(str(hero))  # an unknown id fails here, with the pack's message
        self.pack.monster(monster)
        if level not in (1, 2, 3, 4):
            raise CombatError(f"The Monster Level is 1 to 4, not {level!r}.")
        self.character: Character = self._given or equipped_hero(self.pack, str(hero))
        """The hero in the fight (changed by :meth:`apply`)."""
        self.foe: Foe = Foe.of(self.pack.monster(monster), level)
        """The monster in the fight (its HP after every applied attack)."""
        self.odds: AttackOdds | None = None
        """The engine's exact odds of the attack set up (None if it cannot be made)."""
        self.error = ""
        """Why the attack set up cannot be made (empty when it can)."""
        self.resolution: AttackResolution | None = None
        """The last attack resolved (None before a roll, while a choice waits, after a reset)."""
        self.pending: Choice | None = None
        """The choice the engine is waiting for after the roll, or None."""
        self.applied = False
        """Whether :attr:`resolution` has been applied."""
        self.status = ""
        """The status line in plain text (the last message of the view)."""
        self._answers: dict[ChoiceKind, str] = {}
        self._defaulted: set[ChoiceKind] = set()
        self._faces: list[int] = []
        self._chances: dict[int, Chance] = {}
        self._syncing = False

        self._build_controls(hero, monster, level, monster_attacks, hindered, options, seed)
        self._build_board()
        super().__init__([self.board_part, *self._children()], **kwargs)

        self.add_class(CSS_CLASSES["root"])
        self._connect()
        self._connect_board()
        self._refresh()
        self._say("Set up the attack, read the odds, then press Roll.")

    @property
    def widget(self) -> CombatResolver:
        """The view to display (the resolver is itself the ipywidgets container)."""
        return self

    # -- the setup -------------------------------------------------------------------------

    def _new_hero(self) -> None:
        value = self.hero_select.value
        if value == GIVEN and self._given is not None:
            self.character = self._given
        else:
            self.character = equipped_hero(self.pack, value)
        self._discard("A new hero: ")

    def _new_monster(self) -> None:
        self.foe = Foe.of(self.pack.monster(self.monster_select.value), self.level_select.value)
        self._discard("A new monster: ")

    def _inputs_changed(self) -> None:
        self._discard("The attack changed: ")

    def _discard(self, why: str) -> None:
        """Drop an attack not yet finished or applied, and show the new odds."""
        dropped = self.pending is not None or (self.resolution is not None and not self.applied)
        self._clear_attack()
        self._refresh()
        dropped_words = "the attack rolled before was dropped; " if dropped else ""
        if board := self._board_error():
            self._say(f"{why}{dropped_words}{board} Roll is refused.", problem=True)
            return
        self._say(f"{why}{dropped_words}read the odds, then press Roll.")

    def _clear_attack(self) -> None:
        self.resolution, self.pending, self.applied = None, None, False
        self._answers, self._defaulted, self._faces = {}, set(), []
        self.arithmetic_html.value = ""
        self.outcome_chart.clear_landed()

    def _refresh(self) -> None:
        """Redraw the controls, the fighters and the odds (or say why there are none)."""
        self._sync_controls()
        self._sync_board()
        self._show_fighters()
        try:
            self.odds = self._compute_odds()
            self.error = self._board_error()
        except DoriaError as error:
            self.odds, self.error = None, str(error)
        self.roll_button.disabled = bool(self.error)
        self._show_attack()

    # -- rolling ---------------------------------------------------------------------------

    def _chance(self) -> Chance:
        seed = self.seed_input.value
        if seed not in self._chances:
            self._chances[seed] = Chance.seeded(seed)
        return self._chances[seed]

    def _resolve(self, chance: Chance) -> AttackResolution:
        """The engine's resolution with the answers so far; raises :class:`Paused`."""
        policy = PausingPolicy(self._defaulted)
        if not self.monster_attacks:
            option = self._attack_option()
            if option is None:
                raise CombatError(self.error or "There is nothing to attack with.")
            answers = {"enchantment": self.element_select.value} if option.elements else {}
            return resolve_hero_attack(
                self.character,
                self.foe,
                option,
                chance,
                hindered=self.hindered_box.value,
                options=self.rules,
                policy=policy,
                answers=answers,
            )
        answers = answers_of(self._answers)
        if self.defense_select.value is not None:
            answers["defense"] = self.defense_select.value
        return resolve_monster_attack(
            self.foe,
            self.character,
            chance,
            hindered=self.hindered_box.value,
            options=self.rules,
            policy=policy,
            answers=answers,
        )

    def _fail(self, message: str) -> NoReturn:
        self._say(message, problem=True)
        raise CombatError(message)

    def roll(self) -> AttackResolution | Choice:
        """Roll the attack set up; returns the resolution, or the choice the engine waits
        for (also :attr:`pending`)."""
        if self.pending is not None:
            self._fail(f"Answer the question first: {self.pending.question}")
        if self.error:
            self._fail(self.error)
        live = self._chance()
        start = len(live.outcomes)
        self._clear_attack()
        try:
            resolution = self._resolve(live)
        except Paused as paused:
            self._faces = live.outcomes[start:]
            return self._ask(paused.choice)
        except DoriaError as error:
            self._say(str(error), problem=True)
            raise
        self._faces = live.outcomes[start:]
        return self._done(resolution)

    def _step(self) -> AttackResolution | Choice:
        chance = ReplayChance(self._faces, self._chance())
        try:
            resolution = self._resolve(chance)
        except Paused as paused:
            self._faces = list(chance.outcomes)
            return self._ask(paused.choice)
        self._faces = list(chance.outcomes)
        return self._done(resolution)

    def decide(self, key: str) -> AttackResolution | Choice:
        """Answer the waiting choice with the option ``key``; returns what comes next."""
        if self.pending is None:
            self._fail("No question is waiting: press Roll first.")
        assert self.pending is not None
        try:
            self.pending.option(str(key))
        except DoriaError as error:
            self._fail(str(error))
        self._answers[self.pending.kind] = str(key)
        return self._step()

    def use_default(self) -> AttackResolution | Choice:
        """Answer the waiting choice with the engine's default policy for it."""
        if self.pending is None:
            self._fail("No question is waiting: press Roll first.")
        assert self.pending is not None
        self._defaulted.add(self.pending.kind)
        return self._step()

    def _ask(self, choice: Choice) -> Choice:
        self.pending = choice
        default = DEFAULTS[choice.kind](choice)
        self.question_html.value = (
            f'<p class="doria-combat-question-body"><strong>{escape_html(choice.who)} '
            f"decides</strong> ({escape_html(str(choice.rule))}): {escape_html(choice.question)}"
            f" <em>Default: {escape_html(choice.option(default).label)} "
            f"({DEFAULTS[choice.kind].__name__.replace('_', ' ')}).</em></p>"
        )
        self._syncing = True
        try:
            self.choice_select.options = [(o.label, o.key) for o in choice.options]
            self.choice_select.value = default
        finally:
            self._syncing = False
        self._show_attack()
        self._say(f"The dice are rolled; {choice.who} must choose: {choice.question}")
        return choice

    def _done(self, resolution: AttackResolution) -> AttackResolution:
        self.resolution, self.pending = resolution, None
        decisions = "".join(f"<li>{escape_html(d.describe())}</li>" for d in resolution.decisions)
        self.arithmetic_html.value = resolution.to_html() + (
            f'<p>Decisions:</p><ul class="doria-combat-decisions">{decisions}</ul>'
            if decisions
            else ""
        )
        self.outcome_chart.mark_landed(resolution.outcome)
        self._show_attack()
        verdict = resolution.outcome.label()
        self._say(f"{verdict.capitalize()}. Press Apply to carry the result out, or Roll again.")
        return resolution

    def _show_attack(self) -> None:
        waiting = self.pending is not None
        self.choice_box.layout.display = None if waiting else "none"
        self.apply_button.disabled = self.resolution is None or self.applied
        self.roll_button.disabled = bool(self.error) or waiting

    def apply(self) -> AttackResolution:
        """Apply the resolution: the hero's HP, PP and damaged items, the monster's HP."""
        if self.pending is not None:
            self._fail(f"Answer the question first: {self.pending.question}")
        if self.resolution is None:
            self._fail("Roll first: there is no attack to apply.")
        if self.applied:
            self._fail("This attack is already applied: Roll for the next one.")
        assert self.resolution is not None
        resolution = self.resolution
        try:
            resolution.apply(self.character)
        except DoriaError as error:
            self._fail(str(error))
        self.foe = resolution.foe_after
        self.applied = True
        self._refresh()
        hero, foe = self.character, self.foe
        end = " — defeated" if foe.defeated else ""
        self._say(
            f"Applied: {hero.name} HP {resolution.hp[0]} → {hero.hp}, PP {resolution.pp[0]} → "
            f"{hero.pp}; {foe.name} HP {resolution.foe_before.hp} → {foe.hp}{end}."
        )
        return resolution

    def new_fight(self) -> None:
        """Fresh fighters (a premade hero again; a given character stays as it is), and the
        seed's dice from the start."""
        value = self.hero_select.value
        if value != GIVEN:
            self.character = equipped_hero(self.pack, value)
        self.foe = Foe.of(self.pack.monster(self.monster_select.value), self.level_select.value)
        self._chances.pop(self.seed_input.value, None)
        self._clear_attack()
        self._refresh()
        self._say("A new fight: set up the attack, read the odds, then press Roll.")

    def _say(self, text: str, *, problem: bool = False) -> None:
        self.status = text
        mark, css = ("⚠ ", " doria-problem") if problem else ("", "")
        role = ' role="alert"' if problem else ""
        self.status_html.value = (
            f'<p class="doria-status-body{css}"{role}>{mark}{escape_html(text)}</p>'
        )
