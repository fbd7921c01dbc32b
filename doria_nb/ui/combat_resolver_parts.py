"""The pieces of the combat resolver that are not the view: the hero as the pack deals it, the
step-by-step machinery around the engine's one-shot resolutions, and the odds in words.

Step by step on a one-shot engine: :func:`~doria_nb.engine.combat.resolve_monster_attack`
resolves a whole attack and asks a :class:`~doria_nb.engine.decisions.Policy` at each choice.
The resolver gives it a :class:`PausingPolicy` that *stops* (raises :class:`Paused`) at a choice
the reader has not answered yet. The dice already rolled are kept; once the reader answers, the
attack is resolved again from the start with the same dice (a :class:`ReplayChance`) and the
answers so far, so the engine alone decides every rule, and the record is the engine's record.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.decisions import (
    Choice,
    ChoiceKind,
    Policy,
    best_armor,
    best_defense,
    enchant_when_it_helps,
    resist_when_it_helps,
)
from doria_nb.engine.errors import ChanceError
from doria_nb.engine.mat import Area

__all__ = [
    "CSS_CLASSES",
    "DEFAULTS",
    "Paused",
    "PausingPolicy",
    "ReplayChance",
    "answers_of",
    "equipped_hero",
    "guard",
]

CSS_CLASSES = {
    "root": "doria-combat-resolver",
    "hero": "doria-combat-hero",
    "monster": "doria-combat-monster",
    "level": "doria-combat-level",
    "direction": "doria-combat-direction",
    "attack": "doria-combat-attack-option",
    "defense": "doria-combat-defense-option",
    "element": "doria-combat-element",
    "hindered": "doria-combat-hindered",
    "no_fumbles": "doria-option-no-fumbles",
    "dice_rolling": "doria-option-dice-rolling",
    "critical_fail": "doria-option-critical-fail",
    "fighters": "doria-combat-fighters",
    "odds": "doria-combat-odds",
    "chart": "doria-chart",
    "caption": "doria-chart-caption",
    "seed": "doria-seed-input",
    "roll": "doria-combat-roll",
    "new_fight": "doria-combat-new-fight",
    "question": "doria-combat-question",
    "choice": "doria-combat-choice",
    "decide": "doria-combat-decide",
    "use_default": "doria-combat-use-default",
    "arithmetic": "doria-combat-arithmetic",
    "apply": "doria-combat-apply",
    "status": "doria-status",
    "board": "doria-combat-board",
    "board_text": "doria-combat-board-text",
    "load": "doria-combat-board-load",
    "clear_board": "doria-combat-board-clear",
    "attacker": "doria-combat-board-attacker",
    "defender": "doria-combat-board-defender",
    "board_check": "doria-combat-board-check",
}
"""The stable CSS classes of the view's parts (for browser tests and styling)."""

DEFAULTS: dict[ChoiceKind, Policy] = {
    ChoiceKind.DEFENSE: best_defense,
    ChoiceKind.ARMOR: best_armor,
    ChoiceKind.PSI_POINTS: resist_when_it_helps,
    ChoiceKind.ENCHANTMENT: enchant_when_it_helps,
}
"""The engine's documented default of each kind of choice (the same functions its
``default_policy`` uses), by name so that the record says which one answered."""


def equipped_hero(pack: ContentPack, hero_id: str) -> Character:
    """The premade hero ``hero_id`` with its Standard Items on the Body where they fit (setup,
    *Preparing Characters*: arranging cards costs no AP); what does not fit stays in the
    Backpack."""
    character = Character.from_template(pack.hero(hero_id))
    placed = True
    while placed:
        placed = False
        for location, _held in character.mat.locations():
            if location.area is Area.BACKPACK and character.can_equip(location, Area.BODY):
                character.equip(location, Area.BODY)
                placed = True
                break
    return character


class Paused(Exception):
    """Raised by :class:`PausingPolicy` at a choice the reader still has to make."""

    def __init__(self, choice: Choice) -> None:
        super().__init__(choice.question)
        self.choice = choice


class PausingPolicy:
    """A policy that answers the kinds in ``defaults`` with the engine's default for them (so
    the record names that default, e.g. "policy: best armor") and stops at any other choice."""

    def __init__(self, defaults: set[ChoiceKind]) -> None:
        self.defaults = defaults
        self.__name__ = "pausing policy"

    def __call__(self, choice: Choice) -> str:
        if choice.kind not in self.defaults:
            raise Paused(choice)
        policy = DEFAULTS[choice.kind]
        self.__name__ = policy.__name__
        return policy(choice)


class ReplayChance(Chance):
    """Plays back ``faces`` (the dice of an attack already rolled), then rolls on with
    ``live``, whose outcomes also record the new faces."""

    def __init__(self, faces: list[int], live: Chance) -> None:
        super().__init__(random.Random(0))
        self._faces = list(faces)
        self._live = live

    def d10(self) -> int:
        face = self._faces.pop(0) if self._faces else self._live.d10()
        self.outcomes.append(face)
        return face

    def below(self, n: int) -> int:
        raise ChanceError("A combat roll draws no cards.")


def guard(show: Callable[[str], None]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Wrap a control's handler: an engine error becomes a message in the view, not a
    traceback in the notebook (the Python methods themselves raise)."""
    from doria_nb.engine.errors import DoriaError

    def wrap(handler: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any) -> None:
            try:
                handler(*args)
            except DoriaError as error:
                show(str(error))

        return run

    return wrap


def answers_of(mapping: Mapping[ChoiceKind, str]) -> dict[str, str]:
    """Answers keyed by the kinds' values, as the engine's ``answers=`` reads them."""
    return {kind.value: key for kind, key in mapping.items()}
