"""Scenarios in content packs: the starter scenario loads; a broken scenario file fails with
file, entry and field (doria_nb.content.loader, scenarios/*.toml; docs/scenario-format.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from doria_nb.content import ContentError, content_hash, load_pack, starter_pack
from doria_nb.engine.errors import UnknownContentError
from doria_nb.engine.scenario import Goal, Scenario

GOOD = """
[[scenario]]
id = "rat_cellar"
name = "The Rat Cellar"
story = "Rats, everywhere."
setup = "As usual."
tiles = ["B-1", "B-2", "C-1"]

[scenario.goal]
kind = "explore_tiles"
count = 3

[[scenario.defeat]]
kind = "round_limit"
rounds = 12

[[scenario.special_rule]]
text = "Rats squeak."
"""


def write_pack(root: Path, scenario: str, *, name: str = "broken") -> Path:
    """A pack on top of the starter set (for its tiles) with one scenario file."""
    (root / "scenarios").mkdir(parents=True, exist_ok=True)
    (root / "pack.toml").write_text(
        'id = "house"\nname = "House"\nversion = "0.1.0"\nextends = "starter"\n',
        encoding="utf-8",
    )
    (root / "scenarios" / f"{name}.toml").write_text(scenario, encoding="utf-8")
    return root


def load_error(root: Path) -> str:
    with pytest.raises(ContentError) as info:
        load_pack(root)
    return str(info.value)


# -- the starter scenario -----------------------------------------------------------------------


def test_the_starter_pack_has_the_flooded_archive() -> None:
    pack = starter_pack()
    scenario = pack.scenario("the_flooded_archive")
    assert isinstance(scenario, Scenario)
    assert [s.id for s in pack.scenarios] == [
        "the_flooded_archive",
        "the_rat_kings_warren",
        "the_silver_mine",
        "the_sunken_chapel",
    ]
    assert (scenario.start_tile, scenario.monster_level, scenario.tiles) == ("A-1", 1, None)
    assert scenario.goal == Goal.of("defeat_monsters", per_player=2, text=scenario.goal.text)
    assert [(c.kind, c.get("rounds")) for c in scenario.defeats] == [("round_limit", 20)]
    assert len(scenario.special_rules) == 1
    rule = scenario.special_rules[0]
    assert (rule.hook, dict(rule.params)) == ("refill_weakened", {"hp": 1})
    assert scenario.hooked("refill_weakened") == (rule,)
    assert scenario.story.strip() and scenario.setup.strip()


def test_the_default_scenario_deck_is_every_tile_but_the_start() -> None:
    pack = starter_pack()
    deck = pack.scenario("the_flooded_archive").scenario_deck(pack)
    assert len(deck) == len(pack.tiles) - 1
    assert "A-1" not in {tile.id for tile in deck}
    assert [tile.id for tile in deck] == [t.id for t in pack.tiles if t.id != "A-1"]


def test_the_content_hash_covers_the_scenario_files(tmp_path: Path) -> None:
    root = write_pack(tmp_path / "p", GOOD, name="rats")
    before = content_hash(root)
    (root / "scenarios" / "rats.toml").write_text(GOOD.replace("12", "13"), encoding="utf-8")
    assert content_hash(root) != before


def test_an_unknown_scenario_id_is_refused_with_a_hint() -> None:
    with pytest.raises(UnknownContentError, match="did you mean 'the_flooded_archive'"):
        starter_pack().scenario("the_flooded_archiv")


def test_a_scenario_file_loads_on_top_of_the_starter_set(tmp_path: Path) -> None:
    pack = load_pack(write_pack(tmp_path / "p", GOOD, name="rats"))
    rats = pack.scenario("rat_cellar")
    assert rats.tiles == ("B-1", "B-2", "C-1")
    assert [t.id for t in rats.scenario_deck(pack)] == ["B-1", "B-2", "C-1"]
    assert rats.goal.kind == "explore_tiles" and rats.goal.get("count") == 3
    # The base's scenario is kept.
    assert {s.id for s in pack.scenarios} == {s.id for s in starter_pack().scenarios} | {
        "rat_cellar"
    }


# -- broken scenario files ----------------------------------------------------------------------

WHERE = "scenarios/broken.toml, [[scenario]] #1 (id 'rat_cellar'), field "


def test_an_unknown_goal_kind(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace("explore_tiles", "find_cheese")))
    assert message == (
        WHERE + "'goal.kind': expected a goal kind, one of 'defeat_monsters', 'explore_tiles', "
        "'reach_tile', 'search_treasures', 'survive_rounds'; got 'find_cheese'."
    )


def test_a_missing_goal_kind(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace('kind = "explore_tiles"\n', "")))
    assert message.startswith(WHERE + "'goal.kind': is required but missing: expected one of ")


def test_an_unknown_end_condition_kind(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace("round_limit", "sundown")))
    assert message == (
        WHERE + "'defeat[0].kind': expected an end condition kind, one of 'round_limit', "
        "'tiles_limit', 'treasure_limit'; got 'sundown'."
    )


def test_an_unknown_tile_in_the_deck(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace('"C-1"', '"C-99"')))
    assert message == (
        WHERE + "'tiles[2]': expected the id of a Room Tile of this pack, got 'C-99', which no "
        "file in tiles/ defines."
    )


def test_an_unknown_start_tile(tmp_path: Path) -> None:
    text = GOOD.replace('setup = "As usual."', 'setup = "As usual."\nstart_tile = "Q-1"')
    message = load_error(write_pack(tmp_path / "p", text))
    assert message.startswith(WHERE + "'start_tile': expected the id of a Room Tile of this pack")


def test_a_start_tile_without_start_squares(tmp_path: Path) -> None:
    text = GOOD.replace('setup = "As usual."', 'setup = "As usual."\nstart_tile = "F-1"')
    message = load_error(write_pack(tmp_path / "p", text))
    assert message == (
        WHERE + "'start_tile': the heroes start on the Roman-numeral squares of the start tile, "
        "but F-1 has none."
    )


def test_a_badly_written_tile_id(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace('"B-2"', '"b2"')))
    assert message == (
        WHERE + "'tiles[1]': expected a tile id like 'A-1': capital letters, '-', a number, "
        "got 'b2'."
    )


def test_the_start_tile_in_the_deck(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace('"B-2"', '"A-1"')))
    assert message.startswith(WHERE + "'tiles[1]': the start tile A-1 is on the table")


def test_a_tile_listed_twice(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace('"C-1"', '"B-1"')))
    assert message == WHERE + "'tiles[2]': the tile B-1 is listed twice."


def test_a_negative_count(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace("count = 3", "count = -2")))
    assert message == (
        WHERE + "'goal.count': 'count' of the goal 'explore_tiles' must be a whole number of at "
        "least 1, not -2."
    )


def test_a_zero_round_limit(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace("rounds = 12", "rounds = 0")))
    assert message.startswith(WHERE + "'defeat[0].rounds': 'rounds' of the end condition")


def test_a_count_written_as_text(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace("count = 3", 'count = "three"')))
    assert message.startswith(WHERE + "'goal.count': ")
    assert "not 'three'" in message


def test_an_unknown_goal_parameter(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace("count = 3", "tiles = 3")))
    assert message == (
        WHERE + "'goal.tiles': the goal 'explore_tiles' has no parameter 'tiles'; it takes 'count'."
    )


def test_both_count_and_per_player(tmp_path: Path) -> None:
    text = GOOD.replace(
        'kind = "explore_tiles"\ncount = 3', 'kind = "defeat_monsters"\ncount = 3\nper_player = 1'
    )
    message = load_error(write_pack(tmp_path / "p", text))
    assert message == (
        WHERE + "'goal.per_player': the goal 'defeat_monsters' needs exactly one of 'count' or "
        "'per_player', not both."
    )


def test_reach_tile_names_a_tile_of_the_pack(tmp_path: Path) -> None:
    text = GOOD.replace('kind = "explore_tiles"\ncount = 3', 'kind = "reach_tile"\ntile = "E-77"')
    message = load_error(write_pack(tmp_path / "p", text))
    assert message.startswith(WHERE + "'goal.tile': expected the id of a Room Tile of this pack")
    fine = GOOD.replace('kind = "explore_tiles"\ncount = 3', 'kind = "reach_tile"\ntile = "E-8"')
    pack = load_pack(write_pack(tmp_path / "q", fine))
    assert pack.scenario("rat_cellar").goal.get("tile") == "E-8"


def test_a_monster_level_out_of_range(tmp_path: Path) -> None:
    text = GOOD.replace('setup = "As usual."', 'setup = "As usual."\nmonster_level = 5')
    message = load_error(write_pack(tmp_path / "p", text))
    assert message == WHERE + "'monster_level': expected a whole number ≤ 4, got 5."


def test_an_unregistered_hook(tmp_path: Path) -> None:
    text = GOOD.replace('text = "Rats squeak."', 'text = "Rats squeak."\nhook = "squeak"')
    message = load_error(write_pack(tmp_path / "p", text))
    assert message.startswith(WHERE + "'special_rule[0].hook': the hook 'squeak' is not registered")


def test_an_unknown_scenario_field(tmp_path: Path) -> None:
    message = load_error(write_pack(tmp_path / "p", GOOD.replace("story =", "storey =")))
    assert message.startswith(
        "scenarios/broken.toml, [[scenario]] #1 (id 'rat_cellar'), field 'storey': is not a "
        "known field; allowed are the fields id, name, story, setup, start_tile"
    )


def test_two_scenarios_with_one_id(tmp_path: Path) -> None:
    root = write_pack(tmp_path / "p", GOOD, name="a")
    (root / "scenarios" / "b.toml").write_text(GOOD, encoding="utf-8")
    message = load_error(root)
    assert message == (
        "scenarios/b.toml, [[scenario]] #1 (id 'rat_cellar'), field 'id': the id 'rat_cellar' is "
        "already used in scenarios/a.toml, [[scenario]] #1 (id 'rat_cellar'); ids are unique in "
        "a pack."
    )
