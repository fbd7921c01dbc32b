"""The combat resolver in a real JupyterLab: the Orc attacks the Warrior, odds first, then the
roll, the armor choice and the arithmetic.

A notebook shows ``CombatResolver("warrior", "orc", monster_attacks=True, seed=SEED)``. The
page must show the exact odds (P(hit), the HP table and the policy in words) before any roll;
the reader clicks Roll; if the engine asks which armor takes the hit, the reader picks one in
the list and presses Decide; the arithmetic (the engine's steps, citing *Comparative Rolls and
Target Numbers*) must appear, then Apply shows the HP after. What the page must say is worked
out by a *mirror*: the same resolver driven through the same steps in this process. Round
trips are printed and recorded, never asserted on.
"""

from __future__ import annotations

import json
import os

import pytest

from doria_nb.engine.decisions import Choice
from doria_nb.ui import CombatResolver

pytestmark = pytest.mark.browser

VIEW = ".doria-combat-resolver"
SEED = 1


def text_of(selector: str) -> str:
    """A JS expression: the text of ``selector`` inside the resolver ('' while missing)."""
    return (
        f"(document.querySelector({json.dumps(VIEW)})"
        f"?.querySelector({json.dumps(selector)})?.textContent || '')"
    )


def includes(selector: str, words: str) -> str:
    return f"{text_of(selector)}.includes({json.dumps(words)})"


def mirror_seed() -> tuple[int, bool]:
    """The first seed from SEED whose first Orc attack asks the armor question (so the test
    answers it through the page), and whether it does (False if none of 50 seeds does)."""
    for seed in range(SEED, SEED + 50):
        if isinstance(
            CombatResolver("warrior", "orc", monster_attacks=True, seed=seed).roll(), Choice
        ):
            return seed, True
    return SEED, False


def test_odds_then_roll_choose_armor_and_see_the_arithmetic(lab) -> None:
    seed, asks_armor = mirror_seed()
    mirror = CombatResolver("warrior", "orc", monster_attacks=True, seed=seed)
    name = "_combat_resolver.ipynb"
    lab.server.write_notebook(
        name,
        "from doria_nb.book import setup\n\nsetup()",
        "from doria_nb.ui import CombatResolver\n\n"
        f"fight = CombatResolver('warrior', 'orc', monster_attacks=True, seed={seed})\nfight",
    )
    lab.open(name)
    lab.run_all()
    lab.assert_clean()
    page = lab.page
    view = page.locator(VIEW).first
    view.wait_for()

    # Before rolling: the exact odds, the HP table, the policy in words, the chart caption.
    lab.wait_for(includes(".doria-combat-odds", "Exact odds before rolling"))
    odds = view.locator(".doria-combat-odds").first.text_content() or ""
    assert "P(hit)" in odds and "HP left" in odds and "best armor" in odds
    assert "Tri-Anon Armor" in odds
    caption = view.locator(".doria-chart-caption").first.text_content() or ""
    assert "hit +1 crit" in caption
    chart = view.locator(".doria-chart canvas").first
    chart.wait_for(timeout=30_000)  # the Bokeh chart rendered (Playwright reaches its shadow DOM)

    # Roll.
    result = mirror.roll()
    roll = view.locator("button.doria-combat-roll").first
    roll.scroll_into_view_if_needed()
    if isinstance(result, Choice):
        waited = includes(".doria-combat-question", result.question)
    else:
        waited = includes(".doria-combat-arithmetic", "Comparative Rolls and Target Numbers")
    roll_seconds = lab.round_trip(lambda: roll.click(), waited, name="Roll -> page updated")

    # The armor question (if the roll hit): the reader keeps the armor and takes the damage.
    decide_seconds = None
    if isinstance(result, Choice):
        assert asks_armor
        option = result.option("none")
        view.locator(".doria-combat-choice select").first.select_option(label=option.label)
        result = mirror.decide("none")
        decide_seconds = lab.round_trip(
            lambda: view.locator("button.doria-combat-decide").first.click(),
            includes(".doria-combat-arithmetic", "Comparative Rolls and Target Numbers"),
            name="Decide (armor) -> arithmetic",
        )
    arithmetic = view.locator(".doria-combat-arithmetic").first.text_content() or ""
    assert "The Orc attacks the Warrior" in arithmetic
    assert "defends with" in arithmetic
    if result.damage is not None:
        assert f"HP {result.hp[0]} → {result.hp[1]}" in arithmetic

    # Apply: the HP after.
    mirror.apply()
    apply_seconds = lab.round_trip(
        lambda: view.locator("button.doria-combat-apply").first.click(),
        includes(".doria-status", f"HP {result.hp[0]} → {result.hp[1]}"),
        name="Apply -> HP after",
    )
    assert f"HP {mirror.character.hp}/" in (
        view.locator(".doria-combat-fighters").first.text_content() or ""
    )
    print(
        f"\nCombatResolver round trips (seed {seed}): Roll {roll_seconds:.3f} s"
        + (f", Decide {decide_seconds:.3f} s" if decide_seconds is not None else "")
        + f", Apply {apply_seconds:.3f} s"
    )
    if shots := os.environ.get("DORIA_SCREENSHOTS"):
        view.screenshot(path=f"{shots}/combat_resolver.png")
        view.locator(".doria-combat-hero").first.scroll_into_view_if_needed()
        page.screenshot(path=f"{shots}/combat_resolver_top.png")
    lab.assert_clean()
