"""The check roller: set up a comparative roll or a target-number check, see the exact odds,
roll, and see where the roll landed.

A composed ipywidgets view (a :class:`ipywidgets.VBox`): inputs for the situation, the optional
rules that change it, a seed, the exact odds (recomputed whenever an input changes), a Roll
button, a :class:`~doria_nb.ui.dice_tray.DiceTray`, the engine's explanation and a Bokeh chart
of the outcome distribution with the landed class marked by a hatch pattern and "▼ you".
Displaying the roller sends the chart as it is then (a
:class:`~doria_nb.ui.bokeh_widget.BokehHost`), so the odds drawn before display show. This
module reads the inputs into a :class:`Situation` and composes the parts; the chart is an
:class:`~doria_nb.ui.outcome_chart.OutcomeChart` and the odds in words come from
:mod:`doria_nb.ui.odds_text`.

A chapter presets a situation through the constructor::

    CheckRoller(attack="3D", defense="2D+5", seed=1)
    CheckRoller(mode="check", attributes=(("STR", 15), ("AGI", 10)), target=35)

Bad input (``"3d+"``, ``"0D"``, TN ``"abc"``) shows the engine's message in the error area,
disables Roll and leaves the last good odds, chart and result as they were.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets
from bokeh.models import ColumnDataSource
from bokeh.plotting import figure as BokehFigure

from doria_nb.engine import odds as odds_engine
from doria_nb.engine.chance import Chance
from doria_nb.engine.checks import (
    CheckResult,
    ComparativeResult,
    Outcome,
    Side,
    comparative_roll,
    target_check,
)
from doria_nb.engine.dice import Dice
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.options import RulesOptions
from doria_nb.ui.bokeh_widget import BoardWidget, BokehHost
from doria_nb.ui.dice_tray import DiceTray
from doria_nb.ui.number_input import MAX_NUMBER, parse_number
from doria_nb.ui.odds_text import escape_html, format_probability, odds_html
from doria_nb.ui.outcome_chart import (
    CHART_MIN_PROBABILITY,
    KIND_COLOURS,
    LANDED_HATCH,
    LANDED_MARKER,
    NO_HATCH,
    OutcomeChart,
)

COMPARATIVE = "comparative"
CHECK = "check"
MODES = (COMPARATIVE, CHECK)

ODDS_CACHE_SIZE = 64
"""How many situations' odds a roller remembers (switching back and forth is instant)."""

CSS_CLASSES = {
    "root": "doria-check-roller",
    "mode": "doria-mode-toggle",
    "comparative": "doria-comparative-inputs",
    "attack": "doria-attack-input",
    "defense": "doria-defense-input",
    "attacker_monster": "doria-attacker-monster",
    "defender_monster": "doria-defender-monster",
    "check": "doria-check-inputs",
    "attr_name": "doria-attribute-name",
    "attr_value": "doria-attribute-value",
    "dice": "doria-dice-input",
    "target": "doria-target-input",
    "no_fumbles": "doria-option-no-fumbles",
    "dice_rolling": "doria-option-dice-rolling",
    "critical_fail": "doria-option-critical-fail",
    "seed": "doria-seed-input",
    "reset": "doria-reset-button",
    "odds": "doria-odds",
    "error": "doria-error",
    "roll": "doria-roll-button",
    "tray": "doria-dice-tray-widget",
    "explanation": "doria-explanation",
    "chart": "doria-chart",
    "caption": "doria-chart-caption",
}
"""The stable CSS classes the view's parts carry (for browser tests and styling)."""


@dataclass(frozen=True, slots=True)
class Situation:
    """A fully parsed situation: what the odds are computed for and what Roll rolls."""

    mode: str
    options: RulesOptions
    attack: Dice | None = None
    defense: Dice | None = None
    attacker: Side = Side.CHARACTER
    defender: Side = Side.MONSTER
    dice: Dice | None = None
    bonuses: tuple[tuple[str, int], ...] = ()
    target: int | None = None

    @property
    def is_check(self) -> bool:
        return self.mode == CHECK

    @property
    def bonus(self) -> int:
        return sum(value for _, value in self.bonuses)

    def describe(self) -> str:
        """The situation in words, e.g. ``'attack 3D (character) vs defense 2D+5 (monster)'``."""
        if self.is_check:
            terms = [f"{name} {value}" if name else str(value) for name, value in self.bonuses]
            terms.append(str(self.dice))
            return " + ".join(terms) + f" vs TN {self.target}"
        return (
            f"attack {self.attack} ({self.attacker.value}) vs "
            f"defense {self.defense} ({self.defender.value})"
        )

    def compute_odds(self) -> Any:
        """The exact odds from :mod:`doria_nb.engine.odds`."""
        if self.is_check:
            return odds_engine.target_check(
                self.dice, self.bonus, self.target, options=self.options
            )
        return odds_engine.comparative(
            self.attack,
            self.defense,
            options=self.options,
            attacker=self.attacker,
            defender=self.defender,
        )

    def roll(self, chance: Chance) -> ComparativeResult | CheckResult:
        """Roll the situation's dice with ``chance`` and judge them."""
        if self.is_check:
            assert self.dice is not None and self.target is not None
            return target_check(
                self.target,
                chance,
                dict(self.bonuses),
                dice=self.dice,
                options=self.options,
            )
        assert self.attack is not None and self.defense is not None
        return comparative_roll(
            self.attack,
            self.defense,
            chance,
            options=self.options,
            attacker=self.attacker,
            defender=self.defender,
        )


# --- the view ---------------------------------------------------------------------------


class CheckRoller(BokehHost, widgets.VBox):
    """Roll comparative rolls and target-number checks, with exact odds shown first.

    Python-side API: :meth:`roll` (also what the Roll button does), :meth:`reset_seed`,
    :attr:`situation`, :attr:`odds`, :attr:`result`, :attr:`error`, :attr:`options`,
    :attr:`seed`, and the parts as attributes (``attack_input``, ``roll_button``, ``tray``,
    ``source``...). The chart's :attr:`source` has one row per outcome class; the landed row
    has ``landed == 1``, a hatch pattern and the marker ``"▼ you"``.
    """

    def __init__(
        self,
        *,
        mode: str = COMPARATIVE,
        attack: Dice | str = "3D",
        defense: Dice | str = "2D+5",
        attacker_is_monster: bool = False,
        defender_is_monster: bool = True,
        attributes: Iterable[tuple[str, int]] | Mapping[str, int] = (("STR", 15), ("AGI", 10)),
        dice: Dice | str = "2D",
        target: int | str = 35,
        options: RulesOptions | None = None,
        seed: int = 0,
        animate: bool = True,
        **kwargs: Any,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {mode!r}.")
        attribute_pairs = list(
            attributes.items() if isinstance(attributes, Mapping) else attributes
        )
        if len(attribute_pairs) > 2:
            raise ValueError("A check adds at most two attributes.")
        while len(attribute_pairs) < 2:
            attribute_pairs.append(("", 0))
        options = options or RulesOptions()

        self.situation: Situation | None = None
        """The last good situation (what the odds and the chart show)."""
        self.odds: Any = None
        """The exact odds of :attr:`situation` (``ComparativeOdds`` or ``CheckOdds``)."""
        self.result: ComparativeResult | CheckResult | None = None
        """The last roll's result."""
        self.result_situation: Situation | None = None
        """The situation :attr:`result` was rolled in."""
        self.error: str = ""
        """The error shown for the current inputs, empty when they are good."""
        self._chances: dict[int, Chance] = {}
        self._rolls_made: dict[int, int] = {}
        self._odds_cache: dict[Situation, Any] = {}
        self._roll_tag = ""

        def text_layout() -> widgets.Layout:
            return widgets.Layout(width="16em")

        def number_layout() -> widgets.Layout:
            return widgets.Layout(width="10em")

        self.mode_toggle = widgets.ToggleButtons(
            options=[("Comparative roll", COMPARATIVE), ("Target-number check", CHECK)],
            value=mode,
            description="Roll type",
        )
        self.attack_input = widgets.Text(
            value=str(attack),
            description="Attack",
            placeholder="e.g. 3D+2",
            continuous_update=False,
            layout=text_layout(),
        )
        self.defense_input = widgets.Text(
            value=str(defense),
            description="Defense",
            placeholder="e.g. 2D+5",
            continuous_update=False,
            layout=text_layout(),
        )
        self.attacker_monster = widgets.Checkbox(
            value=attacker_is_monster, description="Attacker is a monster", indent=False
        )
        self.defender_monster = widgets.Checkbox(
            value=defender_is_monster, description="Defender is a monster", indent=False
        )
        self.attr_name_inputs = [
            widgets.Text(
                value=str(name),
                description=f"Attribute {i + 1}",
                placeholder="e.g. STR",
                continuous_update=False,
                layout=text_layout(),
            )
            for i, (name, _) in enumerate(attribute_pairs)
        ]
        self.attr_value_inputs = [
            widgets.Text(
                value=str(value),
                description=f"Value {i + 1}",
                placeholder="e.g. 15",
                continuous_update=False,
                layout=number_layout(),
            )
            for i, (_, value) in enumerate(attribute_pairs)
        ]
        self.check_dice_input = widgets.Text(
            value=str(dice),
            description="Dice",
            placeholder="2D",
            continuous_update=False,
            layout=number_layout(),
        )
        self.target_input = widgets.Text(
            value=str(target),
            description="TN",
            placeholder="e.g. 35",
            continuous_update=False,
            layout=number_layout(),
        )
        self.no_fumbles_box = widgets.Checkbox(
            value=options.no_fumbles, description="No Fumbles", indent=False
        )
        self.dice_rolling_box = widgets.Checkbox(
            value=options.dice_rolling, description="Dice Rolling", indent=False
        )
        self.critical_fail_box = widgets.Checkbox(
            value=options.critical_fail, description="Critical Fail", indent=False
        )
        self.seed_input = widgets.IntText(value=seed, description="Seed", layout=number_layout())
        self.reset_button = widgets.Button(
            description="Reset seed",
            tooltip="Start this seed over: the next roll repeats the first roll of the seed",
        )
        self.odds_html = widgets.HTML()
        self.error_html = widgets.HTML()
        self.roll_button = widgets.Button(
            description="Roll", button_style="primary", tooltip="Roll the dice"
        )
        self.tray = DiceTray(animate=animate)
        self.explanation_html = widgets.HTML("<p><em>No roll yet: press Roll.</em></p>")
        self.outcome_chart = OutcomeChart(title="Outcome odds")
        """The Bokeh chart of the outcome classes and its caption in words."""

        self.comparative_box = widgets.VBox(
            [
                widgets.HBox([self.attack_input, self.defense_input]),
                widgets.HBox([self.attacker_monster, self.defender_monster]),
            ]
        )
        self.check_box = widgets.VBox(
            [
                *(
                    widgets.HBox([name, value])
                    for name, value in zip(
                        self.attr_name_inputs, self.attr_value_inputs, strict=True
                    )
                ),
                widgets.HBox([self.check_dice_input, self.target_input]),
            ]
        )
        options_row = widgets.HBox(
            [
                widgets.Label("Optional rules:"),
                self.no_fumbles_box,
                self.dice_rolling_box,
                self.critical_fail_box,
            ]
        )
        seed_row = widgets.HBox([self.seed_input, self.reset_button])

        for part, css in (
            (self.mode_toggle, "mode"),
            (self.comparative_box, "comparative"),
            (self.attack_input, "attack"),
            (self.defense_input, "defense"),
            (self.attacker_monster, "attacker_monster"),
            (self.defender_monster, "defender_monster"),
            (self.check_box, "check"),
            (self.check_dice_input, "dice"),
            (self.target_input, "target"),
            (self.no_fumbles_box, "no_fumbles"),
            (self.dice_rolling_box, "dice_rolling"),
            (self.critical_fail_box, "critical_fail"),
            (self.seed_input, "seed"),
            (self.reset_button, "reset"),
            (self.odds_html, "odds"),
            (self.error_html, "error"),
            (self.roll_button, "roll"),
            (self.tray, "tray"),
            (self.explanation_html, "explanation"),
            (self.chart, "chart"),
            (self.chart_caption, "caption"),
        ):
            part.add_class(CSS_CLASSES[css])
        for i, (name, value) in enumerate(
            zip(self.attr_name_inputs, self.attr_value_inputs, strict=True)
        ):
            name.add_class(CSS_CLASSES["attr_name"])
            name.add_class(f"{CSS_CLASSES['attr_name']}-{i + 1}")
            value.add_class(CSS_CLASSES["attr_value"])
            value.add_class(f"{CSS_CLASSES['attr_value']}-{i + 1}")

        super().__init__(
            [
                self.mode_toggle,
                self.comparative_box,
                self.check_box,
                options_row,
                seed_row,
                self.odds_html,
                self.error_html,
                self.roll_button,
                self.tray,
                self.explanation_html,
                self.chart,
                self.chart_caption,
            ],
            **kwargs,
        )
        self.add_class(CSS_CLASSES["root"])

        for field in self._inputs():
            field.observe(self._on_input, names="value")
        self.roll_button.on_click(self._on_roll_click)
        self.reset_button.on_click(lambda _button: self.reset_seed())
        self.refresh()

    # --- inputs -------------------------------------------------------------------------

    def _inputs(self) -> list[widgets.ValueWidget]:
        return [
            self.mode_toggle,
            self.attack_input,
            self.defense_input,
            self.attacker_monster,
            self.defender_monster,
            *self.attr_name_inputs,
            *self.attr_value_inputs,
            self.check_dice_input,
            self.target_input,
            self.no_fumbles_box,
            self.dice_rolling_box,
            self.critical_fail_box,
        ]

    @property
    def mode(self) -> str:
        """``'comparative'`` or ``'check'``."""
        return self.mode_toggle.value

    @property
    def options(self) -> RulesOptions:
        """The optional rules ticked in the view."""
        return RulesOptions(
            no_fumbles=self.no_fumbles_box.value,
            dice_rolling=self.dice_rolling_box.value and self.mode == COMPARATIVE,
            critical_fail=self.critical_fail_box.value and self.mode == COMPARATIVE,
        )

    @property
    def seed(self) -> int:
        """The seed rolls are drawn from."""
        return self.seed_input.value

    @property
    def rolls_with_seed(self) -> int:
        """How many rolls the current seed has given since it was (re)started."""
        return self._rolls_made.get(self.seed, 0)

    def _parse(self) -> tuple[Situation | None, list[str]]:
        """The situation the inputs describe, or the errors that stop it."""
        errors: list[str] = []

        def read(what: str, reader: Any, *args: Any) -> Any:
            try:
                return reader(*args)
            except DoriaError as exc:
                errors.append(f"{what}: {exc}")
                return None

        options = self.options
        if self.mode == COMPARATIVE:
            attack = read("Attack", Dice.parse, self.attack_input.value)
            defense = read("Defense", Dice.parse, self.defense_input.value)
            if errors:
                return None, errors
            situation = Situation(
                mode=COMPARATIVE,
                options=options,
                attack=attack,
                defense=defense,
                attacker=Side.MONSTER if self.attacker_monster.value else Side.CHARACTER,
                defender=Side.MONSTER if self.defender_monster.value else Side.CHARACTER,
            )
            return situation, errors

        bonuses: list[tuple[str, int]] = []
        seen: set[str] = set()
        for i, (name_input, value_input) in enumerate(
            zip(self.attr_name_inputs, self.attr_value_inputs, strict=True)
        ):
            typed = name_input.value.strip()
            name = typed or f"attribute {i + 1}"
            what = f"Attribute {i + 1} ({name})"
            value = read(what, parse_number, value_input.value, f"The value of {name}")
            if not typed and value == 0:
                continue  # an unused attribute field
            while name in seen:
                name += " (2)"
            seen.add(name)
            bonuses.append((name, value))
        dice = read("Dice", Dice.parse, self.check_dice_input.value)
        target = read("TN", parse_number, self.target_input.value, "The Target Number")
        if errors:
            return None, errors
        situation = Situation(
            mode=CHECK, options=options, dice=dice, bonuses=tuple(bonuses), target=target
        )
        return situation, errors

    def _on_input(self, change: dict[str, Any]) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Re-read the inputs: show an error, or recompute the odds and the chart."""
        check = self.mode == CHECK
        self.comparative_box.layout.display = "none" if check else None
        self.check_box.layout.display = None if check else "none"
        self.dice_rolling_box.disabled = check
        self.critical_fail_box.disabled = check

        situation, errors = self._parse()
        odds: Any = None
        if situation is not None:
            try:
                odds = self._odds_for(situation)
            except DoriaError as exc:
                errors.append(str(exc))
        if errors:
            self._show_error(errors)
            return
        self._show_error([])
        if situation == self.situation:
            return
        self.situation = situation
        self.odds = odds
        self.odds_html.value = odds_html(situation, odds)
        self.outcome_chart.show(
            odds.outcome_distribution(),
            check=situation.is_check,
            title=f"Outcome odds: {situation.describe()}",
        )
        self._show_explanation()

    def _odds_for(self, situation: Situation) -> Any:
        if situation not in self._odds_cache:
            if len(self._odds_cache) >= ODDS_CACHE_SIZE:
                self._odds_cache.pop(next(iter(self._odds_cache)))
            self._odds_cache[situation] = situation.compute_odds()
        return self._odds_cache[situation]

    def _show_error(self, errors: list[str]) -> None:
        self.error = "\n".join(errors)
        self.roll_button.disabled = bool(errors)
        if errors:
            lines = "".join(f"<li>{escape_html(error)}</li>" for error in errors)
            self.error_html.value = (
                '<div class="doria-error-body" role="alert">'
                "<strong>⚠ Cannot roll this:</strong>"
                f"<ul>{lines}</ul>"
                "<em>The odds, chart and result below are still those of the last good "
                "input.</em></div>"
            )
        else:
            self.error_html.value = ""

    # --- rolling ------------------------------------------------------------------------

    def roll(self) -> ComparativeResult | CheckResult:
        """Roll the current situation with the next dice of the seed; show and return it.

        Raises :class:`DoriaError` (with the message shown in the view) when an input is bad.
        """
        if self.error or self.situation is None:
            raise DoriaError(self.error or "There is nothing to roll yet.")
        seed = self.seed
        chance = self._chances.get(seed) or Chance.seeded(seed)
        result = self.situation.roll(chance)
        self._chances[seed] = chance
        self._rolls_made[seed] = self._rolls_made.get(seed, 0) + 1
        self.result = result
        self.result_situation = self.situation
        self._roll_tag = f"Roll {self._rolls_made[seed]} with seed {seed}"
        self.tray.show_result(result)
        self._show_explanation()
        self._mark_landed(result.outcome)
        return result

    def _on_roll_click(self, _button: widgets.Button) -> None:
        # A click from the page never reaches a disabled button, but Button.click() from
        # Python does: a bad input must change nothing.
        if self.error or self.situation is None:
            return
        self.roll()

    def reset_seed(self) -> None:
        """Start the current seed over: the next roll repeats the seed's first roll."""
        self._chances.pop(self.seed, None)
        self._rolls_made.pop(self.seed, None)

    def _show_explanation(self) -> None:
        if self.result is None:
            return
        text = escape_html(self.result.explain())
        if self.result_situation != self.situation:
            self.explanation_html.value = (
                f'<p class="doria-explanation-stale"><em>Previous roll, before the inputs '
                f"changed</em> ({escape_html(self.result_situation.describe())}): {text}</p>"
                if self.result_situation is not None
                else ""
            )
        else:
            self.explanation_html.value = (
                f"<p><strong>{escape_html(self._roll_tag)}:</strong> {text}</p>"
            )

    # --- chart --------------------------------------------------------------------------

    @property
    def chart(self) -> BoardWidget:
        """The widget showing the outcome chart's Bokeh :attr:`figure`."""
        return self.outcome_chart.widget

    @property
    def chart_caption(self) -> widgets.HTML:
        """The outcome chart in words (for screen readers and for the curious)."""
        return self.outcome_chart.caption

    @property
    def figure(self) -> BokehFigure:
        """The Bokeh figure of the outcome classes (made once, updated in place)."""
        return self.outcome_chart.figure

    @property
    def source(self) -> ColumnDataSource:
        """The chart's data: one row per drawn outcome class, the landed one ``landed == 1``."""
        return self.outcome_chart.source

    @property
    def landed_label(self) -> str | None:
        """The chart label of the class the last roll landed in (``None`` before a roll)."""
        return self.outcome_chart.landed_label

    def _mark_landed(self, outcome: Outcome) -> None:
        """Mark where a roll landed on the chart (also reached by tests for forged results)."""
        self.outcome_chart.mark_landed(outcome)


__all__ = [
    "CHART_MIN_PROBABILITY",
    "CHECK",
    "COMPARATIVE",
    "CSS_CLASSES",
    "KIND_COLOURS",
    "LANDED_HATCH",
    "LANDED_MARKER",
    "MAX_NUMBER",
    "MODES",
    "NO_HATCH",
    "ODDS_CACHE_SIZE",
    "CheckRoller",
    "Situation",
    "format_probability",
    "odds_html",
    "parse_number",
]
