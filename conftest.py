"""Loaded by pytest before it collects anything under this folder.

``doria_nb`` is imported here, the ordinary way, before pytest collects the doctests of its
modules by their paths (``--import-mode=importlib``). Collected first, a module such as
``doria_nb/engine/packs.py`` would otherwise be executed a second time under its own name,
and the copy would replace the one ``doria_nb/__init__.py`` gave the engine's default pack
(see :mod:`doria_nb.engine.packs`), so ``pytest doria_nb/engine/packs.py doria_nb/engine/game``
would find no default pack.
"""

from __future__ import annotations

import doria_nb  # noqa: F401 - imported for its wiring, see the module text
