"""The monster AI attacks only as the combat rules allow (ruling RB6).

A monster's activation is planned by the AI on the game's board (:meth:`GameState.board`)
and its attack is then checked and resolved by the combat rules against the monster's
:class:`Foe`. If the two read the monster differently — its range with its modifiers, a
melee blow across a Hole — the attack the AI plans is refused while it is carried out, and
the hero's input that woke the monster can never be played (the soak's seeds 302423 and
302620 stopped so: an Eagle-Eyed Mummy and Ghoul striking across a wide Hole).

The property walks the ingredients the random games of ``test_guarantee`` rarely meet
together: every monster card, any modifiers (range ones included), every Monster Level,
every set of optional rules, and a hero straight or diagonally across Holes of every width.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doria_nb.content import starter_pack
from doria_nb.engine.combat.board_check import attack_check
from doria_nb.engine.game.agreement import ai_disagreements
from doria_nb.engine.game.arrange import place_monster
from doria_nb.engine.game.game import Game
from doria_nb.engine.game.option_sets import OPTION_SETS
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_activation.play import activate_monster
from doria_nb.engine.situation import Situation
from doria_nb.soak.games import SCENARIO, soak_one

PACK = starter_pack()
MONSTERS = [m.id for m in PACK.monsters]
MODIFIERS = [m.id for m in PACK.modifiers]


def _board(gap: int, beyond: int, across: int) -> tuple[Situation, Square]:
    """A room with the Warrior in row 2, a Hole ``gap`` squares wide to his right (none for
    0), floor ``beyond`` squares on, and the square the monster stands on, ``across`` rows
    up or down."""
    width = 2 + gap + beyond + 2
    rows = ["#D" + "#" * (width - 2)]
    for y in range(1, 4):
        floor = ["."] * (width - 2)
        for x in range(2, 2 + gap):
            floor[x - 1] = "x"
        if y == 2:
            floor[0] = "W"
        rows.append("#" + "".join(floor) + "#")
    rows.append("#" * width)
    text = "map:\n" + "\n".join(f"  {r}" for r in rows) + "\nfigures:\n  W = hero Warrior\n"
    return Situation.from_text(text), Square(1 + gap + beyond, 2 + across)


def _monster_acts(
    card: str, mods: tuple[str, ...], level: int, rules: str, where: tuple, *, acts: bool = True
) -> Game:
    """A game with a Warrior alone and ``card`` (with ``mods``) placed by ``where``; unless
    ``acts`` is false, the monster is activated once, as in the monsters' turn."""
    game = Game.new(None, ("warrior",), seed=1, options=OPTION_SETS[rules])
    game.state.situation, square = _board(*where)
    game.state.monster_level = level
    letter = place_monster(game, card, square, modifiers=mods)
    if acts:
        activate_monster(game.state, letter, lambda choice: choice.options[0].key)
    return game


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    card=st.sampled_from(MONSTERS),
    mods=st.lists(st.sampled_from(MODIFIERS), max_size=2, unique=True).map(tuple),
    level=st.integers(1, 4),
    rules=st.sampled_from(list(OPTION_SETS)),
    where=st.tuples(st.integers(0, 4), st.integers(1, 3), st.integers(-1, 1)),
)
def test_every_attack_the_ai_plans_is_one_the_combat_rules_take(
    card: str, mods: tuple[str, ...], level: int, rules: str, where: tuple
) -> None:
    """For the drawn modifiers and for each modifier alone, the AI and the combat check agree
    on every square of the board; the activation then runs to its end (a refused attack
    raises ``CombatError``), and the board the game keeps carries no value lent to the AI."""
    for each in (mods, *((m,) for m in MODIFIERS)):
        game = _monster_acts(card, each, level, rules, where, acts=False)
        letter = next(iter(game.state.monsters))
        wrong = ai_disagreements(game.state, letter, "W")
        assert not wrong, f"{card} with {each} at level {level}: {wrong[:3]}"
    game = _monster_acts(card, mods, level, rules, where)
    for fig in game.state.situation.monsters:
        assert fig.value("RNG") is None, f"{fig.label} kept the range lent to the AI"


def test_an_eagle_eyed_melee_monster_strikes_straight_across_a_wide_hole() -> None:
    """Ruling RB6: a melee monster given range 3 by *Eagle-Eyed* still strikes exactly over a
    Hole three squares wide (4 squares away), as a range-1 one does; the AI plans with the
    range the attack is checked against."""
    game = _monster_acts("mummy", ("eagle_eyed",), 1, "none", (3, 1, 0))
    mummy = next(iter(game.state.monsters))
    assert game.state.board().value(mummy, "RNG") == 3
    check = attack_check(game.state.situation, mummy, "W", game.state.monsters[mummy].foe)
    assert check and check.across_hole and check.range == 4 and check.reach == 3
    acted = [e for e in game.state.log if type(e).__name__ == "MonsterActed"]
    assert acted and acted[-1].activation.attack is not None


def test_a_melee_monster_never_strikes_diagonally_across_a_hole() -> None:
    game = _monster_acts("mummy", ("eagle_eyed",), 1, "none", (3, 1, 1), acts=False)
    mummy = next(iter(game.state.monsters))
    check = attack_check(game.state.situation, mummy, "W", game.state.monsters[mummy].foe)
    assert not check and not check.across_hole
    assert "beyond the attack's range of 3" in check.reason


def test_the_soak_game_that_stopped_at_an_eagle_eyed_mummy_plays_to_its_end() -> None:
    """Seed 302423 of the joins soak (Easier Overall Game, six heroes) stopped in round 3: the
    AI, reading the Mummy's range without *Eagle-Eyed*, struck across a Hole that the combat
    check, reading range 3, refused."""
    heroes = ("shield_maiden", "huntress", "warrior", "adventurer", "mage", "scoundrel")
    game = soak_one((302423, SCENARIO, heroes, OPTION_SETS["easier_overall_game"], True))
    assert game.problems == ()


def test_the_soak_game_that_stopped_at_an_eagle_eyed_ghoul_plays_to_its_end() -> None:
    """Seed 302620 of the same soak (Monster Difficulty "easier", three heroes) stopped in
    round 5 the same way: a Ghoul the AI read at range 1 struck the Mage across a Hole, 4
    squares away, beyond the range 3 the combat check read."""
    heroes = ("priestess", "mage", "shield_maiden")
    game = soak_one((302620, SCENARIO, heroes, OPTION_SETS["monster_difficulty:easier"], True))
    assert game.problems == ()
