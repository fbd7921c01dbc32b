"""The optional rules that change an attack on the board: *Close Quarters Combat*, *Combat
Modifiers* and *Dominance* (*Optional Rules*).

Each rule is a pure function of the board (a :class:`~doria_nb.engine.situation.Situation`),
the two figures and the :class:`~doria_nb.engine.options.RulesOptions` in force, and answers
with an :class:`AttackBonus`: dice more or fewer on the attack roll, points added to it,
damage added to a hit, and one :class:`~doria_nb.engine.attack_bonus.Step` per rule that
counted, naming it. :func:`attack_bonus` adds them all up; the board's combat functions
(:func:`~doria_nb.engine.combat.board.hero_attack_on_board`,
:func:`~doria_nb.engine.combat.board.monster_attack_on_board`) call it, so the bonuses show in
the attack's explanation.

The rulings behind the numbers (docs/rulings.md, OR1–OR8):

* **Close Quarters Combat**: only attacks of the kind *ranged* (not magic); range 1 means the
  two figures are orthogonally adjacent; the penalty never takes the last die.
* **Combat Modifiers**: *size* counts for a hero's attack on a monster (every character is
  Normal), from :func:`monster_size`; *distance* counts for ranged and magic attacks only,
  1–3 squares +3, 4–7 squares 0, 8 or more −5; *higher ground* is standing on the bridge of
  Room F-3 (level 1) against a figure off it, or the per-attack flag; *immobilized* is a
  figure flagged ``immobilized`` (a trap, or a holding spell), +5.
* **Dominance**: ``surround`` — the monster attacked has two or more conscious characters
  orthogonally next to it and the attacker is one of them; ``tile`` — attacker and target
  stand on the same room tile and it holds more conscious characters than monsters;
  ``tile_both`` — also a monster whose tile holds more monsters than conscious characters.

>>> from doria_nb.engine.situation import Situation
>>> s = Situation.from_text('''
... map:
...   ###D###
...   #.W...#
...   #MoH..#
...   #######
... figures:
...   W = hero Warrior
...   M = hero Mage
...   H = hero Huntress
...   o = monster Orc
... ''')
>>> bonus = attack_bonus(s, "W", "o", RulesOptions(dominance="surround"), kind=AttackKind.MELEE)
>>> bonus.dice, [step.text for step in bonus.steps]  # doctest: +NORMALIZE_WHITESPACE
(1, ['Dominance: Orc (o) is surrounded by Warrior (W), Mage (M) and Huntress (H); Warrior
(W) rolls +1D.'])
"""

from __future__ import annotations

from enum import StrEnum

from doria_nb.engine.attack_bonus import AttackBonus, Step
from doria_nb.engine.cards import AttackKind
from doria_nb.engine.errors import CombatError
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Figure, Situation
from doria_nb.engine.situation.figure import base_name

__all__ = [
    "LARGE_MONSTERS",
    "SIZE_MODIFIERS",
    "SMALL_MONSTERS",
    "AttackBonus",
    "Size",
    "attack_bonus",
    "close_quarters",
    "combat_modifiers",
    "distance_modifier",
    "dominance",
    "higher_ground",
    "monster_size",
]


class Size(StrEnum):
    """A target's size for *Combat Modifiers*."""

    SMALL = "Small"
    NORMAL = "Normal"
    LARGE = "Large"


LARGE_MONSTERS = frozenset({"ogre", "troll", "ember dragon", "rime dragon"})
"""Monsters (names, lower case) that count as Large: the Giants and the Dragons (ruling OR3)."""

SMALL_MONSTERS = frozenset({"goblin"})
"""Monsters that count as Small: the Goblins, "quick and frail", two to a card (ruling OR3)."""

SIZE_MODIFIERS = {"colossal": 1}
"""Modifier words in a monster's name that change its size by steps (Colossal: "twice its
usual size", one step up)."""

_SIZE_POINTS = {Size.SMALL: -3, Size.NORMAL: 0, Size.LARGE: 3}
_ORDER = (Size.SMALL, Size.NORMAL, Size.LARGE)


def monster_size(name: str) -> Size:
    """The size of the monster called ``name`` (``"Orc"``, ``"Orc 2"``, ``"Colossal Orc"``):
    Large or Small from :data:`LARGE_MONSTERS` / :data:`SMALL_MONSTERS`, else Normal, then one
    step up for each size modifier in the name (Large stays Large).

    >>> monster_size("Troll"), monster_size("Goblin 2"), monster_size("Colossal Goblin")
    (<Size.LARGE: 'Large'>, <Size.SMALL: 'Small'>, <Size.NORMAL: 'Normal'>)
    """
    if not isinstance(name, str) or not name.strip():
        raise CombatError(f"A monster's size is read from its name, not {name!r}.")
    words = base_name(name).split()
    steps = sum(SIZE_MODIFIERS.get(w, 0) for w in words)
    rest = " ".join(w for w in words if w not in SIZE_MODIFIERS)
    size = Size.LARGE if rest in LARGE_MONSTERS else Size.SMALL if rest in SMALL_MONSTERS else None
    index = _ORDER.index(size or Size.NORMAL) + steps
    return _ORDER[max(0, min(index, len(_ORDER) - 1))]


NONE = AttackBonus()


def _check(situation: Situation, attacker: str, defender: str) -> tuple[Figure, Figure]:
    if not isinstance(situation, Situation):
        raise CombatError(f"The optional rules look at a Situation, not {situation!r}.")
    return situation.figure(attacker), situation.figure(defender)


def _signed(n: int) -> str:
    return f"{n:+d}"


def close_quarters(
    situation: Situation, attacker: str, defender: str, options: RulesOptions, kind: AttackKind
) -> AttackBonus:
    """*Close Quarters Combat*: a ranged attack on an orthogonally adjacent figure rolls 1D
    less (never below 1D)."""
    if not options.close_quarters_combat or kind is not AttackKind.RANGED:
        return NONE
    a, d = _check(situation, attacker, defender)
    if d.square not in situation.dungeon.neighbors(a.square):
        return NONE
    return AttackBonus(
        dice=-1,
        steps=(
            Step(
                Section.CLOSE_QUARTERS_COMBAT,
                f"{a.label} makes a ranged attack at range 1 on {d.label}: −1D (never below 1D).",
            ),
        ),
    )


def distance_modifier(distance: int) -> int:
    """*Combat Modifiers*, distance (ruling OR2): 1–3 squares +3, 4–7 squares 0, 8 or more −5.

    >>> [distance_modifier(n) for n in range(1, 10)]
    [3, 3, 3, 0, 0, 0, 0, -5, -5]
    """
    if not isinstance(distance, int) or isinstance(distance, bool) or distance < 1:
        raise CombatError(f"A distance is a whole number of squares from 1, not {distance!r}.")
    return 3 if distance <= 3 else 0 if distance <= 7 else -5


def higher_ground(situation: Situation, attacker: str, defender: str) -> bool:
    """Whether ``attacker`` attacks from higher ground: it stands on the bridge of Room F-3
    (level 1) and ``defender`` does not (ruling OR3). No other tile has a higher level."""
    a, d = _check(situation, attacker, defender)
    dungeon = situation.dungeon
    return dungeon.level(a.square) == 1 and dungeon.level(d.square) != 1


def combat_modifiers(
    situation: Situation,
    attacker: str,
    defender: str,
    options: RulesOptions,
    kind: AttackKind,
    *,
    higher: bool | None = None,
    size: Size | None = None,
) -> AttackBonus:
    """*Combat Modifiers*: those of ``options.combat_modifiers`` that apply to this attack.
    ``higher`` overrides the higher-ground question (None: read it from the board, see
    :func:`higher_ground`); ``size`` overrides the target's size (None: a monster's from
    :func:`monster_size`, a character Normal)."""
    if not options.combat_modifiers:
        return NONE
    a, d = _check(situation, attacker, defender)
    rule = Section.COMBAT_MODIFIERS
    total = NONE
    if options.uses("size"):
        if size is None:
            size = monster_size(d.name) if d.is_monster else Size.NORMAL
        if not isinstance(size, Size):
            raise CombatError(f"A target's size is Small, Normal or Large, not {size!r}.")
        points = _SIZE_POINTS[size]
        total += AttackBonus(
            points=points,
            steps=(Step(rule, f"{d.label} is a {size} target: {_signed(points)} to attack."),),
        )
    if options.uses("distance") and kind is not AttackKind.MELEE:
        distance = situation.dungeon.range(a.square, d.square)
        points = distance_modifier(distance)
        total += AttackBonus(
            points=points,
            steps=(
                Step(
                    rule,
                    f"{d.label} is {distance} square{'s' * (distance != 1)} away: "
                    f"{_signed(points)} to attack (1–3 +3, 4–7 0, 8+ −5).",
                ),
            ),
        )
    if options.uses("higher_ground"):
        if higher is None:
            higher = higher_ground(situation, attacker, defender)
        if not isinstance(higher, bool):
            raise CombatError(f"higher_ground must be True, False or None, not {higher!r}.")
        if higher:
            total += AttackBonus(
                dice=1,
                steps=(Step(rule, f"{a.label} attacks from higher ground: +1D."),),
            )
    if options.uses("immobilized") and "immobilized" in d.flags:
        total += AttackBonus(
            points=5, steps=(Step(rule, f"{d.label} is immobilized: +5 to attack."),)
        )
    return total


def _conscious_heroes(situation: Situation) -> list[Figure]:
    return [f for f in situation.heroes if not f.unconscious and f.carried_by is None]


def _names(figures: list[Figure]) -> str:
    labels = [f.label for f in figures]
    return ", ".join(labels[:-1]) + f" and {labels[-1]}" if len(labels) > 1 else labels[0]


def _dominance_bonus(options: RulesOptions, who: str, why: str) -> AttackBonus:
    if options.dominance_bonus == "dice":
        return AttackBonus(dice=1, steps=(Step(Section.DOMINANCE, f"{why}; {who} rolls +1D."),))
    return AttackBonus(
        damage=1, steps=(Step(Section.DOMINANCE, f"{why}; {who} deals +1 damage with a hit."),)
    )


def dominance(
    situation: Situation, attacker: str, defender: str, options: RulesOptions
) -> AttackBonus:
    """*Dominance* for this attack, under the variant ``options.dominance`` (see the module
    doc); the bonus is ``options.dominance_bonus`` (+1D or +1 damage)."""
    variant = options.dominance
    if variant == "off":
        return NONE
    a, d = _check(situation, attacker, defender)
    heroes = _conscious_heroes(situation)
    if variant == "surround":
        if not a.is_hero:
            return NONE
        around = situation.dungeon.neighbors(d.square)
        near = sorted(
            (f for f in heroes if f.square in around), key=lambda f: (f.square.y, f.square.x)
        )
        if len(near) < 2 or a not in near:
            return NONE
        why = f"Dominance: {d.label} is surrounded by {_names(near)}"
        return _dominance_bonus(options, a.label, why)
    dungeon = situation.dungeon
    tile = dungeon.tile_index(d.square)
    if tile is None or dungeon.tile_index(a.square) != tile:
        return NONE
    ours = sum(1 for f in heroes if dungeon.tile_index(f.square) == tile)
    theirs = sum(1 for f in situation.monsters if dungeon.tile_index(f.square) == tile)
    placed = dungeon.tiles[tile]
    counts = (
        f"Dominance: room tile {placed.id} holds {ours} character{'s' * (ours != 1)} and "
        f"{theirs} monster{'s' * (theirs != 1)}"
    )
    if a.is_hero and ours > theirs:
        return _dominance_bonus(options, a.label, counts)
    if a.is_monster and variant == "tile_both" and theirs > ours:
        return _dominance_bonus(options, a.label, counts + " (monsters gain it too)")
    return NONE


def attack_bonus(
    situation: Situation,
    attacker: str,
    defender: str,
    options: RulesOptions | None,
    *,
    kind: AttackKind,
    higher: bool | None = None,
    size: Size | None = None,
) -> AttackBonus:
    """Everything *Close Quarters Combat*, *Combat Modifiers* and *Dominance* add to the
    attack of ``attacker`` on ``defender`` (letters) with an attack of ``kind``, in that
    order. Nothing under the default options."""
    options = options or RulesOptions()
    if not isinstance(options, RulesOptions):
        raise CombatError(f"The optional rules must be RulesOptions, not {options!r}.")
    if not isinstance(kind, AttackKind):
        raise CombatError(f"The attack kind must be melee, ranged or magic, not {kind!r}.")
    return (
        close_quarters(situation, attacker, defender, options, kind)
        + combat_modifiers(situation, attacker, defender, options, kind, higher=higher, size=size)
        + dominance(situation, attacker, defender, options)
    )
