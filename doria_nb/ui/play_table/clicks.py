"""What a click on a square of the board means at the play table, right now.

:func:`interpret` reads a square against what the table waits for and returns an
:class:`Intent`: the input it stands for, an answer, a hero to select, a monster to aim at, or
the reason it does nothing. The rules decide; a click only picks among what they allow:

* while a question waits: a square or figure that is one of its options answers it; a click
  inside a tile placement's frame pre-selects that placement (again: the next placement
  covering the square, so overlapping frames can all be reached) and Answer confirms it;
* on a hero's turn: a hero of yours whose turn it is — select it; a monster — aim at it (the
  odds appear), the same monster again — attack it; a closed door next to the hero — open
  it; Rubble next to the hero — clear it; any square the hero can reach — walk (jumps and
  swaps included) there; an unconscious companion next to you — pick them up;
* otherwise the reason, in words (the rules' ``why_not`` of the square).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from doria_nb.engine.cards import Marker
from doria_nb.engine.geometry import Square
from doria_nb.engine.table import actions as act
from doria_nb.ui.play_table.offers import square_text

if TYPE_CHECKING:
    from doria_nb.ui.play_table.model import TableModel

__all__ = ["Intent", "interpret"]


@dataclass(frozen=True, slots=True)
class Intent:
    """What a click means: exactly one of the fields is set (``reason`` alone: nothing)."""

    action: act.Action | None = None
    answer: str | None = None
    choose: str | None = None
    """An option of the question to pre-select (a tile placement: Answer confirms it)."""
    select: str | None = None
    aim: str | None = None
    reason: str = ""


def _question(model: TableModel, square: Square) -> Intent:
    waiting = model.waiting
    choice = waiting.choice
    assert choice is not None
    keys = choice.keys
    here = f"{square.x},{square.y}"
    if here in keys:
        return Intent(answer=here)
    figure = model.game.situation.at(square)
    if figure is not None and figure.letter in keys:
        return Intent(answer=figure.letter)
    covering = []
    for option, detail in zip(choice.options, choice.details, strict=False):
        if isinstance(detail, Square) and detail == square:
            return Intent(answer=option.key)
        covers = getattr(detail, "covers", None)
        if callable(covers) and covers(square):
            covering.append(option.key)
    if covering:
        if model.chosen in covering:
            return Intent(choose=covering[(covering.index(model.chosen) + 1) % len(covering)])
        first = waiting.default if waiting.default in covering else covering[0]
        return Intent(choose=first)
    return Intent(
        reason=f"First answer the question: {choice.question} (pick an option in the panel)."
    )


def interpret(model: TableModel, square: Square) -> Intent:
    """The :class:`Intent` of a click on ``square`` (see the module text)."""
    waiting = model.waiting
    game = model.game
    if waiting.kind == "over":
        return Intent(reason="The game is over.")
    if waiting.kind == "question":
        return _question(model, square)
    if waiting.kind == "shop":
        return Intent(reason="Phase I is the shop's: buy, discard, or press Done in the panel.")
    who = model.acting
    if who is None:
        return Intent(reason=waiting.describe(game))
    situation = game.situation
    figure = situation.at(square)
    if figure is not None and figure.letter in waiting.heroes and figure.letter != who:
        return Intent(select=figure.letter)
    if figure is not None and figure.is_monster:
        if model.target == figure.letter and model.weapon is not None:
            return Intent(action=act.Attack(who, model.weapon, figure.letter))
        return Intent(aim=figure.letter)
    dungeon = situation.dungeon
    door = next((d for d in dungeon.doors() if d.square == square and not d.opened), None)
    if door is not None:
        action: act.Action = act.OpenDoor(who, square)
        verdict = game.can(action)
        return Intent(action=action) if verdict else Intent(reason=verdict.reason)
    if dungeon.marker(square) is Marker.RUBBLE:
        action = act.ClearRubble(who, square)
        verdict = game.can(action)
        return Intent(action=action) if verdict else Intent(reason=verdict.reason)
    for fig in situation.figures:
        if fig.square == square and fig.letter in game.state.heroes and fig.unconscious:
            action = act.PickUp(who, fig.letter)
            if game.can(action):
                return Intent(action=action)
    if dungeon.content(square) is None:
        return Intent(reason=f"{square_text(square)} is not part of the dungeon.")
    if square == situation.figure(who).square:
        return Intent(reason=f"{game.state.heroes[who].name} stands here.")
    action = act.Move(who, square, model.max_jump)
    verdict = game.can(action)
    return Intent(action=action) if verdict else Intent(reason=verdict.reason)
