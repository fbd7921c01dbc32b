"""Health: the initiative roll of a hurt character, unconsciousness and death.

*Hit Points, Initiative Points and Psi Points* (*Negative Hit Points or Psi Points*, *Negative
Initiative Points*): below 0 HP or PP a character rolls one die
fewer for initiative and subtracts the deeper of the two deficits; an overloaded character
(negative IP) also rolls one die fewer, but its negative IP is only counted once, as part of
the roll. *Phase C: Roll for Initiative* and *Unconsciousness*: fewer than 1 Action Point, or
a fumble, leaves the character unconscious for the round, and the Doom Counter moves one
space. *Death of a Character*: −20 HP or −20 PP ends the scenario for everyone.

Ruling H21 (``docs/rulings.md``): unconsciousness starts only at the initiative roll;
falling below 0 HP or PP during a round does not knock a character out.

The pure functions :func:`initiative_dice` and :func:`judge_initiative` read numbers and dice
already rolled; :func:`roll_initiative` rolls through a :class:`~doria_nb.engine.chance.Chance`.

>>> expression = initiative_dice(hp=-6, pp=-3, ip=9)
>>> expression.dice
Dice(count=1, modifier=3)
>>> print(expression.explain())
1D (one die fewer: negative HP and PP) + IP 9 - 6 (the deeper of HP -6 and PP -3) = 1D+3
>>> judge_initiative(expression, Roll.from_faces(expression.dice, [4])).ap
7
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.chance import Chance
from doria_nb.engine.character import INITIATIVE_DICE, Character
from doria_nb.engine.dice import Dice, Roll
from doria_nb.engine.errors import HealthError
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.progression import EXTRA_INITIATIVE_DIE
from doria_nb.engine.sections import Section

__all__ = [
    "DEATH_THRESHOLD",
    "MAX_ACTION_POINTS",
    "DeathCheck",
    "InitiativeDice",
    "InitiativeResult",
    "check_death",
    "initiative_dice",
    "initiative_of",
    "judge_initiative",
    "roll_initiative",
]

MAX_ACTION_POINTS = 40
"""No character keeps more than 40 AP from an initiative roll (*Phase C*)."""

DEATH_THRESHOLD = -20
"""At −20 HP or −20 PP a character dies (*Death of a Character*)."""


def _whole(name: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise HealthError(f"{name} must be a whole number, not {value!r}.")
    return value


# -- the dice of the initiative roll ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class InitiativeDice:
    """The dice expression of one initiative roll and the numbers it came from.

    ``extra_dice`` are the Initiative Bonus dice; ``solo`` marks a one-character game, where
    negative HP and PP are not subtracted (*Special Rules for 1 or 2 Players*).
    """

    hp: int
    pp: int
    ip: int
    extra_dice: int
    solo: bool
    dice: Dice

    @property
    def one_die_fewer(self) -> bool:
        """Negative HP, PP or IP cost one die (never more than one: ruling H8)."""
        return self.hp < 0 or self.pp < 0 or self.ip < 0

    @property
    def subtracted(self) -> int:
        """Points taken off for negative HP or PP: the deeper of the two, 0 in a solo game."""
        worst = min(self.hp, self.pp)
        return 0 if worst >= 0 or self.solo else -worst

    def explain(self) -> str:
        """The arithmetic of the expression, in words."""
        count = INITIATIVE_DICE - int(self.one_die_fewer)
        parts = [f"{count}D"]
        if self.one_die_fewer:
            reasons = [
                name for name, value in (("HP", self.hp), ("PP", self.pp), ("IP", self.ip))
                if value < 0
            ]  # fmt: skip
            parts[0] += f" (one die fewer: negative {' and '.join(reasons)})"
        if self.extra_dice:
            parts.append(f"{self.extra_dice}D (Initiative Bonus)")
        ip = f" + IP {self.ip}" if self.ip >= 0 else f" - {-self.ip} (IP {self.ip})"
        text = " + ".join(parts) + ip
        if self.subtracted and self.hp < 0 and self.pp < 0:
            text += f" - {self.subtracted} (the deeper of HP {self.hp} and PP {self.pp})"
        elif self.subtracted:
            text += (
                f" - {self.subtracted} ({'HP' if self.hp < 0 else 'PP'} {min(self.hp, self.pp)})"
            )
        elif self.solo and min(self.hp, self.pp) < 0:
            text += " (alone: negative HP and PP are not subtracted)"
        return f"{text} = {self.dice}"


def initiative_dice(
    hp: int, pp: int, ip: int, *, extra_dice: int = 0, solo: bool = False
) -> InitiativeDice:
    """The initiative roll of a character with current ``hp`` and ``pp`` and Initiative Points
    ``ip`` (*Phase C*; *Hit Points, Initiative Points and Psi Points*).

    2D + IP; one die fewer with negative HP, PP or IP; the deeper negative HP or PP is
    subtracted (not alone); ``extra_dice`` (the Initiative Bonus) are added after the loss, so
    a hurt hero with the bonus still rolls 2D. Never fewer than 1D (ruling H8).

    >>> initiative_dice(hp=5, pp=2, ip=9).dice
    Dice(count=2, modifier=9)
    >>> initiative_dice(hp=-6, pp=-3, ip=9, solo=True).dice
    Dice(count=1, modifier=9)
    >>> initiative_dice(hp=-6, pp=-3, ip=9, extra_dice=1).dice
    Dice(count=2, modifier=3)
    """
    for name, value in (("HP", hp), ("PP", pp), ("IP", ip), ("Extra initiative dice", extra_dice)):
        _whole(name, value)
    if extra_dice < 0:
        raise HealthError(f"Extra initiative dice cannot be negative ({extra_dice}).")
    if not isinstance(solo, bool):
        raise HealthError(f"'solo' is yes or no, not {solo!r}.")
    penalty = hp < 0 or pp < 0 or ip < 0
    count = max(INITIATIVE_DICE - int(penalty), 1) + extra_dice
    worst = min(hp, pp)
    modifier = ip + (worst if worst < 0 and not solo else 0)
    return InitiativeDice(hp, pp, ip, extra_dice, solo, Dice(count, modifier))


def initiative_of(character: Character, *, solo: bool = False) -> InitiativeDice:
    """:func:`initiative_dice` for a character: its current HP and PP, its IP and its
    Initiative Bonus dice."""
    extra = len(character.effects(EXTRA_INITIATIVE_DIE))
    return initiative_dice(character.hp, character.pp, character.ip, extra_dice=extra, solo=solo)


# -- judging the roll ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class InitiativeResult:
    """An initiative roll judged: the Action Points, unconsciousness and the Doom Counter.

    ``ap`` is what the character has this round (at most 40; may be below 1).
    ``unconscious`` says whether it sits the round out; ``doom_steps`` how many spaces the
    Doom Counter moves because of this roll (0 or 1).
    """

    expression: InitiativeDice
    roll: Roll
    fumbled: bool
    ap: int
    unconscious: bool
    doom_steps: int
    fumbling_initiative: bool = False

    @property
    def rule(self) -> Section:
        return Section.UNCONSCIOUSNESS if self.unconscious else Section.PHASE_C

    def explain(self) -> str:
        """The roll, the AP and the verdict, in words."""
        head = f"Initiative {self.roll.dice}: {self.roll.describe()}"
        if self.roll.total > MAX_ACTION_POINTS:
            head += f", kept at {MAX_ACTION_POINTS} AP (no character has more)"
        else:
            head += " AP"
        if self.expression.solo:
            verdict = "Alone, the character never becomes unconscious"
            verdict += ", not even with this fumble." if self.fumbled else "."
        elif self.fumbled and self.fumbling_initiative and self.ap >= 1:
            verdict = (
                "A fumble, but under Fumbling Initiative the character stays awake; the Doom "
                "Counter still moves 1 space."
            )
        elif self.fumbled and not self.fumbling_initiative:
            verdict = "A fumble: the character is unconscious this round; the Doom Counter moves 1."
        elif self.unconscious:
            verdict = (
                f"Fewer than 1 AP ({self.ap}): the character is unconscious this round; the "
                "Doom Counter moves 1."
            )
        else:
            verdict = f"The character acts with {self.ap} AP."
        return f"{head}. {verdict}"


def judge_initiative(
    expression: InitiativeDice,
    roll: Roll,
    *,
    options: RulesOptions | None = None,
) -> InitiativeResult:
    """Judge an initiative roll already made (*Phase C*; *Unconsciousness*).

    A fumble (two original ones, or a lone 1 on one die) or fewer than 1 AP makes the
    character unconscious and moves the Doom Counter one space. *No Fumbles* takes the fumble
    away; *Fumbling Initiative* (``options.fumbling_initiative``) keeps a fumbling character
    awake but still moves the Doom Counter. Alone the character is never unconscious and the
    Doom Counter never moves.
    """
    if not isinstance(expression, InitiativeDice):
        raise HealthError(f"Judge an InitiativeDice expression, not {expression!r}.")
    if not isinstance(roll, Roll) or roll.dice != expression.dice:
        raise HealthError(
            f"The initiative roll must be rolled with {expression.dice}, not {roll!r}."
        )
    options = options or RulesOptions()
    fumbling_initiative = options.fumbling_initiative
    fumbled = roll.shows_fumble and not options.no_fumbles
    ap = min(roll.total, MAX_ACTION_POINTS)
    if expression.solo:
        unconscious, doom = False, 0
    else:
        unconscious = ap < 1 or (fumbled and not fumbling_initiative)
        doom = int(unconscious or fumbled)
    return InitiativeResult(expression, roll, fumbled, ap, unconscious, doom, fumbling_initiative)


def roll_initiative(
    expression: InitiativeDice | Character,
    chance: Chance,
    *,
    options: RulesOptions | None = None,
    solo: bool = False,
    who: str = "",
) -> InitiativeResult:
    """Roll initiative for a character (or an expression) with ``chance`` and judge it.

    >>> from doria_nb.engine.chance import ScriptedChance
    >>> result = roll_initiative(initiative_dice(-10, 2, 5), ScriptedChance([4]))
    >>> result.ap, result.unconscious, result.doom_steps
    (-1, True, 1)
    """
    if isinstance(expression, Character):
        who = who or expression.who
        expression = initiative_of(expression, solo=solo)
    if not isinstance(expression, InitiativeDice):
        raise HealthError(f"Roll initiative for a character or an expression, not {expression!r}.")
    if not isinstance(chance, Chance):
        raise HealthError(f"An initiative roll needs a Chance to roll with, not {chance!r}.")
    roll = chance.roll(expression.dice, who=who, purpose="initiative", rule=Section.PHASE_C)
    return judge_initiative(expression, roll, options=options)


# -- death ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeathCheck:
    """Whether a character with ``hp`` and ``pp`` is dead (*Death of a Character*)."""

    hp: int
    pp: int

    @property
    def dead(self) -> bool:
        return self.hp <= DEATH_THRESHOLD or self.pp <= DEATH_THRESHOLD

    @property
    def scenario_ends(self) -> bool:
        """A death ends the scenario at once, for every player."""
        return self.dead

    def explain(self) -> str:
        if not self.dead:
            return (
                f"HP {self.hp}, PP {self.pp}: alive (death comes at {DEATH_THRESHOLD} HP or "
                f"{DEATH_THRESHOLD} PP)."
            )
        what = " and ".join(
            f"{name} {value}" for name, value in (("HP", self.hp), ("PP", self.pp))
            if value <= DEATH_THRESHOLD
        )  # fmt: skip
        return (
            f"{what}: at {DEATH_THRESHOLD} or below the character dies, and the scenario ends "
            "at once for every player."
        )


def check_death(hp: int | Character, pp: int | None = None) -> DeathCheck:
    """Whether a character (or the values ``hp`` and ``pp``) has reached −20 HP or −20 PP.

    >>> check_death(-20, 4).dead, check_death(-19, -19).dead
    (True, False)
    """
    if isinstance(hp, Character):
        return DeathCheck(hp.hp, hp.pp)
    if pp is None:
        raise HealthError("Give both the Hit Points and the Psi Points.")
    return DeathCheck(_whole("HP", hp), _whole("PP", pp))
