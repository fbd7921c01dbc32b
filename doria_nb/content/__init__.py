"""Content packs: TOML data, its schema and the loader.

The loader is the only way content enters the engine: :func:`load_pack` reads a pack folder
(format: ``docs/content-format.md``) into a frozen
:class:`~doria_nb.engine.cards.ContentPack`; :func:`starter_pack` loads the original starter set
once and caches it. A broken pack raises :class:`~doria_nb.engine.errors.ContentError` naming the
file, the entry, the field and what was expected.
"""

from __future__ import annotations

from doria_nb.content.loader import STARTER_DIR, content_hash, load_pack, starter_pack
from doria_nb.engine.errors import ContentError

__all__ = ["STARTER_DIR", "ContentError", "content_hash", "load_pack", "starter_pack"]
