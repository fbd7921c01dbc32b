"""Character improvement: the Group XP track, Attribute Points, hero levels and hero bonuses.

*Character Improvement*: the group collects XP on one track; once it holds [PlayerCount] XP
(three times that in campaigns) it converts: [PlayerCount] XP leave the track and every
character gains 1 Attribute Point, to spend (or save) in Phase H. *Hero and Monster Level*
(*Characters*, *Description of all hero bonus markers*): at each hero level above 1 a
character picks one hero bonus, each bonus at most once.
*Special Rules for 1 or 2 Players*: one or two characters start at hero level 2.

>>> track = GroupXP(player_count=5).gain(7)
>>> track.redeem()
Redemption(track=GroupXP(player_count=5, xp=2, campaign=False), points=1)
>>> GroupXP(player_count=4, campaign=True).cost
12
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from doria_nb.engine.cards import AttackKind, EffectSpec, HeroBonus
from doria_nb.engine.errors import ProgressionError
from doria_nb.engine.verdict import Verdict

CAMPAIGN_FACTOR = 3
"""Campaigns need three times [PlayerCount] Group XP per Attribute Point."""

LEVEL_UP_ROUNDS = (7, 13, 18)
"""Single Scenarios: the heroes level up in Phase H of these rounds (*Phase A: Round Marker
+1*, *Hero and Monster Level*)."""

MAX_PLAYERS = 6


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Redemption:
    """The Group XP track after a conversion and the Attribute Points each character gains."""

    track: GroupXP
    points: int


@dataclass(frozen=True, slots=True)
class GroupXP:
    """The Group XP track on the Initiative Board.

    ``player_count`` is [PlayerCount]: the number of characters (*Player Count*).
    """

    player_count: int
    xp: int = 0
    campaign: bool = False

    def __post_init__(self) -> None:
        if not _whole(self.player_count) or not 1 <= self.player_count <= MAX_PLAYERS:
            raise ProgressionError(
                f"[PlayerCount] is the number of characters, 1 to {MAX_PLAYERS}, "
                f"not {self.player_count!r}."
            )
        if not _whole(self.xp) or self.xp < 0:
            raise ProgressionError(f"The Group XP track holds 0 or more XP, not {self.xp!r}.")

    @property
    def cost(self) -> int:
        """Group XP converted into 1 Attribute Point per character."""
        return self.player_count * (CAMPAIGN_FACTOR if self.campaign else 1)

    @property
    def conversions(self) -> int:
        """How many conversions the track holds now."""
        return self.xp // self.cost

    def gain(self, xp: int) -> GroupXP:
        """The track after the group earns ``xp`` (a defeated monster, a trap, ...)."""
        if not _whole(xp) or xp < 0:
            raise ProgressionError(f"XP are gained in whole numbers, not {xp!r}.")
        return GroupXP(self.player_count, self.xp + xp, self.campaign)

    def can_spend(self, xp: int) -> Verdict:
        if not _whole(xp) or xp < 1:
            return Verdict.no(f"XP are spent in whole numbers of at least 1, not {xp!r}.")
        if xp > self.xp:
            return Verdict.no(f"The Group XP track holds {self.xp} XP, fewer than {xp}.")
        return Verdict.yes()

    def spend(self, xp: int) -> GroupXP:
        """Take ``xp`` off the track for another use (e.g. a solo hero holding back the Doom
        Counter, *Special Rules for 1 or 2 Players*)."""
        self.can_spend(xp).enforce(ProgressionError)
        return GroupXP(self.player_count, self.xp - xp, self.campaign)

    def can_redeem(self, times: int | None = None) -> Verdict:
        if times is None:
            times = max(self.conversions, 1)
        if not _whole(times) or times < 1:
            return Verdict.no(f"Group XP are converted a whole number of times, not {times!r}.")
        if self.xp < times * self.cost:
            mode = "a campaign" if self.campaign else "a Single Scenario"
            return Verdict.no(
                f"In {mode} with {self.player_count} characters an Attribute Point costs "
                f"{self.cost} Group XP; the track holds {self.xp}."
            )
        return Verdict.yes()

    def redeem(self, times: int | None = None) -> Redemption:
        """Convert Group XP into Attribute Points in Phase H: every conversion removes
        :attr:`cost` XP and gives each character 1 point. By default all that the track holds
        are converted (ruling H17)."""
        if times is None:
            times = max(self.conversions, 1)
        self.can_redeem(times).enforce(ProgressionError)
        track = GroupXP(self.player_count, self.xp - times * self.cost, self.campaign)
        return Redemption(track, times)


def starting_hero_level(character_count: int, *, extra_levels: int = 0) -> int:
    """Hero level at the start of a scenario: 2 with one or two characters (*Special Rules for
    1 or 2 Players*), else 1; ``extra_levels`` adds e.g. *Easier Overall Game*'s bonus."""
    if not _whole(character_count) or not 1 <= character_count <= MAX_PLAYERS:
        raise ProgressionError(
            f"A game has 1 to {MAX_PLAYERS} characters, not {character_count!r}."
        )
    return (2 if character_count <= 2 else 1) + extra_levels


def hero_level_in_round(round_number: int, *, start: int = 1, phase_h_done: bool = True) -> int:
    """Hero level in a Single Scenario once ``round_number`` is reached: one level more for each
    of rounds 7, 13 and 18 whose Phase H is over (``phase_h_done`` says whether this round's
    Phase H has been played)."""
    passed = sum(
        1 for r in LEVEL_UP_ROUNDS if r < round_number or (r == round_number and phase_h_done)
    )
    return start + passed


def campaign_hero_level(scenarios_completed: int, *, start: int = 1) -> int:
    """Hero level in a campaign: one level after every even-numbered scenario (2/4/6/8)."""
    if not _whole(scenarios_completed) or scenarios_completed < 0:
        raise ProgressionError(f"Scenarios completed: 0 or more, not {scenarios_completed!r}.")
    return start + scenarios_completed // 2


# -- hero bonuses -------------------------------------------------------------------------------

EXTRA_ATTACK_DIE = "extra_attack_die"
EXTRA_DAMAGE = "extra_damage"
EXTRA_DEFENSE_DIE = "extra_defense_die"
REGENERATION = "regeneration"
EXTRA_INITIATIVE_DIE = "extra_initiative_die"
EFFICIENCY = "efficiency"
RANGE_MULTIPLIER = "range_multiplier"

BONUS_EFFECTS: dict[str, dict[str, type]] = {
    EXTRA_ATTACK_DIE: {"kind": str},
    EXTRA_DAMAGE: {"amount": int},
    EXTRA_DEFENSE_DIE: {},
    REGENERATION: {"hp": int, "pp": int},
    EXTRA_INITIATIVE_DIE: {},
    EFFICIENCY: {"ap": int},
    RANGE_MULTIPLIER: {"factor": int},
}
"""The effects a hero bonus may have, with the parameters each needs (and their types)."""

BONUS_EFFECT_OPTIONS: dict[str, dict[str, type]] = {
    EFFICIENCY: {"reach_into_other": int},
}
"""Parameters an effect may have besides the required ones."""


def check_bonus_effect(effect: EffectSpec) -> Verdict:
    """Whether ``effect`` is one the engine applies for hero bonuses, with the right
    parameters."""
    if effect.name not in BONUS_EFFECTS:
        known = ", ".join(sorted(BONUS_EFFECTS))
        return Verdict.no(f"The hero bonus effect {effect.name!r} is unknown; use one of {known}.")
    wanted = BONUS_EFFECTS[effect.name]
    given = dict(effect.params)
    for key, kind in wanted.items():
        if key not in given:
            return Verdict.no(f"The effect {effect.name!r} needs the parameter {key!r}.")
        value = given[key]
        if kind is int and not _whole(value):
            return Verdict.no(f"The effect {effect.name!r} needs {key} as a whole number.")
        if kind is str and not isinstance(value, str):
            return Verdict.no(f"The effect {effect.name!r} needs {key} as text.")
    optional = BONUS_EFFECT_OPTIONS.get(effect.name, {})
    for key, kind in optional.items():
        if key in given and kind is int and not _whole(given[key]):
            return Verdict.no(f"The effect {effect.name!r} needs {key} as a whole number.")
    extra = sorted(set(given) - set(wanted) - set(optional))
    if extra:
        return Verdict.no(f"The effect {effect.name!r} has no parameter {extra[0]!r}.")
    if effect.name == EXTRA_ATTACK_DIE and given["kind"] not in {k.value for k in AttackKind}:
        return Verdict.no(
            f"The effect {effect.name!r} needs kind melee, ranged or magic, not {given['kind']!r}."
        )
    return Verdict.yes()


def check_bonus_choice(chosen: Iterable[HeroBonus], level: int, bonus: HeroBonus) -> Verdict:
    """Whether a hero at ``level`` who already chose ``chosen`` may now choose ``bonus``: one
    bonus per hero level above 1, each bonus at most once (*Hero and Monster Level*)."""
    chosen = tuple(chosen)
    if any(b.id == bonus.id for b in chosen):
        return Verdict.no(f"{bonus.name} was already chosen; every bonus may be chosen only once.")
    allowed = max(level - 1, 0)
    if len(chosen) >= allowed:
        if allowed == 0:
            return Verdict.no("At hero level 1 there is no hero bonus to choose yet.")
        return Verdict.no(
            f"At hero level {level} a hero has {allowed} bonus{'es' if allowed > 1 else ''}, "
            "all already chosen."
        )
    return Verdict.yes()
