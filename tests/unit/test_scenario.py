"""Scenario records and the goal registry, judged with a hand-made view (*End of the Game*,
*Player Count*; doria_nb.engine.scenario, docs/scenario-format.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.errors import ScenarioError
from doria_nb.engine.scenario import EndCondition, Goal, Scenario, ScenarioEnd, SpecialRule
from doria_nb.engine.scenario_kinds import (
    END_CONDITIONS,
    GOALS,
    ConditionKind,
    GoalProgress,
    ParamKind,
    ScenarioView,
)
from doria_nb.engine.sections import Section


@dataclass
class FakeView:
    """A ScenarioView: just the counters, and who stands where."""

    round: int = 1
    player_count: int = 3
    monsters_defeated: int = 0
    tiles_placed: int = 0
    treasures_searched: int = 0
    standing: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def tiles_on_board(self) -> tuple[str, ...]:
        return ("A-1", *(tile for tile in self.standing if tile != "A-1"))

    def heroes_on_tile(self, tile_id: str) -> tuple[str, ...]:
        return self.standing.get(tile_id, ())


def scenario(**changes: object) -> Scenario:
    values: dict[str, object] = {
        "id": "test",
        "name": "Test",
        "story": "Once upon a time.",
        "goal": Goal.of("defeat_monsters", per_player=2),
        "defeats": (EndCondition.of("round_limit", rounds=20),),
    }
    values.update(changes)
    return Scenario(**values)  # type: ignore[arg-type]


def test_the_fake_view_is_a_scenario_view() -> None:
    view: ScenarioView = FakeView()
    assert view.tiles_on_board == ("A-1",)


def test_the_registries_hold_the_documented_kinds() -> None:
    assert set(GOALS) >= {"defeat_monsters", "explore_tiles", "reach_tile"}
    assert set(END_CONDITIONS) >= {"round_limit"}
    assert all(callable(kind) for kind in (*GOALS.values(), *END_CONDITIONS.values()))


# -- defeat_monsters ------------------------------------------------------------------------------


def test_defeat_monsters_per_player_scales_with_player_count() -> None:
    """*Player Count*: [PlayerCount] is the number of characters."""
    goal = Goal.of("defeat_monsters", per_player=2)
    assert goal.progress(FakeView(player_count=4, monsters_defeated=5)) == GoalProgress(
        False, "5 of 8 monsters defeated"
    )
    assert goal.progress(FakeView(player_count=4, monsters_defeated=8)).done
    assert goal.progress(FakeView(player_count=1, monsters_defeated=2)).done
    assert not goal.progress(FakeView(player_count=6, monsters_defeated=11)).done


def test_defeat_monsters_with_a_fixed_count() -> None:
    goal = Goal.of("defeat_monsters", count=1)
    assert goal.progress(FakeView(player_count=6)) == GoalProgress(False, "0 of 1 monster defeated")
    assert goal.progress(FakeView(monsters_defeated=3)).done
    assert goal.describe() == "Defeat 1 monster."


def test_defeat_monsters_needs_exactly_one_of_count_and_per_player() -> None:
    with pytest.raises(ScenarioError, match="not neither") as info:
        Goal.of("defeat_monsters")
    assert info.value.field == "count"
    with pytest.raises(ScenarioError, match="not both"):
        Goal.of("defeat_monsters", count=3, per_player=1)


@pytest.mark.parametrize("bad", [0, -3, 1.5, True, "2"])
def test_counts_are_whole_numbers_of_at_least_one(bad: object) -> None:
    with pytest.raises(ScenarioError, match="must be a whole number of at least 1") as info:
        Goal.of("defeat_monsters", per_player=bad)  # type: ignore[arg-type]
    assert info.value.field == "per_player"


def test_an_unknown_kind_or_parameter_is_refused() -> None:
    with pytest.raises(ScenarioError, match="got 'find_the_grail'") as info:
        Goal.of("find_the_grail")
    assert info.value.field == "kind"
    with pytest.raises(ScenarioError, match="has no parameter 'rounds'"):
        Goal.of("explore_tiles", count=3, rounds=3)
    with pytest.raises(ScenarioError, match="needs 'count'"):
        Goal.of("explore_tiles")
    with pytest.raises(ScenarioError, match="an end condition kind"):
        EndCondition.of("defeat_monsters", count=3)


# -- explore_tiles and reach_tile -----------------------------------------------------------------


def test_explore_tiles_counts_the_tiles_placed() -> None:
    goal = Goal.of("explore_tiles", count=6)
    assert goal.progress(FakeView(tiles_placed=5)) == GoalProgress(
        False, "5 of 6 Room Tiles placed"
    )
    assert goal.progress(FakeView(tiles_placed=6)).done


def test_reach_tile_needs_every_conscious_hero_when_the_round_ends() -> None:
    goal = Goal.of("reach_tile", tile="E-8")
    assert goal.rule.at_round_end
    assert goal.progress(FakeView()) == GoalProgress(False, "E-8 has not been revealed yet")
    split = FakeView(standing={"A-1": ("Mage",), "E-8": ("Warrior", "Priestess")})
    assert goal.progress(split, round_ended=True) == GoalProgress(
        False, "2 of 3 conscious heroes on E-8"
    )
    together = FakeView(standing={"E-8": ("Warrior", "Priestess", "Mage")})
    during = goal.progress(together)
    assert not during.done
    assert during.text.endswith("if they still stand there when the round ends")
    assert goal.progress(together, round_ended=True).done


def test_reach_tile_ignores_unconscious_heroes_but_needs_someone() -> None:
    """The view names conscious heroes only; with nobody conscious the goal is not met (the
    game is lost anyway: *End of the Game*)."""
    goal = Goal.of("reach_tile", tile="E-8")
    assert goal.progress(FakeView(standing={"E-8": ("Mage",)}), round_ended=True).done
    assert not goal.progress(FakeView(standing={"E-8": ()}), round_ended=True).done


# -- round_limit ----------------------------------------------------------------------------------


def test_round_limit_is_lost_when_the_last_round_ends() -> None:
    limit = EndCondition.of("round_limit", rounds=20)
    assert limit.progress(FakeView(round=19), round_ended=True) == GoalProgress(
        False, "round 19 of 20"
    )
    assert not limit.progress(FakeView(round=20)).done
    assert limit.progress(FakeView(round=20), round_ended=True) == GoalProgress(
        True, "round 20 has ended: time is up"
    )
    assert limit.progress(FakeView(round=21)).done


# -- the scenario ---------------------------------------------------------------------------------


def test_goal_met_and_lost() -> None:
    s = scenario()
    assert s.goal_met(FakeView(monsters_defeated=6)).done
    assert s.lost(FakeView(round=20)) is None
    assert s.lost(FakeView(round=20), round_ended=True) == EndCondition.of("round_limit", rounds=20)


def test_a_goal_met_as_the_last_round_ends_wins() -> None:
    """Ruling SC2: the goal is judged before the scenario's losing conditions."""
    s = scenario()
    won = s.check_end(FakeView(round=20, monsters_defeated=6), round_ended=True)
    assert won == ScenarioEnd(
        True, "Defeat 2 monsters per player ([PlayerCount] x 2). (6 of 6 monsters defeated)"
    )
    assert won.rule is Section.END_OF_THE_GAME
    lost = s.check_end(FakeView(round=20, monsters_defeated=5), round_ended=True)
    assert lost is not None and not lost.won
    assert "round 20 has ended" in lost.reason
    assert s.check_end(FakeView(round=7, monsters_defeated=5)) is None


def test_the_scenario_deck() -> None:
    pack = starter_pack()
    everything = scenario()
    assert everything.deck_ids(["A-1", "B-1", "B-2"]) == ("B-1", "B-2")
    chosen = scenario(tiles=["C-1", "B-2"])
    assert chosen.tiles == ("C-1", "B-2")
    assert [tile.id for tile in chosen.scenario_deck(pack)] == ["C-1", "B-2"]
    assert chosen.tile_ids() == (("start_tile", "A-1"), ("tiles[0]", "C-1"), ("tiles[1]", "B-2"))


@pytest.mark.parametrize(
    ("changes", "field_name"),
    [
        ({"tiles": ("B-1", "A-1")}, "tiles[1]"),
        ({"tiles": ("B-1", "B-1")}, "tiles[1]"),
        ({"monster_level": 0}, "monster_level"),
        ({"monster_level": 5}, "monster_level"),
        ({"story": "  "}, "story"),
        ({"goal": "defeat_monsters"}, "goal"),
        ({"defeats": ("round_limit",)}, "defeat[0]"),
        ({"special_rules": ("Be nice.",)}, "special_rule[0]"),
    ],
)
def test_a_scenario_refuses_bad_fields(changes: dict[str, object], field_name: str) -> None:
    with pytest.raises(ScenarioError) as info:
        scenario(**changes)
    assert info.value.field == field_name


def test_special_rules_and_hooks() -> None:
    rule = SpecialRule("Monsters wading in lose 1 HP.")
    assert rule.hook is None and rule.params == ()
    with pytest.raises(ScenarioError, match="not registered") as info:
        SpecialRule("Flood.", hook="rising_water")
    assert info.value.field == "hook"
    with pytest.raises(ScenarioError, match="needs its text"):
        SpecialRule("")


def test_a_new_goal_kind_is_one_registration(monkeypatch: pytest.MonkeyPatch) -> None:
    """Later scenarios add kinds without touching the game: a registry entry (taken out again
    by ``monkeypatch``, which leaves the registry as it found it)."""
    kind = ConditionKind(
        "count_treasures",
        (("count", ParamKind.COUNT),),
        lambda p, view, ended: GoalProgress(
            view.treasures_searched >= p["count"], f"{view.treasures_searched} searched"
        ),
        lambda p: f"Search {p['count']} treasures.",
    )
    monkeypatch.setitem(GOALS, kind.name, kind)
    goal = Goal.of("count_treasures", count=2)
    assert goal.progress(FakeView(treasures_searched=2)).done
    assert goal.describe() == "Search 2 treasures."


def test_the_briefing_reads_the_scenario_aloud() -> None:
    text = starter_pack().scenario("the_flooded_archive").briefing()
    assert text.startswith("The Flooded Archive\n\nBeneath the river town")
    assert "- A hero dies." in text
    assert "round 20" in text
    assert "Special rule: Wading in" in text
