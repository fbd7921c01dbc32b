"""Save files: every malformed, edited or hostile file is refused with ``SaveFileError`` in
words — never a Python error, never a game that differs from the one saved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.game.save import checksum
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.table.records import SaveFileError

PARTY = ("warrior", "mage", "ranger", "priestess")


def _played(inputs: int = 40, **kwargs: object) -> Game:
    game = Game.new("the_flooded_archive", PARTY, seed=4, **kwargs)  # type: ignore[arg-type]
    for _ in range(inputs):
        if game.over:
            break
        game.apply(bot_action(game))
    return game


SAVED = _played().save()
DATA = json.loads(SAVED)


def _resealed(data: dict) -> str:
    """``data`` with its checksum recomputed: an edit that passes the checksum."""
    data = dict(data)
    data["checksum"] = checksum(data)
    return json.dumps(data)


def test_a_save_file_loads_back() -> None:
    assert Game.load(SAVED).save() == SAVED


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 1000 + "]" * 1000, "nested"),
        ('{"a": ' * 5000 + "1" + "}" * 5000, "nested"),
        ('{"seed": ' + "9" * 5000 + "}", "digits"),
        (SAVED.replace('"seed": 4', '"seed": ' + "9" * 30), "digits"),
        (" " * 5_000_001, "characters long"),
        ("{not json", "not valid JSON"),
        ("null", "not a doria-nb saved game"),
        ('"a text"', "not a doria-nb saved game"),
    ],
)
def test_hostile_texts_are_refused_at_once(text: str, words: str) -> None:
    with pytest.raises(SaveFileError, match=words):
        Game.load(text)


def _edit(change: object) -> str:
    data = json.loads(SAVED)
    change(data)  # type: ignore[operator]
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["options"].__setitem__("combat_modifiers", [["size"]]), "optional rules"),
        (lambda d: d["options"].__setitem__("no_fumbles", [True]), "optional rules"),
        (lambda d: d.__setitem__("options", ["door_events"]), "optional rules"),
        (lambda d: d.__setitem__("seed", [4]), "seed"),
        (lambda d: d.__setitem__("honest", "yes"), "honest"),
        (lambda d: d.__setitem__("scenario", ["the_flooded_archive"]), "scenario"),
        (lambda d: d.pop("scenario"), "scenario"),
        (lambda d: d.__setitem__("ask", [["placement"]]), "kinds of question"),
        (lambda d: d.__setitem__("outcomes", [[1], *d["outcomes"][1:]]), "outcomes"),
        (lambda d: d.__setitem__("events", "many"), "events"),
        (lambda d: d.__setitem__("events", d["events"] + 1), "events"),
        (lambda d: d.__setitem__("cheat", True), "cheat"),
        (lambda d: d["inputs"][0].__setitem__("note", "hi"), "input 1"),
        (lambda d: d["inputs"][0].__setitem__("answers", ["junk"]), "input 1"),
        (lambda d: d["inputs"][0]["action"].__setitem__("who", ["W"]), "input 1"),
        (lambda d: d["inputs"][0]["action"].__setitem__("extra", 1), "unknown fields"),
        (lambda d: d.__setitem__("pack", [1, 2]), "content pack"),
        (lambda d: d.__setitem__("heroes", "warrior"), "heroes"),
        (lambda d: d.__setitem__("inputs", {"0": 1}), "inputs"),
        (lambda d: d.__setitem__("honest", True), "checksum"),
        (lambda d: d.__setitem__("checksum", "0" * 64), "checksum"),
        (lambda d: d.pop("checksum"), "checksum"),
    ],
)
def test_malformed_and_edited_fields_are_refused(change: object, words: str) -> None:
    with pytest.raises(SaveFileError, match=words):
        Game.load(_edit(change))


def test_a_removed_scenario_is_refused() -> None:
    """Without the checksum the game would replay as one without its goal."""
    with pytest.raises(SaveFileError, match="edited"):
        Game.load(_edit(lambda d: d.__setitem__("scenario", None)))


def test_an_honest_game_stays_honest() -> None:
    honest = json.loads(_played(honest=True).save())
    with pytest.raises(SaveFileError, match="checksum"):
        Game.load(_edit_data(honest, "honest", False))


def _edit_data(data: dict, key: str, value: object) -> str:
    data = dict(data)
    data[key] = value
    return json.dumps(data)


def test_a_consistent_edit_is_not_detected() -> None:
    """What the docs say: with no secret key, a deliberate edit that recomputes the checksum
    and replays cleanly loads (here: a dishonest copy of an honest game)."""
    honest = json.loads(_played(honest=True).save())
    honest["honest"] = False
    assert not Game.load(_resealed(honest)).setup.honest


def test_a_folder_or_bytes_is_no_save_file(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="read as text"):
        Game.load(tmp_path)  # type: ignore[arg-type]
    with pytest.raises(SaveFileError, match="read as text"):
        Game.load(SAVED.encode())  # type: ignore[arg-type]


def test_the_optional_rules_round_trip() -> None:
    game = _played(20, options=RulesOptions(door_events=True, combat_modifiers={"size"}))
    assert Game.load(game.save()).setup.options == game.setup.options


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
PATHS = sorted(
    {k for k in DATA}
    | {f"inputs.{i}.action.{k}" for i in range(3) for k in DATA["inputs"][i]["action"]}
    | {f"inputs.{i}.answers" for i in range(3)}
    | {f"options.{k}" for k in DATA["options"]}
    | {f"pack.{k}" for k in DATA["pack"]}
)


def _set(data: dict, path: str, value: object) -> None:
    parts = path.split(".")
    here: object = data
    for part in parts[:-1]:
        here = here[int(part)] if isinstance(here, list) else here[part]  # type: ignore[index]
    last = parts[-1]
    if isinstance(here, list):
        here[int(last)] = value
    else:
        here[last] = value  # type: ignore[index]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits=st.lists(st.tuples(st.sampled_from(PATHS), JSON), min_size=1, max_size=3),
       reseal=st.booleans())  # fmt: skip
def test_fuzzed_save_files_are_refused_or_load(edits: list, reseal: bool) -> None:
    """Any value anywhere: a SaveFileError, or (rarely: an edit to what it already was) a game
    whose save is the file's."""
    data = json.loads(SAVED)
    for path, value in edits:
        _set(data, path, value)
    text = _resealed(data) if reseal else json.dumps(data)
    try:
        game = Game.load(text)
    except SaveFileError as error:
        assert str(error)
        return
    assert json.loads(game.save())["inputs"] == data["inputs"]


@settings(max_examples=60, deadline=None)
@given(cut=st.integers(0, len(SAVED) - 1), junk=st.text(max_size=5))
def test_a_truncated_or_spliced_file_is_refused(cut: int, junk: str) -> None:
    text = SAVED[:cut] + junk
    with pytest.raises(SaveFileError):
        Game.load(text)
