"""Group XP, hero levels and hero bonus rules (doria_nb.engine.progression)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.content import load_pack
from doria_nb.engine.cards import EffectSpec
from doria_nb.engine.errors import ProgressionError
from doria_nb.engine.progression import (
    BONUS_EFFECTS,
    GroupXP,
    Redemption,
    campaign_hero_level,
    check_bonus_choice,
    check_bonus_effect,
    hero_level_in_round,
    starting_hero_level,
)

MINI = Path(__file__).resolve().parents[1] / "content" / "fixtures" / "mini"
PACK = load_pack(MINI)


def test_cost_is_player_count_or_three_times_in_campaigns() -> None:
    assert GroupXP(player_count=3).cost == 3
    assert GroupXP(player_count=3, campaign=True).cost == 9
    assert GroupXP(player_count=1, campaign=True).cost == 3


def test_redeem_converts_every_full_cost_by_default() -> None:
    track = GroupXP(player_count=2, xp=5)
    assert track.conversions == 2
    assert track.redeem() == Redemption(GroupXP(player_count=2, xp=1), 2)
    assert track.redeem(1) == Redemption(GroupXP(player_count=2, xp=3), 1)
    refused = GroupXP(player_count=4, xp=3).can_redeem()
    assert refused.reason == (
        "In a Single Scenario with 4 characters an Attribute Point costs 4 Group XP; the track "
        "holds 3."
    )
    with pytest.raises(ProgressionError, match="campaign"):
        GroupXP(player_count=4, xp=11, campaign=True).redeem()
    with pytest.raises(ProgressionError):
        track.redeem(3)
    assert not track.can_redeem(0)


@given(st.integers(1, 6), st.integers(0, 200), st.booleans())
def test_redeem_keeps_the_remainder(players: int, xp: int, campaign: bool) -> None:
    track = GroupXP(players, xp, campaign)
    if track.conversions == 0:
        assert not track.can_redeem()
        return
    result = track.redeem()
    assert result.points == xp // track.cost
    assert result.track.xp == xp % track.cost
    assert result.track.xp + result.points * track.cost == xp


def test_gain_and_spend() -> None:
    track = GroupXP(player_count=1).gain(2)
    assert track.spend(1).xp == 1
    assert "fewer than 3" in track.can_spend(3).reason
    with pytest.raises(ProgressionError):
        track.gain(-1)
    with pytest.raises(ProgressionError):
        track.spend(0)
    with pytest.raises(ProgressionError):
        GroupXP(player_count=7)
    with pytest.raises(ProgressionError):
        GroupXP(player_count=2, xp=-1)


def test_hero_levels() -> None:
    assert starting_hero_level(1) == starting_hero_level(2) == 2
    assert starting_hero_level(3) == 1
    assert starting_hero_level(4, extra_levels=1) == 2
    with pytest.raises(ProgressionError):
        starting_hero_level(0)
    assert [hero_level_in_round(r) for r in (1, 6, 7, 12, 13, 18, 25)] == [1, 1, 2, 2, 3, 4, 4]
    assert hero_level_in_round(7, phase_h_done=False) == 1
    assert hero_level_in_round(7, start=2) == 3
    assert [campaign_hero_level(n) for n in range(9)] == [1, 1, 2, 2, 3, 3, 4, 4, 5]
    with pytest.raises(ProgressionError):
        campaign_hero_level(-1)


def test_bonus_choice() -> None:
    melee, damage = PACK.bonus("melee_bonus"), PACK.bonus("damage_bonus")
    assert not check_bonus_choice((), 1, melee)
    assert check_bonus_choice((), 2, melee)
    assert "only once" in check_bonus_choice((melee,), 3, melee).reason
    assert "1 bonus, all already chosen" in check_bonus_choice((melee,), 2, damage).reason
    assert check_bonus_choice((melee,), 3, damage)


def test_bonus_effects_registry() -> None:
    for bonus in PACK.bonuses:
        assert check_bonus_effect(bonus.effect), bonus.id
    assert {b.effect.name for b in PACK.bonuses} == set(BONUS_EFFECTS)
    assert "unknown" in check_bonus_effect(EffectSpec.of("fly")).reason
    assert (
        "needs the parameter 'kind'" in check_bonus_effect(EffectSpec.of("extra_attack_die")).reason
    )
    assert (
        "melee, ranged or magic"
        in check_bonus_effect(EffectSpec.of("extra_attack_die", kind="thrown")).reason
    )
    assert "whole number" in check_bonus_effect(EffectSpec.of("extra_damage", amount="1")).reason
    assert "as text" in check_bonus_effect(EffectSpec.of("extra_attack_die", kind=1)).reason
    assert (
        "no parameter 'speed'"
        in check_bonus_effect(EffectSpec.of("extra_defense_die", speed=1)).reason
    )
    assert check_bonus_effect(EffectSpec.of("efficiency", ap=3, reach_into_other=2))
    assert not check_bonus_effect(EffectSpec.of("efficiency", ap=3, reach_into_other="2"))
