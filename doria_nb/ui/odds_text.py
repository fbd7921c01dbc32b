"""Exact odds in words: probabilities as readable percentages and the check roller's odds panel.

Kept apart from the widgets so any view that shows odds (the check roller, its outcome chart,
a combat resolver) writes a probability the same way, and so the wording can be tested without
building a widget.

>>> format_probability(0.5), distribution_text({0: 0.9, 1: 0.09, 2: 1e-6})
('50.00%', '0: 90.00% · 1: 9.00% · more: 0.0001%')
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from doria_nb.engine.options import RulesOptions

DISTRIBUTION_MIN_PROBABILITY = 5e-5
"""Counts of criticals rarer than this are summed into one "more" entry."""


class DescribedSituation(Protocol):
    """What :func:`odds_html` needs of a situation (the check roller's ``Situation``)."""

    @property
    def options(self) -> RulesOptions: ...

    @property
    def is_check(self) -> bool: ...

    def describe(self) -> str: ...


def escape_html(text: object) -> str:
    """``text`` made safe to put inside HTML (quotes included).

    >>> escape_html('<b> "x"')
    '&lt;b&gt; &quot;x&quot;'
    """
    return html.escape(str(text), quote=True)


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


def criticals_pairs(distribution: Any) -> list[tuple[int, float]]:
    """``(criticals, probability)`` pairs, sorted, from a mapping, a list of pairs or a list
    indexed by the number of criticals.

    >>> criticals_pairs([0.75, 0.25]), criticals_pairs({2: 0.1, 0: 0.9}), criticals_pairs(None)
    ([(0, 0.75), (1, 0.25)], [(0, 0.9), (2, 0.1)], [])
    """
    if distribution is None:
        return []
    if isinstance(distribution, Mapping):
        items: Iterable[Any] = distribution.items()
    else:
        items = list(distribution)
        if items and not isinstance(items[0], tuple | list):
            items = list(enumerate(items))
    return sorted((int(k), float(p)) for k, p in items)


def distribution_text(distribution: Any, *, least: float = DISTRIBUTION_MIN_PROBABILITY) -> str:
    """A distribution of criticals in one line; counts rarer than ``least`` are summed.

    >>> distribution_text({}), distribution_text([0.5, 0.5])
    ('none', '0: 50.00% · 1: 50.00%')
    """
    pairs = criticals_pairs(distribution)
    shown = [f"{k}: {format_probability(p)}" for k, p in pairs if p >= least]
    rest = sum(p for _, p in pairs if p < least)
    if rest > 0:
        shown.append(f"more: {format_probability(rest)}")
    return " · ".join(shown) if shown else "none"


def truncation_text(bound: Any) -> str:
    """How exact the odds are, from the engine's truncation bound.

    >>> truncation_text(0)
    'the odds are exact (no tail left out)'
    """
    bound = float(bound or 0)
    if bound <= 0:
        return "the odds are exact (no tail left out)"
    return (
        f"exact except for a left-out tail of exploding dice worth at most {bound:.1e} "
        "in probability"
    )


def odds_html(situation: DescribedSituation, odds: Any) -> str:
    """The odds panel: exact probabilities before rolling, in words.

    ``odds`` is the engine's ``CheckOdds`` when ``situation.is_check``, else its
    ``ComparativeOdds``.
    """
    rules = situation.options.enabled()
    head = f"<strong>Exact odds before rolling</strong>: {escape_html(situation.describe())}"
    if rules:
        head += f" (optional rules: {escape_html(', '.join(rules))})"
    items = _check_items(odds) if situation.is_check else _comparative_items(odds)
    items.append(f"Truncation bound: {truncation_text(odds.truncation_bound)}")
    body = "".join(f"<li>{escape_html(item)}</li>" for item in items)
    return f'<div class="doria-odds-body"><p>{head}</p><ul>{body}</ul></div>'


def _check_items(odds: Any) -> list[str]:
    return [
        f"P(success) = {format_probability(odds.p_success)}",
        f"P(fumble) = {format_probability(odds.p_fumble)}",
        f"Expected critical successes = {float(odds.expected_crits):.3f}",
        f"Successes by number of critical successes: {distribution_text(odds.crit_distribution)}",
        "Failures by number of critical failures (a fumble adds one): "
        f"{distribution_text(odds.crit_failure_distribution)}",
    ]


def _comparative_items(odds: Any) -> list[str]:
    items = [
        f"P(hit) = {format_probability(odds.p_success)}",
        f"P(miss) = {format_probability(odds.p_miss)}",
        "P(fumble): attacker "
        f"{format_probability(odds.p_attacker_fumble)}, defender "
        f"{format_probability(odds.p_defender_fumble)}, both "
        f"{format_probability(odds.p_both_fumble)}",
        f"Expected criticals = {float(odds.expected_crits):.3f}",
        f"Hits by number of criticals: {distribution_text(odds.crit_distribution)}",
    ]
    failures = getattr(odds, "crit_failure_distribution", None)
    if failures is not None:
        items.append(
            "Misses by number of critical failures (an attacker's fumble adds one): "
            f"{distribution_text(failures)}"
        )
    return items
