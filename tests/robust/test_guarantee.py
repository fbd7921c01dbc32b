"""The guarantee of ruling RB2, as a property: over every set of optional rules, parties of 1
to 6, heroes leaving and joining, and every scenario of the pack (and none), random inputs at
random moments of bot-played games —

* ``can()`` ok ⇒ ``apply()`` succeeds and every soak invariant still holds;
* ``can()`` refused ⇒ ``apply()`` raises :class:`IllegalAction` with the same words and the
  game is identical (save text, events, board, heroes, phase);
* every input ``legal_actions()`` lists, and the bots' own input, is one ``apply`` takes
  (checked on a copy), and no refusal is an engine fault;
* the monster AI and the combat check agree, square by square, on where a monster in play
  could attack a hero from (ruling RB6: an attack the AI plans and the check refuses stops
  the game at the input that wakes the monster — the soak's seeds 302423 and 302620).

Seeded random walks rather than hypothesis: a game is a long chain of states, and shrinking it
would cost more than the seed printed with each failure. The default run is short; set
``DORIA_ROBUST_GAMES`` (e.g. 300) and ``DORIA_ROBUST_STEPS`` (inputs per game, 160 by default)
for a longer one, ``DORIA_ROBUST_SETS`` (names of :data:`OPTION_SETS`, comma-separated) to
walk only some sets of optional rules.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import fields, replace

from doria_nb.content import starter_pack
from doria_nb.engine.game.agreement import ai_disagreements
from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.game.option_sets import OPTION_SETS
from doria_nb.engine.geometry import Square
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.records import IllegalAction
from doria_nb.soak.games import invariant_problems

PACK = starter_pack()
HEROES = [h.id for h in PACK.heroes]
SCENARIOS = [None, *(s.id for s in getattr(PACK, "scenarios", ()))]
GAMES = int(os.environ.get("DORIA_ROBUST_GAMES", "6"))
SETS = (
    os.environ.get("DORIA_ROBUST_SETS", "").split(",")
    if "DORIA_ROBUST_SETS" in os.environ
    else list(OPTION_SETS)
)
STEPS = int(os.environ.get("DORIA_ROBUST_STEPS", "160"))
TEXTS = ["", "W", "M", "R", "I", "C", "Z", "a", "b", "hand 1", "hand 2", "torso", "belt 0",
         "backpack 0", "backpack 9", "body", "belt", "W:backpack 0", "nowhere", "scoundrel",
         "huntress", "dragon"]  # fmt: skip
FAULT = "an engine fault"


def fingerprint(game: Game) -> tuple[object, ...]:
    """Everything a refused input must leave as it was."""
    state = game.state
    heroes = tuple(
        (s.letter, s.ap, s.poison, s.character.hp, s.character.pp, s.character.mat.cards)
        for s in state.heroes.values()
    )
    monsters = tuple((m.letter, m.foe.hp) for m in state.monsters.values())
    return (game.save(), game.events, state.situation, state.phase, state.round, heroes,
            monsters, state.doom.square, game.pending)  # fmt: skip


def mutate(action: act.Action, rng: random.Random) -> act.Action:
    """``action`` with one field changed to a nearby or odd value of the same kind."""
    f = rng.choice(fields(action))
    value = getattr(action, f.name)
    if isinstance(value, bool) or value is None:
        new: object = rng.choice([True, False, None, 0, 3])
    elif isinstance(value, int):
        new = rng.choice([value - 1, value + 1, -1, 0, 99, value * 2])
    elif isinstance(value, Square):
        new = Square(value.x + rng.randint(-3, 3), value.y + rng.randint(-3, 3))
    elif isinstance(value, str):
        new = rng.choice(TEXTS)
    elif isinstance(value, tuple):
        new = tuple(rng.choice([*value, *TEXTS[:5], 0, 1, 7]) for _ in range(rng.randint(0, 3)))
    else:
        return action
    try:
        return replace(action, **{f.name: new})
    except (TypeError, ValueError):
        return action


def random_input(game: Game, rng: random.Random) -> act.Action:
    """A bot's input, a listed one, a mutated one, or a party change."""
    roll = rng.random()
    legal = game.legal_actions()
    if roll < 0.15:
        who = rng.choice([*game.state.heroes, "Z"])
        return rng.choice([act.Leave(who), act.Join(rng.choice(["", who]), rng.choice(HEROES))])
    if roll < 0.5 and legal:
        return mutate(rng.choice(legal), rng)
    if roll < 0.7 and legal:
        return rng.choice(legal)
    return bot_action(game)


def standard_items(heroes: list[str]) -> Counter[str]:
    """The Standard Items ``heroes`` (ids) bring to the table, each time one sits down."""
    return Counter(c.id for hero in heroes for c in PACK.hero(hero).standard_items)


def check_listed(game: Game, rng: random.Random, seed: int) -> None:
    legal = game.legal_actions()
    sample = rng.sample(legal, min(3, len(legal)))
    if not game.over and game.pending is None:
        sample.append(bot_action(game))
    for action in sample:
        verdict = game.can(action)
        assert verdict, f"seed {seed}: listed or bot input {action} refused: {verdict.reason}"
        game.copy().apply(action)


def check_monsters_agree(game: Game, rng: random.Random, where: str) -> None:
    """One monster in play against one awake hero: the AI and the combat check agree."""
    state = game.state
    awake = [f.letter for f in state.situation.heroes if not f.unconscious and f.carried_by is None]
    if not state.monsters or not awake:
        return
    monster, hero = rng.choice(sorted(state.monsters)), rng.choice(awake)
    wrong = ai_disagreements(state, monster, hero)
    assert not wrong, f"{where}: {wrong[:3]}"


def walk(number: int) -> None:
    rng = random.Random(number)
    name = SETS[number % len(SETS)]
    party = rng.sample(HEROES, rng.randint(1, 6))
    scenario = SCENARIOS[number % len(SCENARIOS)] if number % 5 else SCENARIOS[-1]
    seed = rng.randrange(10**6)
    where = f"game {number} ({name}, {party}, {scenario}, seed {seed})"
    game = Game.new(scenario, party, seed, options=OPTION_SETS[name])
    standard = standard_items(party)
    for step in range(STEPS):
        if game.over:
            break
        while game.pending is not None:
            game.decide(game.pending.choice.keys[0])
        if step % 10 == 0:
            check_listed(game, rng, seed)
            check_monsters_agree(game, rng, f"{where}, step {step}")
        action = random_input(game, rng)
        before = fingerprint(game)
        verdict = game.can(action)
        assert fingerprint(game) == before, f"{where}: can({action}) changed the game"
        if verdict:
            game.apply(action)
            if isinstance(action, act.Join):
                standard += standard_items([action.hero])
            problems = invariant_problems(game, standard)
            assert not problems, f"{where}, step {step}, {action}: {problems}"
        else:
            assert FAULT not in verdict.reason, f"{where}, step {step}: {verdict.reason}"
            try:
                game.apply(action)
            except IllegalAction as refusal:
                assert str(refusal) == verdict.reason
            else:
                raise AssertionError(f"{where}: {action} refused by can() but applied")
            assert fingerprint(game) == before, f"{where}: refused {action} changed the game"


def test_can_ok_means_apply_succeeds_and_refusals_change_nothing() -> None:
    for number in range(GAMES):
        walk(number)
