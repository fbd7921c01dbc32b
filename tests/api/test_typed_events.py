"""Typed events for monsters coming and going (issue 17, item 2), beside their old words.

``MonsterSpawned`` and ``MonsterDefeated`` are :class:`Happened` events with fields, so a
program reads who came or fell instead of parsing text, while every narrator that prints
``describe()`` (or ``text``) reads exactly the words the log always had (the event-log pins
in ``tests/game/test_event_log_pins.py`` stay as they were).
"""

from __future__ import annotations

import pytest

from doria_nb import Game, Happened, MonsterDefeated, MonsterSpawned, play_out

PARTY = ("warrior", "mage", "ranger", "priestess")


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return [
        play_out(Game.new("the_flooded_archive", PARTY, seed, snapshots=False)) for seed in (0, 3)
    ]


def test_every_spawn_is_typed_and_says_the_same_words(games: list[Game]) -> None:
    for game in games:
        spawns = [e for e in game.events if isinstance(e, MonsterSpawned)]
        assert spawns
        for event in spawns:
            assert isinstance(event, Happened) and event.describe() == event.text
            card = game.pack.monster(event.monster)
            assert card.name in event.text
            assert len(event.letters) == len(event.squares)
            shown = ", ".join(event.letters) or "none left in the box"
            assert event.text.endswith(f": {shown})")
            if event.squares:
                first = event.squares[0]
                assert f" appears at ({first.x}, {first.y}) " in event.text
            assert all(game.pack.modifier(m).name in event.text for m in event.modifiers)


def test_every_defeat_is_typed_and_names_a_figure_that_came(games: list[Game]) -> None:
    for game in games:
        on_board: dict[str, str] = {}
        defeats = 0
        for event in game.events:
            if isinstance(event, MonsterSpawned):
                on_board.update(dict.fromkeys(event.letters, event.monster))
            elif isinstance(event, MonsterDefeated):
                defeats += 1
                assert (
                    event.describe()
                    == event.text
                    == (f"{game.pack.monster(event.monster).name} ({event.who}) is defeated")
                )
                assert on_board.pop(event.who) == event.monster
        assert defeats == game.state.counters.monsters_defeated > 0
        untyped = [
            e
            for e in game.events
            if type(e) is Happened and (" is defeated" in e.text or " appears at (" in e.text)
        ]
        assert not [e for e in untyped if "Secret Door" not in e.text]
