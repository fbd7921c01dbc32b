"""The characters a sheet starts from: a premade hero of a content pack, with its Standard
Items in the Backpack, and the cards of a deck that go on a mat.

>>> premade_character("Shield Maiden").name
'Shield Maiden'
"""

from __future__ import annotations

from collections.abc import Iterable

from doria_nb.engine.cards import ContentPack, ItemCard
from doria_nb.engine.character import Character

__all__ = ["equipment_only", "premade_character"]


def premade_character(
    hero: str, *, pack: ContentPack | None = None, name: str | None = None
) -> Character:
    """A premade hero of ``pack`` (the starter pack by default) by id or name."""
    if pack is None:
        from doria_nb.content.loader import starter_pack

        pack = starter_pack()
    wanted = str(hero).strip()
    template = next(
        (h for h in pack.heroes if wanted.lower() in (h.id, h.name.lower())),
        None,
    )
    if template is None:
        template = pack.hero(wanted.lower().replace(" ", "_").replace("-", "_"))
    return Character.from_template(
        template, name=name, dodge=pack.dodge, psi_resistance=pack.psi_resistance
    )


def equipment_only(cards: Iterable[ItemCard]) -> tuple[ItemCard, ...]:
    """The cards that go on a mat (weapons, spells, armor, potions; not traps or events)."""
    return tuple(card for card in cards if card.is_equipment)
