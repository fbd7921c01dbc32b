"""How the game ends (*End of the Game*; *Death of a Character*): a character's death, the
scenario's goal or its own losing conditions.

Beside :mod:`doria_nb.engine.table.ending` and below every concept that checks it (the game
after each action, the Doom Counter's Extra Activations), so checking needs no game.
"""

from __future__ import annotations

from doria_nb.engine.character import PointsChanged
from doria_nb.engine.health import DEATH_THRESHOLD, DeathCheck, check_death
from doria_nb.engine.sections import Section
from doria_nb.engine.table.ending import end_game
from doria_nb.engine.table.state import GameState

__all__ = ["check_end", "scenario_end"]


def check_end(state: GameState) -> bool:
    """End the game if a character died (−20 HP or PP), or the scenario's goal is met."""
    if state.result is not None:
        return True
    for seat in state.heroes.values():
        death = check_death(seat.character)
        if death.dead:
            end_game(
                state,
                False,
                _death_reason(seat.name, death, _last_blow(state, seat.name)),
                Section.DEATH_OF_A_CHARACTER,
            )
            return True
    return scenario_end(state, round_ended=False)


def _death_reason(name: str, death: DeathCheck, blow: str) -> str:
    """Who died, with which points, and the last thing that happened before (the blow).

    >>> _death_reason("Mage", DeathCheck(4, -21), "Mage: PP -18→-21 (a psi attack)")[:63]
    'Mage died with HP 4 and PP -21; the last blow: Mage: PP -18→-21'
    """
    values = [f"{what} {value}" for what, value in (("HP", death.hp), ("PP", death.pp))]
    after = f"; the last blow: {blow}." if blow else "."
    return (
        f"{name} died with {' and '.join(values)}{after} A character dies at "
        f"{DEATH_THRESHOLD} HP or {DEATH_THRESHOLD} PP, and that ends the scenario for everyone"
    )


def _last_blow(state: GameState, who: str) -> str:
    """What took the last points of ``who`` (a hero's name): its last change of HP or PP."""
    for event in reversed(state.log):
        if isinstance(event, PointsChanged) and event.character == who:
            return event.describe()
    return ""


def scenario_end(state: GameState, *, round_ended: bool) -> bool:
    """The scenario's goal and its own losing conditions (*End of the Game*)."""
    scenario = state.scenario
    if scenario is None:
        return False
    verdict = scenario.check_end(_View(state), round_ended=round_ended)
    if verdict is None:
        return False
    end_game(state, verdict.won, verdict.reason, verdict.rule)
    return True


class _View:
    """What the scenario's goals and end conditions read (``ScenarioView``)."""

    def __init__(self, state: GameState) -> None:
        self._state = state
        self.round = state.round
        self.player_count = state.player_count
        self.monsters_defeated = state.counters.monsters_defeated
        self.tiles_placed = state.counters.tiles_placed
        self.treasures_searched = state.counters.treasures_searched
        dungeon = state.situation.dungeon
        self.tiles_on_board = tuple(t.tile.id for t in dungeon.tiles)

    def heroes_on_tile(self, tile_id: str) -> tuple[str, ...]:
        dungeon = self._state.situation.dungeon
        found = []
        for fig in self._state.situation.heroes:
            index = dungeon.tile_index(fig.square)
            if (
                index is not None
                and dungeon.tiles[index].tile.id == tile_id
                and not fig.unconscious
            ):
                found.append(fig.letter)
        return tuple(found)
