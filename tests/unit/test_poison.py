"""*Phase E: Poison* (``doria_nb.engine.phases.poison``): the check, its criticals and fumbles,
the markers, the Hit Points, and requests that are refused without changing anything.

Rulings G1-G6 are in ``docs/rulings.md``.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.engine.attributes import Attributes
from doria_nb.engine.chance import Chance, ScriptedChance
from doria_nb.engine.character import Character, PointsChanged
from doria_nb.engine.errors import DoriaError, HealthError
from doria_nb.engine.events import DiceRolled, EventLog
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.phases import (
    PoisonError,
    PoisonResult,
    apply_poison,
    poison_check,
    poison_monster,
)
from doria_nb.engine.phases.poison import judge_poison, poison_target
from doria_nb.engine.sections import Section

ADVENTURER = Attributes(STR=9, CON=9, AGI=8, PER=8, WIS=8, PSI=8)
"""CON 9 + WIS 8 = 17; at Monster Level 1 the TN is 30, so the dice need 13."""


def hero(log: EventLog | None = None) -> Character:
    return Character("Adventurer", ADVENTURER, log=log)


def check(faces: list[int], markers: int = 3, **kwargs: object) -> PoisonResult:
    return poison_check(ADVENTURER, markers, ScriptedChance(faces), monster_level=1, **kwargs)  # type: ignore[arg-type]


def test_the_target_number_is_28_plus_twice_the_monster_level() -> None:
    assert [poison_target(level) for level in (1, 2, 5)] == [30, 32, 38]


def test_a_success_puts_one_marker_away_and_costs_no_hit_points() -> None:
    """Ruling G1 (re-decided 2026-12): the text takes Hit Points only on a failure."""
    result = check([9, 4])  # 17 + 13 = 30: exactly the TN
    assert (result.markers_before, result.markers_after, result.hp_lost) == (3, 2, 0)
    assert result.explain() == (
        "CON 9 + WIS 8 + 2D (9+4) = 30 against TN 30: success; 1 Poison Marker put away, "
        "2 stay; no HP lost"
    )


def test_under_the_poison_every_check_reading_the_markers_kept_still_hurt() -> None:
    """The named reading ``poison_every_check`` (ruling G1): the same success costs 2 HP."""
    every = RulesOptions(readings={"poison_every_check"})
    result = check([9, 4], options=every)
    assert (result.markers_after, result.hp_lost) == (2, 2)
    assert result.explain().endswith("2 stay; 2 HP lost")
    failure = check([7, 5], options=every)
    assert (failure.markers_after, failure.hp_lost) == (3, 3)  # the Example is the same


def test_each_critical_success_puts_one_more_marker_away() -> None:
    one = check([10, 8, 5])  # (10+8) + 5 = 23: 40, one critical
    assert (one.check.critical_successes, one.markers_after, one.hp_lost) == (1, 1, 0)
    assert "success, 1 critical success; 2 Poison Markers put away, 1 stays; no HP lost" in (
        one.explain()
    )
    two = check([10, 10, 8, 5])  # (10+10+8) + 5 = 33: 50, two criticals
    assert (two.check.critical_successes, two.markers_after, two.hp_lost) == (2, 0, 0)
    assert two.explain().endswith("3 Poison Markers put away, none stay; no HP lost")


def test_criticals_never_put_away_more_markers_than_there_are() -> None:
    result = check([10, 10, 8, 5], markers=1)
    assert (result.markers_after, result.hp_lost, result.change) == (0, 0, -1)


def test_a_normal_failure_keeps_the_markers_and_they_hurt() -> None:
    result = check([3, 5])  # 25 against 30
    assert (result.markers_after, result.hp_lost, result.change) == (3, 3, 0)
    assert result.explain().endswith("failure; 3 Poison Markers stay; 3 HP lost")


def test_each_critical_failure_adds_a_marker() -> None:
    result = check([1, 2])  # 20 against 30: 10 below, one critical failure
    assert (result.check.critical_failures, result.markers_after, result.hp_lost) == (1, 4, 4)
    assert result.explain().endswith(
        "failure, 1 critical failure; 1 Poison Marker added, 4 now; 4 HP lost"
    )


def test_a_fumble_adds_one_marker_more_than_its_margin() -> None:
    result = check([1, 1])  # 19: 11 below (1 critical failure) + the fumble
    assert result.check.fumbled
    assert (result.markers_after, result.hp_lost) == (5, 5)
    assert "fumble (two ones), 2 critical failures; 2 Poison Markers added, 5 now" in (
        result.explain()
    )


def test_a_fumble_fails_even_when_the_total_reaches_the_target() -> None:
    tough = Attributes(STR=5, CON=14, AGI=5, PER=5, WIS=14, PSI=5)  # 28 + 2 = 30 = TN
    result = poison_check(tough, 2, ScriptedChance([1, 1]), monster_level=1)
    assert not result.check.success
    assert (result.markers_after, result.hp_lost) == (3, 3)


def test_under_no_fumbles_two_ones_are_just_a_low_roll() -> None:
    result = check([1, 1], options=RulesOptions(no_fumbles=True))
    assert not result.check.fumbled
    assert (result.check.critical_failures, result.markers_after, result.hp_lost) == (1, 4, 4)


def test_a_character_without_markers_rolls_nothing_and_loses_nothing() -> None:
    chance = ScriptedChance([5, 5])
    result = poison_check(hero(), 0, chance, monster_level=3)
    assert result.check is None
    assert (result.markers_after, result.hp_lost) == (0, 0)
    assert chance.remaining == 2
    assert result.explain() == "Adventurer: no Poison Marker: no check, no HP lost"


def test_the_roll_is_logged_under_phase_e() -> None:
    log = EventLog()
    poison_check(hero(), 2, ScriptedChance([5, 5], log=log), monster_level=1)
    (rolled,) = [event for event in log if isinstance(event, DiceRolled)]
    assert rolled.rule is Section.PHASE_E
    assert rolled.purpose == "poison check"


def test_apply_poison_takes_the_hp_and_logs_it() -> None:
    log = EventLog()
    adventurer = hero(log)
    result = poison_check(adventurer, 3, ScriptedChance([3, 5]), monster_level=1)
    assert apply_poison(adventurer, result) == 3
    assert adventurer.hp == 9 - 3
    (event,) = [event for event in log if isinstance(event, PointsChanged)]
    assert (event.hp, event.reason) == ((9, 6), "poison")


def test_an_unconscious_character_checks_too_and_may_fall_lower() -> None:
    adventurer = hero()
    adventurer.change_points(hp=-11)  # -2 HP: unconscious
    result = poison_check(adventurer, 2, ScriptedChance([3, 5]), monster_level=1)
    apply_poison(adventurer, result)
    assert adventurer.hp == -4


def test_no_hp_lost_means_no_event() -> None:
    log = EventLog()
    adventurer = hero(log)
    result = poison_check(adventurer, 1, ScriptedChance([9, 9]), monster_level=1)
    assert apply_poison(adventurer, result) == 0
    assert not [event for event in log if isinstance(event, PointsChanged)]


@pytest.mark.parametrize(
    ("who", "markers", "kwargs", "words"),
    [
        (ADVENTURER, -1, {"monster_level": 1}, "at least 0"),
        (ADVENTURER, 2.5, {"monster_level": 1}, "whole number"),
        (ADVENTURER, True, {"monster_level": 1}, "whole number"),
        (ADVENTURER, 2, {"monster_level": 0}, "Monster Level must be at least 1"),
        (ADVENTURER, 2, {"monster_level": "1"}, "Monster Level must be a whole number"),
        (ADVENTURER, 2, {"monster_level": 1, "options": {"no_fumbles": True}}, "RulesOptions"),
        ({"CON": 9, "WIS": 8}, 2, {"monster_level": 1}, "character or its attributes"),
    ],
)
def test_bad_requests_are_refused_before_a_die_is_rolled(
    who: object, markers: object, kwargs: dict[str, object], words: str
) -> None:
    chance = ScriptedChance([5, 5])
    with pytest.raises(PoisonError, match=words):
        poison_check(who, markers, chance, **kwargs)  # type: ignore[arg-type]
    assert chance.remaining == 2


def test_poison_errors_are_health_errors_a_player_can_read() -> None:
    assert issubclass(PoisonError, HealthError)
    assert issubclass(PoisonError, DoriaError)


def test_a_result_is_not_applied_to_someone_else() -> None:
    log = EventLog()
    adventurer = hero()
    other = Character("Warrior", ADVENTURER, log=log)
    result = poison_check(adventurer, 3, ScriptedChance([3, 5]), monster_level=1)
    with pytest.raises(PoisonError, match="rolled for Adventurer, not for Warrior"):
        apply_poison(other, result)
    with pytest.raises(PoisonError, match="result of a poison check"):
        apply_poison(other, 3)  # type: ignore[arg-type]
    assert other.hp == 9
    assert len(log) == 0


def test_judge_poison_needs_a_check_for_a_poisoned_character() -> None:
    with pytest.raises(PoisonError, match="judged check"):
        judge_poison(None, 2)


def test_a_monster_loses_one_hp_per_marker_without_a_check() -> None:
    assert [poison_monster(n) for n in (0, 1, 4)] == [0, 1, 4]
    with pytest.raises(PoisonError, match="at least 0"):
        poison_monster(-2)
    with pytest.raises(PoisonError, match="whole number"):
        poison_monster(1.0)  # type: ignore[arg-type]


def test_the_result_is_frozen() -> None:
    result = check([3, 5])
    with pytest.raises(AttributeError):
        result.hp_lost = 0  # type: ignore[misc]


@given(
    markers=st.integers(0, 30),
    con=st.integers(1, 20),
    wis=st.integers(1, 20),
    level=st.integers(1, 12),
    seed=st.integers(0, 2**32),
    no_fumbles=st.booleans(),
)
def test_markers_never_go_below_zero_and_a_failure_costs_one_hp_per_marker(
    markers: int, con: int, wis: int, level: int, seed: int, no_fumbles: bool
) -> None:
    attributes = Attributes(STR=1, CON=con, AGI=1, PER=1, WIS=wis, PSI=1)
    options = RulesOptions(no_fumbles=no_fumbles)
    result = poison_check(attributes, markers, Chance.seeded(seed), monster_level=level,
                          options=options)  # fmt: skip
    assert result.markers_after >= 0
    if markers == 0:
        assert result.check is None and result.markers_after == 0
        return
    judged = result.check
    assert judged is not None
    # ruling G1: a failure costs 1 HP per marker held after the check, a success nothing
    assert result.hp_lost == (0 if judged.success else result.markers_after)
    if judged.success:
        assert result.markers_after == max(markers - 1 - judged.critical_successes, 0)
    elif judged.critical_failures == 0:
        assert result.markers_after == markers  # a normal failure changes no marker
    else:
        assert result.markers_after == markers + judged.critical_failures
