"""Campaign Sheets as JSON: round trips, and every corrupt, unknown or out-of-range file
refused in words (never a Python traceback), as save files are."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doria_nb.content import starter_pack
from doria_nb.engine.campaign import (
    CampaignSheet,
    CampaignSheetError,
    Outcome,
    ScenarioRecord,
    dump_sheet,
    load_sheet,
)
from doria_nb.engine.options import RulesOptions

PARTY = ("warrior", "mage", "ranger")


def _sheet() -> CampaignSheet:
    sheet = CampaignSheet.begin(
        "c", "Ünïcode Campaign", PARTY, first_scenario="the_flooded_archive",
        options=RulesOptions(campaign_loot=True, door_events=True),
    )  # fmt: skip
    played = (ScenarioRecord(1, "the_flooded_archive", "The Flooded Archive", Outcome.WON, 5),)
    heroes = (replace(sheet.heroes[0], kept=("runic_spear",), saved_points=2), *sheet.heroes[1:])
    return replace(sheet, heroes=heroes, played=played, completed=1, monster_points=5,
                   kept_cards=1, group_xp=4)  # fmt: skip


def test_a_sheet_round_trips_through_json() -> None:
    """*Campaign Sheet Anatomy*: every entry of the sheet survives its file."""
    sheet = _sheet()
    text = dump_sheet(sheet)
    assert load_sheet(text, pack=starter_pack()) == sheet
    assert dump_sheet(load_sheet(text)) == text


def _data() -> dict:
    return json.loads(dump_sheet(_sheet()))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format="doria-nb saved game"), "not a doria-nb Campaign Sheet"),
        (lambda d: d.update(version=2), "format version 2"),
        (lambda d: d.update(extra=1), "does not know: extra"),
        (lambda d: d.pop("monster_points"), "no total of Monster Points"),
        (lambda d: d.update(monster_points=-3), "from 0 to 999"),
        (lambda d: d.update(monster_points="5"), "whole number"),
        (lambda d: d.update(monster_points=2), "never taken away"),
        (lambda d: d.update(heroes={}), "heroes"),
        (lambda d: d.update(heroes=[]), "1 to 6 heroes"),
        (lambda d: d["heroes"][0].update(level=99), "hero level"),
        (lambda d: d["heroes"][0]["attributes"].update(STR=0), "STR"),
        (lambda d: d["heroes"][0]["attributes"].update(LUCK=3), "not an attribute"),
        (lambda d: d["heroes"][0].update(kept=["a", "b", "c", "d"]), "allow 3"),
        (lambda d: d["heroes"][0].pop("bonuses"), "no hero bonuses"),
        (lambda d: d["played"][0].update(outcome="drew"), "ended"),
        (lambda d: d["options"].update(flying=True), "does not know: flying"),
        (lambda d: d["options"].update(door_events="yes"), "optional rules"),
        (lambda d: d.update(next_scenario=3), "next scenario"),
    ],
)
def test_a_damaged_sheet_is_refused_in_words(change, words: str) -> None:  # type: ignore[no-untyped-def]
    data = _data()
    change(data)
    with pytest.raises(CampaignSheetError, match=words):
        load_sheet(json.dumps(data))


def test_text_that_is_not_a_sheet() -> None:
    with pytest.raises(CampaignSheetError, match="not valid JSON"):
        load_sheet("{not json")
    with pytest.raises(CampaignSheetError, match="read as text"):
        load_sheet(b"{}")  # type: ignore[arg-type]
    with pytest.raises(CampaignSheetError, match="format"):
        load_sheet("[1, 2]")


def test_a_sheet_for_another_pack_is_refused() -> None:
    """Heroes, bonuses and cards must be in the content pack; Standard Items are never kept."""
    pack = starter_pack()
    for change, words in (
        (lambda d: d["heroes"][0].update(hero="dragon"), "does not fit"),
        (lambda d: d["heroes"][0].update(kept=["vorpal_blade"]), "does not fit"),
        (lambda d: d["heroes"][0].update(level=2, bonuses=["flying"]), "does not fit"),
    ):
        data = _data()
        change(data)
        with pytest.raises(CampaignSheetError, match=words):
            load_sheet(json.dumps(data), pack=pack)
    standard = next(c for c in pack.items if c.standard)
    data = _data()
    data["heroes"][0]["kept"] = [standard.id]
    with pytest.raises(CampaignSheetError, match="Standard Item"):
        load_sheet(json.dumps(data), pack=pack)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 2000) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(value: object, path: tuple = ()):  # type: ignore[no-untyped-def]
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


_ALL_PATHS = list(_paths(_data()))[1:]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_ALL_PATHS), _JSON)
def test_any_one_field_replaced_loads_or_is_refused_in_words(path: tuple, value: object) -> None:
    """Whatever one field is replaced with, the file loads as a valid sheet or is refused
    with a CampaignSheetError — never another exception."""
    data = _data()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        sheet = load_sheet(json.dumps(data), pack=starter_pack())
    except CampaignSheetError:
        return
    assert load_sheet(dump_sheet(sheet)) == sheet
