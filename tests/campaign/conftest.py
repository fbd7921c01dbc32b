"""Shared fixtures of the campaign tests: a fresh sheet, a campaign game from it, and ways to
end a game on purpose (won, lost, a hero's death)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from doria_nb.engine.campaign import CampaignSheet
from doria_nb.engine.game import start_game
from doria_nb.engine.game.game import Game
from doria_nb.engine.sections import Section
from doria_nb.engine.table.ending import end_game
from doria_nb.engine.table.game_end import check_end

PARTY = ("warrior", "mage", "ranger", "priestess")
SCENARIO = "the_flooded_archive"


@pytest.fixture
def sheet() -> CampaignSheet:
    return CampaignSheet.begin("test", "A Test Campaign", PARTY, first_scenario=SCENARIO)


@pytest.fixture
def game(sheet: CampaignSheet) -> Game:
    return start_game(sheet, 3)


def _won(game: Game) -> Game:
    end_game(game.state, True, "the goal is met", Section.END_OF_THE_GAME)
    return game


def _lost(game: Game) -> Game:
    end_game(game.state, False, "time is up", Section.END_OF_THE_GAME)
    return game


def _killed(game: Game, letter: str = "W") -> Game:
    character = game.state.heroes[letter].character
    character.change_points(hp=-(character.hp + 20), reason="test")
    assert check_end(game.state)
    return game


@pytest.fixture
def end() -> SimpleNamespace:
    """``end.won(game)``, ``end.lost(game)``, ``end.killed(game, letter)``."""
    return SimpleNamespace(won=_won, lost=_lost, killed=_killed)
