"""The odds panel of the combat resolver: the engine's exact odds of the attack set up, and
what they assume, in words.

:class:`ResolverOdds` is a mixin of :class:`~doria_nb.ui.combat_resolver.CombatResolver`. A
hero's attack asks nothing after the roll, so its odds are complete. A monster's attack asks
which armor takes the hit (the odds assume the default, *best armor*) and, against magic, how
many Psi Points to add after the roll (the odds assume the default too, *resist when it
helps*, with the Psi Points the hero has), and the panel says so.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from doria_nb.engine.cards import AttackKind
from doria_nb.engine.character import Character
from doria_nb.engine.checks import OutcomeKind
from doria_nb.engine.combat import (
    AttackOdds,
    Foe,
    check_hero_attack,
    hero_attack_odds,
    monster_attack_odds,
)
from doria_nb.engine.errors import CombatError
from doria_nb.ui.odds_text import escape_html, format_probability, truncation_text
from doria_nb.ui.outcome_chart import OutcomeChart

__all__ = ["ResolverOdds", "hp_table_html", "odds_panel_html"]


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


class ResolverOdds:
    """The odds part of the resolver (a mixin; see the module docstring). It reads the
    fighters and the controls, and uses the controls' helpers (``_attack_option``,
    ``_element``, ``_defenses``, ``rules``, ``monster_attacks``)."""

    character: Character
    foe: Foe
    hindered_box: widgets.Checkbox
    defense_select: widgets.Dropdown
    odds_html: widgets.HTML
    fighters_html: widgets.HTML
    outcome_chart: OutcomeChart

    def _compute_odds(self) -> AttackOdds | None:
        foe, hero = self.foe, self.character
        hindered = self.hindered_box.value
        if not self.monster_attacks:
            option = self._attack_option()
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
                hindered=hindered,
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
            self._show_odds(odds, title, foe.the, foe.hp, words, f"P({option.name} damaged)")
            return odds
        if foe.defeated:
            raise CombatError(f"{foe.the.capitalize()} is defeated (0 HP): press New fight.")
        choice, rolls = self._defenses()
        if choice is None:
            self.odds_html.value = (
                "<p>No odds: the hero has no defense roll against this attack, so the attack "
                "alone decides (ruling C9). Roll to see it.</p>"
            )
            self.outcome_chart.show([], check=False)
            return None
        chosen = rolls[self.defense_select.value]
        element = foe.stats.element
        usable = hero.mat.armor_options(element)
        best = max(usable, key=lambda pair: pair[1].active_armor, default=None)
        ar = best[1].active_armor if best else 0
        magic = foe.attack_kind is AttackKind.MAGIC
        odds = monster_attack_odds(
            foe,
            chosen.dice,
            armor=ar,
            hindered=hindered,
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
        what = f"P({chosen.name} damaged)" if chosen.source else "P(the hero fumbles)"
        self._show_odds(odds, title, hero.who, hero.hp, words, what)
        return odds

    def _show_odds(
        self, odds: AttackOdds, title: str, target: str, hp: int, words: str, item: str
    ) -> None:
        if self.hindered_box.value:
            title += ", across a Blue Solid Line"
        self.odds_html.value = odds_panel_html(
            odds,
            title=title,
            target=target,
            hp_now=hp,
            policy_words=words,
            item_words=item,
            rules=self.rules.enabled(),
        )
        self.outcome_chart.show(odds.outcomes, check=False, title=f"Outcome odds: {title}")

    def _show_fighters(self) -> None:
        hero, foe = self.character, self.foe
        maximum = hero.maximum
        self.fighters_html.value = (
            '<p class="doria-combat-fighters-body">'
            f"<strong>{escape_html(hero.name)}</strong>: HP {hero.hp}/{maximum.hp}, "
            f"PP {hero.pp}/{maximum.pp} · <strong>{escape_html(foe.name)}</strong> (Monster "
            f"Level {foe.stats.level}): HP {foe.hp}/{foe.stats.hp}, defense "
            f"{foe.stats.defense}, attack {foe.attack_kind} {foe.stats.attack_dice} damage "
            f"{foe.stats.damage}, armor {foe.armor}</p>"
        )
