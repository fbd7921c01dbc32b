"""Who fights in the combat resolver: a premade hero as the pack deals it, and the hero and the
monster a loaded situation puts in the fight.

>>> from doria_nb.content import starter_pack
>>> pack_hero_id("Warrior 2", starter_pack())
'warrior'
"""

from __future__ import annotations

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.character import Character
from doria_nb.engine.errors import CombatError
from doria_nb.engine.mat import Area
from doria_nb.engine.situation import Figure, Situation
from doria_nb.engine.situation.figure import base_name
from doria_nb.ui.pasted import read_pasted_situation

__all__ = ["board_fighters", "equipped_hero", "other_kind", "pack_hero_id", "read_situation"]


def equipped_hero(pack: ContentPack, hero_id: str) -> Character:
    """The premade hero ``hero_id`` with its Standard Items on the Body where they fit (setup,
    *Preparing Characters*: arranging cards costs no AP); what does not fit stays in the
    Backpack."""
    character = Character.from_template(pack.hero(hero_id))
    placed = True
    while placed:
        placed = False
        for location, _held in character.mat.locations():
            if location.area is Area.BACKPACK and character.can_equip(location, Area.BODY):
                character.equip(location, Area.BODY)
                placed = True
                break
    return character


def read_situation(text: str, pack: ContentPack | None = None) -> Situation:
    """The situation in ``text``: a ``doria1:`` code or the text format (a
    :class:`~doria_nb.engine.errors.SituationError` in the engine's words if it is neither;
    an over-long paste is refused before it is read, :mod:`doria_nb.ui.pasted`)."""
    return read_pasted_situation(text, pack)


def pack_hero_id(name: str, pack: ContentPack) -> str | None:
    """The id of the pack's hero a figure called ``name`` is (by name or id, ignoring case and
    a trailing number: ``"Warrior 2"`` is the Warrior), or None."""
    wanted = base_name(name)
    for hero in pack.heroes:
        if wanted in (hero.name.casefold(), hero.id.casefold()):
            return hero.id
    return None


def other_kind(situation: Situation, figure: Figure) -> tuple[Figure, ...]:
    """The figures ``figure`` may fight: the monsters for a hero, the heroes for a monster."""
    return situation.monsters if figure.is_hero else situation.heroes


def board_fighters(
    situation: Situation, attacker: str | None, defender: str | None, monster_first: bool
) -> tuple[Figure, Figure]:
    """The attacker and defender figures (letters or names; the first fitting ones when not
    given): a hero and a monster, or a :class:`CombatError` saying why not."""
    if not situation.heroes or not situation.monsters:
        raise CombatError(
            "The situation needs a hero and a monster to fight: it has "
            f"{len(situation.heroes)} hero(es) and {len(situation.monsters)} monster(s)."
        )
    a = situation.figure(attacker) if attacker is not None else None
    d = situation.figure(defender) if defender is not None else None
    if a is None:
        if d is not None:
            a = other_kind(situation, d)[0]
        else:
            a = (situation.monsters if monster_first else situation.heroes)[0]
    if d is None:
        d = other_kind(situation, a)[0]
    if a.kind == d.kind:
        both = "heroes" if a.is_hero else "monsters"
        raise CombatError(
            f"{a.label} and {d.label} are both {both}: pick a hero and a monster (heroes attack "
            "monsters and monsters attack characters)."
        )
    return a, d
