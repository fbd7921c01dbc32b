"""The monsters' turns since a person last acted, as records a view steps through.

Monsters act inside a person's input (the last hero action of Phase D runs them, so does a
door revealing a monster faster than the hero). The game records each activation as a
:class:`~doria_nb.engine.table.events.MonsterActed` event holding the monster AI's whole record;
:func:`monster_turns` pairs each with the attack it made (the game's words for the dice, the
defense and the damage) and cuts it into the stages of the monster stepper
(:func:`~doria_nb.ui.monster_stepper.stages.build_stages`): target criteria, route criteria,
ties the players settled, the movement, the attack — each with the rule that decided it.

>>> from doria_nb.engine.game.game import Game
>>> from doria_nb.engine.game.bots import bot_action
>>> game = Game.new("the_flooded_archive", ["warrior", "mage"], seed=2)
>>> while not any(isinstance(e, MonsterActed) for e in game.events):
...     _ = game.apply(bot_action(game))
>>> turn = monster_turns(game.events)[0]
>>> turn.stages[0].kind
'target'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from doria_nb.engine.events import Event
from doria_nb.engine.monster_ai import Activation
from doria_nb.engine.table.events import AttackMade, MonsterActed, PhaseBegan
from doria_nb.ui.monster_stepper.stages import Stage, build_stages

__all__ = ["MonsterTurn", "monster_turns"]


@dataclass(frozen=True, slots=True)
class MonsterTurn:
    """One monster activation: the event, the attack's words (``""`` without an attack),
    the round and phase it happened in, and its stages."""

    event: MonsterActed
    attack: str
    round: int
    phase: str
    stages: tuple[Stage, ...]

    @property
    def activation(self) -> Activation:
        return self.event.activation  # type: ignore[no-any-return]

    @property
    def title(self) -> str:
        where = f"round {self.round}, Phase {self.phase}" if self.phase else f"round {self.round}"
        return f"{self.activation.summary()} ({where})"


def monster_turns(events: Iterable[Event]) -> tuple[MonsterTurn, ...]:
    """Every monster activation among ``events``, in order, with its attack and stages."""
    found: list[MonsterTurn] = []
    pending: MonsterActed | None = None
    round_, phase = 0, ""
    attack = ""

    def close() -> None:
        nonlocal pending, attack
        if pending is not None and pending.activation is not None:
            stages = build_stages(
                pending.activation, choices=dict(pending.settled), tied=dict(pending.tied)
            )
            found.append(MonsterTurn(pending, attack, round_, phase, stages))
        pending, attack = None, ""

    for event in events:
        if isinstance(event, PhaseBegan):
            close()
            round_, phase = event.round, event.phase
        elif isinstance(event, MonsterActed):
            close()
            pending = event
        elif (
            pending is not None
            and isinstance(event, AttackMade)
            and event.who == pending.who
            and not attack
        ):
            attack = event.text
    close()
    return tuple(found)
