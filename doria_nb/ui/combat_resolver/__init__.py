"""The combat resolver, as a model and a view: :class:`ResolverModel` holds one attack between
a hero and a monster (state and intents, no widgets), :class:`CombatResolver` shows it and
turns the reader's clicks into the model's intents.

Modules: :mod:`.model` (the state and the rules), :mod:`.stepping` (stopping the one-shot
engine at a choice), :mod:`.fighters` (premade heroes, fighters on a board), :mod:`.texts`
(what the view says, as HTML), :mod:`.css` (stable CSS classes), and the view's parts
:mod:`.setup_part`, :mod:`.fight_part`, :mod:`.board_part` composed by :mod:`.view`.
"""

from doria_nb.ui.combat_resolver.css import CSS_CLASSES
from doria_nb.ui.combat_resolver.fighters import equipped_hero, pack_hero_id, read_situation
from doria_nb.ui.combat_resolver.model import GIVEN, OddsPanel, ResolverModel
from doria_nb.ui.combat_resolver.view import CombatResolver

__all__ = [
    "CSS_CLASSES",
    "GIVEN",
    "CombatResolver",
    "OddsPanel",
    "ResolverModel",
    "equipped_hero",
    "pack_hero_id",
    "read_situation",
]
