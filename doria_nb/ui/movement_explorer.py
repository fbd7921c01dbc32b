"""The movement explorer: pick a hero and see every square it can end its movement on.

A composed ipywidgets view (a :class:`ipywidgets.VBox`) over a situation (anything with
``dungeon``, ``figures``, ``figure(name)`` and ``reach(name, ap=...)``, such as
:class:`~doria_nb.engine.situation.Situation`). Click a hero on the board (or choose it in the
list): every square it can reach is shaded, the cheaper the darker, with the AP the cheapest
way costs printed on it; squares where a jump lands are orange and show the jump's Target
Number. Hovering a shaded square shows the whole path in words. A second list names every
reachable square with its cost (the keyboard's way); choosing one, or clicking it, draws the
path. Clicking a square out of reach says why (:meth:`Reach.why_not
<doria_nb.engine.movement.Reach.why_not>`). The rules are the engine's (*Walking (1 AP per
square)*, *Jumping (5 AP)*, *Swap Places (5 AP)*, *Occupied squares*, *Difficult Terrain*); the
view only draws its answer.

Clicking another hero selects that hero (to see a swap with it, choose its square in the
list).
"""

from __future__ import annotations

import itertools
from html import escape
from typing import Any

import ipywidgets as widgets

from doria_nb.engine.errors import DoriaError
from doria_nb.engine.geometry import Square
from doria_nb.ui.board import (
    OKABE_ITO,
    BoardHost,
    BoardView,
    Highlight,
    report_errors,
    square_label,
    tokens_of,
)

__all__ = ["CSS_CLASSES", "JUMP_CHOICES", "MOVE_COLOURS", "MovementExplorer", "reach_highlights"]

CSS_CLASSES = {
    "root": "doria-movement-explorer",
    "hero": "doria-hero-choice",
    "ap": "doria-ap-input",
    "jump": "doria-max-jump",
    "squares": "doria-reachable",
    "status": "doria-status",
}
"""The stable CSS classes of the view's parts (for browser tests and styling)."""

JUMP_CHOICES: tuple[tuple[str, int | None], ...] = (
    ("any length", None),
    *((f"{n} square{'s' * (n != 1)} (TN {10 * n})", n) for n in range(1, 7)),
)
"""The "longest jump" choices: a jump costs 5 AP however far (ruling M2), so without a limit
far squares are often cheapest by a risky long jump; a limit shows the safer routes."""

MOVE_COLOURS = {
    "walk": OKABE_ITO["sky_blue"],
    "jump": OKABE_ITO["orange"],
    "start": OKABE_ITO["blue"],
    "chosen": OKABE_ITO["black"],
}
"""Reachable squares are sky blue, jump landings orange (with "TN" on them), the mover's own
square framed in blue; the chosen square gets a black frame."""


def _landing(path: Any, square: Square) -> Any:
    """The jump step of ``path`` that lands on ``square``, if any."""
    for step in path.steps:
        if step.kind == "jump" and step.end == square:
            return step
    return None


def reach_highlights(reach: Any, chosen: Square | None = None) -> list[Highlight]:
    """The highlights that draw ``reach`` (the engine's ``Reach``): each reachable square
    shaded by its cost (cheaper is darker), labelled with the cost, jump landings in orange
    with their TN, the start square framed; ``chosen`` gets a black frame."""
    costs = [reach.cost(square) for square in reach.squares]
    top = max(costs, default=1)
    out = [
        Highlight(
            reach.start,
            MOVE_COLOURS["start"],
            alpha=0.25,
            label=f"{reach.ap}",
            info=f"starts here with {reach.ap} AP",
            line=MOVE_COLOURS["start"],
            corner="AP",
        )
    ]
    for square in reach:
        path = reach.squares[square]
        cost = path.cost
        jump = _landing(path, square)
        shade = 0.75 - 0.5 * (cost - 1) / max(1, top - 1)
        out.append(
            Highlight(
                square,
                MOVE_COLOURS["jump"] if jump is not None else MOVE_COLOURS["walk"],
                alpha=round(max(0.2, min(0.75, shade)), 3),
                label=str(cost),
                info=str(path),
                line=MOVE_COLOURS["chosen"] if square == chosen else None,
                corner=f"TN{jump.target_number}" if jump is not None else "",
            )
        )
    return out


class MovementExplorer(BoardHost, widgets.VBox):
    """Where a hero can move with its AP, drawn on the board; see the module docstring.

    :attr:`reach` is the engine's answer for the chosen hero (``None`` before one is chosen),
    :attr:`chosen` the square whose path is shown.
    """

    def __init__(
        self,
        situation: Any,
        *,
        hero: str | None = None,
        max_jump: int | None = None,
        **kwargs: Any,
    ) -> None:
        self.situation = situation
        self.board = BoardView(situation.dungeon, hover="highlights")
        self.board.set_figures(situation.figures)
        self._tokens = tokens_of(situation.figures)
        self.reach: Any = None
        self.hero: Any = None
        self.chosen: Square | None = None
        self._syncing = False

        movers = [
            f
            for f in situation.figures
            if f.kind == "hero"
            and not getattr(f, "unconscious", False)
            and not getattr(f, "carried_by", None)
        ]
        self._movers = movers
        self.hero_choice = widgets.Dropdown(
            description="Hero",
            options=[("(choose a hero)", None)]
            + [(f"{f.letter}: {f.name} at {square_label(f.square)}", f.letter) for f in movers],
            style={"description_width": "initial"},
        )
        self.ap_input = widgets.IntText(
            description="AP",
            layout=widgets.Layout(width="9em"),
            style={"description_width": "initial"},
        )
        self.jump_choice = widgets.Dropdown(
            description="Longest jump",
            options=JUMP_CHOICES,
            value=max_jump,
            style={"description_width": "initial"},
        )
        self.square_list = widgets.Select(
            description="Reachable",
            rows=8,
            layout=widgets.Layout(width="95%"),
            style={"description_width": "initial"},
        )
        self.status = widgets.HTML()
        for part, css in (
            (self.hero_choice, "hero"),
            (self.ap_input, "ap"),
            (self.jump_choice, "jump"),
            (self.square_list, "squares"),
            (self.status, "status"),
        ):
            part.add_class(CSS_CLASSES[css])
        super().__init__(
            [
                self.board.widget,
                widgets.HBox([self.hero_choice, self.ap_input, self.jump_choice]),
                self.square_list,
                self.status,
                self.board.description,
            ],
            **kwargs,
        )
        self.add_class(CSS_CLASSES["root"])

        guard = report_errors(self._show_problem)
        self.board.on_tap(guard(self.click))
        self.hero_choice.observe(guard(self._on_hero), names="value")
        self.ap_input.observe(guard(self._on_ap), names="value")
        self.jump_choice.observe(guard(self._on_ap), names="value")
        self.square_list.observe(guard(self._on_square_chosen), names="value")
        if hero is not None:
            self.select(hero)
        else:
            self._say("Click a hero on the board (or choose one in the list).")
        self.board.sync_view()

    # -- public -----------------------------------------------------------------------------

    def select(self, who: str, *, ap: int | None = None) -> Any:
        """Choose the hero ``who`` (letter or name), with its own AP or ``ap``; shade where it
        can go and return the engine's reach."""
        figure = self.situation.figure(who)
        if figure.kind != "hero":
            raise DoriaError(
                f"{figure.name} is a monster: monsters move by their own rules (Fastest Way to "
                "the Target). Choose a hero."
            )
        if ap is None:
            ap = figure.ap if figure.ap is not None else 0
        reach = self.situation.reach(figure.letter, ap=ap, max_jump=self.jump_choice.value)
        self.hero, self.reach, self.chosen = figure, reach, None
        self._syncing = True
        try:
            if any(value == figure.letter for _, value in self.hero_choice.options):
                self.hero_choice.value = figure.letter
            self.ap_input.value = ap
            self.square_list.options = [
                (f"{square_label(square)}: {reach.squares[square]}", square) for square in reach
            ]
            self.square_list.value = None
        finally:
            self._syncing = False
        self.board.set_lines(())
        self.board.set_highlights(reach_highlights(reach))
        count = len(reach.squares)
        self._say(
            f"{figure.name} ({figure.letter}) at {square_label(figure.square)} with {ap} AP "
            f"can end on {count} square{'s' * (count != 1)}: the number on each is the AP it "
            "costs, TN marks where a jump lands. Click one (or choose it in the list) for the "
            "path."
        )
        return reach

    def show_path(self, square: Square) -> Any:
        """Draw the cheapest path to ``square`` and say it in words (the reason when it is
        out of reach)."""
        reach = self.reach
        if reach is None:
            raise DoriaError("Choose a hero first.")
        if square not in reach.squares:
            self.chosen = None
            self._sync_list(None)
            self.board.set_lines(())
            self.board.set_highlights(reach_highlights(reach))
            self._show_problem(reach.why_not(square))
            return None
        path = reach.squares[square]
        self.chosen = square
        self._sync_list(square)
        self.board.set_highlights(reach_highlights(reach, chosen=square))
        self.board.set_lines(
            ((a.x + 0.5, a.y + 0.5), (b.x + 0.5, b.y + 0.5))
            for a, b in itertools.pairwise(path.squares)
        )
        left = reach.ap - path.cost
        jumps = ""
        if path.jumps:
            tns = ", ".join(f"TN {tn}" for tn in path.target_numbers)
            jumps = f" Jump checks after the movement: {tns}."
        self._say(
            f"To {square_label(square)}: {path}. {left} AP left.{jumps}",
        )
        return path

    def click(self, square: Square) -> None:
        """What a tap on the board does: choose the hero clicked, else show the path to the
        square clicked or why it is out of reach."""
        for figure in self._movers:
            if figure.square == square:
                self.select(figure.letter)
                return
        if self.reach is None:
            if self.situation.dungeon.content(square) is None:
                self._show_problem(f"{square_label(square)} is off the dungeon.")
            else:
                self._show_problem("Click a hero first (a letter in a blue circle).")
            return
        self.show_path(square)

    # -- controls ---------------------------------------------------------------------------

    def _on_hero(self, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] is None:
            return
        self.select(change["new"])

    def _on_ap(self, change: dict[str, Any]) -> None:
        if self._syncing or self.hero is None:
            return
        chosen = self.chosen
        self.select(self.hero.letter, ap=self.ap_input.value)
        if chosen is not None:
            self.show_path(chosen)

    def _on_square_chosen(self, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] is None:
            return
        self.show_path(change["new"])

    def _sync_list(self, square: Square | None) -> None:
        self._syncing = True
        try:
            self.square_list.value = square
        finally:
            self._syncing = False

    # -- showing ----------------------------------------------------------------------------

    def _say(self, text: str) -> None:
        self.status.value = f'<p class="doria-status-body">{escape(text)}</p>'

    def _show_problem(self, text: str) -> None:
        self.status.value = (
            f'<p class="doria-status-body doria-problem" role="alert">⚠ {escape(text)}</p>'
        )
