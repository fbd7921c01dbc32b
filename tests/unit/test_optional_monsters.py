"""*Monster Difficulty* and *Limit Modifiers* (``doria_nb.engine.optional_rules.monsters``, the
spawns in ``doria_nb.engine.monster_ai``; rulings OR5, OR6)."""

from __future__ import annotations

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.combat import Foe
from doria_nb.engine.errors import MonsterError
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.monster_deck import MonsterDeck
from doria_nb.engine.monsters import stats_at_level
from doria_nb.engine.optional_rules.monsters import (
    difficulty_note,
    limit_modifiers,
    monster_difficulty_stats,
    starting_monster_level,
)
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.spawning.icons import spawn_monsters

PACK = starter_pack()


# -- Monster Difficulty ---------------------------------------------------------------------------


def test_extra_hp_gives_every_monster_one_more_hit_point() -> None:
    rule = RulesOptions(monster_difficulty="extra_hp")
    for monster in ("orc", "goblin", "mercenary"):
        plain = Foe.of(PACK.monster(monster), 2)
        harder = Foe.of(PACK.monster(monster), 2, options=rule)
        assert harder.hp == plain.hp + 1 and harder.armor == plain.armor
    # Applied after the modifiers: a Colossal Orc has 4 + 3 + 1 HP.
    colossal = Foe.of(PACK.monster("orc"), 1, (PACK.modifier("colossal"),), options=rule)
    assert colossal.hp == 8
    assert Foe.of(PACK.monster("orc")).hp == 4


@pytest.mark.parametrize(("per_armor", "hp"), [(1, 6), (2, 7)])
def test_easier_trades_one_armor_for_hit_points(per_armor: int, hp: int) -> None:
    mercenary = stats_at_level(PACK.monster("mercenary"), 1)  # AR 2, HP 5
    rule = RulesOptions(monster_difficulty="easier", hp_per_armor=per_armor)
    easier = monster_difficulty_stats(mercenary, rule)
    assert (easier.armor, easier.hp) == (1, hp)
    assert "1 Armor traded for" in (difficulty_note(mercenary, rule) or "")


def test_easier_leaves_a_monster_without_armor_alone() -> None:
    goblin = stats_at_level(PACK.monster("goblin"), 1)
    assert goblin.armor == 0
    rule = RulesOptions(monster_difficulty="easier", hp_per_armor=2)
    assert monster_difficulty_stats(goblin, rule) == goblin
    assert difficulty_note(goblin, rule) is None


def test_level_2_starts_the_monsters_at_level_2_and_changes_no_numbers() -> None:
    rule = RulesOptions(monster_difficulty="level_2")
    assert [starting_monster_level(rule, n) for n in (1, 2, 3)] == [2, 2, 3]
    assert [starting_monster_level(RulesOptions(), n) for n in (1, 2, 3)] == [1, 2, 3]
    orc = stats_at_level(PACK.monster("orc"), 1)
    assert monster_difficulty_stats(orc, rule) == orc
    with pytest.raises(MonsterError, match="whole number from 1"):
        starting_monster_level(rule, 0)


# -- Limit Modifiers -------------------------------------------------------------------------------

ROOM = """
map:
  ####D####
  #.......#
  #.w...w.#
  #.......#
  #########
figures:
  H = hero Huntress AP 12 at 4,3
"""


def deck(*ids: str) -> MonsterDeck:
    cards = [
        PACK.monster(i) if i in {m.id for m in PACK.monsters} else PACK.modifier(i) for i in ids
    ]
    return MonsterDeck.stacked(cards)


def spawn(options: RulesOptions, *ids: str, **kw: object) -> object:
    return spawn_monsters(
        Situation.from_text(ROOM),
        [Square(2, 2), Square(6, 2)],
        deck(*ids),
        ScriptedChance([]),
        pack=PACK,
        player_count=3,
        options=options,
        **kw,  # type: ignore[arg-type]
    )


def test_without_the_rule_a_monster_takes_every_modifier_drawn() -> None:
    done = spawn(RulesOptions(), "colossal", "faster", "orc", "ogre")
    orc, ogre = done.spawned  # type: ignore[attr-defined]
    assert [m.id for m in orc.modifiers] == ["colossal", "faster"] and ogre.modifiers == ()
    assert done.waiting_modifiers == ()  # type: ignore[attr-defined]


def test_limit_modifiers_keeps_the_extra_for_the_next_monster() -> None:
    done = spawn(RulesOptions(limit_modifiers=True), "colossal", "faster", "orc", "ogre")
    orc, ogre = done.spawned  # type: ignore[attr-defined]
    assert [m.id for m in orc.modifiers] == ["colossal"]
    assert [m.id for m in ogre.modifiers] == ["faster"]
    assert done.waiting_modifiers == ()  # type: ignore[attr-defined]
    steps = [d for d in done.trace.steps if d.rule is Section.LIMIT_MODIFIERS]  # type: ignore[attr-defined]
    assert "Faster waits for the next monster" in steps[0].note
    # The Ogre's MOD value counts the modifier it finally took.
    assert done.situation.figure(ogre.letters[0]).value("MOD") == 1  # type: ignore[attr-defined]


def test_at_monster_level_2_a_monster_takes_two() -> None:
    done = spawn(RulesOptions(limit_modifiers=True), "colossal", "faster", "orc", "ogre", level=2)
    orc, _ = done.spawned  # type: ignore[attr-defined]
    assert [m.id for m in orc.modifiers] == ["colossal", "faster"]


def test_modifiers_still_waiting_are_handed_on_and_stay_out_of_the_deck() -> None:
    rule = RulesOptions(limit_modifiers=True)
    done = spawn(rule, "colossal", "faster", "ironhide", "orc", "ogre")
    orc, ogre = done.spawned  # type: ignore[attr-defined]
    assert [m.id for m in orc.modifiers] == ["colossal"]
    assert [m.id for m in ogre.modifiers] == ["faster"]
    waiting = done.waiting_modifiers  # type: ignore[attr-defined]
    assert [m.id for m in waiting] == ["ironhide"]
    assert PACK.modifier("ironhide") not in done.deck.discard_pile  # type: ignore[attr-defined]
    # The next spawn gives it to its first monster.
    after = spawn(rule, "goblin", "orc", waiting_modifiers=waiting)
    goblin, _ = after.spawned  # type: ignore[attr-defined]
    assert [m.id for m in goblin.modifiers] == ["ironhide"]
    assert PACK.modifier("ironhide") in after.deck.discard_pile  # type: ignore[attr-defined]


def test_limit_modifiers_as_a_pure_function_and_bad_input() -> None:
    mods = PACK.modifiers[:3]
    on = RulesOptions(limit_modifiers=True)
    assert limit_modifiers(mods[:1], mods[1:], 1, on) == (mods[:1], mods[1:])
    assert limit_modifiers(mods[:1], mods[1:], 1, RulesOptions()) == (mods, ())
    with pytest.raises(MonsterError, match="Monster Level"):
        limit_modifiers((), mods, 0, on)
    with pytest.raises(MonsterError, match="waiting for the next monster"):
        spawn(on, "orc", "ogre", waiting_modifiers=["colossal"])
