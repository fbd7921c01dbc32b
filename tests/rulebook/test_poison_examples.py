"""The rulebook's worked example of *Phase E: Poison*, rebuilt with
``doria_nb.engine.phases.poison``.

The Adventurer is the premade hero of the test pack ``tests/content/fixtures/mini`` (CON 9,
WIS 8, ruling H4 of ``docs/rulings.md``). The example gives only the dice total, 12; the faces
7 and 5 are one way to roll it. Under ruling G1 (``docs/_rulings_poison.md``) every marker still
held after the check costs one Hit Point, which is how the example's normal failure loses 3 HP.
"""

from __future__ import annotations

from pathlib import Path

from doria_nb.content import load_pack
from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.character import Character, PointsChanged
from doria_nb.engine.events import EventLog
from doria_nb.engine.phases import apply_poison, poison_check, poison_monster

MINI = Path(__file__).resolve().parents[1] / "content" / "fixtures" / "mini"
PACK = load_pack(MINI)


def test_phase_e_poison_adventurer_keeps_three_markers_and_loses_three_hp() -> None:
    """*Phase E: Poison*, Example: the Adventurer (CON 9, WIS 8) holds 3 Poison Markers; the
    monsters are level 1, so the TN is 30. He rolls 12 on 2D and reaches 29: a normal failure.
    He keeps his 3 markers and loses 3 Hit Points."""
    log = EventLog()
    adventurer = Character.from_template(PACK.hero("adventurer"), log=log)
    assert (adventurer.attributes.CON, adventurer.attributes.WIS) == (9, 8)
    hp_before = adventurer.hp

    result = poison_check(adventurer, 3, ScriptedChance([7, 5]), monster_level=1)

    assert result.check is not None
    assert (result.check.target, result.check.total) == (30, 29)
    assert not result.check.success and result.check.critical_failures == 0
    assert (result.markers_before, result.markers_after, result.hp_lost) == (3, 3, 3)
    assert result.explain() == (
        "the Adventurer: CON 9 + WIS 8 + 2D (7+5) = 29 against TN 30: failure; "
        "3 Poison Markers stay; 3 HP lost"
    )

    assert apply_poison(adventurer, result) == 3
    assert adventurer.hp == hp_before - 3
    assert [e.reason for e in log if isinstance(e, PointsChanged)] == ["poison"]


def test_phase_e_poison_monsters_lose_one_hp_per_marker_without_a_check() -> None:
    """*Phase E: Poison*: a poisoned monster makes no check and loses one HP per marker."""
    assert poison_monster(3) == 3
