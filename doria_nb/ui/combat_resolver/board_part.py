"""The board part of the combat resolver's view: load a situation, pick who attacks whom on it,
and read what the board decides (*Range and Line of Sight*, *Difficult Terrain*).

An :class:`ipywidgets.Accordion`, collapsed at first: a text area for a situation (the text
format of ``docs/situation-format.md``, or a ``doria1:`` code), Load and Clear board, and two
lists of the situation's figures, the attacker and the defender (a hero and a monster; who
attacks sets the direction of the attack), and the board's answer in words.

The rules are the model's (:meth:`~doria_nb.ui.combat_resolver.model.ResolverModel.load_situation`):
with a board loaded the fighters follow the figures picked, *hindered* is the board's and an
attack the board forbids cannot be rolled.
"""

from __future__ import annotations

import ipywidgets as widgets

from doria_nb.engine.situation import CODE_PREFIX, Situation
from doria_nb.ui.combat_resolver.css import CSS_CLASSES
from doria_nb.ui.combat_resolver.model import ResolverModel
from doria_nb.ui.combat_resolver.texts import board_check_html

__all__ = ["BOARD_TITLE", "BoardPart"]

BOARD_TITLE = "Board: load a situation"


class BoardPart:
    """The board controls (no situation loaded at first)."""

    WIDGETS = (
        "board_part",
        "board_text",
        "load_button",
        "clear_board_button",
        "attacker_select",
        "defender_select",
        "board_html",
    )
    """The names of the part's widgets (the view shows them under the same names)."""

    def __init__(self) -> None:
        self.board_text = widgets.Textarea(
            placeholder=f"A situation (map: ... figures: ...) or a {CODE_PREFIX} code",
            layout=widgets.Layout(width="100%", height="12em"),
        )
        self.load_button = widgets.Button(
            description="Load", tooltip="Read the situation and put its fighters in the fight"
        )
        self.clear_board_button = widgets.Button(
            description="Clear board",
            tooltip="Forget the situation: pick the fighters and hindered freely again",
            disabled=True,
        )
        self.attacker_select = widgets.Dropdown(description="Attacker", disabled=True)
        self.defender_select = widgets.Dropdown(description="Defender", disabled=True)
        self.board_html = widgets.HTML()
        self.board_part = widgets.Accordion(
            children=[
                widgets.VBox(
                    [
                        self.board_text,
                        widgets.HBox([self.load_button, self.clear_board_button]),
                        widgets.HBox([self.attacker_select, self.defender_select]),
                        self.board_html,
                    ]
                )
            ],
            selected_index=None,
        )
        self.board_part.set_title(0, BOARD_TITLE)
        for part, name in (
            (self.board_part, "board"),
            (self.board_text, "board_text"),
            (self.load_button, "load"),
            (self.clear_board_button, "clear_board"),
            (self.attacker_select, "attacker"),
            (self.defender_select, "defender"),
            (self.board_html, "board_check"),
        ):
            part.add_class(CSS_CLASSES[name])
        self._situation: Situation | None = None

    def render(self, model: ResolverModel) -> None:
        """Show the model's board: the text loaded, the fighters picked, the board's answer."""
        loaded = model.situation is not None
        if model.situation is not self._situation:
            if loaded:
                self.board_text.value = model.board_text
            self._situation = model.situation
        self.attacker_select.options = model.attacker_choices()
        self.attacker_select.value = model.attacker
        self.defender_select.options = model.defender_choices()
        self.defender_select.value = model.defender
        self.attacker_select.disabled = self.defender_select.disabled = not loaded
        self.clear_board_button.disabled = not loaded
        self.board_html.value = board_check_html(model.board_check)
