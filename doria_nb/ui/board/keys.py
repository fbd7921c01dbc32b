"""The board by keyboard: a focusable strip next to the Bokeh canvas.

Bokeh's canvas takes no keyboard focus, so :class:`BoardKeys` (an anywidget, front end
``widgets/board_keys.js``) sits next to it: Tab reaches it, and each arrow key, Enter (or
Space) and Home comes to Python as an intent. Python decides everything: the
:class:`~doria_nb.ui.board.model.BoardModel` moves the cursor one square within the board's area
(:func:`~doria_nb.ui.board.model.cursor_step`), and the
:class:`~doria_nb.ui.board.view.BoardView` draws the cursor and, on Enter, delivers a tap on the
cursor square exactly as a click would arrive. The strip shows the cursor square and what
lies there in words (``text``), which a screen reader announces.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from doria_nb.ui.assets import widget_asset
from doria_nb.ui.board.model import KEYS

__all__ = ["BoardKeys"]


class BoardKeys(anywidget.AnyWidget):
    """The keyboard strip of a board: ``text`` is what it shows (the cursor square in words),
    ``cursor`` the cursor square as ``"x,y"`` (for tests and the page). Register what a key
    does with :meth:`on_key`; :meth:`press` delivers a key as the page does."""

    _esm = widget_asset("board_keys.js")
    _css = widget_asset("board_keys.css")

    text = traitlets.Unicode("").tag(sync=True)
    cursor = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: list[Callable[[str], None]] = []
        self.on_msg(self._on_message)

    def on_key(self, handler: Callable[[str], None]) -> None:
        """Call ``handler(key)`` for each key the page sends (``"ArrowUp"``… ``"Enter"``,
        ``"Home"``, and ``"focus"`` when the strip gets the focus)."""
        self._handlers.append(handler)

    def press(self, key: str) -> None:
        """Deliver ``key`` as a key press on the page would."""
        self._on_message(self, {"kind": "key", "key": key}, [])

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("kind")
        key = "focus" if kind == "focus" else content.get("key")
        if kind not in ("key", "focus") or (kind == "key" and key not in KEYS):
            return  # anything else from the page is ignored: the page only sends intents
        for handler in self._handlers:
            handler(str(key))
