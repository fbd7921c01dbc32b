"""The controls of the combat resolver: who fights, the attack or defense, the options.

:class:`ResolverControls` is a mixin of :class:`~doria_nb.ui.combat_resolver.CombatResolver`:
it makes the plain ipywidgets (lists, checkboxes, buttons, each with a stable CSS class from
:data:`~doria_nb.ui.combat_resolver_parts.CSS_CLASSES`), wires them to the resolver's public
methods, and refills the lists from the fighters as they are now (an item damaged by a fumble
leaves the attack list; a monster's magic attack turns the defense list into psi resistance).
"""

from __future__ import annotations

import secrets
from typing import Any

import ipywidgets as widgets

from doria_nb.engine.cards import AttackKind, ContentPack, Element
from doria_nb.engine.character import Character, DefenseOption
from doria_nb.engine.combat import AttackOption, Foe, attack_options, defense_choice
from doria_nb.engine.combat.hero_attack import enchant_choice
from doria_nb.engine.decisions import NONE, Choice, ChoiceKind, enchant_when_it_helps
from doria_nb.engine.options import RulesOptions
from doria_nb.ui.combat_resolver_parts import CSS_CLASSES, DEFAULTS, guard
from doria_nb.ui.outcome_chart import OutcomeChart

__all__ = ["GIVEN", "HERO", "MONSTER", "ResolverControls"]

GIVEN = "__given__"
"""The hero list's value for the Character given to the constructor."""
HERO, MONSTER = "hero", "monster"
_WIDE = {"description_width": "initial"}


def _auto() -> widgets.Layout:
    """A layout as wide as its content (one per control: layouts are widgets)."""
    return widgets.Layout(width="auto")


def _helpful_element(character: Character, foe: Foe, option: AttackOption | None) -> str:
    """The element the default policy (*enchant when it helps*) wakes, asked of the engine."""
    if option is None or not option.elements:
        return NONE
    return enchant_when_it_helps(enchant_choice(character, foe, option))


class ResolverControls:
    """The controls part of the resolver (a mixin; see the module docstring)."""

    pack: ContentPack
    character: Character
    foe: Foe
    _given: Character | None
    _syncing: bool

    def _build_controls(
        self,
        hero: str | Character,
        monster: str,
        level: int,
        monster_attacks: bool,
        hindered: bool,
        options: RulesOptions,
        seed: int | None,
    ) -> None:
        """Make every control, preset from the constructor's arguments."""
        heroes = [(h.name, h.id) for h in self.pack.heroes]
        if self._given is not None:
            heroes.insert(0, (f"{self._given.name} (your character)", GIVEN))
        self.hero_select = widgets.Dropdown(
            options=heroes, value=GIVEN if self._given else str(hero), description="Hero"
        )
        self.monster_select = widgets.Dropdown(
            options=[(m.name, m.id) for m in self.pack.monsters],
            value=monster,
            description="Monster",
        )
        self.level_select = widgets.Dropdown(
            options=[1, 2, 3, 4], value=level, description="Monster Level", style=_WIDE
        )
        self.direction = widgets.ToggleButtons(
            options=[("Hero attacks monster", HERO), ("Monster attacks hero", MONSTER)],
            value=MONSTER if monster_attacks else HERO,
            description="Attack",
            style={"button_width": "auto"},
        )
        self.attack_select = widgets.Dropdown(
            description="Attack with", style=_WIDE, layout=widgets.Layout(width="34em")
        )
        self.element_select = widgets.Dropdown(description="Element", style=_WIDE)
        self.defense_select = widgets.Dropdown(
            description="Defend with", style=_WIDE, layout=widgets.Layout(width="24em")
        )
        self.hindered_box = widgets.Checkbox(
            value=hindered,
            description="Hindered: the attack crosses a Blue Solid Line (+1D to the defender)",
            indent=False,
            layout=widgets.Layout(width="auto"),
        )
        self.no_fumbles_box = widgets.Checkbox(
            value=options.no_fumbles, description="No Fumbles", indent=False, layout=_auto()
        )
        self.dice_rolling_box = widgets.Checkbox(
            value=options.dice_rolling, description="Dice Rolling", indent=False, layout=_auto()
        )
        self.critical_fail_box = widgets.Checkbox(
            value=options.critical_fail, description="Critical Fail", indent=False, layout=_auto()
        )
        self.fighters_html = widgets.HTML()
        self.odds_html = widgets.HTML()
        self.outcome_chart = OutcomeChart(title="Outcome odds")
        self.seed_input = widgets.IntText(
            value=secrets.randbelow(10_000) if seed is None else seed,
            description="Seed",
            layout=widgets.Layout(width="12em"),
        )
        self.roll_button = widgets.Button(description="Roll", button_style="primary")
        self.new_fight_button = widgets.Button(
            description="New fight", tooltip="Fresh fighters, and the seed's dice from the start"
        )
        self.question_html = widgets.HTML()
        self.choice_select = widgets.Dropdown(description="Answer", style=_WIDE)
        self.decide_button = widgets.Button(description="Decide")
        self.use_default_button = widgets.Button(
            description="Use the default", layout=widgets.Layout(width="auto")
        )
        self.choice_box = widgets.VBox(
            [
                self.question_html,
                widgets.HBox([self.choice_select, self.decide_button, self.use_default_button]),
            ]
        )
        self.arithmetic_html = widgets.HTML()
        self.apply_button = widgets.Button(
            description="Apply", tooltip="Apply the result to the hero (and the monster's HP)"
        )
        self.status_html = widgets.HTML()

        for name, css in CSS_CLASSES.items():
            part = getattr(self, f"{name}_select", None) or getattr(self, f"{name}_box", None)
            part = part or getattr(self, f"{name}_html", None)
            part = part or getattr(self, f"{name}_button", None)
            if isinstance(part, widgets.DOMWidget):
                part.add_class(css)
        self.direction.add_class(CSS_CLASSES["direction"])
        self.seed_input.add_class(CSS_CLASSES["seed"])
        self.outcome_chart.widget.add_class(CSS_CLASSES["chart"])
        self.outcome_chart.caption.add_class(CSS_CLASSES["caption"])

    def _children(self) -> list[widgets.Widget]:
        """The parts of the view, top to bottom."""
        return [
            widgets.HBox([self.hero_select, self.monster_select, self.level_select]),
            self.direction,
            widgets.HBox([self.attack_select, self.element_select, self.defense_select]),
            self.hindered_box,
            widgets.HBox(
                [
                    widgets.Label("Optional rules:"),
                    self.no_fumbles_box,
                    self.dice_rolling_box,
                    self.critical_fail_box,
                ]
            ),
            self.fighters_html,
            self.odds_html,
            self.outcome_chart.widget,
            self.outcome_chart.caption,
            widgets.HBox([self.seed_input, self.roll_button, self.new_fight_button]),
            self.choice_box,
            self.arithmetic_html,
            self.apply_button,
            self.status_html,
        ]

    # -- wiring ----------------------------------------------------------------------------

    def _connect(self) -> None:
        shown = guard(lambda text: self._say(text, problem=True))

        def on(part: widgets.ValueWidget, handler: Any) -> None:
            def changed(_change: dict[str, Any]) -> None:
                if not self._syncing:
                    handler()

            part.observe(shown(changed), names="value")

        on(self.hero_select, self._new_hero)
        on(self.monster_select, self._new_monster)
        on(self.level_select, self._new_monster)
        for part in (
            self.direction,
            self.attack_select,
            self.element_select,
            self.defense_select,
            self.hindered_box,
            self.no_fumbles_box,
            self.dice_rolling_box,
            self.critical_fail_box,
        ):
            on(part, self._inputs_changed)
        self.roll_button.on_click(shown(lambda _b: self.roll()))
        self.decide_button.on_click(shown(lambda _b: self.decide(self.choice_select.value)))
        self.use_default_button.on_click(shown(lambda _b: self.use_default()))
        self.apply_button.on_click(shown(lambda _b: self.apply()))
        self.new_fight_button.on_click(shown(lambda _b: self.new_fight()))

    @property
    def rules(self) -> RulesOptions:
        """The optional rules ticked."""
        return RulesOptions(
            no_fumbles=self.no_fumbles_box.value,
            dice_rolling=self.dice_rolling_box.value,
            critical_fail=self.critical_fail_box.value,
        )

    @property
    def monster_attacks(self) -> bool:
        return self.direction.value == MONSTER

    def _attack_option(self) -> AttackOption | None:
        options = attack_options(self.character)
        index = self.attack_select.value
        return options[index] if isinstance(index, int) and index < len(options) else None

    def _element(self, option: AttackOption) -> Element | None:
        if option.elements and self.element_select.value not in (None, NONE):
            return Element(self.element_select.value)
        return option.element

    def _defenses(self) -> tuple[Choice | None, dict[str, DefenseOption]]:
        kind = self.foe.attack_kind
        choice = defense_choice(self.character, kind)
        rolls = (
            self.character.psi_resistance_options()
            if kind is AttackKind.MAGIC
            else self.character.defense_options()
        )
        keys = choice.keys if choice is not None else ()
        return choice, dict(zip(keys, rolls, strict=True))

    def _sync_controls(self) -> None:
        """Refill the option lists from the fighters as they are now (keeping the choice
        when it is still there)."""
        self._syncing = True
        try:
            options = attack_options(self.character)
            labels = [(o.label, i) for i, o in enumerate(options)]
            keep = self.attack_select.value
            self.attack_select.options = labels
            self.attack_select.value = (
                keep if keep in range(len(labels)) else (0 if labels else None)
            )
            option = self._attack_option()
            elements = option.elements if option else ()
            keep = self.element_select.value
            self.element_select.options = [("no element", NONE)] + [
                (f"{e} ({option.enchant_pp} PP)", e.value) for e in elements if option
            ]
            default = _helpful_element(self.character, self.foe, option)
            self.element_select.value = keep if keep in {NONE, *elements} and keep else default
            choice, _ = self._defenses()
            keep = self.defense_select.value
            self.defense_select.options = (
                [(o.label, o.key) for o in choice.options] if choice else []
            )
            keys = choice.keys if choice else ()
            self.defense_select.value = (
                keep if keep in keys else (DEFAULTS[ChoiceKind.DEFENSE](choice) if choice else None)
            )
        finally:
            self._syncing = False
        hero = not self.monster_attacks
        self.attack_select.layout.display = None if hero else "none"
        self.element_select.layout.display = None if hero and elements else "none"
        self.defense_select.layout.display = None if not hero else "none"
