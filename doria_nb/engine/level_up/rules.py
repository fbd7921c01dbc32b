"""*Phase H: Level Up* for one character: Regeneration, and the unconscious character's rest.

In the order of the section: a character with the Regeneration hero bonus regains its points
(1 HP and 1 PP per bonus, never above the maximum); then an unconscious character recovers 3
points split between HP and PP as the player says
(:func:`~doria_nb.engine.health.care.recover_unconscious`, the default policy
:func:`~doria_nb.engine.health.care.default_split` otherwise), and the player decides whether
it wakes up (it rolls initiative next round) or stays unconscious (no roll and no Doom Counter
step next Phase C; no equipping in Phase I) (*Unconsciousness*).

Raising attributes comes first, when the player names the points (``raise_points``): it is
one call to :meth:`~doria_nb.engine.character.Character.raise_attributes` (*Character
Improvement*; the Attribute Points come from the Group XP track,
:mod:`doria_nb.engine.progression`). Choosing a hero bonus is left to the character's own
:meth:`~doria_nb.engine.character.Character.choose_bonus`.

>>> from doria_nb.engine.attributes import Attributes
>>> mage = Character("Mage", Attributes(STR=4, CON=6, AGI=7, PER=11, WIS=12, PSI=12))
>>> mage.change_points(hp=-15)
>>> print(level_up_phase(mage, unconscious=True, stay_unconscious=True).explain())
... # doctest: +NORMALIZE_WHITESPACE
Phase H for Mage: recovering while unconscious: HP -10 + 3 → -7. Mage stays unconscious: no
initiative roll and no Doom Counter step next round, and no equipping in Phase I.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from doria_nb.engine.character import Character
from doria_nb.engine.errors import HealthError
from doria_nb.engine.health import check_death
from doria_nb.engine.health.care import UNCONSCIOUS_RECOVERY, Healing, heal, recover_unconscious
from doria_nb.engine.sections import Section

__all__ = ["LevelUp", "LevelUpError", "level_up_phase", "regeneration_points"]


class LevelUpError(HealthError):
    """A Phase H request that cannot be (a split that does not add up, a conscious character
    asked to stay unconscious, ...). The character is unchanged when it is raised."""


def regeneration_points(character: Character) -> tuple[int, int]:
    """The (HP, PP) the character's Regeneration bonuses give in Phase H ((0, 0) without one).

    >>> from doria_nb.engine.attributes import Attributes
    >>> regeneration_points(Character("Mage", Attributes(4, 6, 7, 11, 12, 12)))
    (0, 0)
    """
    return character.regeneration()


@dataclass(frozen=True, slots=True)
class LevelUp:
    """Phase H done for one character.

    ``regeneration`` is the Regeneration bonus's healing (``None`` without the bonus);
    ``recovery`` the 3 points of an unconscious character (``None`` when conscious);
    ``stays_unconscious`` the player's choice for an unconscious character.
    """

    who: str
    unconscious: bool
    regeneration: Healing | None
    recovery: Healing | None
    stays_unconscious: bool
    raised: tuple[tuple[str, int], ...] = ()

    @property
    def rule(self) -> Section:
        return Section.UNCONSCIOUSNESS if self.unconscious else Section.PHASE_H

    @property
    def rolls_initiative(self) -> bool:
        """Whether the character rolls initiative next round (pass the others to
        :func:`~doria_nb.engine.phases.initiative.initiative_phase` as ``kept_unconscious``)."""
        return not self.stays_unconscious

    def explain(self) -> str:
        parts = []
        if self.raised:
            points = ", ".join(f"{name} +{value}" for name, value in self.raised)
            parts.append(f"attributes raised ({points}).")
        if self.regeneration is not None:
            parts.append("Regeneration: " + self.regeneration.explain().split(": ", 1)[1])
        if self.recovery is not None:
            detail = self.recovery.explain().split(": ", 1)[1]
            parts.append(f"recovering while unconscious: {detail}")
        text = f"Phase H for {self.who}: " + (" ".join(parts) or "nothing to regenerate.")
        if self.stays_unconscious:
            text += (
                f" {self.who} stays unconscious: no initiative roll and no Doom Counter step "
                "next round, and no equipping in Phase I."
            )
        elif self.unconscious:
            text += (
                f" {self.who} wakes up: it rolls initiative next round (the Doom Counter moves "
                "if it falls unconscious again)."
            )
        return text


def _check_split(split: object) -> tuple[int, int] | None:
    if split is None:
        return None
    if (
        not isinstance(split, tuple)
        or len(split) != 2
        or any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in split)
    ):
        raise LevelUpError(f"Split the points as (HP, PP), two whole numbers, not {split!r}.")
    if sum(split) != UNCONSCIOUS_RECOVERY:
        raise LevelUpError(
            f"An unconscious character recovers {UNCONSCIOUS_RECOVERY} points, but HP "
            f"{split[0]} + PP {split[1]} = {sum(split)}."
        )
    return split[0], split[1]


def level_up_phase(
    character: Character,
    *,
    unconscious: bool,
    split: tuple[int, int] | None = None,
    stay_unconscious: bool = False,
    raise_points: Mapping[str, int] | None = None,
) -> LevelUp:
    """Phase H for ``character``: the Regeneration bonus, then, if ``unconscious``, the 3
    points split as ``split`` ((HP, PP); the default policy if not given) and the choice to
    ``stay_unconscious`` (else it wakes and rolls initiative next round). ``raise_points``
    (attribute → levels) spends saved Attribute Points first. Everything is checked before
    the character changes.

    >>> from doria_nb.engine.attributes import Attributes
    >>> knight = Character("Knight", Attributes(STR=12, CON=11, AGI=8, PER=7, WIS=6, PSI=6))
    >>> level_up_phase(knight, unconscious=False, split=(3, 0))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    doria_nb.engine.level_up.rules.LevelUpError: Knight is conscious: only an unconscious ...
    """
    if not isinstance(character, Character):
        raise LevelUpError(f"Phase H is played for a character, not {character!r}.")
    for name, value in (("unconscious", unconscious), ("stay_unconscious", stay_unconscious)):
        if not isinstance(value, bool):
            raise LevelUpError(f"'{name}' is yes or no, not {value!r}.")
    who = character.who
    if check_death(character).dead:
        raise LevelUpError(
            f"{who} is dead (HP {character.hp}, PP {character.pp}): the scenario is over."
        )
    chosen = _check_split(split)
    if not unconscious and chosen is not None:
        raise LevelUpError(
            f"{who} is conscious: only an unconscious character recovers "
            f"{UNCONSCIOUS_RECOVERY} points to split."
        )
    if not unconscious and stay_unconscious:
        raise LevelUpError(f"{who} is conscious, so cannot choose to stay unconscious.")
    raised: tuple[tuple[str, int], ...] = ()
    if raise_points is not None:
        if not isinstance(raise_points, Mapping):
            raise LevelUpError(
                f"Name the attributes to raise and by how much, not {raise_points!r}."
            )
        character.can_raise(raise_points).enforce(LevelUpError)
        raised = tuple((str(k), v) for k, v in raise_points.items())
        character.raise_attributes(raise_points)
    hp, pp = regeneration_points(character)
    regeneration = heal(character, hp=hp, pp=pp, source="Regeneration") if hp or pp else None
    recovery = recover_unconscious(character, chosen) if unconscious else None
    return LevelUp(who, unconscious, regeneration, recovery, stay_unconscious, raised)
