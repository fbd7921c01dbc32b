"""Care: healing, the points of a potion, the points an unconscious character recovers, and
reviving.

*Hit Points, Initiative Points and Psi Points*: healing and psi potions restore points, never
above the maximum. *Unconsciousness*: an unconscious character recovers 3 points in Phase H,
split freely between HP and PP. *Take, Use or Repair Other Items*: reaching into a companion's
gear costs 5 AP more (:func:`other_item_ap`). Using a potion, which goes through the effects, is
:mod:`doria_nb.engine.potions`, beside :mod:`doria_nb.engine.effects`.
*Revive Character*: the healer gives 5 AP up to half its current AP, rolls PER+WIS+2D against
24+2×ML, and on a success the unconscious character gets those AP (and a point of HP or PP for
every critical).

Healing does not wake an unconscious character (ruling H25): only reviving or the next
initiative roll does.

>>> healed(current=-4, amount=3, maximum=9), healed(current=8, amount=3, maximum=9)
(-1, 9)
>>> revive_limits(healer_ap=23)
(5, 11)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from doria_nb.engine.cards import CardType, ItemCard
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.checks import CheckResult, evaluate_check
from doria_nb.engine.dice import Roll
from doria_nb.engine.errors import HealthError
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.progression import EFFICIENCY
from doria_nb.engine.sections import Section
from doria_nb.engine.verdict import Verdict

__all__ = [
    "HEAL",
    "OTHER_ITEM_AP",
    "RESTORE_PP",
    "REVIVE_MIN_AP",
    "UNCONSCIOUS_RECOVERY",
    "Healing",
    "Revival",
    "as_character",
    "can_revive",
    "default_split",
    "heal",
    "healed",
    "judge_revival",
    "other_item_ap",
    "potion_points",
    "recover_unconscious",
    "revive",
    "revive_limits",
    "revive_target",
]

HEAL = "heal"
"""The effect of a healing potion: ``amount`` Hit Points."""
RESTORE_PP = "restore_pp"
"""The effect of a psi potion: ``amount`` Psi Points."""
UNCONSCIOUS_RECOVERY = 3
"""Points an unconscious character recovers in Phase H (*Unconsciousness*)."""
OTHER_ITEM_AP = 5
"""AP to take, use or repair another character's item (*Take, Use or Repair Other Items*)."""
REVIVE_MIN_AP = 5
"""The fewest AP a healer may give (*Revive Character*)."""
REVIVE_TN = 24
REVIVE_TN_PER_LEVEL = 2


def _whole(name: str, value: object, minimum: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise HealthError(f"{name} must be a whole number, not {value!r}.")
    if minimum is not None and value < minimum:
        raise HealthError(f"{name} must be at least {minimum}, not {value}.")
    return value


def as_character(name: str, value: object) -> Character:
    """``value``, checked to be a character (``name`` says which one in the message)."""
    if not isinstance(value, Character):
        raise HealthError(f"{name} must be a character, not {value!r}.")
    return value


# -- healing ------------------------------------------------------------------------------------


def healed(current: int, amount: int, maximum: int) -> int:
    """``current`` points after healing ``amount``: never above ``maximum``, never lower than
    before (a value already above its maximum stays where it is)."""
    return max(min(current + amount, maximum), current)


@dataclass(frozen=True, slots=True)
class Healing:
    """Points restored to one character: HP and PP before and after, and their maxima."""

    who: str
    hp: tuple[int, int]
    pp: tuple[int, int]
    maximum: tuple[int, int]
    offered: tuple[int, int]
    source: str = ""

    @property
    def wasted(self) -> int:
        """Points offered that the maximum did not let in."""
        gained = (self.hp[1] - self.hp[0]) + (self.pp[1] - self.pp[0])
        return sum(self.offered) - gained

    def explain(self) -> str:
        parts = []
        for name, (before, after), top, offered in (
            ("HP", self.hp, self.maximum[0], self.offered[0]),
            ("PP", self.pp, self.maximum[1], self.offered[1]),
        ):
            if offered:
                capped = f" (capped at the maximum {top})" if before + offered > after else ""
                parts.append(f"{name} {before} + {offered} → {after}{capped}")
        head = f"{self.who}" + (f", {self.source}" if self.source else "")
        return f"{head}: " + ("; ".join(parts) or "nothing restored") + "."


def heal(character: Character, *, hp: int = 0, pp: int = 0, source: str = "") -> Healing:
    """Restore ``hp`` and ``pp`` to ``character``, never above its maxima."""
    as_character("The healed character", character)
    _whole("Hit Points healed", hp, 0)
    _whole("Psi Points healed", pp, 0)
    maximum = character.maximum
    before = (character.hp, character.pp)
    character.change_points(hp=hp, pp=pp, reason=source or "healing")
    return Healing(
        character.who,
        (before[0], character.hp),
        (before[1], character.pp),
        (maximum.hp, maximum.pp),
        (hp, pp),
        source,
    )


def default_split(character: Character, points: int) -> tuple[int, int]:
    """The default policy for points a player splits freely between HP and PP: one at a time
    to the lower of the two (HP on a tie), to the other once one is full.

    >>> from doria_nb.engine.attributes import Attributes
    >>> mage = Character("Mage", Attributes(STR=4, CON=6, AGI=7, PER=11, WIS=12, PSI=12))
    >>> mage.change_points(hp=-15)
    >>> default_split(mage, 3)
    (3, 0)
    """
    _whole("Points to split", points, 0)
    hp, pp = character.hp, character.pp
    top = character.maximum
    to_hp = to_pp = 0
    for _ in range(points):
        if (hp <= pp and hp < top.hp) or pp >= top.pp:
            hp, to_hp = hp + 1, to_hp + 1
        else:
            pp, to_pp = pp + 1, to_pp + 1
    return to_hp, to_pp


def _check_split(points: int, split: tuple[int, int]) -> tuple[int, int]:
    if (
        not isinstance(split, tuple)
        or len(split) != 2
        or any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in split)
    ):
        raise HealthError(f"Split the points as (HP, PP), two whole numbers, not {split!r}.")
    if sum(split) != points:
        raise HealthError(
            f"{points} point{'s' if points != 1 else ''} to split, but HP {split[0]} + PP "
            f"{split[1]} = {sum(split)}."
        )
    return split


def recover_unconscious(character: Character, split: tuple[int, int] | None = None) -> Healing:
    """Phase H for an unconscious character: 3 points, split between HP and PP as the player
    says (``(hp, pp)``; the default policy :func:`default_split` otherwise), never above the
    maxima (*Unconsciousness*)."""
    as_character("The unconscious character", character)
    split = _check_split(
        UNCONSCIOUS_RECOVERY,
        split if split is not None else default_split(character, UNCONSCIOUS_RECOVERY),
    )
    return heal(character, hp=split[0], pp=split[1], source="recovering while unconscious")


# -- potions ------------------------------------------------------------------------------------


def potion_points(card: ItemCard) -> tuple[int, int]:
    """The (HP, PP) a potion restores; a card that restores neither is refused.

    >>> from doria_nb.engine.cards import EffectSpec, Zone
    >>> potion_points(ItemCard(id="p", name="Tonic", type=CardType.POTION, zone=Zone.BODY,
    ...                        effect=EffectSpec.of("heal", amount=3)))
    (3, 0)
    """
    if not isinstance(card, ItemCard):
        raise HealthError(f"A potion is a card, not {card!r}.")
    effect = card.effect
    if card.type is not CardType.POTION or effect is None or effect.name not in (HEAL, RESTORE_PP):
        raise HealthError(f"The {card.name} restores no Hit Points or Psi Points.")
    amount = effect.get("amount", 0)
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
        raise HealthError(f"The {card.name} has no whole amount of points to restore.")
    return (amount, 0) if effect.name == HEAL else (0, amount)


def other_item_ap(user: Character) -> int:
    """5 AP to reach into another character's gear; Efficiency makes it less (ruling H26)."""
    costs = [int(e.get("reach_into_other", OTHER_ITEM_AP)) for e in user.effects(EFFICIENCY)]  # type: ignore[arg-type]
    return min([OTHER_ITEM_AP, *costs])


# -- reviving -----------------------------------------------------------------------------------


def revive_target(monster_level: int) -> int:
    """The Target Number of *Revive Character*: 24 + 2 × Monster Level."""
    _whole("The Monster Level", monster_level, 1)
    return REVIVE_TN + REVIVE_TN_PER_LEVEL * monster_level


def revive_limits(healer_ap: int) -> tuple[int, int] | None:
    """The fewest and most AP a healer with ``healer_ap`` may give: 5 up to half its AP,
    rounded down; ``None`` when the two cross (fewer than 10 AP, ruling H23)."""
    _whole("The healer's AP", healer_ap)
    most = healer_ap // 2 if healer_ap > 0 else 0
    return (REVIVE_MIN_AP, most) if most >= REVIVE_MIN_AP else None


def can_revive(healer_ap: int, ap_given: int) -> Verdict:
    """Whether a healer with ``healer_ap`` may give ``ap_given`` AP to revive someone."""
    _whole("The healer's AP", healer_ap)
    if not isinstance(ap_given, int) or isinstance(ap_given, bool):
        return Verdict.no(f"The AP to give must be a whole number, not {ap_given!r}.")
    limits = revive_limits(healer_ap)
    if limits is None:
        return Verdict.no(
            f"Reviving gives at least {REVIVE_MIN_AP} AP and at most half the healer's AP; with "
            f"{healer_ap} AP the healer can give at most {max(healer_ap // 2, 0)}, so it cannot "
            "revive this round."
        )
    low, high = limits
    if not low <= ap_given <= high:
        return Verdict.no(
            f"With {healer_ap} AP the healer gives {low} to {high} AP (half, rounded down), "
            f"not {ap_given}."
        )
    return Verdict.yes()


@dataclass(frozen=True, slots=True)
class Revival:
    """A *Revive Character* action: the check, the AP paid and received, the bonus points."""

    healer: str
    target: str
    ap_given: int
    check: CheckResult
    healing: Healing | None = None

    @property
    def success(self) -> bool:
        return self.check.success

    @property
    def ap_received(self) -> int:
        """The revived character's AP this round: the AP given, only on a success."""
        return self.ap_given if self.success else 0

    @property
    def bonus_points(self) -> int:
        """One point of HP or PP for every critical success."""
        return self.check.critical_successes if self.success else 0

    @property
    def rule(self) -> Section:
        return Section.UNCONSCIOUSNESS

    def explain(self) -> str:
        head = (
            f"{self.healer} gives {self.ap_given} AP to revive {self.target}: "
            f"{self.check.explain()}"
        )
        if not self.success:
            return f"{head} {self.target} stays unconscious; the {self.ap_given} AP are spent."
        text = f"{head} {self.target} wakes with {self.ap_received} AP."
        if self.bonus_points:
            text += f" {self.bonus_points} bonus point(s) for the criticals."
            if self.healing is not None:
                text += f" {self.healing.explain()}"
        return text


def judge_revival(
    healer: Character,
    roll: Roll,
    *,
    ap_given: int,
    monster_level: int,
    options: RulesOptions | None = None,
) -> CheckResult:
    """Judge the revive check already rolled: PER + WIS + 2D against 24 + 2 × ML."""
    as_character("The healer", healer)
    bonuses = {"PER": healer.attributes.PER, "WIS": healer.attributes.WIS}
    return evaluate_check(roll, revive_target(monster_level), bonuses, options=options)


SplitChooser = Callable[[Character, int], tuple[int, int]]


def revive(
    healer: Character,
    target: Character,
    chance: Chance,
    *,
    healer_ap: int,
    ap_given: int,
    monster_level: int,
    split: SplitChooser = default_split,
    options: RulesOptions | None = None,
) -> Revival:
    """*Revive Character*: ``healer`` (with ``healer_ap`` AP now) gives ``ap_given`` AP and
    rolls. The healer pays ``ap_given`` whatever the roll (the caller moves its marker); on a
    success ``target`` receives them. Each critical success gives ``target`` one point, split
    between HP and PP by ``split`` (the default policy :func:`default_split`), never above
    the maxima. Range 1 and the target being unconscious are the game's to check."""
    as_character("The healer", healer)
    as_character("The revived character", target)
    if healer is target:
        raise HealthError(f"{healer.who} cannot revive themselves.")
    can_revive(healer_ap, ap_given).enforce(HealthError)
    revive_target(monster_level)
    roll = chance.roll("2D", who=healer.who, purpose="revive", rule=Section.UNCONSCIOUSNESS)
    check = judge_revival(
        healer, roll, ap_given=ap_given, monster_level=monster_level, options=options
    )
    healing = None
    if check.success and check.critical_successes:
        points = check.critical_successes
        chosen = _check_split(points, split(target, points))
        healing = heal(target, hp=chosen[0], pp=chosen[1], source="criticals of the revive")
    return Revival(healer.who, target.who, ap_given, check, healing)
