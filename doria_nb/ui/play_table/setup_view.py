"""Setting up a game at the table: scenario, heroes, who plays each, optional rules, honest mode
— a Single Scenario, or a Campaign (*Campaign Mode*).

:class:`TableSetup` is a form (ipywidgets) whose Start button builds a
:class:`~doria_nb.ui.play_table.view.PlayTable` and shows it below the form;
:meth:`TableSetup.start` does the same from Python. Every field of
:class:`~doria_nb.engine.options.RulesOptions` gets a control titled with its section: a
checkbox for an on/off rule, a dropdown of the variants for *Dominance*, *Fate Points*,
*Monster Difficulty* and the others with variants, a list for *Combat Modifiers* and one
for the named readings (``docs/rulings.md``). A setup the
engine refuses (no hero, a bad option) says why and starts nothing.

"Game mode" chooses a Single Scenario or a Campaign. A campaign begins with one of the pack's
campaigns (the starter campaign *The Drowned Crown* and every campaign file of the pack) and
the heroes chosen — premade ones and heroes created in the hero builder (*Optional Rule:
Create Heroes*, "Create a hero…") — or continues from a Campaign Sheet pasted (or loaded
from a file) as JSON; the form then shows a
:class:`~doria_nb.ui.play_table.campaign_view.CampaignView` below it
(:meth:`TableSetup.start_campaign`, :meth:`TableSetup.continue_campaign`). A damaged sheet is
refused in words and nothing starts.

>>> form = TableSetup()
>>> table = form.start()
>>> sorted(table.model.seats.people)
['I', 'M', 'R', 'W']
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import fields
from typing import Any

import ipywidgets as widgets

from doria_nb.engine.campaign import CampaignBook, CampaignError, CreatedHero
from doria_nb.engine.cards import ContentPack
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.options import (
    COMBAT_MODIFIER_NAMES,
    DOMINANCE_BONUSES,
    DOMINANCE_VARIANTS,
    FATE_POINT_VARIANTS,
    MONSTER_DIFFICULTY_VARIANTS,
    TITLES,
    RulesOptions,
)
from doria_nb.engine.readings import READINGS

__all__ = ["SETUP_CSS", "TableSetup"]

SETUP_CSS = {
    "root": "doria-play-setup",
    "scenario": "doria-play-setup-scenario",
    "hero": "doria-play-setup-hero",
    "seed": "doria-play-setup-seed",
    "start": "doria-play-setup-start",
    "status": "doria-play-setup-status",
    "table": "doria-play-setup-table",
    "mode": "doria-play-setup-mode",
    "campaign": "doria-play-setup-campaign",
    "sheet": "doria-play-setup-sheet",
    "continue": "doria-play-setup-continue",
}

SINGLE, CAMPAIGN = "single", "campaign"
"""The two game modes of the rulebook."""

_SEATS = [("not playing", ""), ("a person", "person"), ("the bot", "bot")]


_CHOICES: dict[str, tuple[object, ...]] = {
    "dominance": DOMINANCE_VARIANTS,
    "dominance_bonus": DOMINANCE_BONUSES,
    "monster_difficulty": MONSTER_DIFFICULTY_VARIANTS,
    "hp_per_armor": (1, 2),
    "fate_points": FATE_POINT_VARIANTS,
    "easier_overall_game": (0, 1, 2, 3),
}
"""The settings with variants, and their values (the engine's own lists)."""

_SETTING_TITLES = {"dominance_bonus": "Dominance gives", "hp_per_armor": "HP per armor point"}


def _option_control(name: str) -> widgets.Widget:
    """The control of one field of :class:`RulesOptions`, titled with its section."""
    title = TITLES.get(name) or _SETTING_TITLES.get(name, name.replace("_", " "))
    value = getattr(RulesOptions(), name)
    if name == "combat_modifiers":
        return widgets.SelectMultiple(
            options=list(COMBAT_MODIFIER_NAMES), description=title, rows=4
        )
    if name == "readings":
        return widgets.SelectMultiple(
            options=sorted(READINGS), description="Named readings", rows=len(READINGS)
        )
    if name in _CHOICES:
        return widgets.Dropdown(options=list(_CHOICES[name]), value=value, description=title)
    return widgets.Checkbox(description=title, indent=False, value=bool(value))


class TableSetup(widgets.VBox):
    """The setup form; see the module text. ``pack`` is the content pack (starter by default)."""

    def __init__(
        self,
        pack: ContentPack | None = None,
        *,
        campaigns: Sequence[CampaignBook] | None = None,
        **kwargs: Any,
    ) -> None:
        if pack is None:
            from doria_nb.content import starter_pack

            pack = starter_pack()
        self.pack = pack
        if campaigns is None:
            from doria_nb.content.campaigns import starter_campaigns

            campaigns = starter_campaigns() if pack.id == "starter" else ()
        self.campaigns = tuple(campaigns)
        self.mode = widgets.ToggleButtons(
            options=[("Single Scenario", SINGLE), ("Campaign", CAMPAIGN)],
            value=SINGLE,
            description="Game mode",
        )
        self.campaign = widgets.Dropdown(
            options=[(b.name, b.id) for b in self.campaigns], description="Campaign"
        )
        self.sheet_text = widgets.Textarea(
            placeholder="… or paste a Campaign Sheet (JSON) here to continue a campaign",
            layout=widgets.Layout(width="100%", height="6em"),
        )
        self.sheet_file = widgets.FileUpload(accept=".json", multiple=False)
        self.continue_button = widgets.Button(description="Continue from this sheet")
        self.created: list[tuple[CreatedHero, str]] = []
        """Heroes the group created for the campaign (*Create Heroes*) and who plays each."""
        self.created_list = widgets.HTML()
        self.builder_button = widgets.Button(description="Create a hero…", icon="user-plus")
        self.clear_created_button = widgets.Button(description="No created heroes")
        self.builder_box = widgets.VBox()
        self.builder: Any = None
        self.campaign_box = widgets.VBox(
            [
                self.campaign,
                widgets.HBox([self.builder_button, self.clear_created_button, self.created_list]),
                self.builder_box,
                self.sheet_text,
                widgets.HBox([self.sheet_file, self.continue_button]),
            ]
        )
        scenarios = [(s.name, s.id) for s in pack.scenarios]
        self.scenario = widgets.Dropdown(options=scenarios, description="Scenario")
        self.heroes: dict[str, widgets.Dropdown] = {}
        default = ("warrior", "mage", "ranger", "priestess")
        for hero in pack.heroes:
            seat = widgets.Dropdown(
                options=_SEATS,
                value="person" if hero.id in default else "",
                description=hero.name,
                style={"description_width": "8em"},
            )
            seat.add_class(SETUP_CSS["hero"])
            seat.add_class(f"doria-play-setup-{hero.id}")
            self.heroes[hero.id] = seat
        self.seed = widgets.IntText(value=1, description="Seed")
        self.honest = widgets.Checkbox(description="honest mode (no undo of a roll or a card)")
        self.options = {f.name: _option_control(f.name) for f in fields(RulesOptions)}
        self.start_button = widgets.Button(description="Start the game", button_style="success")
        self.status = widgets.HTML()
        self.place = widgets.Box()
        for key, widget in (
            ("scenario", self.scenario),
            ("seed", self.seed),
            ("start", self.start_button),
            ("status", self.status),
            ("table", self.place),
            ("mode", self.mode),
            ("campaign", self.campaign),
            ("sheet", self.sheet_text),
            ("continue", self.continue_button),
        ):
            widget.add_class(SETUP_CSS[key])
        rules = widgets.Accordion(
            children=[widgets.VBox(list(self.options.values()))], titles=("Optional rules",)
        )
        super().__init__(
            [
                self.mode,
                self.scenario,
                self.campaign_box,
                widgets.HTML("<b>Who plays each hero</b> (1 to 6 heroes):"),
                widgets.GridBox(
                    list(self.heroes.values()),
                    layout=widgets.Layout(grid_template_columns="repeat(2, 22em)"),
                ),
                widgets.HBox([self.seed, self.honest]),
                rules,
                self.start_button,
                self.status,
                self.place,
            ],
            **kwargs,
        )
        self.add_class(SETUP_CSS["root"])
        self.table: Any = None
        self.campaign_view: Any = None
        self.start_button.on_click(lambda _: self._start_clicked())
        self.continue_button.on_click(lambda _: self._continue_clicked())
        self.builder_button.on_click(lambda _: self.open_builder())
        self.clear_created_button.on_click(lambda _: self.clear_created())
        self.sheet_file.observe(lambda _: self._sheet_loaded(), "value")
        self.mode.observe(lambda _: self._show_mode(), "value")
        self._show_mode()
        self._show_created()

    def rules(self) -> RulesOptions:
        """The optional rules the form names (the engine checks them)."""
        values = {name: widget.value for name, widget in self.options.items()}
        for many in ("combat_modifiers", "readings"):
            values[many] = frozenset(values.get(many, ()))
        return RulesOptions(**values)

    def _chosen(self) -> tuple[list[str], list[str]]:
        """The heroes chosen and those of them the bot plays."""
        chosen = [(hero, seat.value) for hero, seat in self.heroes.items() if seat.value]
        if not chosen:
            raise DoriaError("Choose at least one hero to play.")
        return [hero for hero, _ in chosen], [hero for hero, kind in chosen if kind == "bot"]

    def start(self) -> Any:
        """Build the table the form describes (and show it below the form): a Single
        Scenario, or in Campaign mode the chosen campaign's first scenario."""
        if self.mode.value == CAMPAIGN:
            return self.start_campaign()
        from doria_nb.ui.play_table.view import PlayTable

        heroes, bots = self._chosen()
        table = PlayTable.new(
            self.scenario.value,
            heroes,
            int(self.seed.value),
            bots=bots,
            options=self.rules(),
            honest=bool(self.honest.value),
        )
        self.table = table
        self.place.children = (table,)
        return table

    def add_created(self, hero: CreatedHero, seat: str = "person") -> None:
        """Add a created hero to the campaign's party, played by ``seat`` ("person" or
        "bot"); refused in words for a name already taken."""
        if not isinstance(hero, CreatedHero):
            raise CampaignError(f"A created hero is a CreatedHero, not {hero!r}.")
        if seat not in ("person", "bot"):
            raise CampaignError(f"A person or the bot plays a hero, not {seat!r}.")
        if any(h.hero_id == hero.hero_id for h, _ in self.created):
            raise CampaignError(f"{hero.name} is in the party already.")
        self.created.append((hero, seat))
        self._show_created()

    def clear_created(self) -> None:
        """Take the created heroes out of the party."""
        self.created = []
        self._show_created()

    def open_builder(self) -> Any:
        """Show the hero builder (*Optional Rule: Create Heroes*) with a button adding the
        hero it creates to the campaign's party."""
        from doria_nb.ui.hero_builder import HeroBuilder

        if self.builder is None:
            self.builder = HeroBuilder(pack=self.pack)
            seat = widgets.Dropdown(options=_SEATS[1:], value="person", description="Played by")
            add = widgets.Button(description="Add this hero to the campaign", icon="plus")
            add.on_click(lambda _: self._add_built(seat.value))
            self.builder_box.children = (widgets.HBox([add, seat]), self.builder)
        return self.builder

    def _add_built(self, seat: str) -> None:
        try:
            self.add_created(self.builder.created_hero(), seat)
        except DoriaError as error:
            self._refused(error)
            return
        self.status.value = f"<p>✔ {html.escape(self.builder.name)} joins the party.</p>"

    def _show_created(self) -> None:
        names = [f"{html.escape(h.name)} ({seat})" for h, seat in self.created]
        self.created_list.value = (
            "Created heroes: " + ", ".join(names) if names else "<i>no created hero</i>"
        )

    def start_campaign(self) -> Any:
        """Begin the chosen campaign with the heroes chosen and the heroes created (its first
        scenario below)."""
        from doria_nb.ui.play_table.campaign import CampaignTable

        book = next((b for b in self.campaigns if b.id == self.campaign.value), None)
        if book is None:
            raise CampaignError("Choose one of the pack's campaigns.")
        chosen = [(hero, seat.value) for hero, seat in self.heroes.items() if seat.value]
        heroes: list[str | CreatedHero] = [hero for hero, _ in chosen]
        bots = [hero for hero, kind in chosen if kind == "bot"]
        heroes += [hero for hero, _ in self.created]
        bots += [hero.hero_id for hero, seat in self.created if seat == "bot"]
        if not heroes:
            raise DoriaError("Choose at least one hero to play.")
        run = CampaignTable.begin(
            book, heroes, int(self.seed.value), bots=bots, options=self.rules(), pack=self.pack
        )
        return self._show_campaign(run)

    def continue_campaign(self, text: str | None = None) -> Any:
        """Continue the campaign of the Campaign Sheet ``text`` (JSON; by default the one
        pasted): its next scenario below; the seats are chosen as for a new game (heroes
        chosen as bots play as bots)."""
        from doria_nb.ui.play_table.campaign import CampaignTable

        text = self.sheet_text.value if text is None else text
        if not str(text).strip():
            raise CampaignError("Paste a Campaign Sheet (JSON) or load its file first.")
        bots = [hero for hero, seat in self.heroes.items() if seat.value == "bot"]
        run = CampaignTable.resume(
            text, self.campaigns, int(self.seed.value), bots=bots, pack=self.pack
        )
        return self._show_campaign(run)

    def _show_campaign(self, run: Any) -> Any:
        from doria_nb.ui.play_table.campaign_view import CampaignView

        view = CampaignView(run)
        self.campaign_view = view
        self.table = view.table
        self.place.children = (view,)
        return view

    def _show_mode(self) -> None:
        campaign = self.mode.value == CAMPAIGN
        self.scenario.layout.display = "none" if campaign else ""
        self.campaign_box.layout.display = "" if campaign else "none"
        self.start_button.description = "Begin the campaign" if campaign else "Start the game"

    def _sheet_loaded(self) -> None:
        """A sheet file chosen: its text goes into the sheet box (continue from it then)."""
        files = self.sheet_file.value
        if not files:
            return
        upload = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        content = upload["content"] if isinstance(upload, dict) else upload.content
        try:
            self.sheet_text.value = bytes(content).decode("utf-8")
        except UnicodeDecodeError:
            self._refused("This file is not text: a Campaign Sheet is JSON text.")

    def _refused(self, reason: object) -> None:
        self.status.value = (
            f'<p style="color: #b00020">✖ {html.escape(str(reason))} Nothing started.</p>'
        )

    def _start_clicked(self) -> None:
        try:
            started = self.start()
        except (DoriaError, ValueError, TypeError) as error:
            self._refused(error)
            return
        if self.mode.value == CAMPAIGN:
            self.status.value = f"<p>✔ {html.escape(started.run.message)} — play it below.</p>"
        else:
            self.status.value = f"<p>✔ {started.game!r} — play it below.</p>"

    def _continue_clicked(self) -> None:
        try:
            view = self.continue_campaign()
        except (DoriaError, ValueError, TypeError) as error:
            self._refused(error)
            return
        self.status.value = f"<p>✔ {html.escape(view.run.message)} — play it below.</p>"
