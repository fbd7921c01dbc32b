"""Editing a situation for the monster stepper: new figures, their letters, reading a text.

Pure helpers (no widgets): :func:`free_letter` picks a letter for a new figure (its name's
initial when free, upper case for heroes and lower case for monsters, as the rulebook's
pictures do), :func:`new_figure` builds a hero or monster checked against the content pack,
:func:`read_situation` reads pasted situation text or a ``doria1:`` code. Every problem is a
:class:`~doria_nb.engine.errors.DoriaError` in words, so the view can show it and change
nothing.

>>> from doria_nb.engine.situation import Situation
>>> s = Situation.from_text('''
... map:
...   #D####
...   #M..o#
...   ######
... figures:
...   M = hero Mage STR 4
...   o = monster Orc
... ''')
>>> free_letter(s, "Mage", "hero"), free_letter(s, "Ogre", "monster")
('A', 'a')
>>> new_figure(s, "monster", "Goblin", "2,1").label
'Goblin (a)'
"""

from __future__ import annotations

from typing import Literal

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.errors import DoriaError, SituationError
from doria_nb.engine.geometry import Square, parse_square
from doria_nb.engine.monster_ai.records import card_for
from doria_nb.engine.packs import pack_or_default
from doria_nb.engine.situation import FIGURE_LETTERS, Figure, Situation
from doria_nb.ui.pasted import read_pasted_situation

__all__ = [
    "HERO_VALUES",
    "free_letter",
    "hero_names",
    "monster_names",
    "new_figure",
    "read_situation",
]

HERO_VALUES = ("STR", "AGI", "WIS")
"""The hero values the target rules compare (against melee, ranged and magic attacks)."""

FigureKind = Literal["hero", "monster"]


def free_letter(situation: Situation, name: str, kind: str) -> str:
    """A letter no figure of ``situation`` uses and no map character is: the initial of
    ``name`` (upper case for a hero, lower case for a monster) if free, else the first free
    letter of that case, else any free letter."""
    used = {f.letter for f in situation.figures}
    initial = name.strip()[:1]
    upper = kind == "hero"
    preferred = [initial.upper() if upper else initial.lower()] if initial else []
    same_case = [c for c in FIGURE_LETTERS if c.isupper() == upper]
    for letter in [*preferred, *same_case, *FIGURE_LETTERS]:
        if letter in FIGURE_LETTERS and letter not in used:
            return letter
    raise SituationError(
        f"Every figure letter is in use ({len(used)} figures): remove a figure first."
    )


def _square(where: Square | str) -> Square:
    return where if isinstance(where, Square) else parse_square(where)


def new_figure(
    situation: Situation,
    kind: str,
    name: str,
    square: Square | str,
    pack: ContentPack | None = None,
    **values: int,
) -> Figure:
    """A new hero or monster called ``name`` on ``square`` with its own free letter.

    A monster's name must be a monster card of ``pack`` (the starter pack by default);
    ``values`` (``STR=4``...) are the figure's values. Whether it may stand on ``square`` is
    checked when it is added to the situation.
    """
    name = name.strip()
    if kind not in ("hero", "monster"):
        raise DoriaError(f"A figure is a hero or a monster, not {kind!r}.")
    if not name:
        raise DoriaError(f"Give the new {kind} a name first.")
    where = _square(square)
    letter = free_letter(situation, name, kind)
    if kind == "monster":
        card_for(name, pack_or_default(pack))  # raises, naming the monsters of the pack
        return Figure.monster(name, letter, where, **values)
    return Figure.hero(name, letter, where, **values)


def read_situation(text: str, pack: ContentPack | None = None) -> Situation:
    """The situation in pasted ``text``: a ``doria1:`` code or situation text (an over-long
    paste is refused before it is read, :mod:`doria_nb.ui.pasted`)."""
    return read_pasted_situation(text, pack)


def hero_names(pack: ContentPack | None = None) -> tuple[str, ...]:
    """The heroes of the pack, by name (the edit bar's suggestions)."""
    return tuple(h.name for h in pack_or_default(pack).heroes)


def hero_values(name: str, pack: ContentPack | None = None) -> dict[str, int] | None:
    """STR, AGI and WIS of the pack's hero called ``name``, or ``None`` for another name."""
    for hero in pack_or_default(pack).heroes:
        if hero.name.casefold() == name.strip().casefold():
            return {key: getattr(hero.attributes, key) for key in HERO_VALUES}
    return None


def monster_names(pack: ContentPack | None = None) -> tuple[str, ...]:
    """The monster cards of the pack, by name."""
    return tuple(m.name for m in pack_or_default(pack).monsters)
