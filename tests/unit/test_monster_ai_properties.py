"""Properties of the monster AI on random small boards (Hypothesis).

Each example is a small room drawn at random (floor, Holes, difficult terrain, a few pillars,
sometimes Rubble) with one to three heroes and one to three monsters of the starter pack.
Whatever the board, an activation must keep the rules every example of the rulebook relies
on (*Monster Activation*, *Monsters and Obstacles/Holes*):

* a monster never ends on another figure's square (a pushed monster leaves it first);
* it never walks, or jumps, onto a character;
* it spends no more AP than it has, except by a final jump or a final clearing of Rubble,
  and then it does not attack;
* the activation ends in the action the traces chose: the attack's defender is the target
  trace's result, attacked from where the monster ends;
* the activation order is a total order once the players break the ties;
* activating never changes the situation it started from;
* bad input is refused with a message.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from doria_nb.engine.errors import MonsterAIError, SituationError
from doria_nb.engine.monster_ai import Activation, monster_order, monster_phase, monster_profile
from doria_nb.engine.situation import Situation

HERO_LETTERS = "AFHJMW"
MONSTER_LETTERS = "bcknoq"
HEROES = ["Mage", "Warrior", "Huntress", "Adventurer", "Priestess", "Scoundrel"]
MONSTERS = [
    "Orc",
    "Goblin",
    "Mummy",
    "Zombie",
    "Slimecrawler",
    "Dark Mage",
    "Gargoyle",
    "Poltergeist",
    "Ogre",
    "Troll",
    "Shaman",
    "Ghoul",
    "Archer",
]
INSIDE = ".........x~#"
"""Mostly floor; now and then a Hole, difficult terrain or a pillar."""


@st.composite
def boards(draw: st.DrawFn) -> Situation:
    """A random room with heroes and monsters, as a situation text read by the engine."""
    width, height = draw(st.integers(5, 9)), draw(st.integers(4, 7))
    grid = [["#"] * width for _ in range(height)]
    for y in range(1, height - 1):
        for x in range(1, width - 1):
            grid[y][x] = draw(st.sampled_from(INSIDE))
    grid[0][1] = "D"
    grid[1][1] = "."
    floor = [(x, y) for y in range(1, height - 1) for x in range(1, width - 1) if grid[y][x] == "."]
    heroes = draw(st.integers(1, 3))
    monsters = draw(st.integers(1, 3))
    assume(len(floor) >= heroes + monsters + 1)
    places = draw(
        st.lists(
            st.sampled_from(floor),
            unique=True,
            min_size=heroes + monsters + 1,
            max_size=heroes + monsters + 1,
        )
    )
    lines = []
    for n, (x, y) in enumerate(places[:heroes]):
        letter = HERO_LETTERS[n]
        grid[y][x] = letter
        values = " ".join(
            f"{key} {draw(st.integers(1, 12))}" for key in ("AP", "STR", "AGI", "WIS")
        )
        armor = draw(st.integers(0, 2))
        asleep = " HP -2 unconscious" if n and draw(st.integers(0, 5)) == 0 else ""
        lines.append(f"{letter} = hero {HEROES[n]} {values} AR {armor}{asleep}")
    for n, (x, y) in enumerate(places[heroes : heroes + monsters]):
        letter = MONSTER_LETTERS[n]
        grid[y][x] = letter
        name = draw(st.sampled_from(MONSTERS))
        ap = draw(st.one_of(st.none(), st.integers(0, 14)))
        mods = draw(st.integers(0, 2))
        lines.append(f"{letter} = monster {name}{'' if ap is None else f' AP {ap}'} MOD {mods}")
    rubble = places[-1] if draw(st.booleans()) else None
    text = "map:\n" + "\n".join("  " + "".join(row) for row in grid) + "\n"
    if rubble is not None:
        text += f"markers: rubble {rubble[0]},{rubble[1]}\n"
    text += "figures:\n" + "\n".join("  " + line for line in lines) + "\n"
    try:
        return Situation.from_text(text)
    except SituationError:  # pillars cut the room in two, and the like
        assume(False)
        raise


def settle(situation: Situation, letter: str) -> Activation:
    """Activate ``letter``, letting the players pick the first option of every tie."""
    choices: dict[str, str] = {}
    for _ in range(4):
        activation = situation.activate(letter, **choices)  # type: ignore[arg-type]
        if activation.pending is None:
            return activation
        name = {"target": "target", "square": "square", "push": "push_to"}[activation.pending.kind]
        choices[name] = activation.pending.options[0]
    raise AssertionError("ties never settled")


PROPERTY = settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)


@PROPERTY
@given(boards(), st.data())
def test_an_activation_keeps_the_movement_rules(situation: Situation, data: st.DataObject) -> None:
    letter = data.draw(st.sampled_from([m.letter for m in situation.monsters]))
    before_text = situation.to_text()
    activation = settle(situation, letter)
    assert situation.to_text() == before_text  # `before` is never changed
    assert activation.before is situation

    heroes = {h.square for h in situation.heroes if not h.unconscious and h.carried_by is None}
    pushed = {p.letter: p for p in activation.pushes}
    # It never ends on an occupied square: only a pushed monster may have stood there
    # (an unconscious character's marker does not occupy its square, *Unconsciousness*).
    for figure in situation.figures:
        if figure.letter == letter or figure.carried_by is not None or figure.unconscious:
            continue
        if figure.square == activation.end:
            assert figure.letter in pushed and not figure.is_hero
    squares = [
        f.square for f in activation.after.figures if f.carried_by is None and not f.unconscious
    ]
    assert len(squares) == len(set(squares))  # one figure a square afterwards too

    # It never walks (or jumps) onto a character's square.
    for step in activation.steps:
        assert step.end not in heroes
        assert not set(step.over) & heroes

    # It spends no more AP than it has, except by a final jump or clearing, then no attack.
    ap = monster_profile(situation, letter).ap  # the figure's AP, else its card's
    spent = sum(step.cost for step in activation.steps)
    assert activation.ap_left == ap - spent  # pushing aside is free (no optional rule)
    if activation.ap_left < 0:
        assert activation.steps[-1].kind in ("jump", "clear")
        assert activation.attack is None

    # The trace ends in the action taken.
    if activation.attack is not None:
        # the target trace's winner, or the one the players picked from its tie
        assert activation.attack.defender in activation.target.result
        if not activation.target.players_decide:
            assert activation.target.result == (activation.attack.defender,)
        assert activation.attack.square == activation.end
        assert activation.attack.defender in activation.attack.struck
        defender = situation.figure(activation.attack.defender)
        assert not defender.unconscious
    if not activation.target.result:
        assert activation.steps == () and activation.attack is None


@PROPERTY
@given(boards(), st.data())
def test_the_order_is_total_once_ties_are_decided(
    situation: Situation, data: st.DataObject
) -> None:
    order = monster_order(situation)
    flat = [letter for group in order.ranking for letter in group]
    assert sorted(flat) == sorted(m.letter for m in situation.monsters)
    assert order.result == order.ranking[0]
    assert order.players_decide == any(len(group) > 1 for group in order.ranking)
    # The players order each tied group as they like; the phase then follows that order.
    chosen = [
        letter for group in order.ranking for letter in data.draw(st.permutations(list(group)))
    ]
    phase = monster_phase(situation, order=chosen)
    assert phase.sequence == tuple(chosen)
    assert phase.pending is None or phase.pending.kind != "order"
    assert situation.to_text() == phase.before.to_text()
    # Higher on the Initiative Board always acts first.
    values = {m.letter: m.value("AP") for m in situation.monsters}
    known = [values[k] for k in chosen if values[k] is not None]
    if len(known) == len(chosen):
        assert known == sorted(known, reverse=True)


@PROPERTY
@given(boards())
def test_a_phase_activates_each_monster_once(situation: Situation) -> None:
    order = monster_order(situation)
    chosen = [letter for group in order.ranking for letter in group]
    phase = monster_phase(situation, order=chosen)
    done = [a.monster for a in phase.activations]
    assert done == chosen[: len(done)]
    for first, second in zip(phase.activations, phase.activations[1:], strict=False):
        assert second.before == first.after


@PROPERTY
@given(boards())
def test_bad_input_is_refused_with_a_message(situation: Situation) -> None:
    hero = situation.heroes[0]
    with pytest.raises(MonsterAIError) as caught:
        situation.activate(hero.letter)
    assert hero.label in str(caught.value)
    with pytest.raises((MonsterAIError, SituationError)) as caught:
        situation.activate("Nobody Here")
    assert str(caught.value)


def test_a_monster_named_after_no_card_is_refused() -> None:
    situation = Situation.from_text(
        """
map:
  #D###
  #o.M#
  #####
figures:
  o = monster Dragonfly
  M = hero Mage STR 4
"""
    )
    with pytest.raises(MonsterAIError, match="no monster card called 'Dragonfly'"):
        situation.activate("o")
    with pytest.raises(MonsterAIError, match="hero, not a monster"):
        monster_order(situation, among=["M"])


def test_a_choice_outside_the_tie_is_refused() -> None:
    situation = Situation.from_text(
        """
map:
  ##D####
  #..o..#
  #.....#
  #A...M#
  #######
figures:
  o = monster Orc
  A = hero Adventurer STR 5
  M = hero Mage STR 5
"""
    )
    waiting = situation.activate("o")
    assert waiting.pending is not None and waiting.pending.kind == "target"
    with pytest.raises(MonsterAIError, match="not one of the tied options"):
        situation.activate("o", target="o")
