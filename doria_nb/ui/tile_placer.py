"""The tile placer: open a door, draw a room tile and lay it by the rules, on the board.

A composed ipywidgets view (a :class:`ipywidgets.VBox`) over the engine's
:class:`~doria_nb.engine.exploration.Exploration` (*Reveal a Room Tile*, *Revealing a Room
Tile*, *Special Feature: Open Room Tiles*). The reader

1. chooses an unexplored door in a list (or clicks one on the board: the arrows ↑ → ↓ ←) and
   presses **Open door**;
2. presses **Draw** (the top tile of a deck shuffled from ``seed``), or picks a tile by id first;
3. sees every legal placement framed on the board and listed in a Select (the keyboard's way),
   and places one by clicking inside its frame or with **Place**. A click anywhere else says
   why the tile cannot lie there (the engine's :meth:`Exploration.explain`) and changes
   nothing. A tile that fits nowhere is put back under the deck (**Put back**).

While an open side of the new room still faces the empty table the next tile must be drawn at
once; when nothing waits any more, the view lists what appeared: the tiles, the treasure
markers and the monster icons to spawn.

When no unexplored door and no open side is left, the dungeon is a dead end (*Dead Ends*): the
view offers the sites of the Secret Door (the engine's
:func:`~doria_nb.engine.exploration.dead_end_sites`), highlighted on the board and listed in a
Dropdown. **Place Secret Door** (or a click on a highlighted site) puts it there
(:func:`~doria_nb.engine.exploration.place_dead_end_door`): on an outer wall it becomes an
unexplored door to open like any other; on E-8's middle square it opens at once, joining the
tile's two rooms, and the exploration goes on with the open sides that became connected.

**Undo** steps back one action (the engine's values are immutable, so the view keeps the earlier
ones). The log shows every step with its rule.

The view decides nothing itself: legality, placements and reasons all come from the engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

from doria_nb.content.loader import starter_pack
from doria_nb.engine.chance import Chance
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.exploration import (
    Exploration,
    Placement,
    TileDeck,
    dead_end_sites,
    place_dead_end_door,
)
from doria_nb.engine.geometry import Square
from doria_nb.engine.tiles import RoomTile
from doria_nb.ui.board import (
    OKABE_ITO,
    BoardHost,
    BoardView,
    Highlight,
    Outline,
    report_errors,
    square_label,
)

__all__ = ["CSS_CLASSES", "DECK", "SITE_COLOUR", "START_TILE", "TilePlacer", "site_label"]

START_TILE = "A-1"
"""The tile a placer starts from when given no dungeon."""

DECK = ""
"""The tile picker's value meaning "the top of the deck"."""

CSS_CLASSES = {
    "root": "doria-tile-placer",
    "doors": "doria-doors",
    "open": "doria-open-door",
    "tile": "doria-tile-choice",
    "draw": "doria-draw",
    "placements": "doria-placements",
    "place": "doria-place",
    "set_aside": "doria-set-aside",
    "secret_sites": "doria-secret-sites",
    "secret_door": "doria-place-secret-door",
    "undo": "doria-undo",
    "status": "doria-status",
    "log": "doria-log",
}
"""The stable CSS classes of the view's parts (for browser tests and styling)."""

SITE_COLOUR = OKABE_ITO["reddish_purple"]
"""The highlight of a Secret Door site; the chosen one has a black frame. Each shows "S"."""


@dataclass(frozen=True, slots=True)
class _State:
    """Everything an action changes (all immutable, so Undo just restores an earlier one)."""

    dungeon: Dungeon
    exploration: Exploration | None
    deck: TileDeck
    earlier_log: tuple[str, ...]
    placed: int


class TilePlacer(BoardHost, widgets.VBox):
    """Place room tiles on a dungeon by the rules; see the module docstring.

    ``pack`` gives the tiles (the starter pack by default); ``seed`` shuffles the deck;
    ``characters`` decides which monster icons spawn; ``dungeon`` is where to start (a dungeon
    of the ``A-1`` tile by default).
    """

    def __init__(
        self,
        pack: Any = None,
        *,
        seed: int = 0,
        characters: int = 3,
        dungeon: Dungeon | None = None,
        **kwargs: Any,
    ) -> None:
        self.pack = pack if pack is not None else starter_pack()
        self.seed = seed
        self.characters = characters
        tiles: tuple[RoomTile, ...] = tuple(self.pack.tiles)
        if dungeon is None:
            ids = {t.id for t in tiles}
            start = self.pack.tile(START_TILE) if START_TILE in ids else tiles[0]
            dungeon = Dungeon.start(start)
        self._tiles = tiles
        in_play = [placed.id for placed in dungeon.tiles]
        deck = TileDeck.shuffled(tiles, Chance.seeded(seed), leave_out=in_play)
        self._state = _State(dungeon, None, deck, (), 0)
        self._undo: list[_State] = []
        self._selected: int | None = None
        self._refreshing = False

        self.board = BoardView(dungeon)
        self.door_choice = widgets.Dropdown(
            description="Door", style={"description_width": "initial"}
        )
        self.open_button = widgets.Button(description="Open door", tooltip="Open the chosen door")
        self.secret_choice = widgets.Dropdown(
            description="Secret Door site",
            layout=widgets.Layout(width="32em"),
            style={"description_width": "initial"},
        )
        self.secret_button = widgets.Button(
            description="Place Secret Door",
            tooltip="No door is left: put the dead-end Secret Door on the chosen site",
        )
        self.tile_choice = widgets.Dropdown(
            description="Tile", style={"description_width": "initial"}
        )
        self.draw_button = widgets.Button(
            description="Draw", button_style="primary", tooltip="Draw the next room tile"
        )
        self.placement_list = widgets.Select(
            description="Placements",
            rows=6,
            layout=widgets.Layout(width="95%"),
            style={"description_width": "initial"},
        )
        self.place_button = widgets.Button(
            description="Place", button_style="success", tooltip="Lay the tile as selected"
        )
        self.set_aside_button = widgets.Button(
            description="Put back", tooltip="The drawn tile fits nowhere: put it under the deck"
        )
        self.undo_button = widgets.Button(description="Undo", tooltip="Step back one action")
        self.status = widgets.HTML()
        self.log_html = widgets.HTML()
        for part, css in (
            (self.door_choice, "doors"),
            (self.open_button, "open"),
            (self.secret_choice, "secret_sites"),
            (self.secret_button, "secret_door"),
            (self.tile_choice, "tile"),
            (self.draw_button, "draw"),
            (self.placement_list, "placements"),
            (self.place_button, "place"),
            (self.set_aside_button, "set_aside"),
            (self.undo_button, "undo"),
            (self.status, "status"),
            (self.log_html, "log"),
        ):
            part.add_class(CSS_CLASSES[css])
        super().__init__(
            [
                self.board.widget,
                widgets.HBox([self.door_choice, self.open_button]),
                widgets.HBox([self.secret_choice, self.secret_button]),
                widgets.HBox([self.tile_choice, self.draw_button]),
                self.placement_list,
                widgets.HBox([self.place_button, self.set_aside_button, self.undo_button]),
                self.status,
                self.log_html,
                self.board.description,
            ],
            **kwargs,
        )
        self.add_class(CSS_CLASSES["root"])

        guard = report_errors(self._show_problem)
        self.board.on_tap(guard(self.click))
        self.open_button.on_click(guard(lambda _b: self._open_chosen()))
        self.secret_button.on_click(guard(lambda _b: self.place_secret_door()))
        self.secret_choice.observe(guard(self._on_site), names="value")
        self.draw_button.on_click(guard(lambda _b: self.draw(self.tile_choice.value or None)))
        self.place_button.on_click(guard(lambda _b: self.place()))
        self.set_aside_button.on_click(guard(lambda _b: self.set_aside()))
        self.undo_button.on_click(guard(lambda _b: self.undo()))
        self.placement_list.observe(guard(self._on_select), names="value")
        self._refresh()
        self._say(self._next_step())
        self.board.sync_view()

    # -- state ------------------------------------------------------------------------------

    @property
    def dungeon(self) -> Dungeon:
        """The dungeon as it lies now."""
        return self._state.dungeon

    @property
    def exploration(self) -> Exploration | None:
        """The exploration under way (or the last one, once done); ``None`` before a door is
        opened."""
        return self._state.exploration

    @property
    def deck(self) -> TileDeck:
        """The face-down tiles, top first."""
        return self._state.deck

    @property
    def placed_count(self) -> int:
        """How many tiles this view has placed."""
        return self._state.placed

    @property
    def options(self) -> tuple[Placement, ...]:
        """The legal placements of the drawn tile (empty when none is drawn)."""
        exploration = self.exploration
        return exploration.options() if exploration is not None else ()

    @property
    def selected(self) -> Placement | None:
        """The placement selected in the list (the one **Place** lays)."""
        options = self.options
        if self._selected is None or not 0 <= self._selected < len(options):
            return None
        return options[self._selected]

    def log(self) -> tuple[str, ...]:
        """Every step so far, earlier explorations first, in words with the rules."""
        current = self.exploration.log() if self.exploration is not None else ()
        return (*self._state.earlier_log, *current)

    @property
    def secret_door_sites(self) -> tuple[Square, ...]:
        """Where the dead-end Secret Door may go now (*Dead Ends*): empty while a door or an
        open side is left, or while an exploration is under way."""
        if self._exploring():
            return ()
        return dead_end_sites(self.dungeon)

    def _exploring(self) -> bool:
        exploration = self.exploration
        return exploration is not None and not exploration.done

    def _push(self, state: _State) -> None:
        self._undo.append(self._state)
        self._state = state

    # -- actions ----------------------------------------------------------------------------

    def open_door(self, square: Square) -> Exploration:
        """Open the unexplored door on ``square``: a tile must now be drawn for it."""
        if self._exploring():
            raise DoriaError(
                "Finish this exploration first: " + self._next_step().rstrip(".") + "."
            )
        exploration = Exploration.begin(self.dungeon, square, characters=self.characters)
        earlier = self.log() if self.exploration is not None else self._state.earlier_log
        self._push(_State(self.dungeon, exploration, self.deck, earlier, self.placed_count))
        self._selected = None
        self._refresh()
        self._say(self._next_step())
        return exploration

    def place_secret_door(self, square: Square | None = None) -> Exploration:
        """Put the dead-end Secret Door on ``square`` (by default the site chosen in the
        list), one of :attr:`secret_door_sites`. On an outer wall it is an unexplored door
        from then on; on E-8's middle square it opens at once and the exploration continues
        with the open sides it connected."""
        if self._exploring():
            raise DoriaError(
                "Finish this exploration first: " + self._next_step().rstrip(".") + "."
            )
        if square is None:
            square = self.secret_choice.value
            if square is None:
                raise DoriaError(self._door_hint())
        exploration = place_dead_end_door(self.dungeon, square, characters=self.characters)
        earlier = self.log() if self.exploration is not None else self._state.earlier_log
        self._push(_State(exploration.dungeon, exploration, self.deck, earlier, self.placed_count))
        self._selected = None
        self._refresh()
        self._say(" ".join((*exploration.entries, self._next_step())))
        return exploration

    def draw(self, tile_id: str | None = None) -> RoomTile:
        """Draw the top tile of the deck, or the tile ``tile_id`` (taken out of the deck)."""
        exploration = self.exploration
        if exploration is None or exploration.done:
            raise DoriaError("Open a door first: a tile is drawn for an opened door.")
        if exploration.drawn is not None:
            raise DoriaError(
                f"{exploration.drawn.id} is drawn already: place it (or put it back) first."
            )
        if tile_id:
            tile = self.pack.tile(tile_id)
            deck = TileDeck(tuple(t for t in self.deck.tiles if t.id != tile.id))
        else:
            tile, deck = self.deck.draw()
        drawn = exploration.draw(tile)
        self._push(_State(self.dungeon, drawn, deck, self._state.earlier_log, self.placed_count))
        self._selected = 0 if drawn.options() else None
        self._refresh()
        self._say(self._next_step())
        return tile

    def place(self, placement: Placement | int | None = None) -> Placement:
        """Lay the drawn tile: as ``placement`` (or its index in :attr:`options`), by default
        the selected one."""
        exploration = self.exploration
        if exploration is None or exploration.drawn is None:
            raise DoriaError("No tile is drawn: draw one before placing it.")
        options = exploration.options()
        if placement is None:
            placement = self.selected
            if placement is None:
                raise DoriaError("Choose a placement in the list (or click inside a frame).")
        elif isinstance(placement, int):
            if not 0 <= placement < len(options):
                raise DoriaError(f"There are {len(options)} placements; {placement + 1} is none.")
            placement = options[placement]
        self._lay(placement)
        return placement

    def _lay(self, placement: Placement, note: str = "") -> None:
        exploration = self.exploration
        assert exploration is not None
        placed = exploration.place(placement)
        self._push(
            _State(
                placed.dungeon, placed, self.deck, self._state.earlier_log, self.placed_count + 1
            )
        )
        self._selected = None
        self._refresh()
        self._say(f"Placed {placement.describe()}.{note} " + self._next_step())

    def set_aside(self) -> None:
        """Put a drawn tile that fits nowhere under the deck (ruling E6)."""
        exploration = self.exploration
        if exploration is None or exploration.drawn is None:
            raise DoriaError("No tile is drawn.")
        tile = exploration.drawn
        put_back = exploration.set_aside()
        self._push(
            _State(
                self.dungeon,
                put_back,
                self.deck.to_bottom(tile),
                self._state.earlier_log,
                self.placed_count,
            )
        )
        self._refresh()
        self._say(f"{tile.id} went under the deck. " + self._next_step())

    def undo(self) -> None:
        """Step back one action (open, draw, place or put back)."""
        if not self._undo:
            raise DoriaError("Nothing to undo.")
        self._state = self._undo.pop()
        self._selected = 0 if self.options else None
        self._refresh()
        self._say("Undone. " + self._next_step())

    def click(self, square: Square) -> None:
        """What a tap on the board does: place the drawn tile whose frame holds ``square``,
        say why the tile cannot lie there, or open the unexplored door clicked."""
        exploration = self.exploration
        if exploration is not None and exploration.drawn is not None:
            self._click_with_tile(exploration, square)
            return
        if self._exploring():
            self._show_problem("Draw a tile first: " + self._next_step())
            return
        doors = {door.square: door for door in self.dungeon.unexplored_doors()}
        if square in doors:
            self.open_door(square)
            return
        if doors:
            self._show_problem(
                f"{square_label(square)} is no unexplored door. Click a door showing an arrow "
                "(↑ → ↓ ←), or choose one in the list and press Open door."
            )
            return
        if square in self.secret_door_sites:
            self.place_secret_door(square)
            return
        self._show_problem(f"{square_label(square)} is no Secret Door site. " + self._door_hint())

    def _click_with_tile(self, exploration: Exploration, square: Square) -> None:
        options = exploration.options()
        covering = [i for i, p in enumerate(options) if p.covers(square)]
        if covering:
            if self._selected in covering:
                index, which = self._selected, "the selected one"
            else:
                index, which = covering[0], "the first of them in the list"
            assert index is not None
            note = ""
            if len(covering) > 1:
                note = (
                    f" {len(covering)} frames hold {square_label(square)}: placed number "
                    f"{index + 1}, {which}. Undo and choose in the list for another."
                )
            self._lay(options[index], note)
            return
        drawn = exploration.drawn
        assert drawn is not None
        tile = self.selected.tile if self.selected is not None else drawn
        origin = Square(square.x - tile.width // 2, square.y - tile.height // 2)
        verdict = exploration.explain(tile, origin)
        if not options:
            reason = f"{drawn.id} fits nowhere: press Put back to put it under the deck."
        elif verdict.ok:  # pragma: no cover - a legal origin would have a frame here
            reason = "That placement is legal; choose it in the list."
        else:
            turn = f" turned {tile.rotation.degrees}°" if tile.rotation.value else ""
            reason = (
                f"Not there: {tile.id}{turn} centred on {square_label(square)} "
                f"(top-left at {square_label(origin)}) is not legal. {verdict.reason} "
                "Click inside one of the framed footprints."
            )
        self._show_problem(_markup_free(reason))

    def _on_site(self, change: dict[str, Any]) -> None:
        if self._refreshing:
            return
        self._draw_sites()

    def _open_chosen(self) -> None:
        square = self.door_choice.value
        if square is None:
            raise DoriaError("No unexplored door is left to open.")
        self.open_door(square)

    def _on_select(self, change: dict[str, Any]) -> None:
        if self._refreshing:
            return
        self._selected = change["new"]
        self._draw_outlines()

    # -- showing ----------------------------------------------------------------------------

    def _next_step(self) -> str:
        """What the reader does next, in words."""
        exploration = self.exploration
        if exploration is not None and exploration.drawn is not None:
            count = len(exploration.options())
            if not count:
                return (
                    f"{exploration.drawn.id} fits nowhere: press Put back to put it under the "
                    "deck and draw again."
                )
            return (
                f"{exploration.drawn.id} is drawn: {count} legal placement"
                f"{'s' * (count != 1)}, framed on the board. Click inside a frame, or choose "
                "one in the list and press Place."
            )
        if exploration is not None and exploration.needs_tile:
            if exploration.door is not None:
                return (
                    f"The door at {square_label(exploration.door.squares[0])} is open: press "
                    "Draw (or pick a tile first) to reveal the room behind it."
                )
            return "An open side faces the empty table: draw the next tile for the open side."
        if exploration is not None and exploration.done and exploration.revealed:
            return self._summary(exploration) + " " + self._door_hint()
        return self._door_hint()

    def _door_hint(self) -> str:
        if self.dungeon.unexplored_doors():
            return (
                "Choose an unexplored door (an arrow ↑ → ↓ ← on the board) and press Open door, "
                "or click the door."
            )
        if self.secret_door_sites:
            return (
                "No unexplored door is left: a Secret Door appears (Dead Ends). Choose its site "
                "and press Place Secret Door, or click a highlighted square (S) on the board."
            )
        return "No unexplored door is left, and no wall is free for a Secret Door."

    def _summary(self, exploration: Exploration) -> str:
        tiles = ", ".join(exploration.dungeon.tiles[i].id for i in exploration.revealed)
        treasures = ", ".join(square_label(s) for s in exploration.treasure_markers()) or "none"
        icons = (
            ", ".join(f"{c.value} at {square_label(s)}" for s, c in exploration.monster_icons())
            or "none"
        )
        return (
            f"Exploration complete. Revealed: {tiles}. Treasure markers: {treasures}. "
            f"Monster icons to spawn with {exploration.characters} characters: {icons}."
        )

    def _refresh(self) -> None:
        """Bring every control and layer in line with the state."""
        self._refreshing = True
        try:
            exploration = self.exploration
            exploring = self._exploring()
            drawn = exploration.drawn if exploration is not None else None
            options = self.options

            doors = self.dungeon.unexplored_doors()
            self.door_choice.options = [(str(d), d.square) for d in doors]
            self.door_choice.value = doors[0].square if doors else None
            self.door_choice.disabled = exploring or not doors
            self.open_button.disabled = exploring or not doors

            sites = self.secret_door_sites
            self.secret_choice.options = [(site_label(self.dungeon, s), s) for s in sites]
            self.secret_choice.value = sites[0] if sites else None
            self.secret_choice.disabled = not sites
            self.secret_button.disabled = not sites

            can_draw = exploration is not None and exploration.needs_tile
            in_play = {t.id for t in self.dungeon.tiles}
            choices = [(f"top of the deck ({self.deck.remaining} left)", DECK)]
            choices += [(f"{t.id} {t.name}", t.id) for t in self._tiles if t.id not in in_play]
            self.tile_choice.options = choices
            self.tile_choice.value = DECK
            self.tile_choice.disabled = not can_draw
            self.draw_button.disabled = not can_draw or (
                not self.deck.remaining and len(choices) == 1
            )

            self.placement_list.options = [
                (f"{i + 1}. {p.describe()}", i) for i, p in enumerate(options)
            ]
            self.placement_list.value = self._selected if options else None
            self.placement_list.disabled = not options
            self.place_button.disabled = not options
            self.set_aside_button.disabled = drawn is None or bool(options)
            self.undo_button.disabled = not self._undo
        finally:
            self._refreshing = False
        if self.board.dungeon is not self.dungeon:
            self.board.set_dungeon(self.dungeon)
        self._draw_outlines()
        self._draw_sites()
        self._show_log()

    def _draw_outlines(self) -> None:
        self.board.set_outlines(
            Outline(
                p.origin.x,
                p.origin.y,
                p.tile.width,
                p.tile.height,
                label=str(i + 1),
                emphasised=i == self._selected,
                info=p.describe(),
            )
            for i, p in enumerate(self.options)
        )

    def _draw_sites(self) -> None:
        """Highlight the Secret Door sites on offer, the chosen one framed in black."""
        chosen = self.secret_choice.value
        self.board.set_highlights(
            Highlight(
                site,
                SITE_COLOUR,
                alpha=0.8 if site == chosen else 0.5,
                label="S",
                info=site_label(self.dungeon, site),
                line=OKABE_ITO["black"] if site == chosen else None,
            )
            for site in self.secret_door_sites
        )

    def _show_log(self) -> None:
        lines = self.log()
        ids = ", ".join(t.id for t in self.dungeon.tiles)
        items = "".join(f"<li>{_emphasis(line)}</li>" for line in lines)
        self.log_html.value = (
            f'<div class="doria-log-body"><p>Room tiles on the table: {escape(ids)} '
            f"({self.placed_count} placed here).</p>"
            + (f"<ol>{items}</ol>" if items else "")
            + "</div>"
        )

    def _say(self, text: str) -> None:
        self.status.value = f'<p class="doria-status-body">{escape(_markup_free(text))}</p>'

    def _show_problem(self, text: str) -> None:
        self.status.value = (
            '<p class="doria-status-body doria-problem" role="alert">'
            f"⚠ {escape(_markup_free(text))}</p>"
        )


def site_label(dungeon: Dungeon, square: Square) -> str:
    """A Secret Door site in words: ``'(5, 9) on the east wall of A-6'``, or for a site
    inside a tile ``'(3, 10) in the middle of E-8, joining its two rooms'``."""
    placed = dungeon.tile_at(square)
    if placed is None:
        return square_label(square)
    local = placed.to_local(square)
    if local in placed.tile.secret_door_sites:
        return f"{square_label(square)} in the middle of {placed.id}, joining its two rooms"
    tile = placed.tile
    sides = [
        side
        for side, on_it in (
            ("north", local.y == 0),
            ("south", local.y == tile.height - 1),
            ("west", local.x == 0),
            ("east", local.x == tile.width - 1),
        )
        if on_it
    ]
    wall = f"the {sides[0]} wall" if sides else "a wall"
    return f"{square_label(square)} on {wall} of {placed.id}"


def _emphasis(text: str) -> str:
    """Escape ``text`` and turn the engine's ``*Section*`` citations into italics."""
    return re.sub(r"\*([^*]+)\*", r"<em>\1</em>", escape(text))


def _markup_free(text: str) -> str:
    """The engine's text without its ``*`` citation marks (for a one-line status)."""
    return re.sub(r"\*([^*]+)\*", r"\1", text)
