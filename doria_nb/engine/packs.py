"""The engine's one seam to the content it plays: the default pack when a caller passes none.

The engine defines what a content pack is (:class:`~doria_nb.engine.cards.ContentPack`) and
takes one as an argument everywhere; only when a caller passes ``None`` does it fall back to
the starter pack shipped with the book. That fallback lives here, in one function, instead of
a lazy import in every entry point (``Game.new``, loading a save, a campaign's set-up, the
soaks). Issue #17 moves the default out of the engine altogether; this is the single place it
has to change.
"""

from __future__ import annotations

from doria_nb.engine.cards import ContentPack

__all__ = ["pack_or_default"]


def pack_or_default(pack: ContentPack | None) -> ContentPack:
    """``pack``, or the book's starter pack when it is ``None``."""
    if pack is not None:
        return pack
    from doria_nb.content import starter_pack  # the one default, see the module docstring

    return starter_pack()
