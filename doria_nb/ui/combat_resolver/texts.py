"""What the combat resolver says, as HTML: the odds panel, the fighters, the question
waiting, the engine's arithmetic, the board's answer and the status line. Pure functions of
the model's values (:mod:`doria_nb.ui.combat_resolver.model`); the view puts them in place.

A hero's attack asks nothing after the roll, so its odds are complete. A monster's attack asks
which armor takes the hit (the odds assume the default, *best armor*) and, against magic, how
many Psi Points to add after the roll (the odds assume the default too, *resist when it
helps*, with the Psi Points the hero has), and the panel says so.
"""

from __future__ import annotations

from typing import Any

from doria_nb.engine.character import Character
from doria_nb.engine.checks import OutcomeKind
from doria_nb.engine.combat import AttackOdds, AttackResolution, Foe
from doria_nb.engine.combat.board_check import AttackCheck
from doria_nb.engine.decisions import Choice
from doria_nb.ui.combat_resolver.model import OddsPanel
from doria_nb.ui.combat_resolver.stepping import DEFAULTS
from doria_nb.ui.odds_text import escape_html, format_probability, truncation_text

__all__ = [
    "NO_DEFENSE_HTML",
    "arithmetic_html",
    "board_check_html",
    "fighters_html",
    "hp_table_html",
    "odds_panel_html",
    "panel_html",
    "question_html",
    "status_html",
]

NO_DEFENSE_HTML = (
    "<p>No odds: the hero has no defense roll against this attack, so the attack "
    "alone decides (ruling C9). Roll to see it.</p>"
)
"""The odds panel when the hero has no defense roll against the attack."""


SHOWN_MIN_PROBABILITY = 5e-5
"""Outcome classes and HP rows rarer than this are summed into one "rarer" entry (the same
cut as the chart's)."""


def _split(pairs: tuple[tuple[Any, float], ...]) -> tuple[list[tuple[Any, float]], float]:
    """The pairs worth a line of their own, and the probability of the rest together."""
    kept = [(key, p) for key, p in pairs if p >= SHOWN_MIN_PROBABILITY]
    return kept, sum(p for _, p in pairs if p < SHOWN_MIN_PROBABILITY)


def hp_table_html(odds: AttackOdds, who: str, hp_now: int) -> str:
    """The HP distribution as a table: HP lost, HP left, probability (rare rows summed)."""
    kept, rest = _split(odds.damage)
    rows = "".join(
        f"<tr><td>{lost}</td><td>{hp_now - lost}</td><td>{escape_html(format_probability(p))}"
        "</td></tr>"
        for lost, p in kept
    )
    if rest > 0:
        more = max(lost for lost, _ in kept) + 1 if kept else 0
        rows += (
            f"<tr><td>{more} or more</td><td>{hp_now - more} or less</td>"
            f"<td>{escape_html(format_probability(rest))}</td></tr>"
        )
    return (
        '<table class="doria-hp-table"><caption style="caption-side: top; text-align: left; '
        f'white-space: nowrap">HP of {escape_html(who)} after the attack '
        f"(now {hp_now})</caption><thead><tr><th scope=col>HP lost</th><th scope=col>HP left"
        f"</th><th scope=col>probability</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def odds_panel_html(
    odds: AttackOdds,
    *,
    title: str,
    target: str,
    hp_now: int,
    policy_words: str,
    item_words: str,
    rules: list[str],
) -> str:
    """The odds panel: P(hit), each outcome class, the HP table, the policy assumed."""
    kept, rest = _split(odds.outcomes)
    outcomes = " · ".join(
        f"{escape_html(outcome.label())}: {escape_html(format_probability(p))}"
        for outcome, p in sorted(kept, key=lambda pair: pair[0].sort_key)
    )
    if rest > 0:
        outcomes += f" · rarer classes together: {escape_html(format_probability(rest))}"
    fumbles = sum(p for o, p in odds.outcomes if o.kind is OutcomeKind.FUMBLE)
    head = f"<strong>Exact odds before rolling</strong>: {escape_html(title)}"
    if rules:
        head += f" (optional rules: {escape_html(', '.join(rules))})"
    return (
        f'<div class="doria-combat-odds-body"><p>{head}</p>'
        f"<p>P(hit) = {escape_html(format_probability(odds.p_hit))} · P(attacker fumbles) = "
        f"{escape_html(format_probability(fumbles))} · expected HP lost = "
        f"{odds.expected_damage:.3f} · {escape_html(item_words)} = "
        f"{escape_html(format_probability(odds.p_item_damaged))}</p>"
        f'<p class="doria-combat-outcomes">Outcomes: {outcomes}</p>'
        f"{hp_table_html(odds, target, hp_now)}"
        f'<p class="doria-combat-policy">{escape_html(policy_words)}</p>'
        f"<p><small>{escape_html(truncation_text(odds.truncation_bound))}.</small></p></div>"
    )


def panel_html(panel: OddsPanel) -> str:
    """The odds panel of the model's :class:`~doria_nb.ui.combat_resolver.model.OddsPanel`."""
    if panel.odds is None:
        return NO_DEFENSE_HTML
    return odds_panel_html(
        panel.odds,
        title=panel.title,
        target=panel.target,
        hp_now=panel.hp_now,
        policy_words=panel.policy_words,
        item_words=panel.item_words,
        rules=list(panel.rules),
    )


def fighters_html(hero: Character, foe: Foe) -> str:
    """The two fighters as they are now: HP, PP, the monster's numbers."""
    maximum = hero.maximum
    return (
        '<p class="doria-combat-fighters-body">'
        f"<strong>{escape_html(hero.name)}</strong>: HP {hero.hp}/{maximum.hp}, "
        f"PP {hero.pp}/{maximum.pp} · <strong>{escape_html(foe.name)}</strong> (Monster "
        f"Level {foe.stats.level}): HP {foe.hp}/{foe.stats.hp}, defense "
        f"{foe.stats.defense}, attack {foe.attack_kind} {foe.stats.attack_dice} damage "
        f"{foe.stats.damage}, armor {foe.armor}</p>"
    )


def question_html(choice: Choice) -> str:
    """The choice waiting after the roll: who decides, by which rule, and the default."""
    default = DEFAULTS[choice.kind](choice)
    return (
        f'<p class="doria-combat-question-body"><strong>{escape_html(choice.who)} '
        f"decides</strong> ({escape_html(str(choice.rule))}): {escape_html(choice.question)}"
        f" <em>Default: {escape_html(choice.option(default).label)} "
        f"({DEFAULTS[choice.kind].__name__.replace('_', ' ')}).</em></p>"
    )


def arithmetic_html(resolution: AttackResolution | None) -> str:
    """The engine's arithmetic of the attack resolved, and the decisions made ("" before)."""
    if resolution is None:
        return ""
    decisions = "".join(f"<li>{escape_html(d.describe())}</li>" for d in resolution.decisions)
    return resolution.to_html() + (
        f'<p>Decisions:</p><ul class="doria-combat-decisions">{decisions}</ul>' if decisions else ""
    )


def board_check_html(check: AttackCheck | None) -> str:
    """The board's answer whether the attack may be made there ("" without a board)."""
    if check is None:
        return ""
    mark, css = ("", "") if check else ("⚠ ", " doria-problem")
    return f'<p class="doria-combat-board-body{css}">{mark}{escape_html(check.explain())}</p>'


def status_html(text: str, *, problem: bool) -> str:
    """The status line (a problem is marked, and announced to screen readers)."""
    mark, css = ("⚠ ", " doria-problem") if problem else ("", "")
    role = ' role="alert"' if problem else ""
    return f'<p class="doria-status-body{css}"{role}>{mark}{escape_html(text)}</p>'
