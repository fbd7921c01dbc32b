"""What the assembled package hands the engine as its defaults: the book's starter pack.

The engine never imports the content (``tests/architecture/test_layers.py``); a game started
without a pack gets the engine's *default pack*, which ``doria_nb/__init__.py`` names with
:func:`doria_nb.engine.packs.use_default_pack` and this function. The content is imported
only when a game first needs it, so ``import doria_nb`` does not load the cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from doria_nb.engine.cards import ContentPack

__all__ = ["starter_default"]


def starter_default() -> ContentPack:
    """The starter pack shipped with the book (loaded once, then cached by the content)."""
    from doria_nb.content import starter_pack

    return starter_pack()
