"""The campaign at the play table, as widgets: the sheet, the scenario's table, and between two
scenarios the group's choices (*Campaign Sheet Anatomy*).

:class:`CampaignView` shows a :class:`~doria_nb.ui.play_table.campaign.CampaignTable`:

* the Campaign Sheet in words, and as JSON to copy and keep (continue from it later in the
  set-up form);
* the scenario being played, a :class:`~doria_nb.ui.play_table.view.PlayTable`;
* when the scenario is over, the choices: replay or go on (after a scenario not won), the
  cards each hero keeps, each hero's bonus after an even-numbered scenario, the next
  scenario where the campaign branches; "Fill in the Campaign Sheet" applies them (a refused
  choice says why and changes nothing), then "Start the next scenario".

>>> from doria_nb.content.campaigns import starter_campaigns
>>> from doria_nb.ui.play_table.campaign import CampaignTable
>>> run = CampaignTable.begin(starter_campaigns()[0], ["warrior"], 2, bots=["warrior"])
>>> view = CampaignView(run)
>>> view.fill_button.disabled, view.next_button.disabled
(False, True)
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from doria_nb.engine.errors import DoriaError
from doria_nb.ui.play_table.campaign import CampaignTable
from doria_nb.ui.play_table.view import PlayTable

__all__ = ["CAMPAIGN_CSS", "CampaignView"]

CAMPAIGN_CSS = {
    "root": "doria-campaign",
    "sheet": "doria-campaign-sheet",
    "json": "doria-campaign-json",
    "after": "doria-campaign-after",
    "fill": "doria-campaign-fill",
    "next": "doria-campaign-next",
    "status": "doria-campaign-status",
}

_PROCEED_WORDS = {"continue": "go on to the next scenario", "replay": "play it again"}


class CampaignView(widgets.VBox):
    """See the module text."""

    def __init__(self, run: CampaignTable, **kwargs: Any) -> None:
        self.run = run
        self.sheet_text = widgets.HTML()
        self.sheet_json = widgets.Textarea(
            description="Sheet (JSON)",
            layout=widgets.Layout(width="100%", height="8em"),
        )
        self.status = widgets.HTML()
        self.proceed = widgets.Dropdown(description="Then")
        self.branch = widgets.Dropdown(description="Next scenario")
        self.keep: dict[str, widgets.SelectMultiple] = {}
        self.bonus: dict[str, widgets.Dropdown] = {}
        self.choice_box = widgets.VBox()
        self.fill_button = widgets.Button(
            description="Fill in the Campaign Sheet", button_style="primary"
        )
        self.next_button = widgets.Button(
            description="Start the next scenario", button_style="success"
        )
        self.after = widgets.VBox(
            [widgets.HTML("<b>The scenario is over</b>"), self.choice_box, self.fill_button]
        )
        self.place = widgets.Box()
        for key, widget in (
            ("sheet", self.sheet_text),
            ("json", self.sheet_json),
            ("after", self.after),
            ("fill", self.fill_button),
            ("next", self.next_button),
            ("status", self.status),
        ):
            widget.add_class(CAMPAIGN_CSS[key])
        sheet = widgets.Accordion(
            children=[widgets.VBox([self.sheet_text, self.sheet_json])],
            titles=("The Campaign Sheet",),
        )
        super().__init__([sheet, self.status, self.after, self.next_button, self.place], **kwargs)
        self.add_class(CAMPAIGN_CSS["root"])
        self.table: PlayTable | None = None
        self.fill_button.on_click(lambda _: self.fill_in())
        self.proceed.observe(lambda _: self._fit_keep(), "value")
        self.next_button.on_click(lambda _: self.start_next())
        self._shown_choices = False
        self._show_table()
        self.refresh()

    # -- intents ----------------------------------------------------------------------------

    def fill_in(self) -> str:
        """Fill in the sheet with the choices shown; a refusal is shown in words."""
        run = self.run
        try:
            message = run.fill_in(
                proceed=str(self.proceed.value),
                keep={hero: tuple(box.value) for hero, box in self.keep.items()},
                bonuses={hero: box.value for hero, box in self.bonus.items() if box.value},
                branch=self.branch.value if len(self.branch.options) > 1 else None,
            )
        except DoriaError as error:
            return self._say(f"✖ {error} The sheet is unchanged.", problem=True)
        self.refresh()
        return self._say(f"✔ {message}")

    def start_next(self) -> str:
        """Put the next scenario on the table."""
        try:
            self.run.next_scenario()
        except DoriaError as error:
            return self._say(f"✖ {error}", problem=True)
        self._show_table()
        self.refresh()
        return self._say(f"✔ {self.run.message}")

    # -- drawing ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw the sheet, and the choices when the scenario is over. A game loaded on the
        table (its save and load panel) continues the campaign if it is this sheet's next
        scenario; another one is refused in words and the campaign's game comes back."""
        run = self.run
        if self.table is not None and run.table is not None and self.table.model is not run.table:
            self._adopt(self.table.model)
        self.sheet_text.value = f"<pre>{escape(run.sheet.describe())}</pre>"
        self.sheet_json.value = run.sheet_json()
        over = run.scenario_over
        self.after.layout.display = "" if over else "none"
        self.fill_button.disabled = not over
        self.next_button.disabled = over or run.campaign_over or not _no_scenario_running(run)
        self.next_button.layout.display = "none" if run.campaign_over else ""
        if over and not self._shown_choices:
            self._show_choices()
        if not over:
            self._shown_choices = False

    def _adopt(self, model: Any) -> None:
        try:
            self._say(f"✔ {self.run.adopt(model)}")
        except DoriaError as error:
            self._say(f"✖ {error} The campaign's game is back on the table.", problem=True)
            self._show_table()

    def _show_table(self) -> None:
        model = self.run.table
        if model is None:
            self.place.children = ()
            return
        self.table = PlayTable(model)
        self.table.listeners.append(self.refresh)
        self.place.children = (self.table,)

    def _show_choices(self) -> None:
        choices = self.run.choices()
        self._shown_choices = True
        self.proceed.options = [(_PROCEED_WORDS[p], p) for p in choices.proceed]
        self.proceed.value = choices.proceed[-1] if choices.won else choices.proceed[0]
        self.branch.options = list(choices.branches) or [("none: the campaign ends", None)]
        self.keep = {}
        self.bonus = {}
        rows: list[widgets.Widget] = [
            widgets.HTML(
                f"Outcome: <b>{choices.outcome.value}</b>. Each hero may keep "
                f"{choices.allowance} card(s) if the scenario counts as completed "
                f"({choices.allowance_if_replayed} if it is played again)."
            ),
            self.proceed,
        ]
        if len(choices.branches) > 1:
            rows.append(self.branch)
        for hero, cards in choices.cards.items():
            box = widgets.SelectMultiple(
                options=[(name, card) for card, name in cards],
                value=tuple(choices.default_keep[hero]),
                description=f"{hero} keeps",
                rows=min(6, max(2, len(cards))),
            )
            self.keep[hero] = box
            rows.append(box)
        for hero, bonuses in choices.bonuses.items():
            pick = widgets.Dropdown(
                options=[(name, bonus) for bonus, name in bonuses],
                description=f"{hero}'s bonus",
            )
            self.bonus[hero] = pick
            rows.append(pick)
        if choices.dead:
            rows.append(
                widgets.HTML(
                    f"{', '.join(choices.dead)} died: a new character takes the place, with the "
                    "others' points and level (*Death of a character in campaigns*)."
                )
            )
        self.choice_box.children = rows
        self._choices = choices
        self._fit_keep()

    def _fit_keep(self) -> None:
        """The cards kept by default for the way on chosen: one card more only when the
        scenario counts as completed (went on from), not when it is played again."""
        choices = getattr(self, "_choices", None)
        if choices is None:
            return
        completed = self.proceed.value == "continue"
        allowance = choices.allowance if completed else choices.allowance_if_replayed
        for hero, box in self.keep.items():
            default = choices.default_keep[hero][:allowance]
            if len(box.value) > allowance or (completed and not box.value):
                box.value = tuple(default)

    def _say(self, text: str, *, problem: bool = False) -> str:
        colour = "#b00020" if problem else "inherit"
        self.status.value = f'<p style="color: {colour}">{escape(text)}</p>'
        return text


def _no_scenario_running(run: CampaignTable) -> bool:
    """Whether the campaign's table has no scenario still being played."""
    return run.table is None or run.table.game.over
