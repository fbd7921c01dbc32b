"""What the play table draws over the board: the acting hero's reach, its targets, the
question's options — as plain :class:`~doria_nb.ui.board.layers.Highlight` and
:class:`~doria_nb.ui.board.layers.Outline` values (no widget; the view hands them to the
:class:`~doria_nb.ui.board.BoardView`).

* On a hero's turn: every square the hero can reach, labelled with its AP cost (a jump's
  landing in orange with its Target Number in the corner), the hero's own square framed;
  closed doors it can open marked "open"; monsters it can attack marked with P(hit) of its
  first ready attack; the monster aimed at framed in black.
* On a question: its options — tile placements as numbered frames (the chosen default
  emphasised), squares and figures marked ``?`` with their number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from doria_nb.engine.game.hero_turn import hero_reach
from doria_nb.engine.geometry import Square
from doria_nb.engine.table import actions as act
from doria_nb.ui.board.layers import Highlight, Outline
from doria_nb.ui.board.style import OKABE_ITO
from doria_nb.ui.play_table.offers import offers

if TYPE_CHECKING:
    from doria_nb.ui.play_table.model import TableModel

__all__ = ["TABLE_COLOURS", "TableMarks", "table_marks"]

TABLE_COLOURS = {
    "walk": OKABE_ITO["sky_blue"],
    "jump": OKABE_ITO["orange"],
    "hero": OKABE_ITO["blue"],
    "door": OKABE_ITO["yellow"],
    "target": OKABE_ITO["vermillion"],
    "option": OKABE_ITO["reddish_purple"],
}
"""Okabe-Ito colours of the table's marks; every mark also carries a label."""


@dataclass(frozen=True, slots=True)
class TableMarks:
    """The highlights and frames of one moment at the table."""

    highlights: tuple[Highlight, ...] = ()
    outlines: tuple[Outline, ...] = ()
    candidates: tuple[object, ...] = ()
    """The tile placements of a placement question (``PlacedTile``s), in option order."""
    selected: int | None = None


def _reach_marks(model: TableModel, who: str) -> list[Highlight]:
    state = model.game.state
    here = state.situation.figure(who).square
    marks = [
        Highlight(
            here,
            TABLE_COLOURS["hero"],
            alpha=0.25,
            label=str(state.heroes[who].ap),
            info=f"{state.heroes[who].name} stands here with {state.heroes[who].ap} AP",
            line=TABLE_COLOURS["hero"],
        )
    ]
    if "immobilized" in state.situation.figure(who).flags:
        return marks
    reach = hero_reach(state, who, max_jump=model.max_jump)
    for square, path in reach.squares.items():
        if square == here:
            continue
        jumps = path.target_numbers
        marks.append(
            Highlight(
                square,
                TABLE_COLOURS["jump"] if jumps else TABLE_COLOURS["walk"],
                alpha=0.35,
                label=str(path.cost),
                corner=f"TN{max(jumps)}" if jumps else "",
                info=f"{path} — click to move here",
            )
        )
    return marks


def _door_marks(model: TableModel, who: str) -> list[Highlight]:
    return [
        Highlight(
            offer.action.door,  # type: ignore[attr-defined]
            TABLE_COLOURS["door"],
            alpha=0.55,
            label="open",
            info=f"{offer.label} — click to reveal what lies behind (0 AP)",
            line=OKABE_ITO["black"],
        )
        for offer in offers(model.game, who, "open door")
    ]


def _target_marks(model: TableModel, who: str) -> list[Highlight]:
    seen: dict[str, act.Attack] = {}
    for offer in offers(model.game, who, "attack"):
        attack = offer.action
        assert isinstance(attack, act.Attack)
        seen.setdefault(attack.target, attack)
    marks = []
    situation = model.game.situation
    for target, attack in seen.items():
        chosen = model.target == target and model.weapon is not None
        preview = model.preview(
            act.Attack(who, model.weapon, target) if chosen else attack  # type: ignore[arg-type]
        )
        p = f"{preview.odds.p_hit:.0%}" if preview is not None else "?"
        marks.append(
            Highlight(
                situation.figure(target).square,
                TABLE_COLOURS["target"],
                alpha=0.5 if chosen else 0.3,
                label=p,
                corner="⚔",
                info=(preview.explain() if preview is not None else "attackable")
                + (" — click again to attack" if chosen else " — click to aim"),
                line=OKABE_ITO["black"] if chosen else None,
            )
        )
    return marks


def _question_marks(model: TableModel) -> TableMarks:
    waiting = model.waiting
    choice = waiting.choice
    assert choice is not None
    situation = model.game.situation
    chosen = model.chosen_answer
    marks: list[Highlight] = []
    outlines: list[Outline] = []
    candidates: list[object] = []
    selected = None
    for number, option in enumerate(choice.options, start=1):
        detail = choice.details[number - 1] if number - 1 < len(choice.details) else None
        square: Square | None = None
        if isinstance(detail, Square):
            square = detail
        elif detail is not None and hasattr(detail, "placed"):
            placed = detail.placed  # type: ignore[attr-defined]
            candidates.append(placed)
            if option.key == chosen:
                selected = number - 1
            outlines.append(
                Outline(
                    placed.left,
                    placed.top,
                    placed.right - placed.left,
                    placed.bottom - placed.top,
                    label=str(number),
                    emphasised=option.key == chosen,
                    info=f"{number}. {option.label}",
                )
            )
            continue
        elif "," in option.key:
            x, _, y = option.key.partition(",")
            if x.lstrip("-").isdigit() and y.lstrip("-").isdigit():
                square = Square(int(x), int(y))
        elif option.key in {f.letter for f in situation.figures}:
            square = situation.figure(option.key).square
        if square is not None:
            marks.append(
                Highlight(
                    square,
                    TABLE_COLOURS["option"],
                    alpha=0.55,
                    label="?",
                    corner=str(number),
                    info=f"{number}. {option.label} — click to choose it",
                    line=OKABE_ITO["black"] if option.key == chosen else None,
                )
            )
    return TableMarks(tuple(marks), tuple(outlines), tuple(candidates), selected)


def table_marks(model: TableModel) -> TableMarks:
    """The marks of the table now (see the module text)."""
    waiting = model.waiting
    if waiting.kind == "question":
        return _question_marks(model)
    who = model.acting
    if who is None:
        return TableMarks()
    marks = _reach_marks(model, who) + _door_marks(model, who) + _target_marks(model, who)
    return TableMarks(tuple(marks))
