"""How a stage of the monster stepper is drawn on the board: highlights and lines.

:func:`stage_marks` turns a :class:`~doria_nb.ui.monster_stepper.stages.Stage` of an
activation into board marks: the active monster framed (``acts``), characters or squares still
in the running ``✓``, the ones ruled out ``✕`` (characters in vermillion, squares dimmed grey),
tied options ``?`` with a number, the path numbered along a blue line, monsters pushed aside
with a purple line, the defender ``⚔`` and other characters struck ``hit``, each with a line
from the attacker's square. Every mark has a label, so the board reads without colour.

>>> from doria_nb.engine.situation import Situation
>>> from doria_nb.engine.monster_ai import activate
>>> from doria_nb.ui.monster_stepper.stages import build_stages
>>> s = Situation.from_text('''
... map:
...   #D####
...   #o..M#
...   ######
... figures:
...   o = monster Orc
...   M = hero Mage STR 4
... ''')
>>> act = activate(s, "o")
>>> [h.label for h in stage_marks(build_stages(act)[-1], act).highlights]
['', '1', 'start', '⚔']
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai import Activation
from doria_nb.ui.board.layers import Highlight
from doria_nb.ui.board.style import OKABE_ITO
from doria_nb.ui.monster_stepper.stages import Stage

__all__ = ["STAGE_COLOURS", "Marks", "stage_marks"]

STAGE_COLOURS = {
    "active": OKABE_ITO["yellow"],
    "kept": OKABE_ITO["bluish_green"],
    "struck": OKABE_ITO["vermillion"],
    "square": OKABE_ITO["sky_blue"],
    "dimmed": "#9E9E9E",
    "option": OKABE_ITO["orange"],
    "path": OKABE_ITO["blue"],
    "push": OKABE_ITO["reddish_purple"],
    "attack": OKABE_ITO["vermillion"],
}
"""The stepper's colours (Okabe-Ito and a grey); every mark also has a label on its square:
``✓`` still in the running, ``✕`` ruled out, ``?`` a tied option to pick, numbers along the
path, ``⚔`` the defender, ``hit`` another character struck, ``acts`` the active monster."""


Line = tuple[tuple[float, float], tuple[float, float]]


@dataclass(frozen=True, slots=True)
class Marks:
    """What a stage puts on the board: highlights, and lines by colour."""

    highlights: tuple[Highlight, ...]
    lines: tuple[tuple[Line, str], ...]


def _centre(square: Square) -> tuple[float, float]:
    return (square.x + 0.5, square.y + 0.5)


def stage_marks(stage: Stage, activation: Activation) -> Marks:
    """The highlights and lines that draw ``stage`` of ``activation`` on the board."""
    before, after = activation.before, activation.after
    shown = after if stage.kind in ("move", "attack") else before

    def square(key: str) -> Square | None:
        if "," in key:
            x, y = key.split(",")
            return Square(int(x), int(y))
        for figure in shown.figures:
            if figure.letter == key:
                return figure.square
        return None

    marks: dict[Square, Highlight] = {}
    me = square(activation.monster)
    if me is not None:
        marks[me] = Highlight(
            me,
            STAGE_COLOURS["active"],
            alpha=0.45,
            info="the active monster",
            line=OKABE_ITO["black"],
            corner="acts",
        )
    lines: list[tuple[Line, str]] = []
    c = STAGE_COLOURS
    if stage.kind in ("order", "target", "choice", "route"):
        is_square = stage.kind == "route" or stage.choice in ("square", "push")
        for key in stage.struck:
            where = square(key)
            if where is None:
                continue
            fill = c["dimmed"] if is_square else c["struck"]
            marks[where] = Highlight(
                where,
                fill,
                alpha=0.3 if is_square else 0.4,
                label="✕",
                info=f"ruled out: {stage.title}",
                line=c["struck"],
            )
        for key in stage.highlighted:
            where = square(key)
            if where is None:
                continue
            if stage.kind == "order":
                continue  # the active monster is framed already
            fill = c["square"] if is_square else c["kept"]
            marks[where] = Highlight(
                where,
                fill,
                alpha=0.55,
                label="✓",
                info=f"still in the running: {stage.title}",
                line=OKABE_ITO["black"] if stage.kind == "choice" else None,
            )
    elif stage.kind == "pending":
        for n, key in enumerate(stage.options, start=1):
            where = square(key)
            if where is None:
                continue
            marks[where] = Highlight(
                where,
                c["option"],
                alpha=0.6,
                label="?",
                corner=str(n),
                info="a tied option: tap to choose it",
                line=OKABE_ITO["black"],
            )
    elif stage.kind in ("move", "attack"):
        path = activation.path
        for n, where in enumerate(path[1:], start=1):
            if where not in marks:
                marks[where] = Highlight(
                    where, c["square"], alpha=0.35, label=str(n), info=f"step {n} of the movement"
                )
        if path and path[0] not in marks:
            marks[path[0]] = Highlight(
                path[0], c["dimmed"], alpha=0.3, label="start", info="where the monster started"
            )
        for a, b in itertools.pairwise(path):
            lines.append(((_centre(a), _centre(b)), c["path"]))
        for push in activation.pushes:
            lines.append(((_centre(push.start), _centre(push.end)), c["push"]))
            marks[push.end] = Highlight(
                push.end, c["push"], alpha=0.45, label="pushed", info="pushed aside here"
            )
        attack = activation.attack
        if stage.kind == "attack" and attack is not None:
            for n, key in enumerate(stage.highlighted):
                where = square(key)
                if where is None:
                    continue
                marks[where] = Highlight(
                    where,
                    c["attack"],
                    alpha=0.5,
                    label="⚔" if n == 0 else "hit",
                    info="attacked" if n == 0 else "struck by the same attack",
                    line=OKABE_ITO["black"],
                )
                lines.append(((_centre(attack.square), _centre(where)), c["attack"]))
    return Marks(tuple(marks.values()), tuple(lines))
