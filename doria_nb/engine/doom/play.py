"""*Phase G: Doom Counter*: how far the counter moves, and what it sets off on the way —
the monsters' level-ups and Extra Activations.
"""

from __future__ import annotations

from collections.abc import Callable

from doria_nb.engine.campaign.play import count_monster_points, level_up_ignored
from doria_nb.engine.decisions import Choice, ChoiceKind, Option
from doria_nb.engine.doom.counter import (
    DoomCounter,
    DoomMove,
    ExtraActivation,
    MonsterLevelUp,
    doom_steps,
)
from doria_nb.engine.monster_activation.play import (
    activate_monster,
    level_up_monsters,
    monsters_in_order,
    register_spawn,
)
from doria_nb.engine.sections import Section
from doria_nb.engine.table.events import DoomCounterMoved, ScenarioRuleApplied
from doria_nb.engine.table.game_end import check_end
from doria_nb.engine.table.state import GameState

__all__ = ["doom_extra_steps", "doom_steps", "phase_g", "run_doom_move", "start_doom"]

Asker = Callable[[Choice], str]


def phase_g(state: GameState, asker: Asker) -> None:
    """*Phase G: Doom Counter*: the counter moves by the tiles occupied and the doors."""
    bought_off = False
    if state.player_count == 1 and not state.door_opened and state.group_xp.xp >= 1:
        seat = next(iter(state.heroes.values()))
        choice = Choice(
            ChoiceKind.DOOM_XP,
            seat.name,
            "No door was opened: spend 1 XP to keep the Doom Counter from its extra step?",
            (Option("spend", "spend 1 XP"), Option("keep", "keep the XP")),
            Section.SMALL_GROUPS,
        )
        if asker(choice) == "spend":
            state.group_xp = state.group_xp.spend(1)
            bought_off = True
    steps = doom_steps(
        max(state.tiles_with_characters(), 1), state.door_opened, door_step_bought_off=bought_off
    )
    steps += doom_extra_steps(state)  # the scenario's special rule, if any
    run_doom_move(state, state.doom.move(steps), asker)


def start_doom(state: GameState) -> None:
    """The scenario hook ``start_doom`` (``square``): at set-up the Doom Counter marker starts
    on that square (*General Setup*)."""
    for rule in state.scenario_rules("start_doom"):
        square = int(dict(rule.params).get("square", 40))
        state.doom = DoomCounter(square, state.doom.track)
        state.log.append(ScenarioRuleApplied(Section.GENERAL_SETUP, rule.text, hook="start_doom"))


def doom_extra_steps(state: GameState) -> int:
    """The scenario hook ``doom_extra_steps`` (``steps``): the squares it adds to this Phase
    G's move."""
    steps = 0
    for rule in state.scenario_rules("doom_extra_steps"):
        steps += int(dict(rule.params).get("steps", 1))
        state.log.append(ScenarioRuleApplied(Section.PHASE_G, rule.text, hook="doom_extra_steps"))
    return steps


def run_doom_move(state: GameState, move: DoomMove, asker: Asker) -> None:
    """Move the Doom Counter and play what it sets off, in order (*Phase G: Doom Counter*)."""
    state.doom = move.end
    state.log.append(DoomCounterMoved.of(move))
    count_monster_points(state, move)
    for trigger in move.triggers:
        if state.result is not None:
            return
        if isinstance(trigger, MonsterLevelUp):
            if not level_up_ignored(state):
                level_up_monsters(state)
        elif isinstance(trigger, ExtraActivation):
            _extra_activation(state, asker)


def _weaken_refill(state: GameState, letters: tuple[str, ...]) -> None:
    """The scenario hook ``refill_weakened``: refilled monsters arrive with fewer HP."""
    for rule in state.scenario_rules("refill_weakened"):
        less = int(dict(rule.params).get("hp", 1))
        for letter in letters:
            seat = state.monsters.get(letter)
            if seat is not None:
                seat.foe = seat.foe.with_hp(max(seat.foe.hp - less, 1))
        if letters:
            state.log.append(
                ScenarioRuleApplied(
                    Section.PHASE_G,
                    f"{rule.text} ({', '.join(letters)})",
                    hook="refill_weakened",
                    letters=letters,
                )
            )


def _extra_activation(state: GameState, asker: Asker) -> None:
    """An Extra Activation: refill at the entrance, then every monster acts."""
    refill = state.spawn_context().refill_at_entrance()
    register_spawn(state, refill, asker)
    _weaken_refill(state, refill.letters)
    for letter in monsters_in_order(state, list(state.monsters), asker):
        activate_monster(state, letter, asker, reason="Extra Activation")
        if check_end(state):
            return
