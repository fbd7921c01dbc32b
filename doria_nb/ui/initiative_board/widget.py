"""The Initiative Board drawn in the browser: the AP track, the Doom Counter, the Round Marker
and the Group XP track (*Phase D: Action Phase*, *Phase G: Doom Counter*, *Phase A: Round
Marker +1*, *Character Improvement*).

The widget is a view. Python builds plain records (:class:`~.state.BoardMarker`,
:class:`~.state.InitiativeBoardState`), turns them into plain JSON
(:func:`~.words.board_json`) and the front end
(``widgets/initiative_board.js``) only draws it. A click (or Enter) on a marker sends the intent
``{"type": "select", "key": ...}``; Python decides what it means, records it in
:attr:`InitiativeBoard.selected` and calls the callbacks given to
:meth:`InitiativeBoard.on_select`.

How the board reads without colour: heroes are round tokens and monsters square ones, each with
its letters; the Doom Counter's red squares carry ``!`` and the orange Level square ``▲``; the
hero level-up rounds carry ``★``; the Round Marker's door side says DOOR. :meth:`describe` says
the whole board in words, for screen readers and for tests.

>>> from doria_nb.ui.initiative_board.state import BoardMarker
>>> board = InitiativeBoard(InitiativeBoardState(markers=(
...     BoardMarker("green", "Green", "hero", 19), BoardMarker("orc", "Orc", "monster", 19))))
>>> board.next_up()
('green',)
>>> board.state_json()["markers"][0]["square"]
19
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from doria_nb.ui.assets import widget_asset
from doria_nb.ui.initiative_board.state import (
    InitiativeBoardError,
    InitiativeBoardState,
    acts_next,
)
from doria_nb.ui.initiative_board.words import board_json, describe_board

__all__ = ["CSS_CLASS", "InitiativeBoard"]

CSS_CLASS = "doria-initiative-board"
"""The stable CSS class of the widget (``add_class``), for browser tests and styling."""


# -- the widget --------------------------------------------------------------------------------


def _state_to_json(state: InitiativeBoardState, widget: InitiativeBoard) -> dict[str, Any]:
    return board_json(state, getattr(widget, "selected", None))


def _state_from_json(_value: Any, widget: InitiativeBoard) -> InitiativeBoardState:
    # The front end never sets the state (it only sends intents); keep the record.
    return widget.state


class InitiativeBoard(anywidget.AnyWidget):
    """The Initiative Board in the browser; a view of an :class:`InitiativeBoardState`.

    :attr:`state` is the record shown; it reaches the front end as the plain JSON of
    :func:`board_json` (a custom serializer of the synced ``state`` trait), so the front end
    never sees a record. :meth:`show` draws a new state. A click or Enter on a marker sends
    ``{"type": "select", "key": ...}``; Python keeps the key in :attr:`selected` and calls every
    :meth:`on_select` callback with it. A key that is not on the board selects nothing (the
    board says why in :attr:`message`).
    """

    _esm = widget_asset("initiative_board.js")
    _css = widget_asset("initiative_board.css")

    state = traitlets.Any().tag(sync=True, to_json=_state_to_json, from_json=_state_from_json)
    """The :class:`InitiativeBoardState` shown; synced as the JSON of :func:`board_json`."""

    def __init__(self, state: InitiativeBoardState | None = None, **kwargs: Any) -> None:
        self.selected: str | None = None
        """The key of the marker last selected (``None`` before any, or once it left)."""
        self.message = ""
        """Why the last intent was refused, in words (``""`` when it was not)."""
        self._callbacks: list[Callable[[str], Any]] = []
        super().__init__(state=InitiativeBoardState() if state is None else state, **kwargs)
        self.add_class(CSS_CLASS)
        self.on_msg(self._on_front_end_message)

    @traitlets.validate("state")
    def _valid_state(self, proposal: Any) -> InitiativeBoardState:
        value = proposal["value"]
        if not isinstance(value, InitiativeBoardState):
            raise InitiativeBoardError(
                f"The Initiative Board shows an InitiativeBoardState, not {type(value).__name__}."
            )
        return value

    def show(self, state: InitiativeBoardState) -> None:
        """Draw ``state``. A selected marker that is no longer on the board is unselected."""
        self._valid_state({"value": state})
        if self.selected is not None and self.selected not in {m.key for m in state.markers}:
            self.selected = None
        if state == self.state:
            self.send_state("state")
        else:
            self.state = state

    def describe(self) -> str:
        """The board in words: who stands where, who acts next, the Doom Counter, the round and
        the Group XP (also shown under the board for screen readers)."""
        return describe_board(self.state)

    def next_up(self) -> tuple[str, ...]:
        """The keys of who acts next (:func:`acts_next`)."""
        return tuple(m.key for m in acts_next(self.state))

    def state_json(self) -> dict[str, Any]:
        """The plain JSON the front end is sent (:func:`board_json` with the selection)."""
        return board_json(self.state, self.selected)

    def on_select(self, callback: Callable[[str], Any], *, remove: bool = False) -> None:
        """Call ``callback(key)`` whenever a marker is selected (``remove=True`` stops it)."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def select(self, key: str | None) -> None:
        """Select the marker ``key`` (as a click does), or nothing with ``None``."""
        if key is not None and key not in {m.key for m in self.state.markers}:
            self.message = f"No Initiative Marker has the key {key!r}; nothing was selected."
            return
        self.message = ""
        self.selected = key
        self.send_state("state")
        if key is not None:
            for callback in list(self._callbacks):
                callback(key)

    def _on_front_end_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("type") != "select":
            self.message = f"The Initiative Board does not understand the request {content!r}."
            return
        key = content.get("key")
        if not isinstance(key, str):
            self.message = f"A select request needs a marker key, not {key!r}."
            return
        self.select(key)
