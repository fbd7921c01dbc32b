"""Named readings (:mod:`doria_nb.engine.readings`): each one is documented in
``docs/rulings.md`` under its ruling, bad names are refused in player words, and a set of
readings survives a save file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from doria_nb.engine.options import RulesOptions, RulesOptionsError
from doria_nb.engine.readings import READINGS, describe_readings

RULINGS = (Path(__file__).parents[2] / "docs" / "rulings.md").read_text(encoding="utf-8")


def _entry(ruling: str) -> str:
    """The text of ruling ``ruling`` in docs/rulings.md (up to the next heading)."""
    match = re.search(rf"^### {re.escape(ruling)}\. .*?(?=^##)", RULINGS, re.M | re.S)
    assert match, f"ruling {ruling} is not in docs/rulings.md"
    return match.group(0)


@pytest.mark.parametrize("name", sorted(READINGS))
def test_every_reading_is_named_in_its_ruling(name: str) -> None:
    reading = READINGS[name]
    assert f"`{name}`" in _entry(reading.ruling)
    assert reading.section in RULINGS


def test_readings_are_off_by_default_and_switched_on_by_name() -> None:
    assert RulesOptions().readings == frozenset()
    options = RulesOptions(readings=["armor_sentence"])
    assert options.readings == frozenset({"armor_sentence"})
    assert options.reads("armor_sentence") and not options.reads("doom_red_38_36_34")
    assert options.enabled() == []  # a reading is not an optional rule of the rulebook


def test_unknown_readings_are_refused_in_words() -> None:
    with pytest.raises(RulesOptionsError, match="no reading called 'armour'"):
        RulesOptions(readings={"armour"})
    with pytest.raises(RulesOptionsError, match="set of reading names"):
        RulesOptions(readings="armor_sentence")
    with pytest.raises(RulesOptionsError, match="no reading called"):
        RulesOptions().reads("armour")


def test_descriptions_name_the_ruling_and_both_outcomes() -> None:
    (text,) = describe_readings({"armor_sentence"})
    assert text.startswith("armor_sentence (ruling A4, Target of a Monster): by default")
    assert len(describe_readings()) == len(READINGS)


def test_readings_survive_a_save_file() -> None:
    from doria_nb.engine.game import save
    from doria_nb.engine.game.game import Game

    game = Game.new(
        "the_flooded_archive",
        ("warrior", "mage"),
        3,
        options=RulesOptions(readings={"armor_sentence", "doom_red_38_36_34"}),
    )
    again = save.load(save.dump(game))
    assert again.state.options.readings == {"armor_sentence", "doom_red_38_36_34"}


def test_a_game_under_the_doom_reading_plays_on_its_track() -> None:
    from doria_nb.engine.doom.track import RED_38_36_34_DOOM_TRACK, STARTER_DOOM_TRACK
    from doria_nb.engine.game.game import Game

    party = ("warrior", "mage")
    plain = Game.new("the_flooded_archive", party, 3)
    assert plain.state.doom.track == STARTER_DOOM_TRACK
    options = RulesOptions(readings={"doom_red_38_36_34"})
    game = Game.new("the_flooded_archive", party, 3, options=options)
    assert game.state.doom.track == RED_38_36_34_DOOM_TRACK
