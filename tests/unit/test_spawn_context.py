"""The spawning package and the one object a spawn reads (doria_nb.engine.spawning; issue 17
items 3 and 4): :class:`SpawnContext` answers exactly as the plain functions given the same
values, the game state builds it from its own parts, a bad value is refused before anything is
drawn, and the package builds on the monster AI, never the other way round."""

from __future__ import annotations

import ast
import random
from dataclasses import replace
from pathlib import Path

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine import spawning
from doria_nb.engine.chance import Chance, ScriptedChance
from doria_nb.engine.errors import MonsterError, PlayerCountError
from doria_nb.engine.game.game import Game
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.monster_deck import MonsterDeck
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.situation import Situation
from doria_nb.engine.spawning import SpawnContext, refill_at_entrance, spawn_monsters

PACK = starter_pack()
ORC, GOBLIN = PACK.monster("orc"), PACK.monster("goblin")
HORDE, FASTER = PACK.modifier("horde"), PACK.modifier("faster")
ENGINE = Path(__file__).parents[2] / "doria_nb" / "engine"

HALL = Situation.from_text("""
map:
  ####D####
  #.......#
  #.w..w..#
  #.....H.#
  #########
figures:
  H = hero Huntress AP 12 STR 7 AGI 10 WIS 6
""")
ICONS = [Square(2, 2), Square(5, 2)]


VALUES: dict[str, object] = {
    "pack": PACK,
    "player_count": 3,
    "level": 2,
    "current_initiative": 11,
    "options": RulesOptions(limit_modifiers=True),
    "waiting_modifiers": (FASTER,),
}


def _deck() -> MonsterDeck:
    return MonsterDeck.stacked([HORDE, GOBLIN, FASTER, ORC])


def _context(**changes: object) -> SpawnContext:
    table = SpawnContext(HALL, _deck(), ScriptedChance([]), **VALUES)  # type: ignore[arg-type]
    return replace(table, **changes)  # type: ignore[arg-type]


def test_the_context_spawns_as_the_plain_function_does() -> None:
    by_context = _context().spawn_monsters(ICONS)
    plain = spawn_monsters(HALL, ICONS, _deck(), ScriptedChance([]), **VALUES)  # type: ignore[arg-type]
    assert by_context.situation == plain.situation
    assert by_context.deck == plain.deck
    assert by_context.spawned == plain.spawned
    assert by_context.acts_now == plain.acts_now
    assert by_context.waiting_modifiers == plain.waiting_modifiers
    assert by_context.trace.explain() == plain.trace.explain()
    assert by_context.letters  # the spawn did something to compare


def test_every_value_of_the_context_counts() -> None:
    """Each field reaches the spawn: changing it changes the answer."""
    base = _context().spawn_monsters(ICONS)
    assert _context(current_initiative=None).spawn_monsters(ICONS).acts_now == ()
    assert base.acts_now
    assert _context(level=1).spawn_monsters(ICONS).situation != base.situation
    assert _context(waiting_modifiers=()).spawn_monsters(ICONS).spawned != base.spawned
    assert _context(options=None).spawn_monsters(ICONS).waiting_modifiers == (FASTER,)
    assert base.waiting_modifiers != (FASTER,)


def test_the_context_refills_as_the_plain_function_does() -> None:
    entrance = Situation.from_text("tiles:\n  A-1 at 0,0\nfigures:\n  W = hero Warrior at 4,5")
    plain_values = {**VALUES, "waiting_modifiers": (), "current_initiative": None}
    table = _context(situation=entrance, waiting_modifiers=(), current_initiative=None)
    by_context = table.refill_at_entrance()
    plain = refill_at_entrance(entrance, _deck(), ScriptedChance([]), **plain_values)  # type: ignore[arg-type]
    assert by_context.letters == plain.letters
    assert by_context.situation == plain.situation
    assert by_context.trace.explain() == plain.trace.explain()


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"player_count": 0}, PlayerCountError),
        ({"level": 0}, MonsterError),
        ({"deck": [ORC]}, MonsterError),
        ({"options": "limit"}, MonsterError),
    ],
)
def test_a_bad_value_is_refused_before_anything_is_drawn(
    changes: dict[str, object], error: type[Exception]
) -> None:
    rng = random.Random(1)
    before = rng.getstate()
    table = _context(chance=Chance(rng), **changes)
    with pytest.raises(error):
        table.spawn_monsters(ICONS)
    assert rng.getstate() == before


def test_the_game_state_builds_the_context_from_its_own_parts() -> None:
    game = Game.new("the_flooded_archive", ("warrior", "mage", "ranger"), seed=5)
    state = game.state
    state.waiting_modifiers = (FASTER,)
    table = state.spawn_context(current_initiative=9)
    assert table.situation == state.board()
    assert table.deck is state.monster_deck
    assert table.chance is state.chance
    assert table.pack is state.pack
    assert table.options is state.options
    assert (table.level, table.player_count) == (state.monster_level, state.player_count)
    assert table.waiting_modifiers == (FASTER,)
    assert table.current_initiative == 9
    assert state.spawn_context().current_initiative is None


def test_the_facade_names_every_spawning_entry_point() -> None:
    for name in spawning.__all__:
        assert getattr(spawning, name).__module__.startswith("doria_nb.engine.spawning.")


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_spawning_builds_on_the_monster_ai_never_the_reverse() -> None:
    """No import cycle between the two packages: the monster AI never imports spawning."""
    crossing = {
        f"{path.name}: {module}"
        for path in sorted((ENGINE / "monster_ai").glob("*.py"))
        for module in _imports(path)
        if module.startswith("doria_nb.engine.spawning")
    }
    assert not crossing
    uses = {m for p in (ENGINE / "spawning").glob("*.py") for m in _imports(p)}
    assert any(m.startswith("doria_nb.engine.monster_ai") for m in uses)
    assert not any(m.startswith("doria_nb.engine.game") for m in uses)
