"""The character sheet's arithmetic and cards in words.

*Calculated Values* and *Armor Encumbrance* written out the way a player would check them on
paper, the standard skills with why one cannot be used, and an item card's key values in short
lines. Plain functions of engine objects, shared by the character sheet and the hero builder.
"""

from __future__ import annotations

from typing import Any

from doria_nb.engine.attributes import Attribute, Attributes
from doria_nb.engine.cards import ItemCard, SkillSpec
from doria_nb.engine.character import Character

MINUS = "−"
"""The minus sign used in displayed arithmetic."""

DERIVED = (
    ("hp", "HP", "Hit Points", Attribute.STR, Attribute.CON),
    ("ip", "IP", "Initiative Points", Attribute.AGI, Attribute.PER),
    ("pp", "PP", "Psi Points", Attribute.WIS, Attribute.PSI),
)
"""Each calculated value: key, abbreviation, name and the two attributes it is made of."""

CARD_BONUS_LABELS = (
    ("melee", "melee"),
    ("ranged", "ranged"),
    ("magic", "magic"),
    ("defense", "defense"),
    ("psi_resistance", "psi resistance"),
    ("hp", "HP"),
    ("ip", "IP"),
    ("pp", "PP"),
)
"""A card's bonus fields and how its key values name them."""

ROLL_BONUS_LABELS = (
    ("melee", "melee attacks"),
    ("ranged", "ranged attacks"),
    ("magic", "magic attacks"),
    ("defense", "defense rolls"),
    ("psi_resistance", "psi resistance rolls"),
)
"""A character's roll bonuses and the rolls they apply to."""


def signed(value: int) -> str:
    """``'+2'`` or ``'−1'`` (with a real minus sign)."""
    return f"+{value}" if value >= 0 else f"{MINUS}{-value}"


def capital(text: str) -> str:
    """``text`` with its first letter in upper case (the rest untouched)."""
    return text[:1].upper() + text[1:]


def formula_text(attributes: Attributes, key: str) -> str:
    """The *Calculated Values* formula of ``key`` (``"hp"``, ``"ip"`` or ``"pp"``) written out.

    >>> mage = Attributes(STR=4, CON=6, AGI=7, PER=11, WIS=11, PSI=11)
    >>> formula_text(mage, "hp"), formula_text(mage, "ip")
    ('(STR 4 + CON 6) ÷ 2 = 5, rounded down', '(AGI 7 + PER 11) ÷ 2 = 9, rounded down')
    """
    for name, _, _, first, second in DERIVED:
        if name == key:
            a, b = attributes[first], attributes[second]
            return f"({first} {a} + {second} {b}) ÷ 2 = {(a + b) // 2}, rounded down"
    raise KeyError(f"{key!r} is not a calculated value; use hp, ip or pp.")


def encumbrance_text(armor: int, strength: int) -> str:
    """*Armor Encumbrance* in words.

    >>> encumbrance_text(8, 5)
    'AR 8 on the Body − STR 5 = 3 IP'
    >>> encumbrance_text(2, 4)
    'AR 2 on the Body ≤ STR 4: no IP lost'
    """
    if armor > strength:
        return f"AR {armor} on the Body {MINUS} STR {strength} = {armor - strength} IP"
    return f"AR {armor} on the Body ≤ STR {strength}: no IP lost"


def skill_text(skill: SkillSpec, character_or_attributes: Character | Attributes) -> str:
    """Whether a standard skill can be used, with a glyph: ``'✔ Dodge 2D (needs AGI 5)'`` or
    ``'✖ Dodge 2D: Using Dodge needs AGI 5; Hero has AGI 3.'``."""
    if isinstance(character_or_attributes, Character):
        attributes, who = character_or_attributes.attributes, character_or_attributes.who
    else:
        attributes, who = character_or_attributes, "the hero"
    need = f" (needs {skill.requirements})" if skill.requirements else ""
    reason = skill.requirements.explain(f"Using {skill.name}", who, attributes)
    if reason:
        return f"✖ {skill.name} {skill.dice}: {capital(reason)}"
    return f"✔ {skill.name} {skill.dice}{need}"


def modifier_text(character: Character, key: str) -> str:
    """The Equipment Modifiers of ``key`` on the Body, card by card: ``'+2 Amulet'`` or
    ``'none'``."""
    parts = []
    for held in character.mat.equipped:
        value = getattr(held.card.bonuses, key)
        if value:
            parts.append(f"{signed(value)} {held.card.name}")
    return ", ".join(parts) if parts else "none"


def maximum_text(base: int, modifier: int, lost: int) -> str:
    """How a maximum is reached from the calculated value.

    >>> maximum_text(9, 2, 3), maximum_text(5, 0, 0)
    ('9 + 2 equipment − 3 encumbrance = 8', '5, no modifiers')
    """
    text = str(base)
    if modifier:
        text += f" {'+' if modifier > 0 else MINUS} {abs(modifier)} equipment"
    if lost:
        text += f" {MINUS} {lost} encumbrance"
    if not modifier and not lost:
        return f"{base}, no modifiers"
    return f"{text} = {base + modifier - lost}"


def bonus_words(character: Character) -> list[str]:
    """The character's roll bonuses: ``['+1 to melee attacks', ...]`` (only those not zero)."""
    return _nonzero_words(character.bonuses, ROLL_BONUS_LABELS, "{value} to {label}")


def values_change(before: Any, after: Any) -> str:
    """Which maxima a move changed: ``'Maximum HP 5 → 7.'``, or ``''``."""
    parts = []
    for key, abbreviation, *_ in DERIVED:
        old, new = getattr(before, key), getattr(after, key)
        if old != new:
            parts.append(f"{abbreviation} {old} → {new}")
    return ("Maximum " + ", ".join(parts) + ".") if parts else ""


def requirement_status(card: ItemCard, attributes: Attributes) -> tuple[bool, str]:
    """Whether the attributes meet the card's requirements, as ``(met, short text)``:
    ``(False, '✖ needs STR 10 (has 4)')`` or ``(True, '✔ needs STR 10, AGI 8')``."""
    if not card.requirements:
        return True, "no requirements"
    missing = card.requirements.shortfalls(attributes)
    if not missing:
        return True, f"✔ needs {card.requirements}"
    parts = ", ".join(f"{a.value} {need} (has {has})" for a, need, has in missing)
    return False, f"✖ needs {parts}"


def card_lines(card: ItemCard) -> list[str]:
    """The card's key values, one short line each (attack, defense, AR, AP, ...).

    >>> from doria_nb.content.loader import starter_pack
    >>> card_lines(starter_pack().item("longsword"))
    ['Melee 3D+5, damage 2', 'Defense 2D+3', '12 AP', 'range 1']
    """
    lines = []
    for attack in card.attacks:
        text = f"{capital(str(attack.kind))} {attack.dice}, damage {attack.damage}"
        if attack.element:
            text += f", {attack.element}"
        if attack.area:
            text += f", area {attack.area}"
        lines.append(text)
    if card.defense is not None:
        lines.append(f"Defense {card.defense}")
    if card.psi_resistance is not None:
        lines.append(f"Psi resistance {card.psi_resistance}")
    if card.armor:
        vulnerable = f" (not against {', '.join(card.vulnerable)})" if card.vulnerable else ""
        lines.append(f"AR {card.armor}{vulnerable}")
    if card.is_equipment:
        lines.append(f"{card.ap} AP")
    if card.pp:
        lines.append(f"{card.pp} PP")
    if card.range is not None:
        lines.append(f"range {card.range}")
    bonuses = _nonzero_words(card.bonuses, CARD_BONUS_LABELS, "{value} {label}")
    if bonuses:
        lines.append(", ".join(bonuses))
    if card.check is not None:
        lines.append(f"check {card.check}")
    return lines


def _nonzero_words(bonuses: Any, labels: tuple[tuple[str, str], ...], pattern: str) -> list[str]:
    """The bonuses not zero, each written with ``pattern`` (``{value}`` is signed)."""
    words = []
    for name, label in labels:
        value = getattr(bonuses, name)
        if value:
            words.append(pattern.format(value=signed(value), label=label))
    return words
