"""*General Setup* and *Table Setup*: the table plan for 1 to 6 players and its view, without a
browser. Every count is checked against the engine or the pack it comes from."""

from __future__ import annotations

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.progression import GroupXP
from doria_nb.engine.starting import hand_size
from doria_nb.engine.tiles import active_monster_colors
from doria_nb.ui.table_plan import TablePlan, TablePlanError
from doria_nb.ui.table_setup_view import TableSetupView, table_html

PACK = starter_pack()


@pytest.mark.parametrize("players", range(1, 7))
def test_the_counts_that_depend_on_the_players(players: int) -> None:
    plan = TablePlan.build(players)
    assert len(plan.seats) == players
    assert {seat.hand for seat in plan.seats} == {hand_size(players)}
    counts = "\n".join(plan.player_counts)
    for color in active_monster_colors(players):
        assert color.value in counts
    assert f"costs {GroupXP(players).cost} Group XP" in counts
    assert {seat.bonus_picks for seat in plan.seats} == {1 if players <= 2 else 0}
    assert f"I to {('I', 'II', 'III', 'IV', 'V', 'VI')[players - 1]} " in plan.describe()


def test_the_decks_come_from_the_pack() -> None:
    plan = TablePlan.build(4)
    loot = plan.area("3 Loot Decks").items[0]
    assert loot.startswith(f"{len(PACK.loot_deck())} Loot Cards")
    stacks = [int(n) for n in loot.split("stacks of ")[1].split(";")[0].split(", ")]
    assert len(stacks) == 3 and sum(stacks) == len(PACK.loot_deck())
    assert max(stacks) - min(stacks) <= 1
    monsters = plan.area("Monster Deck").items
    assert monsters[0].startswith(f"{len(PACK.monster_deck())} cards")
    assert "Female Zombie" in monsters[1]
    assert "Monster Level 1 deck" in plan.area("Monster Level Decks").items[0]
    harder = TablePlan.build(4, options=RulesOptions(monster_difficulty="level_2"))
    assert "Monster Level 2 deck" in harder.area("Monster Level Decks").items[0]


def test_each_seat_gets_its_heroes_standard_items() -> None:
    plan = TablePlan.build(2, heroes=["mage", "priestess"])
    mage = PACK.hero("mage")
    assert plan.seats[0].hero == mage.name
    assert plan.seats[0].standard_items == tuple(i.name for i in mage.standard_items)
    assert "no scenario" in TablePlan.build(1, scenario=None).area("Play area").items[1]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 0}, "seats 1 to 6 players"),
        ({"players": 7}, "not 7"),
        ({"players": "3"}, "whole number"),
        ({"players": True}, "whole number"),
        ({"players": 2, "heroes": ["mage", "mage"]}, "one is chosen twice"),
        ({"players": 2, "heroes": ["mage"]}, "2 players need 2 heroes"),
        ({"players": 1, "heroes": ["wizard"]}, "no hero 'wizard'"),
        ({"players": 1, "scenario": "the_lost_mine"}, "no scenario 'the_lost_mine'"),
    ],
)
def test_bad_tables_are_refused_in_words(kwargs: dict, message: str) -> None:
    with pytest.raises(TablePlanError, match=message):
        TablePlan.build(**kwargs)


def test_an_unknown_area_is_refused() -> None:
    with pytest.raises(TablePlanError, match="no area 'Kitchen'"):
        TablePlan.build(1).area("Kitchen")


def test_the_view_follows_the_slider_and_the_picks() -> None:
    view = TableSetupView(players=2)
    assert "Shield Maiden" in view.table.value and "Ranger" not in view.table.value
    view.players.value = 6
    assert len(view.plan.seats) == 6
    assert all(p.layout.display != "none" for p in view.hero_picks)
    assert "hand holds 6 cards" in view.table.value
    view.players.value = 1
    assert [p.layout.display for p in view.hero_picks[1:]] == ["none"] * 5
    assert "hand holds 10 cards" in view.table.value
    view.hero_picks[0].value = "mage"
    assert view.plan.seats[0].hero == "Mage"
    view.scenario.value = ""
    assert view.plan.scenario is None


def test_a_refused_choice_keeps_the_last_table_and_says_why() -> None:
    view = TableSetupView(players=2)
    before = view.table.value
    view.hero_picks[1].value = view.hero_picks[0].value
    assert "chosen twice" in view.message.value
    assert view.table.value == before
    view.hero_picks[1].value = "mage"
    assert view.message.value == ""


def test_every_area_is_labelled_in_the_drawing() -> None:
    plan = TablePlan.build(3)
    drawing = table_html(plan)
    for area in plan.areas:
        assert f'aria-label="{area.name}"' in drawing
    assert drawing.count("<li>") >= sum(len(a.items) for a in plan.areas) + 3
