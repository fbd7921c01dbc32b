"""The engine's one seam to the content it plays: the pack a caller gets who passes none.

The engine defines what a content pack is (:class:`~doria_nb.engine.cards.ContentPack`) and
never imports one: every entry point (``Game.new``, ``Game.load``, a campaign's set-up, the
situation reader, the monster AI) takes ``pack`` as an argument. A caller may leave it out;
the pack used then is the *default pack*, and which pack that is the engine does not know. It
is supplied from above, once, by the code that assembles the layers: ``doria_nb/__init__.py``
(Python runs a package's ``__init__`` before any of its modules, so every use of the engine
through ``doria_nb`` finds the book's starter pack there) calls :func:`use_default_pack` with
a function that loads it on first use. The engine used without that assembly has no default
and says so (:class:`NoDefaultPack`) instead of guessing.

One slot, filled in one known place, never by importing some other module: unlike a registry
filled by side-effect imports, what it holds cannot depend on which modules were loaded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from doria_nb.engine.errors import DoriaError

if TYPE_CHECKING:
    from doria_nb.engine.cards import ContentPack

__all__ = ["NoDefaultPack", "default_pack", "pack_or_default", "use_default_pack"]

_default: Callable[[], ContentPack] | None = None


class NoDefaultPack(DoriaError):
    """No content pack was given and no default pack has been supplied."""


def use_default_pack(provider: Callable[[], ContentPack] | None) -> None:
    """Make ``provider()`` the pack of every call that passes none (``None``: no default).

    ``doria_nb/__init__.py`` calls it once; a test may call it to play without a default.
    """
    global _default
    if provider is not None and not callable(provider):
        raise TypeError(f"The default pack is given as a function returning it, not {provider!r}.")
    _default = provider


def default_pack() -> ContentPack:
    """The default pack (see the module text); :class:`NoDefaultPack` when none is set."""
    if _default is None:
        raise NoDefaultPack(
            "No content pack was given, and none is set as the default: pass pack=... (for "
            "the book's own cards, import doria_nb, which sets its starter pack as the default)."
        )
    return _default()


def pack_or_default(pack: ContentPack | None) -> ContentPack:
    """``pack``, or the default pack when it is ``None``.

    >>> from doria_nb.engine.packs import pack_or_default
    >>> mine = object()  # any pack a caller passes is the one used
    >>> pack_or_default(mine) is mine
    True
    >>> pack_or_default(None).id  # none passed: the default, the book's starter pack
    'starter'
    """
    return pack if pack is not None else default_pack()
