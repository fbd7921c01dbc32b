"""Where the widgets' front-end files live, in a checkout and in an installed wheel.

Each anywidget's front end is a plain ES module (plus a stylesheet) under ``widgets/`` at the
root of the repository. The wheel force-includes that folder inside the package as
``doria_nb/_widgets/`` (see ``pyproject.toml``), so the same file is found either way:

>>> widget_asset("dice_tray.js").name
'dice_tray.js'

Anywidget classes pass these paths to ``_esm``/``_css``; anywidget reads a ``Path`` when the
class is created, so a missing file fails at import, not later in the browser.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

_PACKAGE_DIR = Path(__file__).resolve().parents[1]
"""The ``doria_nb`` package directory."""

WHEEL_WIDGETS_DIR = _PACKAGE_DIR / "_widgets"
"""Where the wheel puts the front-end files (``force-include`` in ``pyproject.toml``)."""

CHECKOUT_WIDGETS_DIR = _PACKAGE_DIR.parent / "widgets"
"""Where the front-end files are in a repository checkout (editable install)."""


def widget_asset(name: str) -> Path:
    """The front-end file ``name`` (e.g. ``"dice_tray.js"``) of a widget, as an absolute path.

    Looks in the installed wheel's ``doria_nb/_widgets/`` first, then in the checkout's
    ``widgets/``. Raises :class:`FileNotFoundError` naming both places when neither has it.
    """
    relative = PurePosixPath(name)
    if not name or relative.is_absolute() or ".." in relative.parts:
        raise ValueError(f"A widget asset is named by a file name inside widgets/, not {name!r}.")
    candidates = (WHEEL_WIDGETS_DIR / relative, CHECKOUT_WIDGETS_DIR / relative)
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(
        f"The widget front-end file {name!r} is missing: looked for "
        f"{candidates[0]} (installed wheel) and {candidates[1]} (repository checkout). "
        "Reinstall doria-nb, or restore the file under widgets/."
    )
