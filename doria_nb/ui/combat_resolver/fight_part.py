"""The fight part of the combat resolver's view: the fighters, the engine's odds (in words and
as an :class:`~doria_nb.ui.outcome_chart.OutcomeChart`), the seed and Roll, the question the
engine waits for after the roll, its arithmetic, Apply and the status line.

:meth:`FightPart.render` draws the model: a new odds panel redraws the chart (nothing marked),
the outcome a roll landed in is marked on it, and a new question refills the answer list with
the engine's default picked.
"""

from __future__ import annotations

import ipywidgets as widgets

from doria_nb.engine.checks import Outcome
from doria_nb.engine.combat import AttackResolution
from doria_nb.engine.decisions import Choice
from doria_nb.ui.combat_resolver.css import CSS_CLASSES, classed_by_name
from doria_nb.ui.combat_resolver.model import OddsPanel, ResolverModel
from doria_nb.ui.combat_resolver.texts import (
    arithmetic_html,
    fighters_html,
    panel_html,
    question_html,
    status_html,
)
from doria_nb.ui.outcome_chart import OutcomeChart

__all__ = ["FightPart"]

_WIDE = {"description_width": "initial"}


class FightPart:
    """The fight controls and texts, seeded from ``model``."""

    WIDGETS = (
        "fighters_html",
        "odds_html",
        "outcome_chart",
        "seed_input",
        "roll_button",
        "new_fight_button",
        "question_html",
        "choice_select",
        "decide_button",
        "use_default_button",
        "choice_box",
        "arithmetic_html",
        "apply_button",
        "status_html",
    )
    """The names of the part's widgets (the view shows them under the same names)."""

    def __init__(self, model: ResolverModel) -> None:
        self.fighters_html = widgets.HTML()
        self.odds_html = widgets.HTML()
        self.outcome_chart = OutcomeChart(title="Outcome odds")
        self.seed_input = widgets.IntText(
            value=model.seed, description="Seed", layout=widgets.Layout(width="12em")
        )
        self.roll_button = widgets.Button(description="Roll", button_style="primary")
        self.new_fight_button = widgets.Button(
            description="New fight", tooltip="Fresh fighters, and the seed's dice from the start"
        )
        self.question_html = widgets.HTML()
        self.choice_select = widgets.Dropdown(description="Answer", style=_WIDE)
        self.decide_button = widgets.Button(description="Decide")
        self.use_default_button = widgets.Button(
            description="Use the default", layout=widgets.Layout(width="auto")
        )
        self.choice_box = widgets.VBox(
            [
                self.question_html,
                widgets.HBox([self.choice_select, self.decide_button, self.use_default_button]),
            ]
        )
        self.arithmetic_html = widgets.HTML()
        self.apply_button = widgets.Button(
            description="Apply", tooltip="Apply the result to the hero (and the monster's HP)"
        )
        self.status_html = widgets.HTML()
        classed_by_name(self)
        self.seed_input.add_class(CSS_CLASSES["seed"])
        self.outcome_chart.widget.add_class(CSS_CLASSES["chart"])
        self.outcome_chart.caption.add_class(CSS_CLASSES["caption"])
        self._panel: OddsPanel | None = None
        self._landed: Outcome | None = None
        self._pending: Choice | None = None
        self._resolution: AttackResolution | None = None

    def children(self) -> list[widgets.Widget]:
        """The rows of the part, top to bottom."""
        return [
            self.fighters_html,
            self.odds_html,
            self.outcome_chart.widget,
            self.outcome_chart.caption,
            widgets.HBox([self.seed_input, self.roll_button, self.new_fight_button]),
            self.choice_box,
            self.arithmetic_html,
            self.apply_button,
            self.status_html,
        ]

    def render(self, model: ResolverModel) -> None:
        """Show the model's fight: what changed since the last render is drawn again."""
        self.fighters_html.value = fighters_html(model.character, model.foe)
        self.seed_input.value = model.seed
        self._render_odds(model)
        pending = model.pending
        if pending is not None and pending is not self._pending:
            self.question_html.value = question_html(pending)
            self.choice_select.options = [(o.label, o.key) for o in pending.options]
            self.choice_select.value = model.pending_default()
        self._pending = pending
        if model.resolution is not self._resolution:
            self.arithmetic_html.value = arithmetic_html(model.resolution)
            self._resolution = model.resolution
        waiting = pending is not None
        self.choice_box.layout.display = None if waiting else "none"
        self.apply_button.disabled = model.resolution is None or model.applied
        self.roll_button.disabled = bool(model.error) or waiting
        self.status_html.value = status_html(model.status, problem=model.problem)

    def _render_odds(self, model: ResolverModel) -> None:
        chart, panel = self.outcome_chart, model.panel
        if panel is not None and panel is not self._panel:
            self.odds_html.value = panel_html(panel)
            if panel.odds is None:
                chart.show([], check=False)
            else:
                chart.show(panel.odds.outcomes, check=False, title=f"Outcome odds: {panel.title}")
            self._panel, self._landed = panel, None
        if model.landed is not self._landed:
            if self._landed is not None:
                chart.clear_landed()
            if model.landed is not None:
                chart.mark_landed(model.landed)
            self._landed = model.landed
