"""Comparative rolls and target-number checks: who wins, by how much, and why.

The two kinds of roll of *Comparative Rolls and Target Numbers*, with the criticals and
fumbles of *Critical Rolls and Fumbles* and *Additional Combat Rules*:

* a **comparative roll** (*Comparative rolls*) sets an attack total against a defense total; the
  attacker hits on a tie or better. Every full 10 of margin is one critical. A defender's fumble
  (*Fumbles*) is a hit with one critical more; an attacker's fumble is a miss.
* a **target-number check** adds two attributes to 2D and needs the Target Number (TN) or more.
  Every full 10 above the TN is a critical success, every full 10 below a critical failure; a
  fumble fails whatever the total and adds one critical failure.

The pure functions :func:`compare` and :func:`evaluate_check` judge dice that were already
rolled; :func:`comparative_roll` and :func:`target_check` roll them through a
:class:`~doria_nb.engine.chance.Chance` first. Cases the rulebook leaves open are decided in
``docs/rulings.md``; each decision is quoted where it is applied.

>>> from doria_nb.engine.dice import Roll
>>> result = compare(Roll.from_faces("3D", [5, 8, 4]), Roll.from_faces("2D+5", [2, 5]))
>>> result.explain()
'Attack 3D: 5+8+4 = 17 vs defense 2D+5: 2+5+5 = 12. 17 ≥ 12: hit, no critical.'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from doria_nb.engine.chance import Chance
from doria_nb.engine.dice import Dice, Roll
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section

CRITICAL_STEP = 10
"""Every full 10 points of margin is one critical (success or failure)."""

CHECK_DICE = Dice(2)
"""Target-number checks are rolled with 2D."""


class Side(StrEnum):
    """Who rolls a side of a comparative roll; it decides item damage and *Dice Rolling*."""

    CHARACTER = "character"
    MONSTER = "monster"


def criticals(margin: int) -> int:
    """Full tens in a non-negative margin: ``criticals(19) == 1``, ``criticals(20) == 2``."""
    return max(margin, 0) // CRITICAL_STEP


def _plural(n: int, word: str) -> str:
    if n == 0:
        return f"no {word}"
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(frozen=True, slots=True)
class ComparativeResult:
    """An attack roll judged against a defense roll.

    ``criticals`` counts the attacker's critical results on a hit (each full 10 of margin, plus
    one for a defender's fumble); ``critical_failures`` counts the attacker's on a miss (each
    full 10 the defense was higher, plus one for an attacker's fumble).
    """

    attack: Roll
    defense: Roll
    attacker_fumbled: bool
    defender_fumbled: bool
    hit: bool
    criticals: int
    critical_failures: int
    attacker: Side = Side.CHARACTER
    defender: Side = Side.MONSTER
    options: RulesOptions = field(default_factory=RulesOptions)

    @property
    def margin(self) -> int:
        """Attack total minus defense total."""
        return self.attack.total - self.defense.total

    @property
    def outcome(self) -> Outcome:
        """The outcome class, as the odds and the chart group them."""
        if self.attacker_fumbled:
            return Outcome(OutcomeKind.FUMBLE, 0)
        if not self.hit:
            return Outcome(OutcomeKind.MISS, self.critical_failures)
        return Outcome(OutcomeKind.HIT, self.criticals)

    @property
    def attacker_item_damaged(self) -> bool:
        """A character's weapon or spell is damaged by its fumble, or, under *Critical Fail*,
        by a critical failure (*Additional Combat Rules*). Monsters have no items to damage."""
        if self.attacker is not Side.CHARACTER:
            return False
        if self.attacker_fumbled:
            return True
        return self.options.critical_fail and self.critical_failures > 0

    @property
    def defender_item_damaged(self) -> bool:
        """A defending character's item is damaged by its fumble, or, under *Critical Fail*,
        when the attack beat its defense by 10 or more."""
        if self.defender is not Side.CHARACTER:
            return False
        if self.defender_fumbled:
            return True
        return self.options.critical_fail and self.hit and criticals(self.margin) > 0

    def explain(self) -> str:
        """One sentence with the arithmetic and the verdict."""
        a, d = self.attack, self.defense
        head = f"Attack {a.dice}: {a.describe()} vs defense {d.dice}: {d.describe()}."
        if self.attacker_fumbled and self.defender_fumbled:
            verdict = (
                "Both sides fumbled: the attacker's fumble decides, the attack misses "
                "(ruling: both sides fumble)."
            )
        elif self.attacker_fumbled:
            verdict = "The attacker fumbled (two ones): miss, whatever the totals."
        elif self.defender_fumbled:
            base = criticals(self.margin)
            verdict = (
                f"The defender fumbled (two ones): hit with {_plural(self.criticals, 'critical')}"
                f" ({base} from the margin + 1 for the fumble)."
            )
        elif self.hit:
            relation = "=" if a.total == d.total else "≥"
            verdict = f"{a.total} {relation} {d.total}: hit, {_plural(self.criticals, 'critical')}."
        else:
            verdict = f"{a.total} < {d.total}: miss"
            if self.critical_failures:
                verdict += f", {_plural(self.critical_failures, 'critical failure')}"
            verdict += "."
        notes = []
        if self.attacker_item_damaged:
            notes.append("the attacker's weapon or spell is damaged")
        if self.defender_item_damaged:
            notes.append("the item the defender rolled with, if any, is damaged")
        if notes:
            verdict += " " + "; ".join(notes).capitalize() + "."
        return f"{head} {verdict}"


class OutcomeKind(StrEnum):
    """The classes of outcome shown in charts: fumble, miss (or failure), hit (or success)."""

    FUMBLE = "fumble"
    MISS = "miss"
    HIT = "hit"


@dataclass(frozen=True, slots=True)
class Outcome:
    """An outcome class, as charts and odds group rolls.

    ``kind`` is fumble, miss (failure) or hit (success); ``criticals`` counts the critical
    successes of a hit or the critical failures of a miss. A fumble is one class of its own,
    whatever its margin (its criticals are in the result and in the odds' distributions).
    """

    kind: OutcomeKind
    criticals: int = 0

    @property
    def sort_key(self) -> int:
        """Worst first: fumble, misses from the deepest, then hits by criticals."""
        if self.kind is OutcomeKind.FUMBLE:
            return -1_000_000
        if self.kind is OutcomeKind.MISS:
            return -1 - self.criticals
        return self.criticals

    def label(self, *, check: bool = False) -> str:
        """A short label: ``'hit +2 crit'``, ``'miss'``, ``'failure (1 crit fail)'``."""
        if self.kind is OutcomeKind.FUMBLE:
            return "fumble"
        if self.kind is OutcomeKind.HIT:
            word = "success" if check else "hit"
            return word if self.criticals == 0 else f"{word} +{self.criticals} crit"
        word = "failure" if check else "miss"
        return word if self.criticals == 0 else f"{word} ({self.criticals} crit fail)"


def compare(
    attack: Roll,
    defense: Roll,
    *,
    options: RulesOptions | None = None,
    attacker: Side = Side.CHARACTER,
    defender: Side = Side.MONSTER,
) -> ComparativeResult:
    """Judge an attack roll against a defense roll (*Comparative Rolls and Target Numbers*).

    Rulings applied (``docs/rulings.md``): when both sides fumble the attack misses; a defender
    who fumbles is hit even if its total is higher; an attacker's fumble gives the defender no
    critical.
    """
    options = options or RulesOptions()
    attacker_fumbled = attack.shows_fumble and not options.no_fumbles
    defender_fumbled = defense.shows_fumble and not options.no_fumbles
    margin = attack.total - defense.total
    if attacker_fumbled:
        hit = False
    elif defender_fumbled:
        hit = True
    else:
        hit = margin >= 0
    crits = criticals(margin) + int(defender_fumbled) if hit else 0
    failures = 0 if hit else criticals(-margin) + int(attacker_fumbled)
    return ComparativeResult(
        attack=attack,
        defense=defense,
        attacker_fumbled=attacker_fumbled,
        defender_fumbled=defender_fumbled,
        hit=hit,
        criticals=crits,
        critical_failures=failures,
        attacker=attacker,
        defender=defender,
        options=options,
    )


def comparative_roll(
    attack: Dice | str,
    defense: Dice | str,
    chance: Chance,
    *,
    options: RulesOptions | None = None,
    attacker: Side = Side.CHARACTER,
    defender: Side = Side.MONSTER,
) -> ComparativeResult:
    """Roll ``attack`` against ``defense`` and judge it.

    Under *Dice Rolling* a monster's dice are not rolled: each counts 6.
    """
    options = options or RulesOptions()
    attack, defense = Dice.parse(attack), Dice.parse(defense)
    rule = Section.COMPARATIVE_ROLLS
    attack_roll = chance.roll(
        attack,
        fixed=options.dice_rolling and attacker is Side.MONSTER,
        who=attacker.value,
        purpose="attack",
        rule=rule,
    )
    defense_roll = chance.roll(
        defense,
        fixed=options.dice_rolling and defender is Side.MONSTER,
        who=defender.value,
        purpose="defense",
        rule=rule,
    )
    return compare(attack_roll, defense_roll, options=options, attacker=attacker, defender=defender)


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A target-number check: named bonuses (usually two attributes) + dice against a TN."""

    roll: Roll
    bonuses: tuple[tuple[str, int], ...]
    target: int
    fumbled: bool
    success: bool
    critical_successes: int
    critical_failures: int

    @property
    def bonus(self) -> int:
        return sum(value for _, value in self.bonuses)

    @property
    def total(self) -> int:
        return self.roll.total + self.bonus

    @property
    def outcome(self) -> Outcome:
        if self.fumbled:
            return Outcome(OutcomeKind.FUMBLE, 0)
        if self.success:
            return Outcome(OutcomeKind.HIT, self.critical_successes)
        return Outcome(OutcomeKind.MISS, self.critical_failures)

    def explain(self) -> str:
        """One sentence with the arithmetic and the verdict, e.g. for the Warrior's pit check
        ``'STR 15 + AGI 10 + 2D (6+4) = 35 ≥ TN 35: success, no critical.'``"""
        terms = [f"{name} {value}" if name else str(value) for name, value in self.bonuses]
        dice = self.roll.describe().split(" = ")[0]
        terms.append(f"{self.roll.dice} ({dice})")
        arithmetic = " + ".join(terms) + f" = {self.total}"
        if self.fumbled:
            return (
                f"{arithmetic}: fumble (two ones), the check fails with "
                f"{_plural(self.critical_failures, 'critical failure')} "
                f"({self.critical_failures - 1} from the margin + 1 for the fumble)."
            )
        if self.success:
            return (
                f"{arithmetic} ≥ TN {self.target}: success, "
                f"{_plural(self.critical_successes, 'critical')}."
            )
        return (
            f"{arithmetic} < TN {self.target}: failure, "
            f"{_plural(self.critical_failures, 'critical failure')}."
        )


def _check_target(target: object) -> None:
    if not isinstance(target, int) or isinstance(target, bool):
        raise DoriaError(f"A Target Number must be a whole number, not {target!r}.")


def _bonus_terms(bonuses: Mapping[str, int] | int) -> tuple[tuple[str, int], ...]:
    if isinstance(bonuses, bool):
        raise DoriaError("A check's bonus must be a number, not a yes/no value.")
    if isinstance(bonuses, int):
        return (("", bonuses),)
    terms = tuple(bonuses.items())
    for name, value in terms:
        if not isinstance(value, int) or isinstance(value, bool):
            raise DoriaError(f"{name} must be a whole number, not {value!r}.")
    return terms


def evaluate_check(
    roll: Roll,
    target: int,
    bonuses: Mapping[str, int] | int = 0,
    *,
    options: RulesOptions | None = None,
) -> CheckResult:
    """Judge a rolled check against its Target Number.

    Ruling (``docs/rulings.md``, *a fumble on a check*): a fumble fails even when the total
    reaches the TN, and always adds one critical failure to those of the margin.
    """
    options = options or RulesOptions()
    _check_target(target)
    terms = _bonus_terms(bonuses)
    total = roll.total + sum(value for _, value in terms)
    fumbled = roll.shows_fumble and not options.no_fumbles
    success = total >= target and not fumbled
    return CheckResult(
        roll=roll,
        bonuses=terms,
        target=target,
        fumbled=fumbled,
        success=success,
        critical_successes=criticals(total - target) if success else 0,
        critical_failures=0 if success else criticals(target - total) + int(fumbled),
    )


def target_check(
    target: int,
    chance: Chance,
    bonuses: Mapping[str, int] | int = 0,
    *,
    dice: Dice | str = CHECK_DICE,
    options: RulesOptions | None = None,
    who: str = "",
) -> CheckResult:
    """Roll a target-number check: ``bonuses`` (e.g. ``{"STR": 15, "AGI": 10}``) + 2D vs TN."""
    _check_target(target)
    _bonus_terms(bonuses)
    roll = chance.roll(dice, who=who, purpose="check", rule=Section.COMPARATIVE_ROLLS)
    return evaluate_check(roll, target, bonuses, options=options)
