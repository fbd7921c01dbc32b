"""*Fate Points* and *Easier Overall Game* (*Optional Rules*), for the Game to use.

*Fate Points*: at the start of each scenario every character brings one point per Hero
Level. Under ``fate_points="character"`` each character spends only their own; under
``"group"`` the points are pooled and anyone may spend them. One point buys a complete
re-roll of a check or attack roll the character just made: the dice are rolled again and the
new roll stands, even if it is worse (ruling OR8). :class:`FatePool` is a frozen record;
spending returns a new one.

*Easier Overall Game*: the characters start with ``easier_overall_game`` extra hero-bonus
levels; :func:`starting_bonus_picks` adds the one pick of *Special Rules for 1 or 2 Players*.

>>> pool = FatePool.start(RulesOptions(fate_points="group"), {"Mage": 1, "Warrior": 2})
>>> pool
FatePool('group', Mage+Warrior: 3)
>>> pool.spend("Mage").left("Warrior")
2
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from doria_nb.engine.chance import Chance
from doria_nb.engine.checks import ComparativeResult, Side, compare
from doria_nb.engine.dice import Roll
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section

__all__ = [
    "FatePointsError",
    "FatePool",
    "fate_reroll",
    "fate_reroll_comparison",
    "reroll",
    "starting_bonus_picks",
]

GROUP = "group"


class FatePointsError(DoriaError):
    """A Fate Point cannot be spent (the rule is off, none is left, or no such character)."""


@dataclass(frozen=True, slots=True)
class FatePool:
    """The Fate Points of a scenario: ``mode`` (``"character"`` or ``"group"``) and
    ``points``, pairs of (character name, points left); in a group pool the points are all
    under the key ``"group"`` and ``members`` names who may spend them."""

    mode: str
    points: tuple[tuple[str, int], ...]
    members: tuple[str, ...]

    def __post_init__(self) -> None:
        if self.mode not in ("character", GROUP):
            raise FatePointsError(
                f"Fate Points are kept per character or by the group, not {self.mode!r}."
            )
        for who, n in self.points:
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise FatePointsError(f"{who} cannot hold {n!r} Fate Points.")

    @classmethod
    def start(cls, options: RulesOptions, hero_levels: Mapping[str, int]) -> FatePool:
        """The pool at the start of a scenario: one point per Hero Level of each character
        (``hero_levels`` by character name), each their own or summed for the group."""
        if not isinstance(options, RulesOptions):
            raise FatePointsError(f"The optional rules must be RulesOptions, not {options!r}.")
        if options.fate_points == "off":
            raise FatePointsError("Fate Points are not in use: switch the optional rule on first.")
        if not isinstance(hero_levels, Mapping) or not hero_levels:
            raise FatePointsError("Give each character's Hero Level by name, e.g. {'Mage': 1}.")
        for who, level in hero_levels.items():
            if not isinstance(level, int) or isinstance(level, bool) or level < 1:
                raise FatePointsError(
                    f"{who}'s Hero Level is a whole number from 1, not {level!r}."
                )
        members = tuple(hero_levels)
        if options.fate_points == GROUP:
            return cls(GROUP, ((GROUP, sum(hero_levels.values())),), members)
        return cls("character", tuple(hero_levels.items()), members)

    def __repr__(self) -> str:
        if self.mode == GROUP:
            return f"FatePool('group', {'+'.join(self.members)}: {self.points[0][1]})"
        shown = ", ".join(f"{who}: {n}" for who, n in self.points)
        return f"FatePool('character', {shown})"

    def joined(self, who: str, level: int) -> FatePool:
        """The pool after character ``who`` of Hero Level ``level`` joins mid-scenario: its
        own points as at the start (a group pool grows by them; ruling RB3). One who left and
        comes back keeps what it had."""
        if who in self.members:
            return self
        if not isinstance(level, int) or isinstance(level, bool) or level < 1:
            raise FatePointsError(f"{who}'s Hero Level is a whole number from 1, not {level!r}.")
        members = (*self.members, who)
        if self.mode == GROUP:
            return FatePool(GROUP, ((GROUP, self.points[0][1] + level),), members)
        return FatePool(self.mode, (*self.points, (who, level)), members)

    def _key(self, who: str) -> str:
        if who not in self.members:
            raise FatePointsError(
                f"{who!r} has no Fate Points here; the characters are {', '.join(self.members)}."
            )
        return GROUP if self.mode == GROUP else who

    def left(self, who: str) -> int:
        """The points ``who`` may still spend (the group's, in a group pool)."""
        return dict(self.points)[self._key(who)]

    def spend(self, who: str) -> FatePool:
        """The pool after ``who`` spends one point; refused in words when none is left."""
        key = self._key(who)
        have = dict(self.points)[key]
        if have < 1:
            whose = "The group has" if self.mode == GROUP else f"{who} has"
            raise FatePointsError(f"{whose} no Fate Point left for a re-roll this scenario.")
        points = tuple((k, n - 1 if k == key else n) for k, n in self.points)
        return FatePool(self.mode, points, self.members)


def reroll(roll: Roll, chance: Chance, *, who: str = "", purpose: str = "re-roll") -> Roll:
    """A complete re-roll of ``roll``: the same dice rolled again with ``chance``; the new roll
    stands. A roll made under *Dice Rolling* (every die 6) stays fixed."""
    if not isinstance(roll, Roll):
        raise FatePointsError(f"Only a roll already made can be re-rolled, not {roll!r}.")
    if not isinstance(chance, Chance):
        raise FatePointsError(f"A re-roll needs a Chance to roll with, not {chance!r}.")
    return chance.roll(
        roll.dice, fixed=roll.fixed, who=who, purpose=purpose, rule=Section.FATE_POINTS
    )


def fate_reroll(pool: FatePool, who: str, roll: Roll, chance: Chance) -> tuple[FatePool, Roll]:
    """``who`` spends a Fate Point to re-roll ``roll``: the pool after, and the new roll
    (which stands). Nothing is rolled if the point cannot be spent.

    >>> from doria_nb.engine.chance import ScriptedChance
    >>> pool = FatePool.start(RulesOptions(fate_points="character"), {"Mage": 1})
    >>> pool, new = fate_reroll(pool, "Mage", Roll.from_faces("2D", [1, 1]), ScriptedChance([7, 3]))
    >>> new.total, pool.left("Mage")
    (10, 0)
    """
    if not isinstance(pool, FatePool):
        raise FatePointsError(f"Fate Points come from a FatePool, not {pool!r}.")
    after = pool.spend(who)
    return after, reroll(roll, chance, who=who)


def fate_reroll_comparison(
    pool: FatePool, who: str, result: ComparativeResult, chance: Chance
) -> tuple[FatePool, ComparativeResult]:
    """``who`` spends a Fate Point to re-roll their own side of a comparative roll already
    judged (the attack roll if the character attacked, the defense roll if defending); the
    other side's roll is kept and the pair is judged again under the same options. Only a
    character's roll may be re-rolled.

    >>> from doria_nb.engine.chance import ScriptedChance
    >>> missed = compare(Roll.from_faces("2D+4", [1, 2]), Roll.from_faces("2D+5", [4, 4]))
    >>> pool = FatePool.start(RulesOptions(fate_points="group"), {"Warrior": 1})
    >>> pool, again = fate_reroll_comparison(pool, "Warrior", missed, ScriptedChance([9, 8]))
    >>> missed.hit, again.hit, again.defense.total, pool.left("Warrior")
    (False, True, 13, 0)
    """
    if not isinstance(result, ComparativeResult):
        raise FatePointsError(f"Re-roll a comparative roll already judged, not {result!r}.")
    if Side.CHARACTER not in (result.attacker, result.defender):
        raise FatePointsError("Fate Points re-roll a character's roll; this one has none.")
    mine = "attack" if result.attacker is Side.CHARACTER else "defense"
    rolled = result.attack if mine == "attack" else result.defense
    if not isinstance(pool, FatePool):
        raise FatePointsError(f"Fate Points come from a FatePool, not {pool!r}.")
    after = pool.spend(who)
    new = reroll(rolled, chance, who=who, purpose=mine)
    attack, defense = (new, result.defense) if mine == "attack" else (result.attack, new)
    judged = compare(
        attack,
        defense,
        options=result.options,
        attacker=result.attacker,
        defender=result.defender,
    )
    return after, judged


def starting_bonus_picks(options: RulesOptions, player_count: int) -> int:
    """How many hero bonuses each character picks before the first scenario: one with one or
    two characters (*Special Rules for 1 or 2 Players*), plus *Easier Overall Game*'s extra
    levels. Only the count; the Game applies it.

    >>> starting_bonus_picks(RulesOptions(easier_overall_game=1), 2)
    2
    >>> starting_bonus_picks(RulesOptions(), 4)
    0
    """
    if not isinstance(options, RulesOptions):
        raise FatePointsError(f"The optional rules must be RulesOptions, not {options!r}.")
    if (
        not isinstance(player_count, int)
        or isinstance(player_count, bool)
        or not 1 <= player_count <= 6
    ):
        raise FatePointsError(f"A game has 1 to 6 characters, not {player_count!r}.")
    return (1 if player_count <= 2 else 0) + options.easier_overall_game
