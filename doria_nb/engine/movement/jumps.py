"""Jump checks: one per jump, rolled once the movement is complete, with the fall damage.

STR + AGI + 2D against the jump's Target Number (*Jumping (5 AP)*): :func:`jump_check` rolls
one, :func:`jump_checks` every jump of a path, :func:`jump_odds` gives the exact odds.
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.chance import Chance
from doria_nb.engine.checks import CheckResult, target_check
from doria_nb.engine.errors import MovementError
from doria_nb.engine.geometry import Square  # noqa: F401 - the doctests use it
from doria_nb.engine.movement.steps import Path, Step, _count
from doria_nb.engine.odds import CheckOdds
from doria_nb.engine.odds import target_check as check_odds
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section  # noqa: F401 - the doctests use it

__all__ = ["JumpResult", "jump_check", "jump_checks", "jump_odds"]


@dataclass(frozen=True, slots=True)
class JumpResult:
    """A jump check rolled after the movement, and the fall damage it deals.

    ``check`` is the STR + AGI + 2D check against the jump's TN; ``damage`` the fall damage to
    the jumper (armor never counts); ``carried_damage`` the same damage to a carried
    character.
    """

    step: Step
    check: CheckResult
    damage: int
    carried_damage: int
    carrying: bool = False

    @property
    def success(self) -> bool:
        return self.check.success

    def explain(self) -> str:
        """The check's arithmetic and the damage, in one paragraph."""
        head = f"Jump of {_count(self.step.squares, 'square')} (TN {self.step.target_number}): "
        text = head + self.check.explain()
        if self.check.success:
            return text + " The jump lands safely."
        crits = self.check.critical_failures
        text += (
            f" Fall damage: {_count(self.step.squares, 'square')} × (1 + "
            f"{_count(crits, 'critical failure')}) = {self.damage} HP, armor ignored."
        )
        if self.carrying:
            text += f" The carried character takes {self.carried_damage} HP as well."
        return text


def _attribute(value: object, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise MovementError(f"{name} must be a whole number, not {value!r}.")
    return value


def jump_check(
    step: Step,
    strength: int,
    agility: int,
    chance: Chance,
    *,
    carrying: bool = False,
    options: RulesOptions | None = None,
    who: str = "",
) -> JumpResult:
    """Roll the jump check for ``step``: STR + AGI + 2D against its TN (*Jumping (5 AP)*).

    A failure deals 1 damage per square jumped (the TN's squares), multiplied by 1 + the
    critical failures; a fumble fails and adds one critical failure (ruling R5). Armor never
    counts. A carried character takes the same damage.

    >>> from doria_nb.engine.chance import ScriptedChance
    >>> step = Step("jump", Square(0, 0), Square(3, 0), (Square(1, 0), Square(2, 0)), 5, 30,
    ...             Section.JUMPING, "5 AP")
    >>> result = jump_check(step, 4, 7, ScriptedChance([1, 1]))
    >>> result.damage
    9
    """
    if not isinstance(step, Step) or step.kind != "jump" or step.target_number is None:
        raise MovementError(f"Only a jump is checked, not {step!r}.")
    strength = _attribute(strength, "Strength")
    agility = _attribute(agility, "Agility")
    if not isinstance(chance, Chance):
        raise MovementError(f"A jump check rolls with a Chance, not {chance!r}.")
    check = target_check(
        step.target_number, chance, {"STR": strength, "AGI": agility}, options=options, who=who
    )
    damage = 0 if check.success else step.squares * (1 + check.critical_failures)
    return JumpResult(step, check, damage, damage if carrying else 0, bool(carrying))


def jump_checks(
    path: Path,
    strength: int,
    agility: int,
    chance: Chance,
    *,
    carrying: bool = False,
    options: RulesOptions | None = None,
    who: str = "",
) -> tuple[JumpResult, ...]:
    """Roll one check per jump of ``path``, in order, once the movement is complete."""
    if not isinstance(path, Path):
        raise MovementError(f"jump_checks needs a Path, not {path!r}.")
    _attribute(strength, "Strength")
    _attribute(agility, "Agility")
    return tuple(
        jump_check(step, strength, agility, chance, carrying=carrying, options=options, who=who)
        for step in path.jumps
    )


def jump_odds(
    step: Step, strength: int, agility: int, *, options: RulesOptions | None = None
) -> CheckOdds:
    """The exact odds of the jump check for ``step`` (success means no fall damage).

    >>> step = Step("jump", Square(0, 0), Square(2, 0), (Square(1, 0),), 5, 20,
    ...             Section.JUMPING, "5 AP")
    >>> round(jump_odds(step, 7, 10).p_success, 2)    # the Huntress: 17 + 2D against 20
    0.99
    """
    if not isinstance(step, Step) or step.kind != "jump" or step.target_number is None:
        raise MovementError(f"Only a jump has odds, not {step!r}.")
    bonus = _attribute(strength, "Strength") + _attribute(agility, "Agility")
    return check_odds("2D", bonus, step.target_number, options=options)
