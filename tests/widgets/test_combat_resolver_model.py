"""The combat resolver's model without any widget: its state and intents, the engine's odds,
the roll stepped through the engine's choices, refused requests that change nothing, and the
board deciding *hindered* (*Range and Line of Sight*, *Difficult Terrain*).

That the model imports no widget library is checked in ``tests/architecture``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.combat import AttackResolution, Foe, attack_options, hero_attack_odds
from doria_nb.engine.decisions import Choice, ChoiceKind
from doria_nb.engine.errors import CombatError, DoriaError
from doria_nb.engine.options import RulesOptions
from doria_nb.ui.combat_resolver import ResolverModel, equipped_hero

PACK = starter_pack()

BLUE_SOLID = """
map:
  ###D#####
  #...%...#
  #H..%..o#
  #...%...#
  #########
figures:
  H = hero Huntress
  o = monster Orc
"""


def roll_until(
    model: ResolverModel, wanted: Callable[[AttackResolution | Choice], bool], tries: int = 200
) -> AttackResolution | Choice:
    """Roll (answering nothing, dropping what comes) until ``wanted`` holds."""
    for _ in range(tries):
        if model.pending is not None:
            model.new_fight()
        result = model.roll()
        if wanted(result):
            return result
    raise AssertionError("no roll gave what was wanted")


def state(model: ResolverModel) -> tuple[object, ...]:
    """What a refused request must leave as it was."""
    return (
        model.hero_id,
        model.monster_id,
        model.level,
        model.monster_attacks,
        model.attack_index,
        model.element,
        model.defense,
        model.hindered,
        model.rules,
        model.character.hp,
        model.foe,
        model.odds,
        model.pending,
        model.resolution,
        model.applied,
    )


def test_the_odds_are_the_engines() -> None:
    model = ResolverModel("warrior", "orc", seed=3)
    option = attack_options(equipped_hero(PACK, "warrior"))[0]
    foe = Foe.of(PACK.monster("orc"), 1)
    expected = hero_attack_odds(option.dice, option.damage, foe, kind=option.kind)
    assert model.odds is not None and model.odds.p_hit == expected.p_hit
    assert model.panel is not None and model.panel.odds is model.odds
    assert model.panel.title == "the Warrior attacks the Orc with the " + option.label
    assert model.status == "Set up the attack, read the odds, then press Roll."
    assert not model.problem


def test_setup_intents_change_the_odds_and_drop_an_attack_not_applied() -> None:
    model = ResolverModel("warrior", "orc", seed=3)
    free = model.odds
    model.set_hindered(True)
    assert model.odds is not None and free is not None and model.odds.p_hit < free.p_hit
    assert model.panel is not None and model.panel.title.endswith("across a Blue Solid Line")
    model.set_hindered(False)
    model.roll()
    assert model.resolution is not None and model.landed is not None
    model.choose_level(3)
    assert model.foe.stats.level == 3 and model.resolution is None and model.landed is None
    assert "the attack rolled before was dropped" in model.status
    model.set_rules(RulesOptions(no_fumbles=True))
    assert model.panel is not None and model.panel.rules == ("No Fumbles",)


@pytest.mark.parametrize(
    ("intent", "message"),
    [
        (lambda m: m.choose_level(7), "Monster Level is 1 to 4"),
        (lambda m: m.choose_hero("nobody"), "nobody"),
        (lambda m: m.choose_monster("nobody"), "nobody"),
        (lambda m: m.choose_attack(99), "no attack option 99"),
        (lambda m: m.choose_element("plasma"), "cannot wake the element 'plasma'"),
        (lambda m: m.choose_defense("head"), "no defense roll 'head'"),
        (lambda m: m.set_rules("no fumbles"), "RulesOptions"),
        (lambda m: m.set_seed("7"), "whole number"),
        (lambda m: m.decide("none"), "No question is waiting"),
        (lambda m: m.apply(), "Roll first"),
    ],
)
def test_bad_requests_are_refused_in_words_and_change_nothing(
    intent: Callable[[ResolverModel], object], message: str
) -> None:
    model = ResolverModel("warrior", "orc", seed=3)
    before = state(model)
    with pytest.raises(DoriaError, match=message):
        intent(model)
    assert state(model) == before


def test_a_monster_attack_waits_for_the_armor_then_applies() -> None:
    model = ResolverModel("warrior", "orc", monster_attacks=True, seed=1)
    assert model.defense is not None  # the engine's default defense roll
    choice = roll_until(model, lambda r: isinstance(r, Choice))
    assert isinstance(choice, Choice) and choice.kind is ChoiceKind.ARMOR
    assert model.pending is choice and model.pending_default() in choice.keys
    before = state(model)
    with pytest.raises(DoriaError, match="not an answer"):
        model.decide("head")
    assert state(model) == before and model.problem
    with pytest.raises(CombatError, match="Answer the question first"):
        model.roll()
    hp = model.character.hp
    result = model.decide("none")
    assert isinstance(result, AttackResolution) and model.pending is None
    assert result.damage is not None and result.damage.armor_name is None
    model.apply()
    assert model.applied and model.character.hp == hp - result.damage.total
    with pytest.raises(CombatError, match="already applied"):
        model.apply()


def test_the_same_seed_gives_the_same_attack_and_new_fight_starts_the_dice_over() -> None:
    first = ResolverModel("warrior", "orc", seed=5)
    second = ResolverModel("warrior", "orc", seed=5)
    a, b = first.roll(), second.roll()
    assert isinstance(a, AttackResolution) and isinstance(b, AttackResolution)
    assert a.outcome == b.outcome and a.damage == b.damage
    first.new_fight()
    again = first.roll()
    assert isinstance(again, AttackResolution) and again.outcome == a.outcome


def test_the_board_decides_hindered_and_clearing_it_gives_it_back() -> None:
    model = ResolverModel("huntress", "orc", seed=5)
    assert model.load_situation(BLUE_SOLID)
    assert model.hindered and model.board_check is not None and model.board_check.hindered
    assert model.attacker_choices() == [("Huntress (H)", "H"), ("Orc (o)", "o")]
    model.choose_fighters("o", "H")
    assert model.monster_attacks and model.defender == "H"
    model.clear_board()
    assert model.situation is None and model.board_check is None and not model.hindered
    assert model.attacker_choices() == []


def test_a_situation_that_cannot_be_read_changes_nothing() -> None:
    model = ResolverModel("huntress", "orc", seed=5)
    before = state(model)
    assert not model.load_situation("map:\n  ###\nfigures:\n")
    assert state(model) == before and model.situation is None and model.problem
