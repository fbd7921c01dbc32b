"""Soak of single games: many complete bot-played games, every invariant checked every round,
and each game's save file replayed to the identical event log at its end.

The games are those of the book's starter pack, named explicitly (this package sits above the
engine and beside :mod:`doria_nb.study`: it imports the engine and the content, never the
widgets or the book). :func:`soak` plays them, on a process pool if asked;
:func:`invariant_problems` is what is checked every round, and the campaign soak
(:mod:`doria_nb.soak.campaigns`) checks it too. The command line is
``python -m doria_nb.soak`` (:mod:`doria_nb.soak.cli`).
"""

from __future__ import annotations

import math
import random
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from doria_nb.content import starter_pack
from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.game.option_sets import OPTION_SETS
from doria_nb.engine.game.simulate import MAX_INPUTS
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.records import Phase

__all__ = [
    "PARTY",
    "SCENARIO",
    "SoakGame",
    "SoakReport",
    "invariant_problems",
    "soak",
    "soak_one",
    "soak_plan",
]

PARTY = ("warrior", "mage", "ranger", "priestess")
SCENARIO = "the_flooded_archive"


def _cards_everywhere(game: Game) -> Counter[str]:
    state = game.state
    found: Counter[str] = Counter()
    found.update(c.id for c in state.loot.draw_pile)
    found.update(c.id for c in state.loot.discard_pile)
    found.update(c.id for c in state.shop.slots if c is not None)
    found.update(c.id for c in state.gone_cards)
    found.update(t.card.id for t in state.active_traps)
    for seat in state.heroes.values():
        found.update(c.id for c in seat.character.mat.cards)
    return found


def invariant_problems(game: Game, standard: Counter[str]) -> list[str]:
    """What is wrong with ``game`` now (nothing, one hopes). ``standard`` counts the Standard
    Items of every hero who ever sat at the table."""
    state = game.state
    problems = []
    cards = _cards_everywhere(game)
    loot = Counter(c.id for c in state.pack.loot_deck())
    is_standard = {c.id: c.standard for c in state.pack.items}
    found_loot = Counter({k: n for k, n in cards.items() if not is_standard.get(k, False)})
    found_standard = Counter({k: n for k, n in cards.items() if is_standard.get(k, False)})
    if found_loot != loot:
        extra, missing = found_loot - loot, loot - found_loot
        problems.append(f"loot cards out of place: extra {dict(extra)}, missing {dict(missing)}")
    if found_standard != standard:
        problems.append(f"standard items out of place: {dict(found_standard)} vs {dict(standard)}")
    standing: dict[object, str] = {}
    for fig in state.situation.figures:
        if fig.unconscious or fig.carried_by is not None:
            continue
        if fig.square in standing:
            problems.append(f"{fig.letter} and {standing[fig.square]} stand on {fig.square}")
        standing[fig.square] = fig.letter
    letters = {f.letter for f in state.situation.figures}
    for letter in state.heroes:
        if state.round and letter not in letters:
            problems.append(f"hero {letter} has no figure")
    monster_figures = {f.letter for f in state.situation.monsters}
    if monster_figures != set(state.monsters):
        problems.append(f"monster figures {monster_figures} but seats {set(state.monsters)}")
    dead = state.result is not None and "die" in state.result.reason
    for seat in state.heroes.values():
        ch = seat.character
        if ch.hp > ch.maximum.hp or ch.pp > ch.maximum.pp:
            problems.append(f"{seat.name} above its maximum: HP {ch.hp}, PP {ch.pp}")
        if not dead and (ch.hp <= -20 or ch.pp <= -20):
            problems.append(f"{seat.name} at −20 but the game goes on")
        if seat.poison < 0:
            problems.append(f"{seat.name} has {seat.poison} Poison Markers")
    for monster in state.monsters.values():
        if not 0 < monster.foe.hp <= monster.foe.stats.hp:
            problems.append(f"{monster.letter} has HP {monster.foe.hp}/{monster.foe.stats.hp}")
    if not state.doom.track.holds(state.doom.square):
        problems.append(f"the Doom Counter is off its track: {state.doom.square}")
    if game.over != (state.phase is Phase.OVER):
        problems.append("the game's result and phase disagree")
    return problems


@dataclass(frozen=True, slots=True)
class SoakGame:
    seed: int
    won: bool
    rounds: int
    inputs: int
    seconds: float
    problems: tuple[str, ...]
    party_size: int = 4
    options: RulesOptions | None = None
    """The optional rules the game was played under."""
    scenario: str = SCENARIO
    party: tuple[str, ...] = ()
    """The heroes who sat down at the start (joins aside)."""

    def setup(self) -> str:
        """How to play this game again: scenario, named set of optional rules, heroes."""
        options = self.options or RulesOptions()
        name = next((n for n, o in OPTION_SETS.items() if o == options), "custom rules")
        return f"{self.scenario}, {name}, {','.join(self.party)}"


def _standard_items(game: Game, heroes: Sequence[str]) -> Counter[str]:
    return Counter(c.id for hero in heroes for c in game.pack.hero(hero).standard_items)


def _party_change(game: Game, rng: random.Random) -> act.Action | None:
    """In Phase I, now and then, a hero who is not playing joins or one who is leaves."""
    if game.phase is not Phase.I or rng.random() > 0.25:
        return None
    playing = {s.character.template.id for s in game.state.heroes.values()}  # type: ignore[union-attr]
    if rng.random() < 0.5:
        absent = [h.id for h in game.pack.heroes if h.id not in playing]
        action: act.Action | None = act.Join("", rng.choice(absent)) if absent else None
    else:
        action = act.Leave(rng.choice(sorted(game.state.heroes)))
    return action if action is not None and game.can(action) else None


def soak_one(
    args: tuple[int, str, tuple[str, ...], RulesOptions | None]
    | tuple[int, str, tuple[str, ...], RulesOptions | None, bool],
) -> SoakGame:
    """Play one game from ``seed``, checking the invariants every round and the replay of
    its save file at the end; with ``joins``, heroes join and leave in Phase I."""
    seed, scenario, party, options = args[:4]
    joins = bool(args[4]) if len(args) > 4 else False  # type: ignore[misc]
    start = time.perf_counter()
    game = Game.new(scenario, party, seed, options=options, pack=starter_pack(), snapshots=False)
    standard = _standard_items(game, party)
    problems: list[str] = []

    def check(g: Game) -> None:
        problems.extend(f"round {g.round}: {p}" for p in invariant_problems(g, standard))

    rng = random.Random(seed ^ 0x5EED)
    check(game)
    try:
        last_round = game.round
        for _ in range(MAX_INPUTS):
            if game.over:
                break
            change = _party_change(game, rng) if joins else None
            if isinstance(change, act.Join):
                standard += _standard_items(game, [change.hero])
            game.apply(change or bot_action(game))
            if game.round != last_round:
                last_round = game.round
                check(game)
    except Exception as error:  # a soak reports every failure with its seed
        cause = error.__cause__ if isinstance(error.__cause__, Exception) else error
        where = traceback.extract_tb(cause.__traceback__)[-1]
        problems.append(
            f"round {game.round}: {type(cause).__name__}: {cause} "
            f"({where.filename.rsplit('/', 1)[-1]}:{where.lineno})"
        )
    check(game)
    seconds = time.perf_counter() - start
    if not game.over and not problems:
        problems.append("the game did not end")
    if not problems and Game.load(game.save(), pack=game.pack).events != game.events:
        problems.append("the saved game does not replay to the same event log")
    result = game.result
    return SoakGame(
        seed,
        bool(result and result.won),
        game.round,
        len(game.inputs),
        seconds,
        tuple(problems),
        len(party),
        options,
        scenario,
        tuple(party),
    )


@dataclass(frozen=True, slots=True)
class SoakReport:
    games: tuple[SoakGame, ...]
    seconds: float

    @property
    def problems(self) -> list[str]:
        return [f"seed {g.seed} ({g.setup()}): {p}" for g in self.games for p in g.problems]

    def explain(self) -> str:
        n = len(self.games)
        wins = sum(g.won for g in self.games)
        inputs = sum(g.inputs for g in self.games)
        times = sorted(g.seconds for g in self.games)
        rounds = sorted(g.rounds for g in self.games)
        play = sum(times)
        lines = [
            f"{n} games in {self.seconds:.1f} s wall clock: {n / self.seconds:.2f} games/s "
            f"({n / play:.2f} games/s per core); {inputs / play:.0f} decisions/s per core.",
            f"Median game {times[n // 2] * 1000:.0f} ms (play, invariants and replay check).",
            f"Won {wins} of {n} ({wins / n:.1%}); median {rounds[n // 2]} rounds.",
            f"Scenarios {dict(sorted(Counter(g.scenario for g in self.games).items()))}.",
            f"Party sizes {dict(sorted(Counter(g.party_size for g in self.games).items()))}; "
            f"{len({g.options or RulesOptions() for g in self.games})} sets of optional rules, "
            f"{sum(bool(g.options and g.options.enabled()) for g in self.games)} games with at "
            "least one on.",
            f"Problems: {len(self.problems)}.",
        ]
        lines += self.problems[:20]
        return "\n".join(lines)


def soak(
    seeds: Sequence[int],
    *,
    scenario: str | Sequence[str] = SCENARIO,
    party: Sequence[str] = PARTY,
    options: RulesOptions | None = None,
    workers: int = 1,
    option_sets: Sequence[RulesOptions] | None = None,
    party_sizes: Sequence[int] | None = None,
    joins: bool = False,
) -> SoakReport:
    """Soak the games of ``seeds`` (on ``workers`` processes). With ``option_sets`` the games
    take them in turn (instead of ``options``); with ``party_sizes`` each game draws a party
    of the next size from its seed (instead of ``party``); several ``scenario`` ids are taken
    in turn too; ``joins`` lets heroes join and leave in Phase I. See :func:`soak_plan` for
    how the three are combined."""
    scenarios = [scenario] if isinstance(scenario, str) else list(scenario)
    sets = list(option_sets) if option_sets else [options]
    jobs = []
    for seed, (set_i, size_i, scenario_i) in zip(
        seeds,
        soak_plan(len(seeds), len(sets), len(party_sizes or [0]), len(scenarios)),
        strict=True,
    ):
        heroes = tuple(party)
        if party_sizes:
            heroes = _draw_party(seed, party_sizes[size_i])
        jobs.append((seed, scenarios[scenario_i], heroes, sets[set_i], joins))
    start = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            games = tuple(pool.map(soak_one, jobs, chunksize=max(1, len(jobs) // (workers * 8))))
    else:
        games = tuple(soak_one(job) for job in jobs)
    return SoakReport(games, time.perf_counter() - start)


def soak_plan(games: int, sets: int, sizes: int, scenarios: int) -> list[tuple[int, int, int]]:
    """Which set of optional rules, party size and scenario (indexes) each of ``games`` games
    plays. The sets go in turn; so do the sizes and the scenarios, each shifted at every round
    of the dimensions that turn faster than it (:func:`_in_turn`). So the first round of the
    sets already meets every size and scenario, and a long soak meets every combination
    instead of pairing each set with the same few sizes (28 sets and 6 sizes simply taken in
    turn would give each set only odd or only even parties).

    >>> plan = soak_plan(28 * 6, 28, 6, 1)
    >>> sorted({size for s, size, _ in plan if s == 0})  # set 0 meets every size
    [0, 1, 2, 3, 4, 5]
    >>> [size for _, size, _ in soak_plan(7, 1, 6, 1)], [c for *_, c in soak_plan(4, 1, 1, 4)]
    ([0, 1, 2, 3, 4, 5, 0], [0, 1, 2, 3])
    >>> plan = soak_plan(28 * 6 * 4, 28, 6, 4)
    >>> len({(size, c) for s, size, c in plan if s == 5})  # each set: every size, scenario
    24
    """
    return [
        (i % sets, _in_turn(i, sets, sizes), _in_turn(i, sets * sizes, scenarios))
        for i in range(games)
    ]


def _in_turn(i: int, period: int, n: int) -> int:
    """Index ``i`` of a dimension of ``n`` values taken in turn, shifted after every ``period``
    games by the least amount that keeps the values of one place in the period all different
    (the shifted step ``period + shift`` shares no factor with ``n``)."""
    shift = next(t for t in range(n + 1) if math.gcd(period + t, n) == 1)
    return (i + (i // period) * shift) % n


def _draw_party(seed: int, size: int) -> tuple[str, ...]:
    """``size`` premade heroes of the starter pack, drawn from ``seed``."""
    heroes = [h.id for h in starter_pack().heroes]
    rng = random.Random(seed)
    return tuple(heroes.pop(int(rng.random() * len(heroes))) for _ in range(size))
