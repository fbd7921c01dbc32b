"""The check roller, driven from Python as a reader would drive it (no browser).

Rulebook sections: *Comparative Rolls and Target Numbers*, *Critical Rolls and Fumbles* and the
optional rules *No Fumbles*, *Dice Rolling* and *Critical Fail*.
"""

from __future__ import annotations

import html
import re

import pytest
from bokeh.document import Document
from bokeh.models import ColumnDataSource
from jupyter_bokeh import BokehModel

from doria_nb.engine import odds
from doria_nb.engine.chance import Chance
from doria_nb.engine.checks import (
    CheckResult,
    ComparativeResult,
    OutcomeKind,
    Side,
    comparative_roll,
    target_check,
)
from doria_nb.engine.dice import Dice
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.options import RulesOptions
from doria_nb.ui import CheckRoller
from doria_nb.ui.bokeh_widget import BoardWidget
from doria_nb.ui.check_roller import (
    CHART_MIN_PROBABILITY,
    CSS_CLASSES,
    LANDED_HATCH,
    LANDED_MARKER,
    NO_HATCH,
    format_probability,
)


def make(**kwargs) -> CheckRoller:
    kwargs.setdefault("animate", False)
    return CheckRoller(**kwargs)


def snapshot(roller: CheckRoller) -> dict:
    """Everything a bad input must leave untouched."""
    return {
        "odds_html": roller.odds_html.value,
        "odds": roller.odds,
        "situation": roller.situation,
        "result": roller.result,
        "source": {key: list(values) for key, values in roller.source.data.items()},
        "factors": list(roller.figure.x_range.factors),
        "tray": (list(roller.tray.rolls), roller.tray.verdict, roller.tray.serial),
        "explanation": roller.explanation_html.value,
        "caption": roller.chart_caption.value,
    }


def assert_landed_matches(roller: CheckRoller, result: ComparativeResult | CheckResult) -> None:
    data = roller.source.data
    check = isinstance(result, CheckResult)
    landed = [i for i, flag in enumerate(data["landed"]) if flag]
    assert len(landed) == 1, data["landed"]
    (i,) = landed
    outcome = result.outcome
    assert data["label"][i] == outcome.label(check=check)
    assert data["kind"][i] == outcome.kind.value
    assert data["criticals"][i] == outcome.criticals
    assert data["hatch"][i] == LANDED_HATCH
    assert data["marker"][i] == LANDED_MARKER
    others = [j for j in range(len(data["label"])) if j != i]
    assert all(data["hatch"][j] == NO_HATCH and data["marker"][j] == "" for j in others)
    assert roller.landed_label == outcome.label(check=check)
    assert LANDED_MARKER in roller.chart_caption.value


# --- construction and odds ----------------------------------------------------------------


def test_default_is_the_scoundrel_against_the_orc() -> None:
    roller = make()
    assert roller.mode == "comparative"
    assert roller.situation.attack == Dice(3) and roller.situation.defense == Dice(2, 5)
    assert roller.error == "" and not roller.roll_button.disabled
    assert roller.result is None


def test_odds_are_shown_before_rolling_and_are_the_engines() -> None:
    roller = make(attack="3D", defense="2D+5", seed=1)
    expected = odds.comparative("3D", "2D+5")
    assert roller.odds.p_success == expected.p_success
    text = roller.odds_html.value
    assert f"P(hit) = {format_probability(expected.p_success)}" in text
    assert format_probability(expected.p_attacker_fumble) in text
    assert "Expected criticals" in text
    assert "Truncation bound" in text
    assert f"{expected.truncation_bound:.1e}" in text
    assert roller.result is None  # nothing rolled yet


def test_chart_bars_are_the_outcome_distribution() -> None:
    roller = make(attack="2D", defense="2D")
    distribution = odds.comparative("2D", "2D").outcome_distribution()
    data = roller.source.data
    drawn = dict(zip(data["label"], data["p"], strict=True))
    expected = [(o.label(), p) for o, p in distribution if p >= CHART_MIN_PROBABILITY]
    assert list(drawn.items()) == expected  # every class worth drawing, worst first
    assert {"fumble", "miss", "hit", "hit +1 crit"} <= set(drawn)
    assert len(drawn) < len(distribution)  # the rarest are only counted in the caption
    assert "rarer outcome classes" in roller.chart_caption.value
    assert list(roller.figure.x_range.factors) == data["label"]
    assert not any(data["landed"])
    assert set(data["hatch"]) == {NO_HATCH}


def test_chart_is_a_bokeh_model_of_the_figure() -> None:
    roller = make()
    assert isinstance(roller.chart, BokehModel)
    assert roller.chart._model is roller.figure


def test_displaying_the_roller_sends_the_chart_with_its_odds() -> None:
    """The roller draws its first odds before it is displayed; a plain jupyter_bokeh widget
    would show the chart as built (an empty frame titled "Outcome odds")."""
    roller = make(attack="3D", defense="2D+5")
    assert isinstance(roller.chart, BoardWidget)
    roller._repr_mimebundle_()
    (doc_json,) = roller.chart.render_bundle["docs_json"].values()
    sent = Document.from_json(doc_json).roots[0]
    assert sent.title.text == f"Outcome odds: {roller.situation.describe()}"
    sent_source = sent.select_one({"type": ColumnDataSource})
    assert list(sent_source.data["label"]) == roller.source.data["label"] != []


def test_css_classes_are_stable() -> None:
    roller = make()
    assert CSS_CLASSES["root"] in roller._dom_classes
    parts = {
        "attack": roller.attack_input,
        "defense": roller.defense_input,
        "roll": roller.roll_button,
        "odds": roller.odds_html,
        "explanation": roller.explanation_html,
        "error": roller.error_html,
        "chart": roller.chart,
        "seed": roller.seed_input,
        "reset": roller.reset_button,
        "target": roller.target_input,
        "mode": roller.mode_toggle,
        "no_fumbles": roller.no_fumbles_box,
    }
    for key, part in parts.items():
        assert CSS_CLASSES[key] in part._dom_classes, key
    assert {
        "doria-check-roller",
        "doria-attack-input",
        "doria-roll-button",
        "doria-odds",
        "doria-explanation",
        "doria-error",
        "doria-chart",
    } <= set(CSS_CLASSES.values())


def test_changing_an_input_recomputes_the_odds() -> None:
    roller = make(attack="3D", defense="2D+5")
    before = roller.odds_html.value
    roller.attack_input.value = "4D+2"
    assert roller.odds_html.value != before
    assert roller.odds.p_success == odds.comparative("4D+2", "2D+5").p_success
    assert "4D+2" in roller.odds_html.value
    assert roller.figure.title.text.endswith("attack 4D+2 (character) vs defense 2D+5 (monster)")


@pytest.mark.parametrize(
    ("box", "field"),
    [
        ("no_fumbles_box", "no_fumbles"),
        ("dice_rolling_box", "dice_rolling"),
        ("critical_fail_box", "critical_fail"),
    ],
)
def test_optional_rule_checkboxes(box: str, field: str) -> None:
    roller = make()
    getattr(roller, box).value = True
    assert getattr(roller.options, field) is True
    assert getattr(roller.situation.options, field) is True
    assert roller.odds.options == roller.options


def test_no_fumbles_removes_the_fumble_odds() -> None:
    roller = make(attack="3D", defense="2D+5")
    assert roller.odds.p_attacker_fumble > 0
    roller.no_fumbles_box.value = True
    assert roller.odds.p_attacker_fumble == 0
    assert "No Fumbles" in roller.odds_html.value
    assert "fumble" not in roller.source.data["label"]


def test_dice_rolling_fixes_the_monster_dice_in_the_tray() -> None:
    roller = make(attack="3D", defense="2D+5", options=RulesOptions(dice_rolling=True), seed=3)
    assert roller.dice_rolling_box.value
    result = roller.roll()
    assert result.defense.fixed
    assert roller.tray.rolls[1]["fixed"]
    assert roller.tray.rolls[1]["total"] == 17


def test_monster_toggles_set_the_sides() -> None:
    roller = make(attacker_is_monster=True, defender_is_monster=False, seed=2)
    assert roller.situation.attacker is Side.MONSTER
    assert roller.situation.defender is Side.CHARACTER
    result = roller.roll()
    assert (result.attacker, result.defender) == (Side.MONSTER, Side.CHARACTER)
    assert roller.tray.rolls[0]["who"] == "monster"
    roller.defender_monster.value = True
    assert roller.situation.defender is Side.MONSTER


# --- rolling ----------------------------------------------------------------------------


def test_clicking_roll_shows_the_roll_everywhere() -> None:
    roller = make(attack="3D", defense="2D+5", seed=1)
    odds_before = roller.odds_html.value
    roller.roll_button.click()
    result = roller.result
    assert isinstance(result, ComparativeResult)
    assert roller.odds_html.value == odds_before  # the odds belong to the situation
    attack, defense = roller.tray.rolls
    assert attack["total"] == result.attack.total
    assert defense["total"] == result.defense.total
    assert attack["chains"] == [list(chain.faces) for chain in result.attack.chains]
    assert roller.tray.serial == 1
    assert html.escape(result.explain()) in roller.explanation_html.value
    assert "Roll 1 with seed 1" in roller.explanation_html.value
    assert_landed_matches(roller, result)


def test_roll_uses_the_seeds_chance() -> None:
    roller = make(attack="3D", defense="2D+5", seed=11)
    chance = Chance.seeded(11)
    for _ in range(3):
        expected = comparative_roll("3D", "2D+5", chance)
        assert roller.roll() == expected


@pytest.mark.parametrize("seed", range(0, 200, 7))
def test_landed_class_matches_the_outcome_for_many_rolls(seed: int) -> None:
    roller = make(attack="1D+2", defense="2D", seed=seed)
    for _ in range(5):
        result = roller.roll()
        assert_landed_matches(roller, result)


def test_every_kind_of_outcome_gets_marked() -> None:
    roller = make(attack="2D", defense="2D", seed=0)
    kinds = set()
    for _ in range(400):
        result = roller.roll()
        assert_landed_matches(roller, result)
        kinds.add(result.outcome.kind)
        if result.outcome.criticals:
            kinds.add(("crit", result.outcome.kind))
    assert {OutcomeKind.FUMBLE, OutcomeKind.MISS, OutcomeKind.HIT} <= kinds
    assert ("crit", OutcomeKind.HIT) in kinds


@pytest.mark.parametrize("crits", [9, 60])
def test_a_class_missing_from_the_chart_is_added_when_landed(crits: int) -> None:
    # 9 criticals: in the odds but too rare to draw; 60: beyond the odds' truncation.
    roller = make(attack="2D", defense="2D")
    first = roller.roll()
    result = ComparativeResult(
        attack=first.attack,
        defense=first.defense,
        attacker_fumbled=False,
        defender_fumbled=False,
        hit=True,
        criticals=crits,
        critical_failures=0,
    )
    label = result.outcome.label()
    assert label not in roller.source.data["label"]
    roller.result = result
    roller._mark_landed(result.outcome)
    assert_landed_matches(roller, result)
    data = roller.source.data
    expected = dict((o.label(), p) for o, p in roller.odds.outcome_distribution()).get(label, 0.0)
    assert data["p"][data["label"].index(label)] == expected
    assert data["label"][-1] == label  # still worst first
    assert list(roller.figure.x_range.factors) == data["label"]


def test_the_same_seed_gives_the_same_rolls() -> None:
    first, second = make(seed=42), make(seed=42)
    rolls_a = [first.roll() for _ in range(4)]
    rolls_b = [second.roll() for _ in range(4)]
    assert rolls_a == rolls_b
    assert first.tray.rolls == second.tray.rolls


def test_reset_repeats_the_seed() -> None:
    roller = make(seed=5)
    before = [roller.roll() for _ in range(3)]
    assert roller.rolls_with_seed == 3
    roller.reset_button.click()
    assert roller.rolls_with_seed == 0
    after = [roller.roll() for _ in range(3)]
    assert before == after


def test_each_seed_keeps_its_own_sequence() -> None:
    roller = make(seed=1)
    a1 = roller.roll()
    roller.seed_input.value = 2
    b1 = roller.roll()
    roller.seed_input.value = 1
    a2 = roller.roll()
    chance = Chance.seeded(1)
    assert [a1, a2] == [comparative_roll("3D", "2D+5", chance) for _ in range(2)]
    assert b1 == comparative_roll("3D", "2D+5", Chance.seeded(2))
    assert "Roll 2 with seed 1" in roller.explanation_html.value


def test_changing_the_situation_after_a_roll_unmarks_the_chart() -> None:
    roller = make(seed=1)
    result = roller.roll()
    roller.defense_input.value = "3D+5"
    assert not any(roller.source.data["landed"])
    assert roller.result == result  # the last result is kept...
    assert "Previous roll" in roller.explanation_html.value  # ...and said to be old
    new = roller.roll()
    assert new.defense.dice == Dice(3, 5)
    assert_landed_matches(roller, new)


def test_the_figure_is_updated_not_rebuilt() -> None:
    roller = make(seed=1)
    figure, source, chart = roller.figure, roller.source, roller.chart
    renderers = list(figure.renderers)
    roller.roll()
    roller.attack_input.value = "5D"
    roller.roll()
    roller.mode_toggle.value = "check"
    roller.roll()
    assert roller.figure is figure and roller.source is source and roller.chart is chart
    assert list(figure.renderers) == renderers
    assert chart._model is figure


# --- target-number checks ---------------------------------------------------------------


def test_check_preset_shows_check_odds() -> None:
    roller = make(mode="check", attributes=(("STR", 15), ("AGI", 10)), target=35, seed=4)
    assert roller.mode == "check"
    expected = odds.target_check("2D", 25, 35)
    assert roller.odds.p_success == expected.p_success
    assert f"P(success) = {format_probability(expected.p_success)}" in roller.odds_html.value
    assert "STR 15 + AGI 10 + 2D vs TN 35" in roller.odds_html.value
    assert "success" in roller.source.data["label"]
    assert roller.comparative_box.layout.display == "none"
    assert roller.check_box.layout.display is None
    assert roller.dice_rolling_box.disabled and roller.critical_fail_box.disabled


def test_check_roll() -> None:
    roller = make(mode="check", attributes=(("STR", 15), ("AGI", 10)), target=35, seed=4)
    roller.roll_button.click()
    result = roller.result
    assert isinstance(result, CheckResult)
    assert result == target_check(35, Chance.seeded(4), {"STR": 15, "AGI": 10})
    assert result.bonuses == (("STR", 15), ("AGI", 10))
    (state,) = roller.tray.rolls
    assert state["total"] == result.total and state["target"] == 35
    assert html.escape(result.explain()) in roller.explanation_html.value
    assert_landed_matches(roller, result)


@pytest.mark.parametrize("seed", range(0, 120, 5))
def test_check_landed_class_matches(seed: int) -> None:
    roller = make(mode="check", attributes={"CON": 8, "PSI": 15}, target=32, seed=seed)
    for _ in range(4):
        assert_landed_matches(roller, roller.roll())


def test_check_inputs_change_the_odds() -> None:
    roller = make(mode="check")
    before = roller.odds_html.value
    roller.target_input.value = "40"
    assert roller.odds_html.value != before
    assert roller.odds.target == 40
    roller.attr_value_inputs[0].value = "20"
    assert roller.odds.bonus == 30
    roller.check_dice_input.value = "3D"
    assert roller.odds.dice == Dice(3)
    roller.attr_name_inputs[1].value = "PSI"
    assert roller.situation.bonuses == (("STR", 20), ("PSI", 10))


def test_switching_modes() -> None:
    roller = make()
    roller.mode_toggle.value = "check"
    assert roller.situation.is_check
    assert roller.comparative_box.layout.display == "none"
    roller.mode_toggle.value = "comparative"
    assert not roller.situation.is_check
    assert roller.check_box.layout.display == "none"


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="mode"):
        CheckRoller(mode="duel")


# --- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "text", "engine_call"),
    [
        ("attack_input", "3d+", lambda: Dice.parse("3d+")),
        ("attack_input", "0D", lambda: Dice.parse("0D")),
        ("defense_input", "", lambda: Dice.parse("")),
        ("defense_input", "2D+5x", lambda: Dice.parse("2D+5x")),
    ],
)
def test_bad_dice_show_the_engines_error_and_change_nothing(field, text, engine_call) -> None:
    roller = make(seed=1)
    roller.roll()
    before = snapshot(roller)
    with pytest.raises(DoriaError) as caught:
        engine_call()
    message = str(caught.value)

    getattr(roller, field).value = text

    assert message in roller.error
    assert html.escape(message) in roller.error_html.value
    assert roller.roll_button.disabled
    roller.roll_button.click()  # Button.click() from Python ignores `disabled`...
    assert snapshot(roller) == before  # ...but nothing changes
    with pytest.raises(DoriaError, match=re.escape(message)):
        roller.roll()
    assert snapshot(roller) == before


@pytest.mark.parametrize(
    ("field", "text", "needle"),
    [
        ("target_input", "abc", "The Target Number must be a whole number like 35, not 'abc'."),
        ("target_input", "", "The Target Number is empty"),
        ("check_dice_input", "0D", "0D rolls no dice"),
        ("check_dice_input", "3d+", "ends with '+' but no number follows it"),
    ],
)
def test_bad_check_input_shows_an_error_and_changes_nothing(field, text, needle) -> None:
    roller = make(mode="check", seed=2)
    roller.roll()
    before = snapshot(roller)
    getattr(roller, field).value = text
    assert needle in roller.error
    assert html.escape(needle) in roller.error_html.value
    assert roller.roll_button.disabled
    roller.roll_button.click()
    assert snapshot(roller) == before


def test_bad_attribute_value() -> None:
    roller = make(mode="check")
    before = snapshot(roller)
    roller.attr_value_inputs[1].value = "ten"
    assert "Attribute 2 (AGI)" in roller.error and "not 'ten'" in roller.error
    assert snapshot(roller) == before


def test_several_errors_are_all_listed() -> None:
    roller = make()
    roller.attack_input.value = "3d+"
    roller.defense_input.value = "0D"
    assert roller.error.count("\n") == 1
    assert "Attack:" in roller.error and "Defense:" in roller.error


def test_fixing_the_input_clears_the_error() -> None:
    roller = make(seed=1)
    good_odds = roller.odds_html.value
    roller.attack_input.value = "3d+"
    assert roller.error
    roller.attack_input.value = "3D"
    assert roller.error == "" and roller.error_html.value == ""
    assert not roller.roll_button.disabled
    assert roller.odds_html.value == good_odds
    roller.roll_button.click()
    assert roller.result is not None


def test_a_bad_preset_shows_an_error_instead_of_raising() -> None:
    roller = make(attack="0D")
    assert "0D rolls no dice" in roller.error
    assert roller.roll_button.disabled
    assert roller.situation is None and roller.odds is None
    roller.attack_input.value = "1D"
    assert roller.situation is not None and not roller.roll_button.disabled


def test_one_attribute_is_enough() -> None:
    roller = make(mode="check", attributes=(("PSI", 15),), target=20, seed=3)
    assert roller.situation.bonuses == (("PSI", 15),)
    result = roller.roll()
    assert result.bonuses == (("PSI", 15),)
    assert "PSI 15 + 2D" in roller.explanation_html.value


def test_the_view_displays_as_one_widget() -> None:
    roller = make()
    bundle = roller._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == roller.model_id
    assert roller.tray in roller.children and roller.chart in roller.children
