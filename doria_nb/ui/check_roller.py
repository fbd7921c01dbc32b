"""The check roller: set up a comparative roll or a target-number check, see the exact odds,
roll, and see where the roll landed.

A composed ipywidgets view (a :class:`ipywidgets.VBox`): inputs for the situation, the optional
rules that change it, a seed, the exact odds (recomputed whenever an input changes), a Roll
button, a :class:`~doria_nb.ui.dice_tray.DiceTray`, the engine's explanation and a Bokeh chart
of the outcome distribution with the landed class marked by a hatch pattern and "▼ you".

A chapter presets a situation through the constructor::

    CheckRoller(attack="3D", defense="2D+5", seed=1)
    CheckRoller(mode="check", attributes=(("STR", 15), ("AGI", 10)), target=35)

Bad input (``"3d+"``, ``"0D"``, TN ``"abc"``) shows the engine's message in the error area,
disables Roll and leaves the last good odds, chart and result as they were.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets
from bokeh.models import (
    ColumnDataSource,
    FactorRange,
    HoverTool,
    NumeralTickFormatter,
    Range1d,
)
from bokeh.plotting import figure
from jupyter_bokeh import BokehModel

from doria_nb.engine import odds as odds_engine
from doria_nb.engine.chance import Chance
from doria_nb.engine.checks import (
    CheckResult,
    ComparativeResult,
    Outcome,
    OutcomeKind,
    Side,
    comparative_roll,
    target_check,
)
from doria_nb.engine.dice import Dice
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.options import RulesOptions
from doria_nb.ui.dice_tray import DiceTray

COMPARATIVE = "comparative"
CHECK = "check"
MODES = (COMPARATIVE, CHECK)

MAX_NUMBER = 999
"""Largest attribute value or Target Number the roller accepts (in absolute value)."""

KIND_COLOURS = {
    OutcomeKind.FUMBLE: "#D55E00",  # Okabe-Ito vermillion
    OutcomeKind.MISS: "#E69F00",  # Okabe-Ito orange
    OutcomeKind.HIT: "#0072B2",  # Okabe-Ito blue
}
"""Bar colours by outcome kind; the x-axis labels say the same in words."""

ODDS_CACHE_SIZE = 64
"""How many situations' odds a roller remembers (switching back and forth is instant)."""

CHART_MIN_PROBABILITY = 5e-5
"""Outcome classes rarer than this are left out of the chart (unless a roll lands there);
the caption says how many and how likely they are together."""

LANDED_HATCH = "x"
NO_HATCH = " "
LANDED_MARKER = "▼ you"

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

_INT = re.compile(r"[+-]?\d+")


def parse_number(text: object, what: str) -> int:
    """Read a whole number typed into a field; raise :class:`DoriaError` saying what is wrong.

    >>> parse_number(" 35 ", "The Target Number")
    35
    >>> parse_number("abc", "The Target Number")
    Traceback (most recent call last):
    ...
    doria_nb.engine.errors.DoriaError: The Target Number must be a whole number like 35, not 'abc'.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        value = text
    else:
        shown = str(text).strip()
        if not shown:
            raise DoriaError(f"{what} is empty: type a whole number like 35.")
        if not _INT.fullmatch(shown):
            raise DoriaError(f"{what} must be a whole number like 35, not '{shown}'.")
        value = int(shown)
    if abs(value) > MAX_NUMBER:
        raise DoriaError(f"{what} is {value}; keep it within ±{MAX_NUMBER}.")
    return value


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


# --- formatting -------------------------------------------------------------------------


def format_probability(p: float) -> str:
    """A probability as a percentage that stays readable for tiny values.

    >>> format_probability(0.62413), format_probability(0.0), format_probability(3e-7)
    ('62.41%', '0%', '0.00003%')
    """
    p = float(p)
    if p <= 0:
        return "0%"
    percent = p * 100
    if percent >= 0.01:
        return f"{percent:.2f}%"
    digits = min(12, 1 - math.floor(math.log10(percent)))
    return f"{percent:.{digits}f}".rstrip("0").rstrip(".") + "%"


def _pairs(distribution: Any) -> list[tuple[int, float]]:
    """(criticals, probability) pairs from a mapping, a list of pairs or a list indexed by k."""
    if distribution is None:
        return []
    if isinstance(distribution, Mapping):
        items: Iterable[Any] = distribution.items()
    else:
        items = list(distribution)
        if items and not isinstance(items[0], tuple | list):
            items = list(enumerate(items))
    return sorted((int(k), float(p)) for k, p in items)


def _distribution_text(distribution: Any, *, least: float = 5e-5) -> str:
    pairs = _pairs(distribution)
    shown = [f"{k}: {format_probability(p)}" for k, p in pairs if p >= least]
    rest = sum(p for _, p in pairs if p < least)
    if rest > 0:
        shown.append(f"more: {format_probability(rest)}")
    return " · ".join(shown) if shown else "none"


def _bound_text(bound: Any) -> str:
    bound = float(bound or 0)
    if bound <= 0:
        return "the odds are exact (no tail left out)"
    return (
        f"exact except for a left-out tail of exploding dice worth at most {bound:.1e} "
        "in probability"
    )


def _escape(text: object) -> str:
    return html.escape(str(text), quote=True)


def odds_html(situation: Situation, odds: Any) -> str:
    """The odds panel: exact probabilities before rolling, in words."""
    rules = situation.options.enabled()
    head = f"<strong>Exact odds before rolling</strong>: {_escape(situation.describe())}"
    if rules:
        head += f" (optional rules: {_escape(', '.join(rules))})"
    items: list[str] = []
    if situation.is_check:
        items.append(f"P(success) = {format_probability(odds.p_success)}")
        items.append(f"P(fumble) = {format_probability(odds.p_fumble)}")
        items.append(f"Expected critical successes = {float(odds.expected_crits):.3f}")
        items.append(
            "Successes by number of critical successes: "
            f"{_distribution_text(odds.crit_distribution)}"
        )
        items.append(
            "Failures by number of critical failures (a fumble adds one): "
            f"{_distribution_text(odds.crit_failure_distribution)}"
        )
    else:
        items.append(f"P(hit) = {format_probability(odds.p_success)}")
        items.append(f"P(miss) = {format_probability(odds.p_miss)}")
        items.append(
            "P(fumble): attacker "
            f"{format_probability(odds.p_attacker_fumble)}, defender "
            f"{format_probability(odds.p_defender_fumble)}, both "
            f"{format_probability(odds.p_both_fumble)}"
        )
        items.append(f"Expected criticals = {float(odds.expected_crits):.3f}")
        items.append(f"Hits by number of criticals: {_distribution_text(odds.crit_distribution)}")
        failures = getattr(odds, "crit_failure_distribution", None)
        if failures is not None:
            items.append(
                "Misses by number of critical failures (an attacker's fumble adds one): "
                f"{_distribution_text(failures)}"
            )
    items.append(f"Truncation bound: {_bound_text(odds.truncation_bound)}")
    body = "".join(f"<li>{_escape(item)}</li>" for item in items)
    return f'<div class="doria-odds-body"><p>{head}</p><ul>{body}</ul></div>'


def _outcome_key(outcome: Outcome) -> str:
    return f"{outcome.kind.value}:{outcome.criticals}"


# --- the view ---------------------------------------------------------------------------


class CheckRoller(widgets.VBox):
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
        self._distribution: list[tuple[Outcome, float]] = []
        self._left_out: tuple[int, float] = (0, 0.0)
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
        self.chart_caption = widgets.HTML()
        self._build_chart()

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
        self._set_chart(situation, odds)
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
            lines = "".join(f"<li>{_escape(error)}</li>" for error in errors)
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
        text = _escape(self.result.explain())
        if self.result_situation != self.situation:
            self.explanation_html.value = (
                f'<p class="doria-explanation-stale"><em>Previous roll, before the inputs '
                f"changed</em> ({_escape(self.result_situation.describe())}): {text}</p>"
                if self.result_situation is not None
                else ""
            )
        else:
            self.explanation_html.value = (
                f"<p><strong>{_escape(self._roll_tag)}:</strong> {text}</p>"
            )

    # --- chart --------------------------------------------------------------------------

    def _build_chart(self) -> None:
        self.source = ColumnDataSource(data=self._columns([], check=False))
        self.figure = figure(
            x_range=FactorRange(factors=[]),
            y_range=Range1d(0, 1),
            height=300,
            width=620,
            toolbar_location=None,
            tools="",
            title="Outcome odds",
        )
        bars = self.figure.vbar(
            x="label",
            top="p",
            width=0.8,
            source=self.source,
            fill_color="color",
            line_color="#000000",
            line_width="line_width",
            hatch_pattern="hatch",
            hatch_color="#000000",
            hatch_scale=10,
        )
        self.figure.text(
            x="label",
            y="p",
            text="pct",
            source=self.source,
            text_align="center",
            text_baseline="bottom",
            y_offset=-2,
            text_font_size="11px",
        )
        self.figure.text(
            x="label",
            y="p",
            text="marker",
            source=self.source,
            text_align="center",
            text_baseline="bottom",
            y_offset=-18,
            text_font_size="13px",
            text_font_style="bold",
        )
        self.figure.add_tools(
            HoverTool(renderers=[bars], tooltips=[("outcome", "@label"), ("probability", "@pct")])
        )
        self.figure.yaxis.formatter = NumeralTickFormatter(format="0%")
        self.figure.yaxis.axis_label = "probability"
        self.figure.xaxis.major_label_orientation = 0.6
        self.figure.xgrid.grid_line_color = None
        self.chart = BokehModel(self.figure)

    @staticmethod
    def _columns(distribution: list[tuple[Outcome, float]], *, check: bool) -> dict[str, list[Any]]:
        return {
            "key": [_outcome_key(outcome) for outcome, _ in distribution],
            "label": [outcome.label(check=check) for outcome, _ in distribution],
            "kind": [outcome.kind.value for outcome, _ in distribution],
            "criticals": [outcome.criticals for outcome, _ in distribution],
            "p": [float(p) for _, p in distribution],
            "pct": [format_probability(p) for _, p in distribution],
            "color": [KIND_COLOURS[outcome.kind] for outcome, _ in distribution],
            "hatch": [NO_HATCH] * len(distribution),
            "line_width": [1.0] * len(distribution),
            "marker": [""] * len(distribution),
            "landed": [0] * len(distribution),
        }

    def _set_chart(self, situation: Situation, odds: Any, landed: Outcome | None = None) -> None:
        everything = [(outcome, float(p)) for outcome, p in odds.outcome_distribution()]
        distribution = [
            (outcome, p)
            for outcome, p in everything
            if p >= CHART_MIN_PROBABILITY or outcome == landed
        ]
        if landed is not None and all(outcome != landed for outcome, _ in distribution):
            # The roll landed in a class the odds leave out (beyond the truncation): show it.
            distribution.append((landed, 0.0))
        distribution.sort(key=lambda pair: pair[0].sort_key)
        left_out = [p for outcome, p in everything if (outcome, p) not in distribution]
        self._left_out = (len(left_out), sum(left_out))
        self._distribution = distribution
        columns = self._columns(distribution, check=situation.is_check)
        top = max(columns["p"], default=0.0)
        self.figure.title.text = f"Outcome odds: {situation.describe()}"
        self.figure.x_range.factors = columns["label"]
        self.figure.y_range.end = max(0.1, min(1.2, top * 1.3 + 0.04))
        self.source.data = columns
        self._update_caption()

    def _mark_landed(self, outcome: Outcome) -> None:
        assert self.situation is not None
        keys = self.source.data["key"]
        if _outcome_key(outcome) not in keys:
            self._set_chart(self.situation, self.odds, landed=outcome)
            keys = self.source.data["key"]
        index = keys.index(_outcome_key(outcome))
        patches: dict[str, list[tuple[int, Any]]] = {
            "hatch": [],
            "line_width": [],
            "marker": [],
            "landed": [],
        }
        for i, was in enumerate(self.source.data["landed"]):
            now = int(i == index)
            if was != now:
                patches["hatch"].append((i, LANDED_HATCH if now else NO_HATCH))
                patches["line_width"].append((i, 3.0 if now else 1.0))
                patches["marker"].append((i, LANDED_MARKER if now else ""))
                patches["landed"].append((i, now))
        if patches["landed"]:
            self.source.patch(patches)
        self._update_caption()

    @property
    def landed_label(self) -> str | None:
        """The chart label of the class the last roll landed in (``None`` before a roll)."""
        data = self.source.data
        for label, landed in zip(data["label"], data["landed"], strict=True):
            if landed:
                return label
        return None

    def _update_caption(self) -> None:
        data = self.source.data
        rows = []
        for label, pct, landed in zip(data["label"], data["pct"], data["landed"], strict=True):
            mark = f" <strong>{_escape(LANDED_MARKER)}</strong>" if landed else ""
            rows.append(f"<li>{_escape(label)}: {_escape(pct)}{mark}</li>")
        landed = self.landed_label
        lead = (
            f"The roll landed on <strong>{_escape(landed)}</strong> (hatched bar, “▼ you”)."
            if landed
            else "Roll to mark where you land."
        )
        count, total = self._left_out
        rare = (
            f"<p>{count} rarer outcome classes (together {format_probability(total)}) "
            "are not drawn.</p>"
            if count
            else ""
        )
        self.chart_caption.value = (
            f'<div class="doria-chart-caption-body"><p>{lead} The chart in words:</p>'
            f'<ul class="doria-outcome-list">{"".join(rows)}</ul>{rare}</div>'
        )
