"""Soak of whole campaigns: the bots play the starter Campaign Book from its first scenario to
its last, again and again, with every invariant checked.

Each campaign (:func:`soak_campaign_one`) starts a Campaign Sheet for a party, then plays
scenario after scenario: the game's invariants (those of
:func:`~doria_nb.soak.games.invariant_problems`: every card once, no two figures on a square,
HP within bounds, ...) every round, the campaign's own between scenarios (Monster Points never
fall, the monsters start at the level the points give and never rise more than one level above
it, the Group XP cost is three times [PlayerCount], hero attributes and levels never fall),
each scenario's save file replayed to the identical event log, and each sheet round-tripped
through JSON. Now and then the bots escape at a round's end or declare an escape in the middle
of a round (ruling CA8), replay a scenario they did not win or choose the other branch of the
campaign; every third campaign one hero of the party is a created one (*Optional Rule: Create
Heroes*, ruling CA9) with an allocation of 50 points drawn from the seed.
All of it is decided by the seed.
"""

from __future__ import annotations

import time
import traceback
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from doria_nb.content import starter_pack
from doria_nb.content.campaigns import starter_campaigns
from doria_nb.engine.attributes import CREATION_MAX, CREATION_MIN, CREATION_POINTS, Attribute
from doria_nb.engine.campaign import (
    CampaignSheet,
    CreatedHero,
    after_scenario,
    can_escape,
    dump_sheet,
    escape,
    load_sheet,
    main_level,
)
from doria_nb.engine.chance import Chance
from doria_nb.engine.game import start_game
from doria_nb.engine.game.bots import bot_action
from doria_nb.engine.game.game import Game
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.table.actions import DeclareEscape
from doria_nb.engine.table.records import Phase
from doria_nb.soak.games import PARTY, invariant_problems

__all__ = ["CampaignSoak", "CampaignSoakReport", "soak_campaign_one", "soak_campaigns"]

MAX_PLAYS = 12
"""At most this many scenarios per campaign (replays included): then the bots go on."""

MAX_INPUTS = 20_000


@dataclass(frozen=True, slots=True)
class CampaignSoak:
    """One soaked campaign: its seed, the scenarios played (id and outcome), the final
    Monster Points and every problem found."""

    seed: int
    played: tuple[tuple[str, str], ...]
    monster_points: int
    seconds: float
    problems: tuple[str, ...]


def _standard(game: Game) -> Counter[str]:
    return Counter(
        c.id
        for s in game.state.heroes.values()
        for c in s.character.template.standard_items  # type: ignore[union-attr]
    )


def _play(game: Game, roll: Chance, problems: list[str], label: str) -> None:
    """The bots play ``game`` to its end; the invariants every round; maybe an escape."""
    standard = _standard(game)
    last = game.round
    for _ in range(MAX_INPUTS):
        if game.over:
            return
        if game.phase is Phase.I and can_escape(game) and roll.below(25) == 0:
            escape(game)
            continue
        game.apply(bot_action(game))
        if game.round != last and not game.over:
            last = game.round
            if roll.below(30) == 0 and game.can(DeclareEscape("")):
                game.apply(DeclareEscape(""))
            problems.extend(
                f"{label} round {game.round}: {p}" for p in invariant_problems(game, standard)
            )
            level = game.state.monster_level
            if level > game.state.campaign.main_level + 1:
                problems.append(f"{label}: Monster Level {level} above main level + 1")
    problems.append(f"{label}: the scenario did not end")


def created_party(party: Sequence[str], roll: Chance) -> list[str | CreatedHero]:
    """The party with its last hero replaced by a created one: 50 points spread at random
    by ``roll``, each attribute from 1 to 13 (*Optional Rule: Create Heroes*)."""
    values = dict.fromkeys((a.value for a in Attribute), CREATION_MIN)
    for _ in range(CREATION_POINTS - len(values) * CREATION_MIN):
        open_ = [k for k, v in values.items() if v < CREATION_MAX]
        values[open_[roll.below(len(open_))]] += 1
    return [*party[:-1], CreatedHero("Soak Hero", values)]


def _between(before: CampaignSheet, after: CampaignSheet, pack: object, label: str) -> list[str]:
    """The campaign's invariants from one sheet to the next, and the JSON round trip."""
    problems = []
    if after.monster_points < before.monster_points:
        problems.append(f"{label}: Monster Points fell from {before.monster_points}")
    if load_sheet(dump_sheet(after), pack=pack) != after:
        problems.append(f"{label}: the sheet does not round-trip through JSON")
    if after.played[-1].outcome.value == "died":
        return problems  # a new character may spread its points differently (ruling CA6)
    old = {h.hero: h for h in before.heroes}
    for hero in after.heroes:
        was = old[hero.hero]
        if hero.level < was.level:
            problems.append(f"{label}: {hero.name}'s hero level fell")
        fell = [a.value for a, v in hero.attributes if v < was.attributes[a]]
        if fell:
            problems.append(f"{label}: {hero.name}'s {', '.join(fell)} fell")
    return problems


def soak_campaign_one(args: tuple[int, tuple[str, ...], RulesOptions | None]) -> CampaignSoak:
    """Play one whole campaign of the starter Campaign Book from ``seed``."""
    seed, party, options = args
    start = time.perf_counter()
    pack = starter_pack()
    book = starter_campaigns()[0]
    roll = Chance.seeded(seed + 7_919)
    heroes: list[str | CreatedHero] = list(party)
    if seed % 3 == 0:
        heroes = created_party(party, roll)
    sheet = CampaignSheet.begin(
        book.id, book.name, heroes, first_scenario=book.first, options=options or RulesOptions()
    )
    problems: list[str] = []
    played: list[tuple[str, str]] = []
    try:
        for number in range(1, MAX_PLAYS + 1):
            if sheet.over:
                break
            label = f"play {number} ({sheet.next_scenario})"
            game = start_game(sheet, seed * 1_000 + number, pack=pack, snapshots=False)
            state = game.state
            if state.group_xp.cost != 3 * state.player_count:
                problems.append(f"{label}: the Group XP cost is {state.group_xp.cost}")
            if state.monster_level < main_level(sheet.monster_points):
                problems.append(f"{label}: the monsters start below the campaign's level")
            _play(game, roll, problems, label)
            if Game.load(game.save(), pack=pack).events != game.events:
                problems.append(f"{label}: the saved game does not replay identically")
            entry = book.entry(str(game.setup.scenario))
            choice = entry.next[-1] if entry.next and roll.below(2) else None
            following = book.following(entry.scenario, choice)
            replay = not game.result.won and number < MAX_PLAYS // 2 and roll.below(3) == 0
            after = after_scenario(
                sheet,
                game,
                next_scenario=following,
                proceed="replay" if replay else "continue",
            )
            played.append((entry.scenario, after.played[-1].outcome.value))
            problems.extend(_between(sheet, after, pack, label))
            sheet = after
        if not sheet.over:
            problems.append(f"the campaign did not end in {MAX_PLAYS} scenarios")
    except Exception as error:  # a soak reports every failure with its seed
        where = traceback.extract_tb(error.__traceback__)[-1]
        problems.append(
            f"{type(error).__name__}: {error} ({where.filename.rsplit('/', 1)[-1]}:{where.lineno})"
        )
    return CampaignSoak(
        seed, tuple(played), sheet.monster_points, time.perf_counter() - start, tuple(problems)
    )


@dataclass(frozen=True, slots=True)
class CampaignSoakReport:
    campaigns: tuple[CampaignSoak, ...]
    seconds: float

    @property
    def problems(self) -> list[str]:
        return [f"seed {c.seed}: {p}" for c in self.campaigns for p in c.problems]

    def scenarios_played(self) -> Counter[str]:
        return Counter(s for c in self.campaigns for s, _ in c.played)

    def explain(self) -> str:
        n = len(self.campaigns)
        plays = sum(len(c.played) for c in self.campaigns)
        outcomes = Counter(o for c in self.campaigns for _, o in c.played)
        points = sorted(c.monster_points for c in self.campaigns)
        lines = [
            f"{n} campaigns ({plays} scenarios) in {self.seconds:.1f} s wall clock: "
            f"{n / self.seconds:.2f} campaigns/s.",
            "Outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())) + ".",
            f"Median final Monster Points {points[n // 2]} (from {points[0]} to {points[-1]}).",
            "Scenarios: "
            + ", ".join(f"{k} {v}" for k, v in sorted(self.scenarios_played().items()))
            + ".",
            f"Problems: {len(self.problems)}.",
        ]
        return "\n".join(lines + self.problems[:20])


def soak_campaigns(
    seeds: Sequence[int],
    *,
    party: Sequence[str] = PARTY,
    options: RulesOptions | None = None,
    workers: int = 1,
) -> CampaignSoakReport:
    """Soak a campaign per seed (on ``workers`` processes)."""
    jobs = [(seed, tuple(party), options) for seed in seeds]
    start = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            found = tuple(pool.map(soak_campaign_one, jobs))
    else:
        found = tuple(soak_campaign_one(job) for job in jobs)
    return CampaignSoakReport(found, time.perf_counter() - start)
