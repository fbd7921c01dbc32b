"""*Phase E: Poison*: the check each poisoned character makes, and the poisoned monsters.

A poisoned character (unconscious ones too) rolls CON + WIS + 2D against a Target Number of
28 + 2 × Monster Level. Reaching it puts away one Poison Marker, and one more for every
critical success; a normal failure leaves the markers as they are; a critical failure adds one
marker for each critical failure, a fumble counting as one more. A failed check (normal or
critical) then costs one Hit Point for every marker the character holds; a successful check
costs none (ruling G1 in ``docs/rulings.md``; the named reading ``poison_every_check`` makes
every kept marker cost 1 HP whatever the roll). Monsters make no check: they lose one Hit
Point per marker.

Poison Markers belong to the game state, not to the :class:`~doria_nb.engine.character.
Character`: :func:`poison_check` takes the count and reports the new one, and
:func:`apply_poison` takes the Hit Points off the character (logged as a ``PointsChanged``
event) and returns the markers to keep. Nothing is rolled or changed when a request is refused.

The rulebook's example: the Adventurer (CON 9, WIS 8) with 3 markers and monsters of level 1.

>>> from doria_nb.engine.attributes import Attributes
>>> from doria_nb.engine.chance import ScriptedChance
>>> adventurer = Attributes(STR=9, CON=9, AGI=8, PER=8, WIS=8, PSI=8)
>>> result = poison_check(adventurer, 3, ScriptedChance([7, 5]), monster_level=1)
>>> result.explain()
'CON 9 + WIS 8 + 2D (7+5) = 29 against TN 30: failure; 3 Poison Markers stay; 3 HP lost'
>>> poison_monster(2)
2
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.attributes import Attributes
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.checks import CHECK_DICE, CheckResult, evaluate_check
from doria_nb.engine.errors import HealthError
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section

__all__ = [
    "POISON_TN",
    "POISON_TN_PER_LEVEL",
    "PoisonError",
    "PoisonResult",
    "apply_poison",
    "judge_poison",
    "poison_check",
    "poison_monster",
    "poison_target",
]

POISON_TN = 28
"""The base Target Number of the poison check."""

POISON_TN_PER_LEVEL = 2
"""Added to the Target Number for every Monster Level."""

RULE = Section.PHASE_E


class PoisonError(HealthError):
    """A poison request that cannot be (a negative number of markers, a Monster Level below 1,
    a result applied to the wrong character, ...)."""


def _whole(what: str, value: object, low: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise PoisonError(f"{what} must be a whole number, not {value!r}.")
    if value < low:
        raise PoisonError(f"{what} must be at least {low}, not {value}.")
    return value


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _markers(n: int) -> str:
    return _count(n, "Poison Marker")


def poison_target(monster_level: int) -> int:
    """The Target Number of the poison check: 28 + 2 × Monster Level.

    >>> poison_target(1), poison_target(4)
    (30, 36)
    """
    _whole("The Monster Level", monster_level, 1)
    return POISON_TN + POISON_TN_PER_LEVEL * monster_level


@dataclass(frozen=True, slots=True)
class PoisonResult:
    """One character's *Phase E: Poison*: the markers before and after, the HP lost, the check.

    ``check`` is ``None`` when the character held no marker: it is not poisoned and rolls
    nothing (ruling G4).
    """

    who: str
    markers_before: int
    markers_after: int
    hp_lost: int
    check: CheckResult | None

    @property
    def rule(self) -> Section:
        return RULE

    @property
    def change(self) -> int:
        """Markers gained (positive) or put away (negative)."""
        return self.markers_after - self.markers_before

    def _verdict(self) -> str:
        check = self.check
        assert check is not None
        if check.fumbled:
            return f"fumble (two ones), {_count(check.critical_failures, 'critical failure')}"
        if check.success:
            crits = check.critical_successes
            return "success" + (f", {_count(crits, 'critical success')}" if crits else "")
        crits = check.critical_failures
        return "failure" + (f", {_count(crits, 'critical failure')}" if crits else "")

    def _markers_text(self) -> str:
        after, change = self.markers_after, self.change
        if change < 0:
            stay = "none stay" if after == 0 else f"{after} stay" + ("s" if after == 1 else "")
            return f"{_markers(-change)} put away, {stay}"
        if change > 0:
            return f"{_markers(change)} added, {after} now"
        return f"{_markers(after)} stay" + ("s" if after == 1 else "")

    def explain(self) -> str:
        """The arithmetic, the verdict, the markers and the HP, e.g. ``'CON 9 + WIS 8 + 2D
        (7+5) = 29 against TN 30: failure; 3 Poison Markers stay; 3 HP lost'``."""
        head = f"{self.who}: " if self.who else ""
        if self.check is None:
            return f"{head}no Poison Marker: no check, no HP lost"
        check = self.check
        terms = [f"{name} {value}" for name, value in check.bonuses]
        faces = check.roll.describe().split(" = ")[0]
        terms.append(f"{check.roll.dice} ({faces})")
        arithmetic = " + ".join(terms) + f" = {check.total} against TN {check.target}"
        hp = f"{self.hp_lost} HP lost" if self.hp_lost else "no HP lost"
        return f"{head}{arithmetic}: {self._verdict()}; {self._markers_text()}; {hp}"


def judge_poison(
    check: CheckResult | None, markers: int, *, who: str = "", every_check: bool = False
) -> PoisonResult:
    """The markers and HP that follow from a judged poison check (pure; no dice). Markers
    never go below 0 (ruling G3); a failure costs 1 HP per marker held after the check, a
    success costs nothing (ruling G1), unless ``every_check`` (the named reading
    ``poison_every_check``) makes every kept marker cost 1 HP.

    >>> from doria_nb.engine.dice import Roll
    >>> check = evaluate_check(Roll.from_faces("2D", [9, 4]), 30, {"CON": 9, "WIS": 8})
    >>> r = judge_poison(check, 3)
    >>> r.markers_after, r.hp_lost
    (2, 0)
    >>> judge_poison(check, 3, every_check=True).hp_lost
    2
    """
    _whole("The number of Poison Markers", markers, 0)
    if markers == 0:
        return PoisonResult(who, 0, 0, 0, None)
    if not isinstance(check, CheckResult):
        raise PoisonError(f"A poisoned character needs a judged check, not {check!r}.")
    if check.success:
        after = max(markers - 1 - check.critical_successes, 0)
        hp_lost = after if every_check else 0
    else:
        after = hp_lost = markers + check.critical_failures
    return PoisonResult(who, markers, after, hp_lost, check)


def poison_check(
    character_or_attributes: Character | Attributes,
    markers: int,
    chance: Chance,
    *,
    monster_level: int,
    options: RulesOptions | None = None,
) -> PoisonResult:
    """Roll the *Phase E: Poison* check for a character holding ``markers`` Poison Markers.

    Unconscious characters check too; the caller passes them like any other. With no marker
    there is no check and no die is rolled (ruling G4). Every argument is checked before a die
    is rolled, so a refused request leaves the ``chance`` untouched.
    """
    if isinstance(character_or_attributes, Character):
        attributes, who = character_or_attributes.attributes, character_or_attributes.who
    elif isinstance(character_or_attributes, Attributes):
        attributes, who = character_or_attributes, ""
    else:
        raise PoisonError(
            "The poison check needs a character or its attributes, "
            f"not {character_or_attributes!r}."
        )
    _whole("The number of Poison Markers", markers, 0)
    target = poison_target(monster_level)
    if not isinstance(chance, Chance):
        raise PoisonError(f"The poison check needs a source of chance, not {chance!r}.")
    if options is not None and not isinstance(options, RulesOptions):
        raise PoisonError(f"The optional rules must be RulesOptions, not {options!r}.")
    if markers == 0:
        return judge_poison(None, 0, who=who)
    roll = chance.roll(CHECK_DICE, who=who, purpose="poison check", rule=RULE)
    bonuses = {"CON": attributes.CON, "WIS": attributes.WIS}
    check = evaluate_check(roll, target, bonuses, options=options)
    every_check = options is not None and options.reads("poison_every_check")
    return judge_poison(check, markers, who=who, every_check=every_check)


def apply_poison(character: Character, result: PoisonResult) -> int:
    """Take ``result``'s lost Hit Points off ``character`` and return the markers it now holds
    (the game state keeps them). HP may fall below 0: death at -20 is the game's to judge.
    The loss is logged as a ``PointsChanged`` event with the reason "poison"; refused
    requests change nothing.

    >>> from doria_nb.engine.attributes import Attributes
    >>> from doria_nb.engine.chance import ScriptedChance
    >>> hero = Character("Adventurer", Attributes(STR=9, CON=9, AGI=8, PER=8, WIS=8, PSI=8))
    >>> result = poison_check(hero, 3, ScriptedChance([7, 5]), monster_level=1)
    >>> apply_poison(hero, result), hero.hp
    (3, 6)
    """
    if not isinstance(character, Character):
        raise PoisonError(f"Poison is applied to a character, not {character!r}.")
    if not isinstance(result, PoisonResult):
        raise PoisonError(f"apply_poison needs the result of a poison check, not {result!r}.")
    if result.who and result.who != character.who:
        raise PoisonError(
            f"This poison check was rolled for {result.who}, not for {character.who}."
        )
    if result.hp_lost:
        character.change_points(hp=-result.hp_lost, reason="poison")
    return result.markers_after


def poison_monster(markers: int) -> int:
    """The Hit Points a monster loses in *Phase E: Poison*: one per Poison Marker, no check.

    >>> poison_monster(0), poison_monster(3)
    (0, 3)
    """
    return _whole("The number of Poison Markers", markers, 0)
