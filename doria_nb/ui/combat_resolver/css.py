"""The stable CSS classes of the combat resolver's parts (for browser tests and styling)."""

from __future__ import annotations

import ipywidgets as widgets

__all__ = ["CSS_CLASSES", "classed_by_name"]

CSS_CLASSES = {
    "root": "doria-combat-resolver",
    "hero": "doria-combat-hero",
    "monster": "doria-combat-monster",
    "level": "doria-combat-level",
    "direction": "doria-combat-direction",
    "attack": "doria-combat-attack-option",
    "defense": "doria-combat-defense-option",
    "element": "doria-combat-element",
    "hindered": "doria-combat-hindered",
    "no_fumbles": "doria-option-no-fumbles",
    "dice_rolling": "doria-option-dice-rolling",
    "critical_fail": "doria-option-critical-fail",
    "fighters": "doria-combat-fighters",
    "odds": "doria-combat-odds",
    "chart": "doria-chart",
    "caption": "doria-chart-caption",
    "seed": "doria-seed-input",
    "roll": "doria-combat-roll",
    "new_fight": "doria-combat-new-fight",
    "question": "doria-combat-question",
    "choice": "doria-combat-choice",
    "decide": "doria-combat-decide",
    "use_default": "doria-combat-use-default",
    "arithmetic": "doria-combat-arithmetic",
    "apply": "doria-combat-apply",
    "status": "doria-status",
    "board": "doria-combat-board",
    "board_text": "doria-combat-board-text",
    "load": "doria-combat-board-load",
    "clear_board": "doria-combat-board-clear",
    "attacker": "doria-combat-board-attacker",
    "defender": "doria-combat-board-defender",
    "board_check": "doria-combat-board-check",
}
"""The CSS class of each part, by the part's name."""


def classed_by_name(part: object) -> None:
    """Give each widget of ``part`` named ``<name>_select``, ``_box``, ``_html`` or ``_button``
    the class of ``<name>`` in :data:`CSS_CLASSES`."""
    for name, css in CSS_CLASSES.items():
        for suffix in ("_select", "_box", "_html", "_button"):
            widget = getattr(part, name + suffix, None)
            if isinstance(widget, widgets.DOMWidget):
                widget.add_class(css)
                break
