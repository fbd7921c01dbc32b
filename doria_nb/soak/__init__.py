"""Soaks: many complete bot-played games and campaigns, every invariant checked.

A layer above the engine, beside :mod:`doria_nb.study`: it plays the book's own starter pack
and starter Campaign Book, so it imports the engine and the content, never the widgets or the
book (``tests/architecture/test_layers.py``). Single games are soaked by
:mod:`doria_nb.soak.games`, whole campaigns by :mod:`doria_nb.soak.campaigns`; the command
line is :mod:`doria_nb.soak.cli`::

    uv run python -m doria_nb.soak --games 1000 --workers 2
    uv run python -m doria_nb.soak --campaigns 100 --workers 2
"""

from __future__ import annotations

from doria_nb.soak.campaigns import (
    CampaignSoak,
    CampaignSoakReport,
    soak_campaign_one,
    soak_campaigns,
)
from doria_nb.soak.games import SoakGame, SoakReport, invariant_problems, soak, soak_one

__all__ = [
    "CampaignSoak",
    "CampaignSoakReport",
    "SoakGame",
    "SoakReport",
    "invariant_problems",
    "soak",
    "soak_campaign_one",
    "soak_campaigns",
    "soak_one",
]
