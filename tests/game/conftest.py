"""Shared fixtures for the game tests."""

from __future__ import annotations

import pytest

from doria_nb.engine.game.game import Game

PARTY = ("warrior", "mage", "ranger", "priestess")


@pytest.fixture
def game() -> Game:
    return Game.new("the_flooded_archive", PARTY, seed=11)
