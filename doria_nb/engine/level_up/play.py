"""*Phase H*: the setup rewards, the heroes' level-ups and bonuses, XP turned into points,
attribute raises, and unconscious heroes choosing to wake (sharing the points they
recover) and crawling free.
"""

from __future__ import annotations

from collections.abc import Callable

from doria_nb.engine.decisions import Choice, ChoiceKind, Option
from doria_nb.engine.health.care import UNCONSCIOUS_RECOVERY, default_split
from doria_nb.engine.level_up.rules import level_up_phase
from doria_nb.engine.progression import LEVEL_UP_ROUNDS
from doria_nb.engine.sections import Section
from doria_nb.engine.table.events import Happened, LevelUpDone
from doria_nb.engine.table.state import GameState

__all__ = ["phase_h", "phase_h_heal"]

Asker = Callable[[Choice], str]


def phase_h(state: GameState, asker: Asker) -> None:
    """*Phase H*: setup rewards, level-ups, XP conversion, raises and waking up."""
    rewards = state.setup_rewards_due
    if rewards is not None:
        state.setup_rewards_due = None
        if rewards.xp:
            state.group_xp = state.group_xp.gain(rewards.xp)
    if state.round in LEVEL_UP_ROUNDS and state.campaign is None:
        _hero_bonuses(state, asker)  # in a campaign the heroes level up between scenarios
    if state.group_xp.conversions:
        redemption = state.group_xp.redeem()
        state.group_xp = redemption.track
        state.counters.attribute_points += redemption.points
        for seat in state.heroes.values():
            seat.character.gain_points(redemption.points)
    phase_h_heal(state)  # the scenario's special rule, if any
    for seat in state.heroes.values():
        spend_points(state, seat, asker)
        unconscious = state.unconscious(seat.letter)
        stay = False
        if unconscious:
            choice = Choice(
                ChoiceKind.WAKE,
                seat.name,
                f"Does {seat.name} wake up for the next round?",
                (Option("wake", "wake up and roll initiative"), Option("stay", "stay unconscious")),
                Section.PHASE_H,
            )
            stay = asker(choice) == "stay"
        split = _split(seat, asker) if unconscious else None
        result = level_up_phase(
            seat.character, unconscious=unconscious, split=split, stay_unconscious=stay
        )
        seat.kept_unconscious = stay
        if unconscious and not stay:
            _crawl_free(state, seat.letter)
        state.log.append(LevelUpDone.of(seat.letter, result))


def _split(seat: object, asker: Asker) -> tuple[int, int]:
    """The players split the 3 recovered points; the default policy's split is offered first."""
    character = seat.character  # type: ignore[attr-defined]
    points = UNCONSCIOUS_RECOVERY
    first = default_split(character, points)
    splits = [first] + [
        (hp, points - hp) for hp in range(points, -1, -1) if (hp, points - hp) != first
    ]
    choice = Choice(
        ChoiceKind.SPLIT,
        character.name,
        f"How does {character.name} share the {points} points it recovers?",
        tuple(Option(f"{hp}/{pp}", f"{hp} HP and {pp} PP") for hp, pp in splits),
        Section.UNCONSCIOUSNESS,
    )
    hp, pp = (int(x) for x in asker(choice).split("/"))
    return hp, pp


def _crawl_free(state: GameState, letter: str) -> None:
    """A waking character crawls to the nearest free square (it is put down if carried)."""
    from dataclasses import replace as _replace

    fig = state.situation.figure(letter)
    if fig.buried:
        return  # it stays under the Rubble until someone clears it (*Dungeon Markers*)
    square = state.free_square_near(fig.square, letter)
    state.situation = state.situation.with_figure(_replace(fig, carried_by=None, square=square))


def _hero_bonuses(state: GameState, asker: Asker) -> None:
    """A level-up round: every hero gains a level and chooses its bonuses."""
    for seat in state.heroes.values():
        ch = seat.character
        ch.set_level(ch.level + 1)
        while ch.bonuses_to_choose > 0:
            options = [b for b in state.pack.bonuses if ch.can_choose_bonus(b)]
            if not options:
                break
            choice = Choice(
                ChoiceKind.HERO_BONUS,
                seat.name,
                f"Which hero bonus does {seat.name} take?",
                tuple(Option(b.id, b.name) for b in options),
                Section.HERO_AND_MONSTER_LEVEL,
            )
            key = asker(choice)
            ch.choose_bonus(next(b for b in options if b.id == key))


def spend_points(state: GameState, seat: object, asker: Asker) -> None:
    """The hero spends its saved points, one attribute raise at a time."""
    ch = seat.character  # type: ignore[attr-defined]
    while ch.saved_points > 0:
        ranked = sorted(
            ("STR", "CON", "AGI", "PER", "WIS", "PSI"),
            key=lambda a: getattr(ch.attributes, a),
        )
        choice = Choice(
            ChoiceKind.RAISE,
            ch.name,
            f"Which attribute does {ch.name} raise by 1?",
            tuple(Option(a, a) for a in ranked),
            Section.CHARACTER_IMPROVEMENT,
        )
        ch.raise_attributes({asker(choice): 1})


def phase_h_heal(state: GameState) -> None:
    """The scenario hook ``phase_h_heal`` (``hp``): conscious heroes on the start tile regain
    the hook's Hit Points in every Phase H."""
    for rule in state.scenario_rules("phase_h_heal"):
        hp = int(dict(rule.params).get("hp", 1))
        dungeon = state.situation.dungeon
        for seat in state.heroes.values():
            fig = state.situation.figure(seat.letter)
            ch = seat.character
            if fig.unconscious or dungeon.tile_index(fig.square) != 0 or ch.hp >= ch.maximum.hp:
                continue
            ch.change_points(hp=hp, reason=rule.text)
            state.log.append(Happened(Section.PHASE_H, rule.text, seat.letter))
