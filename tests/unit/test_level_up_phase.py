"""*Phase H: Level Up* for one character (``doria_nb.engine.level_up.rules``): Regeneration,
an unconscious character's 3 points and the choice to wake, attribute raises, and refusals."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.content import starter_pack
from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.character import Character
from doria_nb.engine.doom import DoomCounter
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.level_up import LevelUpError, level_up_phase, regeneration_points
from doria_nb.engine.phases import initiative_phase

PACK = starter_pack()


def premade(hero_id: str) -> Character:
    return Character.from_template(next(h for h in PACK.heroes if h.id == hero_id))


def regenerating_warrior() -> Character:
    warrior = premade("warrior")
    warrior.set_level(2)
    warrior.choose_bonus(PACK.bonus("regeneration"))
    return warrior


def state(character: Character) -> tuple:
    return (character.hp, character.pp, character.attributes, character.saved_points)


def test_regeneration_gives_one_hp_and_one_pp_never_above_the_maximum() -> None:
    warrior = regenerating_warrior()
    assert regeneration_points(warrior) == (1, 1)
    top = warrior.maximum
    warrior.change_points(hp=-4)
    result = level_up_phase(warrior, unconscious=False)
    assert (warrior.hp, warrior.pp) == (top.hp - 3, top.pp)
    assert result.regeneration is not None and result.regeneration.wasted == 1
    assert result.recovery is None and result.rolls_initiative
    assert "Regeneration" in result.explain()


def test_without_the_bonus_a_conscious_character_gains_nothing() -> None:
    mage = premade("mage")
    mage.change_points(hp=-3)
    before = state(mage)
    result = level_up_phase(mage, unconscious=False)
    assert state(mage) == before and result.regeneration is None
    assert "nothing to regenerate" in result.explain()


def test_unconscious_recovers_three_points_split_as_the_player_says() -> None:
    mage = premade("mage")
    mage.change_points(hp=-15, pp=-5)
    hp, pp = mage.hp, mage.pp
    result = level_up_phase(mage, unconscious=True, split=(1, 2))
    assert (mage.hp, mage.pp) == (hp + 1, pp + 2)
    assert result.recovery is not None and result.recovery.offered == (1, 2)
    assert result.rolls_initiative and "wakes up" in result.explain()


def test_unconscious_default_split_and_regeneration_both_apply() -> None:
    warrior = regenerating_warrior()
    warrior.change_points(hp=-(warrior.hp + 10))  # -10 HP
    result = level_up_phase(warrior, unconscious=True)
    assert warrior.hp == -10 + 1 + 3
    assert result.regeneration is not None and result.recovery is not None


def test_staying_unconscious_exempts_from_the_next_roll_and_doom_step() -> None:
    mage, warrior = premade("mage"), premade("warrior")
    mage.change_points(hp=-(mage.hp + 10))
    result = level_up_phase(mage, unconscious=True, stay_unconscious=True)
    assert not result.rolls_initiative and "no equipping in Phase I" in result.explain()
    kept = frozenset(name for name, r in [("Mage", result)] if not r.rolls_initiative)
    chance = ScriptedChance([3, 4])
    phase = initiative_phase(
        {"Mage": mage, "Warrior": warrior}, chance, DoomCounter(), kept_unconscious=kept
    )
    assert chance.remaining == 0 and phase.doom_steps == 0
    assert phase.kept_unconscious == ("Mage",)


def test_attribute_points_are_spent_first() -> None:
    adventurer = premade("adventurer")
    adventurer.gain_points(1)
    hp = adventurer.maximum.hp
    result = level_up_phase(adventurer, unconscious=False, raise_points={"CON": 1})
    assert adventurer.saved_points == 0 and adventurer.maximum.hp >= hp
    assert result.raised == (("CON", 1),) and "CON +1" in result.explain()


@pytest.mark.parametrize(
    "keywords",
    [
        {"unconscious": False, "split": (3, 0)},
        {"unconscious": False, "stay_unconscious": True},
        {"unconscious": True, "split": (2, 2)},
        {"unconscious": True, "split": (4, -1)},
        {"unconscious": True, "split": [3, 0]},
        {"unconscious": True, "split": (True, 2)},
        {"unconscious": "yes"},
        {"unconscious": True, "stay_unconscious": None},
        {"unconscious": True, "raise_points": {"CON": 1}},  # no saved points
        {"unconscious": True, "raise_points": {"LUCK": 1}},
        {"unconscious": True, "raise_points": "CON"},
    ],
)
def test_bad_requests_change_nothing(keywords: dict) -> None:
    warrior = regenerating_warrior()
    warrior.change_points(hp=-(warrior.hp + 5), pp=-2)
    before = state(warrior)
    with pytest.raises(LevelUpError) as refused:
        level_up_phase(warrior, **keywords)
    assert isinstance(refused.value, DoriaError) and str(refused.value)
    assert state(warrior) == before


def test_not_a_character_or_dead_is_refused() -> None:
    with pytest.raises(LevelUpError):
        level_up_phase("the Mage", unconscious=True)  # type: ignore[arg-type]
    mage = premade("mage")
    mage.change_points(pp=-(mage.pp + 20))
    with pytest.raises(LevelUpError, match="dead"):
        level_up_phase(mage, unconscious=True)


@given(
    hp_loss=st.integers(min_value=0, max_value=24),
    pp_loss=st.integers(min_value=0, max_value=15),
    to_hp=st.integers(min_value=0, max_value=3),
    regenerates=st.booleans(),
)
def test_recovery_never_passes_the_maximum_and_never_lowers(
    hp_loss: int, pp_loss: int, to_hp: int, regenerates: bool
) -> None:
    warrior = regenerating_warrior() if regenerates else premade("warrior")
    warrior.change_points(hp=-hp_loss, pp=-pp_loss)
    if warrior.hp <= -20:
        return
    hp, pp = warrior.hp, warrior.pp
    top = warrior.maximum
    level_up_phase(warrior, unconscious=True, split=(to_hp, 3 - to_hp))
    assert hp <= warrior.hp <= max(top.hp, hp) and pp <= warrior.pp <= max(top.pp, pp)
    gained = (warrior.hp - hp) + (warrior.pp - pp)
    assert gained <= 3 + 2 * regenerates
