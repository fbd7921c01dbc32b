"""The ``notes`` of a save file: the views' own data, kept with the game but not part of it."""

from __future__ import annotations

import json

import pytest

from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.table.records import SaveFileError


def _saved() -> dict:
    game = Game.new("the_flooded_archive", ("warrior", "mage"), 4)
    for _ in range(5):
        game.apply(bot_action(game))
    return json.loads(game.save())


def test_notes_travel_with_the_file_and_change_no_game() -> None:
    data = _saved()
    data["notes"] = {"play table": {"people": ["W"], "marks": [2]}}
    loaded = Game.load(json.dumps(data))
    data["notes"] = {"anything": "else"}  # outside the checksum: editing notes is allowed
    again = Game.load(json.dumps(data))
    assert loaded.save() == again.save()


def test_notes_that_are_no_object_are_refused_in_words() -> None:
    data = _saved()
    data["notes"] = [1, 2]
    with pytest.raises(SaveFileError, match="notes"):
        Game.load(json.dumps(data))
