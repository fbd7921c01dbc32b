"""The optional rules that change the monsters: *Monster Difficulty* and *Limit Modifiers*
(*Optional Rules*), as pure functions.

* :func:`starting_monster_level`: under ``monster_difficulty="level_2"`` a scenario starts
  at Monster Level 2 at least.
* :func:`monster_difficulty_stats`: a monster's numbers (level card and modifiers applied)
  under ``extra_hp`` (+1 HP) or ``easier`` (1 point of Armor traded for ``hp_per_armor`` HP;
  a monster without Armor is unchanged, ruling OR5). :meth:`Foe.of
  <doria_nb.engine.combat.foe.Foe.of>` and the spawns apply it when given the options.
* :func:`limit_modifiers`: under *Limit Modifiers* a monster takes at most Monster Level
  modifiers; the ones waiting from earlier draws come first, the rest wait for the next
  monster (ruling OR6).

>>> from doria_nb.content import starter_pack
>>> from doria_nb.engine.monsters import stats_at_level
>>> mercenary = stats_at_level(starter_pack().monster("mercenary"), 1)
>>> easier = monster_difficulty_stats(
...     mercenary, RulesOptions(monster_difficulty="easier", hp_per_armor=2))
>>> (mercenary.armor, mercenary.hp), (easier.armor, easier.hp)
((2, 5), (1, 7))
"""

from __future__ import annotations

from dataclasses import replace

from doria_nb.engine.errors import MonsterError
from doria_nb.engine.monsters import MonsterLevel, MonsterModifier
from doria_nb.engine.options import RulesOptions

__all__ = [
    "difficulty_note",
    "limit_modifiers",
    "monster_difficulty_stats",
    "starting_monster_level",
]


def _options(options: RulesOptions | None) -> RulesOptions:
    options = options or RulesOptions()
    if not isinstance(options, RulesOptions):
        raise MonsterError(f"The optional rules must be RulesOptions, not {options!r}.")
    return options


def starting_monster_level(options: RulesOptions | None, scenario_level: int = 1) -> int:
    """The Monster Level a scenario starts at: the scenario's, or 2 if that is lower and
    *Monster Difficulty* is ``level_2``.

    >>> starting_monster_level(RulesOptions(monster_difficulty="level_2"), 1)
    2
    >>> starting_monster_level(RulesOptions(monster_difficulty="level_2"), 3)
    3
    """
    options = _options(options)
    if not isinstance(scenario_level, int) or isinstance(scenario_level, bool):
        raise MonsterError(f"The Monster Level is a whole number from 1, not {scenario_level!r}.")
    if scenario_level < 1:
        raise MonsterError(f"The Monster Level is a whole number from 1, not {scenario_level!r}.")
    if options.monster_difficulty == "level_2":
        return max(scenario_level, 2)
    return scenario_level


def monster_difficulty_stats(stats: MonsterLevel, options: RulesOptions | None) -> MonsterLevel:
    """``stats`` under *Monster Difficulty* (``extra_hp`` or ``easier``; the others leave
    them as they are). Apply it once, after the modifiers."""
    options = _options(options)
    if not isinstance(stats, MonsterLevel):
        raise MonsterError(f"Give a monster's level card numbers, not {stats!r}.")
    if options.monster_difficulty == "extra_hp":
        return replace(stats, hp=stats.hp + 1)
    if options.monster_difficulty == "easier" and stats.armor > 0:
        return replace(stats, armor=stats.armor - 1, hp=stats.hp + options.hp_per_armor)
    return stats


def difficulty_note(stats: MonsterLevel, options: RulesOptions | None) -> str | None:
    """What *Monster Difficulty* changed in ``stats``, in words (None if nothing)."""
    after = monster_difficulty_stats(stats, options)
    if after == stats:
        return None
    if after.armor == stats.armor:
        return f"Monster Difficulty: +1 HP ({stats.hp} → {after.hp})."
    return (
        f"Monster Difficulty (easier): 1 Armor traded for {after.hp - stats.hp} HP "
        f"(AR {stats.armor} → {after.armor}, HP {stats.hp} → {after.hp})."
    )


def limit_modifiers(
    waiting: tuple[MonsterModifier, ...],
    drawn: tuple[MonsterModifier, ...],
    level: int,
    options: RulesOptions | None,
) -> tuple[tuple[MonsterModifier, ...], tuple[MonsterModifier, ...]]:
    """The modifiers the monster drawn now takes, and those that wait for the next one.

    Without *Limit Modifiers* it takes all (``waiting`` then ``drawn``). With it, at most
    ``level`` of them, the longest-waiting first.

    >>> from doria_nb.content import starter_pack
    >>> mods = starter_pack().modifiers
    >>> kept, left = limit_modifiers((), mods[:3], 2, RulesOptions(limit_modifiers=True))
    >>> [m.name for m in kept], [m.name for m in left]
    (['Colossal', 'Explosion'], ['Horde'])
    """
    options = _options(options)
    if not isinstance(level, int) or isinstance(level, bool) or level < 1:
        raise MonsterError(f"The Monster Level is a whole number from 1, not {level!r}.")
    pending = (*waiting, *drawn)
    if not options.limit_modifiers:
        return pending, ()
    return pending[:level], pending[level:]
