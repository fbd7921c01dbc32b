"""Optional rules, each a value named after its rulebook section, all off by default.

A rule appears here only once the engine carries it out; the chapter that teaches the rule
also lets the reader switch it on. A rule without variants is a flag; a rule with variants
is a value naming the variant (``"off"`` by default), and a rule that counts something is a
number (0 by default). ``RulesOptions`` is frozen: a game or a roll is given the options it
plays under, and a changed set of options is a new object. Bad values are refused with a
:class:`RulesOptionsError` in player words.

>>> RulesOptions().no_fumbles
False
>>> RulesOptions(no_fumbles=True).enabled()
['No Fumbles']
>>> RulesOptions(dominance="surround", combat_modifiers={"size"}).enabled()
['Combat Modifiers', 'Dominance']
>>> try:
...     RulesOptions(dominance="everywhere")
... except RulesOptionsError as error:
...     print(error)
Dominance is off, surround, tile or tile_both, not 'everywhere'.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields

from doria_nb.engine.errors import DoriaError
from doria_nb.engine.readings import READINGS

__all__ = [
    "COMBAT_MODIFIER_NAMES",
    "DOMINANCE_BONUSES",
    "DOMINANCE_VARIANTS",
    "FATE_POINT_VARIANTS",
    "MONSTER_DIFFICULTY_VARIANTS",
    "TITLES",
    "RulesOptions",
    "RulesOptionsError",
]


class RulesOptionsError(DoriaError):
    """An optional rule was given a value it does not have."""


DOMINANCE_VARIANTS = ("off", "surround", "tile", "tile_both")
"""*Dominance*: off; a monster next to two or more characters; more characters than monsters
on the tile; and the same with the monsters gaining it when they outnumber the characters."""

DOMINANCE_BONUSES = ("dice", "damage")
"""What *Dominance* gives: +1D on the attack roll, or +1 damage with a hit."""

COMBAT_MODIFIER_NAMES = ("size", "distance", "higher_ground", "immobilized")
"""The four *Combat Modifiers* a group may pick from, in the rulebook's order."""

MONSTER_DIFFICULTY_VARIANTS = ("off", "extra_hp", "level_2", "easier")
"""*Monster Difficulty*: +1 HP per monster, start at Monster Level 2, or trade 1 Armor for
1 or 2 HP (easier)."""

FATE_POINT_VARIANTS = ("off", "character", "group")
"""*Fate Points*: each character's own, or one pool for the group."""


def _words(values: Iterable[str]) -> str:
    items = list(values)
    return ", ".join(items[:-1]) + f" or {items[-1]}" if len(items) > 1 else items[0]


def _one_of(title: str, value: object, allowed: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in allowed:
        raise RulesOptionsError(f"{title} is {_words(allowed)}, not {value!r}.")


def _reading_names(names: object) -> frozenset[str]:
    """``names`` as a frozenset of known reading names, or a :class:`RulesOptionsError`."""
    if isinstance(names, str) or not isinstance(names, Iterable):
        raise RulesOptionsError(
            f"The readings are a set of reading names ({_words(sorted(READINGS))}), not {names!r}."
        )
    chosen = frozenset(names)
    for name in sorted(chosen, key=str):
        if name not in READINGS:
            raise RulesOptionsError(
                f"There is no reading called {name!r}; the readings are {_words(sorted(READINGS))}."
            )
    return chosen


def _count(title: str, value: object, low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RulesOptionsError(
            f"{title} takes a whole number from {low} to {high}, not {value!r}."
        )


@dataclass(frozen=True, slots=True)
class RulesOptions:
    """The optional rules in force. Field metadata holds each rule's rulebook title."""

    no_fumbles: bool = False
    """*No Fumbles* (Optional Rules): two ones are just a low roll; nobody fumbles."""

    dice_rolling: bool = False
    """*Dice Rolling* (Optional Rules): monster dice are not rolled; each counts 6."""

    critical_fail: bool = False
    """*Critical Fail* (Additional Combat Rules): a critical failure in combat also damages
    the character's weapon or spell, as a fumble does."""

    create_heroes: bool = False
    """*Create Heroes* (Preparing Characters): players may build their own heroes from 50
    points instead of taking a premade one."""

    monster_swap: bool = False
    """*Monster Swap* (Monsters and Obstacles/Holes): instead of pushing a monster aside for
    free, a monster swaps places with it for 5 AP, and only when it can attack afterwards."""

    monster_ap: bool = False
    """*Monster AP* (Monsters and Obstacles/Holes): a monster attacks only with more than
    0 AP left after moving."""

    stop_loot: bool = False
    """*Stop Loot* (Defeated Monsters): after a trap is drawn among the loot, the character may
    stop drawing the rest of the loot cards."""

    fumbling_initiative: bool = False
    """*Fumbling Initiative* (Optional Rules): a fumbled initiative roll no longer knocks the
    character out; the Doom Counter still moves."""

    trap_shop: bool = False
    """*Trap Shop* (Phase I): traps in the shop must go in Phase I, bought with gold, paid for
    with one Doom Counter step each, or set off on a chosen character."""
    critical_trap_rolls: bool = False
    """*Critical Trap Rolls* (Optional Rules): each critical failure (and a fumble) on a trap
    check adds 1 damage; traps that only poison are unchanged."""
    door_events: bool = False
    """*Door Events* (Monster Icons … Dungeon Markers): a Door Event card is drawn and resolved
    whenever a character opens a door to reveal a Room Tile."""

    close_quarters_combat: bool = False
    """*Close Quarters Combat* (Optional Rules): a ranged attack at range 1 rolls 1D less."""

    combat_modifiers: frozenset[str] = frozenset()
    """*Combat Modifiers* (Optional Rules): the modifiers in use, any of
    :data:`COMBAT_MODIFIER_NAMES` (target size, distance, higher ground, immobilized target);
    empty means the rule is off. A list or set is accepted and kept as a frozenset."""

    dominance: str = "off"
    """*Dominance* (Optional Rules): one of :data:`DOMINANCE_VARIANTS`."""

    dominance_bonus: str = "dice"
    """What *Dominance* gives while it is on: ``"dice"`` (+1D on the attack roll) or
    ``"damage"`` (+1 damage with a hit); the group settles it with the rule (ruling OR4)."""

    limit_modifiers: bool = False
    """*Limit Modifiers* (Optional Rules): a monster takes at most Monster Level modifiers; the
    rest wait for the next monster."""

    monster_difficulty: str = "off"
    """*Monster Difficulty* (Optional Rules): one of :data:`MONSTER_DIFFICULTY_VARIANTS`."""

    hp_per_armor: int = 1
    """Under ``monster_difficulty="easier"``: the HP (1 or 2) a monster gets for its point of
    Armor."""

    fate_points: str = "off"
    """*Fate Points* (Optional Rules): one of :data:`FATE_POINT_VARIANTS`."""

    easier_overall_game: int = 0
    """*Easier Overall Game* (Optional Rules): how many extra hero-bonus levels the characters
    start with (0 = off)."""

    throw_items: bool = False
    """*Throw Items* (Throw Items): an item is thrown only to a character in Line of Sight, on
    the same or a connected Room Tile."""

    readings: frozenset[str] = frozenset()
    """The named readings switched on (:data:`~doria_nb.engine.readings.READINGS`): where a
    rule's text allows two readings, the default is the ruling's and a reading named here
    plays the other one. Not an optional rule of the rulebook. A list or set is accepted and
    kept as a frozenset."""

    campaign_loot: bool = False
    """*Campaign Loot* (Campaigns): between campaign scenarios each card a hero may keep can
    instead be items worth up to 3 gold."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "bool" and not isinstance(value, bool):
                title = TITLES.get(f.name, f.name)
                raise RulesOptionsError(f"{title} is on (True) or off (False), not {value!r}.")
        mods = self.combat_modifiers
        if isinstance(mods, str) or not isinstance(mods, Iterable):
            raise RulesOptionsError(
                "Combat Modifiers is a set of modifier names "
                f"({_words(COMBAT_MODIFIER_NAMES)}), not {mods!r}."
            )
        mods = frozenset(mods)
        for name in sorted(mods, key=str):
            _one_of("A combat modifier", name, COMBAT_MODIFIER_NAMES)
        object.__setattr__(self, "combat_modifiers", mods)
        object.__setattr__(self, "readings", _reading_names(self.readings))
        _one_of("Dominance", self.dominance, DOMINANCE_VARIANTS)
        _one_of("The Dominance bonus", self.dominance_bonus, DOMINANCE_BONUSES)
        _one_of("Monster Difficulty", self.monster_difficulty, MONSTER_DIFFICULTY_VARIANTS)
        _count("Monster Difficulty (easier) HP per point of Armor", self.hp_per_armor, 1, 2)
        _one_of("Fate Points", self.fate_points, FATE_POINT_VARIANTS)
        _count("Easier Overall Game", self.easier_overall_game, 0, 10)

    def reads(self, name: str) -> bool:
        """Whether the named reading ``name`` (a key of ``READINGS``) is switched on."""
        return name in _reading_names({name}) and name in self.readings

    def uses(self, modifier: str) -> bool:
        """Whether the *Combat Modifiers* rule is on with ``modifier`` among those in use."""
        _one_of("A combat modifier", modifier, COMBAT_MODIFIER_NAMES)
        return modifier in self.combat_modifiers

    def in_force(self, name: str) -> bool:
        """Whether the optional rule of field ``name`` (a key of :data:`TITLES`) is on."""
        value = getattr(self, name)
        if isinstance(value, str):
            return value != "off"
        return bool(value)

    def may_attack(self, ap_left: int) -> bool:
        """Whether a monster with ``ap_left`` AP after moving may still attack."""
        return ap_left > 0 if self.monster_ap else ap_left >= 0

    def enabled(self) -> list[str]:
        """The rulebook titles of the optional rules switched on."""
        return [TITLES[f.name] for f in fields(self) if f.name in TITLES and self.in_force(f.name)]


TITLES: dict[str, str] = {
    "no_fumbles": "No Fumbles",
    "dice_rolling": "Dice Rolling",
    "critical_fail": "Critical Fail",
    "create_heroes": "Create Heroes",
    "monster_swap": "Monster Swap",
    "monster_ap": "Monster AP",
    "stop_loot": "Stop Loot",
    "fumbling_initiative": "Fumbling Initiative",
    "trap_shop": "Trap Shop",
    "critical_trap_rolls": "Critical Trap Rolls",
    "door_events": "Door Events",
    "throw_items": "Throw Items",
    "close_quarters_combat": "Close Quarters Combat",
    "combat_modifiers": "Combat Modifiers",
    "dominance": "Dominance",
    "limit_modifiers": "Limit Modifiers",
    "monster_difficulty": "Monster Difficulty",
    "fate_points": "Fate Points",
    "easier_overall_game": "Easier Overall Game",
    "campaign_loot": "Campaign Loot",
}
"""The rulebook title of every optional rule, by field name (``dominance_bonus`` and
``hp_per_armor`` are settings of *Dominance* and *Monster Difficulty*, not rules)."""
