"""A table set up for 1 to 6 players, drawn as the table seen from above (*Table Setup*).

:class:`TableSetupView` is an ipywidgets view of a :class:`~doria_nb.ui.table_plan.TablePlan`:
a slider for the number of players, the scenario and one hero per seat; below them the table,
each area a labelled box holding what goes there, the players' seats along the bottom edge.
The plan itself is plain data (:mod:`doria_nb.ui.table_plan`); the view only shows it. A choice
the plan refuses (the same hero twice) leaves the last good table in view and says why.

>>> view = TableSetupView(players=3)
>>> view.plan.players, [s.hero for s in view.plan.seats]
(3, ['Warrior', 'Shield Maiden', 'Ranger'])
>>> view.players.value = 5
>>> len(view.plan.seats), sum(box.layout.display != "none" for box in view.hero_picks)
(5, 5)
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from doria_nb.engine.cards import ContentPack
from doria_nb.ui.table_plan import MAX_PLAYERS, Area, TablePlan, TablePlanError

__all__ = ["TableSetupView", "table_html"]

_GRID = (
    ("Initiative Board", "board"),
    ("Room Tile Deck", "tiles"),
    ("Monster Deck", "monsters"),
    ("Monster Level Decks", "levels"),
    ("Current Monster in play", "current"),
    ("3 Loot Decks", "loot"),
    ("Play area", "play"),
    ("Shop Items", "shop"),
    ("Sorted Markers and Figurines", "markers"),
)
"""Each area of the plan and its place in the grid (after the rulebook's setup picture: the
boards and decks along the far edge, the loot and the shop at the sides, the seats in front)."""

_CSS = """
<style>
.doria-table {display: grid; gap: 6px; grid-template-columns: 1fr 2fr 1fr;
  grid-template-areas: "board tiles monsters" "levels current markers" "loot play shop"
  "seats seats seats"; font-size: 12px; background: #f4efe3; padding: 8px;
  border: 2px solid #6b4f2a; border-radius: 6px; color: #222;}
.doria-table section {background: #fff; border: 1px solid #999; border-radius: 4px;
  padding: 4px 6px;}
.doria-table h4 {margin: 0 0 2px 0; font-size: 12px;}
.doria-table ul {margin: 0; padding-left: 16px;}
.doria-table .play {border: 2px dashed #0072b2;}
</style>
"""


def _box(area: Area, place: str) -> str:
    items = "".join(f"<li>{html.escape(item)}</li>" for item in area.items)
    label = html.escape(area.name)
    return (
        f'<section class="{place}" style="grid-area: {place}" aria-label="{label}">'
        f"<h4>{html.escape(area.name)}</h4><ul>{items}</ul></section>"
    )


def table_html(plan: TablePlan) -> str:
    """The table seen from above, as HTML (readable as text too: every box is labelled)."""
    boxes = [_box(plan.area(name), place) for name, place in _GRID]
    seats = "".join(f"<li>{html.escape(seat.describe())}</li>" for seat in plan.seats)
    counts = "".join(f"<li>{html.escape(line)}</li>" for line in plan.player_counts)
    boxes.append(
        '<section style="grid-area: seats" aria-label="Character Mats and Equipment">'
        "<h4>Character Mats &amp; Sheets, Character Equipment (one seat per player)</h4>"
        f"<ul>{seats}</ul><h4>What depends on {plan.players} "
        f"player{'s' if plan.players > 1 else ''}</h4><ul>{counts}</ul></section>"
    )
    return f'{_CSS}<div class="doria-table" role="figure">{"".join(boxes)}</div>'


class TableSetupView(widgets.VBox):
    """Choose the number of players, the scenario and the heroes; see the table."""

    def __init__(self, players: int = 4, *, pack: ContentPack | None = None) -> None:
        if pack is None:
            from doria_nb.content import starter_pack

            pack = starter_pack()
        self._pack = pack
        self.plan = TablePlan.build(players, pack=pack)
        heroes = [(h.name, h.id) for h in pack.heroes]
        self.players = widgets.IntSlider(
            value=players, min=1, max=MAX_PLAYERS, description="Players"
        )
        self.scenario = widgets.Dropdown(
            options=[(s.name, s.id) for s in pack.scenarios] + [("no scenario", "")],
            value=self.plan.scenario or "",
            description="Scenario",
        )
        self.hero_picks = [
            widgets.Dropdown(options=heroes, value=pack.heroes[n].id, description=f"Player {n + 1}")
            for n in range(min(MAX_PLAYERS, len(pack.heroes)))
        ]
        self.message = widgets.HTML()
        self.table = widgets.HTML(table_html(self.plan))
        for control in (self.players, self.scenario, *self.hero_picks):
            control.observe(self._changed, names="value")
        self._show_picks()
        picks = widgets.Box(self.hero_picks, layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([self.players, self.scenario, picks, self.message, self.table])
        self.add_class("doria-table-setup")

    def _show_picks(self) -> None:
        for n, pick in enumerate(self.hero_picks):
            pick.layout.display = None if n < self.players.value else "none"

    def _changed(self, _change: object = None) -> None:
        self._show_picks()
        chosen = [pick.value for pick in self.hero_picks[: self.players.value]]
        try:
            plan = TablePlan.build(
                self.players.value,
                heroes=chosen,
                scenario=self.scenario.value or None,
                pack=self._pack,
            )
        except TablePlanError as error:
            self.message.value = f"<b>Not set up:</b> {html.escape(str(error))}"
            return
        self.message.value = ""
        self.plan = plan
        self.table.value = table_html(plan)
