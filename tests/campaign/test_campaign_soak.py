"""Soak of campaigns (issue #14): at least 20 whole bot campaigns of the starter Campaign Book,
every invariant checked every round and between scenarios, every sheet round-tripped through
JSON, every scenario's save file replayed; and the soak of each new scenario on its own.

Reproduce a failure with ``soak_campaign_one((seed, PARTY, None))``; the long run is
``uv run python -m doria_nb.soak --campaigns 200``.
"""

from __future__ import annotations

import random

import pytest

from doria_nb.content.campaigns import starter_campaigns
from doria_nb.soak.campaigns import soak_campaigns
from doria_nb.soak.games import soak

SEEDS = random.Random(20261214).sample(range(1_000_000), 20)


def test_twenty_bot_campaigns_keep_every_invariant() -> None:
    report = soak_campaigns(SEEDS, workers=2)
    print(report.explain())
    assert len(report.campaigns) == 20
    assert report.problems == []
    assert set(report.scenarios_played()) == set(starter_campaigns()[0].scenarios)
    assert all(c.played for c in report.campaigns)


@pytest.mark.parametrize(
    "scenario", ["the_rat_kings_warren", "the_sunken_chapel", "the_silver_mine"]
)
def test_each_new_scenario_soaks_clean(scenario: str) -> None:
    report = soak(SEEDS[:6], scenario=scenario, workers=2)
    assert report.problems == [], scenario
