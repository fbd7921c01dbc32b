"""Names a package exports but loads only when first read (PEP 562 module ``__getattr__``).

The public faces of :mod:`doria_nb`, :mod:`doria_nb.engine` and :mod:`doria_nb.engine.game`
offer the game in one import line, but importing any engine module goes through those
packages first. Loading the whole game there would make ``import doria_nb.engine.dice`` pull in
every rule, and would turn the packages' ``__init__`` files into import cycles (the game's own
modules import each other through the package). So each package lists where its names live,
and this module's hook imports a name's home the first time the name is read.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_attributes"]


def lazy_attributes(
    package: str, homes: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: each name of ``homes`` is read
    from the module ``homes[name]`` when first asked for; any other name is an
    :class:`AttributeError`, as for a plain module."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(home), name)

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *homes})

    return __getattr__, __dir__
