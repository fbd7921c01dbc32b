"""The odds in words, without a widget: percentages, distributions and the odds panel.

Rulebook sections: *Comparative Rolls and Target Numbers*, *Critical Rolls and Fumbles* and the
optional rule *No Fumbles* (named in the panel when it is on).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from doria_nb.engine import odds
from doria_nb.engine.options import RulesOptions
from doria_nb.ui.odds_text import (
    criticals_pairs,
    distribution_text,
    escape_html,
    format_probability,
    odds_html,
    truncation_text,
)


@dataclass(frozen=True)
class Described:
    """The least a situation must offer :func:`odds_html`."""

    text: str
    is_check: bool = False
    options: RulesOptions = field(default_factory=RulesOptions)

    def describe(self) -> str:
        return self.text


@pytest.mark.parametrize(
    ("p", "text"),
    [
        (1.0, "100.00%"),
        (0.62413, "62.41%"),
        (0.0001, "0.01%"),
        (0.00001234, "0.0012%"),
        (3e-7, "0.00003%"),
        (0.0, "0%"),
        (-0.1, "0%"),
    ],
)
def test_format_probability(p: float, text: str) -> None:
    assert format_probability(p) == text


def test_criticals_pairs_reads_every_shape_of_distribution() -> None:
    expected = [(0, 0.5), (1, 0.25), (2, 0.25)]
    assert criticals_pairs({2: 0.25, 0: 0.5, 1: 0.25}) == expected
    assert criticals_pairs([(1, 0.25), (0, 0.5), (2, 0.25)]) == expected
    assert criticals_pairs([0.5, 0.25, 0.25]) == expected
    assert criticals_pairs([]) == [] and criticals_pairs(None) == []


def test_distribution_text_sums_the_rare_counts() -> None:
    assert distribution_text({0: 0.9, 1: 0.1}) == "0: 90.00% · 1: 10.00%"
    assert distribution_text({0: 0.99, 5: 1e-6, 6: 2e-6}) == "0: 99.00% · more: 0.0003%"
    assert distribution_text({0: 0.5, 1: 0.5}, least=0.6) == "more: 100.00%"
    assert distribution_text(None) == "none"


def test_truncation_text() -> None:
    assert truncation_text(None) == "the odds are exact (no tail left out)"
    assert "at most 1.2e-09 in probability" in truncation_text(1.2e-9)


def test_escape_html() -> None:
    assert escape_html("<a href='x'>&</a>") == "&lt;a href=&#x27;x&#x27;&gt;&amp;&lt;/a&gt;"
    assert escape_html(3) == "3"


def test_odds_html_of_a_comparative_roll() -> None:
    exact = odds.comparative("3D", "2D+5")
    text = odds_html(Described("attack 3D vs defense 2D+5"), exact)
    assert text.startswith('<div class="doria-odds-body">')
    assert "Exact odds before rolling</strong>: attack 3D vs defense 2D+5" in text
    assert f"P(hit) = {format_probability(exact.p_success)}" in text
    assert f"P(miss) = {format_probability(exact.p_miss)}" in text
    assert f"attacker {format_probability(exact.p_attacker_fumble)}" in text
    assert f"Expected criticals = {float(exact.expected_crits):.3f}" in text
    assert "Misses by number of critical failures" in text
    assert f"Truncation bound: {truncation_text(exact.truncation_bound)}" in text
    assert "optional rules" not in text


def test_odds_html_of_a_check_names_the_optional_rules() -> None:
    options = RulesOptions(no_fumbles=True)
    exact = odds.target_check("2D", 25, 35, options=options)
    text = odds_html(Described("STR 15 + AGI 10 + 2D vs TN 35", True, options), exact)
    assert f"P(success) = {format_probability(exact.p_success)}" in text
    assert "P(fumble) = 0%" in text
    assert "Successes by number of critical successes: " in text
    assert "(optional rules: No Fumbles)" in text
    assert "P(hit)" not in text


def test_odds_html_escapes_the_description() -> None:
    text = odds_html(Described("<script>"), odds.comparative("1D", "1D"))
    assert "<script>" not in text and "&lt;script&gt;" in text
