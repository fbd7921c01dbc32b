"""Exact odds of an attack: each outcome class and the HP it costs (for the odds widgets).

Built on :func:`doria_nb.engine.odds.comparative`, which judges exactly as
:func:`~doria_nb.engine.checks.compare` does, so the classes are those of
:attr:`AttackResolution.outcome <doria_nb.engine.combat.records.AttackResolution.outcome>`.
A monster attack's odds take the defense roll as chosen and no Psi Points added after it.

>>> from doria_nb.content import starter_pack
>>> from doria_nb.engine.combat.foe import Foe
>>> from doria_nb.engine.dice import Dice
>>> orc = Foe.of(starter_pack().monster("orc"))
>>> odds = hero_attack_odds(Dice(3, 5), 2, orc)
>>> round(odds.p_hit, 3), round(sum(p for _, p in odds.damage), 6)
(0.763, 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.cards import AttackKind, Element
from doria_nb.engine.checks import Outcome, OutcomeKind, Side, criticals
from doria_nb.engine.combat.damage import monster_damage
from doria_nb.engine.combat.foe import Foe
from doria_nb.engine.dice import Dice
from doria_nb.engine.odds import NEGLIGIBLE, ComparativeOdds, comparative, roll_distribution
from doria_nb.engine.options import RulesOptions

__all__ = ["AttackOdds", "hero_attack_odds", "monster_attack_odds"]


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """``outcomes``: P of each outcome class, worst first; ``damage``: P of each number of HP
    lost (0 covers every miss); ``p_item_damaged``: P that the character's roll damages the
    item it used (its fumble; under *Critical Fail* also its critical failures when it
    attacks). A skill such as Dodge or the default Psi Resistance has no card: for it this is
    only the chance of the fumble."""

    attack: Dice
    defense: Dice
    outcomes: tuple[tuple[Outcome, float], ...]
    damage: tuple[tuple[int, float], ...]
    p_item_damaged: float
    truncation_bound: float

    @property
    def p_hit(self) -> float:
        return sum(p for o, p in self.outcomes if o.kind is OutcomeKind.HIT)

    @property
    def p_fumble(self) -> float:
        """P the attacker fumbles."""
        return sum(p for o, p in self.outcomes if o.kind is OutcomeKind.FUMBLE)

    @property
    def expected_damage(self) -> float:
        return sum(hp * p for hp, p in self.damage)


def _damage_table(odds: ComparativeOdds, taken: dict[int, int]) -> tuple[tuple[int, float], ...]:
    table: dict[int, float] = {0: 1.0 - odds.p_success}
    for crits, p in odds.crit_distribution.items():
        table[taken[crits]] = table.get(taken[crits], 0.0) + p
    return tuple(sorted(table.items()))


def hero_attack_odds(
    attack: Dice,
    damage: int,
    foe: Foe,
    *,
    kind: AttackKind = AttackKind.MELEE,
    element: Element | None = None,
    hindered: bool = False,
    options: RulesOptions | None = None,
) -> AttackOdds:
    """Odds of a hero's ``attack`` dice and ``damage`` against ``foe``."""
    options = options or RulesOptions()
    defense = foe.defense_against(kind).with_dice(1 if hindered else 0)
    odds = comparative(
        attack, defense, options=options, attacker=Side.CHARACTER, defender=Side.MONSTER
    )
    taken = {
        c: monster_damage(
            damage, c, armor=foe.armor, vulnerable=foe.vulnerable, element=element
        ).taken
        for c in odds.crit_distribution
    }
    broken = odds.p_attacker_fumble
    if options.critical_fail:
        broken += sum(p for c, p in odds.miss_distribution.items() if c > 0)
    return AttackOdds(
        attack,
        defense,
        tuple(odds.outcome_distribution()),
        _damage_table(odds, taken),
        broken,
        odds.truncation_bound,
    )


def monster_attack_odds(
    foe: Foe,
    defense: Dice,
    *,
    armor: int = 0,
    hindered: bool = False,
    options: RulesOptions | None = None,
    psi_points: int = 0,
) -> AttackOdds:
    """Odds of ``foe``'s attack on a character defending with ``defense`` and using armor of
    AR ``armor`` (0: none, or bypassed by the element). ``p_item_damaged`` counts the
    defender's fumbles only (a fumble damages the item even when the monster fumbles too).

    ``psi_points``: against a magic attack, the PP the character has for the default policy
    (:func:`~doria_nb.engine.decisions.resist_when_it_helps`): a hit by a margin the points
    can cover (0 to ``psi_points - 1``, no fumble on either side) becomes a plain miss.

    >>> from doria_nb.content import starter_pack
    >>> from doria_nb.engine.dice import Dice
    >>> dark_mage = Foe.of(starter_pack().monster("dark_mage"))
    >>> plain = monster_attack_odds(dark_mage, Dice(2))
    >>> helped = monster_attack_odds(dark_mage, Dice(2), psi_points=5)
    >>> helped.p_hit < plain.p_hit
    True
    """
    options = options or RulesOptions()
    defense = defense.with_dice(1 if hindered else 0)
    odds = comparative(
        foe.stats.attack_dice,
        defense,
        options=options,
        attacker=Side.MONSTER,
        defender=Side.CHARACTER,
    )
    hits = dict(odds.crit_distribution)
    misses = dict(odds.miss_distribution)
    if psi_points > 0 and foe.attack_kind is AttackKind.MAGIC:
        for crits, p in _covered(foe.stats.attack_dice, defense, psi_points, options).items():
            hits[crits] = hits.get(crits, 0.0) - p
            misses[0] = misses.get(0, 0.0) + p
    taken = {c: max(foe.stats.damage + c - armor, 0) for c in hits}
    classes = [(Outcome(OutcomeKind.FUMBLE), odds.p_attacker_fumble)]
    classes += [(Outcome(OutcomeKind.MISS, c), p) for c, p in misses.items()]
    classes += [(Outcome(OutcomeKind.HIT, c), p) for c, p in hits.items()]
    outcomes = sorted(
        ((o, p) for o, p in classes if p >= NEGLIGIBLE), key=lambda item: item[0].sort_key
    )
    table: dict[int, float] = {0: 1.0 - sum(hits.values())}
    for crits, p in hits.items():
        table[taken[crits]] = table.get(taken[crits], 0.0) + p
    return AttackOdds(
        foe.stats.attack_dice,
        defense,
        tuple(outcomes),
        tuple(sorted(table.items())),
        odds.p_defender_fumble,
        odds.truncation_bound,
    )


def _covered(attack: Dice, defense: Dice, points: int, options: RulesOptions) -> dict[int, float]:
    """Criticals → P of a hit by a margin of 0 to ``points - 1`` with no fumble counted on
    either side: the hits Psi Points added after the roll turn into misses."""
    attacker = roll_distribution(attack, fixed=options.dice_rolling)
    defender = roll_distribution(defense)
    clean: bool | None = None if options.no_fumbles else False
    covered: dict[int, float] = {}
    for margin in range(points):
        p = sum(
            attacker.probability(d + margin, fumble=clean) * defender.probability(d, fumble=clean)
            for d in range(defender.offset, defender.highest + 1)
        )
        if p:
            crits = criticals(margin)
            covered[crits] = covered.get(crits, 0.0) + p
    return covered
