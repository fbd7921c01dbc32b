"""The combat resolver's model: one attack between a hero and a monster, as plain state and
intents (no widgets). The view (:mod:`doria_nb.ui.combat_resolver.view`) draws it and turns the
reader's clicks into these intents; tests drive it directly.

State: the setup (:attr:`~ResolverModel.hero_id`, :attr:`~ResolverModel.monster_id`,
:attr:`~ResolverModel.level`, :attr:`~ResolverModel.monster_attacks`, the attack option, the
element, the defense, *hindered*, the optional rules, the seed), an optional board (a
:class:`~doria_nb.engine.situation.Situation` with the attacker and defender picked on it), the
fighters (:attr:`~ResolverModel.character`, :attr:`~ResolverModel.foe`), the engine's odds and
the attack rolled so far (:attr:`~ResolverModel.pending`, :attr:`~ResolverModel.resolution`,
:attr:`~ResolverModel.applied`), and the status line.

Every setup intent drops an attack rolled and not applied, then asks the engine again for the
odds (:func:`~doria_nb.engine.combat.hero_attack_odds` /
:func:`~doria_nb.engine.combat.monster_attack_odds`) and, on a board, whether the attack may be
made there (:func:`~doria_nb.engine.combat.board_check.attack_check`). A request that cannot be
made raises the engine's :class:`~doria_nb.engine.errors.DoriaError`, says why in
:attr:`~ResolverModel.status` and changes nothing else.

>>> model = ResolverModel("warrior", "orc", seed=3)
>>> round(model.odds.p_hit, 3)
0.729
>>> model.roll().attacker, model.pending is None
('the Warrior', True)
>>> model.choose_level(7)
Traceback (most recent call last):
...
doria_nb.engine.errors.CombatError: The Monster Level is 1 to 4, not 7.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import NoReturn

from doria_nb.content import starter_pack
from doria_nb.engine.cards import AttackKind, ContentPack, Element
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character, DefenseOption
from doria_nb.engine.checks import Outcome
from doria_nb.engine.combat import (
    AttackOdds,
    AttackOption,
    AttackResolution,
    Foe,
    attack_options,
    check_hero_attack,
    defense_choice,
    hero_attack_odds,
    monster_attack_odds,
    resolve_hero_attack,
    resolve_monster_attack,
)
from doria_nb.engine.combat.board_check import AttackCheck, attack_check
from doria_nb.engine.combat.hero_attack import enchant_choice
from doria_nb.engine.decisions import NONE, Choice, ChoiceKind, enchant_when_it_helps
from doria_nb.engine.errors import CombatError, DoriaError, MonsterAIError
from doria_nb.engine.monster_ai.records import card_for
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.situation import Figure, Situation
from doria_nb.ui.combat_resolver.fighters import (
    board_fighters,
    equipped_hero,
    other_kind,
    pack_hero_id,
    read_situation,
)
from doria_nb.ui.combat_resolver.stepping import (
    DEFAULTS,
    Paused,
    PausingPolicy,
    ReplayChance,
    answers_of,
)

__all__ = ["GIVEN", "LEVELS", "OddsPanel", "ResolverModel"]

GIVEN = "__given__"
"""The hero id that stands for the Character given to the constructor."""

LEVELS = (1, 2, 3, 4)
"""The Monster Levels a monster can be fought at."""

Choices = list[tuple[str, object]]


@dataclass(frozen=True, slots=True)
class OddsPanel:
    """What the odds panel shows: the engine's odds of the attack set up and what they assume,
    in words. ``odds`` is ``None`` when the hero has no defense roll against the attack (the
    attack alone decides, ruling C9), so there are no odds to show."""

    odds: AttackOdds | None
    title: str = ""
    target: str = ""
    hp_now: int = 0
    policy_words: str = ""
    item_words: str = ""
    rules: tuple[str, ...] = ()


def _helpful_element(character: Character, foe: Foe, option: AttackOption | None) -> str:
    """The element the default policy (*enchant when it helps*) wakes, asked of the engine."""
    if option is None or not option.elements:
        return NONE
    return enchant_when_it_helps(enchant_choice(character, foe, option))


def _check_level(level: object) -> int:
    if level not in LEVELS:
        raise CombatError(f"The Monster Level is 1 to 4, not {level!r}.")
    assert isinstance(level, int)
    return level


class ResolverModel:
    """One attack between a hero and a monster: odds first, then the roll, step by step.

    ``hero`` is a premade hero's id or a :class:`~doria_nb.engine.character.Character`;
    ``monster`` a monster card's id of ``pack`` (the starter pack by default), fought at
    Monster Level ``level``. Of ``options`` the combat resolver uses *No Fumbles*, *Dice
    Rolling* and *Critical Fail*. ``seed`` seeds the dice (a random one when ``None``).
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
    ) -> None:
        self.pack = pack or starter_pack()
        options = options or RulesOptions()
        self.given = hero if isinstance(hero, Character) else None
        """The Character given to the constructor (None when a premade hero was named)."""
        if self.given is None:
            self.pack.hero(str(hero))  # an unknown id fails here, with the pack's message
        self.pack.monster(monster)
        self.level = _check_level(level)
        """The Monster Level."""
        self.hero_id = GIVEN if self.given is not None else str(hero)
        """The hero picked: a premade hero's id, or :data:`GIVEN`."""
        self.monster_id = monster
        """The monster card picked."""
        self.monster_attacks = bool(monster_attacks)
        """Who attacks: the monster (True) or the hero (False)."""
        self.attack_index: int | None = None
        """The hero's attack option, an index into :meth:`attack_options` (None: none)."""
        self.element: str | None = None
        """The element the hero's attack wakes (:data:`~doria_nb.engine.decisions.NONE`)."""
        self.defense: str | None = None
        """The key of the hero's defense roll against the monster's attack."""
        self.hindered = bool(hindered)
        """*Hindered*: the attack crosses a Blue Solid Line (the board's, when one is loaded)."""
        self.rules = RulesOptions(
            no_fumbles=options.no_fumbles,
            dice_rolling=options.dice_rolling,
            critical_fail=options.critical_fail,
        )
        """The optional rules in play."""
        self.seed = secrets.randbelow(10_000) if seed is None else seed
        """The seed of the dice."""
        self.character: Character = self.given or equipped_hero(self.pack, str(hero))
        """The hero in the fight (changed by :meth:`apply`)."""
        self.foe: Foe = Foe.of(self.pack.monster(monster), self.level)
        """The monster in the fight (its HP after every applied attack)."""
        self.situation: Situation | None = None
        """The situation loaded (None: free picking)."""
        self.board_text = ""
        """The text the situation was loaded from."""
        self.attacker: str | None = None
        """The letter of the attacker picked on the board."""
        self.defender: str | None = None
        """The letter of the defender picked on the board."""
        self.board_check: AttackCheck | None = None
        """The engine's answer whether the attack set up may be made on the board (None when
        no board is loaded, or there is nothing to attack with)."""
        self.odds: AttackOdds | None = None
        """The engine's exact odds of the attack set up (None if it cannot be made)."""
        self.panel: OddsPanel | None = None
        """What the odds panel shows (kept from before when the odds cannot be computed)."""
        self.error = ""
        """Why the attack set up cannot be made (empty when it can)."""
        self.resolution: AttackResolution | None = None
        """The last attack resolved (None before a roll, while a choice waits, after a reset)."""
        self.pending: Choice | None = None
        """The choice the engine is waiting for after the roll, or None."""
        self.applied = False
        """Whether :attr:`resolution` has been applied."""
        self.landed: Outcome | None = None
        """The outcome class the last roll landed in, to mark on the odds (None: none)."""
        self.status = ""
        """The status line in plain text (the last message)."""
        self.problem = False
        """Whether the status line reports a problem."""
        self._free_hindered = self.hindered
        self._answers: dict[ChoiceKind, str] = {}
        self._defaulted: set[ChoiceKind] = set()
        self._faces: list[int] = []
        self._chances: dict[int, Chance] = {}
        self._refresh()
        self.say("Set up the attack, read the odds, then press Roll.")

    # -- what the view lists ---------------------------------------------------------------

    def hero_choices(self) -> Choices:
        """The heroes to pick from, (label, id): the given Character first."""
        heroes: Choices = [(h.name, h.id) for h in self.pack.heroes]
        if self.given is not None:
            heroes.insert(0, (f"{self.given.name} (your character)", GIVEN))
        return heroes

    def monster_choices(self) -> Choices:
        """The monsters to pick from, (name, card id)."""
        return [(m.name, m.id) for m in self.pack.monsters]

    def attack_options(self) -> tuple[AttackOption, ...]:
        """The hero's attack options as the hero is now (a damaged item leaves the list)."""
        return tuple(attack_options(self.character))

    def attack_option(self) -> AttackOption | None:
        """The attack option picked (None when the hero has none)."""
        options = self.attack_options()
        index = self.attack_index
        return options[index] if isinstance(index, int) and index < len(options) else None

    def element_choices(self) -> Choices:
        """The elements the attack option picked may wake, (label, value): no element first."""
        option = self.attack_option()
        elements = option.elements if option else ()
        return [("no element", NONE)] + [
            (f"{e} ({option.enchant_pp} PP)", e.value) for e in elements if option
        ]

    def defense_choice(self) -> Choice | None:
        """The engine's choice of defense roll against the monster's attack (None: none)."""
        return defense_choice(self.character, self.foe.attack_kind)

    def attacker_choices(self) -> Choices:
        """Every figure of the board, (label, letter): each may attack."""
        if self.situation is None:
            return []
        return [(f.label, f.letter) for f in self.situation.figures]

    def defender_choices(self) -> Choices:
        """The figures the attacker picked may attack, (label, letter)."""
        if self.situation is None or self.attacker is None:
            return []
        attacker = self.situation.figure(self.attacker)
        return [(f.label, f.letter) for f in other_kind(self.situation, attacker)]

    def pending_default(self) -> str:
        """The engine's default answer to the waiting choice (its option key)."""
        if self.pending is None:
            raise CombatError("No question is waiting: press Roll first.")
        return DEFAULTS[self.pending.kind](self.pending)

    # -- setup intents ---------------------------------------------------------------------

    def choose_hero(self, hero_id: str) -> None:
        """Fight with the premade hero ``hero_id`` (or :data:`GIVEN`: the Character given)."""
        if hero_id == GIVEN and self.given is not None:
            character = self.given
        else:
            character = equipped_hero(self.pack, str(hero_id))
        self.hero_id, self.character = str(hero_id), character
        self._discard("A new hero: ")

    def choose_monster(self, monster_id: str) -> None:
        """Fight the monster card ``monster_id`` (fresh, at the Monster Level picked)."""
        foe = Foe.of(self.pack.monster(monster_id), self.level)
        self.monster_id, self.foe = monster_id, foe
        self._discard("A new monster: ")

    def choose_level(self, level: int) -> None:
        """Fight the monster at Monster Level ``level`` (1 to 4; fresh)."""
        self.level = _check_level(level)
        self.foe = Foe.of(self.pack.monster(self.monster_id), self.level)
        self._discard("A new monster: ")

    def set_monster_attacks(self, monster_attacks: bool) -> None:
        """Who attacks: the monster (True) or the hero (False)."""
        self.monster_attacks = bool(monster_attacks)
        self._discard("The attack changed: ")

    def choose_attack(self, index: int | None) -> None:
        """Attack with the hero's option ``index`` (of :meth:`attack_options`)."""
        if index is not None and index not in range(len(self.attack_options())):
            raise CombatError(
                f"{self.character.who.capitalize()} has no attack option {index!r}: pick one of "
                f"the {len(self.attack_options())} listed."
            )
        self.attack_index = index
        self._discard("The attack changed: ")

    def choose_element(self, element: str | None) -> None:
        """Wake ``element`` with the hero's attack (``NONE``: no element)."""
        if element is not None and element not in {v for _, v in self.element_choices()}:
            raise CombatError(f"The attack picked cannot wake the element {element!r}.")
        self.element = element
        self._discard("The attack changed: ")

    def choose_defense(self, key: str | None) -> None:
        """Defend with the roll ``key`` of :meth:`defense_choice`."""
        choice = self.defense_choice()
        if key is not None and (choice is None or key not in choice.keys):
            raise CombatError(f"The hero has no defense roll {key!r} against this attack.")
        self.defense = key
        self._discard("The attack changed: ")

    def set_hindered(self, hindered: bool) -> None:
        """*Hindered* by hand (a board loaded decides it by itself)."""
        self.hindered = bool(hindered)
        self._discard("The attack changed: ")

    def set_rules(self, rules: RulesOptions) -> None:
        """The optional rules in play (*No Fumbles*, *Dice Rolling*, *Critical Fail*)."""
        if not isinstance(rules, RulesOptions):
            raise CombatError(f"The optional rules are RulesOptions, not {rules!r}.")
        self.rules = RulesOptions(
            no_fumbles=rules.no_fumbles,
            dice_rolling=rules.dice_rolling,
            critical_fail=rules.critical_fail,
        )
        self._discard("The attack changed: ")

    def set_seed(self, seed: int) -> None:
        """Roll the next attacks with the dice of ``seed`` (the attack set up stays)."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise CombatError(f"The seed is a whole number, not {seed!r}.")
        self.seed = seed

    # -- the board -------------------------------------------------------------------------

    def load_situation(
        self, text: str, attacker: str | None = None, defender: str | None = None
    ) -> bool:
        """Load a situation (text or ``doria1:`` code) with ``attacker`` and ``defender`` (letters
        or names; by default the first hero and monster, the attack's direction kept). Returns
        False, says the engine's message and changes nothing if it cannot be loaded."""
        try:
            situation = read_situation(str(text), self.pack)
            a, d = board_fighters(situation, attacker, defender, self.monster_attacks)
        except DoriaError as error:
            self.say(str(error), problem=True)
            return False
        if self.situation is None:
            self._free_hindered = self.hindered
        self.situation, self.board_text = situation, str(text)
        self.attacker, self.defender = a.letter, d.letter
        self._board_changed("Board loaded")
        return True

    def choose_fighters(self, attacker: str, defender: str | None) -> None:
        """Pick the attacker and defender on the board (letters); a defender the attacker
        cannot fight gives way to the first one it can."""
        if self.situation is None:
            return
        others = other_kind(self.situation, self.situation.figure(attacker))
        letters = [f.letter for f in others]
        self.attacker = attacker
        self.defender = defender if defender in letters else letters[0]
        self._board_changed("New fighters on the board")

    def clear_board(self) -> None:
        """Forget the situation: the fighters, the direction and *hindered* are picked freely
        again (*hindered* as it was before the board)."""
        if self.situation is None:
            self.say("No board is loaded.")
            return
        self.situation, self.board_check = None, None
        self.attacker = self.defender = None
        self.hindered = self._free_hindered
        self._discard("The board is cleared: pick freely; ")

    def board_error(self) -> str:
        """Why the board forbids the attack set up (empty when it allows it or is not loaded)."""
        check = self.board_check
        return "" if check is None or check else f"On the board: {check.explain()}"

    def _board_figures(self) -> tuple[Figure, Figure]:
        assert self.situation is not None and self.attacker is not None
        assert self.defender is not None
        return self.situation.figure(self.attacker), self.situation.figure(self.defender)

    def _board_changed(self, why: str) -> None:
        """The fighters follow the figures chosen; then the odds and the board's answer."""
        attacker, defender = self._board_figures()
        hero, monster = (attacker, defender) if attacker.is_hero else (defender, attacker)
        notes = []
        self.monster_attacks = not attacker.is_hero
        hero_id = pack_hero_id(hero.name, self.pack)
        if hero_id is None:
            notes.append(f"{hero.label} is no hero of the pack: the hero picked fights.")
        elif hero_id != self.hero_id:
            self.hero_id, self.character = hero_id, equipped_hero(self.pack, hero_id)
        try:
            card_id = card_for(monster.name, self.pack).id
        except MonsterAIError:
            notes.append(f"{monster.label} is no monster card: the monster picked fights.")
        else:
            if card_id != self.monster_id:
                self.monster_id = card_id
                self.foe = Foe.of(self.pack.monster(card_id), self.level)
        self._discard(f"{why}: ")
        check = self.board_check
        said = " ".join([check.explain() if check is not None else self.error, *notes])
        if check is not None and not check:
            self.say(f"{why}: {said} Roll is refused.", problem=True)
        else:
            self.say(f"{why}: {said} Read the odds, then press Roll.")

    # -- the fight -------------------------------------------------------------------------

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
            self.say(str(error), problem=True)
            raise
        self._faces = live.outcomes[start:]
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
        self.say(
            f"Applied: {hero.name} HP {resolution.hp[0]} → {hero.hp}, PP {resolution.pp[0]} → "
            f"{hero.pp}; {foe.name} HP {resolution.foe_before.hp} → {foe.hp}{end}."
        )
        return resolution

    def new_fight(self) -> None:
        """Fresh fighters (a premade hero again; a given character stays as it is), and the
        seed's dice from the start."""
        if self.hero_id != GIVEN:
            self.character = equipped_hero(self.pack, self.hero_id)
        self.foe = Foe.of(self.pack.monster(self.monster_id), self.level)
        self._chances.pop(self.seed, None)
        self._clear_attack()
        self._refresh()
        self.say("A new fight: set up the attack, read the odds, then press Roll.")

    def say(self, text: str, *, problem: bool = False) -> None:
        """Put ``text`` on the status line (``problem``: it reports what went wrong)."""
        self.status, self.problem = text, problem

    # -- inside ----------------------------------------------------------------------------

    def _fail(self, message: str) -> NoReturn:
        self.say(message, problem=True)
        raise CombatError(message)

    def _discard(self, why: str) -> None:
        """Drop an attack not yet finished or applied, and ask for the new odds."""
        dropped = self.pending is not None or (self.resolution is not None and not self.applied)
        self._clear_attack()
        self._refresh()
        dropped_words = "the attack rolled before was dropped; " if dropped else ""
        if board := self.board_error():
            self.say(f"{why}{dropped_words}{board} Roll is refused.", problem=True)
            return
        self.say(f"{why}{dropped_words}read the odds, then press Roll.")

    def _clear_attack(self) -> None:
        self.resolution, self.pending, self.applied, self.landed = None, None, False, None
        self._answers, self._defaulted, self._faces = {}, set(), []

    def _refresh(self) -> None:
        """Fit the choices to the fighters as they are now, ask the board, then the odds."""
        self._fit_choices()
        self._ask_board()
        try:
            self.odds, panel = self._compute_odds()
            self.panel, self.landed = panel, None
            self.error = self.board_error()
        except DoriaError as error:
            self.odds, self.error = None, str(error)

    def _fit_choices(self) -> None:
        """Keep the attack, element and defense picked when they are still there; else the
        first attack and the engine's defaults."""
        count = len(self.attack_options())
        keep = self.attack_index
        self.attack_index = keep if keep in range(count) else (0 if count else None)
        option = self.attack_option()
        elements = option.elements if option else ()
        keep_element = self.element
        default = _helpful_element(self.character, self.foe, option)
        self.element = (
            keep_element if keep_element in {NONE, *elements} and keep_element else default
        )
        choice = self.defense_choice()
        keys = choice.keys if choice else ()
        self.defense = (
            self.defense
            if self.defense in keys
            else (DEFAULTS[ChoiceKind.DEFENSE](choice) if choice else None)
        )

    def _ask_board(self) -> None:
        """Ask the board whether the attack set up may be made; *hindered* follows it."""
        if self.situation is None:
            self.board_check = None
            return
        reach: AttackOption | Foe | None = (
            self.foe if self.monster_attacks else self.attack_option()
        )
        if reach is None:
            self.board_check = None
            return
        attacker, defender = self._board_figures()
        check = attack_check(self.situation, attacker.letter, defender.letter, reach)
        self.board_check = check
        self.hindered = check.hindered

    def _element(self, option: AttackOption) -> Element | None:
        if option.elements and self.element not in (None, NONE):
            return Element(self.element)
        return option.element

    def _defenses(self) -> tuple[Choice | None, dict[str, DefenseOption]]:
        choice = self.defense_choice()
        rolls = (
            self.character.psi_resistance_options()
            if self.foe.attack_kind is AttackKind.MAGIC
            else self.character.defense_options()
        )
        keys = choice.keys if choice is not None else ()
        return choice, dict(zip(keys, rolls, strict=True))

    def _panel(
        self, odds: AttackOdds, title: str, target: str, hp: int, words: str, item: str
    ) -> OddsPanel:
        if self.hindered:
            title += ", across a Blue Solid Line"
        return OddsPanel(odds, title, target, hp, words, item, tuple(self.rules.enabled()))

    def _compute_odds(self) -> tuple[AttackOdds | None, OddsPanel]:
        foe, hero = self.foe, self.character
        if not self.monster_attacks:
            option = self.attack_option()
            if option is None:
                raise CombatError(
                    f"{hero.who.capitalize()} has nothing to attack with: no undamaged weapon "
                    "or attack spell in the hands or the Belt."
                )
            check_hero_attack(hero, foe, option)
            element = self._element(option)
            odds = hero_attack_odds(
                option.dice,
                option.damage,
                foe,
                kind=option.kind,
                element=element,
                hindered=self.hindered,
                options=self.rules,
            )
            armor = f"less its armor (AR {foe.armor})" if foe.armor else "(it has no armor)"
            if foe.armor and element is not None and element == foe.vulnerable:
                armor = f"its armor (AR {foe.armor}) ignored: it is vulnerable to {element}"
            words = (
                "A hero's attack leaves no choice after the roll, so no policy is needed: "
                f"{foe.the} loses damage {option.damage} + 1 per critical, {armor}."
            )
            title = f"{hero.who} attacks {foe.the} with the {option.label}"
            item = f"P({option.name} damaged)"
            return odds, self._panel(odds, title, foe.the, foe.hp, words, item)
        if foe.defeated:
            raise CombatError(f"{foe.the.capitalize()} is defeated (0 HP): press New fight.")
        choice, rolls = self._defenses()
        if choice is None:
            return None, OddsPanel(None)
        assert self.defense is not None
        chosen = rolls[self.defense]
        usable = hero.mat.armor_options(foe.stats.element)
        best = max(usable, key=lambda pair: pair[1].active_armor, default=None)
        ar = best[1].active_armor if best else 0
        magic = foe.attack_kind is AttackKind.MAGIC
        odds = monster_attack_odds(
            foe,
            chosen.dice,
            armor=ar,
            hindered=self.hindered,
            options=self.rules,
            psi_points=max(hero.pp, 0) if magic else 0,
        )
        if best:
            words = (
                "HP lost assumes the default policy after the roll, best armor: the undamaged "
                f"armor with the highest AR takes the hit (the {best[1].card.name}, AR {ar}) "
                "and is damaged."
            )
        else:
            words = f"{hero.who.capitalize()} has no armor that can take this hit: every point "
            words += "of damage comes off the HP."
        if magic:
            words += (
                f" Psi Points: the default policy, resist when it helps, which these odds "
                f"assume: after a hit {hero.who} adds exactly the points that turn it into a "
                f"miss, if the {max(hero.pp, 0)} PP {hero.who} has cover them (never below 0)."
            )
        title = f"{foe.the} attacks {hero.who}, who defends with {chosen.name} {chosen.dice}"
        item = f"P({chosen.name} damaged)" if chosen.source else "P(the hero fumbles)"
        return odds, self._panel(odds, title, hero.who, hero.hp, words, item)

    def _chance(self) -> Chance:
        if self.seed not in self._chances:
            self._chances[self.seed] = Chance.seeded(self.seed)
        return self._chances[self.seed]

    def _resolve(self, chance: Chance) -> AttackResolution:
        """The engine's resolution with the answers so far; raises :class:`Paused`."""
        policy = PausingPolicy(self._defaulted)
        if not self.monster_attacks:
            option = self.attack_option()
            if option is None:
                raise CombatError(self.error or "There is nothing to attack with.")
            answers = {"enchantment": self.element} if option.elements else {}
            return resolve_hero_attack(
                self.character,
                self.foe,
                option,
                chance,
                hindered=self.hindered,
                options=self.rules,
                policy=policy,
                answers=answers,
            )
        answers = answers_of(self._answers)
        if self.defense is not None:
            answers["defense"] = self.defense
        return resolve_monster_attack(
            self.foe,
            self.character,
            chance,
            hindered=self.hindered,
            options=self.rules,
            policy=policy,
            answers=answers,
        )

    def _step(self) -> AttackResolution | Choice:
        chance = ReplayChance(self._faces, self._chance())
        try:
            resolution = self._resolve(chance)
        except Paused as paused:
            self._faces = list(chance.outcomes)
            return self._ask(paused.choice)
        self._faces = list(chance.outcomes)
        return self._done(resolution)

    def _ask(self, choice: Choice) -> Choice:
        self.pending = choice
        self.say(f"The dice are rolled; {choice.who} must choose: {choice.question}")
        return choice

    def _done(self, resolution: AttackResolution) -> AttackResolution:
        self.resolution, self.pending = resolution, None
        self.landed = resolution.outcome
        verdict = resolution.outcome.label()
        self.say(f"{verdict.capitalize()}. Press Apply to carry the result out, or Roll again.")
        return resolution
