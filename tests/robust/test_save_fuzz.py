"""The save loader's parts and the Campaign Sheet reader, fuzzed one by one with junk JSON
shapes (lists, lists of lists, nested tables, numbers huge and odd, None, NaN): each part
either reads a value or refuses with :class:`SaveFileError` (:class:`CampaignSheetError`) in
words — never a Python error, never Python's own wording.

``test_save_files`` fuzzes whole files through :meth:`Game.load`; here each reader is called
directly as well, so a part that only the full loader's ``try`` happened to catch is found.
"""

from __future__ import annotations

import json
import math
from dataclasses import fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doria_nb.engine.campaign import CampaignSheet
from doria_nb.engine.campaign.errors import CampaignSheetError
from doria_nb.engine.campaign.sheet_json import dump as dump_sheet
from doria_nb.engine.campaign.sheet_json import load as load_sheet
from doria_nb.engine.game import start_game
from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.game.save import _campaign_from, checksum
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.table.actions import action_from_json
from doria_nb.engine.table.options_json import options_from_json
from doria_nb.engine.table.records import SaveFileError

OPTION_NAMES = [f.name for f in fields(RulesOptions)]
WORDS = ["size", "surround", "easier", "character", "group", "all", "W", "warrior", ""]
SCALAR = (
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8)
    | st.sampled_from(WORDS)
)
JSON = st.recursive(
    SCALAR,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=6) | st.sampled_from(OPTION_NAMES), inner, max_size=4)
    ),
    max_leaves=10,
)
PYTHON_WORDS = ("unhashable", "NoneType", "object is not", "Traceback", "takes no", "argument")
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _refused_in_words(error: SaveFileError) -> None:
    text = str(error)
    assert text and not any(w in text for w in PYTHON_WORDS), text


@FUZZ
@given(data=st.dictionaries(st.sampled_from(OPTION_NAMES), JSON, max_size=4) | JSON)
def test_saved_optional_rules_read_or_are_refused_in_words(data: object) -> None:
    try:
        assert isinstance(options_from_json(data), RulesOptions)
    except SaveFileError as error:
        _refused_in_words(error)


@pytest.mark.parametrize(
    "value", [[["size"]], [{"a": 1}], [None], "size", 3, None, [1.5], [math.nan]]
)
def test_combat_modifiers_that_are_no_list_of_names_are_refused_in_words(value: object) -> None:
    """A list of lists used to escape as ``TypeError: unhashable type``."""
    with pytest.raises(SaveFileError, match="Combat Modifiers is a list of names"):
        options_from_json({"combat_modifiers": value})


CAMPAIGN_KEYS = ("heroes", "group_xp", "monster_points", "scenario_number")
HERO_KEYS = ("hero", "name", "attributes", "level", "bonuses", "saved_points", "kept")


@FUZZ
@given(
    data=JSON
    | st.fixed_dictionaries({k: JSON for k in CAMPAIGN_KEYS})
    | st.fixed_dictionaries(
        {
            "heroes": st.lists(st.fixed_dictionaries({k: JSON for k in HERO_KEYS}), max_size=2),
            **{k: JSON for k in CAMPAIGN_KEYS[1:]},
        }
    )
)
def test_a_saved_campaign_start_reads_or_is_refused_in_words(data: object) -> None:
    try:
        _campaign_from(data)
    except SaveFileError as error:
        _refused_in_words(error)


KINDS = ["move", "attack", "open_door", "buy", "discard", "join", "leave", "end_phase", "cast",
         "search", "use", "throw", "jump", "nothing"]  # fmt: skip
FIELDS = ["who", "to", "target", "location", "slots", "paying", "hero", "door", "card", "x"]


@FUZZ
@given(
    data=JSON
    | st.fixed_dictionaries({"kind": st.sampled_from(KINDS)}, optional={f: JSON for f in FIELDS})
)
def test_a_saved_action_reads_or_is_refused_in_words(data: object) -> None:
    try:
        action_from_json(data)
    except SaveFileError as error:
        _refused_in_words(error)


def _campaign_save() -> dict:
    sheet = CampaignSheet.begin(
        "fuzz", "A Fuzzed Campaign", ("warrior", "mage"), first_scenario="the_flooded_archive"
    )
    game = start_game(sheet, 3)
    for _ in range(12):
        game.apply(bot_action(game))
    return json.loads(game.save())


SAVED = _campaign_save()
PATHS = sorted(
    {k for k in SAVED if k != "campaign"}
    | {f"campaign.{k}" for k in SAVED["campaign"]}
    | {f"campaign.heroes.0.{k}" for k in SAVED["campaign"]["heroes"][0]}
    | {f"campaign.heroes.0.attributes.{k}" for k in SAVED["campaign"]["heroes"][0]["attributes"]}
    | {f"inputs.0.{k}" for k in SAVED["inputs"][0]}
    | {"pending", "notes", "campaign"}
)


def _set(data: dict, path: str, value: object) -> None:
    """Put ``value`` at ``path``; nothing when an earlier edit took the path away."""
    *parts, last = path.split(".")
    here: object = data
    try:
        for part in parts:
            here = here[int(part)] if isinstance(here, list) else here[part]  # type: ignore[index]
        if isinstance(here, list):
            here[int(last)] = value
        else:
            here[last] = value  # type: ignore[index]
    except (KeyError, IndexError, TypeError, ValueError):
        return


@FUZZ
@given(
    edits=st.lists(st.tuples(st.sampled_from(PATHS), JSON), min_size=1, max_size=3),
    reseal=st.booleans(),
)
def test_a_fuzzed_campaign_save_file_is_refused_in_words_or_loads(
    edits: list, reseal: bool
) -> None:
    """The campaign start, the waiting action and the views' notes are fuzzed too; a
    resealed file gets past the checksum, so the readers behind it are reached."""
    data = json.loads(json.dumps(SAVED))
    for path, value in edits:
        _set(data, path, value)
    if reseal:
        data["checksum"] = checksum(data)
    try:
        Game.load(json.dumps(data))
    except SaveFileError as error:
        _refused_in_words(error)


@FUZZ
@given(data=JSON | st.fixed_dictionaries({k: JSON for k in SAVED}))
def test_a_file_of_junk_json_is_refused_in_words(data: object) -> None:
    with pytest.raises(SaveFileError) as refusal:
        Game.load(json.dumps(data))
    _refused_in_words(refusal.value)


HOSTILE = [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"a": ' * 5_000 + "1" + "}" * 5_000, "nested"),
    ('{"group_xp": ' + "9" * 5_000 + "}", "thousands of digits"),
    ('{"group_xp": ' + "9" * 30 + "}", "digits"),
    (" " * 4_000_001, "characters long"),
]


@pytest.mark.parametrize(("text", "words"), HOSTILE)
def test_a_hostile_campaign_sheet_is_refused_in_words(text: str, words: str) -> None:
    """The Campaign Sheet reader had no limits: these escaped as ``RecursionError`` and
    ``ValueError``."""
    with pytest.raises(CampaignSheetError, match=words) as refusal:
        load_sheet(text)
    assert "sys.set_int_max_str_digits" not in str(refusal.value)


@pytest.mark.parametrize(("text", "words"), HOSTILE)
def test_a_hostile_save_file_is_refused_in_words(text: str, words: str) -> None:
    with pytest.raises(SaveFileError, match=words) as refusal:
        Game.load(text)
    assert "sys.set_int_max_str_digits" not in str(refusal.value)


SHEET = json.loads(dump_sheet(CampaignSheet.begin("fuzz", "A Fuzzed Campaign", ("warrior",))))


@FUZZ
@given(data=JSON | st.fixed_dictionaries({k: JSON for k in SHEET}))
def test_a_campaign_sheet_of_junk_json_is_refused_in_words(data: object) -> None:
    with pytest.raises(CampaignSheetError) as refusal:
        load_sheet(json.dumps(data))
    assert str(refusal.value) and not any(w in str(refusal.value) for w in PYTHON_WORDS)
