"""Monster cards, their four level cards and the monster modifiers (*Level Card Anatomy*).

A monster card names the monster and holds what never changes with the Monster Level (its
category, priority letter, figures, abilities and movement traits); its four
:class:`MonsterLevel` records hold the numbers printed on the level cards 1 to 4. A
:class:`MonsterModifier` is a card of the monster deck that changes the next monster drawn
(*Monster modifiers*). All records are frozen and check themselves when built, raising
:class:`~doria_nb.engine.errors.MonsterError`.

*Hero and Monster Level* (*Monsters*): above level 4 a monster keeps its level-4 numbers and
gains 1 HP per level above 4; a level-up changes the HP and AR of monsters already in play only
by the difference between the two levels.

>>> level = MonsterLevel(1, ap=7, range=1, attack=AttackKind.MELEE, attack_dice=Dice(2, 4),
...     damage=2, defense=Dice(2, 5), psi_resistance=Dice(1, 3), armor=1, hp=4)
>>> str(level)
'L1: AP 7, range 1, melee 2D+4, damage 2, defense 2D+5, psi 1D+3, AR 1, HP 4'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from doria_nb.engine.cards import AttackKind, Element
from doria_nb.engine.dice import Dice
from doria_nb.engine.errors import DoriaError, MonsterError
from doria_nb.engine.precedence import Claim, Precedence, Source, resolve

__all__ = [
    "LEVEL_CARDS",
    "LevelUpChange",
    "MonsterCard",
    "MonsterLevel",
    "MonsterModifier",
    "Priority",
    "apply_modifiers",
    "attack_element",
    "base_name",
    "level_up_change",
    "stats_at_level",
]

LEVEL_CARDS = 4
"""Monster Level Cards exist for levels 1 to 4 (*Hero and Monster Level*)."""


class Priority(StrEnum):
    """The priority letter of a level card: at equal AP, A acts before D (*Monster Order*)."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"


def _whole(record: str, name: str, value: object, minimum: int | None = 0) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise MonsterError(f"{record}: {name} must be a whole number, not {value!r}.")
    if minimum is not None and value < minimum:
        raise MonsterError(f"{record}: {name} must be at least {minimum}, not {value}.")


def _flag(record: str, name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise MonsterError(f"{record}: {name} must be true or false, not {value!r}.")


def _text(record: str, name: str, value: object, *, empty: bool = True) -> None:
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise MonsterError(f"{record}: {name} must be {'' if empty else 'non-empty '}text.")


@dataclass(frozen=True, slots=True)
class MonsterLevel:
    """The numbers of one Monster Level Card (or of a level above 4, see :func:`stats_at_level`).

    ``ap`` is the monster's Action Points and so its place on the Initiative Board;
    ``vulnerable`` is the element that makes its armor count for nothing (*Armor
    vulnerability*), which matters only while ``armor`` is above 0.
    """

    level: int
    ap: int
    range: int
    attack: AttackKind
    attack_dice: Dice
    damage: int
    defense: Dice
    psi_resistance: Dice
    hp: int
    armor: int = 0
    element: Element | None = None
    vulnerable: Element | None = None

    def __post_init__(self) -> None:
        name = f"Monster level {self.level!r}"
        _whole(name, "level", self.level, 1)
        _whole(name, "AP", self.ap, 1)
        _whole(name, "range", self.range, 1)
        _whole(name, "damage", self.damage, 0)
        _whole(name, "armor (AR)", self.armor, 0)
        _whole(name, "HP", self.hp, 1)
        if not isinstance(self.attack, AttackKind):
            raise MonsterError(f"{name}: the attack kind must be melee, ranged or magic.")
        for field_name in ("attack_dice", "defense", "psi_resistance"):
            if not isinstance(getattr(self, field_name), Dice):
                raise MonsterError(f"{name}: {field_name} must be Dice like 2D+5.")
        for field_name in ("element", "vulnerable"):
            value = getattr(self, field_name)
            if value is not None and not isinstance(value, Element):
                raise MonsterError(f"{name}: {field_name} must be an Element or None.")

    def __str__(self) -> str:
        element = f" {self.element}" if self.element else ""
        weak = f" (weak to {self.vulnerable})" if self.vulnerable else ""
        return (
            f"L{self.level}: AP {self.ap}, range {self.range}, {self.attack} "
            f"{self.attack_dice}, damage {self.damage}{element}, defense {self.defense}, "
            f"psi {self.psi_resistance}, AR {self.armor}{weak}, HP {self.hp}"
        )


@dataclass(frozen=True, slots=True)
class MonsterCard:
    """A monster: what stays the same at every level, and its four level cards.

    ``figures`` is how many figures of it the box holds (a monster that should enter play
    with none left gives an existing one an Extra Activation, *Multiple monsters per monster
    icon*); ``per_icon`` is how many figures one monster card puts on one icon (Goblins come
    in groups). ``copies`` is how many cards of it the monster deck holds; ``special``
    monsters (the Dragons, the Female Zombie) are kept out of the normal deck (FAQ).
    """

    id: str
    name: str
    category: str
    priority: Priority
    levels: tuple[MonsterLevel, ...]
    figures: int = 1
    per_icon: int = 1
    copies: int = 1
    abilities: str = ""
    area: str | None = None
    ignores_closest: bool = False
    flight: bool = False
    through_walls: bool = False
    only_hurt_by_magic: bool = False
    multiplies: bool = False
    special: bool = False

    def __post_init__(self) -> None:
        name = f"Monster {self.id!r}"
        _text(name, "id", self.id, empty=False)
        _text(name, "name", self.name, empty=False)
        _text(name, "category", self.category, empty=False)
        _text(name, "abilities", self.abilities)
        if self.area is not None:
            _text(name, "area", self.area, empty=False)
        if not isinstance(self.priority, Priority):
            raise MonsterError(f"{name}: the priority letter must be A, B, C or D.")
        _whole(name, "figures", self.figures, 1)
        _whole(name, "per_icon", self.per_icon, 1)
        _whole(name, "copies", self.copies, 1)
        if self.per_icon > self.figures:
            raise MonsterError(
                f"{name}: one card places {self.per_icon} figures but the box holds only "
                f"{self.figures}."
            )
        for flag in (
            "ignores_closest",
            "flight",
            "through_walls",
            "only_hurt_by_magic",
            "multiplies",
            "special",
        ):
            _flag(name, flag, getattr(self, flag))
        if not isinstance(self.levels, tuple) or len(self.levels) != LEVEL_CARDS:
            count = len(self.levels) if isinstance(self.levels, tuple) else self.levels
            raise MonsterError(
                f"{name}: a monster has exactly {LEVEL_CARDS} level cards (levels 1 to 4), "
                f"not {count}."
            )
        for number, level in enumerate(self.levels, start=1):
            if not isinstance(level, MonsterLevel) or level.level != number:
                raise MonsterError(
                    f"{name}: level card #{number} must be a MonsterLevel of level {number}."
                )
        kinds = {level.attack for level in self.levels}
        if len(kinds) != 1:
            raise MonsterError(
                f"{name}: a monster has only one attack type (Attack), but its level cards "
                f"use {', '.join(sorted(kinds))}."
            )

    @property
    def attack(self) -> AttackKind:
        """The monster's single attack type (melee, ranged or magic)."""
        return self.levels[0].attack

    def __str__(self) -> str:
        return f"{self.name} ({self.category}, {self.priority})"


@dataclass(frozen=True, slots=True)
class MonsterModifier:
    """A monster modification card (*Monster modifiers*).

    ``loot`` and ``xp`` are the extra Loot Cards and Group XP its monster gives when defeated
    (*Defeated Monsters*, *Experience Points*). The numeric fields are the effects simple
    enough to apply directly (:func:`apply_modifiers`); ``count`` above 1 means the one card
    becomes that many monsters (Horde); ``special_action`` marks a modifier that acts in
    Phase F; ``overrides_abilities`` a modifier whose text says it beats the monster's own
    abilities, which otherwise come first (FAQ); ``text`` describes everything, in words.
    """

    id: str
    name: str
    text: str
    loot: int = 0
    xp: int = 0
    hp: int = 0
    armor: int = 0
    ap: int = 0
    damage: int = 0
    attack_dice: int = 0
    defense_dice: int = 0
    psi_dice: int = 0
    range: int = 0
    poison: int = 0
    count: int = 1
    element: Element | None = None
    special_action: bool = False
    copies: int = 1
    overrides_abilities: bool = False

    def __post_init__(self) -> None:
        name = f"Modifier {self.id!r}"
        _text(name, "id", self.id, empty=False)
        _text(name, "name", self.name, empty=False)
        _text(name, "text", self.text, empty=False)
        for field_name in ("loot", "xp", "poison"):
            _whole(name, field_name, getattr(self, field_name), 0)
        for field_name in ("hp", "armor", "ap", "damage", "attack_dice", "defense_dice"):
            _whole(name, field_name, getattr(self, field_name), None)
        _whole(name, "psi_dice", self.psi_dice, None)
        _whole(name, "range", self.range, None)
        _whole(name, "count", self.count, 1)
        _whole(name, "copies", self.copies, 1)
        _flag(name, "special_action", self.special_action)
        _flag(name, "overrides_abilities", self.overrides_abilities)
        if self.element is not None and not isinstance(self.element, Element):
            raise MonsterError(f"{name}: element must be an Element or None.")


def stats_at_level(card: MonsterCard, level: int) -> MonsterLevel:
    """The numbers of ``card`` at Monster Level ``level`` (*Hero and Monster Level*).

    Levels 1 to 4 are the printed level cards; above 4 the level-4 card holds, with 1 more HP
    for every level above 4.

    >>> from doria_nb.content import starter_pack
    >>> orc = starter_pack().monster("orc")
    >>> stats_at_level(orc, 6).hp - stats_at_level(orc, 4).hp
    2
    """
    if not isinstance(level, int) or isinstance(level, bool) or level < 1:
        raise MonsterError(f"The Monster Level must be a whole number from 1 up, not {level!r}.")
    if level <= LEVEL_CARDS:
        return card.levels[level - 1]
    top = card.levels[-1]
    return replace(top, level=level, hp=top.hp + level - LEVEL_CARDS)


@dataclass(frozen=True, slots=True)
class LevelUpChange:
    """What a level-up adds to a monster already in play: ``hp`` and ``armor`` (AR)."""

    hp: int
    armor: int


def level_up_change(card: MonsterCard, old: int, new: int) -> LevelUpChange:
    """The HP and AR a monster in play gains when the Monster Level goes from ``old`` to
    ``new`` (*Hero and Monster Level*): only the difference between the two levels, so a
    wounded monster stays wounded. Every other number simply becomes the new level's.

    >>> from doria_nb.content import starter_pack
    >>> level_up_change(starter_pack().monster("orc"), 4, 5)
    LevelUpChange(hp=1, armor=0)
    """
    if isinstance(new, int) and isinstance(old, int) and new < old:
        raise MonsterError(f"The Monster Level only goes up: {old} to {new} is a step down.")
    before, after = stats_at_level(card, old), stats_at_level(card, new)
    return LevelUpChange(after.hp - before.hp, after.armor - before.armor)


def attack_element(
    stats: MonsterLevel, modifiers: tuple[MonsterModifier, ...], name: str = "the monster"
) -> Precedence | None:
    """The element of the monster's attack when its level card or its modifiers name one, with
    the precedence that decided it (*FAQ*): the level card's element is a monster ability and
    beats a modifier's, unless the modifier says it overrides abilities; of two modifiers the
    one drawn last wins (ruling FQ2). ``None`` when nothing names an element.

    >>> from doria_nb.content import starter_pack
    >>> pack = starter_pack()
    >>> mage = stats_at_level(pack.monster("dark_mage"), 1)
    >>> attack_element(mage, (pack.modifier("fire_creature"),), "the Dark Mage").says
    <Element.AIR: 'air'>
    """
    claims = [
        Claim(
            Source.MONSTER_MODIFIER,
            mod.element,
            f"the {mod.name} modifier",
            overrides_abilities=mod.overrides_abilities,
        )
        for mod in modifiers
        if mod.element is not None
    ]
    if stats.element is not None:
        claims.insert(0, Claim(Source.MONSTER_ABILITY, stats.element, f"{name}'s level card"))
    if not claims:
        return None
    return resolve(f"Which element does {name}'s attack deal?", claims)


def apply_modifiers(stats: MonsterLevel, modifiers: tuple[MonsterModifier, ...]) -> MonsterLevel:
    """``stats`` changed by the numeric effects of ``modifiers`` (their text effects, such as
    an explosion or a Phase F action, are not applied here).

    A modifier with an ``element`` makes the attack that element, unless the level card names
    its own element: a monster ability beats a modifier (see :func:`attack_element`).
    """
    hp, armor, ap, damage, reach = stats.hp, stats.armor, stats.ap, stats.damage, stats.range
    attack, defense, psi = stats.attack_dice, stats.defense, stats.psi_resistance
    for mod in modifiers:
        hp, armor, ap = hp + mod.hp, armor + mod.armor, ap + mod.ap
        damage, reach = damage + mod.damage, reach + mod.range
        try:
            attack = attack.with_dice(mod.attack_dice)
            defense = defense.with_dice(mod.defense_dice)
            psi = psi.with_dice(mod.psi_dice)
        except DoriaError as error:
            raise MonsterError(f"Modifier {mod.id!r} cannot apply: {error}") from None
    chosen = attack_element(stats, modifiers)
    element = stats.element if chosen is None else chosen.says
    return replace(
        stats,
        hp=max(hp, 1),
        armor=max(armor, 0),
        ap=max(ap, 1),
        damage=max(damage, 0),
        range=max(reach, 1),
        attack_dice=attack,
        defense=defense,
        psi_resistance=psi,
        element=element,
    )


def base_name(name: str) -> str:
    """A figure's name without case and without a trailing number: what it is, not which one
    (the monster card an "Orc 2" figure is an Orc of).

    >>> base_name("Orc 2"), base_name("Dark Mage")
    ('orc', 'dark mage')
    """
    words = name.casefold().split()
    if len(words) > 1 and words[-1].isdigit():
        words = words[:-1]
    return " ".join(words)
