"""A created hero on a Campaign Sheet (*Optional Rule: Create Heroes*, *Campaign Sheet
Anatomy*, *Death of a character in campaigns*): made from 50 points, carried through JSON,
played in a scenario, carried over, and replaced when it dies."""

from __future__ import annotations

import json
from dataclasses import replace
from types import SimpleNamespace

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.campaign import (
    CampaignError,
    CampaignSheet,
    CampaignSheetError,
    after_scenario,
    dump_sheet,
    load_sheet,
)
from doria_nb.engine.campaign.created import CreatedHero
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.game import start_game
from doria_nb.engine.game.game import Game
from doria_nb.engine.game.simulate import play_out
from doria_nb.engine.options import RulesOptions

BRUNHILD = {"STR": 13, "CON": 12, "AGI": 9, "PER": 6, "WIS": 5, "PSI": 5}
SCENARIO = "the_flooded_archive"


def _created_sheet(standard: tuple[str, ...] = ()) -> CampaignSheet:
    hero = CreatedHero("Brunhild", BRUNHILD, standard)
    return CampaignSheet.begin(
        "test", "A Test Campaign", ["warrior", hero, "mage"], first_scenario=SCENARIO
    )


def _hero_json(sheet: CampaignSheet) -> tuple[dict, dict]:
    data = json.loads(dump_sheet(sheet))
    return data, next(h for h in data["heroes"] if h["name"] == "Brunhild")


def test_a_created_hero_spends_exactly_50_points_each_from_1_to_13() -> None:
    """*Optional Rule: Create Heroes*: 50 character points, each attribute 1 to 13."""
    assert CreatedHero("Brunhild", BRUNHILD).attributes.total == 50
    with pytest.raises(CampaignSheetError, match="2 more to distribute"):
        CreatedHero("Odo", {**BRUNHILD, "PSI": 3})
    with pytest.raises(CampaignSheetError, match="above 13"):
        CreatedHero("Odo", {**BRUNHILD, "STR": 14, "CON": 11})
    with pytest.raises(CampaignSheetError, match="below the minimum"):
        CreatedHero("Odo", {**BRUNHILD, "PSI": 0, "WIS": 10})
    with pytest.raises(CampaignSheetError, match="at most 6 cards"):
        CreatedHero("Odo", BRUNHILD, ("psi_dart",) * 7)


def test_a_campaign_starts_with_a_created_hero_and_create_heroes_on() -> None:
    """*Campaign Mode*: a group may begin with created heroes beside premade ones; the sheet
    then plays with *Create Heroes* on."""
    sheet = _created_sheet()
    record = sheet.hero("created_brunhild")
    assert record.is_created and record.created == record.attributes
    assert record.points_earned == 0
    assert sheet.options.create_heroes
    assert "created with STR 13" in sheet.describe()


def test_a_created_hero_survives_the_json_round_trip() -> None:
    """*Campaign Sheet Anatomy*: the sheet carries the created hero's attributes."""
    sheet = _created_sheet(("psi_dart",))
    again = load_sheet(dump_sheet(sheet))
    assert again == sheet and again.hero("created_brunhild").standard == ("psi_dart",)


def test_a_premade_only_sheet_is_written_as_before() -> None:
    """Sheets without created heroes keep their fields: older sheets still load."""
    sheet = CampaignSheet.begin("test", "A Test Campaign", ["warrior"], first_scenario=SCENARIO)
    data = json.loads(dump_sheet(sheet))
    assert "created" not in data["heroes"][0]
    assert load_sheet(dump_sheet(sheet)) == sheet


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda h: h["created"].update(PSI=3), "2 more to distribute"),
        (lambda h: h["created"].update(STR=14, CON=11), "above 13"),
        (lambda h: h["attributes"].update(STR=12), "below those it was created with"),
        (lambda h: h.update(hero="warrior_two"), "id comes from its name"),
        (lambda h: h.pop("standard"), "no chosen Standard Items"),
        (lambda h: h.update(standard="psi_dart"), "chosen Standard Items is 'psi_dart'"),
        (lambda h: h["created"].pop("PSI"), "lack PSI"),
    ],
)
def test_a_damaged_created_hero_is_refused_in_words(change, words: str) -> None:
    """Corrupted sheets are refused in words: points not adding to 50 (plus those earned
    since, which only raise attributes), attributes out of range."""
    data, hero = _hero_json(_created_sheet())
    change(hero)
    with pytest.raises(CampaignSheetError, match=words):
        load_sheet(json.dumps(data))


def test_a_created_hero_with_create_heroes_off_is_refused() -> None:
    data, _ = _hero_json(_created_sheet())
    data["options"]["create_heroes"] = False
    with pytest.raises(CampaignSheetError, match="Create Heroes"):
        load_sheet(json.dumps(data))


def test_a_created_hero_named_like_a_premade_id_or_with_a_loot_card_is_refused() -> None:
    with pytest.raises(CampaignSheetError, match="a Loot Card"):
        load_sheet(dump_sheet(_created_sheet(("woolen_cap",))), pack=starter_pack())
    with pytest.raises(CampaignSheetError, match="no item"):
        load_sheet(dump_sheet(_created_sheet(("golden_crown_x",))), pack=starter_pack())
    assert load_sheet(dump_sheet(_created_sheet(("psi_dart",))), pack=starter_pack())


def test_a_created_hero_plays_a_scenario_and_carries_over() -> None:
    """*Campaign Mode*: the created hero is dealt as a custom hero (its Standard Items, then
    Loot Cards), plays, and its record after the scenario keeps its creation."""
    sheet = _created_sheet(("psi_dart",))
    game = start_game(sheet, 5)
    seat = next(s for s in game.state.heroes.values() if s.name == "Brunhild")
    assert seat.character.attributes.as_dict() == BRUNHILD
    assert "psi_dart" in [c.id for c in seat.character.mat.cards]
    assert len(seat.character.mat.cards) == 6
    again = Game.load(game.save())
    assert again.events == game.events
    play_out(game)
    after = after_scenario(sheet, game, next_scenario=SCENARIO, proceed="continue")
    record = after.hero("created_brunhild")
    assert record.created is not None and record.created.as_dict() == BRUNHILD
    following = start_game(after, 6)
    assert "created_brunhild" in [s.character.template.id for s in following.state.heroes.values()]


def test_a_dead_created_hero_is_replaced_by_a_new_character_with_the_others_points(
    end: SimpleNamespace,
) -> None:
    """*Death of a character in campaigns*: the new character gets the same Attribute Points
    and hero level as the others and distributes them; a created hero's replacement is
    created alike by default, or as the players create it."""
    sheet = _created_sheet()
    sheet = sheet.with_heroes(
        [
            h if h.is_created else h.__class__(h.hero, h.name, h.attributes.raised({"STR": 3}), 1)
            for h in sheet.heroes
        ]
    )
    game = start_game(sheet, 4)
    letter = next(s.letter for s in game.state.heroes.values() if s.name == "Brunhild")
    end.killed(game, letter)
    default = after_scenario(sheet, game, next_scenario=None)
    new = default.hero("created_brunhild")
    assert new.created.as_dict() == BRUNHILD and new.points_earned == 3
    chosen = after_scenario(
        sheet,
        game,
        next_scenario=None,
        replacements={"created_brunhild": CreatedHero("Sigrun", {**BRUNHILD, "STR": 12, "PSI": 6})},
        raises={"created_brunhild": {"PSI": 3}},
    )
    sigrun = chosen.hero("created_sigrun")
    assert sigrun.attributes["PSI"] == 9 and sigrun.points_earned == 3
    with pytest.raises(CampaignError, match="3 Attribute Point"):
        after_scenario(sheet, game, next_scenario=None, raises={"created_brunhild": {"PSI": 2}})


def test_a_dead_premade_hero_may_be_replaced_by_a_created_one(end: SimpleNamespace) -> None:
    """*Death of a character in campaigns* with *Create Heroes*: the new character may be a
    created one; without the optional rule on the sheet it is refused."""
    sheet = CampaignSheet.begin(
        "test",
        "A Test Campaign",
        ["warrior", "mage"],
        first_scenario=SCENARIO,
        options=RulesOptions(create_heroes=True),
    )
    game = end.killed(start_game(sheet, 4), "W")
    after = after_scenario(
        sheet, game, next_scenario=None, replacements={"warrior": CreatedHero("Brunhild", BRUNHILD)}
    )
    assert [h.hero for h in after.heroes] == ["created_brunhild", "mage"]
    plain = CampaignSheet.begin("t", "T", ["warrior", "mage"], first_scenario=SCENARIO)
    lost = end.killed(start_game(plain, 4), "W")
    with pytest.raises(CampaignSheetError, match="Create Heroes"):
        after_scenario(
            plain, lost, next_scenario=None, replacements={"warrior": CreatedHero("B", BRUNHILD)}
        )


def test_the_new_character_chooses_as_many_hero_bonuses_as_the_others(
    end: SimpleNamespace,
) -> None:
    """*Death of a character in campaigns*: "the same amount of XP and hero bonuses as the
    other characters", distributed freely: the group names the new character's bonuses."""
    sheet = _created_sheet()  # three heroes: hero level 1, no bonus yet
    second = sheet.with_heroes([replace(h, level=2) for h in sheet.heroes])
    game = start_game(second, 4)
    letter = next(s.letter for s in game.state.heroes.values() if s.name == "Brunhild")
    end.killed(game, letter)
    pick = game.pack.bonuses[-1].id
    after = after_scenario(
        second, game, next_scenario=None, new_bonuses={"created_brunhild": [pick]}
    )
    assert after.hero("created_brunhild").bonuses == (pick,)
    with pytest.raises(CampaignError, match="chooses 1 hero bonus"):
        after_scenario(second, game, next_scenario=None, new_bonuses={"created_brunhild": []})
    with pytest.raises(DoriaError, match="no bonus"):
        after_scenario(
            second, game, next_scenario=None, new_bonuses={"created_brunhild": ["flying"]}
        )
