"""Optional rules, each a flag named after its rulebook section, all off by default.

A rule appears here only once the engine carries it out; the chapter that teaches the rule
also lets the reader switch it on. ``RulesOptions`` is frozen: a game or a roll is given the
options it plays under, and a changed set of options is a new object.

>>> RulesOptions().no_fumbles
False
>>> RulesOptions(no_fumbles=True).enabled()
['No Fumbles']
"""

from __future__ import annotations

from dataclasses import dataclass, fields


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

    def may_attack(self, ap_left: int) -> bool:
        """Whether a monster with ``ap_left`` AP after moving may still attack."""
        return ap_left > 0 if self.monster_ap else ap_left >= 0

    def enabled(self) -> list[str]:
        """The rulebook titles of the optional rules switched on."""
        return [TITLES[field.name] for field in fields(self) if getattr(self, field.name)]


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
}
"""The rulebook title of every optional rule, by field name."""
