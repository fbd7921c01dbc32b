"""``python -m doria_nb.soak``: see :mod:`doria_nb.soak.cli`."""

from __future__ import annotations

from doria_nb.soak.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
