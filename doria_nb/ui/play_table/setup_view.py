"""Setting up a game at the table: scenario, heroes, who plays each, optional rules, honest mode.

:class:`TableSetup` is a form (ipywidgets) whose Start button builds a
:class:`~doria_nb.ui.play_table.view.PlayTable` and shows it below the form;
:meth:`TableSetup.start` does the same from Python. Every field of
:class:`~doria_nb.engine.options.RulesOptions` gets a control titled with its section: a
checkbox for an on/off rule, a dropdown of the variants for *Dominance*, *Fate Points*,
*Monster Difficulty* and the others with variants, a list for *Combat Modifiers* and one
for the named readings (``docs/rulings.md``). A setup the
engine refuses (no hero, a bad option) says why and starts nothing.

>>> form = TableSetup()
>>> table = form.start()
>>> sorted(table.model.seats.people)
['I', 'M', 'R', 'W']
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import ipywidgets as widgets

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
}

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

    def __init__(self, pack: ContentPack | None = None, **kwargs: Any) -> None:
        if pack is None:
            from doria_nb.content import starter_pack

            pack = starter_pack()
        self.pack = pack
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
        ):
            widget.add_class(SETUP_CSS[key])
        rules = widgets.Accordion(
            children=[widgets.VBox(list(self.options.values()))], titles=("Optional rules",)
        )
        super().__init__(
            [
                self.scenario,
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
        self.start_button.on_click(lambda _: self._start_clicked())

    def rules(self) -> RulesOptions:
        """The optional rules the form names (the engine checks them)."""
        values = {name: widget.value for name, widget in self.options.items()}
        for many in ("combat_modifiers", "readings"):
            values[many] = frozenset(values.get(many, ()))
        return RulesOptions(**values)

    def start(self) -> Any:
        """Build the table the form describes (and show it below the form)."""
        from doria_nb.ui.play_table.view import PlayTable

        chosen = [(hero, seat.value) for hero, seat in self.heroes.items() if seat.value]
        if not chosen:
            raise DoriaError("Choose at least one hero to play.")
        heroes = [hero for hero, _ in chosen]
        bots = [hero for hero, kind in chosen if kind == "bot"]
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

    def _start_clicked(self) -> None:
        try:
            table = self.start()
        except (DoriaError, ValueError, TypeError) as error:
            self.status.value = f'<p style="color: #b00020">✖ {error} Nothing started.</p>'
            return
        self.status.value = f"<p>✔ {table.game!r} — play it below.</p>"
